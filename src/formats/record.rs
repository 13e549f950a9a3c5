//! A Xiangqi game record as every reader produces it and every writer takes
//! it: the tags, the start position and the main line, with the comments and
//! variations a record may carry.
//!
//! Each format has its own module (PGN, XQF, DhtmlXQ, CBF); they all read
//! into [`Record`], so the judge, the writers and the cross-checks see one
//! shape whatever the file was.

use std::fmt;

use crate::xiangqi::{Move, Position};

/// One game read from a record file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The header as PGN tag pairs, in the order read. Other formats map
    /// their headers to PGN's names: `Event`, `Site`, `Date`, `Round`, `Red`,
    /// `Black`, `Result`, `FEN`, `Opening`, … (unknown ones keep their own).
    pub tags: Vec<(String, String)>,
    /// The start position as FEN when it is not the standard start.
    pub start_fen: Option<String>,
    /// The main line, as played.
    pub moves: Vec<RecordMove>,
    /// The result as PGN writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: Option<String>,
    /// A comment before the first move.
    pub comment: Option<String>,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move, checked legal in its position when the record was read.
    pub mv: Move,
    /// The move as the record wrote it (ICCS, WXF, Chinese, or the format's
    /// coordinates).
    pub text: String,
    /// The comment after the move.
    pub comment: Option<String>,
    /// Alternatives to this move, each a line starting in the position
    /// before it. Ignored when judging, kept when written back.
    pub variations: Vec<Vec<RecordMove>>,
}

/// Where in a record file something was found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordLocation {
    /// The file as named to the reader.
    pub file: String,
    /// The 1-based line, for text formats; `None` for binary ones.
    pub line: Option<usize>,
    /// The 1-based column (in characters) within [`Self::line`].
    pub column: Option<usize>,
    /// The byte offset for binary formats.
    pub byte: Option<usize>,
    /// The game within the file, 1-based.
    pub game: Option<usize>,
    /// The move number (1-based, as a score sheet counts: one per round)
    /// and the side, when the error is in a move.
    pub move_number: Option<usize>,
}

impl fmt::Display for RecordLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        if let Some(byte) = self.byte {
            write!(f, ": byte {byte}")?;
        }
        if let Some(game) = self.game {
            write!(f, ": game {game}")?;
        }
        if let Some(n) = self.move_number {
            write!(f, ": move {n}")?;
        }
        Ok(())
    }
}

/// A record that cannot be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {reason}")]
pub struct RecordError {
    /// Where it was found.
    pub location: RecordLocation,
    /// Why the record cannot be read.
    pub reason: String,
}

impl Record {
    /// The position the record starts from.
    pub fn start_position(&self) -> Result<Position, String> {
        match &self.start_fen {
            None => Ok(Position::start()),
            Some(fen) => Position::from_fen(fen).map_err(|e| e.to_string()),
        }
    }

    /// The main line's moves.
    pub fn main_line(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}
