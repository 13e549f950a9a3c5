//! The board (棋盘), its intersections (交叉点), stones, and liberties (气).
//!
//! 行棋规则.胜负: the board has 19×19 = 361 intersections; qigui also takes
//! smaller square boards (2×2 to 18×18) for tests and for the 13×13 example
//! of 规则.(四).说明. 规则.(三), 活动方案.一.1: a stone stands on an
//! intersection and never moves. 规则.(五).说明: a stone's liberties are the
//! empty intersections next to it along the lines; stones of one colour
//! joined along the lines share their liberties (a group, 一块棋).
//!
//! Points are named as on a printed Go board (003 names none): columns
//! `A`–`T` from the left without `I`, rows `1`–`19` from the bottom, e.g.
//! `D4`, `Q16`; see `spec/go.md`.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The column letters, left to right (no `I`).
pub const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// The largest board: 19×19 (行棋规则.胜负: 三百六十一个交叉点).
pub const MAX_SIZE: u8 = 19;

/// The smallest board qigui accepts.
pub const MIN_SIZE: u8 = 2;

/// The two colours. Black (黑) plays first except in a handicap game
/// (规则.(二)). Written `black` / `white`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Stone {
    /// 黑: `X` in a diagram.
    Black,
    /// 白: `O` in a diagram.
    White,
}

impl Stone {
    /// The other colour.
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }

    /// 黑 or 白.
    pub const fn chinese(self) -> &'static str {
        match self {
            Stone::Black => "黑",
            Stone::White => "白",
        }
    }

    /// The diagram letter of a living stone: `X` or `O`.
    pub const fn letter(self) -> char {
        match self {
            Stone::Black => 'X',
            Stone::White => 'O',
        }
    }

    /// Both colours, black first.
    pub const ALL: [Stone; 2] = [Stone::Black, Stone::White];
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An intersection: column and row from 0, row 0 at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// 0 = column `A`.
    pub col: u8,
    /// 0 = row `1`.
    pub row: u8,
}

/// Why a point name was not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PointError {
    /// Not a column letter followed by a row number.
    #[error("'{0}' is not a point: write a column letter A–T (no I) and a row number, e.g. D4")]
    Syntax(String),
    /// Off the board (规则.(三), 活动方案.一.1: stones go on the board's intersections).
    #[error("'{text}' is not an intersection of a {size}×{size} board")]
    OffBoard {
        /// The text.
        text: String,
        /// The board's size.
        size: u8,
    },
}

impl Point {
    /// The point at column `col`, row `row` (from 0).
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Reads `D4`, `q16` (case-insensitive) on a board of `size`.
    pub fn parse(text: &str, size: u8) -> Result<Point, PointError> {
        let t = text.trim();
        let mut chars = t.chars();
        let syntax = || PointError::Syntax(t.to_string());
        let letter = chars.next().ok_or_else(syntax)?.to_ascii_uppercase();
        let digits = chars.as_str();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 2 {
            return Err(syntax());
        }
        let off = || PointError::OffBoard {
            text: t.to_string(),
            size,
        };
        if letter == 'I' {
            return Err(syntax());
        }
        let col = COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(|| {
                if letter.is_ascii_alphabetic() {
                    off()
                } else {
                    syntax()
                }
            })?;
        let row: u32 = digits.parse().map_err(|_| syntax())?;
        if col >= size as usize || row == 0 || row > size as u32 {
            return Err(off());
        }
        Ok(Point::new(col as u8, (row - 1) as u8))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = COLUMNS.get(self.col as usize).map_or('?', |&c| c as char);
        write!(f, "{letter}{}", self.row as u32 + 1)
    }
}

/// A group (一块棋): stones of one colour joined along the lines, and their
/// liberties (规则.(五).说明).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The colour.
    pub stone: Stone,
    /// Its stones, in point order.
    pub stones: BTreeSet<Point>,
    /// Its liberties (气), in point order.
    pub liberties: BTreeSet<Point>,
}

/// A square board with stones on some intersections.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Stone>>,
}

/// Why a board size is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("board size {0}: qigui plays on square boards from {MIN_SIZE}×{MIN_SIZE} to 19×19")]
pub struct SizeError(pub u32);

impl Board {
    /// An empty board of `size`×`size`.
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size as u32));
        }
        Ok(Board {
            size,
            cells: vec![None; size as usize * size as usize],
        })
    }

    /// The number of lines each way.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of intersections (361 on the full board).
    pub fn points(&self) -> u32 {
        self.size as u32 * self.size as u32
    }

    fn index(&self, p: Point) -> Option<usize> {
        (p.col < self.size && p.row < self.size)
            .then(|| p.row as usize * self.size as usize + p.col as usize)
    }

    /// Whether the point is on this board.
    pub fn contains(&self, p: Point) -> bool {
        self.index(p).is_some()
    }

    /// The stone on a point (none off the board).
    pub fn get(&self, p: Point) -> Option<Stone> {
        self.index(p).and_then(|i| self.cells[i])
    }

    /// Puts a stone on a point or clears it; a point off the board is ignored.
    pub fn set(&mut self, p: Point, s: Option<Stone>) {
        if let Some(i) = self.index(p) {
            self.cells[i] = s;
        }
    }

    /// Every intersection, row by row from the bottom left.
    pub fn all_points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point::new(col, row)))
    }

    /// The intersections next to `p` along the lines (2 in a corner, 3 on an
    /// edge, 4 elsewhere).
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let n = self.size as i16;
        [(-1i16, 0i16), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(move |(dc, dr)| {
                let c = p.col as i16 + dc;
                let r = p.row as i16 + dr;
                (c >= 0 && r >= 0 && c < n && r < n).then(|| Point::new(c as u8, r as u8))
            })
    }

    /// The group of the stone on `p`, or `None` if the point is empty.
    pub fn group(&self, p: Point) -> Option<Group> {
        let stone = self.get(p)?;
        let mut stones = BTreeSet::new();
        let mut liberties = BTreeSet::new();
        let mut todo = vec![p];
        stones.insert(p);
        while let Some(q) = todo.pop() {
            for r in self.neighbours(q) {
                match self.get(r) {
                    None => {
                        liberties.insert(r);
                    }
                    Some(s) if s == stone => {
                        if stones.insert(r) {
                            todo.push(r);
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        Some(Group {
            stone,
            stones,
            liberties,
        })
    }

    /// The number of stones of a colour on the board.
    pub fn count(&self, s: Stone) -> u32 {
        self.cells.iter().filter(|c| **c == Some(s)).count() as u32
    }

    /// The board as diagram rows, top row first, one character per point:
    /// `X` black, `O` white, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .rev()
            .map(|row| {
                (0..self.size)
                    .map(|col| self.get(Point::new(col, row)).map_or('.', Stone::letter))
                    .collect()
            })
            .collect()
    }

    /// A key for the whole-board position, for repetition tests.
    pub(crate) fn key(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|c| match c {
                None => 0,
                Some(Stone::Black) => 1,
                Some(Stone::White) => 2,
            })
            .collect()
    }
}

impl fmt::Display for Board {
    /// The diagram with row numbers on both sides and column letters above
    /// and below; [`Diagram::parse`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = COLUMNS[..self.size as usize]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        writeln!(f, "  {letters}")?;
        for (i, row) in self.rows().iter().enumerate() {
            let n = self.size as usize - i;
            let cells: String = row.chars().map(|c| format!(" {c}")).collect();
            writeln!(f, "{n:>2}{cells} {n}")?;
        }
        write!(f, "  {letters}")
    }
}

/// A board read from a diagram, with the stones the diagram marks dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The stones, dead ones included.
    pub board: Board,
    /// The stones written `x` / `o`: dead (死子), for counting.
    pub dead: BTreeSet<Point>,
}

/// A diagram that cannot be read: the 1-based line and column within the
/// diagram's text, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct DiagramError {
    /// 1-based line of the diagram text.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Diagram {
    /// Reads a diagram: one line per row, top row first. Each point is `X`
    /// (black), `O` (white), `x` / `o` (a black / white stone marked dead),
    /// `.` or `+` (empty); spaces between points are ignored. A row may carry
    /// its row number at either end, and a line of column letters may stand
    /// above or below; both are checked. Blank lines are ignored. `size`
    /// defaults to the number of rows.
    pub fn parse(text: &str, size: Option<u8>) -> Result<Diagram, DiagramError> {
        let err = |line: usize, column: usize, message: String| DiagramError {
            line,
            column,
            message,
        };
        // (line number, cells with their columns, labels with their columns)
        type Row = (usize, Vec<(usize, char)>, Vec<(usize, u32)>);
        let mut rows: Vec<Row> = Vec::new();
        let mut letter_lines: Vec<(usize, Vec<(usize, char)>)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let chars: Vec<(usize, char)> = line
                .chars()
                .enumerate()
                .map(|(c, ch)| (c + 1, ch))
                .filter(|(_, ch)| !ch.is_whitespace())
                .collect();
            if chars.is_empty() {
                continue;
            }
            // A line of column letters starts with `A`, which no row does.
            if chars[0].1 == 'A' && chars.iter().all(|(_, c)| c.is_ascii_uppercase()) {
                letter_lines.push((n, chars));
                continue;
            }
            // Row labels: runs of digits at either end.
            let mut labels = Vec::new();
            let mut cells = Vec::new();
            let mut k = 0;
            while k < chars.len() {
                let (col, c) = chars[k];
                if c.is_ascii_digit() {
                    let start = k;
                    let mut value: u32 = 0;
                    while k < chars.len() && chars[k].1.is_ascii_digit() {
                        value = value
                            .saturating_mul(10)
                            .saturating_add(chars[k].1.to_digit(10).unwrap_or(0));
                        k += 1;
                    }
                    // Digits only at the ends of the row, and as one
                    // token: the original line must not join them to a cell.
                    let at_start = cells.is_empty() && labels.is_empty();
                    let at_end = k == chars.len();
                    if !(at_start || at_end) || value > 99 {
                        return Err(err(
                            n,
                            chars[start].0,
                            "a row number belongs at the start or end of the row".into(),
                        ));
                    }
                    labels.push((col, value));
                    continue;
                }
                match c {
                    'X' | 'O' | 'x' | 'o' | '.' | '+' => cells.push((col, c)),
                    other => {
                        return Err(err(
                            n,
                            col,
                            format!(
                                "'{other}' is not a point: X black, O white, x/o dead, . or + empty"
                            ),
                        ));
                    }
                }
                k += 1;
            }
            if cells.is_empty() {
                return Err(err(n, chars[0].0, "a row without points".into()));
            }
            rows.push((n, cells, labels));
        }
        let last_line = text.lines().count().max(1);
        let size = match size {
            Some(s) => s,
            None => u8::try_from(rows.len()).unwrap_or(u8::MAX),
        };
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(err(
                1,
                1,
                format!(
                    "{} rows: a board has {MIN_SIZE} to 19 rows",
                    if rows.is_empty() { 0 } else { size as usize }
                ),
            ));
        }
        if rows.len() != size as usize {
            let (line, col) = rows.get(size as usize).map_or((last_line, 1), |r| (r.0, 1));
            return Err(err(
                line,
                col,
                format!("{} rows for a {size}×{size} board", rows.len()),
            ));
        }
        let expected_letters: Vec<char> = COLUMNS[..size as usize]
            .iter()
            .map(|&c| c as char)
            .collect();
        for (n, letters) in &letter_lines {
            let got: Vec<char> = letters.iter().map(|(_, c)| *c).collect();
            if got != expected_letters {
                return Err(err(
                    *n,
                    letters[0].0,
                    format!(
                        "column letters should be {}",
                        expected_letters.iter().collect::<String>()
                    ),
                ));
            }
        }
        let mut board = Board {
            size,
            cells: vec![None; size as usize * size as usize],
        };
        let mut dead = BTreeSet::new();
        for (i, (n, cells, labels)) in rows.iter().enumerate() {
            let row = size - 1 - i as u8;
            for (col, value) in labels {
                if *value != row as u32 + 1 {
                    return Err(err(
                        *n,
                        *col,
                        format!("row number {value}: this is row {}", row + 1),
                    ));
                }
            }
            if cells.len() != size as usize {
                let col = cells.get(size as usize).map_or(cells[0].0, |c| c.0);
                return Err(err(
                    *n,
                    col,
                    format!("{} points in this row; the board has {size}", cells.len()),
                ));
            }
            for (c, (_, ch)) in cells.iter().enumerate() {
                let p = Point::new(c as u8, row);
                let stone = match ch {
                    'X' | 'x' => Some(Stone::Black),
                    'O' | 'o' => Some(Stone::White),
                    _ => None,
                };
                board.set(p, stone);
                if matches!(ch, 'x' | 'o') {
                    dead.insert(p);
                }
            }
        }
        Ok(Diagram { board, dead })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points() {
        assert_eq!(Point::parse("A1", 19), Ok(Point::new(0, 0)));
        assert_eq!(Point::parse("t19", 19), Ok(Point::new(18, 18)));
        assert_eq!(Point::parse("J10", 19), Ok(Point::new(8, 9)));
        assert!(matches!(Point::parse("I5", 19), Err(PointError::Syntax(_))));
        assert!(matches!(
            Point::parse("T20", 19),
            Err(PointError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse("K1", 9),
            Err(PointError::OffBoard { .. })
        ));
        assert!(matches!(Point::parse("", 9), Err(PointError::Syntax(_))));
        assert!(matches!(
            Point::parse("A0", 9),
            Err(PointError::OffBoard { .. })
        ));
        assert_eq!(Point::new(8, 9).to_string(), "J10");
    }

    #[test]
    fn liberties_by_place() {
        // 规则.(五).说明: a lone stone has 4 liberties in the middle, 3 on an
        // edge, 2 in a corner.
        let d = Diagram::parse("X . . .\n. . . .\n. . X .\nX . . .", None).unwrap();
        let lib = |s| {
            d.board
                .group(Point::parse(s, 4).unwrap())
                .unwrap()
                .liberties
                .len()
        };
        assert_eq!(lib("A4"), 2);
        assert_eq!(lib("C2"), 4);
        assert_eq!(lib("A1"), 2);
    }

    #[test]
    fn diagram_round_trip_and_errors() {
        let d = Diagram::parse("X O .\n. x .\no . +", None).unwrap();
        assert_eq!(d.board.rows(), vec!["XO.", ".X.", "O.."]);
        assert_eq!(d.dead.len(), 2);
        let again = Diagram::parse(&d.board.to_string(), None).unwrap();
        assert_eq!(again.board, d.board);
        let e = Diagram::parse("X O .\n. Z .\n. . .", None).unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = Diagram::parse("X O .\n. . . .\n. . .", None).unwrap_err();
        assert_eq!(e.line, 2);
        let e = Diagram::parse("3 X O . 3\n1 . . . 2\n1 . . . 1", None).unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(Diagram::parse("99999999999999999999 X O\n. .", None).is_err());
        assert!(Diagram::parse("X", None).is_err());
        assert!(Diagram::parse("", None).is_err());
    }
}
