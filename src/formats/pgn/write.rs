//! Writing [`Record`]s as PGN, the moves in ICCS, WXF or Chinese notation,
//! with their comments and variations.

use crate::formats::record::{Record, RecordMove};
use crate::xiangqi::Position;
use crate::xiangqi::notation::{self, Notation};

/// The longest movetext line written, in characters (PGN's export format
/// keeps lines under 80).
const LINE_WIDTH: usize = 79;

/// Writes one game as PGN: its tags (with `FEN` set from the start position
/// and `Result` from the result), then its movetext in `notation`, then the
/// result (`*` when unknown). A `}` inside a comment, which PGN cannot
/// carry, is written as the full-width `｝`.
pub fn write_game(record: &Record, notation: Notation) -> Result<String, String> {
    let start = record.start_position()?;
    let result = record.result.clone().unwrap_or_else(|| "*".to_string());
    let mut tags: Vec<(String, String)> = record
        .tags
        .iter()
        .filter(|(k, _)| !k.eq_ignore_ascii_case("FEN") && !k.eq_ignore_ascii_case("Result"))
        .cloned()
        .collect();
    tags.push(("Result".to_string(), result.clone()));
    if let Some(fen) = &record.start_fen {
        tags.push(("FEN".to_string(), fen.clone()));
    }
    let mut out = String::new();
    for (k, v) in &tags {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    if let Some(c) = &record.comment {
        words.push(comment(c));
    }
    line_words(&start, &record.moves, notation, &mut words)?;
    words.push(result);
    let mut width = 0;
    let mut prev = String::new();
    for w in words {
        let n = w.chars().count();
        // "(1. h2e2)": no space inside the parentheses.
        let glued = prev == "(" || w == ")";
        if width > 0 && !glued && width + 1 + n > LINE_WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 && !glued {
            out.push(' ');
            width += 1;
        }
        out.push_str(&w);
        width += n;
        prev = w;
    }
    out.push_str("\n\n");
    Ok(out)
}

/// Writes every game, one after another.
pub fn write(records: &[Record], notation: Notation) -> Result<String, String> {
    let mut out = String::new();
    for (i, r) in records.iter().enumerate() {
        out.push_str(&write_game(r, notation).map_err(|e| format!("game {}: {e}", i + 1))?);
    }
    Ok(out)
}

fn comment(c: &str) -> String {
    format!("{{{}}}", c.replace('}', "｝"))
}

/// The words of one line from `start`: move numbers, moves, comments and
/// the variations after each move.
fn line_words(
    start: &Position,
    moves: &[RecordMove],
    notation: Notation,
    words: &mut Vec<String>,
) -> Result<(), String> {
    let mut pos = start.clone();
    let mut need_number = true;
    for m in moves {
        if !pos.is_legal(m.mv) {
            return Err(format!(
                "move {} ({}) is not legal in its position",
                pos.fullmoves(),
                m.mv.iccs()
            ));
        }
        let n = pos.fullmoves();
        match pos.turn() {
            crate::Color::Red => words.push(format!("{n}.")),
            crate::Color::Black if need_number => words.push(format!("{n}...")),
            crate::Color::Black => {}
        }
        words.push(notation::format_move(&pos, m.mv, notation));
        need_number = false;
        if let Some(c) = &m.comment {
            words.push(comment(c));
            need_number = true;
        }
        for v in &m.variations {
            words.push("(".to_string());
            line_words(&pos, v, notation, words)?;
            words.push(")".to_string());
            need_number = true;
        }
        pos = pos.play_unchecked(m.mv);
    }
    Ok(())
}
