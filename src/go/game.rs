//! A game (对局): who plays first, the handicap setup, the record played
//! move by move, and the end of the game (终局).
//!
//! * 先后手 (活动方案.一.1, 竞赛规定.10): by lot or by guessing (猜先): one
//!   player holds some stones, the other guesses odd or even; a right guess
//!   plays first (执黑), a wrong one second. [`nigiri`].
//! * Alternation (规则.(二), 行棋规则.基本规则): black first, then one move
//!   each; nobody plays twice running. In a handicap game (让子, 行棋规则.三,
//!   胜负计算.让子) black first sets down the handicap stones, then white
//!   plays first. A one-stone handicap is 让先: no stone is set down and black
//!   plays first (胜负计算.让先), so a setup has 0 or 2–25 handicap stones
//!   (行棋规则.三: up to twenty-five).
//! * 终局: two passes in a row (虚着, 胜负计算.3) end the game for counting;
//!   so does the confirmation of 竞赛规定.13.二 and 胜负计算.1, which a
//!   record writes as a pass by the side to move followed by a pass by the
//!   other (活动方案.一.6: if the other plays a stone instead, the game goes
//!   on). A resignation (认输, 胜负计算.2) ends it with the
//!   opponent the winner.
//! * 三劫连环 (胜负计算.和棋: 只有在盘面上出现三劫连环时,才可判为和棋): the
//!   only draw 003 allows. qigui's reading (`spec/go.md`, "Repetition"): the
//!   whole board and the side to move recur, and **every move of the cycle
//!   between the two occurrences is a ko capture** — a stone that takes
//!   exactly one stone and is left alone with the taken point as its only
//!   liberty (the shape 活动方案.一.4 restricts) — **at three or more
//!   distinct kos**. Such a cycle is a draw and ends the game
//!   ([`End::TripleKo`]). Any other whole-board repetition (送二还一, a
//!   capture that restores an earlier board, a cycle with a pass in it,
//!   长生) does not end the game: the record goes on under the ko rule alone,
//!   and [`Replay::repeated`] tells where the board first recurred. Under the
//!   positional superko option no cycle can occur.

use std::collections::BTreeSet;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Point, PointError, Stone};
use super::play::{Illegal, KoRule, Played, Position};

/// The largest handicap 003 mentions (行棋规则.三: 可让二十五子).
pub const MAX_HANDICAP: usize = 25;

/// Odd or even, for 猜先.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// 奇数.
    Odd,
    /// 偶数.
    Even,
}

/// Who plays first after 猜先.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Starter {
    /// The player who guessed.
    Guesser,
    /// The player who held the stones.
    Holder,
}

/// 活动方案.一.1: 一人执棋子,另一人猜奇偶数,猜中先下,否则由对方先下.
/// `None` when nobody held a stone (there is nothing to guess).
pub fn nigiri(stones_held: u32, guess: Parity) -> Option<Starter> {
    if stones_held == 0 {
        return None;
    }
    let actual = if stones_held % 2 == 1 {
        Parity::Odd
    } else {
        Parity::Even
    };
    Some(if actual == guess {
        Starter::Guesser
    } else {
        Starter::Holder
    })
}

/// One entry of a game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A stone on a point.
    Play(Point),
    /// 虚着: a pass, or the confirmation of the end (竞赛规定.13.二).
    Pass,
    /// 认输: by the colour written, or else by the side to move.
    Resign,
}

/// A record entry as written: `D4`, `pass`, `resign`, optionally with the
/// colour that plays it, `B:D4`, `W:pass`, `B:resign`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The colour written, if any.
    pub colour: Option<Stone>,
    /// What it does.
    pub action: Action,
}

/// Why a record cannot be played on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Not a record entry.
    #[error("'{0}' is not a move: write a point (D4), pass or resign, optionally after B: or W:")]
    Syntax(String),
    /// Off the board (规则.(三)).
    #[error(transparent)]
    Point(#[from] PointError),
    /// The colour written is not the side to move (规则.(二): 不能一方连走两步).
    #[error("{written} cannot move: it is {to_move}'s turn (规则.(二): 不能一方连走两步)")]
    NotYourTurn {
        /// The colour written.
        written: Stone,
        /// The side to move.
        to_move: Stone,
    },
    /// The game has ended (终局).
    #[error("the game is over")]
    GameOver,
    /// The move breaks a rule of play.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

impl RecordError {
    /// The corpus code: `syntax`, `off-board`, `not-your-turn`, `game-over`,
    /// or the [`Illegal`] code.
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::Syntax(_) | RecordError::Point(PointError::Syntax(_)) => "syntax",
            RecordError::Point(PointError::OffBoard { .. }) => "off-board",
            RecordError::NotYourTurn { .. } => "not-your-turn",
            RecordError::GameOver => "game-over",
            RecordError::Illegal(i) => i.code(),
        }
    }
}

/// A record error at a move: the 1-based ply, the entry as written, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {ply} ('{text}'): {error}")]
pub struct MoveError {
    /// 1-based ply of the entry.
    pub ply: usize,
    /// The entry as written.
    pub text: String,
    /// Why it cannot be played.
    pub error: RecordError,
}

impl Entry {
    /// Reads one record entry on a board of `size`.
    pub fn parse(text: &str, size: u8) -> Result<Entry, RecordError> {
        let t = text.trim();
        let (colour, rest) = match t.split_once(':') {
            Some((c, rest)) => {
                let colour = match c.trim() {
                    "B" | "b" => Stone::Black,
                    "W" | "w" => Stone::White,
                    _ => return Err(RecordError::Syntax(t.to_string())),
                };
                (Some(colour), rest.trim())
            }
            None => (None, t),
        };
        let action = match rest.to_ascii_lowercase().as_str() {
            "pass" => Action::Pass,
            "resign" => Action::Resign,
            _ => Action::Play(Point::parse(rest, size)?),
        };
        Ok(Entry { colour, action })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Two passes in a row: counting follows (胜负计算.1, 胜负计算.3,
    /// 竞赛规定.13.二).
    Passes,
    /// This side resigned (胜负计算.2); the other wins.
    Resignation(Stone),
    /// 三劫连环: the whole board recurred with the same side to move after a
    /// cycle of ko captures alone at three or more kos: a draw
    /// (胜负计算.和棋). Other repetitions do not end the game.
    TripleKo,
}

impl End {
    /// The corpus code: `passes`, `resignation`, `triple-ko`.
    pub const fn code(self) -> &'static str {
        match self {
            End::Passes => "passes",
            End::Resignation(_) => "resignation",
            End::TripleKo => "triple-ko",
        }
    }

    /// The clause that ends the game this way.
    pub const fn clause(self) -> &'static str {
        match self {
            End::Passes => "胜负计算.3",
            End::Resignation(_) => "胜负计算.2",
            End::TripleKo => "胜负计算.和棋",
        }
    }
}

/// Where a record starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The stones on the board before the record (handicap stones excluded).
    pub board: Board,
    /// The side to move; `None`: black, or white after handicap stones.
    pub to_move: Option<Stone>,
    /// A point the side to move may not retake at once (打劫), for a
    /// position taken from mid-game.
    pub ko: Option<Point>,
    /// The handicap stones (让子) black sets down first.
    pub handicap: Vec<Point>,
    /// The ko rule.
    pub ko_rule: KoRule,
}

/// Why a setup is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A handicap of one stone, or of more than 25.
    #[error(
        "a handicap of {0} stones: 0 (让先 needs no stone) or 2 to 25 (行棋规则.三, 胜负计算.让子)"
    )]
    HandicapCount(usize),
    /// A handicap stone on an occupied point, or two on one point.
    #[error("handicap stone {0}: the point is taken")]
    HandicapPoint(Point),
    /// The ko point is not empty.
    #[error("ko point {0}: the point is not empty")]
    KoPoint(Point),
}

/// A record played out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The position after the last entry played.
    pub position: Position,
    /// Entries played.
    pub plies: usize,
    /// How the game ended, if it did.
    pub end: Option<End>,
    /// The first whole-board repetition, if any: `(ply, earlier)` — the
    /// board and side to move after entry `ply` are those after entry
    /// `earlier` (0: the start). Only 三劫连环 ends the game; this says
    /// where any repetition happened.
    pub repeated: Option<(usize, usize)>,
}

impl Replay {
    /// The winner, if the game ended with one (resignation).
    pub fn winner(&self) -> Option<Stone> {
        match self.end {
            Some(End::Resignation(s)) => Some(s.opponent()),
            _ => None,
        }
    }
}

/// A game in progress: the position and what the rules need of its history.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    ko_rule: KoRule,
    /// Boards seen (for positional superko).
    boards: HashSet<Vec<u8>>,
    /// Boards with the side to move, each with the last ply it occurred
    /// after (0: the start), for the repetition that ends a game.
    positions: HashMap<(Vec<u8>, Stone), usize>,
    /// For each ply played, the ko it took if it was a ko capture: the
    /// capturing point and the taken point, in order.
    ko_captures: Vec<Option<(Point, Point)>>,
    repeated: Option<(usize, usize)>,
    last_was_pass: bool,
    plies: usize,
    end: Option<End>,
}

impl Game {
    /// Starts a game from a setup.
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        let n = setup.handicap.len();
        if n == 1 || n > MAX_HANDICAP {
            return Err(SetupError::HandicapCount(n));
        }
        let mut board = setup.board.clone();
        let mut seen = BTreeSet::new();
        for &p in &setup.handicap {
            if board.get(p).is_some() || !seen.insert(p) {
                return Err(SetupError::HandicapPoint(p));
            }
            board.set(p, Some(Stone::Black));
        }
        if let Some(k) = setup.ko
            && board.get(k).is_some()
        {
            return Err(SetupError::KoPoint(k));
        }
        let to_move = setup
            .to_move
            .unwrap_or(if n > 0 { Stone::White } else { Stone::Black });
        let position = Position::new(board, to_move).with_ko(setup.ko);
        let mut boards = HashSet::new();
        boards.insert(position.board().key());
        let mut positions = HashMap::new();
        positions.insert((position.board().key(), to_move), 0);
        Ok(Game {
            position,
            ko_rule: setup.ko_rule,
            boards,
            positions,
            ko_captures: Vec::new(),
            repeated: None,
            last_was_pass: false,
            plies: 0,
            end: None,
        })
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether a stone of the side to move may go on `p` (all rules,
    /// superko included when chosen).
    pub fn check(&self, p: Point) -> Result<(), Illegal> {
        self.try_play(p).map(|_| ())
    }

    /// The position after a stone of the side to move on `p`, all rules
    /// applied.
    fn try_play(&self, p: Point) -> Result<Played, Illegal> {
        let played = self.position.play(p)?;
        if self.ko_rule == KoRule::PositionalSuperko
            && self.boards.contains(&played.position.board().key())
        {
            return Err(Illegal::Superko);
        }
        Ok(played)
    }

    /// Whether the plies after `earlier` up to the last one played make a
    /// 三劫连环: every one a ko capture, at three or more distinct kos (a
    /// ko is the pair of its two points, whichever side takes).
    fn is_triple_ko(&self, earlier: usize) -> bool {
        let mut kos = BTreeSet::new();
        for k in &self.ko_captures[earlier..] {
            match k {
                Some((a, b)) => {
                    kos.insert((*a.min(b), *a.max(b)));
                }
                None => return false,
            }
        }
        kos.len() >= 3
    }

    /// Plays one entry.
    pub fn apply(&mut self, entry: Entry) -> Result<(), RecordError> {
        if self.end.is_some() {
            return Err(RecordError::GameOver);
        }
        let to_move = self.position.to_move();
        match (entry.colour, entry.action) {
            // A resignation may come from either side at any time.
            (_, Action::Resign) => {}
            (Some(c), _) if c != to_move => {
                return Err(RecordError::NotYourTurn {
                    written: c,
                    to_move,
                });
            }
            _ => {}
        }
        match entry.action {
            Action::Resign => {
                self.end = Some(End::Resignation(entry.colour.unwrap_or(to_move)));
                self.plies += 1;
                return Ok(());
            }
            Action::Pass => {
                self.position = self.position.pass();
                if self.last_was_pass {
                    self.end = Some(End::Passes);
                }
                self.last_was_pass = true;
                self.ko_captures.push(None);
            }
            Action::Play(p) => {
                let played = self.try_play(p)?;
                let taken = played.captured.iter().next().copied();
                self.position = played.position;
                self.last_was_pass = false;
                self.boards.insert(self.position.board().key());
                // A ko capture leaves a ko point: one stone taken, the
                // capturer alone with the taken point as its only liberty.
                let ko = match (self.position.ko(), taken) {
                    (Some(_), Some(t)) => Some((p, t)),
                    _ => None,
                };
                self.ko_captures.push(ko);
            }
        }
        self.plies += 1;
        let key = (self.position.board().key(), self.position.to_move());
        if let Some(earlier) = self.positions.insert(key, self.plies) {
            self.repeated.get_or_insert((self.plies, earlier));
            if self.end.is_none() && self.is_triple_ko(earlier) {
                self.end = Some(End::TripleKo);
            }
        }
        Ok(())
    }

    /// The game so far as a [`Replay`].
    pub fn replay(&self) -> Replay {
        Replay {
            position: self.position.clone(),
            plies: self.plies,
            end: self.end,
            repeated: self.repeated,
        }
    }
}

/// Plays a record from a setup; stops at the first entry that cannot be
/// played, saying which and why.
pub fn replay<S: AsRef<str>>(setup: &Setup, record: &[S]) -> Result<Replay, ReplayError> {
    let mut game = Game::new(setup).map_err(ReplayError::Setup)?;
    let size = setup.board.size();
    for (i, text) in record.iter().enumerate() {
        let text = text.as_ref();
        let err = |error: RecordError| {
            ReplayError::Move(MoveError {
                ply: i + 1,
                text: text.to_string(),
                error,
            })
        };
        let entry = Entry::parse(text, size).map_err(err)?;
        game.apply(entry).map_err(err)?;
    }
    Ok(game.replay())
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The setup is refused.
    #[error("setup: {0}")]
    Setup(SetupError),
    /// A move is refused.
    #[error(transparent)]
    Move(MoveError),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(size: u8) -> Setup {
        Setup {
            board: Board::new(size).unwrap(),
            to_move: None,
            ko: None,
            handicap: vec![],
            ko_rule: KoRule::Simple,
        }
    }

    #[test]
    fn nigiri_table() {
        assert_eq!(nigiri(7, Parity::Odd), Some(Starter::Guesser));
        assert_eq!(nigiri(8, Parity::Odd), Some(Starter::Holder));
        assert_eq!(nigiri(0, Parity::Even), None);
    }

    #[test]
    fn two_passes_end() {
        let r = replay(&setup(9), &["E5", "pass", "pass"]).unwrap();
        assert_eq!(r.end, Some(End::Passes));
        let r = replay(&setup(9), &["E5", "pass", "C3", "pass"]).unwrap();
        assert_eq!(r.end, None);
        let e = replay(&setup(9), &["pass", "pass", "E5"]).unwrap_err();
        assert!(matches!(e, ReplayError::Move(MoveError { ply: 3, .. })));
    }

    #[test]
    fn turn_and_resign() {
        let e = replay(&setup(9), &["B:E5", "B:C3"]).unwrap_err();
        let ReplayError::Move(m) = e else { panic!() };
        assert_eq!(m.error.code(), "not-your-turn");
        let r = replay(&setup(9), &["E5", "B:resign"]).unwrap();
        assert_eq!(r.winner(), Some(Stone::White));
        let r = replay(&setup(9), &["E5", "resign"]).unwrap();
        assert_eq!(r.winner(), Some(Stone::Black));
    }

    #[test]
    fn handicap_white_first() {
        let mut s = setup(9);
        s.handicap = vec![Point::new(2, 2), Point::new(6, 6)];
        let e = replay(&s, &["B:E5"]).unwrap_err();
        let ReplayError::Move(m) = e else { panic!() };
        assert_eq!(m.error.code(), "not-your-turn");
        s.handicap = vec![Point::new(2, 2)];
        assert!(matches!(
            replay(&s, &["E5"]),
            Err(ReplayError::Setup(SetupError::HandicapCount(1)))
        ));
    }
}
