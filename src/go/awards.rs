//! The school event's Go awards (003, 奖项的设置及记分标准): the four places
//! (奖项.一: 中小学围棋均取前四名(一名冠军、一名亚军、两名并列第三)) and the
//! team points they earn (奖项.二.第一项: 中小学围棋第一名4分、第二名3分、
//! 并列第三名各1分).
//!
//! 003 does not say how the Go section finds its four. Two joint thirds are
//! what a knockout gives when no game is played for third place: qigui reads
//! the places from the knockout's last two rounds — the final's winner is
//! 冠军, its loser 亚军, the two semi-final losers 并列第三 (`spec/go.md`,
//! "Awards and appeals").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One game's result: who won and who lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Decided {
    /// The winner.
    pub winner: String,
    /// The loser.
    pub loser: String,
}

/// The knockout's last two rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LastRounds {
    /// The two semi-finals.
    pub semifinals: [Decided; 2],
    /// The final, between the semi-finals' winners.
    #[serde(rename = "final")]
    pub final_game: Decided,
}

/// A place of 奖项.一.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// 冠军, first.
    Champion,
    /// 亚军, second.
    RunnerUp,
    /// 并列第三, one of the two joint thirds.
    JointThird,
}

impl Place {
    /// 1, 2 or 3.
    pub const fn number(self) -> u32 {
        match self {
            Place::Champion => 1,
            Place::RunnerUp => 2,
            Place::JointThird => 3,
        }
    }

    /// 奖项.二.第一项: 第一名4分、第二名3分、并列第三名各1分.
    pub const fn team_points(self) -> u32 {
        match self {
            Place::Champion => 4,
            Place::RunnerUp => 3,
            Place::JointThird => 1,
        }
    }
}

/// Why the last rounds give no places.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AwardsError {
    /// A game's winner is its loser, or a player appears in both semi-finals.
    #[error("'{0}' plays twice in the semi-finals (or against themself)")]
    PlayerTwice(String),
    /// A finalist who did not win a semi-final.
    #[error("final: '{0}' did not win a semi-final; the final is between the semi-finals' winners")]
    NotASemifinalWinner(String),
    /// A player without a team when team points are asked for.
    #[error("team points: '{0}' has no team")]
    NoTeam(String),
}

/// 奖项.一: each of the four placed players and their place, champion first.
pub fn places(r: &LastRounds) -> Result<Vec<(String, Place)>, AwardsError> {
    let mut seen: Vec<&str> = Vec::new();
    for g in &r.semifinals {
        for p in [&g.winner, &g.loser] {
            if seen.contains(&p.as_str()) {
                return Err(AwardsError::PlayerTwice(p.clone()));
            }
            seen.push(p);
        }
    }
    let f = &r.final_game;
    let winners = [&r.semifinals[0].winner, &r.semifinals[1].winner];
    for p in [&f.winner, &f.loser] {
        if !winners.contains(&p) {
            return Err(AwardsError::NotASemifinalWinner(p.clone()));
        }
    }
    if f.winner == f.loser {
        return Err(AwardsError::PlayerTwice(f.winner.clone()));
    }
    Ok(vec![
        (f.winner.clone(), Place::Champion),
        (f.loser.clone(), Place::RunnerUp),
        (r.semifinals[0].loser.clone(), Place::JointThird),
        (r.semifinals[1].loser.clone(), Place::JointThird),
    ])
}

/// 奖项.二.第一项: each team's Go points from its placed players (teams
/// with no placed player score nothing and are not listed).
pub fn team_points(
    places: &[(String, Place)],
    team_of: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, u32>, AwardsError> {
    let mut points = BTreeMap::new();
    for (player, place) in places {
        let team = team_of
            .get(player)
            .ok_or_else(|| AwardsError::NoTeam(player.clone()))?;
        *points.entry(team.clone()).or_insert(0) += place.team_points();
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(w: &str, l: &str) -> Decided {
        Decided {
            winner: w.into(),
            loser: l.into(),
        }
    }

    #[test]
    fn four_places_and_points_4_3_1_1() {
        let r = LastRounds {
            semifinals: [d("A", "B"), d("C", "D")],
            final_game: d("C", "A"),
        };
        let p = places(&r).expect("places");
        let numbers: Vec<(&str, u32)> = p.iter().map(|(n, x)| (n.as_str(), x.number())).collect();
        assert_eq!(numbers, [("C", 1), ("A", 2), ("B", 3), ("D", 3)]);
        let teams: BTreeMap<String, String> = [("A", "x"), ("B", "x"), ("C", "y"), ("D", "y")]
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .into();
        let t = team_points(&p, &teams).expect("points");
        assert_eq!(t.get("x"), Some(&4));
        assert_eq!(t.get("y"), Some(&5));
        let r = LastRounds {
            semifinals: [d("A", "B"), d("C", "D")],
            final_game: d("B", "A"),
        };
        assert_eq!(
            places(&r),
            Err(AwardsError::NotASemifinalWinner("B".into()))
        );
    }
}
