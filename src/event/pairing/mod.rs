//! Pairing (编排): who plays whom, with which colour, in every system the
//! rulebooks describe — 2020 articles 10–12 and appendices 2–5, Gomoku 2025
//! articles 26–27 and appendices 3–7.
//!
//! * [`round_robin`]: 循环制 (10.1, 12.1–12.2, 12.4, 附录二; Gomoku 27.2, 附录四);
//! * [`swiss`]: 积分编排制, the 定位编排法 (10.2, 12.3, 附录三);
//! * [`knockout`]: 淘汰制 (10.3, 附录四; Gomoku 27.1, 附录三);
//! * [`combined`]: 组合赛制 (10.4; Gomoku 27.4, 附录七);
//! * [`scheveningen`]: 全队轮赛制 (11.4, 附录五; Gomoku 26.2.4, 附录五);
//! * [`lineups`]: team line-ups and board colours (11.1–11.5, 12.2, 12.3).
//!
//! Everything here is deterministic: the same input gives the same output,
//! with no randomness and no hash-map iteration order in any result. Where
//! a rulebook leaves a choice to a draw (抽签), the caller supplies its
//! outcome.

pub mod combined;
pub mod knockout;
pub mod knockout_draw;
pub mod lineups;
mod matching;
pub mod round_robin;
pub mod scheveningen;
mod scheveningen_tables;
pub mod swiss;

use thiserror::Error;

/// Why a pairing cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PairingError {
    /// The request is outside what the rule covers (a size with no table,
    /// too few players).
    #[error("{0}")]
    Unsupported(String),
    /// The tournament file cannot be paired (a player unknown, a round
    /// already paired, no pairing without a rematch).
    #[error("{0}")]
    Invalid(String),
    /// The tournament file itself is wrong.
    #[error(transparent)]
    Tournament(#[from] crate::event::tournament::TournamentError),
}

/// One game of a table: the side listed first moves first (red in Xiangqi,
/// black in Gomoku); `second` is `None` for a bye (轮空).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Game {
    /// The player (or team) moving first, or having the bye.
    pub first: u32,
    /// The player moving second; `None`: `first` has the bye.
    pub second: Option<u32>,
}

impl Game {
    /// `a-b`, or `a-bye`.
    pub fn text(&self) -> String {
        match self.second {
            Some(b) => format!("{}-{b}", self.first),
            None => format!("{}-bye", self.first),
        }
    }
}

/// The bit-reversal order of `1..=n` (`n` a power of two): 1, 5, 3, 7, 2, 6,
/// 4, 8 for 8. A bracket's lines in this order meet as late as possible.
pub(crate) fn bit_reversal(n: usize) -> Vec<usize> {
    let bits = n.max(1).trailing_zeros();
    (0..n)
        .map(|i| {
            let mut r = 0usize;
            for b in 0..bits {
                if i & (1 << b) != 0 {
                    r |= 1 << (bits - 1 - b);
                }
            }
            r + 1
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_reversal_orders() {
        assert_eq!(bit_reversal(8), vec![1, 5, 3, 7, 2, 6, 4, 8]);
        assert_eq!(bit_reversal(4), vec![1, 3, 2, 4]);
        assert_eq!(bit_reversal(1), vec![1]);
    }
}
