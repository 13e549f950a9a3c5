//! `qigui diff` and `qigui editions`: editions as data and what differs
//! between two of them.

use std::process::ExitCode;

use clap::Args;
use qigui::Edition;
use qigui::edition::Amendments;

use super::check::load;
use super::{EditionArg, ReportFormat};

/// `qigui diff`'s options.
#[derive(Args)]
pub struct DiffArgs {
    /// The edition compared from
    #[arg(long, value_name = "E1", value_parser = super::edition())]
    from: EditionArg,
    /// The edition compared to (of the same game)
    #[arg(long, value_name = "E2", value_parser = super::edition())]
    to: EditionArg,
    /// Corpus files or folders (default: cases/)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
    /// The output format
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
}

/// `qigui editions`' options.
#[derive(Args)]
pub struct EditionsArgs {
    /// Under each edition, the topics it changes: topic, clauses, before → after
    #[arg(long)]
    changes: bool,
}

pub fn diff(args: &DiffArgs) -> Result<ExitCode, String> {
    // The editions were checked before the corpus is read, so that a typo
    // is reported as such.
    let corpus = load(&args.paths)?;
    let d = qigui::corpus::diff(&corpus, &args.from, &args.to).map_err(|e| e.to_string())?;
    match args.format {
        ReportFormat::Json => outln!("{}", d.to_json()),
        ReportFormat::Markdown => out!("{}", d.to_markdown()),
        ReportFormat::Text => out!("{}", d.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

pub fn editions(args: &EditionsArgs) -> Result<ExitCode, String> {
    let data = Amendments::get().map_err(|e| e.to_string())?;
    for e in Edition::all() {
        let entry = data.edition(e.id);
        let relation = match (e.parent, entry.and_then(|x| x.reference.as_deref())) {
            (Some(p), _) => format!(" (amends {p})"),
            (None, Some(r)) => format!(" (compared with {r})"),
            (None, None) => String::new(),
        };
        outln!("{}\t{}{relation}", e.id, e.title);
        if args.changes {
            for c in data.changes(e.id) {
                let clauses = if c.rule.clauses.is_empty() {
                    "no clause".to_string()
                } else {
                    c.rule.clauses.join(", ")
                };
                let before = c
                    .base_rule
                    .map_or("(no rule stated)".to_string(), |b| b.rule.value.clone());
                outln!("\t{}\t{clauses}\t{} → {}", c.topic.id, before, c.rule.value);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
