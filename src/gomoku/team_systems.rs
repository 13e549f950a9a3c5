//! 26.2: how a team fields its players, and 26.2.5's team result.
//!
//! * 26.2.1 分台定人制: the team registers its players' board order; every
//!   match follows it, boards never changed.
//! * 26.2.2 分台换人制: registered reserves may replace the player of any
//!   board, any number of times; the other boards stay as registered.
//! * 26.2.3 临时定台制: the team sets its board order before each match
//!   from its registered players; board n meets the other team's board n.
//! * 26.2.5 队员总分制: the team's result is computed from its players'
//!   results in the individual event ([`team_totals`]).
//!
//! [`check_lineup`] checks one team's line-up for a match and says which
//! board breaks the system and why.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{MAX_GOMOKU_BOARDS, echo};

/// 26.2.1–26.2.3: the system a team event uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TeamSystem {
    /// 26.2.1 分台定人制.
    FixedBoards,
    /// 26.2.2 分台换人制.
    Reserves,
    /// 26.2.3 临时定台制.
    OrderPerMatch,
}

impl TeamSystem {
    /// The clause.
    pub fn clause(self) -> &'static str {
        match self {
            TeamSystem::FixedBoards => "26.2.1",
            TeamSystem::Reserves => "26.2.2",
            TeamSystem::OrderPerMatch => "26.2.3",
        }
    }
}

/// A team's registration and the line-up it gives for a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Lineup {
    /// The event's system.
    pub system: TeamSystem,
    /// The boards a team fields (出场台数).
    pub boards: u32,
    /// The registered players, in their board order (26.2.1, 26.2.2), or
    /// in any order (26.2.3).
    pub registered: Vec<String>,
    /// The registered reserves (替补队员, 26.2.2 only).
    #[serde(default)]
    pub reserves: Vec<String>,
    /// The line-up for the match, board 1 first.
    pub lineup: Vec<String>,
}

/// Why a line-up or a registration is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineupError {
    /// The registration does not fit the system.
    #[error("{0}")]
    Registration(String),
    /// Not one player a board.
    #[error("lineup: {given} players for {boards} boards")]
    Count {
        /// Players given.
        given: usize,
        /// Boards.
        boards: u32,
    },
    /// A player not registered with the team.
    #[error("lineup board {board}: '{}' is not registered with the team", echo(.player))]
    NotRegistered {
        /// Board (1-based).
        board: usize,
        /// Who.
        player: String,
    },
    /// The same player on two boards.
    #[error("lineup board {board}: '{}' already plays board {first}", echo(.player))]
    Twice {
        /// Board (1-based).
        board: usize,
        /// Who.
        player: String,
        /// His first board.
        first: usize,
    },
    /// A registered player on another board than his own.
    #[error("lineup board {board}: '{}' is registered for board {registered}; {clause} changes no board", echo(.player))]
    Moved {
        /// Board (1-based).
        board: usize,
        /// Who.
        player: String,
        /// His registered board.
        registered: usize,
        /// 26.2.1 or 26.2.2.
        clause: &'static str,
    },
    /// A reserve under a system without reserves.
    #[error("lineup board {board}: '{}' is a reserve; {clause} has no reserves", echo(.player))]
    Reserve {
        /// Board (1-based).
        board: usize,
        /// Who.
        player: String,
        /// The system's clause.
        clause: &'static str,
    },
}

impl LineupError {
    /// A short code for the corpus.
    pub fn code(&self) -> &'static str {
        match self {
            LineupError::Registration(_) => "registration",
            LineupError::Count { .. } => "count",
            LineupError::NotRegistered { .. } => "not-registered",
            LineupError::Twice { .. } => "twice",
            LineupError::Moved { .. } => "moved",
            LineupError::Reserve { .. } => "reserve",
        }
    }
}

/// 26.2.1–26.2.3: checks a team's line-up for a match against its
/// registration under the event's system.
///
/// ```
/// use qigui::gomoku::{Lineup, TeamSystem, check_lineup};
/// let l = Lineup {
///     system: TeamSystem::Reserves,
///     boards: 3,
///     registered: vec!["A".into(), "B".into(), "C".into()],
///     reserves: vec!["R".into()],
///     lineup: vec!["A".into(), "R".into(), "C".into()],
/// };
/// assert!(check_lineup(&l).is_ok());
/// ```
pub fn check_lineup(l: &Lineup) -> Result<(), LineupError> {
    let clause = l.system.clause();
    if l.boards == 0 || l.boards > MAX_GOMOKU_BOARDS {
        return Err(LineupError::Registration(format!(
            "boards: {} is not between 1 and {MAX_GOMOKU_BOARDS}",
            l.boards
        )));
    }
    let boards = l.boards as usize;
    let mut names = BTreeSet::new();
    for p in l.registered.iter().chain(&l.reserves) {
        if !names.insert(p.as_str()) {
            return Err(LineupError::Registration(format!(
                "registered: '{}' is registered twice",
                echo(p)
            )));
        }
    }
    match l.system {
        TeamSystem::FixedBoards | TeamSystem::Reserves if l.registered.len() != boards => {
            return Err(LineupError::Registration(format!(
                "registered: {} players for {boards} boards; under {clause} each registered player holds a board (排定本队棋手的台次顺序号)",
                l.registered.len()
            )));
        }
        TeamSystem::OrderPerMatch if l.registered.len() < boards => {
            return Err(LineupError::Registration(format!(
                "registered: {} players for {boards} boards",
                l.registered.len()
            )));
        }
        _ => {}
    }
    if l.lineup.len() != boards {
        return Err(LineupError::Count {
            given: l.lineup.len(),
            boards: l.boards,
        });
    }
    let mut first: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, p) in l.lineup.iter().enumerate() {
        let board = i + 1;
        if let Some(&f) = first.get(p.as_str()) {
            return Err(LineupError::Twice {
                board,
                player: p.clone(),
                first: f,
            });
        }
        first.insert(p, board);
        let own = l.registered.iter().position(|q| q == p);
        let reserve = l.reserves.contains(p);
        if own.is_none() && !reserve {
            return Err(LineupError::NotRegistered {
                board,
                player: p.clone(),
            });
        }
        match l.system {
            TeamSystem::Reserves if reserve => {}
            TeamSystem::FixedBoards | TeamSystem::Reserves => {
                if let Some(o) = own
                    && o != i
                {
                    return Err(LineupError::Moved {
                        board,
                        player: p.clone(),
                        registered: o + 1,
                        clause,
                    });
                }
            }
            TeamSystem::OrderPerMatch => {}
        }
        if reserve && l.system != TeamSystem::Reserves {
            return Err(LineupError::Reserve {
                board,
                player: p.clone(),
                clause,
            });
        }
    }
    Ok(())
}

/// 26.2.5: each team's players and their points in the individual event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MemberTotals {
    /// Each team's players.
    pub teams: BTreeMap<String, Vec<String>>,
    /// Each player's points in the individual event (28.1).
    pub points: BTreeMap<String, f64>,
}

/// 26.2.5's team result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TeamTotals {
    /// Each team's total: the sum of its players' points.
    pub totals: BTreeMap<String, f64>,
    /// Each team's place: higher totals first, equal totals sharing a
    /// place (29.3 并列).
    pub places: BTreeMap<String, u32>,
}

/// 26.2.5 队员总分制: a team's result is the sum of its players' points
/// in the individual event; teams are placed by it, equal totals sharing
/// a place (qigui's reading, `spec/gomoku.md`).
pub fn team_totals(m: &MemberTotals) -> Result<TeamTotals, LineupError> {
    let mut seen = BTreeSet::new();
    let mut out = TeamTotals::default();
    for (team, players) in &m.teams {
        let mut sum = 0.0;
        for p in players {
            if !seen.insert(p.as_str()) {
                return Err(LineupError::Registration(format!(
                    "teams.{}: '{}' is in two teams (or twice)",
                    echo(team),
                    echo(p)
                )));
            }
            let Some(&pts) = m.points.get(p) else {
                return Err(LineupError::Registration(format!(
                    "teams.{}: '{}' has no points in the individual event",
                    echo(team),
                    echo(p)
                )));
            };
            if !pts.is_finite() || pts < 0.0 {
                return Err(LineupError::Registration(format!(
                    "points.{}: {pts} is not a score",
                    echo(p)
                )));
            }
            sum += pts;
        }
        out.totals.insert(team.clone(), sum);
    }
    for (team, t) in &out.totals {
        let above = out.totals.values().filter(|&&u| u > *t).count();
        out.places.insert(team.clone(), above as u32 + 1);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lineup(system: TeamSystem, lineup: &[&str]) -> Lineup {
        Lineup {
            system,
            boards: 3,
            registered: vec!["A".into(), "B".into(), "C".into()],
            reserves: if system == TeamSystem::Reserves {
                vec!["R".into()]
            } else {
                Vec::new()
            },
            lineup: lineup.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn each_system_keeps_its_own_rule() {
        use TeamSystem::*;
        assert!(check_lineup(&lineup(FixedBoards, &["A", "B", "C"])).is_ok());
        let e = check_lineup(&lineup(FixedBoards, &["B", "A", "C"])).unwrap_err();
        assert_eq!(e.code(), "moved");
        assert!(check_lineup(&lineup(OrderPerMatch, &["B", "A", "C"])).is_ok());
        assert!(check_lineup(&lineup(Reserves, &["R", "B", "C"])).is_ok());
        let e = check_lineup(&lineup(Reserves, &["R", "A", "C"])).unwrap_err();
        assert_eq!(e.code(), "moved");
        let e = check_lineup(&lineup(Reserves, &["R", "R", "C"])).unwrap_err();
        assert_eq!(e.code(), "twice");
    }

    #[test]
    fn totals_share_equal_places() {
        let m = MemberTotals {
            teams: [
                ("X".to_string(), vec!["a".to_string(), "b".to_string()]),
                ("Y".to_string(), vec!["c".to_string()]),
            ]
            .into(),
            points: [
                ("a".to_string(), 1.0),
                ("b".to_string(), 1.0),
                ("c".to_string(), 2.0),
            ]
            .into(),
        };
        let t = team_totals(&m).unwrap();
        assert_eq!(t.places["X"], 1);
        assert_eq!(t.places["Y"], 1);
    }
}
