//! The Gomoku kinds of case (中国五子棋竞赛规则 2025): `gomoku-board`
//! (1.2–1.3), `gomoku-pattern` (5, 7), `gomoku-forbidden` (8),
//! `gomoku-opening` (9.7, 11, 附录一–二) and `gomoku-result` (17, 19,
//! 24.3.1 A).
//!
//! The rules are symmetric, so qigui runs every `gomoku-pattern`,
//! `gomoku-forbidden` and `gomoku-result` case under each of the 8
//! symmetries of the board as well (points, lines and expectations mapped
//! alike); a failure names the symmetry.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::{Edition, GameKind};
use crate::gomoku::board::{Board, Direction, Point, Stone, Symmetry, parse_points};
use crate::gomoku::forbidden::{Forbidden, Reading, forbidden_at, forbidden_map};
use crate::gomoku::openings::{Opening, OpeningRule, Player};
use crate::gomoku::patterns::{Shape, shapes};
use crate::gomoku::record::{Action, parse_actions};
use crate::gomoku::result::{Event, GameRecord, Reason, adjudicate};

use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, RunError, issue, mismatch, output, to_output, typed,
    want,
};

/// A record's actions: one string (`"H8 I9 swap J10"`) or a list of strings,
/// each holding one or more actions (`["H8", "offer K10 L11"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuActionText"))]
#[serde(
    untagged,
    expecting = "expected the actions as one string (\"H8 H9\") or a list of strings"
)]
pub enum ActionText {
    /// All actions in one string.
    Line(String),
    /// One entry per action (or several).
    List(Vec<String>),
}

impl ActionText {
    fn actions(&self) -> Result<Vec<Action>, crate::gomoku::record::ParseRecordError> {
        let text = match self {
            ActionText::Line(s) => s.clone(),
            ActionText::List(v) => v.join(" "),
        };
        parse_actions(&text)
    }
}

/// `gomoku-board` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BoardInput {
    /// A point's name as written in a record (1.3), e.g. `H8`.
    pub point: String,
}

/// `gomoku-board` expected. Every key given is checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BoardExpected {
    /// Whether it names one of the 225 points.
    pub valid: bool,
    /// `tianyuan` (天元), `star` (星) or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// The column letter, `A`–`O`, left to right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// The row number, 1–15, bottom to top.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<u8>,
}

/// `gomoku-pattern` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PatternInput {
    /// Black stones, e.g. `"H8 I9"`.
    #[serde(default)]
    pub black: String,
    /// White stones.
    #[serde(default)]
    pub white: String,
    /// The stone whose shapes are read.
    pub point: String,
    /// Whether black plays under the forbidden-move rules (default true): a
    /// black three is then live only through a legal move (7.4.1, 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<bool>,
    /// How a four point that also completes a five counts (default
    /// `five-point-legal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
}

/// The expected shape along one line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuLineExpected"))]
#[serde(deny_unknown_fields)]
pub struct LineExpected {
    /// The shape (article 7).
    pub shape: Shape,
    /// The points marked A in the book's figures: for a four the points
    /// making a five, for a live three those making a live four, for a
    /// sleeping three those making a four. Exactly these, any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<String>>,
    /// For a four: how many distinct fours on the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fours: Option<usize>,
}

/// `gomoku-pattern` expected: the lines checked (those given).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PatternExpected {
    /// The row through the point (阳线, 5.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal: Option<LineExpected>,
    /// The column (阳线, 5.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertical: Option<LineExpected>,
    /// The 阴线 parallel to A1–O15 (5.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagonal: Option<LineExpected>,
    /// The 阴线 parallel to A15–O1 (5.3).
    #[serde(
        default,
        rename = "anti-diagonal",
        skip_serializing_if = "Option::is_none"
    )]
    pub anti_diagonal: Option<LineExpected>,
}

impl PatternExpected {
    fn lines(&self) -> Vec<(Direction, &LineExpected)> {
        [
            (Direction::Horizontal, &self.horizontal),
            (Direction::Vertical, &self.vertical),
            (Direction::Diagonal, &self.diagonal),
            (Direction::AntiDiagonal, &self.anti_diagonal),
        ]
        .into_iter()
        .filter_map(|(d, l)| l.as_ref().map(|l| (d, l)))
        .collect()
    }
}

/// `gomoku-forbidden` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ForbiddenInput {
    /// Black stones.
    #[serde(default)]
    pub black: String,
    /// White stones.
    #[serde(default)]
    pub white: String,
    /// Only these empty points are checked (default: the whole board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<String>,
    /// How a four point that also completes a five counts (default
    /// `five-point-legal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
}

/// `gomoku-forbidden` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ForbiddenExpected {
    /// Exactly the forbidden points among those checked, each with its kind
    /// (`{}` for none).
    pub forbidden: BTreeMap<String, Forbidden>,
}

/// `gomoku-opening` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OpeningInput {
    /// The opening rule.
    pub rule: OpeningRule,
    /// The actions so far.
    pub actions: ActionText,
}

/// One expected turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuTurnExpected"))]
#[serde(deny_unknown_fields)]
pub struct TurnExpected {
    /// Who acts.
    pub player: Player,
    /// The colour that player holds now.
    pub colour: Stone,
    /// What they may do, in qigui's order: `black:tianyuan`, `white:3x3`,
    /// `black:9x9`, `white:board`, `swap`, `offer:10`, `choose`, `declare`.
    pub choices: Vec<String>,
}

/// `gomoku-opening` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OpeningExpected {
    /// Whether every action is allowed.
    pub legal: bool,
    /// For an illegal one: the clause it breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// For an illegal one: the 1-based number of the first illegal action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<usize>,
    /// Whether the opening is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<bool>,
    /// The designated opening the first three stones form (附录一), or
    /// `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `direct` (直指) or `indirect` (斜指).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointing: Option<String>,
    /// Who holds black after the legal actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Player>,
    /// Who acts next and what they may do (`[]` once the opening is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Vec<TurnExpected>>,
}

/// `gomoku-result` input: a game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ResultInput {
    /// The opening rule (default `designated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningRule>,
    /// The actions.
    pub moves: ActionText,
    /// Events: `{after: N, kind: {type: point-out | draw-agreed | resign |
    /// flag-fall | both-flags | forfeit | violation | late | both-late,
    /// side: black|white}}`, and the referee's (`foul`, `disqualified`,
    /// `offer-draw`, `accept-draw`, `decline-draw`, `moved-stone`,
    /// `scattered`, `dropped`, `colours-wrong`, `correct-record`,
    /// `borrow-record`, `rebuild-record`, `appeal`: `spec/gomoku.md`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// How a four point that also completes a five counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
    /// The time control (14.1, 30.3): a clause of 30.3 or `{base,
    /// increment, shared}` in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<crate::gomoku::TimeControlSpec>,
    /// Seconds on the actor's clock for each action (14.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<u32>,
    /// The limit for late arrival, seconds (14.3.1, default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit: Option<u32>,
}

/// `gomoku-result` expected clocks: seconds left at the end, by colour.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuClocks"))]
#[serde(deny_unknown_fields)]
pub struct ClocksExpected {
    /// Black's time left (negative: the flag fell during the last action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<f64>,
    /// White's time left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<f64>,
    /// The shared time left while the game is on it (14.1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<f64>,
}

/// A result code or `ongoing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuResultName"))]
#[serde(rename_all = "snake_case")]
pub enum ResultName {
    /// 黑胜.
    BlackWins,
    /// 白胜.
    WhiteWins,
    /// 和棋.
    Draw,
    /// 双方作负 (14.3.4).
    BothLose,
    /// Not finished.
    Ongoing,
    /// 重下: played again (10.2, 21.1.2 D, 21.2.2 B).
    Replay,
}

/// `gomoku-result` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ResultExpected {
    /// The result (give this or `error`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultName>,
    /// The reason code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The deciding clause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// The number of the last move played (13.2) when the game ended, or
    /// at the end of the record.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub last_move: Option<u32>,
    /// The forbidden shape that decided it (`forbidden-move`,
    /// `five-with-forbidden`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<Forbidden>,
    /// Black's forbidden moves that lapsed (19.1.2 A), by move number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lapsed: Option<Vec<u32>>,
    /// The record is not playable: the clause it breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// A stone is on this point at the end (or when the game ended).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stones: Option<BTreeMap<String, Stone>>,
    /// These points are empty at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty: Option<Vec<String>>,
    /// 违例 (15.2) of the first and the second player at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub violations: Option<[u32; 2]>,
    /// 警告 (15.1) of the first and the second player at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings: Option<[u32; 2]>,
    /// The clocks at the end (the record gives a time control).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<ClocksExpected>,
    /// The time control makes a rapid game (30.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rapid: Option<bool>,
    /// The verdicts on the log's appeals, in order (14.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeals: Option<Vec<crate::gomoku::AppealVerdict>>,
}

fn point(part: Part, field: &str, s: &str) -> Result<Point, CaseError> {
    s.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| {
            CaseError::at(part, field, format!("{field}: {e}"))
        })
}

fn board(black: &str, white: &str) -> Result<Board, CaseError> {
    Board::from_lists(black, white).map_err(|e| issue(Part::Input, format!("input: {e}")))
}

fn points(part: Part, field: &str, s: &str) -> Result<Vec<Point>, CaseError> {
    parse_points(s).map_err(|e| CaseError::at(part, field, format!("{field}: {e}")))
}

fn gomoku_edition(edition: &Edition) -> Result<(), CaseError> {
    if edition.game != GameKind::Gomoku {
        return Err(issue(
            Part::Kind,
            format!("a Gomoku kind in {}", edition.id),
        ));
    }
    Ok(())
}

fn clause_known(edition: &Edition, field: &str, c: &str) -> Result<(), CaseError> {
    if edition.clauses().contains(c) {
        Ok(())
    } else {
        Err(CaseError::at(
            Part::Expected,
            field,
            format!("unknown clause '{c}' in {}", edition.id),
        ))
    }
}

fn reading(r: Option<Reading>) -> Reading {
    r.unwrap_or_default()
}

fn bad_point(e: crate::gomoku::board::ParsePointError) -> CaseError {
    CaseError::rules(e)
}

/// A list of points mapped by a symmetry.
fn map_points(sym: Symmetry, text: &str) -> Result<String, CaseError> {
    Ok(parse_points(text)
        .map_err(bad_point)?
        .into_iter()
        .map(|p| sym.apply(p).to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

/// A point mapped by a symmetry; text that is not a point is kept (the
/// comparison then reports it).
fn map_point(sym: Symmetry, text: &str) -> String {
    text.parse::<Point>()
        .map(|p| sym.apply(p).to_string())
        .unwrap_or_else(|_| text.to_string())
}

fn under(sym: Symmetry) -> String {
    if sym == Symmetry::Identity {
        String::new()
    } else {
        format!(
            " (under the symmetry {}: the case's points and lines mapped)",
            sym.name()
        )
    }
}

fn show_points<'a>(v: impl IntoIterator<Item = &'a Point>) -> String {
    v.into_iter()
        .map(Point::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the answer's point names (any case).
fn answered_point(what: &str, q: &str) -> Result<Point, Mismatch> {
    q.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| {
            Mismatch::described(format!("{what}: the answer's {e}"))
        })
}

fn expected_point(what: &str, q: &str) -> Result<Point, Mismatch> {
    q.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| {
            Mismatch::described(format!("{what}: expected {e}"))
        })
}

impl PatternExpected {
    fn line(&self, d: Direction) -> &Option<LineExpected> {
        match d {
            Direction::Horizontal => &self.horizontal,
            Direction::Vertical => &self.vertical,
            Direction::Diagonal => &self.diagonal,
            Direction::AntiDiagonal => &self.anti_diagonal,
        }
    }

    fn line_mut(&mut self, d: Direction) -> &mut Option<LineExpected> {
        match d {
            Direction::Horizontal => &mut self.horizontal,
            Direction::Vertical => &mut self.vertical,
            Direction::Diagonal => &mut self.diagonal,
            Direction::AntiDiagonal => &mut self.anti_diagonal,
        }
    }

    /// The expectation on the board mapped by `sym`.
    fn under(&self, sym: Symmetry) -> PatternExpected {
        let mut out = PatternExpected::default();
        for (d, l) in self.lines() {
            *out.line_mut(sym.apply_direction(d)) = Some(LineExpected {
                shape: l.shape,
                points: l
                    .points
                    .as_ref()
                    .map(|ps| ps.iter().map(|q| map_point(sym, q)).collect()),
                fours: l.fours,
            });
        }
        out
    }
}

impl ForbiddenExpected {
    fn under(&self, sym: Symmetry) -> ForbiddenExpected {
        ForbiddenExpected {
            forbidden: self
                .forbidden
                .iter()
                .map(|(q, f)| (map_point(sym, q), *f))
                .collect(),
        }
    }
}

impl ResultExpected {
    fn under(&self, sym: Symmetry) -> ResultExpected {
        ResultExpected {
            stones: self
                .stones
                .as_ref()
                .map(|m| m.iter().map(|(q, s)| (map_point(sym, q), *s)).collect()),
            empty: self
                .empty
                .as_ref()
                .map(|v| v.iter().map(|q| map_point(sym, q)).collect()),
            ..self.clone()
        }
    }
}

/// `gomoku-board`: the point's mark, column and row.
fn board_answer(i: &BoardInput) -> BoardExpected {
    match i.point.parse::<Point>() {
        Ok(p) => BoardExpected {
            valid: true,
            mark: Some(p.mark().code().to_string()),
            column: Some(p.column_letter().to_string()),
            row: Some(p.row_number()),
        },
        Err(_) => BoardExpected {
            valid: false,
            mark: None,
            column: None,
            row: None,
        },
    }
}

/// `gomoku-pattern`: every line through the point, on the board mapped by
/// `sym`.
fn pattern_answer(i: &PatternInput, sym: Symmetry) -> Result<PatternExpected, CaseError> {
    let b = Board::from_lists(&map_points(sym, &i.black)?, &map_points(sym, &i.white)?)
        .map_err(CaseError::rules)?;
    let p: Point = map_point(sym, &i.point).parse().map_err(bad_point)?;
    let got = shapes(&b, p, i.forbidden.unwrap_or(true), reading(i.reading))
        .ok_or_else(|| issue(Part::Input, format!("{p} holds no stone")))?;
    let mut out = PatternExpected::default();
    for l in got {
        *out.line_mut(l.direction) = Some(LineExpected {
            shape: l.shape,
            points: Some(l.points.iter().map(Point::to_string).collect()),
            fours: Some(l.fours),
        });
    }
    Ok(out)
}

/// `gomoku-forbidden`: every forbidden point among those checked, on the
/// board mapped by `sym`.
fn forbidden_answer(i: &ForbiddenInput, sym: Symmetry) -> Result<ForbiddenExpected, CaseError> {
    let b = Board::from_lists(&map_points(sym, &i.black)?, &map_points(sym, &i.white)?)
        .map_err(CaseError::rules)?;
    let r = reading(i.reading);
    let got: BTreeMap<Point, Forbidden> = match &i.points {
        None => forbidden_map(&b, r).into_iter().collect(),
        Some(s) => parse_points(s)
            .map_err(bad_point)?
            .into_iter()
            .map(|q| sym.apply(q))
            .filter_map(|q| forbidden_at(&b, q, r).map(|f| (q, f)))
            .collect(),
    };
    Ok(ForbiddenExpected {
        forbidden: got.into_iter().map(|(p, f)| (p.to_string(), f)).collect(),
    })
}

/// `gomoku-opening`: the actions applied until the first refused one; the
/// second value is qigui's reason for refusing it.
fn opening_answer(i: &OpeningInput) -> Result<(OpeningExpected, Option<String>), CaseError> {
    let actions = i.actions.actions().map_err(CaseError::rules)?;
    let mut o = Opening::new(i.rule);
    let mut failure = None;
    for (k, a) in actions.iter().enumerate() {
        if let Err(err) = o.apply(a) {
            failure = Some((k + 1, err));
            break;
        }
    }
    let designated = o.designated();
    let out = OpeningExpected {
        legal: failure.is_none(),
        error: failure.as_ref().map(|(_, e)| e.clause.to_string()),
        at: failure.as_ref().map(|(k, _)| *k),
        done: Some(o.is_done()),
        name: Some(designated.map_or("none", |d| d.name).to_string()),
        pointing: Some(designated.map_or("none", |d| d.pointing.code()).to_string()),
        black: Some(o.black_player()),
        next: Some(
            o.next()
                .into_iter()
                .map(|t| TurnExpected {
                    player: t.player,
                    colour: t.colour,
                    choices: t.choices.iter().map(|c| c.code()).collect(),
                })
                .collect(),
        ),
    };
    Ok((out, failure.map(|(k, e)| format!("action {k}: {e}"))))
}

/// `gomoku-result`: the record, mapped by `sym`, adjudicated; the second
/// value is qigui's reason when the record does not play.
fn result_answer(
    i: &ResultInput,
    sym: Symmetry,
) -> Result<(ResultExpected, Option<String>), CaseError> {
    let rec = GameRecord {
        opening: i.opening.unwrap_or_default(),
        actions: i
            .moves
            .actions()
            .map_err(CaseError::rules)?
            .iter()
            .map(|a| a.transformed(sym))
            .collect(),
        events: i.events.iter().map(|e| e.transformed(sym)).collect(),
        reading: reading(i.reading),
        clock: crate::gomoku::ClockLog::new(i.time_control.as_ref(), i.times.clone(), i.late_limit)
            .map_err(|e| issue(Part::Input, e.to_string()))?,
    };
    let adj = match adjudicate(&rec) {
        Ok(a) => a,
        Err(err) => {
            let Some(clause) = err.clause() else {
                return Err(issue(
                    Part::Input,
                    format!("the record cannot be adjudicated: {err}"),
                ));
            };
            let out = ResultExpected {
                error: Some(clause.to_string()),
                ..ResultExpected::default()
            };
            return Ok((out, Some(err.to_string())));
        }
    };
    let o = adj.outcome;
    let result = match o.map(|o| o.result) {
        None => ResultName::Ongoing,
        Some(crate::gomoku::result::GameResult::BlackWins) => ResultName::BlackWins,
        Some(crate::gomoku::result::GameResult::WhiteWins) => ResultName::WhiteWins,
        Some(crate::gomoku::result::GameResult::Draw) => ResultName::Draw,
        Some(crate::gomoku::result::GameResult::BothLose) => ResultName::BothLose,
        Some(crate::gomoku::result::GameResult::Replay) => ResultName::Replay,
    };
    let out = ResultExpected {
        result: Some(result),
        reason: o.map(|o| o.reason),
        clause: o.map(|o| o.clause.to_string()),
        last_move: Some(adj.moves),
        forbidden: o.and_then(|o| o.forbidden),
        lapsed: Some(adj.lapsed.clone()),
        error: None,
        stones: Some(
            Point::all()
                .filter_map(|p| adj.board.get(p).map(|s| (p.to_string(), s)))
                .collect(),
        ),
        empty: Some(
            Point::all()
                .filter(|p| adj.board.is_empty_at(*p))
                .map(|p| p.to_string())
                .collect(),
        ),
        violations: Some(adj.violations),
        warnings: Some(adj.warnings),
        clocks: adj.clocks.map(|c| ClocksExpected {
            black: Some(c.black),
            white: Some(c.white),
            shared: c.shared,
        }),
        rapid: adj.clocks.map(|c| c.rapid),
        appeals: Some(adj.appeals.clone()),
    };
    Ok((out, None))
}

fn check_board(e: &BoardExpected, g: &BoardExpected) -> Result<(), Mismatch> {
    match (e.valid, g.valid) {
        (false, true) => {
            let read = match (&g.column, g.row) {
                (Some(c), Some(r)) => format!(", but read {c}{r}"),
                _ => ", but the answer reads it as one".to_string(),
            };
            Err(Mismatch::described(format!("expected not a point{read}")))
        }
        (true, false) => Err(Mismatch::described(
            "expected a point, but the answer says it is not one",
        )),
        (false, false) => Ok(()),
        (true, true) => {
            want("mark", &e.mark, &g.mark)?;
            want("column", &e.column, &g.column)?;
            want("row", &e.row, &g.row)
        }
    }
}

fn check_pattern(e: &PatternExpected, g: &PatternExpected) -> Result<(), Mismatch> {
    for (d, w) in e.lines() {
        let ctx = format!("{} line", d.code());
        let Some(line) = g.line(d) else {
            return Err(Mismatch::described(format!(
                "{ctx}: expected {:?}, but the answer has no such line",
                w.shape
            )));
        };
        mismatch(&format!("{ctx}: shape"), &w.shape, &line.shape)?;
        if let Some(ps) = &w.points {
            let want_set = ps
                .iter()
                .map(|q| expected_point(&ctx, q))
                .collect::<Result<BTreeSet<Point>, Mismatch>>()?;
            let Some(got) = &line.points else {
                return Err(Mismatch::described(format!(
                    "{ctx}: points: expected [{}], but the answer has none",
                    show_points(&want_set)
                )));
            };
            let got_set = got
                .iter()
                .map(|q| answered_point(&ctx, q))
                .collect::<Result<BTreeSet<Point>, Mismatch>>()?;
            if want_set != got_set {
                return Err(Mismatch::described(format!(
                    "{ctx}: points: expected [{}], got [{}]",
                    show_points(&want_set),
                    show_points(&got_set)
                )));
            }
        }
        want(&format!("{ctx}: fours"), &w.fours, &line.fours)?;
    }
    Ok(())
}

fn check_forbidden(e: &ForbiddenExpected, g: &ForbiddenExpected) -> Result<(), Mismatch> {
    let want_map = e
        .forbidden
        .iter()
        .map(|(q, f)| Ok((expected_point("forbidden", q)?, *f)))
        .collect::<Result<BTreeMap<Point, Forbidden>, Mismatch>>()?;
    let got = g
        .forbidden
        .iter()
        .map(|(q, f)| Ok((answered_point("forbidden", q)?, *f)))
        .collect::<Result<BTreeMap<Point, Forbidden>, Mismatch>>()?;
    if want_map != got {
        let show = |m: &BTreeMap<Point, Forbidden>| {
            m.iter()
                .map(|(p, f)| format!("{p}: {f}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(Mismatch::described(format!(
            "forbidden points: expected {{{}}}, got {{{}}}",
            show(&want_map),
            show(&got)
        )));
    }
    Ok(())
}

fn check_opening(e: &OpeningExpected, g: &OpeningExpected) -> Result<(), Mismatch> {
    let refused = || {
        let at = g.at.map(|k| format!(" at action {k}")).unwrap_or_default();
        let why = g.error.as_deref().unwrap_or("no clause given");
        format!("refused{at} ({why})")
    };
    match (e.legal, g.legal) {
        (true, false) => {
            return Err(Mismatch::described(format!(
                "expected legal, but {}",
                refused()
            )));
        }
        (false, true) => {
            return Err(Mismatch::described(format!(
                "expected illegal ({}), but every action is allowed",
                e.error.as_deref().unwrap_or("")
            )));
        }
        (false, false) => {
            want("error", &e.error, &g.error)?;
            want("at", &e.at, &g.at)?;
        }
        (true, true) => {}
    }
    want("done", &e.done, &g.done)?;
    want("name", &e.name, &g.name)?;
    want("pointing", &e.pointing, &g.pointing)?;
    want("black", &e.black, &g.black)?;
    want("next", &e.next, &g.next)
}

/// Which points are empty in an answer: its `empty` list, or else every
/// point its `stones` (the whole board) leaves out.
fn answered_empty(g: &ResultExpected, p: Point) -> Result<bool, Mismatch> {
    if let Some(empty) = &g.empty {
        for q in empty {
            if answered_point("empty", q)? == p {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    match &g.stones {
        Some(stones) => {
            for q in stones.keys() {
                if answered_point("stones", q)? == p {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        None => Err(Mismatch::described(format!(
            "stone on {p}: expected none, but the answer has neither empty nor stones"
        ))),
    }
}

fn check_result(e: &ResultExpected, g: &ResultExpected) -> Result<(), Mismatch> {
    match (&e.error, &g.error) {
        (Some(w), Some(x)) => return mismatch("error", w, x),
        (None, Some(x)) => {
            return Err(Mismatch::described(format!(
                "expected a result, got the error {x}"
            )));
        }
        (Some(w), None) => {
            return Err(Mismatch::described(format!(
                "expected the error {w}, but the record plays ({})",
                g.result
                    .map(|r| format!("{r:?}"))
                    .unwrap_or_else(|| "no result given".into())
            )));
        }
        (None, None) => {}
    }
    let detail = match (&g.reason, &g.clause, g.last_move) {
        (Some(r), Some(c), Some(m)) => format!(" ({}, {c}, move {m})", r.code()),
        (Some(r), Some(c), None) => format!(" ({}, {c})", r.code()),
        _ => String::new(),
    };
    want("result", &e.result, &g.result).map_err(|m| m.detailed(detail))?;
    want("reason", &e.reason, &g.reason)?;
    want("clause", &e.clause, &g.clause)?;
    want("move", &e.last_move, &g.last_move)?;
    want("forbidden", &e.forbidden, &g.forbidden)?;
    want("lapsed", &e.lapsed, &g.lapsed)?;
    want("violations", &e.violations, &g.violations)?;
    want("warnings", &e.warnings, &g.warnings)?;
    want("rapid", &e.rapid, &g.rapid)?;
    want("appeals", &e.appeals, &g.appeals)?;
    if let Some(c) = &e.clocks {
        let got = g.clocks.clone().unwrap_or_default();
        want("clocks.black", &c.black, &got.black)?;
        want("clocks.white", &c.white, &got.white)?;
        want("clocks.shared", &c.shared, &got.shared)?;
    }
    if let Some(stones) = &e.stones {
        let got = match &g.stones {
            Some(m) => m
                .iter()
                .map(|(q, s)| Ok((answered_point("stones", q)?, *s)))
                .collect::<Result<BTreeMap<Point, Stone>, Mismatch>>()?,
            None => {
                return Err(Mismatch::described(
                    "stones: expected stones, but the answer has none",
                ));
            }
        };
        for (q, s) in stones {
            let p = expected_point("stones", q)?;
            mismatch(&format!("stone on {p}"), &Some(*s), &got.get(&p).copied())?;
        }
    }
    for q in e.empty.iter().flatten() {
        let p = expected_point("empty", q)?;
        if !answered_empty(g, p)? {
            let s = g.stones.as_ref().and_then(|m| {
                m.iter()
                    .find(|(k, _)| k.parse::<Point>().ok() == Some(p))
                    .map(|(_, s)| *s)
            });
            return Err(Mismatch::described(format!(
                "stone on {p}: expected None, got {}",
                s.map_or_else(|| "a stone".to_string(), |s| format!("Some({s:?})"))
            )));
        }
    }
    Ok(())
}

/// `check(expected, answer)` through JSON, as an adapter's answer is
/// compared; `why` is qigui's own explanation, added to a failure.
fn compare<T: Serialize, U: Serialize>(
    kind: Kind,
    expected: &T,
    answer: &U,
    why: Option<String>,
    sym: Symmetry,
) -> Result<(), RunError> {
    let (expected, answer) = (to_output(expected)?, to_output(answer)?);
    super::of(kind).check(&expected, &answer).map_err(|m| {
        let why = why.map(|w| format!(" — qigui: {w}")).unwrap_or_default();
        RunError::Differs(m.detailed(format!("{}{why}", under(sym))))
    })
}

/// `gomoku-board`: a point's name and mark.
pub(crate) struct BoardKind;

impl CaseKind for BoardKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        gomoku_edition(edition)?;
        let _: BoardInput = typed(Part::Input, input)?;
        let e: BoardExpected = typed(Part::Expected, expected)?;
        if !e.valid && (e.mark.is_some() || e.column.is_some() || e.row.is_some()) {
            return Err(issue(
                Part::Expected,
                "an invalid point has no mark, column or row",
            ));
        }
        if let Some(m) = &e.mark
            && !["tianyuan", "star", "none"].contains(&m.as_str())
        {
            return Err(issue(
                Part::Expected,
                format!("mark '{m}': tianyuan, star or none"),
            ));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: BoardInput = typed(Part::Input, input)?;
        to_output(&board_answer(&i))
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_board(
            &typed(Part::Expected, expected)?,
            &output(Kind::GomokuBoard, got)?,
        )
    }

    /// qigui's own run compares its answer through JSON, as an adapter's
    /// is, and adds its reason to a failure.
    fn run(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), RunError> {
        let i: BoardInput = typed(Part::Input, input)?;
        let e: BoardExpected = typed(Part::Expected, expected)?;
        let why = i.point.parse::<Point>().err().map(|e| e.to_string());
        compare(
            Kind::GomokuBoard,
            &e,
            &board_answer(&i),
            why,
            Symmetry::Identity,
        )
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(BoardInput),
            schemars::schema_for!(BoardExpected),
        )
    }
}

/// `gomoku-pattern`: the shapes of article 7 through a stone; every line answered, with its points and fours.
pub(crate) struct PatternKind;

impl CaseKind for PatternKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        gomoku_edition(edition)?;
        let i: PatternInput = typed(Part::Input, input)?;
        let e: PatternExpected = typed(Part::Expected, expected)?;
        let b = board(&i.black, &i.white)?;
        let p = point(Part::Input, "point", &i.point)?;
        if b.get(p).is_none() {
            return Err(issue(Part::Input, format!("point {p} holds no stone")));
        }
        if e.lines().is_empty() {
            return Err(issue(
                Part::Expected,
                "expects nothing: give at least one line",
            ));
        }
        for (_, l) in e.lines() {
            for q in l.points.iter().flatten() {
                point(Part::Expected, "points", q)?;
            }
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: PatternInput = typed(Part::Input, input)?;
        to_output(&pattern_answer(&i, Symmetry::Identity)?)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_pattern(
            &typed(Part::Expected, expected)?,
            &output(Kind::GomokuPattern, got)?,
        )
    }

    /// qigui's own run compares its answer through JSON, as an adapter's
    /// is, and adds its reason to a failure.
    fn run(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), RunError> {
        let i: PatternInput = typed(Part::Input, input)?;
        let e: PatternExpected = typed(Part::Expected, expected)?;
        for sym in Symmetry::ALL {
            compare(
                Kind::GomokuPattern,
                &e.under(sym),
                &pattern_answer(&i, sym)?,
                None,
                sym,
            )?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(PatternInput),
            schemars::schema_for!(PatternExpected),
        )
    }
}

/// `gomoku-forbidden`: black's forbidden points.
pub(crate) struct ForbiddenKind;

impl CaseKind for ForbiddenKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        gomoku_edition(edition)?;
        let i: ForbiddenInput = typed(Part::Input, input)?;
        let e: ForbiddenExpected = typed(Part::Expected, expected)?;
        let b = board(&i.black, &i.white)?;
        let scope = match &i.points {
            Some(s) => Some(points(Part::Input, "points", s)?),
            None => None,
        };
        for q in e.forbidden.keys() {
            let q = point(Part::Expected, "forbidden", q)?;
            if !b.is_empty_at(q) {
                return Err(issue(
                    Part::Expected,
                    format!("forbidden point {q} is not empty"),
                ));
            }
            if scope.as_ref().is_some_and(|s| !s.contains(&q)) {
                return Err(issue(
                    Part::Expected,
                    format!("forbidden point {q} is not among the points checked"),
                ));
            }
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: ForbiddenInput = typed(Part::Input, input)?;
        to_output(&forbidden_answer(&i, Symmetry::Identity)?)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_forbidden(
            &typed(Part::Expected, expected)?,
            &output(Kind::GomokuForbidden, got)?,
        )
    }

    /// qigui's own run compares its answer through JSON, as an adapter's
    /// is, and adds its reason to a failure.
    fn run(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), RunError> {
        let i: ForbiddenInput = typed(Part::Input, input)?;
        let e: ForbiddenExpected = typed(Part::Expected, expected)?;
        for sym in Symmetry::ALL {
            compare(
                Kind::GomokuForbidden,
                &e.under(sym),
                &forbidden_answer(&i, sym)?,
                None,
                sym,
            )?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(ForbiddenInput),
            schemars::schema_for!(ForbiddenExpected),
        )
    }
}

/// `gomoku-opening`: an opening's actions validated.
pub(crate) struct OpeningKind;

impl CaseKind for OpeningKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        gomoku_edition(edition)?;
        let i: OpeningInput = typed(Part::Input, input)?;
        let e: OpeningExpected = typed(Part::Expected, expected)?;
        i.actions
            .actions()
            .map_err(|m| issue(Part::Input, format!("actions: {m}")))?;
        if e.legal && (e.error.is_some() || e.at.is_some()) {
            return Err(issue(Part::Expected, "a legal opening has no error"));
        }
        if !e.legal && e.error.is_none() {
            return Err(issue(
                Part::Expected,
                "an illegal opening needs its clause (error)",
            ));
        }
        if let Some(c) = &e.error {
            clause_known(edition, "error", c)?;
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: OpeningInput = typed(Part::Input, input)?;
        to_output(&opening_answer(&i)?.0)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_opening(
            &typed(Part::Expected, expected)?,
            &output(Kind::GomokuOpening, got)?,
        )
    }

    /// qigui's own run compares its answer through JSON, as an adapter's
    /// is, and adds its reason to a failure.
    fn run(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), RunError> {
        let i: OpeningInput = typed(Part::Input, input)?;
        let e: OpeningExpected = typed(Part::Expected, expected)?;
        let (got, why) = opening_answer(&i)?;
        compare(Kind::GomokuOpening, &e, &got, why, Symmetry::Identity)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(OpeningInput),
            schemars::schema_for!(OpeningExpected),
        )
    }
}

/// `gomoku-result`: a game record's result; the whole board answered (`stones` and `empty`).
pub(crate) struct ResultKind;

impl CaseKind for ResultKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        gomoku_edition(edition)?;
        let i: ResultInput = typed(Part::Input, input)?;
        let e: ResultExpected = typed(Part::Expected, expected)?;
        i.moves
            .actions()
            .map_err(|m| issue(Part::Input, format!("moves: {m}")))?;
        crate::gomoku::ClockLog::new(i.time_control.as_ref(), i.times.clone(), i.late_limit)
            .map_err(|m| issue(Part::Input, m.to_string()))?;
        if e.result.is_some() == e.error.is_some() {
            return Err(issue(Part::Expected, "give either result or error"));
        }
        for c in [&e.clause, &e.error].into_iter().flatten() {
            clause_known(edition, "clause", c)?;
        }
        for q in e
            .stones
            .iter()
            .flat_map(|m| m.keys())
            .chain(e.empty.iter().flatten())
        {
            point(Part::Expected, "stones", q)?;
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: ResultInput = typed(Part::Input, input)?;
        to_output(&result_answer(&i, Symmetry::Identity)?.0)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_result(
            &typed(Part::Expected, expected)?,
            &output(Kind::GomokuResult, got)?,
        )
    }

    /// qigui's own run compares its answer through JSON, as an adapter's
    /// is, and adds its reason to a failure.
    fn run(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), RunError> {
        let i: ResultInput = typed(Part::Input, input)?;
        let e: ResultExpected = typed(Part::Expected, expected)?;
        for sym in Symmetry::ALL {
            let (got, why) = result_answer(&i, sym)?;
            compare(Kind::GomokuResult, &e.under(sym), &got, why, sym)?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(ResultInput),
            schemars::schema_for!(ResultExpected),
        )
    }
}
