//! Every 待判局面 of a game and the ruling on each (23.1–23.5): what a
//! referee does with a whole score sheet.
//!
//! * 23.1–23.3, threefold: [`cycle::find_repetitions`] — the same board
//!   with the same side to move standing for the third time, a position a
//!   capture creates not counted (23.2); the labelled moves are the period
//!   from the second occurrence to the third; after it the count starts
//!   afresh.
//! * 23.4, nine rounds: one side whose every move, nine rounds running, is
//!   将, 杀 or 捉, over three or more points, repeating its moves
//!   (交替重复), without a threefold repetition standing within them. How
//!   it is found: for each side, each run of nine consecutive moves of that
//!   side that captures nothing, whose moves go to three or more distinct
//!   points and repeat (fewer than nine distinct moves), and within which no
//!   threefold 待判局面 stands, is labelled (24.1–24.3 by the classifier);
//!   if all nine are 将/杀/捉 it is a 23.4 待判局面 standing after the
//!   other side's reply to the ninth move. The labelled moves are the nine
//!   rounds; the points are the distinct points the attacking side's moves
//!   went to. Scanning goes on after it, counted afresh.
//!
//! Each is ruled on by [`judge`](super::judge::judge)'s labels and
//! [`rule`], with the round it stood in (for 4.3).

use std::collections::HashMap;

use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::cycle;
use crate::xiangqi::repetition::judge::{Judgement, judge};
use crate::xiangqi::repetition::label::{self, Analysis, Context, Limits};
use crate::xiangqi::repetition::ruling::{Cycle, Label, RepetitionRules, Sequence, rule};

/// The rounds of 23.4.
const NINE_ROUNDS: usize = 9;

/// One 待判局面 found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// Threefold (23.1) or nine rounds (23.4).
    pub sequence: Sequence,
    /// Threefold: the plies at which the position stood (counted
    /// occurrences); the last is the 待判局面. Empty for nine rounds.
    pub occurrences: Vec<usize>,
    /// The ply (0 = the record's start position) before the first labelled
    /// move: the second occurrence, or the first of the nine rounds.
    pub from_ply: usize,
    /// The ply at which the 待判局面 stands, after the last labelled move.
    pub ply: usize,
    /// The position at [`Self::from_ply`].
    pub position: Position,
    /// The labelled moves: one period, or the nine rounds.
    pub moves: Vec<Move>,
    /// 23.4: the distinct points the attacking side's moves went to.
    pub points: Option<u32>,
    /// 23.4: the attacking side.
    pub side: Option<Color>,
}

impl Pending {
    /// The round (回合) in which the 待判局面 stood, as a score sheet counts
    /// it: the number of the last labelled move's round.
    pub fn round(&self) -> u32 {
        let mut pos = self.position.clone();
        let mut round = pos.fullmoves();
        for &mv in &self.moves {
            round = pos.fullmoves();
            pos = pos.play_unchecked(mv);
        }
        round
    }
}

/// A 待判局面 with its labels and ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingJudgement {
    /// Where it stood and its moves.
    pub pending: Pending,
    /// Every labelled move and the ruling.
    pub judgement: Judgement,
}

/// Finds every 待判局面 of a game (see the module doc), in the order they
/// stood. The moves must be legal from `start`.
pub fn find_pending(start: &Position, moves: &[Move], limits: &Limits) -> Vec<Pending> {
    let mut out: Vec<Pending> = cycle::find_repetitions(start, moves)
        .into_iter()
        .map(|r| {
            let third = r.ply();
            Pending {
                sequence: Sequence::Threefold,
                from_ply: third - r.period.len(),
                ply: third,
                position: r.position,
                moves: r.period,
                occurrences: r.occurrences,
                points: None,
                side: None,
            }
        })
        .collect();
    let threefold: Vec<usize> = out.iter().map(|p| p.ply).collect();
    out.extend(NineRounds::new(start, moves, limits).find(&threefold));
    out.sort_by_key(|p| (p.ply, p.from_ply));
    out
}

/// Finds every 待判局面 of a game and rules on each under `rules`.
pub fn judge_game(
    start: &Position,
    moves: &[Move],
    rules: &RepetitionRules,
    limits: &Limits,
) -> Vec<PendingJudgement> {
    find_pending(start, moves, limits)
        .into_iter()
        .map(|p| {
            let judgement = judge_pending(&p, rules, &[], limits);
            PendingJudgement {
                pending: p,
                judgement,
            }
        })
        .collect()
}

/// Labels a 待判局面's moves and rules on it, with the round it stood in;
/// `key_points` are the defensive key points a referee names (26.2).
pub fn judge_pending(
    p: &Pending,
    rules: &RepetitionRules,
    key_points: &[Square],
    limits: &Limits,
) -> Judgement {
    let mut j = judge(
        &p.position,
        &p.moves,
        rules,
        p.sequence,
        p.points,
        key_points,
        limits,
    );
    let labels = |c: Color| {
        j.moves
            .iter()
            .filter(|m| m.side == c)
            .map(|m| m.analysis.move_label())
            .collect::<Vec<_>>()
    };
    let cycle = Cycle {
        red: labels(Color::Red),
        black: labels(Color::Black),
        sequence: p.sequence,
        points: p.points,
        move_number: Some(p.round()),
    };
    j.ruling = rule(&cycle, rules);
    j
}

/// The 23.4 scan of one game.
struct NineRounds<'a> {
    moves: &'a [Move],
    positions: Vec<Position>,
    limits: &'a Limits,
    labels: HashMap<usize, Analysis>,
}

impl<'a> NineRounds<'a> {
    fn new(start: &Position, moves: &'a [Move], limits: &'a Limits) -> Self {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = start.clone();
        positions.push(pos.clone());
        for &mv in moves {
            pos = pos.play_unchecked(mv);
            positions.push(pos.clone());
        }
        NineRounds {
            moves,
            positions,
            limits,
            labels: HashMap::new(),
        }
    }

    /// The label of the move at index `i`, in its game context.
    fn label(&mut self, i: usize) -> Label {
        if let Some(a) = self.labels.get(&i) {
            return a.label;
        }
        let ctx = Context {
            last_move: i.checked_sub(1).map(|k| self.moves[k]),
            previous: i.checked_sub(1).map(|k| self.positions[k].clone()),
            key_points: Vec::new(),
        };
        let a = label::classify(&self.positions[i], self.moves[i], &ctx, self.limits);
        let l = a.label;
        self.labels.insert(i, a);
        l
    }

    /// Whether nine moves of one side (indices `idx`) pass the cheap tests:
    /// no capture, three or more points, some move repeated.
    fn candidate(&self, idx: &[usize]) -> Option<u32> {
        let mut dests = Vec::new();
        let mut distinct: Vec<Move> = Vec::new();
        for &i in idx {
            let mv = self.moves[i];
            if self.positions[i].captured_by(mv).is_some() {
                return None;
            }
            if !dests.contains(&mv.to) {
                dests.push(mv.to);
            }
            if !distinct.contains(&mv) {
                distinct.push(mv);
            }
        }
        (dests.len() >= 3 && distinct.len() < idx.len()).then_some(dests.len() as u32)
    }

    fn find(mut self, threefold: &[usize]) -> Vec<Pending> {
        let mut out = Vec::new();
        for side in [Color::Red, Color::Black] {
            let mine: Vec<usize> = (0..self.moves.len())
                .filter(|&i| self.positions[i].turn() == side)
                .collect();
            let mut k = 0;
            while k + NINE_ROUNDS <= mine.len() {
                let idx = &mine[k..k + NINE_ROUNDS];
                let (first, last) = (idx[0], idx[NINE_ROUNDS - 1]);
                // The 待判局面 stands after the other side's reply to the
                // ninth move (or after the ninth, at the record's end).
                let end = (last + 2).min(self.moves.len());
                let consecutive = idx.windows(2).all(|w| w[1] == w[0] + 2);
                let threefold_within = threefold.iter().any(|&p| p > first && p <= end);
                let points = match (consecutive && !threefold_within)
                    .then(|| self.candidate(idx))
                    .flatten()
                {
                    Some(p) => p,
                    None => {
                        k += 1;
                        continue;
                    }
                };
                let attacking = idx
                    .iter()
                    .all(|&i| matches!(self.label(i), Label::Jiang | Label::Sha | Label::Zhuo));
                if !attacking {
                    k += 1;
                    continue;
                }
                out.push(Pending {
                    sequence: Sequence::NineRounds,
                    occurrences: Vec::new(),
                    from_ply: first,
                    ply: end,
                    position: self.positions[first].clone(),
                    moves: self.moves[first..end].to_vec(),
                    points: Some(points),
                    side: Some(side),
                });
                k += NINE_ROUNDS;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation;

    #[test]
    fn a_record_without_repetition_has_no_pending_position() {
        let start = Position::start();
        let (moves, _) =
            notation::parse_line(&start, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7").expect("moves");
        assert!(find_pending(&start, &moves, &Limits::default()).is_empty());
    }

    /// 图6's perpetual check (24.9) played until its position stands a
    /// third time: found at ply 8, the period the second time round, and
    /// ruled as the book rules the figure (红方作负, 23.5.1).
    #[test]
    fn a_perpetual_check_in_a_record_is_found_and_ruled() {
        let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1").expect("图6");
        let (moves, _) =
            notation::parse_line(&start, &"f0e0 e8f8 e0f0 f8e8 ".repeat(2)).expect("moves");
        let found = judge_game(
            &start,
            &moves,
            &RepetitionRules::XIANGQI_2020,
            &Limits::default(),
        );
        assert_eq!(found.len(), 1);
        let p = &found[0].pending;
        assert_eq!(
            (p.from_ply, p.ply, p.occurrences.clone()),
            (4, 8, vec![0, 4, 8])
        );
        assert_eq!(p.moves, moves[4..8]);
        assert_eq!(p.round(), 4);
        let r = found[0].judgement.ruling.as_ref().expect("a ruling");
        assert_eq!(r.verdict, crate::xiangqi::Verdict::RedLoses);
    }
}
