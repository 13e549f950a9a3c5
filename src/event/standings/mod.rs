//! Standings (名次确定): scores and tie-breaks exactly as each rulebook
//! orders them — 2020 articles 13–14, 18.5, 19 and 20.3; 1999 articles
//! 14–15 (with 18.4, 20.3–20.4, 21.4); Gomoku 2025 articles 28–29 (with
//! 24.4).
//!
//! * [`scoring`]: what games, matches, forfeits and byes are worth;
//! * `crosstable`: the results table, withdrawals applied;
//! * `tiebreaks`: every tie-break as a named function;
//! * `chains`: each clause's order of tie-breaks, as data;
//! * `report`: the table as text, JSON and CSV.
//!
//! [`compute`] ranks a tournament: the entrants are sorted by the chain's
//! first criterion (the score); each group still tied is split by the next
//! criterion, and so on. A criterion that depends on who is tied (直胜)
//! is evaluated within the group it splits. Each row records the criterion
//! that separated it from the row above.

pub(crate) mod chains;
mod compact;
pub(crate) mod crosstable;
pub(crate) mod points;
pub(crate) mod report;
pub mod scoring;
pub(crate) mod tiebreaks;

pub use chains::{Chain, OnTie, for_event as tiebreak_chain};
pub use crosstable::{Crosstable, Entrant, GameView, Record, RecordKind, WithdrawalEffect};

use crosstable::Cutoff;
pub use points::Points;
pub use scoring::{ByeOpponent, RuleSet, match_outcome};
pub use tiebreaks::{Criterion, Scope, Tiebreak, Value};

use std::cmp::Ordering;
use std::collections::BTreeMap;

use thiserror::Error;

use crate::edition::{Edition, GameKind};
use crate::event::tournament::{FinalError, GameName, Id, Tournament, TournamentError};

use compact::{Compact, compare};
use tiebreaks::Ctx;

/// Why standings cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StandingsError {
    /// The tournament file is inconsistent.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// The results contradict the rules (a game after a withdrawal, an
    /// unknown tie-break).
    #[error("{0}")]
    Invalid(String),
    /// The edition has no rule for this kind of event.
    #[error("{0}")]
    Unsupported(String),
    /// The N+1 final the file names does not stand (10.4.3.1).
    #[error(transparent)]
    Final(#[from] FinalError),
}

/// Which criterion separated a row from the row above, and at which step
/// of a criterion that goes on "until separated".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The criterion's index in the chain.
    pub criterion: usize,
    /// The step (0 for a single-valued criterion; for 14.3.1 the number of
    /// rounds gone back minus one, for 14.3.2 the rounds dropped minus one).
    pub step: usize,
}

impl Decision {
    /// The criterion index that stands for the N+1 final (10.4.3.1): the
    /// final's loser is second, and the Swiss's best third, because of it.
    pub const FINAL: usize = usize::MAX;
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The place (competition ranking: 1, 2, 2, 4).
    pub rank: u32,
    /// The entrant's id.
    pub id: Id,
    /// Its name.
    pub name: Option<String>,
    /// Each criterion's value, in chain order; `None` where it was not
    /// reached (a group criterion) or does not apply.
    pub values: Vec<Value>,
    /// What separated it from the row above (`None` for the first row and
    /// for a tie that nothing separated).
    pub decided_by: Option<Decision>,
    /// It shares its place.
    pub tied: bool,
    /// The rules want the tie broken by a play-off (14.6; 1999 15.6; the
    /// event's `unshared_places`).
    pub playoff: bool,
    /// The round after which it withdrew (its results stand).
    pub withdrawn_after: Option<u32>,
}

/// A withdrawn entrant and what the rules did with its results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    /// The entrant.
    pub id: Id,
    /// The last round it played.
    pub after_round: u32,
    /// Cancelled (fewer than half played, 19.2) or standing.
    pub cancelled: bool,
    /// Encounters played and scheduled (round robin).
    pub played: u32,
    /// Encounters scheduled (round robin; 0 in a Swiss event).
    pub scheduled: u32,
    /// The clause applied.
    pub clause: &'static str,
    /// Expelled (18.3).
    pub expelled: bool,
}

/// The standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The edition applied.
    pub rules: &'static str,
    /// The chain applied.
    pub chain: Chain,
    /// The game scoring clause (13.1, 13.3, 14.1, 28.1 ...).
    pub scoring_clause: &'static str,
    /// The rows, best first.
    pub rows: Vec<Row>,
    /// Withdrawals and their effect.
    pub withdrawals: Vec<Withdrawal>,
    /// For teams ranked by placings: the individual standings.
    pub individual: Option<Box<Standings>>,
    /// The last round in the results.
    pub last_round: u32,
}

impl Standings {
    /// The row of an entrant.
    pub fn row(&self, id: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.id.as_str() == id)
    }

    /// The name of the criterion that decided a row.
    pub fn decision_name(&self, d: Decision) -> String {
        if d.criterion == Decision::FINAL {
            return "final".into();
        }
        self.chain
            .criteria
            .get(d.criterion)
            .map(|c| c.name())
            .unwrap_or_default()
    }
}

/// The edition for a tournament: `rules` if given, else the file's.
pub fn edition_for(
    t: &Tournament,
    rules: Option<&str>,
) -> Result<&'static Edition, StandingsError> {
    let id = rules.unwrap_or_else(|| t.rules_id());
    let e = Edition::get(id).ok_or_else(|| {
        StandingsError::Invalid(format!(
            "unknown rules '{id}' (expected one of {})",
            Edition::ids().join(", ")
        ))
    })?;
    let game = match e.game {
        GameKind::Xiangqi => GameName::Xiangqi,
        GameKind::Gomoku => GameName::Gomoku,
        GameKind::Go => {
            return Err(StandingsError::Invalid(format!(
                "rules '{id}' are Go rules; standings are implemented for Xiangqi and Gomoku events"
            )));
        }
    };
    if game != t.game {
        return Err(StandingsError::Invalid(format!(
            "rules '{id}' are for {game:?}, the tournament is {:?}",
            t.game
        )));
    }
    Ok(e)
}

/// Computes the standings of `t` under `rules` (default: the file's rules,
/// else the game's current edition).
pub fn compute(t: &Tournament, rules: Option<&str>) -> Result<Standings, StandingsError> {
    t.check("tournament")?;
    let edition = edition_for(t, rules)?;
    let chain = chains::for_event(edition, t)?;
    let rs = RuleSet::new(edition, t)?;
    compute_with(t, &rs, &chain)
}

fn unshared_places(t: &Tournament, edition: &Edition) -> u32 {
    // 1999 15.6: "冠军或不宜并列的名次，应安排加赛": the champion at least.
    t.unshared_places
        .unwrap_or(edition.standings.map_or(0, |s| s.unshared_places))
}

fn compute_with(t: &Tournament, rs: &RuleSet, chain: &Chain) -> Result<Standings, StandingsError> {
    if let Some(ind_chain) = &chain.individual {
        return compute_placings(t, rs, chain, ind_chain);
    }
    let last = t.last_round();
    let mut previous: BTreeMap<u32, Vec<Option<u32>>> = BTreeMap::new();
    if chain
        .criteria
        .iter()
        .any(|c| c.tiebreak == Tiebreak::PreviousRound)
    {
        // The ranking after each earlier round, by the same rules (and, for
        // its own ties, the rounds before it: "以此类推").
        // Without withdrawals the table after round r is the final table's
        // records of rounds up to r, so it is built once and each earlier
        // round is ranked on a cutoff of it (`crosstable::up_to`), without a
        // copy; only the ranks are needed, so each criterion is computed
        // only for the entrants still tied when it is reached (`Fill::Lazy`).
        let whole = crosstable::build(t, rs, last)?;
        for r in t.round_numbers() {
            if r >= last {
                break;
            }
            let ranks = match crosstable::up_to(t, &whole, r) {
                Some(cut) => {
                    let view = (&whole, Some(&cut));
                    rank_table_as(t, rs, chain, view, &previous, None, None, Fill::Lazy).ranks()
                }
                None => {
                    let table = crosstable::build(t, rs, r)?;
                    let view = (&table, None);
                    rank_table_as(t, rs, chain, view, &previous, None, None, Fill::Lazy).ranks()
                }
            };
            previous.insert(r, ranks);
        }
        let mut ranked = rank_table(t, rs, chain, &whole, &previous, None, None);
        if let Some(pair) = t.final_players()? {
            place_finalists(&whole, &mut ranked, &pair)?;
        }
        return Ok(assemble(t, rs, chain, &whole, ranked, None));
    }
    let table = crosstable::build(t, rs, last)?;
    let mut ranked = rank_table(t, rs, chain, &table, &previous, None, None);
    if let Some(pair) = t.final_players()? {
        place_finalists(&table, &mut ranked, &pair)?;
    }
    Ok(assemble(t, rs, chain, &table, ranked, None))
}

/// 10.4.3.1: the N+1 final decides first and second place; the others keep
/// the order of the Swiss after round N+1 (third and after). The points,
/// 对手分 and every other value stay as the results give them: the final's
/// slow game is a game of round N+1, so the finalists' N+1 totals and their
/// opponents' 对手分 include it (10.4.3.3), and a play-off does not count.
fn place_finalists(
    table: &Crosstable,
    ranked: &mut Ranked,
    pair: &[Id; 2],
) -> Result<(), StandingsError> {
    let index = |id: &Id| {
        table
            .entrants
            .iter()
            .position(|e| e.id == *id)
            .ok_or_else(|| StandingsError::Invalid(format!("final: {id} is not ranked")))
    };
    let (w, l) = (index(&pair[0])?, index(&pair[1])?);
    let by_final = Some(Decision {
        criterion: Decision::FINAL,
        step: 0,
    });
    let mut order = vec![w, l];
    let mut classes = vec![(1, None), (2, by_final)];
    let mut start = 0;
    for &(end, d) in &ranked.classes {
        let before = order.len();
        let rest = ranked.order[start..end].iter().copied();
        order.extend(rest.filter(|&e| e != w && e != l));
        start = end;
        if order.len() > before {
            // The first class after the finalists is placed by the final.
            let d = if classes.len() == 2 { by_final } else { d };
            classes.push((order.len(), d));
        }
    }
    ranked.order = order;
    ranked.classes = classes;
    Ok(())
}

/// 14.9 / 1999 15.5: the individual standings first, then the teams by
/// their players' places.
fn compute_placings(
    t: &Tournament,
    rs: &RuleSet,
    chain: &Chain,
    ind_chain: &Chain,
) -> Result<Standings, StandingsError> {
    let individual = compute_with(t, rs, ind_chain)?;
    let members = t.team_members();
    let ind_table = crosstable::build(t, rs, t.last_round())?;
    let mut placings: Vec<Vec<u32>> = Vec::new();
    let mut fouls: Vec<u32> = Vec::new();
    let mut entrants = Vec::new();
    for team in &t.teams {
        let ms = members.get(&team.id).cloned().unwrap_or_default();
        let mut ranks: Vec<u32> = ms
            .iter()
            .filter_map(|p| individual.row(&p.to_string()).map(|r| r.rank))
            .collect();
        ranks.sort_unstable();
        placings.push(ranks);
        let f: u32 = ind_table
            .entrants
            .iter()
            .filter(|e| ms.iter().any(|p| p.to_string() == e.id.as_str()))
            .flat_map(|e| e.records.iter())
            .flat_map(|r| r.games.iter())
            .map(|g| g.fouls)
            .sum();
        fouls.push(f);
        entrants.push(crosstable::Entrant {
            id: team.id.clone(),
            name: team.name.clone(),
            records: Vec::new(),
            cancelled: false,
            warnings: 0,
            disqualifications: 0,
        });
    }
    let table = Crosstable {
        entrants,
        rounds: ind_table.rounds.clone(),
        rounds_planned: ind_table.rounds_planned,
        withdrawals: Vec::new(),
    };
    let previous = BTreeMap::new();
    let ranked = rank_table(
        t,
        rs,
        chain,
        &table,
        &previous,
        Some(&placings),
        Some(&fouls),
    );
    let mut s = assemble(t, rs, chain, &table, ranked, Some(individual.clone()));
    s.withdrawals = individual.withdrawals.clone();
    Ok(s)
}

/// The outcome of ranking a table.
struct Ranked {
    /// The ranked entrants, best first.
    order: Vec<usize>,
    /// Classes of entrants sharing a place, best first: where each ends in
    /// `order`, and what separated it from the class above.
    classes: Vec<(usize, Option<Decision>)>,
    /// Values per entrant per criterion: entrant `e`'s value of criterion
    /// `c` at `e * criteria + c` ([`Fill::All`]; under [`Fill::Lazy`] one
    /// value per entrant, the last one computed).
    values: Vec<Compact>,
    /// Number of criteria.
    criteria: usize,
    /// Number of entrants in the table.
    n: usize,
}

impl Ranked {
    fn ranks(&self) -> Vec<Option<u32>> {
        let mut out = vec![None; self.n];
        let mut start = 0;
        for &(end, _) in &self.classes {
            for &e in &self.order[start..end] {
                out[e] = Some(start as u32 + 1);
            }
            start = end;
        }
        out
    }
}

/// Which values a ranking computes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    /// Every criterion's value for every ranked entrant (the table shows
    /// them all).
    All,
    /// Only the values needed to order the entrants: a criterion's value
    /// for the entrants still tied when it is reached (the ranks are the
    /// same; used for the rankings after earlier rounds, 14.3.1).
    Lazy,
}

fn rank_table(
    t: &Tournament,
    rs: &RuleSet,
    chain: &Chain,
    table: &Crosstable,
    previous: &BTreeMap<u32, Vec<Option<u32>>>,
    placings: Option<&[Vec<u32>]>,
    member_fouls: Option<&[u32]>,
) -> Ranked {
    rank_table_as(
        t,
        rs,
        chain,
        (table, None),
        previous,
        placings,
        member_fouls,
        Fill::All,
    )
}

#[allow(clippy::too_many_arguments)]
fn rank_table_as(
    t: &Tournament,
    rs: &RuleSet,
    chain: &Chain,
    (table, cutoff): (&Crosstable, Option<&Cutoff>),
    previous: &BTreeMap<u32, Vec<Option<u32>>>,
    placings: Option<&[Vec<u32>]>,
    member_fouls: Option<&[u32]>,
    fill: Fill,
) -> Ranked {
    let ctx = Ctx::new(
        table,
        cutoff,
        rs,
        t.system,
        previous,
        placings,
        member_fouls,
    );
    let n = table.entrants.len();
    let k = chain.criteria.len();
    let active = table.active();
    // Lazy: a criterion's values are read only while its group is split,
    // before any subgroup computes the next criterion's, so one column
    // serves them all.
    let columns = if fill == Fill::Lazy { 1 } else { k };
    let mut values: Vec<Compact> = vec![Compact::None; n * columns];
    if fill == Fill::All {
        for (ci, c) in chain.criteria.iter().enumerate() {
            if c.tiebreak.depends_on_group() {
                continue;
            }
            for &e in &active {
                values[e * k + ci] = c.compact(&ctx, e, &active);
            }
        }
    }
    let mut order = active;
    let mut classes = Vec::new();
    let mut s = Splitter {
        ctx: &ctx,
        criteria: &chain.criteria,
        values: &mut values,
        lazy: fill == Fill::Lazy,
        order: &mut order,
        out: &mut classes,
    };
    s.split(0, s.order.len(), 0, None);
    Ranked {
        order,
        classes,
        values,
        criteria: k,
        n,
    }
}

/// Splits groups of tied entrants criterion by criterion, in place: a
/// group is a range of `order`, sorted by the criterion and split into
/// the ranges of equal values.
struct Splitter<'c, 'a> {
    ctx: &'c Ctx<'a>,
    criteria: &'c [Criterion],
    /// As [`Ranked::values`].
    values: &'c mut [Compact],
    /// Compute every criterion's value when a group reaches it (else only
    /// the group criteria's; the others were computed for everyone).
    lazy: bool,
    order: &'c mut [usize],
    /// As [`Ranked::classes`].
    out: &'c mut Vec<(usize, Option<Decision>)>,
}

impl Splitter<'_, '_> {
    fn split(&mut self, start: usize, end: usize, k: usize, first: Option<Decision>) {
        if end - start <= 1 || k >= self.criteria.len() {
            if end > start {
                self.out.push((end, first));
            }
            return;
        }
        // Lazy: one column, overwritten criterion after criterion.
        let (stride, k_at) = if self.lazy {
            (1, 0)
        } else {
            (self.criteria.len(), k)
        };
        let c = self.criteria[k];
        if c.tiebreak.depends_on_group() || self.lazy {
            // Each entrant reaches criterion k in one group only.
            let group = &self.order[start..end];
            for &e in group {
                self.values[e * stride + k_at] = c.compact(self.ctx, e, group);
            }
        }
        let better = c.tiebreak.higher_is_better();
        let values = &*self.values;
        let key = |e: usize| -> &[Points] { values[e * stride + k_at].as_slice().unwrap_or(&[]) };
        // Not applicable to someone (直胜 before all have met): no separation.
        let group = &mut self.order[start..end];
        if group.iter().any(|&e| values[e * stride + k_at].is_none()) {
            self.split(start, end, k + 1, first);
            return;
        }
        // A large group of one-number values (most criteria) is sorted as
        // (value, entrant) pairs side by side, so that the O(n log n)
        // comparisons read neighbouring memory instead of the entrants'
        // values scattered over the table; the sort is stable, so the order
        // is the one sorting the entrants in place gives. Else in place.
        let one = |e: usize| match values[e * stride + k_at] {
            Compact::One(p) => Some(p),
            _ => None,
        };
        if group.len() > 32 && group.iter().all(|&e| one(e).is_some()) {
            let mut keyed: Vec<(Points, usize)> = group
                .iter()
                .map(|&e| (one(e).unwrap_or(Points::ZERO), e))
                .collect();
            keyed.sort_by(|x, y| compare(&[x.0], &[y.0], better).0);
            for (slot, (_, e)) in group.iter_mut().zip(keyed) {
                *slot = e;
            }
        } else {
            group.sort_by(|&a, &b| compare(key(a), key(b), better).0);
        }
        let mut from = start;
        let mut label = first;
        while from < end {
            let (to, next) = {
                let values = &*self.values;
                let key =
                    |e: usize| -> &[Points] { values[e * stride + k_at].as_slice().unwrap_or(&[]) };
                let head = key(self.order[from]);
                let mut to = from + 1;
                let mut next = None;
                while to < end {
                    let (o, step) = compare(head, key(self.order[to]), better);
                    if o != Ordering::Equal {
                        next = Some(Decision { criterion: k, step });
                        break;
                    }
                    to += 1;
                }
                (to, next)
            };
            self.split(from, to, k + 1, label);
            from = to;
            label = next;
        }
    }
}

fn assemble(
    t: &Tournament,
    rs: &RuleSet,
    chain: &Chain,
    table: &Crosstable,
    ranked: Ranked,
    individual: Option<Standings>,
) -> Standings {
    let unshared = unshared_places(t, rs.edition);
    let withdrawn: BTreeMap<usize, &WithdrawalEffect> =
        table.withdrawals.iter().map(|w| (w.entrant, w)).collect();
    let k = ranked.criteria;
    let mut rows = Vec::with_capacity(table.entrants.len());
    let mut start = 0;
    for (end, label) in &ranked.classes {
        let class = &ranked.order[start..*end];
        start = *end;
        let place = start as u32 + 1 - class.len() as u32;
        let tied = class.len() > 1;
        let playoff = tied && (chain.on_tie == OnTie::PlayOff || place <= unshared);
        for &e in class {
            let en = &table.entrants[e];
            rows.push(Row {
                rank: place,
                id: en.id.clone(),
                name: en.name.clone(),
                values: ranked.values[e * k..(e + 1) * k]
                    .iter()
                    .map(Compact::to_value)
                    .collect(),
                decided_by: *label,
                tied,
                playoff,
                withdrawn_after: withdrawn.get(&e).map(|w| w.after_round),
            });
        }
    }
    let withdrawals = table
        .withdrawals
        .iter()
        .map(|w| Withdrawal {
            id: table.entrants[w.entrant].id.clone(),
            after_round: w.after_round,
            cancelled: w.cancelled,
            played: w.played,
            scheduled: w.scheduled,
            clause: w.clause,
            expelled: w.expelled,
        })
        .collect();
    Standings {
        rules: rs.edition.id,
        chain: chain.clone(),
        scoring_clause: rs.game_clause,
        rows,
        withdrawals,
        individual: individual.map(Box::new),
        last_round: t.last_round(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::tournament::{
        GameEntry, PenaltyEntry, PenaltyKind, Player, ResultCode, RoundEntry, System,
        TiebreakChoice,
    };
    use tiebreaks::{Scope, black_games, black_wins, fouls, wins};

    /// A Swiss event of `n` players (odd: a bye each round) after `rounds`
    /// rounds: circle-method pairings, results, fouls and penalties from a
    /// fixed pseudo-random sequence, a penalty in every round.
    fn event(n: u32, rounds: u32) -> Tournament {
        let mut t = Tournament::new(GameName::Xiangqi, System::Swiss);
        t.rounds_planned = Some(rounds + 2);
        t.players = (1..=n)
            .map(|id| Player {
                id,
                name: None,
                team: None,
                rating: None,
                federation: None,
            })
            .collect();
        let mut seed: u64 = 26;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        // Circle method over n + 1 places (n odd): the partner of place
        // n + 1 has the bye.
        let m = n;
        for r in 0..rounds {
            let mut games = Vec::new();
            let mut byes = Vec::new();
            for k in 0..=n / 2 {
                let (a, b) = if k == 0 {
                    (n + 1, r % m + 1)
                } else {
                    ((r + k) % m + 1, (r + m - k) % m + 1)
                };
                if a > n {
                    byes.push(Id::from(b));
                    continue;
                }
                let result = [
                    ResultCode::FirstWins,
                    ResultCode::Draw,
                    ResultCode::SecondWins,
                ][next(3) as usize];
                let mut g = GameEntry::new(GameName::Xiangqi, Id::from(a), Id::from(b), result);
                if next(4) == 0 {
                    g.fouls = Some([next(3) as u32, next(2) as u32]);
                }
                games.push(g);
            }
            t.rounds.push(RoundEntry {
                games,
                byes,
                ..RoundEntry::default()
            });
            let kind = [PenaltyKind::Warning, PenaltyKind::Disqualification][next(2) as usize];
            t.penalties.push(PenaltyEntry {
                id: Id::from(next(u64::from(n)) as u32 + 1),
                round: Some(r + 1),
                kind,
            });
        }
        t
    }

    /// 14.3.1 ranks the event after each earlier round: on a cutoff of the
    /// final table (`crosstable::up_to`) every value, the order and the
    /// classes are those of the table built again up to that round, under
    /// both Swiss chains (14.3.1; 14.3.2, whose 累进分 read the rounds).
    #[test]
    fn a_cutoff_ranks_as_the_table_built_again_up_to_its_round() {
        for clause in ["14.3.1", "14.3.2"] {
            let mut t = event(41, 7);
            t.tiebreaks = Some(TiebreakChoice::Clause(clause.into()));
            let edition = edition_for(&t, None).unwrap();
            let chain = chains::for_event(edition, &t).unwrap();
            let rs = RuleSet::new(edition, &t).unwrap();
            let whole = crosstable::build(&t, &rs, t.last_round()).unwrap();
            let mut previous = BTreeMap::new();
            for r in 1..t.last_round() {
                let cut = crosstable::up_to(&t, &whole, r).expect("no one withdrew");
                let built = crosstable::build(&t, &rs, r).unwrap();
                let fill = Fill::All;
                let a = rank_table_as(
                    &t,
                    &rs,
                    &chain,
                    (&whole, Some(&cut)),
                    &previous,
                    None,
                    None,
                    fill,
                );
                let b = rank_table_as(&t, &rs, &chain, (&built, None), &previous, None, None, fill);
                assert_eq!(a.values, b.values, "{clause}, round {r}");
                assert_eq!(a.order, b.order, "{clause}, round {r}");
                assert_eq!(a.classes, b.classes, "{clause}, round {r}");
                // The lazy ranking (what 14.3.1 uses) gives the same ranks.
                let lazy = Fill::Lazy;
                let c = rank_table_as(
                    &t,
                    &rs,
                    &chain,
                    (&whole, Some(&cut)),
                    &previous,
                    None,
                    None,
                    lazy,
                );
                assert_eq!(c.ranks(), b.ranks(), "{clause}, round {r}");
                previous.insert(r, b.ranks());
            }
            // Penalties were given after the first round, so the cutoffs
            // did count them again.
            assert!(t.penalties.iter().any(|p| p.round > Some(1)));
        }
    }

    /// The game counts tallied once per ranking are the counts over the
    /// records (a Swiss event has one cycle, so `Scope::FirstCycle` counts
    /// the same records record by record).
    #[test]
    fn the_tallies_are_the_counts_over_the_records() {
        let t = event(41, 7);
        let edition = edition_for(&t, None).unwrap();
        let rs = RuleSet::new(edition, &t).unwrap();
        let table = crosstable::build(&t, &rs, t.last_round()).unwrap();
        let previous = BTreeMap::new();
        let ctx = Ctx::new(&table, None, &rs, t.system, &previous, None, None);
        let mut seen = [0u32; 4];
        for e in 0..table.entrants.len() {
            let all = [
                wins(&ctx, e, Scope::All),
                fouls(&ctx, e, Scope::All),
                black_games(&ctx, e, Scope::All),
                black_wins(&ctx, e, Scope::All),
            ];
            let each = [
                wins(&ctx, e, Scope::FirstCycle),
                fouls(&ctx, e, Scope::FirstCycle),
                black_games(&ctx, e, Scope::FirstCycle),
                black_wins(&ctx, e, Scope::FirstCycle),
            ];
            assert_eq!(all, each, "entrant {e}");
            for (s, v) in seen.iter_mut().zip(all) {
                *s += v;
            }
        }
        // Every count is exercised.
        assert!(seen.iter().all(|&s| s > 0), "{seen:?}");
    }
}
