//! `qigui diff` and `qigui editions`: editions as data and what differs
//! between two of them.

use std::process::ExitCode;

use qigui::Edition;
use qigui::edition::Amendments;

use super::Args;
use super::check::load;

pub fn diff(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["from", "to", "format"], &[])?;
    let format = args.format(&["text", "json", "markdown"])?;
    let (Some(from), Some(to)) = (args.value("from"), args.value("to")) else {
        return Err(
            "usage: qigui diff --from EDITION --to EDITION [--format text|json|markdown] [PATH...]"
                .into(),
        );
    };
    // Check the editions before reading the corpus, so that a typo is
    // reported as such.
    for e in [from, to] {
        if Edition::get(e).is_none() {
            return Err(format!(
                "unknown edition '{e}'; known: {}",
                Edition::ids().join(", ")
            ));
        }
    }
    let corpus = load(&args.positional)?;
    let d = qigui::corpus::diff(&corpus, from, to).map_err(|e| e.to_string())?;
    match format {
        "json" => outln!("{}", d.to_json()),
        "markdown" => out!("{}", d.to_markdown()),
        _ => out!("{}", d.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

pub fn editions(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &[], &["changes"])?;
    let data = Amendments::get().map_err(|e| e.to_string())?;
    for e in Edition::all() {
        let entry = data.edition(e.id);
        let relation = match (e.parent, entry.and_then(|x| x.reference.as_deref())) {
            (Some(p), _) => format!(" (amends {p})"),
            (None, Some(r)) => format!(" (compared with {r})"),
            (None, None) => String::new(),
        };
        outln!("{}\t{}{relation}", e.id, e.title);
        if args.has("changes") {
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
