//! CBF, the XML game record of 象棋桥 (CCBridge):
//!
//! ```xml
//! <ChineseChessRecord Version="1.0">
//!  <Head><Red>胡荣华</Red><Black>杨官璘</Black><RecordResult>1</RecordResult>
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
//!  <MoveList><Move value="00-00"/><Move value="77-47"/><Move value="70-62" end="1"/></MoveList>
//! </ChineseChessRecord>
//! ```
//!
//! A move's `value` is `XY-XY`: the column (0–8, from red's left) and the
//! row (0–9, from black's back rank) of the two points; the first `Move`,
//! `00-00`, stands for the start. A `comment` attribute is the comment after
//! the move (on `00-00`, before the first). The main line ends at the first
//! `Move` with `end="1"`; `Move` elements after it (a program's variations)
//! are not read. `Head`'s fields become PGN tags: `Name` → `Title`,
//! `Contest` → `Event`, `Date`, `Site`, `Round`, `Red`, `RedTeam`, `Black`,
//! `BlackTeam`, `TimeRule` → `TimeControl`, `Commentator` → `Annotator`,
//! `ECCO`, and the others under their own names; `RecordResult` (0 unknown,
//! 1 red won, 2 black won, 3 or 4 drawn) → `Result`; `FEN` is the start.
//!
//! The file may be UTF-8 or UTF-16 (with or without a byte-order mark), or
//! GBK when its XML declaration says so (`encoding="GB2312"`, `GBK`,
//! `GB18030`). The XML is read by a small reader of its own (elements,
//! attributes, text, the five named entities and character references,
//! comments, CDATA, the declaration; no DTD), nested at most
//! [`crate::limits::MAX_NESTING_DEPTH`] deep. Malformed XML, a root other
//! than `ChineseChessRecord`, a bad FEN, a move value not of the form
//! `XY-XY` and an illegal move are [`RecordError`]s with line and column.
//!
//! ```
//! use qigui::formats::cbf;
//!
//! let xml = r#"<ChineseChessRecord><Head><Red>A</Red></Head>
//! <MoveList><Move value="00-00"/><Move value="77-47"/><Move value="70-62" end="1"/></MoveList>
//! </ChineseChessRecord>"#;
//! let games = cbf::read(xml.as_bytes(), "game.cbf").unwrap();
//! assert_eq!(games[0].tag("Red"), Some("A"));
//! assert_eq!(games[0].moves[0].mv.iccs(), "h2e2");
//! ```

// `RecordError` is the one error of every record reader (record.rs): the
// location it carries makes it large, and it is returned once per bad file.
#![allow(clippy::result_large_err)]

use crate::formats::record::{
    MoveTree, Record, RecordError, RecordLocation, decode_gb18030, start_fen_of,
};
use crate::limits::MAX_NESTING_DEPTH;
use crate::xiangqi::{Move, Position, Square, Validation};

/// `Head` fields and the PGN tags they become.
const TAG_NAMES: [(&str, &str); 4] = [
    ("Name", "Title"),
    ("Contest", "Event"),
    ("TimeRule", "TimeControl"),
    ("Commentator", "Annotator"),
];

/// Reads a CBF file (one game). `file` names it in errors.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Record>, RecordError> {
    let text = decode(bytes).map_err(|reason| RecordError {
        location: RecordLocation {
            file: file.to_string(),
            byte: Some(0),
            ..RecordLocation::default()
        },
        reason,
    })?;
    let reader = Reader { text: &text, file };
    let root = Parser::new(&text)
        .document()
        .map_err(|(at, why)| reader.error(at, None, why))?;
    reader.record(&root).map(|r| vec![r])
}

/// The text of the file: a byte-order mark's encoding, UTF-16 by its first
/// `<`, UTF-8, or GBK when the declaration names it.
fn decode(bytes: &[u8]) -> Result<String, String> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return Ok(text.into_owned());
    }
    match bytes {
        [b'<', 0, ..] => {
            return Ok(encoding_rs::UTF_16LE
                .decode_without_bom_handling(bytes)
                .0
                .into_owned());
        }
        [0, b'<', ..] => {
            return Ok(encoding_rs::UTF_16BE
                .decode_without_bom_handling(bytes)
                .0
                .into_owned());
        }
        _ => {}
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).to_ascii_lowercase();
    let declared = head
        .find("encoding=")
        .map(|i| &head[i + "encoding=".len()..])
        .map(|s| s.trim_start_matches(['"', '\'']))
        .unwrap_or("");
    if declared.starts_with("gb") {
        return Ok(decode_gb18030(bytes));
    }
    Err("not UTF-8 or UTF-16, and the XML declaration names no GB encoding".to_string())
}

/// An XML element: name, attributes, children, text, where it starts.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    children: Vec<Element>,
    text: String,
    at: usize,
}

impl Element {
    fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The small XML reader: byte offsets into the text for errors.
struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

type XmlResult<T> = Result<T, (usize, String)>;

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Parser<'t> {
        Parser { text, pos: 0 }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    fn fail<T>(&self, why: impl Into<String>) -> XmlResult<T> {
        Err((self.pos, why.into()))
    }

    /// Skips whitespace, comments, processing instructions and a DOCTYPE.
    fn skip_misc(&mut self) -> XmlResult<()> {
        loop {
            let trimmed = self.rest().trim_start();
            self.pos = self.text.len() - trimmed.len();
            if trimmed.starts_with("<!--") {
                self.skip_past("-->", "a comment without its -->")?;
            } else if trimmed.starts_with("<?") {
                self.skip_past("?>", "a declaration without its ?>")?;
            } else if trimmed.starts_with("<!") {
                self.skip_past(">", "a <! without its >")?;
            } else {
                return Ok(());
            }
        }
    }

    fn skip_past(&mut self, end: &str, why: &str) -> XmlResult<()> {
        match self.rest().find(end) {
            Some(i) => {
                self.pos += i + end.len();
                Ok(())
            }
            None => self.fail(why),
        }
    }

    fn document(&mut self) -> XmlResult<Element> {
        self.skip_misc()?;
        if !self.rest().starts_with('<') {
            return self.fail("no XML element");
        }
        let root = self.element()?;
        self.skip_misc()?;
        if !self.rest().is_empty() {
            return self.fail("text after the root element");
        }
        Ok(root)
    }

    fn name(&mut self) -> XmlResult<String> {
        let n = self
            .rest()
            .find(|c: char| c.is_whitespace() || matches!(c, '/' | '>' | '=' | '<'))
            .unwrap_or(self.rest().len());
        if n == 0 {
            return self.fail("a name expected");
        }
        let name = self.rest()[..n].to_string();
        self.pos += n;
        Ok(name)
    }

    fn skip_space(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    /// An element, its start tag at the current offset. Iterative: an
    /// explicit stack of open elements, at most [`MAX_NESTING_DEPTH`].
    fn element(&mut self) -> XmlResult<Element> {
        let mut stack: Vec<Element> = Vec::new();
        loop {
            // At a start tag.
            let at = self.pos;
            self.pos += 1; // '<'
            let mut element = Element {
                name: self.name()?,
                at,
                ..Element::default()
            };
            let empty = loop {
                self.skip_space();
                if self.rest().starts_with("/>") {
                    self.pos += 2;
                    break true;
                }
                if self.rest().starts_with('>') {
                    self.pos += 1;
                    break false;
                }
                if self.rest().is_empty() {
                    return self.fail(format!("<{}> is not closed", element.name));
                }
                let key = self.name()?;
                self.skip_space();
                if !self.rest().starts_with('=') {
                    return self.fail(format!("attribute {key} without a value"));
                }
                self.pos += 1;
                self.skip_space();
                let Some(quote) = self
                    .rest()
                    .chars()
                    .next()
                    .filter(|c| matches!(c, '"' | '\''))
                else {
                    return self.fail(format!("attribute {key}'s value is not quoted"));
                };
                self.pos += 1;
                let Some(len) = self.rest().find(quote) else {
                    return self.fail(format!("attribute {key}'s value is not closed"));
                };
                let raw_at = self.pos;
                let value = unescape(&self.rest()[..len]).map_err(|(i, w)| (raw_at + i, w))?;
                self.pos += len + 1;
                element.attributes.push((key, value));
            };
            if empty {
                match stack.last_mut() {
                    Some(parent) => parent.children.push(element),
                    None => return Ok(element),
                }
            } else {
                if stack.len() >= MAX_NESTING_DEPTH {
                    return self.fail(format!(
                        "elements nested more than {MAX_NESTING_DEPTH} deep"
                    ));
                }
                stack.push(element);
            }
            // Content up to the next start tag, or the closing tags.
            loop {
                let Some(open) = stack.last_mut() else {
                    return self.fail("content outside the root element");
                };
                let rest = self.rest();
                let lt = rest.find('<').unwrap_or(rest.len());
                let raw_at = self.pos;
                let chunk = unescape(&rest[..lt]).map_err(|(i, w)| (raw_at + i, w))?;
                open.text.push_str(&chunk);
                self.pos += lt;
                let rest = self.rest();
                if rest.is_empty() {
                    let name = open.name.clone();
                    return self.fail(format!("<{name}> is not closed"));
                } else if rest.starts_with("<![CDATA[") {
                    let Some(end) = rest.find("]]>") else {
                        return self.fail("a CDATA section without its ]]>");
                    };
                    open.text.push_str(&rest["<![CDATA[".len()..end]);
                    self.pos += end + 3;
                } else if rest.starts_with("<!--") || rest.starts_with("<?") {
                    let end = if rest.starts_with("<!--") {
                        "-->"
                    } else {
                        "?>"
                    };
                    self.skip_past(end, "a comment or instruction not closed")?;
                } else if rest.starts_with("</") {
                    self.pos += 2;
                    let name = self.name()?;
                    self.skip_space();
                    if !self.rest().starts_with('>') {
                        return self.fail(format!("</{name} is not closed"));
                    }
                    let Some(done) = stack.pop() else {
                        return self.fail("a closing tag without its element");
                    };
                    if done.name != name {
                        return self.fail(format!("</{name}> closes <{}>", done.name));
                    }
                    self.pos += 1;
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(done),
                        None => return Ok(done),
                    }
                } else {
                    break; // a child's start tag
                }
            }
        }
    }
}

/// Replaces the entity and character references of XML text.
fn unescape(raw: &str) -> Result<String, (usize, String)> {
    if !raw.contains('&') {
        return Ok(raw.to_string());
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let at = raw.len() - rest.len() + amp;
        let after = &rest[amp + 1..];
        let Some(semi) = after.find(';').filter(|&i| i <= 10) else {
            return Err((at, "an & not starting a reference".to_string()));
        };
        let name = &after[..semi];
        let c = match name {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix("#x")
                .or_else(|| name.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        let Some(c) = c else {
            return Err((at, format!("an unknown reference &{name};")));
        };
        out.push(c);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

struct Reader<'t> {
    text: &'t str,
    file: &'t str,
}

impl Reader<'_> {
    fn error(
        &self,
        at: usize,
        move_number: Option<usize>,
        reason: impl Into<String>,
    ) -> RecordError {
        RecordError::in_text(self.file, self.text, at, None, move_number, reason)
    }

    fn record(&self, root: &Element) -> Result<Record, RecordError> {
        if root.name != "ChineseChessRecord" {
            return Err(self.error(
                root.at,
                None,
                format!(
                    "the root element is <{}>, not <ChineseChessRecord>",
                    root.name
                ),
            ));
        }
        let mut record = Record::default();
        let mut start = Position::start();
        let mut result = "*";
        if let Some(head) = root.child("Head") {
            for field in &head.children {
                let value = field.text.trim();
                match field.name.as_str() {
                    "FEN" if !value.is_empty() => {
                        start =
                            Position::from_fen_with(value, Validation::Relaxed).map_err(|e| {
                                self.error(
                                    field.at,
                                    None,
                                    format!("the FEN is not a playable position: {e}"),
                                )
                            })?;
                    }
                    "RecordResult" => {
                        result = match value {
                            "1" => "1-0",
                            "2" => "0-1",
                            "3" | "4" => "1/2-1/2",
                            _ => "*",
                        }
                    }
                    _ if value.is_empty() => {}
                    name => {
                        let tag = TAG_NAMES
                            .iter()
                            .find(|(c, _)| *c == name)
                            .map_or(name, |(_, p)| *p);
                        record.tags.push((tag.to_string(), value.to_string()));
                    }
                }
            }
        }
        record.start_fen = start_fen_of(&start);
        record.tags.push(("Result".to_string(), result.to_string()));
        if let Some(fen) = &record.start_fen {
            record.tags.push(("FEN".to_string(), fen.clone()));
        }
        record.result = Some(result.to_string());
        let mut tree = MoveTree::new(start);
        let mut node = MoveTree::ROOT;
        if let Some(list) = root.child("MoveList") {
            for (i, m) in list
                .children
                .iter()
                .filter(|c| c.name == "Move")
                .enumerate()
            {
                let value = m.attribute("value").unwrap_or("");
                if i == 0 && value == "00-00" {
                    if let Some(c) = m.attribute("comment") {
                        tree.set_comment(node, c);
                    }
                    continue;
                }
                let number = tree.move_number_after(node);
                let Some(mv) = parse_value(value) else {
                    return Err(self.error(
                        m.at,
                        Some(number),
                        format!(
                            "a move value {value:?} not of the form XY-XY (column 0–8, row 0–9)"
                        ),
                    ));
                };
                node = tree
                    .add(node, mv, value.to_string())
                    .map_err(|why| self.error(m.at, Some(number), why))?;
                if let Some(c) = m.attribute("comment") {
                    tree.set_comment(node, c);
                }
                if m.attribute("end") == Some("1") {
                    break;
                }
            }
        }
        let (comment, moves) = tree.into_record_moves();
        record.comment = comment;
        record.moves = moves;
        Ok(record)
    }
}

/// A `value` `XY-XY` as a move.
fn parse_value(value: &str) -> Option<Move> {
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let point = |x: u8, y: u8| -> Option<Square> {
        let (x, y) = ((x as char).to_digit(10)?, (y as char).to_digit(10)?);
        Square::new(x as u8, 9u8.checked_sub(y as u8)?)
    };
    Some(Move::new(point(b[0], b[1])?, point(b[3], b[4])?))
}
