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

use crate::board::{Color, PieceKind, Square};
use crate::material::{self, Trade, Unit};
use crate::position::{Move, Position};

/// Context that values depend on: the move before the position, so that a
/// pawn that has just crossed the river counts for nothing (26.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// The outcome of an exchange on one point, from the side that starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// What the starting side captures.
    pub gained: Vec<Unit>,
    /// What it loses to recaptures.
    pub lost: Vec<Unit>,
    /// The captures played, the starting side's first.
    pub line: Vec<Move>,
}

impl Exchange {
    /// How the exchange ends for the side that starts it.
    pub fn trade(&self) -> Trade {
        material::judge(&self.gained, &self.lost)
    }

    /// The starting side's captures in the line.
    pub fn own_captures(&self) -> impl Iterator<Item = &Move> {
        self.line.iter().step_by(2)
    }
}

/// Whether outcome `a` is better than `b` for the starting side.
fn better(a: &Exchange, b: &Exchange) -> Trade {
    let mut g = a.gained.clone();
    g.extend(b.lost.iter().copied());
    let mut l = a.lost.clone();
    l.extend(b.gained.iter().copied());
    material::judge(&g, &l)
}

/// Captures on `sq` for the side to move, least valuable attacker first.
fn captures_on(pos: &Position, sq: Square) -> Vec<Move> {
    let mut v = pos.legal_moves_to(sq);
    v.sort_by_key(|m| {
        (
            pos.piece_at(m.from)
                .map_or(0, |p| material::order_value(p.kind)),
            m.from,
        )
    });
    v
}

fn exchange_from(
    pos: &Position,
    sq: Square,
    starter: Color,
    so_far: &Exchange,
    ctx: &ValueContext,
    depth: u32,
) -> Exchange {
    let side = pos.turn();
    // Either side may stop recapturing.
    let mut best = so_far.clone();
    if depth == 0 {
        return best;
    }
    for mv in captures_on(pos, sq) {
        let Some(victim) = unit_at(pos, sq, ctx) else {
            continue;
        };
        if pos.piece_at(sq).is_some_and(|p| p.kind == PieceKind::King) {
            continue;
        }
        let mut next = so_far.clone();
        if side == starter {
            next.gained.push(victim);
        } else {
            next.lost.push(victim);
        }
        next.line.push(mv);
        let after = pos.play_unchecked(mv);
        let result = exchange_from(&after, sq, starter, &next, ctx, depth - 1);
        let cmp = better(&result, &best);
        let improves = if side == starter {
            cmp == Trade::Gain
        } else {
            cmp == Trade::Loss
        };
        if improves {
            best = result;
        }
    }
    best
}

/// The complete exchange on `sq` started by the side to move, which must
/// capture first; `None` if it cannot capture there. Each side then
/// recaptures while that is better for it than stopping.
pub fn exchange(pos: &Position, sq: Square, ctx: &ValueContext) -> Option<Exchange> {
    let starter = pos.turn();
    let victim = unit_at(pos, sq, ctx)?;
    if pos
        .piece_at(sq)
        .is_some_and(|p| p.color == starter || p.kind == PieceKind::King)
    {
        return None;
    }
    let mut best: Option<Exchange> = None;
    for mv in captures_on(pos, sq) {
        let start = Exchange {
            gained: vec![victim],
            lost: Vec::new(),
            line: vec![mv],
        };
        let after = pos.play_unchecked(mv);
        let result = exchange_from(&after, sq, starter, &start, ctx, 12);
        if best
            .as_ref()
            .is_none_or(|b| better(&result, b) == Trade::Gain)
        {
            best = Some(result);
        }
    }
    best
}

/// Whether the piece on `sq` is protected against a capture by `capture`:
/// after it, its side can legally recapture (a false protector, 24.16,
/// cannot).
pub fn recapturable_after(pos: &Position, capture: Move) -> bool {
    pos.play_unchecked(capture).can_move_to(capture.to)
}

/// 有根/无根/少根 of a piece attacked by the side to move (24.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protection {
    /// No capture by the side to move can be answered by a recapture.
    Unprotected,
    /// Protected, but by fewer pieces than attack it.
    UnderProtected,
    /// Protected at least as many times as attacked.
    Protected,
}

/// Counts the pieces of the side to move that can capture on `sq` in turn,
/// and those of the other side that can recapture, following the exchange.
fn counts(pos: &Position, sq: Square) -> (usize, usize) {
    let mut cur = pos.clone();
    let mut n = [0usize; 2];
    let starter = pos.turn();
    for _ in 0..16 {
        let caps = captures_on(&cur, sq);
        let Some(&mv) = caps.first() else { break };
        if cur.piece_at(sq).is_some_and(|p| p.kind == PieceKind::King) {
            break;
        }
        n[usize::from(cur.turn() != starter)] += 1;
        cur = cur.play_unchecked(mv);
    }
    (n[0], n[1])
}

/// How well the piece on `sq` (of the side not to move) is protected
/// against the side to move.
pub fn protection(pos: &Position, sq: Square) -> Protection {
    let caps = captures_on(pos, sq);
    if caps.is_empty() {
        return Protection::Protected;
    }
    if caps.iter().any(|&c| !recapturable_after(pos, c)) {
        return Protection::Unprotected;
    }
    let (attackers, defenders) = counts(pos, sq);
    if defenders < attackers {
        Protection::UnderProtected
    } else {
        Protection::Protected
    }
}
