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

impl RecordError {
    /// An error at byte `at` of a text record `text` read from `file`,
    /// located by line and column (and game and move number when known).
    pub(crate) fn in_text(
        file: &str,
        text: &str,
        at: usize,
        game: Option<usize>,
        move_number: Option<usize>,
        reason: impl Into<String>,
    ) -> RecordError {
        let (line, column) = line_column(text, at);
        RecordError {
            location: RecordLocation {
                file: file.to_string(),
                line: Some(line),
                column: Some(column),
                game,
                move_number,
                ..RecordLocation::default()
            },
            reason: reason.into(),
        }
    }
}

/// The pieces of the 32 piece slots XQF's header and DhtmlXQ's `binit`
/// list, red's sixteen then black's in the same order.
pub(crate) const SLOT_KINDS: [crate::xiangqi::PieceKind; 16] = {
    use crate::xiangqi::PieceKind::{Advisor, Cannon, Elephant, Horse, King, Pawn, Rook};
    [
        Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Pawn,
        Pawn, Pawn, Pawn, Pawn,
    ]
};

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

/// Decodes text written in GBK / GB18030, the encoding of XQF files and of
/// many Chinese web pages; bytes that are not GB18030 become U+FFFD.
pub(crate) fn decode_gb18030(bytes: &[u8]) -> String {
    let (text, _, _) = encoding_rs::GB18030.decode(bytes);
    text.into_owned()
}

/// A record's moves as the binary and web formats keep them: a tree whose
/// first child of each node continues the line and whose other children are
/// its variations. Every move is checked legal as it is added; the tree
/// holds at most [`crate::limits::MAX_RECORD_TREE_MOVES`] moves, lines of at
/// most [`crate::limits::MAX_RECORD_PLIES`] plies, and variations nested at
/// most [`crate::limits::MAX_RECORD_VARIATION_DEPTH`] deep.
pub(crate) struct MoveTree {
    nodes: Vec<TreeNode>,
}

/// One node of a [`MoveTree`]: the position after its move.
struct TreeNode {
    position: Position,
    mv: Option<(Move, String)>,
    comment: Option<String>,
    children: Vec<usize>,
    ply: usize,
    depth: usize,
}

impl MoveTree {
    /// The root: the start position, before any move.
    pub(crate) const ROOT: usize = 0;

    /// A tree with only the start position.
    pub(crate) fn new(start: Position) -> MoveTree {
        MoveTree {
            nodes: vec![TreeNode {
                position: start,
                mv: None,
                comment: None,
                children: Vec::new(),
                ply: 0,
                depth: 0,
            }],
        }
    }

    /// The move number, as a score sheet counts it, of a move played from
    /// `node`'s position.
    pub(crate) fn move_number_after(&self, node: usize) -> usize {
        self.nodes
            .get(node)
            .map_or(1, |n| n.position.fullmoves() as usize)
    }

    /// Plays `mv` (written `text`) from `parent`'s position as its next
    /// child: the continuation if it is the first, else a variation. An
    /// illegal move or a limit passed is the reason as `Err`.
    pub(crate) fn add(&mut self, parent: usize, mv: Move, text: String) -> Result<usize, String> {
        use crate::limits::{MAX_RECORD_PLIES, MAX_RECORD_TREE_MOVES, MAX_RECORD_VARIATION_DEPTH};
        let Some(p) = self.nodes.get(parent) else {
            return Err("a move after a move that does not exist".to_string());
        };
        if self.nodes.len() > MAX_RECORD_TREE_MOVES {
            return Err(format!(
                "more than {MAX_RECORD_TREE_MOVES} moves with the variations"
            ));
        }
        let ply = p.ply + 1;
        if ply > MAX_RECORD_PLIES {
            return Err(format!("a line longer than {MAX_RECORD_PLIES} plies"));
        }
        let depth = p.depth + usize::from(!p.children.is_empty());
        if depth > MAX_RECORD_VARIATION_DEPTH {
            return Err(format!(
                "variations nested more than {MAX_RECORD_VARIATION_DEPTH} deep"
            ));
        }
        let position = p
            .position
            .play(mv)
            .map_err(|e| format!("illegal move {e}"))?;
        let index = self.nodes.len();
        self.nodes.push(TreeNode {
            position,
            mv: Some((mv, text)),
            comment: None,
            children: Vec::new(),
            ply,
            depth,
        });
        self.nodes[parent].children.push(index);
        Ok(index)
    }

    /// Sets the comment after `node`'s move (at the root: before the first
    /// move). Empty comments are dropped.
    pub(crate) fn set_comment(&mut self, node: usize, comment: &str) {
        let comment = comment.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if let Some(n) = self.nodes.get_mut(node) {
            n.comment = (!comment.is_empty()).then(|| comment.to_string());
        }
    }

    /// The comment before the first move and the main line with its
    /// variations.
    pub(crate) fn into_record_moves(self) -> (Option<String>, Vec<RecordMove>) {
        let comment = self.nodes[Self::ROOT].comment.clone();
        let moves = self.line_from(Self::ROOT, None);
        (comment, moves)
    }

    /// The line from `node`'s position: `first` (a child of `node`), or the
    /// first child, then each first child in turn; the other children of
    /// each node become the variations of the move they stand beside. The
    /// recursion is as deep as the variations nest (bounded when added).
    fn line_from(&self, node: usize, first: Option<usize>) -> Vec<RecordMove> {
        let mut line = Vec::new();
        let mut parent = node;
        let mut next = first.or_else(|| self.nodes[node].children.first().copied());
        while let Some(child) = next {
            let siblings = &self.nodes[parent].children;
            let variations = if first.is_some() && parent == node {
                Vec::new()
            } else {
                siblings
                    .iter()
                    .skip(1)
                    .map(|&s| self.line_from(parent, Some(s)))
                    .collect()
            };
            let n = &self.nodes[child];
            if let Some((mv, text)) = &n.mv {
                line.push(RecordMove {
                    mv: *mv,
                    text: text.clone(),
                    comment: n.comment.clone(),
                    variations,
                });
            }
            parent = child;
            next = n.children.first().copied();
        }
        line
    }
}

/// The FEN to keep as [`Record::start_fen`]: `None` for the standard start.
pub(crate) fn start_fen_of(position: &Position) -> Option<String> {
    let fen = position.fen();
    (fen != Position::start().fen()).then_some(fen)
}

/// The 1-based line and column (in characters) of byte `offset` in `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}
