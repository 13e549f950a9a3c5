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

/// How occurrences of a position are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counting {
    /// 23.2: a position a capture creates is not an occurrence (the cycle's
    /// first move, if a capture, is deducted).
    #[default]
    Rulebook,
    /// Every position is an occurrence: the plain threefold count of game
    /// databases and engines, which does not know 23.2.
    EveryPosition,
}

/// Every 待判局面 of a record by threefold repetition (23.1–23.3), in
/// order, counted as the rulebook counts ([`Counting::Rulebook`]); the
/// first is [`find_repetition`]'s. See [`find_repetitions_by`].
pub fn find_repetitions(start: &Position, moves: &[Move]) -> Vec<Repetition> {
    find_repetitions_by(start, moves, Counting::Rulebook)
}

/// Every position of a record that stands a third time, counted as
/// `counting` says. After a third occurrence the count starts afresh: the
/// position standing the third time is the first occurrence of the next
/// count, so a cycle the players go on repeating stands as a new 待判局面
/// every two periods (a record goes on after a 待判局面 no player asked to
/// have ruled on). A capture ends every count: no earlier position can
/// stand again.
pub fn find_repetitions_by(
    start: &Position,
    moves: &[Move],
    counting: Counting,
) -> Vec<Repetition> {
    let mut out = Vec::new();
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
            // No position before a capture can stand again.
            seen.clear();
            if counting == Counting::Rulebook {
                // 23.2: a position created by a capture is not an occurrence.
                continue;
            }
        }
        let key = pos.repetition_key();
        let occ = seen.entry(key.clone()).or_default();
        occ.push(ply);
        if occ.len() == 3 {
            let second = occ[1];
            out.push(Repetition {
                occurrences: occ.clone(),
                period: moves[second..ply].to_vec(),
                position: history[second].clone(),
            });
            seen.clear();
            seen.insert(key, vec![ply]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation;

    #[test]
    fn every_repetition_of_a_record_counted_afresh_after_each() {
        let start = Position::start();
        // Horses out and back, five times over: the start position stands
        // at plies 0, 4, 8 (the first 待判局面), then counted afresh at 8,
        // 12, 16 (the second), 16, 20 (only two: no third).
        let line = "h0g2 h9g7 g2h0 g7h9 ".repeat(5);
        let (moves, _) = notation::parse_line(&start, &line).expect("moves");
        let found = find_repetitions(&start, &moves);
        let occ: Vec<Vec<usize>> = found.iter().map(|r| r.occurrences.clone()).collect();
        assert_eq!(occ, [vec![0, 4, 8], vec![8, 12, 16]]);
        assert_eq!(found[0], find_repetition(&start, &moves).expect("one"));
        assert_eq!(found[1].period, moves[12..16]);
        assert!(find_repetitions(&start, &moves[..7]).is_empty());
    }

    /// 23.2: when the cycle's first move is a capture, the position it
    /// creates does not count; the count starts with the next move's.
    #[test]
    fn a_position_a_capture_creates_is_not_counted() {
        // Red's rook takes on a8 (ply 1), then both sides shuttle.
        let start = Position::from_fen("4k4/r8/9/9/9/9/9/9/9/R2K5 w - - 0 1").expect("FEN");
        let line = format!("a0a8 {}", "e9f9 a8a7 f9e9 a7a8 ".repeat(2));
        let (moves, _) = notation::parse_line(&start, &line).expect("moves");
        // The position after the capture stands at plies 1, 5, 9; the one
        // after black's first shuttle at 2, 6 and (one ply on) 10.
        let every = find_repetitions_by(&start, &moves, Counting::EveryPosition);
        assert_eq!(every[0].occurrences, [1, 5, 9]);
        assert!(find_repetitions(&start, &moves).is_empty());
        let (more, _) = notation::parse_line(&start, &format!("{line} e9f9")).expect("moves");
        assert_eq!(find_repetitions(&start, &more)[0].occurrences, [2, 6, 10]);
    }
}
