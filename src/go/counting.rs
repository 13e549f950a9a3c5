//! Counting (数子法) and the result: komi (贴子), the handicap return (还子),
//! shared dame (单官), and the margin in stones (子).
//!
//! * 胜负计算.数子法: the dead stones (死子) are taken off first — qigui takes
//!   them as input, as the players agree or the referee rules; then a side's
//!   count is its living stones plus the empty points they surround.
//! * 胜负计算.单官: the empty points between both sides' living stones
//!   (dame, 单官 or 公气) are shared equally: each side gets half of them.
//!   An empty region that touches no living stone at all is shared too.
//! * 行棋规则.胜负: one point is one 子; the board's half, 180½ on 19×19, is
//!   the 归本数. A side with more than it wins.
//! * 贴子: black gives white a komi. 胜负计算.贴子 and 棋类比赛.4: 3¾ (black
//!   needs more than 184¼, so 185; white more than 176¾, so 177);
//!   竞赛规定.11 and 行棋规则.一: 2¾ (183¼ and 177¾: 184 and 178).
//!   活动方案.一.7 prints "贴4目" with the 3¾ thresholds 185 and 177
//!   (`spec/errata.md` E1). qigui takes any komi that is a whole number of
//!   quarters.
//! * 让先 (行棋规则.二, 胜负计算.让先): no komi; 180½ each is a draw.
//! * 让子 (胜负计算.让子): no komi, and black returns half the handicap: with
//!   three stones black needs 180½ + 1½ = 182 for a draw (white 179).
//!   A one-stone handicap is 让先 and returns nothing.
//! * The margin is counted as 003 counts it: how far a side's count is past
//!   its threshold, in 子 (行棋规则.一: 黑棋数出来有185个子,即黑棋1¾子 with
//!   2¾ komi; 胜负计算.让先: 黑181子作为胜半子).
//! * 棋类比赛.5.(4): when one side gives up the contest (放弃着手权), every
//!   contestable point (the dame) goes to the other side.
//! * 活动方案.一.6: setting life and death aside (在与死活无关的前提下),
//!   the game is over only when no empty point is left between the two
//!   sides. qigui reports the dame points as unsettled except the ones the
//!   input names as shared liberties of a seki (双活, 活动方案.一.5), which
//!   do concern life and death.

use std::collections::BTreeSet;
use std::fmt;

use thiserror::Error;

use super::board::{Board, Point, Stone};
use super::game::MAX_HANDICAP;

/// An amount of 子 exact to a quarter (komi 3¾, half a dame point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Zi(i64);

impl Zi {
    /// Zero.
    pub const ZERO: Zi = Zi(0);

    /// `q` quarters.
    pub const fn quarters(q: i64) -> Zi {
        Zi(q)
    }

    /// `n` whole 子.
    pub const fn whole(n: i64) -> Zi {
        Zi(n * 4)
    }

    /// The number of quarters.
    pub const fn in_quarters(self) -> i64 {
        self.0
    }

    /// A decimal amount, if it is a whole number of quarters.
    pub fn from_f64(x: f64) -> Option<Zi> {
        let q = x * 4.0;
        (x.is_finite() && q.fract() == 0.0 && q.abs() < 1e12).then_some(Zi(q as i64))
    }

    /// As a decimal: 184.25.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }

    /// The smallest whole number of 子 greater than this.
    pub fn next_whole_above(self) -> i64 {
        self.0.div_euclid(4) + 1
    }
}

impl fmt::Display for Zi {
    /// `184¼`, `180½`, `2¾`, `0`, `-1¼`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let whole = a / 4;
        let frac = ["", "¼", "½", "¾"][(a % 4) as usize];
        if whole == 0 && !frac.is_empty() {
            write!(f, "{sign}{frac}")
        } else {
            write!(f, "{sign}{whole}{frac}")
        }
    }
}

/// The numbers the result depends on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// 贴子: what black gives white, in 子 (3¾, 2¾, or 0 for 让先 and 让子).
    pub komi: Zi,
    /// 让子: the number of handicap stones (0 for an even game; 1 is 让先).
    pub handicap: u32,
    /// 棋类比赛.5.(4): the side that gave up the contest, if one did.
    pub conceded_by: Option<Stone>,
    /// Empty points that are the shared liberties of a seki (双活): still
    /// dame for the count, but not a sign that the game is unfinished.
    pub seki: BTreeSet<Point>,
}

/// Why a count cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CountError {
    /// A point marked dead holds no stone.
    #[error("{0} is marked dead but holds no stone")]
    DeadOnEmpty(Point),
    /// A negative komi.
    #[error("komi {0}: black gives white a komi of 0 or more")]
    NegativeKomi(Zi),
    /// Both a komi and a handicap.
    #[error(
        "komi {0} with a handicap of {1}: a handicap game has no komi, black returns half the handicap instead (胜负计算.让子)"
    )]
    KomiWithHandicap(Zi, u32),
    /// More than 25 handicap stones.
    #[error("a handicap of {0}: 003 knows up to 25 (行棋规则.三)")]
    Handicap(u32),
    /// More handicap stones than the board has points to spare: the stones
    /// are set down on distinct points before white's first move
    /// (行棋规则.三), and white needs a point to play.
    #[error(
        "a handicap of {handicap} on a board of {points} points: at most {} stones leave white a point to play (行棋规则.三)",
        points - 1
    )]
    HandicapBeyondBoard {
        /// The handicap asked for.
        handicap: u32,
        /// The points of the board.
        points: u32,
    },
    /// A group on the board without a liberty: play never leaves one, as it
    /// is taken off when its last liberty is filled (规则.(五)) and a move
    /// may not fill its own group's last one (规则.(六)).
    #[error(
        "the {stone} group at {point} has no liberty (气): play never leaves one on the board (规则.(五), (六))"
    )]
    NoLiberty {
        /// A stone of the group (its first point in point order).
        point: Point,
        /// Its colour.
        stone: Stone,
    },
    /// A point named as a seki liberty that is not a dame point.
    #[error("{0} is named a seki liberty but is not an empty point between both sides")]
    SekiNotDame(Point),
}

/// A count and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// Lines each way.
    pub size: u8,
    /// Living stones of black and white.
    pub stones: [u32; 2],
    /// Dead stones of black and white taken off.
    pub dead: [u32; 2],
    /// Empty points surrounded by black only, by white only.
    pub territory: [u32; 2],
    /// Empty points between both sides (or touching neither).
    pub dame: u32,
    /// Dame points not named as seki liberties: while there are any the
    /// game is not over (活动方案.一.6).
    pub unsettled: Vec<Point>,
    /// Each side's count: stones, territory and its share of the dame.
    pub area: [Zi; 2],
    /// Half the board: the 归本数.
    pub half: Zi,
    /// The komi.
    pub komi: Zi,
    /// The handicap.
    pub handicap: u32,
    /// Black's handicap return (half the handicap from two stones up).
    pub handicap_return: Zi,
    /// Who gave up the contest, if anyone (棋类比赛.5.(4)).
    pub conceded_by: Option<Stone>,
    /// What each side must exceed to win: black half + komi + return,
    /// white half − komi − return.
    pub threshold: [Zi; 2],
    /// The smallest whole count that wins for each side (185 and 177 with
    /// 3¾ komi).
    pub needs: [i64; 2],
    /// The winner; `None` for a draw.
    pub winner: Option<Stone>,
    /// How far the winner's count is past its threshold (0 for a draw).
    pub margin: Zi,
}

impl Count {
    /// The count as `qigui go score --format json` prints it (and the
    /// Python package's `qigui.go.score` returns it): each side's `count`,
    /// `stones`, `territory`, `dead`, `threshold` and `needs`, then
    /// `size`, `half`, `dame`, `komi`, `handicap`, `handicap_return`,
    /// `conceded_by`, `result` (`black_wins`, `white_wins`, `draw`),
    /// `margin` and the `unsettled` points.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        let side = |i: usize| {
            json!({
                "count": self.area[i].as_f64(),
                "stones": self.stones[i],
                "territory": self.territory[i],
                "dead": self.dead[i],
                "threshold": self.threshold[i].as_f64(),
                "needs": self.needs[i],
            })
        };
        let unsettled: Vec<String> = self.unsettled.iter().map(|p| p.to_string()).collect();
        json!({
            "size": self.size,
            "half": self.half.as_f64(),
            "black": side(0),
            "white": side(1),
            "dame": self.dame,
            "komi": self.komi.as_f64(),
            "handicap": self.handicap,
            "handicap_return": self.handicap_return.as_f64(),
            "conceded_by": self.conceded_by.map(Stone::name),
            "result": match self.winner {
                Some(Stone::Black) => "black_wins",
                Some(Stone::White) => "white_wins",
                None => "draw",
            },
            "margin": self.margin.as_f64(),
            "unsettled": unsettled,
        })
    }

    /// `black wins by 1¾`, `white wins by ¼`, `draw`.
    pub fn result_text(&self) -> String {
        match self.winner {
            Some(s) => format!("{s} wins by {} 子", self.margin),
            None => "draw".to_string(),
        }
    }
}

/// Counts a finished board. `dead`: the stones taken off as dead.
pub fn count(board: &Board, dead: &BTreeSet<Point>, terms: &Terms) -> Result<Count, CountError> {
    if terms.komi < Zi::ZERO {
        return Err(CountError::NegativeKomi(terms.komi));
    }
    if terms.handicap > MAX_HANDICAP as u32 {
        return Err(CountError::Handicap(terms.handicap));
    }
    if terms.handicap >= board.points() {
        return Err(CountError::HandicapBeyondBoard {
            handicap: terms.handicap,
            points: board.points(),
        });
    }
    if terms.handicap > 0 && terms.komi != Zi::ZERO {
        return Err(CountError::KomiWithHandicap(terms.komi, terms.handicap));
    }
    // The board as play leaves it: every group has a liberty.
    let mut grouped: BTreeSet<Point> = BTreeSet::new();
    for p in board.all_points() {
        if grouped.contains(&p) {
            continue;
        }
        if let (Some(stone), Some(g)) = (board.get(p), board.group(p)) {
            if g.liberties.is_empty() {
                return Err(CountError::NoLiberty { point: p, stone });
            }
            grouped.extend(g.stones);
        }
    }
    // 胜负计算.数子法: take the dead stones off.
    let mut live = board.clone();
    let mut dead_count = [0u32; 2];
    for &p in dead {
        match board.get(p) {
            Some(s) => {
                dead_count[s.index()] += 1;
                live.set(p, None);
            }
            None => return Err(CountError::DeadOnEmpty(p)),
        }
    }
    let stones = [live.count(Stone::Black), live.count(Stone::White)];
    // Empty regions and who borders them.
    let mut territory = [0u32; 2];
    let mut dame_points: Vec<Point> = Vec::new();
    let mut seen: BTreeSet<Point> = BTreeSet::new();
    for start in live.all_points() {
        if live.get(start).is_some() || seen.contains(&start) {
            continue;
        }
        let mut region = vec![start];
        let mut todo = vec![start];
        seen.insert(start);
        let mut borders = [false, false];
        while let Some(q) = todo.pop() {
            for r in live.neighbours(q) {
                match live.get(r) {
                    None => {
                        if seen.insert(r) {
                            region.push(r);
                            todo.push(r);
                        }
                    }
                    Some(s) => borders[s.index()] = true,
                }
            }
        }
        match borders {
            [true, false] => territory[0] += region.len() as u32,
            [false, true] => territory[1] += region.len() as u32,
            _ => dame_points.extend(region),
        }
    }
    dame_points.sort();
    for p in &terms.seki {
        if dame_points.binary_search(p).is_err() {
            return Err(CountError::SekiNotDame(*p));
        }
    }
    let dame = dame_points.len() as u32;
    let unsettled: Vec<Point> = dame_points
        .into_iter()
        .filter(|p| !terms.seki.contains(p))
        .collect();
    // 胜负计算.单官: half each; 棋类比赛.5.(4): all to the side that did not
    // give up.
    let dame_share = match terms.conceded_by {
        None => [Zi::quarters(2 * dame as i64); 2],
        Some(Stone::Black) => [Zi::ZERO, Zi::whole(dame as i64)],
        Some(Stone::White) => [Zi::whole(dame as i64), Zi::ZERO],
    };
    let area = [
        Zi(Zi::whole((stones[0] + territory[0]) as i64).0 + dame_share[0].0),
        Zi(Zi::whole((stones[1] + territory[1]) as i64).0 + dame_share[1].0),
    ];
    let half = Zi::quarters(2 * board.points() as i64);
    let handicap_return = if terms.handicap >= 2 {
        Zi::quarters(2 * terms.handicap as i64)
    } else {
        Zi::ZERO
    };
    let threshold = [
        Zi(half.0 + terms.komi.0 + handicap_return.0),
        Zi(half.0 - terms.komi.0 - handicap_return.0),
    ];
    let needs = [
        threshold[0].next_whole_above(),
        threshold[1].next_whole_above(),
    ];
    // Black's count past its threshold; white's is the same with the sign
    // turned, as the two counts make up the board.
    let black_margin = area[0].0 - threshold[0].0;
    let (winner, margin) = match black_margin.cmp(&0) {
        std::cmp::Ordering::Greater => (Some(Stone::Black), Zi(black_margin)),
        std::cmp::Ordering::Less => (Some(Stone::White), Zi(-black_margin)),
        std::cmp::Ordering::Equal => (None, Zi::ZERO),
    };
    Ok(Count {
        size: board.size(),
        stones,
        dead: dead_count,
        territory,
        dame,
        unsettled,
        area,
        half,
        komi: terms.komi,
        handicap: terms.handicap,
        handicap_return,
        conceded_by: terms.conceded_by,
        threshold,
        needs,
        winner,
        margin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zi_display() {
        assert_eq!(Zi::quarters(737).to_string(), "184¼");
        assert_eq!(Zi::quarters(722).to_string(), "180½");
        assert_eq!(Zi::quarters(3).to_string(), "¾");
        assert_eq!(Zi::quarters(-5).to_string(), "-1¼");
        assert_eq!(Zi::ZERO.to_string(), "0");
        assert_eq!(Zi::from_f64(3.75), Some(Zi::quarters(15)));
        assert_eq!(Zi::from_f64(3.7), None);
        assert_eq!(Zi::from_f64(f64::NAN), None);
        assert_eq!(Zi::quarters(737).next_whole_above(), 185);
        assert_eq!(Zi::quarters(724).next_whole_above(), 182);
    }
}
