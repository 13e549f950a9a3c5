//! The kinds of case: the shape of each kind's `input` and `expected`, how
//! the loader validates them, and how qigui runs them. Each game or domain
//! has its own file; this one dispatches on [`Kind`].
//!
//! To add a kind: add a variant (and its name) to [`Kind`], implement its
//! `validate`, `run` and `schemas` in the domain's file, add the three
//! dispatch lines below, regenerate `spec/corpus.schema.json` with
//! `QIGUI_BLESS=1 cargo test --lib schema`, and describe it in
//! `spec/corpus-format.md`.
//!
//! So that other implementations can be compared on the kind (`qigui
//! conform`, `spec/adapter-protocol.md`), split its `run` in two: `answer`
//! computes qigui's output in the shape of `expected` (every key filled
//! that qigui can fill), and `check` compares any implementation's output
//! with `expected`; `run` is then `check(expected, answer(input))`. Add
//! their dispatch lines to [`answer`] and [`check`]. A kind without a
//! `check` is compared key by key ([`check_keys`]); one without an
//! `answer` is not offered by `qigui adapter`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::Edition;

pub(crate) mod conduct;
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
    /// Touch-move: the moves the touched pieces oblige (5.1–5.5, 8.1.5).
    TouchMove,
    /// A game's event log and the referee's ruling on it (4–9, 20–23, 27–29).
    Adjudication,
    /// A knockout pairing's next game or winner (30).
    Knockout,
    /// A withdrawn player's games (19.2, 19.3).
    Withdrawal,
    /// A pairing table or a Swiss round (articles 10–12, 附录二–五).
    Pairing,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 24] = [
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
        Kind::TouchMove,
        Kind::Adjudication,
        Kind::Knockout,
        Kind::Withdrawal,
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
            Kind::TouchMove => "touch-move",
            Kind::Adjudication => "adjudication",
            Kind::Knockout => "knockout",
            Kind::Withdrawal => "withdrawal",
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
        Kind::TouchMove | Kind::Adjudication | Kind::Knockout | Kind::Withdrawal => {
            conduct::validate(kind, input, expected, edition)
        }
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
        Kind::TouchMove | Kind::Adjudication | Kind::Knockout | Kind::Withdrawal => {
            conduct::run(kind, input, expected, edition)
        }
        Kind::Pairing => pairing::run(kind, input, expected, edition),
    }
}

/// qigui's own output for a case, in the shape of `expected`; `None` when
/// the kind has no `answer` function (see the module's doc). `Err`: the
/// input cannot be run.
pub(crate) fn answer(
    kind: Kind,
    input: &Value,
    edition: &Edition,
) -> Option<Result<Value, String>> {
    #[allow(unreachable_patterns)]
    match kind {
        Kind::Fen
        | Kind::LegalMoves
        | Kind::Perft
        | Kind::Outcome
        | Kind::Notation
        | Kind::Equipment => Some(xiangqi::answer(kind, input, edition)),
        Kind::Repetition | Kind::RepetitionVerdict | Kind::MoveLabels => {
            Some(repetition::answer(kind, input, edition))
        }
        Kind::GoMoves | Kind::GoScore | Kind::GoClock | Kind::GoNigiri => {
            Some(go::answer(kind, input, edition))
        }
        Kind::GomokuBoard
        | Kind::GomokuPattern
        | Kind::GomokuForbidden
        | Kind::GomokuOpening
        | Kind::GomokuResult => Some(gomoku::answer(kind, input, edition)),
        Kind::Standings => Some(standings::answer(kind, input, edition)),
        Kind::TouchMove | Kind::Adjudication | Kind::Knockout | Kind::Withdrawal => {
            Some(conduct::answer(kind, input, edition))
        }
        Kind::Pairing => Some(pairing::answer(kind, input, edition)),
    }
}

/// Compares an implementation's output with the expected output of a case;
/// `Err` says how they differ. Kinds without their own `check` are
/// compared key by key.
pub(crate) fn check(kind: Kind, expected: &Value, output: &Value) -> Result<(), String> {
    #[allow(unreachable_patterns)]
    match kind {
        Kind::Fen
        | Kind::LegalMoves
        | Kind::Perft
        | Kind::Outcome
        | Kind::Notation
        | Kind::Equipment => xiangqi::check(kind, expected, output),
        Kind::Repetition | Kind::RepetitionVerdict | Kind::MoveLabels => {
            repetition::check(kind, expected, output)
        }
        Kind::GoMoves | Kind::GoScore | Kind::GoClock | Kind::GoNigiri => {
            go::check(kind, expected, output)
        }
        Kind::GomokuBoard
        | Kind::GomokuPattern
        | Kind::GomokuForbidden
        | Kind::GomokuOpening
        | Kind::GomokuResult => gomoku::check(kind, expected, output),
        Kind::Standings => standings::check(kind, expected, output),
        Kind::TouchMove | Kind::Adjudication | Kind::Knockout | Kind::Withdrawal => {
            conduct::check(kind, expected, output)
        }
        Kind::Pairing => pairing::check(kind, expected, output),
        _ => check_keys(expected, output),
    }
}

/// The default comparison: every key of `expected` must be in `output` with
/// an equal value (numbers compared as numbers). Every difference is listed.
pub(crate) fn check_keys(expected: &Value, output: &Value) -> Result<(), String> {
    let (Some(e), Some(o)) = (expected.as_object(), output.as_object()) else {
        return if json_equal(expected, output) {
            Ok(())
        } else {
            Err(format!("expected {expected}, got {output}"))
        };
    };
    let mut diffs = Vec::new();
    for (k, want) in e {
        match o.get(k) {
            None => diffs.push(format!("{k}: expected {want}, but the answer has no {k}")),
            Some(got) if !json_equal(want, got) => {
                diffs.push(format!("{k}: expected {want}, got {got}"));
            }
            Some(_) => {}
        }
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("; "))
    }
}

fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

/// Reads an implementation's output as the kind's expected type.
pub(crate) fn output<T: DeserializeOwned>(kind: Kind, v: &Value) -> Result<T, String> {
    serde_json::from_value(v.clone())
        .map_err(|e| format!("the answer is not a {} output: {e}", kind.name()))
}

/// qigui's output as JSON.
pub(crate) fn to_output<T: Serialize>(v: &T) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| e.to_string())
}

/// Compares an expected key with the answer's, when `expected` gives it.
pub(crate) fn want<T: std::fmt::Debug + PartialEq>(
    what: &str,
    expected: &Option<T>,
    got: &Option<T>,
) -> Result<(), String> {
    match (expected, got) {
        (None, _) => Ok(()),
        (Some(w), Some(g)) => mismatch(what, w, g),
        (Some(w), None) => Err(format!("{what}: expected {w:?}, but the answer has none")),
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
        Kind::TouchMove | Kind::Adjudication | Kind::Knockout | Kind::Withdrawal => {
            conduct::schemas(kind)
        }
        Kind::Pairing => pairing::schemas(kind),
    }
}
