//! The limits qigui works within, stated in one place.
//!
//! Every reader, the adapter and the command line enforce these at the edge:
//! input beyond a limit is refused with a located error (exit 2 on the
//! command line), never read without bound, never a panic or a hang. The
//! page `docs/limits.md` ("Limits and guarantees") lists them with how
//! each is tested.
//!
//! Besides the constants, the helpers that enforce them: [`read_file`],
//! [`read_stdin`] and [`read_text`] (bounded reading), [`check_structure`]
//! (nesting and non-finite numbers in YAML and JSON), [`read_line`] (a
//! capped line), [`echo`] and [`cut_quoted`] (input quoted in messages).

use std::fmt;
use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// The largest input file or standard input read whole (64 MiB). A larger
/// one is refused before it is read.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The deepest nesting of YAML or JSON structure accepted.
pub const MAX_NESTING_DEPTH: usize = 128;

/// Perft depths accepted by the corpus and the adapter.
pub const PERFT_DEPTHS: std::ops::RangeInclusive<u32> = 1..=6;

/// Perft depths accepted by `qigui play perft` (a person waiting at the
/// terminal can choose a longer count than a test may).
pub const CLI_PERFT_DEPTHS: std::ops::RangeInclusive<u32> = 1..=8;

/// The most plies read in one game record.
pub const MAX_RECORD_PLIES: usize = 10_000;

/// The longest line of the adapter protocol read from an adapter.
pub const MAX_ADAPTER_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The longest line of an adapter's stderr kept for a report (the last
/// lines are shown when the adapter fails).
pub const MAX_ADAPTER_STDERR_LINE_BYTES: usize = 1024;

/// The longest piece of user input echoed back in an error message; longer
/// input is cut with an ellipsis.
pub const MAX_ECHO_CHARS: usize = 80;

/// The most moves, variations included, read in one game record (XQF,
/// DhtmlXQ and CBF keep a tree of lines).
pub const MAX_RECORD_TREE_MOVES: usize = 200_000;

/// The deepest nesting of variations (a variation within a variation …)
/// read in one game record.
pub const MAX_RECORD_VARIATION_DEPTH: usize = 64;

/// The most answers of one kind the classifier keeps while judging a cycle
/// (the threats of a position, a mate by checks, an exchange after a
/// capture, the best capture of a target): a kind that reaches it is
/// emptied and fills again, so memory stays bounded however long the cycle.
pub const MEMO_ENTRIES: usize = 50_000;

/// The most players (or teams) of a round-robin table (附录二): 10,000 is
/// 9,999 rounds of 5,000 games, about 500 MB printed.
pub const MAX_ROUND_ROBIN_PLAYERS: u32 = 10_000;

/// Input refused at the edge: too large, nested too deep, unreadable or not
/// UTF-8. Displayed as `file:line:column: message` (`file: message` when
/// the whole input is refused).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}: {message}", self.location())]
pub struct InputError {
    /// The file, or `stdin`.
    pub file: String,
    /// The 1-based line, 0 for the whole input.
    pub line: usize,
    /// The 1-based column in characters, 0 for the whole input.
    pub column: usize,
    /// Why.
    pub message: String,
}

impl InputError {
    fn whole(file: &str, message: impl Into<String>) -> InputError {
        InputError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    /// `file:line:column`, or `file` for the whole input.
    pub fn location(&self) -> String {
        if self.line == 0 {
            self.file.clone()
        } else {
            format!("{}:{}:{}", self.file, self.line, self.column)
        }
    }
}

/// Reads at most [`MAX_INPUT_BYTES`] from `reader` as UTF-8 text; `name`
/// says where the text comes from in errors. One byte past the limit is
/// read to tell a file of exactly the limit from a larger one; nothing
/// more, so an endless source (`/dev/zero`, a pipe) is refused in bounded
/// time and memory.
///
/// ```
/// let text = qigui::limits::read_text(&b"format: 1\n"[..], "t.yaml")?;
/// assert_eq!(text, "format: 1\n");
/// # Ok::<(), qigui::limits::InputError>(())
/// ```
pub fn read_text<R: Read>(reader: R, name: &str) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::whole(name, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::whole(
            name,
            format!(
                "larger than {} MiB, the most qigui reads (limits::MAX_INPUT_BYTES)",
                MAX_INPUT_BYTES / (1024 * 1024)
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        InputError {
            file: name.to_string(),
            line,
            column,
            message: "not UTF-8 text (qigui reads UTF-8)".into(),
        }
    })
}

/// Reads a file with [`read_text`]'s bound; the path names it in errors.
/// A directory or a file that cannot be opened is an error, not empty text.
pub fn read_file(path: &Path) -> Result<String, InputError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::whole(&name, format!("cannot read: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(InputError::whole(&name, "is a folder, not a file"));
    }
    read_text(file, &name)
}

/// Reads a file's bytes (binary formats such as XQF), at most
/// [`MAX_INPUT_BYTES`]: one byte more is read to tell, so a device or a
/// pipe without end is refused rather than read for ever.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path)
        .map_err(|e| InputError::whole(&name, format!("cannot read: {e}")))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(InputError::whole(&name, "is a folder, not a file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::whole(&name, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::whole(
            &name,
            format!(
                "larger than {} MiB, the most qigui reads (limits::MAX_INPUT_BYTES)",
                MAX_INPUT_BYTES / (1024 * 1024)
            ),
        ));
    }
    Ok(bytes)
}

/// Reads standard input with [`read_text`]'s bound.
pub fn read_stdin() -> Result<String, InputError> {
    read_text(std::io::stdin().lock(), "stdin")
}

/// Checks YAML or JSON text before a parser sees it, in one pass: refuses
/// nesting deeper than [`MAX_NESTING_DEPTH`] and the non-finite numbers
/// `.nan`, `.inf` and those too large for a float (`1e400`), which no
/// time, score or count can be, and which a JSON value cannot hold: read
/// through one they would become null. `name`
/// says where the text comes from; the error gives the line and column.
///
/// The depth counted is at least the parser's less one: every open `[` or
/// `{`, every indentation level past the first and every `- ` entry marker
/// starting a line. Quoted scalars, comments and block scalars (`|`, `>`)
/// are passed over.
///
/// ```
/// use qigui::limits::check_structure;
/// assert!(check_structure("a: {b: [1, 2]}\nc: '.nan'\n", "t.yaml").is_ok());
/// let deep = "[".repeat(100_000);
/// let e = check_structure(&deep, "t.json").unwrap_err();
/// assert_eq!((e.line, e.column), (1, 129));
/// let e = check_structure("log:\n  - {used: .nan}\n", "t.yaml").unwrap_err();
/// assert_eq!(e.to_string(), "t.yaml:2:12: '.nan' is not a finite number: write the number");
/// ```
pub fn check_structure(text: &str, name: &str) -> Result<(), InputError> {
    Scan::default().run(text, name)
}

#[derive(Default)]
struct Scan {
    /// Open `[`/`{`.
    flow: usize,
    /// Inside a double- or single-quoted scalar (which may span lines).
    quote: Option<char>,
    /// The indentation of the enclosing block lines.
    indents: Vec<usize>,
    /// A block scalar's header was seen at this indentation: deeper lines
    /// are its text.
    block_scalar: Option<usize>,
}

/// A plain scalar at the start of `rest` that reads as a number but not a
/// finite one: the YAML 1.2 spellings of infinity and not-a-number, or a
/// number too large for a float (`1e400`).
fn non_finite(rest: &str, in_flow: bool) -> Option<&str> {
    let unsigned = rest.strip_prefix(['+', '-']).unwrap_or(rest);
    let len = match [".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"]
        .into_iter()
        .find(|w| unsigned.starts_with(w))
    {
        Some(word) => rest.len() - unsigned.len() + word.len(),
        None => {
            let len = rest
                .find(|c: char| {
                    !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-' | '_'))
                })
                .unwrap_or(rest.len());
            let number = rest[..len].parse::<f64>().ok()?;
            if number.is_finite() {
                return None;
            }
            len
        }
    };
    let after = rest[len..].trim_start_matches([' ', '\t', '\r']);
    let ends = after.is_empty()
        || after.starts_with('#') && rest[len..].starts_with([' ', '\t'])
        || in_flow && after.starts_with([',', ']', '}']);
    ends.then(|| &rest[..len])
}

impl Scan {
    fn run(mut self, text: &str, name: &str) -> Result<(), InputError> {
        let error = |line: usize, column: usize, message: String| InputError {
            file: name.to_string(),
            line,
            column,
            message,
        };
        for (i, line) in text.split('\n').enumerate() {
            let n = i + 1;
            let indent = line.len() - line.trim_start_matches(' ').len();
            let body = line.trim();
            if self.quote.is_none() && self.flow == 0 {
                if let Some(b) = self.block_scalar {
                    if body.is_empty() || indent > b {
                        continue;
                    }
                    self.block_scalar = None;
                }
                if body.is_empty() || body.starts_with('#') {
                    continue;
                }
                while self.indents.last().is_some_and(|&t| t >= indent) {
                    self.indents.pop();
                }
                self.indents.push(indent);
            }
            // The first indentation level is the document's own.
            let base = self.indents.len().saturating_sub(1);
            let mut markers = 0;
            let mut node_start = true;
            let mut prev: Option<char> = None;
            let mut column = 0;
            let mut chars = line.char_indices().peekable();
            while let Some((byte, c)) = chars.next() {
                column += 1;
                match self.quote {
                    Some('"') => {
                        if c == '\\' {
                            chars.next();
                            column += 1;
                        } else if c == '"' {
                            self.quote = None;
                            node_start = false;
                        }
                    }
                    Some(_) => {
                        if c == '\'' {
                            if chars.peek().is_some_and(|&(_, x)| x == '\'') {
                                chars.next();
                                column += 1;
                            } else {
                                self.quote = None;
                                node_start = false;
                            }
                        }
                    }
                    None => {
                        let after_space = prev.is_none_or(char::is_whitespace);
                        if c == '#' && after_space {
                            break;
                        }
                        if c.is_whitespace() {
                            prev = Some(c);
                            continue;
                        }
                        if node_start
                            && (c.is_ascii_digit() || matches!(c, '.' | '+' | '-'))
                            && let Some(word) = non_finite(&line[byte..], self.flow > 0)
                        {
                            return Err(error(
                                n,
                                column,
                                format!("'{word}' is not a finite number: write the number"),
                            ));
                        }
                        if self.flow > 0 {
                            match c {
                                '[' | '{' => self.flow += 1,
                                ']' | '}' => self.flow -= 1,
                                '"' | '\'' if node_start => self.quote = Some(c),
                                _ => {}
                            }
                            node_start = matches!(c, '[' | '{' | ',' | ':');
                        } else if node_start {
                            match c {
                                '[' | '{' => self.flow += 1,
                                '"' | '\'' => self.quote = Some(c),
                                '-' if chars.peek().is_none_or(|&(_, x)| x == ' ') => {
                                    markers += 1;
                                }
                                '|' | '>' => {
                                    self.block_scalar = Some(indent);
                                    node_start = false;
                                }
                                _ => node_start = false,
                            }
                        } else if c == ':' && chars.peek().is_none_or(|&(_, x)| x == ' ') {
                            node_start = true;
                        }
                    }
                }
                if base + markers + self.flow > MAX_NESTING_DEPTH {
                    return Err(error(
                        n,
                        column,
                        format!(
                            "nested deeper than {MAX_NESTING_DEPTH} levels, the most qigui reads (limits::MAX_NESTING_DEPTH)"
                        ),
                    ));
                }
                prev = Some(c);
            }
        }
        Ok(())
    }
}

/// User input as quoted in an error message: at most [`MAX_ECHO_CHARS`]
/// characters, a longer text cut with "…" and its full length stated.
///
/// ```
/// use qigui::limits::echo;
/// assert_eq!(echo("h2e2").to_string(), "h2e2");
/// let long = "x".repeat(100_000);
/// assert!(echo(&long).to_string().ends_with("… (100000 characters)"));
/// ```
pub fn echo(text: &str) -> Echo<'_> {
    Echo(text)
}

/// See [`echo`].
#[derive(Clone, Copy, Debug)]
pub struct Echo<'a>(&'a str);

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_ECHO_CHARS) {
            None => f.write_str(self.0),
            Some((cut, _)) => write!(
                f,
                "{}… ({} characters)",
                &self.0[..cut],
                self.0.chars().count()
            ),
        }
    }
}

/// A reader's message (serde, yaml_serde) in the project's words: every
/// run of text without a space longer than [`MAX_ECHO_CHARS`] (an echoed
/// token) is cut as [`echo`] cuts it, and yaml_serde's "expected a YAML tag
/// starting with '!'" (said when a field that takes one name from a list is
/// given a mapping or a list) says what was expected instead.
pub(crate) fn serde_words(message: &str) -> String {
    let message = message.replace(
        "expected a YAML tag starting with '!'",
        "expected one of the names this field takes, as a plain word",
    );
    let mut out = String::with_capacity(message.len().min(4096));
    let mut first = true;
    for word in message.split(' ') {
        if !first {
            out.push(' ');
        }
        first = false;
        out.push_str(&echo(word).to_string());
    }
    out
}

/// Whether `quoted` is [`echo`]'s cut of a longer text.
fn already_cut(quoted: &str) -> bool {
    quoted.strip_suffix(" characters)").is_some_and(|rest| {
        rest.rsplit_once("… (").is_some_and(|(kept, n)| {
            kept.chars().count() <= MAX_ECHO_CHARS && n.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// What [`read_line`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRead {
    /// A line (without its `\n`), or the last text before the end.
    Line,
    /// The line passed the cap: the buffer holds its first `cap` bytes and
    /// the rest of the line is left unread (skip it with [`skip_line`]).
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `line` holding at most `cap` bytes: an endless line
/// is refused as soon as it passes the cap instead of filling the memory.
///
/// ```
/// use qigui::limits::{LineRead, read_line};
/// let mut input = &b"short\nmuch too long\n"[..];
/// let mut line = Vec::new();
/// assert_eq!(read_line(&mut input, &mut line, 8)?, LineRead::Line);
/// assert_eq!(line, b"short");
/// assert_eq!(read_line(&mut input, &mut line, 8)?, LineRead::TooLong);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_line<R: std::io::BufRead>(
    reader: &mut R,
    line: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<LineRead> {
    line.clear();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(if any { LineRead::Line } else { LineRead::End });
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        if line.len() + chunk.len() > cap {
            let room = cap - line.len();
            line.extend_from_slice(&chunk[..room]);
            reader.consume(room);
            return Ok(LineRead::TooLong);
        }
        line.extend_from_slice(chunk);
        let used = chunk.len() + usize::from(done);
        reader.consume(used);
        if done {
            return Ok(LineRead::Line);
        }
    }
}

/// Reads and drops input up to and including the next `\n` (after
/// [`LineRead::TooLong`]), in bounded memory. Returns false at the end of
/// the input.
pub fn skip_line<R: std::io::BufRead>(reader: &mut R) -> std::io::Result<bool> {
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(false);
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            reader.consume(i + 1);
            return Ok(true);
        }
        let n = buf.len();
        reader.consume(n);
    }
}

/// A message with every quoted piece of it (between `'…'`, `` `…` `` or
/// `"…"`) longer than [`MAX_ECHO_CHARS`] cut as [`echo`] cuts it: the edge
/// of the command line and of the adapter pass every error through it, so
/// that no input is echoed back whole however deep in the library the
/// message was made. An apostrophe inside a word (`black's`) opens no quote.
///
/// ```
/// use qigui::limits::cut_quoted;
/// let token = "x".repeat(131_072);
/// let cut = cut_quoted(&format!("black's move '{token}' is not a move"));
/// assert!(cut.starts_with("black's move 'xxx"));
/// assert!(cut.ends_with("… (131072 characters)' is not a move"));
/// assert!(cut.len() < 200);
/// ```
pub fn cut_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let opens = matches!(c, '\'' | '`' | '"') && !prev.is_some_and(char::is_alphanumeric);
        if opens {
            let body = &rest[1..];
            // The closing quote: the same character not followed by a
            // letter or digit (so that `it's` inside does not close it).
            let close = body.char_indices().find(|&(i, x)| {
                x == c
                    && !body[i + 1..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            });
            if let Some((i, _)) = close {
                out.push(c);
                let quoted = &body[..i];
                if already_cut(quoted) {
                    out.push_str(quoted);
                } else {
                    out.push_str(&echo(quoted).to_string());
                }
                out.push(c);
                rest = &body[i + 1..];
                prev = Some(c);
                continue;
            }
        }
        out.push(c);
        prev = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

// Gomoku's clocks (src/gomoku/clock.rs).

/// The most seconds any one time of a Gomoku clock log may give (a time
/// control, an action's time, a late arrival, a referee's adjustment):
/// 30 days. Any real game is far below it; it keeps the clock sums of a
/// record of any length within `i64` milliseconds.
pub const MAX_GOMOKU_CLOCK_SECONDS: u32 = 30 * 24 * 3600;

// Gomoku's event formats (src/gomoku/colours.rs, contests.rs, team_systems.rs).

/// The most games one Gomoku match (10.1.3, 27.6) or one board of a team
/// match may be set to: the colours of each game are listed, so the
/// answer's size stays bounded.
pub const MAX_GOMOKU_MATCH_GAMES: u32 = 1_000;

/// The most boards (台) of a Gomoku team match or line-up (10.1.4, 26.2).
pub const MAX_GOMOKU_BOARDS: u32 = 100;
// Go records in SGF (issue 29, src/formats/sgf.rs). The main line's moves
// are also held to MAX_RECORD_PLIES.

/// The most nodes, variations included, read in one SGF file.
pub const MAX_SGF_NODES: usize = 200_000;

/// The longest property value read in an SGF file (a comment, a name), in
/// bytes.
pub const MAX_SGF_VALUE_BYTES: usize = 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_stops_one_byte_past_the_limit() {
        let endless = std::io::repeat(b'a');
        let e = read_text(endless, "zero").unwrap_err();
        assert_eq!(
            e.to_string(),
            "zero: larger than 64 MiB, the most qigui reads (limits::MAX_INPUT_BYTES)"
        );
        let exact = std::io::repeat(b'a').take(MAX_INPUT_BYTES);
        assert_eq!(
            read_text(exact, "x").map(|t| t.len() as u64),
            Ok(MAX_INPUT_BYTES)
        );
        let e = read_text(&b"ok\nbad \xff here"[..], "f").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
    }

    #[test]
    fn nesting_counts_flow_block_and_entries() {
        let ok = |t: &str| check_structure(t, "t").is_ok();
        let deep = |n: usize, open: &str| open.repeat(n);
        assert!(ok(&deep(128, "[")));
        assert!(!ok(&deep(129, "[")));
        assert!(!ok(&deep(129, "{\"a\":")));
        // Quoted and commented brackets do not count; a plain scalar's do
        // not either.
        assert!(ok(&format!(
            "a: \"{}\"\nb: '{}'\nc: x{} # {}\n",
            deep(200, "["),
            deep(200, "{"),
            deep(200, "["),
            deep(200, "[")
        )));
        // Block nesting by indentation and by `- ` entries.
        let block: String = (0..140).map(|i| format!("{}a:\n", " ".repeat(i))).collect();
        assert!(!ok(&block));
        assert!(!ok(&deep(140, "- ")));
        assert!(ok(&deep(100, "- ")));
        // A block scalar's indentation is text, not nesting.
        let text: String = (0..200)
            .map(|i| format!("  {}x\n", " ".repeat(i)))
            .collect();
        assert!(ok(&format!("a: |\n{text}b: 1\n")));
        // Real files pass.
        for f in [
            "cases/xiangqi-2020/02-moves.yaml",
            "spec/tournament-examples/swiss-2020.yaml",
            "spec/editions.yaml",
        ] {
            let t = std::fs::read_to_string(f).unwrap();
            assert!(check_structure(&t, f).is_ok(), "{f}");
        }
    }

    #[test]
    fn non_finite_numbers_are_found_where_they_are_plain() {
        let at = |t: &str| check_structure(t, "t").err().map(|e| (e.line, e.column));
        assert_eq!(at("a: .nan\n"), Some((1, 4)));
        assert_eq!(at("a: [1, -.inf]\n"), Some((1, 8)));
        assert_eq!(at("a:\n  - .Inf # x\n"), Some((2, 5)));
        assert_eq!(
            at("a: '.nan'\nb: \".inf\"\nc: .nanx\nd: x .nan\ne: .5\n"),
            None
        );
    }

    #[test]
    fn lines_are_capped() {
        let mut input = &b"12345678901234567890\nok\nend"[..];
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut line, 8).unwrap(),
            LineRead::TooLong
        );
        assert_eq!(line, b"12345678");
        assert!(skip_line(&mut input).unwrap());
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::Line);
        assert_eq!(line, b"ok");
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::Line);
        assert_eq!(line, b"end");
        assert_eq!(read_line(&mut input, &mut line, 8).unwrap(), LineRead::End);
        // An endless line is refused at the cap, not read to its end.
        let mut endless = std::io::BufReader::new(std::io::repeat(b'x'));
        assert_eq!(
            read_line(&mut endless, &mut line, 1 << 20).unwrap(),
            LineRead::TooLong
        );
    }

    #[test]
    fn quotes_are_cut_and_words_put_plainly() {
        assert_eq!(
            cut_quoted("move 'h2e2': no such move"),
            "move 'h2e2': no such move"
        );
        assert_eq!(cut_quoted("it's 'x' and black's"), "it's 'x' and black's");
        let long = "y".repeat(500);
        let cut = cut_quoted(&format!("unknown variant `{long}`, expected `a`"));
        assert_eq!(
            cut,
            format!(
                "unknown variant `{}… (500 characters)`, expected `a`",
                "y".repeat(80)
            )
        );
        assert!(
            !serde_words("invalid type: map, expected a YAML tag starting with '!'")
                .contains("YAML tag")
        );
        assert_eq!(echo("车马炮").to_string(), "车马炮");
        // A message cut in the library is not cut again at the edge.
        let once = format!("move '{}': bad", echo(&long));
        assert_eq!(cut_quoted(&once), once);
    }
}
