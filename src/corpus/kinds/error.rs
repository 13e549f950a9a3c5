//! What can go wrong with a case: its input or expectation is not what its
//! kind takes ([`CaseError`]), an answer differs from the expectation
//! ([`Mismatch`]), or either while running it ([`RunError`]).

use std::fmt;

use super::Kind;

/// The part of a case a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The case's `kind`: the kind does not apply under the edition.
    Kind,
    /// The case's `input`.
    Input,
    /// The case's `expected` (or an edition's override of it).
    Expected,
}

impl Part {
    /// The case key: `kind`, `input` or `expected`.
    pub fn key(self) -> &'static str {
        match self {
            Part::Kind => "kind",
            Part::Input => "input",
            Part::Expected => "expected",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// What is wrong with a case's input or expected output: found by the
/// loader, or when the input cannot be run.
#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    /// The part does not have the kind's shape (a missing, unknown or
    /// mistyped key).
    #[error("{part}: {source}")]
    Shape {
        /// Where.
        part: Part,
        /// The key serde names, when it names an unknown one.
        field: Option<String>,
        /// Why.
        source: serde_json::Error,
    },
    /// A value in the part is not valid for the kind or the edition.
    #[error("{reason}")]
    Invalid {
        /// Where.
        part: Part,
        /// The key inside the part, when known.
        field: Option<String>,
        /// Why.
        reason: String,
    },
    /// The rules refuse the input (the game or tournament code's own error).
    #[error(transparent)]
    Rules(Box<dyn std::error::Error + Send + Sync>),
}

impl CaseError {
    /// An invalid value somewhere in `part`.
    pub(crate) fn invalid(part: Part, reason: impl Into<String>) -> CaseError {
        CaseError::Invalid {
            part,
            field: None,
            reason: reason.into(),
        }
    }

    /// An invalid value at `field` of `part`.
    pub(crate) fn at(part: Part, field: &str, reason: impl Into<String>) -> CaseError {
        CaseError::Invalid {
            part,
            field: Some(field.to_string()),
            reason: reason.into(),
        }
    }

    /// The rules' own error for the input.
    pub(crate) fn rules(e: impl std::error::Error + Send + Sync + 'static) -> CaseError {
        CaseError::Rules(Box::new(e))
    }

    /// The part the problem is in (`input` for the rules' errors).
    pub fn part(&self) -> Part {
        match self {
            CaseError::Shape { part, .. } | CaseError::Invalid { part, .. } => *part,
            CaseError::Rules(_) => Part::Input,
        }
    }

    /// The key inside the part, when known.
    pub fn field(&self) -> Option<&str> {
        match self {
            CaseError::Shape { field, .. } | CaseError::Invalid { field, .. } => field.as_deref(),
            CaseError::Rules(_) => None,
        }
    }
}

/// How an answer differs from a case's expected output.
#[derive(Debug, thiserror::Error)]
pub enum Mismatch {
    /// An expected key has another value.
    #[error("{key}: expected {expected}, got {got}")]
    Value {
        /// The key (or what is compared).
        key: String,
        /// The expected value, as printed.
        expected: String,
        /// The answer's value, as printed.
        got: String,
    },
    /// An expected key is not in the answer.
    #[error("{key}: expected {expected}, but the answer has none")]
    Absent {
        /// The key.
        key: String,
        /// The expected value, as printed.
        expected: String,
    },
    /// The key-by-key comparison: an expected key missing from the answer.
    #[error("{key}: expected {expected}, but the answer has no {key}")]
    NoKey {
        /// The key.
        key: String,
        /// The expected value, as JSON.
        expected: String,
    },
    /// The key-by-key comparison of values that are not mappings.
    #[error("expected {expected}, got {got}")]
    Whole {
        /// The expected value, as JSON.
        expected: String,
        /// The answer, as JSON.
        got: String,
    },
    /// Several differences, each listed.
    #[error("{}", join(.0, "; "))]
    All(Vec<Mismatch>),
    /// The answer does not have the kind's output shape.
    #[error("the answer is not a {} output: {source}", kind.name())]
    NotOutput {
        /// The kind.
        kind: Kind,
        /// Why.
        source: serde_json::Error,
    },
    /// The case's own expectation cannot be read.
    #[error(transparent)]
    Expected(#[from] CaseError),
    /// A difference, with what the answer said besides.
    #[error("{mismatch}{detail}")]
    Detailed {
        /// The difference.
        mismatch: Box<Mismatch>,
        /// What is appended, with its leading space or separator.
        detail: String,
    },
    /// A difference in one part of the answer (a row, a round's board).
    #[error("{context}{mismatch}")]
    Within {
        /// The part, with its separator (`row A1: `).
        context: String,
        /// The difference there.
        mismatch: Box<Mismatch>,
    },
    /// Any other difference, described.
    #[error("{0}")]
    Described(String),
}

fn join(list: &[Mismatch], sep: &str) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl Mismatch {
    /// A difference described in words.
    pub(crate) fn described(text: impl Into<String>) -> Mismatch {
        Mismatch::Described(text.into())
    }

    /// The difference found in a part of the answer, `context` put before
    /// its message.
    pub(crate) fn within(self, context: impl Into<String>) -> Mismatch {
        Mismatch::Within {
            context: context.into(),
            mismatch: Box::new(self),
        }
    }

    /// The difference with `detail` appended to its message.
    pub(crate) fn detailed(self, detail: impl Into<String>) -> Mismatch {
        let detail = detail.into();
        if detail.is_empty() {
            return self;
        }
        Mismatch::Detailed {
            mismatch: Box::new(self),
            detail,
        }
    }
}

/// Why a case fails when qigui runs it.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input cannot be run.
    #[error(transparent)]
    Input(#[from] CaseError),
    /// qigui's answer differs from the expectation.
    #[error(transparent)]
    Differs(#[from] Mismatch),
}
