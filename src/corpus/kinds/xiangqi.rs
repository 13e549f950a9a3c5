//! The Xiangqi kinds of case (articles 1–4, 7.5): `fen`, `legal-moves`,
//! `perft`, `outcome`, `notation`, `equipment`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::Edition;
use crate::equipment::{self, Equipment};
use crate::game::{self, Event, Level, Rules};
use crate::notation;
use crate::outcome::GameResult;
use crate::position::{Move, Position, Validation};

use super::{Issue, Kind, issue, mismatch, typed};

/// A list of moves: one string with moves separated by spaces or commas, or
/// a list of strings. Each move may be in any notation qigui reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum MoveText {
    /// `"h2e2 h9g7"` or `"炮二平五 马8进7"`.
    Line(String),
    /// `["h2e2", "h9g7"]`.
    List(Vec<String>),
}

impl MoveText {
    fn tokens(&self) -> Vec<String> {
        match self {
            MoveText::Line(s) => notation::split_moves(s),
            MoveText::List(v) => v.clone(),
        }
    }
}

/// `fen` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FenInput {
    /// The FEN to read.
    pub fen: String,
    /// `strict` (default) or `relaxed` (spec/fen.md).
    #[serde(default)]
    pub validation: ValidationName,
}

/// The validation policies by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ValidationName {
    /// Everything a real game can reach.
    #[default]
    Strict,
    /// Only what play needs.
    Relaxed,
}

impl From<ValidationName> for Validation {
    fn from(v: ValidationName) -> Validation {
        match v {
            ValidationName::Strict => Validation::Strict,
            ValidationName::Relaxed => Validation::Relaxed,
        }
    }
}

/// `fen` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FenExpected {
    /// Whether it is a playable position under the policy.
    pub valid: bool,
    /// The canonical FEN (for a valid one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The error code (for an invalid one): `syntax`, `missing-king`,
    /// `too-many-kings`, `too-many-pieces`, `unreachable-square`,
    /// `opponent-in-check`, `kings-facing`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// For a syntax error: the 1-based FEN field at fault.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<usize>,
}

/// `legal-moves` and `perft` input: a position, optionally after some moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PositionInput {
    /// The position (defaults to the starting position of 1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Legal moves played from it first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveText>,
}

/// `legal-moves` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LegalMovesExpected {
    /// Exactly these moves (ICCS), in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// How many legal moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// These moves are legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub includes: Option<Vec<String>>,
    /// These moves are not legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excludes: Option<Vec<String>>,
    /// Whether the side to move is in check (3.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<bool>,
}

/// `perft` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PerftInput {
    /// The position (defaults to the starting position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The depth in plies (1–6).
    pub depth: u32,
}

/// `perft` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PerftExpected {
    /// Leaf nodes.
    pub nodes: u64,
}

/// `outcome` input: a game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OutcomeInput {
    /// The starting position (defaults to the starting position of 1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The moves, each pseudo-legal (2.2) at its ply; a move that exposes
    /// the mover's king is adjudicated (3.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveText>,
    /// Events besides moves (4.1.6–4.1.13, 4.2.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// The event's level (4.1.8); defaults to the edition's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// The natural move limit in moves (4.2.4); defaults to the edition's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_limit: Option<u32>,
}

/// `outcome` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OutcomeExpected {
    /// `red_wins`, `black_wins`, `draw`, or `ongoing`.
    pub result: ResultName,
    /// The reason code (see `spec/corpus-format.md`), when the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The deciding clause under the edition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Plies played when the game ended (or all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
    /// Whether the side to move at the end is in check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<bool>,
    /// Fouls counted against red and black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fouls: Option<[u32; 2]>,
}

/// A result code or `ongoing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ResultName {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
    /// Not finished.
    Ongoing,
}

/// `notation` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NotationInput {
    /// The position (defaults to the starting position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Legal moves played from it first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveText>,
    /// The move text to read.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `notation` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NotationExpected {
    /// The move in ICCS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iccs: Option<String>,
    /// Its canonical Chinese notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chinese: Option<String>,
    /// Its canonical WXF notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wxf: Option<String>,
    /// Its abbreviated record form (7.5), marks as combining characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbreviated: Option<String>,
    /// Which notation the text was read as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Whether the reader had to resolve a loosely written piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<bool>,
    /// The error code when the text is not a move here: `syntax`,
    /// `no-such-move`, `ambiguous`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `equipment` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EquipmentExpected {
    /// Whether it conforms.
    pub conforms: bool,
    /// The clauses broken, in order, repeated per violation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub violations: Option<Vec<String>>,
}

fn position(fen: Option<&str>) -> Result<Position, Issue> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => Position::from_fen(f).map_err(|e| Issue {
            key: "input".into(),
            field: Some("fen".into()),
            message: format!("illegal FEN: {e}"),
        }),
    }
}

/// Plays the moves from `pos`. `allow_self_check`: a move may expose the
/// mover's king (for game records, where that is adjudicated).
fn play_moves(
    pos: &Position,
    moves: Option<&MoveText>,
    allow_self_check: bool,
) -> Result<(Vec<Move>, Position), Issue> {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    let Some(moves) = moves else {
        return Ok((out, cur));
    };
    for (i, tok) in moves.tokens().iter().enumerate() {
        let bad = |m: String| Issue {
            key: "input".into(),
            field: Some("moves".into()),
            message: format!("move {} ('{tok}'): {m}", i + 1),
        };
        let pm = notation::parse_move(&cur, tok).map_err(|e| bad(e.reason))?;
        if !allow_self_check && cur.exposes_own_king(pm.mv) {
            return Err(bad("not legal: it exposes the mover's king (3.4)".into()));
        }
        out.push(pm.mv);
        cur = cur.play_unchecked(pm.mv);
    }
    Ok((out, cur))
}

fn iccs_set(key: &str, moves: &[String]) -> Result<BTreeSet<Move>, Issue> {
    moves
        .iter()
        .map(|m| {
            notation::parse_iccs(m)
                .ok_or_else(|| issue("expected", format!("{key}: '{m}' is not an ICCS move")))
        })
        .collect()
}

/// Validates a case's input and expected output for one edition.
pub(crate) fn validate(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    match kind {
        Kind::Fen => {
            let _: FenInput = typed("input", input)?;
            let e: FenExpected = typed("expected", expected)?;
            if e.valid && e.error.is_some() {
                return Err(issue("expected", "a valid FEN has no error code"));
            }
            if !e.valid && e.error.is_none() {
                return Err(issue("expected", "an invalid FEN needs its error code"));
            }
        }
        Kind::LegalMoves => {
            let i: PositionInput = typed("input", input)?;
            let e: LegalMovesExpected = typed("expected", expected)?;
            let pos = position(i.fen.as_deref())?;
            play_moves(&pos, i.moves.as_ref(), false)?;
            for list in [&e.moves, &e.includes, &e.excludes].into_iter().flatten() {
                iccs_set("moves", list)?;
            }
            if e == LegalMovesExpected::default() {
                return Err(issue(
                    "expected",
                    "expects nothing: give moves, count, includes, excludes or check",
                ));
            }
        }
        Kind::Perft => {
            let i: PerftInput = typed("input", input)?;
            let _: PerftExpected = typed("expected", expected)?;
            position(i.fen.as_deref())?;
            if !(1..=6).contains(&i.depth) {
                return Err(issue("input", "depth runs from 1 to 6"));
            }
        }
        Kind::Outcome => {
            let i: OutcomeInput = typed("input", input)?;
            let e: OutcomeExpected = typed("expected", expected)?;
            let pos = position(i.fen.as_deref())?;
            let (moves, _) = play_moves(&pos, i.moves.as_ref(), true)?;
            if let Some(ev) = i.events.iter().find(|ev| ev.after > moves.len()) {
                return Err(issue(
                    "input",
                    format!(
                        "an event after ply {} but the record has {} plies",
                        ev.after,
                        moves.len()
                    ),
                ));
            }
            if let Some(r) = &e.reason {
                if !crate::outcome::Reason::ALL.iter().any(|x| x.code() == r) {
                    return Err(issue("expected", format!("unknown reason '{r}'")));
                }
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
        Kind::Notation => {
            let i: NotationInput = typed("input", input)?;
            let e: NotationExpected = typed("expected", expected)?;
            let pos = position(i.fen.as_deref())?;
            play_moves(&pos, i.moves.as_ref(), false)?;
            if e == NotationExpected::default() {
                return Err(issue("expected", "expects nothing"));
            }
            if e.error.is_some() && (e.iccs.is_some() || e.chinese.is_some() || e.wxf.is_some()) {
                return Err(issue("expected", "an error case expects no move"));
            }
        }
        Kind::Equipment => {
            let _: Equipment = typed("input", input)?;
            let _: EquipmentExpected = typed("expected", expected)?;
            if edition.equipment.is_none() {
                return Err(issue(
                    "kind",
                    format!("{} sets no equipment limits", edition.id),
                ));
            }
        }
        #[allow(unreachable_patterns)]
        _ => return Err(issue("kind", "not a Xiangqi kind")),
    }
    Ok(())
}

/// Runs a case; `Err` is the failure message.
pub(crate) fn run(
    kind: Kind,
    input: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), String> {
    let fail = |i: Issue| i.message;
    match kind {
        Kind::Fen => {
            let i: FenInput = typed("input", input).map_err(fail)?;
            let e: FenExpected = typed("expected", expected).map_err(fail)?;
            match Position::from_fen_with(&i.fen, i.validation.into()) {
                Ok(pos) => {
                    if !e.valid {
                        return Err(format!(
                            "expected invalid ({}), but it was read as {}",
                            e.error.unwrap_or_default(),
                            pos.fen()
                        ));
                    }
                    if let Some(f) = &e.fen {
                        mismatch("canonical FEN", f, &pos.fen())?;
                    }
                }
                Err(err) => {
                    if e.valid {
                        return Err(format!("expected valid, got: {err}"));
                    }
                    if let Some(code) = &e.error {
                        mismatch("error", &code.as_str(), &err.code())
                            .map_err(|m| format!("{m} ({err})"))?;
                    }
                    if let (Some(field), crate::position::ParseFenError::Syntax(se)) =
                        (e.field, &err)
                    {
                        mismatch("field", &field, &se.field)?;
                    }
                }
            }
        }
        Kind::LegalMoves => {
            let i: PositionInput = typed("input", input).map_err(fail)?;
            let e: LegalMovesExpected = typed("expected", expected).map_err(fail)?;
            let pos = position(i.fen.as_deref()).map_err(fail)?;
            let (_, pos) = play_moves(&pos, i.moves.as_ref(), false).map_err(fail)?;
            let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
            let show =
                |s: &BTreeSet<Move>| s.iter().map(|m| m.iccs()).collect::<Vec<_>>().join(" ");
            if let Some(m) = &e.moves {
                let want = iccs_set("moves", m).map_err(fail)?;
                if want != legal {
                    let missing: BTreeSet<Move> = want.difference(&legal).copied().collect();
                    let extra: BTreeSet<Move> = legal.difference(&want).copied().collect();
                    return Err(format!(
                        "legal moves differ: missing [{}], unexpected [{}]",
                        show(&missing),
                        show(&extra)
                    ));
                }
            }
            if let Some(n) = e.count {
                mismatch("count", &n, &legal.len())?;
            }
            if let Some(m) = &e.includes {
                let want = iccs_set("includes", m).map_err(fail)?;
                let missing: BTreeSet<Move> = want.difference(&legal).copied().collect();
                if !missing.is_empty() {
                    return Err(format!("not legal but expected: [{}]", show(&missing)));
                }
            }
            if let Some(m) = &e.excludes {
                let bad = iccs_set("excludes", m).map_err(fail)?;
                let present: BTreeSet<Move> = bad.intersection(&legal).copied().collect();
                if !present.is_empty() {
                    return Err(format!("legal but expected not: [{}]", show(&present)));
                }
            }
            if let Some(c) = e.check {
                mismatch("check", &c, &pos.is_check())?;
            }
        }
        Kind::Perft => {
            let i: PerftInput = typed("input", input).map_err(fail)?;
            let e: PerftExpected = typed("expected", expected).map_err(fail)?;
            let pos = position(i.fen.as_deref()).map_err(fail)?;
            mismatch("nodes", &e.nodes, &pos.perft(i.depth))?;
        }
        Kind::Outcome => {
            let i: OutcomeInput = typed("input", input).map_err(fail)?;
            let e: OutcomeExpected = typed("expected", expected).map_err(fail)?;
            let pos = position(i.fen.as_deref()).map_err(fail)?;
            let (moves, _) = play_moves(&pos, i.moves.as_ref(), true).map_err(fail)?;
            let mut rules: Rules = edition.rules;
            if let Some(l) = i.level {
                rules.level = l;
            }
            if let Some(n) = i.natural_limit {
                rules.natural_limit = n;
            }
            let adj = game::adjudicate(&pos, &moves, &i.events, &rules);
            let got = match adj.outcome.map(|o| o.result) {
                None => ResultName::Ongoing,
                Some(GameResult::RedWins) => ResultName::RedWins,
                Some(GameResult::BlackWins) => ResultName::BlackWins,
                Some(GameResult::Draw) => ResultName::Draw,
            };
            let detail = adj
                .outcome
                .map(|o| format!(" ({}, {})", o.reason.code(), edition.clause_for(o.reason)))
                .unwrap_or_default();
            mismatch("result", &e.result, &got).map_err(|m| format!("{m}{detail}"))?;
            if let Some(r) = &e.reason {
                let got = adj.outcome.map(|o| o.reason.code()).unwrap_or("none");
                mismatch("reason", &r.as_str(), &got)?;
            }
            if let Some(c) = &e.clause {
                let got = adj
                    .outcome
                    .map(|o| edition.clause_for(o.reason))
                    .unwrap_or("none");
                mismatch("clause", &c.as_str(), &got)?;
            }
            if let Some(p) = e.plies {
                mismatch("plies", &p, &adj.plies)?;
            }
            if let Some(c) = e.check {
                mismatch("check", &c, &adj.position.is_check())?;
            }
            if let Some(f) = e.fouls {
                mismatch("fouls", &f, &adj.fouls)?;
            }
        }
        Kind::Notation => {
            let i: NotationInput = typed("input", input).map_err(fail)?;
            let e: NotationExpected = typed("expected", expected).map_err(fail)?;
            let pos = position(i.fen.as_deref()).map_err(fail)?;
            let (_, pos) = play_moves(&pos, i.moves.as_ref(), false).map_err(fail)?;
            match notation::parse_move(&pos, &i.mv) {
                Ok(pm) => {
                    if let Some(code) = &e.error {
                        return Err(format!("expected error '{code}', but read {}", pm.mv));
                    }
                    let checks: [(&str, &Option<String>, String); 5] = [
                        ("iccs", &e.iccs, pm.mv.iccs()),
                        ("chinese", &e.chinese, notation::chinese(&pos, pm.mv)),
                        ("wxf", &e.wxf, notation::wxf(&pos, pm.mv)),
                        (
                            "abbreviated",
                            &e.abbreviated,
                            notation::abbreviated(&pos, pm.mv),
                        ),
                        ("notation", &e.notation, pm.notation.name().to_string()),
                    ];
                    for (what, want, got) in checks {
                        if let Some(w) = want {
                            mismatch(what, w, &got)?;
                        }
                    }
                    if let Some(r) = e.resolved {
                        mismatch("resolved", &r, &pm.resolved.is_some())?;
                    }
                }
                Err(err) => match &e.error {
                    Some(code) => mismatch("error", &code.as_str(), &err.code)
                        .map_err(|m| format!("{m} ({err})"))?,
                    None => return Err(format!("expected a move, got: {err}")),
                },
            }
        }
        Kind::Equipment => {
            let i: Equipment = typed("input", input).map_err(fail)?;
            let e: EquipmentExpected = typed("expected", expected).map_err(fail)?;
            let limits = edition
                .equipment
                .ok_or_else(|| format!("{} sets no equipment limits", edition.id))?;
            let v = equipment::check(&i, &limits);
            let detail = v
                .iter()
                .map(|v| format!("{}: {}", v.clause, v.message))
                .collect::<Vec<_>>()
                .join("; ");
            mismatch("conforms", &e.conforms, &v.is_empty())
                .map_err(|m| format!("{m} [{detail}]"))?;
            if let Some(want) = &e.violations {
                let got: Vec<String> = v.iter().map(|v| v.clause.clone()).collect();
                mismatch("violations", want, &got).map_err(|m| format!("{m} [{detail}]"))?;
            }
        }
        #[allow(unreachable_patterns)]
        _ => return Err(format!("{} is not a Xiangqi kind", kind.name())),
    }
    Ok(())
}

/// The JSON Schemas of each kind's input and expected output, for
/// `spec/corpus.schema.json`.
#[cfg(test)]
pub(crate) fn schemas(kind: Kind) -> (schemars::Schema, schemars::Schema) {
    use schemars::schema_for;
    match kind {
        Kind::Fen => (schema_for!(FenInput), schema_for!(FenExpected)),
        Kind::LegalMoves => (schema_for!(PositionInput), schema_for!(LegalMovesExpected)),
        Kind::Perft => (schema_for!(PerftInput), schema_for!(PerftExpected)),
        Kind::Outcome => (schema_for!(OutcomeInput), schema_for!(OutcomeExpected)),
        Kind::Notation => (schema_for!(NotationInput), schema_for!(NotationExpected)),
        Kind::Equipment => (schema_for!(Equipment), schema_for!(EquipmentExpected)),
        #[allow(unreachable_patterns)]
        _ => (schema_for!(()), schema_for!(())),
    }
}
