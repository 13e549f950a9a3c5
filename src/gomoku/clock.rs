//! Time (article 14 计时, chapter 6 快棋赛 30–31): the time controls, the
//! clocks a record's times run, and the flag they find.
//!
//! * 14.1.1 包干制: a fixed time for each side; the first to reach it loses;
//! * 14.1.2 加秒制: a starting time and so much more after each move;
//! * 14.1.3 共用时限: one common time both sides use, optionally followed
//!   by 包干制 or 加秒制 when it ends; the referee may at any time put a
//!   clock on the game, each side's time then half of what remains
//!   (`split-clock`);
//! * 14.2: black's clock starts at the start; each side presses after its
//!   move and starts the other's;
//! * 14.6.1: a player who forgets to press keeps his clock running: the
//!   opponent's time is his until reminded (`unpressed`);
//! * 14.7: the time a referee spends on a breach is charged to a player
//!   only if the referee so decides (`ruling-time`);
//! * 14.5, 31.5: the referee corrects the clocks (`set-clock`,
//!   `add-time`);
//! * 30.1: a game of 15 minutes a side or less is rapid; 30.3 names its
//!   controls: `30.3.1.A` 15 minutes, `30.3.1.B` 10 minutes + 10 seconds,
//!   `30.3.2` 5 minutes + 3 seconds, `30.3.3` 3 minutes + 2 seconds; 30.3.4
//!   any other given in numbers.
//!
//! Clocks belong to players (先手方 and 后手方, [`Player`]), not colours: a
//! swap exchanges the colours, not the clocks. Times are kept in
//! milliseconds (14.1.3's half of an odd number of seconds is exact) and
//! read and printed in seconds.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::openings::Player;
use crate::limits::MAX_GOMOKU_CLOCK_SECONDS;

/// Milliseconds.
pub type Millis = i64;

const fn ms(seconds: u32) -> Millis {
    seconds as Millis * 1000
}

/// A time control as a record gives it: a clause of 30.3 naming one, or
/// its numbers in seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuTimeControl"))]
#[serde(
    untagged,
    expecting = "expected a time control: a clause (30.3.1.A, 30.3.1.B, 30.3.2, 30.3.3) or {base, increment, shared} in seconds"
)]
pub enum TimeControlSpec {
    /// `30.3.1.A`, `30.3.1.B`, `30.3.2` or `30.3.3`.
    Clause(String),
    /// Numbers in seconds.
    Numbers(TimeNumbers),
}

/// A time control's numbers, in seconds: `base` alone is 包干制 (14.1.1),
/// with `increment` 加秒制 (14.1.2); `shared` is a common time used first
/// (14.1.3), after which `base` and `increment` (if any) apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuTimeNumbers"))]
#[serde(deny_unknown_fields)]
pub struct TimeNumbers {
    /// Each side's time (after the shared time, if any).
    #[serde(default)]
    pub base: u32,
    /// Added after each move (加秒).
    #[serde(default)]
    pub increment: u32,
    /// The common time both sides use first (共用时限).
    #[serde(default)]
    pub shared: u32,
}

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's own time (14.1.1, 14.1.2; after the shared time).
    pub base: Millis,
    /// Added after each move on one's own clock (14.1.2).
    pub increment: Millis,
    /// The common time (14.1.3), 0 for none.
    pub shared: Millis,
    /// The clause that names it: `14.1.1`, `14.1.2`, `14.1.3` or one of
    /// 30.3's.
    pub clause: &'static str,
}

/// Why a clock log cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    /// A clause that names no time control.
    #[error(
        "time_control: '{}' names no time control (30.3.1.A, 30.3.1.B, 30.3.2, 30.3.3, or give {{base, increment, shared}})",
        crate::limits::echo(.0)
    )]
    UnknownControl(String),
    /// No time at all.
    #[error("time_control: neither a base nor a shared time is given (14.1)")]
    NoTime,
    /// A number beyond [`MAX_GOMOKU_CLOCK_SECONDS`].
    #[error("{field}: {value} seconds is more than the limit of {MAX_GOMOKU_CLOCK_SECONDS}")]
    TooLong {
        /// Where.
        field: String,
        /// The value.
        value: u32,
    },
    /// More times than actions.
    #[error("times: {times} entries for {actions} actions (one entry an action)")]
    TooManyTimes {
        /// Entries.
        times: usize,
        /// Actions.
        actions: usize,
    },
    /// Times without a time control.
    #[error("times: the record gives times but no time_control")]
    TimesWithoutControl,
}

/// Checks a number of seconds against [`MAX_GOMOKU_CLOCK_SECONDS`].
pub(crate) fn check_seconds(field: &str, value: u32) -> Result<u32, ClockError> {
    if value > MAX_GOMOKU_CLOCK_SECONDS {
        Err(ClockError::TooLong {
            field: field.to_string(),
            value,
        })
    } else {
        Ok(value)
    }
}

impl TimeControl {
    /// The controls 30.3 names.
    pub const PRESETS: [(&'static str, u32, u32); 4] = [
        ("30.3.1.A", 15 * 60, 0),
        ("30.3.1.B", 10 * 60, 10),
        ("30.3.2", 5 * 60, 3),
        ("30.3.3", 3 * 60, 2),
    ];

    /// The control a record gives.
    pub fn from_spec(spec: &TimeControlSpec) -> Result<TimeControl, ClockError> {
        match spec {
            TimeControlSpec::Clause(c) => TimeControl::PRESETS
                .iter()
                .find(|(name, ..)| name == c)
                .map(|&(clause, base, increment)| TimeControl {
                    base: ms(base),
                    increment: ms(increment),
                    shared: 0,
                    clause,
                })
                .ok_or_else(|| ClockError::UnknownControl(c.clone())),
            TimeControlSpec::Numbers(n) => {
                check_seconds("time_control.base", n.base)?;
                check_seconds("time_control.increment", n.increment)?;
                check_seconds("time_control.shared", n.shared)?;
                if n.base == 0 && n.shared == 0 {
                    return Err(ClockError::NoTime);
                }
                let clause = if n.shared > 0 {
                    "14.1.3"
                } else if n.increment > 0 {
                    "14.1.2"
                } else {
                    "14.1.1"
                };
                Ok(TimeControl {
                    base: ms(n.base),
                    increment: ms(n.increment),
                    shared: ms(n.shared),
                    clause,
                })
            }
        }
    }

    /// 30.1: each side's time is 15 minutes or less (每方时限 15 分钟（含）
    /// 以下), by 30.2 under 包干制 or 加秒制 only: a shared time makes no
    /// rapid game (qigui's reading, `spec/gomoku.md`).
    pub fn is_rapid(&self) -> bool {
        self.shared == 0 && self.base <= ms(15 * 60)
    }

    /// The clause a flag on a side's own clock falls under.
    fn own_clause(&self) -> &'static str {
        if self.increment > 0 {
            "14.1.2"
        } else {
            "14.1.1"
        }
    }
}

/// Whose time ran out, and under which clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// One player's clock (14.1.1, 14.1.2, or 14.1.3 after a split).
    Player(Player, &'static str),
    /// The shared time ended with no later control (14.1.3): both sides'
    /// time is out at the same moment, no one first (19.2.1 D, qigui's
    /// reading).
    Shared,
}

/// The clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The control.
    pub control: TimeControl,
    /// Each player's time left, first player's first.
    remaining: [Millis; 2],
    /// The shared time left (14.1.3).
    shared: Millis,
    /// Whether the game is on the shared time.
    on_shared: bool,
    /// The increment while on one's own clock.
    increment: Millis,
    /// The clause of a flag on one's own clock.
    own_clause: &'static str,
    /// 14.6.1: the player whose clock was not pressed and still runs.
    unpressed: Option<Player>,
}

fn index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Clocks {
    /// Clocks set to a control (14.2: black's starts at the start).
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            remaining: [control.base; 2],
            shared: control.shared,
            on_shared: control.shared > 0,
            increment: control.increment,
            own_clause: control.own_clause(),
            unpressed: None,
            control,
        }
    }

    /// A player's own time left.
    pub fn remaining(&self, p: Player) -> Millis {
        self.remaining[index(p)]
    }

    /// The shared time left, while the game is on it (14.1.3).
    pub fn shared(&self) -> Option<Millis> {
        self.on_shared.then_some(self.shared)
    }

    /// Whether a player's time is out.
    pub fn is_out(&self, p: Player) -> bool {
        self.shared().is_none() && self.remaining(p) < 0
    }

    /// `time` spent on `p`'s clock: the shared time first while there is
    /// any, then `p`'s own. A flag when the time ran out (`>`: a press at
    /// the very moment the time is used up is in time).
    pub fn spend(&mut self, p: Player, time: Millis, increment: bool) -> Option<Flag> {
        let mut time = time;
        if self.on_shared {
            if time <= self.shared {
                self.shared -= time;
                if self.shared == 0 && self.control.base > 0 {
                    self.on_shared = false;
                }
                return None;
            }
            time -= self.shared;
            self.shared = 0;
            if self.control.base == 0 {
                return Some(Flag::Shared);
            }
            self.on_shared = false;
        }
        let i = index(p);
        let left = self.remaining[i];
        self.remaining[i] = left.saturating_sub(time);
        if time > left {
            return Some(Flag::Player(p, self.own_clause));
        }
        if increment {
            self.remaining[i] = self.remaining[i].saturating_add(self.increment);
        }
        None
    }

    /// A move's time: charged to its player, or (14.6.1) to the player who
    /// did not press after his own move, whose clock still runs. The mover
    /// presses after the move: the increment (14.1.2) is his.
    pub fn action(&mut self, actor: Player, time: Millis) -> Option<Flag> {
        match self.unpressed.take() {
            Some(q) if q != actor => self.spend(q, time, false),
            _ => self.spend(actor, time, true),
        }
    }

    /// 14.6.1: `p` did not press after his move.
    pub fn unpressed(&mut self, p: Player) {
        self.unpressed = Some(p);
    }

    /// 14.1.3: the referee puts a clock on the game: each side's time is
    /// half of the shared time left, to which a later control's base is
    /// added. Nothing when the game is not on shared time.
    pub fn split(&mut self) -> bool {
        if self.shared().is_none() {
            return false;
        }
        let half = self.shared / 2;
        for r in &mut self.remaining {
            *r = half.saturating_add(self.control.base);
        }
        self.shared = 0;
        self.on_shared = false;
        self.own_clause = "14.1.3";
        true
    }

    /// Time added to (or, negative, taken from) a player's clock.
    pub fn add(&mut self, p: Player, time: Millis) -> Option<Flag> {
        let i = index(p);
        self.remaining[i] = self.remaining[i].saturating_add(time);
        (self.remaining[i] < 0 && self.shared().is_none())
            .then_some(Flag::Player(p, self.own_clause))
    }

    /// The referee sets a player's clock (14.5).
    pub fn set(&mut self, p: Player, time: Millis) {
        self.remaining[index(p)] = time;
    }
}

/// A record's clock log: the control, each action's time, the late limit.
///
/// ```
/// use qigui::gomoku::{GameRecord, GameResult, adjudicate};
/// // 包干制 60 s: black's second stone takes 1 s more than he has left.
/// let rec = GameRecord::from_yaml(
///     "opening: free\nmoves: H8 H9 I9\ntime_control: {base: 60}\ntimes: [60, 5, 1]\n",
/// )?;
/// let adj = adjudicate(&rec)?;
/// let o = adj.outcome.expect("a flag");
/// assert_eq!((o.result, o.clause, o.at), (GameResult::WhiteWins, "14.1.1", 2));
/// assert_eq!(adj.clocks.map(|c| (c.black, c.white)), Some((-1.0, 55.0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockLog {
    /// The time control; `None`: the clocks are not modelled (flags are
    /// events).
    pub control: Option<TimeControl>,
    /// For each action in order, the time on its player's clock until he
    /// pressed (14.2); the clocks are known as far as the times go.
    pub times: Vec<Millis>,
    /// The limit for late arrival (14.3.1: 0 when the event sets none).
    pub late_limit: Millis,
}

impl ClockLog {
    /// A clock log from a record file's fields (seconds).
    pub fn new(
        control: Option<&TimeControlSpec>,
        times: Vec<u32>,
        late_limit: Option<u32>,
    ) -> Result<ClockLog, ClockError> {
        let control = control.map(TimeControl::from_spec).transpose()?;
        if control.is_none() && !times.is_empty() {
            return Err(ClockError::TimesWithoutControl);
        }
        let times = times
            .into_iter()
            .enumerate()
            .map(|(i, t)| check_seconds(&format!("times[{}]", i + 1), t).map(ms))
            .collect::<Result<Vec<_>, _>>()?;
        let late_limit = ms(check_seconds("late_limit", late_limit.unwrap_or(0))?);
        Ok(ClockLog {
            control,
            times,
            late_limit,
        })
    }
}

/// The clocks at the end of a record, by the colour each player then holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockReport {
    /// Black's time left, seconds (negative: the flag fell).
    pub black: f64,
    /// White's time left, seconds.
    pub white: f64,
    /// The shared time left, while the game is on it (14.1.3).
    pub shared: Option<f64>,
    /// The control's clause (14.1.1, 14.1.2, 14.1.3 or 30.3's).
    pub clause: &'static str,
    /// A rapid game (30.1).
    pub rapid: bool,
    /// Whether the times cover every action played: otherwise the clocks
    /// stand as the last timed action left them.
    pub complete: bool,
}

/// Milliseconds as seconds.
pub fn seconds(t: Millis) -> f64 {
    t as f64 / 1000.0
}

/// Seconds as milliseconds.
pub(crate) fn millis(seconds: u32) -> Millis {
    ms(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(base: u32, increment: u32, shared: u32) -> TimeControl {
        TimeControl::from_spec(&TimeControlSpec::Numbers(TimeNumbers {
            base,
            increment,
            shared,
        }))
        .unwrap()
    }

    #[test]
    fn presets_are_30_3() {
        let c = |s: &str| TimeControl::from_spec(&TimeControlSpec::Clause(s.into())).unwrap();
        assert_eq!((c("30.3.1.A").base, c("30.3.1.A").increment), (900_000, 0));
        assert_eq!((c("30.3.2").base, c("30.3.2").increment), (300_000, 3_000));
        assert!(c("30.3.3").is_rapid());
        assert!(TimeControl::from_spec(&TimeControlSpec::Clause("30.3.4".into())).is_err());
        assert!(!control(901, 0, 0).is_rapid());
        assert_eq!(control(0, 0, 60).clause, "14.1.3");
        assert!(matches!(
            TimeControl::from_spec(&TimeControlSpec::Numbers(TimeNumbers::default())),
            Err(ClockError::NoTime)
        ));
    }

    #[test]
    fn sudden_death_increment_and_shared_time() {
        let mut c = Clocks::new(control(10, 0, 0));
        assert_eq!(c.action(Player::First, 10_000), None);
        assert_eq!(
            c.action(Player::First, 1),
            Some(Flag::Player(Player::First, "14.1.1"))
        );
        let mut c = Clocks::new(control(10, 5, 0));
        assert_eq!(c.action(Player::Second, 8_000), None);
        assert_eq!(c.remaining(Player::Second), 7_000);
        // Shared 61 s, then split: 30.5 s each.
        let mut c = Clocks::new(control(0, 0, 100));
        assert_eq!(c.action(Player::First, 39_000), None);
        assert!(c.split());
        assert_eq!(c.remaining(Player::Second), 30_500);
        assert!(!c.split());
        let mut c = Clocks::new(control(0, 0, 10));
        assert_eq!(c.action(Player::First, 11_000), Some(Flag::Shared));
        // Shared then 包干: the rest of the move on one's own clock.
        let mut c = Clocks::new(control(20, 0, 10));
        assert_eq!(c.action(Player::First, 15_000), None);
        assert_eq!(c.remaining(Player::First), 15_000);
        assert_eq!(c.remaining(Player::Second), 20_000);
        // 14.6.1: the first player did not press.
        let mut c = Clocks::new(control(30, 0, 0));
        c.unpressed(Player::First);
        assert_eq!(
            c.action(Player::Second, 31_000),
            Some(Flag::Player(Player::First, "14.1.1"))
        );
    }
}
