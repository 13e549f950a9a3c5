//! The board, its points and lines (articles 1 and 5).
//!
//! 1.2: 15 vertical and 15 horizontal lines cross at 225 points. 1.3: seen
//! from the player who has black at the start, the columns are lettered
//! A–O from left to right and the rows numbered 1–15 from bottom to top;
//! H8 is 天元 and D4, D12, L12, L4 are the 星. 5.2–5.3: the lines a shape
//! may lie on are the visible 阳线 (horizontal and vertical) and the
//! invisible 阴线 (the diagonals parallel to A1–O15 and A15–O1).
//!
//! The 8 symmetries of the board (rotations about H8 and reflections in its
//! axes and diagonals) are [`Symmetry`]; they decide when two positions are
//! 同形, the same shape (11.1 D, 11.2 C).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Lines each way (1.2).
pub const SIZE: u8 = 15;

/// Points on the board (1.2: 225 交叉点).
pub const POINTS: usize = 225;

/// A point of the board (1.3), e.g. `H8`. Ordered by column, then row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    col: u8,
    row: u8,
}

/// What is marked on a point (1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuMark"))]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// 天元, H8.
    Tianyuan,
    /// 星: D4, D12, L12, L4.
    Star,
    /// An unmarked point.
    None,
}

impl Mark {
    /// The code used in the corpus.
    pub fn code(self) -> &'static str {
        match self {
            Mark::Tianyuan => "tianyuan",
            Mark::Star => "star",
            Mark::None => "none",
        }
    }
}

/// Why a point's name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{text}' is not a point: {reason} (1.3: columns A–O, rows 1–15, e.g. H8)")]
pub struct ParsePointError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl Point {
    /// 天元 (1.3).
    pub const TIANYUAN: Point = Point { col: 7, row: 7 };

    /// The four 星 (1.3): D4, D12, L12, L4.
    pub const STARS: [Point; 4] = [
        Point { col: 3, row: 3 },
        Point { col: 3, row: 11 },
        Point { col: 11, row: 11 },
        Point { col: 11, row: 3 },
    ];

    /// The point in column `col` (0 = A) and row `row` (0 = row 1).
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < SIZE && row < SIZE).then_some(Point { col, row })
    }

    /// The column, 0 for A to 14 for O.
    pub fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for row 1 to 14 for row 15.
    pub fn row(self) -> u8 {
        self.row
    }

    /// The column letter, `A`–`O`.
    pub fn column_letter(self) -> char {
        char::from(b'A' + self.col)
    }

    /// The row number, 1–15.
    pub fn row_number(self) -> u8 {
        self.row + 1
    }

    /// 0–224, row by row from A1.
    pub fn index(self) -> usize {
        usize::from(self.row) * usize::from(SIZE) + usize::from(self.col)
    }

    /// The point with this index (0–224).
    pub fn from_index(i: usize) -> Option<Point> {
        let size = usize::from(SIZE);
        if i >= POINTS {
            return None;
        }
        Point::new(u8::try_from(i % size).ok()?, u8::try_from(i / size).ok()?)
    }

    /// Every point, A1, B1, …, O15.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).filter_map(Point::from_index)
    }

    /// The point `dc` columns right and `dr` rows up, if on the board.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Point> {
        let c = i32::from(self.col) + dc;
        let r = i32::from(self.row) + dr;
        Point::new(u8::try_from(c).ok()?, u8::try_from(r).ok()?)
    }

    /// The mark on the point (1.3).
    pub fn mark(self) -> Mark {
        if self == Point::TIANYUAN {
            Mark::Tianyuan
        } else if Point::STARS.contains(&self) {
            Mark::Star
        } else {
            Mark::None
        }
    }

    /// The distance from 天元 in the sense of the openings' areas: the point
    /// is inside the `k`×`k` area centred on 天元 (9.7, 11.1) when
    /// `2 * distance + 1 <= k`.
    pub fn distance_from_tianyuan(self) -> u8 {
        self.col.abs_diff(7).max(self.row.abs_diff(7))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.row_number())
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let bad = |reason| ParsePointError {
            text: s.to_string(),
            reason,
        };
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(|| bad("empty"))?;
        let up = letter.to_ascii_uppercase();
        if !up.is_ascii_uppercase() {
            return Err(bad("it must start with a column letter"));
        }
        if !('A'..='O').contains(&up) {
            return Err(bad("the column is not one of A–O"));
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(bad("the row must be a number 1–15"));
        }
        let row: u8 = digits
            .parse()
            .map_err(|_| bad("the row must be a number 1–15"))?;
        if !(1..=SIZE).contains(&row) || digits.starts_with('0') {
            return Err(bad("the row is not one of 1–15"));
        }
        let col = u8::try_from(u32::from(up) - u32::from('A')).map_err(|_| bad("bad column"))?;
        Point::new(col, row - 1).ok_or_else(|| bad("off the board"))
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A stone's colour (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuStone"))]
#[serde(rename_all = "lowercase")]
pub enum Stone {
    /// 黑棋.
    Black,
    /// 白棋.
    White,
}

impl Stone {
    /// The other colour.
    pub fn opposite(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }

    /// The colour of the stone numbered `n` in a record (13.2: black odd,
    /// white even).
    pub fn of_move(n: u32) -> Stone {
        if n % 2 == 1 {
            Stone::Black
        } else {
            Stone::White
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A line direction (5.2 阳线, 5.3 阴线).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// A horizontal 阳线 (a row).
    Horizontal,
    /// A vertical 阳线 (a column).
    Vertical,
    /// A 阴线 parallel to A1–O15.
    Diagonal,
    /// A 阴线 parallel to A15–O1.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// One step along the line: (columns, rows).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }

    /// The code used in the corpus.
    pub fn code(self) -> &'static str {
        match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
            Direction::Diagonal => "diagonal",
            Direction::AntiDiagonal => "anti-diagonal",
        }
    }

    /// Whether it is a visible line (5.2 阳线) rather than a 阴线 (5.3).
    pub fn is_yang(self) -> bool {
        matches!(self, Direction::Horizontal | Direction::Vertical)
    }
}

/// One of the 8 symmetries of the board: the rotations about 天元 and the
/// reflections in the board's two axes and two diagonals. They are the only
/// maps of the 225 points onto themselves that keep lines and distances to
/// the edges, so they decide when two positions are the same shape (同形).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Every point stays.
    Identity,
    /// A quarter turn anticlockwise about H8.
    Rotate90,
    /// A half turn about H8.
    Rotate180,
    /// Three quarter turns anticlockwise about H8.
    Rotate270,
    /// Left and right exchanged (A ↔ O).
    MirrorColumns,
    /// Top and bottom exchanged (1 ↔ 15).
    MirrorRows,
    /// The reflection in the A1–O15 diagonal.
    MirrorDiagonal,
    /// The reflection in the A15–O1 diagonal.
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All eight.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// The image of a point.
    pub fn apply(self, p: Point) -> Point {
        let (c, r) = (i32::from(p.col) - 7, i32::from(p.row) - 7);
        let (c2, r2) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::Rotate90 => (-r, c),
            Symmetry::Rotate180 => (-c, -r),
            Symmetry::Rotate270 => (r, -c),
            Symmetry::MirrorColumns => (-c, r),
            Symmetry::MirrorRows => (c, -r),
            Symmetry::MirrorDiagonal => (r, c),
            Symmetry::MirrorAntiDiagonal => (-r, -c),
        };
        // The images of points of the board are points of the board.
        Point::TIANYUAN.offset(c2, r2).unwrap_or(p)
    }

    /// The image of a line direction (lines map to lines).
    pub fn apply_direction(self, d: Direction) -> Direction {
        let (dc, dr) = d.delta();
        let a = self.apply(Point::TIANYUAN);
        let b = self.apply(Point::TIANYUAN.offset(dc, dr).unwrap_or(Point::TIANYUAN));
        let v = (
            i32::from(b.col()) - i32::from(a.col()),
            i32::from(b.row()) - i32::from(a.row()),
        );
        Direction::ALL
            .into_iter()
            .find(|x| x.delta() == v || x.delta() == (-v.0, -v.1))
            .unwrap_or(d)
    }

    /// A name for messages and test names.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::MirrorColumns => "mirror-columns",
            Symmetry::MirrorRows => "mirror-rows",
            Symmetry::MirrorDiagonal => "mirror-diagonal",
            Symmetry::MirrorAntiDiagonal => "mirror-anti-diagonal",
        }
    }
}

/// Why a set of stones is not a board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// A point could not be read.
    #[error("{list} stone {position}: {error}")]
    Point {
        /// `black` or `white`.
        list: &'static str,
        /// 1-based position in the list.
        position: usize,
        /// Why.
        error: ParsePointError,
    },
    /// Two stones on one point (6.1, 12.2: a stone goes on an empty point).
    #[error("{point} is given twice ({first} and {second} stone); a point holds one stone (12.2)")]
    Occupied {
        /// The point.
        point: Point,
        /// The colour of the first stone there.
        first: Stone,
        /// The colour of the second.
        second: Stone,
    },
}

/// The stones on the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Stone>; POINTS],
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.diagram())
    }
}

/// Splits a list of points written with spaces or commas between them.
pub fn split_points(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// Reads a list of points (`"H8 I9, J10"`).
pub fn parse_points(text: &str) -> Result<Vec<Point>, ParsePointError> {
    split_points(text).map(str::parse).collect()
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board {
            cells: [None; POINTS],
        }
    }

    /// A board with these black and white stones, written as point lists
    /// (`"H8 I9"`).
    pub fn from_lists(black: &str, white: &str) -> Result<Board, BoardError> {
        let mut b = Board::new();
        for (list, stone, text) in [
            ("black", Stone::Black, black),
            ("white", Stone::White, white),
        ] {
            for (i, tok) in split_points(text).enumerate() {
                let p: Point = tok.parse().map_err(|error| BoardError::Point {
                    list,
                    position: i + 1,
                    error,
                })?;
                if let Some(first) = b.get(p) {
                    return Err(BoardError::Occupied {
                        point: p,
                        first,
                        second: stone,
                    });
                }
                b.set(p, Some(stone));
            }
        }
        Ok(b)
    }

    /// The stone on a point.
    pub fn get(&self, p: Point) -> Option<Stone> {
        self.cells[p.index()]
    }

    /// Puts a stone on a point or clears it.
    pub fn set(&mut self, p: Point, s: Option<Stone>) {
        self.cells[p.index()] = s;
    }

    /// Whether the point is empty.
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.get(p).is_none()
    }

    /// The points holding stones of a colour, A1 first.
    pub fn stones(&self, s: Stone) -> Vec<Point> {
        Point::all().filter(|&p| self.get(p) == Some(s)).collect()
    }

    /// The number of stones on the board.
    pub fn count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Whether no empty point is left (19.2.1 C).
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The board under a symmetry.
    pub fn transformed(&self, sym: Symmetry) -> Board {
        let mut b = Board::new();
        for p in Point::all() {
            b.set(sym.apply(p), self.get(p));
        }
        b
    }

    /// The number of consecutive stones of the colour on `p` along `d`
    /// through `p` (0 if `p` is empty).
    pub fn run(&self, p: Point, d: Direction) -> usize {
        let Some(s) = self.get(p) else {
            return 0;
        };
        let (dc, dr) = d.delta();
        let mut n = 1;
        for sign in [1, -1] {
            let mut k = 1;
            while let Some(q) = p.offset(sign * k * dc, sign * k * dr) {
                if self.get(q) != Some(s) {
                    break;
                }
                n += 1;
                k += 1;
            }
        }
        n
    }

    /// A text diagram, row 15 at the top, `X` black, `O` white, `.` empty.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in (0..SIZE).rev() {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..SIZE {
                let p = Point { col, row };
                out.push(match self.get(p) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                });
                if col + 1 < SIZE {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        out.push_str("   A B C D E F G H I J K L M N O\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn points_read_and_print() {
        assert_eq!(p("H8"), Point::TIANYUAN);
        assert_eq!(p("a1").to_string(), "A1");
        assert_eq!(p("O15").index(), 224);
        assert_eq!(Point::all().count(), 225);
        for bad in ["", "P1", "A0", "A16", "H08", "8H", "H", "H8x", "I-1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        assert_eq!(p("D12").mark(), Mark::Star);
        assert_eq!(p("H8").mark(), Mark::Tianyuan);
        assert_eq!(p("H9").mark(), Mark::None);
    }

    #[test]
    fn symmetries_are_a_group_of_eight() {
        let q = p("J11");
        let images: std::collections::BTreeSet<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(q)).collect();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            for x in Point::all() {
                // Each symmetry is a bijection that keeps 天元 and the stars.
                assert!(Point::all().any(|y| s.apply(y) == x));
                assert_eq!(s.apply(x).mark(), x.mark());
            }
        }
        assert_eq!(Symmetry::Rotate90.apply(p("I8")), p("H9"));
        assert_eq!(Symmetry::MirrorDiagonal.apply(p("I8")), p("H9"));
        assert_eq!(Symmetry::MirrorColumns.apply(p("A1")), p("O1"));
        assert_eq!(
            Symmetry::Rotate90.apply_direction(Direction::Horizontal),
            Direction::Vertical
        );
        assert_eq!(
            Symmetry::Rotate90.apply_direction(Direction::Diagonal),
            Direction::AntiDiagonal
        );
        assert_eq!(
            Symmetry::MirrorDiagonal.apply_direction(Direction::Diagonal),
            Direction::Diagonal
        );
    }

    #[test]
    fn boards_from_lists() {
        let b = Board::from_lists("H8 I9", "G7").unwrap();
        assert_eq!(b.get(p("I9")), Some(Stone::Black));
        assert_eq!(b.count(), 3);
        assert!(matches!(
            Board::from_lists("H8", "H8"),
            Err(BoardError::Occupied { .. })
        ));
        let e = Board::from_lists("H8 Z9", "").unwrap_err();
        assert!(e.to_string().contains("black stone 2"), "{e}");
        assert_eq!(
            Board::from_lists("F8 G8 H8", "")
                .unwrap()
                .run(p("G8"), Direction::Horizontal),
            3
        );
    }
}
