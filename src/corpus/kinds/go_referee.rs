//! The kind `go-referee`: a Go referee's log adjudicated under 003's clock
//! and result rules (`src/go/referee.rs`, `spec/go.md` "The referee's log").

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::{Edition, GameKind};
use crate::go::board::Stone;
use crate::go::referee::{self, Outcome, RefereeLog};

use super::{CaseError, CaseKind, Kind, Mismatch, Part, issue, output, to_output, typed, want};

/// The first log entry that cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RefereeErrorExpected {
    /// Its 1-based index in the log (0: the log's settings).
    pub entry: usize,
    /// Why: `entry`, `board`, `point`, `move`, `after-end`, `sealed`,
    /// `no-seal`, `clock`.
    pub code: String,
}

/// `go-referee` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoRefereeExpected {
    /// The log is refused here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<RefereeErrorExpected>,
    /// `ongoing`, `counting`, `black_wins`, `white_wins`, `draw`,
    /// `both_lose`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// The clause that decided it (`none` while ongoing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Moves played on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
    /// Main time left in seconds, `[black, white]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_left: Option<[u32; 2]>,
    /// Byo-yomi minutes left, `[black, white]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_left: Option<[u32; 2]>,
    /// The side that gave up the contest (棋类比赛.5.(4)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded_by: Option<Stone>,
    /// A sealed move waiting for the resumption, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<String>,
}

/// `go-referee`.
pub(crate) struct RefereeKind;

impl CaseKind for RefereeKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        super::require_game("go-referee", GameKind::Go, edition)?;
        let _: RefereeLog = typed(Part::Input, input)?;
        let e: GoRefereeExpected = typed(Part::Expected, expected)?;
        if e == GoRefereeExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if let Some(c) = &e.clause
            && c != "none"
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
        let log: RefereeLog = typed(Part::Input, input)?;
        match referee::adjudicate(&log) {
            Err(x) => to_output(&GoRefereeExpected {
                error: Some(RefereeErrorExpected {
                    entry: x.entry,
                    code: x.code.to_string(),
                }),
                ..GoRefereeExpected::default()
            }),
            Ok(v) => to_output(&GoRefereeExpected {
                error: None,
                result: Some(v.outcome),
                clause: Some(v.clause.to_string()),
                plies: Some(v.plies),
                main_left: v.main_left,
                reserve_left: v.reserve_left,
                conceded_by: v.conceded_by,
                sealed: Some(v.sealed.unwrap_or_else(|| "none".into())),
            }),
        }
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoRefereeExpected = typed(Part::Expected, expected)?;
        let g: GoRefereeExpected = output(Kind::GoReferee, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => {
                want("error entry", &Some(w.entry), &Some(x.entry))?;
                want("error code", &Some(&w.code), &Some(&x.code))?;
                return Ok(());
            }
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected an error at entry {} ({}), but the log is adjudicated",
                    w.entry, w.code
                )));
            }
            (None, Some(x)) => {
                return Err(Mismatch::described(format!(
                    "entry {}: {}",
                    x.entry, x.code
                )));
            }
            (None, None) => {}
        }
        want("result", &e.result, &g.result)?;
        want("clause", &e.clause, &g.clause)?;
        want("plies", &e.plies, &g.plies)?;
        want("main_left", &e.main_left, &g.main_left)?;
        want("reserve_left", &e.reserve_left, &g.reserve_left)?;
        want("conceded_by", &e.conceded_by, &g.conceded_by)?;
        want("sealed", &e.sealed, &g.sealed)?;
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(RefereeLog),
            schemars::schema_for!(GoRefereeExpected),
        )
    }
}
