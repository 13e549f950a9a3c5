//! `qigui check` and `qigui export-json`.

use std::path::PathBuf;
use std::process::ExitCode;

use qigui::corpus::{self, Status};
use serde_json::json;

use super::Args;

pub(super) fn load(paths: &[String]) -> Result<corpus::Corpus, String> {
    let paths: Vec<PathBuf> = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths.iter().map(PathBuf::from).collect()
    };
    corpus::load(&paths).map_err(|errors| {
        let mut msg = String::new();
        for e in &errors {
            msg.push_str(&format!("\n{e}"));
        }
        format!("the corpus has {} error(s):{msg}", errors.len())
    })
}

pub fn check(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["edition", "kind", "format"], &[])?;
    let format = args.format(&["text", "json"])?;
    let corpus = load(&args.positional)?;
    if let Some(e) = args.value("edition") {
        if qigui::Edition::get(e).is_none() {
            return Err(format!("unknown edition '{e}'"));
        }
    }
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let mut rows = Vec::new();
    let mut errata = Vec::new();
    for inst in corpus.instances() {
        if args.value("edition").is_some_and(|e| e != inst.edition.id) {
            continue;
        }
        if args
            .value("kind")
            .is_some_and(|k| k != inst.case.raw.kind.name())
        {
            continue;
        }
        let status = corpus::run(&inst);
        match &status {
            Status::Passed => passed += 1,
            Status::Failed(m) => {
                failed += 1;
                if format == "text" {
                    outln!("FAIL {}: {m}", inst.name());
                }
            }
            Status::Skipped(_) => skipped += 1,
        }
        if let Some(e) = &inst.erratum {
            errata.push(format!("erratum {} in {}: {}", e.id, inst.name(), e.reason));
        }
        if format == "json" {
            let message = match &status {
                Status::Passed => String::new(),
                Status::Failed(m) | Status::Skipped(m) => m.clone(),
            };
            let mut row = json!({
                "id": inst.case.raw.id,
                "edition": inst.edition.id,
                "clauses": inst.clauses,
                "status": status.code(),
                "message": message,
            });
            if let Some(f) = &inst.case.raw.figure {
                row["figure"] = json!(f);
            }
            if let Some(e) = &inst.erratum {
                row["erratum"] = json!(e.id);
            }
            rows.push(row);
        }
    }
    if format == "json" {
        outln!(
            "{}",
            serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?
        );
    } else {
        for e in &errata {
            outln!("{e}");
        }
        if skipped > 0 {
            outln!("{passed} passed, {failed} failed, {skipped} skipped");
        } else {
            outln!("{passed} passed, {failed} failed");
        }
    }
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

pub fn export_json(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["out"], &[])?;
    let corpus = load(&args.positional)?;
    let bundle = corpus::export_json(&corpus);
    let text = serde_json::to_string_pretty(&bundle).map_err(|e| e.to_string())? + "\n";
    match args.value("out") {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))?,
        None => out!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
