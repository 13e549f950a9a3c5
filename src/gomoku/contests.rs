//! 27.5 擂台赛 and 27.6 对抗赛: events between two players or teams whose
//! course follows from the games' results.
//!
//! * 27.5 擂台赛 ([`arena`]): each team's players come out in turn; a
//!   player who loses a game plays no more; a team whose last player loses
//!   is out, the earlier out the lower its place; the team left with a
//!   player who has not lost (or not yet played) is the champion.
//! * 27.6.1 个人对抗赛 ([`individual_match`]): two players, several games
//!   (多局决胜); colours by 10.1.2–10.1.3, points by 28.1.
//! * 27.6.2 团体对抗赛 ([`team_match`]): board n of one team meets board n
//!   of the other for one game or more; the team total is the sum of its
//!   players' points, and the higher total wins; colours by 10.1.4 and
//!   10.1.3.
//!
//! A result is the winner's name or `draw`. `spec/gomoku.md` gives the
//! readings where the text is silent (a draw in a 擂台赛, a drawn 对抗赛).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::colours::{ColoursError, FirstGame, Nigiri, match_colours, team_board_colours};
use crate::limits::{MAX_GOMOKU_MATCH_GAMES, echo};

/// The result word for a drawn game.
pub const DRAW: &str = "draw";

/// A team: its name and its players in the order they play (board order,
/// or the order of coming out in a 擂台赛).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The team's name.
    pub id: String,
    /// Its players in order.
    pub players: Vec<String>,
}

/// Why an event's course cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContestError {
    /// Colours cannot be given.
    #[error(transparent)]
    Colours(#[from] ColoursError),
    /// Fewer than two teams, a team without players, a name twice.
    #[error("{0}")]
    Teams(String),
    /// A result that names neither player of its game.
    #[error("{at}: '{}' is neither player of the game (give the winner's name or 'draw')", echo(.result))]
    Result {
        /// Where.
        at: String,
        /// The result.
        result: String,
    },
    /// More results than games.
    #[error("{at}: {results} results for {games} games")]
    TooMany {
        /// Where.
        at: String,
        /// Results given.
        results: usize,
        /// Games set.
        games: u32,
    },
    /// 27.5: a player who is not his team's player on turn.
    #[error("{at}: '{}' does not play now: {reason}", echo(.player))]
    OutOfTurn {
        /// Where.
        at: String,
        /// Who.
        player: String,
        /// Why.
        reason: String,
    },
    /// 27.5: a drawn game; the text says only what a loss does.
    #[error(
        "{at}: no loser; 27.5 says only what a lost game does (败一场的棋手不再参赛), so a 擂台赛 game needs a winner"
    )]
    NoLoser {
        /// Where.
        at: String,
    },
    /// 27.5: a game after the champion is known.
    #[error("{at}: the 擂台赛 is over ({} is the champion)", echo(.champion))]
    Over {
        /// Where.
        at: String,
        /// The champion.
        champion: String,
    },
}

impl ContestError {
    /// A short code for the corpus.
    pub fn code(&self) -> &'static str {
        match self {
            ContestError::Colours(e) => e.code(),
            ContestError::Teams(_) => "teams",
            ContestError::Result { .. } => "result",
            ContestError::TooMany { .. } => "too-many-results",
            ContestError::OutOfTurn { .. } => "out-of-turn",
            ContestError::NoLoser { .. } => "no-loser",
            ContestError::Over { .. } => "over",
        }
    }
}

/// 28.1: 1 for a win, ½ for a draw, 0 for a loss, added to `points`.
fn score(
    points: &mut BTreeMap<String, f64>,
    pair: [&str; 2],
    result: &str,
    at: &str,
) -> Result<(), ContestError> {
    if result == DRAW {
        for p in pair {
            *points.entry(p.to_string()).or_default() += 0.5;
        }
    } else if pair.contains(&result) {
        *points.entry(result.to_string()).or_default() += 1.0;
    } else {
        return Err(ContestError::Result {
            at: at.to_string(),
            result: result.to_string(),
        });
    }
    Ok(())
}

/// 27.6.1: a match between two players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatchInput {
    /// The two players.
    pub players: [String; 2],
    /// The games set for the match.
    pub games: u32,
    /// 10.1.2 / 10.3: the hands of 猜先 for game 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nigiri: Option<Nigiri>,
    /// Or game 1's black as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_black: Option<String>,
    /// The results so far, game by game: the winner or `draw`.
    #[serde(default)]
    pub results: Vec<String>,
}

/// A match's course.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct MatchOutcome {
    /// Black (the first mover) of each game (10.1.3).
    pub black: Vec<String>,
    /// Each player's points so far (28.1).
    pub points: BTreeMap<String, f64>,
    /// The winner once the other can no longer catch up.
    pub winner: Option<String>,
    /// The game after which the winner is known.
    pub decided_after: Option<u32>,
    /// Every game set has a result.
    pub finished: bool,
}

fn first_game<'a>(
    nigiri: Option<&'a Nigiri>,
    first_black: Option<&'a str>,
) -> Result<FirstGame<'a>, ColoursError> {
    match (nigiri, first_black) {
        (Some(n), None) => Ok(FirstGame::Nigiri(n)),
        (None, Some(b)) => Ok(FirstGame::Black(b)),
        _ => Err(ColoursError::FirstGame),
    }
}

/// 27.6.1 with 10.1.2–10.1.3 and 28.1: the colours of every game, the
/// points so far, and the winner once decided.
///
/// ```
/// use qigui::gomoku::{MatchInput, individual_match};
/// let m = MatchInput {
///     players: ["Li".into(), "Wang".into()],
///     games: 3,
///     nigiri: None,
///     first_black: Some("Wang".into()),
///     results: vec!["Li".into(), "Li".into()],
/// };
/// let o = individual_match(&m).unwrap();
/// assert_eq!(o.black, ["Wang", "Li", "Wang"]);
/// assert_eq!(o.winner.as_deref(), Some("Li"));
/// assert_eq!(o.decided_after, Some(2));
/// ```
pub fn individual_match(m: &MatchInput) -> Result<MatchOutcome, ContestError> {
    let pair = [m.players[0].as_str(), m.players[1].as_str()];
    let first = first_game(m.nigiri.as_ref(), m.first_black.as_deref())?;
    let black = match_colours(pair, m.games, first)?;
    let (points, winner, decided_after) = tally(pair, m.games, &m.results, "results")?;
    Ok(MatchOutcome {
        black,
        points,
        winner,
        decided_after,
        finished: m.results.len() == m.games as usize,
    })
}

type Tally = (BTreeMap<String, f64>, Option<String>, Option<u32>);

/// The points of `results` between `pair` over `games` games, and the
/// first game after which one leads by more than the games left.
fn tally(pair: [&str; 2], games: u32, results: &[String], at: &str) -> Result<Tally, ContestError> {
    if results.len() > games as usize {
        return Err(ContestError::TooMany {
            at: at.to_string(),
            results: results.len(),
            games,
        });
    }
    let mut points: BTreeMap<String, f64> = pair.iter().map(|p| (p.to_string(), 0.0)).collect();
    let mut decided = None;
    for (i, r) in results.iter().enumerate() {
        score(&mut points, pair, r, &format!("{at}[{}]", i + 1))?;
        if decided.is_none() {
            let left = f64::from(games) - (i + 1) as f64;
            let (a, b) = (points[pair[0]], points[pair[1]]);
            if a > b + left {
                decided = Some((pair[0].to_string(), i as u32 + 1));
            } else if b > a + left {
                decided = Some((pair[1].to_string(), i as u32 + 1));
            }
        }
    }
    let (winner, after) = match decided {
        Some((w, g)) => (Some(w), Some(g)),
        None => (None, None),
    };
    Ok((points, winner, after))
}

/// 27.6.2: a team match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TeamMatchInput {
    /// The two teams, players in board order.
    pub teams: [Team; 2],
    /// The first-moving team (先手方队, 10.1.4).
    pub first_team: String,
    /// Games each pair of players plays (一局或多局); 1 if not given.
    #[serde(default = "one")]
    pub games_per_board: u32,
    /// The results so far, board by board, game by game: the winner or
    /// `draw`.
    #[serde(default)]
    pub results: Vec<Vec<String>>,
}

fn one() -> u32 {
    1
}

/// One board of a team match.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct BoardOutcome {
    /// The two players: the first team's, the other team's.
    pub players: [String; 2],
    /// Black (the first mover) of each game.
    pub black: Vec<String>,
}

/// A team match's course.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TeamMatchOutcome {
    /// Board by board.
    pub boards: Vec<BoardOutcome>,
    /// Each player's points (28.1).
    pub points: BTreeMap<String, f64>,
    /// Each team's total: the sum of its players' points (27.6.2).
    pub totals: BTreeMap<String, f64>,
    /// The team with the higher total once every game has a result;
    /// `None` while games are left or when the totals are equal.
    pub winner: Option<String>,
    /// Every game has a result.
    pub finished: bool,
}

fn distinct_names(teams: &[Team]) -> Result<(), ContestError> {
    let mut seen = BTreeSet::new();
    for t in teams {
        if !seen.insert(t.id.as_str()) {
            return Err(ContestError::Teams(format!(
                "teams: '{}' is named twice",
                echo(&t.id)
            )));
        }
        if t.players.is_empty() {
            return Err(ContestError::Teams(format!(
                "teams: '{}' has no player",
                echo(&t.id)
            )));
        }
    }
    let mut players = BTreeSet::new();
    for t in teams {
        for p in &t.players {
            if p == DRAW || !players.insert(p.as_str()) {
                return Err(ContestError::Teams(format!(
                    "teams: the player '{}' of '{}' is named twice (or is the word 'draw')",
                    echo(p),
                    echo(&t.id)
                )));
            }
        }
    }
    Ok(())
}

/// 27.6.2 with 10.1.4, 10.1.3 and 28.1: board n meets board n; each board's
/// first game has the colours of 10.1.4 and the colours change every game
/// after; the team total is the sum of its players' points.
pub fn team_match(m: &TeamMatchInput) -> Result<TeamMatchOutcome, ContestError> {
    distinct_names(&m.teams)?;
    let [a, b] = &m.teams;
    if a.players.len() != b.players.len() {
        return Err(ContestError::Teams(format!(
            "teams: '{}' fields {} players and '{}' {}; 27.6.2 pairs the teams board by board (两队出场棋手相同)",
            echo(&a.id),
            a.players.len(),
            echo(&b.id),
            b.players.len()
        )));
    }
    let boards = u32::try_from(a.players.len()).unwrap_or(u32::MAX);
    let other = if m.first_team == a.id {
        &b.id
    } else if m.first_team == b.id {
        &a.id
    } else {
        return Err(ContestError::Teams(format!(
            "first_team: '{}' is neither team",
            echo(&m.first_team)
        )));
    };
    let board_black = team_board_colours(&m.first_team, other, boards)?;
    if m.games_per_board == 0 || m.games_per_board > MAX_GOMOKU_MATCH_GAMES {
        return Err(ColoursError::Games(m.games_per_board).into());
    }
    if m.results.len() > boards as usize {
        return Err(ContestError::TooMany {
            at: "results".into(),
            results: m.results.len(),
            games: boards,
        });
    }
    let mut out = TeamMatchOutcome::default();
    let mut played = 0usize;
    for (i, (pa, pb)) in a.players.iter().zip(&b.players).enumerate() {
        let first = if board_black[i] == a.id { pa } else { pb };
        let pair = [pa.as_str(), pb.as_str()];
        let black = match_colours(pair, m.games_per_board, FirstGame::Black(first))?;
        let none = Vec::new();
        let results = m.results.get(i).unwrap_or(&none);
        played += results.len();
        let (points, ..) = tally(
            pair,
            m.games_per_board,
            results,
            &format!("results[board {}]", i + 1),
        )?;
        for (team, p) in [(&a.id, pa), (&b.id, pb)] {
            *out.totals.entry(team.clone()).or_default() += points[p];
        }
        out.points.extend(points);
        out.boards.push(BoardOutcome {
            players: [pa.clone(), pb.clone()],
            black,
        });
    }
    out.finished = played == boards as usize * m.games_per_board as usize;
    if out.finished {
        let (ta, tb) = (out.totals[&a.id], out.totals[&b.id]);
        out.winner = if ta > tb {
            Some(a.id.clone())
        } else if tb > ta {
            Some(b.id.clone())
        } else {
            None
        };
    }
    Ok(out)
}

/// 27.5: a 擂台赛's teams and its games so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ArenaInput {
    /// The teams, players in the order they come out.
    pub teams: Vec<Team>,
    /// The games in order.
    #[serde(default)]
    pub games: Vec<ArenaGame>,
}

/// A 擂台赛 game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ArenaGame {
    /// The two players.
    pub players: [String; 2],
    /// The winner (27.5 has no drawn game: see [`ContestError::NoLoser`]).
    pub winner: String,
}

/// A 擂台赛's state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ArenaState {
    /// The teams out, in the order they went out.
    pub eliminated: Vec<String>,
    /// Each team still in: its player on turn (the last winner, or the
    /// next not yet out).
    pub current: BTreeMap<String, String>,
    /// With two teams left, the next game.
    pub next: Option<[String; 2]>,
    /// The champion, once one team is left.
    pub champion: Option<String>,
    /// Every team's place once the champion is known: the champion 1,
    /// the team out last 2, …, the team out first last.
    pub places: BTreeMap<String, u32>,
}

/// 27.5: follows a 擂台赛's games and gives who is out, who plays next,
/// and the places once it is over.
pub fn arena(a: &ArenaInput) -> Result<ArenaState, ContestError> {
    if a.teams.len() < 2 {
        return Err(ContestError::Teams(
            "teams: a 擂台赛 needs two teams or more".into(),
        ));
    }
    distinct_names(&a.teams)?;
    let team_of: BTreeMap<&str, usize> = a
        .teams
        .iter()
        .enumerate()
        .flat_map(|(i, t)| t.players.iter().map(move |p| (p.as_str(), i)))
        .collect();
    // Each team's index of its player on turn.
    let mut on_turn = vec![0usize; a.teams.len()];
    let mut eliminated: Vec<usize> = Vec::new();
    let mut out = vec![false; a.teams.len()];
    for (g, game) in a.games.iter().enumerate() {
        let at = format!("games[{}]", g + 1);
        if eliminated.len() + 1 == a.teams.len() {
            let champion = (0..a.teams.len())
                .find(|&i| !out[i])
                .map(|i| a.teams[i].id.clone())
                .unwrap_or_default();
            return Err(ContestError::Over { at, champion });
        }
        let mut sides = [0usize; 2];
        for (k, p) in game.players.iter().enumerate() {
            let Some(&t) = team_of.get(p.as_str()) else {
                return Err(ContestError::OutOfTurn {
                    at,
                    player: p.clone(),
                    reason: "in no team".into(),
                });
            };
            let team = &a.teams[t];
            let Some(cur) = team.players.get(on_turn[t]) else {
                return Err(ContestError::OutOfTurn {
                    at,
                    player: p.clone(),
                    reason: format!("'{}' is out", echo(&team.id)),
                });
            };
            if cur != p {
                let idx = team.players.iter().position(|q| q == p).unwrap_or(0);
                let reason = if idx < on_turn[t] {
                    "lost a game and plays no more (败一场的棋手不再参赛)".to_string()
                } else {
                    format!(
                        "'{}' plays for '{}' first (轮流出场)",
                        echo(cur),
                        echo(&team.id)
                    )
                };
                return Err(ContestError::OutOfTurn {
                    at,
                    player: p.clone(),
                    reason,
                });
            }
            sides[k] = t;
        }
        if sides[0] == sides[1] {
            return Err(ContestError::OutOfTurn {
                at,
                player: game.players[1].clone(),
                reason: format!(
                    "a teammate of '{}' in '{}'",
                    echo(&game.players[0]),
                    echo(&a.teams[sides[0]].id)
                ),
            });
        }
        let loser = if game.winner == game.players[0] {
            sides[1]
        } else if game.winner == game.players[1] {
            sides[0]
        } else if game.winner == DRAW {
            return Err(ContestError::NoLoser { at });
        } else {
            return Err(ContestError::Result {
                at,
                result: game.winner.clone(),
            });
        };
        on_turn[loser] += 1;
        if on_turn[loser] == a.teams[loser].players.len() {
            eliminated.push(loser);
            out[loser] = true;
        }
    }
    let mut s = ArenaState {
        eliminated: eliminated.iter().map(|&i| a.teams[i].id.clone()).collect(),
        ..ArenaState::default()
    };
    let left: Vec<usize> = (0..a.teams.len()).filter(|&i| !out[i]).collect();
    for &i in &left {
        s.current.insert(
            a.teams[i].id.clone(),
            a.teams[i].players[on_turn[i]].clone(),
        );
    }
    if let [x, y] = left[..] {
        s.next = Some([
            a.teams[x].players[on_turn[x]].clone(),
            a.teams[y].players[on_turn[y]].clone(),
        ]);
    }
    if let [c] = left[..] {
        s.champion = Some(a.teams[c].id.clone());
        s.places.insert(a.teams[c].id.clone(), 1);
        for (k, &i) in eliminated.iter().rev().enumerate() {
            s.places.insert(a.teams[i].id.clone(), k as u32 + 2);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(id: &str, ps: &[&str]) -> Team {
        Team {
            id: id.into(),
            players: ps.iter().map(|p| p.to_string()).collect(),
        }
    }

    fn game(a: &str, b: &str, w: &str) -> ArenaGame {
        ArenaGame {
            players: [a.into(), b.into()],
            winner: w.into(),
        }
    }

    #[test]
    fn an_arena_follows_the_losers() {
        let mut a = ArenaInput {
            teams: vec![team("X", &["x1", "x2"]), team("Y", &["y1", "y2"])],
            games: vec![game("x1", "y1", "x1")],
        };
        let s = arena(&a).unwrap();
        assert_eq!(s.next, Some(["x1".to_string(), "y2".to_string()]));
        a.games.push(game("x1", "y2", "y2"));
        a.games.push(game("x2", "y2", "y2"));
        let s = arena(&a).unwrap();
        assert_eq!(s.champion.as_deref(), Some("Y"));
        assert_eq!(s.places["X"], 2);
        a.games.push(game("x2", "y2", "y2"));
        assert_eq!(arena(&a).unwrap_err().code(), "over");
        a.games.truncate(1);
        a.games.push(game("x1", "y1", "x1"));
        assert_eq!(arena(&a).unwrap_err().code(), "out-of-turn");
    }

    #[test]
    fn a_team_match_sums_its_boards() {
        let m = TeamMatchInput {
            teams: [team("X", &["x1", "x2"]), team("Y", &["y1", "y2"])],
            first_team: "Y".into(),
            games_per_board: 2,
            results: vec![
                vec!["x1".into(), DRAW.into()],
                vec!["y2".into(), "y2".into()],
            ],
        };
        let o = team_match(&m).unwrap();
        assert_eq!(o.boards[0].black, ["y1", "x1"]);
        assert_eq!(o.boards[1].black, ["x2", "y2"]);
        assert_eq!(o.totals["X"], 1.5);
        assert_eq!(o.totals["Y"], 2.5);
        assert_eq!(o.winner.as_deref(), Some("Y"));
    }
}
