//! Times `judge` on every figure case and every real cycle, one line per
//! case, for comparing two builds run alternately
//! (`tools/bench/classifier_ratio.py`).
//!
//! `cargo run --release --example time_classifier [REPEAT] [FILTER]`
//! prints `figure<TAB>ID<TAB>MS` for each of the 82 figure cases of
//! `cases/xiangqi-2020/26-figures-positions.yaml` and `cycle<TAB>ID<TAB>MS`
//! for each cycle of `../shared/realgames/master-cycles.yaml` (left out,
//! with a line on standard error, when the file is not there): MS is the
//! least wall time of REPEAT runs (default 3), each a whole `judge`
//! (labels and ruling, as `qigui judge` does, without reading the input or
//! printing). FILTER keeps the cases whose id contains it. Wall time, not
//! the thread's CPU time: on the machines measured, the CPU time Linux
//! reports per thread advances by whole scheduler ticks (4 ms), coarser
//! than most cycles; the least of several runs leaves out the runs other
//! work interrupted.

#[path = "../benches/common/cycles.rs"]
mod cycles;
#[path = "../benches/common/figures.rs"]
mod figures;

use qigui::xiangqi::{RepetitionRules, Sequence};
use qigui::{Limits, Move, Position, Square};

/// The least wall time in milliseconds of `repeat` judgements of one cycle.
fn least_ms(
    repeat: u32,
    start: &Position,
    moves: &[Move],
    seq: Sequence,
    points: Option<u32>,
    key: &[Square],
) -> f64 {
    let limits = Limits::default();
    (0..repeat.max(1))
        .map(|_| {
            let t = std::time::Instant::now();
            let j = qigui::judge(
                start,
                moves,
                &RepetitionRules::XIANGQI_2020,
                seq,
                points,
                key,
                &limits,
            );
            std::hint::black_box(j);
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let repeat: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let filter = std::env::args().nth(2).unwrap_or_default();
    for f in figures::figures() {
        if f.id.contains(filter.as_str()) {
            let ms = least_ms(
                repeat,
                &f.start,
                &f.moves,
                f.sequence,
                f.points,
                &f.key_points,
            );
            println!("figure\t{}\t{ms:.4}", f.id);
        }
    }
    match cycles::cycles() {
        Ok(cs) => {
            for c in cs {
                if c.id.contains(filter.as_str()) {
                    let ms = least_ms(repeat, &c.start, &c.moves, Sequence::Threefold, None, &[]);
                    println!("cycle\t{}\t{ms:.4}", c.id);
                }
            }
        }
        Err(e) => eprintln!("real cycles not timed: {e}"),
    }
}
