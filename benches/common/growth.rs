//! Timing helpers shared by the tournament benches: the best of a few runs,
//! and a table of sizes, times and growth exponents printed beside the
//! targets of issue 26. Each time is also recorded with its target by
//! `targets.rs` (which the bench includes as `mod targets`), for
//! `tools/bench/perf_section.py`.

use std::time::{Duration, Instant};

/// The best time of `runs` runs of `f` (at least one): the calling
/// thread's CPU time where Linux gives it (`/proc/thread-self/schedstat`),
/// which other work on a shared machine does not inflate, else wall time.
/// That clock advances by scheduler ticks, so a run repeats `f` until 50 ms
/// have passed and counts the time of one call.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let (t, c) = (Instant::now(), thread_cpu_ns());
        let mut calls = 0u32;
        let took = loop {
            std::hint::black_box(f());
            calls += 1;
            let took = match (c, thread_cpu_ns()) {
                (Some(a), Some(b)) => Duration::from_nanos(b.saturating_sub(a)),
                _ => t.elapsed(),
            };
            if took >= Duration::from_millis(50) || calls >= 10_000 {
                break took;
            }
        };
        best = best.min(took / calls);
    }
    best
}

fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Prints one line per size: the time, the growth exponent from the size
/// before (`t ∝ n^k`), and the target when there is one for that size,
/// with whether it is met; and records each figure (`what` names the
/// operation, `unit` what is counted: "players").
pub fn report(title: &str, what: &str, unit: &str, rows: &[(u32, Duration, Option<Duration>)]) {
    println!("{title}");
    println!(
        "  {:>9}  {:>12}  {:>8}  target",
        "players", "time", "exponent"
    );
    let mut prev: Option<(u32, Duration)> = None;
    for &(n, t, target) in rows {
        let k = prev.map_or(String::from("-"), |(n0, t0)| {
            let k = (t.as_secs_f64() / t0.as_secs_f64().max(1e-9)).ln()
                / (f64::from(n) / f64::from(n0)).ln();
            format!("{k:.2}")
        });
        let goal = match target {
            Some(g) if t <= g => format!("under {g:?}: met"),
            Some(g) => format!("under {g:?}: NOT MET"),
            None => String::from("-"),
        };
        println!("  {n:>9}  {:>12}  {k:>8}  {goal}", format!("{t:.3?}"));
        prev = Some((n, t));
    }
    let mut prev: Option<(u32, Duration)> = None;
    for &(n, t, target) in rows {
        let growth = prev.map_or(String::new(), |(n0, t0)| {
            let k = (t.as_secs_f64() / t0.as_secs_f64().max(1e-9)).ln()
                / (f64::from(n) / f64::from(n0)).ln();
            format!(" (growth n^{k:.2} from {})", thousands(n0))
        });
        crate::targets::record(
            "tournaments",
            &format!("{what}, {} {unit}{growth}", thousands(n)),
            crate::targets::Measure::duration(t),
            target.map(|g| crate::targets::Target::under_ms(g.as_secs_f64() * 1e3)),
        );
        prev = Some((n, t));
    }
}

/// 100000 as `100,000`.
pub fn thousands(n: u32) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
