//! A validated, playable position: the moves of 2.2–2.3, check (3.1), and the
//! self-exposure of 3.4 (自杀).
//!
//! A [`Position`] is made from a raw [`Setup`] by [`Position::from_setup`],
//! which applies a [`Validation`] policy (`spec/fen.md`). Its moves:
//!
//! * [`Position::pseudo_legal_moves`]: every move the pieces' movements allow
//!   (2.2), captures of enemy pieces included (2.3), ignoring the safety of
//!   one's own king;
//! * [`Position::legal_moves`]: those that do not leave or put one's own king
//!   in check and do not leave the two kings facing on an open file. A
//!   pseudo-legal move that is not legal is what 3.4 calls 自杀; in a game
//!   record it is adjudicated as the mover's loss (4.1.3) by
//!   [`crate::xiangqi::game`], never silently dropped.

use std::fmt;

use thiserror::Error;

use crate::xiangqi::board::{Color, Piece, PieceKind, Square, reachable};
use crate::xiangqi::fen::{FenError, Setup};
use crate::xiangqi::tables::{
    ADVISOR, ADVISOR_MASKS, ELEPHANT, ELEPHANT_MASKS, HORSE, HORSE_ATTACKER_MASKS, HORSE_ATTACKERS,
    HORSE_MASKS, KING, KING_MASKS, PAWN, PAWN_MASKS, RAY_MASKS, RAYS, ZOBRIST, ZOBRIST_BLACK,
};

/// A move from one point to another (2.3: 一着).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it lands (capturing whatever enemy piece stands there).
    pub to: Square,
}

impl Move {
    /// A move between two points.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The ICCS form, e.g. `h2e2`.
    pub fn iccs(self) -> String {
        format!("{}{}", self.from, self.to)
    }

    /// The same move on the board mirrored left↔right.
    pub fn mirror_files(self) -> Move {
        Move::new(self.from.mirror_files(), self.to.mirror_files())
    }

    /// The same move on the board turned 180°.
    pub fn rotate(self) -> Move {
        Move::new(self.from.rotate(), self.to.rotate())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// How strictly a [`Setup`] is checked before it may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Validation {
    /// Everything a real game can reach: one king each inside its palace, no
    /// more pieces of a kind than 1.2 gives, advisors, elephants and pawns
    /// only on points they can reach (2.2), the side not to move not in check
    /// and the kings not facing (3.4).
    #[default]
    Strict,
    /// Only what play needs: one king each inside its palace, the side not to
    /// move not in check, the kings not facing. For composed positions.
    Relaxed,
}

/// Why a setup is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{color} has {count} kings; each side has exactly one (1.2)")]
    TooManyKings {
        /// The side.
        color: Color,
        /// How many.
        count: u8,
    },
    /// More pieces of a kind than 1.2 gives a side.
    #[error("{color} has {count} {kind}s; 1.2 gives each side at most {max}")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many.
        count: u8,
        /// The most 1.2 allows.
        max: u8,
    },
    /// A piece on a point it can never reach (2.2).
    #[error("{piece} on {square}: a point it can never reach (2.2)")]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The side not to move is in check: the side to move could take the king.
    #[error("{0} is in check but it is not its turn: the last move was 自杀 (3.4)")]
    OpponentInCheck(Color),
    /// The two kings face each other on an open file.
    #[error("the kings face each other on an open file (2.2, 3.4)")]
    KingsFacing,
}

/// A FEN that is not a playable position: either unreadable or invalid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseFenError {
    /// The text is not a FEN.
    #[error(transparent)]
    Syntax(#[from] FenError),
    /// The FEN is readable but not a playable position.
    #[error("invalid position: {0}")]
    Invalid(#[from] PositionError),
}

impl ParseFenError {
    /// A stable short code for the corpus: `syntax`, `missing-king`, …
    pub fn code(&self) -> &'static str {
        match self {
            ParseFenError::Syntax(_) => "syntax",
            ParseFenError::Invalid(e) => e.code(),
        }
    }
}

impl PositionError {
    /// A stable short code for the corpus.
    pub fn code(&self) -> &'static str {
        match self {
            PositionError::MissingKing(_) => "missing-king",
            PositionError::TooManyKings { .. } => "too-many-kings",
            PositionError::TooManyPieces { .. } => "too-many-pieces",
            PositionError::Unreachable { .. } => "unreachable-square",
            PositionError::OpponentInCheck(_) => "opponent-in-check",
            PositionError::KingsFacing => "kings-facing",
        }
    }
}

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// No piece of the side to move stands on the starting point.
    #[error("{mv}: no {turn} piece on {}", mv.from)]
    NoPiece {
        /// The move.
        mv: Move,
        /// The side to move.
        turn: Color,
    },
    /// The piece cannot move that way (2.2–2.3).
    #[error("{mv}: the {kind} on {} cannot move to {} (2.2)", mv.from, mv.to)]
    NotAMove {
        /// The move.
        mv: Move,
        /// The piece that would move.
        kind: PieceKind,
    },
    /// The move leaves or puts the mover's own king in check, or the kings
    /// facing: 自杀 (3.4), a loss if played in a game (4.1.3).
    #[error("{mv}: leaves the {turn} king exposed (自杀, 3.4)")]
    SelfCheck {
        /// The move.
        mv: Move,
        /// The side that would expose its king.
        turn: Color,
    },
}

/// A list of moves with no allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than the most pseudo-legal moves any position allows (about 120).
    pub const CAPACITY: usize = 192;

    fn new() -> MoveList {
        MoveList {
            moves: [Move::new(
                Square::from_index_unchecked(0),
                Square::from_index_unchecked(0),
            ); MoveList::CAPACITY],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if self.len < MoveList::CAPACITY {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (to reorder them).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// A playable position. See the module documentation.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; 90],
    /// The points each side occupies (bit `index`), kept with `board`: move
    /// generation visits a side's pieces without scanning the ninety points.
    occupied: [u128; 2],
    turn: Color,
    kings: [u8; 2],
    halfmoves: u32,
    fullmoves: u32,
    /// The Zobrist key of `board` and `turn` ([`zobrist_key`]), kept up to
    /// date by every constructor and by [`Position::play_unchecked`],
    /// [`Position::pass`] and [`Position::play_in_place`] with its
    /// [`Position::unplay_in_place`]: a function of the board and the side to move, so
    /// the derived `Eq` and `Hash` stay consistent. Only the scratch
    /// `make`/`unmake` pairs inside one call leave it stale in between (the
    /// position is back as it was before anything reads it).
    key: u64,
}

/// The Zobrist key of a board and side to move
/// ([`ZOBRIST`](crate::xiangqi::tables::ZOBRIST)), computed from scratch.
fn zobrist_key(board: &[u8; 90], turn: Color) -> u64 {
    let mut key = if turn == Color::Black {
        ZOBRIST_BLACK
    } else {
        0
    };
    for (s, &p) in board.iter().enumerate() {
        if p != 0 {
            key ^= ZOBRIST[s][p as usize];
        }
    }
    key
}

const KING_CODE: [u8; 2] = [PieceKind::King as u8, PieceKind::King as u8 | 8];

#[inline]
fn color_of(code: u8) -> Color {
    if code & 8 != 0 {
        Color::Black
    } else {
        Color::Red
    }
}

#[inline]
fn code(color: Color, kind: PieceKind) -> u8 {
    Piece::new(color, kind).code()
}

/// Whether a pawn of `color` on the point `x`, next to a point `s` in the
/// direction `d` ([`DIRS`](crate::xiangqi::tables::DIRS)) from `s`, steps onto `s`:
/// forward, or sideways once across the river — never backwards.
#[inline]
fn pawn_reaches(d: usize, color: Color, x: u8) -> bool {
    match d {
        // The pawn stands north of s: it steps south onto s only if black.
        0 => color == Color::Black,
        1 => color == Color::Red,
        _ => !Square::from_index_unchecked(x).on_own_half(color),
    }
}

/// Whether a rook, cannon or pawn of `by` attacks the point `s` along the
/// ray of direction `d` ([`DIRS`](crate::xiangqi::tables::DIRS)) from it, on the
/// board `at` (the code of the piece on each point), whose occupied points
/// are `all` (bit `index`). Only the first two pieces along the ray are
/// read, found as bits: the first attacks if it is a rook, or a pawn next
/// to `s` stepping onto it; the second if it is a cannon — the answer of
/// walking the ray point by point.
#[inline]
fn attacked_along_on(at: impl Fn(usize) -> u8, all: u128, s: usize, d: usize, by: Color) -> bool {
    let blockers = RAY_MASKS[s][d] & all;
    if blockers == 0 {
        return false;
    }
    let first = nearest(blockers, d) as usize;
    let p = at(first);
    if p == code(by, PieceKind::Rook) {
        return true;
    }
    if p == code(by, PieceKind::Pawn)
        && RAYS[s][d].squares().first() == Some(&(first as u8))
        && pawn_reaches(d, by, first as u8)
    {
        return true;
    }
    let rest = blockers & !(1u128 << first);
    rest != 0 && at(nearest(rest, d) as usize) == code(by, PieceKind::Cannon)
}

/// Whether a horse of `by` attacks the point `s` on the board `at`; with
/// `changed` = `(f, t)`, only the horses whose leg is `f` or that stand on
/// `t`.
#[inline]
fn horse_attacks_on(
    at: impl Fn(usize) -> u8,
    s: usize,
    by: Color,
    changed: Option<(usize, usize)>,
) -> bool {
    let horse = code(by, PieceKind::Horse);
    let hs = &HORSE_ATTACKERS[s];
    (0..hs.len as usize).any(|i| {
        let (h, leg) = (hs.to[i] as usize, hs.via[i] as usize);
        changed.is_none_or(|(f, t)| leg == f || h == t) && at(h) == horse && at(leg) == 0
    })
}

/// Whether `by` attacks the point `s` on the board `at`, just after a move
/// from `f` to `t`, given that it did not before and that the piece on `s`
/// did not move. Only the occupancy of `f` and `t` changed, and `by` gained
/// no piece: a new attack can only come along a line through `f` or `t` (an
/// opened line, a new cannon screen, the moved piece itself), from a horse
/// whose leg was `f`, or from a horse that landed on `t`.
///
/// `by_occ` must hold every point of a piece of `by` on the board `at`
/// (more points do no harm): a line with none of them, or no horse point
/// with one, is not walked ([`along_possible`]).
#[inline]
fn attacked_since_on(
    at: impl Fn(usize) -> u8 + Copy,
    all: u128,
    s: usize,
    by: Color,
    f: usize,
    t: usize,
    by_occ: u128,
) -> bool {
    let df = ray_direction(s, f);
    let dt = ray_direction(s, t);
    df.is_some_and(|d| along_possible(s, d, by_occ) && attacked_along_on(at, all, s, d, by))
        || (dt != df
            && dt.is_some_and(|d| {
                along_possible(s, d, by_occ) && attacked_along_on(at, all, s, d, by)
            }))
        || (HORSE_ATTACKER_MASKS[s] & by_occ != 0 && horse_attacks_on(at, s, by, Some((f, t))))
}

/// Whether a side whose pieces stand on `by_occ` (bit `index`) may attack
/// the point `s` along the ray of direction `d`: a rook, cannon or pawn of
/// its own must stand on that ray.
#[inline]
fn along_possible(s: usize, d: usize, by_occ: u128) -> bool {
    RAY_MASKS[s][d] & by_occ != 0
}

/// Whether `by` attacks the point `s` on the board `at`: what
/// [`Position::is_attacked`] asks of the board itself. `by_occ` as for
/// [`attacked_since_on`]: only the lines and horse points with a piece of
/// `by` are looked at.
#[inline]
fn is_attacked_on(
    at: impl Fn(usize) -> u8 + Copy,
    all: u128,
    s: usize,
    by: Color,
    by_occ: u128,
) -> bool {
    (0..4).any(|d| along_possible(s, d, by_occ) && attacked_along_on(at, all, s, d, by))
        || (HORSE_ATTACKER_MASKS[s] & by_occ != 0 && horse_attacks_on(at, s, by, None))
}

/// Whether the ray of direction `d` ([`DIRS`](crate::xiangqi::tables::DIRS))
/// runs towards higher indices (north and east), so that its nearest point
/// is its lowest bit.
#[inline]
fn ascending(d: usize) -> bool {
    d == 0 || d == 2
}

/// Of the points of `set` (not empty) on one ray of direction `d`, the
/// nearest to the ray's start.
#[inline]
fn nearest(set: u128, d: usize) -> u32 {
    if ascending(d) {
        set.trailing_zeros()
    } else {
        127 - set.leading_zeros()
    }
}

/// The points of the ray `ray` (a [`RAY_MASKS`] entry, direction `d`) that
/// a rook reaches on a board occupied at `all` — every point up to the
/// first piece, that piece included — or, for a `cannon`, the points before
/// the first piece and the second piece.
#[inline]
fn line_reach(ray: u128, d: usize, all: u128, cannon: bool) -> u128 {
    let blockers = ray & all;
    if blockers == 0 {
        return ray;
    }
    let first = nearest(blockers, d);
    let bit = 1u128 << first;
    // The points of the ray strictly before `first`.
    let before = if ascending(d) {
        ray & (bit - 1)
    } else {
        ray & !(bit - 1) & !bit
    };
    if !cannon {
        return before | bit;
    }
    let rest = blockers & !bit;
    if rest == 0 {
        before
    } else {
        before | (1u128 << nearest(rest, d))
    }
}

/// The points of the ray `ray` (a [`RAY_MASKS`] entry, direction `d`)
/// strictly between its start and its point `x`.
#[inline]
fn ray_before(ray: u128, d: usize, x: u32) -> u128 {
    let bit = 1u128 << x;
    if ascending(d) {
        ray & (bit - 1)
    } else {
        ray & !(bit - 1) & !bit
    }
}

/// Pushes the moves from `from` to the points of `set`, all on one ray of
/// direction `d`, nearest first.
#[inline]
fn push_along(mut set: u128, d: usize, from: Square, list: &mut MoveList) {
    while set != 0 {
        let t = nearest(set, d);
        set ^= 1u128 << t;
        list.push(Move::new(from, Square::from_index_unchecked(t as u8)));
    }
}

/// The points each side occupies on `board` (bit `index`; red, black).
fn occupancy(board: &[u8; 90]) -> [u128; 2] {
    let mut occupied = [0u128; 2];
    for (s, &p) in board.iter().enumerate() {
        if p != 0 {
            occupied[color_of(p).index()] |= 1u128 << s;
        }
    }
    occupied
}

/// The points of a set (bit `index`), lowest first.
#[inline]
fn points(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(s)
    })
}

/// What testing one position's moves for check needs
/// ([`Position::check_info`]).
pub(crate) struct CheckInfo {
    /// Whether the enemy king is attacked already (a position play cannot
    /// reach): then every move is tested on the whole board.
    already: bool,
    /// The points (bit `index`) whose vacating can open a line or a horse's
    /// leg onto the enemy king.
    discover: u128,
    /// The points of the enemy king's file and rank.
    lines: u128,
    /// The points a horse attacks the enemy king from.
    horse_points: u128,
}

/// The most pieces of the side to move that can be pinned at once: along
/// the four lines from its king, two each (the screens of a cannon), and on
/// the four horses' legs next to it.
const MAX_PINS: usize = 12;

/// What the legality test of one position's moves needs, computed once per
/// position ([`Position::legality`]), the way engines do: the checks, the
/// pinned pieces and where each may still go, and the points no piece may
/// enter. A move of a piece other than the king is then legal (not 自杀,
/// 3.4) by two mask tests, without making it.
struct Legality {
    /// Whether the side to move is in check.
    in_check: bool,
    /// Where its king stands.
    king: usize,
    /// When in check: the points (bit `index`) on the checking lines — the
    /// checkers, the points between them and the king, the horses' legs.
    evasions: u128,
    /// When not in check: the pieces (bit `index`) whose leaving their point
    /// would expose the king — the only piece between it and an enemy rook
    /// or the enemy king (the open file of 3.4), either of the two pieces
    /// between it and an enemy cannon, a piece on the leg of an enemy horse
    /// aimed at it.
    pinned: u128,
    /// Each pinned piece's point (the points it may still go to are in
    /// `pin_to`, at the same index). Kept apart from `pin_to` so that the
    /// structure made for every position is small to initialise (a pair
    /// of a byte and a `u128` takes 32 bytes).
    pin_at: [u8; MAX_PINS],
    /// Where each pinned piece of `pin_at` may still go (the intersection
    /// over all its pins).
    pin_to: [u128; MAX_PINS],
    /// How many entries of `pins` are used.
    pin_count: usize,
    /// When not in check: the empty points between the king and an enemy
    /// cannon with nothing between them; a piece entering one becomes the
    /// cannon's screen.
    forbidden: u128,
}

impl Legality {
    /// Whether the pseudo-legal `mv` keeps the king safe, when the masks
    /// alone tell; `None` when the move must be tried: a king move, or any
    /// move that may answer a check. In check, a move that neither leaves
    /// nor reaches a point of a checking line (the checker, the points
    /// between, a cannon's screen, a horse's leg) leaves the king in check.
    #[inline]
    fn decides(&self, mv: Move) -> Option<bool> {
        let (f, t) = (mv.from.index(), mv.to.index());
        if self.in_check {
            if f != self.king && self.evasions & ((1u128 << f) | (1u128 << t)) == 0 {
                return Some(false);
            }
            return None;
        }
        if f == self.king {
            return None;
        }
        Some(self.keeps_king_safe(f, t))
    }

    /// When in check: where the piece of the side to move on `s` may go
    /// and still answer the check, as far as [`Position::is_safe_view`]'s
    /// first test goes — anywhere for the king and for a piece standing on
    /// a checking line (leaving it may answer the check), otherwise only a
    /// point of a checking line. `ours` is the side's points. The moves
    /// left out are exactly those that test rejects without making them.
    #[inline]
    fn evasion_targets(&self, s: usize, ours: u128) -> u128 {
        if s == self.king || self.evasions & (1u128 << s) != 0 {
            !ours
        } else {
            self.evasions & !ours
        }
    }

    /// Restricts the piece on `s` to the points `allowed`.
    #[inline]
    fn pin(&mut self, s: u8, allowed: u128) {
        let bit = 1u128 << s;
        if self.pinned & bit != 0 {
            for i in 0..self.pin_count {
                if self.pin_at[i] == s {
                    self.pin_to[i] &= allowed;
                    return;
                }
            }
        }
        if self.pin_count < MAX_PINS {
            self.pinned |= bit;
            self.pin_at[self.pin_count] = s;
            self.pin_to[self.pin_count] = allowed;
            self.pin_count += 1;
        }
    }

    /// Where the piece on `s` may go as far as its pins allow (every point
    /// when it is not pinned).
    #[inline]
    fn allowed(&self, s: usize) -> u128 {
        if self.pinned & (1u128 << s) == 0 {
            return !0;
        }
        self.pin_at[..self.pin_count]
            .iter()
            .position(|&e| e as usize == s)
            .map_or(0, |i| self.pin_to[i])
    }

    /// Whether a move of a piece other than the king, from `f` to `t`, keeps
    /// the king safe, when the side to move is not in check.
    #[inline]
    fn keeps_king_safe(&self, f: usize, t: usize) -> bool {
        let to = 1u128 << t;
        self.forbidden & to == 0 && (self.pinned & (1u128 << f) == 0 || self.allowed(f) & to != 0)
    }
}

/// The direction ([`DIRS`](crate::xiangqi::tables::DIRS)) of the ray from point `s`
/// that passes through point `x`, if they share a file or a rank.
#[inline]
fn ray_direction(s: usize, x: usize) -> Option<usize> {
    let (sf, sr, xf, xr) = (s % 9, s / 9, x % 9, x / 9);
    if sf == xf && sr != xr {
        Some(if xr > sr { 0 } else { 1 })
    } else if sr == xr && sf != xf {
        Some(if xf > sf { 2 } else { 3 })
    } else {
        None
    }
}

impl Position {
    /// The starting position of 1.3.
    pub fn start() -> Position {
        const BACK: [PieceKind; 9] = [
            PieceKind::Rook,
            PieceKind::Horse,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::King,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Rook,
        ];
        let mut board = [0u8; 90];
        for color in Color::ALL {
            // Red's ranks 0, 2, 3; black's the same turned 180°.
            let at = |file: usize, rank: usize| match color {
                Color::Red => rank * 9 + file,
                Color::Black => 89 - (rank * 9 + file),
            };
            for (file, kind) in BACK.iter().enumerate() {
                board[at(file, 0)] = code(color, *kind);
            }
            board[at(1, 2)] = code(color, PieceKind::Cannon);
            board[at(7, 2)] = code(color, PieceKind::Cannon);
            for file in (0..9).step_by(2) {
                board[at(file, 3)] = code(color, PieceKind::Pawn);
            }
        }
        Position {
            board,
            occupied: occupancy(&board),
            turn: Color::Red,
            kings: [4, 85],
            halfmoves: 0,
            fullmoves: 1,
            key: zobrist_key(&board, Color::Red),
        }
    }

    /// Reads and validates a FEN with the strict policy.
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        Position::from_fen_with(fen, Validation::Strict)
    }

    /// Reads and validates a FEN with the given policy.
    pub fn from_fen_with(fen: &str, validation: Validation) -> Result<Position, ParseFenError> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(&setup, validation)?)
    }

    /// Validates a setup (see [`Validation`]).
    pub fn from_setup(setup: &Setup, validation: Validation) -> Result<Position, PositionError> {
        let mut board = [0u8; 90];
        let mut counts = [[0u8; 8]; 2];
        let mut kings = [255u8; 2];
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                board[sq.index()] = p.code();
                counts[p.color.index()][p.kind as usize] += 1;
                if p.kind == PieceKind::King {
                    kings[p.color.index()] = sq.index() as u8;
                }
            }
        }
        for color in Color::ALL {
            let n = counts[color.index()][PieceKind::King as usize];
            if n == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if n > 1 {
                return Err(PositionError::TooManyKings { color, count: n });
            }
        }
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                let must_check = p.kind == PieceKind::King || validation == Validation::Strict;
                if must_check && !reachable(p.kind, p.color, sq) {
                    return Err(PositionError::Unreachable {
                        piece: p,
                        square: sq,
                    });
                }
            }
        }
        if validation == Validation::Strict {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let count = counts[color.index()][kind as usize];
                    if count > kind.initial_count() {
                        return Err(PositionError::TooManyPieces {
                            color,
                            kind,
                            count,
                            max: kind.initial_count(),
                        });
                    }
                }
            }
        }
        let pos = Position {
            board,
            occupied: occupancy(&board),
            turn: setup.turn,
            kings,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            key: zobrist_key(&board, setup.turn),
        };
        if pos.kings_facing() {
            return Err(PositionError::KingsFacing);
        }
        let other = setup.turn.opponent();
        if pos.is_attacked(pos.king(other), setup.turn) {
            return Err(PositionError::OpponentInCheck(other));
        }
        Ok(pos)
    }

    /// Back to a raw setup.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.board[sq.index()] = Piece::from_code(self.board[sq.index()]);
        }
        setup.turn = self.turn;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// The board field and the side to move: what makes two positions "the
    /// same" for repetition (23.1).
    pub fn repetition_key(&self) -> String {
        let s = self.to_setup();
        format!(
            "{} {}",
            s.board_fen(),
            if self.turn == Color::Red { 'w' } else { 'b' }
        )
    }

    /// The piece on a point.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Where a side's king stands.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.kings[color.index()])
    }

    /// Every piece on the board with its point, in index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The position with the piece on `sq` taken off, for asking what a
    /// piece contributes (24.17's 缺少其中任何一个都无法吃子). Only the
    /// kings are checked: the side not to move may stand in check. `None`
    /// for a king, an empty point, or when the kings would face each other.
    pub(crate) fn without_piece(&self, sq: Square) -> Option<Position> {
        let code = self.board[sq.index()];
        if code == 0 || self.kings.contains(&(sq.index() as u8)) {
            return None;
        }
        let mut pos = self.clone();
        pos.board[sq.index()] = 0;
        pos.occupied = occupancy(&pos.board);
        pos.key ^= ZOBRIST[sq.index()][code as usize];
        (!pos.kings_facing()).then_some(pos)
    }

    /// Whether the piece on `from` protects the piece on `sq` (of the same
    /// side): could take it back were it an enemy piece.
    pub(crate) fn protects(&self, from: Square, sq: Square) -> bool {
        let code = self.board[sq.index()];
        if code == 0 || from == sq || self.kings.contains(&(sq.index() as u8)) {
            return false;
        }
        let mut pos = self.clone();
        pos.board[sq.index()] = code ^ 8;
        pos.occupied = occupancy(&pos.board);
        pos.key ^= ZOBRIST[sq.index()][code as usize] ^ ZOBRIST[sq.index()][(code ^ 8) as usize];
        pos.is_pseudo_legal(Move::new(from, sq))
    }

    /// Whether the side to move is in check (3.1).
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.turn), self.turn.opponent())
    }

    /// Whether `color`'s king is in check, whoever is to move.
    pub fn in_check(&self, color: Color) -> bool {
        self.is_attacked(self.king(color), color.opponent())
    }

    /// Whether the two kings stand on one file with nothing between them.
    pub fn kings_facing(&self) -> bool {
        let (r, b) = (self.kings[0] as usize, self.kings[1] as usize);
        if r % 9 != b % 9 {
            return false;
        }
        let mut s = r + 9;
        while s < b {
            if self.board[s] != 0 {
                return false;
            }
            s += 9;
        }
        true
    }

    /// Whether a piece of `by` attacks the point `sq`, i.e. could capture a
    /// piece standing there by the movements of 2.2 (the flying king aside).
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        is_attacked_on(
            |x| self.board[x],
            self.occupied[0] | self.occupied[1],
            sq.index(),
            by,
            self.occupied[by.index()],
        )
    }

    /// Whether `by` attacks the point `s` after the move from `f` to `t`,
    /// made on this board ([`attacked_since_on`]).
    #[inline]
    fn attacked_since(&self, s: usize, by: Color, f: usize, t: usize) -> bool {
        attacked_since_on(
            |x| self.board[x],
            self.occupied[0] | self.occupied[1],
            s,
            by,
            f,
            t,
            self.occupied[by.index()],
        )
    }

    /// Every move the movements of 2.2 allow, ignoring one's own king's safety.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list);
        list
    }

    fn gen_pseudo(&self, list: &mut MoveList) {
        for s in points(self.occupied[self.turn.index()]) {
            self.gen_piece(s, self.board[s], false, list);
        }
    }

    /// The pseudo-legal moves of the piece `p` of the side to move standing
    /// on `s`; only its captures when `captures_only`.
    #[inline]
    fn gen_piece(&self, s: usize, p: u8, captures_only: bool, list: &mut MoveList) {
        let mask = if captures_only {
            self.occupied[self.turn.opponent().index()]
        } else {
            !self.occupied[self.turn.index()]
        };
        // Every target is wanted but the side's own points: no piece is
        // skipped ([`Position::gen_piece_into`]'s test would pass).
        self.gen_piece_targets(s, p, mask, list);
    }

    /// The pseudo-legal moves of the piece `p` of the side to move standing
    /// on `s` that land on a point of `mask` (bit `index`), in the order
    /// [`Position::gen_piece`] gives them. `mask` must exclude the points of
    /// the side to move: a landing point is tested against it alone (one
    /// bit test rather than reading the board and the colour).
    #[inline]
    fn gen_piece_into(&self, s: usize, p: u8, mask: u128, list: &mut MoveList) {
        // A piece none of whose targets `mask` holds is not walked.
        let span = match p & 7 {
            1 => KING_MASKS[s],
            2 => ADVISOR_MASKS[s],
            3 => ELEPHANT_MASKS[s],
            4 => HORSE_MASKS[s],
            7 => PAWN_MASKS[self.turn.index()][s],
            _ => !0,
        };
        if span & mask != 0 {
            self.gen_piece_targets(s, p, mask, list);
        }
    }

    /// [`Position::gen_piece_into`] without its first test: every piece is
    /// walked.
    #[inline]
    fn gen_piece_targets(&self, s: usize, p: u8, mask: u128, list: &mut MoveList) {
        let from = Square::from_index_unchecked(s as u8);
        let mut add = |to: u8| {
            if mask & (1u128 << to) != 0 {
                list.push(Move::new(from, Square::from_index_unchecked(to)));
            }
        };
        match p & 7 {
            1 => KING[s].iter().for_each(|(to, _)| add(to)),
            2 => ADVISOR[s].iter().for_each(|(to, _)| add(to)),
            3 => {
                for (to, eye) in ELEPHANT[s].iter() {
                    if self.board[eye as usize] == 0 {
                        add(to);
                    }
                }
            }
            4 => {
                for (to, leg) in HORSE[s].iter() {
                    if self.board[leg as usize] == 0 {
                        add(to);
                    }
                }
            }
            5 | 6 => {
                // Along each line as a set: the points up to the first piece
                // (a rook) or before it and the second piece (a cannon),
                // pushed nearest first — the points, and their order, of
                // walking the line point by point and stopping there.
                let all = self.occupied[0] | self.occupied[1];
                let cannon = p & 7 == 6;
                for (d, &ray) in RAY_MASKS[s].iter().enumerate() {
                    if ray & mask == 0 {
                        continue;
                    }
                    let reach = line_reach(ray, d, all, cannon) & mask;
                    push_along(reach, d, from, list);
                }
            }
            7 => PAWN[self.turn.index()][s]
                .iter()
                .for_each(|(to, _)| add(to)),
            _ => {}
        }
    }

    /// Makes a move on the board without any check; returns the captured code.
    #[inline]
    fn make(&mut self, mv: Move) -> u8 {
        let (f, t) = (mv.from.index(), mv.to.index());
        let p = self.board[f];
        let captured = self.board[t];
        self.board[t] = p;
        self.board[f] = 0;
        let c = color_of(p).index();
        self.occupied[c] ^= (1u128 << f) | (1u128 << t);
        if captured != 0 {
            self.occupied[1 - c] ^= 1u128 << t;
        }
        if p == KING_CODE[0] {
            self.kings[0] = t as u8;
        } else if p == KING_CODE[1] {
            self.kings[1] = t as u8;
        }
        captured
    }

    #[inline]
    fn unmake(&mut self, mv: Move, captured: u8) {
        let (f, t) = (mv.from.index(), mv.to.index());
        let p = self.board[t];
        self.board[f] = p;
        self.board[t] = captured;
        let c = color_of(p).index();
        self.occupied[c] ^= (1u128 << f) | (1u128 << t);
        if captured != 0 {
            self.occupied[1 - c] ^= 1u128 << t;
        }
        if p == KING_CODE[0] {
            self.kings[0] = f as u8;
        } else if p == KING_CODE[1] {
            self.kings[1] = f as u8;
        }
    }

    /// Whether, after the pseudo-legal `mv` by the side to move, that side's
    /// king would be exposed (in check, or facing the other king): 自杀 (3.4).
    pub fn exposes_own_king(&self, mv: Move) -> bool {
        self.exposed_after_view(mv, self.is_check())
    }

    /// The code of the piece on each point after the pseudo-legal `mv`,
    /// read through the board without making the move: the moved piece on
    /// `to`, nothing on `from`.
    #[inline]
    fn board_after(&self, mv: Move) -> impl Fn(usize) -> u8 + Copy + '_ {
        let (f, t) = (mv.from.index(), mv.to.index());
        let moved = self.board[f];
        move |x: usize| {
            if x == f {
                0
            } else if x == t {
                moved
            } else {
                self.board[x]
            }
        }
    }

    /// [`Position::exposed_after`] without making the move: the board after
    /// it is read through a view (the moved piece on `to`, nothing on
    /// `from`), so no copy of the position is needed to ask. The same
    /// tests on the same board, so the same answer.
    #[inline]
    fn exposed_after_view(&self, mv: Move, in_check: bool) -> bool {
        let us = self.turn;
        let k = self.kings[us.index()] as usize;
        let (f, t) = (mv.from.index(), mv.to.index());
        let after = self.board_after(mv);
        let king_after = if f == k { t } else { k };
        // The other side's pieces after the move: less any captured on `to`.
        let them_after = self.occupied[us.opponent().index()] & !(1u128 << t);
        // The kings facing after the move ([`Position::kings_facing`]; the
        // other king's point is unchanged, as `make` leaves it).
        let other = self.kings[us.opponent().index()] as usize;
        let (r, b) = if us == Color::Red {
            (king_after, other)
        } else {
            (other, king_after)
        };
        // Every piece after the move.
        let all_after = ((self.occupied[0] | self.occupied[1]) & !(1u128 << f)) | (1u128 << t);
        // Facing: on one file with nothing between (the red king's ray
        // north, below the black king).
        let facing = r % 9 == b % 9 && RAY_MASKS[r][0] & ((1u128 << b) - 1) & all_after == 0;
        facing
            || if in_check || f == k {
                is_attacked_on(after, all_after, king_after, us.opponent(), them_after)
            } else {
                attacked_since_on(after, all_after, k, us.opponent(), f, t, them_after)
            }
    }

    /// `in_check` must say whether the side to move is in check: when it is
    /// not, and the king stays, only what the move changed is looked at
    /// ([`Position::attacked_since`]).
    #[inline]
    fn exposed_after(&mut self, mv: Move, in_check: bool) -> bool {
        let us = self.turn;
        let k = self.kings[us.index()] as usize;
        let (f, t) = (mv.from.index(), mv.to.index());
        let captured = self.make(mv);
        let bad = self.kings_facing()
            || if in_check || f == k {
                self.is_attacked(self.king(us), us.opponent())
            } else {
                self.attacked_since(k, us.opponent(), f, t)
            };
        self.unmake(mv, captured);
        bad
    }

    /// What testing the legality of this position's moves needs, computed
    /// once per position: when in check, the points a move must leave or
    /// reach to answer every check ([`Legality::evasions`]); otherwise the
    /// pins and the points no piece may enter ([`Legality::pinned`],
    /// [`Legality::forbidden`]).
    fn legality(&self, in_check: bool) -> Legality {
        let us = self.turn;
        let them = us.opponent();
        let king = self.kings[us.index()] as usize;
        let mut out = Legality {
            in_check,
            king,
            evasions: 0,
            pinned: 0,
            pin_at: [0; MAX_PINS],
            pin_to: [0; MAX_PINS],
            pin_count: 0,
            forbidden: 0,
        };
        let (rook, cannon, pawn, horse, their_king) = (
            code(them, PieceKind::Rook),
            code(them, PieceKind::Cannon),
            code(them, PieceKind::Pawn),
            code(them, PieceKind::Horse),
            code(them, PieceKind::King),
        );
        let theirs = self.occupied[them.index()];
        let all = self.occupied[0] | self.occupied[1];
        if in_check {
            for (d, &ray) in RAY_MASKS[king].iter().enumerate() {
                // No checker on a line without a piece of theirs.
                if ray & theirs == 0 {
                    continue;
                }
                // The first piece along the line checks if it is a rook,
                // or a pawn next to the king stepping onto it; the second
                // if it is a cannon. The points up to a checker, it
                // included, answer its check.
                let blockers = ray & all;
                if blockers == 0 {
                    continue;
                }
                let first = nearest(blockers, d);
                let p = self.board[first as usize];
                let next_to = RAYS[king][d].squares().first() == Some(&(first as u8));
                if p == rook || (next_to && p == pawn && pawn_reaches(d, them, first as u8)) {
                    out.evasions |= ray_before(ray, d, first) | (1u128 << first);
                }
                let rest = blockers & !(1u128 << first);
                if rest != 0 {
                    let second = nearest(rest, d);
                    if self.board[second as usize] == cannon {
                        out.evasions |= ray_before(ray, d, second) | (1u128 << second);
                    }
                }
            }
            if HORSE_ATTACKER_MASKS[king] & theirs != 0 {
                let hs = &HORSE_ATTACKERS[king];
                for i in 0..hs.len as usize {
                    let (at, leg) = (hs.to[i], hs.via[i]);
                    if self.board[at as usize] == horse && self.board[leg as usize] == 0 {
                        out.evasions |= (1u128 << at) | (1u128 << leg);
                    }
                }
            }
            return out;
        }
        let ours = self.occupied[us.index()];
        for (d, &ray) in RAY_MASKS[king].iter().enumerate() {
            // Every pin and forbidden point comes from an enemy rook,
            // cannon or king on the line.
            if ray & theirs == 0 {
                continue;
            }
            // The first three pieces along the line and the points before
            // each (`before[i]`: the points between the king and piece i),
            // found as bits.
            let mut found = [0u8; 3];
            let mut before = [0u128; 3];
            let mut n = 0;
            let mut left = ray & all;
            while left != 0 && n < 3 {
                let x = nearest(left, d);
                found[n] = x as u8;
                before[n] = ray_before(ray, d, x);
                left &= !(1u128 << x);
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let at = |i: usize| self.board[found[i] as usize];
            let is_ours = |i: usize| ours & (1u128 << found[i]) != 0;
            if at(0) == cannon {
                // Nothing between: a piece entering would be its screen.
                out.forbidden |= before[0];
            }
            if n >= 2 && is_ours(0) && (at(1) == rook || at(1) == their_king) {
                // The only piece between the king and a rook (or the other
                // king, 3.4's open file): it may move along the line or take.
                out.pin(found[0], before[1] | (1u128 << found[1]));
            }
            if n == 3 && at(2) == cannon {
                // The two screens of a cannon: each may go to an empty point
                // of the line or take the cannon, never take the other screen.
                let allowed =
                    (before[2] & !(1u128 << found[0]) & !(1u128 << found[1])) | (1u128 << found[2]);
                for (i, &screen) in found.iter().enumerate().take(2) {
                    if is_ours(i) {
                        out.pin(screen, allowed);
                    }
                }
            }
        }
        if HORSE_ATTACKER_MASKS[king] & theirs != 0 {
            let hs = &HORSE_ATTACKERS[king];
            for i in 0..hs.len as usize {
                let (at, leg) = (hs.to[i], hs.via[i]);
                if self.board[at as usize] == horse && ours & (1u128 << leg) != 0 {
                    // On the leg of a horse aimed at the king: it may only
                    // take the horse.
                    out.pin(leg, 1u128 << at);
                }
            }
        }
        out
    }

    /// Whether the pseudo-legal `mv` keeps one's own king safe (not 自杀,
    /// 3.4), with the position's [`Position::legality`]. Only a king move, or
    /// any move while in check, is made (on this scratch copy) and unmade.
    #[inline]
    fn is_safe(&mut self, mv: Move, legality: &Legality) -> bool {
        legality
            .decides(mv)
            .unwrap_or_else(|| !self.exposed_after(mv, legality.in_check))
    }

    /// [`Position::is_safe`] without a scratch copy: the moves it would make
    /// are read through [`Position::exposed_after_view`].
    #[inline]
    fn is_safe_view(&self, mv: Move, legality: &Legality) -> bool {
        legality
            .decides(mv)
            .unwrap_or_else(|| !self.exposed_after_view(mv, legality.in_check))
    }

    /// Keeps, in place and in order, the moves of `list` that
    /// [`Position::is_safe_view`] accepts and `keep` selects (`keep` asked
    /// first, of every move, in order). One list instead of a generated and
    /// a filtered one.
    #[inline]
    fn retain_legal(
        &self,
        list: &mut MoveList,
        legality: &Legality,
        mut keep: impl FnMut(&Position, Move) -> bool,
    ) {
        let mut w = 0;
        for i in 0..list.len {
            let mv = list.moves[i];
            if keep(self, mv) && self.is_safe_view(mv, legality) {
                list.moves[w] = mv;
                w += 1;
            }
        }
        list.len = w;
    }

    /// Whether the side to move has a legal move, given the position's
    /// [`Position::legality`]: [`Position::legal_moves_up_to`]`(1)`.
    #[inline]
    fn any_legal_given(&self, legality: &Legality) -> bool {
        self.legal_count_given(legality, 1) == 1
    }

    /// The number of legal moves, counted up to `n`, given the position's
    /// [`Position::legality`]. Out of check, the way
    /// [`Position::count_legal_moves`] counts: each piece's targets as a set
    /// cut down by its pins and the points no piece may enter, the king's
    /// steps tried; it stops as soon as `n` are found.
    fn legal_count_given(&self, legality: &Legality, n: usize) -> usize {
        let us = self.turn;
        let ours = self.occupied[us.index()];
        let mut found = 0usize;
        if legality.in_check {
            let mut moves = MoveList::new();
            for s in points(ours) {
                moves.len = 0;
                self.gen_piece_into(
                    s,
                    self.board[s],
                    legality.evasion_targets(s, ours),
                    &mut moves,
                );
                for &mv in moves.iter() {
                    if self.is_safe_view(mv, legality) {
                        found += 1;
                        if found >= n {
                            return n;
                        }
                    }
                }
            }
            return found;
        }
        let king = legality.king;
        let open = !legality.forbidden & !ours;
        for s in points(ours & !(1u128 << king)) {
            let mut to = self.targets(s, self.board[s]) & open;
            if to != 0 && legality.pinned & (1u128 << s) != 0 {
                to &= legality.allowed(s);
            }
            found += to.count_ones() as usize;
            if found >= n {
                return n;
            }
        }
        let from = Square::from_index_unchecked(king as u8);
        for (to, _) in KING[king].iter() {
            if ours & (1u128 << to) == 0
                && !self
                    .exposed_after_view(Move::new(from, Square::from_index_unchecked(to)), false)
            {
                found += 1;
                if found >= n {
                    return n;
                }
            }
        }
        found
    }

    /// The legal moves: pseudo-legal moves that do not expose one's own king.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let in_check = self.is_check();
        let legality = self.legality(in_check);
        if in_check {
            // Only the moves that may answer the check, in the same order.
            let ours = self.occupied[self.turn.index()];
            for s in points(ours) {
                self.gen_piece_into(
                    s,
                    self.board[s],
                    legality.evasion_targets(s, ours),
                    &mut list,
                );
            }
        } else {
            self.gen_pseudo(&mut list);
        }
        self.retain_legal(&mut list, &legality, |_, _| true);
        list
    }

    /// Counts the legal moves without collecting them. Out of check, the
    /// moves are never made: each piece's targets are a set of points, cut
    /// down by its pins and the points no piece may enter, and counted; only
    /// the king's few steps are tried on the board.
    pub fn count_legal_moves(&mut self) -> u64 {
        let in_check = self.is_check();
        let legality = self.legality(in_check);
        if in_check {
            let mut pseudo = MoveList::new();
            self.gen_pseudo(&mut pseudo);
            let mut n = 0;
            for &mv in pseudo.iter() {
                if self.is_safe(mv, &legality) {
                    n += 1;
                }
            }
            return n;
        }
        let us = self.turn;
        let king = legality.king;
        let ours = self.occupied[us.index()];
        let open = !legality.forbidden & !ours;
        let mut n = 0u64;
        for s in points(ours & !(1u128 << king)) {
            let mut to = self.targets(s, self.board[s]) & open;
            if legality.pinned & (1u128 << s) != 0 {
                to &= legality.allowed(s);
            }
            n += u64::from(to.count_ones());
        }
        let from = Square::from_index_unchecked(king as u8);
        for (to, _) in KING[king].iter() {
            if ours & (1u128 << to) == 0
                && !self.exposed_after(Move::new(from, Square::from_index_unchecked(to)), false)
            {
                n += 1;
            }
        }
        n
    }

    /// The points the piece `p` (of the side to move, not its king) on `s`
    /// attacks or may move to by 2.2, as a set (bit `index`); points of its
    /// own side are included and must be masked off by the caller.
    #[inline]
    fn targets(&self, s: usize, p: u8) -> u128 {
        let mut set = 0u128;
        match p & 7 {
            2 => {
                for (to, _) in ADVISOR[s].iter() {
                    set |= 1u128 << to;
                }
            }
            3 => {
                for (to, eye) in ELEPHANT[s].iter() {
                    if self.board[eye as usize] == 0 {
                        set |= 1u128 << to;
                    }
                }
            }
            4 => {
                for (to, leg) in HORSE[s].iter() {
                    if self.board[leg as usize] == 0 {
                        set |= 1u128 << to;
                    }
                }
            }
            5 | 6 => {
                // The points walking each line would give ([`line_reach`]).
                let all = self.occupied[0] | self.occupied[1];
                let cannon = p & 7 == 6;
                for (d, &ray) in RAY_MASKS[s].iter().enumerate() {
                    set |= line_reach(ray, d, all, cannon);
                }
            }
            7 => {
                for (to, _) in PAWN[self.turn.index()][s].iter() {
                    set |= 1u128 << to;
                }
            }
            _ => {}
        }
        set
    }

    /// Whether the side to move has a legal move at all (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        self.legal_moves_up_to(1) == 1
    }

    /// Whether the movements of 2.2 allow `mv` for the side to move.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let p = self.board[mv.from.index()];
        if p == 0 || color_of(p) != self.turn {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_piece(mv.from.index(), p, false, &mut list);
        list.iter().any(|&m| m == mv)
    }

    /// Whether the side to move has exactly one legal move (a forced
    /// answer), stopping at the second.
    pub fn has_single_legal_move(&self) -> bool {
        self.legal_moves_up_to(2) == 1
    }

    /// The number of legal moves of the side to move, counted up to `n`.
    fn legal_moves_up_to(&self, n: usize) -> usize {
        let legality = self.legality(self.is_check());
        self.legal_count_given(&legality, n)
    }

    /// Whether `mv` is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && !self.exposes_own_king(mv)
    }

    /// Checks a move and says why it cannot be played.
    pub fn check_move(&self, mv: Move) -> Result<(), PlayError> {
        let p = self.board[mv.from.index()];
        if p == 0 || color_of(p) != self.turn {
            return Err(PlayError::NoPiece {
                mv,
                turn: self.turn,
            });
        }
        if !self.is_pseudo_legal(mv) {
            return Err(PlayError::NotAMove {
                mv,
                kind: Piece::from_code(p).map_or(PieceKind::Pawn, |p| p.kind),
            });
        }
        if self.exposes_own_king(mv) {
            return Err(PlayError::SelfCheck {
                mv,
                turn: self.turn,
            });
        }
        Ok(())
    }

    /// Plays a legal move, giving the new position.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move without checking it (for pseudo-legal moves whose
    /// consequences are adjudicated elsewhere, e.g. 自杀).
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let moved = self.board[mv.from.index()] as usize;
        let captured = next.make(mv);
        next.key ^= Self::key_change(mv, moved, captured);
        if captured != 0 {
            next.halfmoves = 0;
        } else {
            next.halfmoves = next.halfmoves.saturating_add(1);
        }
        if next.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = next.turn.opponent();
        next
    }

    /// The same board with the other side to move (a "pass", used to ask
    /// what a side threatens if it could move again). `None` when the side to
    /// move is in check: passing would let the other side take the king.
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.turn = next.turn.opponent();
        next.key ^= ZOBRIST_BLACK;
        Some(next)
    }

    /// The same board with `color` to move, if that is a legal position (the
    /// other side is not in check).
    pub fn pass_to(&self, color: Color) -> Option<Position> {
        if color == self.turn {
            Some(self.clone())
        } else {
            self.pass()
        }
    }

    /// The pseudo-legal moves of the side to move that land on `sq`, found
    /// from `sq` outwards (the movements of 2.2 read backwards) rather than
    /// by generating every move.
    fn pseudo_moves_to(&self, sq: usize, list: &mut MoveList) {
        let us = self.turn;
        let target = self.board[sq];
        if target != 0 && color_of(target) == us {
            return;
        }
        let to = Square::from_index_unchecked(sq as u8);
        let mut add = |from: u8| list.push(Move::new(Square::from_index_unchecked(from), to));
        let (rook, cannon, pawn) = (
            code(us, PieceKind::Rook),
            code(us, PieceKind::Cannon),
            code(us, PieceKind::Pawn),
        );
        // Along the lines: a rook (the first piece), a cannon (the first
        // piece onto an empty point, the second onto a capture), a pawn
        // next to it that moves this way.
        for (d, ray) in RAYS[sq].iter().enumerate() {
            let mut screened = false;
            for (i, &x) in ray.squares().iter().enumerate() {
                let p = self.board[x as usize];
                if p == 0 {
                    continue;
                }
                if screened {
                    if p == cannon && target != 0 {
                        add(x);
                    }
                    break;
                }
                // A pawn next to sq that steps this way: forward, or
                // sideways once across the river.
                if p == rook
                    || (p == cannon && target == 0)
                    || (i == 0 && p == pawn && pawn_reaches(d, us, x))
                {
                    add(x);
                }
                screened = true;
            }
        }
        // The steps are symmetric: a piece on x reaches sq exactly when a
        // piece on sq would reach x (through the same eye or leg for the
        // elephant; the horse's leg is read from HORSE_ATTACKERS).
        let king = code(us, PieceKind::King);
        for (x, _) in KING[sq].iter() {
            if self.board[x as usize] == king {
                add(x);
            }
        }
        let advisor = code(us, PieceKind::Advisor);
        for (x, _) in ADVISOR[sq].iter() {
            if self.board[x as usize] == advisor {
                add(x);
            }
        }
        let elephant = code(us, PieceKind::Elephant);
        for (x, eye) in ELEPHANT[sq].iter() {
            if self.board[x as usize] == elephant && self.board[eye as usize] == 0 {
                add(x);
            }
        }
        let horse = code(us, PieceKind::Horse);
        for (x, leg) in HORSE_ATTACKERS[sq].iter() {
            if self.board[x as usize] == horse && self.board[leg as usize] == 0 {
                add(x);
            }
        }
    }

    /// The legal moves of the side to move that land on `sq`.
    pub fn legal_moves_to(&self, sq: Square) -> Vec<Move> {
        let mut pseudo = MoveList::new();
        self.pseudo_moves_to(sq.index(), &mut pseudo);
        let in_check = self.is_check();
        pseudo
            .iter()
            .copied()
            .filter(|&m| !self.exposed_after_view(m, in_check))
            .collect()
    }

    /// Whether the side to move has any legal move landing on `sq`.
    pub fn can_move_to(&self, sq: Square) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves_to(sq.index(), &mut pseudo);
        if pseudo.is_empty() {
            return false;
        }
        // The few moves found are tested one by one
        // ([`Position::exposed_after_view`], exact like the legality
        // masks), without the whole position's pins.
        let in_check = self.is_check();
        pseudo
            .iter()
            .any(|&m| !self.exposed_after_view(m, in_check))
    }

    /// The piece a move would capture.
    pub fn captured_by(&self, mv: Move) -> Option<Piece> {
        self.piece_at(mv.to)
    }

    /// Whether `mv` gives check (3.1) to the opponent.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_given(mv, self.in_check(self.turn.opponent()))
    }

    /// What testing many moves of this position for check needs, computed
    /// once ([`Position::gives_check_with`]).
    pub(crate) fn check_info(&self) -> CheckInfo {
        let us = self.turn;
        let them = us.opponent();
        let king = self.kings[them.index()] as usize;
        let (rook, cannon, horse) = (
            code(us, PieceKind::Rook),
            code(us, PieceKind::Cannon),
            code(us, PieceKind::Horse),
        );
        let ours = self.occupied[us.index()];
        let mut discover = 0u128;
        let mut lines = 0u128;
        for (d, ray) in RAYS[king].iter().enumerate() {
            lines |= RAY_MASKS[king][d];
            // A check is discovered only by a rook or cannon of ours on the
            // ray.
            if !along_possible(king, d, ours) {
                continue;
            }
            // The first three pieces along the ray.
            let mut found = [usize::MAX; 3];
            let mut n = 0;
            for &x in ray.squares() {
                if self.board[x as usize] != 0 {
                    found[n] = x as usize;
                    n += 1;
                    if n == 3 {
                        break;
                    }
                }
            }
            let at = |i: usize| (i < n).then(|| self.board[found[i]]);
            // Vacating the first piece lets a rook behind it attack, or a
            // cannon behind the next one; vacating the second, a cannon
            // behind the third.
            if n >= 2 && (at(1) == Some(rook) || at(2) == Some(cannon)) {
                discover |= 1u128 << found[0];
            }
            if n >= 3 && at(2) == Some(cannon) {
                discover |= 1u128 << found[1];
            }
        }
        let horse_points = HORSE_ATTACKER_MASKS[king];
        if horse_points & ours != 0 {
            let hs = &HORSE_ATTACKERS[king];
            for i in 0..hs.len as usize {
                let (h, leg) = (hs.to[i], hs.via[i]);
                if self.board[h as usize] == horse {
                    // Vacating the leg lets this horse attack.
                    discover |= 1u128 << leg;
                }
            }
        }
        CheckInfo {
            already: self.is_attacked(Square::from_index_unchecked(king as u8), us),
            discover,
            lines,
            horse_points,
        }
    }

    /// [`Position::gives_check`], with the position's [`CheckInfo`]: only a
    /// move that vacates a point a check could be discovered through, lands
    /// on the enemy king's file or rank, or brings a horse to a point it
    /// attacks the king from is looked at further.
    #[inline]
    pub(crate) fn gives_check_with(&self, mv: Move, info: &CheckInfo) -> bool {
        if info.already {
            return self.gives_check_given(mv, true);
        }
        let (f, t) = (mv.from.index(), mv.to.index());
        let candidate = info.discover & (1u128 << f) != 0
            || info.lines & (1u128 << t) != 0
            || (self.board[f] & 7 == PieceKind::Horse as u8
                && info.horse_points & (1u128 << t) != 0);
        // A candidate passes `may_give_check`'s geometry: go straight to
        // what the move changed.
        candidate && self.check_given_after(mv, false)
    }

    /// [`Position::gives_check`], told whether the other side's king is
    /// already attacked (only in a position play cannot reach, such as
    /// [`Position::without_piece`]'s). When it is not, only what the move
    /// changed is looked at ([`Position::attacked_since`]); callers testing
    /// many moves of one position ask once.
    #[inline]
    pub(crate) fn gives_check_given(&self, mv: Move, already_attacked: bool) -> bool {
        if !already_attacked && !self.may_give_check(mv) {
            return false;
        }
        self.check_given_after(mv, already_attacked)
    }

    /// [`Position::gives_check_given`] past its geometric test.
    #[inline]
    fn check_given_after(&self, mv: Move, already_attacked: bool) -> bool {
        let them = self.turn.opponent();
        let k = self.kings[them.index()] as usize;
        let (f, t) = (mv.from.index(), mv.to.index());
        let after = self.board_after(mv);
        // The mover's pieces after the move, and every piece.
        let ours_after = (self.occupied[self.turn.index()] & !(1u128 << f)) | (1u128 << t);
        let all_after = ((self.occupied[0] | self.occupied[1]) & !(1u128 << f)) | (1u128 << t);
        if already_attacked {
            return is_attacked_on(after, all_after, k, self.turn, ours_after);
        }
        attacked_since_on(after, all_after, k, self.turn, f, t, ours_after)
    }

    /// A necessary condition for `mv` to give check, by geometry alone: the
    /// moved piece lands on the enemy king's file or rank (a rook, cannon or
    /// pawn attacking, or a new cannon screen) or a horse's move away from
    /// it; or it leaves the king's file or rank (opening a line or removing
    /// a screen) or a point diagonally next to the king (a horse's leg).
    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        let k = self.kings[self.turn.opponent().index()] as usize;
        let (kf, kr) = (k % 9, k / 9);
        let (f, t) = (mv.from.index(), mv.to.index());
        let (ff, fr, tf, tr) = (f % 9, f / 9, t % 9, t / 9);
        if ff == kf || fr == kr || tf == kf || tr == kr {
            return true;
        }
        if ff.abs_diff(kf) == 1 && fr.abs_diff(kr) == 1 {
            return true;
        }
        let (df, dr) = (tf.abs_diff(kf), tr.abs_diff(kr));
        self.board[f] & 7 == PieceKind::Horse as u8
            && ((df == 1 && dr == 2) || (df == 2 && dr == 1))
    }

    /// The legal moves that `keep` selects, in generation order, and whether
    /// the side to move has any legal move at all (asked only when none of
    /// the selected ones is legal); `in_check` must say whether the side to
    /// move is in check ([`Position::is_check`]). Cheaper than [`Position::legal_moves`]
    /// when few moves are wanted: only those are tested for legality.
    pub(crate) fn legal_moves_selected(
        &self,
        in_check: bool,
        mut keep: impl FnMut(&Position, Move) -> bool,
    ) -> (MoveList, bool) {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list);
        let legality = self.legality(in_check);
        self.retain_legal(&mut list, &legality, &mut keep);
        let any = !list.is_empty() || self.any_legal_given(&legality);
        (list, any)
    }

    /// The legal captures of the side to move, and whether it has any legal
    /// move at all (looked for only when it has no legal capture).
    pub(crate) fn legal_captures(&self, in_check: bool) -> (MoveList, bool) {
        let legality = self.legality(in_check);
        let out = self.legal_captures_given(&legality);
        if !out.is_empty() {
            return (out, true);
        }
        // Any legal move, stopping at the first.
        let any = self.any_legal_given(&legality);
        (out, any)
    }

    /// The legal captures of the side to move, in the order
    /// [`Position::legal_moves`] gives them, without looking for any other
    /// legal move.
    pub(crate) fn legal_captures_only(&self, in_check: bool) -> MoveList {
        let legality = self.legality(in_check);
        self.legal_captures_given(&legality)
    }

    /// [`Position::legal_captures_only`], given the position's legality
    /// tests.
    #[inline]
    fn legal_captures_given(&self, legality: &Legality) -> MoveList {
        let mut list = MoveList::new();
        let theirs = self.occupied[self.turn.opponent().index()];
        for s in points(self.occupied[self.turn.index()]) {
            self.gen_piece_into(s, self.board[s], theirs, &mut list);
        }
        self.retain_legal(&mut list, legality, |_, _| true);
        list
    }

    /// The legal moves that give check.
    ///
    /// In generation order, as [`Position::legal_moves`] gives them. Only
    /// the moves that can give check are generated: every move of a piece
    /// whose leaving may discover a check, and of the others only those
    /// landing on the enemy king's file or rank or, for a horse, on a point
    /// it attacks the king from; the moves skipped are exactly those the
    /// check test rejects at once.
    pub fn checking_moves(&self) -> MoveList {
        let info = self.check_info();
        let in_check = self.is_check();
        if info.already {
            return self
                .legal_moves_selected(in_check, |p, mv| p.gives_check_with(mv, &info))
                .0;
        }
        let legality = self.legality(in_check);
        let ours = self.occupied[self.turn.index()];
        let mut list = MoveList::new();
        for s in points(ours) {
            let p = self.board[s];
            let to = if info.discover & (1u128 << s) != 0 {
                !0
            } else if p & 7 == PieceKind::Horse as u8 {
                info.lines | info.horse_points
            } else {
                info.lines
            };
            self.gen_piece_into(s, p, to & !ours, &mut list);
        }
        self.retain_legal(&mut list, &legality, |p, mv| p.gives_check_with(mv, &info));
        list
    }

    /// The legal moves that capture or give check, in generation order, and
    /// whether the side to move has any legal move at all: the same answer
    /// as [`Position::legal_moves_selected`] with the selection `capture or
    /// gives_check_with(info)` (the exchange search's defender nodes), but
    /// generating only the candidates — captures, every move of a piece
    /// whose leaving may discover a check, and otherwise the moves landing
    /// on the enemy king's lines or, for a horse, its horse points — as
    /// [`Position::checking_moves`] does. `info` must be this position's
    /// [`Position::check_info`] and `in_check` its [`Position::is_check`].
    ///
    /// The exchange search's `search_node` (`repetition::chase`) asks it at
    /// its defender nodes; tested against `legal_moves_selected` here.
    pub(crate) fn legal_captures_and_checks(
        &self,
        in_check: bool,
        info: &CheckInfo,
    ) -> (MoveList, bool) {
        let keep =
            |p: &Position, mv: Move| p.board[mv.to.index()] != 0 || p.gives_check_with(mv, info);
        if info.already {
            return self.legal_moves_selected(in_check, keep);
        }
        let legality = self.legality(in_check);
        let ours = self.occupied[self.turn.index()];
        let theirs = self.occupied[self.turn.opponent().index()];
        let mut list = MoveList::new();
        for s in points(ours) {
            let p = self.board[s];
            let to = if info.discover & (1u128 << s) != 0 {
                !0
            } else if p & 7 == PieceKind::Horse as u8 {
                theirs | info.lines | info.horse_points
            } else {
                theirs | info.lines
            };
            self.gen_piece_into(s, p, to & !ours, &mut list);
        }
        self.retain_legal(&mut list, &legality, keep);
        let any = !list.is_empty() || self.any_legal_given(&legality);
        (list, any)
    }

    /// Whether the side to move is checkmated (3.2: 将死).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move has no legal move while not in check
    /// (3.3: 困毙, a loss under 4.1.2).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// Counts the leaf nodes of the legal move tree to `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut scratch = self.clone();
        scratch.perft_inner(depth)
    }

    fn perft_inner(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal_moves();
        }
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let in_check = self.is_check();
        let legality = self.legality(in_check);
        let mut nodes = 0;
        for &mv in pseudo.iter() {
            if !self.is_safe(mv, &legality) {
                continue;
            }
            let captured = self.make(mv);
            self.turn = self.turn.opponent();
            nodes += self.perft_inner(depth - 1);
            self.turn = self.turn.opponent();
            self.unmake(mv, captured);
        }
        nodes
    }

    /// The position mirrored left↔right.
    pub fn mirror_files(&self) -> Position {
        let mut out = self.clone();
        for s in 0..90 {
            let m = Square::from_index_unchecked(s as u8).mirror_files().index();
            out.board[m] = self.board[s];
        }
        for c in 0..2 {
            out.kings[c] = Square::from_index_unchecked(self.kings[c])
                .mirror_files()
                .index() as u8;
        }
        out.occupied = occupancy(&out.board);
        out.key = zobrist_key(&out.board, out.turn);
        out
    }

    /// The position with colours swapped (board turned 180°, red↔black, the
    /// other side to move).
    pub fn swap_colors(&self) -> Position {
        let mut out = self.clone();
        for s in 0..90 {
            let p = self.board[s];
            out.board[89 - s] = if p == 0 { 0 } else { p ^ 8 };
        }
        out.kings = [89 - self.kings[1], 89 - self.kings[0]];
        out.occupied = occupancy(&out.board);
        out.turn = self.turn.opponent();
        out.key = zobrist_key(&out.board, out.turn);
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

/// The board and the side to move, without the clocks: what a position's
/// legal moves, and so every analysis of the classifier, depend on — the
/// key of its shared answers and transposition tables
/// (`repetition::memo`), under which a position reached again later in a
/// cycle, or by another order of moves in a search, is the same.
///
/// It carries the position's Zobrist key and hashes that alone (eight bytes
/// rather than ninety-one), while equality still compares the whole board
/// and the side to move: two positions whose keys collide share a bucket,
/// never an answer. The key is a function of board and turn, so equal keys
/// hash equally.
#[derive(Clone, Copy)]
pub(crate) struct BoardKey {
    key: u64,
    board: [u8; 90],
    turn: Color,
}

impl PartialEq for BoardKey {
    #[inline]
    fn eq(&self, other: &BoardKey) -> bool {
        self.key == other.key && self.turn == other.turn && self.board == other.board
    }
}

impl Eq for BoardKey {}

impl std::hash::Hash for BoardKey {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

impl Position {
    /// The position's [`BoardKey`].
    #[inline]
    pub(crate) fn board_key(&self) -> BoardKey {
        BoardKey {
            key: self.key,
            board: self.board,
            turn: self.turn,
        }
    }
}

/// For the mate-by-checks search (`repetition::mate`), which walks its
/// tree on one board: playing and taking back a move in place instead of
/// copying the position at every node, and the move lists it needs
/// without the copies and questions of the general functions.
impl Position {
    /// Plays `mv` on this board in place, the clocks left as they are (no
    /// search reads them); returns what [`Position::unplay_in_place`] needs.
    #[inline]
    pub(crate) fn play_in_place(&mut self, mv: Move) -> u8 {
        let moved = self.board[mv.from.index()] as usize;
        let captured = self.make(mv);
        self.key ^= Self::key_change(mv, moved, captured);
        self.turn = self.turn.opponent();
        captured
    }

    /// What playing `mv` of the piece coded `moved`, taking the piece coded
    /// `captured` (0 for none), does to the Zobrist key: the same change
    /// undoes it.
    #[inline]
    fn key_change(mv: Move, moved: usize, captured: u8) -> u64 {
        let (f, t) = (mv.from.index(), mv.to.index());
        ZOBRIST[f][moved] ^ ZOBRIST[t][moved] ^ ZOBRIST[t][captured as usize] ^ ZOBRIST_BLACK
    }

    /// Takes back `mv`, played by [`Position::play_in_place`], which
    /// returned `captured`.
    #[inline]
    pub(crate) fn unplay_in_place(&mut self, mv: Move, captured: u8) {
        self.turn = self.turn.opponent();
        self.unmake(mv, captured);
        let moved = self.board[mv.from.index()] as usize;
        self.key ^= Self::key_change(mv, moved, captured);
    }
}

impl Position {
    /// Whether the side to move has a legal move, `in_check` saying whether
    /// it is in check ([`Position::is_check`]): [`Position::has_legal_move`]
    /// without testing for check again — for searches whose node needs no
    /// move but must know whether the side is mated (the exchange search's
    /// nodes that stand pat, `repetition::chase`). Out of check it counts
    /// target sets ([`Position::legal_count_given`]) and stops at the first
    /// piece that has one, instead of generating and testing each move.
    pub(crate) fn has_legal_move_given(&self, in_check: bool) -> bool {
        self.any_legal_given(&self.legality(in_check))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_matches_its_fen() {
        assert_eq!(Position::start().fen(), crate::xiangqi::fen::START_FEN);
    }

    /// The legal moves and their count, by pins and masks, against making
    /// every pseudo-legal move and looking at the whole board, along long
    /// pseudo-random games from positions rich in pins, cannon screens and
    /// facing kings.
    #[test]
    fn pins_agree_with_making_each_move() {
        let fens = [
            crate::xiangqi::fen::START_FEN,
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "3k5/4a4/4c4/4N4/4c4/9/4R4/4C4/4A4/4K4 w - - 0 1",
            "4k4/9/4n4/9/2c1r1c2/9/9/3nN4/4A4/3K5 w - - 0 1",
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut checked = 0;
        for fen in fens {
            for _game in 0..12 {
                let mut pos = Position::from_fen_with(fen, Validation::Relaxed).expect("fen");
                for _ply in 0..120 {
                    let us = pos.turn();
                    let brute: Vec<Move> = pos
                        .pseudo_legal_moves()
                        .iter()
                        .copied()
                        .filter(|&mv| {
                            let after = pos.play_unchecked(mv);
                            !after.kings_facing() && !after.in_check(us)
                        })
                        .collect();
                    let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
                    assert_eq!(legal, brute, "{}", pos.fen());
                    let mut scratch = pos.clone();
                    assert_eq!(
                        scratch.count_legal_moves(),
                        brute.len() as u64,
                        "{}",
                        pos.fen()
                    );
                    for &mv in &brute {
                        assert!(pos.is_legal(mv), "{} {mv}", pos.fen());
                    }
                    checked += 1;
                    if brute.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.play_unchecked(brute[(seed % brute.len() as u64) as usize]);
                }
            }
        }
        assert!(checked > 2000, "only {checked} positions");
    }

    /// The moves of rooks and cannons, found from line sets, against
    /// walking each line point by point: the same moves in the same order
    /// (callers name the first of the best).
    #[test]
    fn line_moves_match_walking() {
        let fens = [
            crate::xiangqi::fen::START_FEN,
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "3k5/4a4/4c4/4N4/4c4/9/4R4/4C4/4A4/4K4 w - - 0 1",
        ];
        let walk = |pos: &Position, s: usize, captures_only: bool| -> Vec<Move> {
            let us = pos.turn;
            let p = pos.board[s];
            let from = Square::from_index_unchecked(s as u8);
            let mut out = Vec::new();
            let mut add = |t: u8| {
                let q = pos.board[t as usize];
                if (q == 0 && !captures_only) || (q != 0 && color_of(q) != us) {
                    out.push(Move::new(from, Square::from_index_unchecked(t)));
                }
            };
            for ray in RAYS[s].iter() {
                let mut screened = false;
                for &t in ray.squares() {
                    let q = pos.board[t as usize];
                    if p & 7 == 5 {
                        add(t);
                        if q != 0 {
                            break;
                        }
                    } else if !screened {
                        if q == 0 {
                            add(t);
                        } else {
                            screened = true;
                        }
                    } else if q != 0 {
                        add(t);
                        break;
                    }
                }
            }
            out
        };
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        for fen in fens {
            for _game in 0..6 {
                let mut pos = Position::from_fen_with(fen, Validation::Relaxed).expect("fen");
                for _ply in 0..100 {
                    for s in points(pos.occupied[pos.turn.index()]) {
                        let p = pos.board[s];
                        if p & 7 != 5 && p & 7 != 6 {
                            continue;
                        }
                        for captures_only in [false, true] {
                            let mut list = MoveList::new();
                            pos.gen_piece(s, p, captures_only, &mut list);
                            assert_eq!(
                                list.as_slice(),
                                &walk(&pos, s, captures_only)[..],
                                "{}",
                                pos.fen()
                            );
                        }
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos =
                        pos.play_unchecked(legal.as_slice()[(seed % legal.len() as u64) as usize]);
                }
            }
        }
    }

    /// The incremental Zobrist key against the key computed from scratch,
    /// along long pseudo-random games (captures, king moves, passes), and
    /// for every constructor that derives one position from another.
    #[test]
    fn incremental_key_matches_scratch() {
        let fens = [
            crate::xiangqi::fen::START_FEN,
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        ];
        let fresh = |p: &Position| zobrist_key(&p.board, p.turn);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0;
        for fen in fens {
            for _game in 0..10 {
                let mut pos = Position::from_fen_with(fen, Validation::Relaxed).expect("fen");
                assert_eq!(pos.key, fresh(&pos));
                for _ply in 0..150 {
                    assert_eq!(pos.key, fresh(&pos), "{}", pos.fen());
                    let mirrored = pos.mirror_files();
                    assert_eq!(mirrored.key, fresh(&mirrored));
                    let swapped = pos.swap_colors();
                    assert_eq!(swapped.key, fresh(&swapped));
                    for sq in [0u8, 40, 49] {
                        if let Some(without) = pos.without_piece(Square::from_index_unchecked(sq)) {
                            assert_eq!(without.key, fresh(&without));
                        }
                    }
                    // The key (and so the board key) is the same whatever
                    // the clocks.
                    let again =
                        Position::from_fen_with(&pos.fen(), Validation::Relaxed).expect("fen");
                    assert!(again.board_key() == pos.board_key());
                    checked += 1;
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(11)
                        && let Some(passed) = pos.pass()
                    {
                        assert_eq!(passed.key, fresh(&passed));
                        pos = passed;
                        continue;
                    }
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let mv = legal.as_slice()[(seed % legal.len() as u64) as usize];
                    // Played in place and taken back, the key follows the
                    // board both ways.
                    let mut in_place = pos.clone();
                    let captured = in_place.play_in_place(mv);
                    assert_eq!(in_place.key, fresh(&in_place));
                    in_place.unplay_in_place(mv, captured);
                    assert_eq!(in_place.key, pos.key);
                    pos = pos.play_unchecked(mv);
                }
            }
        }
        assert!(checked > 2000, "only {checked} positions");
    }

    /// Every position two plies deep from a few middle games: the moves
    /// found backwards from a point are those generated forwards.
    #[test]
    fn moves_to_a_point_match_generation() {
        let fens = [
            crate::xiangqi::fen::START_FEN,
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKABR1 b - - 0 1",
            "3k5/4a4/4ba3/p3N3p/2b1c4/6P2/P3P3P/4B4/4A4/2BAK4 w - - 0 1",
            "2bak4/4a4/4b4/4N4/2p1R4/9/9/4C4/4c4/3K5 b - - 0 1",
        ];
        for fen in fens {
            let root = Position::from_fen_with(fen, Validation::Relaxed).expect("fen");
            let mut positions = vec![root.clone()];
            for mv in root.legal_moves().iter() {
                let next = root.play_unchecked(*mv);
                for reply in next.legal_moves().iter() {
                    positions.push(next.play_unchecked(*reply));
                }
                positions.push(next);
            }
            for pos in &positions {
                assert_eq!(pos.occupied, occupancy(&pos.board), "{}", pos.fen());
                for sq in [
                    Square::from_index_unchecked(0),
                    Square::from_index_unchecked(40),
                ] {
                    if let Some(without) = pos.without_piece(sq) {
                        assert_eq!(without.occupied, occupancy(&without.board));
                    }
                }
                let legal = pos.legal_moves();
                // The selective generators against filtering the legal
                // moves, order included.
                let checking: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&mv| pos.gives_check(mv))
                    .collect();
                assert_eq!(
                    pos.checking_moves().as_slice(),
                    &checking[..],
                    "{}",
                    pos.fen()
                );
                let captures: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&mv| pos.piece_at(mv.to).is_some())
                    .collect();
                let in_check = pos.is_check();
                let (got, any) = pos.legal_captures(in_check);
                assert_eq!(got.as_slice(), &captures[..], "{}", pos.fen());
                assert_eq!(any, !legal.is_empty());
                let info = pos.check_info();
                let selected = pos.legal_moves_selected(in_check, |p, mv| {
                    p.piece_at(mv.to).is_some() || p.gives_check_with(mv, &info)
                });
                let direct = pos.legal_captures_and_checks(in_check, &info);
                assert_eq!(direct.0.as_slice(), selected.0.as_slice(), "{}", pos.fen());
                assert_eq!(direct.1, selected.1);
                let (quiet, any) =
                    pos.legal_moves_selected(in_check, |p, mv| p.piece_at(mv.to).is_none());
                assert_eq!(quiet.len() + captures.len(), legal.len());
                assert_eq!(any, !legal.is_empty());
                assert_eq!(pos.has_legal_move(), !legal.is_empty());
                assert_eq!(pos.has_single_legal_move(), legal.len() == 1);
                assert_eq!(pos.legal_moves_up_to(3), legal.len().min(3));
                // Legality and check against making each move and looking
                // at the whole board.
                for mv in pos.pseudo_legal_moves().iter().copied() {
                    let after = pos.play_unchecked(mv);
                    let us = pos.turn();
                    let safe = !after.kings_facing() && !after.in_check(us);
                    assert_eq!(legal.iter().any(|&m| m == mv), safe, "{} {mv}", pos.fen());
                    if safe {
                        assert_eq!(
                            pos.gives_check(mv),
                            after.in_check(us.opponent()),
                            "{} {mv}",
                            pos.fen()
                        );
                        assert_eq!(
                            pos.gives_check_with(mv, &pos.check_info()),
                            after.in_check(us.opponent()),
                            "{} {mv}",
                            pos.fen()
                        );
                    }
                }
                for sq in Square::all() {
                    let mut forwards: Vec<Move> =
                        legal.iter().copied().filter(|m| m.to == sq).collect();
                    let mut backwards = pos.legal_moves_to(sq);
                    forwards.sort();
                    backwards.sort();
                    assert_eq!(forwards, backwards, "{} to {}", pos.fen(), sq);
                    assert_eq!(pos.can_move_to(sq), !forwards.is_empty());
                }
            }
        }
    }
}
