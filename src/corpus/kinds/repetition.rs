//! The repetition kinds (棋例 I): `repetition` finds the 待判局面 in a game
//! record (23.1–23.3); `repetition-verdict` rules on a labelled cycle (23.4,
//! 23.5, 25, 26.9, 4.3).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::Edition;
use crate::xiangqi::notation;
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::cycle;
use crate::xiangqi::repetition::ruling::{
    self, Cycle, Label, MoveLabel, RepetitionRules, Sequence,
};

use super::xiangqi::MoveText;
use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, issue, mismatch, output, to_output, typed, want,
};

/// A side's labels: one string (`"捉 捉:车"`) or a list (`["捉", "捉:车"]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected the labels as one string (\"捉 闲\") or a list of strings"
)]
pub enum LabelText {
    /// `"捉 捉:车 闲"`.
    Line(String),
    /// `["捉", "捉:车", "闲"]`.
    List(Vec<String>),
}

impl LabelText {
    fn labels(&self) -> Result<Vec<MoveLabel>, ruling::LabelError> {
        match self {
            LabelText::Line(s) => ruling::parse_labels(s),
            LabelText::List(v) => v.iter().map(|s| s.parse()).collect(),
        }
    }
}

/// `repetition-verdict` input: each side's labels in one period of the cycle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct VerdictInput {
    /// Red's labels, in move order.
    pub red: LabelText,
    /// Black's labels.
    pub black: LabelText,
    /// `threefold` (default) or `nine-rounds` (23.4).
    #[serde(default)]
    pub sequence: Sequence,
    /// For 23.4: the number of distinct points the attacking side used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// The move number (回合) of the 待判局面 (4.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_number: Option<u32>,
}

/// `repetition-verdict` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct VerdictExpected {
    /// `red_must_change`, `black_must_change`, `red_loses`, `black_loses`,
    /// `draw`, `none`.
    pub verdict: String,
    /// The deciding clauses, in any order (compared as a set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<Vec<String>>,
    /// Red's cycle as the book names it (长捉, 一将一闲 …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<String>,
    /// Black's cycle as the book names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// Rounds allowed for the change (23.5.2: 2; 0: at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change_within_rounds: Option<u32>,
    /// One of the changed moves must be 闲 (23.5.2.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idle_required: Option<bool>,
}

/// `repetition` input: a game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RecordInput {
    /// The starting position (defaults to the starting position of 1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The moves, each legal at its ply.
    pub moves: MoveText,
}

/// `repetition` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RecordExpected {
    /// Whether a position arises a third time (23.1).
    pub found: bool,
    /// The plies of the counted occurrences (0 = the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurrences: Option<Vec<usize>>,
    /// One period of the cycle, ICCS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<Vec<String>>,
    /// When nothing is found: how many counted times the final position has occurred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_position_occurrences: Option<usize>,
}

fn rules(edition: &Edition) -> Result<&RepetitionRules, CaseError> {
    edition.repetition.as_ref().ok_or_else(|| {
        issue(
            Part::Kind,
            format!("{} has no repetition rules", edition.id),
        )
    })
}

fn cycle_of(i: &VerdictInput) -> Result<Cycle, CaseError> {
    let red = i
        .red
        .labels()
        .map_err(|e| CaseError::at(Part::Input, "red", format!("red: {e}")))?;
    let black = i
        .black
        .labels()
        .map_err(|e| CaseError::at(Part::Input, "black", format!("black: {e}")))?;
    Ok(Cycle {
        red,
        black,
        sequence: i.sequence,
        points: i.points,
        move_number: i.move_number,
    })
}

fn record(i: &RecordInput) -> Result<(Position, Vec<Move>), CaseError> {
    let pos = match &i.fen {
        None => Position::start(),
        Some(f) => Position::from_fen(f)
            .map_err(|e| CaseError::at(Part::Input, "fen", format!("illegal FEN: {e}")))?,
    };
    let tokens = match &i.moves {
        MoveText::Line(s) => notation::split_moves(s),
        MoveText::List(v) => v.clone(),
    };
    let mut cur = pos.clone();
    let mut moves = Vec::new();
    for (n, tok) in tokens.iter().enumerate() {
        let bad = |m: String| {
            CaseError::at(
                Part::Input,
                "moves",
                format!("move {} ('{tok}'): {m}", n + 1),
            )
        };
        let mv = notation::parse_move(&cur, tok)
            .map_err(|e| bad(e.reason))?
            .mv;
        if cur.exposes_own_king(mv) {
            return Err(bad("not legal: it exposes the mover's king (3.4)".into()));
        }
        moves.push(mv);
        cur = cur.play_unchecked(mv);
    }
    Ok((pos, moves))
}

/// `repetition`: finding the 待判局面 in a game record.
pub(crate) struct RepetitionKind;

impl CaseKind for RepetitionKind {
    fn validate(&self, input: &Value, expected: &Value, _: &Edition) -> Result<(), CaseError> {
        let i: RecordInput = typed(Part::Input, input)?;
        let _: RecordExpected = typed(Part::Expected, expected)?;
        record(&i)?;
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: RecordInput = typed(Part::Input, input)?;
        let (pos, moves) = record(&i)?;
        let found = cycle::find_repetition(&pos, &moves);
        to_output(&RecordExpected {
            found: found.is_some(),
            occurrences: found.as_ref().map(|r| r.occurrences.clone()),
            period: found
                .as_ref()
                .map(|r| r.period.iter().map(|m| m.iccs()).collect()),
            last_position_occurrences: Some(cycle::occurrences_of_last(&pos, &moves)),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: RecordExpected = typed(Part::Expected, expected)?;
        let g: RecordExpected = output(Kind::Repetition, got)?;
        mismatch("found", &e.found, &g.found)?;
        if g.found {
            want("occurrences", &e.occurrences, &g.occurrences)?;
            want("period", &e.period, &g.period)?;
        }
        want(
            "last_position_occurrences",
            &e.last_position_occurrences,
            &g.last_position_occurrences,
        )
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(RecordInput),
            schemars::schema_for!(RecordExpected),
        )
    }
}

/// `repetition-verdict`: the ruling on a labelled cycle.
pub(crate) struct VerdictKind;

impl CaseKind for VerdictKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: VerdictInput = typed(Part::Input, input)?;
        let e: VerdictExpected = typed(Part::Expected, expected)?;
        rules(edition)?;
        cycle_of(&i).map_err(|e| issue(Part::Input, e.to_string()))?;
        let known = [
            "red_must_change",
            "black_must_change",
            "red_loses",
            "black_loses",
            "draw",
            "none",
        ];
        if !known.contains(&e.verdict.as_str()) {
            return Err(issue(
                Part::Expected,
                format!(
                    "unknown verdict '{}'; one of {}",
                    e.verdict,
                    known.join(", ")
                ),
            ));
        }
        for c in e.clauses.iter().flatten() {
            if !edition.clauses().contains(c) {
                return Err(issue(
                    Part::Expected,
                    format!("unknown clause '{c}' in {}", edition.id),
                ));
            }
        }
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: VerdictInput = typed(Part::Input, input)?;
        let r = ruling::rule(&cycle_of(&i)?, rules(edition)?).map_err(CaseError::rules)?;
        to_output(&VerdictExpected {
            verdict: r.verdict.code().to_string(),
            clauses: Some(r.clauses.iter().map(|c| c.to_string()).collect()),
            red: Some(r.red.description.clone()),
            black: Some(r.black.description.clone()),
            change_within_rounds: r.change.and_then(|c| c.within_rounds),
            idle_required: Some(r.change.is_some_and(|c| c.idle_required)),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: VerdictExpected = typed(Part::Expected, expected)?;
        let g: VerdictExpected = output(Kind::RepetitionVerdict, got)?;
        mismatch("verdict", &e.verdict, &g.verdict)?;
        if let Some(w) = &e.clauses {
            let mut w = w.clone();
            w.sort_unstable();
            let g = g.clauses.clone().map(|mut g| {
                g.sort_unstable();
                g
            });
            want("clauses", &Some(w), &g)?;
        }
        want("red", &e.red, &g.red)?;
        want("black", &e.black, &g.black)?;
        if let Some(n) = e.change_within_rounds {
            mismatch("change_within_rounds", &Some(n), &g.change_within_rounds)?;
        }
        want("idle_required", &e.idle_required, &g.idle_required)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(VerdictInput),
            schemars::schema_for!(VerdictExpected),
        )
    }
}

/// `move-labels` input: a position and one period of the cycle (棋例 II).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LabelsInput {
    /// The position before the cycle's first move.
    pub fen: String,
    /// The moves of the period, each legal at its ply.
    pub moves: MoveText,
    /// `threefold` (default) or `nine-rounds` (23.4).
    #[serde(default)]
    pub sequence: Sequence,
    /// For 23.4: distinct points the attacking side used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// 26.2: the points the referee judges to be defensive key points
    /// (守和要点), as ICCS points (`e4`); none by default, and then 26.2
    /// does not apply.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub key_points: Vec<String>,
}

/// `move-labels` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LabelsExpected {
    /// One label per ply: 将 杀 捉 兑 献 拦 跟 闲.
    pub labels: Vec<String>,
    /// The labels are a book figure's, whose 闲 is 24.8's category: 兑、献、
    /// 拦、跟，均属于"闲"范畴, and the figures print 闲 for a move of those
    /// kinds unless they single it out. An answer of 兑, 献, 拦 or 跟 then
    /// matches an expected 闲; an expected 兑, 献, 拦 or 跟 must be answered
    /// as written.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub idle_category: bool,
    /// The verdict on the cycle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
}

/// An implementation's `move-labels` output: as [`LabelsExpected`], with
/// the labels optional so that an answer without them is reported as such.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct LabelsOutput {
    #[serde(default)]
    labels: Option<Vec<String>>,
    /// Optionally the book's category of each label (24.8: 将 杀 捉 闲);
    /// when given, each must be the category of the expected label.
    #[serde(default)]
    categories: Option<Vec<String>>,
    #[serde(default)]
    verdict: Option<String>,
}

/// qigui's own `move-labels` answer: the labels, their categories (24.8)
/// and the verdict.
#[derive(Serialize)]
struct LabelsAnswer {
    labels: Vec<String>,
    categories: Vec<String>,
    verdict: Option<String>,
}

/// `move-labels`: every move of a cycle labelled, and the verdict.
pub(crate) struct LabelsKind;

impl CaseKind for LabelsKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: LabelsInput = typed(Part::Input, input)?;
        let e: LabelsExpected = typed(Part::Expected, expected)?;
        rules(edition)?;
        let (_, moves) = record(&RecordInput {
            fen: Some(i.fen.clone()),
            moves: i.moves.clone(),
        })?;
        if e.labels.len() != moves.len() {
            return Err(issue(
                Part::Expected,
                format!("{} labels for {} moves", e.labels.len(), moves.len()),
            ));
        }
        for l in &e.labels {
            let parsed: MoveLabel = l
                .parse()
                .map_err(|err: ruling::LabelError| issue(Part::Expected, err.to_string()))?;
            if !parsed.targets.is_empty() {
                return Err(issue(
                    Part::Expected,
                    "labels here are plain: 将 杀 捉 兑 献 拦 跟 闲",
                ));
            }
        }
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: LabelsInput = typed(Part::Input, input)?;
        let (start, moves) = record(&RecordInput {
            fen: Some(i.fen.clone()),
            moves: i.moves.clone(),
        })?;
        let key_points = i
            .key_points
            .iter()
            .map(|k| {
                crate::Square::parse(k).ok_or_else(|| {
                    CaseError::at(
                        Part::Input,
                        "key_points",
                        format!("input.key_points: {k:?} is not a point (ICCS, e.g. e4)"),
                    )
                })
            })
            .collect::<Result<Vec<_>, CaseError>>()?;
        let j = crate::xiangqi::repetition::judge::judge(
            &start,
            &moves,
            rules(edition)?,
            i.sequence,
            i.points,
            &key_points,
            &crate::xiangqi::repetition::label::Limits::default(),
        );
        to_output(&LabelsAnswer {
            labels: j
                .moves
                .iter()
                .map(|m| m.analysis.label.code().to_string())
                .collect(),
            categories: j
                .moves
                .iter()
                .map(|m| m.analysis.label.category().code().to_string())
                .collect(),
            verdict: Some(match &j.ruling {
                Ok(r) => r.verdict.code().to_string(),
                Err(err) => format!("no ruling ({err})"),
            }),
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: LabelsExpected = typed(Part::Expected, expected)?;
        let g: LabelsOutput = output(Kind::MoveLabels, got)?;
        let Some(labels) = &g.labels else {
            // An implementation may give the verdict without the labels.
            let verdict = match (&e.verdict, &g.verdict) {
                (Some(w), Some(v)) if w == v => {
                    format!("; its verdict {v} is the expected one")
                }
                (Some(w), Some(v)) => format!("; its verdict {v}, expected {w}"),
                _ => String::new(),
            };
            return Err(Mismatch::Absent {
                key: "labels".into(),
                expected: format!("{:?}", e.labels),
            }
            .detailed(verdict));
        };
        let matches = |w: &String, g: &String| {
            w == g
                || (e.idle_category
                    && w == Label::Idle.code()
                    && Label::from_code(g).is_some_and(|l| !l.is_attack()))
        };
        if e.labels.len() != labels.len()
            || !e.labels.iter().zip(labels).all(|(w, g)| matches(w, g))
        {
            let category = if e.idle_category && e.labels.iter().any(|w| w == "闲") {
                " (an expected 闲 also admits 兑 献 拦 跟, 24.8)"
            } else {
                ""
            };
            return Err(Mismatch::Value {
                key: "labels".into(),
                expected: format!("{:?}", e.labels),
                got: format!("{labels:?}"),
            }
            .detailed(category));
        }
        // The categories, when the answer gives them: each the category
        // (24.8) of the expected label.
        if let Some(categories) = &g.categories {
            let wanted: Vec<&str> = e
                .labels
                .iter()
                .map(|w| Label::from_code(w).map_or(w.as_str(), |l| l.category().code()))
                .collect();
            if categories.len() != wanted.len()
                || categories.iter().zip(&wanted).any(|(g, w)| g != w)
            {
                return Err(Mismatch::Value {
                    key: "categories".into(),
                    expected: format!("{wanted:?}"),
                    got: format!("{categories:?}"),
                });
            }
        }
        want("verdict", &e.verdict, &g.verdict)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(LabelsInput),
            schemars::schema_for!(LabelsExpected),
        )
    }
}
