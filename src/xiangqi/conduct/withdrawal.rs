//! Withdrawing from an event (退出比赛, article 19; 1999 20).
//!
//! 19.1: a player or team may withdraw only with the organisers' consent,
//! for a good reason stated in writing (an administrative matter, not ruled
//! on here). What happens to the games:
//!
//! * 19.2 (1999 20.3), round robin: if the player has met fewer than half of
//!   its opponents, all its results are struck out; if half or more, its
//!   results stand and its remaining games are forfeited, the opponents
//!   winning them;
//! * 19.3 (1999 20.4), Swiss system (积分编排制): the results stand and the
//!   remaining games are forfeited, the opponents winning them.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The system of the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// 循环制.
    RoundRobin,
    /// 积分编排制.
    Swiss,
    /// 团体赛或对抗赛: team events and matches (Gomoku 2025 24.4.4; the
    /// Xiangqi rules have no such clause).
    Team,
}

/// What happens to a withdrawn player's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Withdrawal {
    /// The games played keep their results (`false`: struck out).
    pub played_stand: bool,
    /// The games not played are forfeited, the opponents winning them.
    pub unplayed_forfeited: bool,
}

/// A withdrawal that cannot be ruled on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct WithdrawalError(String);

impl WithdrawalError {
    /// An error saying `why`.
    pub fn new(why: impl Into<String>) -> WithdrawalError {
        WithdrawalError(why.into())
    }
}

/// Rules on a withdrawal after `played` of `opponents` games.
pub fn withdraw(
    system: System,
    opponents: u32,
    played: u32,
) -> Result<Withdrawal, WithdrawalError> {
    if played > opponents {
        return Err(WithdrawalError(format!(
            "{played} games played but only {opponents} opponents"
        )));
    }
    if system == System::Team {
        return Err(WithdrawalError(
            "the Xiangqi rules say nothing of withdrawals from team events (19.2: round robin, 19.3: Swiss)".into(),
        ));
    }
    Ok(match system {
        // "凡已赛对手不足半数者 … 一概注销；如达到或超过半数以上，则其成绩有效".
        System::RoundRobin if 2 * played < opponents => Withdrawal {
            played_stand: false,
            unplayed_forfeited: false,
        },
        _ => Withdrawal {
            played_stand: true,
            unplayed_forfeited: played < opponents,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_decides_in_a_round_robin() {
        assert!(!withdraw(System::RoundRobin, 9, 4).unwrap().played_stand);
        let w = withdraw(System::RoundRobin, 8, 4).unwrap();
        assert!(w.played_stand && w.unplayed_forfeited);
        assert!(withdraw(System::Swiss, 9, 1).unwrap().played_stand);
        assert!(withdraw(System::Swiss, 3, 4).is_err());
    }
}
