//! Loading and running the whole corpus, as `qigui check cases` does.
//! `cargo bench --bench corpus`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;
use std::time::Duration;

fn corpus(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut g = c.benchmark_group("corpus");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(30));
    g.bench_function("load", |b| {
        b.iter(|| qigui::corpus::load(std::slice::from_ref(&root)).map(|c| c.cases.len()))
    });
    let loaded = qigui::corpus::load(std::slice::from_ref(&root)).unwrap_or_default();
    g.bench_function("run every instance", |b| {
        b.iter(|| {
            loaded
                .instances()
                .iter()
                .filter(|i| qigui::corpus::run(i) == qigui::corpus::Status::Passed)
                .count()
        })
    });
    g.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
