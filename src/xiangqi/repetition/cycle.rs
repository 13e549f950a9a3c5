//! Finding the 待判局面 in a game record (23.1–23.3).
//!
//! * 23.1: the same position — the same board with the same side to move —
//!   arising a third time is a 重复局面; on a player's request it is ruled on
//!   as a 待判局面.
//! * 23.2: the cycle's first move (usually from an "outside point", 外来点)
//!   counts: the position it creates is the first occurrence. If that first
//!   move is a capture it is not counted: the position a capture creates does
//!   not count as an occurrence, so the cycle must come round once more.
//! * 23.3: fewer than three occurrences are not ruled on.
//!
//! The period of the cycle is the stretch between the second and the third
//! occurrence; its moves are what the classifier labels and [`crate::xiangqi::repetition::ruling`]
//! rules on.

use std::collections::HashMap;

use crate::xiangqi::position::{Move, Position};

/// A repetition found in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The plies (0 = the starting position) at which the repeated position
    /// stood, counted occurrences only; the last is the 待判局面.
    pub occurrences: Vec<usize>,
    /// The moves of one period: from the second occurrence to the third.
    pub period: Vec<Move>,
    /// The position at the start of the period (the repeated position).
    pub position: Position,
}

impl Repetition {
    /// The ply at which the 待判局面 arose.
    pub fn ply(&self) -> usize {
        self.occurrences.last().copied().unwrap_or(0)
    }

    /// The ply of the cycle's first counted occurrence (after its 首着).
    pub fn first_ply(&self) -> usize {
        self.occurrences.first().copied().unwrap_or(0)
    }
}

/// Scans a record for the first position to arise a third time (23.1),
/// not counting positions created by a capture (23.2). The moves must be
/// pseudo-legal; playing stops at the first third occurrence.
pub fn find_repetition(start: &Position, moves: &[Move]) -> Option<Repetition> {
    let mut seen: HashMap<String, Vec<usize>> = HashMap::new();
    let mut pos = start.clone();
    let mut history: Vec<Position> = vec![pos.clone()];
    seen.entry(pos.repetition_key()).or_default().push(0);
    for (i, &mv) in moves.iter().enumerate() {
        let capture = pos.captured_by(mv).is_some();
        pos = pos.play_unchecked(mv);
        history.push(pos.clone());
        let ply = i + 1;
        if capture {
            // 23.2: a position created by a capture is not an occurrence.
            continue;
        }
        let occ = seen.entry(pos.repetition_key()).or_default();
        occ.push(ply);
        if occ.len() == 3 {
            let second = occ[1];
            return Some(Repetition {
                occurrences: occ.clone(),
                period: moves[second..ply].to_vec(),
                position: history[second].clone(),
            });
        }
    }
    None
}

/// How many counted times the final position of a record has occurred
/// (for 23.3: fewer than three are not ruled on).
pub fn occurrences_of_last(start: &Position, moves: &[Move]) -> usize {
    let mut pos = start.clone();
    let mut keys: Vec<(String, bool)> = vec![(pos.repetition_key(), false)];
    for &mv in moves {
        let capture = pos.captured_by(mv).is_some();
        pos = pos.play_unchecked(mv);
        keys.push((pos.repetition_key(), capture));
    }
    let last = pos.repetition_key();
    keys.iter()
        .filter(|(k, capture)| *k == last && !capture)
        .count()
}
