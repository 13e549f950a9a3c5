//! Times `judge` on every figure case, slowest first — a quick look between
//! criterion runs (`cargo bench --bench judge` gives the figures to report).
//! `cargo run --release --example time_figures [REPEAT] [FILTER]`: FILTER
//! keeps the cases whose id contains it (`/图` for chapter 8's figures).
//! Times are the thread's CPU time (Linux), so that other work on the
//! machine does not inflate them; elsewhere the wall clock.

#[path = "../benches/common/cpu.rs"]
mod cpu;
#[path = "../benches/common/figures.rs"]
mod figures;

use qigui::Limits;
use qigui::xiangqi::RepetitionRules;

fn main() {
    let repeat: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let filter = std::env::args().nth(2).unwrap_or_default();
    let limits = Limits::default();
    let mut rows = Vec::new();
    let mut total = 0.0;
    for f in figures::figures() {
        if !f.id.contains(filter.as_str()) {
            continue;
        }
        let t = cpu::now_ns();
        for _ in 0..repeat {
            let _ = qigui::judge(
                &f.start,
                &f.moves,
                &RepetitionRules::XIANGQI_2020,
                f.sequence,
                f.points,
                &f.key_points,
                &limits,
            );
        }
        let ms = cpu::ms_between(t, cpu::now_ns()) / f64::from(repeat);
        total += ms;
        rows.push((ms, f.id));
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ms, id) in &rows {
        println!("{ms:9.3} ms  {id}");
    }
    println!(
        "{total:9.3} ms  total ({} time)",
        if cpu::is_cpu_time() { "CPU" } else { "wall" }
    );
}
