//! Material values and whether a trade gains (1.2, 26.6, 26.7).
//!
//! * 1.2: a rook is worth two horses, two cannons or a horse and a cannon;
//!   a horse equals a cannon; rooks, horses and cannons are strong pieces
//!   (强子); an advisor equals an elephant, and they are weak pieces (弱子);
//!   a pawn across the river has a floating value.
//! * 26.6: one strong piece given for several weak ones is not a gain; one or
//!   more weak pieces given for any strong piece is: strong pieces outweigh
//!   any number of weak ones.
//! * 26.7: the floating value of a crossed pawn is below a rook: giving a
//!   pawn (to check) to win a rook is a gain; exchanging a pawn or pawns for
//!   any other piece or pieces (advisors and elephants included) is not a
//!   gain for either side; taking a pawn that has not crossed the river, or
//!   one that has just crossed, is not a gain.
//!
//! A trade is described by what a side gains and what it loses; [`judge`]
//! says whether that is a gain, even, or a loss for it.

use crate::xiangqi::board::PieceKind;

/// A piece as material: its kind and, for pawns, whether it counts (a pawn
/// across the river that did not just cross).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The kind.
    pub kind: PieceKind,
    /// For a pawn: whether it has value (crossed, and not just crossed).
    pub counts: bool,
}

impl Unit {
    /// A piece of a kind other than a pawn, or a pawn with value.
    pub fn new(kind: PieceKind) -> Unit {
        Unit { kind, counts: true }
    }

    /// A pawn; `counts` is false for one that has not crossed or just crossed.
    pub fn pawn(counts: bool) -> Unit {
        Unit {
            kind: PieceKind::Pawn,
            counts,
        }
    }
}

/// The result of a trade for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Trade {
    /// The side loses material value.
    Loss,
    /// Neither gains (including pawns for pieces other than a rook, 26.7).
    Even,
    /// The side gains material (得子).
    Gain,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    /// Strong units: rook 2, horse 1, cannon 1 (1.2).
    strong: i32,
    /// Weak units: advisor 1, elephant 1.
    weak: i32,
    /// Rooks among them.
    rooks: i32,
    /// Pawns with value.
    pawns: i32,
    /// Kings (never traded in a legal sequence; counted to be safe).
    kings: i32,
}

fn tally(units: &[Unit]) -> Tally {
    let mut t = Tally::default();
    for u in units {
        match u.kind {
            PieceKind::Rook => {
                t.strong += 2;
                t.rooks += 1;
            }
            PieceKind::Horse | PieceKind::Cannon => t.strong += 1,
            PieceKind::Advisor | PieceKind::Elephant => t.weak += 1,
            PieceKind::Pawn => {
                if u.counts {
                    t.pawns += 1;
                }
            }
            PieceKind::King => t.kings += 1,
        }
    }
    t
}

/// Whether gaining `gained` for `lost` is a gain, even, or a loss.
pub fn judge(gained: &[Unit], lost: &[Unit]) -> Trade {
    let g = tally(gained);
    let l = tally(lost);
    if g.kings != l.kings {
        return if g.kings > l.kings {
            Trade::Gain
        } else {
            Trade::Loss
        };
    }
    let ds = g.strong - l.strong;
    let dw = g.weak - l.weak;
    let dp = g.pawns - l.pawns;
    // The pieces other than pawns: strong outweighs weak (26.6).
    let pieces = if ds != 0 { ds.signum() } else { dw.signum() };
    match (pieces, dp.signum()) {
        (0, 0) => Trade::Even,
        // Only pawns change hands: a pawn with value is a gain (26.7 counts
        // only uncrossed and just-crossed pawns as nothing).
        (0, 1) => Trade::Gain,
        (0, _) => Trade::Loss,
        // Pieces gained and pawns not lost.
        (1, 0 | 1) => Trade::Gain,
        (-1, 0 | -1) => Trade::Loss,
        // Pieces gained for pawns: a gain only when a rook's worth is won
        // (pawns are below a rook, 26.7); otherwise pawns for pieces is even.
        (1, _) => {
            if ds >= 2 && g.rooks > l.rooks {
                Trade::Gain
            } else {
                Trade::Even
            }
        }
        // Pieces lost for pawns: the mirror image.
        (_, _) => {
            if -ds >= 2 && l.rooks > g.rooks {
                Trade::Loss
            } else {
                Trade::Even
            }
        }
    }
}

/// A trade kept as it grows, one unit at a time: what [`judge`] reads of
/// the two tallies is only their differences (strong, weak, pawns with
/// value, kings, and whether more rooks were gained than lost), so one
/// difference per count answers in constant time what [`judge`] answers by
/// counting both lists again. The exchange search keeps one along its line
/// and judges it at every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Balance {
    strong: i8,
    weak: i8,
    rooks: i8,
    pawns: i8,
    kings: i8,
}

impl Balance {
    /// `sign` 1 for a unit gained, -1 for one lost (the counts of
    /// [`tally`]; a line holds at most a few dozen units, far inside `i8`).
    fn add(&mut self, u: Unit, sign: i8) {
        match u.kind {
            PieceKind::Rook => {
                self.strong += 2 * sign;
                self.rooks += sign;
            }
            PieceKind::Horse | PieceKind::Cannon => self.strong += sign,
            PieceKind::Advisor | PieceKind::Elephant => self.weak += sign,
            PieceKind::Pawn => {
                if u.counts {
                    self.pawns += sign;
                }
            }
            PieceKind::King => self.kings += sign,
        }
    }

    /// The balance of a trade that gains, less what it loses, `rooks`
    /// rooks, `minor` horses or cannons, `weak` advisors or elephants and
    /// `pawns` pawns with value (negative counts for more lost than
    /// gained); in `i8`, as the counts of one board are.
    pub(crate) fn of_counts(rooks: i8, minor: i8, weak: i8, pawns: i8) -> Balance {
        Balance {
            strong: 2 * rooks + minor,
            weak,
            rooks,
            pawns,
            kings: 0,
        }
    }

    /// The balance of two trades made one after the other.
    pub(crate) fn plus(self, o: Balance) -> Balance {
        Balance {
            strong: self.strong + o.strong,
            weak: self.weak + o.weak,
            rooks: self.rooks + o.rooks,
            pawns: self.pawns + o.pawns,
            kings: self.kings + o.kings,
        }
    }

    /// Whether a king was taken on either side (never in a line of legal
    /// moves).
    pub(crate) fn has_kings(&self) -> bool {
        self.kings != 0
    }

    /// One more unit gained.
    pub(crate) fn gain(&mut self, u: Unit) {
        self.add(u, 1);
    }

    /// One more unit lost.
    pub(crate) fn lose(&mut self, u: Unit) {
        self.add(u, -1);
    }

    /// [`judge`] of everything gained and lost so far (the same answer:
    /// the same tests on the same differences; `g.rooks > l.rooks` is
    /// `rooks > 0`).
    pub(crate) fn judge(&self) -> Trade {
        if self.kings != 0 {
            return if self.kings > 0 {
                Trade::Gain
            } else {
                Trade::Loss
            };
        }
        let (ds, dw, dp) = (self.strong, self.weak, self.pawns);
        let pieces = if ds != 0 { ds.signum() } else { dw.signum() };
        match (pieces, dp.signum()) {
            (0, 0) => Trade::Even,
            (0, 1) => Trade::Gain,
            (0, _) => Trade::Loss,
            (1, 0 | 1) => Trade::Gain,
            (-1, 0 | -1) => Trade::Loss,
            (1, _) => {
                if ds >= 2 && self.rooks > 0 {
                    Trade::Gain
                } else {
                    Trade::Even
                }
            }
            (_, _) => {
                if -ds >= 2 && self.rooks < 0 {
                    Trade::Loss
                } else {
                    Trade::Even
                }
            }
        }
    }
}

/// A rough numeric value for ordering exchanges (the least valuable attacker
/// captures first); rulings use [`judge`].
pub fn order_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Horse | PieceKind::Cannon => 4,
        PieceKind::Rook => 9,
        PieceKind::King => 100,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceKind::*;

    fn u(k: &[PieceKind]) -> Vec<Unit> {
        k.iter().map(|&k| Unit::new(k)).collect()
    }

    /// Every multiset of at most four units gained against every one of at
    /// most four lost: the running balance judges as [`judge`] does.
    #[test]
    fn balance_judges_as_judge() {
        let kinds = [
            Unit::new(Rook),
            Unit::new(Horse),
            Unit::new(Cannon),
            Unit::new(Advisor),
            Unit::new(Elephant),
            Unit::pawn(true),
            Unit::pawn(false),
            Unit::new(King),
        ];
        fn multisets(kinds: &[Unit], max: usize) -> Vec<Vec<Unit>> {
            let mut out = vec![Vec::new()];
            let mut frontier = vec![(Vec::new(), 0usize)];
            for _ in 0..max {
                let mut next = Vec::new();
                for (set, from) in &frontier {
                    for (i, &k) in kinds.iter().enumerate().skip(*from) {
                        let mut s: Vec<Unit> = set.clone();
                        s.push(k);
                        out.push(s.clone());
                        next.push((s, i));
                    }
                }
                frontier = next;
            }
            out
        }
        let sets = multisets(&kinds, 4);
        assert_eq!(sets.len(), 495);
        for g in &sets {
            for l in &sets {
                let mut b = Balance::default();
                // Interleaved, as a line gains and loses.
                for i in 0..g.len().max(l.len()) {
                    if let Some(&u) = l.get(i) {
                        b.lose(u);
                    }
                    if let Some(&u) = g.get(i) {
                        b.gain(u);
                    }
                }
                assert_eq!(b.judge(), judge(g, l), "{g:?} for {l:?}");
            }
        }
    }

    #[test]
    fn value_model() {
        // 1.2: a rook equals two horses, a horse a cannon, an advisor an elephant.
        assert_eq!(judge(&u(&[Rook]), &u(&[Horse, Cannon])), Trade::Even);
        assert_eq!(judge(&u(&[Horse]), &u(&[Cannon])), Trade::Even);
        assert_eq!(judge(&u(&[Advisor]), &u(&[Elephant])), Trade::Even);
        assert_eq!(judge(&u(&[Rook]), &u(&[Horse])), Trade::Gain);
        // 26.6: one strong for several weak is not a gain; weak for strong is.
        assert_eq!(judge(&u(&[Advisor, Elephant]), &u(&[Horse])), Trade::Loss);
        assert_eq!(judge(&u(&[Horse]), &u(&[Advisor, Elephant])), Trade::Gain);
        // 26.7: a pawn for a rook is a gain; pawns for other pieces are even.
        assert_eq!(judge(&u(&[Rook]), &[Unit::pawn(true)]), Trade::Gain);
        assert_eq!(judge(&u(&[Horse]), &[Unit::pawn(true)]), Trade::Even);
        assert_eq!(judge(&u(&[Advisor]), &[Unit::pawn(true)]), Trade::Even);
        assert_eq!(judge(&[Unit::pawn(true)], &u(&[Elephant])), Trade::Even);
        assert_eq!(judge(&[Unit::pawn(true)], &[]), Trade::Gain);
        assert_eq!(judge(&[Unit::pawn(false)], &[]), Trade::Even);
        assert_eq!(judge(&[], &u(&[Horse])), Trade::Loss);
    }
}
