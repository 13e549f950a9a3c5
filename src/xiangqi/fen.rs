//! Xiangqi FEN: the raw [`Setup`] and its text form.
//!
//! The board field lists ranks from black's back rank (rank 9) down to red's
//! (rank 0), files `a` to `i` left to right; red pieces are upper case
//! (`K A B N R C P`), black lower case; digits count empty points. The side
//! to move is `w` (or `r`) for red and `b` for black. Fields 3 and 4 are `-`
//! (Xiangqi has neither castling nor en passant); fields 5 and 6, the plies
//! since the last capture and the move number, are optional.
//!
//! Parsing a FEN checks syntax only and gives a [`Setup`]; making a playable
//! [`Position`](crate::xiangqi::position::Position) from it is a separate, validating step
//! (see `spec/fen.md` for the policy).

use std::fmt;

use thiserror::Error;

use crate::xiangqi::board::{Color, Piece, PieceKind, Square};

/// A board as written: any pieces anywhere, not yet checked to be playable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// The move number (FEN field 6), starting at 1.
    pub fullmoves: u32,
}

/// The standard starting position of 1.3 (图1).
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN string could not be read. `field` is 1-based (1 = board,
/// 2 = side to move, …) and `column` is the 1-based character position in
/// the whole string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("FEN field {field} ({field_name}), column {column}: {reason}")]
pub struct FenError {
    /// 1-based field number.
    pub field: usize,
    /// The field's name: `board`, `side to move`, …
    pub field_name: &'static str,
    /// 1-based character position in the string.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

const FIELD_NAMES: [&str; 6] = [
    "board",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "move number",
];

impl Setup {
    /// An empty board with red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece on a point.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Reads a FEN string (syntax only).
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        // Split into fields while remembering each field's starting column.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start: Option<usize> = None;
        let mut col = 0usize;
        let mut byte_start = 0usize;
        for (byte, ch) in fen.char_indices() {
            col += 1;
            if ch.is_whitespace() {
                if let Some(c) = start.take() {
                    fields.push((c, &fen[byte_start..byte]));
                }
            } else if start.is_none() {
                start = Some(col);
                byte_start = byte;
            }
        }
        if let Some(c) = start {
            fields.push((c, &fen[byte_start..]));
        }
        let err = |field: usize, column: usize, reason: String| FenError {
            field,
            field_name: FIELD_NAMES[(field - 1).min(5)],
            column,
            reason,
        };
        if fields.is_empty() {
            return Err(err(1, 1, "the FEN is empty".into()));
        }
        if fields.len() > 6 {
            return Err(err(
                6,
                fields[6].0,
                format!("{} fields; a Xiangqi FEN has at most 6", fields.len()),
            ));
        }
        let mut setup = Setup::empty();

        // Field 1: the board.
        let (board_col, board) = fields[0];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(err(
                1,
                board_col,
                format!("{} ranks; the board has 10, separated by '/'", ranks.len()),
            ));
        }
        let mut col = board_col;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0u8;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(err(1, col, "a digit 0 is not an empty-point count".into()));
                    }
                    file += d as u8;
                } else if let Some((color, kind)) = PieceKind::from_letter(ch) {
                    if file < 9
                        && let Some(sq) = Square::new(file, rank)
                    {
                        setup.board[sq.index()] = Some(Piece::new(color, kind));
                    }
                    file += 1;
                } else {
                    return Err(err(
                        1,
                        col,
                        format!("'{ch}' is neither a piece letter (KABNRCP, kabnrcp) nor a digit"),
                    ));
                }
                if file > 9 {
                    return Err(err(
                        1,
                        col,
                        format!(
                            "rank {rank} (the {} from the top) has more than 9 points",
                            ordinal(i + 1)
                        ),
                    ));
                }
                col += 1;
            }
            if file < 9 {
                return Err(err(
                    1,
                    col.saturating_sub(1).max(board_col),
                    format!(
                        "rank {rank} (the {} from the top) has {file} points, not 9",
                        ordinal(i + 1)
                    ),
                ));
            }
            col += 1; // the '/'
        }

        // Field 2: side to move.
        match fields.get(1) {
            None => {
                return Err(err(
                    2,
                    board_col + board.chars().count(),
                    "missing: expected 'w' (red) or 'b' (black)".into(),
                ));
            }
            Some(&(c, "w" | "r" | "W" | "R")) => {
                let _ = c;
                setup.turn = Color::Red;
            }
            Some(&(_, "b" | "B")) => setup.turn = Color::Black,
            Some(&(c, other)) => {
                return Err(err(
                    2,
                    c,
                    format!("'{other}' is not a side; expected 'w' (red) or 'b' (black)"),
                ));
            }
        }
        // Fields 3 and 4 are always '-' in Xiangqi.
        for f in 2..4 {
            if let Some(&(c, text)) = fields.get(f)
                && text != "-"
            {
                return Err(err(
                    f + 1,
                    c,
                    format!("'{text}' must be '-': Xiangqi has no castling or en passant"),
                ));
            }
        }
        if let Some(&(c, text)) = fields.get(4) {
            setup.halfmoves = text
                .parse()
                .map_err(|_| err(5, c, format!("'{text}' is not a non-negative number")))?;
        }
        if let Some(&(c, text)) = fields.get(5) {
            setup.fullmoves = text
                .parse()
                .map_err(|_| err(6, c, format!("'{text}' is not a non-negative number")))?;
            if setup.fullmoves == 0 {
                return Err(err(6, c, "the move number starts at 1".into()));
            }
        }
        Ok(setup)
    }

    /// The board field alone.
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::new(file, rank).map(|s| s.index()).unwrap_or(0);
                match self.board[sq] {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The canonical FEN: all six fields, `w`/`b` for the side to move.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board_fen(),
            match self.turn {
                Color::Red => 'w',
                Color::Black => 'b',
            },
            self.halfmoves,
            self.fullmoves
        )
    }

    /// Mirrors the board left↔right (files a↔i); the side to move stays.
    pub fn mirror_files(&self) -> Setup {
        let mut out = self.clone();
        for sq in Square::all() {
            out.board[sq.mirror_files().index()] = self.board[sq.index()];
        }
        out
    }

    /// Swaps the colours: the board turned 180°, red and black exchanged,
    /// and the other side to move.
    pub fn swap_colors(&self) -> Setup {
        let mut out = self.clone();
        for sq in Square::all() {
            out.board[sq.rotate().index()] = self.board[sq.index()].map(|p| Piece {
                color: p.color.opponent(),
                kind: p.kind,
            });
        }
        out.turn = self.turn.opponent();
        out
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: for messages.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A text diagram of a setup as the rulebook prints it (1.3): red at the
/// bottom, black's file numbers 1–9 along the top, red's 九–一 along the
/// bottom, ICCS ranks at the side; red pieces in brackets.
pub fn diagram(setup: &Setup) -> String {
    let mut out = String::from("   1  2  3  4  5  6  7  8  9\n");
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let cell = Square::new(file, rank)
                .and_then(|sq| setup.board[sq.index()])
                .map(|p| match p.color {
                    Color::Red => format!("({})", p.chinese()),
                    Color::Black => format!("[{}]", p.chinese()),
                })
                .unwrap_or_else(|| " ·".to_string() + " ");
            out.push_str(&cell);
        }
        out.push('\n');
        if rank == 5 {
            out.push_str("   ~~~~~~~~ 楚河  汉界 ~~~~~~~~\n");
        }
    }
    out.push_str("   九 八 七 六 五 四 三 二 一\n");
    out.push_str(&format!(
        "   a  b  c  d  e  f  g  h  i   {} to move\n",
        setup.turn
    ));
    out
}
