//! Judging each 棋例 figure's cycle from its position (棋例 II): every move
//! labelled and the cycle ruled on, as `qigui judge` does — and the cycles
//! of real master games (`../shared/realgames/master-cycles.yaml`).
//! `cargo bench --bench judge`.
//!
//! After criterion's own measurements, the bench prints every figure case
//! beside its target (each under 10 ms, all 82 under 100 ms) and the real
//! cycles' 50th, 95th and 99th percentiles beside theirs (under 2 ms at the 99th),
//! as a Markdown table also written to `target/judge-performance.md` for
//! docs/performance.md. Each time there is the median of repeated runs.
//! The figures with targets also go through `common/targets.rs` (a
//! `figure:` line each, and `target/bench-figures.jsonl` for
//! `tools/bench/perf_section.py`): every figure case over its target by
//! name, the slowest of the others, all 82 together, and the real cycles'
//! percentiles.

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::xiangqi::{RepetitionRules, Sequence};
use qigui::{Limits, Move, Position};
use std::fmt::Write as _;
use std::time::Duration;

#[path = "common/figures.rs"]
mod figures;
use figures::{Figure, figures};

#[path = "common/cycles.rs"]
mod cycles;

#[path = "common/cpu.rs"]
mod cpu;

#[path = "common/targets.rs"]
mod targets;
use targets::{Measure, Target};

/// Each figure case's target, and all of them together (issue 26).
const FIGURE_TARGET_MS: f64 = 10.0;
const ALL_FIGURES_TARGET_MS: f64 = 100.0;
/// The real cycles' target at the 99th percentile.
const CYCLE_P99_TARGET_MS: f64 = 2.0;

fn judge_cycle(
    start: &Position,
    moves: &[Move],
    seq: Sequence,
    points: Option<u32>,
    key: &[qigui::Square],
) -> usize {
    qigui::judge(
        start,
        moves,
        &RepetitionRules::XIANGQI_2020,
        seq,
        points,
        key,
        &Limits::default(),
    )
    .moves
    .len()
}

fn run(f: &Figure) -> usize {
    judge_cycle(&f.start, &f.moves, f.sequence, f.points, &f.key_points)
}

fn run_cycle(c: &cycles::Cycle) -> usize {
    judge_cycle(&c.start, &c.moves, Sequence::Threefold, None, &[])
}

/// The median CPU time of one call of `f` in milliseconds ([`cpu`]) over at
/// least 5 samples filling about `budget`, each sample timing calls
/// repeated for at least [`SAMPLE`] (the CPU clock advances by scheduler
/// ticks: [`cpu::per_call_ms`]).
fn median_ms(budget: Duration, mut f: impl FnMut() -> usize) -> f64 {
    let samples = (budget.as_secs_f64() / SAMPLE.as_secs_f64()).clamp(5.0, 200.0) as usize;
    let mut times: Vec<f64> = (0..samples)
        .map(|_| cpu::per_call_ms(SAMPLE, &mut f).0)
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The least CPU time one sample of [`median_ms`] spans: a dozen ticks of
/// the CPU clock, so that a tick's rounding is under a tenth of it.
const SAMPLE: Duration = Duration::from_millis(50);

/// The `p`th percentile (0–100) of sorted values, nearest rank.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn verdict(ok: bool) -> &'static str {
    if ok { "ok" } else { "OVER" }
}

/// Every figure case and the real cycles beside their targets.
fn table(figs: &[Figure]) -> String {
    let mut out = String::new();
    let mut rows: Vec<(f64, &str)> = figs
        .iter()
        .map(|f| {
            (
                median_ms(Duration::from_millis(200), || run(f)),
                f.id.as_str(),
            )
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.0).sum();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    let over = rows.iter().filter(|r| r.0 >= FIGURE_TARGET_MS).count();
    if recording() {
        record_figures(&rows, total);
    }
    let _ = writeln!(
        out,
        "| case | median {} ms | target | |\n|---|---:|---:|---|",
        if cpu::is_cpu_time() { "CPU" } else { "wall" }
    );
    for (ms, id) in &rows {
        let _ = writeln!(
            out,
            "| {} | {ms:.3} | < {FIGURE_TARGET_MS} | {} |",
            id.trim_start_matches("xiangqi-2020/"),
            verdict(*ms < FIGURE_TARGET_MS)
        );
    }
    let _ = writeln!(
        out,
        "| all {} figure cases (sum of medians) | {total:.1} | < {ALL_FIGURES_TARGET_MS} | {} |",
        rows.len(),
        verdict(total < ALL_FIGURES_TARGET_MS)
    );
    let _ = writeln!(
        out,
        "| slowest figure case | {:.3} | < {FIGURE_TARGET_MS} | {} ({over} over) |",
        rows.first().map_or(0.0, |r| r.0),
        verdict(over == 0)
    );
    match cycles::cycles() {
        Ok(cs) => {
            let mut timed: Vec<(f64, &str)> = cs
                .iter()
                .map(|c| {
                    (
                        median_ms(Duration::from_millis(50), || run_cycle(c)),
                        c.id.as_str(),
                    )
                })
                .collect();
            timed.sort_by(|a, b| a.0.total_cmp(&b.0));
            let slowest = timed.last().map_or("", |t| t.1);
            let times: Vec<f64> = timed.iter().map(|t| t.0).collect();
            let (p50, p99) = (percentile(&times, 50.0), percentile(&times, 99.0));
            if recording() {
                record_cycles(&times, slowest);
            }
            let _ = writeln!(
                out,
                "| {} real cycles, 50th percentile | {p50:.3} | | |",
                times.len()
            );
            let _ = writeln!(
                out,
                "| {} real cycles, 95th percentile | {:.3} | | |",
                times.len(),
                percentile(&times, 95.0)
            );
            let _ = writeln!(
                out,
                "| {} real cycles, 99th percentile | {p99:.3} | < {CYCLE_P99_TARGET_MS} | {} |",
                times.len(),
                verdict(p99 < CYCLE_P99_TARGET_MS)
            );
            let _ = writeln!(
                out,
                "| {} real cycles, slowest ({slowest}) | {:.3} | | |",
                times.len(),
                times.last().copied().unwrap_or(0.0)
            );
        }
        Err(e) => {
            let _ = writeln!(out, "| real cycles: not measured ({e}) | | | |");
        }
    }
    out
}

/// Whether the figures are recorded: under `cargo bench` (which passes
/// `--bench`), not when `cargo test --benches` runs the bench once as a
/// test.
fn recording() -> bool {
    std::env::args().any(|a| a == "--bench")
}

/// The figure cases beside their targets, through `targets.rs`: each case
/// at or over 10 ms by name (slowest first), then the slowest of the cases
/// under it, then the sum of all. `rows` are (median ms, id), slowest first.
fn record_figures(rows: &[(f64, &str)], total: f64) {
    let each = Target::under_ms(FIGURE_TARGET_MS);
    let name = |id: &str| id.trim_start_matches("xiangqi-2020/").to_string();
    for (ms, id) in rows.iter().filter(|r| r.0 >= FIGURE_TARGET_MS) {
        let what = format!("judge figure case {}", name(id));
        targets::record("classifier", &what, Measure::ms(*ms), Some(each));
    }
    let under: Vec<&(f64, &str)> = rows.iter().filter(|r| r.0 < FIGURE_TARGET_MS).collect();
    if let Some((ms, id)) = under.first() {
        let what = format!(
            "judge figure case, slowest of the {}{} ({})",
            if under.len() < rows.len() {
                "other "
            } else {
                ""
            },
            under.len(),
            name(id)
        );
        targets::record("classifier", &what, Measure::ms(*ms), Some(each));
    }
    targets::record(
        "classifier",
        &format!("judge all {} figure cases (sum of medians)", rows.len()),
        Measure::ms(total),
        Some(Target::under_ms(ALL_FIGURES_TARGET_MS)),
    );
}

/// The real cycles' percentiles beside the target at the 99th, through
/// `targets.rs`; `times` sorted, in ms.
fn record_cycles(times: &[f64], slowest: &str) {
    let n = times.len();
    for (p, target) in [
        (50.0, None),
        (95.0, None),
        (99.0, Some(Target::under_ms(CYCLE_P99_TARGET_MS))),
    ] {
        let what = format!("judge {n} real cycles, {p:.0}th percentile");
        targets::record(
            "classifier",
            &what,
            Measure::ms(percentile(times, p)),
            target,
        );
    }
    let what = format!("judge {n} real cycles, slowest ({slowest})");
    let ms = times.last().copied().unwrap_or(0.0);
    targets::record("classifier", &what, Measure::ms(ms), None);
}

fn bench(c: &mut Criterion) {
    let figs = figures();
    let chapter8: Vec<&Figure> = figs
        .iter()
        .filter(|f| f.id.ends_with("/position") && !f.id.contains("参考图"))
        .collect();
    let mut g = c.benchmark_group("judge");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("chapter 8 figures together (图2–30)", |b| {
        b.iter(|| chapter8.iter().map(|f| run(f)).sum::<usize>())
    });
    g.bench_function("all 82 figure cases together", |b| {
        b.iter(|| figs.iter().map(run).sum::<usize>())
    });
    if let Ok(cs) = cycles::cycles() {
        g.bench_function(format!("all {} real cycles together", cs.len()), |b| {
            b.iter(|| cs.iter().map(run_cycle).sum::<usize>())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("judge figure");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(1));
    for f in &figs {
        let name = f.id.trim_start_matches("xiangqi-2020/").to_string();
        g.bench_function(name, |b| b.iter(|| run(f)));
    }
    g.finish();
    let t = table(&figs);
    println!("\nEach figure case and the real cycles beside their targets:\n\n{t}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/judge-performance.md");
    if std::fs::write(&path, &t).is_ok() {
        println!("(written to {})", path.display());
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
