//! SGF (Smart Game Format, FF\[4\]) for Go: the reader `qigui go score
//! --sgf` uses (`docs/go.md`, `spec/go.md` "SGF").
//!
//! What is read, from the first game of the file and its **main line only**
//! (the first variation at every branch; later variations and later games
//! are skipped unread):
//!
//! * root: `GM` (must be 1, Go, when given), `FF` (1–4; coordinates are read
//!   as FF\[4\] writes them), `SZ` (a square board, 2–19), `KM` (komi in
//!   目, points; [`SgfGame::komi_zi`] converts it to 子, 1 子 = 2 目),
//!   `HA` (handicap stones), `RE`, `PB`, `PW`, `PL` (who moves first);
//! * setup before the first move: `AB`, `AW`, `AE`, point lists and
//!   compressed `aa:cc` rectangles;
//! * moves: `B` and `W`, a point or a pass (`[]`, and `[tt]` on boards up to
//!   19×19);
//! * in the last node of the main line: `TB` and `TW` on stones of the
//!   other colour mark those stones dead (as CGoban and KGS write a
//!   finished count); on empty points they are ignored (qigui counts the
//!   territory itself).
//!
//! Every other property (comments `C`, markup, times, …) is skipped. The
//! reader is a loop over bytes with a depth counter — no recursion — and
//! stops at [`crate::limits::MAX_SGF_NODES`] nodes,
//! [`crate::limits::MAX_RECORD_PLIES`] moves on the main line and
//! [`crate::limits::MAX_SGF_VALUE_BYTES`] bytes in one value. Every error is
//! [`SgfError`]: `line:column` (1-based, columns in characters) and why.
//!
//! [`SgfGame::replay`] plays the main line with `src/go/`'s rules (captures,
//! 禁着点, 打劫, 三劫连环) and refuses a setup with a group that has no
//! liberty, a move out of turn and an illegal move, each at the property
//! that holds it.

use std::collections::BTreeSet;

use thiserror::Error;

use crate::go::board::{Board, MAX_SIZE, MIN_SIZE, Point, Stone};
use crate::go::counting::Zi;
use crate::go::game::{Action, Entry, Game, Replay, Setup};
use crate::go::play::KoRule;
use crate::limits::{MAX_RECORD_PLIES, MAX_SGF_NODES, MAX_SGF_VALUE_BYTES};

/// An SGF file that cannot be read or replayed: where (1-based line and
/// column, in characters) and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}:{column}: {message}")]
pub struct SgfError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Where a property stands in the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

impl Place {
    fn error(self, message: impl Into<String>) -> SgfError {
        SgfError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// A move of the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgfMove {
    /// Who plays it (`B` or `W`).
    pub colour: Stone,
    /// The point, or `None` for a pass.
    pub point: Option<Point>,
    /// Where the property stands.
    pub place: Place,
}

/// The first game of an SGF file, main line only.
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// `SZ` (19 when absent).
    pub size: u8,
    /// `KM` as written, in 目 (points); `None` when absent.
    pub komi_moku: Option<f64>,
    /// Where `KM` stands.
    pub komi_place: Place,
    /// `HA` (0 when absent).
    pub handicap: u32,
    /// `RE`, `PB`, `PW` as written.
    pub result: Option<String>,
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// `PL`: who moves first, if given.
    pub first: Option<Stone>,
    /// The setup stones (`AB`, `AW`, `AE` applied in order), each with the
    /// place of the property that put it there.
    pub setup: Vec<(Point, Stone, Place)>,
    /// The main line's moves.
    pub moves: Vec<SgfMove>,
    /// Territory marks on the last node: `(point, owner, place)`, checked
    /// against the final board by [`SgfGame::dead_marks`].
    territory: Vec<(Point, Stone, Place)>,
    /// Variations skipped (trees after the first child at a branch).
    pub variations_skipped: usize,
}

/// A property as read: identifier, values, place.
struct Property {
    ident: String,
    values: Vec<(String, Place)>,
    place: Place,
}

/// A cursor over the text that keeps line and column.
struct Cursor<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            bytes: text.as_bytes(),
            text,
            pos: 0,
            line: 1,
            column: 1,
        }
    }

    fn place(&self) -> Place {
        Place {
            line: self.line,
            column: self.column,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Moves past one character (a whole UTF-8 sequence).
    fn bump(&mut self) -> Option<char> {
        let c = self.text[self.pos..].chars().next()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    /// A bracketed value; the cursor stands on `[`. Escapes (`\]`, `\\`)
    /// are resolved; a soft line break (`\` before a newline) is dropped.
    fn value(&mut self) -> Result<(String, Place), SgfError> {
        let open = self.place();
        self.bump();
        let mut out = String::new();
        loop {
            let Some(c) = self.bump() else {
                return Err(open.error("this value's '[' is never closed by ']'"));
            };
            match c {
                ']' => break,
                '\\' => match self.bump() {
                    Some('\n') => {}
                    Some(e) => out.push(e),
                    None => return Err(open.error("this value's '[' is never closed by ']'")),
                },
                _ => out.push(c),
            }
            if out.len() > MAX_SGF_VALUE_BYTES {
                return Err(open.error(format!(
                    "a value longer than {MAX_SGF_VALUE_BYTES} bytes (limits.rs MAX_SGF_VALUE_BYTES)"
                )));
            }
        }
        Ok((out, open))
    }

    /// The properties of one node; the cursor stands after `;`.
    fn node(&mut self) -> Result<Vec<Property>, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => {}
                _ => return Ok(props),
            }
            let place = self.place();
            let mut ident = String::new();
            while let Some(b) = self.peek().filter(u8::is_ascii_alphabetic) {
                // FF[3] lower-case letters in identifiers are ignored.
                if b.is_ascii_uppercase() {
                    ident.push(b as char);
                }
                self.bump();
                if ident.len() > 16 {
                    return Err(place.error("a property identifier longer than 16 letters"));
                }
            }
            self.skip_space();
            if self.peek() != Some(b'[') {
                return Err(place.error(format!(
                    "property {ident} has no value: write {ident}[…] (a pass is B[] or W[])"
                )));
            }
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                values.push(self.value()?);
                self.skip_space();
            }
            props.push(Property {
                ident,
                values,
                place,
            });
        }
    }
}

/// A point `ab` on a board of `size` (column letter, then row letter from
/// the top); `Ok(None)` is a pass (`""`, or `tt` up to 19×19).
fn sgf_point(text: &str, size: u8, place: Place) -> Result<Option<Point>, SgfError> {
    let t = text.trim();
    if t.is_empty() || (t == "tt" && size <= 19) {
        return Ok(None);
    }
    let b = t.as_bytes();
    let coord = |c: u8| -> Option<u8> {
        c.is_ascii_lowercase()
            .then(|| c - b'a')
            .filter(|&v| v < size)
    };
    match b {
        [c, r] => match (coord(*c), coord(*r)) {
            (Some(col), Some(row)) => Ok(Some(Point::new(col, size - 1 - row))),
            _ => Err(place.error(format!(
                "'{}' is not a point of a {size}×{size} board (two letters a–{} , column then row from the top)",
                crate::limits::echo(t),
                (b'a' + size - 1) as char
            ))),
        },
        _ => Err(place.error(format!(
            "'{}' is not a point: SGF writes two letters, column then row from the top (e.g. dd)",
            crate::limits::echo(t)
        ))),
    }
}

/// A point list value: a point or a compressed rectangle `aa:cc`.
fn point_list(value: &str, size: u8, place: Place) -> Result<Vec<Point>, SgfError> {
    let one = |t: &str| -> Result<Point, SgfError> {
        sgf_point(t, size, place)?.ok_or_else(|| {
            place.error("an empty point in a point list (a pass is a move, not a point)")
        })
    };
    match value.split_once(':') {
        None => Ok(vec![one(value)?]),
        Some((a, b)) => {
            let (a, b) = (one(a)?, one(b)?);
            let mut v = Vec::new();
            for col in a.col.min(b.col)..=a.col.max(b.col) {
                for row in a.row.min(b.row)..=a.row.max(b.row) {
                    v.push(Point::new(col, row));
                }
            }
            Ok(v)
        }
    }
}

fn number<T: std::str::FromStr>(p: &Property, what: &str) -> Result<T, SgfError> {
    let (v, place) = &p.values[0];
    v.trim()
        .parse()
        .map_err(|_| place.error(format!("{}[{}]: {what}", p.ident, crate::limits::echo(v))))
}

/// Reads the first game of an SGF file (main line only).
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let mut cur = Cursor::new(text.strip_prefix('\u{feff}').unwrap_or(text));
    cur.skip_space();
    if cur.peek() != Some(b'(') {
        return Err(cur
            .place()
            .error("an SGF file starts with '(;' (a game tree)"));
    }
    let open = cur.place();
    // Each node of the main line, in order, with its properties.
    let mut main: Vec<Vec<Property>> = Vec::new();
    let mut depth = 0usize;
    let mut main_done = false;
    let mut skip_from: Option<usize> = None;
    let mut variations = 0usize;
    let mut nodes = 0usize;
    loop {
        cur.skip_space();
        let place = cur.place();
        match cur.peek() {
            None => {
                return Err(open.error(format!(
                    "the game tree opened here is not closed ({depth} ')' missing)"
                )));
            }
            Some(b'(') => {
                cur.bump();
                depth += 1;
                if main_done && skip_from.is_none() {
                    skip_from = Some(depth);
                    variations += 1;
                }
            }
            Some(b')') => {
                cur.bump();
                if skip_from == Some(depth) {
                    skip_from = None;
                }
                depth -= 1;
                main_done = true;
                if depth == 0 {
                    break;
                }
            }
            Some(b';') => {
                cur.bump();
                nodes += 1;
                if nodes > MAX_SGF_NODES {
                    return Err(place.error(format!(
                        "more than {MAX_SGF_NODES} nodes (limits.rs MAX_SGF_NODES)"
                    )));
                }
                let props = cur.node()?;
                if !main_done {
                    main.push(props);
                }
            }
            Some(_) => {
                let c = cur.bump().unwrap_or(' ');
                return Err(place.error(format!(
                    "'{c}' where a node ';', a variation '(' or its end ')' belongs"
                )));
            }
        }
        if depth == 1 && main.is_empty() && !main_done && cur.peek() == Some(b')') {
            return Err(place.error("an empty game tree: a game starts with a node ';'"));
        }
    }
    read_game(main, variations, open)
}

/// The root's `GM`, `FF` and `SZ`, read first: the other properties'
/// points depend on the size.
fn read_root(root: &[Property], g: &mut SgfGame) -> Result<(), SgfError> {
    for p in root {
        match p.ident.as_str() {
            "GM" => {
                let gm: u32 = number(p, "the game number is a whole number")?;
                if gm != 1 {
                    return Err(p.place.error(format!(
                        "GM[{gm}] is not Go (GM[1]); qigui reads Go records in SGF"
                    )));
                }
            }
            "FF" => {
                let ff: u32 = number(p, "the file format is a whole number")?;
                if !(1..=4).contains(&ff) {
                    return Err(p
                        .place
                        .error(format!("FF[{ff}]: qigui reads FF[1] to FF[4]")));
                }
            }
            "SZ" => {
                let (v, place) = &p.values[0];
                let (a, b) = v.split_once(':').unwrap_or((v, v));
                let (a, b): (u32, u32) = match (a.trim().parse(), b.trim().parse()) {
                    (Ok(a), Ok(b)) => (a, b),
                    _ => {
                        return Err(place.error(format!(
                            "SZ[{}]: the board size is a whole number",
                            crate::limits::echo(v)
                        )));
                    }
                };
                if a != b || !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&a) {
                    return Err(place.error(format!(
                        "SZ[{}]: qigui plays on square boards from {MIN_SIZE}×{MIN_SIZE} to 19×19",
                        crate::limits::echo(v)
                    )));
                }
                g.size = a as u8;
            }
            _ => {}
        }
    }
    Ok(())
}

fn read_game(
    main: Vec<Vec<Property>>,
    variations_skipped: usize,
    open: Place,
) -> Result<SgfGame, SgfError> {
    let mut g = SgfGame {
        size: 19,
        komi_moku: None,
        komi_place: Place::default(),
        handicap: 0,
        result: None,
        black: None,
        white: None,
        first: None,
        setup: Vec::new(),
        moves: Vec::new(),
        territory: Vec::new(),
        variations_skipped,
    };
    let Some(root) = main.first() else {
        return Err(open.error("a game tree without a node"));
    };
    read_root(root, &mut g)?;
    let size = g.size;
    let last = main.len() - 1;
    for (i, node) in main.iter().enumerate() {
        let mut moved = false;
        for p in node {
            let first = || p.values[0].0.clone();
            match p.ident.as_str() {
                "KM" if i == 0 => {
                    let km: f64 = number(p, "komi is a number of points (目), e.g. 7.5")?;
                    if !km.is_finite() {
                        return Err(p.place.error("KM: komi is a finite number"));
                    }
                    g.komi_moku = Some(km);
                    g.komi_place = p.values[0].1;
                }
                "HA" if i == 0 => {
                    g.handicap = number(p, "the handicap is a whole number of stones")?;
                }
                "RE" if i == 0 => g.result = Some(first()),
                "PB" if i == 0 => g.black = Some(first()),
                "PW" if i == 0 => g.white = Some(first()),
                "PL" => {
                    if !g.moves.is_empty() {
                        return Err(p.place.error(
                            "PL after the first move: qigui replays moves in turn and reads PL only before them",
                        ));
                    }
                    g.first = Some(match first().trim() {
                        "B" | "b" => Stone::Black,
                        "W" | "w" => Stone::White,
                        other => {
                            return Err(p.place.error(format!(
                                "PL[{}]: write PL[B] or PL[W]",
                                crate::limits::echo(other)
                            )));
                        }
                    });
                }
                "AB" | "AW" | "AE" => {
                    if !g.moves.is_empty() {
                        return Err(p.place.error(format!(
                            "{} after the first move: qigui reads setup stones only before the moves (a position edited mid-game is not a game that was played)",
                            p.ident
                        )));
                    }
                    for (v, place) in &p.values {
                        for q in point_list(v, size, *place)? {
                            g.setup.retain(|(x, _, _)| *x != q);
                            match p.ident.as_str() {
                                "AB" => g.setup.push((q, Stone::Black, *place)),
                                "AW" => g.setup.push((q, Stone::White, *place)),
                                _ => {}
                            }
                        }
                    }
                }
                "B" | "W" => {
                    if moved {
                        return Err(p.place.error(
                            "a second move in one node: SGF writes one move per node (;B[..];W[..])",
                        ));
                    }
                    moved = true;
                    if g.moves.len() >= MAX_RECORD_PLIES {
                        return Err(p.place.error(format!(
                            "more than {MAX_RECORD_PLIES} moves (limits.rs MAX_RECORD_PLIES)"
                        )));
                    }
                    let (v, place) = &p.values[0];
                    g.moves.push(SgfMove {
                        colour: if p.ident == "B" {
                            Stone::Black
                        } else {
                            Stone::White
                        },
                        point: sgf_point(v, size, *place)?,
                        place: p.place,
                    });
                }
                "TB" | "TW" if i == last => {
                    let owner = if p.ident == "TB" {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    for (v, place) in &p.values {
                        for q in point_list(v, size, *place)? {
                            g.territory.push((q, owner, *place));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(g)
}

impl SgfGame {
    /// `KM` in 子: 003 counts komi in 子 (贴3¾子) and one 子 is two 目
    /// (`spec/go.md`, "Komi"): KM\[7.5\] is 3¾ 子. `None` when absent;
    /// an error when half the value is not a whole number of quarters.
    pub fn komi_zi(&self) -> Result<Option<Zi>, SgfError> {
        match self.komi_moku {
            None => Ok(None),
            Some(km) => Zi::from_f64(km / 2.0).map(Some).ok_or_else(|| {
                self.komi_place.error(format!(
                    "KM[{km}]: {km} 目 is {} 子, not a whole number of quarter 子 (1 子 = 2 目)",
                    km / 2.0
                ))
            }),
        }
    }

    /// The setup board (`AB`/`AW`/`AE`); refused where a group stands
    /// without a liberty (no game can reach it: 活动方案.一.2 takes such a
    /// group off at once).
    pub fn setup_board(&self) -> Result<Board, SgfError> {
        let mut board = Board::new(self.size).map_err(|e| Place::default().error(e.to_string()))?;
        for &(p, s, _) in &self.setup {
            board.set(p, Some(s));
        }
        for &(p, _, place) in &self.setup {
            if let Some(g) = board.group(p)
                && g.liberties.is_empty()
            {
                return Err(place.error(format!(
                    "the setup puts a {} group ({} stone{}, at {p}) with no liberty on the board: no game reaches it (活动方案.一.2: a group without liberties is taken off at once)",
                    g.stone,
                    g.stones.len(),
                    if g.stones.len() == 1 { "" } else { "s" }
                )));
            }
        }
        Ok(board)
    }

    /// Plays the main line from the setup under 003's rules (simple ko,
    /// 三劫连环 the only draw). The first side to move is `PL`, else white
    /// when `HA` is 2 or more and black has setup stones (the handicap
    /// stones; 规则.(二): 让子棋就是白棋先下), else black.
    pub fn replay(&self) -> Result<Replay, SgfError> {
        let board = self.setup_board()?;
        let handicap_set = self.handicap >= 2 && self.setup.iter().any(|s| s.1 == Stone::Black);
        let to_move = self.first.unwrap_or(if handicap_set {
            Stone::White
        } else {
            Stone::Black
        });
        let setup = Setup {
            board,
            to_move: Some(to_move),
            ko: None,
            handicap: Vec::new(),
            ko_rule: KoRule::Simple,
        };
        let mut game = Game::new(&setup).map_err(|e| Place::default().error(e.to_string()))?;
        for (i, m) in self.moves.iter().enumerate() {
            let entry = Entry {
                colour: Some(m.colour),
                action: m.point.map_or(Action::Pass, Action::Play),
            };
            let text = m.point.map_or("pass".to_string(), |p| p.to_string());
            game.apply(entry).map_err(|e| {
                m.place.error(format!(
                    "move {} ({}{}): {e}",
                    i + 1,
                    if m.colour == Stone::Black { "B " } else { "W " },
                    text
                ))
            })?;
        }
        Ok(game.replay())
    }

    /// The stones the last node marks dead on `board` (the final position):
    /// `TB` on a white stone, `TW` on a black one. A territory mark on a
    /// stone of its own colour is refused: it names no dead stone and no
    /// territory.
    pub fn dead_marks(&self, board: &Board) -> Result<BTreeSet<Point>, SgfError> {
        let mut dead = BTreeSet::new();
        for &(p, owner, place) in &self.territory {
            match board.get(p) {
                None => {}
                Some(s) if s == owner => {
                    return Err(place.error(format!(
                        "T{} on {p}, a {} stone of the final position: a territory mark names dead stones of the other colour or empty points",
                        owner.letter(),
                        s
                    )));
                }
                Some(_) => {
                    dead.insert(p);
                }
            }
        }
        Ok(dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_root_setup_moves_and_main_line() {
        let g = parse(
            "(;GM[1]FF[4]SZ[9]KM[7.5]PB[Li]PW[Wang]RE[B+R]C[a \\] comment]\n;B[ee];W[]\n(;B[cc];W[tt])(;B[dd]))",
        )
        .unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.komi_zi().unwrap(), Some(Zi::quarters(15)));
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[0].point, Some(Point::new(4, 4)));
        assert_eq!(g.moves[1].point, None);
        assert_eq!(g.moves[2].point, Some(Point::new(2, 6)));
        assert_eq!(g.moves[3].point, None);
        assert_eq!(g.variations_skipped, 1);
        let r = g.replay().unwrap();
        assert_eq!(r.plies, 4);
    }

    #[test]
    fn located_errors() {
        let e = parse("(;SZ[9]\n;B[ee];B[dd])")
            .unwrap()
            .replay()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
        assert!(e.message.contains("move 2"), "{e}");
        let e = parse("(;SZ[9];B[zz])").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
        let e = parse("(;SZ[3]AB[aa]AW[ba][ab])")
            .unwrap()
            .replay()
            .unwrap_err();
        assert!(e.message.contains("no liberty"), "{e}");
        let e = parse("(;SZ[9];B[ee]").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(parse("(;SZ[9]C[unclosed").is_err());
        assert!(parse("(;GM[3])").is_err());
    }

    #[test]
    fn compressed_lists_and_dead_marks() {
        let g = parse("(;SZ[5]PL[W]AB[aa:bb]AW[dd];W[ee];B[]TB[dd][cc][aa])").unwrap();
        let r = g.replay().unwrap();
        assert_eq!(r.position.board().count(Stone::Black), 4);
        assert!(g.dead_marks(r.position.board()).is_err());
        let g = parse("(;SZ[5]PL[W]AB[aa:bb]AW[dd];W[ee];B[]TB[dd][cc])").unwrap();
        let r = g.replay().unwrap();
        let dead = g.dead_marks(r.position.board()).unwrap();
        assert_eq!(dead.into_iter().collect::<Vec<_>>(), vec![Point::new(3, 1)]);
    }
}
