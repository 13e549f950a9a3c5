//! Fouls (犯规, article 8) and how they are counted.
//!
//! 8.1 lists what is a foul: disturbing the opponent (8.1.1), stopping or
//! starting the clock (8.1.2), offering a draw two more times than the
//! opponent (8.1.3, see [`super::draws`]), an untrue natural-limit claim
//! (8.1.4), touching a piece to no purpose (8.1.5, see [`super::touch`]), a
//! record under 7.1 or 7.2 (8.1.6), pressing the clock without a move
//! (8.1.7), a first illegal move in junior and provincial events (8.1.8),
//! breaches of the players' rules (8.1.9). Three fouls lose (4.1.10), two
//! in rapid play (28.11.1) and under the local rules; 8.2: a foul is
//! announced and recorded at once, and waived if the offender resigns at
//! once.

use serde::Serialize;

use crate::xiangqi::board::Color;

/// The fouls of a game, per side, with their clauses in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FoulSheet {
    /// Each side's fouls: the clause of each, in order.
    pub fouls: [Vec<&'static str>; 2],
}

impl FoulSheet {
    /// Records a foul; returns the side's count.
    pub fn add(&mut self, side: Color, clause: &'static str) -> u32 {
        self.fouls[side.index()].push(clause);
        self.count(side)
    }

    /// Waives a side's last foul (8.2), if it has one.
    pub fn waive_last(&mut self, side: Color) -> Option<&'static str> {
        self.fouls[side.index()].pop()
    }

    /// A side's count.
    pub fn count(&self, side: Color) -> u32 {
        u32::try_from(self.fouls[side.index()].len()).unwrap_or(u32::MAX)
    }

    /// Both counts, red first.
    pub fn counts(&self) -> [u32; 2] {
        [self.count(Color::Red), self.count(Color::Black)]
    }
}

/// 7.1 (2020): fouls for moves missing from a record found at one check:
/// "每漏记 4 着判犯规一次；每漏记 8 着(含)以上，直接判犯规两次" — 4 to 7
/// missing moves one foul, 8 or more two.
pub fn omission_fouls_2020(missing: u32) -> u32 {
    match missing {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// 1999 7.1: "每连续漏记4着，判犯规一次" — one foul for every four.
pub fn omission_fouls_1999(missing: u32) -> u32 {
    missing / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omissions() {
        assert_eq!(omission_fouls_2020(3), 0);
        assert_eq!(omission_fouls_2020(4), 1);
        assert_eq!(omission_fouls_2020(7), 1);
        assert_eq!(omission_fouls_2020(8), 2);
        assert_eq!(omission_fouls_2020(20), 2);
        assert_eq!(omission_fouls_1999(9), 2);
    }

    #[test]
    fn sheet() {
        let mut s = FoulSheet::default();
        assert_eq!(s.add(Color::Red, "8.1.1"), 1);
        assert_eq!(s.add(Color::Red, "8.1.2"), 2);
        assert_eq!(s.waive_last(Color::Red), Some("8.1.2"));
        assert_eq!(s.counts(), [1, 0]);
    }
}
