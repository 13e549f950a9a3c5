//! perft from the starting position: the whole of the move rules (2.2–2.3, 3.4)
//! at full speed. `cargo bench --bench perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::Position;
use std::hint::black_box;
use std::time::Duration;

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

criterion_group!(benches, perft);
criterion_main!(benches);
