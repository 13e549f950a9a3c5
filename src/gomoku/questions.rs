//! One question about a Gomoku event, as a file or a corpus case gives it
//! (`qigui gomoku event FILE`, the corpus kind `gomoku-event`): 猜先 and
//! colours (10.1, 10.3), a team's line-up (26.2.1–26.2.3), 队员总分制
//! (26.2.5), 擂台赛 and 对抗赛 (27.5, 27.6), the rounds, matches and games
//! of an event (9.3), a rapid play-off's control (30.4) and an appeal
//! against a ruling (22.2).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use thiserror::Error;

use super::{
    ArenaInput, Lineup, MatchInput, MemberTotals, Nigiri, PlayoffInput, RoundsInput,
    TeamMatchInput, TechnicalAppeal, arena, check_lineup, count_rounds, individual_match, nigiri,
    playoff_ruling, team_match, team_totals, technical_appeal,
};

/// One question: exactly one key is given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EventQuestion {
    /// 10.3: who takes black after 猜先 (answer: `first`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nigiri: Option<Nigiri>,
    /// 27.6.1 with 10.1.2–10.1.3: a match between two players (answer:
    /// `black`, `points`, `winner`, `decided_after`, `finished`).
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "match")]
    pub match_: Option<MatchInput>,
    /// 27.6.2 with 10.1.4: a team match (answer: `boards`, `points`,
    /// `totals`, `winner`, `finished`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<TeamMatchInput>,
    /// 27.5: a 擂台赛 (answer: `eliminated`, `current`, `next`,
    /// `champion`, `places`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arena: Option<ArenaInput>,
    /// 26.2.1–26.2.3: a line-up (answer: `valid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lineup: Option<Lineup>,
    /// 26.2.5: team totals (answer: `totals`, `places`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_totals: Option<MemberTotals>,
    /// 9.3: the rounds, matches and games of an event (answer: `rounds`,
    /// `byes_per_round`, `matches_per_round`, `matches`, `games_per_round`,
    /// `games`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsInput>,
    /// 30.4: a play-off control (answer: `allowed`, `rapid`, `shorter`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playoff: Option<PlayoffInput>,
    /// 22.2: an appeal against a ruling (answer: `body`, `received`,
    /// `clause`, `reason`, `refund`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub technical_appeal: Option<TechnicalAppeal>,
}

impl EventQuestion {
    /// How many questions are given (one is answered).
    pub fn questions(&self) -> usize {
        [
            self.nigiri.is_some(),
            self.match_.is_some(),
            self.team_match.is_some(),
            self.arena.is_some(),
            self.lineup.is_some(),
            self.team_totals.is_some(),
            self.rounds.is_some(),
            self.playoff.is_some(),
            self.technical_appeal.is_some(),
        ]
        .iter()
        .filter(|&&q| q)
        .count()
    }
}

/// A question that cannot be answered: the input is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct Refusal {
    /// A short code (`moved`, `out-of-turn`, …; `spec/gomoku.md`).
    pub code: &'static str,
    /// What is wrong and where.
    pub message: String,
}

fn refused(code: &'static str, message: String) -> Result<Value, Refusal> {
    Err(Refusal { code, message })
}

fn out<T: Serialize>(v: &T) -> Result<Value, Refusal> {
    serde_json::to_value(v).map_err(|e| Refusal {
        code: "output",
        message: e.to_string(),
    })
}

/// The answer to the question, as JSON keys (`spec/gomoku.md`, "Events").
///
/// ```
/// use qigui::gomoku::{EventQuestion, answer_question};
/// let q: EventQuestion = serde_json::from_str(
///     r#"{"nigiri": {"black_holder": "Li", "black_stones": 5,
///                   "white_holder": "Wang", "white_stones": 3}}"#,
/// )
/// .unwrap();
/// assert_eq!(answer_question(&q).unwrap()["first"], "Wang"); // 8 is even
/// ```
pub fn answer_question(i: &EventQuestion) -> Result<Value, Refusal> {
    if let Some(n) = &i.nigiri {
        return match nigiri(n) {
            Ok(first) => Ok(json!({"first": first})),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(m) = &i.match_ {
        return match individual_match(m) {
            Ok(o) => out(&o),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(m) = &i.team_match {
        return match team_match(m) {
            Ok(o) => out(&o),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(a) = &i.arena {
        return match arena(a) {
            Ok(o) => out(&o),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(l) = &i.lineup {
        return match check_lineup(l) {
            Ok(()) => Ok(json!({"valid": true})),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(t) = &i.team_totals {
        return match team_totals(t) {
            Ok(o) => out(&o),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(r) = &i.rounds {
        return match count_rounds(r) {
            Ok(o) => out(&o),
            Err(e) => refused(e.code(), e.to_string()),
        };
    }
    if let Some(p) = &i.playoff {
        return match playoff_ruling(p) {
            Ok(o) => out(&o),
            Err(e) => refused("control", e.to_string()),
        };
    }
    if let Some(a) = &i.technical_appeal {
        return out(&technical_appeal(a));
    }
    refused(
        "no-question",
        "give one of nigiri, match, team_match, arena, lineup, team_totals, rounds, playoff and technical_appeal"
            .into(),
    )
}
