//! DhtmlXQ, the game blocks that Chinese Xiangqi web sites (东萍象棋网 and
//! the pages 象棋桥 writes) embed in their pages: `[DhtmlXQ]` … `[/DhtmlXQ]`,
//! each holding tags `[DhtmlXQ_name]value[/DhtmlXQ_name]`.
//!
//! * `[DhtmlXQ_binit]`: the start position, 64 digits, two for each of the
//!   32 pieces in the order 车马相仕帅仕相马车炮炮兵兵兵兵兵, red's then black's:
//!   the column (0–8, left to right as red sees the board) and the row (0–9,
//!   from black's back rank); a column of 9 (`99`) is a piece not on the
//!   board. Without it, the standard start. The side to move is the side of
//!   the piece the first move moves (red without moves).
//! * `[DhtmlXQ_movelist]`: the main line, four digits a move (from column,
//!   from row, to column, to row), e.g. `7747` is 炮二平五 (h2e2).
//! * `[DhtmlXQ_move_L_N_V]`: variation line `V`, an alternative to move `N`
//!   (1-based) of line `L` (the main line is line 0), moves as in the
//!   movelist. Variations are kept, each a line of
//!   [`crate::formats::record::RecordMove::variations`].
//! * `[DhtmlXQ_commentN]` (the main line) and `[DhtmlXQ_commentL_N]` (line
//!   `L`): the comment after move `N`; `comment0` is before the first move.
//! * Names and result: `title` → `Title`, `event` → `Event`, `date` →
//!   `Date`, `place` → `Site`, `round` → `Round`, `red`/`black` (and
//!   `redteam`, `blackteam`) → `Red`/`Black` (`RedTeam`, `BlackTeam`),
//!   `open` → `Opening`, `timerule` → `TimeControl`, `result` (红胜 / 黑胜 /
//!   和棋 / 未知, or PGN's `1-0` …) → `Result`; other tags keep their bare
//!   name (`author`, `type`, …).
//!
//! A page may hold several blocks: each is one [`Record`]. The page may be
//! UTF-8, UTF-16 (with a byte-order mark) or GBK. A block without its
//! closing `[/DhtmlXQ]`, a binit or movelist that is not digits of the right
//! count, a point off the board, two pieces on one point, a variation
//! starting past the end of its line or on a line not yet given, and an
//! illegal move are [`RecordError`]s with the line and column.
//!
//! ```
//! use qigui::formats::dhtmlxq;
//!
//! let page = "[DhtmlXQ][DhtmlXQ_red]胡荣华[/DhtmlXQ_red]\
//!             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
//! let games = dhtmlxq::read(page.as_bytes(), "page.html").unwrap();
//! assert_eq!(games[0].tag("Red"), Some("胡荣华"));
//! assert_eq!(games[0].moves[1].mv.iccs(), "h9g7");
//! ```

// `RecordError` is the one error of every record reader (record.rs): the
// location it carries makes it large, and it is returned once per bad file.
#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;

use crate::Color;
use crate::formats::record::{
    MoveTree, Record, RecordError, RecordLocation, decode_gb18030, line_column, start_fen_of,
};
use crate::xiangqi::{Move, Piece, Position, Setup, Square, Validation};

/// DhtmlXQ tags and the PGN tags they become.
const TAG_NAMES: [(&str, &str); 12] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("table", "Table"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
    ("timerule", "TimeControl"),
];

/// Tags that hold the game itself, not a header.
const STRUCTURAL: [&str; 4] = ["binit", "movelist", "result", "init"];

/// Reads every `[DhtmlXQ]` block of a page. `file` names it in errors.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Record>, RecordError> {
    let text = decode(bytes);
    let blocks = blocks(&text, file)?;
    if blocks.is_empty() {
        return Err(RecordError {
            location: RecordLocation {
                file: file.to_string(),
                ..RecordLocation::default()
            },
            reason: "no [DhtmlXQ] block".to_string(),
        });
    }
    blocks
        .into_iter()
        .enumerate()
        .map(|(i, (start, end))| {
            Block {
                text: &text,
                file,
                game: i + 1,
            }
            .read(start, end)
        })
        .collect()
}

/// The page's text: UTF-16 with a byte-order mark, UTF-8, else GBK.
pub(crate) fn decode(bytes: &[u8]) -> String {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return text.into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => decode_gb18030(bytes),
    }
}

/// Finds `needle` (ASCII, any case) in `hay` from `from`.
fn find_ci(hay: &str, needle: &str, from: usize) -> Option<usize> {
    let h = hay.as_bytes();
    let n = needle.as_bytes();
    if from > h.len() || n.is_empty() {
        return None;
    }
    h[from..]
        .windows(n.len())
        .position(|w| w.eq_ignore_ascii_case(n))
        .map(|i| i + from)
}

/// The byte ranges of each block's content.
fn blocks(text: &str, file: &str) -> Result<Vec<(usize, usize)>, RecordError> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = find_ci(text, "[DhtmlXQ]", from) {
        let start = open + "[DhtmlXQ]".len();
        let Some(end) = find_ci(text, "[/DhtmlXQ]", start) else {
            let (line, column) = line_column(text, open);
            return Err(RecordError {
                location: RecordLocation {
                    file: file.to_string(),
                    line: Some(line),
                    column: Some(column),
                    game: Some(out.len() + 1),
                    ..RecordLocation::default()
                },
                reason: "a [DhtmlXQ] block without its [/DhtmlXQ]".to_string(),
            });
        };
        out.push((start, end));
        from = end + "[/DhtmlXQ]".len();
    }
    Ok(out)
}

/// One tag of a block: its name (after `DhtmlXQ_`, lower case), its value
/// and where the value starts.
struct Tag<'t> {
    name: String,
    value: &'t str,
    at: usize,
}

struct Block<'t> {
    text: &'t str,
    file: &'t str,
    game: usize,
}

impl<'t> Block<'t> {
    fn error(
        &self,
        at: usize,
        move_number: Option<usize>,
        reason: impl Into<String>,
    ) -> RecordError {
        RecordError::in_text(
            self.file,
            self.text,
            at,
            Some(self.game),
            move_number,
            reason,
        )
    }

    /// The tags between `start` and `end`. A value ends at the next
    /// `[/DhtmlXQ…]`, whatever name it closes (pages mismatch them).
    fn tags(&self, start: usize, end: usize) -> Vec<Tag<'t>> {
        let body = &self.text[..end];
        let mut tags = Vec::new();
        let mut from = start;
        while let Some(open) = find_ci(body, "[DhtmlXQ_", from) {
            let name_start = open + "[DhtmlXQ_".len();
            let Some(close) = body[name_start..].find(']').map(|i| i + name_start) else {
                break;
            };
            let name = body[name_start..close].trim().to_ascii_lowercase();
            let value_start = close + 1;
            let value_end = find_ci(body, "[/DhtmlXQ", value_start).unwrap_or(end);
            tags.push(Tag {
                name,
                value: &body[value_start..value_end],
                at: value_start,
            });
            from = body[value_end..]
                .find(']')
                .map_or(end, |i| value_end + i + 1)
                .max(value_start);
        }
        tags
    }

    fn read(&self, start: usize, end: usize) -> Result<Record, RecordError> {
        let tags = self.tags(start, end);
        let get = |name: &str| tags.iter().find(|t| t.name == name);
        let movelist = match get("movelist") {
            Some(t) => self.moves_of(t)?,
            None => Vec::new(),
        };
        let mut setup = match get("binit") {
            Some(t) if !t.value.trim().is_empty() => self.binit(t)?,
            _ => Position::start().to_setup(),
        };
        if let Some(piece) = movelist
            .first()
            .and_then(|(mv, _)| setup.board[mv.from.index()])
        {
            setup.turn = piece.color;
        } else {
            setup.turn = Color::Red;
        }
        let at = get("binit").map_or(start, |t| t.at);
        let position = Position::from_setup(&setup, Validation::Relaxed).map_err(|e| {
            self.error(at, None, format!("the start position is not playable: {e}"))
        })?;
        let mut record = Record {
            start_fen: start_fen_of(&position),
            ..Record::default()
        };
        let mut tree = MoveTree::new(position);
        // Each line: the line it branches from, the index of its first
        // node (the position before its first move) and its own nodes.
        let mut lines: BTreeMap<usize, Line> = BTreeMap::new();
        let mut main = Line {
            parent: None,
            first: 0,
            nodes: vec![MoveTree::ROOT],
        };
        let mut parent = MoveTree::ROOT;
        for (mv, at) in movelist {
            parent = self.play(&mut tree, parent, mv, at)?;
            main.nodes.push(parent);
        }
        lines.insert(0, main);
        let mut variations = Vec::new();
        for t in tags.iter().filter(|t| t.name.starts_with("move_")) {
            let ids: Vec<usize> = t.name["move_".len()..]
                .split('_')
                .map(|s| s.parse().unwrap_or(usize::MAX))
                .collect();
            match ids[..] {
                [from_line, index, line]
                    if index >= 1
                        && index != usize::MAX
                        && line != usize::MAX
                        && from_line != usize::MAX =>
                {
                    variations.push((line, from_line, index, t))
                }
                _ => {
                    return Err(self.error(
                        t.at,
                        None,
                        format!(
                            "a variation tag [DhtmlXQ_{}] not of the form move_LINE_MOVE_VARIATION",
                            t.name
                        ),
                    ));
                }
            }
        }
        variations.sort_by_key(|v| v.0);
        for (line, from_line, index, t) in variations {
            if line == 0 || from_line >= line || lines.contains_key(&line) {
                return Err(self.error(
                    t.at,
                    None,
                    format!("variation {line} branches from line {from_line}, which is not an earlier line"),
                ));
            }
            let Some(anchor) = node_at(&lines, from_line, index - 1) else {
                return Err(self.error(
                    t.at,
                    None,
                    format!("variation {line} branches at move {index} of line {from_line}, past its end"),
                ));
            };
            let mut own = Line {
                parent: Some(from_line),
                first: index - 1,
                nodes: vec![anchor],
            };
            let mut node = anchor;
            for (mv, at) in self.moves_of(t)? {
                node = self.play(&mut tree, node, mv, at)?;
                own.nodes.push(node);
            }
            lines.insert(line, own);
        }
        for t in tags.iter().filter(|t| t.name.starts_with("comment")) {
            let ids: Vec<&str> = t.name["comment".len()..].split('_').collect();
            let (line, index) = match ids[..] {
                [n] => (Some(0), n.parse().ok()),
                [l, n] => (l.parse().ok(), n.parse().ok()),
                _ => (None, None),
            };
            if let Some(node) = line.zip(index).and_then(|(l, n)| node_at(&lines, l, n)) {
                tree.set_comment(node, &t.value.replace("||", "\n"));
            }
        }
        for t in &tags {
            if STRUCTURAL.contains(&t.name.as_str())
                || t.name.starts_with("move_")
                || t.name.starts_with("comment")
            {
                continue;
            }
            let value = t.value.trim();
            if value.is_empty() {
                continue;
            }
            let name = TAG_NAMES
                .iter()
                .find(|(d, _)| *d == t.name)
                .map_or(t.name.as_str(), |(_, p)| *p);
            record.tags.push((name.to_string(), value.to_string()));
        }
        let result = get("result").map_or("*", |t| result_of(t.value.trim()));
        record.tags.push(("Result".to_string(), result.to_string()));
        if let Some(fen) = &record.start_fen {
            record.tags.push(("FEN".to_string(), fen.clone()));
        }
        record.result = Some(result.to_string());
        let (comment, moves) = tree.into_record_moves();
        record.comment = comment;
        record.moves = moves;
        Ok(record)
    }

    /// Plays one move of a line.
    fn play(
        &self,
        tree: &mut MoveTree,
        parent: usize,
        mv: Move,
        at: usize,
    ) -> Result<usize, RecordError> {
        let number = tree.move_number_after(parent);
        let text = self.text.get(at..at + 4).unwrap_or("").to_string();
        tree.add(parent, mv, text)
            .map_err(|why| self.error(at, Some(number), why))
    }

    /// The moves of a movelist value, each with where it is written.
    fn moves_of(&self, tag: &Tag<'_>) -> Result<Vec<(Move, usize)>, RecordError> {
        let mut digits = Vec::new();
        for (i, c) in tag.value.char_indices() {
            match c.to_digit(10) {
                Some(d) if c.is_ascii_digit() => digits.push((d as u8, tag.at + i)),
                _ if c.is_whitespace() => {}
                _ => {
                    return Err(self.error(
                        tag.at + i,
                        None,
                        format!("{c:?} in a move list: moves are four digits each"),
                    ));
                }
            }
        }
        if digits.len() % 4 != 0 {
            return Err(self.error(
                tag.at,
                None,
                format!(
                    "{} digits in a move list: moves are four digits each",
                    digits.len()
                ),
            ));
        }
        digits
            .chunks_exact(4)
            .map(|c| {
                let (Some(from), Some(to)) = (square(c[0].0, c[1].0), square(c[2].0, c[3].0))
                else {
                    return Err(self.error(c[0].1, None, "a move from or to a column past 8"));
                };
                Ok((Move::new(from, to), c[0].1))
            })
            .collect()
    }

    /// The setup of a `[DhtmlXQ_binit]` (side to move not yet known).
    fn binit(&self, tag: &Tag<'_>) -> Result<Setup, RecordError> {
        let value = tag.value.trim();
        let lead = tag.value.len() - tag.value.trim_start().len();
        if value.len() != 64 || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(
                tag.at,
                None,
                "a [DhtmlXQ_binit] that is not 64 digits (two for each of the 32 pieces)",
            ));
        }
        let d = value.as_bytes();
        let mut setup = Setup::empty();
        for slot in 0..32 {
            let (x, y) = (d[2 * slot] - b'0', d[2 * slot + 1] - b'0');
            let Some(sq) = square(x, y) else {
                continue; // 99: not on the board
            };
            let color = if slot < 16 { Color::Red } else { Color::Black };
            let piece = Piece::new(color, super::record::SLOT_KINDS[slot % 16]);
            let cell = &mut setup.board[sq.index()];
            if let Some(other) = cell {
                return Err(self.error(
                    tag.at + lead + 2 * slot,
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
        Ok(setup)
    }
}

/// A line of the block: the line it branches from, the index (moves from
/// the start of the game) of its first node, and its nodes.
struct Line {
    parent: Option<usize>,
    first: usize,
    nodes: Vec<usize>,
}

/// The node after `index` moves of line `line`.
fn node_at(lines: &BTreeMap<usize, Line>, line: usize, index: usize) -> Option<usize> {
    let mut l = lines.get(&line)?;
    loop {
        if index >= l.first {
            return l.nodes.get(index - l.first).copied();
        }
        l = lines.get(&l.parent?)?;
    }
}

/// A DhtmlXQ point: column 0–8 from red's left, row 0–9 from black's back
/// rank.
fn square(column: u8, row: u8) -> Option<Square> {
    if row > 9 {
        return None;
    }
    Square::new(column, 9 - row)
}

/// A `[DhtmlXQ_result]` as PGN writes it.
fn result_of(value: &str) -> &'static str {
    match value {
        "1-0" | "红胜" | "红先胜" | "紅勝" | "紅先勝" => "1-0",
        "0-1" | "黑胜" | "红先负" | "黑勝" | "紅先負" => "0-1",
        "1/2-1/2" | "和棋" | "红先和" | "紅先和" => "1/2-1/2",
        _ => "*",
    }
}
