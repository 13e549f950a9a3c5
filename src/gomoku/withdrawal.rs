//! Withdrawing from a Gomoku event (退出比赛, 24.4).
//!
//! * 24.4.1: a withdrawal before the event starts may lead to a new draw or
//!   a change of groups, as time allows: the organisers' decision;
//! * 24.4.2, round robin: fewer than half of the opponents met strikes out
//!   every result played; half or more keeps them and forfeits the rest,
//!   the opponents winning them (as Xiangqi 2020 19.2);
//! * 24.4.3, Swiss system (积分编排制): the results stand and the player is
//!   not paired again (以后的比赛不再编排) — unlike Xiangqi 2020 19.3, no
//!   game is forfeited, since no opponent is drawn against him;
//! * 24.4.4, team events and matches (团体赛或对抗赛): the results stand
//!   and the games not played are forfeited, the opponents winning them.

use crate::xiangqi::conduct::withdrawal::{System, Withdrawal, WithdrawalError};

/// Rules on a withdrawal after `played` of `opponents` games (24.4.2–24.4.4).
pub fn withdraw(
    system: System,
    opponents: u32,
    played: u32,
) -> Result<Withdrawal, WithdrawalError> {
    if played > opponents {
        return Err(WithdrawalError::new(format!(
            "{played} games played but only {opponents} opponents"
        )));
    }
    Ok(match system {
        // 24.4.2 凡已赛对手不足半数者，则已赛结果一律无效.
        System::RoundRobin if 2 * played < opponents => Withdrawal {
            played_stand: false,
            unplayed_forfeited: false,
        },
        // 24.4.3 已赛结果均有效，以后的比赛不再编排.
        System::Swiss => Withdrawal {
            played_stand: true,
            unplayed_forfeited: false,
        },
        // 24.4.2 其余对局均作弃权，记对方获胜; 24.4.4 未赛部分均作弃权，记对方获胜.
        System::RoundRobin | System::Team => Withdrawal {
            played_stand: true,
            unplayed_forfeited: played < opponents,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_systems_of_24_4() {
        assert!(!withdraw(System::RoundRobin, 7, 3).unwrap().played_stand);
        let w = withdraw(System::Swiss, 7, 1).unwrap();
        assert!(w.played_stand && !w.unplayed_forfeited);
        let w = withdraw(System::Team, 7, 1).unwrap();
        assert!(w.played_stand && w.unplayed_forfeited);
        assert!(withdraw(System::Team, 3, 4).is_err());
    }
}
