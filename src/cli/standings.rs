//! `qigui standings FILE [--rules E] [--format text|json|csv|trf]`: the
//! ranking of a tournament file (YAML, JSON or TRF-2026) under a rulebook
//! (2020 articles 13–14, 18.5, 19, 20.3; 1999 14–15; Gomoku 28–29), every
//! tie-break in its own column, and for each row the tie-break that
//! separated it from the row above.

use std::path::Path;
use std::process::ExitCode;

use qigui::event::standings;

use super::Args;

const USAGE: &str = "usage: qigui standings FILE [--rules xiangqi-2020|xiangqi-1999|gomoku-2025] [--format text|json|csv|trf]";

pub fn standings(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["rules", "format"], &[])?;
    let [file] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let format = args.format(&["text", "json", "csv", "trf"])?;
    let mut t = qigui::formats::load_tournament(Path::new(file)).map_err(|e| e.to_string())?;
    let rules = args.value("rules");
    let s = standings::compute(&t, rules).map_err(|e| format!("{file}: {e}"))?;
    match format {
        "json" => outln!(
            "{}",
            serde_json::to_string_pretty(&s.to_json()).unwrap_or_default()
        ),
        "csv" => out!("{}", s.to_csv()),
        "trf" => {
            if let Some(r) = rules {
                t.rules = Some(r.to_string());
            }
            let text = qigui::formats::trf::write(&t, Some(&s)).map_err(|e| e.to_string())?;
            out!("{text}");
        }
        _ => out!("{}", s.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}
