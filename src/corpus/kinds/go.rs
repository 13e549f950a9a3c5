//! The Go kinds of case (edition `go-local`): `go-moves` (a record played
//! on a board: captures, forbidden points, ko, turns, the end),
//! `go-score` (counting a finished board), `go-clock` (the clock and
//! byo-yomi calls), `go-nigiri` (猜先). `spec/corpus-format.md` describes
//! them; `spec/go.md` the diagrams and points.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::{Edition, GameKind};
use crate::go::board::{Board, Diagram, Point, Stone};
use crate::go::clock::{self, TimeControl};
use crate::go::counting::{self, CountError, Terms, Zi};
use crate::go::game::{self, End, Game, MoveError, Parity, Setup, SetupError, Starter};
use crate::go::play::KoRule;

use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, issue, mismatch, output, to_output, typed, want,
};

/// A board diagram: one string with a row per line, or a list of rows; top
/// row first (`spec/go.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected the board as one string (a row per line) or a list of rows"
)]
pub enum BoardText {
    /// `"X O .\n. . ."`.
    Text(String),
    /// `["X O .", ". . ."]`.
    Rows(Vec<String>),
}

impl BoardText {
    fn text(&self) -> String {
        match self {
            BoardText::Text(s) => s.clone(),
            BoardText::Rows(v) => v.join("\n"),
        }
    }
}

/// A Go record: one string with entries separated by spaces or commas, or a
/// list of entries. An entry is a point (`D4`), `pass` or `resign`,
/// optionally after the colour: `B:D4`, `W:pass`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected the moves as one string (\"D4 Q16 pass\") or a list of strings"
)]
pub enum GoRecord {
    /// `"D4 Q16 pass"`.
    Line(String),
    /// `["D4", "Q16", "pass"]`.
    List(Vec<String>),
}

impl GoRecord {
    fn entries(&self) -> Vec<String> {
        match self {
            GoRecord::Line(s) => s
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect(),
            GoRecord::List(v) => v.clone(),
        }
    }
}

/// `go-moves` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoMovesInput {
    /// Lines each way (default: the diagram's rows, or 19 without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The stones before the record (default: an empty board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardText>,
    /// The side to move (default: black; white after handicap stones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Stone>,
    /// A point the side to move may not retake at once (打劫).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko: Option<String>,
    /// Handicap stones black sets down first (让子); white then moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handicap: Vec<String>,
    /// `simple` (003's rule, the default) or `positional-superko`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko_rule: Option<KoRule>,
    /// The record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<GoRecord>,
}

/// The first entry of a record that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoMoveErrorExpected {
    /// Its 1-based ply; 0 for the setup.
    pub ply: usize,
    /// Why: `occupied`, `suicide`, `ko`, `superko`, `off-board`, `syntax`,
    /// `not-your-turn`, `game-over`; at ply 0 (the setup): `handicap`,
    /// `handicap-point`, `ko-point`.
    pub code: String,
}

/// The state of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum PointState {
    /// A black stone.
    Black,
    /// A white stone.
    White,
    /// No stone.
    Empty,
}

/// A game's state as a corpus result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum GoResultName {
    /// Not over.
    Ongoing,
    /// Over by two passes: the count decides (see `go-score`).
    Counting,
    /// 黑胜.
    BlackWins,
    /// 白胜.
    WhiteWins,
    /// 和棋.
    Draw,
}

/// `go-moves` expected. Every key given is checked, on the position after
/// the last entry played (before the failing one when `error` is given).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoMovesExpected {
    /// The first entry that cannot be played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<GoMoveErrorExpected>,
    /// `ongoing`, `counting`, `black_wins`, `white_wins`, `draw`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GoResultName>,
    /// How it ended: `passes`, `resignation`, `triple-ko` (三劫连环), or
    /// `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// The clause that ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Entries played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
    /// The side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Stone>,
    /// The whole board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardText>,
    /// Some points' states.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<BTreeMap<String, PointState>>,
    /// Stones captured so far by black and by white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<[u32; 2]>,
    /// The point the side to move may not retake at once, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ko: Option<String>,
    /// The liberties of the group on each point given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liberties: Option<BTreeMap<String, usize>>,
    /// Points the side to move may play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// Points the side to move may not play, with the reason code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<BTreeMap<String, String>>,
    /// Exactly these empty points are forbidden to the side to move (any
    /// reason), in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<Vec<String>>,
    /// The first whole-board repetition (board and side to move): the ply
    /// after which it recurred and the earlier ply (0: the start), or
    /// `none`. Only 三劫连环 ends the game (`end: triple-ko`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeated: Option<GoRepeated>,
}

/// Where the whole board first recurred.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum GoRepeated {
    /// `none`: no position recurred.
    None(String),
    /// `{ply: 7, earlier: 1}`.
    At {
        /// The ply after which the board and side to move recurred.
        ply: usize,
        /// The ply after which they first stood (0: the start).
        earlier: usize,
    },
}

/// `go-score` input: a finished board and the terms of the count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoScoreInput {
    /// Lines each way (default: the diagram's rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The board; `x` / `o` mark dead stones.
    pub board: BoardText,
    /// More dead stones, by point.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<String>,
    /// Empty points that are a seki's shared liberties (双活).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seki: Vec<String>,
    /// 贴子 in 子: 3.75, 2.75, 0 (a whole number of quarters).
    pub komi: f64,
    /// 让子: handicap stones (0 even, 1 让先, 2–25).
    #[serde(default)]
    pub handicap: u32,
    /// The side that gave up the contest (棋类比赛.5.(4)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded_by: Option<Stone>,
}

/// `go-score` expected. Every key given is checked. Counts are in 子 and
/// may end in .5 (a half dame point) or, for thresholds and margins, .25/.75.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoScoreExpected {
    /// The count is refused: `dead-on-empty`, `negative-komi`,
    /// `komi-with-handicap`, `handicap`, `no-liberty`, `seki-not-dame`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Black's count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<f64>,
    /// White's count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<f64>,
    /// Black's living stones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_stones: Option<u32>,
    /// White's living stones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_stones: Option<u32>,
    /// Empty points only black surrounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_territory: Option<u32>,
    /// Empty points only white surrounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_territory: Option<u32>,
    /// Dead stones taken off: `[black, white]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<[u32; 2]>,
    /// Dame points (单官).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dame: Option<u32>,
    /// What black must exceed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_threshold: Option<f64>,
    /// What white must exceed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_threshold: Option<f64>,
    /// The smallest whole count that wins for black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_needs: Option<i64>,
    /// The smallest whole count that wins for white.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_needs: Option<i64>,
    /// `black_wins`, `white_wins` or `draw`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GoResultName>,
    /// The winner's count past its threshold, in 子 (0 for a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// No unsettled point between the sides (活动方案.一.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<bool>,
    /// The unsettled points, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsettled: Option<Vec<String>>,
}

/// A referee's call in a `go-clock` case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CallExpected {
    /// Seconds since the move began.
    pub at: u32,
    /// The words: `30秒`, `一分钟`, `还剩4分钟`, `1`…`9`, `10,超时判负`.
    pub call: String,
}

/// `go-clock` input: one side's move times against a time control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoClockInput {
    /// 时限 in minutes, byo-yomi reserve included.
    pub limit_minutes: u32,
    /// 读秒: minutes kept back (0: none).
    #[serde(default)]
    pub reserve_minutes: u32,
    /// Each move's time in seconds, in order.
    pub moves: Vec<u32>,
    /// The 1-based move whose calls `expected.calls` lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls_of: Option<usize>,
}

/// `go-clock` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoClockExpected {
    /// Main time left at the end, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_left: Option<u32>,
    /// Reserve minutes left at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_left: Option<u32>,
    /// Whether the side lost on time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost: Option<bool>,
    /// The 1-based move on which it lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_at: Option<usize>,
    /// Reserve minutes each move cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deducted: Option<Vec<u32>>,
    /// The calls heard during move `calls_of`, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calls: Option<Vec<CallExpected>>,
    /// The time control is refused (`reserve-over-limit`, `limit`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `go-nigiri` input (猜先).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoNigiriInput {
    /// How many stones the holder holds (1 or more).
    pub stones_held: u32,
    /// The other player's guess.
    pub guess: Parity,
}

/// `go-nigiri` expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoNigiriExpected {
    /// Who plays first: `guesser` or `holder`.
    pub first: Starter,
}

/// `input` for the input's key, `expected` for the expectation's (and an
/// answer's, read the same way).
fn part_of(key: &str) -> Part {
    if key == "input" {
        Part::Input
    } else {
        Part::Expected
    }
}

fn field_issue(part: Part, field: &str, message: String) -> CaseError {
    CaseError::at(part, field, message)
}

fn diagram(key: &str, text: Option<&BoardText>, size: Option<u8>) -> Result<Diagram, CaseError> {
    match text {
        Some(t) => Diagram::parse(&t.text(), size)
            .map_err(|e| field_issue(part_of(key), "board", format!("{key}.board: {e}"))),
        None => {
            let size = size.unwrap_or(19);
            Board::new(size)
                .map(|board| Diagram {
                    board,
                    dead: BTreeSet::new(),
                })
                .map_err(|e| field_issue(part_of(key), "size", format!("{key}.size: {e}")))
        }
    }
}

fn point(key: &str, field: &str, text: &str, size: u8) -> Result<Point, CaseError> {
    Point::parse(text, size)
        .map_err(|e| field_issue(part_of(key), field, format!("{key}.{field}: {e}")))
}

fn points(key: &str, field: &str, texts: &[String], size: u8) -> Result<Vec<Point>, CaseError> {
    texts.iter().map(|t| point(key, field, t, size)).collect()
}

fn keys<V>(m: &BTreeMap<String, V>) -> Vec<String> {
    m.keys().cloned().collect()
}

fn setup(i: &GoMovesInput) -> Result<Setup, CaseError> {
    let d = diagram("input", i.board.as_ref(), i.size)?;
    if !d.dead.is_empty() {
        return Err(field_issue(
            Part::Input,
            "board",
            "input.board: a record's board has no dead stones (x/o)".into(),
        ));
    }
    let size = d.board.size();
    let ko =
        i.ko.as_deref()
            .map(|k| point("input", "ko", k, size))
            .transpose()?;
    Ok(Setup {
        handicap: points("input", "handicap", &i.handicap, size)?,
        board: d.board,
        to_move: i.to_move,
        ko,
        ko_rule: i.ko_rule.unwrap_or_default(),
    })
}

/// The code of a refused setup, an error at ply 0.
fn setup_code(e: &SetupError) -> &'static str {
    match e {
        SetupError::HandicapCount(_) => "handicap",
        SetupError::HandicapPoint(_) => "handicap-point",
        SetupError::KoPoint(_) => "ko-point",
    }
}

/// Plays the record as far as it goes: the game, and the first error. A
/// refused setup is an error at ply 0 (`handicap`, `handicap-point`,
/// `ko-point`: [`setup_code`]).
fn play(setup: &Setup, record: &[String]) -> Result<(Game, Option<MoveError>), SetupError> {
    let mut game = Game::new(setup)?;
    let size = setup.board.size();
    for (i, text) in record.iter().enumerate() {
        let r = game::Entry::parse(text, size).and_then(|e| game.apply(e));
        if let Err(error) = r {
            let err = MoveError {
                ply: i + 1,
                text: text.clone(),
                error,
            };
            return Ok((game, Some(err)));
        }
    }
    Ok((game, None))
}

fn terms(i: &GoScoreInput, size: u8) -> Result<Terms, CaseError> {
    let komi = Zi::from_f64(i.komi).ok_or_else(|| {
        field_issue(
            Part::Input,
            "komi",
            format!("input.komi: {} is not a whole number of quarters", i.komi),
        )
    })?;
    Ok(Terms {
        komi,
        handicap: i.handicap,
        conceded_by: i.conceded_by,
        seki: points("input", "seki", &i.seki, size)?
            .into_iter()
            .collect(),
    })
}

fn count_error_code(e: &CountError) -> &'static str {
    match e {
        CountError::DeadOnEmpty(_) => "dead-on-empty",
        CountError::NegativeKomi(_) => "negative-komi",
        CountError::KomiWithHandicap(..) => "komi-with-handicap",
        CountError::Handicap(_) | CountError::HandicapBeyondBoard { .. } => "handicap",
        CountError::NoLiberty { .. } => "no-liberty",
        CountError::SekiNotDame(_) => "seki-not-dame",
    }
}

fn quarter(key: &str, name: &str, v: Option<f64>) -> Result<(), CaseError> {
    match v {
        Some(x) if Zi::from_f64(x).is_none() => Err(field_issue(
            part_of(key),
            name,
            format!("{key}.{name}: {x} is not a whole number of quarters"),
        )),
        _ => Ok(()),
    }
}

fn go_edition(kind: Kind, edition: &Edition) -> Result<(), CaseError> {
    super::require_game(kind.name(), GameKind::Go, edition)
}

/// `go-moves`: a record played on a board.
pub(crate) struct MovesKind;

impl CaseKind for MovesKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        go_edition(Kind::GoMoves, edition)?;
        let i: GoMovesInput = typed(Part::Input, input)?;
        let e: GoMovesExpected = typed(Part::Expected, expected)?;
        if e == GoMovesExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        let s = setup(&i)?;
        let size = s.board.size();
        let record = i.moves.as_ref().map(GoRecord::entries).unwrap_or_default();
        let err = match play(&s, &record) {
            Ok((_, err)) => err,
            // A setup error is what the case tests.
            Err(_) if e.error.as_ref().is_some_and(|x| x.ply == 0) => return Ok(()),
            Err(m) => return Err(issue(Part::Input, format!("input: {m}"))),
        };
        match (&err, &e.error) {
            (Some(m), None) => {
                return Err(field_issue(
                    Part::Input,
                    "moves",
                    format!("input.moves: {m}"),
                ));
            }
            (None, Some(x)) => {
                return Err(issue(
                    Part::Expected,
                    format!("expects an error at move {}, but the record plays", x.ply),
                ));
            }
            _ => {}
        }
        for pts in [&e.legal, &e.forbidden].into_iter().flatten() {
            points("expected", "points", pts, size)?;
        }
        if let Some(m) = &e.points {
            points("expected", "points", &keys(m), size)?;
        }
        if let Some(m) = &e.liberties {
            points("expected", "liberties", &keys(m), size)?;
        }
        if let Some(m) = &e.illegal {
            points("expected", "illegal", &keys(m), size)?;
            for code in m.values() {
                if !["occupied", "suicide", "ko", "superko"].contains(&code.as_str()) {
                    return Err(issue(
                        Part::Expected,
                        format!("illegal: unknown code '{code}' (occupied, suicide, ko, superko)"),
                    ));
                }
            }
        }
        if let Some(k) = &e.ko
            && k != "none"
        {
            point("expected", "ko", k, size)?;
        }
        if let Some(b) = &e.board {
            diagram("expected", Some(b), Some(size))?;
        }
        if let Some(GoRepeated::None(t)) = &e.repeated
            && t != "none"
        {
            return Err(issue(
                Part::Expected,
                format!("repeated: '{t}': write none or {{ply: N, earlier: M}}"),
            ));
        }
        if let Some(c) = &e.clause
            && !edition.clauses().contains(c)
        {
            return Err(issue(
                Part::Expected,
                format!("unknown clause '{c}' in {}", edition.id),
            ));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: GoMovesInput = typed(Part::Input, input)?;
        let s = setup(&i)?;
        let record = i.moves.as_ref().map(GoRecord::entries).unwrap_or_default();
        let (game, err) = match play(&s, &record) {
            Ok(x) => x,
            Err(e) => {
                return to_output(&GoMovesExpected {
                    error: Some(GoMoveErrorExpected {
                        ply: 0,
                        code: setup_code(&e).to_string(),
                    }),
                    ..GoMovesExpected::default()
                });
            }
        };
        let r = game.replay();
        let pos = &r.position;
        let board = pos.board();
        let result = match r.end {
            None => GoResultName::Ongoing,
            Some(End::Passes) => GoResultName::Counting,
            Some(End::TripleKo) => GoResultName::Draw,
            Some(End::Resignation(Stone::Black)) => GoResultName::WhiteWins,
            Some(End::Resignation(Stone::White)) => GoResultName::BlackWins,
        };
        let mut liberties = BTreeMap::new();
        let mut legal = Vec::new();
        let mut illegal = BTreeMap::new();
        let mut forbidden = Vec::new();
        for p in board.all_points() {
            if let Some(g) = board.group(p) {
                liberties.insert(p.to_string(), g.liberties.len());
            }
            match game.check(p) {
                Ok(()) => legal.push(p.to_string()),
                Err(x) => {
                    if board.get(p).is_none() {
                        forbidden.push(p.to_string());
                    }
                    illegal.insert(p.to_string(), x.code().to_string());
                }
            }
        }
        to_output(&GoMovesExpected {
            error: err.map(|m| GoMoveErrorExpected {
                ply: m.ply,
                code: m.error.code().to_string(),
            }),
            result: Some(result),
            end: Some(r.end.map_or("none", |x| x.code()).to_string()),
            clause: Some(r.end.map_or("none", |x| x.clause()).to_string()),
            plies: Some(r.plies),
            to_move: Some(pos.to_move()),
            board: Some(BoardText::Rows(board.rows())),
            points: None,
            prisoners: Some(pos.prisoners()),
            ko: Some(pos.ko().map_or("none".to_string(), |p| p.to_string())),
            liberties: Some(liberties),
            legal: Some(legal),
            illegal: Some(illegal),
            forbidden: Some(forbidden),
            repeated: Some(match r.repeated {
                Some((ply, earlier)) => GoRepeated::At { ply, earlier },
                None => GoRepeated::None("none".into()),
            }),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoMovesExpected = typed(Part::Expected, expected)?;
        let g: GoMovesExpected = output(Kind::GoMoves, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => {
                mismatch("error ply", &w.ply, &x.ply)?;
                mismatch("error code", &w.code, &x.code)?;
                if x.ply == 0 {
                    // The setup is refused: there is no game to look at.
                    return Ok(());
                }
            }
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected an error at move {} ({}), but the record plays",
                    w.ply, w.code
                )));
            }
            (None, Some(x)) => {
                return Err(Mismatch::described(format!("move {}: {}", x.ply, x.code)));
            }
            (None, None) => {}
        }
        want("result", &e.result, &g.result)?;
        want("end", &e.end, &g.end)?;
        want("clause", &e.clause, &g.clause)?;
        want("plies", &e.plies, &g.plies)?;
        want("to_move", &e.to_move, &g.to_move)?;
        want("prisoners", &e.prisoners, &g.prisoners)?;
        want("repeated", &e.repeated, &g.repeated)?;
        let got_board = match &g.board {
            Some(b) => Some(
                diagram("answer", Some(b), None)
                    .map_err(|e| Mismatch::described(e.to_string()))?
                    .board,
            ),
            None => None,
        };
        if let Some(b) = &e.board {
            let w = diagram("expected", Some(b), None)?.board;
            let gb = got_board
                .as_ref()
                .ok_or_else(|| Mismatch::described("board: the answer has no board"))?;
            if w != *gb {
                return Err(Mismatch::described(format!(
                    "board: expected\n{}\ngot\n{}",
                    w.rows().join("\n"),
                    gb.rows().join("\n")
                )));
            }
        }
        if let Some(m) = &e.points {
            let answered = canonical_keys(&g.points);
            for (t, w) in m {
                let got = match (answered.get(&canonical(t)), &got_board) {
                    (Some(s), _) => *s,
                    (None, Some(b)) => {
                        let p = point("expected", "points", t, b.size())?;
                        state(b, p)
                    }
                    (None, None) => {
                        return Err(Mismatch::described(format!(
                            "point {t}: the answer has no points nor board"
                        )));
                    }
                };
                mismatch(&format!("point {t}"), w, &got)?;
            }
        }
        if let Some(k) = &e.ko {
            let got = g.ko.as_deref().map(canonical);
            want("ko", &Some(canonical(k)), &got)?;
        }
        if let Some(m) = &e.liberties {
            let answered = canonical_keys(&g.liberties);
            for (t, w) in m {
                let got = answered.get(&canonical(t)).ok_or_else(|| {
                    Mismatch::described(format!("liberties of {t}: the point is empty"))
                })?;
                mismatch(&format!("liberties of {t}"), w, got)?;
            }
        }
        let illegal = canonical_keys(&g.illegal);
        if let Some(v) = &e.legal {
            let legal = canonical_set(g.legal.as_deref().unwrap_or_default());
            for t in v {
                if !legal.contains(&canonical(t)) {
                    let why = illegal
                        .get(&canonical(t))
                        .map_or("not legal", String::as_str);
                    return Err(Mismatch::described(format!(
                        "{t}: expected legal, but {why}"
                    )));
                }
            }
        }
        if let Some(m) = &e.illegal {
            for (t, w) in m {
                match illegal.get(&canonical(t)) {
                    None => {
                        return Err(Mismatch::described(format!(
                            "{t}: expected {w}, but it is legal"
                        )));
                    }
                    Some(x) => mismatch(t, w, x)?,
                }
            }
        }
        if let Some(v) = &e.forbidden {
            let w = canonical_set(v);
            let got = canonical_set(
                g.forbidden
                    .as_deref()
                    .ok_or_else(|| Mismatch::described("forbidden: the answer has none"))?,
            );
            if w != got {
                return Err(Mismatch::described(format!(
                    "forbidden points differ: missing [{}], unexpected [{}]",
                    show(&w.difference(&got).cloned().collect()),
                    show(&got.difference(&w).cloned().collect())
                )));
            }
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GoMovesInput),
            schemars::schema_for!(GoMovesExpected),
        )
    }
}

/// `go-score`: counting a finished board.
pub(crate) struct ScoreKind;

impl CaseKind for ScoreKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        go_edition(Kind::GoScore, edition)?;
        let i: GoScoreInput = typed(Part::Input, input)?;
        let e: GoScoreExpected = typed(Part::Expected, expected)?;
        if e == GoScoreExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        let d = diagram("input", Some(&i.board), i.size)?;
        points("input", "dead", &i.dead, d.board.size())?;
        terms(&i, d.board.size())?;
        for (name, v) in [
            ("black", e.black),
            ("white", e.white),
            ("black_threshold", e.black_threshold),
            ("white_threshold", e.white_threshold),
            ("margin", e.margin),
        ] {
            quarter("expected", name, v)?;
        }
        if let Some(u) = &e.unsettled {
            points("expected", "unsettled", u, d.board.size())?;
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: GoScoreInput = typed(Part::Input, input)?;
        let d = diagram("input", Some(&i.board), i.size)?;
        let size = d.board.size();
        let mut dead = d.dead.clone();
        dead.extend(points("input", "dead", &i.dead, size)?);
        let t = terms(&i, size)?;
        let c = match counting::count(&d.board, &dead, &t) {
            Ok(c) => c,
            Err(err) => {
                return to_output(&GoScoreExpected {
                    error: Some(count_error_code(&err).to_string()),
                    ..GoScoreExpected::default()
                });
            }
        };
        to_output(&GoScoreExpected {
            error: None,
            black: zi(c.area[0]),
            white: zi(c.area[1]),
            black_stones: Some(c.stones[0]),
            white_stones: Some(c.stones[1]),
            black_territory: Some(c.territory[0]),
            white_territory: Some(c.territory[1]),
            dead: Some(c.dead),
            dame: Some(c.dame),
            black_threshold: zi(c.threshold[0]),
            white_threshold: zi(c.threshold[1]),
            black_needs: Some(c.needs[0]),
            white_needs: Some(c.needs[1]),
            result: Some(match c.winner {
                Some(Stone::Black) => GoResultName::BlackWins,
                Some(Stone::White) => GoResultName::WhiteWins,
                None => GoResultName::Draw,
            }),
            margin: zi(c.margin),
            finished: Some(c.unsettled.is_empty()),
            unsettled: Some(c.unsettled.iter().map(|p| p.to_string()).collect()),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoScoreExpected = typed(Part::Expected, expected)?;
        let g: GoScoreExpected = output(Kind::GoScore, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => return mismatch("error", w, x),
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected error '{w}', but the answer counted"
                )));
            }
            (None, Some(x)) => return Err(Mismatch::described(format!("count refused: {x}"))),
            (None, None) => {}
        }
        let quarters = |v: Option<f64>| v.and_then(Zi::from_f64);
        for (what, w, x) in [
            ("black", e.black, g.black),
            ("white", e.white, g.white),
            ("black_threshold", e.black_threshold, g.black_threshold),
            ("white_threshold", e.white_threshold, g.white_threshold),
        ] {
            if w.is_some() {
                want(what, &quarters(w), &quarters(x)).map_err(|_| Mismatch::Value {
                    key: what.to_string(),
                    expected: w.unwrap_or_default().to_string(),
                    got: x.map_or("none".to_string(), |x| x.to_string()),
                })?;
            }
        }
        want("black_stones", &e.black_stones, &g.black_stones)?;
        want("white_stones", &e.white_stones, &g.white_stones)?;
        want("black_territory", &e.black_territory, &g.black_territory)?;
        want("white_territory", &e.white_territory, &g.white_territory)?;
        want("dead", &e.dead, &g.dead)?;
        want("dame", &e.dame, &g.dame)?;
        want("black_needs", &e.black_needs, &g.black_needs)?;
        want("white_needs", &e.white_needs, &g.white_needs)?;
        want("result", &e.result, &g.result).map_err(|m| {
            m.detailed(format!(
                ": black {}, white {}",
                g.black.map_or("?".to_string(), |x| x.to_string()),
                g.white.map_or("?".to_string(), |x| x.to_string())
            ))
        })?;
        if e.margin.is_some() {
            want("margin", &quarters(e.margin), &quarters(g.margin)).map_err(|_| {
                Mismatch::Value {
                    key: "margin".into(),
                    expected: e.margin.unwrap_or_default().to_string(),
                    got: g.margin.map_or("none".to_string(), |x| x.to_string()),
                }
            })?;
        }
        want("finished", &e.finished, &g.finished)?;
        if let Some(u) = &e.unsettled {
            let got = g.unsettled.as_deref().map(canonical_set);
            want("unsettled", &Some(canonical_set(u)), &got)?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GoScoreInput),
            schemars::schema_for!(GoScoreExpected),
        )
    }
}

/// `go-clock`: the clock and byo-yomi calls.
pub(crate) struct ClockKind;

impl CaseKind for ClockKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        go_edition(Kind::GoClock, edition)?;
        let i: GoClockInput = typed(Part::Input, input)?;
        let e: GoClockExpected = typed(Part::Expected, expected)?;
        if e == GoClockExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if let Some(n) = i.calls_of
            && (n == 0 || n > i.moves.len())
        {
            return Err(field_issue(
                Part::Input,
                "calls_of",
                format!("input.calls_of: move {n} of {}", i.moves.len()),
            ));
        }
        if e.calls.is_some() && i.calls_of.is_none() {
            return Err(issue(Part::Input, "expected.calls needs input.calls_of"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: GoClockInput = typed(Part::Input, input)?;
        let tc = TimeControl {
            limit_minutes: i.limit_minutes,
            reserve_minutes: i.reserve_minutes,
        };
        let r = match clock::run(tc, &i.moves) {
            Ok(r) => r,
            Err(err) => {
                let code = match err {
                    clock::ClockError::ReserveOverLimit { .. } => "reserve-over-limit",
                    clock::ClockError::Limit(_) => "limit",
                };
                return to_output(&GoClockExpected {
                    error: Some(code.to_string()),
                    ..GoClockExpected::default()
                });
            }
        };
        let calls = i.calls_of.and_then(|n| {
            r.moves.get(n.wrapping_sub(1)).map(|m| {
                m.calls
                    .iter()
                    .map(|c| CallExpected {
                        at: c.at,
                        call: c.call.to_string(),
                    })
                    .collect()
            })
        });
        to_output(&GoClockExpected {
            main_left: Some(r.main_left),
            reserve_left: Some(r.reserve_left),
            lost: Some(r.lost_at.is_some()),
            lost_at: r.lost_at,
            deducted: Some(r.moves.iter().map(|m| m.deducted).collect()),
            calls,
            error: None,
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoClockExpected = typed(Part::Expected, expected)?;
        let g: GoClockExpected = output(Kind::GoClock, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => return mismatch("error", w, x),
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected error '{w}', but the clock ran"
                )));
            }
            (None, Some(x)) => {
                return Err(Mismatch::described(format!("time control refused: {x}")));
            }
            (None, None) => {}
        }
        want("main_left", &e.main_left, &g.main_left)?;
        want("reserve_left", &e.reserve_left, &g.reserve_left)?;
        want("lost", &e.lost, &g.lost)?;
        if let Some(n) = e.lost_at {
            mismatch("lost_at", &Some(n), &g.lost_at)?;
        }
        want("deducted", &e.deducted, &g.deducted)?;
        if e.calls.is_some() && g.calls.is_none() {
            return Err(Mismatch::described(
                "calls: the answer has none (was the move played?)",
            ));
        }
        want("calls", &e.calls, &g.calls)?;
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GoClockInput),
            schemars::schema_for!(GoClockExpected),
        )
    }
}

/// `go-nigiri`: who plays first after 猜先.
pub(crate) struct NigiriKind;

impl CaseKind for NigiriKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        go_edition(Kind::GoNigiri, edition)?;
        let i: GoNigiriInput = typed(Part::Input, input)?;
        let _: GoNigiriExpected = typed(Part::Expected, expected)?;
        if i.stones_held == 0 {
            return Err(field_issue(
                Part::Input,
                "stones_held",
                "input.stones_held: the holder holds at least one stone".into(),
            ));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: GoNigiriInput = typed(Part::Input, input)?;
        let first = game::nigiri(i.stones_held, i.guess)
            .ok_or_else(|| CaseError::at(Part::Input, "stones_held", "nobody holds a stone"))?;
        to_output(&GoNigiriExpected { first })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoNigiriExpected = typed(Part::Expected, expected)?;
        let g: GoNigiriExpected = output(Kind::GoNigiri, got)?;
        mismatch("first", &e.first, &g.first)?;
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GoNigiriInput),
            schemars::schema_for!(GoNigiriExpected),
        )
    }
}

fn state(board: &Board, p: Point) -> PointState {
    match board.get(p) {
        Some(Stone::Black) => PointState::Black,
        Some(Stone::White) => PointState::White,
        None => PointState::Empty,
    }
}

fn zi(z: Zi) -> Option<f64> {
    Some(z.as_f64())
}

/// A point's name as qigui prints it (`d4` → `D4`), or the text upper-cased
/// when it is not a point.
fn canonical(t: &str) -> String {
    Point::parse(t, 19).map_or_else(|_| t.trim().to_ascii_uppercase(), |p| p.to_string())
}

fn canonical_keys<V: Clone>(m: &Option<BTreeMap<String, V>>) -> BTreeMap<String, V> {
    m.iter()
        .flatten()
        .map(|(k, v)| (canonical(k), v.clone()))
        .collect()
}

fn canonical_set(v: &[String]) -> BTreeSet<String> {
    v.iter().map(|t| canonical(t)).collect()
}

fn show(s: &BTreeSet<String>) -> String {
    s.iter().cloned().collect::<Vec<_>>().join(" ")
}
