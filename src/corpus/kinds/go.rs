//! The Go kinds of case (edition `go-local`): `go-moves` (a record played
//! on a board: captures, forbidden points, ko, turns, the end),
//! `go-score` (counting a finished board), `go-clock` (the clock and
//! byo-yomi calls), `go-nigiri` (猜先). `spec/corpus-format.md` describes
//! them; `spec/go.md` the diagrams and points.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::{Edition, GameKind};
use crate::go::board::{Board, Diagram, Point, Stone};
use crate::go::clock::{self, TimeControl};
use crate::go::counting::{self, CountError, Terms, Zi};
use crate::go::game::{self, End, Game, MoveError, Parity, Setup, SetupError, Starter};
use crate::go::play::KoRule;

use super::{Issue, Kind, issue, mismatch, typed};

/// A board diagram: one string with a row per line, or a list of rows; top
/// row first (`spec/go.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
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
#[serde(untagged)]
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
    /// How it ended: `passes`, `resignation`, `repetition`, or `none`.
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
    /// `komi-with-handicap`, `handicap`, `seki-not-dame`.
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

fn field_issue(key: &str, field: &str, message: String) -> Issue {
    Issue {
        key: key.to_string(),
        field: Some(field.to_string()),
        message,
    }
}

fn diagram(key: &str, text: Option<&BoardText>, size: Option<u8>) -> Result<Diagram, Issue> {
    match text {
        Some(t) => Diagram::parse(&t.text(), size)
            .map_err(|e| field_issue(key, "board", format!("{key}.board: {e}"))),
        None => {
            let size = size.unwrap_or(19);
            Board::new(size)
                .map(|board| Diagram {
                    board,
                    dead: BTreeSet::new(),
                })
                .map_err(|e| field_issue(key, "size", format!("{key}.size: {e}")))
        }
    }
}

fn point(key: &str, field: &str, text: &str, size: u8) -> Result<Point, Issue> {
    Point::parse(text, size).map_err(|e| field_issue(key, field, format!("{key}.{field}: {e}")))
}

fn points(key: &str, field: &str, texts: &[String], size: u8) -> Result<Vec<Point>, Issue> {
    texts.iter().map(|t| point(key, field, t, size)).collect()
}

fn keys<V>(m: &BTreeMap<String, V>) -> Vec<String> {
    m.keys().cloned().collect()
}

fn setup(i: &GoMovesInput) -> Result<Setup, Issue> {
    let d = diagram("input", i.board.as_ref(), i.size)?;
    if !d.dead.is_empty() {
        return Err(field_issue(
            "input",
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

/// Plays the record as far as it goes: the game, and the first error. A
/// refused setup is an error at ply 0 (`handicap`, `handicap-point`,
/// `ko-point`).
fn play(setup: &Setup, record: &[String]) -> Result<(Game, Option<MoveError>), (String, String)> {
    let mut game = Game::new(setup).map_err(|e| {
        let code = match e {
            SetupError::HandicapCount(_) => "handicap",
            SetupError::HandicapPoint(_) => "handicap-point",
            SetupError::KoPoint(_) => "ko-point",
        };
        (code.to_string(), format!("input: {e}"))
    })?;
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

fn terms(i: &GoScoreInput, size: u8) -> Result<Terms, Issue> {
    let komi = Zi::from_f64(i.komi).ok_or_else(|| {
        field_issue(
            "input",
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
        CountError::Handicap(_) => "handicap",
        CountError::SekiNotDame(_) => "seki-not-dame",
    }
}

fn quarter(key: &str, name: &str, v: Option<f64>) -> Result<(), Issue> {
    match v {
        Some(x) if Zi::from_f64(x).is_none() => Err(field_issue(
            key,
            name,
            format!("{key}.{name}: {x} is not a whole number of quarters"),
        )),
        _ => Ok(()),
    }
}

/// Validates a case's input and expected output.
pub(crate) fn validate(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    if edition.game != GameKind::Go {
        return Err(issue(
            "kind",
            format!(
                "{} is a Go kind; {} is not a Go edition",
                kind.name(),
                edition.id
            ),
        ));
    }
    match kind {
        Kind::GoMoves => {
            let i: GoMovesInput = typed("input", input)?;
            let e: GoMovesExpected = typed("expected", expected)?;
            if e == GoMovesExpected::default() {
                return Err(issue("expected", "expects nothing"));
            }
            let s = setup(&i)?;
            let size = s.board.size();
            let record = i.moves.as_ref().map(GoRecord::entries).unwrap_or_default();
            let err = match play(&s, &record) {
                Ok((_, err)) => err,
                // A setup error is what the case tests.
                Err(_) if e.error.as_ref().is_some_and(|x| x.ply == 0) => return Ok(()),
                Err((_, m)) => return Err(issue("input", m)),
            };
            match (&err, &e.error) {
                (Some(m), None) => {
                    return Err(field_issue("input", "moves", format!("input.moves: {m}")));
                }
                (None, Some(x)) => {
                    return Err(issue(
                        "expected",
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
                            "expected",
                            format!(
                                "illegal: unknown code '{code}' (occupied, suicide, ko, superko)"
                            ),
                        ));
                    }
                }
            }
            if let Some(k) = &e.ko {
                if k != "none" {
                    point("expected", "ko", k, size)?;
                }
            }
            if let Some(b) = &e.board {
                diagram("expected", Some(b), Some(size))?;
            }
            if let Some(c) = &e.clause {
                if !edition.clauses().contains(c) {
                    return Err(issue(
                        "expected",
                        format!("unknown clause '{c}' in {}", edition.id),
                    ));
                }
            }
        }
        Kind::GoScore => {
            let i: GoScoreInput = typed("input", input)?;
            let e: GoScoreExpected = typed("expected", expected)?;
            if e == GoScoreExpected::default() {
                return Err(issue("expected", "expects nothing"));
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
        }
        Kind::GoClock => {
            let i: GoClockInput = typed("input", input)?;
            let e: GoClockExpected = typed("expected", expected)?;
            if e == GoClockExpected::default() {
                return Err(issue("expected", "expects nothing"));
            }
            if let Some(n) = i.calls_of {
                if n == 0 || n > i.moves.len() {
                    return Err(field_issue(
                        "input",
                        "calls_of",
                        format!("input.calls_of: move {n} of {}", i.moves.len()),
                    ));
                }
            }
            if e.calls.is_some() && i.calls_of.is_none() {
                return Err(issue("input", "expected.calls needs input.calls_of"));
            }
        }
        Kind::GoNigiri => {
            let i: GoNigiriInput = typed("input", input)?;
            let _: GoNigiriExpected = typed("expected", expected)?;
            if i.stones_held == 0 {
                return Err(field_issue(
                    "input",
                    "stones_held",
                    "input.stones_held: the holder holds at least one stone".into(),
                ));
            }
        }
        _ => return Err(issue("kind", "not a Go kind")),
    }
    Ok(())
}

fn state(board: &Board, p: Point) -> PointState {
    match board.get(p) {
        Some(Stone::Black) => PointState::Black,
        Some(Stone::White) => PointState::White,
        None => PointState::Empty,
    }
}

fn check_zi(what: &str, want: Option<f64>, got: Zi) -> Result<(), String> {
    if let Some(w) = want {
        if Zi::from_f64(w) != Some(got) {
            return Err(format!(
                "{what}: expected {w}, got {} ({got})",
                got.as_f64()
            ));
        }
    }
    Ok(())
}

fn check<T: std::fmt::Debug + PartialEq>(
    what: &str,
    want: &Option<T>,
    got: T,
) -> Result<(), String> {
    match want {
        Some(w) => mismatch(what, w, &got),
        None => Ok(()),
    }
}

/// Runs a case; `Err` is the failure message.
pub(crate) fn run(
    kind: Kind,
    input: &Value,
    expected: &Value,
    _edition: &Edition,
) -> Result<(), String> {
    let fail = |i: Issue| i.message;
    match kind {
        Kind::GoMoves => {
            let i: GoMovesInput = typed("input", input).map_err(fail)?;
            let e: GoMovesExpected = typed("expected", expected).map_err(fail)?;
            let s = setup(&i).map_err(fail)?;
            let size = s.board.size();
            let record = i.moves.as_ref().map(GoRecord::entries).unwrap_or_default();
            let (game, err) = match play(&s, &record) {
                Ok(x) => x,
                Err((code, m)) => {
                    return match &e.error {
                        Some(want) => {
                            mismatch("error ply", &want.ply, &0)
                                .map_err(|x| format!("{x} ({m})"))?;
                            mismatch("error code", &want.code.as_str(), &code.as_str())
                                .map_err(|x| format!("{x} ({m})"))
                        }
                        None => Err(m),
                    };
                }
            };
            match (&e.error, &err) {
                (Some(want), Some(m)) => {
                    mismatch("error ply", &want.ply, &m.ply).map_err(|x| format!("{x} ({m})"))?;
                    mismatch("error code", &want.code.as_str(), &m.error.code())
                        .map_err(|x| format!("{x} ({m})"))?;
                }
                (Some(want), None) => {
                    return Err(format!(
                        "expected an error at move {} ({}), but the record plays",
                        want.ply, want.code
                    ));
                }
                (None, Some(m)) => return Err(m.to_string()),
                (None, None) => {}
            }
            let r = game.replay();
            let pos = &r.position;
            let board = pos.board();
            let result = match r.end {
                None => GoResultName::Ongoing,
                Some(End::Passes) => GoResultName::Counting,
                Some(End::Repetition) => GoResultName::Draw,
                Some(End::Resignation(Stone::Black)) => GoResultName::WhiteWins,
                Some(End::Resignation(Stone::White)) => GoResultName::BlackWins,
            };
            check("result", &e.result, result)?;
            check("end", &e.end.as_deref(), r.end.map_or("none", |x| x.code()))?;
            check(
                "clause",
                &e.clause.as_deref(),
                r.end.map_or("none", |x| x.clause()),
            )?;
            check("plies", &e.plies, r.plies)?;
            check("to_move", &e.to_move, pos.to_move())?;
            check("prisoners", &e.prisoners, pos.prisoners())?;
            if let Some(b) = &e.board {
                let want = diagram("expected", Some(b), Some(size)).map_err(fail)?;
                if want.board != *board {
                    return Err(format!(
                        "board: expected\n{}\ngot\n{}",
                        want.board.rows().join("\n"),
                        board.rows().join("\n")
                    ));
                }
            }
            if let Some(m) = &e.points {
                for (t, want) in m {
                    let p = point("expected", "points", t, size).map_err(fail)?;
                    mismatch(&format!("point {t}"), want, &state(board, p))?;
                }
            }
            if let Some(k) = &e.ko {
                let got = pos.ko().map_or("none".to_string(), |p| p.to_string());
                mismatch("ko", &k.to_ascii_uppercase(), &got.to_ascii_uppercase())?;
            }
            if let Some(m) = &e.liberties {
                for (t, want) in m {
                    let p = point("expected", "liberties", t, size).map_err(fail)?;
                    let got = board
                        .group(p)
                        .map(|g| g.liberties.len())
                        .ok_or_else(|| format!("liberties of {t}: the point is empty"))?;
                    mismatch(&format!("liberties of {t}"), want, &got)?;
                }
            }
            if let Some(v) = &e.legal {
                for t in v {
                    let p = point("expected", "legal", t, size).map_err(fail)?;
                    game.check(p)
                        .map_err(|x| format!("{t}: expected legal, but {x}"))?;
                }
            }
            if let Some(m) = &e.illegal {
                for (t, want) in m {
                    let p = point("expected", "illegal", t, size).map_err(fail)?;
                    match game.check(p) {
                        Ok(()) => return Err(format!("{t}: expected {want}, but it is legal")),
                        Err(x) => mismatch(t, &want.as_str(), &x.code())?,
                    }
                }
            }
            if let Some(v) = &e.forbidden {
                let want: BTreeSet<Point> = points("expected", "forbidden", v, size)
                    .map_err(fail)?
                    .into_iter()
                    .collect();
                let got: BTreeSet<Point> = board
                    .all_points()
                    .filter(|&p| board.get(p).is_none() && game.check(p).is_err())
                    .collect();
                if want != got {
                    let show = |s: BTreeSet<Point>| {
                        s.iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    return Err(format!(
                        "forbidden points differ: missing [{}], unexpected [{}]",
                        show(want.difference(&got).copied().collect()),
                        show(got.difference(&want).copied().collect())
                    ));
                }
            }
        }
        Kind::GoScore => {
            let i: GoScoreInput = typed("input", input).map_err(fail)?;
            let e: GoScoreExpected = typed("expected", expected).map_err(fail)?;
            let d = diagram("input", Some(&i.board), i.size).map_err(fail)?;
            let size = d.board.size();
            let mut dead = d.dead.clone();
            dead.extend(points("input", "dead", &i.dead, size).map_err(fail)?);
            let t = terms(&i, size).map_err(fail)?;
            let c = match counting::count(&d.board, &dead, &t) {
                Ok(c) => {
                    if let Some(code) = &e.error {
                        return Err(format!(
                            "expected error '{code}', but counted {}",
                            c.result_text()
                        ));
                    }
                    c
                }
                Err(err) => {
                    return match &e.error {
                        Some(code) => mismatch("error", &code.as_str(), &count_error_code(&err))
                            .map_err(|m| format!("{m} ({err})")),
                        None => Err(format!("count refused: {err}")),
                    };
                }
            };
            check_zi("black", e.black, c.area[0])?;
            check_zi("white", e.white, c.area[1])?;
            check("black_stones", &e.black_stones, c.stones[0])?;
            check("white_stones", &e.white_stones, c.stones[1])?;
            check("black_territory", &e.black_territory, c.territory[0])?;
            check("white_territory", &e.white_territory, c.territory[1])?;
            check("dead", &e.dead, c.dead)?;
            check("dame", &e.dame, c.dame)?;
            check_zi("black_threshold", e.black_threshold, c.threshold[0])?;
            check_zi("white_threshold", e.white_threshold, c.threshold[1])?;
            check("black_needs", &e.black_needs, c.needs[0])?;
            check("white_needs", &e.white_needs, c.needs[1])?;
            let result = match c.winner {
                Some(Stone::Black) => GoResultName::BlackWins,
                Some(Stone::White) => GoResultName::WhiteWins,
                None => GoResultName::Draw,
            };
            check("result", &e.result, result)
                .map_err(|m| format!("{m}: black {}, white {}", c.area[0], c.area[1]))?;
            check_zi("margin", e.margin, c.margin)?;
            check("finished", &e.finished, c.unsettled.is_empty())?;
            if let Some(u) = &e.unsettled {
                let want: BTreeSet<Point> = points("expected", "unsettled", u, size)
                    .map_err(fail)?
                    .into_iter()
                    .collect();
                let got: BTreeSet<Point> = c.unsettled.iter().copied().collect();
                mismatch("unsettled", &want, &got)?;
            }
        }
        Kind::GoClock => {
            let i: GoClockInput = typed("input", input).map_err(fail)?;
            let e: GoClockExpected = typed("expected", expected).map_err(fail)?;
            let tc = TimeControl {
                limit_minutes: i.limit_minutes,
                reserve_minutes: i.reserve_minutes,
            };
            let r = match clock::run(tc, &i.moves) {
                Ok(r) => {
                    if let Some(code) = &e.error {
                        return Err(format!("expected error '{code}', but the clock ran"));
                    }
                    r
                }
                Err(err) => {
                    let code = match err {
                        clock::ClockError::ReserveOverLimit { .. } => "reserve-over-limit",
                        clock::ClockError::Limit(_) => "limit",
                    };
                    return match &e.error {
                        Some(want) => mismatch("error", &want.as_str(), &code)
                            .map_err(|m| format!("{m} ({err})")),
                        None => Err(format!("time control refused: {err}")),
                    };
                }
            };
            check("main_left", &e.main_left, r.main_left)?;
            check("reserve_left", &e.reserve_left, r.reserve_left)?;
            check("lost", &e.lost, r.lost_at.is_some())?;
            if let Some(n) = e.lost_at {
                mismatch("lost_at", &Some(n), &r.lost_at)?;
            }
            check(
                "deducted",
                &e.deducted,
                r.moves.iter().map(|m| m.deducted).collect::<Vec<_>>(),
            )?;
            if let (Some(want), Some(n)) = (&e.calls, i.calls_of) {
                let got: Vec<CallExpected> = r
                    .moves
                    .get(n.wrapping_sub(1))
                    .map(|m| {
                        m.calls
                            .iter()
                            .map(|c| CallExpected {
                                at: c.at,
                                call: c.call.to_string(),
                            })
                            .collect()
                    })
                    .ok_or_else(|| format!("move {n} was not played (lost before it)"))?;
                mismatch("calls", want, &got)?;
            }
        }
        Kind::GoNigiri => {
            let i: GoNigiriInput = typed("input", input).map_err(fail)?;
            let e: GoNigiriExpected = typed("expected", expected).map_err(fail)?;
            let got = game::nigiri(i.stones_held, i.guess)
                .ok_or_else(|| "nobody holds a stone".to_string())?;
            mismatch("first", &e.first, &got)?;
        }
        _ => return Err(format!("{} is not a Go kind", kind.name())),
    }
    Ok(())
}

/// The JSON Schemas of each Go kind's input and expected output.
#[cfg(test)]
pub(crate) fn schemas(kind: Kind) -> (schemars::Schema, schemars::Schema) {
    use schemars::schema_for;
    match kind {
        Kind::GoMoves => (schema_for!(GoMovesInput), schema_for!(GoMovesExpected)),
        Kind::GoScore => (schema_for!(GoScoreInput), schema_for!(GoScoreExpected)),
        Kind::GoClock => (schema_for!(GoClockInput), schema_for!(GoClockExpected)),
        Kind::GoNigiri => (schema_for!(GoNigiriInput), schema_for!(GoNigiriExpected)),
        _ => (schema_for!(()), schema_for!(())),
    }
}
