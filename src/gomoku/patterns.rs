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

use super::board::{Board, Direction, Point, Stone};
use super::forbidden::{self, Reading};
use super::grid::{Grid, STEPS, code, four_points, fours, live_four_points, run};

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
