//! The Xiangqi kinds of case (articles 1–4, 7.5): `fen`, `legal-moves`,
//! `perft`, `outcome`, `notation`, `equipment`.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::Edition;
use crate::xiangqi::equipment::{self, Equipment};
use crate::xiangqi::game::{self, Event, Level, Rules};
use crate::xiangqi::notation;
use crate::xiangqi::outcome::GameResult;
use crate::xiangqi::position::{Move, Position, Validation};

use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, issue, mismatch, output, to_output, typed, want,
};

/// A list of moves: one string with moves separated by spaces or commas, or
/// a list of strings. Each move may be in any notation qigui reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected the moves as one string (\"h2e2 h9g7\") or a list of strings"
)]
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

fn position(fen: Option<&str>) -> Result<Position, CaseError> {
    match fen {
        None => Ok(Position::start()),
        Some(f) => Position::from_fen(f)
            .map_err(|e| CaseError::at(Part::Input, "fen", format!("illegal FEN: {e}"))),
    }
}

/// Plays the moves from `pos`. `allow_self_check`: a move may expose the
/// mover's king (for game records, where that is adjudicated).
fn play_moves(
    pos: &Position,
    moves: Option<&MoveText>,
    allow_self_check: bool,
) -> Result<(Vec<Move>, Position), CaseError> {
    let mut cur = pos.clone();
    let mut out = Vec::new();
    let Some(moves) = moves else {
        return Ok((out, cur));
    };
    for (i, tok) in moves.tokens().iter().enumerate() {
        let bad = |m: String| {
            CaseError::at(
                Part::Input,
                "moves",
                format!("move {} ('{tok}'): {m}", i + 1),
            )
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

fn iccs_set(key: &str, moves: &[String]) -> Result<BTreeSet<Move>, CaseError> {
    moves
        .iter()
        .map(|m| {
            notation::parse_iccs(m)
                .ok_or_else(|| issue(Part::Expected, format!("{key}: '{m}' is not an ICCS move")))
        })
        .collect()
}

/// `fen`: reading a FEN.
pub(crate) struct FenKind;

impl CaseKind for FenKind {
    fn validate(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), CaseError> {
        let _: FenInput = typed(Part::Input, input)?;
        let e: FenExpected = typed(Part::Expected, expected)?;
        if e.valid && e.error.is_some() {
            return Err(issue(Part::Expected, "a valid FEN has no error code"));
        }
        if !e.valid && e.error.is_none() {
            return Err(issue(Part::Expected, "an invalid FEN needs its error code"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: FenInput = typed(Part::Input, input)?;
        let out = match Position::from_fen_with(&i.fen, i.validation.into()) {
            Ok(pos) => FenExpected {
                valid: true,
                fen: Some(pos.fen()),
                error: None,
                field: None,
            },
            Err(err) => FenExpected {
                valid: false,
                fen: None,
                error: Some(err.code().to_string()),
                field: match &err {
                    crate::xiangqi::position::ParseFenError::Syntax(se) => Some(se.field),
                    _ => None,
                },
            },
        };
        to_output(&out)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: FenExpected = typed(Part::Expected, expected)?;
        let g: FenExpected = output(Kind::Fen, got)?;
        let read = g
            .fen
            .as_ref()
            .map(|f| format!(" (read as {f})"))
            .or_else(|| g.error.as_ref().map(|c| format!(" ({c})")))
            .unwrap_or_default();
        mismatch("valid", &e.valid, &g.valid).map_err(|m| m.detailed(read))?;
        if e.valid {
            want("canonical FEN", &e.fen, &g.fen)
        } else {
            want("error", &e.error, &g.error)?;
            want("field", &e.field, &g.field)
        }
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(FenInput),
            schemars::schema_for!(FenExpected),
        )
    }
}

/// `legal-moves`: the legal moves of a position.
pub(crate) struct LegalMovesKind;

impl CaseKind for LegalMovesKind {
    fn validate(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), CaseError> {
        let i: PositionInput = typed(Part::Input, input)?;
        let e: LegalMovesExpected = typed(Part::Expected, expected)?;
        let pos = position(i.fen.as_deref())?;
        play_moves(&pos, i.moves.as_ref(), false)?;
        for list in [&e.moves, &e.includes, &e.excludes].into_iter().flatten() {
            iccs_set("moves", list)?;
        }
        if e == LegalMovesExpected::default() {
            return Err(issue(
                Part::Expected,
                "expects nothing: give moves, count, includes, excludes or check",
            ));
        }
        Ok(())
    }

    /// Answers `moves`, `count` and `check`.
    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: PositionInput = typed(Part::Input, input)?;
        let pos = position(i.fen.as_deref())?;
        let (_, pos) = play_moves(&pos, i.moves.as_ref(), false)?;
        let legal: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
        to_output(&LegalMovesExpected {
            moves: Some(legal.iter().map(|m| m.iccs()).collect()),
            count: Some(legal.len()),
            includes: None,
            excludes: None,
            check: Some(pos.is_check()),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: LegalMovesExpected = typed(Part::Expected, expected)?;
        let g: LegalMovesExpected = output(Kind::LegalMoves, got)?;
        let show = |s: &BTreeSet<Move>| s.iter().map(|m| m.iccs()).collect::<Vec<_>>().join(" ");
        if e.moves.is_some() || e.includes.is_some() || e.excludes.is_some() {
            let legal = answered_moves(&g.moves)?;
            if let Some(m) = &e.moves {
                let want = iccs_set("moves", m)?;
                if want != legal {
                    let missing: BTreeSet<Move> = want.difference(&legal).copied().collect();
                    let extra: BTreeSet<Move> = legal.difference(&want).copied().collect();
                    return Err(Mismatch::described(format!(
                        "legal moves differ: missing [{}], unexpected [{}]",
                        show(&missing),
                        show(&extra)
                    )));
                }
            }
            if let Some(m) = &e.includes {
                let want = iccs_set("includes", m)?;
                let missing: BTreeSet<Move> = want.difference(&legal).copied().collect();
                if !missing.is_empty() {
                    return Err(Mismatch::described(format!(
                        "not legal but expected: [{}]",
                        show(&missing)
                    )));
                }
            }
            if let Some(m) = &e.excludes {
                let bad = iccs_set("excludes", m)?;
                let present: BTreeSet<Move> = bad.intersection(&legal).copied().collect();
                if !present.is_empty() {
                    return Err(Mismatch::described(format!(
                        "legal but expected not: [{}]",
                        show(&present)
                    )));
                }
            }
        }
        if e.count.is_some() {
            let count = match (g.count, &g.moves) {
                (Some(n), _) => Some(n),
                (None, Some(_)) => Some(answered_moves(&g.moves)?.len()),
                (None, None) => None,
            };
            want("count", &e.count, &count)?;
        }
        want("check", &e.check, &g.check)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(PositionInput),
            schemars::schema_for!(LegalMovesExpected),
        )
    }
}

/// `perft`: the leaf nodes of the legal move tree.
pub(crate) struct PerftKind;

/// The corpus's perft depths, 1 to 6: checked when a case is loaded and
/// again when one is answered, so that no request counts for ever.
fn perft_depth(i: &PerftInput) -> Result<u32, CaseError> {
    if crate::limits::PERFT_DEPTHS.contains(&i.depth) {
        Ok(i.depth)
    } else {
        Err(issue(Part::Input, "depth runs from 1 to 6"))
    }
}

impl CaseKind for PerftKind {
    fn validate(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), CaseError> {
        let i: PerftInput = typed(Part::Input, input)?;
        let _: PerftExpected = typed(Part::Expected, expected)?;
        position(i.fen.as_deref())?;
        perft_depth(&i)?;
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: PerftInput = typed(Part::Input, input)?;
        let pos = position(i.fen.as_deref())?;
        // The adapter answers requests the loader never validated.
        perft_depth(&i)?;
        to_output(&PerftExpected {
            nodes: pos.perft(i.depth),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: PerftExpected = typed(Part::Expected, expected)?;
        let g: PerftExpected = output(Kind::Perft, got)?;
        mismatch("nodes", &e.nodes, &g.nodes)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(PerftInput),
            schemars::schema_for!(PerftExpected),
        )
    }
}

/// `outcome`: a game record's result.
pub(crate) struct OutcomeKind;

impl CaseKind for OutcomeKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: OutcomeInput = typed(Part::Input, input)?;
        let e: OutcomeExpected = typed(Part::Expected, expected)?;
        let pos = position(i.fen.as_deref())?;
        let (moves, _) = play_moves(&pos, i.moves.as_ref(), true)?;
        if let Some(ev) = i.events.iter().find(|ev| ev.after > moves.len()) {
            return Err(issue(
                Part::Input,
                format!(
                    "an event after ply {} but the record has {} plies",
                    ev.after,
                    moves.len()
                ),
            ));
        }
        if let Some(r) = &e.reason
            && !crate::xiangqi::outcome::Reason::ALL
                .iter()
                .any(|x| x.code() == r)
        {
            return Err(issue(Part::Expected, format!("unknown reason '{r}'")));
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

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: OutcomeInput = typed(Part::Input, input)?;
        let pos = position(i.fen.as_deref())?;
        let (moves, _) = play_moves(&pos, i.moves.as_ref(), true)?;
        let mut rules: Rules = edition.rules;
        if let Some(l) = i.level {
            rules.level = l;
        }
        if let Some(n) = i.natural_limit {
            rules.natural_limit = n;
        }
        let adj = game::adjudicate(&pos, &moves, &i.events, &rules);
        let result = match adj.outcome.map(|o| o.result) {
            None => ResultName::Ongoing,
            Some(GameResult::RedWins) => ResultName::RedWins,
            Some(GameResult::BlackWins) => ResultName::BlackWins,
            Some(GameResult::Draw) => ResultName::Draw,
        };
        to_output(&OutcomeExpected {
            result,
            reason: adj.outcome.map(|o| o.reason.code().to_string()),
            clause: adj
                .outcome
                .map(|o| edition.clause_for(o.reason).to_string()),
            plies: Some(adj.plies),
            check: Some(adj.position.is_check()),
            fouls: Some(adj.fouls),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: OutcomeExpected = typed(Part::Expected, expected)?;
        let g: OutcomeExpected = output(Kind::Outcome, got)?;
        let detail = match (&g.reason, &g.clause) {
            (Some(r), Some(c)) => format!(" ({r}, {c})"),
            (Some(r), None) => format!(" ({r})"),
            _ => String::new(),
        };
        mismatch("result", &e.result, &g.result).map_err(|m| m.detailed(detail))?;
        if let Some(r) = &e.reason {
            mismatch(
                "reason",
                &r.as_str(),
                &g.reason.as_deref().unwrap_or("none"),
            )?;
        }
        if let Some(c) = &e.clause {
            mismatch(
                "clause",
                &c.as_str(),
                &g.clause.as_deref().unwrap_or("none"),
            )?;
        }
        want("plies", &e.plies, &g.plies)?;
        want("check", &e.check, &g.check)?;
        want("fouls", &e.fouls, &g.fouls)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(OutcomeInput),
            schemars::schema_for!(OutcomeExpected),
        )
    }
}

/// `notation`: reading and printing a move.
pub(crate) struct NotationKind;

impl CaseKind for NotationKind {
    fn validate(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), CaseError> {
        let i: NotationInput = typed(Part::Input, input)?;
        let e: NotationExpected = typed(Part::Expected, expected)?;
        let pos = position(i.fen.as_deref())?;
        play_moves(&pos, i.moves.as_ref(), false)?;
        if e == NotationExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if e.error.is_some() && (e.iccs.is_some() || e.chinese.is_some() || e.wxf.is_some()) {
            return Err(issue(Part::Expected, "an error case expects no move"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: NotationInput = typed(Part::Input, input)?;
        let pos = position(i.fen.as_deref())?;
        let (_, pos) = play_moves(&pos, i.moves.as_ref(), false)?;
        let out = match notation::parse_move(&pos, &i.mv) {
            Ok(pm) => NotationExpected {
                iccs: Some(pm.mv.iccs()),
                chinese: Some(notation::chinese(&pos, pm.mv)),
                wxf: Some(notation::wxf(&pos, pm.mv)),
                abbreviated: Some(notation::abbreviated(&pos, pm.mv)),
                notation: Some(pm.notation.name().to_string()),
                resolved: Some(pm.resolved.is_some()),
                error: None,
            },
            Err(err) => NotationExpected {
                error: Some(err.code.to_string()),
                ..NotationExpected::default()
            },
        };
        to_output(&out)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: NotationExpected = typed(Part::Expected, expected)?;
        let g: NotationExpected = output(Kind::Notation, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => mismatch("error", w, x),
            (Some(w), None) => Err(Mismatch::described(format!(
                "expected error '{w}', but read {}",
                g.iccs.as_deref().unwrap_or("a move")
            ))),
            (None, Some(x)) => Err(Mismatch::described(format!(
                "expected a move, got error '{x}'"
            ))),
            (None, None) => {
                want("iccs", &e.iccs, &g.iccs)?;
                want("chinese", &e.chinese, &g.chinese)?;
                want("wxf", &e.wxf, &g.wxf)?;
                want("abbreviated", &e.abbreviated, &g.abbreviated)?;
                want("notation", &e.notation, &g.notation)?;
                want("resolved", &e.resolved, &g.resolved)
            }
        }
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(NotationInput),
            schemars::schema_for!(NotationExpected),
        )
    }
}

/// `equipment`: board and piece measurements.
pub(crate) struct EquipmentKind;

fn no_limits(edition: &Edition) -> CaseError {
    issue(
        Part::Kind,
        format!("{} sets no equipment limits", edition.id),
    )
}

impl CaseKind for EquipmentKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let _: Equipment = typed(Part::Input, input)?;
        let _: EquipmentExpected = typed(Part::Expected, expected)?;
        if edition.equipment.is_none() {
            return Err(no_limits(edition));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: Equipment = typed(Part::Input, input)?;
        let limits = edition.equipment.ok_or_else(|| no_limits(edition))?;
        let v = equipment::check(&i, &limits);
        to_output(&EquipmentExpected {
            conforms: v.is_empty(),
            violations: Some(v.iter().map(|v| v.clause.clone()).collect()),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: EquipmentExpected = typed(Part::Expected, expected)?;
        let g: EquipmentExpected = output(Kind::Equipment, got)?;
        let detail = g
            .violations
            .as_ref()
            .map(|v| format!(" [{}]", v.join(", ")))
            .unwrap_or_default();
        mismatch("conforms", &e.conforms, &g.conforms).map_err(|m| m.detailed(detail))?;
        want("violations", &e.violations, &g.violations)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(Equipment),
            schemars::schema_for!(EquipmentExpected),
        )
    }
}

fn answered_moves(moves: &Option<Vec<String>>) -> Result<BTreeSet<Move>, Mismatch> {
    let moves = moves
        .as_ref()
        .ok_or_else(|| Mismatch::described("the answer has no moves"))?;
    moves
        .iter()
        .map(|m| {
            notation::parse_iccs(m).ok_or_else(|| {
                Mismatch::described(format!("the answer's '{m}' is not an ICCS move"))
            })
        })
        .collect()
}
