//! Time controls and the chess clock (article 6, 21, 28.5–28.7, 30.3;
//! 1999 6, 22; the local rules' per-move limits).
//!
//! * 6.1 基本用时加秒制: a base time and an increment after every move
//!   (e.g. 60 minutes + 30 seconds);
//! * 6.2 限时包干制: a base time and no increment;
//! * 6.3, 27.2: a game of 15 minutes a side or less is a rapid game;
//! * 6.4 贴时制: different base times for the two sides (28.6's 附加赛);
//! * 1999 6.1–6.4: a number of moves in a period, then further periods;
//! * the local rules: a base time, then at most so many seconds a move.
//!
//! Times are kept in milliseconds. A side runs out of time (超时, 21.1) when
//! the time a move took exceeds what was left on its clock.

use serde::Serialize;

/// Milliseconds.
pub type Millis = i64;

/// Seconds to milliseconds.
pub const fn secs(s: i64) -> Millis {
    s * 1000
}

/// One period of a 1999 time control: so many moves in so much time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// Moves to make in the period.
    pub moves: u32,
    /// The time for them.
    pub time: Millis,
}

/// A time control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// The base time of red and black (equal except under 贴时制, 6.4).
    pub base: [Millis; 2],
    /// Added after each move (6.1 加秒).
    pub increment: Millis,
    /// Further periods after the base (1999 6.1–6.4): each adds its time
    /// when the moves of the one before are made; the last repeats.
    pub periods: Vec<Period>,
    /// Moves required within the base time (1999), 0 for none.
    pub base_moves: u32,
    /// After the base time is used up, the most a move may take (local rules).
    pub per_move: Option<Millis>,
    /// The clause of the rulebook that sets it, for a preset.
    pub clause: Option<&'static str>,
}

impl TimeControl {
    /// A base time and an increment for both sides.
    pub fn new(base: Millis, increment: Millis) -> TimeControl {
        TimeControl {
            base: [base, base],
            increment,
            periods: Vec::new(),
            base_moves: 0,
            per_move: None,
            clause: None,
        }
    }

    /// Whether it makes a rapid game: 15 minutes a side or less, with no
    /// further periods or per-move limits (6.3, 27.2).
    pub fn is_rapid(&self) -> bool {
        self.periods.is_empty()
            && self.per_move.is_none()
            && self.base_moves == 0
            && self.base.iter().all(|&b| b > 0 && b <= secs(15 * 60))
    }

    /// Whether it gives the two sides different times (6.4 贴时制).
    pub fn is_odds(&self) -> bool {
        self.base[0] != self.base[1]
    }
}

/// How a move fared against the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// Made and the clock pressed in time.
    InTime,
    /// The time ran out before the move was made (超时, 21.1): the move
    /// does not count.
    FlagBeforeMove,
    /// The move was made in time but the time ran out before the clock was
    /// pressed (一方走棋后超时, 21.6).
    FlagAfterMove,
    /// A per-move limit was exceeded by so much (local rules).
    PerMoveExceeded(Millis),
}

/// A running chess clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    remaining: [Millis; 2],
    used: [Millis; 2],
    moves: [u32; 2],
    /// Moves still due before the next period's time is added.
    due: [u32; 2],
    next_period: [usize; 2],
}

impl Clock {
    /// A clock set to a time control.
    pub fn new(control: TimeControl) -> Clock {
        let due = [control.base_moves; 2];
        Clock {
            remaining: control.base,
            used: [0; 2],
            moves: [0; 2],
            due,
            next_period: [0; 2],
            control,
        }
    }

    /// The time left on a side's clock (index: 0 red, 1 black).
    pub fn remaining(&self, side: usize) -> Millis {
        self.remaining[side]
    }

    /// The time a side has used for its moves.
    pub fn used(&self, side: usize) -> Millis {
        self.used[side]
    }

    /// Moves a side has made.
    pub fn moves(&self, side: usize) -> u32 {
        self.moves[side]
    }

    /// Adds (or, negative, takes away) time on a side's clock: 22.2's five
    /// minutes, 5.9's three, 28.7.3's one.
    pub fn adjust(&mut self, side: usize, delta: Millis) {
        self.remaining[side] = self.remaining[side].saturating_add(delta);
    }

    /// Sets a side's clock (a referee's correction, 21.4).
    pub fn set(&mut self, side: usize, value: Millis) {
        self.remaining[side] = value;
    }

    /// Spends time without a move (late arrival, 1999 21.1).
    pub fn spend(&mut self, side: usize, time: Millis) {
        self.remaining[side] = self.remaining[side].saturating_sub(time);
        self.used[side] = self.used[side].saturating_add(time);
    }

    /// A move by `side` that took `used` until the clock was pressed, the
    /// hand leaving the piece after `moved` (≤ `used`).
    pub fn record_move(&mut self, side: usize, used: Millis, moved: Millis) -> Timing {
        let left = self.remaining[side];
        self.used[side] = self.used[side].saturating_add(used);
        if let Some(limit) = self.control.per_move {
            // Local rules: the base first, then at most `limit` a move.
            let over = used - left.max(0);
            self.remaining[side] = (left - used).max(0);
            self.moves[side] += 1;
            if over > limit {
                return Timing::PerMoveExceeded(over - limit);
            }
            return Timing::InTime;
        }
        if moved > left {
            self.remaining[side] = left - moved;
            return Timing::FlagBeforeMove;
        }
        self.remaining[side] = left - used;
        self.moves[side] += 1;
        if used > left {
            return Timing::FlagAfterMove;
        }
        self.remaining[side] += self.control.increment;
        if self.due[side] > 0 {
            self.due[side] -= 1;
            if self.due[side] == 0 && !self.control.periods.is_empty() {
                let i = self.next_period[side].min(self.control.periods.len() - 1);
                let p = self.control.periods[i];
                self.remaining[side] += p.time;
                self.due[side] = p.moves;
                self.next_period[side] = i + 1;
            }
        }
        Timing::InTime
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn increments_and_flags() {
        let mut c = Clock::new(TimeControl::new(secs(60), secs(10)));
        assert_eq!(c.record_move(0, secs(30), secs(30)), Timing::InTime);
        assert_eq!(c.remaining(0), secs(40));
        assert_eq!(c.record_move(0, secs(45), secs(39)), Timing::FlagAfterMove);
        let mut c = Clock::new(TimeControl::new(secs(60), 0));
        assert_eq!(c.record_move(1, secs(61), secs(61)), Timing::FlagBeforeMove);
    }
}
