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
//! | [`formats`] | FIDE TRF-2026 in and out; Xiangqi game records (PGN, 7.5) in and out |
//! | [`corpus`] | the conformance corpus: format, loader, runner, coverage, edition diffs |
//! | [`adapter`] | the adapter protocol: other implementations run the corpus |
//! | [`book`] | the corpus as a static HTML rulebook |
//!
//! ## Everyday uses
//!
//! Read a FEN and list the legal moves (2.2–2.3, 3.4):
//!
//! ```
//! use qigui::{Position, notation};
//!
//! let pos = Position::from_fen(qigui::START_FEN)?;
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 44);
//! let names: Vec<String> = moves.iter().map(|&m| notation::chinese(&pos, m)).collect();
//! assert!(names.contains(&"炮二平五".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Play moves and get the outcome (3.2, 4.1.1):
//!
//! ```
//! use qigui::{Color, GameResult, Position, Reason, notation, xiangqi};
//!
//! let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1")?;
//! let mate = notation::parse_move(&pos, "车一进九")?.mv;
//! let after = pos.play(mate)?;
//! let outcome = xiangqi::position_outcome(&after).expect("the game is over");
//! assert_eq!(outcome.reason, Reason::Checkmate);
//! assert_eq!(outcome.result, GameResult::loss_for(Color::Black));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Judge a repetition cycle and read its verdict and labels (棋例, 23–26):
//!
//! ```
//! use qigui::{Limits, Position, RepetitionRules, Sequence, Verdict, judge, notation};
//!
//! let start = Position::from_fen("3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w - - 0 1")?;
//! let (moves, _) = notation::parse_line(&start, "d1e1 e0d0 e1d1 d0e0").map_err(|(_, e)| e)?;
//! let rules = &RepetitionRules::XIANGQI_2020;
//! let j = judge(&start, &moves, rules, Sequence::default(), None, &[], &Limits::default());
//! let labels: Vec<&str> = j.moves.iter().map(|m| m.analysis.label.code()).collect();
//! assert_eq!(labels, ["捉", "闲", "捉", "闲"]);
//! assert_eq!(j.ruling?.verdict, Verdict::RedMustChange);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Run the conformance corpus (`cases/`, `spec/corpus-format.md`):
//!
//! ```
//! use std::path::PathBuf;
//! use qigui::corpus::{self, Status};
//!
//! let corpus = corpus::load(&[PathBuf::from("cases/xiangqi-2020/02-moves.yaml")]).expect("loads");
//! for case in &corpus.cases {
//!     for instance in case.instances() {
//!         assert_eq!(corpus::run(&instance), Status::Passed, "{}", case.raw.id);
//!     }
//! }
//! ```
//!
//! Rank a tournament from a TRF (articles 13–14):
//!
//! ```
//! use qigui::event::standings;
//! use qigui::formats::trf;
//!
//! let text = "\
//! 012 Club championship
//! 092 Round robin
//! 142 3
//! 001    1      Li                                                                 2.5    1     2 w 1     3 b =     4 w 1
//! 001    2      Wang                                                               1.5    2     1 b 0     4 w 1     3 b =
//! 001    3      Zhang                                                              1.0    3     4 b 0     1 w =     2 w =
//! 001    4      Zhao                                                               1.0    4     3 w 1     2 b 0     1 b 0
//! ";
//! let tournament = trf::read(text, "club.trf")?;
//! let table = standings::compute(&tournament, None)?;
//! let names: Vec<_> = table.rows.iter().map(|r| r.name.as_deref().unwrap_or("")).collect();
//! assert_eq!(names, ["Li", "Wang", "Zhang", "Zhao"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! List Gomoku forbidden points (五子棋 2025, article 8):
//!
//! ```
//! use qigui::gomoku::{Board, Forbidden, Reading, forbidden_map};
//!
//! let board = Board::from_lists("G8 I8 H9 H10", "A1 A2 A3 A4")?;
//! let forbidden = forbidden_map(&board, Reading::default());
//! assert_eq!(forbidden.len(), 1);
//! assert_eq!(forbidden[0].0.to_string(), "H8");
//! assert_eq!(forbidden[0].1, Forbidden::DoubleThree);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Functions over 150 lines (clippy.toml) are split, or carry the reason
// they are whole in an `#[expect]` above them.
#![warn(clippy::too_many_lines)]

pub mod adapter;
pub mod book;
mod color;
pub mod corpus;
pub mod edition;
pub mod event;
pub mod formats;
pub mod go;
pub mod gomoku;
pub mod limits;
mod text_table;
pub mod xiangqi;

/// README.md and docs/*.md, whose ```rust blocks run as doctests.
#[cfg(doctest)]
pub mod doc_pages {
    include!(concat!(env!("OUT_DIR"), "/doc_pages.rs"));
}

pub use color::{ByColor, Color};
pub use edition::{ClauseList, Edition, EditionId, GameKind};
pub use xiangqi::notation;
pub use xiangqi::{
    Analysis, Cycle, FenError, GameResult, JudgedMove, Judgement, Label, Limits, Move, MoveList,
    Outcome, ParseFenError, Piece, PieceKind, PlayError, Position, PositionError, Reason,
    RepetitionRules, Ruling, RulingError, START_FEN, Sequence, Setup, Square, Validation, Verdict,
    diagram, judge, rule,
};
