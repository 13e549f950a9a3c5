//! The board and the pieces (article 1: 棋盘和棋子).
//!
//! 1.1: nine files and ten ranks cross at ninety points; the river (河界) lies
//! between the fifth and sixth ranks and each side has a palace (九宫).
//! Red's files are numbered 一 to 九 from red's right to left, black's 1 to 9
//! from black's right to left. qigui also names the points as ICCS does:
//! files `a`–`i` from red's left, ranks `0`–`9` from red's side.
//!
//! 1.2: each side has sixteen pieces of seven kinds: one king (帅/将), two each
//! of advisors (仕/士), elephants (相/象), horses (马), rooks (车) and cannons
//! (炮), and five pawns (兵/卒).

use std::fmt;

pub use crate::color::Color;

/// The seven kinds of piece (1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帅 (red) / 将 (black).
    King = 1,
    /// 仕 / 士.
    Advisor = 2,
    /// 相 / 象.
    Elephant = 3,
    /// 马.
    Horse = 4,
    /// 车.
    Rook = 5,
    /// 炮 (black's also written 砲).
    Cannon = 6,
    /// 兵 / 卒.
    Pawn = 7,
}

impl PieceKind {
    /// All kinds, in the order of 1.2.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// How many of this kind each side has at the start (1.2); no piece is
    /// ever added in Xiangqi, so this is also the most a side can have.
    pub const fn initial_count(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The upper-case FEN letter (red's); black's is the lower case.
    pub const fn fen_letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The WXF letter: K A E H R C P.
    pub const fn wxf_letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'E',
            PieceKind::Horse => 'H',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// Parses a FEN letter of either case; also the WXF letters `E` and `H`.
    pub fn from_letter(c: char) -> Option<(Color, PieceKind)> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        };
        Some((color, kind))
    }

    /// The simplified-character name the rulebook prints for this side's piece.
    pub const fn chinese(self, color: Color) -> &'static str {
        match (self, color) {
            (PieceKind::King, Color::Red) => "帅",
            (PieceKind::King, Color::Black) => "将",
            (PieceKind::Advisor, Color::Red) => "仕",
            (PieceKind::Advisor, Color::Black) => "士",
            (PieceKind::Elephant, Color::Red) => "相",
            (PieceKind::Elephant, Color::Black) => "象",
            (PieceKind::Horse, _) => "马",
            (PieceKind::Rook, _) => "车",
            (PieceKind::Cannon, _) => "炮",
            (PieceKind::Pawn, Color::Red) => "兵",
            (PieceKind::Pawn, Color::Black) => "卒",
        }
    }

    /// The kind named by a Chinese character, simplified or traditional, of
    /// either side (帅帥将將仕士相象马馬傌车車俥炮砲兵卒).
    pub fn from_chinese(c: char) -> Option<PieceKind> {
        Some(match c {
            '帅' | '帥' | '将' | '將' => PieceKind::King,
            '仕' | '士' => PieceKind::Advisor,
            '相' | '象' => PieceKind::Elephant,
            '马' | '馬' | '傌' | '㐷' => PieceKind::Horse,
            '车' | '車' | '俥' | '伡' => PieceKind::Rook,
            '炮' | '砲' | '包' => PieceKind::Cannon,
            '兵' | '卒' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// A lower-case English name, as in error messages and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }

    /// Strong pieces (强子: rook, horse, cannon) as 1.2 names them.
    pub const fn is_strong(self) -> bool {
        matches!(self, PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon)
    }

    /// Weak pieces (弱子: advisor, elephant) as 1.2 names them.
    pub const fn is_weak(self) -> bool {
        matches!(self, PieceKind::Advisor | PieceKind::Elephant)
    }

    #[inline]
    const fn from_code(code: u8) -> Option<PieceKind> {
        match code & 7 {
            1 => Some(PieceKind::King),
            2 => Some(PieceKind::Advisor),
            3 => Some(PieceKind::Elephant),
            4 => Some(PieceKind::Horse),
            5 => Some(PieceKind::Rook),
            6 => Some(PieceKind::Cannon),
            7 => Some(PieceKind::Pawn),
            _ => None,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of this side and kind.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for red, lower case for black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The name the rulebook prints (帅, 卒, …).
    pub const fn chinese(self) -> &'static str {
        self.kind.chinese(self.color)
    }

    /// The compact code used inside the position's board array: kind in bits 0–2, bit 3 for black.
    #[inline]
    pub const fn code(self) -> u8 {
        (self.kind as u8) | ((self.color as u8) << 3)
    }

    /// The piece of a non-zero code.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        match PieceKind::from_code(code) {
            Some(kind) => Some(Piece {
                color: if code & 8 != 0 {
                    Color::Black
                } else {
                    Color::Red
                },
                kind,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind)
    }
}

/// One of the ninety points (1.1), numbered `rank * 9 + file`, with file 0 the
/// `a` file on red's left and rank 0 red's back rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The number of points on the board.
    pub const COUNT: usize = 90;

    /// The point at `file` (0 = `a`) and `rank` (0 = red's back rank), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The point with this index (0..90).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The index, 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`, red's left) to 8 (`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, 0 (red's back rank) to 9 (black's).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The file number as the side `color` counts it (1.1): 1 is that side's rightmost file.
    #[inline]
    pub const fn file_number(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.file(),
            Color::Black => self.file() + 1,
        }
    }

    /// Whether the point lies on `color`'s own half, before the river.
    #[inline]
    pub const fn on_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point is inside `color`'s palace (九宫).
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        if f < 3 || f > 5 {
            return false;
        }
        match color {
            Color::Red => self.rank() <= 2,
            Color::Black => self.rank() >= 7,
        }
    }

    /// The point mirrored left↔right (files a↔i).
    pub const fn mirror_files(self) -> Square {
        Square(self.rank() * 9 + (8 - self.file()))
    }

    /// The point seen from the other side (the board turned 180°).
    pub const fn rotate(self) -> Square {
        Square(89 - self.0)
    }

    /// Parses an ICCS point name such as `e0` or `H7`.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?.to_ascii_lowercase();
        let r = chars.next()?;
        if chars.next().is_some() || !('a'..='i').contains(&f) || !r.is_ascii_digit() {
            return None;
        }
        Square::new(f as u8 - b'a', r as u8 - b'0')
    }

    /// All ninety points in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// The points a piece of `kind` and `color` can ever stand on in a game:
/// advisors on the five palace points of the diagonals, elephants on their
/// seven points before the river, the king in the palace, pawns on or beyond
/// their starting points (2.2). Rooks, horses and cannons go anywhere.
pub fn reachable(kind: PieceKind, color: Color, sq: Square) -> bool {
    // Work in red's frame: black's points are red's turned 180°, and every
    // set below is symmetric left↔right, so rotation is the right map.
    let s = match color {
        Color::Red => sq,
        Color::Black => sq.rotate(),
    };
    let (f, r) = (s.file(), s.rank());
    match kind {
        PieceKind::King => s.in_palace(Color::Red),
        PieceKind::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        PieceKind::Elephant => matches!(
            (f, r),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        ),
        PieceKind::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
        _ => true,
    }
}
