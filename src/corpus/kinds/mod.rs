//! The kinds of case: the shape of each kind's `input` and `expected`, how
//! the loader validates them, and how qigui runs them. Each game or domain
//! has its own file; this one dispatches on [`Kind`].
//!
//! To add a kind: add a variant (and its name) to [`Kind`], implement its
//! `validate`, `run` and `schemas` in the domain's file, add the three
//! dispatch lines below, regenerate `spec/corpus.schema.json` with
//! `QIGUI_BLESS=1 cargo test --lib schema`, and describe it in
//! `spec/corpus-format.md`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::Edition;

pub(crate) mod go;
pub(crate) mod gomoku;
pub(crate) mod pairing;
pub(crate) mod repetition;
pub(crate) mod standings;
pub(crate) mod xiangqi;

/// What a case tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Reading a FEN: valid or not, and its canonical form.
    Fen,
    /// The legal moves of a position (2.2–2.3, 3.4).
    LegalMoves,
    /// The number of leaf nodes of the legal move tree.
    Perft,
    /// A game record's result with its reason (articles 3–4).
    Outcome,
    /// Reading and printing a move (1.1, 7.5).
    Notation,
    /// Board and piece measurements (1.4–1.6).
    Equipment,
    /// Finding the 待判局面 in a game record (23.1–23.3).
    Repetition,
    /// The ruling on a labelled cycle (23.4–23.5, 25, 26.9, 4.3).
    RepetitionVerdict,
    /// Every move of a cycle labelled from the position, and the verdict (24, 26).
    MoveLabels,
    /// Go: a record played on a board (captures, forbidden points, ko, the end).
    GoMoves,
    /// Go: counting a finished board (数子法, komi, handicap return).
    GoScore,
    /// Go: the clock and byo-yomi calls.
    GoClock,
    /// Go: who plays first after 猜先.
    GoNigiri,
    /// Gomoku: a point's name and mark (1.2–1.3).
    GomokuBoard,
    /// Gomoku: the shapes of article 7 through a stone.
    GomokuPattern,
    /// Gomoku: black's forbidden points (article 8).
    GomokuForbidden,
    /// Gomoku: an opening's actions validated (9.7, 11, 附录一–二).
    GomokuOpening,
    /// Gomoku: a game record's result (17, 19, 24.3.1 A).
    GomokuResult,
    /// A tournament's standings (articles 13–14, 18.5, 19, 20.3).
    Standings,
    /// A pairing table or a Swiss round (articles 10–12, 附录二–五).
    Pairing,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 20] = [
        Kind::Fen,
        Kind::LegalMoves,
        Kind::Perft,
        Kind::Outcome,
        Kind::Notation,
        Kind::Equipment,
        Kind::Repetition,
        Kind::RepetitionVerdict,
        Kind::MoveLabels,
        Kind::GoMoves,
        Kind::GoScore,
        Kind::GoClock,
        Kind::GoNigiri,
        Kind::GomokuBoard,
        Kind::GomokuPattern,
        Kind::GomokuForbidden,
        Kind::GomokuOpening,
        Kind::GomokuResult,
        Kind::Standings,
        Kind::Pairing,
    ];

    /// The name used in the corpus.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Fen => "fen",
            Kind::LegalMoves => "legal-moves",
            Kind::Perft => "perft",
            Kind::Outcome => "outcome",
            Kind::Notation => "notation",
            Kind::Equipment => "equipment",
            Kind::Repetition => "repetition",
            Kind::RepetitionVerdict => "repetition-verdict",
            Kind::MoveLabels => "move-labels",
            Kind::GoMoves => "go-moves",
            Kind::GoScore => "go-score",
            Kind::GoClock => "go-clock",
            Kind::GoNigiri => "go-nigiri",
            Kind::GomokuBoard => "gomoku-board",
            Kind::GomokuPattern => "gomoku-pattern",
            Kind::GomokuForbidden => "gomoku-forbidden",
            Kind::GomokuOpening => "gomoku-opening",
            Kind::GomokuResult => "gomoku-result",
            Kind::Standings => "standings",
            Kind::Pairing => "pairing",
        }
    }
}

/// What is wrong with a case, for the loader: the case key to point at,
/// optionally a more precise field, and the message.
pub(crate) struct Issue {
    pub(crate) key: String,
    pub(crate) field: Option<String>,
    pub(crate) message: String,
}

pub(crate) fn issue(key: &str, message: impl Into<String>) -> Issue {
    Issue {
        key: key.to_string(),
        field: None,
        message: message.into(),
    }
}

pub(crate) fn typed<T: DeserializeOwned>(key: &str, v: &Value) -> Result<T, Issue> {
    serde_json::from_value(v.clone()).map_err(|e| {
        let msg = e.to_string();
        // Point at the unknown or missing field when serde names it.
        let field = msg
            .split('`')
            .nth(1)
            .filter(|_| msg.starts_with("unknown field"))
            .map(str::to_string);
        Issue {
            key: key.to_string(),
            field,
            message: format!("{key}: {msg}"),
        }
    })
}

pub(crate) fn mismatch<T: std::fmt::Debug + PartialEq>(
    what: &str,
    expected: &T,
    got: &T,
) -> Result<(), String> {
    if expected == got {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected:?}, got {got:?}"))
    }
}

/// Validates a case's input and expected output for one edition.
pub(crate) fn validate(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    match kind {
        Kind::Fen
        | Kind::LegalMoves
        | Kind::Perft
        | Kind::Outcome
        | Kind::Notation
        | Kind::Equipment => xiangqi::validate(kind, input, expected, edition),
        Kind::Repetition | Kind::RepetitionVerdict | Kind::MoveLabels => {
            repetition::validate(kind, input, expected, edition)
        }
        Kind::GoMoves | Kind::GoScore | Kind::GoClock | Kind::GoNigiri => {
            go::validate(kind, input, expected, edition)
        }
        Kind::GomokuBoard
        | Kind::GomokuPattern
        | Kind::GomokuForbidden
        | Kind::GomokuOpening
        | Kind::GomokuResult => gomoku::validate(kind, input, expected, edition),
        Kind::Standings => standings::validate(kind, input, expected, edition),
        Kind::Pairing => pairing::validate(kind, input, expected, edition),
    }
}

/// Runs a case; `Err` is the failure message.
pub(crate) fn run(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), String> {
    match kind {
        Kind::Fen
        | Kind::LegalMoves
        | Kind::Perft
        | Kind::Outcome
        | Kind::Notation
        | Kind::Equipment => xiangqi::run(kind, input, expected, edition),
        Kind::Repetition | Kind::RepetitionVerdict | Kind::MoveLabels => {
            repetition::run(kind, input, expected, edition)
        }
        Kind::GoMoves | Kind::GoScore | Kind::GoClock | Kind::GoNigiri => {
            go::run(kind, input, expected, edition)
        }
        Kind::GomokuBoard
        | Kind::GomokuPattern
        | Kind::GomokuForbidden
        | Kind::GomokuOpening
        | Kind::GomokuResult => gomoku::run(kind, input, expected, edition),
        Kind::Standings => standings::run(kind, input, expected, edition),
        Kind::Pairing => pairing::run(kind, input, expected, edition),
    }
}

/// The JSON Schemas of each kind's input and expected output.
#[cfg(test)]
pub(crate) fn schemas(kind: Kind) -> (schemars::Schema, schemars::Schema) {
    match kind {
        Kind::Fen
        | Kind::LegalMoves
        | Kind::Perft
        | Kind::Outcome
        | Kind::Notation
        | Kind::Equipment => xiangqi::schemas(kind),
        Kind::Repetition | Kind::RepetitionVerdict | Kind::MoveLabels => repetition::schemas(kind),
        Kind::GoMoves | Kind::GoScore | Kind::GoClock | Kind::GoNigiri => go::schemas(kind),
        Kind::GomokuBoard
        | Kind::GomokuPattern
        | Kind::GomokuForbidden
        | Kind::GomokuOpening
        | Kind::GomokuResult => gomoku::schemas(kind),
        Kind::Standings => standings::schemas(kind),
        Kind::Pairing => pairing::schemas(kind),
    }
}
