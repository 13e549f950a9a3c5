//! The count file that `qigui go score FILE` reads (`spec/go.md`): the
//! terms of the count (komi, handicap, dead stones, seki liberties, a side
//! that gave up) as `key: value` lines, then the board diagram.
//!
//! ```text
//! # a comment
//! komi: 3¾
//! dead: C10 D10
//!
//!    A B C D E F G H J
//!  9 . . . . . X O . .  9
//!  ...
//! ```
//!
//! Errors name the line and column in the file.

use std::collections::BTreeSet;

use thiserror::Error;

use super::board::{Diagram, Point, Stone};
use super::counting::{Terms, Zi};

/// A count file read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountFile {
    /// The board, with the stones marked dead in the diagram.
    pub diagram: Diagram,
    /// Every dead stone: the diagram's and the `dead:` line's.
    pub dead: BTreeSet<Point>,
    /// The terms of the count.
    pub terms: Terms,
}

/// A count file that cannot be read: 1-based line and column, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}:{column}: {message}")]
pub struct CountFileError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a komi: `3.75`, `3¾`, `2¾`, `0`, `7½`.
pub fn parse_komi(text: &str) -> Option<Zi> {
    let t = text.trim();
    for (glyph, q) in [('¼', 1), ('½', 2), ('¾', 3)] {
        if let Some(whole) = t.strip_suffix(glyph) {
            let w: i64 = if whole.is_empty() {
                0
            } else {
                whole.parse().ok()?
            };
            return (w >= 0).then(|| Zi::quarters(w * 4 + q));
        }
    }
    let x: f64 = t.parse().ok()?;
    Zi::from_f64(x)
}

fn column_of(line: &str, byte: usize) -> usize {
    line[..byte].chars().count() + 1
}

/// Reads a count file's text.
pub fn parse(text: &str) -> Result<CountFile, CountFileError> {
    let err = |line: usize, column: usize, message: String| CountFileError {
        line,
        column,
        message,
    };
    let mut komi: Option<Zi> = None;
    let mut handicap: u32 = 0;
    let mut size: Option<u8> = None;
    let mut conceded_by: Option<Stone> = None;
    // (line, column, point text) to read once the size is known.
    let mut dead_text: Vec<(usize, usize, String)> = Vec::new();
    let mut seki_text: Vec<(usize, usize, String)> = Vec::new();
    let mut board_lines: Vec<String> = Vec::new();
    let mut board_start: Option<usize> = None;
    let mut seen_keys: BTreeSet<String> = BTreeSet::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("");
        if board_start.is_none() {
            if line.trim().is_empty() {
                continue;
            }
            if let Some((key, value)) = line.split_once(':') {
                let key_col = column_of(line, line.len() - line.trim_start().len());
                let value_col =
                    column_of(line, key.len() + 1) + (value.len() - value.trim_start().len());
                let key = key.trim().to_ascii_lowercase();
                let value = value.trim();
                if !seen_keys.insert(key.clone()) {
                    return Err(err(n, key_col, format!("'{key}' is given twice")));
                }
                match key.as_str() {
                    "komi" => {
                        komi = Some(parse_komi(value).ok_or_else(|| {
                            err(
                                n,
                                value_col,
                                format!(
                                    "komi '{value}': write 3.75 (or 3¾), 2.75, 0, … — a whole number of quarters of a stone"
                                ),
                            )
                        })?);
                    }
                    "handicap" => {
                        handicap = value.parse().map_err(|_| {
                            err(
                                n,
                                value_col,
                                format!("handicap '{value}': a number of stones"),
                            )
                        })?;
                    }
                    "size" => {
                        size = Some(value.parse().map_err(|_| {
                            err(n, value_col, format!("size '{value}': a number of lines"))
                        })?);
                    }
                    "conceded-by" => {
                        conceded_by = Some(match value.to_ascii_lowercase().as_str() {
                            "black" => Stone::Black,
                            "white" => Stone::White,
                            _ => {
                                return Err(err(
                                    n,
                                    value_col,
                                    format!("conceded-by '{value}': black or white"),
                                ));
                            }
                        });
                    }
                    "dead" | "seki" => {
                        let target = if key == "dead" {
                            &mut dead_text
                        } else {
                            &mut seki_text
                        };
                        let mut offset = 0;
                        for word in value.split(|c: char| c.is_whitespace() || c == ',') {
                            if !word.is_empty() {
                                let at = value[offset..].find(word).map_or(0, |k| k + offset);
                                target.push((
                                    n,
                                    value_col + value[..at].chars().count(),
                                    word.to_string(),
                                ));
                                offset = at + word.len();
                            }
                        }
                    }
                    other => {
                        return Err(err(
                            n,
                            key_col,
                            format!(
                                "unknown key '{other}': komi, handicap, dead, seki, conceded-by, size"
                            ),
                        ));
                    }
                }
                continue;
            }
            board_start = Some(n);
        } else if line.contains(':') {
            return Err(err(
                n,
                column_of(line, line.find(':').unwrap_or(0)),
                "a 'key: value' line after the board: put the terms above it".into(),
            ));
        }
        board_lines.push(line.to_string());
    }
    let Some(start) = board_start else {
        return Err(err(
            text.lines().count().max(1),
            1,
            "no board: give the diagram after the terms".into(),
        ));
    };
    let komi = komi.ok_or_else(|| {
        err(
            1,
            1,
            "no komi: write e.g. 'komi: 3.75' (3¾), 'komi: 2.75' or 'komi: 0' (让先, handicap games); 003 has both 3¾ and 2¾".into(),
        )
    })?;
    let diagram = Diagram::parse(&board_lines.join("\n"), size)
        .map_err(|e| err(start + e.line - 1, e.column, e.message))?;
    let n = diagram.board.size();
    let read_points = |list: &[(usize, usize, String)]| -> Result<BTreeSet<Point>, CountFileError> {
        list.iter()
            .map(|(l, c, t)| Point::parse(t, n).map_err(|e| err(*l, *c, e.to_string())))
            .collect()
    };
    let mut dead = diagram.dead.clone();
    dead.extend(read_points(&dead_text)?);
    let seki = read_points(&seki_text)?;
    Ok(CountFile {
        diagram,
        dead,
        terms: Terms {
            komi,
            handicap,
            conceded_by,
            seki,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_forms() {
        assert_eq!(parse_komi("3¾"), Some(Zi::quarters(15)));
        assert_eq!(parse_komi("2.75"), Some(Zi::quarters(11)));
        assert_eq!(parse_komi("½"), Some(Zi::quarters(2)));
        assert_eq!(parse_komi("0"), Some(Zi::ZERO));
        assert_eq!(parse_komi("3.7"), None);
        assert_eq!(parse_komi("x¾"), None);
    }

    #[test]
    fn file_and_errors() {
        let f = parse("# test\nkomi: 0\ndead: A3\n\nX . .\n. O .\n. . .\n").unwrap();
        assert_eq!(f.dead.len(), 1);
        assert_eq!(f.diagram.board.size(), 3);
        let e = parse("komi: 0\nX . .\n. Z .\n. . .\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        let e = parse("komi: 0\ndead: A1 Z9\nX . .\n. . .\n. . .\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        let e = parse("komi: 3.7\nX . .\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 7));
        let e = parse("X . .\n. . .\n. . .\n").unwrap_err();
        assert!(e.message.contains("no komi"));
        let e = parse("komi: 0\nX . .\nkomi: 1\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(parse("komi: 0\n").is_err());
        assert!(parse("colour: red\n").is_err());
    }
}
