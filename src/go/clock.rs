//! The clock (计时, 竞赛规定.12): the time limit (时限), byo-yomi (读秒), and
//! the sudden-death limit (包干用时制, 棋类比赛.5).
//!
//! * 竞赛规定.12.一: each side has a time limit and may not exceed it
//!   (棋手用时不得超过规定时限). Without byo-yomi this is 棋类比赛.5's
//!   包干用时制: exceeding the limit loses (超时判负), and filling dame counts
//!   like any move (棋类比赛.5.(3)).
//! * 竞赛规定.12.二: the event keeps some minutes of the limit back for
//!   byo-yomi (national events five, local events may keep one). Once the
//!   rest is used, a move that takes less than a minute costs nothing; each
//!   full minute a move takes costs one minute of the reserve; the reserve
//!   may not be used up (不得用完规定时间): the move that would use the last
//!   minute to its end loses.
//! * The calls: in a minute that is not the last, 30, 40, 50, 55 and 58
//!   seconds and the minute (一分钟), and on each deduction "还剩×分钟"; in
//!   the last minute 30, 40, 50 seconds and then each second 1, 2, … 9,
//!   ending "10,超时判负" at the minute. The printed sequence has a "60秒"
//!   after the 50 that a one-minute period has no room for (`spec/errata.md`
//!   E2): qigui counts 1–10 as the seconds 51–60.
//!
//! Times are whole seconds. A move that ends at the instant a call is due
//! hears the call. Main time: a move that takes exactly the time left is in
//! time; with byo-yomi, the move that reaches the end of the reserve's last
//! minute is not (the count reaches "10,超时判负").

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// An event's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// 时限: each side's time, byo-yomi reserve included, in minutes.
    pub limit_minutes: u32,
    /// 读秒: the minutes of the limit kept back for byo-yomi (0: none, the
    /// 包干 sudden-death limit).
    #[serde(default)]
    pub reserve_minutes: u32,
}

/// Why a time control is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    /// The reserve is more than the limit.
    #[error(
        "a reserve of {reserve} minutes within a limit of {limit}: the reserve is kept back from the limit (竞赛规定.12.二: 在时限内保留)"
    )]
    ReserveOverLimit {
        /// The limit.
        limit: u32,
        /// The reserve.
        reserve: u32,
    },
    /// No time at all, or more than a day.
    #[error("a limit of {0} minutes: give 1 to 1440")]
    Limit(u32),
}

/// What the referee calls (竞赛规定.12.二).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// "30秒", "40秒", …: seconds into the minute.
    Seconds(u32),
    /// "一分钟": the minute is full.
    OneMinute,
    /// "还剩×分钟": a minute of the reserve is deducted; so many are left.
    MinutesLeft(u32),
    /// The last minute's count "1" … "9".
    Count(u32),
    /// "10,超时判负".
    TimeUp,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Seconds(s) => write!(f, "{s}秒"),
            Call::OneMinute => f.write_str("一分钟"),
            Call::MinutesLeft(n) => write!(f, "还剩{n}分钟"),
            Call::Count(n) => write!(f, "{n}"),
            Call::TimeUp => f.write_str("10,超时判负"),
        }
    }
}

/// A call and when it falls, in seconds since the move began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedCall {
    /// Seconds since the move began.
    pub at: u32,
    /// The call.
    pub call: Call,
}

/// One move on the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTime {
    /// The move's time in seconds.
    pub seconds: u32,
    /// Seconds of it in byo-yomi.
    pub reading: u32,
    /// Reserve minutes it cost.
    pub deducted: u32,
    /// The calls heard during it.
    pub calls: Vec<TimedCall>,
    /// Main time left after it, in seconds.
    pub main_left: u32,
    /// Reserve minutes left after it.
    pub reserve_left: u32,
    /// Whether the side lost on time during it.
    pub lost: bool,
}

/// One side's moves on the clock, up to the end or a loss on time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockReport {
    /// Each move played (the losing one last, if any).
    pub moves: Vec<MoveTime>,
    /// The 1-based move on which the side lost on time.
    pub lost_at: Option<usize>,
    /// Main time left, in seconds.
    pub main_left: u32,
    /// Reserve minutes left.
    pub reserve_left: u32,
}

/// The calls of one byo-yomi minute: `left` minutes of reserve remain at its
/// start.
fn minute_calls(left: u32) -> Vec<(u32, Call)> {
    let mut v: Vec<(u32, Call)> = [30, 40, 50]
        .iter()
        .map(|&s| (s, Call::Seconds(s)))
        .collect();
    if left > 1 {
        v.push((55, Call::Seconds(55)));
        v.push((58, Call::Seconds(58)));
        v.push((60, Call::OneMinute));
        v.push((60, Call::MinutesLeft(left - 1)));
    } else {
        v.extend((1..=9).map(|k| (50 + k, Call::Count(k))));
        v.push((60, Call::TimeUp));
    }
    v
}

/// Runs one side's move times (seconds) against a time control.
pub fn run(tc: TimeControl, moves: &[u32]) -> Result<ClockReport, ClockError> {
    if tc.limit_minutes == 0 || tc.limit_minutes > 1440 {
        return Err(ClockError::Limit(tc.limit_minutes));
    }
    if tc.reserve_minutes > tc.limit_minutes {
        return Err(ClockError::ReserveOverLimit {
            limit: tc.limit_minutes,
            reserve: tc.reserve_minutes,
        });
    }
    let mut main_left = (tc.limit_minutes - tc.reserve_minutes) * 60;
    let mut reserve_left = tc.reserve_minutes;
    let mut out = Vec::new();
    let mut lost_at = None;
    for (i, &t) in moves.iter().enumerate() {
        let mut mv = MoveTime {
            seconds: t,
            reading: 0,
            deducted: 0,
            calls: Vec::new(),
            main_left,
            reserve_left,
            lost: false,
        };
        if t <= main_left {
            main_left -= t;
        } else if reserve_left == 0 {
            // 包干: the limit is exceeded.
            main_left = 0;
            mv.lost = true;
        } else {
            let offset = main_left;
            let u = t - main_left;
            main_left = 0;
            mv.reading = u;
            let mut k = 0;
            loop {
                let left = reserve_left - k;
                for (s, call) in minute_calls(left) {
                    if 60 * k + s <= u {
                        mv.calls.push(TimedCall {
                            at: offset + 60 * k + s,
                            call,
                        });
                    }
                }
                if u < 60 * (k + 1) {
                    break;
                }
                if left == 1 {
                    mv.lost = true;
                    break;
                }
                k += 1;
            }
            mv.deducted = if mv.lost { reserve_left } else { u / 60 };
            reserve_left -= mv.deducted;
        }
        mv.main_left = main_left;
        mv.reserve_left = reserve_left;
        let lost = mv.lost;
        out.push(mv);
        if lost {
            lost_at = Some(i + 1);
            break;
        }
    }
    Ok(ClockReport {
        moves: out,
        lost_at,
        main_left,
        reserve_left,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(limit: u32, reserve: u32) -> TimeControl {
        TimeControl {
            limit_minutes: limit,
            reserve_minutes: reserve,
        }
    }

    #[test]
    fn under_a_minute_is_free() {
        let r = run(tc(1, 1), &[59, 59, 59]).unwrap();
        assert_eq!(r.lost_at, None);
        assert_eq!(r.reserve_left, 1);
        let r = run(tc(1, 1), &[59, 60]).unwrap();
        assert_eq!(r.lost_at, Some(2));
    }

    #[test]
    fn reserve_over_limit() {
        assert!(run(tc(5, 6), &[]).is_err());
        assert!(run(tc(0, 0), &[]).is_err());
    }
}
