//! Every tie-break of the rulebooks as a named function, with the clauses
//! that use it (2020 14.1–14.9, 18.5; 1999 15.1–15.5, 18.4; Gomoku 29).
//!
//! Each function computes one entrant's value from the results table
//! ([`Crosstable`]); [`Tiebreak`] names them, says which way is better,
//! and dispatches. A chain of them ([`super::chains`]) is data.
//!
//! Values are vectors compared element by element: most tie-breaks have
//! one element; those that go on "until separated" (14.3.1 the previous
//! round's ranking, 14.3.2 dropping round after round, Gomoku 29.2.1 C
//! dropping the lowest opponent after opponent, board by board) have one
//! element per step.

use std::collections::BTreeMap;

use crate::event::tournament::{Outcome, System};

use super::compact::Compact;
use super::crosstable::{Crosstable, Cutoff, Record, RecordKind};
use super::points::Points;
use super::scoring::{ByeOpponent, RuleSet};

/// The results an entrant's value is computed from: all of them, or the
/// first cycle of a double round robin (14.1: "依次比较第一个循环的…").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Every record.
    All,
    /// Records of cycle 1 only.
    FirstCycle,
    /// Records of one cycle (for 小分 computed cycle by cycle).
    Cycle(u32),
}

impl Scope {
    fn admits(self, r: &Record) -> bool {
        match self {
            Scope::All => true,
            Scope::FirstCycle => r.cycle == 1,
            Scope::Cycle(c) => r.cycle == c,
        }
    }
}

/// What a tie-break is computed from.
pub struct Ctx<'a> {
    /// The results table.
    pub table: &'a Crosstable,
    /// When ranking after an earlier round (14.3.1): that round's table,
    /// read through `table` (the table of every round).
    cutoff: Option<&'a Cutoff>,
    /// The scoring rules.
    pub rules: &'a RuleSet,
    /// The competition system.
    pub system: System,
    /// Rankings after each earlier round (14.3.1, 14.7): round → rank of
    /// each entrant (`None`: not ranked).
    pub previous: &'a BTreeMap<u32, Vec<Option<u32>>>,
    /// For a team ranked by its players' placings (14.9, 1999 15.5): each
    /// team's players' ranks in the individual event, ascending.
    pub placings: Option<&'a [Vec<u32>]>,
    /// For a team ranked by placings: the fouls of its players.
    pub member_fouls: Option<&'a [u32]>,
    /// Each entrant's score over all records, computed once.
    pub scores: Vec<Points>,
    /// Each entrant's game counts over all records, computed once with the
    /// scores (one pass over the table instead of one per criterion and
    /// ranking).
    tallies: Vec<Tally>,
    /// What a bye contributes to 对手分 (14.4), computed once
    /// ([`bye_opponent_score`]).
    bye: Option<Points>,
}

impl<'a> Ctx<'a> {
    /// A context; the scores are computed here once. With a `cutoff`, the
    /// table is the one after that round, read through `table`.
    pub fn new(
        table: &'a Crosstable,
        cutoff: Option<&'a Cutoff>,
        rules: &'a RuleSet,
        system: System,
        previous: &'a BTreeMap<u32, Vec<Option<u32>>>,
        placings: Option<&'a [Vec<u32>]>,
        member_fouls: Option<&'a [u32]>,
    ) -> Ctx<'a> {
        let mut ctx = Ctx {
            table,
            cutoff,
            rules,
            system,
            previous,
            placings,
            member_fouls,
            scores: Vec::new(),
            tallies: Vec::new(),
            bye: None,
        };
        let n = table.entrants.len();
        let (mut scores, mut tallies) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for e in 0..n {
            let records = ctx.all_records(e);
            scores.push(records.iter().map(|r| r.points).sum());
            tallies.push(Tally::of(records));
        }
        ctx.scores = scores;
        ctx.tallies = tallies;
        ctx.bye = lowest_bye_score(&ctx);
        ctx
    }
}

/// An entrant's games counted over all its records: what [`wins`],
/// [`fouls`], [`black_games`] and [`black_wins`] give for [`Scope::All`].
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u32,
    fouls: u32,
    black_games: u32,
    black_wins: u32,
}

impl Tally {
    fn of(records: &[Record]) -> Tally {
        let mut t = Tally::default();
        for g in records.iter().flat_map(|r| r.games.iter()) {
            let win = g.outcome == Outcome::Win;
            let black = g.side == Some(1) && !g.forfeit;
            t.wins += u32::from(win);
            t.fouls += g.fouls;
            t.black_games += u32::from(black);
            t.black_wins += u32::from(black && win);
        }
        t
    }
}

impl<'a> Ctx<'a> {
    /// Every record of entrant `e` in the table (up to the cutoff).
    fn all_records(&self, e: usize) -> &'a [Record] {
        match self.cutoff {
            Some(c) => c.records(self.table, e),
            None => &self.table.entrants[e].records,
        }
    }

    fn records(&self, e: usize, scope: Scope) -> impl Iterator<Item = &'a Record> + use<'a> {
        self.all_records(e).iter().filter(move |r| scope.admits(r))
    }

    /// The rounds in the table (up to the cutoff).
    fn rounds(&self) -> &'a [u32] {
        match self.cutoff {
            Some(c) => &c.rounds,
            None => &self.table.rounds,
        }
    }
}

/// 积分 / 场分: the entrant's score, the sum of its records' points (13.1,
/// 13.2; 14.1–14.7 rank by it first; 1999 15.1–15.4; Gomoku 29.1–29.2).
pub fn score(ctx: &Ctx, e: usize, scope: Scope) -> Points {
    match (scope, ctx.scores.get(e)) {
        (Scope::All, Some(&s)) => s,
        _ => ctx.records(e, scope).map(|r| r.points).sum(),
    }
}

/// 18.5 (1999 18.4): among equal scores, those penalised under 18.1
/// (warning) and 18.2 (disqualification from a game) go last, "按其轻重程度
/// 和次数": the value is (disqualifications, warnings), fewer first, the
/// heavier penalty compared first.
pub fn penalties(ctx: &Ctx, e: usize) -> [Points; 2] {
    let en = &ctx.table.entrants[e];
    let [d, w] = match ctx.cutoff.and_then(|c| c.penalties.as_ref()) {
        Some(counts) => counts[e],
        None => [en.disqualifications, en.warnings],
    };
    [Points::from(d), Points::from(w)]
}

/// 小分 (Sonneborn-Berger): the scores of the opponents beaten plus half the
/// scores of the opponents drawn (14.1 "所胜对手的全部积分与所和对手积分的
/// 一半之和"; 1999 15.1; Gomoku 29.1.1 A). Opponents' scores are taken in
/// the same scope. A forfeit win counts as a win over that opponent.
pub fn sonneborn_berger(ctx: &Ctx, e: usize, scope: Scope) -> Points {
    ctx.records(e, scope)
        .filter_map(|r| {
            let o = r.opponent?;
            let s = score(ctx, o, scope);
            match r.outcome {
                Outcome::Win => Some(s),
                Outcome::Draw => Some(s / Points::int(2)),
                Outcome::Loss => None,
            }
        })
        .sum()
}

/// 小分 of a double round robin: "两次单循环小分之和" (14.1, second
/// paragraph), each cycle's 小分 computed from the opponents' scores in that
/// cycle, as in a single round robin.
pub fn sonneborn_berger_by_cycle(ctx: &Ctx, e: usize) -> Points {
    let mut cycles: Vec<u32> = ctx.all_records(e).iter().map(|r| r.cycle).collect();
    cycles.sort_unstable();
    cycles.dedup();
    cycles
        .into_iter()
        .map(|c| sonneborn_berger(ctx, e, Scope::Cycle(c)))
        .sum()
}

/// 胜局: games won (14.1–14.3, 14.5–14.7 全队胜局; 1999 15.1–15.3; Gomoku
/// 29.1.1 B, 29.2.1 D). A forfeit win is a win (19.2 "记对方获胜"), and so
/// is a Swiss bye (14.4 "按胜局计分").
pub fn wins(ctx: &Ctx, e: usize, scope: Scope) -> u32 {
    if let (Scope::All, Some(t)) = (scope, ctx.tallies.get(e)) {
        return t.wins;
    }
    ctx.records(e, scope)
        .flat_map(|r| r.games.iter())
        .filter(|g| g.outcome == Outcome::Win)
        .count() as u32
}

/// 胜场: matches won (14.5–14.7; 1999 15.4). A Swiss bye is a match won
/// (14.4 "团体成绩按胜场计分").
pub fn match_wins(ctx: &Ctx, e: usize, scope: Scope) -> u32 {
    ctx.records(e, scope)
        .filter(|r| r.outcome == Outcome::Win)
        .count() as u32
}

/// 局分总和 / 全队总局分: game points (14.2, 14.5–14.8; 1999 15.3–15.4;
/// Gomoku 29.1.2 A, 29.2.2 C).
pub fn game_points(ctx: &Ctx, e: usize, scope: Scope) -> Points {
    ctx.records(e, scope).map(|r| r.game_points).sum()
}

/// 犯规: fouls committed, fewer first (14.1–14.3, 14.5–14.7; 1999
/// 15.1–15.5). A team's fouls are its players'.
pub fn fouls(ctx: &Ctx, e: usize, scope: Scope) -> u32 {
    if let Some(f) = ctx.member_fouls {
        return f.get(e).copied().unwrap_or(0);
    }
    if let (Scope::All, Some(t)) = (scope, ctx.tallies.get(e)) {
        return t.fouls;
    }
    ctx.records(e, scope)
        .flat_map(|r| r.games.iter())
        .map(|g| g.fouls)
        .sum()
}

/// 后走局数: games played second (black in Xiangqi), more first (14.1,
/// 14.3, 14.5). Only games played over the board count: a forfeit or a
/// bye has no colour (14.1 "遇轮空均不计算成绩和先后手").
pub fn black_games(ctx: &Ctx, e: usize, scope: Scope) -> u32 {
    if let (Scope::All, Some(t)) = (scope, ctx.tallies.get(e)) {
        return t.black_games;
    }
    ctx.records(e, scope)
        .flat_map(|r| r.games.iter())
        .filter(|g| g.side == Some(1) && !g.forfeit)
        .count() as u32
}

/// 后走胜局: games won playing second, more first (14.1–14.3, 14.5).
pub fn black_wins(ctx: &Ctx, e: usize, scope: Scope) -> u32 {
    if let (Scope::All, Some(t)) = (scope, ctx.tallies.get(e)) {
        return t.black_wins;
    }
    ctx.records(e, scope)
        .flat_map(|r| r.games.iter())
        .filter(|g| g.side == Some(1) && !g.forfeit && g.outcome == Outcome::Win)
        .count() as u32
}

fn met(ctx: &Ctx, a: usize, b: usize, scope: Scope) -> bool {
    ctx.records(a, scope).any(|r| r.opponent == Some(b))
}

/// 直胜: the points scored against the other tied entrants (14.1, 14.2,
/// 14.5, 14.6; 1999 15.1, 15.3; Gomoku 29.1.1 C, 29.1.2 C, 29.2.1 E, 29.2.2
/// D) — game points in an individual event, match points in a team event
/// or a multi-game match. It separates only when every two of the tied
/// entrants have met; otherwise it is not applicable (`None`).
pub fn direct_encounter(ctx: &Ctx, e: usize, group: &[usize], scope: Scope) -> Option<Points> {
    for (i, &a) in group.iter().enumerate() {
        for &b in &group[i + 1..] {
            if !met(ctx, a, b, scope) {
                return None;
            }
        }
    }
    Some(
        ctx.records(e, scope)
            .filter(|r| r.opponent.is_some_and(|o| group.contains(&o)))
            .map(|r| r.points)
            .sum(),
    )
}

/// 对局时后走: in the games between the tied players, who played second
/// (black) ranks first (14.1): the number of such games, more first.
pub fn black_in_direct_game(ctx: &Ctx, e: usize, group: &[usize], scope: Scope) -> u32 {
    ctx.records(e, scope)
        .filter(|r| r.opponent.is_some_and(|o| group.contains(&o)))
        .flat_map(|r| r.games.iter())
        .filter(|g| g.side == Some(1) && !g.forfeit)
        .count() as u32
}

/// The score a bye contributes to its receiver's 对手分 (14.4): the lowest
/// non-zero score among the entrants, halved when the event has fewer than
/// seven rounds or fewer than 16 entrants; nothing where the edition has no
/// such rule.
pub fn bye_opponent_score(ctx: &Ctx) -> Option<Points> {
    ctx.bye
}

/// [`bye_opponent_score`] computed from the table: once per [`Ctx`], not
/// once per entrant (every entrant's 对手分 asks for it).
fn lowest_bye_score(ctx: &Ctx) -> Option<Points> {
    match ctx.rules.bye_opponent {
        ByeOpponent::Nothing => None,
        ByeOpponent::LowestNonZero => {
            let lowest = ctx
                .table
                .active()
                .into_iter()
                .map(|i| score(ctx, i, Scope::All))
                .filter(|s| !s.is_zero())
                .min()
                .unwrap_or(Points::ZERO);
            let few = ctx.table.rounds_planned < 7 || ctx.table.entrants.len() < 16;
            Some(if few { lowest / Points::int(2) } else { lowest })
        }
    }
}

/// The scores of an entrant's opponents, one per encounter, ascending; a
/// bye counts per [`bye_opponent_score`].
pub fn opponent_scores(ctx: &Ctx, e: usize) -> Vec<Points> {
    let bye = bye_opponent_score(ctx);
    let mut v: Vec<Points> = ctx
        .records(e, Scope::All)
        .filter_map(|r| match (r.opponent, r.kind) {
            (Some(o), _) => Some(score(ctx, o, Scope::All)),
            (None, RecordKind::Bye) => bye,
            (None, _) => None,
        })
        .collect();
    v.sort();
    v
}

/// 对手分 (Buchholz): the sum of the scores of all opponents met (14.3.1
/// "所对弈过的全部对手的积分之和", with 14.4 for byes; 14.7 团体对手分 "所
/// 对弈过队的场分总和"; 1999 15.2, 15.4; Gomoku 29.2.1 A, 29.2.2 A).
pub fn opponents_score(ctx: &Ctx, e: usize) -> Points {
    // The sum of `opponent_scores` (exact, so in any order), without
    // collecting and sorting them.
    let bye = bye_opponent_score(ctx);
    ctx.records(e, Scope::All)
        .filter_map(|r| match (r.opponent, r.kind) {
            (Some(o), _) => Some(score(ctx, o, Scope::All)),
            (None, RecordKind::Bye) => bye,
            (None, _) => None,
        })
        .sum()
}

/// 中间对手分 (median Buchholz, Gomoku 29.2.1 B, 29.2.2 B): 对手分 without
/// the `highest` best and the `lowest` worst opponents.
pub fn median_buchholz(ctx: &Ctx, e: usize, highest: usize, lowest: usize) -> Points {
    let v = opponent_scores(ctx, e);
    if v.len() <= highest + lowest {
        return Points::ZERO;
    }
    v[lowest..v.len() - highest].iter().copied().sum()
}

/// 递减最低对手分 (Gomoku 29.2.1 C): 对手分 without the lowest opponent,
/// then without the two lowest, and so on "直至能破除同分": one element per
/// step.
pub fn buchholz_cut_lowest(ctx: &Ctx, e: usize) -> Vec<Points> {
    let v = opponent_scores(ctx, e);
    (1..v.len()).map(|k| v[k..].iter().copied().sum()).collect()
}

/// The entrant's score after each round of the table (cumulative).
fn cumulative(ctx: &Ctx, e: usize) -> Vec<Points> {
    let mut cum = Points::ZERO;
    ctx.rounds()
        .iter()
        .map(|&round| {
            cum = cum
                + ctx
                    .records(e, Scope::All)
                    .filter(|r| r.round == Some(round))
                    .map(|r| r.points)
                    .sum::<Points>();
            cum
        })
        .collect()
}

/// 累进分: the sum of the cumulative scores after each round (14.3.2
/// "每轮积分相加总和").
pub fn progressive(ctx: &Ctx, e: usize) -> Points {
    cumulative(ctx, e).into_iter().sum()
}

/// 累进分 dropping rounds (14.3.2 "去除第一轮得分进行比较，如仍相等，则再
/// 去除第二轮的得分，以此类推"): the sum of the cumulative scores from round
/// 2 on, then from round 3 on, and so on.
pub fn progressive_cut(ctx: &Ctx, e: usize) -> Vec<Points> {
    let c = cumulative(ctx, e);
    (1..c.len()).map(|k| c[k..].iter().copied().sum()).collect()
}

/// 比较前一轮名次 (14.3.1, 14.7): the entrant's rank after the previous
/// round, then the round before, and so on, lower first.
pub fn previous_rounds(ctx: &Ctx, e: usize) -> Vec<Points> {
    let last = ctx.rounds().last().copied().unwrap_or(0);
    ctx.rounds()
        .iter()
        .rev()
        .filter(|&&r| r < last)
        .map(|r| {
            let rank = ctx
                .previous
                .get(r)
                .and_then(|v| v.get(e).copied().flatten())
                .unwrap_or(u32::MAX / 2);
            Points::from(rank)
        })
        .collect()
}

/// 伯格分 (team Sonneborn-Berger, Gomoku 29.1.2 B): "累加对手队的总局分 ×
/// 其得分率" — for each match, the opponent team's total game points times
/// this team's score rate in that match (its game points over the most it
/// could have scored).
pub fn team_sonneborn_berger(ctx: &Ctx, e: usize) -> Points {
    ctx.records(e, Scope::All)
        .filter_map(|r| {
            let o = r.opponent?;
            let most = Points::from(r.games.len() as u32) * ctx.rules.game.win;
            if most.is_zero() {
                return None;
            }
            Some(game_points(ctx, o, Scope::All) * (r.game_points / most))
        })
        .sum()
}

/// 各台积分 (Gomoku 29.1.2 D, 29.2.2 E): "从第一台开始依次比较各台积分" —
/// the game points scored on board 1, then board 2, and so on.
pub fn board_by_board(ctx: &Ctx, e: usize) -> Vec<Points> {
    let max = (0..ctx.table.entrants.len())
        .flat_map(|en| ctx.all_records(en).iter())
        .flat_map(|r| r.games.iter())
        .map(|g| g.board)
        .max()
        .unwrap_or(0);
    (1..=max)
        .map(|b| {
            ctx.records(e, Scope::All)
                .flat_map(|r| r.games.iter())
                .filter(|g| g.board == b)
                .map(|g| g.points)
                .sum()
        })
        .collect()
}

/// 队员个人名次总和 (14.9; 1999 15.5): the sum of the team's players'
/// ranks in the individual event, lower first.
pub fn placings_sum(ctx: &Ctx, e: usize) -> Option<Points> {
    let p = ctx.placings?.get(e)?;
    Some(p.iter().map(|&r| Points::from(r)).sum())
}

/// 最高个人名次 (14.9; 1999 15.5): the team's best individual rank.
pub fn best_placing(ctx: &Ctx, e: usize) -> Option<Points> {
    ctx.placings?.get(e)?.first().map(|&r| Points::from(r))
}

/// 次高个人名次 (1999 15.5): the team's second-best individual rank.
pub fn second_best_placing(ctx: &Ctx, e: usize) -> Option<Points> {
    ctx.placings?.get(e)?.get(1).map(|&r| Points::from(r))
}

/// A tie-break by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// `score`.
    Points,
    /// `penalties`.
    Penalties,
    /// `sonneborn_berger`.
    SonnebornBerger,
    /// `sonneborn_berger_by_cycle`.
    SonnebornBergerByCycle,
    /// `wins`.
    Wins,
    /// `match_wins`.
    MatchWins,
    /// `game_points`.
    GamePoints,
    /// `direct_encounter`.
    DirectEncounter,
    /// `fouls`.
    Fouls,
    /// `black_games`.
    BlackGames,
    /// `black_in_direct_game`.
    BlackInDirectGame,
    /// `black_wins`.
    BlackWins,
    /// `opponents_score`.
    OpponentsScore,
    /// `median_buchholz` without the `highest` best and `lowest` worst.
    MedianBuchholz {
        /// Best opponents left out.
        highest: u8,
        /// Worst opponents left out.
        lowest: u8,
    },
    /// `buchholz_cut_lowest`.
    BuchholzCutLowest,
    /// `previous_rounds`.
    PreviousRound,
    /// `progressive`.
    Progressive,
    /// `progressive_cut`.
    ProgressiveCut,
    /// `team_sonneborn_berger`.
    TeamSonnebornBerger,
    /// `board_by_board`.
    BoardByBoard,
    /// `placings_sum`.
    PlacingsSum,
    /// `best_placing`.
    BestPlacing,
    /// `second_best_placing`.
    SecondBestPlacing,
}

/// A tie-break in a chain: the tie-break and the results it looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Criterion {
    /// The tie-break.
    pub tiebreak: Tiebreak,
    /// Only the first cycle (14.1 double round robin fallback).
    pub first_cycle: bool,
}

impl From<Tiebreak> for Criterion {
    fn from(t: Tiebreak) -> Criterion {
        Criterion {
            tiebreak: t,
            first_cycle: false,
        }
    }
}

/// A value: one or more numbers compared in order; `None` when the
/// tie-break does not apply (直胜 when not all tied entrants have met).
pub type Value = Option<Vec<Points>>;

const NAMES: [(Tiebreak, &str, &str); 22] = [
    (Tiebreak::Points, "points", "积分"),
    (Tiebreak::Penalties, "penalties", "处分"),
    (Tiebreak::SonnebornBerger, "sonneborn-berger", "小分"),
    (
        Tiebreak::SonnebornBergerByCycle,
        "sonneborn-berger-by-cycle",
        "小分(两循环之和)",
    ),
    (Tiebreak::Wins, "wins", "胜局"),
    (Tiebreak::MatchWins, "match-wins", "胜场"),
    (Tiebreak::GamePoints, "game-points", "局分"),
    (Tiebreak::DirectEncounter, "direct-encounter", "直胜"),
    (Tiebreak::Fouls, "fouls", "犯规"),
    (Tiebreak::BlackGames, "black-games", "后走局数"),
    (
        Tiebreak::BlackInDirectGame,
        "black-in-direct-game",
        "对局时后走",
    ),
    (Tiebreak::BlackWins, "black-wins", "后走胜局"),
    (Tiebreak::OpponentsScore, "opponents-score", "对手分"),
    (
        Tiebreak::BuchholzCutLowest,
        "buchholz-cut-lowest",
        "递减最低对手分",
    ),
    (Tiebreak::PreviousRound, "previous-round", "前一轮名次"),
    (Tiebreak::Progressive, "progressive", "累进分"),
    (Tiebreak::ProgressiveCut, "progressive-cut", "去轮累进分"),
    (
        Tiebreak::TeamSonnebornBerger,
        "team-sonneborn-berger",
        "伯格分",
    ),
    (Tiebreak::BoardByBoard, "board-by-board", "各台积分"),
    (Tiebreak::PlacingsSum, "placings-sum", "个人名次总和"),
    (Tiebreak::BestPlacing, "best-placing", "最高个人名次"),
    (
        Tiebreak::SecondBestPlacing,
        "second-best-placing",
        "次高个人名次",
    ),
];

impl Tiebreak {
    /// The name used in files and output (`sonneborn-berger`).
    pub fn name(self) -> String {
        if let Tiebreak::MedianBuchholz { highest, lowest } = self {
            return if (highest, lowest) == (1, 1) {
                "median-buchholz".into()
            } else {
                format!("median-buchholz-h{highest}-l{lowest}")
            };
        }
        NAMES
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, n, _)| n.to_string())
            .unwrap_or_default()
    }

    /// The rulebook's name (`小分`).
    pub fn label(self) -> String {
        if let Tiebreak::MedianBuchholz { highest, lowest } = self {
            return format!("中间对手分(去高{highest}低{lowest})");
        }
        NAMES
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, _, l)| l.to_string())
            .unwrap_or_default()
    }

    /// Reads a name; `median-buchholz` drops one best and one worst,
    /// `median-buchholz-h2-l0` two best and none of the worst.
    pub fn parse(name: &str) -> Option<Tiebreak> {
        if name == "median-buchholz" {
            return Some(Tiebreak::MedianBuchholz {
                highest: 1,
                lowest: 1,
            });
        }
        if let Some(rest) = name.strip_prefix("median-buchholz-h") {
            let (h, l) = rest.split_once("-l")?;
            return Some(Tiebreak::MedianBuchholz {
                highest: h.parse().ok()?,
                lowest: l.parse().ok()?,
            });
        }
        NAMES
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(t, _, _)| *t)
    }

    /// Whether a higher value ranks first (else lower: penalties, fouls,
    /// ranks).
    pub fn higher_is_better(self) -> bool {
        !matches!(
            self,
            Tiebreak::Penalties
                | Tiebreak::Fouls
                | Tiebreak::PreviousRound
                | Tiebreak::PlacingsSum
                | Tiebreak::BestPlacing
                | Tiebreak::SecondBestPlacing
        )
    }

    /// Whether the value depends on who else is tied (直胜, 对局时后走).
    pub fn depends_on_group(self) -> bool {
        matches!(
            self,
            Tiebreak::DirectEncounter | Tiebreak::BlackInDirectGame
        )
    }
}

impl Criterion {
    /// The name: the tie-break's, prefixed `first-cycle-` for the first
    /// cycle only.
    pub fn name(self) -> String {
        if self.first_cycle {
            format!("first-cycle-{}", self.tiebreak.name())
        } else {
            self.tiebreak.name()
        }
    }

    /// The rulebook's name.
    pub fn label(self) -> String {
        if self.first_cycle {
            format!("第一循环{}", self.tiebreak.label())
        } else {
            self.tiebreak.label()
        }
    }

    /// Reads a name (see [`Tiebreak::parse`]).
    pub fn parse(name: &str) -> Option<Criterion> {
        match name.strip_prefix("first-cycle-") {
            Some(rest) => Some(Criterion {
                tiebreak: Tiebreak::parse(rest)?,
                first_cycle: true,
            }),
            None => Tiebreak::parse(name).map(Criterion::from),
        }
    }

    /// The entrant's value; `group` is the tied entrants it is compared
    /// with (used by 直胜 and 对局时后走 only).
    pub fn value(self, ctx: &Ctx, e: usize, group: &[usize]) -> Value {
        self.compact(ctx, e, group).to_value()
    }

    /// [`Criterion::value`] without allocating where the value has one or
    /// two numbers (what the ranking compares).
    pub(crate) fn compact(self, ctx: &Ctx, e: usize, group: &[usize]) -> Compact {
        let scope = if self.first_cycle {
            Scope::FirstCycle
        } else {
            Scope::All
        };
        let one = Compact::One;
        let count = |n: u32| Compact::One(Points::from(n));
        match self.tiebreak {
            Tiebreak::Points => one(score(ctx, e, scope)),
            Tiebreak::Penalties => Compact::Two(penalties(ctx, e)),
            Tiebreak::SonnebornBerger => one(sonneborn_berger(ctx, e, scope)),
            Tiebreak::SonnebornBergerByCycle => one(sonneborn_berger_by_cycle(ctx, e)),
            Tiebreak::Wins => count(wins(ctx, e, scope)),
            Tiebreak::MatchWins => count(match_wins(ctx, e, scope)),
            Tiebreak::GamePoints => one(game_points(ctx, e, scope)),
            Tiebreak::DirectEncounter => direct_encounter(ctx, e, group, scope).into(),
            Tiebreak::Fouls => count(fouls(ctx, e, scope)),
            Tiebreak::BlackGames => count(black_games(ctx, e, scope)),
            Tiebreak::BlackInDirectGame => count(black_in_direct_game(ctx, e, group, scope)),
            Tiebreak::BlackWins => count(black_wins(ctx, e, scope)),
            Tiebreak::OpponentsScore => one(opponents_score(ctx, e)),
            Tiebreak::MedianBuchholz { highest, lowest } => one(median_buchholz(
                ctx,
                e,
                usize::from(highest),
                usize::from(lowest),
            )),
            Tiebreak::BuchholzCutLowest => Compact::Many(buchholz_cut_lowest(ctx, e)),
            Tiebreak::PreviousRound => Compact::Many(previous_rounds(ctx, e)),
            Tiebreak::Progressive => one(progressive(ctx, e)),
            Tiebreak::ProgressiveCut => Compact::Many(progressive_cut(ctx, e)),
            Tiebreak::TeamSonnebornBerger => one(team_sonneborn_berger(ctx, e)),
            Tiebreak::BoardByBoard => Compact::Many(board_by_board(ctx, e)),
            Tiebreak::PlacingsSum => placings_sum(ctx, e).into(),
            Tiebreak::BestPlacing => best_placing(ctx, e).into(),
            Tiebreak::SecondBestPlacing => second_best_placing(ctx, e).into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (t, n, _) in NAMES {
            assert_eq!(Tiebreak::parse(n), Some(t));
            assert_eq!(t.name(), n);
        }
        let m = Tiebreak::parse("median-buchholz-h2-l0").unwrap();
        assert_eq!(m.name(), "median-buchholz-h2-l0");
        let c = Criterion::parse("first-cycle-sonneborn-berger").unwrap();
        assert!(c.first_cycle);
        assert_eq!(c.name(), "first-cycle-sonneborn-berger");
        assert_eq!(Criterion::parse("nonsense"), None);
    }
}
