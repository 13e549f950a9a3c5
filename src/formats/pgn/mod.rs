//! PGN as Xiangqi programs write it (7.5 records kept in a file): tag
//! pairs, then movetext whose moves are in ICCS (`h2e2`, `H2-E2`), WXF
//! (`C2.5`, `C2=5`, `+C.5`, tandem forms) or Chinese notation (炮二平五,
//! 马８进７, 前车退二, full-width or half-width digits, simplified or
//! traditional characters, written with or without inner spaces), mixed
//! freely; `{…}` and `;` comments, `( … )` variations, move numbers, NAGs
//! (`$1`, read and not kept), annotation marks (`!`, `?`, `+`, `#`),
//! a `[FEN "…"]` start position, a result, several games per file, a
//! byte-order mark, CRLF line ends.
//!
//! The text must be UTF-8: a GBK/GB18030 file is refused with its first
//! non-UTF-8 byte's place and the `iconv` command that converts it (no
//! decoder is carried for it).
//!
//! Every move is resolved in its position and checked legal (2.2, 3.4); an
//! error names the file, line, column, game, move number and why.
//!
//! ```
//! use qigui::formats::pgn;
//! use qigui::notation::Notation;
//!
//! let text = "[Event \"例\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
//! let games = pgn::read(text.as_bytes(), "example.pgn")?;
//! assert_eq!(games[0].moves[1].mv.iccs(), "h9g7");
//! let iccs = pgn::write(&games, Notation::Iccs)?;
//! assert!(iccs.contains("1. h2e2 h9g7 2. h0g2 i9h9 *"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// `RecordError` is the one error every record reader shares
// (formats/record.rs): its size is its location's, and it is returned only
// for a bad record.
#![allow(clippy::result_large_err)]

mod lex;
mod read;
mod write;

pub use read::{PgnGame, decode, read, read_games, split_games};
pub use write::{write, write_game};

#[cfg(test)]
mod tests;
