//! Article 13 (记录) where it decides whether not keeping the record is the
//! foul 17.12 (在要求记录的比赛中拒绝进行对局记录):
//!
//! * 13.7: 在包干制用时比赛中，如果一方棋手所剩的用时离本方时限不足 5 分钟，
//!   该棋手有权在终局前不做记录 — under 包干制 (14.1.1, or 30.3.1 A; also
//!   the 包干制 that follows a shared time, 14.1.3, once the shared time is
//!   over), a player with less than 5 minutes left (300 s is not less) may
//!   stop recording. Read from the clocks at the `foul` event; they must be
//!   known (the record's time control, every action timed so far).
//! * 13.8: 快棋赛对局中棋手可不作对局记录 — in a rapid game (30.1: 15 minutes
//!   or less a side) nobody need keep a record (31.1 too).
//!
//! In either case a `foul` for 17.12 is noted under 13.7 or 13.8 and gives
//! no penalty. Without a time control the clocks are unknown and the foul
//! stands as the referee gave it.

use super::State;
use crate::gomoku::board::Stone;
use crate::gomoku::clock::{millis, seconds};

/// 13.7: 不足 5 分钟, in seconds.
const RECORDING_RIGHT_SECONDS: u32 = 5 * 60;

impl State<'_> {
    /// 13.7, 13.8: the clause and the reason why `side` may leave the
    /// record unkept now, if he may.
    pub(super) fn recording_excused(&self, side: Stone) -> Option<(&'static str, String)> {
        let (clocks, known) = self.clocks.clocks()?;
        let control = clocks.control;
        if control.is_rapid() {
            return Some((
                "13.8",
                format!(
                    "a rapid game ({} s a side, 30.1: 15 minutes or less): 快棋赛对局中棋手可不作对局记录",
                    seconds(control.base)
                ),
            ));
        }
        if !known || control.increment > 0 || clocks.shared().is_some() {
            return None;
        }
        let left = clocks.remaining(self.player(side));
        (left < millis(RECORDING_RIGHT_SECONDS)).then(|| {
            (
                "13.7",
                format!(
                    "包干制 with {} s left, under 5 minutes: he may stop recording until the end (and must complete the record after it)",
                    seconds(left)
                ),
            )
        })
    }
}
