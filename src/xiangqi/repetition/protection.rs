//! Protection and the complete exchange (24.3, 24.15, 24.16, 26.5).
//!
//! * 24.15: a piece fully protected by its own side (hidden protection 暗根
//!   included) is 有根子; otherwise 无根子; one with fewer protectors than
//!   attackers, or not fully protected, is 少根子.
//! * 24.16: a protector that cannot actually recapture — its recapture would
//!   be 自杀 — is a false protector (假根); its piece counts as unprotected.
//! * 24.3: 通过完整互吃交换后吃掉对方子且得子 — a capture is judged by the
//!   complete exchange that follows it, each side recapturing while that pays.
//!
//! Everything here works on legal moves of the actual position, so hidden
//! protectors (a rook behind the first recapturer, a cannon whose screen
//! appears after a capture), pins and false protectors come out of the
//! board itself rather than from special cases.

use crate::xiangqi::board::{PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::material::Unit;

/// Context that values depend on: the move before the position, so that a
/// pawn that has just crossed the river counts for nothing (26.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ValueContext {
    /// The last move played before the position analysed, if known.
    pub last_move: Option<Move>,
}

/// The material value of the piece standing on `sq` (26.7 for pawns).
pub fn unit_at(pos: &Position, sq: Square, ctx: &ValueContext) -> Option<Unit> {
    let p = pos.piece_at(sq)?;
    if p.kind != PieceKind::Pawn {
        return Some(Unit::new(p.kind));
    }
    let crossed = !sq.on_own_half(p.color);
    let just_crossed = ctx
        .last_move
        .is_some_and(|m| m.to == sq && m.from.on_own_half(p.color));
    Some(Unit::pawn(crossed && !just_crossed))
}

/// Whether the piece on `sq` is protected against a capture by `capture`:
/// after it, its side can legally recapture (a false protector, 24.16,
/// cannot).
pub fn recapturable_after(pos: &Position, capture: Move) -> bool {
    pos.play_unchecked(capture).can_move_to(capture.to)
}

/// [`recapturable_after`], the capture played on `pos` itself and taken
/// back (no copy of the position; `can_move_to` reads neither the key nor
/// the clocks that `Position::play_in_place` leaves as they were).
pub(crate) fn recapturable_after_in_place(pos: &mut Position, capture: Move) -> bool {
    let captured = pos.play_in_place(capture);
    let answer = pos.can_move_to(capture.to);
    pos.unplay_in_place(capture, captured);
    answer
}
