//! The results table (比赛成绩表): each entrant's record, round by round,
//! scored under the rules, with withdrawals applied (2020 article 19, 1999
//! 20.3–20.4, Gomoku 24.4) and byes scored (14.4).
//!
//! An entrant is what is ranked: a player, or a team in a team event. A
//! record is one encounter: a game, a multi-game match between two players
//! (14.2), a team match (13.2), or a bye.

use std::collections::{BTreeMap, HashMap};

use crate::event::tournament::{
    EventType, GameEntry, Id, MatchEntry, Outcome, PenaltyKind, ResultCode, System, TeamRanking,
    Tournament,
};

use super::StandingsError;
use super::points::Points;
use super::scoring::{RuleSet, match_outcome};

/// How a record came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// Played over the board (at least one game of a match was played).
    Played,
    /// Decided by absence (20.3: `+`/`-`), including the games a withdrawn
    /// entrant did not play (19.2, 19.3).
    Forfeit,
    /// A bye in a Swiss event, scored as a win (14.4).
    Bye,
}

/// One game as one entrant saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// The board (1 for an individual game).
    pub board: u32,
    /// 0: moved first (red in Xiangqi); 1: moved second (后走, black in
    /// Xiangqi); `None` for a game given by forfeit without colours.
    pub side: Option<usize>,
    /// The outcome for this entrant.
    pub outcome: Outcome,
    /// Decided by absence.
    pub forfeit: bool,
    /// The game points it earned.
    pub points: Points,
    /// Its fouls in the game.
    pub fouls: u32,
}

/// One encounter of an entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The round (`None` for a game forfeited after a withdrawal, 19.2,
    /// which belongs to no round played).
    pub round: Option<u32>,
    /// The cycle (1 unless a double round robin).
    pub cycle: u32,
    /// The opponent (entrant index); `None` for a bye.
    pub opponent: Option<usize>,
    /// Played, forfeit or bye.
    pub kind: RecordKind,
    /// The points for the ranking: game points in an individual event of
    /// one game per pairing, match points (场分) otherwise.
    pub points: Points,
    /// Game points (局分) earned.
    pub game_points: Points,
    /// Game points the opponent earned.
    pub opponent_game_points: Points,
    /// The match's outcome (for matches and byes).
    pub outcome: Outcome,
    /// The games.
    pub games: Vec<GameView>,
}

/// What happened to a withdrawn entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithdrawalEffect {
    /// The entrant.
    pub entrant: usize,
    /// The last round played.
    pub after_round: u32,
    /// Encounters played (or decided) and scheduled, in a round robin.
    pub played: u32,
    /// Encounters scheduled in a round robin.
    pub scheduled: u32,
    /// The results were cancelled (fewer than half played, 19.2).
    pub cancelled: bool,
    /// The clause applied.
    pub clause: &'static str,
    /// Expelled (18.3) rather than withdrawn.
    pub expelled: bool,
}

/// An entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Its id.
    pub id: Id,
    /// Its name.
    pub name: Option<String>,
    /// Its records, in round order.
    pub records: Vec<Record>,
    /// Its results were cancelled (19.2): it is not ranked.
    pub cancelled: bool,
    /// Warnings and disqualifications (18.1, 18.2) received by then.
    pub warnings: u32,
    /// Disqualifications (18.2).
    pub disqualifications: u32,
}

/// The results table up to a round.
#[derive(Clone, Debug)]
pub struct Crosstable {
    /// Entrants in registration order.
    pub entrants: Vec<Entrant>,
    /// The rounds included (their numbers).
    pub rounds: Vec<u32>,
    /// The rounds announced (14.4).
    pub rounds_planned: u32,
    /// Withdrawals applied.
    pub withdrawals: Vec<WithdrawalEffect>,
}

impl Crosstable {
    /// The entrants still ranked.
    pub fn active(&self) -> Vec<usize> {
        (0..self.entrants.len())
            .filter(|&i| !self.entrants[i].cancelled)
            .collect()
    }
}

/// The cycle a round belongs to in a double round robin of `n` entrants:
/// each cycle has `n - 1` rounds, or `n` when `n` is odd (a bye each round).
pub fn default_cycle(system: System, n: usize, round: u32) -> u32 {
    if system != System::DoubleRoundRobin || n < 2 {
        return 1;
    }
    let per = if n.is_multiple_of(2) { n - 1 } else { n } as u32;
    (round.saturating_sub(1)) / per + 1
}

/// Whether entrants are teams playing matches.
pub fn ranks_teams(t: &Tournament) -> bool {
    t.event == EventType::Team && t.team_ranking != Some(TeamRanking::Placings)
}

/// Every encounter up to a round: two entrants' game or match, with the
/// games read from `a`'s side.
struct Enc {
    round: u32,
    cycle: u32,
    a: usize,
    b: usize,
    /// Board, game, whether `a` moved first.
    games: Vec<(u32, Played, bool)>,
}

/// What scoring reads of a game: its result and fouls (the players' ids
/// are not copied).
#[derive(Clone, Copy)]
struct Played {
    result: Option<ResultCode>,
    fouls: [u32; 2],
}

impl Played {
    fn of(g: &GameEntry) -> Played {
        Played {
            result: g.result,
            fouls: g.fouls(),
        }
    }

    fn fouls(&self) -> [u32; 2] {
        self.fouls
    }
}

/// The entrants: the teams when teams play matches, otherwise the players.
fn entrants_of(t: &Tournament, teams: bool) -> Vec<Entrant> {
    let entrant = |id: Id, name: Option<String>| Entrant {
        id,
        name,
        records: Vec::new(),
        cancelled: false,
        warnings: 0,
        disqualifications: 0,
    };
    if teams {
        t.teams
            .iter()
            .map(|team| entrant(team.id.clone(), team.name.clone()))
            .collect()
    } else {
        t.players
            .iter()
            .map(|p| entrant(Id::from(p.id), p.name.clone()))
            .collect()
    }
}

/// Builds the table of rounds up to `upto` (all rounds when it is the last).
pub fn build(t: &Tournament, rules: &RuleSet, upto: u32) -> Result<Crosstable, StandingsError> {
    let teams = ranks_teams(t);
    let mut entrants = entrants_of(t, teams);
    let index: HashMap<Id, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id.clone(), i))
        .collect();
    let numbers = t.round_numbers();
    let rounds: Vec<u32> = numbers.iter().copied().filter(|&r| r <= upto).collect();
    let rounds_planned = t.rounds_planned.unwrap_or_else(|| t.last_round());
    let pair_matches = !teams && t.games_per_match() > 1;
    let n = entrants.len();
    let (mut encounters, mut byes) = encounters(t, &index, n, teams, pair_matches, upto);

    // Withdrawals (2020 article 19; 1999 20.3–20.4; Gomoku 24.4).
    let effects = withdrawal_effects(t, rules, &index, n, &encounters)?;
    for eff in &effects {
        if eff.cancelled {
            entrants[eff.entrant].cancelled = true;
        }
    }
    let cancelled: Vec<bool> = entrants.iter().map(|e| e.cancelled).collect();
    encounters.retain(|e| !cancelled[e.a] && !cancelled[e.b]);
    byes.retain(|(_, i)| !cancelled[*i]);
    let synthetic = forfeits_after_withdrawal(t, upto, &effects, &cancelled, &encounters);

    // Score the encounters.
    let matches = teams || pair_matches;
    for e in &encounters {
        let (ra, rb) = score_encounter(rules, e.round, e.cycle, e.a, e.b, &e.games, matches);
        entrants[e.a].records.push(ra);
        entrants[e.b].records.push(rb);
    }
    score_forfeits_after_withdrawal(t, rules, teams, matches, &synthetic, &mut entrants);
    if t.system == System::Swiss {
        score_byes(rules, teams, &byes, &mut entrants);
    }
    // (In a round robin a bye counts for nothing: 14.1 "遇轮空均不计算成绩和先后手".)
    for e in &mut entrants {
        e.records.sort_by_key(|r| r.round.unwrap_or(u32::MAX));
    }
    count_penalties(t, &index, teams, upto, &mut entrants);
    Ok(Crosstable {
        entrants,
        rounds,
        rounds_planned,
        withdrawals: effects,
    })
}

/// The table after an earlier round, read through the table of every
/// round instead of copied from it (14.3.1 and 14.7 rank the event again
/// after each earlier round). It stands for what [`build`] would give up to
/// that round when no one withdrew (a withdrawal's effect depends on the
/// rounds included, article 19): each entrant's records are those of its
/// records in `whole` whose round is at most the cutoff — a prefix, since
/// records are kept in round order —, and the penalties (18.1, 18.2) are
/// counted again up to the cutoff.
#[derive(Clone, Debug)]
pub struct Cutoff {
    /// The last round included.
    pub round: u32,
    /// The rounds included (their numbers).
    pub rounds: Vec<u32>,
    /// Each entrant's disqualifications and warnings by the cutoff, when
    /// the event has penalties (else the table's, none).
    pub penalties: Option<Vec<[u32; 2]>>,
    /// How many of each entrant's records are up to the cutoff.
    ends: Vec<usize>,
}

impl Cutoff {
    /// The records of `entrant` up to the cutoff: the prefix of its records
    /// in `whole` (kept in round order, those of no round last).
    pub fn records<'t>(&self, whole: &'t Crosstable, entrant: usize) -> &'t [Record] {
        let all = &whole.entrants[entrant].records;
        &all[..self.ends[entrant].min(all.len())]
    }
}

/// The table of rounds up to `upto` as a [`Cutoff`] of `whole`, the table of
/// every round, when that is what [`build`] would give (no one withdrew);
/// `None` when someone withdrew: build the table again.
pub fn up_to(t: &Tournament, whole: &Crosstable, upto: u32) -> Option<Cutoff> {
    if !t.withdrawals.is_empty() || !whole.withdrawals.is_empty() {
        return None;
    }
    let penalties = (!t.penalties.is_empty()).then(|| {
        let index: HashMap<Id, usize> = whole
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), i))
            .collect();
        let mut counts = vec![[0u32; 2]; whole.entrants.len()];
        for_each_penalty(t, &index, ranks_teams(t), upto, |i, kind| match kind {
            PenaltyKind::Disqualification => counts[i][0] += 1,
            PenaltyKind::Warning => counts[i][1] += 1,
        });
        counts
    });
    let ends = whole
        .entrants
        .iter()
        .map(|e| {
            e.records
                .partition_point(|r| r.round.is_some_and(|n| n <= upto))
        })
        .collect();
    Some(Cutoff {
        round: upto,
        ends,
        rounds: whole
            .rounds
            .iter()
            .copied()
            .filter(|&r| r <= upto)
            .collect(),
        penalties,
    })
}

/// Every encounter up to round `upto`, in order, and the byes (round,
/// entrant); `n` entrants. `pair_matches`: an individual event's games of one pairing
/// in a round make one match (14.2).
fn encounters(
    t: &Tournament,
    index: &HashMap<Id, usize>,
    n: usize,
    teams: bool,
    pair_matches: bool,
    upto: u32,
) -> (Vec<Enc>, Vec<(u32, usize)>) {
    let mut encounters: Vec<Enc> = Vec::new();
    let mut byes: Vec<(u32, usize)> = Vec::new();
    let members = t.team_members();
    for (round, number) in t.rounds.iter().zip(t.round_numbers()) {
        if number > upto {
            break;
        }
        let cycle = round
            .cycle
            .unwrap_or_else(|| default_cycle(t.system, n, number));
        if teams {
            for m in &round.matches {
                let [Some(a), Some(b)] = m.sides(t.game) else {
                    continue;
                };
                let (Some(&ia), Some(&ib)) = (index.get(a), index.get(b)) else {
                    continue;
                };
                encounters.push(Enc {
                    round: number,
                    cycle,
                    a: ia,
                    b: ib,
                    games: match_games(t, m, members.get(a)),
                });
            }
        } else {
            for g in &round.games {
                let [Some(a), Some(b)] = g.sides(t.game) else {
                    continue;
                };
                let (Some(&a), Some(&b)) = (index.get(a), index.get(b)) else {
                    continue;
                };
                let existing = if pair_matches {
                    encounters.iter_mut().rev().find(|e| {
                        e.round == number && ((e.a == a && e.b == b) || (e.a == b && e.b == a))
                    })
                } else {
                    None
                };
                match existing {
                    Some(e) => {
                        let board = e.games.len() as u32 + 1;
                        let a_first = e.a == a;
                        e.games.push((board, Played::of(g), a_first));
                    }
                    None => encounters.push(Enc {
                        round: number,
                        cycle,
                        a,
                        b,
                        games: vec![(1, Played::of(g), true)],
                    }),
                }
            }
        }
        for b in &round.byes {
            if let Some(&i) = index.get(b) {
                byes.push((number, i));
            }
        }
    }
    (encounters, byes)
}

/// A team match's games as (board, game, whether team a's player moved
/// first); `a_members` are team a's players.
fn match_games(
    t: &Tournament,
    m: &MatchEntry,
    a_members: Option<&Vec<u32>>,
) -> Vec<(u32, Played, bool)> {
    m.games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let board = g.board.unwrap_or(i as u32 + 1);
            // Which side of the game is team a's player: the one
            // listed in team a; a board without players reads
            // its result from the first-listed team.
            let [f, s] = g.sides(t.game);
            let in_a = |p: Option<&Id>| {
                p.and_then(|p| p.as_str().parse::<u32>().ok())
                    .is_some_and(|p| a_members.is_some_and(|ms| ms.contains(&p)))
            };
            let a_first = if f.is_some() || s.is_some() {
                in_a(f) || (f.is_none() && !in_a(s))
            } else {
                true
            };
            (board, Played::of(g), a_first)
        })
        .collect()
}

/// How many times each pair meets in the system: twice in a double round
/// robin.
fn cycles_of(t: &Tournament) -> u32 {
    if t.system == System::DoubleRoundRobin {
        2
    } else {
        1
    }
}

/// What each withdrawal does (`n` entrants): in a round robin, whether the entrant's
/// results are cancelled (fewer than half the games played); a game played
/// after the withdrawal is an error.
fn withdrawal_effects(
    t: &Tournament,
    rules: &RuleSet,
    index: &HashMap<Id, usize>,
    n: usize,
    encounters: &[Enc],
) -> Result<Vec<WithdrawalEffect>, StandingsError> {
    let cycles = cycles_of(t);
    let mut effects = Vec::new();
    for w in &t.withdrawals {
        let Some(&i) = index.get(&w.id) else { continue };
        for e in encounters {
            if (e.a == i || e.b == i)
                && e.round > w.after_round
                && e.games
                    .iter()
                    .any(|(_, g, _)| !g.result.is_some_and(|r| r.is_forfeit()))
            {
                return Err(StandingsError::Invalid(format!(
                    "{} withdrew after round {} but has a game played in round {}",
                    w.id, w.after_round, e.round
                )));
            }
        }
        if t.system.is_round_robin() {
            let played = encounters
                .iter()
                .filter(|e| (e.a == i || e.b == i) && e.round <= w.after_round)
                .count() as u32;
            let scheduled = (n.saturating_sub(1) as u32) * cycles;
            let cancelled = played * 2 < scheduled;
            effects.push(WithdrawalEffect {
                entrant: i,
                after_round: w.after_round,
                played,
                scheduled,
                cancelled,
                clause: rules.withdrawal_round_robin,
                expelled: w.expelled,
            });
        } else {
            effects.push(WithdrawalEffect {
                entrant: i,
                after_round: w.after_round,
                played: 0,
                scheduled: 0,
                cancelled: false,
                clause: rules.withdrawal_swiss,
                expelled: w.expelled,
            });
        }
    }
    Ok(effects)
}

/// 19.2: a withdrawal after half: the games not played are forfeited,
/// "记对方获胜". They belong to no round: (cycle, winner, withdrawn).
fn forfeits_after_withdrawal(
    t: &Tournament,
    upto: u32,
    effects: &[WithdrawalEffect],
    cancelled: &[bool],
    encounters: &[Enc],
) -> Vec<(u32, usize, usize)> {
    let cycles = cycles_of(t);
    let mut synthetic: Vec<(u32, usize, usize)> = Vec::new();
    if t.system.is_round_robin() && upto >= t.last_round() {
        for eff in effects.iter().filter(|e| !e.cancelled) {
            let w = eff.entrant;
            for (o, &gone) in cancelled.iter().enumerate() {
                if o == w || gone {
                    continue;
                }
                let met = encounters
                    .iter()
                    .filter(|e| (e.a == w && e.b == o) || (e.a == o && e.b == w))
                    .count() as u32
                    + synthetic
                        .iter()
                        .filter(|s| (s.1 == o && s.2 == w) || (s.1 == w && s.2 == o))
                        .count() as u32;
                for k in met..cycles {
                    synthetic.push((k + 1, o, w));
                }
            }
        }
    }
    synthetic
}

/// Scores the games forfeited after a withdrawal (19.2), on every board.
fn score_forfeits_after_withdrawal(
    t: &Tournament,
    rules: &RuleSet,
    teams: bool,
    matches: bool,
    synthetic: &[(u32, usize, usize)],
    entrants: &mut [Entrant],
) {
    let boards = if teams {
        t.rounds
            .iter()
            .flat_map(|r| r.matches.iter().map(|m| m.games.len() as u32))
            .max()
            .unwrap_or(1)
    } else {
        t.games_per_match()
    };
    for &(cycle, winner, loser) in synthetic {
        let res = ResultCode::FirstWinsByForfeit;
        let games: Vec<(u32, Played, bool)> = (1..=boards)
            .map(|b| {
                let played = Played {
                    result: Some(res),
                    fouls: [0, 0],
                };
                (b, played, true)
            })
            .collect();
        let (mut ra, mut rb) = score_encounter(rules, 0, cycle, winner, loser, &games, matches);
        for r in [&mut ra, &mut rb] {
            r.round = None;
            r.kind = RecordKind::Forfeit;
            for g in &mut r.games {
                g.side = None;
            }
        }
        entrants[winner].records.push(ra);
        entrants[loser].records.push(rb);
    }
}

/// Scores a Swiss event's byes as wins (14.4).
fn score_byes(rules: &RuleSet, teams: bool, byes: &[(u32, usize)], entrants: &mut [Entrant]) {
    for &(round, i) in byes {
        // 14.4: "凡轮空者的成绩按胜局计分，团体成绩按胜场计分".
        let cycle = 1;
        let (points, game_points, games) = if teams {
            (rules.matches.win, Points::ZERO, Vec::new())
        } else {
            (
                rules.game.win,
                rules.game.win,
                vec![GameView {
                    board: 1,
                    side: None,
                    outcome: Outcome::Win,
                    forfeit: true,
                    points: rules.game.win,
                    fouls: 0,
                }],
            )
        };
        entrants[i].records.push(Record {
            round: Some(round),
            cycle,
            opponent: None,
            kind: RecordKind::Bye,
            points,
            game_points,
            opponent_game_points: Points::ZERO,
            outcome: Outcome::Win,
            games,
        });
    }
}

/// Penalties (18.1, 18.2) given by round `upto`. In a team event a penalty
/// of a team's player counts for the team (18.5: "人(队)").
fn count_penalties(
    t: &Tournament,
    index: &HashMap<Id, usize>,
    teams: bool,
    upto: u32,
    entrants: &mut [Entrant],
) {
    for_each_penalty(t, index, teams, upto, |i, kind| match kind {
        PenaltyKind::Warning => entrants[i].warnings += 1,
        PenaltyKind::Disqualification => entrants[i].disqualifications += 1,
    });
}

/// Calls `f` with the entrant and the kind of each penalty given by round
/// `upto` ([`count_penalties`]).
fn for_each_penalty(
    t: &Tournament,
    index: &HashMap<Id, usize>,
    teams: bool,
    upto: u32,
    mut f: impl FnMut(usize, PenaltyKind),
) {
    let team_of: BTreeMap<Id, Id> = t
        .team_members()
        .into_iter()
        .flat_map(|(team, ps)| ps.into_iter().map(move |p| (Id::from(p), team.clone())))
        .collect();
    for p in &t.penalties {
        if p.round.unwrap_or(1) > upto && upto < t.last_round() {
            continue;
        }
        let target = index.get(&p.id).copied().or_else(|| {
            teams
                .then(|| team_of.get(&p.id).and_then(|tm| index.get(tm).copied()))
                .flatten()
        });
        if let Some(i) = target {
            f(i, p.kind);
        }
    }
}

/// Scores one encounter for both sides. `matches`: score it as a match
/// (13.2, 14.2) rather than a single game.
fn score_encounter(
    rules: &RuleSet,
    round: u32,
    cycle: u32,
    a: usize,
    b: usize,
    games: &[(u32, Played, bool)],
    matches: bool,
) -> (Record, Record) {
    let mut ga = Vec::new();
    let mut gb = Vec::new();
    for (board, g, a_first) in games {
        let res = g.result.unwrap_or(ResultCode::DoubleForfeit);
        let (sa, sb) = if *a_first { (0, 1) } else { (1, 0) };
        let fouls = g.fouls();
        let forfeit = res.is_forfeit();
        for (side, list) in [(sa, &mut ga), (sb, &mut gb)] {
            let outcome = res.outcome_for(side);
            list.push(GameView {
                board: *board,
                side: Some(side),
                outcome,
                forfeit,
                points: rules.game_points(outcome, Some(side)),
                fouls: fouls[side],
            });
        }
    }
    let pa: Points = ga.iter().map(|g| g.points).sum();
    let pb: Points = gb.iter().map(|g| g.points).sum();
    let all_forfeit = ga.iter().all(|g| g.forfeit);
    let kind = if all_forfeit {
        RecordKind::Forfeit
    } else {
        RecordKind::Played
    };
    let (oa, ob) = if matches {
        let oa = match_outcome(pa, pb);
        // Both sides absent on every board: both lose (20.2).
        let double = games
            .iter()
            .all(|(_, g, _)| g.result == Some(ResultCode::DoubleForfeit));
        if double {
            (Outcome::Loss, Outcome::Loss)
        } else {
            (oa, oa.reversed())
        }
    } else {
        (
            ga.first().map_or(Outcome::Loss, |g| g.outcome),
            gb.first().map_or(Outcome::Loss, |g| g.outcome),
        )
    };
    let points = |o: Outcome, p: Points| {
        if matches { rules.match_points(o) } else { p }
    };
    let ra = Record {
        round: Some(round),
        cycle,
        opponent: Some(b),
        kind,
        points: points(oa, pa),
        game_points: pa,
        opponent_game_points: pb,
        outcome: oa,
        games: ga,
    };
    let rb = Record {
        round: Some(round),
        cycle,
        opponent: Some(a),
        kind,
        points: points(ob, pb),
        game_points: pb,
        opponent_game_points: pa,
        outcome: ob,
        games: gb,
    };
    (ra, rb)
}
