//! `qigui coverage`: every clause with its cases or the reason it has none.

use std::path::PathBuf;
use std::process::ExitCode;

use qigui::corpus::{self as coverage, CoverageStatus as Status};

use super::Args;

pub fn coverage(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["edition"], &["missing"])?;
    let edition_id = args.value("edition").unwrap_or("xiangqi-2020");
    let edition =
        qigui::Edition::get(edition_id).ok_or_else(|| format!("unknown edition '{edition_id}'"))?;
    let paths: Vec<PathBuf> = if args.positional.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        args.positional.iter().map(PathBuf::from).collect()
    };
    let corpus = qigui::corpus::load(&paths).map_err(|es| {
        es.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let rows = coverage::coverage(&corpus, edition)?;
    let (mut covered, mut reasons, mut missing) = (0, 0, 0);
    for (id, status) in &rows {
        let line = match status {
            Status::Cases(v) => {
                covered += 1;
                format!(
                    "{id}\t{} case(s)\t{}",
                    v.len(),
                    v.first().cloned().unwrap_or_default()
                )
            }
            Status::NotExecutable(r) => {
                reasons += 1;
                format!("{id}\tnot executable\t{r}")
            }
            Status::Missing => {
                missing += 1;
                format!("{id}\tMISSING")
            }
            Status::NotRequired => format!("{id}\t-"),
        };
        if !args.has("missing") || matches!(status, Status::Missing) {
            outln!("{line}");
        }
    }
    outln!("{covered} clauses with cases, {reasons} not executable, {missing} missing");
    Ok(if missing > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
