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

use super::{Issue, Kind, issue, mismatch, output, to_output, typed, want};

/// A record's actions: one string (`"H8 I9 swap J10"`) or a list of strings,
/// each holding one or more actions (`["H8", "offer K10 L11"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuActionText"))]
#[serde(untagged)]
pub enum ActionText {
    /// All actions in one string.
    Line(String),
    /// One entry per action (or several).
    List(Vec<String>),
}

impl ActionText {
    fn actions(&self) -> Result<Vec<Action>, String> {
        let text = match self {
            ActionText::Line(s) => s.clone(),
            ActionText::List(v) => v.join(" "),
        };
        parse_actions(&text).map_err(|e| e.to_string())
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
    /// side: black|white}}`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// How a four point that also completes a five counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading: Option<Reading>,
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
}

fn point(key: &str, field: &str, s: &str) -> Result<Point, Issue> {
    s.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| Issue {
            key: key.into(),
            field: Some(field.into()),
            message: format!("{field}: {e}"),
        })
}

fn board(black: &str, white: &str) -> Result<Board, Issue> {
    Board::from_lists(black, white).map_err(|e| Issue {
        key: "input".into(),
        field: None,
        message: format!("input: {e}"),
    })
}

fn points(key: &str, field: &str, s: &str) -> Result<Vec<Point>, Issue> {
    parse_points(s).map_err(|e| Issue {
        key: key.into(),
        field: Some(field.into()),
        message: format!("{field}: {e}"),
    })
}

fn gomoku_edition(edition: &Edition) -> Result<(), Issue> {
    if edition.game != GameKind::Gomoku {
        return Err(issue("kind", format!("a Gomoku kind in {}", edition.id)));
    }
    Ok(())
}

fn clause_known(edition: &Edition, field: &str, c: &str) -> Result<(), Issue> {
    if edition.clauses().contains(c) {
        Ok(())
    } else {
        Err(Issue {
            key: "expected".into(),
            field: Some(field.into()),
            message: format!("unknown clause '{c}' in {}", edition.id),
        })
    }
}

/// Validates a case's input and expected output for one edition.
pub(crate) fn validate(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    gomoku_edition(edition)?;
    match kind {
        Kind::GomokuBoard => {
            let _: BoardInput = typed("input", input)?;
            let e: BoardExpected = typed("expected", expected)?;
            if !e.valid && (e.mark.is_some() || e.column.is_some() || e.row.is_some()) {
                return Err(issue(
                    "expected",
                    "an invalid point has no mark, column or row",
                ));
            }
            if let Some(m) = &e.mark {
                if !["tianyuan", "star", "none"].contains(&m.as_str()) {
                    return Err(issue(
                        "expected",
                        format!("mark '{m}': tianyuan, star or none"),
                    ));
                }
            }
        }
        Kind::GomokuPattern => {
            let i: PatternInput = typed("input", input)?;
            let e: PatternExpected = typed("expected", expected)?;
            let b = board(&i.black, &i.white)?;
            let p = point("input", "point", &i.point)?;
            if b.get(p).is_none() {
                return Err(issue("input", format!("point {p} holds no stone")));
            }
            if e.lines().is_empty() {
                return Err(issue("expected", "expects nothing: give at least one line"));
            }
            for (_, l) in e.lines() {
                for q in l.points.iter().flatten() {
                    point("expected", "points", q)?;
                }
            }
        }
        Kind::GomokuForbidden => {
            let i: ForbiddenInput = typed("input", input)?;
            let e: ForbiddenExpected = typed("expected", expected)?;
            let b = board(&i.black, &i.white)?;
            let scope = match &i.points {
                Some(s) => Some(points("input", "points", s)?),
                None => None,
            };
            for q in e.forbidden.keys() {
                let q = point("expected", "forbidden", q)?;
                if !b.is_empty_at(q) {
                    return Err(issue(
                        "expected",
                        format!("forbidden point {q} is not empty"),
                    ));
                }
                if scope.as_ref().is_some_and(|s| !s.contains(&q)) {
                    return Err(issue(
                        "expected",
                        format!("forbidden point {q} is not among the points checked"),
                    ));
                }
            }
        }
        Kind::GomokuOpening => {
            let i: OpeningInput = typed("input", input)?;
            let e: OpeningExpected = typed("expected", expected)?;
            i.actions
                .actions()
                .map_err(|m| issue("input", format!("actions: {m}")))?;
            if e.legal && (e.error.is_some() || e.at.is_some()) {
                return Err(issue("expected", "a legal opening has no error"));
            }
            if !e.legal && e.error.is_none() {
                return Err(issue(
                    "expected",
                    "an illegal opening needs its clause (error)",
                ));
            }
            if let Some(c) = &e.error {
                clause_known(edition, "error", c)?;
            }
        }
        Kind::GomokuResult => {
            let i: ResultInput = typed("input", input)?;
            let e: ResultExpected = typed("expected", expected)?;
            i.moves
                .actions()
                .map_err(|m| issue("input", format!("moves: {m}")))?;
            if e.result.is_some() == e.error.is_some() {
                return Err(issue("expected", "give either result or error"));
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
                point("expected", "stones", q)?;
            }
        }
        _ => return Err(issue("kind", "not a Gomoku kind")),
    }
    Ok(())
}

fn reading(r: Option<Reading>) -> Reading {
    r.unwrap_or_default()
}

fn bad_point(e: crate::gomoku::board::ParsePointError) -> String {
    e.to_string()
}

/// A list of points mapped by a symmetry.
fn map_points(sym: Symmetry, text: &str) -> Result<String, String> {
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
fn answered_point(what: &str, q: &str) -> Result<Point, String> {
    q.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| format!("{what}: the answer's {e}"))
}

fn expected_point(what: &str, q: &str) -> Result<Point, String> {
    q.parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| format!("{what}: expected {e}"))
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
fn pattern_answer(i: &PatternInput, sym: Symmetry) -> Result<PatternExpected, String> {
    let b = Board::from_lists(&map_points(sym, &i.black)?, &map_points(sym, &i.white)?)
        .map_err(|e| e.to_string())?;
    let p: Point = map_point(sym, &i.point).parse().map_err(bad_point)?;
    let got = shapes(&b, p, i.forbidden.unwrap_or(true), reading(i.reading))
        .ok_or_else(|| format!("{p} holds no stone"))?;
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
fn forbidden_answer(i: &ForbiddenInput, sym: Symmetry) -> Result<ForbiddenExpected, String> {
    let b = Board::from_lists(&map_points(sym, &i.black)?, &map_points(sym, &i.white)?)
        .map_err(|e| e.to_string())?;
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
fn opening_answer(i: &OpeningInput) -> Result<(OpeningExpected, Option<String>), String> {
    let actions = i.actions.actions()?;
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
) -> Result<(ResultExpected, Option<String>), String> {
    let rec = GameRecord {
        opening: i.opening.unwrap_or_default(),
        actions: i
            .moves
            .actions()?
            .iter()
            .map(|a| a.transformed(sym))
            .collect(),
        events: i.events.clone(),
        reading: reading(i.reading),
    };
    let adj = match adjudicate(&rec) {
        Ok(a) => a,
        Err(err) => {
            let Some(clause) = err.clause() else {
                return Err(format!("the record cannot be adjudicated: {err}"));
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
    };
    Ok((out, None))
}

/// qigui's output for a case, in the shape of the kind's `expected` with
/// every key filled: `gomoku-pattern` answers all four lines with their
/// points and fours, `gomoku-result` the whole board (`stones` and
/// `empty`).
pub(crate) fn answer(kind: Kind, input: &Value, _edition: &Edition) -> Result<Value, String> {
    let fail = |i: Issue| i.message;
    match kind {
        Kind::GomokuBoard => to_output(&board_answer(&typed("input", input).map_err(fail)?)),
        Kind::GomokuPattern => to_output(&pattern_answer(
            &typed("input", input).map_err(fail)?,
            Symmetry::Identity,
        )?),
        Kind::GomokuForbidden => to_output(&forbidden_answer(
            &typed("input", input).map_err(fail)?,
            Symmetry::Identity,
        )?),
        Kind::GomokuOpening => to_output(&opening_answer(&typed("input", input).map_err(fail)?)?.0),
        Kind::GomokuResult => {
            to_output(&result_answer(&typed("input", input).map_err(fail)?, Symmetry::Identity)?.0)
        }
        _ => Err(format!("{} is not a Gomoku kind", kind.name())),
    }
}

fn check_board(e: &BoardExpected, g: &BoardExpected) -> Result<(), String> {
    match (e.valid, g.valid) {
        (false, true) => {
            let read = match (&g.column, g.row) {
                (Some(c), Some(r)) => format!(", but read {c}{r}"),
                _ => ", but the answer reads it as one".to_string(),
            };
            Err(format!("expected not a point{read}"))
        }
        (true, false) => Err("expected a point, but the answer says it is not one".into()),
        (false, false) => Ok(()),
        (true, true) => {
            want("mark", &e.mark, &g.mark)?;
            want("column", &e.column, &g.column)?;
            want("row", &e.row, &g.row)
        }
    }
}

fn check_pattern(e: &PatternExpected, g: &PatternExpected) -> Result<(), String> {
    for (d, w) in e.lines() {
        let ctx = format!("{} line", d.code());
        let Some(line) = g.line(d) else {
            return Err(format!(
                "{ctx}: expected {:?}, but the answer has no such line",
                w.shape
            ));
        };
        mismatch(&format!("{ctx}: shape"), &w.shape, &line.shape)?;
        if let Some(ps) = &w.points {
            let want_set = ps
                .iter()
                .map(|q| expected_point(&ctx, q))
                .collect::<Result<BTreeSet<Point>, String>>()?;
            let Some(got) = &line.points else {
                return Err(format!(
                    "{ctx}: points: expected [{}], but the answer has none",
                    show_points(&want_set)
                ));
            };
            let got_set = got
                .iter()
                .map(|q| answered_point(&ctx, q))
                .collect::<Result<BTreeSet<Point>, String>>()?;
            if want_set != got_set {
                return Err(format!(
                    "{ctx}: points: expected [{}], got [{}]",
                    show_points(&want_set),
                    show_points(&got_set)
                ));
            }
        }
        want(&format!("{ctx}: fours"), &w.fours, &line.fours)?;
    }
    Ok(())
}

fn check_forbidden(e: &ForbiddenExpected, g: &ForbiddenExpected) -> Result<(), String> {
    let want_map = e
        .forbidden
        .iter()
        .map(|(q, f)| Ok((expected_point("forbidden", q)?, *f)))
        .collect::<Result<BTreeMap<Point, Forbidden>, String>>()?;
    let got = g
        .forbidden
        .iter()
        .map(|(q, f)| Ok((answered_point("forbidden", q)?, *f)))
        .collect::<Result<BTreeMap<Point, Forbidden>, String>>()?;
    if want_map != got {
        let show = |m: &BTreeMap<Point, Forbidden>| {
            m.iter()
                .map(|(p, f)| format!("{p}: {f}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(format!(
            "forbidden points: expected {{{}}}, got {{{}}}",
            show(&want_map),
            show(&got)
        ));
    }
    Ok(())
}

fn check_opening(e: &OpeningExpected, g: &OpeningExpected) -> Result<(), String> {
    let refused = || {
        let at = g.at.map(|k| format!(" at action {k}")).unwrap_or_default();
        let why = g.error.as_deref().unwrap_or("no clause given");
        format!("refused{at} ({why})")
    };
    match (e.legal, g.legal) {
        (true, false) => return Err(format!("expected legal, but {}", refused())),
        (false, true) => {
            return Err(format!(
                "expected illegal ({}), but every action is allowed",
                e.error.as_deref().unwrap_or("")
            ));
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
fn answered_empty(g: &ResultExpected, p: Point) -> Result<bool, String> {
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
        None => Err(format!(
            "stone on {p}: expected none, but the answer has neither empty nor stones"
        )),
    }
}

fn check_result(e: &ResultExpected, g: &ResultExpected) -> Result<(), String> {
    match (&e.error, &g.error) {
        (Some(w), Some(x)) => return mismatch("error", w, x),
        (None, Some(x)) => return Err(format!("expected a result, got the error {x}")),
        (Some(w), None) => {
            return Err(format!(
                "expected the error {w}, but the record plays ({})",
                g.result
                    .map(|r| format!("{r:?}"))
                    .unwrap_or_else(|| "no result given".into())
            ));
        }
        (None, None) => {}
    }
    let detail = match (&g.reason, &g.clause, g.last_move) {
        (Some(r), Some(c), Some(m)) => format!(" ({}, {c}, move {m})", r.code()),
        (Some(r), Some(c), None) => format!(" ({}, {c})", r.code()),
        _ => String::new(),
    };
    want("result", &e.result, &g.result).map_err(|m| format!("{m}{detail}"))?;
    want("reason", &e.reason, &g.reason)?;
    want("clause", &e.clause, &g.clause)?;
    want("move", &e.last_move, &g.last_move)?;
    want("forbidden", &e.forbidden, &g.forbidden)?;
    want("lapsed", &e.lapsed, &g.lapsed)?;
    if let Some(stones) = &e.stones {
        let got = match &g.stones {
            Some(m) => m
                .iter()
                .map(|(q, s)| Ok((answered_point("stones", q)?, *s)))
                .collect::<Result<BTreeMap<Point, Stone>, String>>()?,
            None => return Err("stones: expected stones, but the answer has none".into()),
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
            return Err(format!(
                "stone on {p}: expected None, got {}",
                s.map_or_else(|| "a stone".to_string(), |s| format!("Some({s:?})"))
            ));
        }
    }
    Ok(())
}

/// Compares an implementation's output with the expected output.
pub(crate) fn check(kind: Kind, expected: &Value, got: &Value) -> Result<(), String> {
    let fail = |i: Issue| i.message;
    match kind {
        Kind::GomokuBoard => check_board(
            &typed("expected", expected).map_err(fail)?,
            &output(kind, got)?,
        ),
        Kind::GomokuPattern => check_pattern(
            &typed("expected", expected).map_err(fail)?,
            &output(kind, got)?,
        ),
        Kind::GomokuForbidden => check_forbidden(
            &typed("expected", expected).map_err(fail)?,
            &output(kind, got)?,
        ),
        Kind::GomokuOpening => check_opening(
            &typed("expected", expected).map_err(fail)?,
            &output(kind, got)?,
        ),
        Kind::GomokuResult => check_result(
            &typed("expected", expected).map_err(fail)?,
            &output(kind, got)?,
        ),
        _ => Err(format!("{} is not a Gomoku kind", kind.name())),
    }
}

/// `check(expected, answer)` through JSON, as an adapter's answer is
/// compared; `why` is qigui's own explanation, added to a failure.
fn compare<T: Serialize, U: Serialize>(
    kind: Kind,
    expected: &T,
    answer: &U,
    why: Option<String>,
    sym: Symmetry,
) -> Result<(), String> {
    check(kind, &to_output(expected)?, &to_output(answer)?).map_err(|m| {
        let why = why.map(|w| format!(" — qigui: {w}")).unwrap_or_default();
        format!("{m}{}{why}", under(sym))
    })
}

/// Runs a case: `check(expected, answer(input))`, and for `gomoku-pattern`,
/// `gomoku-forbidden` and `gomoku-result` the same under each of the 8
/// symmetries of the board, input and expectation mapped alike (the rules
/// are symmetric). `Err` is the failure message; it names the symmetry.
pub(crate) fn run(
    kind: Kind,
    input: &Value,
    expected: &Value,
    _edition: &Edition,
) -> Result<(), String> {
    let fail = |i: Issue| i.message;
    let id = Symmetry::Identity;
    match kind {
        Kind::GomokuBoard => {
            let i: BoardInput = typed("input", input).map_err(fail)?;
            let e: BoardExpected = typed("expected", expected).map_err(fail)?;
            let why = i.point.parse::<Point>().err().map(|e| e.to_string());
            compare(kind, &e, &board_answer(&i), why, id)
        }
        Kind::GomokuPattern => {
            let i: PatternInput = typed("input", input).map_err(fail)?;
            let e: PatternExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                compare(kind, &e.under(sym), &pattern_answer(&i, sym)?, None, sym)?;
            }
            Ok(())
        }
        Kind::GomokuForbidden => {
            let i: ForbiddenInput = typed("input", input).map_err(fail)?;
            let e: ForbiddenExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                compare(kind, &e.under(sym), &forbidden_answer(&i, sym)?, None, sym)?;
            }
            Ok(())
        }
        Kind::GomokuOpening => {
            let i: OpeningInput = typed("input", input).map_err(fail)?;
            let e: OpeningExpected = typed("expected", expected).map_err(fail)?;
            let (got, why) = opening_answer(&i)?;
            compare(kind, &e, &got, why, id)
        }
        Kind::GomokuResult => {
            let i: ResultInput = typed("input", input).map_err(fail)?;
            let e: ResultExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                let (got, why) = result_answer(&i, sym)?;
                compare(kind, &e.under(sym), &got, why, sym)?;
            }
            Ok(())
        }
        _ => Err(format!("{} is not a Gomoku kind", kind.name())),
    }
}

/// The JSON Schemas of each kind's input and expected output.
#[cfg(test)]
pub(crate) fn schemas(kind: Kind) -> (schemars::Schema, schemars::Schema) {
    use schemars::schema_for;
    match kind {
        Kind::GomokuBoard => (schema_for!(BoardInput), schema_for!(BoardExpected)),
        Kind::GomokuPattern => (schema_for!(PatternInput), schema_for!(PatternExpected)),
        Kind::GomokuForbidden => (schema_for!(ForbiddenInput), schema_for!(ForbiddenExpected)),
        Kind::GomokuOpening => (schema_for!(OpeningInput), schema_for!(OpeningExpected)),
        Kind::GomokuResult => (schema_for!(ResultInput), schema_for!(ResultExpected)),
        _ => (schema_for!(()), schema_for!(())),
    }
}
