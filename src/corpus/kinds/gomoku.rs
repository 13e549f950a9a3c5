//! The Gomoku kinds of case (中国五子棋竞赛规则 2025): `gomoku-board`
//! (1.2–1.3), `gomoku-pattern` (5, 7), `gomoku-forbidden` (8),
//! `gomoku-opening` (9.7, 11, 附录一–二) and `gomoku-result` (17, 19,
//! 24.3.1 A).
//!
//! The rules are symmetric, so qigui runs every `gomoku-pattern`,
//! `gomoku-forbidden` and `gomoku-result` case under each of the 8
//! symmetries of the board as well (points, lines and expectations mapped
//! alike); a failure names the symmetry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::{Edition, GameKind};
use crate::gomoku::board::{Board, Direction, Point, Stone, Symmetry, parse_points};
use crate::gomoku::forbidden::{Forbidden, Reading, forbidden_at, forbidden_map};
use crate::gomoku::openings::{Opening, OpeningRule, Player, Pointing};
use crate::gomoku::patterns::{Shape, shapes};
use crate::gomoku::record::{Action, parse_actions};
use crate::gomoku::result::{Event, GameRecord, Reason, adjudicate};

use super::{Issue, Kind, issue, mismatch, typed};

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
    /// flag-fall | both-flags | forfeit | violation, side: black|white}}`.
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

fn map_points(sym: Symmetry, text: &str) -> String {
    parse_points(text)
        .unwrap_or_default()
        .into_iter()
        .map(|p| sym.apply(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn map_point(sym: Symmetry, text: &str) -> String {
    text.parse::<Point>()
        .map(|p| sym.apply(p).to_string())
        .unwrap_or_else(|_| text.to_string())
}

fn under(sym: Symmetry) -> String {
    if sym == Symmetry::Identity {
        String::new()
    } else {
        format!(" (under the symmetry {})", sym.name())
    }
}

fn run_pattern(i: &PatternInput, e: &PatternExpected, sym: Symmetry) -> Result<(), String> {
    let b = Board::from_lists(&map_points(sym, &i.black), &map_points(sym, &i.white))
        .map_err(|e| e.to_string())?;
    let p: Point = map_point(sym, &i.point)
        .parse()
        .map_err(|e: crate::gomoku::board::ParsePointError| e.to_string())?;
    let got = shapes(&b, p, i.forbidden.unwrap_or(true), reading(i.reading))
        .ok_or_else(|| format!("{p} holds no stone"))?;
    for (d, want) in e.lines() {
        let d2 = sym.apply_direction(d);
        let line = got
            .iter()
            .find(|l| l.direction == d2)
            .ok_or("no such line")?;
        let ctx = format!("{} line{}", d.code(), under(sym));
        mismatch(&format!("{ctx}: shape"), &want.shape, &line.shape)?;
        if let Some(ps) = &want.points {
            let mut w: Vec<Point> = ps
                .iter()
                .filter_map(|q| q.parse::<Point>().ok())
                .map(|q| sym.apply(q))
                .collect();
            w.sort();
            let show = |v: &[Point]| v.iter().map(|p| p.to_string()).collect::<Vec<_>>();
            mismatch(&format!("{ctx}: points"), &show(&w), &show(&line.points))?;
        }
        if let Some(n) = want.fours {
            mismatch(&format!("{ctx}: fours"), &n, &line.fours)?;
        }
    }
    Ok(())
}

fn run_forbidden(i: &ForbiddenInput, e: &ForbiddenExpected, sym: Symmetry) -> Result<(), String> {
    let b = Board::from_lists(&map_points(sym, &i.black), &map_points(sym, &i.white))
        .map_err(|e| e.to_string())?;
    let r = reading(i.reading);
    let got: BTreeMap<Point, Forbidden> = match &i.points {
        None => forbidden_map(&b, r).into_iter().collect(),
        Some(s) => parse_points(s)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|q| sym.apply(q))
            .filter_map(|q| forbidden_at(&b, q, r).map(|f| (q, f)))
            .collect(),
    };
    let want: BTreeMap<Point, Forbidden> = e
        .forbidden
        .iter()
        .filter_map(|(q, f)| q.parse::<Point>().ok().map(|q| (sym.apply(q), *f)))
        .collect();
    if got != want {
        let show = |m: &BTreeMap<Point, Forbidden>| {
            m.iter()
                .map(|(p, f)| format!("{p}: {f}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(format!(
            "forbidden points{}: expected {{{}}}, got {{{}}}",
            under(sym),
            show(&want),
            show(&got)
        ));
    }
    Ok(())
}

fn run_opening(i: &OpeningInput, e: &OpeningExpected) -> Result<(), String> {
    let actions = i.actions.actions()?;
    let mut o = Opening::new(i.rule);
    let mut failure = None;
    for (k, a) in actions.iter().enumerate() {
        if let Err(err) = o.apply(a) {
            failure = Some((k + 1, err));
            break;
        }
    }
    match (&failure, e.legal) {
        (Some((k, err)), true) => return Err(format!("expected legal, but action {k}: {err}")),
        (None, false) => {
            return Err(format!(
                "expected illegal ({}), but every action is allowed",
                e.error.as_deref().unwrap_or("")
            ));
        }
        (Some((k, err)), false) => {
            if let Some(c) = &e.error {
                mismatch("error", &c.as_str(), &err.clause).map_err(|m| format!("{m} ({err})"))?;
            }
            if let Some(at) = e.at {
                mismatch("at", &at, k)?;
            }
        }
        (None, true) => {}
    }
    if let Some(d) = e.done {
        mismatch("done", &d, &o.is_done())?;
    }
    if let Some(n) = &e.name {
        let got = o.designated().map(|d| d.name).unwrap_or("none");
        mismatch("name", &n.as_str(), &got)?;
    }
    if let Some(pt) = &e.pointing {
        let got = o
            .designated()
            .map(|d| match d.pointing {
                Pointing::Direct => "direct",
                Pointing::Indirect => "indirect",
            })
            .unwrap_or("none");
        mismatch("pointing", &pt.as_str(), &got)?;
    }
    if let Some(b) = e.black {
        mismatch("black", &b, &o.black_player())?;
    }
    if let Some(next) = &e.next {
        let got: Vec<TurnExpected> = o
            .next()
            .into_iter()
            .map(|t| TurnExpected {
                player: t.player,
                colour: t.colour,
                choices: t.choices.iter().map(|c| c.code()).collect(),
            })
            .collect();
        mismatch("next", next, &got)?;
    }
    Ok(())
}

fn run_result(i: &ResultInput, e: &ResultExpected, sym: Symmetry) -> Result<(), String> {
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
    let u = under(sym);
    let adj = match adjudicate(&rec) {
        Ok(a) => a,
        Err(err) => {
            return match &e.error {
                Some(c) => mismatch(&format!("error{u}"), &Some(c.as_str()), &err.clause())
                    .map_err(|m| format!("{m} ({err})")),
                None => Err(format!("expected a result, got an error{u}: {err}")),
            };
        }
    };
    if let Some(c) = &e.error {
        return Err(format!("expected the error {c}{u}, but the record plays"));
    }
    let o = adj.outcome;
    let got = match o.map(|o| o.result) {
        None => ResultName::Ongoing,
        Some(crate::gomoku::result::GameResult::BlackWins) => ResultName::BlackWins,
        Some(crate::gomoku::result::GameResult::WhiteWins) => ResultName::WhiteWins,
        Some(crate::gomoku::result::GameResult::Draw) => ResultName::Draw,
    };
    let detail = o
        .map(|o| format!(" ({}, {}, move {})", o.reason.code(), o.clause, o.at))
        .unwrap_or_default();
    if let Some(r) = e.result {
        mismatch(&format!("result{u}"), &r, &got).map_err(|m| format!("{m}{detail}"))?;
    }
    if let Some(r) = e.reason {
        mismatch(&format!("reason{u}"), &Some(r), &o.map(|o| o.reason))?;
    }
    if let Some(c) = &e.clause {
        mismatch(
            &format!("clause{u}"),
            &Some(c.as_str()),
            &o.map(|o| o.clause),
        )?;
    }
    if let Some(m) = e.last_move {
        mismatch(&format!("move{u}"), &m, &adj.moves)?;
    }
    if let Some(f) = e.forbidden {
        mismatch(
            &format!("forbidden{u}"),
            &Some(f),
            &o.and_then(|o| o.forbidden),
        )?;
    }
    if let Some(l) = &e.lapsed {
        mismatch(&format!("lapsed{u}"), l, &adj.lapsed)?;
    }
    for (q, s) in e.stones.iter().flatten() {
        let p: Point = map_point(sym, q)
            .parse()
            .map_err(|e: crate::gomoku::board::ParsePointError| e.to_string())?;
        mismatch(&format!("stone on {p}{u}"), &Some(*s), &adj.board.get(p))?;
    }
    for q in e.empty.iter().flatten() {
        let p: Point = map_point(sym, q)
            .parse()
            .map_err(|e: crate::gomoku::board::ParsePointError| e.to_string())?;
        mismatch(&format!("stone on {p}{u}"), &None, &adj.board.get(p))?;
    }
    Ok(())
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
        Kind::GomokuBoard => {
            let i: BoardInput = typed("input", input).map_err(fail)?;
            let e: BoardExpected = typed("expected", expected).map_err(fail)?;
            match i.point.parse::<Point>() {
                Ok(p) => {
                    if !e.valid {
                        return Err(format!("expected not a point, but read {p}"));
                    }
                    if let Some(m) = &e.mark {
                        mismatch("mark", &m.as_str(), &p.mark().code())?;
                    }
                    if let Some(c) = &e.column {
                        mismatch("column", c, &p.column_letter().to_string())?;
                    }
                    if let Some(r) = e.row {
                        mismatch("row", &r, &p.row_number())?;
                    }
                }
                Err(err) => {
                    if e.valid {
                        return Err(format!("expected a point: {err}"));
                    }
                }
            }
        }
        Kind::GomokuPattern => {
            let i: PatternInput = typed("input", input).map_err(fail)?;
            let e: PatternExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                run_pattern(&i, &e, sym)?;
            }
        }
        Kind::GomokuForbidden => {
            let i: ForbiddenInput = typed("input", input).map_err(fail)?;
            let e: ForbiddenExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                run_forbidden(&i, &e, sym)?;
            }
        }
        Kind::GomokuOpening => {
            let i: OpeningInput = typed("input", input).map_err(fail)?;
            let e: OpeningExpected = typed("expected", expected).map_err(fail)?;
            run_opening(&i, &e)?;
        }
        Kind::GomokuResult => {
            let i: ResultInput = typed("input", input).map_err(fail)?;
            let e: ResultExpected = typed("expected", expected).map_err(fail)?;
            for sym in Symmetry::ALL {
                run_result(&i, &e, sym)?;
            }
        }
        _ => return Err(format!("{} is not a Gomoku kind", kind.name())),
    }
    Ok(())
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
