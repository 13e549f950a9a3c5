//! No clause: what the searches of gains through checks key their nodes by
//! (`chase::forced_gain`, the shared answers of
//! [`crate::xiangqi::repetition::memo`]): what a line has taken, as counts
//! of each kind of unit — all the value model (1.2, 26.7) reads of it, its
//! value being a function of the pieces, not of their order.
//!
//! The exchange search (24.3, the captures that follow a first capture,
//! [`crate::xiangqi::repetition::chase`]) kept a transposition table here
//! until 27 November 2026: under 2% of its lookups were answered (3,843 of
//! 198,534 over the 82 figure cases and the 225 real cycles, saving 9,680
//! of 213,758 positions), and storing every node cost more than that.

use crate::xiangqi::board::PieceKind;
use crate::xiangqi::repetition::material::Unit;

/// The kinds of units told apart: the seven pieces, a pawn that counts
/// and one that does not (26.7).
pub(crate) const CLASSES: usize = 8;

/// A unit's class.
fn class(u: &Unit) -> usize {
    match u.kind {
        PieceKind::King => 0,
        PieceKind::Advisor => 1,
        PieceKind::Elephant => 2,
        PieceKind::Horse => 3,
        PieceKind::Rook => 4,
        PieceKind::Cannon => 5,
        PieceKind::Pawn => 6 + usize::from(!u.counts),
    }
}

/// How many units of each class `units` holds: all the value model
/// ([`crate::xiangqi::repetition::material::judge`], `chase::proxy`)
/// reads of a list of units.
pub(crate) fn counts(units: &[Unit]) -> [u8; CLASSES] {
    let mut c = [0u8; CLASSES];
    for u in units {
        let k = &mut c[class(u)];
        *k = k.saturating_add(1);
    }
    c
}
