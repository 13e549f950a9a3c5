//! The conduct adjudicator on a long record: 200 plies of the rook-check
//! shuttle (every red move a check, no capture) under a 60 min + 30 s clock,
//! with a natural-limit claim and a repetition request at the end.
//! `cargo bench --bench conduct`.

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::xiangqi::conduct as adjudicator;
use qigui::xiangqi::conduct::{ClaimKind, Entry, GameRecord, Labels, TimeControlText};

fn record() -> GameRecord {
    let mut log = vec![Entry {
        mv: Some("a7a9".into()),
        used: Some(10.0),
        ..Entry::default()
    }];
    let cycle = ["f9f8", "a9a8", "f8f9", "a8a9"];
    for i in 0..199 {
        log.push(Entry {
            mv: Some(cycle[i % 4].into()),
            used: Some(5.0),
            ..Entry::default()
        });
    }
    log.push(Entry {
        claim: Some(ClaimKind::NaturalLimit),
        side: Some(qigui::Color::Black),
        ..Entry::default()
    });
    log.push(Entry {
        claim: Some(ClaimKind::Repetition),
        red: Some(Labels::Line("将 将".into())),
        black: Some(Labels::Line("闲 闲".into())),
        ..Entry::default()
    });
    GameRecord {
        profile: Some("national".into()),
        fen: Some("5k3/9/R8/9/9/9/9/9/9/3K5 w - - 0 50".into()),
        time_control: Some(TimeControlText::Preset("6.1".into())),
        log,
        ..GameRecord::default()
    }
}

fn conduct(c: &mut Criterion) {
    let r = record();
    c.bench_function("adjudicate 200 plies", |b| {
        b.iter(|| adjudicator::adjudicate(&r, "xiangqi-2020").map(|a| a.plies))
    });
}

criterion_group!(benches, conduct);
criterion_main!(benches);
