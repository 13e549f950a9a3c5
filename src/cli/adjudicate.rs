//! `qigui adjudicate FILE [--profile P] [--case ID] [--format text|json]`:
//! the referee's ruling on a game record (`spec/conduct.md`), or on every
//! `adjudication` case of a corpus file.

use std::process::ExitCode;

use clap::Args;
use qigui::xiangqi::conduct::{self as adjudicator, Adjudication};
use qigui::xiangqi::conduct::{GameRecord, Profile};
use serde::Serialize;
use serde_json::Value;

use super::TextOrJson;

/// `qigui adjudicate`'s options.
#[derive(Args)]
pub struct AdjudicateArgs {
    /// A game record (an event log, YAML or JSON; spec/conduct.md) or a corpus file, whose adjudication cases are each ruled on
    #[arg(value_name = "FILE")]
    file: String,
    /// The conduct profile to play under, overriding the record's (spec/conduct.md)
    #[arg(long, value_name = "P", value_parser = clap::builder::PossibleValuesParser::new(Profile::names(None)))]
    profile: Option<String>,
    /// Of a corpus file, rule only on the case with this id
    #[arg(long, value_name = "ID")]
    case: Option<String>,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

fn secs(ms: i64) -> String {
    let neg = ms < 0;
    let ms = ms.abs();
    let s = ms / 1000;
    let frac = ms % 1000;
    let body = if frac == 0 {
        format!("{}:{:02}", s / 60, s % 60)
    } else {
        format!("{}:{:02}.{:03}", s / 60, s % 60, frac)
    };
    if neg { format!("-{body}") } else { body }
}

fn text(a: &Adjudication, out: &mut String) {
    use std::fmt::Write;
    let profile = Profile::get(a.profile);
    let _ = writeln!(
        out,
        "profile: {}{}{}",
        a.profile,
        profile
            .map(|p| format!(" — {}", p.title))
            .unwrap_or_default(),
        if a.rapid && profile.is_some_and(|p| p.pace == qigui::xiangqi::conduct::Pace::Standard) {
            " (played under the rapid rules)"
        } else {
            ""
        }
    );
    match &a.ending {
        Some(e) => {
            let _ = writeln!(out, "result: {}", e.decision.code());
            let _ = writeln!(out, "reason: {}", e.ground.code());
            let _ = writeln!(out, "clauses: {}", e.clauses.join(", "));
        }
        None => {
            let _ = writeln!(out, "result: ongoing");
        }
    }
    let _ = writeln!(out, "plies: {}", a.plies);
    let f = a.fouls.counts();
    let _ = writeln!(out, "fouls: red {}, black {}", f[0], f[1]);
    if let Some(c) = &a.clock {
        let _ = writeln!(
            out,
            "clock: red {}, black {} (used: red {}, black {})",
            secs(c.remaining(0)),
            secs(c.remaining(1)),
            secs(c.used(0)),
            secs(c.used(1))
        );
    }
    if let Some(m) = a.marks {
        let _ = writeln!(out, "marks: red {}, black {} (20.3)", m[0], m[1]);
    }
    if let Some(k) = a.record_keeper {
        let _ = writeln!(out, "record entered by: {k} (7.3)");
    }
    if let Some(c) = a.must_change {
        let _ = writeln!(out, "must change: {c}");
    }
    if let Some(o) = &a.obligation
        && let qigui::xiangqi::conduct::Obligation::Moves(m) = &o.obligation
    {
        let _ = writeln!(
            out,
            "must move: {}",
            m.iter().map(|m| m.iccs()).collect::<Vec<_>>().join(" ")
        );
    }
    let _ = writeln!(out, "position: {}", a.position.fen());
    let _ = writeln!(out, "rulings:");
    for n in &a.notes {
        let _ = writeln!(
            out,
            "  entry {:>3}, ply {:>3}  {:<10} {}",
            n.entry,
            n.ply,
            n.clause.unwrap_or("-"),
            n.text
        );
    }
}

/// The clock in `adjudicate --format json`: seconds remaining, and used.
#[derive(Serialize)]
struct ClockJson {
    red: f64,
    black: f64,
    used: [f64; 2],
}

/// `adjudicate --format json`, one record or case; `id` is the case's.
#[derive(Serialize)]
struct AdjudicationJson<'a> {
    profile: &'static str,
    rapid: bool,
    result: &'static str,
    reason: Option<&'static str>,
    clauses: Vec<&'static str>,
    plies: usize,
    fouls: [u32; 2],
    foul_clauses: &'a [Vec<&'static str>; 2],
    clock: Option<ClockJson>,
    marks: Option<[&'static str; 2]>,
    record_keeper: Option<qigui::Color>,
    must_change: Option<qigui::Color>,
    fen: String,
    rulings: &'a [adjudicator::Note],
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
}

/// The JSON of one adjudication, keys sorted (through a `Value`) as this
/// output has always been.
fn json_of(a: &Adjudication, id: Option<String>) -> Result<Value, String> {
    let out = AdjudicationJson {
        profile: a.profile,
        rapid: a.rapid,
        result: a.result_code(),
        reason: a.ending.as_ref().map(|e| e.ground.code()),
        clauses: a
            .ending
            .as_ref()
            .map(|e| e.clauses.clone())
            .unwrap_or_default(),
        plies: a.plies,
        fouls: a.fouls.counts(),
        foul_clauses: &a.fouls.fouls,
        clock: a.clock.as_ref().map(|c| ClockJson {
            red: c.remaining(0) as f64 / 1000.0,
            black: c.remaining(1) as f64 / 1000.0,
            used: [c.used(0) as f64 / 1000.0, c.used(1) as f64 / 1000.0],
        }),
        marks: a.marks,
        record_keeper: a.record_keeper,
        must_change: a.must_change,
        fen: a.position.fen(),
        rulings: &a.notes,
        id,
    };
    serde_json::to_value(&out).map_err(|e| e.to_string())
}

/// Reads a YAML or JSON file into a value, with the location of a syntax error.
fn read(path: &str) -> Result<Value, String> {
    let text = super::read_input(path)?;
    qigui::limits::check_structure(&text, path).map_err(|e| e.to_string())?;
    yaml_serde::from_str::<Value>(&text).map_err(|e| {
        let loc = e
            .location()
            .map(|l| format!(":{}:{}", l.line(), l.column()))
            .unwrap_or_default();
        format!("{path}{loc}: {e}")
    })
}

pub fn adjudicate(args: &AdjudicateArgs) -> Result<ExitCode, String> {
    let format = args.format;
    let path = &args.file;
    let value = read(path)?;
    // A corpus file: every adjudication case in it (or the one named).
    let mut runs: Vec<(Option<String>, GameRecord, String)> = Vec::new();
    if let Some(cases) = value.get("cases").and_then(Value::as_array) {
        let edition = value
            .get("edition")
            .and_then(Value::as_str)
            .unwrap_or(qigui::Edition::current(qigui::GameKind::Xiangqi).id)
            .to_string();
        for (i, case) in cases.iter().enumerate() {
            if case.get("kind").and_then(Value::as_str) != Some("adjudication") {
                continue;
            }
            let id = case
                .get("id")
                .and_then(Value::as_str)
                .map_or_else(|| format!("case {}", i + 1), str::to_string);
            if args.case.as_ref().is_some_and(|c| *c != id) {
                continue;
            }
            let input = case.get("input").cloned().unwrap_or(Value::Null);
            let record: GameRecord =
                serde_json::from_value(input).map_err(|e| format!("{path}: {id}: input: {e}"))?;
            runs.push((Some(id), record, edition.clone()));
        }
        if runs.is_empty() {
            return Err(match args.case.as_deref() {
                Some(c) => format!("{path}: no adjudication case '{c}'"),
                None => format!("{path}: no adjudication cases"),
            });
        }
    } else {
        let record: GameRecord =
            serde_json::from_value(value).map_err(|e| format!("{path}: {e}"))?;
        runs.push((None, record, String::new()));
    }
    let mut json_out = Vec::new();
    let mut text_out = String::new();
    for (id, mut record, edition) in runs {
        if let Some(p) = args.profile.as_deref() {
            record.profile = Some(p.to_string());
        }
        let profile_name = record.profile.clone().unwrap_or_else(|| "national".into());
        let edition = if edition.is_empty() {
            Profile::get(&profile_name)
                .map(|p| p.edition.to_string())
                .ok_or_else(|| format!("{path}: unknown profile '{profile_name}'"))?
        } else {
            edition
        };
        let label = id.clone().unwrap_or_else(|| path.clone());
        let a = adjudicator::adjudicate(&record, &edition).map_err(|e| format!("{label}: {e}"))?;
        if format == TextOrJson::Json {
            json_out.push(json_of(&a, id)?);
        } else {
            if let Some(id) = id {
                text_out.push_str(&format!("== {id}\n"));
            }
            text(&a, &mut text_out);
        }
    }
    if format == TextOrJson::Json {
        let v = if json_out.len() == 1 {
            json_out.remove(0)
        } else {
            Value::Array(json_out)
        };
        text_out = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())? + "\n";
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text_out.as_bytes());
    Ok(ExitCode::SUCCESS)
}
