//! `qigui diff` and `qigui editions`: editions as data and what differs
//! between two of them.

use std::process::ExitCode;

use clap::Args;
use qigui::Edition;
use qigui::edition::Amendments;

use super::check::load;
use super::{EditionArg, EditionChoice, ReportFormat};

/// `qigui diff`'s options.
#[derive(Args)]
pub struct DiffArgs {
    /// The edition compared from
    #[arg(long, value_name = "E1", value_parser = super::edition())]
    from: EditionArg,
    /// The edition compared to (of the same game), or a draft edition's
    /// YAML file that amends E1 (spec/editions.md)
    #[arg(long, value_name = "E2|DRAFT.yaml", value_parser = super::edition_or_draft())]
    to: EditionChoice,
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
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
    let to = match &args.to {
        EditionChoice::Known(id) => *id,
        EditionChoice::Draft(path) => return diff_draft(args, path),
    };
    let corpus = load(&args.paths)?;
    let d =
        qigui::corpus::diff(&corpus, args.from.as_str(), to.as_str()).map_err(|e| e.to_string())?;
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

/// A decision point of a draft in `diff --format json`.
#[derive(serde::Serialize)]
struct DraftPointRow<'a> {
    point: &'a str,
    parent: &'a str,
    draft: &'a str,
    line: usize,
    changes: bool,
}

/// `qigui diff --from E --to DRAFT.yaml`: the decision points the draft
/// sets, parent's value → draft's, then every case of E whose outcome the
/// draft changes.
fn diff_draft(args: &DiffArgs, path: &std::path::Path) -> Result<ExitCode, String> {
    let draft = Edition::load_draft(path).map_err(|e| e.to_string())?;
    if draft.parent.id != args.from.as_str() {
        return Err(format!(
            "{}: the draft amends {}, not {}",
            path.display(),
            draft.parent.id,
            args.from
        ));
    }
    let corpus = load(&args.paths)?;
    let run = qigui::corpus::run_draft(&corpus, &draft);
    let file = path.display();
    match args.format {
        ReportFormat::Json => {
            let mut v = run.to_json();
            v["draft"] = draft.name.clone().into();
            v["parent"] = draft.parent.id.into();
            let points: Vec<DraftPointRow> = draft
                .points
                .iter()
                .map(|p| DraftPointRow {
                    point: &p.point,
                    parent: &p.parent,
                    draft: &p.draft,
                    line: p.line,
                    changes: p.changes(),
                })
                .collect();
            v["points"] = serde_json::to_value(points).map_err(|e| e.to_string())?;
            outln!("{v}");
        }
        ReportFormat::Markdown => {
            outln!("# {} → draft {}\n", draft.parent.id, draft.name);
            outln!("| decision point | {} | draft | where |", draft.parent.id);
            outln!("|---|---|---|---|");
            for p in &draft.points {
                outln!(
                    "| `{}` | {} | {} | {file}:{} |",
                    p.point,
                    p.parent,
                    p.draft,
                    p.line
                );
            }
            outln!("\n## Cases whose outcome changes ({})\n", run.changed.len());
            for d in &run.changed {
                outln!("* `{}`: {}", d.instance.name(), d.message);
            }
            outln!(
                "\n{} unchanged, {} not run under drafts.",
                run.unchanged,
                run.not_run.len()
            );
        }
        ReportFormat::Text => {
            outln!("{} → draft {} ({file})", draft.parent.id, draft.name);
            for p in &draft.points {
                let mark = if p.changes() { "changes" } else { "same" };
                outln!(
                    "  {}: {} → {} ({mark}, line {})",
                    p.point,
                    p.parent,
                    p.draft,
                    p.line
                );
            }
            outln!("cases whose outcome changes: {}", run.changed.len());
            for d in &run.changed {
                outln!("  {}: {}", d.instance.name(), d.message);
            }
            outln!(
                "{} unchanged, {} not run under drafts",
                run.unchanged,
                run.not_run.len()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
