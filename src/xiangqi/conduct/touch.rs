//! Touch-move (摸子走子, 5.1–5.5) and the foul of touching a piece to no
//! purpose (8.1.5).
//!
//! [`touch_move`] takes the pieces the side to move touched, in order, and
//! says which legal moves satisfy the obligation, or that the player is
//! free to move anything:
//!
//! * 5.1: a touched own piece must be moved, unless it cannot move at all;
//! * 5.2: a touched opponent's piece must be taken, unless no own piece can
//!   take it;
//! * 5.3: own piece first, then the opponent's: the first must take the
//!   second (5.3.1); else the first must move (5.3.2); else another piece
//!   must take the second (5.3.3); else the move is free (5.3.4);
//! * 5.4: the opponent's piece first, then an own one: the second must take
//!   the first (5.4.1); else another piece must take it (5.4.2); else the
//!   own piece must move (5.4.3); else free (5.4.4);
//! * 5.5: both at once: as 5.4.
//!
//! 8.1.5 is a foul when a touched own piece cannot move or a touched
//! opponent's piece cannot be taken by any own piece; one touching episode
//! (the touches of one turn) is one foul.
//!
//! Where the book is silent qigui decides, and says so in `spec/conduct.md`:
//! "根本不能走" means "has no legal move" (a move that would expose the
//! mover's own king is 自杀, which no rule can oblige a player to make);
//! two own pieces touched bind the first that can move (5.1 applied in
//! order: after touching an immovable piece the player "可以另走他子", and
//! the next piece touched is the one chosen); likewise two opponent's pieces
//! bind the first that can be taken. More than two pieces are not ruled on.

use thiserror::Error;

use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::position::{Move, Position};

/// What the touches oblige the player to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// Any legal move.
    Free,
    /// One of these legal moves.
    Moves(Vec<Move>),
}

impl Obligation {
    /// Whether `mv` satisfies the obligation.
    pub fn allows(&self, mv: Move) -> bool {
        match self {
            Obligation::Free => true,
            Obligation::Moves(v) => v.contains(&mv),
        }
    }
}

/// Which step of 5.1–5.5 decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// 5.1.
    Own,
    /// 5.2.
    Opponent,
    /// 5.3.k (k = 1..4).
    OwnThenOpponent(u8),
    /// 5.4.k (k = 1..4); with `simultaneous`, 5.5.
    OpponentThenOwn(u8),
}

/// The ruling on a touching episode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TouchRuling {
    /// What the player must do.
    pub obligation: Obligation,
    /// The step of 5.1–5.4 that decided.
    pub step: Step,
    /// Whether the touches were simultaneous (5.5).
    pub simultaneous: bool,
    /// 8.1.5: a touched own piece that cannot move.
    pub foul_own: bool,
    /// 8.1.5: a touched opponent's piece that no own piece can take.
    pub foul_opponent: bool,
}

impl TouchRuling {
    /// Whether the episode is a foul (8.1.5).
    pub fn foul(&self) -> bool {
        self.foul_own || self.foul_opponent
    }
}

/// Touches that cannot be ruled on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TouchError {
    /// Nothing was touched.
    #[error("no piece was touched")]
    Empty,
    /// A touched point is empty.
    #[error("nothing stands on {0}")]
    EmptyPoint(Square),
    /// More than two pieces, or the same piece twice.
    #[error(
        "{0}: the book orders one own and one opponent's piece (5.3–5.5); qigui rules on at most two different pieces"
    )]
    TooMany(String),
    /// Simultaneous touches of two pieces of one side.
    #[error(
        "5.5 concerns an own and an opponent's piece touched at once; {0} and {1} belong to one side"
    )]
    SimultaneousSameSide(Square, Square),
}

fn moves_of(legal: &[Move], sq: Square) -> Vec<Move> {
    legal.iter().copied().filter(|m| m.from == sq).collect()
}

fn captures_of(legal: &[Move], sq: Square) -> Vec<Move> {
    legal.iter().copied().filter(|m| m.to == sq).collect()
}

/// 5.3 (`own_first`) and 5.4 (and 5.5): an own piece and an opponent's
/// piece touched. The own piece takes the other (5.3.1, 5.4.1); else 5.3
/// has the own piece move (5.3.2) before another piece takes the
/// opponent's (5.3.3), and 5.4 the reverse (5.4.2, 5.4.3); else the move
/// is free (5.3.4, 5.4.4). Returns the obligation, the step, and the
/// 8.1.5 fouls (own piece immovable, opponent's piece untakeable).
fn own_and_opponent(
    legal: &[Move],
    own: Square,
    opp: Square,
    own_first: bool,
) -> (Obligation, Step, bool, bool) {
    let own_moves = moves_of(legal, own);
    let takers = captures_of(legal, opp);
    let foul_own = own_moves.is_empty();
    let foul_opp = takers.is_empty();
    let direct: Vec<Move> = own_moves.iter().copied().filter(|m| m.to == opp).collect();
    let (second, third) = if own_first {
        (own_moves, takers)
    } else {
        (takers, own_moves)
    };
    let (obligation, k) = if !direct.is_empty() {
        (Obligation::Moves(direct), 1)
    } else if !second.is_empty() {
        (Obligation::Moves(second), 2)
    } else if !third.is_empty() {
        (Obligation::Moves(third), 3)
    } else {
        (Obligation::Free, 4)
    };
    let step = if own_first {
        Step::OwnThenOpponent(k)
    } else {
        Step::OpponentThenOwn(k)
    };
    (obligation, step, foul_own, foul_opp)
}

/// Rules on the pieces the side to move touched, in order (5.1–5.5, 8.1.5).
pub fn touch_move(
    pos: &Position,
    touches: &[Square],
    simultaneous: bool,
) -> Result<TouchRuling, TouchError> {
    let me: Color = pos.turn();
    let mut pieces = Vec::new();
    for &sq in touches {
        let p = pos.piece_at(sq).ok_or(TouchError::EmptyPoint(sq))?;
        pieces.push((sq, p.color == me));
    }
    let legal: Vec<Move> = pos.legal_moves().as_slice().to_vec();
    let ruling = |obligation, step, foul_own, foul_opponent| TouchRuling {
        obligation,
        step,
        simultaneous,
        foul_own,
        foul_opponent,
    };
    let list = || {
        touches
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match pieces.as_slice() {
        [] => Err(TouchError::Empty),
        [(a, _), (b, _)] if a == b => Err(TouchError::TooMany(list())),
        [(sq, true)] => {
            let m = moves_of(&legal, *sq);
            Ok(if m.is_empty() {
                ruling(Obligation::Free, Step::Own, true, false)
            } else {
                ruling(Obligation::Moves(m), Step::Own, false, false)
            })
        }
        [(sq, false)] => {
            let c = captures_of(&legal, *sq);
            Ok(if c.is_empty() {
                ruling(Obligation::Free, Step::Opponent, false, true)
            } else {
                ruling(Obligation::Moves(c), Step::Opponent, false, false)
            })
        }
        [(a, true), (b, true)] | [(a, false), (b, false)] if simultaneous => {
            Err(TouchError::SimultaneousSameSide(*a, *b))
        }
        [(a, true), (b, true)] => {
            // 5.1 in order: the first piece binds if it can move; touching an
            // immovable piece frees the player, and the next piece touched is
            // the one chosen.
            let ma = moves_of(&legal, *a);
            if !ma.is_empty() {
                return Ok(ruling(Obligation::Moves(ma), Step::Own, false, false));
            }
            let mb = moves_of(&legal, *b);
            Ok(if mb.is_empty() {
                ruling(Obligation::Free, Step::Own, true, false)
            } else {
                ruling(Obligation::Moves(mb), Step::Own, true, false)
            })
        }
        [(a, false), (b, false)] => {
            let ca = captures_of(&legal, *a);
            if !ca.is_empty() {
                return Ok(ruling(Obligation::Moves(ca), Step::Opponent, false, false));
            }
            let cb = captures_of(&legal, *b);
            Ok(if cb.is_empty() {
                ruling(Obligation::Free, Step::Opponent, false, true)
            } else {
                ruling(Obligation::Moves(cb), Step::Opponent, false, true)
            })
        }
        [(own, true), (opp, false)] if !simultaneous => {
            let (obligation, step, foul_own, foul_opp) = own_and_opponent(&legal, *own, *opp, true);
            Ok(ruling(obligation, step, foul_own, foul_opp))
        }
        [(opp, false), (own, true)] | [(own, true), (opp, false)] => {
            // 5.4, and 5.5 for simultaneous touches in either order.
            let (obligation, step, foul_own, foul_opp) =
                own_and_opponent(&legal, *own, *opp, false);
            Ok(ruling(obligation, step, foul_own, foul_opp))
        }
        _ => Err(TouchError::TooMany(list())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn own_piece_must_move() {
        let pos = Position::start();
        let r = touch_move(&pos, &[sq("b0")], false).unwrap();
        assert_eq!(r.step, Step::Own);
        assert!(!r.foul());
        match r.obligation {
            Obligation::Moves(m) => assert_eq!(m.len(), 2),
            Obligation::Free => panic!("bound"),
        }
        // The checked king cannot step out: free, and a foul.
        let pos = Position::from_fen("3k5/9/9/9/4r4/9/9/9/9/3AKA3 w - - 0 1").unwrap();
        let r = touch_move(&pos, &[sq("e0")], false).unwrap();
        assert_eq!(r.obligation, Obligation::Free);
        assert!(r.foul_own);
    }

    #[test]
    fn errors() {
        let pos = Position::start();
        assert_eq!(touch_move(&pos, &[], false), Err(TouchError::Empty));
        assert!(matches!(
            touch_move(&pos, &[sq("e5")], false),
            Err(TouchError::EmptyPoint(_))
        ));
        assert!(touch_move(&pos, &[sq("a0"), sq("a0")], false).is_err());
        assert!(touch_move(&pos, &[sq("a0"), sq("b0"), sq("c0")], false).is_err());
    }
}
