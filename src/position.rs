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
//!   [`crate::game`], never silently dropped.

use std::fmt;

use thiserror::Error;

use crate::board::{Color, Piece, PieceKind, Square, reachable};
use crate::fen::{FenError, Setup};
use crate::tables::{ADVISOR, ELEPHANT, HORSE, HORSE_ATTACKERS, KING, PAWN, RAYS};

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
    turn: Color,
    kings: [u8; 2],
    halfmoves: u32,
    fullmoves: u32,
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
            turn: Color::Red,
            kings: [4, 85],
            halfmoves: 0,
            fullmoves: 1,
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
            turn: setup.turn,
            kings,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
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
        let s = sq.index();
        let rook = code(by, PieceKind::Rook);
        let cannon = code(by, PieceKind::Cannon);
        let pawn = code(by, PieceKind::Pawn);
        let horse = code(by, PieceKind::Horse);
        // Lines: rook (first piece), cannon (second piece), pawn (adjacent).
        for (d, ray) in RAYS[s].iter().enumerate() {
            let mut screened = false;
            for (i, &t) in ray.squares().iter().enumerate() {
                let p = self.board[t as usize];
                if p == 0 {
                    continue;
                }
                if screened {
                    if p == cannon {
                        return true;
                    }
                    break;
                }
                if p == rook {
                    return true;
                }
                if i == 0 && p == pawn {
                    // A pawn attacks forward and, once across the river,
                    // sideways; it never attacks backwards.
                    let pawn_sq = Square::from_index_unchecked(t);
                    let attacks = match d {
                        // The pawn stands north of sq: it attacks sq only if it
                        // moves south, i.e. it is black.
                        0 => by == Color::Black,
                        1 => by == Color::Red,
                        _ => !pawn_sq.on_own_half(by),
                    };
                    if attacks {
                        return true;
                    }
                }
                screened = true;
            }
        }
        let hs = &HORSE_ATTACKERS[s];
        for i in 0..hs.len as usize {
            if self.board[hs.to[i] as usize] == horse && self.board[hs.via[i] as usize] == 0 {
                return true;
            }
        }
        false
    }

    /// Every move the movements of 2.2 allow, ignoring one's own king's safety.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list);
        list
    }

    fn gen_pseudo(&self, list: &mut MoveList) {
        let us = self.turn;
        for s in 0..90usize {
            let p = self.board[s];
            if p == 0 || color_of(p) != us {
                continue;
            }
            self.gen_piece(s, p, false, list);
        }
    }

    /// The pseudo-legal moves of the piece `p` of the side to move standing
    /// on `s`; only its captures when `captures_only`.
    #[inline]
    fn gen_piece(&self, s: usize, p: u8, captures_only: bool, list: &mut MoveList) {
        let us = self.turn;
        {
            let from = Square::from_index_unchecked(s as u8);
            let mut add = |to: u8| {
                let t = self.board[to as usize];
                if (t == 0 && !captures_only) || (t != 0 && color_of(t) != us) {
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
                5 => {
                    for ray in RAYS[s].iter() {
                        for &t in ray.squares() {
                            add(t);
                            if self.board[t as usize] != 0 {
                                break;
                            }
                        }
                    }
                }
                6 => {
                    for ray in RAYS[s].iter() {
                        let mut screened = false;
                        for &t in ray.squares() {
                            let q = self.board[t as usize];
                            if !screened {
                                if q == 0 {
                                    add(t);
                                } else {
                                    screened = true;
                                }
                            } else if q != 0 {
                                if color_of(q) != us {
                                    add(t);
                                }
                                break;
                            }
                        }
                    }
                }
                7 => PAWN[us.index()][s].iter().for_each(|(to, _)| add(to)),
                _ => {}
            }
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
        if p == KING_CODE[0] {
            self.kings[0] = f as u8;
        } else if p == KING_CODE[1] {
            self.kings[1] = f as u8;
        }
    }

    /// Whether, after the pseudo-legal `mv` by the side to move, that side's
    /// king would be exposed (in check, or facing the other king): 自杀 (3.4).
    pub fn exposes_own_king(&self, mv: Move) -> bool {
        let mut scratch = self.clone();
        scratch.exposed_after(mv)
    }

    #[inline]
    fn exposed_after(&mut self, mv: Move) -> bool {
        let us = self.turn;
        let captured = self.make(mv);
        let bad = self.kings_facing() || self.is_attacked(self.king(us), us.opponent());
        self.unmake(mv, captured);
        bad
    }

    /// Whether a pseudo-legal move needs the full self-exposure test: only a
    /// king move, a move while in check, or a move touching a line or a horse
    /// leg of one's own king can expose it.
    #[inline]
    fn needs_full_test(&self, mv: Move, in_check: bool) -> bool {
        if in_check {
            return true;
        }
        let k = self.kings[self.turn.index()] as usize;
        let (f, t) = (mv.from.index(), mv.to.index());
        if f == k {
            return true;
        }
        let (kf, kr) = (k % 9, k / 9);
        let (ff, fr) = (f % 9, f / 9);
        if ff == kf || fr == kr || t % 9 == kf || t / 9 == kr {
            return true;
        }
        // Diagonal neighbours of the king are the legs of horses attacking it.
        ff.abs_diff(kf) == 1 && fr.abs_diff(kr) == 1
    }

    /// The legal moves: pseudo-legal moves that do not expose one's own king.
    pub fn legal_moves(&self) -> MoveList {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let mut scratch = self.clone();
        let in_check = self.is_check();
        let mut out = MoveList::new();
        for &mv in pseudo.iter() {
            if !self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv) {
                out.push(mv);
            }
        }
        out
    }

    /// Counts the legal moves without collecting them.
    pub fn count_legal_moves(&mut self) -> u64 {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let in_check = self.is_check();
        let mut n = 0;
        for &mv in pseudo.iter() {
            if !self.needs_full_test(mv, in_check) || !self.exposed_after(mv) {
                n += 1;
            }
        }
        n
    }

    /// Whether the side to move has a legal move at all (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let mut scratch = self.clone();
        let in_check = self.is_check();
        pseudo
            .iter()
            .any(|&mv| !self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv))
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
        let captured = next.make(mv);
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

    /// The legal moves of the side to move that land on `sq`.
    pub fn legal_moves_to(&self, sq: Square) -> Vec<Move> {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let in_check = self.is_check();
        let mut scratch = self.clone();
        pseudo
            .iter()
            .copied()
            .filter(|&m| m.to == sq)
            .filter(|&m| !self.needs_full_test(m, in_check) || !scratch.exposed_after(m))
            .collect()
    }

    /// Whether the side to move has any legal move landing on `sq`.
    pub fn can_move_to(&self, sq: Square) -> bool {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let in_check = self.is_check();
        let mut scratch = self.clone();
        pseudo.iter().any(|&m| {
            m.to == sq && (!self.needs_full_test(m, in_check) || !scratch.exposed_after(m))
        })
    }

    /// The piece a move would capture.
    pub fn captured_by(&self, mv: Move) -> Option<Piece> {
        self.piece_at(mv.to)
    }

    /// Whether `mv` gives check (3.1) to the opponent.
    pub fn gives_check(&self, mv: Move) -> bool {
        if !self.may_give_check(mv) {
            return false;
        }
        let mut scratch = self.clone();
        scratch.make(mv);
        let them = self.turn.opponent();
        scratch.is_attacked(scratch.king(them), self.turn)
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
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo);
        let mut scratch = self.clone();
        let mut out = MoveList::new();
        for &mv in pseudo.iter() {
            if keep(self, mv) && (!self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv))
            {
                out.push(mv);
            }
        }
        let any = !out.is_empty()
            || pseudo
                .iter()
                .any(|&mv| !self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv));
        (out, any)
    }

    /// The legal captures of the side to move, and whether it has any legal
    /// move at all (looked for only when it has no legal capture).
    pub(crate) fn legal_captures(&self, in_check: bool) -> (MoveList, bool) {
        let us = self.turn;
        let mut pseudo = MoveList::new();
        for s in 0..90usize {
            let p = self.board[s];
            if p != 0 && color_of(p) == us {
                self.gen_piece(s, p, true, &mut pseudo);
            }
        }
        let mut scratch = self.clone();
        let mut out = MoveList::new();
        for &mv in pseudo.iter() {
            if !self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv) {
                out.push(mv);
            }
        }
        if !out.is_empty() {
            return (out, true);
        }
        // Any legal move, piece by piece, stopping at the first.
        for s in 0..90usize {
            let p = self.board[s];
            if p == 0 || color_of(p) != us {
                continue;
            }
            let mut moves = MoveList::new();
            self.gen_piece(s, p, false, &mut moves);
            if moves
                .iter()
                .any(|&mv| !self.needs_full_test(mv, in_check) || !scratch.exposed_after(mv))
            {
                return (out, true);
            }
        }
        (out, false)
    }

    /// The legal moves that give check.
    pub fn checking_moves(&self) -> MoveList {
        self.legal_moves_selected(self.is_check(), |p, mv| p.gives_check(mv))
            .0
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
        let mut nodes = 0;
        for &mv in pseudo.iter() {
            if self.needs_full_test(mv, in_check) && self.exposed_after(mv) {
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
        out.turn = self.turn.opponent();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_matches_its_fen() {
        assert_eq!(Position::start().fen(), crate::fen::START_FEN);
    }
}
