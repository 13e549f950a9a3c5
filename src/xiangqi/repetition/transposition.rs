//! No clause: the transposition table of the exchange search (24.3, the
//! captures that follow a first capture, [`crate::xiangqi::repetition::chase`]).
//!
//! One exchange search reaches the same position by several orders of
//! captures (the rook takes the horse then the cannon, or the cannon then
//! the horse). What the search does below a node depends on the position,
//! on the line so far only through what each side has taken (its value,
//! 1.2 and 26.7, is a function of the pieces, not of their order), the
//! point last moved to, whether the other side's last capture was
//! elsewhere (26.5), and on the plies, checks and alpha–beta window left:
//! a [`Node`] holds exactly these. A stored answer is what the node's
//! search appended to the line, with the positions it visited; it is
//! taken only when searching again would not reach the node bound, and
//! its positions are counted as visited, so the line found and whether the
//! bound was reached are exactly those of the search without the table.

use std::collections::HashMap;

use crate::limits::EXCHANGE_TABLE_ENTRIES;
use crate::xiangqi::board::{PieceKind, Square};
use crate::xiangqi::position::BoardKey;
use crate::xiangqi::repetition::material::Unit;
use crate::xiangqi::repetition::memo::FastHash;

/// One node of an exchange search, as far as its result depends on it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    board: BoardKey,
    /// How many units of each kind the starting side has gained ([`class`]).
    gained: [u8; CLASSES],
    /// And lost.
    lost: [u8; CLASSES],
    last_to: Option<Square>,
    last_reply_elsewhere: Option<bool>,
    plies: u32,
    checks_left: u32,
    window: (i32, i32),
}

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

impl Node {
    /// The node of a search at `board` after a line that gained `gained`,
    /// lost `lost`, last moved to `last_to`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the node's parts, each named by the search that reads it"
    )]
    pub(crate) fn new(
        board: BoardKey,
        gained: &[Unit],
        lost: &[Unit],
        last_to: Option<Square>,
        last_reply_elsewhere: Option<bool>,
        plies: u32,
        checks_left: u32,
        window: (i32, i32),
    ) -> Node {
        Node {
            board,
            gained: counts(gained),
            lost: counts(lost),
            last_to,
            last_reply_elsewhere,
            plies,
            checks_left,
            window,
        }
    }
}

/// The answers of one exchange search, at most [`EXCHANGE_TABLE_ENTRIES`].
pub(crate) struct Table<V> {
    map: HashMap<Node, (V, u64), FastHash>,
}

impl<V: Copy> Table<V> {
    pub(crate) fn new() -> Table<V> {
        Table {
            map: HashMap::default(),
        }
    }

    /// The answer stored for `node` and the positions its search visited.
    #[inline]
    pub(crate) fn get(&self, node: &Node) -> Option<(V, u64)> {
        self.map.get(node).copied()
    }

    /// Stores an answer, unless the table is full.
    #[inline]
    pub(crate) fn put(&mut self, node: Node, answer: V, visited: u64) {
        if self.map.len() < EXCHANGE_TABLE_ENTRIES {
            self.map.insert(node, (answer, visited));
        }
    }
}
