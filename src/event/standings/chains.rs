//! Tie-break chains as data: for each edition and kind of event, the
//! criteria in exactly the order the clause gives them, the primary score
//! first, and what happens to a tie nothing separates.
//!
//! Where the 2020 book ranks penalised players last among equal scores
//! (18.5; 1999 18.4), the penalty criterion comes right after the score:
//! "在积分相同时 … 依次排列在最后几个位置上" applies before any tie-break.

use crate::edition::{Edition, StandingsBook};
use crate::event::tournament::{EventType, System, TeamRanking, TiebreakChoice, Tournament};

use super::StandingsError;
use super::tiebreaks::{Criterion, Tiebreak};

/// What the rules say about a tie no criterion separates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnTie {
    /// The places are shared (1999 15.1–15.5 "名次并列"; Gomoku 29.3), or
    /// the clause says nothing more.
    Shared,
    /// A play-off decides (14.6 "以附加赛区分").
    PlayOff,
}

/// A chain: the clause, the criteria in order, the rule for a tie left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The clause that gives the order (`14.1`, `15.2`, `29.2.1`).
    pub clause: &'static str,
    /// The criteria, the primary score first.
    pub criteria: Vec<Criterion>,
    /// What happens to a tie left.
    pub on_tie: OnTie,
    /// The individual event's chain, when teams are ranked by their
    /// players' placings (14.9; 1999 15.5).
    pub individual: Option<Box<Chain>>,
}

fn chain(clause: &'static str, on_tie: OnTie, list: &[Tiebreak]) -> Chain {
    Chain {
        clause,
        criteria: list.iter().copied().map(Criterion::from).collect(),
        on_tie,
        individual: None,
    }
}

use Tiebreak::*;

/// 14.1, first paragraph: single round robin: 积分; 18.5; 小分, 胜局, 直胜,
/// 犯规, 后走局数, 对局时后走, 后走胜局.
pub fn xiangqi_2020_round_robin() -> Chain {
    chain(
        "14.1",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            SonnebornBerger,
            Wins,
            DirectEncounter,
            Fouls,
            BlackGames,
            BlackInDirectGame,
            BlackWins,
        ],
    )
}

/// 14.1, second paragraph: double round robin: 积分; 18.5; 小分 (the two
/// cycles' 小分 added), 胜局, 直胜, 犯规, 后走胜局; then the first cycle's
/// 积分, 小分, 胜局, 直胜, 犯规, 后走局数, 对局时后走, 后走胜局.
pub fn xiangqi_2020_double_round_robin() -> Chain {
    let mut c = chain(
        "14.1",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            SonnebornBergerByCycle,
            Wins,
            DirectEncounter,
            Fouls,
            BlackWins,
        ],
    );
    for t in [
        Points,
        SonnebornBerger,
        Wins,
        DirectEncounter,
        Fouls,
        BlackGames,
        BlackInDirectGame,
        BlackWins,
    ] {
        c.criteria.push(Criterion {
            tiebreak: t,
            first_cycle: true,
        });
    }
    c
}

/// 14.2: round robin of two or more games per pairing: 场分; 18.5; 局分总和,
/// 胜局, 直胜, 犯规, 后走胜局.
pub fn xiangqi_2020_multi_game() -> Chain {
    chain(
        "14.2",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            GamePoints,
            Wins,
            DirectEncounter,
            Fouls,
            BlackWins,
        ],
    )
}

/// 14.3.1: Swiss: 积分; 18.5; 对手分 (14.4 for byes), 胜局, 犯规, 后走局数,
/// 后走胜局; then the previous round's ranking, and the one before.
pub fn xiangqi_2020_swiss_opponents() -> Chain {
    chain(
        "14.3.1",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            OpponentsScore,
            Wins,
            Fouls,
            BlackGames,
            BlackWins,
            PreviousRound,
        ],
    )
}

/// 14.3.2: Swiss: 积分; 18.5; 累进分, 胜局, 犯规, 后走局数, 后走胜局; then
/// 累进分 without round 1, without rounds 1–2, and so on.
pub fn xiangqi_2020_swiss_progressive() -> Chain {
    chain(
        "14.3.2",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            Progressive,
            Wins,
            Fouls,
            BlackGames,
            BlackWins,
            ProgressiveCut,
        ],
    )
}

/// 14.5: team single round robin: 场分; 18.5; 全队总局分, 全队胜场, 全队胜局,
/// 直胜, 全队犯规; then 后走局数, 后走胜局.
pub fn xiangqi_2020_team_round_robin() -> Chain {
    chain(
        "14.5",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            GamePoints,
            MatchWins,
            Wins,
            DirectEncounter,
            Fouls,
            BlackGames,
            BlackWins,
        ],
    )
}

/// 14.6: team double round robin: 场分; 18.5; 全队总局分, 胜场, 全队胜局,
/// 直胜, 全队犯规; then a play-off.
pub fn xiangqi_2020_team_double_round_robin() -> Chain {
    chain(
        "14.6",
        OnTie::PlayOff,
        &[
            Points,
            Penalties,
            GamePoints,
            MatchWins,
            Wins,
            DirectEncounter,
            Fouls,
        ],
    )
}

/// 14.7: team Swiss: 场分; 18.5; 团体对手分, 全队总局分, 全队胜场, 全队胜局,
/// 全队犯规; then the previous round's ranking, and the one before.
pub fn xiangqi_2020_team_swiss() -> Chain {
    chain(
        "14.7",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            OpponentsScore,
            GamePoints,
            MatchWins,
            Wins,
            Fouls,
            PreviousRound,
        ],
    )
}

/// 14.8: team Swiss ranked by total game points; the clause gives no
/// tie-break after it (18.5 still applies among equals).
pub fn xiangqi_2020_team_swiss_game_points() -> Chain {
    chain("14.8", OnTie::Shared, &[GamePoints, Penalties])
}

/// The local company event (公司.八.1.积分): 积分制来决定最终名次, 3/1/0 a
/// game; the document names no tie-break, so equal points share a place.
pub fn xiangqi_local_individual() -> Chain {
    chain("公司.八.1.积分", OnTie::Shared, &[Points])
}

/// The local college team event (学院.6.(一)): each player's win earns the
/// college 2 points, a draw 1, a loss 0, and the college with the most
/// points wins; no tie-break is named, so equal points share a place.
pub fn xiangqi_local_team() -> Chain {
    chain("学院.6.(一)", OnTie::Shared, &[GamePoints])
}

/// 14.9: teams ranked by the sum of their players' places in the
/// individual event, fewer first; then the best individual place.
pub fn xiangqi_2020_team_placings(individual: Chain) -> Chain {
    let mut c = chain("14.9", OnTie::Shared, &[PlacingsSum, BestPlacing]);
    c.individual = Some(Box::new(individual));
    c
}

/// 1999 15.1: individual round robin: 积分; 18.4; 小分, 胜局, 直胜, 犯规;
/// then shared places.
pub fn xiangqi_1999_round_robin() -> Chain {
    chain(
        "15.1",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            SonnebornBerger,
            Wins,
            DirectEncounter,
            Fouls,
        ],
    )
}

/// 1999 15.2: individual Swiss: 积分; 18.4; 对手分, 胜局, 犯规; then shared.
pub fn xiangqi_1999_swiss() -> Chain {
    chain(
        "15.2",
        OnTie::Shared,
        &[Points, Penalties, OpponentsScore, Wins, Fouls],
    )
}

/// 1999 15.3: team round robin: 场分; 18.4; 全队总局分, 全队胜局, 直胜,
/// 全队犯规; then shared.
pub fn xiangqi_1999_team_round_robin() -> Chain {
    chain(
        "15.3",
        OnTie::Shared,
        &[Points, Penalties, GamePoints, Wins, DirectEncounter, Fouls],
    )
}

/// 1999 15.4: team Swiss: 场分; 18.4; 团体对手分, 全队总局分, 全队胜场,
/// 全队犯规; then shared.
pub fn xiangqi_1999_team_swiss() -> Chain {
    chain(
        "15.4",
        OnTie::Shared,
        &[
            Points,
            Penalties,
            OpponentsScore,
            GamePoints,
            MatchWins,
            Fouls,
        ],
    )
}

/// 1999 15.5: teams by their players' places: the sum, fewer first; the
/// best place, the second-best place, the team's fouls; then shared.
pub fn xiangqi_1999_team_placings(individual: Chain) -> Chain {
    let mut c = chain(
        "15.5",
        OnTie::Shared,
        &[PlacingsSum, BestPlacing, SecondBestPlacing, Fouls],
    );
    c.individual = Some(Box::new(individual));
    c
}

/// Gomoku 29.1.1: individual round robin: 积分; A 小分, B 胜局, C 直胜.
pub fn gomoku_round_robin() -> Chain {
    chain(
        "29.1.1",
        OnTie::Shared,
        &[Points, SonnebornBerger, Wins, DirectEncounter],
    )
}

/// Gomoku 29.1.2: team round robin: 场分; A 各队总局分, B 伯格分, C 直胜, D
/// board by board.
pub fn gomoku_team_round_robin() -> Chain {
    chain(
        "29.1.2",
        OnTie::Shared,
        &[
            Points,
            GamePoints,
            TeamSonnebornBerger,
            DirectEncounter,
            BoardByBoard,
        ],
    )
}

/// Gomoku 29.2.1: individual Swiss: 积分; A 对手分, B 中间对手分 (one best
/// and one worst opponent left out), C 递减最低对手分, D 胜局, E 直胜.
pub fn gomoku_swiss() -> Chain {
    chain(
        "29.2.1",
        OnTie::Shared,
        &[
            Points,
            OpponentsScore,
            MedianBuchholz {
                highest: 1,
                lowest: 1,
            },
            BuchholzCutLowest,
            Wins,
            DirectEncounter,
        ],
    )
}

/// Gomoku 29.2.2: team Swiss: 场分; A 对手场分, B 中间对手场分, C 团体总局分,
/// D 直胜, E board by board.
pub fn gomoku_team_swiss() -> Chain {
    chain(
        "29.2.2",
        OnTie::Shared,
        &[
            Points,
            OpponentsScore,
            MedianBuchholz {
                highest: 1,
                lowest: 1,
            },
            GamePoints,
            DirectEncounter,
            BoardByBoard,
        ],
    )
}

/// The chain the rules give for tournament `t` under `edition` (its
/// [`Edition::standings`] book), with the event's choice (`tiebreaks`)
/// applied.
pub fn for_event(edition: &Edition, t: &Tournament) -> Result<Chain, StandingsError> {
    let team = t.event == EventType::Team;
    let ranking = t.team_ranking.unwrap_or_default();
    let multi = t.games_per_match() > 1;
    let unsupported = |what: &str| {
        Err(StandingsError::Unsupported(format!(
            "{} has no ranking rule for {what}",
            edition.id
        )))
    };
    let individual = |t: &Tournament| -> Result<Chain, StandingsError> {
        let mut ind = t.clone();
        ind.event = EventType::Individual;
        ind.team_ranking = None;
        for_event(edition, &ind)
    };
    let Some(book) = edition.standings.map(|s| s.book) else {
        let mut ids: Vec<&str> = Edition::all()
            .iter()
            .filter(|e| e.standings.is_some())
            .map(|e| e.id)
            .collect();
        let last = ids.pop().unwrap_or_default();
        return Err(StandingsError::Unsupported(format!(
            "the edition '{}' gives no ranking of an event (standings have the rules of {} and {last})",
            edition.id,
            ids.join(", ")
        )));
    };
    let mut c = match book {
        StandingsBook::Xiangqi2020 => match (team, ranking, t.system) {
            (false, _, System::RoundRobin) if multi => xiangqi_2020_multi_game(),
            (false, _, System::DoubleRoundRobin) if multi => xiangqi_2020_multi_game(),
            (false, _, System::RoundRobin) => xiangqi_2020_round_robin(),
            (false, _, System::DoubleRoundRobin) => xiangqi_2020_double_round_robin(),
            (false, _, System::Swiss) => match &t.tiebreaks {
                Some(TiebreakChoice::Clause(c)) if c == "14.3.2" => {
                    xiangqi_2020_swiss_progressive()
                }
                _ => xiangqi_2020_swiss_opponents(),
            },
            (true, TeamRanking::Placings, _) => xiangqi_2020_team_placings(individual(t)?),
            (true, _, System::RoundRobin) => xiangqi_2020_team_round_robin(),
            (true, _, System::DoubleRoundRobin) => xiangqi_2020_team_double_round_robin(),
            (true, TeamRanking::GamePoints, System::Swiss) => xiangqi_2020_team_swiss_game_points(),
            (true, _, System::Swiss) => xiangqi_2020_team_swiss(),
        },
        StandingsBook::Xiangqi1999 => match (team, ranking, t.system) {
            (false, _, _) if multi => return unsupported("multi-game matches"),
            (false, _, System::Swiss) => xiangqi_1999_swiss(),
            (false, _, _) => xiangqi_1999_round_robin(),
            (true, TeamRanking::Placings, _) => xiangqi_1999_team_placings(individual(t)?),
            (true, TeamRanking::GamePoints, _) => {
                return unsupported("teams ranked by game points");
            }
            (true, _, System::Swiss) => xiangqi_1999_team_swiss(),
            (true, _, _) => xiangqi_1999_team_round_robin(),
        },
        StandingsBook::Gomoku2025 => match (team, ranking, t.system) {
            (false, _, _) if multi => return unsupported("multi-game matches"),
            (false, _, System::Swiss) => gomoku_swiss(),
            (false, _, _) => gomoku_round_robin(),
            (true, TeamRanking::MatchPoints, System::Swiss) => gomoku_team_swiss(),
            (true, TeamRanking::MatchPoints, _) => gomoku_team_round_robin(),
            (true, _, _) => return unsupported("teams ranked other than by match points"),
        },
        StandingsBook::XiangqiLocal => match (team, t.team_ranking, t.system) {
            (false, _, _) if multi => return unsupported("multi-game matches"),
            (false, _, _) => xiangqi_local_individual(),
            (true, None | Some(TeamRanking::GamePoints), _) => xiangqi_local_team(),
            (true, _, _) => {
                return unsupported(
                    "teams ranked other than by their players' game points (学院.6.(一))",
                );
            }
        },
    };
    match &t.tiebreaks {
        None => {}
        Some(TiebreakChoice::Clause(clause)) => {
            let allowed: &[&str] = match book {
                StandingsBook::Xiangqi2020 if !team && t.system == System::Swiss => {
                    &["14.3.1", "14.3.2"]
                }
                _ => &[c.clause],
            };
            if !allowed.contains(&clause.as_str()) {
                return Err(StandingsError::Invalid(format!(
                    "tiebreaks: '{clause}' is not a chain this event can use (expected {})",
                    allowed.join(" or ")
                )));
            }
        }
        Some(TiebreakChoice::Criteria(names)) => {
            // The event's own selection (Gomoku 29: "可选用下列破同分"): the
            // primary score, the penalties where the edition has 18.5, then
            // the criteria given.
            let mut list = vec![c.criteria[0]];
            if c.criteria.get(1).map(|x| x.tiebreak) == Some(Tiebreak::Penalties) {
                list.push(c.criteria[1]);
            }
            for n in names {
                let crit = Criterion::parse(n).ok_or_else(|| {
                    StandingsError::Invalid(format!("tiebreaks: unknown tie-break '{n}'"))
                })?;
                list.push(crit);
            }
            c.criteria = list;
        }
    }
    Ok(c)
}
