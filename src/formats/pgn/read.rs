//! Reading PGN games into [`Record`]s: the games split apart first (cheap,
//! in order), each then read on its own (the moves resolved in their
//! positions), so that a bad game fails alone and games can be read in
//! parallel.

use crate::formats::record::{Record, RecordError, RecordLocation, RecordMove};
use crate::limits::{MAX_NESTING_DEPTH, MAX_RECORD_PLIES};
use crate::xiangqi::Position;
use crate::xiangqi::notation;

use super::lex::{Loc, Tok, tokenize};

/// One game of a PGN file, split from the others but not yet read: its
/// tokens, its number in the file and where it starts.
#[derive(Clone, Debug)]
pub struct PgnGame {
    file: String,
    number: usize,
    line: usize,
    tokens: Vec<(Tok, Loc)>,
}

impl PgnGame {
    /// The game's 1-based number in its file.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The line of the file on which the game starts.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads the game: its tags, start position, moves (each resolved and
    /// checked legal in its position), comments, variations and result.
    pub fn read(&self) -> Result<Record, RecordError> {
        GameReader { game: self }.read()
    }
}

/// The text of a PGN file: UTF-8 (a byte-order mark is skipped). Anything
/// else is refused where it stops being UTF-8, with the way to convert it.
pub fn decode<'a>(bytes: &'a [u8], file: &str) -> Result<&'a str, RecordError> {
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(RecordError {
            location: RecordLocation {
                file: file.to_string(),
                byte: Some(0),
                ..RecordLocation::default()
            },
            reason: "the file is UTF-16 (it starts with a UTF-16 byte-order mark); qigui reads PGN in UTF-8 only — convert it, e.g. `iconv -f UTF-16 -t UTF-8`".into(),
        });
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        RecordError {
            location: RecordLocation {
                file: file.to_string(),
                line: Some(line),
                column: Some(column),
                byte: Some(e.valid_up_to()),
                ..RecordLocation::default()
            },
            reason: format!(
                "not UTF-8 (byte 0x{:02X}); qigui reads PGN in UTF-8 only — a file saved as GBK or GB18030, as older Chinese programs write, can be converted with `iconv -f GB18030 -t UTF-8`",
                bytes[e.valid_up_to()]
            ),
        }
    })
}

/// Splits PGN text into its games, in order. A game is its tag pairs and
/// the movetext after them, up to its result or the next tag pair.
pub fn split_games(text: &str, file: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut cur: Vec<(Tok, Loc)> = Vec::new();
    let mut in_movetext = false;
    let flush = |cur: &mut Vec<(Tok, Loc)>, games: &mut Vec<PgnGame>| {
        if cur.is_empty() {
            return;
        }
        let line = cur[0].1.line;
        games.push(PgnGame {
            file: file.to_string(),
            number: games.len() + 1,
            line,
            tokens: std::mem::take(cur),
        });
    };
    for (tok, loc) in tokenize(text) {
        match tok {
            Tok::Tag(..) | Tok::BadTag(_) if in_movetext => {
                flush(&mut cur, &mut games);
                in_movetext = false;
                cur.push((tok, loc));
            }
            Tok::Tag(..) | Tok::BadTag(_) => cur.push((tok, loc)),
            Tok::Result(_) => {
                cur.push((tok, loc));
                // A result inside a variation does not end the game.
                let depth = cur.iter().fold(0i64, |d, (t, _)| match t {
                    Tok::Open => d + 1,
                    Tok::Close => d - 1,
                    _ => d,
                });
                if depth <= 0 {
                    flush(&mut cur, &mut games);
                    in_movetext = false;
                }
            }
            Tok::Comment(_) if !in_movetext && cur.is_empty() && !games.is_empty() => {
                // A comment between games belongs to the next one.
                cur.push((tok, loc));
            }
            _ => {
                in_movetext = true;
                cur.push((tok, loc));
            }
        }
    }
    // Trailing comments with neither tags nor moves are not a game.
    if cur.iter().any(|(t, _)| !matches!(t, Tok::Comment(_))) {
        flush(&mut cur, &mut games);
    }
    games
}

/// Reads every game of a PGN file: `Ok` with one entry per game (a bad game
/// is its own error, the others still read), or the file's error when it is
/// not text qigui reads.
pub fn read_games(
    bytes: &[u8],
    file: &str,
) -> Result<Vec<Result<Record, RecordError>>, RecordError> {
    let text = decode(bytes, file)?;
    Ok(split_games(text, file).iter().map(PgnGame::read).collect())
}

/// Reads every game of a PGN file; the first bad game is the error.
pub fn read(bytes: &[u8], file: &str) -> Result<Vec<Record>, RecordError> {
    read_games(bytes, file)?.into_iter().collect()
}

/// Reads one game's tokens.
struct GameReader<'a> {
    game: &'a PgnGame,
}

/// The moves of one line (the main line or a variation), and the comment
/// before its first move.
struct Line {
    moves: Vec<RecordMove>,
    comment: Option<String>,
}

fn append(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(s) if !text.is_empty() => {
            s.push(' ');
            s.push_str(text);
        }
        Some(_) => {}
        None => *slot = Some(text.to_string()),
    }
}

impl GameReader<'_> {
    fn error(
        &self,
        loc: Loc,
        move_number: Option<usize>,
        reason: impl Into<String>,
    ) -> RecordError {
        RecordError {
            location: RecordLocation {
                file: self.game.file.clone(),
                line: Some(loc.line),
                column: Some(loc.column),
                byte: None,
                game: Some(self.game.number),
                move_number,
            },
            reason: reason.into(),
        }
    }

    fn read(&self) -> Result<Record, RecordError> {
        let toks = &self.game.tokens;
        let mut record = Record::default();
        let mut i = 0;
        let mut fen_at = None;
        while let Some((Tok::Tag(name, value), loc)) = toks.get(i) {
            if name.eq_ignore_ascii_case("FEN") {
                record.start_fen = Some(value.trim().to_string());
                fen_at = Some(*loc);
            }
            record.tags.push((name.clone(), value.clone()));
            i += 1;
        }
        let start = match &record.start_fen {
            None => Position::start(),
            Some(fen) => Position::from_fen(fen).map_err(|e| {
                self.error(fen_at.unwrap_or_default(), None, format!("tag FEN: {e}"))
            })?,
        };
        let mut plies = 0;
        let line = self.line(&start, &mut i, 0, &mut plies, &mut record.result)?;
        record.moves = line.moves;
        record.comment = line.comment;
        if record.result.is_none() {
            record.result = record
                .tag("Result")
                .filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2" | "*"))
                .map(str::to_string);
        }
        Ok(record)
    }

    /// Reads one line from `start` until its end: the end of the game, a
    /// result, or (in a variation, `depth` > 0) the closing parenthesis.
    fn line(
        &self,
        start: &Position,
        i: &mut usize,
        depth: usize,
        plies: &mut usize,
        result: &mut Option<String>,
    ) -> Result<Line, RecordError> {
        let toks = &self.game.tokens;
        let mut line = Line {
            moves: Vec::new(),
            comment: None,
        };
        // positions[k] is the position before move k; the last, after them all.
        let mut positions = vec![start.clone()];
        let opened_at = i.checked_sub(1).and_then(|j| toks.get(j)).map(|t| t.1);
        while let Some((tok, loc)) = toks.get(*i) {
            let loc = *loc;
            *i += 1;
            let pos = positions.last().cloned().unwrap_or_else(Position::start);
            let number = Some(pos.fullmoves() as usize);
            match tok {
                Tok::Tag(..) => {
                    return Err(self.error(loc, number, "a tag pair inside the movetext"));
                }
                Tok::Bad(why) => return Err(self.error(loc, number, why.clone())),
                Tok::BadTag(why) => return Err(self.error(loc, None, why.clone())),
                Tok::Nag | Tok::MoveNumber => {}
                Tok::Comment(c) => match line.moves.last_mut() {
                    Some(m) => append(&mut m.comment, c),
                    None => append(&mut line.comment, c),
                },
                Tok::Result(r) => {
                    if depth == 0 {
                        *result = Some(r.clone());
                        return Ok(line);
                    }
                }
                Tok::Open => {
                    if line.moves.is_empty() {
                        return Err(self.error(
                            loc,
                            number,
                            "a variation '(' must follow the move it replaces",
                        ));
                    }
                    if depth + 1 >= MAX_NESTING_DEPTH {
                        return Err(self.error(
                            loc,
                            number,
                            format!("variations nested more than {MAX_NESTING_DEPTH} deep"),
                        ));
                    }
                    let before = &positions[positions.len() - 2];
                    let var = self.line(before, i, depth + 1, plies, result)?;
                    let last = line.moves.last_mut().expect("a move was read");
                    let mut moves = var.moves;
                    if let (Some(c), Some(first)) = (var.comment, moves.first_mut()) {
                        // A comment before a variation's first move is kept
                        // after it (a Record has no place before a move).
                        let after = first.comment.take();
                        first.comment = Some(c);
                        if let Some(a) = after {
                            append(&mut first.comment, &a);
                        }
                    }
                    if !moves.is_empty() {
                        last.variations.push(moves);
                    }
                }
                Tok::Close => {
                    if depth == 0 {
                        return Err(self.error(loc, number, "')' without its '('"));
                    }
                    return Ok(line);
                }
                Tok::Word(w) => {
                    let text = self.join_spaced_move(w, i);
                    let mv = self.resolve(&pos, &text, loc, number)?;
                    *plies += 1;
                    if *plies > MAX_RECORD_PLIES {
                        return Err(self.error(
                            loc,
                            number,
                            format!("more than {MAX_RECORD_PLIES} moves in one game"),
                        ));
                    }
                    positions.push(pos.play_unchecked(mv));
                    line.moves.push(RecordMove {
                        mv,
                        text,
                        comment: None,
                        variations: Vec::new(),
                    });
                }
            }
        }
        if depth > 0 {
            let at = opened_at.unwrap_or_default();
            return Err(self.error(at, None, "a variation '(' is never closed with ')'"));
        }
        Ok(line)
    }

    /// A Chinese move written with spaces (车 9 平 8) is several words: they
    /// are joined while the move is incomplete and the next is a word.
    fn join_spaced_move(&self, first: &str, i: &mut usize) -> String {
        let mut text = first.to_string();
        if text.is_ascii() || notation::is_whole_chinese_move(&text) {
            return text;
        }
        let toks = &self.game.tokens;
        let mut j = *i;
        let mut joined = text.clone();
        while j < toks.len() && j < *i + 4 {
            let Tok::Word(w) = &toks[j].0 else { break };
            joined.push_str(w);
            j += 1;
            if notation::is_whole_chinese_move(&joined) {
                *i = j;
                text = joined;
                break;
            }
        }
        text
    }

    /// The move a word names in `pos`, checked legal.
    fn resolve(
        &self,
        pos: &Position,
        word: &str,
        loc: Loc,
        number: Option<usize>,
    ) -> Result<crate::xiangqi::Move, RecordError> {
        // Annotation marks after a move (`!`, `?`, `+` for check, `#`).
        let text = word.trim_end_matches(['!', '?', '#', '+']);
        let text = if text.is_empty() { word } else { text };
        let side = pos.turn().name();
        let pm = notation::parse_move(pos, text)
            .map_err(|e| self.error(loc, number, format!("{side}: {e}")))?;
        if !pos.is_legal(pm.mv) {
            return Err(self.error(
                loc,
                number,
                format!("{side}: move '{word}' ({}) leaves its own king in check or facing the other (3.4)", pm.mv.iccs()),
            ));
        }
        Ok(pm.mv)
    }
}
