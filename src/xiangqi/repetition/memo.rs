//! Work shared across the moves of one cycle: the analyses behind the labels
//! (24.2 杀, 24.3 捉) are pure functions of a position and their bounds, and
//! one cycle asks for the same ones many times — the threats of a position
//! before one move and after the one before it, the exchange that follows a
//! capture from every series of checks that reaches the same position, the
//! mate by checks after the same capture. [`Shared::begin`] opens a table
//! for the thread; while it is open, [`cached`] answers a question asked
//! before from the table instead of searching again.
//!
//! Every answer is stored whole, with the positions the search visited
//! when the caller counts them against a bound, so a label, a verdict or an
//! explanation cannot depend on whether the table was open. The table
//! holds at most [`crate::limits::MEMO_ENTRIES`] answers of each kind: a
//! kind that fills up is emptied and begins again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::limits::MEMO_ENTRIES;
use crate::xiangqi::board::{Color, Piece, Square};
use crate::xiangqi::position::{BoardKey, Move};
use crate::xiangqi::repetition::chase::{ChaseLimits, GainAnswer, LineResult, Threat, Window};
use crate::xiangqi::repetition::mate::{MateLimit, MateSearch, MatesInOne};
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::transposition::CLASSES;

/// A table of answers.
type Table<K, V> = HashMap<K, V, FastHash>;

/// The question [`crate::xiangqi::repetition::chase::threats`] answers.
/// Positions are keyed without their clocks ([`BoardKey`]) and values by
/// [`value_key`]: nothing searched depends on the rest.
type ThreatsKey = (BoardKey, ValueContext, ChaseLimits);
/// The question [`crate::xiangqi::repetition::mate::mate_by_checks_sparing`]
/// answers: the position, the pieces spared and the bound.
type MateKey = (BoardKey, Vec<(Square, Piece)>, MateLimit);
/// The exchange after a first capture, given the pieces already free, and
/// the floor below which the caller takes no exact line
/// (`chase::exchange_search_counted`).
type ExchangeKey = (BoardKey, Move, ValueContext, ChaseLimits, Vec<Square>, i32);
/// The best capture of one target.
type CaptureKey = (BoardKey, Square, ValueContext, ChaseLimits);
/// One node of a gain through checks (`chase::forced_gain`): the position,
/// and of the line that reached it what the node's search reads — what
/// each side has taken (as counts of each kind,
/// `transposition::counts`), the point last moved to (the checking
/// piece), the checks made and given, who is mated and whether the other
/// side's last capture was elsewhere —, the starting side, the values,
/// the bounds, and the window of gains the caller takes
/// (`chase::Window`: `chase::forced_gain_searched` stops outside it).
pub(crate) type GainNodeKey = (
    BoardKey,
    [u8; CLASSES],
    [u8; CLASSES],
    Option<Square>,
    (u32, u32),
    (Option<Color>, Option<bool>, Color),
    ValueContext,
    ChaseLimits,
    Window,
);

/// The part of a [`ValueContext`] values can depend on: the last move
/// counts (26.7: a pawn that has just crossed the river counts for
/// nothing, [`crate::xiangqi::repetition::protection::unit_at`]) only when
/// it crossed the river — from one half to the other —, so any other last
/// move is keyed as none, and the analyses after different quiet moves are
/// shared.
pub(crate) fn value_key(ctx: &ValueContext) -> ValueContext {
    ValueContext {
        last_move: ctx
            .last_move
            .filter(|m| m.from.on_own_half(Color::Red) != m.to.on_own_half(Color::Red)),
    }
}

/// The answers kept while a [`Shared`] is open.
#[derive(Default)]
pub(crate) struct Memo {
    /// [`crate::xiangqi::repetition::chase::threats`].
    pub(crate) threats: Table<ThreatsKey, Vec<Threat>>,
    /// [`crate::xiangqi::repetition::mate::mate_by_checks_sparing`].
    pub(crate) mates: Table<MateKey, MateSearch>,
    /// The exchange after a first capture, with the positions it visited.
    pub(crate) exchanges: Table<ExchangeKey, (LineResult, u64)>,
    /// The best capture of one target (`wins_piece`, `needed_for`).
    pub(crate) captures: Table<CaptureKey, Option<LineResult>>,
    /// The mates in one of [`crate::xiangqi::repetition::mate::mate_in_one`]
    /// and of every mate-by-checks search that spares nothing, with the
    /// positions those searches count for them (lent to each search while
    /// it runs, [`lend`]).
    pub(crate) mates_in_one: MatesInOne,
    /// The pieces free to take whose capture is not answered by as much
    /// (`chase::free_pieces_uncompensated`).
    pub(crate) free: Table<BoardKey, Vec<Square>>,
    /// The nodes of gains through checks (`chase::forced_gain`), each
    /// answer relative to the line it was given, with the positions its
    /// search counted.
    pub(crate) gains: Table<GainNodeKey, (Option<GainAnswer>, u64)>,
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// An open table of shared answers for this thread; closed when dropped.
/// Opening one while another is open shares the open one.
pub(crate) struct Shared {
    /// Whether this one opened the table (and closes it).
    opened: bool,
}

impl Shared {
    /// Opens the table for the thread, unless one is open already.
    pub(crate) fn begin() -> Shared {
        let opened = MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.is_some() {
                false
            } else {
                *m = Some(Memo::default());
                true
            }
        });
        Shared { opened }
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        if self.opened {
            MEMO.with(|m| *m.borrow_mut() = None);
        }
    }
}

/// The answer to `key` in the table `table` picks, computed by `compute`
/// when the table holds none (or no table is open). The table is not
/// borrowed while `compute` runs, so it may ask further questions.
pub(crate) fn cached<K, V>(
    table: fn(&mut Memo) -> &mut Table<K, V>,
    key: K,
    compute: impl FnOnce() -> V,
) -> V
where
    K: Hash + Eq,
    V: Clone,
{
    let found = MEMO.with(|m| {
        m.borrow_mut()
            .as_mut()
            .map(|memo| table(memo).get(&key).cloned())
    });
    match found {
        // No table open.
        None => compute(),
        Some(Some(v)) => v,
        Some(None) => {
            let v = compute();
            MEMO.with(|m| {
                if let Some(memo) = m.borrow_mut().as_mut() {
                    let t = table(memo);
                    if t.len() >= MEMO_ENTRIES {
                        t.clear();
                    }
                    t.insert(key, v.clone());
                }
            });
            v
        }
    }
}

/// The answer to `key` in the table `table` picks, if one is open and holds
/// it — for callers that decide themselves whether a stored answer may be
/// taken (an answer counted against a bound the caller has partly spent).
pub(crate) fn recall<K, V>(table: fn(&mut Memo) -> &mut Table<K, V>, key: &K) -> Option<V>
where
    K: Hash + Eq,
    V: Clone,
{
    MEMO.with(|m| {
        m.borrow_mut()
            .as_mut()
            .and_then(|memo| table(memo).get(key).cloned())
    })
}

/// Stores `value` for `key` in the table `table` picks, if one is open
/// (emptied first when full, as [`cached`] does).
pub(crate) fn remember<K, V>(table: fn(&mut Memo) -> &mut Table<K, V>, key: K, value: V)
where
    K: Hash + Eq,
{
    MEMO.with(|m| {
        if let Some(memo) = m.borrow_mut().as_mut() {
            let t = table(memo);
            if t.len() >= MEMO_ENTRIES {
                t.clear();
            }
            t.insert(key, value);
        }
    });
}

/// The table `table` picks, taken out of the open table of shared answers
/// to be used without borrowing it at every step (emptied first when
/// full, as [`cached`] does); none when no table is open. Given back by
/// [`give_back`].
pub(crate) fn lend<K, V>(table: fn(&mut Memo) -> &mut Table<K, V>) -> Option<Table<K, V>> {
    MEMO.with(|m| {
        m.borrow_mut().as_mut().map(|memo| {
            let t = std::mem::take(table(memo));
            if t.len() >= MEMO_ENTRIES {
                Table::default()
            } else {
                t
            }
        })
    })
}

/// Gives back a table [`lend`] lent, if the table of shared answers is
/// still open.
pub(crate) fn give_back<K, V>(table: fn(&mut Memo) -> &mut Table<K, V>, lent: Table<K, V>) {
    MEMO.with(|m| {
        if let Some(memo) = m.borrow_mut().as_mut() {
            *table(memo) = lent;
        }
    });
}

/// A fast hash for the tables' keys (positions, moves, points): the
/// standard library's default is built to resist chosen keys, which costs
/// more than the searches save on small keys; the keys here are positions
/// the search itself reaches.
pub(crate) type FastHash = BuildHasherDefault<Fx>;

/// A multiply–rotate hash over eight bytes at a time.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::position::Position;
    use crate::xiangqi::repetition::protection::unit_at;

    /// Every pawn of either side on every point, after every last move
    /// between two points of a few files: the value [`unit_at`] gives is
    /// the same under the context and under its [`value_key`], and the key
    /// keeps the last move exactly when it crossed the river.
    #[test]
    fn the_value_key_keeps_what_values_read() {
        let fens = [
            // Red pawns across the river and at home, black ones too.
            "4k4/9/9/P1P1P1P1P/p1p1p1p1p/P1P1P1P1P/p1p1p1p1p/9/9/4K4 w - - 0 1",
            "3k5/9/9/1P1P1P1P1/1p1p1p1p1/1P1P1P1P1/1p1p1p1p1/9/9/5K3 b - - 0 1",
        ];
        let mut crossing = 0;
        for fen in fens {
            let pos = Position::from_fen_with(fen, crate::xiangqi::position::Validation::Relaxed)
                .unwrap();
            for from in (0..90).filter_map(Square::from_index) {
                for to in (0..90).filter_map(Square::from_index) {
                    let ctx = ValueContext {
                        last_move: Some(Move::new(from, to)),
                    };
                    let key = value_key(&ctx);
                    let crosses = from.on_own_half(Color::Red) != to.on_own_half(Color::Red);
                    assert_eq!(key.last_move.is_some(), crosses, "{from}{to}");
                    crossing += usize::from(crosses);
                    for sq in (0..90).filter_map(Square::from_index) {
                        assert_eq!(
                            unit_at(&pos, sq, &ctx),
                            unit_at(&pos, sq, &key),
                            "{fen}: {sq} after {from}{to}"
                        );
                    }
                }
            }
        }
        assert_eq!(crossing, 2 * 2 * 45 * 45);
    }
}
