//! The natural move limit (自然限着): a draw after so many rounds without a
//! capture (4.2.4: 60, "可根据比赛等级酌减"), checked on a claim (22.2,
//! where the claimant's checks count at most 10), in rapid play 50 rounds
//! with at most 8 checks (29.1.1), under the mass rules 30–40 rounds with
//! checks not counted (附录一 三.2); 1999: 60 rounds, at most 10 checks
//! (1999 4.2.4, 23.3).
//!
//! qigui counts complete rounds since the last capture (two plies each),
//! and takes one round off for each of the claimant's checks beyond the
//! number that count: those rounds do not count towards the limit.

use serde::Serialize;

use crate::xiangqi::board::Color;

/// The stretch of play since the last capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stretch {
    /// Plies since the last capture (or the start).
    pub plies: u32,
    /// Checking moves of red and black in it.
    pub checks: [u32; 2],
}

impl Stretch {
    /// A stretch already `plies` long (a FEN's halfmove clock), its checks
    /// unknown and so not counted.
    pub fn from_halfmoves(plies: u32) -> Stretch {
        Stretch {
            plies,
            checks: [0, 0],
        }
    }

    /// Records a move: a capture starts a new stretch.
    pub fn record(&mut self, mover: Color, capture: bool, check: bool) {
        if capture {
            *self = Stretch::default();
        } else {
            self.plies = self.plies.saturating_add(1);
            if check {
                self.checks[mover.index()] += 1;
            }
        }
    }

    /// The rounds that count for `claimant`: complete rounds without a
    /// capture, less one for each of the claimant's checks beyond
    /// `counted_checks` (`None`: every check counts).
    pub fn counted_rounds(&self, claimant: Option<Color>, counted_checks: Option<u32>) -> u32 {
        let rounds = self.plies / 2;
        let excess = match (claimant, counted_checks) {
            (Some(c), Some(n)) => self.checks[c.index()].saturating_sub(n),
            _ => 0,
        };
        rounds.saturating_sub(excess)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_beyond_the_cap_do_not_count() {
        let mut s = Stretch::default();
        for i in 0..120 {
            let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
            s.record(mover, false, mover == Color::Red && i < 22);
        }
        assert_eq!(s.checks, [11, 0]);
        assert_eq!(s.counted_rounds(Some(Color::Red), Some(10)), 59);
        assert_eq!(s.counted_rounds(Some(Color::Black), Some(10)), 60);
        assert_eq!(s.counted_rounds(Some(Color::Red), None), 60);
        s.record(Color::Red, true, false);
        assert_eq!(s.plies, 0);
    }
}
