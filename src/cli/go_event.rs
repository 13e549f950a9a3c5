//! `qigui go event FILE`: the school event's Go awards (奖项.一 four places,
//! 奖项.二.第一项 team points) or an appeal's reception (活动方案.七) from the
//! command line — the same rules the corpus kind `go-event` runs
//! (`spec/go.md`, "Awards and appeals").

use std::collections::BTreeMap;
use std::process::ExitCode;

use qigui::go::{self, Appeal, LastRounds};
use serde::{Deserialize, Serialize};

use super::TextOrJson;

/// The file: exactly one of `last_rounds` (with `teams`) and `appeal`, as
/// the `go-event` case input.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventFile {
    #[serde(default)]
    last_rounds: Option<LastRounds>,
    #[serde(default)]
    teams: Option<BTreeMap<String, String>>,
    #[serde(default)]
    appeal: Option<Appeal>,
}

/// `go event --format json`.
#[derive(Serialize, Default)]
struct EventJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    places: Option<BTreeMap<String, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    team_points: Option<BTreeMap<String, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    appeal: Option<AppealJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    refused: Option<String>,
}

#[derive(Serialize)]
struct AppealJson {
    ruling: go::AppealRuling,
    minutes_after_end: i64,
    answer_by: Option<String>,
}

fn ruling_code(r: go::AppealRuling) -> &'static str {
    match r {
        go::AppealRuling::Received => "received",
        go::AppealRuling::Oral => "oral",
        go::AppealRuling::Late => "late",
    }
}

fn answer(f: &EventFile) -> Result<EventJson, String> {
    if f.last_rounds.is_some() == f.appeal.is_some() {
        return Err("give exactly one of last_rounds and appeal".into());
    }
    if f.teams.is_some() && f.last_rounds.is_none() {
        return Err("teams go with last_rounds".into());
    }
    if let Some(a) = &f.appeal {
        return Ok(match go::decide_appeal(a) {
            Ok(d) => EventJson {
                appeal: Some(AppealJson {
                    ruling: d.ruling,
                    minutes_after_end: d.minutes_after_end,
                    answer_by: d.answer_by,
                }),
                ..EventJson::default()
            },
            Err(e) => EventJson {
                refused: Some(e.to_string()),
                ..EventJson::default()
            },
        });
    }
    let Some(r) = &f.last_rounds else {
        return Err("give last_rounds or appeal".into());
    };
    let refused = |e: go::AwardsError| EventJson {
        refused: Some(e.to_string()),
        ..EventJson::default()
    };
    let places = match go::places(r) {
        Ok(p) => p,
        Err(e) => return Ok(refused(e)),
    };
    let team_points = match &f.teams {
        None => None,
        Some(t) => match go::team_points(&places, t) {
            Ok(p) => Some(p),
            Err(e) => return Ok(refused(e)),
        },
    };
    Ok(EventJson {
        places: Some(
            places
                .iter()
                .map(|(n, p)| (n.clone(), p.number()))
                .collect(),
        ),
        team_points,
        ..EventJson::default()
    })
}

fn to_text(j: &EventJson) -> String {
    let mut out = String::new();
    if let Some(p) = &j.places {
        let mut v: Vec<(&String, &u32)> = p.iter().collect();
        v.sort_by_key(|(n, k)| (**k, (*n).clone()));
        for (n, k) in v {
            out.push_str(&format!("place\t{k}\t{n}\n"));
        }
    }
    if let Some(t) = &j.team_points {
        for (team, pts) in t {
            out.push_str(&format!("points\t{pts}\t{team}\n"));
        }
    }
    if let Some(a) = &j.appeal {
        out.push_str(&format!("appeal\t{}\n", ruling_code(a.ruling)));
        out.push_str(&format!(
            "minutes\t{} after the game's end\n",
            a.minutes_after_end
        ));
        if let Some(by) = &a.answer_by {
            out.push_str(&format!("answer\tby {by} (裁判组24小时内进行答复)\n"));
        }
    }
    if let Some(r) = &j.refused {
        out.push_str(&format!("refused\t{r}\n"));
    }
    out
}

/// Reads an event file (YAML or JSON) and prints the places and points or
/// the appeal's reception; exit 1 when the input is refused.
pub fn event(path: &str, format: TextOrJson) -> Result<ExitCode, String> {
    let text = super::read_input(path)?;
    qigui::limits::check_structure(&text, "event file").map_err(|e| format!("{path}: {e}"))?;
    let f: EventFile = yaml_serde::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let j = answer(&f).map_err(|e| format!("{path}: {e}"))?;
    match format {
        TextOrJson::Json => outln!("{}", super::json_text(&j, false)?),
        TextOrJson::Text => out!("{}", to_text(&j)),
    }
    Ok(if j.refused.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
