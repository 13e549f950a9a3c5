//! `qigui coverage`: every clause with its cases or the reason it has none.

use std::process::ExitCode;

use clap::Args;
use qigui::corpus::{self as coverage, CoverageStatus as Status};

use super::EditionArg;

/// `qigui coverage`'s options.
#[derive(Args)]
pub struct CoverageArgs {
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
    /// The edition whose clauses to list
    #[arg(long, value_name = "E", default_value_t = qigui::EditionId::Xiangqi2020, value_parser = super::edition())]
    edition: EditionArg,
    /// Print only the clauses that have neither cases nor a reason (and the totals)
    #[arg(long)]
    missing: bool,
}

pub fn coverage(args: &CoverageArgs) -> Result<ExitCode, String> {
    let edition_id = args.edition.as_str();
    let edition =
        qigui::Edition::get(edition_id).ok_or_else(|| format!("unknown edition '{edition_id}'"))?;
    let corpus = super::check::read(&args.paths).map_err(|es| {
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
        if !args.missing || matches!(status, Status::Missing) {
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
