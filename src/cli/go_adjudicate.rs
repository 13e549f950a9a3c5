//! `qigui go adjudicate FILE`: the Go referee's log (`spec/go.md`, "The
//! referee's log"; `qigui::go::adjudicate`) from the command line — the
//! same adjudication the corpus kind `go-referee` runs.

use std::process::ExitCode;

use qigui::go::{self, LogError, RefereeLog, Verdict};
use serde::Serialize;

use super::TextOrJson;

/// `go adjudicate --format json` for an adjudicated log.
#[derive(Serialize)]
struct VerdictJson<'a> {
    result: go::Outcome,
    clause: &'static str,
    plies: usize,
    main_left: Option<[u32; 2]>,
    reserve_left: Option<[u32; 2]>,
    conceded_by: Option<go::Stone>,
    sealed: Option<&'a str>,
}

/// `go adjudicate --format json` for a log refused at an entry.
#[derive(Serialize)]
struct ErrorJson<'a> {
    entry: usize,
    code: &'static str,
    reason: &'a str,
}

/// The outcome's code as the corpus writes it (`black_wins`).
fn code(o: go::Outcome) -> Result<String, String> {
    match serde_json::to_value(o).map_err(|e| e.to_string())? {
        serde_json::Value::String(s) => Ok(s),
        v => Ok(v.to_string()),
    }
}

/// The human-readable report.
fn to_text(v: &Verdict) -> Result<String, String> {
    let mut out = format!("result     {}\n", code(v.outcome)?);
    out.push_str(&format!("clause     {}\n", v.clause));
    out.push_str(&format!("plies      {}\n", v.plies));
    if let Some([b, w]) = v.main_left {
        let reserve = |i: usize| {
            v.reserve_left
                .map(|r| format!(" + {} min byo-yomi", r[i]))
                .unwrap_or_default()
        };
        out.push_str(&format!(
            "clocks     black {b} s{}, white {w} s{}\n",
            reserve(0),
            reserve(1)
        ));
    }
    if let Some(s) = v.conceded_by {
        out.push_str(&format!(
            "conceded   {s} gave up the contest (棋类比赛.5.(4))\n"
        ));
    }
    if let Some(s) = &v.sealed {
        out.push_str(&format!(
            "sealed     {s} (竞赛规定.14, played at the resumption)\n"
        ));
    }
    Ok(out)
}

fn refused(e: &LogError, format: TextOrJson) -> Result<ExitCode, String> {
    match format {
        TextOrJson::Json => {
            let j = ErrorJson {
                entry: e.entry,
                code: e.code,
                reason: &e.reason,
            };
            outln!("{}", super::json_text(&j, false)?);
        }
        TextOrJson::Text => outln!("refused    {e} ({})", e.code),
    }
    Ok(ExitCode::from(1))
}

/// Adjudicates a referee's log file (YAML or JSON).
pub fn adjudicate(path: &str, format: TextOrJson) -> Result<ExitCode, String> {
    let text = super::read_input(path)?;
    let log: RefereeLog = yaml_serde::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let v = match go::adjudicate(&log) {
        Ok(v) => v,
        Err(e) => return refused(&e, format),
    };
    match format {
        TextOrJson::Json => {
            let j = VerdictJson {
                result: v.outcome,
                clause: v.clause,
                plies: v.plies,
                main_left: v.main_left,
                reserve_left: v.reserve_left,
                conceded_by: v.conceded_by,
                sealed: v.sealed.as_deref(),
            };
            outln!("{}", super::json_text(&j, false)?);
        }
        TextOrJson::Text => out!("{}", to_text(&v)?),
    }
    Ok(ExitCode::SUCCESS)
}
