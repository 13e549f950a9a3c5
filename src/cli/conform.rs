//! `qigui conform` (run the corpus through another implementation's
//! adapter) and `qigui adapter` (qigui itself speaking the adapter
//! protocol); `spec/adapter-protocol.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use qigui::Edition;
use qigui::adapter::{self, PROTOCOL_VERSION};
use qigui::adapter::{ConformOptions, ConformReport, Decided};
use qigui::corpus::{self, Kind, Status};
use serde_json::json;

use super::Args;

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

fn json_report(report: &ConformReport, command: &str, opts: &ConformOptions) -> serde_json::Value {
    let (passed, failed, skipped) = report.totals();
    let clauses: Vec<serde_json::Value> = clause_table(report)
        .into_iter()
        .map(|(ed, clause, t)| {
            json!({"edition": ed, "clause": clause, "passed": t.passed,
                   "failed": t.failed, "skipped": t.skipped})
        })
        .collect();
    let cases: Vec<serde_json::Value> = report
        .results
        .iter()
        .map(|r| {
            let message = match &r.status {
                Status::Passed => String::new(),
                Status::Failed(m) | Status::Skipped(m) => m.clone(),
            };
            let mut row = json!({
                "name": r.name,
                "id": r.id,
                "edition": r.edition,
                "kind": r.kind,
                "clauses": r.clauses,
                "status": r.status.code(),
                "by": match r.decided {
                    Decided::Corpus => "corpus",
                    Decided::NotClaimed => "not-claimed",
                    Decided::Adapter => "adapter",
                    Decided::Failure => "failure",
                },
                "message": message,
                "expected": r.expected,
                "elapsed_ms": r.elapsed.as_millis() as u64,
            });
            if let Some(f) = &r.figure {
                row["figure"] = json!(f);
            }
            if let Some(o) = &r.output {
                row["output"] = o.clone();
            }
            if let Some(s) = &r.ran_skipped {
                row["ran_skipped"] = json!({"status": s.code(), "message": match s {
                    Status::Passed => String::new(),
                    Status::Failed(m) | Status::Skipped(m) => m.clone(),
                }});
            }
            row
        })
        .collect();
    let mut summary = json!({"passed": passed, "failed": failed, "skipped": skipped});
    if opts.include_skipped {
        let (p, f, s) = report.skipped_run_totals();
        summary["skipped_run"] = json!({"passed": p, "failed": f, "skipped": s});
    }
    json!({
        "adapter": {"name": report.adapter, "command": command, "protocol": PROTOCOL_VERSION,
                    "kinds": report.kinds, "editions": report.editions},
        "summary": summary,
        "clauses": clauses,
        "incidents": report.incidents,
        "cases": cases,
    })
}

/// `qigui conform --adapter "CMD ARGS" [PATH...] [--kinds K,K] [--edition E]
/// [--format text|json|markdown] [--timeout-ms N] [--include-skipped]`.
pub fn conform(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(
        raw,
        &[
            "adapter",
            "kinds",
            "kind",
            "edition",
            "format",
            "timeout-ms",
        ],
        &["include-skipped"],
    )?;
    let format = args.format(&["text", "json", "markdown"])?;
    let command = args
        .value("adapter")
        .ok_or("--adapter \"CMD ARGS\" is required (e.g. --adapter \"qigui adapter\")")?;
    let mut opts = ConformOptions::new(command);
    opts.include_skipped = args.has("include-skipped");
    if let Some(ms) = args.value("timeout-ms") {
        let ms: u64 = ms
            .parse()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--timeout-ms {ms}: a positive number of milliseconds"))?;
        opts.timeout = Duration::from_millis(ms);
        opts.hello_timeout = opts.hello_timeout.max(opts.timeout);
    }
    let mut kinds = BTreeSet::new();
    for list in args.values("kinds").into_iter().chain(args.values("kind")) {
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
    if let Some(e) = args.value("edition") {
        if Edition::get(e).is_none() {
            return Err(format!("unknown edition '{e}'"));
        }
        opts.edition = Some(e.to_string());
    }
    let paths: Vec<PathBuf> = if args.positional.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        args.positional.iter().map(PathBuf::from).collect()
    };
    let corpus = corpus::load(&paths).map_err(|errors| {
        let mut msg = String::new();
        for e in &errors {
            msg.push_str(&format!("\n{e}"));
        }
        format!("the corpus has {} error(s):{msg}", errors.len())
    })?;
    let report = adapter::conform(&corpus, &opts).map_err(|e| format!("adapter: {e}"))?;
    let (passed, failed, skipped) = report.totals();
    match format {
        "json" => outln!(
            "{}",
            serde_json::to_string_pretty(&json_report(&report, command, &opts))
                .map_err(|e| e.to_string())?
        ),
        "markdown" => {
            out!("{}", markdown(&report, command));
            if let Some(line) = skipped_run_summary(&report, &opts) {
                outln!("{line}\n");
            }
            outln!("{passed} passed, {failed} failed, {skipped} skipped");
        }
        _ => {
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
pub fn adapter(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &[], &["kinds"])?;
    if args.has("kinds") {
        outln!("{}", adapter::kinds().join("\n"));
        return Ok(ExitCode::SUCCESS);
    }
    if !args.positional.is_empty() {
        return Err("takes no arguments".into());
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    adapter::serve(stdin.lock(), stdout.lock()).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
