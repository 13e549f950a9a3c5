//! Move notation: ICCS, WXF and Chinese (1.1 file numbering, 7.5 records).
//!
//! * **ICCS** (`h2e2`): the from and to points, files `a`–`i`, ranks `0`–`9`
//!   from red's side. Also read with upper case and a dash (`H2-E2`).
//! * **WXF** (`C2=5`, `H2+3`, `R+=4`): piece letter, file (counted from the
//!   mover's right) or `+`/`-` for the front/rear of two on one file, `+`
//!   forward, `-` back, `=` (or `.`) sideways, then the target file or the
//!   number of steps. Tandem pawns follow WXF's published rules.
//! * **Chinese** (炮二平五, 马8进7, 前马退四): piece, file (red counts 一–九,
//!   black 1–9, each from its own right, 1.1), 进/退/平, then the target file
//!   (for 马, 相/象, 仕/士, and any sideways move) or the number of steps.
//!   Two like pieces on one file are told apart by 前/后, three pawns by
//!   前/中/后 (7.5); see `spec/notation.md` for four or five pawns and for
//!   pawns doubled on two files, where the rulebook is silent.
//! * The **abbreviated record** of 7.5 (炮 2 5, 马 8 7̲): the action is shown
//!   by marking the last digit: underlined for 进, overlined for 退, plain for
//!   平.
//!
//! Printing is canonical; parsing also accepts traditional characters
//! (車馬砲帥將俥傌), full-width digits, spaces, either kind of digit for
//! either side, and the loose forms the rulebook itself prints (e.g. 马四进二
//! when two horses share the file but only one of them can make that move),
//! reporting that it resolved an ambiguity.

use thiserror::Error;

use crate::xiangqi::board::{Color, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};

/// The notations qigui reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `h2e2`.
    Iccs,
    /// `C2=5`.
    Wxf,
    /// 炮二平五.
    Chinese,
    /// 炮25 with the last digit marked (7.5's 简写记录).
    Abbreviated,
}

impl Notation {
    /// The name used in the corpus and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Abbreviated => "abbreviated",
        }
    }
}

/// A move read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    /// The move. It is pseudo-legal (2.2); whether it exposes the mover's king
    /// (3.4) is for the caller to decide.
    pub mv: Move,
    /// Which notation the text was in.
    pub notation: Notation,
    /// Set when the text did not identify the piece the canonical way and the
    /// parser chose the only piece that can make the move; says how.
    pub resolved: Option<String>,
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move '{}': {reason}", crate::limits::echo(text))]
pub struct NotationError {
    /// The text as given.
    pub text: String,
    /// A stable short code: `syntax`, `no-such-move`, `ambiguous`, `illegal`.
    pub code: &'static str,
    /// What is wrong.
    pub reason: String,
}

fn err(text: &str, code: &'static str, reason: impl Into<String>) -> NotationError {
    NotationError {
        text: text.to_string(),
        code,
        reason: reason.into(),
    }
}

const RED_NUMERALS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

fn number(color: Color, n: u8) -> String {
    match color {
        Color::Red => RED_NUMERALS
            .get(n as usize)
            .copied()
            .unwrap_or("?")
            .to_string(),
        Color::Black => n.to_string(),
    }
}

/// Moving forward, from `color`'s point of view, by how many ranks (negative: back).
fn forward_delta(color: Color, mv: Move) -> i32 {
    let d = mv.to.rank() as i32 - mv.from.rank() as i32;
    match color {
        Color::Red => d,
        Color::Black => -d,
    }
}

fn moves_diagonally(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor
    )
}

/// How the moving piece is identified among its like pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ident {
    /// By its file: the only such piece on that file.
    File(u8),
    /// By its place on a file shared with like pieces: index from the front
    /// (0 = foremost) among `count`, plus the file when pawns are doubled on
    /// more than one file.
    Tandem {
        index: u8,
        count: u8,
        file: Option<u8>,
    },
}

/// Like pieces on `from`'s file, ordered from the front (nearest the enemy).
fn tandem(pos: &Position, from: Square) -> Vec<Square> {
    let Some(p) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut v: Vec<Square> = (0..10u8)
        .filter_map(|r| Square::new(from.file(), r))
        .filter(|&s| pos.piece_at(s) == Some(p))
        .collect();
    if p.color == Color::Red {
        v.reverse(); // red's front is the highest rank
    }
    v
}

/// Files (by index) on which `color` has two or more pawns.
fn doubled_pawn_files(pos: &Position, color: Color) -> Vec<u8> {
    (0..9u8)
        .filter(|&f| {
            (0..10u8)
                .filter_map(|r| Square::new(f, r))
                .filter(|&s| {
                    pos.piece_at(s)
                        .is_some_and(|p| p.color == color && p.kind == PieceKind::Pawn)
                })
                .count()
                >= 2
        })
        .collect()
}

fn ident(pos: &Position, from: Square) -> Ident {
    let Some(p) = pos.piece_at(from) else {
        return Ident::File(from.file_number(Color::Red));
    };
    let t = tandem(pos, from);
    if t.len() < 2 {
        return Ident::File(from.file_number(p.color));
    }
    let index = t.iter().position(|&s| s == from).unwrap_or(0) as u8;
    let file = if p.kind == PieceKind::Pawn && doubled_pawn_files(pos, p.color).len() > 1 {
        Some(from.file_number(p.color))
    } else {
        None
    };
    Ident::Tandem {
        index,
        count: t.len() as u8,
        file,
    }
}

/// The position word for the `index`-th (from the front) of `count` like pieces.
fn position_word(index: u8, count: u8) -> &'static str {
    if index == 0 {
        return "前";
    }
    if index + 1 == count {
        return "后";
    }
    match (count, index) {
        (3, 1) => "中",
        (_, 1) => "二",
        (_, 2) => "三",
        _ => "四",
    }
}

/// The action and the number after it: (进/退/平, file or steps).
fn action(color: Color, kind: PieceKind, mv: Move) -> (char, u8) {
    let d = forward_delta(color, mv);
    let act = if d > 0 {
        '进'
    } else if d < 0 {
        '退'
    } else {
        '平'
    };
    let n = if act == '平' || moves_diagonally(kind) {
        mv.to.file_number(color)
    } else {
        d.unsigned_abs() as u8
    };
    (act, n)
}

/// Prints a move in canonical Chinese notation (炮二平五, 马8进7, 前马退四).
/// `mv` must start on a piece of the side to move.
pub fn chinese(pos: &Position, mv: Move) -> String {
    let Some(p) = pos.piece_at(mv.from) else {
        return mv.iccs();
    };
    let name = p.chinese();
    let (act, n) = action(p.color, p.kind, mv);
    let head = match ident(pos, mv.from) {
        Ident::File(f) => format!("{name}{}", number(p.color, f)),
        Ident::Tandem { index, count, file } => {
            let word = position_word(index, count);
            match file {
                Some(f) => format!("{word}{name}{}", number(p.color, f)),
                None => format!("{word}{name}"),
            }
        }
    };
    format!("{head}{act}{}", number(p.color, n))
}

/// Prints a move in the abbreviated record form of 7.5: Arabic digits, the
/// last one underlined (U+0332) for 进, overlined (U+0305) for 退, plain for 平.
pub fn abbreviated(pos: &Position, mv: Move) -> String {
    let Some(p) = pos.piece_at(mv.from) else {
        return mv.iccs();
    };
    let name = p.chinese();
    let (act, n) = action(p.color, p.kind, mv);
    let head = match ident(pos, mv.from) {
        Ident::File(f) => format!("{name}{f}"),
        Ident::Tandem { index, count, file } => {
            let word = position_word(index, count);
            match file {
                Some(f) => format!("{word}{name}{f}"),
                None => format!("{word}{name}"),
            }
        }
    };
    let mark = match act {
        '进' => "\u{332}",
        '退' => "\u{305}",
        _ => "",
    };
    format!("{head}{n}{mark}")
}

/// Prints a move in WXF notation (`C2=5`, `H2+3`, `+R=4`… see the module doc).
pub fn wxf(pos: &Position, mv: Move) -> String {
    let Some(p) = pos.piece_at(mv.from) else {
        return mv.iccs();
    };
    let letter = p.kind.wxf_letter();
    let (act, n) = action(p.color, p.kind, mv);
    let op = match act {
        '进' => '+',
        '退' => '-',
        _ => '=',
    };
    let head = match ident(pos, mv.from) {
        Ident::File(f) => format!("{letter}{f}"),
        Ident::Tandem { index, count, file } => {
            let front = index == 0;
            let rear = index + 1 == count;
            match file {
                // Pawns doubled on two files: the file replaces the letter.
                Some(f) => {
                    if front {
                        format!("{f}+")
                    } else if rear {
                        format!("{f}-")
                    } else {
                        format!("{f}{f}")
                    }
                }
                None => match (count, index) {
                    (2 | 3, 0) => format!("{letter}+"),
                    (2 | 3, _) if rear => format!("{letter}-"),
                    (3, _) => format!("{letter}{}", mv.from.file_number(p.color)),
                    // Four or five pawns: ++, P+, (P<file>), P-, --.
                    (_, 0) => "++".to_string(),
                    (_, _) if rear => "--".to_string(),
                    (_, 1) => format!("{letter}+"),
                    (_, i) if i + 2 == count => format!("{letter}-"),
                    _ => format!("{letter}{}", mv.from.file_number(p.color)),
                },
            }
        }
    };
    format!("{head}{op}{n}")
}

/// Prints a move in the given notation.
pub fn format_move(pos: &Position, mv: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => mv.iccs(),
        Notation::Wxf => wxf(pos, mv),
        Notation::Chinese => chinese(pos, mv),
        Notation::Abbreviated => abbreviated(pos, mv),
    }
}

/// Reads an ICCS move (`h2e2`, `H2-E2`) without reference to a position.
pub fn parse_iccs(text: &str) -> Option<Move> {
    let t: String = text.trim().chars().filter(|&c| c != '-').collect();
    if t.len() != 4 || !t.is_ascii() {
        return None;
    }
    let from = Square::parse(&t[0..2])?;
    let to = Square::parse(&t[2..4])?;
    Some(Move::new(from, to))
}

fn looks_like_iccs(t: &str) -> bool {
    let c: Vec<char> = t.chars().filter(|&c| c != '-').collect();
    c.len() == 4
        && c[0].is_ascii_alphabetic()
        && ('a'..='i').contains(&c[0].to_ascii_lowercase())
        && c[1].is_ascii_digit()
        && ('a'..='i').contains(&c[2].to_ascii_lowercase())
        && c[3].is_ascii_digit()
}

/// What a notation says about the moving piece and its move, before the
/// position resolves it.
#[derive(Clone, Debug, Default)]
struct Description {
    kind: Option<PieceKind>,
    /// The source file in the mover's numbering.
    file: Option<u8>,
    /// The position word (前/中/后, an ordinal, or WXF's +/-).
    place: Option<Place>,
    act: Option<char>,
    n: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Front,
    Middle,
    Rear,
    /// The k-th from the front (0-based), from 一/二/三/四/五 or a digit.
    Ordinal(u8),
    /// WXF's `++`/`--` for the foremost and rearmost of four or five.
    Foremost,
    Rearmost,
    /// WXF's `P+`/`P-` among four or five: the second from the front/rear.
    SecondFront,
    SecondRear,
}

impl Place {
    /// Whether the piece at `index` (from the front) among `count` fits.
    fn matches(self, index: u8, count: u8) -> bool {
        let rear = index + 1 == count;
        match self {
            // In Chinese 前 is always the foremost; WXF's `P+` among four or
            // five pawns is SecondFront.
            Place::Front => index == 0,
            Place::Rear => rear,
            Place::Middle => count == 3 && index == 1 || count == 5 && index == 2,
            Place::Ordinal(k) => index == k,
            Place::Foremost => index == 0,
            Place::Rearmost => rear,
            Place::SecondFront => {
                if count <= 3 {
                    index == 0
                } else {
                    index == 1
                }
            }
            Place::SecondRear => {
                if count <= 3 {
                    rear
                } else {
                    index + 2 == count
                }
            }
        }
    }
}

fn chinese_digit(c: char) -> Option<u8> {
    Some(match c {
        '一' | '１' | '1' => 1,
        '二' | '２' | '2' => 2,
        '三' | '３' | '3' => 3,
        '四' | '４' | '4' => 4,
        '五' | '５' | '5' => 5,
        '六' | '６' | '6' => 6,
        '七' | '７' | '7' => 7,
        '八' | '８' | '8' => 8,
        '九' | '９' | '9' => 9,
        _ => return None,
    })
}

fn superscript_digit(c: char) -> Option<u8> {
    Some(match c {
        '¹' => 1,
        '²' => 2,
        '³' => 3,
        '⁴' => 4,
        '⁵' => 5,
        '⁶' => 6,
        '⁷' => 7,
        '⁸' => 8,
        '⁹' => 9,
        _ => return None,
    })
}

fn subscript_digit(c: char) -> Option<u8> {
    Some(match c {
        '₁' => 1,
        '₂' => 2,
        '₃' => 3,
        '₄' => 4,
        '₅' => 5,
        '₆' => 6,
        '₇' => 7,
        '₈' => 8,
        '₉' => 9,
        _ => return None,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Piece(PieceKind),
    /// A number; the mark is the action it carries in the abbreviated form.
    Num(u8, Option<char>),
    Place(Place),
    Act(char),
}

fn tokenize_chinese(text: &str) -> Result<Vec<Tok>, NotationError> {
    // Markup for underline/overline: <u>7</u>, <o>4</o>.
    let t = text
        .replace("<u>", "\u{1}")
        .replace("</u>", "\u{2}")
        .replace("<o>", "\u{3}")
        .replace("</o>", "\u{2}");
    let mut toks = Vec::new();
    let mut pending_mark: Option<char> = None;
    for c in t.chars() {
        match c {
            c if c.is_whitespace() => {}
            '\u{1}' => pending_mark = Some('进'),
            '\u{3}' => pending_mark = Some('退'),
            '\u{2}' => pending_mark = None,
            '\u{332}' | '\u{331}' | '\u{320}' => {
                if let Some(Tok::Num(n, None)) = toks.last().copied() {
                    toks.pop();
                    toks.push(Tok::Num(n, Some('进')));
                } else {
                    return Err(err(text, "syntax", "an underline mark must follow a digit"));
                }
            }
            '\u{305}' | '\u{304}' | '\u{33f}' => {
                if let Some(Tok::Num(n, None)) = toks.last().copied() {
                    toks.pop();
                    toks.push(Tok::Num(n, Some('退')));
                } else {
                    return Err(err(text, "syntax", "an overline mark must follow a digit"));
                }
            }
            '进' | '進' => toks.push(Tok::Act('进')),
            '退' => toks.push(Tok::Act('退')),
            '平' => toks.push(Tok::Act('平')),
            '前' => toks.push(Tok::Place(Place::Front)),
            '中' => toks.push(Tok::Place(Place::Middle)),
            '后' | '後' => toks.push(Tok::Place(Place::Rear)),
            c => {
                if let Some(k) = PieceKind::from_chinese(c) {
                    toks.push(Tok::Piece(k));
                } else if let Some(n) = chinese_digit(c) {
                    toks.push(Tok::Num(n, pending_mark));
                } else if let Some(n) = superscript_digit(c) {
                    toks.push(Tok::Num(n, Some('退')));
                } else if let Some(n) = subscript_digit(c) {
                    toks.push(Tok::Num(n, Some('进')));
                } else {
                    return Err(err(
                        text,
                        "syntax",
                        format!("'{c}' is not part of Chinese move notation"),
                    ));
                }
            }
        }
    }
    Ok(toks)
}

fn parse_chinese_description(text: &str) -> Result<(Description, bool), NotationError> {
    let toks = tokenize_chinese(text)?;
    let mut d = Description::default();
    let mut i = 0;
    let syntax = |why: &str| err(text, "syntax", why.to_string());
    // Optional position word or ordinal before the piece.
    match toks.first() {
        Some(Tok::Place(p)) => {
            d.place = Some(*p);
            i += 1;
        }
        Some(Tok::Num(n, None)) if matches!(toks.get(1), Some(Tok::Piece(_))) => {
            if *n == 0 || *n > 5 {
                return Err(syntax("an ordinal before the piece must be 一 to 五"));
            }
            d.place = Some(Place::Ordinal(n - 1));
            i += 1;
        }
        _ => {}
    }
    match toks.get(i) {
        Some(Tok::Piece(k)) => {
            d.kind = Some(*k);
            i += 1;
        }
        _ => return Err(syntax("expected a piece (车马炮相仕帅兵 …)")),
    }
    let rest = &toks[i..];
    let abbreviated;
    match rest {
        // [file] action number
        [Tok::Num(f, None), Tok::Act(a), Tok::Num(n, None)] => {
            d.file = Some(*f);
            d.act = Some(*a);
            d.n = *n;
            abbreviated = false;
        }
        [Tok::Act(a), Tok::Num(n, None)] => {
            d.act = Some(*a);
            d.n = *n;
            abbreviated = false;
        }
        // Abbreviated: [file] marked-number
        [Tok::Num(f, None), Tok::Num(n, m)] => {
            d.file = Some(*f);
            d.act = Some(m.unwrap_or('平'));
            d.n = *n;
            abbreviated = true;
        }
        [Tok::Num(n, m)] if d.place.is_some() => {
            d.act = Some(m.unwrap_or('平'));
            d.n = *n;
            abbreviated = true;
        }
        _ => {
            return Err(syntax(
                "expected [file] 进/退/平 number, e.g. 炮二平五 or 前马退四",
            ));
        }
    }
    if d.n == 0 {
        return Err(syntax("numbers run from 1 to 9"));
    }
    Ok((d, abbreviated))
}

fn parse_wxf_description(text: &str) -> Result<Description, NotationError> {
    let c: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let syntax = |why: &str| err(text, "syntax", why.to_string());
    if c.len() != 4 {
        return Err(syntax("a WXF move has four characters, e.g. C2=5"));
    }
    let mut d = Description::default();
    let letter_kind = |ch: char| match ch.to_ascii_uppercase() {
        'K' => Some(PieceKind::King),
        'A' => Some(PieceKind::Advisor),
        'E' | 'B' => Some(PieceKind::Elephant),
        'H' | 'N' => Some(PieceKind::Horse),
        'R' => Some(PieceKind::Rook),
        'C' => Some(PieceKind::Cannon),
        'P' => Some(PieceKind::Pawn),
        _ => None,
    };
    // Piece and identification.
    match (c[0], c[1]) {
        ('+', '+') => {
            d.kind = Some(PieceKind::Pawn);
            d.place = Some(Place::Foremost);
        }
        ('-', '-') => {
            d.kind = Some(PieceKind::Pawn);
            d.place = Some(Place::Rearmost);
        }
        ('+', k) | ('-', k) if letter_kind(k).is_some() => {
            // Alternative order seen in print: +R=4.
            d.kind = letter_kind(k);
            d.place = Some(if c[0] == '+' {
                Place::SecondFront
            } else {
                Place::SecondRear
            });
        }
        (f, p) if f.is_ascii_digit() => {
            // Pawns doubled on two files: the file replaces the letter.
            d.kind = Some(PieceKind::Pawn);
            d.file = f.to_digit(10).map(|x| x as u8);
            d.place = Some(match p {
                '+' => Place::SecondFront,
                '-' => Place::SecondRear,
                p if p == f => Place::Middle,
                _ => return Err(syntax("after a file digit comes +, - or the same digit")),
            });
        }
        (k, p) => {
            d.kind = Some(letter_kind(k).ok_or_else(|| syntax("unknown piece letter"))?);
            match p {
                '+' => d.place = Some(Place::SecondFront),
                '-' => d.place = Some(Place::SecondRear),
                p if p.is_ascii_digit() => d.file = p.to_digit(10).map(|x| x as u8),
                _ => return Err(syntax("expected a file digit or +/-")),
            }
        }
    }
    d.act = Some(match c[2] {
        '+' => '进',
        '-' => '退',
        '=' | '.' => '平',
        _ => return Err(syntax("expected + (forward), - (back) or = (sideways)")),
    });
    d.n = c[3]
        .to_digit(10)
        .map(|x| x as u8)
        .filter(|&x| x >= 1)
        .ok_or_else(|| syntax("expected a digit 1-9 at the end"))?;
    if d.file == Some(0) {
        return Err(syntax("files run from 1 to 9"));
    }
    Ok(d)
}

/// Whether a pseudo-legal move fits a description.
fn fits(pos: &Position, mv: Move, d: &Description) -> bool {
    let Some(p) = pos.piece_at(mv.from) else {
        return false;
    };
    if Some(p.kind) != d.kind {
        return false;
    }
    if let Some(f) = d.file
        && mv.from.file_number(p.color) != f
    {
        return false;
    }
    if let Some(place) = d.place {
        let t = tandem(pos, mv.from);
        if t.len() < 2 {
            return false;
        }
        let index = t.iter().position(|&s| s == mv.from).unwrap_or(0) as u8;
        if !place.matches(index, t.len() as u8) {
            return false;
        }
    }
    let (act, n) = action(p.color, p.kind, mv);
    Some(act) == d.act && n == d.n
}

/// Reads a move in any of the supported notations, resolving it against
/// the position. The move returned is pseudo-legal (2.2); the caller decides
/// what to do with a move that exposes the mover's own king (3.4).
pub fn parse_move(pos: &Position, text: &str) -> Result<ParsedMove, NotationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(err(text, "syntax", "empty move"));
    }
    if looks_like_iccs(trimmed) {
        let mv = parse_iccs(trimmed).ok_or_else(|| err(text, "syntax", "not an ICCS move"))?;
        return if pos.is_pseudo_legal(mv) {
            Ok(ParsedMove {
                mv,
                notation: Notation::Iccs,
                resolved: None,
            })
        } else {
            Err(err(
                text,
                "no-such-move",
                match pos.check_move(mv) {
                    Err(e) => e.to_string(),
                    Ok(()) => "not a move here".to_string(),
                },
            ))
        };
    }
    let first = trimmed.chars().next().unwrap_or(' ');
    let (d, notation) = if first.is_ascii() {
        (parse_wxf_description(trimmed)?, Notation::Wxf)
    } else {
        let (d, abbreviated) = parse_chinese_description(trimmed)?;
        (
            d,
            if abbreviated {
                Notation::Abbreviated
            } else {
                Notation::Chinese
            },
        )
    };
    let pseudo = pos.pseudo_legal_moves();
    let mut found: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| fits(pos, m, &d))
        .collect();
    if found.len() > 1 {
        // Prefer the moves that do not expose the mover's own king.
        let legal: Vec<Move> = found
            .iter()
            .copied()
            .filter(|&m| !pos.exposes_own_king(m))
            .collect();
        if legal.len() == 1 {
            found = legal;
        }
    }
    match found.as_slice() {
        [] => Err(err(
            text,
            "no-such-move",
            format!("no {} piece can make this move here", pos.turn().name()),
        )),
        [mv] => {
            let mv = *mv;
            // Was the piece identified the canonical way?
            let canonical_ident = ident(pos, mv.from);
            let resolved = match (canonical_ident, d.file, d.place) {
                (Ident::Tandem { .. }, Some(_), None) => Some(format!(
                    "two or more like pieces stand on that file; only the one on {} can make this move (canonical: {})",
                    mv.from,
                    chinese(pos, mv)
                )),
                (Ident::Tandem { file: Some(_), .. }, None, Some(_)) => Some(format!(
                    "pawns are doubled on more than one file; only the one on {} fits (canonical: {})",
                    mv.from,
                    chinese(pos, mv)
                )),
                _ => None,
            };
            Ok(ParsedMove {
                mv,
                notation,
                resolved,
            })
        }
        many => Err(err(
            text,
            "ambiguous",
            format!(
                "fits {} moves: {}",
                many.len(),
                many.iter().map(|m| m.iccs()).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// Reads a whitespace- or comma-separated list of moves from `pos`, each
/// in any notation, and plays them (without checking for 自杀). Returns the
/// moves and the position after them; the error gives the 1-based ply.
pub fn parse_line(
    pos: &Position,
    text: &str,
) -> Result<(Vec<Move>, Position), (usize, NotationError)> {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    for (i, tok) in split_moves(text).iter().enumerate() {
        let pm = parse_move(&cur, tok).map_err(|e| (i + 1, e))?;
        out.push(pm.mv);
        cur = cur.play_unchecked(pm.mv);
    }
    Ok((out, cur))
}

/// Whether `text` is a whole move in Chinese notation (piece, file, action
/// and number), so that a reader can join a move written with inner spaces
/// (车 9 平 8) word by word.
pub fn is_whole_chinese_move(text: &str) -> bool {
    parse_chinese_description(text).is_ok()
}

/// Splits a move list on whitespace and commas, keeping Chinese moves
/// written with inner spaces (车 9 平 8) together.
pub fn split_moves(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in text.split([',', '，', ';', '、']) {
        let mut cur = String::new();
        for w in part.split_whitespace() {
            if cur.is_empty() && w.is_ascii() {
                out.push(w.to_string());
                continue;
            }
            cur.push_str(w);
            if parse_chinese_description(&cur).is_ok() {
                out.push(std::mem::take(&mut cur));
            }
        }
        if !cur.is_empty() {
            out.push(cur);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::start()
    }

    #[test]
    fn opening_moves_print_canonically() {
        let p = start();
        let mv = parse_iccs("h2e2").unwrap();
        assert_eq!(chinese(&p, mv), "炮二平五");
        assert_eq!(wxf(&p, mv), "C2=5");
        let p2 = p.play(mv).unwrap();
        let mv2 = parse_iccs("h9g7").unwrap();
        assert_eq!(chinese(&p2, mv2), "马8进7");
        assert_eq!(wxf(&p2, mv2), "H8+7");
    }

    #[test]
    fn spaced_black_moves_split() {
        assert_eq!(
            split_moves("车 9 平 8 马二进三"),
            vec!["车9平8", "马二进三"]
        );
    }
}
