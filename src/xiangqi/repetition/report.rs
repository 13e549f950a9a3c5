//! The judgement as data for programs: the JSON of `qigui judge --format
//! json`, the adapter and the Python package, written once here.
//!
//! No clause: this is the shape of the answer, not a decision. A
//! [`Judgement`] serialises as `verdict` (its code, or null when there is
//! no ruling, `clauses` then holding the reason), `clauses` and `moves`;
//! each move as `ply`, `side`, `iccs`, `notation`, `label`, `category`
//! (the label's book category, 24.8), `targets` (`square`, `piece`,
//! `categories`), `clauses`, `reason` and `reason_zh`. A
//! [`PendingJudgement`] adds where the 待判局面 stood (23.1–23.4):
//! `sequence`, `move_number`, `ply`, `from_ply`, `occurrences`, `fen`,
//! `side`, `points`, and the ruling's `explanation`.

use serde::{Serialize, Serializer};

use crate::xiangqi::board::Color;
use crate::xiangqi::repetition::judge::Judgement;
use crate::xiangqi::repetition::pending::PendingJudgement;
use crate::xiangqi::repetition::ruling::Sequence;

/// One judged move.
#[derive(Serialize)]
struct MoveJson<'a> {
    ply: usize,
    side: Color,
    iccs: String,
    notation: &'a str,
    /// The fine label (24.1–24.8).
    label: &'static str,
    /// The book's category of the label (24.8).
    category: &'static str,
    targets: Vec<TargetJson>,
    clauses: &'a [&'static str],
    reason: &'a str,
    reason_zh: &'a str,
}

/// A chased piece of a move.
#[derive(Serialize)]
struct TargetJson {
    square: String,
    piece: &'static str,
    categories: Vec<&'static str>,
}

/// A judgement: verdict, clauses, moves.
#[derive(Serialize)]
struct JudgementJson<'a> {
    verdict: Option<&'static str>,
    clauses: Vec<String>,
    moves: Vec<MoveJson<'a>>,
}

/// A 待判局面 with its judgement.
#[derive(Serialize)]
struct PendingJson<'a> {
    /// `threefold` (23.1) or `nine-rounds` (23.4).
    sequence: Sequence,
    /// The round (回合) it stood in.
    move_number: u32,
    /// The ply at which it stood (0 = the start position).
    ply: usize,
    /// The ply before the first labelled move.
    from_ply: usize,
    /// Threefold: the plies of the counted occurrences.
    occurrences: &'a [usize],
    /// The position before the first labelled move.
    fen: String,
    /// 23.4: the attacking side and its points.
    side: Option<Color>,
    points: Option<u32>,
    verdict: Option<&'static str>,
    clauses: Vec<String>,
    explanation: Option<&'a str>,
    moves: Vec<MoveJson<'a>>,
}

fn moves(j: &Judgement) -> Vec<MoveJson<'_>> {
    j.moves
        .iter()
        .map(|m| {
            let a = &m.analysis;
            MoveJson {
                ply: m.ply,
                side: m.side,
                iccs: a.mv.iccs(),
                notation: &m.notation,
                label: a.label.code(),
                category: a.label.category().code(),
                targets: a
                    .targets
                    .iter()
                    .map(|t| TargetJson {
                        square: t.square.to_string(),
                        piece: t.piece.chinese(),
                        categories: t.categories.iter().map(|c| c.code()).collect(),
                    })
                    .collect(),
                clauses: &a.clauses,
                reason: &a.reason,
                reason_zh: &a.reason_zh,
            }
        })
        .collect()
}

/// The verdict code, the clauses (the reason as the only clause when there
/// is no ruling) and the ruling's explanation.
fn verdict(j: &Judgement) -> (Option<&'static str>, Vec<String>, Option<&str>) {
    match &j.ruling {
        Ok(r) => (
            Some(r.verdict.code()),
            r.clauses.iter().map(|c| c.to_string()).collect(),
            Some(r.explanation.as_str()),
        ),
        Err(e) => (None, vec![e.to_string()], None),
    }
}

impl Serialize for Judgement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (verdict, clauses, _) = verdict(self);
        JudgementJson {
            verdict,
            clauses,
            moves: moves(self),
        }
        .serialize(s)
    }
}

impl Serialize for PendingJudgement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (verdict, clauses, explanation) = verdict(&self.judgement);
        let q = &self.pending;
        PendingJson {
            sequence: q.sequence,
            move_number: q.round(),
            ply: q.ply,
            from_ply: q.from_ply,
            occurrences: &q.occurrences,
            fen: q.position.fen(),
            side: q.side,
            points: q.points,
            verdict,
            clauses,
            explanation,
            moves: moves(&self.judgement),
        }
        .serialize(s)
    }
}
