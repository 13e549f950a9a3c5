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

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::xiangqi::{RepetitionRules, Sequence};
use qigui::{Limits, Move, Position};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

#[path = "common/figures.rs"]
mod figures;
use figures::{Figure, figures};

#[path = "common/cycles.rs"]
mod cycles;

#[path = "common/cpu.rs"]
mod cpu;

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

/// The median CPU time of `f` in milliseconds ([`cpu`]) over enough runs
/// to fill about `budget` (at least 5 runs).
fn median_ms(budget: Duration, mut f: impl FnMut() -> usize) -> f64 {
    let t = Instant::now();
    std::hint::black_box(f());
    let once = t.elapsed().max(Duration::from_micros(1));
    let runs = (budget.as_secs_f64() / once.as_secs_f64()).clamp(5.0, 200.0) as usize;
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = cpu::now_ns();
            std::hint::black_box(f());
            cpu::ms_between(t, cpu::now_ns())
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

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
