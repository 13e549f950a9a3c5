//! # qigui (棋规)
//!
//! The Chinese competition rulebooks for Xiangqi (象棋竞赛规则 2020) and
//! Gomoku, as an executable reference implementation plus a language-neutral
//! conformance corpus (`cases/`, described in `spec/corpus-format.md`).
//!
//! Modules follow the rulebook's concepts; each names the clauses it
//! implements in its documentation:
//!
//! | module | rulebook |
//! |---|---|
//! | [`board`] | 1.1–1.3: the board, points, pieces |
//! | [`equipment`] | 1.4–1.6: board and piece measurements |
//! | [`fen`] | the raw setup and its text form |
//! | [`position`] | 2.2–2.3 moves, 3.1 check, 3.4 自杀 |
//! | [`notation`] | 1.1 file numbering, 7.5 records: ICCS, WXF, Chinese |
//! | [`outcome`] | article 4: results and their reasons |
//! | [`game`] | 3.2–3.4 and 4.1–4.2 applied to a game record |
//! | [`cycle`] | 23.1–23.3: finding the 待判局面 in a record |
//! | [`ruling`] | 23.4–23.5, 25, 26.9, 4.3: the ruling on a labelled cycle |
//! | [`conduct`] | 4–9, 19–23, 27–30: the conduct of play adjudicated from an event log |
//! | [`editions`] | the rulebook editions as profiles |
//! | [`corpus`] | the conformance corpus: format, loader, runner |
//! | [`coverage`] | which clauses have cases (`spec/coverage.yaml`) |
//! | [`go`] | Go (围棋) as 003's local event rules: board, captures, ko, counting, clock |
//! | [`gomoku`] | 五子棋 2025: board, shapes (7), forbidden moves (8), openings (9.7, 11, 附录一–二), results (17, 19) |
//! | [`tournament`] | the tournament file: players, teams, rounds, results (`spec/tournament-format.md`) |
//! | [`standings`] | articles 13–14, 18.5, 19, 20.3 (1999 14–15; Gomoku 28–29): scoring, tie-breaks, standings |
//! | [`trf`] | FIDE TRF-2026 in and out |
//! | [`amendments`] | editions as data: parents, references, the clauses each changes (`spec/editions.yaml`) |
//! | [`diff`] | the rules and the cases that differ between two editions (`qigui diff`) |
//! | [`book`] | the corpus as a static HTML rulebook with SVG boards (`qigui book`) |
//! | [`adapter`] | the adapter protocol: other implementations run the corpus (`qigui conform`) |
//! | [`pairing`] | articles 10–12, 附录二–五 (Gomoku 26–27, 附录三–七): round robin, the Swiss 定位编排法, knock-outs, combined formats, Scheveningen, line-ups |

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod adapter;
pub mod amendments;
pub mod board;
pub mod book;
pub mod chase;
pub mod classify;
pub mod conduct;
pub mod corpus;
pub mod coverage;
pub mod cycle;
pub mod diff;
pub mod editions;
pub mod equipment;
pub mod fen;
pub mod game;
pub mod go;
pub mod gomoku;
pub mod judge;
pub mod mate;
pub mod material;
pub mod notation;
pub mod outcome;
pub mod pairing;
pub mod position;
pub mod protection;
pub mod ruling;
pub mod standings;
mod tables;
pub mod tournament;
pub mod trf;

pub use board::{Color, Piece, PieceKind, Square};
pub use editions::Edition;
pub use fen::{FenError, START_FEN, Setup};
pub use outcome::{GameResult, Outcome, Reason};
pub use position::{Move, MoveList, ParseFenError, PlayError, Position, PositionError, Validation};
