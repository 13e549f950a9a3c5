//! Playing a stone (落子): captures (提子), forbidden points (禁着点) and ko
//! (打劫, 回提).
//!
//! A move puts a stone of the side to move on an empty intersection
//! (行棋规则.基本规则: 已有棋子的交叉点不能下子). Then, in this order:
//!
//! 1. 提子 (活动方案.一.2, 规则.(五)): every group of the opponent's left
//!    without a liberty is taken off the board at once.
//! 2. 禁着点 (活动方案.一.3, 规则.(六)): if the mover's own group is then
//!    without a liberty, the move was onto a forbidden point and is not
//!    allowed. A move that captures is never forbidden (规则.(六).说明,
//!    图7–图8): its captures give it a liberty.
//! 3. 回提 (活动方案.一.4, 规则.(七)): when a move captures exactly one
//!    stone and the opponent could capture back exactly one stone at once —
//!    the capturing stone stands alone with the captured point as its only
//!    liberty — the opponent must play at least one move elsewhere first
//!    (打劫). A recapture that takes more than one stone (倒扑, snapback) is
//!    allowed at once (活动方案.一.4: 提回来一子或几子; only one-for-one is
//!    restricted). A pass (虚着) counts as the move elsewhere.
//!
//! [`KoRule::PositionalSuperko`] is an option 003 does not have: a move may
//! not recreate any whole-board position of the game so far. Under 003's
//! simple ko rule a cycle such as 三劫连环 can repeat; [`crate::go::game`]
//! stops it and applies 胜负计算.和棋.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Point, Stone};

/// The ko rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// 003's rule (活动方案.一.4): an immediate one-for-one recapture is
    /// forbidden; nothing else is.
    #[default]
    Simple,
    /// Not in 003, an option: besides the simple rule, a move may not
    /// recreate a whole-board position that occurred earlier in the game
    /// (whoever was to move then).
    PositionalSuperko,
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// 规则.(三): not an intersection of this board.
    #[error("not an intersection of this board (规则.(三))")]
    OffBoard,
    /// 行棋规则.基本规则: 已有棋子的交叉点不能下子.
    #[error("the point is occupied (已有棋子的交叉点不能下子)")]
    Occupied,
    /// 活动方案.一.3, 规则.(六): the stone would be without liberties and
    /// captures nothing.
    #[error("a forbidden point (禁着点): the stone would have no liberty and captures nothing")]
    Suicide,
    /// 活动方案.一.4, 规则.(七): an immediate one-for-one recapture.
    #[error("ko (打劫): an immediate one-for-one recapture; play elsewhere first (活动方案.一.4)")]
    Ko,
    /// The positional superko option: the move recreates an earlier position.
    #[error(
        "positional superko (an option, not 003's rule): the move recreates an earlier position"
    )]
    Superko,
}

impl Illegal {
    /// The corpus code: `off-board`, `occupied`, `suicide`, `ko`, `superko`.
    pub const fn code(self) -> &'static str {
        match self {
            Illegal::OffBoard => "off-board",
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko => "superko",
        }
    }
}

/// A position: the board, the side to move, and the point the side to move
/// may not retake at once (打劫).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_move: Stone,
    ko: Option<Point>,
    /// Stones captured so far by black and by white (提子数).
    prisoners: [u32; 2],
}

/// What a played move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after it.
    pub position: Position,
    /// The stones it captured.
    pub captured: BTreeSet<Point>,
}

impl Position {
    /// A position with `to_move` to play and no ko.
    pub fn new(board: Board, to_move: Stone) -> Position {
        Position {
            board,
            to_move,
            ko: None,
            prisoners: [0, 0],
        }
    }

    /// The same position with a ko point set (the side to move may not
    /// retake there at once), e.g. for a position taken from mid-game.
    pub fn with_ko(mut self, ko: Option<Point>) -> Position {
        self.ko = ko;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    /// The point the side to move may not play at once, if a one-for-one
    /// recapture there would be forbidden (打劫).
    pub fn ko(&self) -> Option<Point> {
        self.ko
    }

    /// Stones captured by black and by white so far.
    pub fn prisoners(&self) -> [u32; 2] {
        self.prisoners
    }

    /// Plays a stone of the side to move at `p` under the simple ko rule
    /// (superko needs the game's history: `crate::go::game`).
    pub fn play(&self, p: Point) -> Result<Played, Illegal> {
        let me = self.to_move;
        if !self.board.contains(p) {
            return Err(Illegal::OffBoard);
        }
        if self.board.get(p).is_some() {
            return Err(Illegal::Occupied);
        }
        let mut board = self.board.clone();
        board.set(p, Some(me));
        // 1. 提子: the opponent's groups next to the stone without a liberty.
        let mut captured = BTreeSet::new();
        let neighbours: Vec<Point> = board.neighbours(p).collect();
        for q in neighbours {
            if board.get(q) == Some(me.opponent())
                && !captured.contains(&q)
                && let Some(g) = board.group(q)
                && g.liberties.is_empty()
            {
                captured.extend(g.stones);
            }
        }
        for &q in &captured {
            board.set(q, None);
        }
        // 2. 禁着点.
        let own = board.group(p).ok_or(Illegal::Occupied)?;
        if own.liberties.is_empty() {
            return Err(Illegal::Suicide);
        }
        // 3. 回提: the retake of a one-stone capture that itself takes one.
        if self.ko == Some(p) && captured.len() == 1 {
            return Err(Illegal::Ko);
        }
        let ko = if captured.len() == 1 && own.stones.len() == 1 && own.liberties.len() == 1 {
            own.liberties.iter().next().copied()
        } else {
            None
        };
        let mut prisoners = self.prisoners;
        prisoners[me.index()] += captured.len() as u32;
        Ok(Played {
            position: Position {
                board,
                to_move: me.opponent(),
                ko,
                prisoners,
            },
            captured,
        })
    }

    /// A pass (虚着): the turn goes to the opponent, and the ko restriction
    /// lapses (the pass is the move elsewhere 活动方案.一.4 asks for).
    pub fn pass(&self) -> Position {
        Position {
            board: self.board.clone(),
            to_move: self.to_move.opponent(),
            ko: None,
            prisoners: self.prisoners,
        }
    }

    /// Every empty point the side to move may not play, with the reason
    /// (simple ko rule).
    pub fn forbidden_points(&self) -> Vec<(Point, Illegal)> {
        self.board
            .all_points()
            .filter(|&p| self.board.get(p).is_none())
            .filter_map(|p| self.play(p).err().map(|e| (p, e)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::board::Diagram;

    fn pos(rows: &str, to_move: Stone) -> Position {
        Position::new(Diagram::parse(rows, None).unwrap().board, to_move)
    }

    fn pt(s: &str, n: u8) -> Point {
        Point::parse(s, n).unwrap()
    }

    #[test]
    fn capture_in_the_corner() {
        let p = pos("O X . .\n. . . .\n. . . .\n. . . .", Stone::Black);
        let r = p.play(pt("A3", 4)).unwrap();
        assert_eq!(r.captured.len(), 1);
        assert_eq!(r.position.board().get(pt("A4", 4)), None);
        assert_eq!(r.position.prisoners(), [1, 0]);
    }

    #[test]
    fn suicide_and_capturing_exception() {
        let p = pos(". O . .\nO . . .\n. . . .\n. . . .", Stone::Black);
        assert_eq!(p.play(pt("A4", 4)).unwrap_err(), Illegal::Suicide);
        assert_eq!(p.play(pt("B4", 4)).unwrap_err(), Illegal::Occupied);
    }

    #[test]
    fn ko_then_elsewhere() {
        // A ko in the middle of a 5×5 board.
        let p = pos(
            ". X O . .\nX O . O .\n. X O . .\n. . . . .\n. . . . .",
            Stone::Black,
        );
        let r = p.play(pt("C4", 5)).unwrap();
        assert_eq!(r.captured.len(), 1);
        let w = r.position;
        assert_eq!(w.ko(), Some(pt("B4", 5)));
        assert_eq!(w.play(pt("B4", 5)).unwrap_err(), Illegal::Ko);
        let b = w.play(pt("E1", 5)).unwrap().position;
        let w2 = b.play(pt("A1", 5)).unwrap().position;
        assert!(w2.play(pt("B4", 5)).is_ok());
    }
}
