//! Draw offers (提和, 22.1, 8.1.3, 4.3; 1999 23.1, 9.1.3).
//!
//! 22.1: a draw is offered in one's own time and cannot be withdrawn; the
//! opponent refuses by saying so or by playing on; "任何一方提和次数不得多于
//! 对方两次", and 8.1.3 makes it a foul when a side's offers exceed the
//! opponent's by two. 4.3: within the first 25 rounds neither side may, in
//! principle, offer a draw. 1999 23.1: offers alternate; 9.1.3: offering
//! again after a refusal, without the opponent having offered in between,
//! is a foul (so too the local rules' "提议作和经对方拒绝后连续提出").

use serde::Serialize;

use crate::xiangqi::board::Color;

/// The draw offers of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Offers {
    /// Offers made by red and black.
    pub made: [u32; 2],
    /// The offer on the table, by whom.
    pub pending: Option<Color>,
    /// Who made the last offer that was refused.
    pub last_refused: Option<Color>,
}

impl Offers {
    /// Records an offer. Returns whether it makes the side's offers exceed
    /// the opponent's by two (8.1.3).
    pub fn offer(&mut self, side: Color) -> bool {
        self.made[side.index()] += 1;
        self.pending = Some(side);
        self.made[side.index()] >= self.made[side.opponent().index()] + 2
    }

    /// Whether an offer by `side` now would repeat its last refused offer
    /// with no offer of the opponent's in between (1999 9.1.3).
    pub fn would_repeat(&self, side: Color) -> bool {
        self.last_refused == Some(side)
    }

    /// The pending offer is refused.
    pub fn refuse(&mut self) -> Option<Color> {
        let by = self.pending.take();
        if by.is_some() {
            self.last_refused = by;
        }
        by
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excess_of_two_is_a_foul() {
        let mut o = Offers::default();
        assert!(!o.offer(Color::Red));
        o.refuse();
        assert!(o.would_repeat(Color::Red));
        assert!(o.offer(Color::Red));
        o.refuse();
        assert!(!o.offer(Color::Black));
        o.refuse();
        assert!(!o.would_repeat(Color::Red));
        // 3 against 1: still two more.
        assert!(o.offer(Color::Red));
    }
}
