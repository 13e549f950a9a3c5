//! The shapes of article 7 (棋形): 长连, 五连, 活四, 冲四, 活三, 眠三.
//!
//! A shape is read along one line (5.2–5.3) through one stone:
//!
//! * 7.1 长连 (overline): six or more stones of one colour in a row;
//! * 7.2 五连 (five): exactly five in a row;
//! * 7.3 a four (四) is four stones that one more stone makes a five: a
//!   window of five consecutive points holding the four stones and one empty
//!   point, and no stone of the colour just beyond the window (else the
//!   "five" would be an overline). The four is identified by its four
//!   stones, so one line may hold two fours (X_XXX_X through the middle
//!   stone). 7.3.1 活四 (live four): two points make it a five; 7.3.2 冲四
//!   (four): one point does;
//! * 7.4 a three (三) is three stones that one more stone makes a four. 7.4.1
//!   活三 (live three): one more stone can make a live four; for black under
//!   the forbidden-move rules that stone must itself be a legal move
//!   (article 8, see [`crate::gomoku::forbidden`]); 7.4.2 眠三 (sleeping
//!   three): a three that can only become a 冲四.
//!
//! The shapes are geometric: "five" means exactly five for either colour.
//! That white's overline wins (19.1.1) is a matter of results, not shapes.

use serde::{Deserialize, Serialize};

use super::board::{Board, Direction, Point, SIZE, Stone};
use super::forbidden::{self, Reading};

/// The padding around the board in a [`Grid`]: enough for a line of 11
/// points centred on any point.
pub(crate) const PAD: usize = 5;
/// The width of a [`Grid`] row.
pub(crate) const W: usize = SIZE as usize + 2 * PAD;
/// Cell codes of a [`Grid`].
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const EDGE: u8 = 3;
/// The step along each of [`Direction::ALL`] in a [`Grid`].
pub(crate) const STEPS: [isize; 4] = [1, W as isize, W as isize + 1, 1 - W as isize];

/// A line of 11 cells centred on the stone being read (index 5).
pub(crate) type Line = [u8; 11];

/// The board with a border of edge cells, for reading lines fast.
#[derive(Clone)]
pub(crate) struct Grid {
    pub(crate) cells: [u8; W * W],
}

impl Grid {
    pub(crate) fn from_board(board: &Board) -> Grid {
        let mut cells = [EDGE; W * W];
        for p in Point::all() {
            cells[Grid::idx(p)] = match board.get(p) {
                None => EMPTY,
                Some(Stone::Black) => BLACK,
                Some(Stone::White) => WHITE,
            };
        }
        Grid { cells }
    }

    pub(crate) fn idx(p: Point) -> usize {
        (usize::from(p.row()) + PAD) * W + usize::from(p.col()) + PAD
    }

    /// The cell `k` steps along `step` from `at` (`k` in −5..=5).
    #[inline]
    pub(crate) fn at(at: usize, step: isize, k: isize) -> usize {
        // Inside the padded grid for every board point and |k| <= PAD.
        at.wrapping_add_signed(k * step)
    }

    #[inline]
    pub(crate) fn line(&self, at: usize, step: isize) -> Line {
        let mut l = [EDGE; 11];
        for (k, cell) in l.iter_mut().enumerate() {
            *cell = self.cells[Grid::at(at, step, k as isize - 5)];
        }
        l
    }
}

pub(crate) fn code(s: Stone) -> u8 {
    match s {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

/// The stones of `own` in a row through the centre.
#[inline]
pub(crate) fn run(l: &Line, own: u8) -> usize {
    let mut n = 1;
    let mut k = 6;
    while k < 11 && l[k] == own {
        n += 1;
        k += 1;
    }
    let mut k = 4;
    while l[k] == own {
        n += 1;
        if k == 0 {
            break;
        }
        k -= 1;
    }
    n
}

/// The fours through the centre (7.3): for each distinct set of four
/// stones, the bit mask of its stones and the bit mask of its five points.
#[inline]
pub(crate) fn fours(l: &Line, own: u8) -> ([(u16, u16); 5], usize) {
    let mut out = [(0u16, 0u16); 5];
    let mut n = 0;
    for s in 1..=5 {
        let (mut mine, mut empty, mut stones, mut gap) = (0, 0, 0u16, 0u16);
        for (k, &c) in l.iter().enumerate().skip(s).take(5) {
            if c == own {
                mine += 1;
                stones |= 1 << k;
            } else if c == EMPTY {
                empty += 1;
                gap = 1 << k;
            }
        }
        if mine == 4 && empty == 1 && l[s - 1] != own && l[s + 5] != own {
            match out[..n].iter_mut().find(|(m, _)| *m == stones) {
                Some((_, f)) => *f |= gap,
                None => {
                    out[n] = (stones, gap);
                    n += 1;
                }
            }
        }
    }
    (out, n)
}

/// The points (bit mask of line indices) where one more stone makes a live
/// four (活四) through the centre: four in a row holding the centre, both
/// ends empty and each end making exactly five.
#[inline]
pub(crate) fn live_four_points(l: &Line, own: u8) -> u16 {
    let mut out = 0u16;
    for i in 2..=5 {
        if l[i - 1] != EMPTY || l[i + 4] != EMPTY || l[i - 2] == own || l[i + 5] == own {
            continue;
        }
        let (mut mine, mut gap, mut empties) = (0, 0u16, 0);
        for (k, &c) in l.iter().enumerate().skip(i).take(4) {
            if c == own {
                mine += 1;
            } else if c == EMPTY {
                empties += 1;
                gap = 1 << k;
            }
        }
        if mine == 3 && empties == 1 {
            out |= gap;
        }
    }
    out
}

/// The points (bit mask of line indices) where one more stone makes a four
/// through the centre: the empty points of every window of five holding
/// three stones, two empty points and no stone of the colour beyond it.
#[inline]
pub(crate) fn four_points(l: &Line, own: u8) -> u16 {
    let mut out = 0u16;
    for s in 1..=5 {
        let (mut mine, mut empty, mut gaps) = (0, 0, 0u16);
        for (k, &c) in l.iter().enumerate().skip(s).take(5) {
            if c == own {
                mine += 1;
            } else if c == EMPTY {
                empty += 1;
                gaps |= 1 << k;
            }
        }
        if mine == 3 && empty == 2 && l[s - 1] != own && l[s + 5] != own {
            out |= gaps;
        }
    }
    out
}

/// A shape along one line (article 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuShape"))]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// 长连 (7.1).
    Overline,
    /// 五连 (7.2).
    Five,
    /// 活四 (7.3.1).
    LiveFour,
    /// 冲四 (7.3.2).
    Four,
    /// 活三 (7.4.1).
    LiveThree,
    /// 眠三 (7.4.2).
    SleepingThree,
    /// None of the shapes of article 7.
    None,
}

impl Shape {
    /// The code used in the corpus and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Shape::Overline => "overline",
            Shape::Five => "five",
            Shape::LiveFour => "live-four",
            Shape::Four => "four",
            Shape::LiveThree => "live-three",
            Shape::SleepingThree => "sleeping-three",
            Shape::None => "none",
        }
    }

    /// The book's name.
    pub fn chinese(self) -> &'static str {
        match self {
            Shape::Overline => "长连",
            Shape::Five => "五连",
            Shape::LiveFour => "活四",
            Shape::Four => "冲四",
            Shape::LiveThree => "活三",
            Shape::SleepingThree => "眠三",
            Shape::None => "无",
        }
    }

    /// The clause defining it.
    pub fn clause(self) -> &'static str {
        match self {
            Shape::Overline => "7.1",
            Shape::Five => "7.2",
            Shape::LiveFour => "7.3.1",
            Shape::Four => "7.3.2",
            Shape::LiveThree => "7.4.1",
            Shape::SleepingThree => "7.4.2",
            Shape::None => "7",
        }
    }
}

/// The shape through a stone along one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineShape {
    /// The line.
    pub direction: Direction,
    /// The strongest shape on it.
    pub shape: Shape,
    /// For a four: how many distinct fours (two on one line are possible).
    pub fours: usize,
    /// The points the book marks A in its figures: for a four, the points
    /// that make it a five (图5, 图6); for a live three, the points that make
    /// it a live four (图7: for black under the forbidden-move rules, only
    /// those that are legal moves); for a sleeping three, the points that
    /// make it a four.
    pub points: Vec<Point>,
}

fn points_of(at: Point, d: Direction, mask: u16) -> Vec<Point> {
    let (dc, dr) = d.delta();
    (0..11)
        .filter(|k| mask & (1 << k) != 0)
        .filter_map(|k| at.offset((k - 5) * dc, (k - 5) * dr))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The shapes through the stone on `p` along each line, or `None` if `p` is
/// empty. `black_forbidden`: black plays under the forbidden-move rules
/// (article 8), so a black three is live only if a legal move makes it a
/// live four; `reading` is how a four point that also completes a five is
/// read (`spec/gomoku.md`).
pub fn shapes(
    board: &Board,
    p: Point,
    black_forbidden: bool,
    reading: Reading,
) -> Option<[LineShape; 4]> {
    let stone = board.get(p)?;
    let own = code(stone);
    let mut grid = Grid::from_board(board);
    let at = Grid::idx(p);
    let check_legality = black_forbidden && stone == Stone::Black;
    Some(Direction::ALL.map(|d| {
        let i = Direction::ALL.iter().position(|x| *x == d).unwrap_or(0);
        let step = STEPS[i];
        let l = grid.line(at, step);
        let r = run(&l, own);
        let (shape, fours_n, mask) = if r >= 6 {
            (Shape::Overline, 0, 0)
        } else if r == 5 {
            (Shape::Five, 0, 0)
        } else {
            let (fs, n) = fours(&l, own);
            if n > 0 {
                let live = fs[..n].iter().any(|(_, f)| f.count_ones() >= 2);
                let five_points = fs[..n].iter().fold(0, |a, (_, f)| a | f);
                let shape = if live { Shape::LiveFour } else { Shape::Four };
                (shape, n, five_points)
            } else {
                let cands = live_four_points(&l, own);
                let mut live = 0u16;
                for k in 0..11 {
                    if cands & (1 << k) == 0 {
                        continue;
                    }
                    let q = Grid::at(at, step, k - 5);
                    if !check_legality || forbidden::four_point_is_legal(&mut grid, q, reading) {
                        live |= 1 << k;
                    }
                }
                if live != 0 {
                    (Shape::LiveThree, 0, live)
                } else {
                    let fp = four_points(&l, own);
                    if fp != 0 {
                        (Shape::SleepingThree, 0, fp)
                    } else {
                        (Shape::None, 0, 0)
                    }
                }
            }
        };
        LineShape {
            direction: d,
            shape,
            fours: fours_n,
            points: points_of(p, d, mask),
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape_at(black: &str, white: &str, p: &str, d: Direction) -> LineShape {
        let b = Board::from_lists(black, white).unwrap();
        let s = shapes(&b, p.parse().unwrap(), true, Reading::default()).unwrap();
        s.into_iter().find(|x| x.direction == d).unwrap()
    }

    #[test]
    fn the_shapes_of_article_7() {
        use Direction::*;
        let h = |b, w, p| shape_at(b, w, p, Horizontal);
        assert_eq!(h("F8 G8 H8 I8 J8 K8", "", "H8").shape, Shape::Overline);
        assert_eq!(h("F8 G8 H8 I8 J8", "", "H8").shape, Shape::Five);
        let lf = h("G8 H8 I8 J8", "", "H8");
        assert_eq!(lf.shape, Shape::LiveFour);
        assert_eq!(
            lf.points,
            vec!["F8".parse().unwrap(), "K8".parse().unwrap()]
        );
        assert_eq!(h("G8 H8 I8 J8", "F8", "H8").shape, Shape::Four);
        assert_eq!(h("G8 H8 J8 K8", "", "H8").shape, Shape::Four);
        let two = h("F8 H8 I8 J8 L8", "", "I8");
        assert_eq!((two.shape, two.fours), (Shape::Four, 2));
        assert_eq!(h("G8 H8 I8", "", "H8").shape, Shape::LiveThree);
        assert_eq!(h("G8 H8 J8", "", "H8").shape, Shape::LiveThree);
        assert_eq!(h("G8 H8 I8", "F8", "H8").shape, Shape::SleepingThree);
        assert_eq!(h("G8 H8 K8", "", "H8").shape, Shape::SleepingThree);
        assert_eq!(h("G8 H8", "", "H8").shape, Shape::None);
        // A three against the edge: A8 B8 C8 with D8 E8 free is sleeping.
        assert_eq!(h("A8 B8 C8", "", "B8").shape, Shape::SleepingThree);
        // 阴线 (5.3).
        assert_eq!(
            shape_at("D4 E5 F6 G7 H8", "", "F6", Diagonal).shape,
            Shape::Five
        );
        assert_eq!(
            shape_at("D12 E11 F10 G9 H8", "", "F10", AntiDiagonal).shape,
            Shape::Five
        );
    }
}
