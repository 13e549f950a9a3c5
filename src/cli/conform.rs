//! `qigui conform` (run the corpus through another implementation's
//! adapter) and `qigui adapter` (qigui itself speaking the adapter
//! protocol); `spec/adapter-protocol.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;
use std::time::Duration;

use clap::{ArgAction, Args};
use qigui::Edition;
use qigui::adapter::{self, PROTOCOL_VERSION};
use qigui::adapter::{ConformOptions, ConformReport, Decided};
use qigui::corpus::{Kind, Status};
use serde::Serialize;

use super::{EditionArg, ReportFormat};

/// `qigui conform`'s options.
#[derive(Args)]
pub struct ConformArgs {
    /// The adapter's command line, split like a shell's (quotes kept together) but run without one, e.g. "qigui adapter" or "python3 my_adapter.py"
    #[arg(long, value_name = "CMD ARGS")]
    adapter: String,
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
    /// Send only the cases of these kinds, comma-separated (e.g. perft,legal-moves; the kinds are listed by `qigui check --help`); may be repeated
    #[arg(long, visible_alias = "kind", value_name = "K,K", action = ArgAction::Append)]
    kinds: Vec<String>,
    /// Send only the cases of this edition
    #[arg(long, value_name = "E", value_parser = super::edition())]
    edition: Option<EditionArg>,
    /// The output format
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    format: ReportFormat,
    /// How long the adapter may take over one case, in milliseconds (default 30000)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    timeout_ms: Option<u64>,
    /// Also send the cases the corpus skips, and report them apart, uncounted
    #[arg(long)]
    include_skipped: bool,
}

/// `qigui adapter`'s options.
#[derive(Args)]
pub struct AdapterArgs {
    /// List the kinds of case it answers, one a line, and stop
    #[arg(long)]
    kinds: bool,
}

/// One row of the clause table.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Some instance was sent to the adapter or skipped by the corpus.
    claimed: bool,
}

/// The clause table: (edition, clause) in book order, with the tallies;
/// clauses whose cases are all of kinds or editions the adapter does not
/// claim are left out (the skip reasons count them).
fn clause_table(report: &ConformReport) -> Vec<(&'static str, String, Tally)> {
    let mut rows: BTreeMap<(usize, usize, String), (&'static str, Tally)> = BTreeMap::new();
    let editions = Edition::ids();
    for r in &report.results {
        let ed_rank = editions
            .iter()
            .position(|e| *e == r.edition)
            .unwrap_or(usize::MAX);
        let order: Vec<&str> = Edition::get(r.edition)
            .map(|e| e.clauses().ids().collect())
            .unwrap_or_default();
        for c in &r.clauses {
            let rank = order.iter().position(|x| x == c).unwrap_or(usize::MAX);
            let (_, t) = rows
                .entry((ed_rank, rank, c.clone()))
                .or_insert_with(|| (r.edition, Tally::default()));
            match r.status {
                Status::Passed => t.passed += 1,
                Status::Failed(_) => t.failed += 1,
                Status::Skipped(_) => t.skipped += 1,
            }
            t.claimed |= r.decided != Decided::NotClaimed;
        }
    }
    rows.into_iter()
        .filter(|(_, (_, t))| t.claimed)
        .map(|((_, _, clause), (ed, t))| (ed, clause, t))
        .collect()
}

/// Skip reasons with their counts, most frequent first.
fn skip_reasons(report: &ConformReport) -> Vec<(usize, String)> {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for r in &report.results {
        if let Status::Skipped(why) = &r.status {
            *by.entry(why.clone()).or_default() += 1;
        }
    }
    let mut v: Vec<(usize, String)> = by.into_iter().map(|(k, n)| (n, k)).collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    v
}

fn failures(report: &ConformReport) -> Vec<(&str, &str)> {
    report
        .results
        .iter()
        .filter_map(|r| match &r.status {
            Status::Failed(m) => Some((r.name.as_str(), m.as_str())),
            _ => None,
        })
        .collect()
}

/// The cases the corpus skips that were run all the same (`--include-skipped`):
/// name, the adapter's status, and its message.
fn skipped_run(report: &ConformReport) -> Vec<(&str, &Status)> {
    report
        .results
        .iter()
        .filter_map(|r| r.ran_skipped.as_ref().map(|s| (r.name.as_str(), s)))
        .collect()
}

fn status_line(name: &str, s: &Status) -> String {
    match s {
        Status::Passed => format!("PASS {name}"),
        Status::Failed(m) => format!("FAIL {name}: {}", one_line(m)),
        Status::Skipped(m) => format!("SKIP {name}: {}", one_line(m)),
    }
}

/// The line that totals the corpus-skipped cases run, if any were.
fn skipped_run_summary(report: &ConformReport, opts: &ConformOptions) -> Option<String> {
    if !opts.include_skipped {
        return None;
    }
    let (p, f, s) = report.skipped_run_totals();
    Some(format!(
        "corpus-skipped cases run (not counted): {p} passed, {f} failed, {s} skipped"
    ))
}

/// Columns a string takes in a terminal: CJK characters take two.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if ('\u{2e80}'..='\u{ffef}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

fn one_line(s: &str) -> String {
    s.replace('\n', " ⏎ ")
}

fn text(report: &ConformReport, command: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "adapter   {} (protocol {PROTOCOL_VERSION})\ncommand   {command}\nkinds     {}\n",
        report.adapter,
        report.kinds.join(", ")
    ));
    if let Some(e) = &report.editions {
        out.push_str(&format!("editions  {}\n", e.join(", ")));
    }
    out.push('\n');
    let rows = clause_table(report);
    let w_ed = rows.iter().map(|r| r.0.len()).max().unwrap_or(7).max(7);
    let w_cl = rows.iter().map(|r| width(&r.1)).max().unwrap_or(6).max(6);
    out.push_str(&format!(
        "{:<w_ed$}  {:<w_cl$}  {:>6}  {:>6}  {:>7}\n",
        "edition", "clause", "passed", "failed", "skipped"
    ));
    for (ed, clause, t) in &rows {
        let pad = w_cl.saturating_sub(width(clause));
        out.push_str(&format!(
            "{ed:<w_ed$}  {clause}{:pad$}  {:>6}  {:>6}  {:>7}\n",
            "", t.passed, t.failed, t.skipped
        ));
    }
    let fails = failures(report);
    if !fails.is_empty() {
        out.push_str("\nfailing cases\n");
        for (name, m) in fails {
            out.push_str(&format!("FAIL {name}: {}\n", one_line(m)));
        }
    }
    let skips = skip_reasons(report);
    if !skips.is_empty() {
        out.push_str("\nskipped\n");
        for (n, why) in skips {
            out.push_str(&format!("{n:>5}  {}\n", one_line(&why)));
        }
    }
    let ran = skipped_run(report);
    if !ran.is_empty() {
        out.push_str("\ncorpus-skipped cases, run with --include-skipped (not counted)\n");
        for (name, s) in ran {
            out.push_str(&format!("{}\n", status_line(name, s)));
        }
    }
    if !report.incidents.is_empty() {
        out.push_str("\nincidents\n");
        for i in &report.incidents {
            out.push_str(&format!("  {}\n", one_line(i)));
        }
    }
    out
}

fn cell(s: &str) -> String {
    one_line(s).replace('|', "\\|")
}

fn markdown(report: &ConformReport, command: &str) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "**{}** (adapter protocol {PROTOCOL_VERSION}), `{}`; kinds: {}\n\n",
        cell(&report.adapter),
        command.replace('`', "'"),
        report
            .kinds
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out.push_str("| edition | clause | passed | failed | skipped |\n|---|---|--:|--:|--:|\n");
    for (ed, clause, t) in clause_table(report) {
        out.push_str(&format!(
            "| {ed} | {} | {} | {} | {} |\n",
            cell(&clause),
            t.passed,
            t.failed,
            t.skipped
        ));
    }
    let fails = failures(report);
    if !fails.is_empty() {
        out.push_str("\n| failing case | how |\n|---|---|\n");
        for (name, m) in fails {
            out.push_str(&format!("| `{name}` | {} |\n", cell(m)));
        }
    }
    let skips = skip_reasons(report);
    if !skips.is_empty() {
        out.push_str("\n| skipped | why |\n|--:|---|\n");
        for (n, why) in skips {
            out.push_str(&format!("| {n} | {} |\n", cell(&why)));
        }
    }
    let ran = skipped_run(report);
    if !ran.is_empty() {
        out.push_str(
            "\n| corpus-skipped case, run with `--include-skipped` (not counted) | status | how |\n|---|---|---|\n",
        );
        for (name, s) in ran {
            let (code, m) = match s {
                Status::Passed => ("passed", ""),
                Status::Failed(m) => ("failed", m.as_str()),
                Status::Skipped(m) => ("skipped", m.as_str()),
            };
            out.push_str(&format!("| `{name}` | {code} | {} |\n", cell(m)));
        }
    }
    if !report.incidents.is_empty() {
        out.push('\n');
        for i in &report.incidents {
            out.push_str(&format!("- {}\n", cell(i)));
        }
    }
    out.push('\n');
    out
}

/// Passed, failed and skipped counts in `conform --format json`.
#[derive(Serialize)]
struct TotalsJson {
    passed: usize,
    failed: usize,
    skipped: usize,
}

/// The summary of `conform --format json`; `skipped_run` with
/// `--include-skipped` only.
#[derive(Serialize)]
struct SummaryJson {
    passed: usize,
    failed: usize,
    skipped: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped_run: Option<TotalsJson>,
}

/// The adapter in `conform --format json`.
#[derive(Serialize)]
struct AdapterJson<'a> {
    name: &'a str,
    command: &'a str,
    protocol: u32,
    kinds: &'a [String],
    editions: &'a Option<Vec<String>>,
}

/// A row of the clause table in `conform --format json`.
#[derive(Serialize)]
struct ClauseJson {
    edition: &'static str,
    clause: String,
    passed: usize,
    failed: usize,
    skipped: usize,
}

/// The status of a corpus-skipped case that was run (`--include-skipped`).
#[derive(Serialize)]
struct RanSkippedJson {
    status: &'static str,
    message: String,
}

/// A case in `conform --format json`.
#[derive(Serialize)]
struct CaseJson<'a> {
    name: &'a str,
    id: &'a str,
    edition: &'static str,
    kind: &'static str,
    clauses: &'a [String],
    status: &'static str,
    by: &'static str,
    message: String,
    expected: &'a serde_json::Value,
    elapsed_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    figure: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<&'a serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ran_skipped: Option<RanSkippedJson>,
}

/// `conform --format json`.
#[derive(Serialize)]
struct ReportJson<'a> {
    adapter: AdapterJson<'a>,
    summary: SummaryJson,
    clauses: Vec<ClauseJson>,
    incidents: &'a [String],
    cases: Vec<CaseJson<'a>>,
}

/// A status's message, empty for a pass.
fn message(s: &Status) -> String {
    match s {
        Status::Passed => String::new(),
        Status::Failed(m) | Status::Skipped(m) => m.clone(),
    }
}

/// The report as JSON (keys sorted, through `json_text`).
fn json_report(
    report: &ConformReport,
    command: &str,
    opts: &ConformOptions,
) -> Result<String, String> {
    let (passed, failed, skipped) = report.totals();
    let clauses = clause_table(report)
        .into_iter()
        .map(|(edition, clause, t)| ClauseJson {
            edition,
            clause,
            passed: t.passed,
            failed: t.failed,
            skipped: t.skipped,
        })
        .collect();
    let cases = report
        .results
        .iter()
        .map(|r| CaseJson {
            name: &r.name,
            id: &r.id,
            edition: r.edition,
            kind: r.kind,
            clauses: &r.clauses,
            status: r.status.code(),
            by: match r.decided {
                Decided::Corpus => "corpus",
                Decided::NotClaimed => "not-claimed",
                Decided::Adapter => "adapter",
                Decided::Failure => "failure",
            },
            message: message(&r.status),
            expected: &r.expected,
            elapsed_ms: r.elapsed.as_millis() as u64,
            figure: r.figure.as_deref(),
            output: r.output.as_ref(),
            ran_skipped: r.ran_skipped.as_ref().map(|s| RanSkippedJson {
                status: s.code(),
                message: message(s),
            }),
        })
        .collect();
    let skipped_run = opts.include_skipped.then(|| {
        let (passed, failed, skipped) = report.skipped_run_totals();
        TotalsJson {
            passed,
            failed,
            skipped,
        }
    });
    let out = ReportJson {
        adapter: AdapterJson {
            name: &report.adapter,
            command,
            protocol: PROTOCOL_VERSION,
            kinds: &report.kinds,
            editions: &report.editions,
        },
        summary: SummaryJson {
            passed,
            failed,
            skipped,
            skipped_run,
        },
        clauses,
        incidents: &report.incidents,
        cases,
    };
    super::json_text(&out, true)
}

/// `qigui conform --adapter "CMD ARGS" [PATH...] [--kinds K,K] [--edition E]
/// [--format text|json|markdown] [--timeout-ms N] [--include-skipped]`.
pub fn conform(args: &ConformArgs) -> Result<ExitCode, String> {
    let command = args.adapter.as_str();
    let mut opts = ConformOptions::new(command);
    opts.include_skipped = args.include_skipped;
    if let Some(ms) = args.timeout_ms {
        opts.timeout = Duration::from_millis(ms);
        opts.hello_timeout = opts.hello_timeout.max(opts.timeout);
    }
    let mut kinds = BTreeSet::new();
    for list in &args.kinds {
        for k in list.split([',', ' ']).filter(|k| !k.is_empty()) {
            if !Kind::ALL.iter().any(|x| x.name() == k) {
                return Err(format!(
                    "unknown kind '{k}'; known: {}",
                    Kind::ALL.map(|k| k.name()).join(", ")
                ));
            }
            kinds.insert(k.to_string());
        }
    }
    if !kinds.is_empty() {
        opts.kinds = Some(kinds);
    }
    opts.edition = args.edition.map(|e| e.as_str().to_string());
    let corpus = super::check::load(&args.paths)?;
    let report = adapter::conform(&corpus, &opts).map_err(|e| format!("adapter: {e}"))?;
    let (passed, failed, skipped) = report.totals();
    match args.format {
        ReportFormat::Json => outln!("{}", json_report(&report, command, &opts)?),
        ReportFormat::Markdown => {
            out!("{}", markdown(&report, command));
            if let Some(line) = skipped_run_summary(&report, &opts) {
                outln!("{line}\n");
            }
            outln!("{passed} passed, {failed} failed, {skipped} skipped");
        }
        ReportFormat::Text => {
            out!("{}", text(&report, command));
            if let Some(line) = skipped_run_summary(&report, &opts) {
                outln!("\n{line}");
            }
            outln!("{passed} passed, {failed} failed, {skipped} skipped");
        }
    }
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `qigui adapter`: serve the protocol on stdin/stdout.
pub fn adapter(args: &AdapterArgs) -> Result<ExitCode, String> {
    if args.kinds {
        outln!("{}", adapter::kinds().join("\n"));
        return Ok(ExitCode::SUCCESS);
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    adapter::serve(stdin.lock(), stdout.lock()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
