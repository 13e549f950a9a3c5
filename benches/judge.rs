//! Judging each 棋例 figure's cycle from its position (棋例 II): every move
//! labelled and the cycle ruled on, as `qigui judge` does.
//! `cargo bench --bench judge`.

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::Limits;
use qigui::xiangqi::RepetitionRules;
use std::time::Duration;

#[path = "common/figures.rs"]
mod figures;
use figures::{Figure, figures};

fn bench(c: &mut Criterion) {
    let figs = figures();
    let limits = Limits::default();
    let run = |f: &Figure| {
        qigui::judge(
            &f.start,
            &f.moves,
            &RepetitionRules::XIANGQI_2020,
            f.sequence,
            f.points,
            &f.key_points,
            &limits,
        )
    };
    let chapter8: Vec<&Figure> = figs
        .iter()
        .filter(|f| f.id.ends_with("/position") && !f.id.contains("参考图"))
        .collect();
    let mut g = c.benchmark_group("judge");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("chapter 8 figures together (图2–30)", |b| {
        b.iter(|| chapter8.iter().map(|f| run(f).moves.len()).sum::<usize>())
    });
    g.bench_function("all 82 figure cases together", |b| {
        b.iter(|| figs.iter().map(|f| run(f).moves.len()).sum::<usize>())
    });
    for f in &chapter8 {
        let name =
            f.id.trim_start_matches("xiangqi-2020/")
                .trim_end_matches("/position")
                .to_string();
        g.bench_function(name, |b| b.iter(|| run(f).moves.len()));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
