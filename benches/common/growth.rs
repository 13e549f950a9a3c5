//! Timing helpers shared by the tournament benches: the best of a few runs,
//! and a table of sizes, times and growth exponents printed beside the
//! targets of issue 26.

use std::time::{Duration, Instant};

/// The best wall time of `runs` calls of `f` (at least one).
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        std::hint::black_box(f());
        best = best.min(t.elapsed());
    }
    best
}

/// Prints one line per size: the time, the growth exponent from the size
/// before (`t ∝ n^k`), and the target when there is one for that size,
/// with whether it is met.
pub fn report(title: &str, rows: &[(u32, Duration, Option<Duration>)]) {
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
}
