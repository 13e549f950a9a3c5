//! # qigui (棋规)
//!
//! The Chinese competition rulebooks for Xiangqi (象棋竞赛规则 2020, its 1999
//! predecessor and the mass-competition appendix), Gomoku (五子棋 2025) and
//! local Go events, and the tournament procedures around them, as an
//! executable reference implementation plus a language-neutral conformance
//! corpus (`cases/`, described in `spec/corpus-format.md`).
//!
//! The modules are private; what programs need is re-exported flat. The
//! everyday Xiangqi items stand at the crate root; each game and the event
//! procedures have a namespace of their own:
//!
//! | namespace | rulebook |
//! |---|---|
//! | the root, [`xiangqi`] | Xiangqi: 1–4 board, moves, results; 23–26 棋例 (cycles, labels, rulings) |
//! | [`xiangqi::conduct`] | 4–9, 19–23, 27–30: the conduct of play adjudicated from an event log |
//! | [`notation`] | 1.1 file numbering, 7.5 records: ICCS, WXF, Chinese |
//! | [`edition`] | the rulebook editions, each one value holding its rule differences |
//! | [`gomoku`] | 五子棋 2025: board, shapes (7), forbidden moves (8), openings (9.7, 11, 附录一–二), results (17, 19) |
//! | [`go`] | 围棋 as 003's local event rules: board, captures, ko, counting, clock |
//! | [`event`] | the tournament; [`event::standings`] 13–14 and [`event::pairing`] 10–12, 附录二–五 |
//! | [`formats`] | FIDE TRF-2026 in and out |
//! | [`corpus`] | the conformance corpus: format, loader, runner, coverage, edition diffs |
//! | [`adapter`] | the adapter protocol: other implementations run the corpus |
//! | [`book`] | the corpus as a static HTML rulebook |
//!
//! ## Everyday uses
//!
//! Read a FEN and list the legal moves:
//!
//! ```
//! use qigui::Position;
//!
//! let pos = Position::from_fen(qigui::START_FEN)?;
//! assert_eq!(pos.legal_moves().len(), 44);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! More in the documentation of [`Position`], [`judge`], [`corpus`],
//! [`event::standings`] and [`gomoku`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adapter;
pub mod book;
mod color;
pub mod corpus;
pub mod edition;
pub mod event;
pub mod formats;
pub mod go;
pub mod gomoku;
pub mod xiangqi;

pub use color::{ByColor, Color};
pub use edition::{ClauseList, Edition, EditionId, GameKind};
pub use xiangqi::notation;
pub use xiangqi::{
    Analysis, Cycle, FenError, GameResult, JudgedMove, Judgement, Label, Limits, Move, MoveList,
    Outcome, ParseFenError, Piece, PieceKind, PlayError, Position, PositionError, Reason,
    RepetitionRules, Ruling, RulingError, START_FEN, Sequence, Setup, Square, Validation, Verdict,
    diagram, judge, rule,
};
