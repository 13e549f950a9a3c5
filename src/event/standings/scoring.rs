//! Scoring presets: the point systems the rulebooks print (13.2–13.3, 1999 14.1, Gomoku 28), and the rule set an edition applies.
//!
//! Scoring systems: what a game, a match, a forfeit and a bye are worth
//! under each edition (2020 article 13, 14.4, 20.3; 1999 article 14 and
//! 21.4; Gomoku article 28), and the clauses that handle withdrawals.

use crate::edition::{Edition, StandingsBook};
use crate::event::tournament::{GameScoring, MatchScoring, Outcome, Tournament};

use super::StandingsError;
use super::points::Points;

/// 13.1: win 2, draw 1, loss 0.
pub fn xiangqi_2020() -> GameScoring {
    GameScoring::symmetric(Points::int(2), Points::int(1), Points::ZERO)
}

/// 13.3, first example: win 3, draw 1, loss 0.
pub fn xiangqi_2020_three_one_zero() -> GameScoring {
    GameScoring::symmetric(Points::int(3), Points::int(1), Points::ZERO)
}

/// 13.3, second example: win 3, loss 0, a draw 1 to the first mover (red)
/// and 2 to the second (black).
pub fn xiangqi_2020_draw_favours_black() -> GameScoring {
    GameScoring {
        win: Points::int(3),
        draw: None,
        draw_first: Some(Points::int(1)),
        draw_second: Some(Points::int(2)),
        loss: Points::ZERO,
    }
}

/// 1999 14.1: win 1, draw ½, loss 0.
pub fn xiangqi_1999() -> GameScoring {
    GameScoring::symmetric(Points::int(1), Points::half(1), Points::ZERO)
}

/// Gomoku 28.1: win 1, draw ½, loss 0, for games and matches alike.
pub fn gomoku_2025() -> GameScoring {
    GameScoring::symmetric(Points::int(1), Points::half(1), Points::ZERO)
}

/// Gomoku 28.2, its example: win 3, draw 1, loss 0.
pub fn gomoku_2025_three_one_zero() -> GameScoring {
    GameScoring::symmetric(Points::int(3), Points::int(1), Points::ZERO)
}

/// 13.2 (2020) and 14.2 (1999): match points 2, 1, 0 by game points.
pub fn match_two_one_zero() -> MatchScoring {
    MatchScoring {
        win: Points::int(2),
        draw: Points::int(1),
        loss: Points::ZERO,
    }
}

/// Gomoku 28.1: match points 1, ½, 0.
pub fn match_gomoku() -> MatchScoring {
    MatchScoring {
        win: Points::int(1),
        draw: Points::half(1),
        loss: Points::ZERO,
    }
}

/// What a bye contributes to its receiver's opponents' score (对手分).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeOpponent {
    /// 2020 14.4: the lowest non-zero score among all players (teams); half
    /// of it when the event has fewer than seven rounds or fewer than 16
    /// players (teams).
    LowestNonZero,
    /// No rule (1999, Gomoku): a bye has no opponent and adds nothing.
    Nothing,
}

/// The scoring rules of an edition, with the event's own point system
/// where it sets one (13.3, 28.2).
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// The edition.
    pub edition: &'static Edition,
    /// Game points.
    pub game: GameScoring,
    /// Match points.
    pub matches: MatchScoring,
    /// The bye's value to its receiver's 对手分.
    pub bye_opponent: ByeOpponent,
    /// The clause scoring games (13.1 / 13.3, 14.1, 28.1 / 28.2).
    pub game_clause: &'static str,
    /// The clause scoring matches (13.2, 14.2, 28.1).
    pub match_clause: &'static str,
    /// The clause on withdrawals from a round robin.
    pub withdrawal_round_robin: &'static str,
    /// The clause on withdrawals from a Swiss event.
    pub withdrawal_swiss: &'static str,
    /// The clause on forfeits (+/-).
    pub forfeit_clause: &'static str,
    /// The clause placing penalised players last among equals, if any.
    pub penalty_clause: Option<&'static str>,
    /// The clause scoring a Swiss bye as a win, if any.
    pub bye_clause: Option<&'static str>,
}

impl RuleSet {
    /// The rules of `edition` for tournament `t`.
    pub fn new(edition: &'static Edition, t: &Tournament) -> Result<RuleSet, StandingsError> {
        let Some(rules) = edition.standings else {
            return Err(StandingsError::Unsupported(format!(
                "no scoring rules for edition '{}'",
                edition.id
            )));
        };
        let mut r = match rules.book {
            StandingsBook::Xiangqi2020 => RuleSet {
                edition,
                game: xiangqi_2020(),
                matches: match_two_one_zero(),
                bye_opponent: ByeOpponent::LowestNonZero,
                game_clause: "13.1",
                match_clause: "13.2",
                withdrawal_round_robin: "19.2",
                withdrawal_swiss: "19.3",
                forfeit_clause: "20.3",
                penalty_clause: Some("18.5"),
                bye_clause: Some("14.4"),
            },
            StandingsBook::Xiangqi1999 => RuleSet {
                edition,
                game: xiangqi_1999(),
                matches: match_two_one_zero(),
                bye_opponent: ByeOpponent::Nothing,
                game_clause: "14.1",
                match_clause: "14.2",
                withdrawal_round_robin: "20.3",
                withdrawal_swiss: "20.4",
                forfeit_clause: "21.4",
                penalty_clause: Some("18.4"),
                bye_clause: None,
            },
            StandingsBook::Gomoku2025 => RuleSet {
                edition,
                game: gomoku_2025(),
                matches: match_gomoku(),
                bye_opponent: ByeOpponent::Nothing,
                game_clause: "28.1",
                match_clause: "28.1",
                withdrawal_round_robin: "24.4.2",
                withdrawal_swiss: "24.4.3",
                forfeit_clause: "28.3",
                penalty_clause: None,
                bye_clause: None,
            },
            // The local event rules of 003: the company event's 3/1/0 a game
            // (公司.八.1.积分) for individual events; the college team
            // event's 2/1/0 a game, the college's points the sum of its
            // players' (学院.6.(一)). The documents say nothing of byes,
            // withdrawals, forfeits or penalties: those follow the 2020
            // book, whose 附录一 is the edition's reference.
            StandingsBook::XiangqiLocal => {
                let team = t.event == crate::event::tournament::EventType::Team;
                RuleSet {
                    edition,
                    game: if team {
                        xiangqi_2020()
                    } else {
                        xiangqi_2020_three_one_zero()
                    },
                    matches: match_two_one_zero(),
                    bye_opponent: ByeOpponent::LowestNonZero,
                    game_clause: if team {
                        "学院.6.(一)"
                    } else {
                        "公司.八.1.积分"
                    },
                    match_clause: "学院.6.(一)",
                    withdrawal_round_robin: "19.2",
                    withdrawal_swiss: "19.3",
                    forfeit_clause: "20.3",
                    penalty_clause: Some("18.5"),
                    bye_clause: Some("14.4"),
                }
            }
        };
        if let Some(p) = rules.game_points {
            let half = |n: u32| Points::half(i64::from(n));
            r.game = GameScoring::symmetric(half(p.win), half(p.draw), half(p.loss));
        }
        if let Some(s) = t.scoring {
            r.game = s;
            if let Some(clause) = rules.own_scoring_clause {
                r.game_clause = clause;
            }
        }
        if let Some(m) = t.match_scoring {
            r.matches = m;
        }
        Ok(r)
    }

    /// A game's points for the side that moved first (0) or second (1).
    /// A forfeit win counts as a win and a forfeit loss as a loss (20.3;
    /// 1999 21.4: "+" is a win's points, "-" nothing).
    pub fn game_points(&self, outcome: Outcome, side: Option<usize>) -> Points {
        match outcome {
            Outcome::Win => self.game.win,
            Outcome::Loss => self.game.loss,
            Outcome::Draw => self.game.draws()[side.unwrap_or(0).min(1)],
        }
    }

    /// A match's points for an outcome decided by game points (13.2).
    pub fn match_points(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win => self.matches.win,
            Outcome::Draw => self.matches.draw,
            Outcome::Loss => self.matches.loss,
        }
    }
}

/// The outcome of a match: more game points wins (13.2).
pub fn match_outcome(ours: Points, theirs: Points) -> Outcome {
    match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Less => Outcome::Loss,
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}
