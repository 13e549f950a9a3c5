//! Late arrival (14.3 迟到计时).
//!
//! * 14.3.1: the event's rules set the limit; without one it is zero (零
//!   迟到): a player later than the limit loses, unless the referee decides
//!   otherwise;
//! * 14.3.2: an absent player's clock runs from the start, even though the
//!   player present does not move; when both are absent the referee starts
//!   one clock, and when one arrives the other's; whoever is late within
//!   the limit has the late time taken off his time;
//! * 14.3.3: one player later than the limit forfeits (弃权作负);
//! * 14.3.4: both later than the limit both forfeit.
//!
//! 14.3.2's clocks come to its last sentence: each late player's clock is
//! short by his own late time (black's clock runs from the start while he
//! is away, as 14.2 has it; an absent white's clock is started in his
//! place, and black's only when he comes). Under a shared time (14.1.3)
//! the common time runs from the start until both are present: the later
//! arrival's time comes off it once (qigui's reading, `spec/gomoku.md`).

use super::clock::Millis;

/// One player's arrival: how late, and whether the referee excused him
/// beyond the limit (14.3.1 除非裁判另有其他决定).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    /// Time after the start.
    pub at: Millis,
    /// Excused by the referee.
    pub excused: bool,
}

/// The ruling on the arrivals of the first and the second player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lateness {
    /// No one forfeits; each one's late time (0 if on time) comes off his
    /// clock (14.3.2).
    Deduct([Millis; 2]),
    /// The first (0) or second (1) player forfeits (14.3.3).
    Forfeit(usize),
    /// Both forfeit (14.3.4).
    BothForfeit,
}

/// The ruling for the arrivals (`None`: on time) under `limit`.
pub fn rule(limit: Millis, arrivals: [Option<Arrival>; 2]) -> Lateness {
    let beyond = arrivals.map(|a| a.is_some_and(|a| a.at > limit && !a.excused));
    match beyond {
        [true, true] => Lateness::BothForfeit,
        [true, false] => Lateness::Forfeit(0),
        [false, true] => Lateness::Forfeit(1),
        [false, false] => Lateness::Deduct(arrivals.map(|a| a.map_or(0, |a| a.at.max(0)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        let a = |at, excused| Some(Arrival { at, excused });
        // 14.3.1: no limit set, any lateness loses.
        assert_eq!(rule(0, [a(1, false), None]), Lateness::Forfeit(0));
        assert_eq!(rule(0, [None, None]), Lateness::Deduct([0, 0]));
        assert_eq!(rule(600, [a(600, false), None]), Lateness::Deduct([600, 0]));
        assert_eq!(
            rule(600, [a(700, true), a(601, false)]),
            Lateness::Forfeit(1)
        );
        assert_eq!(
            rule(600, [a(700, false), a(601, false)]),
            Lateness::BothForfeit
        );
    }
}
