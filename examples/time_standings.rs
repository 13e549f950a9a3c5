//! Times `standings::compute` on the generated Swiss events of
//! `benches/common/events.rs` (after 4 rounds of 9, 2020 14.3.1) — a quick
//! look between criterion runs, and something to put under `perf record`
//! (`cargo bench --bench standings` gives the figures to report).
//!
//! `cargo run --release --example time_standings [PLAYERS] [REPEAT]`
//! (default 100,000 players, 3 runs): each run's time and the best. Times
//! are the thread's CPU time (Linux), so that other work on the machine
//! does not inflate them; elsewhere the wall clock.

#[path = "../benches/common/cpu.rs"]
mod cpu;
#[path = "../benches/common/events.rs"]
mod events;

use qigui::event::GameName;

fn main() {
    let mut args = std::env::args().skip(1);
    let players: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let repeat: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    if players < 2 {
        eprintln!("usage: time_standings [PLAYERS ≥ 2] [REPEAT]");
        std::process::exit(2);
    }
    let t = events::swiss_event(GameName::Xiangqi, players, 4, 9);
    let mut best = f64::MAX;
    for run in 1..=repeat.max(1) {
        let start = cpu::now_ns();
        // Dropped inside the timing, as the bench's loop does.
        let ok = qigui::event::standings::compute(&t, None).map(|s| s.rows.len());
        let ms = cpu::ms_between(start, cpu::now_ns());
        if let Err(e) = ok {
            eprintln!("time_standings: {e}");
            std::process::exit(1);
        }
        best = best.min(ms);
        println!("run {run}: {ms:.1} ms");
    }
    let clock = if cpu::is_cpu_time() {
        "thread CPU time"
    } else {
        "wall time"
    };
    println!("{players} players, best of {repeat}: {best:.1} ms ({clock})");
}
