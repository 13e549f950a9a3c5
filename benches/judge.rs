//! Judging each 棋例 figure's cycle from its position (棋例 II): every move
//! labelled and the cycle ruled on, as `qigui judge` does.
//! `cargo bench --bench judge`.

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::classify::Limits;
use qigui::ruling::{RepetitionRules, Sequence};
use qigui::{Move, Position, judge, notation};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

struct Figure {
    id: String,
    start: Position,
    moves: Vec<Move>,
    sequence: Sequence,
    points: Option<u32>,
}

fn figures() -> Vec<Figure> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("cases/xiangqi-2020/26-figures-positions.yaml");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let doc: Value = yaml_serde::from_str(&text).unwrap_or(Value::Null);
    let mut out = Vec::new();
    for c in doc["cases"].as_array().into_iter().flatten() {
        let input = &c["input"];
        let Ok(start) = Position::from_fen(input["fen"].as_str().unwrap_or("")) else {
            continue;
        };
        let text: Vec<&str> = input["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let Ok((moves, _)) = notation::parse_line(&start, &text.join(" ")) else {
            continue;
        };
        out.push(Figure {
            id: c["id"].as_str().unwrap_or("").to_string(),
            start,
            moves,
            sequence: if input["sequence"] == "nine-rounds" {
                Sequence::NineRounds
            } else {
                Sequence::Threefold
            },
            points: input["points"].as_u64().map(|p| p as u32),
        });
    }
    out
}

fn bench(c: &mut Criterion) {
    let figs = figures();
    let limits = Limits::default();
    let run = |f: &Figure| {
        judge::judge(
            &f.start,
            &f.moves,
            &RepetitionRules::XIANGQI_2020,
            f.sequence,
            f.points,
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
