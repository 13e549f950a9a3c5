//! The kinds of case: the shape of each kind's `input` and `expected`, how
//! the loader validates them, and how qigui runs them. Each game or domain
//! has its own file, with one [`CaseKind`] per kind; [`of`] gives a
//! [`Kind`]'s.
//!
//! To add a kind: add a variant (and its name) to [`Kind`], implement
//! [`CaseKind`] for it in the domain's file (its input and expected output
//! as serde types, `validate`, `answer`, `check` and `schemas`), add its
//! line to [`of`], regenerate `spec/corpus.schema.json` with
//! `QIGUI_BLESS=1 cargo test --lib schema`, and describe it in
//! `spec/corpus-format.md`.
//!
//! Other implementations are compared on every kind (`qigui conform`,
//! `spec/adapter-protocol.md`): `answer` computes qigui's output in the
//! shape of `expected` (every key filled that qigui can fill), and `check`
//! compares any implementation's output with `expected`; qigui's own run
//! is `check(expected, answer(input))` unless the kind's `run` adds to a
//! failure's message. A kind whose `expected` needs no more than equal
//! keys can leave `check` to its default, [`check_keys`].

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::Edition;

pub use error::{CaseError, Mismatch, Part, RunError};

pub(crate) mod conduct;
mod error;
pub(crate) mod go;
pub(crate) mod go_event;
pub(crate) mod go_referee;
pub(crate) mod gomoku;
pub(crate) mod gomoku_event;
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
    /// Go: the referee's log adjudicated (003's clock and result rules).
    GoReferee,
    /// Go: the school event's places and team points, appeals (003's 奖项, 活动方案.七).
    GoEvent,
    /// Gomoku: colours, team systems, 擂台赛 and 对抗赛, rounds, play-off
    /// controls (9.3, 10.1, 10.3, 26.2, 27.5, 27.6, 30.4).
    GomokuEvent,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 27] = [
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
        Kind::GoReferee,
        Kind::GoEvent,
        Kind::GomokuEvent,
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
            Kind::GoReferee => "go-referee",
            Kind::GoEvent => "go-event",
            Kind::GomokuEvent => "gomoku-event",
        }
    }
}

/// One kind of case: how the loader validates its input and expected
/// output, how qigui answers it, and how an answer is compared with the
/// expectation. [`of`] gives each [`Kind`]'s.
pub(crate) trait CaseKind: Sync {
    /// Validates a case's input and expected output for one edition.
    fn validate(&self, input: &Value, expected: &Value, edition: &Edition)
    -> Result<(), CaseError>;

    /// qigui's output for a case, in the shape of the kind's `expected`
    /// with every key filled that qigui can fill. `Err`: the input cannot
    /// be run.
    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError>;

    /// Compares an implementation's output with the expected output; `Err`
    /// says how they differ. By default key by key ([`check_keys`]).
    fn check(&self, expected: &Value, output: &Value) -> Result<(), Mismatch> {
        check_keys(expected, output)
    }

    /// Whether the kind reads its rules from the [`Edition`] value it is
    /// given, and so runs a draft edition's rules (`corpus::run_draft`).
    /// `false` for the kinds that still look their edition up by id.
    fn follows_drafts(&self) -> bool {
        true
    }

    /// Runs a case: `check(expected, answer(input))`, unless the kind says
    /// more about a failure.
    fn run(&self, input: &Value, expected: &Value, edition: &Edition) -> Result<(), RunError> {
        Ok(self.check(expected, &self.answer(input, edition)?)?)
    }

    /// The JSON Schemas of the kind's input and expected output, for
    /// `spec/corpus.schema.json`.
    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema);
}

/// The kind's implementation.
pub(crate) fn of(kind: Kind) -> &'static dyn CaseKind {
    match kind {
        Kind::Fen => &xiangqi::FenKind,
        Kind::LegalMoves => &xiangqi::LegalMovesKind,
        Kind::Perft => &xiangqi::PerftKind,
        Kind::Outcome => &xiangqi::OutcomeKind,
        Kind::Notation => &xiangqi::NotationKind,
        Kind::Equipment => &xiangqi::EquipmentKind,
        Kind::Repetition => &repetition::RepetitionKind,
        Kind::RepetitionVerdict => &repetition::VerdictKind,
        Kind::MoveLabels => &repetition::LabelsKind,
        Kind::GoMoves => &go::MovesKind,
        Kind::GoScore => &go::ScoreKind,
        Kind::GoClock => &go::ClockKind,
        Kind::GoNigiri => &go::NigiriKind,
        Kind::GomokuBoard => &gomoku::BoardKind,
        Kind::GomokuPattern => &gomoku::PatternKind,
        Kind::GomokuForbidden => &gomoku::ForbiddenKind,
        Kind::GomokuOpening => &gomoku::OpeningKind,
        Kind::GomokuResult => &gomoku::ResultKind,
        Kind::Standings => &standings::StandingsKind,
        Kind::TouchMove => &conduct::TouchMoveKind,
        Kind::Adjudication => &conduct::AdjudicationKind,
        Kind::Knockout => &conduct::KnockoutKind,
        Kind::Withdrawal => &conduct::WithdrawalKind,
        Kind::Pairing => &pairing::PairingKind,
        Kind::GoReferee => &go_referee::RefereeKind,
        Kind::GoEvent => &go_event::EventKind,
        Kind::GomokuEvent => &gomoku_event::EventKind,
    }
}

/// A part of a case that is not of the kind's shape.
pub(crate) fn typed<T: DeserializeOwned>(part: Part, v: &Value) -> Result<T, CaseError> {
    serde_json::from_value(v.clone()).map_err(|source| {
        let msg = source.to_string();
        // Point at the unknown or missing field when serde names it.
        let field = msg
            .split('`')
            .nth(1)
            .filter(|_| msg.starts_with("unknown field"))
            .map(str::to_string);
        CaseError::Shape {
            part,
            field,
            source,
        }
    })
}

/// An invalid value in a part of a case.
/// A kind made for one game, refused in another game's edition:
/// "`kind` is a Go kind; `id` is not a Go edition".
pub(crate) fn require_game(
    kind: &str,
    game: crate::edition::GameKind,
    edition: &Edition,
) -> Result<(), CaseError> {
    if edition.game == game {
        return Ok(());
    }
    let name = match game {
        crate::edition::GameKind::Xiangqi => "Xiangqi",
        crate::edition::GameKind::Gomoku => "Gomoku",
        crate::edition::GameKind::Go => "Go",
    };
    Err(issue(
        Part::Kind,
        format!(
            "{kind} is a {name} kind; {} is not a {name} edition",
            edition.id
        ),
    ))
}

pub(crate) fn issue(part: Part, reason: impl Into<String>) -> CaseError {
    CaseError::invalid(part, reason)
}

pub(crate) fn mismatch<T: std::fmt::Debug + PartialEq>(
    what: &str,
    expected: &T,
    got: &T,
) -> Result<(), Mismatch> {
    if expected == got {
        Ok(())
    } else {
        Err(Mismatch::Value {
            key: what.to_string(),
            expected: format!("{expected:?}"),
            got: format!("{got:?}"),
        })
    }
}

/// The default comparison: every key of `expected` must be in `output` with
/// an equal value (numbers compared as numbers). Every difference is listed.
pub(crate) fn check_keys(expected: &Value, output: &Value) -> Result<(), Mismatch> {
    let (Some(e), Some(o)) = (expected.as_object(), output.as_object()) else {
        return if json_equal(expected, output) {
            Ok(())
        } else {
            Err(Mismatch::Whole {
                expected: expected.to_string(),
                got: output.to_string(),
            })
        };
    };
    let mut diffs = Vec::new();
    for (k, want) in e {
        match o.get(k) {
            None => diffs.push(Mismatch::NoKey {
                key: k.clone(),
                expected: want.to_string(),
            }),
            Some(got) if !json_equal(want, got) => diffs.push(Mismatch::Value {
                key: k.clone(),
                expected: want.to_string(),
                got: got.to_string(),
            }),
            Some(_) => {}
        }
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(Mismatch::All(diffs))
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
pub(crate) fn output<T: DeserializeOwned>(kind: Kind, v: &Value) -> Result<T, Mismatch> {
    serde_json::from_value(v.clone()).map_err(|source| Mismatch::NotOutput { kind, source })
}

/// qigui's output as JSON.
pub(crate) fn to_output<T: Serialize>(v: &T) -> Result<Value, CaseError> {
    serde_json::to_value(v).map_err(CaseError::rules)
}

/// Compares an expected key with the answer's, when `expected` gives it.
pub(crate) fn want<T: std::fmt::Debug + PartialEq>(
    what: &str,
    expected: &Option<T>,
    got: &Option<T>,
) -> Result<(), Mismatch> {
    match (expected, got) {
        (None, _) => Ok(()),
        (Some(w), Some(g)) => mismatch(what, w, g),
        (Some(w), None) => Err(Mismatch::Absent {
            key: what.to_string(),
            expected: format!("{w:?}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn edition() -> &'static Edition {
        Edition::get("xiangqi-2020").expect("the edition")
    }

    #[test]
    fn every_kind_has_its_own_implementation() {
        for k in Kind::ALL {
            let (input, expected) = of(k).schemas();
            assert_ne!(input, expected, "{}", k.name());
        }
    }

    #[test]
    fn a_wrong_answer_says_which_key_differs() {
        let m = of(Kind::Perft)
            .check(&json!({"nodes": 44}), &json!({"nodes": 0}))
            .unwrap_err();
        assert!(matches!(&m, Mismatch::Value { key, .. } if key == "nodes"));
        assert_eq!(m.to_string(), "nodes: expected 44, got 0");
        let m = of(Kind::Fen)
            .check(
                &json!({"valid": true}),
                &json!({"valid": false, "error": "syntax"}),
            )
            .unwrap_err();
        assert_eq!(m.to_string(), "valid: expected true, got false (syntax)");
        let m = of(Kind::Perft)
            .check(&json!({"nodes": 44}), &json!({"leaves": 44}))
            .unwrap_err();
        assert!(matches!(
            m,
            Mismatch::NotOutput {
                kind: Kind::Perft,
                ..
            }
        ));
        assert!(
            m.to_string()
                .starts_with("the answer is not a perft output: ")
        );
    }

    #[test]
    fn input_errors_say_where() {
        let e = of(Kind::Perft)
            .answer(&json!({"fen": "x", "depth": 1}), edition())
            .unwrap_err();
        assert_eq!(e.part(), Part::Input);
        assert_eq!(e.field(), Some("fen"));
        assert!(e.to_string().starts_with("illegal FEN: "), "{e}");
        let e = of(Kind::Perft)
            .validate(&json!({"depht": 1}), &json!({"nodes": 1}), edition())
            .unwrap_err();
        assert!(matches!(
            e,
            CaseError::Shape {
                part: Part::Input,
                ..
            }
        ));
        assert_eq!(e.field(), Some("depht"));
        assert!(
            e.to_string().starts_with("input: unknown field `depht`"),
            "{e}"
        );
        let e = of(Kind::GoNigiri)
            .validate(&json!({}), &json!({}), edition())
            .unwrap_err();
        assert_eq!(e.part(), Part::Kind);
        assert_eq!(
            e.to_string(),
            "go-nigiri is a Go kind; xiangqi-2020 is not a Go edition"
        );
    }

    #[test]
    fn key_by_key_lists_every_difference() {
        let m = check_keys(&json!({"a": 1, "b": 2}), &json!({"a": 1.0, "c": 3})).unwrap_err();
        assert_eq!(m.to_string(), "b: expected 2, but the answer has no b");
        let m = check_keys(&json!({"a": 1, "b": 2}), &json!({"a": 2})).unwrap_err();
        assert_eq!(
            m.to_string(),
            "a: expected 1, got 2; b: expected 2, but the answer has no b"
        );
        assert_eq!(
            check_keys(&json!(1), &json!(2)).unwrap_err().to_string(),
            "expected 1, got 2"
        );
        assert!(check_keys(&json!({"a": [1]}), &json!({"a": [1.0], "b": 0})).is_ok());
    }
}
