//! XQF, the binary game record of XQStudio (象棋演播室), also written by
//! 象棋桥 and many other programs: a 1,024-byte header (the pieces' 32
//! points, the names, the result) and a tree of moves after it.
//!
//! Versions up to 0x0A (XQStudio before 1.0) are plain. Versions 0x0B to
//! 0x12 (1.x) are encrypted with keys derived from four header bytes: the
//! pieces' points are shifted (and, from 0x0C on, rotated among the 32
//! slots), each move's two points are offset, comment lengths are offset,
//! and every byte after the header is offset by a 32-byte key made from a
//! fixed copyright string masked with the header's key bytes. The reader
//! decrypts all of these; a version above 0x12, a wrong key checksum, a
//! header shorter than 1,024 bytes, a point off the board, two pieces on one
//! point, an illegal move or a record cut short is a [`RecordError`] with the
//! byte offset and the move number.
//!
//! What is kept: the start position (the side to move is the side of the
//! piece the first move moves; without moves, the header's side to move),
//! the main line and its variations (the first continuation of each move is
//! the main line, the others its variations), comments, the result, and the
//! header's title, event, date, place, players, time control, annotator and
//! author as PGN tags (`Title`, `Event`, `Date`, `Site`, `Red`, `Black`,
//! `TimeControl`, `RedTime`, `BlackTime`, `Annotator`, `Author`, `Result`,
//! and `FEN` when the start is not the standard one). Text is GBK (GB18030).
//! A move's [`RecordMove::text`](super::record::RecordMove::text) is its ICCS form: the file has no text.
//!
//! ```
//! use qigui::formats::xqf;
//!
//! let bytes = std::fs::read("tests/data/records/xqf/plain-v10.xqf").unwrap();
//! let games = xqf::read(&bytes, "plain-v10.xqf").unwrap();
//! assert_eq!(games[0].tag("Red"), Some("胡荣华"));
//! assert_eq!(games[0].moves[0].mv.iccs(), "g0e2");
//! ```

// `RecordError` is the one error of every record reader (record.rs): the
// location it carries makes it large, and it is returned once per bad file.
#![allow(clippy::result_large_err)]

use crate::Color;
use crate::formats::record::{
    MoveTree, Record, RecordError, RecordLocation, decode_gb18030, start_fen_of,
};
use crate::xiangqi::{Move, Piece, Position, Setup, Square, Validation};

/// The size of the header; the moves start here.
const HEADER_LEN: usize = 0x400;

/// The newest version read (XQStudio 1.8).
const NEWEST_VERSION: u8 = 0x12;

/// The last unencrypted version.
const LAST_PLAIN_VERSION: u8 = 0x0A;

/// The first version whose piece points are also rotated among the slots.
const FIRST_ROTATED_VERSION: u8 = 0x0C;

/// The string the 32 byte keys are made from.
const KEY_STRING: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header's text fields: offset of the length byte, capacity, tag.
const TEXT_FIELDS: [(usize, usize, &str); 11] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x150, 63, "TimeControl"),
    (0x190, 15, "RedTime"),
    (0x1A0, 15, "BlackTime"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// Reads an XQF file (one game). `file` names it in errors.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Record>, RecordError> {
    Reader::new(bytes, file)?.read().map(|r| vec![r])
}

/// The keys of an encrypted file (all zero for a plain one).
#[derive(Default)]
struct Keys {
    xy: u8,
    from: u8,
    to: u8,
    comment_len: i64,
    bytes: [u8; 32],
}

/// One move record: the two points' bytes, the flags, the comment.
struct Step {
    from: u8,
    to: u8,
    has_next: bool,
    has_variation: bool,
    comment: Option<String>,
    offset: usize,
}

struct Reader<'a> {
    bytes: &'a [u8],
    file: &'a str,
    version: u8,
    keys: Keys,
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8], file: &'a str) -> Result<Reader<'a>, RecordError> {
        let mut r = Reader {
            bytes,
            file,
            version: 0,
            keys: Keys::default(),
            pos: HEADER_LEN,
        };
        if bytes.len() < 2 || &bytes[..2] != b"XQ" {
            return Err(r.error(0, None, "not an XQF file (it does not start with \"XQ\")"));
        }
        if bytes.len() < HEADER_LEN {
            return Err(r.error(
                bytes.len(),
                None,
                format!(
                    "the header is cut short: {} of its {HEADER_LEN} bytes",
                    bytes.len()
                ),
            ));
        }
        r.version = bytes[2];
        if r.version > NEWEST_VERSION {
            return Err(r.error(
                2,
                None,
                format!(
                    "version 0x{:02X} is newer than the newest known (0x{NEWEST_VERSION:02X}, XQStudio 1.8)",
                    r.version
                ),
            ));
        }
        if r.version > LAST_PLAIN_VERSION {
            r.keys = r.derive_keys()?;
        }
        Ok(r)
    }

    /// A located error.
    fn error(
        &self,
        byte: usize,
        move_number: Option<usize>,
        reason: impl Into<String>,
    ) -> RecordError {
        RecordError {
            location: RecordLocation {
                file: self.file.to_string(),
                byte: Some(byte),
                move_number,
                ..RecordLocation::default()
            },
            reason: reason.into(),
        }
    }

    /// The keys of versions 0x0B and up, from header bytes 0x03–0x0F.
    fn derive_keys(&self) -> Result<Keys, RecordError> {
        let h = self.bytes;
        let (mask, or) = (h[3], [h[8], h[9], h[10], h[11]]);
        let (sum, xy, xyf, xyt) = (h[12], h[13], h[14], h[15]);
        if sum.wrapping_add(xy).wrapping_add(xyf).wrapping_add(xyt) != 0 {
            return Err(self.error(
                12,
                None,
                "the key checksum is wrong (bytes 12–15 must add up to 0 modulo 256)",
            ));
        }
        // ((((b²·3 + 9)·3 + 8)·2 + 1)·3 + 8)·c, modulo 256.
        let derive = |b: u8, c: u8| {
            let b = u32::from(b);
            let f = ((((b * b * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) & 0xFF;
            (f * u32::from(c)) as u8
        };
        let key_xy = derive(xy, xy);
        let key_from = derive(xyf, key_xy);
        let key_to = derive(xyt, key_from);
        let seeds = [sum, xy, xyf, xyt];
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = KEY_STRING[i] & ((seeds[i % 4] & mask) | or[i % 4]);
        }
        Ok(Keys {
            xy: key_xy,
            from: key_from,
            to: key_to,
            comment_len: i64::from((u32::from(sum) * 256 + u32::from(xy)) % 32000 + 767),
            bytes,
        })
    }

    fn encrypted(&self) -> bool {
        self.version > LAST_PLAIN_VERSION
    }

    /// `n` decrypted bytes from the current offset, or `None` at the end.
    fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        let end = self.pos.checked_add(n)?;
        let raw = self.bytes.get(self.pos..end)?;
        let out = if self.encrypted() {
            raw.iter()
                .enumerate()
                .map(|(i, &b)| b.wrapping_sub(self.keys.bytes[(self.pos + i) % 32]))
                .collect()
        } else {
            raw.to_vec()
        };
        self.pos = end;
        Some(out)
    }

    /// The start position from the 32 piece slots.
    fn start_setup(&self) -> Result<Setup, RecordError> {
        let raw = &self.bytes[0x10..0x30];
        let mut slots = [0u8; 32];
        if self.encrypted() && self.version >= FIRST_ROTATED_VERSION {
            for (i, &b) in raw.iter().enumerate() {
                slots[(i + usize::from(self.keys.xy) + 1) % 32] = b;
            }
        } else {
            slots.copy_from_slice(raw);
        }
        let mut setup = Setup::empty();
        for (i, &b) in slots.iter().enumerate() {
            let xy = b.wrapping_sub(self.keys.xy);
            if xy > 89 {
                continue; // captured or not on the board
            }
            let color = if i < 16 { Color::Red } else { Color::Black };
            let piece = Piece::new(color, super::record::SLOT_KINDS[i % 16]);
            let sq =
                point(xy).ok_or_else(|| self.error(0x10 + i, None, "a point off the board"))?;
            let cell = &mut setup.board[sq.index()];
            if let Some(other) = cell {
                return Err(self.error(
                    0x10 + i,
                    None,
                    format!(
                        "two pieces on {sq}: {} and {}",
                        other.chinese(),
                        piece.chinese()
                    ),
                ));
            }
            *cell = Some(piece);
        }
        setup.turn = if self.bytes[0x32] == 0 {
            Color::Red
        } else {
            Color::Black
        };
        Ok(setup)
    }

    /// Reads one move record (or the first, the root's, whose points mean
    /// nothing).
    fn step(&mut self, move_number: Option<usize>) -> Result<Step, RecordError> {
        let offset = self.pos;
        let cut = |r: &Self| r.error(r.bytes.len(), move_number, "the moves are cut short");
        let head = self.take(4).ok_or_else(|| cut(self))?;
        let tag = head[2];
        let (has_next, has_variation, has_comment) = if self.encrypted() {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        } else {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        };
        let mut comment = None;
        if has_comment {
            let at = self.pos;
            let len = self.take(4).ok_or_else(|| cut(self))?;
            let len = i64::from(i32::from_le_bytes([len[0], len[1], len[2], len[3]]))
                - self.keys.comment_len;
            let remaining = self.bytes.len().saturating_sub(self.pos);
            if len < 0 || len as u64 > remaining as u64 {
                return Err(self.error(
                    at,
                    move_number,
                    format!("a comment of {len} bytes, but {remaining} bytes remain"),
                ));
            }
            if len > 0 {
                let text = self.take(len as usize).ok_or_else(|| cut(self))?;
                let text = decode_gb18030(&text);
                let text = text.trim_end_matches('\0');
                comment = Some(text.to_string());
            }
        }
        Ok(Step {
            from: head[0].wrapping_sub(0x18).wrapping_sub(self.keys.from),
            to: head[1].wrapping_sub(0x20).wrapping_sub(self.keys.to),
            has_next,
            has_variation,
            comment,
            offset,
        })
    }

    fn read(mut self) -> Result<Record, RecordError> {
        let mut setup = self.start_setup()?;
        let root = self.step(None)?;
        // The side to move is the side of the first move's piece.
        let first_from = if self.pos + 4 <= self.bytes.len() {
            let save = self.pos;
            let first = self.step(Some(1));
            self.pos = save;
            first.ok().and_then(|s| point(s.from))
        } else {
            None
        };
        if let Some(piece) = first_from.and_then(|sq| setup.board[sq.index()]) {
            setup.turn = piece.color;
        }
        let start = Position::from_setup(&setup, Validation::Relaxed).map_err(|e| {
            self.error(
                0x10,
                None,
                format!("the start position is not playable: {e}"),
            )
        })?;
        let mut record = Record {
            start_fen: start_fen_of(&start),
            ..Record::default()
        };
        let mut tree = MoveTree::new(start);
        if let Some(c) = &root.comment {
            tree.set_comment(MoveTree::ROOT, c);
        }
        // Pending reads, each the node whose next child comes next: a
        // move's continuation is read before its variations (pre-order).
        let mut pending = Vec::new();
        if self.pos < self.bytes.len() {
            pending.push(MoveTree::ROOT);
        }
        while let Some(parent) = pending.pop() {
            let number = tree.move_number_after(parent);
            let step = self.step(Some(number))?;
            let (Some(from), Some(to)) = (point(step.from), point(step.to)) else {
                return Err(self.error(
                    step.offset,
                    Some(number),
                    format!(
                        "a move between points off the board ({}, {})",
                        step.from, step.to
                    ),
                ));
            };
            let mv = Move::new(from, to);
            let node = tree
                .add(parent, mv, mv.iccs())
                .map_err(|why| self.error(step.offset, Some(number), why))?;
            if let Some(c) = &step.comment {
                tree.set_comment(node, c);
            }
            if step.has_variation {
                pending.push(parent);
            }
            if step.has_next {
                pending.push(node);
            }
        }
        record.tags = self.tags(record.start_fen.as_deref());
        record.result = Some(result_of(self.bytes[0x33]).to_string());
        let (comment, moves) = tree.into_record_moves();
        record.comment = comment;
        record.moves = moves;
        Ok(record)
    }

    /// The header's text fields as PGN tags.
    fn tags(&self, fen: Option<&str>) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        for (offset, capacity, name) in TEXT_FIELDS {
            let len = usize::from(self.bytes[offset]).min(capacity);
            let text = decode_gb18030(&self.bytes[offset + 1..offset + 1 + len]);
            let text = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
            if !text.is_empty() {
                tags.push((name.to_string(), text.to_string()));
            }
        }
        tags.push((
            "Result".to_string(),
            result_of(self.bytes[0x33]).to_string(),
        ));
        if let Some(fen) = fen {
            tags.push(("FEN".to_string(), fen.to_string()));
        }
        tags
    }
}

/// An XQF point `file * 10 + rank` (rank 0 red's back rank).
fn point(xy: u8) -> Option<Square> {
    if xy > 89 {
        return None;
    }
    Square::new(xy / 10, xy % 10)
}

/// The header's result byte as PGN writes it.
fn result_of(b: u8) -> &'static str {
    match b {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    }
}
