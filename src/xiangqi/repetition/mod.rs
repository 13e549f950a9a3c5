//! 棋例: repetition cycles and how they are ruled on (articles 23–26).
//!
//! | module | rulebook |
//! |---|---|
//! | `cycle` | 23.1–23.3: finding the 待判局面 in a record |
//! | `label` | 24.1–24.8, 26.1–26.11: the label of each move (将 杀 捉 兑 献 拦 跟 闲) |
//! | `chase`, `protection`, `material`, `mate` | the analyses behind the labels: what a side could win (24.3, 24.15–24.17, 26.5–26.8), protection (24.15–24.16), values (1.2, 26.6–26.7), mate by checks (24.2) |
//! | `memo` | no clause: the analyses shared across the moves of one cycle |
//! | `transposition` | no clause: a line's captures as counts of each kind, the key of gains through checks' nodes |
//! | `explain` | the wording of the labels' reasons (24.1–24.8, 26.1–26.11), apart from the decisions |
//! | `ruling` | 23.4–23.5, 24.9–24.14, 25, 26.9, 4.3: the ruling on a labelled cycle |
//! | `judge` | labels then ruling, from a position and the cycle's moves |
//! | `pending` | 23.1–23.5: every 待判局面 of a whole game, each ruled on |
//! | `report` | no clause: the judgement as data (the JSON of `qigui judge --format json`) |

pub mod chase;
pub mod cycle;
pub(crate) mod explain;
pub mod judge;
pub mod label;
pub mod mate;
pub mod material;
mod memo;
pub mod pending;
pub mod protection;
mod report;
pub mod ruling;
mod transposition;
