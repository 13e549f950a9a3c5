//! The kind `go-event`: the school event's Go awards (奖项.一 four places
//! with two joint thirds, 奖项.二.第一项 team points 4/3/1/1) from the
//! knockout's last rounds, and whether an appeal is received (活动方案.七).
//! The rules are in `src/go/awards.rs` and `src/go/appeal.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::{Edition, GameKind};
use crate::go::appeal::{self, Appeal, AppealError, AppealRuling};
use crate::go::awards::{self, AwardsError, LastRounds};

use super::{CaseError, CaseKind, Kind, Mismatch, Part, issue, output, to_output, typed, want};

/// `go-event` input: exactly one of `last_rounds` and `appeal`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoEventInput {
    /// 奖项.一: the semi-finals and the final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_rounds: Option<LastRounds>,
    /// 奖项.二.第一项: each placed player's team (school).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<BTreeMap<String, String>>,
    /// 活动方案.七: an appeal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<Appeal>,
}

/// The decision on an appeal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AppealExpected {
    /// `received`, `oral` or `late`.
    pub ruling: AppealRuling,
    /// Minutes from the game's end to the filing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes_after_end: Option<i64>,
    /// When received: the answer is due by then (`YYYY-MM-DD HH:MM`), or
    /// `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_by: Option<String>,
}

/// `go-event` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GoEventExpected {
    /// The input is refused: `player-twice`, `not-a-semifinal-winner`,
    /// `no-team`, `time`, `before-end`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// 奖项.一: each placed player's place (1, 2, 3, 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<BTreeMap<String, u32>>,
    /// 奖项.二.第一项: each team's Go points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_points: Option<BTreeMap<String, u32>>,
    /// 活动方案.七: the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<AppealExpected>,
}

fn awards_code(e: &AwardsError) -> &'static str {
    match e {
        AwardsError::PlayerTwice(_) => "player-twice",
        AwardsError::NotASemifinalWinner(_) => "not-a-semifinal-winner",
        AwardsError::NoTeam(_) => "no-team",
    }
}

fn appeal_code(e: &AppealError) -> &'static str {
    match e {
        AppealError::Time { .. } => "time",
        AppealError::BeforeEnd { .. } => "before-end",
    }
}

fn refused(code: &str) -> Result<Value, CaseError> {
    to_output(&GoEventExpected {
        error: Some(code.to_string()),
        ..GoEventExpected::default()
    })
}

/// `go-event`.
pub(crate) struct EventKind;

impl CaseKind for EventKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        super::require_game("go-event", GameKind::Go, edition)?;
        let i: GoEventInput = typed(Part::Input, input)?;
        if i.last_rounds.is_some() == i.appeal.is_some() {
            return Err(issue(
                Part::Input,
                "give exactly one of last_rounds and appeal",
            ));
        }
        if i.teams.is_some() && i.last_rounds.is_none() {
            return Err(issue(Part::Input, "teams go with last_rounds"));
        }
        let e: GoEventExpected = typed(Part::Expected, expected)?;
        if e == GoEventExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: GoEventInput = typed(Part::Input, input)?;
        if let Some(a) = &i.appeal {
            return match appeal::decide_appeal(a) {
                Err(e) => refused(appeal_code(&e)),
                Ok(d) => to_output(&GoEventExpected {
                    appeal: Some(AppealExpected {
                        ruling: d.ruling,
                        minutes_after_end: Some(d.minutes_after_end),
                        answer_by: Some(d.answer_by.unwrap_or_else(|| "none".into())),
                    }),
                    ..GoEventExpected::default()
                }),
            };
        }
        let Some(r) = &i.last_rounds else {
            return Err(issue(Part::Input, "give last_rounds or appeal"));
        };
        let places = match awards::places(r) {
            Ok(p) => p,
            Err(e) => return refused(awards_code(&e)),
        };
        let team_points = match &i.teams {
            None => None,
            Some(t) => match awards::team_points(&places, t) {
                Ok(p) => Some(p),
                Err(e) => return refused(awards_code(&e)),
            },
        };
        to_output(&GoEventExpected {
            places: Some(
                places
                    .iter()
                    .map(|(n, p)| (n.clone(), p.number()))
                    .collect(),
            ),
            team_points,
            ..GoEventExpected::default()
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: GoEventExpected = typed(Part::Expected, expected)?;
        let g: GoEventExpected = output(Kind::GoEvent, got)?;
        want("error", &e.error, &g.error)?;
        if e.error.is_some() {
            return Ok(());
        }
        if let Some(x) = &g.error {
            return Err(Mismatch::described(format!("refused: {x}")));
        }
        want("places", &e.places, &g.places)?;
        want("team_points", &e.team_points, &g.team_points)?;
        if let Some(ea) = &e.appeal {
            let Some(ga) = &g.appeal else {
                return Err(Mismatch::described("no appeal decision".to_string()));
            };
            want("appeal.ruling", &Some(ea.ruling), &Some(ga.ruling))?;
            want(
                "appeal.minutes_after_end",
                &ea.minutes_after_end,
                &ga.minutes_after_end,
            )?;
            want("appeal.answer_by", &ea.answer_by, &ga.answer_by)?;
        }
        Ok(())
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GoEventInput),
            schemars::schema_for!(GoEventExpected),
        )
    }
}
