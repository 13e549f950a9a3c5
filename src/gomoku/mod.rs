//! Gomoku: 中国五子棋竞赛规则 (2025), the edition `gomoku-2025`.
//!
//! | module | rulebook |
//! |---|---|
//! | [`board`] | articles 1 and 5: the board, points A1–O15, 天元 and 星, 阳线 and 阴线; the 8 symmetries |
//! | [`patterns`] | article 7: 长连, 五连, 活四, 冲四, 活三, 眠三 |
//! | [`forbidden`] | article 8: 三三, 四四 and 长连禁手, with the recursive live-three test |
//!
//! `spec/gomoku.md` describes the readings qigui takes where the book is
//! silent, and the formats of the command line and corpus kinds.

pub mod board;
pub mod forbidden;
pub mod patterns;

pub use board::{Board, Direction, Mark, Point, Stone, Symmetry};
pub use forbidden::{Forbidden, Reading, forbidden_at, forbidden_map};
pub use patterns::{LineShape, Shape, shapes};
