//! perft: the whole of the move rules (2.2–2.3, 3.4) at full speed.
//!
//! * Criterion: the start position at depths 4 and 5.
//! * Figures: nodes per second from the start and the three positions of
//!   `cases/xiangqi-2020/perft.yaml` at depth 5, best of 3, beside issue 26's
//!   target (at least 1.35× commit 647c9de, measured side by side by
//!   `tools/bench/perft_ratio.sh`; 647c9de made 68 M nodes/s from the start
//!   on the machine, so about 92 M there).
//!
//! Each position's nodes per second also goes through `common/targets.rs`
//! (a `figure:` line, and `target/bench-figures.jsonl` for
//! `tools/bench/perf_section.py`), without a target of its own: the
//! target is a ratio to 647c9de measured side by side, which one build
//! cannot measure (`tools/bench/perft_ratio.sh BASE NEW` does).
//!
//! `cargo bench --bench perft`

use criterion::Criterion;
use qigui::{Position, Validation};
use std::hint::black_box;
use std::time::Duration;

#[path = "common/cpu.rs"]
#[allow(dead_code)] // the clock only
mod cpu;
#[path = "common/targets.rs"]
mod targets;

fn perft(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("start depth 4 (3,290,240 leaves)", |b| {
        b.iter(|| black_box(&start).perft(4))
    });
    g.bench_function("start depth 5 (133,312,995 leaves)", |b| {
        b.iter(|| black_box(&start).perft(5))
    });
    g.finish();
}

/// The positions of `tools/bench/perft_ratio.sh`.
const POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "middlegame",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    ),
    ("endgame", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"),
    (
        "cannons",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    ),
];

fn figures() {
    println!(
        "perft at depth 5, best of 3 (target: ≥ 1.35× 647c9de side by side, tools/bench/perft_ratio.sh; ≈ 92 M nodes/s from the start on the issue's machine):"
    );
    println!(
        "  {:<11} {:>12} {:>10} {:>12}",
        "position", "nodes", "time", "M nodes/s"
    );
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen_with(fen, Validation::Relaxed).expect("a position");
        // The thread's CPU time (`common/cpu.rs`), as the other benches.
        let mut best = Duration::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            // Repeated for 200 ms at least: the CPU clock advances by
            // scheduler ticks (`cpu::per_call_ms`).
            let (ms, _) = cpu::per_call_ms(Duration::from_millis(200), || {
                nodes = black_box(&pos).perft(5);
            });
            best = best.min(Duration::from_secs_f64(ms / 1e3));
        }
        let rate = nodes as f64 / best.as_secs_f64() / 1e6;
        let mark = if name == "start" {
            if rate >= 92.0 {
                "  (≥ 92: met)"
            } else {
                "  (< 92 here; compare side by side)"
            }
        } else {
            ""
        };
        println!(
            "  {name:<11} {nodes:>12} {:>10} {rate:>12.1}{mark}",
            format!("{best:.2?}")
        );
        targets::record(
            "perft",
            &format!(
                "perft {name}, depth 5 ({nodes} nodes; target ≥ 1.35× 647c9de side by side: tools/bench/perft_ratio.sh)"
            ),
            targets::Measure::other(rate, "M nodes/s"),
            None,
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    perft(&mut c);
    c.final_summary();
    if std::env::args().any(|a| a == "--bench") {
        figures();
    }
}
