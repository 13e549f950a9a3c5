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

/// Milliseconds between two readings of [`now_ns`].
pub fn ms_between(start: u64, end: u64) -> f64 {
    end.saturating_sub(start) as f64 / 1e6
}
