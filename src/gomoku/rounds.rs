//! 9.3: 轮 (round), 场 (match) and 局 (game) counted for an event.
//!
//! * 9.3.1 轮: every team (team event) or player (individual event) plays
//!   once, byes excepted (个别轮空者除外);
//! * 9.3.2 场: in a team event, the play between two teams in one round;
//! * 9.3.3 局: one game between two players.
//!
//! With 27.2 (循环制: everyone meets everyone once, or twice in a double
//! round robin) and 27.3 (积分编排制: the rounds announced) the counts
//! follow: [`count_rounds`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The event's system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum RoundsSystem {
    /// 27.2 单循环.
    RoundRobin,
    /// 27.2 双循环.
    DoubleRoundRobin,
    /// 27.3 积分编排制, with its announced rounds.
    Swiss,
}

/// An event to count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundsInput {
    /// The system.
    pub system: RoundsSystem,
    /// Players (individual event) or teams (team event).
    pub entrants: u32,
    /// A team event: the boards (台) each team fields; absent for an
    /// individual event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<u32>,
    /// A Swiss: the rounds announced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
}

/// The counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct RoundsCount {
    /// 轮 (9.3.1).
    pub rounds: u64,
    /// Entrants without an opponent in each round (轮空).
    pub byes_per_round: u64,
    /// 场 in each round and in all (9.3.2); `None` for an individual event.
    pub matches_per_round: Option<u64>,
    /// 场 in all.
    pub matches: Option<u64>,
    /// 局 in each round (9.3.3).
    pub games_per_round: u64,
    /// 局 in all.
    pub games: u64,
}

/// Why an event cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RoundsError {
    /// Fewer than two entrants.
    #[error("entrants: {0}; an event needs two or more")]
    Entrants(u32),
    /// A team event with no board.
    #[error("boards: a team fields one board or more")]
    Boards,
    /// A Swiss without its rounds, or rounds given to a round robin.
    #[error("rounds: {0}")]
    Rounds(&'static str),
    /// Counts beyond a 64-bit number.
    #[error("entrants: the event's games do not fit a 64-bit count")]
    TooLarge,
}

impl RoundsError {
    /// A short code for the corpus.
    pub fn code(&self) -> &'static str {
        match self {
            RoundsError::Entrants(_) => "entrants",
            RoundsError::Boards => "boards",
            RoundsError::Rounds(_) => "rounds",
            RoundsError::TooLarge => "entrants",
        }
    }
}

/// 9.3 with 27.2–27.3: the rounds, matches and games of an event.
///
/// ```
/// use qigui::gomoku::{RoundsInput, RoundsSystem, count_rounds};
/// // Six teams of four boards, single round robin.
/// let c = count_rounds(&RoundsInput {
///     system: RoundsSystem::RoundRobin,
///     entrants: 6,
///     boards: Some(4),
///     rounds: None,
/// })
/// .unwrap();
/// assert_eq!((c.rounds, c.matches, c.games), (5, Some(15), 60));
/// ```
pub fn count_rounds(i: &RoundsInput) -> Result<RoundsCount, RoundsError> {
    if i.entrants < 2 {
        return Err(RoundsError::Entrants(i.entrants));
    }
    if i.boards == Some(0) {
        return Err(RoundsError::Boards);
    }
    let n = u64::from(i.entrants);
    let odd = n % 2;
    let per_round = n / 2;
    let rounds = match (i.system, i.rounds) {
        (RoundsSystem::Swiss, Some(r)) if r > 0 => u64::from(r),
        (RoundsSystem::Swiss, _) => {
            return Err(RoundsError::Rounds(
                "a Swiss needs its announced rounds (1 or more)",
            ));
        }
        (_, Some(_)) => {
            return Err(RoundsError::Rounds(
                "a round robin's rounds follow from its entrants",
            ));
        }
        // An odd field: one bye each round, so n rounds.
        (RoundsSystem::RoundRobin, None) => n - 1 + odd,
        (RoundsSystem::DoubleRoundRobin, None) => 2 * (n - 1 + odd),
    };
    let boards = i.boards.map(u64::from);
    let b = boards.unwrap_or(1);
    let pairings = rounds.checked_mul(per_round).ok_or(RoundsError::TooLarge)?;
    Ok(RoundsCount {
        rounds,
        byes_per_round: odd,
        matches_per_round: boards.map(|_| per_round),
        matches: boards.map(|_| pairings),
        games_per_round: per_round.checked_mul(b).ok_or(RoundsError::TooLarge)?,
        games: pairings.checked_mul(b).ok_or(RoundsError::TooLarge)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_events_are_refused_not_wrapped() {
        let i = RoundsInput {
            system: RoundsSystem::DoubleRoundRobin,
            entrants: u32::MAX,
            boards: Some(u32::MAX),
            rounds: None,
        };
        assert_eq!(count_rounds(&i).unwrap_err().code(), "entrants");
    }
}
