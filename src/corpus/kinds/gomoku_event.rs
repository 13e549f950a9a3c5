//! The kind `gomoku-event`: Gomoku 2025's event rules that follow from
//! what an organiser or referee knows: 猜先 and colours (10.1, 10.3),
//! line-ups under the team systems (26.2.1–26.2.3), 队员总分制 (26.2.5),
//! 擂台赛 and 对抗赛 (27.5, 27.6), the rounds, matches and games of an
//! event (9.3), a rapid play-off's control (30.4) and an appeal against a
//! ruling (22.2). The rules are in `src/gomoku/colours.rs`,
//! `team_systems.rs`, `contests.rs`, `rounds.rs`, `playoff.rs` and
//! `technical_appeal.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::edition::{Edition, GameKind};
use crate::gomoku::{EventQuestion, answer_question};

use super::{CaseError, CaseKind, Mismatch, Part, check_keys, issue, typed};

/// `gomoku-event` expected: the keys of the question's answer that the
/// case checks, or the refusal's `error` code. Every key given is
/// compared.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GomokuEventExpected {
    /// The refusal's code: `empty-hand`, `same-player`, `not-a-player`,
    /// `games`, `boards`, `first-game`, `teams`, `result`,
    /// `too-many-results`, `out-of-turn`, `no-loser`, `over`,
    /// `registration`, `count`, `not-registered`, `twice`, `moved`,
    /// `reserve`, `entrants`, `rounds`, `control`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The refusal's message (not compared unless given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `nigiri`: who takes black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// `match`: black of each game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Vec<String>>,
    /// Points by player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<BTreeMap<String, f64>>,
    /// The winner (player or team), or null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Value>,
    /// `match`: the game after which the winner is known, or null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_after: Option<Value>,
    /// Every game has a result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<bool>,
    /// `team_match`: each board's players and colours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<Value>>,
    /// Totals by team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<BTreeMap<String, f64>>,
    /// `arena`: the teams out, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminated: Option<Vec<String>>,
    /// `arena`: each remaining team's player on turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<BTreeMap<String, String>>,
    /// `arena`: the next game, or null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Value>,
    /// `arena`: the champion, or null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub champion: Option<Value>,
    /// Places by team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<BTreeMap<String, u32>>,
    /// `lineup`: the line-up is valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// `rounds`: 轮.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u64>,
    /// `rounds`: byes each round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byes_per_round: Option<u64>,
    /// `rounds`: 场 each round, or null (individual event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches_per_round: Option<Value>,
    /// `rounds`: 场 in all, or null.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches: Option<Value>,
    /// `rounds`: 局 each round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_per_round: Option<u64>,
    /// `rounds`: 局 in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// `playoff`: the control may be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<bool>,
    /// `playoff`: the control is rapid (30.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rapid: Option<bool>,
    /// `playoff`: it is shorter than the normal control (30.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shorter: Option<bool>,
    /// `playoff`: why not; `technical_appeal`: why (not compared unless
    /// given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `technical_appeal`: who hears it (`chief-referee`, `committee`), or
    /// null when the ruling is final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
    /// `technical_appeal`: received by that body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received: Option<bool>,
    /// `technical_appeal`: the clause that decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// `technical_appeal`: the fee's refund (`full`, `half-may`, `none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund: Option<String>,
}

fn answer_event(i: &EventQuestion) -> Value {
    match answer_question(i) {
        Ok(v) => v,
        Err(r) => json!({"error": r.code, "message": r.message}),
    }
}

/// `gomoku-event`.
pub(crate) struct EventKind;

impl CaseKind for EventKind {
    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        super::require_game("gomoku-event", GameKind::Gomoku, edition)?;
        let i: EventQuestion = typed(Part::Input, input)?;
        if i.questions() != 1 {
            return Err(issue(
                Part::Input,
                "give exactly one of nigiri, match, team_match, arena, lineup, team_totals, rounds, playoff and technical_appeal",
            ));
        }
        let e: GomokuEventExpected = typed(Part::Expected, expected)?;
        if e == GomokuEventExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, _: &Edition) -> Result<Value, CaseError> {
        let i: EventQuestion = typed(Part::Input, input)?;
        Ok(answer_event(&i))
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let refused_now = got.get("error").is_some();
        if refused_now && expected.get("error").is_none() {
            let why = got
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default();
            return Err(Mismatch::described(format!("refused: {why}")));
        }
        check_keys(expected, got)
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(EventQuestion),
            schemars::schema_for!(GomokuEventExpected),
        )
    }
}
