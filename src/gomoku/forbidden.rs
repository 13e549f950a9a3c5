//! Forbidden moves (article 8, 禁手): what black may not play when the
//! opening says 黑棋有禁手 (11.1 E, 11.2 E, 附录二.1 E).
//!
//! A black stone on an empty point is forbidden when, with it placed,
//!
//! * 8.3 长连禁手: it makes an overline (six or more in a row) on some line;
//! * 8.2 四四禁手: it makes two or more fours (冲四 or 活四), counting two
//!   fours on one line (X_XXX_X) as two, since a four is its four stones;
//! * 8.1 三三禁手: it makes two or more live threes, each of which it is a
//!   stone of ("此子必须为两个活三共同的构成子").
//!
//! except that a move making a five is never forbidden: 19.1.2 C, a five
//! made together with a forbidden shape wins for black.
//!
//! Whether a three is live is recursive (7.4.1 and article 8 together): a
//! three is live only if one of the points that would make it a live four
//! is a legal black move once the candidate stone is on the board. A four
//! point that also completes a five elsewhere is read as legal
//! ([`Reading::FivePointLegal`], qigui's reading; `spec/gomoku.md` says why
//! and shows the other).
//!
//! A line with a four is not also counted as a three. When a move is
//! forbidden for more than one reason, the kind reported is the first of
//! overline, double-four, double-three (an overline may be claimed at any
//! time, 19.1.2 B, the others only at once, 19.1.2 A).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Direction, Point};
use super::grid::{BLACK, EMPTY, Grid, STEPS, fours, live_four_points, run};

/// A kind of forbidden move (article 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuForbidden"))]
#[serde(rename_all = "kebab-case")]
pub enum Forbidden {
    /// 三三禁手 (8.1).
    DoubleThree,
    /// 四四禁手 (8.2).
    DoubleFour,
    /// 长连禁手 (8.3).
    Overline,
}

impl Forbidden {
    /// All kinds.
    pub const ALL: [Forbidden; 3] = [
        Forbidden::DoubleThree,
        Forbidden::DoubleFour,
        Forbidden::Overline,
    ];

    /// The code used in the corpus and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }

    /// The book's name.
    pub fn chinese(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "三三禁手",
            Forbidden::DoubleFour => "四四禁手",
            Forbidden::Overline => "长连禁手",
        }
    }

    /// The clause defining it.
    pub fn clause(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "8.1",
            Forbidden::DoubleFour => "8.2",
            Forbidden::Overline => "8.3",
        }
    }

    /// Reads a code.
    pub fn from_code(s: &str) -> Option<Forbidden> {
        Forbidden::ALL.into_iter().find(|f| f.code() == s)
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// How a point that makes a three's live four and at the same time
/// completes a five on another line counts when deciding whether the three
/// is live. The book does not say; `spec/gomoku.md` discusses both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuReading"))]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// The point is a legal (indeed winning, 19.1.2 C) black move, so it
    /// makes the three live. qigui's reading, and the published renju
    /// cases' (`../shared/crosscheck/renju-public-cases.json`).
    #[default]
    FivePointLegal,
    /// The point does not count: a move there ends the game with a five, it
    /// does not "form a live four" (7.4.1), so it cannot make the three live.
    FivePointExcluded,
}

impl Reading {
    /// The code used in the corpus and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Reading::FivePointLegal => "five-point-legal",
            Reading::FivePointExcluded => "five-point-excluded",
        }
    }

    /// Reads a code.
    pub fn from_code(s: &str) -> Option<Reading> {
        [Reading::FivePointLegal, Reading::FivePointExcluded]
            .into_iter()
            .find(|r| r.code() == s)
    }
}

/// Whether the black stone just placed on `at` is forbidden (the stone is
/// on the grid). `five_wins`: apply 19.1.2 C (a five is never forbidden).
fn judge_placed(
    grid: &mut Grid,
    at: usize,
    reading: Reading,
    five_wins: bool,
) -> Option<Forbidden> {
    let lines = STEPS.map(|s| grid.line(at, s));
    let runs = lines.map(|l| run(&l, BLACK));
    if five_wins && runs.contains(&5) {
        // 19.1.2 C: a five wins whatever else the stone makes.
        return None;
    }
    if runs.iter().any(|&r| r >= 6) {
        return Some(Forbidden::Overline);
    }
    let mut four_count = 0;
    let mut has_four = [false; 4];
    for (d, l) in lines.iter().enumerate() {
        let (_, n) = fours(l, BLACK);
        four_count += n;
        has_four[d] = n > 0;
    }
    if four_count >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    let mut cands = [0u16; 4];
    let mut lines_with_threes = 0;
    for d in 0..4 {
        if !has_four[d] {
            cands[d] = live_four_points(&lines[d], BLACK);
            if cands[d] != 0 {
                lines_with_threes += 1;
            }
        }
    }
    if lines_with_threes < 2 {
        return None;
    }
    let mut live = 0;
    let mut left = lines_with_threes;
    for d in 0..4 {
        if cands[d] == 0 {
            continue;
        }
        left -= 1;
        let mut is_live = false;
        for k in 0..11isize {
            if cands[d] & (1 << k) != 0
                && four_point_is_legal(grid, Grid::at(at, STEPS[d], k - 5), reading)
            {
                is_live = true;
                break;
            }
        }
        if is_live {
            live += 1;
            if live >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
        if live + left < 2 {
            return None;
        }
    }
    None
}

/// Whether black may play on the empty cell `q` of the grid, where it would
/// make a live four: the recursive step of the live-three test.
pub(crate) fn four_point_is_legal(grid: &mut Grid, q: usize, reading: Reading) -> bool {
    if grid.cells[q] != EMPTY {
        return false;
    }
    grid.cells[q] = BLACK;
    let legal = match reading {
        Reading::FivePointLegal => judge_placed(grid, q, reading, true).is_none(),
        Reading::FivePointExcluded => {
            let five = STEPS.iter().any(|&s| run(&grid.line(q, s), BLACK) == 5);
            !five && judge_placed(grid, q, reading, true).is_none()
        }
    };
    grid.cells[q] = EMPTY;
    legal
}

/// Whether a black stone on the empty point `p` would be forbidden, and
/// which kind. `None` for a legal move, and for an occupied point (no move).
pub fn forbidden_at(board: &Board, p: Point, reading: Reading) -> Option<Forbidden> {
    if !board.is_empty_at(p) {
        return None;
    }
    let mut grid = Grid::from_board(board);
    forbidden_in(&mut grid, Grid::idx(p), reading)
}

pub(crate) fn forbidden_in(grid: &mut Grid, at: usize, reading: Reading) -> Option<Forbidden> {
    if grid.cells[at] != EMPTY {
        return None;
    }
    grid.cells[at] = BLACK;
    let r = judge_placed(grid, at, reading, true);
    grid.cells[at] = EMPTY;
    r
}

/// The forbidden shape a black stone on the empty point `p` would make if
/// a five did not win: what 19.1.2 C calls 禁手 "formed together with" a
/// five. Equal to [`forbidden_at`] for a move that makes no five.
pub fn forbidden_shape_at(board: &Board, p: Point, reading: Reading) -> Option<Forbidden> {
    if !board.is_empty_at(p) {
        return None;
    }
    let mut grid = Grid::from_board(board);
    let at = Grid::idx(p);
    grid.cells[at] = BLACK;
    judge_placed(&mut grid, at, reading, false)
}

/// The forbidden points as `qigui gomoku forbidden --format json` prints
/// them (and the Python package's `qigui.gomoku.forbidden` returns them):
/// `{"forbidden": [{"point": "K8", "kind": "overline"}, …]}`, one line,
/// the fields in that order.
pub fn forbidden_json(map: &[(Point, Forbidden)]) -> String {
    #[derive(serde::Serialize)]
    struct Entry {
        point: String,
        kind: &'static str,
    }
    #[derive(serde::Serialize)]
    struct Out {
        forbidden: Vec<Entry>,
    }
    let out = Out {
        forbidden: map
            .iter()
            .map(|(p, f)| Entry {
                point: p.to_string(),
                kind: f.code(),
            })
            .collect(),
    };
    serde_json::to_string(&out).unwrap_or_default()
}

/// Every forbidden point of the board for black, A1 first, with its kind.
pub fn forbidden_map(board: &Board, reading: Reading) -> Vec<(Point, Forbidden)> {
    let mut grid = Grid::from_board(board);
    let mut out = Vec::new();
    for p in Point::all() {
        let at = Grid::idx(p);
        if grid.cells[at] != EMPTY || !may_be_forbidden(&grid, at) {
            continue;
        }
        if let Some(f) = forbidden_in(&mut grid, at, reading) {
            out.push((p, f));
        }
    }
    out.sort_by_key(|(p, _)| *p);
    out
}

/// A quick necessary condition: every forbidden shape needs at least four
/// other black stones within five points along the lines through `at`
/// (two threes need two each; two fours on one line need four; an
/// overline needs five).
fn may_be_forbidden(grid: &Grid, at: usize) -> bool {
    let mut n = 0;
    for s in STEPS {
        for k in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
            if grid.cells[Grid::at(at, s, k)] == BLACK {
                n += 1;
            }
        }
    }
    n >= 4
}

/// Whether the stone on `p` is part of a five (exactly five, 7.2) on some line.
pub fn makes_five(board: &Board, p: Point) -> bool {
    Direction::ALL.iter().any(|&d| board.run(p, d) == 5)
}

/// Whether the stone on `p` is part of an overline (7.1) on some line.
pub fn makes_overline(board: &Board, p: Point) -> bool {
    Direction::ALL.iter().any(|&d| board.run(p, d) >= 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(black: &str, white: &str, p: &str) -> Option<Forbidden> {
        let b = Board::from_lists(black, white).unwrap();
        forbidden_at(&b, p.parse().unwrap(), Reading::default())
    }

    #[test]
    fn the_three_kinds() {
        assert_eq!(at("G8 I8 H7 H9", "", "H8"), Some(Forbidden::DoubleThree));
        assert_eq!(at("E8 G8 I8 K8", "", "H8"), Some(Forbidden::DoubleFour));
        assert_eq!(at("E8 F8 G8 I8 J8", "", "H8"), Some(Forbidden::Overline));
        // A five with a double three is a five (19.1.2 C).
        assert_eq!(at("D8 E8 F8 G8 H9 H10 I9 J10", "", "H8"), None);
        let b = Board::from_lists("D8 E8 F8 G8 H9 H10 I9 J10", "").unwrap();
        assert_eq!(
            forbidden_shape_at(&b, "H8".parse().unwrap(), Reading::default()),
            Some(Forbidden::DoubleThree)
        );
        // One three blocked by white: a single live three is legal.
        assert_eq!(at("G8 I8 H7 H9", "F8", "H8"), None);
    }
}
