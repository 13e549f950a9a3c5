//! `qigui standings FILE [--rules E] [--format text|json|csv|trf]`: the
//! ranking of a tournament file (YAML, JSON or TRF-2026) under a rulebook
//! (2020 articles 13–14, 18.5, 19, 20.3; 1999 14–15; Gomoku 28–29), every
//! tie-break in its own column, and for each row the tie-break that
//! separated it from the row above.

use std::path::Path;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use qigui::event::standings;

use super::EditionArg;

/// `qigui standings --format`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// A table for people, with the tie-break that separated each row
    Text,
    /// JSON for programs
    Json,
    /// Comma-separated values, a column per tie-break
    Csv,
    /// The tournament with its ranking as FIDE's TRF-2026
    Trf,
}

/// `qigui standings`' options.
#[derive(Args)]
pub struct StandingsArgs {
    /// The tournament file (YAML, JSON or TRF-2026; spec/tournament-format.md)
    #[arg(value_name = "FILE")]
    file: String,
    /// The rulebook to rank by (default: the file's `rules`, else the game's current edition)
    #[arg(long, value_name = "E", value_parser = super::edition())]
    rules: Option<EditionArg>,
    /// The output format
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    format: StandingsFormat,
}

pub fn standings(args: &StandingsArgs) -> Result<ExitCode, String> {
    let file = &args.file;
    let (mut t, notes) =
        qigui::formats::load_tournament_noted(Path::new(file)).map_err(|e| e.to_string())?;
    // A TRF file's notes (the system assumed, record 162's A and P,
    // tie-break codes the rules do not have, points the games do not give).
    for n in &notes {
        eprintln!("note: {n}");
    }
    let rules = args.rules.map(qigui::EditionId::as_str);
    let s = standings::compute(&t, rules).map_err(|e| format!("{file}: {e}"))?;
    match args.format {
        StandingsFormat::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&s.to_json()).unwrap_or_default()
        ),
        StandingsFormat::Csv => out!("{}", s.to_csv()),
        StandingsFormat::Trf => {
            if let Some(r) = rules {
                t.rules = Some(r.to_string());
            }
            let text = qigui::formats::trf::write(&t, Some(&s)).map_err(|e| e.to_string())?;
            out!("{text}");
        }
        StandingsFormat::Text => out!("{}", s.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}
