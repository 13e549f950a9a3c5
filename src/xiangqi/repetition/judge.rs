//! Judging a repetition cycle from the position: every move labelled by
//! [`crate::xiangqi::repetition::label`], then ruled on by [`crate::xiangqi::repetition::ruling`] (棋例, articles
//! 23–26).

use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::notation;
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::label::{self, Analysis, Context, Limits};
use crate::xiangqi::repetition::memo;
use crate::xiangqi::repetition::ruling::{
    self, Cycle, RepetitionRules, Ruling, RulingError, Sequence,
};

/// One judged move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedMove {
    /// 1-based ply within the cycle.
    pub ply: usize,
    /// Who moved.
    pub side: Color,
    /// The move in canonical Chinese notation.
    pub notation: String,
    /// The analysis.
    pub analysis: Analysis,
}

/// A judged cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Every move.
    pub moves: Vec<JudgedMove>,
    /// The ruling, or why there is none.
    pub ruling: Result<Ruling, RulingError>,
}

/// Labels every move of `moves` from `start` and rules on the cycle.
/// When the moves return to `start`, the cycle is closed: the move before
/// the first is the last. `key_points` are the defensive key points a
/// referee names for 26.2 ([`Context::key_points`]; usually none).
pub fn judge(
    start: &Position,
    moves: &[Move],
    rules: &RepetitionRules,
    sequence: Sequence,
    points: Option<u32>,
    key_points: &[Square],
    limits: &Limits,
) -> Judgement {
    // Each position's analyses are computed once for the whole cycle.
    let _shared = memo::Shared::begin();
    let mut cur = start.clone();
    let mut out = Vec::new();
    let mut positions = vec![cur.clone()];
    for &mv in moves {
        cur = cur.play_unchecked(mv);
        positions.push(cur.clone());
    }
    let closed = moves.len() >= 2
        && positions.last().map(|p| p.repetition_key()) == Some(start.repetition_key());
    for (i, &mv) in moves.iter().enumerate() {
        let before = &positions[i];
        let (last_move, previous) = if i > 0 {
            (Some(moves[i - 1]), Some(positions[i - 1].clone()))
        } else if closed {
            (
                moves.last().copied(),
                positions.get(moves.len() - 1).cloned(),
            )
        } else {
            (None, None)
        };
        let ctx = Context {
            last_move,
            previous,
            key_points: key_points.to_vec(),
        };
        let analysis = label::classify(before, mv, &ctx, limits);
        out.push(JudgedMove {
            ply: i + 1,
            side: before.turn(),
            notation: notation::chinese(before, mv),
            analysis,
        });
    }
    let side_labels = |c: Color| {
        out.iter()
            .filter(|m| m.side == c)
            .map(|m| m.analysis.move_label())
            .collect::<Vec<_>>()
    };
    let cycle = Cycle {
        red: side_labels(Color::Red),
        black: side_labels(Color::Black),
        sequence,
        points,
        move_number: None,
    };
    let ruling = ruling::rule(&cycle, rules);
    Judgement { moves: out, ruling }
}

impl Judgement {
    /// The judgement as `qigui judge --format json` prints it (and the
    /// Python package's `qigui.judge` returns it): `verdict` (its code, or
    /// null when there is no ruling, `clauses` then holding the reason),
    /// `clauses`, and every move with its `ply`, `side`, `iccs`,
    /// `notation`, `label`, `category` (the label's book category, 24.8),
    /// `targets` (square, piece, categories),
    /// `clauses`, `reason` and `reason_zh`.
    pub fn to_json(&self) -> serde_json::Value {
        // Serialising plain data cannot fail; Null is never returned.
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// A referee's explanation: each move with its label and why, in Chinese
/// and English, citing clauses, then the verdict.
///
/// ```text
/// 1. 马二退一 捉 — 捉车(i9) (24.3) / chases the rook on i9
/// ```
pub fn explain(j: &Judgement) -> String {
    let mut out = String::new();
    for m in &j.moves {
        let a = &m.analysis;
        out.push_str(&format!(
            "{}. {} {} {} — {} ({}) / {}{}\n",
            m.ply,
            m.side.chinese(),
            m.notation,
            a.label.code(),
            a.reason_zh,
            a.clauses.join(", "),
            a.reason,
            if a.limit_reached {
                " [search bound reached]"
            } else {
                ""
            }
        ));
    }
    match &j.ruling {
        Ok(r) => {
            out.push_str(&format!(
                "裁决 / verdict: {} ({}) [{}]\n{}\n",
                r.verdict.code(),
                r.verdict.chinese(),
                r.clauses.join(", "),
                r.explanation
            ));
        }
        Err(e) => out.push_str(&format!("no ruling: {e}\n")),
    }
    out
}
