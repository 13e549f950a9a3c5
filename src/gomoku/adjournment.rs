//! Adjournment (article 20 比赛中断).
//!
//! 20.1: the referee records the position (the time for it is not the
//! players', 20.1.1) and stops the clocks (20.1.4); the player to move
//! writes his next move down unseen (20.1.3), and it must be a legal move,
//! or he loses (20.1.6 封棋着法必须是合乎规则的着法。否则判负). 20.2: the
//! envelope is opened, the players confirm the position and the times left
//! (20.2.3), and the player to move plays the sealed move and presses his
//! clock (20.2.4).
//!
//! In a record the adjournment is the event `adjourn` after the last move
//! before it; the sealed move is the record's next action, checked like any
//! other when the game resumes, except that an illegal one is not an error
//! of the record but the sealer's loss (20.1.6). A sealed move that cannot
//! be read as one move (`sealed: unclear`) or was never written (`sealed:
//! none`) is no legal move either: the sealer loses when the envelope is
//! opened (qigui's reading of 20.1.6, `spec/gomoku.md`). The clocks stand
//! still across the break; the sealed move's entry in `times` is all the
//! time the sealer used for it, before sealing and on resuming.

use serde::{Deserialize, Serialize};

/// What the envelope holds (20.1.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuSealed"))]
#[serde(rename_all = "kebab-case")]
pub enum Sealed {
    /// A move written down: the record's next action.
    #[default]
    Written,
    /// A note that is not one move (two points, illegible): no legal move.
    Unclear,
    /// Nothing written.
    None,
}

impl Sealed {
    /// `written`, `unclear` or `none`.
    pub fn code(self) -> &'static str {
        match self {
            Sealed::Written => "written",
            Sealed::Unclear => "unclear",
            Sealed::None => "none",
        }
    }
}
