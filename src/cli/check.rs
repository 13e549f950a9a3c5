//! `qigui check` and `qigui export-json`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use qigui::corpus::{self, Status};
use serde::Serialize;

use super::{EditionChoice, TextOrJson};

/// `qigui check`'s options.
#[derive(Args)]
pub struct CheckArgs {
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
    /// Run only the cases of this edition; or, given a draft edition's YAML
    /// file (spec/editions.md), run its parent's cases under the draft and
    /// list every case whose outcome the draft changes (exit 1 if any)
    #[arg(long, value_name = "E|DRAFT.yaml", value_parser = super::edition_or_draft())]
    edition: Option<EditionChoice>,
    /// Run only the cases of this kind
    #[arg(long, value_name = "K", value_parser = clap::builder::PossibleValuesParser::new(corpus::Kind::ALL.map(corpus::Kind::name)))]
    kind: Option<String>,
    /// The output format: text (a line per failure, then the totals) or json (a row per case)
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    /// Under a heading after the failures, list every case run against an
    /// erratum (spec/errata.md) with its reason; without it, the closing
    /// line only counts them
    #[arg(long)]
    errata: bool,
}

/// `qigui export-json`'s options.
#[derive(Args)]
pub struct ExportArgs {
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
    /// Write the bundle to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
}

/// A row of `check --format json`.
#[derive(Serialize)]
struct CaseRow<'a> {
    id: &'a str,
    edition: &'a str,
    clauses: &'a [String],
    status: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    figure: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    erratum: Option<&'a str>,
}

/// The corpus the command runs: the files or folders named, read from
/// disk; without any, the corpus built into the binary (`cases/` as it was
/// when qigui was compiled), so that the commands run from any directory.
pub(super) fn read(paths: &[String]) -> Result<corpus::Corpus, Vec<corpus::CorpusError>> {
    if paths.is_empty() {
        corpus::embedded()
    } else {
        let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
        corpus::load(&paths)
    }
}

pub(super) fn load(paths: &[String]) -> Result<corpus::Corpus, String> {
    read(paths).map_err(|errors| {
        let mut msg = String::new();
        for e in &errors {
            msg.push_str(&format!("\n{e}"));
        }
        format!("the corpus has {} error(s):{msg}", errors.len())
    })
}

pub fn check(args: &CheckArgs) -> Result<ExitCode, String> {
    let only = match &args.edition {
        Some(EditionChoice::Draft(path)) => return check_draft(args, path),
        Some(EditionChoice::Known(id)) => Some(id.as_str()),
        None => None,
    };
    let format = args.format;
    let corpus = load(&args.paths)?;
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let mut rows = Vec::new();
    let mut errata = Vec::new();
    for inst in corpus.instances() {
        if only.is_some_and(|e| e != inst.edition.id) {
            continue;
        }
        if args
            .kind
            .as_ref()
            .is_some_and(|k| *k != inst.case.raw.kind.name())
        {
            continue;
        }
        let status = corpus::run(&inst);
        match &status {
            Status::Passed => passed += 1,
            Status::Failed(m) => {
                failed += 1;
                if format == TextOrJson::Text {
                    outln!("FAIL {}: {m}", inst.name());
                }
            }
            Status::Skipped(_) => skipped += 1,
        }
        if let Some(e) = &inst.erratum {
            errata.push(format!("  {} in {}: {}", e.id, inst.name(), e.reason));
        }
        if format == TextOrJson::Json {
            let message = match &status {
                Status::Passed => String::new(),
                Status::Failed(m) | Status::Skipped(m) => m.clone(),
            };
            let row = CaseRow {
                id: &inst.case.raw.id,
                edition: inst.edition.id,
                clauses: &inst.clauses,
                status: status.code(),
                message,
                figure: inst.case.raw.figure.as_deref(),
                erratum: inst.erratum.as_ref().map(|e| e.id.as_str()),
            };
            // Through a Value: the keys sorted, as this output has always been.
            rows.push(serde_json::to_value(&row).map_err(|e| e.to_string())?);
        }
    }
    if passed + failed + skipped == 0 {
        // A run that checked nothing is not a pass: a mistyped path or
        // filter in CI would otherwise go green.
        return Err(format!(
            "no case selected (edition {}, kind {})",
            only.unwrap_or("any"),
            args.kind.as_deref().unwrap_or("any")
        ));
    }
    if format == TextOrJson::Json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?
        );
    } else {
        if args.errata && !errata.is_empty() {
            outln!("Errata (spec/errata.md): cases whose expectation follows a corrected reading");
            for e in &errata {
                outln!("{e}");
            }
        }
        outln!("{}", closing_line(passed, failed, skipped, errata.len()));
    }
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `1343 passed, 0 failed[, N skipped][ (N cases carry an erratum)]`.
fn closing_line(passed: usize, failed: usize, skipped: usize, errata: usize) -> String {
    let mut line = format!("{passed} passed, {failed} failed");
    if skipped > 0 {
        line.push_str(&format!(", {skipped} skipped"));
    }
    match errata {
        0 => {}
        1 => line.push_str(" (1 case carries an erratum)"),
        n => line.push_str(&format!(" ({n} cases carry an erratum)")),
    }
    line
}

pub fn export_json(args: &ExportArgs) -> Result<ExitCode, String> {
    let corpus = load(&args.paths)?;
    let bundle = corpus::export_json(&corpus);
    let text = serde_json::to_string_pretty(&bundle).map_err(|e| e.to_string())? + "\n";
    match &args.out {
        Some(path) => write_atomically(std::path::Path::new(path), &text, &corpus)?,
        None => out!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path` through a temporary sibling and a rename, so
/// that a failed write leaves the old file whole; refuses to overwrite a
/// file the corpus was read from.
fn write_atomically(
    path: &std::path::Path,
    text: &str,
    corpus: &corpus::Corpus,
) -> Result<(), String> {
    let same = |f: &std::path::Path| match (f.canonicalize(), path.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if corpus.cases.iter().any(|c| same(&c.file)) {
        return Err(format!(
            "{}: is one of the corpus files read; --out must name another file",
            path.display()
        ));
    }
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })
}

/// `qigui check --edition DRAFT.yaml`: the draft's parent's cases run under
/// the draft; a changed outcome is reported as a line and counts as failed.
fn check_draft(args: &CheckArgs, path: &std::path::Path) -> Result<ExitCode, String> {
    let draft = qigui::Edition::load_draft(path).map_err(|e| e.to_string())?;
    let mut corpus = load(&args.paths)?;
    if let Some(k) = &args.kind {
        corpus.cases.retain(|c| c.raw.kind.name() == k);
    }
    let run = corpus::run_draft(&corpus, &draft);
    let changed = &run.changed;
    match args.format {
        TextOrJson::Json => outln!("{}", run.to_json()),
        TextOrJson::Text => {
            for d in changed {
                outln!("CHANGED {}: {}", d.instance.name(), d.message);
            }
            outln!(
                "draft {} of {}: {} unchanged, {} changed, {} not run",
                draft.name,
                draft.parent.id,
                run.unchanged,
                changed.len(),
                run.not_run.len()
            );
        }
    }
    Ok(if changed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
