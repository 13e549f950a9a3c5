//! The calling thread's CPU time, for timings that other work on the
//! machine does not inflate: Linux's `/proc/thread-self/schedstat` (time
//! on the CPU in nanoseconds), or, where that cannot be read, the wall
//! clock since the first call.

use std::sync::OnceLock;
use std::time::Instant;

/// Whether [`now_ns`] reads CPU time (else wall time).
pub fn is_cpu_time() -> bool {
    schedstat_ns().is_some()
}

/// The thread's CPU time in nanoseconds (or wall time, see the module).
pub fn now_ns() -> u64 {
    schedstat_ns().unwrap_or_else(|| {
        static START: OnceLock<Instant> = OnceLock::new();
        u64::try_from(START.get_or_init(Instant::now).elapsed().as_nanos()).unwrap_or(u64::MAX)
    })
}

fn schedstat_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Milliseconds between two readings of [`now_ns`] (worth reading only
/// over a span of many scheduler ticks: [`per_call_ms`]).
#[allow(dead_code)] // used by examples/time_figures.rs, not by every bench
pub fn ms_between(start: u64, end: u64) -> f64 {
    end.saturating_sub(start) as f64 / 1e6
}

/// The CPU time of one call of `f` in milliseconds, from calls repeated
/// until at least `min` has passed on [`now_ns`]'s clock, with the number
/// of calls. `/proc/thread-self/schedstat` advances by scheduler ticks
/// (about 4 ms on the machine the README's figures come from) while the
/// thread runs, so a single short call reads as 0 or a whole tick: only a
/// span of many ticks is worth dividing.
#[allow(dead_code)] // not every bench that includes this module times short calls
pub fn per_call_ms<T>(min: std::time::Duration, mut f: impl FnMut() -> T) -> (f64, u32) {
    let start = now_ns();
    let min_ns = u64::try_from(min.as_nanos()).unwrap_or(u64::MAX);
    let mut calls = 0u32;
    loop {
        std::hint::black_box(f());
        calls += 1;
        let spent = now_ns().saturating_sub(start);
        if spent >= min_ns || calls == u32::MAX {
            return (spent as f64 / 1e6 / f64::from(calls), calls);
        }
    }
}
