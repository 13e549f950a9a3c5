//! 积分编排制 (10.2): the 定位编排法 of 附录三 (积分编排制定位编排法的编排原则
//! 和具体方法), colours by 12.3 and 附录三 二.4, as the sequential procedure the
//! appendix describes. `spec/pairing.md` explains each step and the
//! readings qigui takes where the text is open.
//!
//! * 一 (1)–(12): the principles. (6) no rematch is absolute; (5) the bye
//!   goes to the lowest score group and the last board; (9) no floating
//!   down (or up) twice running; (10)–(12) colour balance, which only bend.
//! * 二.1: round 1 by seeded halves: 1-2, 4-3, 5-6, …, odd boards the
//!   smaller number red, even boards the larger ([`FirstRound::Adjacent`]);
//!   the alternatives 首尾配对 and 对半交叉配对 ([`FirstRound`]).
//! * 二.2: from round 2, each score group (积分段) is split into the rows
//!   要先 (needs red) and 要后 (needs black), each ordered by 多先/少先, 连先/
//!   连后, then the number (ascending in an odd round, descending in an
//!   even one); the pairer (先编者) is chosen by 2.(1)–(5).
//! * 二.3: the 三个优先 and the pairing orders ①–④ give each pairer's
//!   candidates; the forms 同位, 错位, 异行, 同行, 拆对, 下调 say how a board
//!   came about.
//! * 二.4 (1)–(9): who has red.
//! * 二.5 (1)–(3): 拆对 — when a group cannot be paired fully, the last
//!   pairs are undone and re-paired in the same order (a depth-first search
//!   over the same choices); what still cannot be paired floats down, and
//!   in the last group the group above is merged in (5.(2)).

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use super::PairingError;
#[path = "swiss_search.rs"]
mod search;
use super::matching::{mates, maximum_matching};
use crate::event::standings::crosstable::{self, RecordKind};
use crate::event::standings::points::Points;
use crate::event::standings::scoring::RuleSet;
use crate::event::tournament::{EventType, Id, Tournament};

/// A colour: the side moving first (red in Xiangqi) or second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colour {
    /// 先走: red in Xiangqi (black in Gomoku).
    First,
    /// 后走.
    Second,
}

impl Colour {
    fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// How round 1 is paired (附录三 二.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstRound {
    /// 近号配对: 1-2, 4-3, 5-6, …: odd boards the smaller number red, even
    /// boards the larger (seeds drew the odd numbers, the others the even).
    #[default]
    Adjacent,
    /// 首尾配对: 1 against the last, 2 against the last but one, …
    HeadTail,
    /// 对半交叉配对: the top half against the bottom half, 1 against n/2+1.
    Halves,
}

/// A player (or team) as the pairing sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// His id in the tournament file.
    pub id: Id,
    /// His pairing number (序号): the draw's number, fixed for the event
    /// (一.(3)).
    pub number: u32,
    /// His score.
    pub score: Points,
    /// The colours of his games played, in order.
    pub colours: Vec<Colour>,
    /// The pairing numbers of the opponents he has met (一.(6)).
    pub met: BTreeSet<u32>,
    /// Byes received.
    pub byes: u32,
    /// He floated down (played a lower score) in the previous round.
    pub floated_down: bool,
    /// He floated up (played a higher score) in the previous round.
    pub floated_up: bool,
}

impl Entrant {
    /// A new entrant with no games.
    pub fn new(id: Id, number: u32) -> Entrant {
        Entrant {
            id,
            number,
            score: Points::ZERO,
            colours: Vec::new(),
            met: BTreeSet::new(),
            byes: 0,
            floated_down: false,
            floated_up: false,
        }
    }

    /// Reds minus blacks (多先 > 0, 少先 < 0, 平先 = 0).
    pub fn balance(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::First { 1 } else { -1 })
            .sum()
    }

    /// The last colour and how many times running he has had it.
    pub fn streak(&self) -> Option<(Colour, u32)> {
        let last = *self.colours.last()?;
        let n = self
            .colours
            .iter()
            .rev()
            .take_while(|c| **c == last)
            .count() as u32;
        Some((last, n))
    }

    /// 二.2: the row he is written in — 要先 (needs to move first: 少先, or
    /// 平先 after moving second) or 要后.
    pub fn needs(&self) -> Colour {
        let d = self.balance();
        if d < 0 {
            return Colour::First;
        }
        if d > 0 {
            return Colour::Second;
        }
        match self.streak() {
            Some((Colour::First, _)) => Colour::Second,
            // 平先上后, 平先连后; and a player with no game yet (qigui: 要先)
            _ => Colour::First,
        }
    }

    /// His category in the pairing orders ①–④.
    pub fn category(&self) -> Category {
        let d = self.balance();
        if d > 0 {
            return Category::MoreFirst;
        }
        if d < 0 {
            return Category::MoreSecond;
        }
        match self.streak() {
            Some((Colour::First, n)) if n >= 2 => Category::RunFirst,
            Some((Colour::First, _)) => Category::LastFirst,
            Some((Colour::Second, n)) if n >= 2 => Category::RunSecond,
            Some((Colour::Second, _)) => Category::LastSecond,
            None => Category::Even,
        }
    }

    /// The streak measured towards his need: positive when his last colours
    /// make the need stronger (少先连后, 多先连先; 平先连后/连先), negative
    /// when they go against it (少先上先 −1, 少先连先 −2 …).
    fn need_streak(&self) -> i32 {
        match self.streak() {
            None => 0,
            Some((c, n)) => {
                if c == self.needs().other() {
                    n as i32
                } else {
                    -(n as i32)
                }
            }
        }
    }
}

/// 二.3's six kinds of player in the pairing orders ①–④.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Category {
    /// 多后 (少先): more games second than first.
    MoreSecond,
    /// 平先连后: balanced, the last two or more second.
    RunSecond,
    /// 平先上后: balanced, the last game second.
    LastSecond,
    /// 平先 with no game yet (qigui places him with 上后, in the 要先 row).
    Even,
    /// 平先上先: balanced, the last game first.
    LastFirst,
    /// 平先连先: balanced, the last two or more first.
    RunFirst,
    /// 多先: more games first.
    MoreFirst,
}

impl Category {
    /// The book's word.
    pub fn name(self) -> &'static str {
        match self {
            Category::MoreSecond => "多后",
            Category::RunSecond => "连后",
            Category::LastSecond => "上后",
            Category::Even => "平先",
            Category::LastFirst => "上先",
            Category::RunFirst => "连先",
            Category::MoreFirst => "多先",
        }
    }

    /// The pairing order (①–④) of a pairer of this category: the
    /// categories he takes, in order, and the order's mark.
    fn order(self) -> (&'static str, [Category; 6]) {
        use Category::*;
        match self {
            // ① 先编者多先(或平先连先): 多后、连后、上后、上先、连先、多先
            MoreFirst | RunFirst => (
                "①",
                [
                    MoreSecond, RunSecond, LastSecond, LastFirst, RunFirst, MoreFirst,
                ],
            ),
            // ② 先编者多后(或平先连后): 多先、连先、上先、上后、连后、多后
            MoreSecond | RunSecond => (
                "②",
                [
                    MoreFirst, RunFirst, LastFirst, LastSecond, RunSecond, MoreSecond,
                ],
            ),
            // ③ 先编者平先上先: 多后、连后、上后、多先、连先、上先
            LastFirst => (
                "③",
                [
                    MoreSecond, RunSecond, LastSecond, MoreFirst, RunFirst, LastFirst,
                ],
            ),
            // ④ 先编者平先上后: 多先、连先、上先、多后、连后、上后
            LastSecond | Even => (
                "④",
                [
                    MoreFirst, RunFirst, LastFirst, MoreSecond, RunSecond, LastSecond,
                ],
            ),
        }
    }

    fn rank_for(self, pairer: Category) -> usize {
        let (_, order) = pairer.order();
        let me = if self == Category::Even {
            Category::LastSecond
        } else {
            self
        };
        order.iter().position(|c| *c == me).unwrap_or(order.len())
    }
}

/// 二.3's pairing forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Form {
    /// Round 1 (二.1).
    #[serde(rename = "首轮")]
    FirstRound,
    /// ① 同位配对: the pairer with the first of the other row.
    #[serde(rename = "同位")]
    SamePlace,
    /// ② 错位配对: the pairer with a later one of the other row, the first
    /// having met him (or being needed elsewhere).
    #[serde(rename = "错位")]
    Shifted,
    /// ③ 异行配对: a later pairer of the group pairs across the rows
    /// because a pairer above him could not.
    #[serde(rename = "异行")]
    NextPairer,
    /// ④ 同行配对: within one row, the other row having nobody left for him.
    #[serde(rename = "同行")]
    SameRow,
    /// ⑤ 拆对配对: the group's pairs were undone and made again (二.5).
    #[serde(rename = "拆对")]
    Rearranged,
    /// ⑥ 下调配对: a player from a higher score group.
    #[serde(rename = "下调")]
    Floated,
}

impl Form {
    /// The book's word.
    pub fn name(self) -> &'static str {
        match self {
            Form::FirstRound => "首轮",
            Form::SamePlace => "同位",
            Form::Shifted => "错位",
            Form::NextPairer => "异行",
            Form::SameRow => "同行",
            Form::Rearranged => "拆对",
            Form::Floated => "下调",
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a board is as it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// The forms that made the board: the main one first (`下调` then the
    /// form within the lower group; `拆对` then the form of the new pass).
    pub forms: Vec<Form>,
    /// The pairer (先编者) of the board (its pairing number).
    pub pairer: u32,
    /// The pairing order (①–④) the pairer followed, with his category.
    pub order: String,
    /// The clause that gave the colours: `二.1` (round 1), `4.(1)`–`4.(9)`,
    /// or `4.(2)-(7)` for a pair of categories those clauses do not list
    /// but whose reading qigui takes by analogy (`spec/pairing.md`).
    pub colour_rule: String,
    /// The principles the board bends (`9`, `10`, `11`, `12`) with a word
    /// on who and why.
    pub bent: Vec<String>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The board number (1 first).
    pub board: u32,
    /// Moves first (red in Xiangqi).
    pub first: Id,
    /// Moves second.
    pub second: Id,
    /// Their scores before the round.
    pub scores: [Points; 2],
    /// Why.
    pub reason: Reason,
}

/// The bye (一.(5)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bye {
    /// Who.
    pub id: Id,
    /// His score before the round.
    pub score: Points,
    /// Principles bent (a second bye).
    pub bent: Vec<String>,
}

/// A round's pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    /// The round paired.
    pub round: u32,
    /// The boards: the higher score first, then the total, then the order
    /// in which they were paired.
    pub boards: Vec<Board>,
    /// The bye, last (一.(5)).
    pub bye: Option<Bye>,
}

/// Options of a Swiss event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Round 1's method.
    pub first_round: FirstRound,
    /// The rounds announced (一.(2)); 4.(9) applies from the third-last, and
    /// 一.(12) in the last.
    pub rounds_planned: Option<u32>,
}

/// Gomoku 附录六 四: the rounds of a Swiss event: the number of players
/// taken as the nearest power of two `2^N` (58 → 64, N = 6), and `R =
/// (1.5–2) × N` rounds, rounded up at the low end: 9 to 12 for 58.
pub fn recommended_rounds(players: u32) -> Result<(u32, u32), PairingError> {
    if !(2..=1 << 30).contains(&players) {
        return Err(PairingError::Unsupported(format!(
            "{players} players: qigui counts rounds for 2 to 2^30 players"
        )));
    }
    let up = players.next_power_of_two();
    let down = if up == players { up } else { up / 2 };
    // nearest power of two; a tie goes up
    let p = if players - down < up - players {
        down
    } else {
        up
    };
    let n = p.trailing_zeros();
    Ok(((3 * n).div_ceil(2), 2 * n))
}

/// Pairs round `round` (default: the round after the last in the file) of
/// a Swiss tournament from the rounds before it. Withdrawn players (article
/// 19) are left out from the round after their last.
pub fn pair_tournament(
    t: &Tournament,
    round: Option<u32>,
    first_round: FirstRound,
) -> Result<RoundPairing, PairingError> {
    t.check("tournament")?;
    let next = t.last_round() + 1;
    let round = round.unwrap_or(next).max(1);
    if round > next {
        return Err(PairingError::Invalid(format!(
            "round {round} cannot be paired: {} round(s) are played, the next is round {next}",
            next - 1
        )));
    }
    if let Some(planned) = t.rounds_planned.filter(|&p| round > p) {
        return Err(PairingError::Invalid(format!(
            "round {round} cannot be paired: the event plans {planned} round(s) (rounds_planned)"
        )));
    }
    let entrants = entrants_before(t, round)?;
    let opts = Options {
        first_round,
        rounds_planned: t.rounds_planned,
    };
    pair(&entrants, round, &opts)
}

/// The entrants of `t` as they stand before `round`.
pub fn entrants_before(t: &Tournament, round: u32) -> Result<Vec<Entrant>, PairingError> {
    let edition = crate::event::standings::edition_for(t, None)
        .map_err(|e| PairingError::Invalid(e.to_string()))?;
    let rules = RuleSet::new(edition, t).map_err(|e| PairingError::Invalid(e.to_string()))?;
    let upto = round.saturating_sub(1);
    let table = crosstable::build(t, &rules, upto.max(1))
        .map_err(|e| PairingError::Invalid(e.to_string()))?;
    let withdrawn: BTreeSet<&str> = t
        .withdrawals
        .iter()
        .filter(|w| w.after_round < round)
        .map(|w| w.id.as_str())
        .collect();
    let numbers: Vec<u32> = if t.event == EventType::Team && crosstable::ranks_teams(t) {
        (1..=table.entrants.len() as u32).collect()
    } else {
        t.players.iter().map(|p| p.id).collect()
    };
    let mut out = Vec::new();
    // Scores before each round, to see who floated in the previous round.
    let prev = upto;
    let mut score_before_prev: Vec<Points> = vec![Points::ZERO; table.entrants.len()];
    for (i, e) in table.entrants.iter().enumerate() {
        for r in &e.records {
            if r.round.is_some_and(|x| x < prev) {
                score_before_prev[i] = score_before_prev[i] + r.points;
            }
        }
    }
    for (i, e) in table.entrants.iter().enumerate() {
        if withdrawn.contains(e.id.as_str()) {
            continue;
        }
        let mut x = Entrant::new(
            e.id.clone(),
            numbers.get(i).copied().unwrap_or(i as u32 + 1),
        );
        for r in &e.records {
            let Some(rn) = r.round else { continue };
            if rn >= round {
                continue;
            }
            x.score = x.score + r.points;
            match r.kind {
                RecordKind::Bye => x.byes += 1,
                RecordKind::Forfeit => {}
                RecordKind::Played => {
                    if let Some(o) = r.opponent {
                        x.met
                            .insert(numbers.get(o).copied().unwrap_or(o as u32 + 1));
                        if rn == prev {
                            match score_before_prev[i].cmp(&score_before_prev[o]) {
                                Ordering::Greater => x.floated_down = true,
                                Ordering::Less => x.floated_up = true,
                                Ordering::Equal => {}
                            }
                        }
                    }
                    // The entrant's colour: the first board's side, read
                    // for the team from its board parity (12.3).
                    if let Some(g) = r
                        .games
                        .iter()
                        .filter(|g| g.side.is_some())
                        .min_by_key(|g| g.board)
                        && let Some(side) = g.side
                    {
                        let first = (side == 0) == (g.board % 2 == 1);
                        x.colours
                            .push(if first { Colour::First } else { Colour::Second });
                    }
                }
            }
        }
        out.push(x);
    }
    if round > 1 && table.rounds.is_empty() {
        return Err(PairingError::Invalid(format!(
            "round {round}: the file has no earlier round"
        )));
    }
    Ok(out)
}

/// Pairs one round of entrants (their state before it).
pub fn pair(
    entrants: &[Entrant],
    round: u32,
    opts: &Options,
) -> Result<RoundPairing, PairingError> {
    let mut numbers = BTreeSet::new();
    for e in entrants {
        if !numbers.insert(e.number) {
            return Err(PairingError::Invalid(format!(
                "pairing number {} given twice",
                e.number
            )));
        }
    }
    if entrants.len() < 2 {
        return Err(PairingError::Unsupported(format!(
            "round {round}: {} entrant(s) to pair",
            entrants.len()
        )));
    }
    let played = entrants
        .iter()
        .any(|e| !e.colours.is_empty() || e.byes > 0 || !e.met.is_empty());
    if round == 1 || !played {
        return Ok(first_round(entrants, round, opts.first_round));
    }
    Pairer::new(entrants, round, opts).run()
}

/// 二.1: round 1.
fn first_round(entrants: &[Entrant], round: u32, how: FirstRound) -> RoundPairing {
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by_key(|&i| entrants[i].number);
    let bye = if order.len() % 2 == 1 {
        order.pop()
    } else {
        None
    };
    let n = order.len();
    let pairs: Vec<(usize, usize)> = match how {
        FirstRound::Adjacent => (0..n / 2)
            .map(|k| (order[2 * k], order[2 * k + 1]))
            .collect(),
        FirstRound::HeadTail => (0..n / 2).map(|k| (order[k], order[n - 1 - k])).collect(),
        FirstRound::Halves => (0..n / 2).map(|k| (order[k], order[n / 2 + k])).collect(),
    };
    let boards = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            // 单号台次小号先走，双号台次大号先走.
            let (f, s) = if k % 2 == 0 { (a, b) } else { (b, a) };
            Board {
                board: k as u32 + 1,
                first: entrants[f].id.clone(),
                second: entrants[s].id.clone(),
                scores: [entrants[f].score, entrants[s].score],
                reason: Reason {
                    forms: vec![Form::FirstRound],
                    pairer: entrants[a].number,
                    order: String::new(),
                    colour_rule: "二.1".into(),
                    bent: Vec::new(),
                },
            }
        })
        .collect();
    RoundPairing {
        round,
        boards,
        bye: bye.map(|i| Bye {
            id: entrants[i].id.clone(),
            score: entrants[i].score,
            bent: Vec::new(),
        }),
    }
}

/// One pairing decision of the sequential procedure.
#[derive(Clone, Copy, Debug)]
struct Step {
    pairer: usize,
    partner: usize,
    form: Form,
}

/// A complete pairing of the last groups kept while merging upward: its
/// quality (2 a proper bye or none, 1 a second bye in the lowest group, 0
/// a bye above it), the groups above, the merged set and its result.
type Candidate = (u8, Vec<(Vec<usize>, GroupResult)>, Vec<usize>, GroupResult);

/// The outcome of pairing one score group.
#[derive(Clone, Debug)]
struct GroupResult {
    steps: Vec<Step>,
    left: Vec<usize>,
    rearranged: bool,
}

struct Pairer<'a> {
    e: &'a [Entrant],
    round: u32,
    opts: &'a Options,
    /// Precomputed per entrant: row (needs), category, need streak, |balance|.
    needs: Vec<Colour>,
    cat: Vec<Category>,
    nstreak: Vec<i32>,
    absd: Vec<i32>,
}

/// Search budget of one depth-first pass (nodes) before qigui turns to the
/// matching bound to prune.
const BUDGET: usize = 20_000;

/// Budget of a pass pruned by the matching bound (each node costs a
/// matching); past it the group is paired from a maximum matching.
const PRUNED_BUDGET: usize = 5_000;

impl<'a> Pairer<'a> {
    fn new(e: &'a [Entrant], round: u32, opts: &'a Options) -> Pairer<'a> {
        Pairer {
            e,
            round,
            opts,
            needs: e.iter().map(Entrant::needs).collect(),
            cat: e.iter().map(Entrant::category).collect(),
            nstreak: e.iter().map(Entrant::need_streak).collect(),
            absd: e.iter().map(|x| x.balance().abs()).collect(),
        }
    }

    fn met(&self, a: usize, b: usize) -> bool {
        self.e[a].met.contains(&self.e[b].number)
    }

    /// 二.2 (1)–(5): the order for choosing the pairer, which is also the
    /// order of each row: higher score; larger |多先/少先|; longer streak
    /// towards the need (少先连后, 多先连先, 平先连先/连后); then the number,
    /// small first in an odd round and large first in an even one.
    fn priority(&self, a: usize, b: usize) -> Ordering {
        let (x, y) = (&self.e[a], &self.e[b]);
        y.score
            .cmp(&x.score)
            .then(self.absd[b].cmp(&self.absd[a]))
            .then(self.nstreak[b].cmp(&self.nstreak[a]))
            .then(if self.round % 2 == 1 {
                x.number.cmp(&y.number)
            } else {
                y.number.cmp(&x.number)
            })
    }

    fn run(&self) -> Result<RoundPairing, PairingError> {
        let mut all: Vec<usize> = (0..self.e.len()).collect();
        all.sort_by(|&a, &b| self.priority(a, b));
        // Score groups, highest first.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in &all {
            match groups.last_mut() {
                Some(g) if self.e[g[0]].score == self.e[i].score => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let odd = self.e.len() % 2 == 1;
        // Each group paired with what floated into it: (its players, result).
        let mut done: Vec<(Vec<usize>, GroupResult)> = Vec::new();
        let mut carry: Vec<usize> = Vec::new();
        let mut gi = 0;
        while gi < groups.len() {
            let last = gi + 1 == groups.len();
            let mut set = carry.clone();
            set.extend(groups[gi].iter().copied());
            set.sort_by(|&a, &b| self.priority(a, b));
            let mut result = self.pair_group(&set, last);
            if last {
                // 5.(2): the last group cannot be paired (or its bye would
                // not go to the lowest score group, 一.(5)): merge the group
                // above into it and pair them as one, as often as needed.
                // The first merge that pairs everyone with a proper bye
                // wins; failing that, the best one found.
                let allowed = usize::from(odd);
                let lowest = self.e.iter().map(|x| x.score).min().unwrap_or(Points::ZERO);
                let quality = |r: &GroupResult| -> u8 {
                    match r.left.first() {
                        None => 2,
                        Some(&x) if self.e[x].score == lowest && self.e[x].byes == 0 => 2,
                        Some(&x) if self.e[x].score == lowest => 1,
                        Some(_) => 0,
                    }
                };
                let mut best: Option<Candidate> = None;
                loop {
                    if result.left.len() <= allowed {
                        let q = quality(&result);
                        if best.as_ref().is_none_or(|b| q > b.0) {
                            best = Some((q, done.clone(), set.clone(), result.clone()));
                        }
                        if q == 2 {
                            break;
                        }
                    }
                    let Some((above, _)) = done.pop() else { break };
                    let mut merged = above;
                    merged.extend(set.iter().copied());
                    merged.sort_by(|&a, &b| self.priority(a, b));
                    merged.dedup();
                    result = self.pair_group(&merged, true);
                    set = merged;
                }
                let Some((_, d, s, r)) = best else {
                    return Err(PairingError::Invalid(format!(
                        "round {}: no pairing without a rematch (一.(6)) leaves at most {} unpaired",
                        self.round, allowed
                    )));
                };
                done = d;
                set = s;
                result = r;
            }
            carry = result.left.clone();
            done.push((set, result));
            gi += 1;
        }
        Ok(self.assemble(&done))
    }

    /// Pairs one score group (with those floated into it). In the last
    /// group the one left over has the bye.
    fn pair_group(&self, set: &[usize], last: bool) -> GroupResult {
        let minimum = set.len() % 2;
        let lowest = set
            .iter()
            .map(|&i| self.e[i].score)
            .min()
            .unwrap_or(Points::ZERO);
        let acceptable = |x: usize| -> bool {
            if last {
                // 一.(5): the bye to the lowest score group; and not twice.
                self.e[x].byes == 0 && self.e[x].score == lowest
            } else {
                // 一.(9): not down twice running, unless alone in the group.
                !self.e[x].floated_down || set.len() == 1
            }
        };
        // The procedure as written, backtracking (拆对) when it leaves more
        // than the group's parity.
        let mut result = self.search(set, minimum, false);
        if result.is_none() {
            // Not fully pairable: how far can it be paired at all?
            let mm = maximum_matching(set.len(), &|i, j| !self.met(set[i], set[j]));
            let target = set.len() - 2 * mm;
            result = self
                .search(set, target, false)
                .or_else(|| self.search(set, target, true))
                .or_else(|| Some(self.paired_by_matching(set)));
        }
        let Some(mut r) = result else {
            return GroupResult {
                steps: Vec::new(),
                left: set.to_vec(),
                rearranged: false,
            };
        };
        // 一.(9) and the bye: if the one left over may not be (floated down
        // last round, or had a bye), the lowest in the pairing order who may
        // be, and without whom the rest still pair, is left instead.
        // In the last group a bye to the lowest group comes first, no second
        // bye after it (so a lowest player with a bye before anyone higher).
        let loose = |x: usize| last && self.e[x].score == lowest;
        if r.left.len() == 1 && !acceptable(r.left[0]) {
            let tests: [&dyn Fn(usize) -> bool; 2] = [&acceptable, &loose];
            'found: for (pass, ok) in tests.iter().enumerate() {
                if pass == 1 && (loose(r.left[0]) || !last) {
                    break;
                }
                for &x in set.iter().rev() {
                    if x == r.left[0] || !ok(x) {
                        continue;
                    }
                    let rest: Vec<usize> = set.iter().copied().filter(|&y| y != x).collect();
                    let mm = maximum_matching(rest.len(), &|i, j| !self.met(rest[i], rest[j]));
                    if 2 * mm < rest.len() {
                        continue;
                    }
                    if let Some(mut alt) = self
                        .search(&rest, 0, false)
                        .or_else(|| self.search(&rest, 0, true))
                        .or_else(|| Some(self.paired_by_matching(&rest)))
                    {
                        alt.left = vec![x];
                        alt.rearranged = true;
                        r = alt;
                        break 'found;
                    }
                }
            }
        }
        r
    }

    /// The last resort when the search runs out of its budget: a maximum
    /// matching of the group, each pair made by the higher in the order,
    /// marked 拆对. (A safeguard: it keeps a pathological group from
    /// taking unbounded time.)
    fn paired_by_matching(&self, set: &[usize]) -> GroupResult {
        let m = mates(set.len(), &|i, j| !self.met(set[i], set[j]));
        let mut steps = Vec::new();
        let mut left = Vec::new();
        for (i, mate) in m.iter().enumerate() {
            match mate {
                Some(j) if i < *j => steps.push(Step {
                    pairer: set[i],
                    partner: set[*j],
                    form: if self.needs[set[i]] == self.needs[set[*j]] {
                        Form::SameRow
                    } else {
                        Form::Shifted
                    },
                }),
                Some(_) => {}
                None => left.push(set[i]),
            }
        }
        GroupResult {
            steps,
            left,
            rearranged: true,
        }
    }

    /// The sequential procedure over `set` as a depth-first search of its
    /// choices in the book's order; the first complete pass leaving at most
    /// `target` players wins. `prune` bounds each step by a maximum
    /// matching of the players still unpaired.
    fn search(&self, set: &[usize], target: usize, prune: bool) -> Option<GroupResult> {
        let ordered = set
            .windows(2)
            .all(|w| self.priority(w[0], w[1]) == Ordering::Less);
        if !prune && ordered {
            return self.search_linked(set, target);
        }
        self.search_plain(set, target, prune)
    }

    /// [`Pairer::search`] as the book writes it, copying the unpaired
    /// players and sorting the candidates at each step: for the pass pruned
    /// by the matching bound, and the reference of [`Pairer::search_linked`].
    fn search_plain(&self, set: &[usize], target: usize, prune: bool) -> Option<GroupResult> {
        let mut st = Search {
            steps: Vec::new(),
            left: Vec::new(),
            nodes: 0,
            budget: if prune { PRUNED_BUDGET } else { BUDGET },
            first_path: true,
        };
        let unpaired: Vec<usize> = set.to_vec();
        let group_score = set
            .iter()
            .map(|&i| self.e[i].score)
            .min()
            .unwrap_or(Points::ZERO);
        if self.dfs(&mut st, unpaired, Vec::new(), target, prune, group_score) {
            Some(GroupResult {
                steps: st.steps,
                left: st.left,
                rearranged: !st.first_path,
            })
        } else {
            None
        }
    }

    /// Candidate order for pairer `p` among `pool`: nearer score first
    /// (一.(4)); for a pairer floated down, those who floated up last round
    /// after the others (一.(9)); then his pairing order ①–④; then the row
    /// order.
    fn candidates(&self, p: usize, pool: &[usize], floated: bool) -> Vec<usize> {
        let mut c: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&x| x != p && !self.met(p, x))
            .collect();
        let ps = self.e[p].score;
        let dist = |x: usize| {
            let s = self.e[x].score;
            if s > ps { s - ps } else { ps - s }
        };
        c.sort_by(|&a, &b| {
            dist(a)
                .cmp(&dist(b))
                .then_with(|| {
                    if floated {
                        self.e[a].floated_up.cmp(&self.e[b].floated_up)
                    } else {
                        Ordering::Equal
                    }
                })
                .then(
                    self.cat[a]
                        .rank_for(self.cat[p])
                        .cmp(&self.cat[b].rank_for(self.cat[p])),
                )
                .then_with(|| self.priority(a, b))
        });
        c
    }

    fn dfs(
        &self,
        st: &mut Search,
        unpaired: Vec<usize>,
        deferred: Vec<usize>,
        target: usize,
        prune: bool,
        group_score: Points,
    ) -> bool {
        st.nodes += 1;
        if st.nodes > st.budget {
            return false;
        }
        if st.left.len() > target {
            return false;
        }
        if prune {
            let mm = maximum_matching(unpaired.len(), &|i, j| !self.met(unpaired[i], unpaired[j]));
            if st.left.len() + unpaired.len() - 2 * mm > target {
                return false;
            }
        }
        if unpaired.len() <= 1 {
            let before = st.left.len();
            st.left.extend(unpaired.iter().copied());
            if st.left.len() <= target {
                return true;
            }
            st.left.truncate(before);
            return false;
        }
        // unpaired is kept in priority order.
        let pairer = unpaired.iter().copied().find(|x| !deferred.contains(x));
        match pairer {
            Some(p) => {
                let other: Vec<usize> = unpaired
                    .iter()
                    .copied()
                    .filter(|&x| x != p && self.needs[x] != self.needs[p])
                    .collect();
                let floated = self.e[p].score > group_score;
                let cands = self.candidates(p, &other, floated);
                for &c in &cands {
                    let form = if !deferred.is_empty() {
                        Form::NextPairer
                    } else if other.first() == Some(&c) {
                        Form::SamePlace
                    } else {
                        Form::Shifted
                    };
                    st.steps.push(Step {
                        pairer: p,
                        partner: c,
                        form,
                    });
                    let rest: Vec<usize> = unpaired
                        .iter()
                        .copied()
                        .filter(|&x| x != p && x != c)
                        .collect();
                    if self.dfs(st, rest, deferred.clone(), target, prune, group_score) {
                        return true;
                    }
                    st.steps.pop();
                    st.first_path = false;
                }
                // 异行: he cannot pair across; the next pairer goes on.
                let mut d = deferred;
                d.push(p);
                self.dfs(st, unpaired, d, target, prune, group_score)
            }
            None => {
                // 同行: the deferred pairers, in order, within their rows.
                let p = deferred
                    .iter()
                    .copied()
                    .find(|x| unpaired.contains(x))
                    .unwrap_or(unpaired[0]);
                let floated = self.e[p].score > group_score;
                let cands = self.candidates(p, &unpaired, floated);
                for &c in &cands {
                    let form = if self.needs[c] == self.needs[p] {
                        Form::SameRow
                    } else {
                        Form::NextPairer
                    };
                    st.steps.push(Step {
                        pairer: p,
                        partner: c,
                        form,
                    });
                    let rest: Vec<usize> = unpaired
                        .iter()
                        .copied()
                        .filter(|&x| x != p && x != c)
                        .collect();
                    if self.dfs(st, rest, deferred.clone(), target, prune, group_score) {
                        return true;
                    }
                    st.steps.pop();
                    st.first_path = false;
                }
                // 下调: he is left for the group below.
                st.left.push(p);
                let rest: Vec<usize> = unpaired.iter().copied().filter(|&x| x != p).collect();
                if self.dfs(st, rest, deferred, target, prune, group_score) {
                    return true;
                }
                st.left.pop();
                st.first_path = false;
                false
            }
        }
    }

    /// 二.4: who moves first, and the clause that says so.
    fn colours(&self, a: usize, b: usize) -> (usize, usize, String) {
        let (x, y) = (&self.e[a], &self.e[b]);
        let (da, db) = (x.balance(), y.balance());
        // 4.(1): 少先 against 多先 (and, in general, the fewer first moves).
        if da != db {
            return if da < db {
                (a, b, "4.(1)".into())
            } else {
                (b, a, "4.(1)".into())
            };
        }
        // 4.(2)–(7): the one whose last games were second moves first.
        let s = |e: &Entrant| match e.streak() {
            None => 0i32,
            Some((Colour::Second, n)) => n as i32,
            Some((Colour::First, n)) => -(n as i32),
        };
        let (sa, sb) = (s(x), s(y));
        if sa != sb {
            let (f, g) = if sa > sb { (a, b) } else { (b, a) };
            let rule = if da == 0 {
                streak_clause(self.cat[f], self.cat[g])
            } else {
                "4.(2)-(7)"
            };
            return (f, g, rule.into());
        }
        // 4.(9): from the third-last round, the higher score is balanced.
        if let Some(planned) = self.opts.rounds_planned
            && self.round + 2 >= planned
            && x.score != y.score
        {
            let (h, l) = if x.score > y.score { (a, b) } else { (b, a) };
            let want = match self.e[h].balance().cmp(&0) {
                Ordering::Greater => Some(Colour::Second),
                Ordering::Less => Some(Colour::First),
                Ordering::Equal => self.e[h].streak().map(|(c, _)| c.other()),
            };
            match want {
                Some(Colour::First) => return (h, l, "4.(9)".into()),
                Some(Colour::Second) => return (l, h, "4.(9)".into()),
                None => {}
            }
        }
        // 4.(8): the sum of the numbers odd: the smaller first; even: the larger.
        let (small, large) = if x.number < y.number { (a, b) } else { (b, a) };
        if (x.number + y.number) % 2 == 1 {
            (small, large, "4.(8)".into())
        } else {
            (large, small, "4.(8)".into())
        }
    }

    fn bends(&self, f: usize, s: usize, round: u32) -> Vec<String> {
        let mut out = Vec::new();
        for (i, c) in [(f, Colour::First), (s, Colour::Second)] {
            let e = &self.e[i];
            let d = e.balance() + if c == Colour::First { 1 } else { -1 };
            let run = match e.streak() {
                Some((last, n)) if last == c => n + 1,
                _ => 1,
            };
            let word = if c == Colour::First { "先" } else { "后" };
            if d.abs() >= 2 && d.abs() > e.balance().abs() {
                out.push(format!("10: {} 先后走相差 {}", e.id, d.abs()));
            }
            if d.abs() >= 3 {
                out.push(format!("11: {} 多走三{word}", e.id));
            }
            if run >= 3 {
                out.push(format!("11: {} 连走{}{word}", e.id, run));
            }
            if self.opts.rounds_planned == Some(round) && d.abs() > 1 {
                out.push(format!("12: {} ends {} apart", e.id, d.abs()));
            }
        }
        out
    }

    fn assemble(&self, done: &[(Vec<usize>, GroupResult)]) -> RoundPairing {
        // How many entrants have each score, counted once (一.(9)'s "alone
        // in his score group" is asked for both players of every board).
        let mut with_score: std::collections::BTreeMap<Points, usize> =
            std::collections::BTreeMap::new();
        for x in self.e {
            *with_score.entry(x.score).or_default() += 1;
        }
        let mut boards = Vec::new();
        let mut bye = None;
        for (gi, (set, r)) in done.iter().enumerate() {
            let base = set
                .iter()
                .map(|&i| self.e[i].score)
                .min()
                .unwrap_or(Points::ZERO);
            for st in &r.steps {
                let (f, s, rule) = self.colours(st.pairer, st.partner);
                let mut forms = Vec::new();
                let floated = self.e[st.pairer].score > base || self.e[st.partner].score > base;
                if floated {
                    forms.push(Form::Floated);
                }
                if r.rearranged {
                    forms.push(Form::Rearranged);
                }
                forms.push(st.form);
                let mut bent = self.bends(f, s, self.round);
                for (x, y) in [(st.pairer, st.partner), (st.partner, st.pairer)] {
                    let (ex, ey) = (&self.e[x], &self.e[y]);
                    // 一.(9), unless he was alone in his score group.
                    let alone = with_score.get(&ex.score) == Some(&1);
                    if ex.score > ey.score && ex.floated_down && !alone {
                        bent.push(format!("9: {} 连续下调", ex.id));
                    }
                    if ex.score < ey.score && ex.floated_up && !alone {
                        bent.push(format!("9: {} 连续上调", ex.id));
                    }
                }
                let (mark, _) = self.cat[st.pairer].order();
                boards.push(Board {
                    board: boards.len() as u32 + 1,
                    first: self.e[f].id.clone(),
                    second: self.e[s].id.clone(),
                    scores: [self.e[f].score, self.e[s].score],
                    reason: Reason {
                        forms,
                        pairer: self.e[st.pairer].number,
                        order: format!("{mark} {}", self.cat[st.pairer].name()),
                        colour_rule: rule,
                        bent,
                    },
                });
            }
            if gi + 1 == done.len()
                && let Some(&x) = r.left.first()
            {
                let mut bent = Vec::new();
                if self.e[x].byes > 0 {
                    bent.push(format!("5: {} has a second bye", self.e[x].id));
                }
                bye = Some(Bye {
                    id: self.e[x].id.clone(),
                    score: self.e[x].score,
                    bent,
                });
            }
        }
        // Boards by the higher score, then the total, then the order in
        // which they were paired; the bye is last (一.(5)).
        let mut keyed: Vec<(usize, Board)> = boards.into_iter().enumerate().collect();
        keyed.sort_by(|(i, a), (j, b)| {
            let hi = |x: &Board| x.scores[0].max(x.scores[1]);
            hi(b)
                .cmp(&hi(a))
                .then((b.scores[0] + b.scores[1]).cmp(&(a.scores[0] + a.scores[1])))
                .then(i.cmp(j))
        });
        let boards = keyed
            .into_iter()
            .enumerate()
            .map(|(k, (_, mut b))| {
                b.board = k as u32 + 1;
                b
            })
            .collect();
        RoundPairing {
            round: self.round,
            boards,
            bye,
        }
    }
}

/// The clause of 二.4 (2)–(7) for two balanced players whose streaks
/// differ; `f` moves first.
fn streak_clause(f: Category, g: Category) -> &'static str {
    use Category::*;
    match (f, g) {
        (RunSecond, RunFirst) => "4.(2)",
        (RunSecond, RunSecond) => "4.(3)",
        (RunFirst, RunFirst) => "4.(4)",
        (RunSecond, LastSecond) => "4.(5)",
        (LastFirst, RunFirst) => "4.(6)",
        (LastSecond, LastFirst) => "4.(7)",
        _ => "4.(2)-(7)",
    }
}

struct Search {
    steps: Vec<Step>,
    left: Vec<usize>,
    nodes: usize,
    budget: usize,
    first_path: bool,
}

impl RoundPairing {
    /// The round as text: a line per board, then the bye.
    pub fn to_text(&self, colours: [&str; 2]) -> String {
        let mut rows: Vec<Vec<String>> = vec![
            [
                "board", colours[0], colours[1], "scores", "forms", "pairer", "order", "colours",
                "bent",
            ]
            .map(str::to_string)
            .to_vec(),
        ];
        for b in &self.boards {
            let forms: Vec<&str> = b.reason.forms.iter().map(|f| f.name()).collect();
            rows.push(vec![
                b.board.to_string(),
                b.first.to_string(),
                b.second.to_string(),
                format!("{}-{}", b.scores[0], b.scores[1]),
                forms.join("+"),
                b.reason.pairer.to_string(),
                b.reason.order.to_string(),
                b.reason.colour_rule.to_string(),
                if b.reason.bent.is_empty() {
                    "-".to_string()
                } else {
                    b.reason.bent.join("; ")
                },
            ]);
        }
        if let Some(bye) = &self.bye {
            let mut forms = "轮空 一.(5)".to_string();
            if !bye.bent.is_empty() {
                forms.push_str(&format!("  {}", bye.bent.join("; ")));
            }
            rows.push(vec![
                "bye".into(),
                bye.id.to_string(),
                String::new(),
                bye.score.to_string(),
                forms,
            ]);
        }
        format!(
            "round {}\n{}",
            self.round,
            crate::text_table::align(&rows, 2)
        )
    }
}

/// Adds a paired round to the tournament as games without results, for
/// writing the pairing out (YAML or TRF).
pub fn pairing_lines(p: &RoundPairing) -> Vec<(Id, Option<Id>)> {
    let mut v: Vec<(Id, Option<Id>)> = p
        .boards
        .iter()
        .map(|b| (b.first.clone(), Some(b.second.clone())))
        .collect();
    if let Some(b) = &p.bye {
        v.push((b.id.clone(), None));
    }
    v
}
