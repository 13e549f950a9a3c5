//! Game records: reading the two master-game PGN files (2,516 games,
//! tests/data/realgames/) and judging every game in them (every 待判局面
//! found, labelled and ruled on), on one core. Games per second is the
//! game count over the time criterion reports.
//! `cargo bench --bench records`.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qigui::formats::pgn;
use qigui::xiangqi::{Limits, RepetitionRules, judge_game};

fn bench(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/realgames");
    let files: Vec<(String, Vec<u8>)> = [
        "Hu_Ronghua_1391_UCI_games.pgn",
        "Liu_Dahua_1125_UCI_games.pgn",
    ]
    .iter()
    .map(|f| {
        (
            f.to_string(),
            std::fs::read(dir.join(f)).expect("the PGN file"),
        )
    })
    .collect();
    let read_all = || {
        files
            .iter()
            .flat_map(|(f, b)| pgn::read(b, f).expect("reads"))
            .collect::<Vec<_>>()
    };
    let games = read_all();
    let limits = Limits::default();
    let mut g = c.benchmark_group("records");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));
    g.throughput(Throughput::Elements(games.len() as u64));
    g.bench_function("read 2,516 PGN games", |b| b.iter(|| read_all().len()));
    g.bench_function(
        "judge 2,516 games (find every 待判局面, label, rule)",
        |b| {
            b.iter(|| {
                games
                    .iter()
                    .map(|r| {
                        let start = r.start_position().expect("start");
                        judge_game(
                            &start,
                            &r.main_line(),
                            &RepetitionRules::XIANGQI_2020,
                            &limits,
                        )
                        .len()
                    })
                    .sum::<usize>()
            })
        },
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
