//! Standings of Swiss events.
//!
//! * Criterion: 100 players, 9 rounds (circle-method pairings, results from
//!   a fixed pseudo-random sequence), under 2020 14.3.1 (which ranks the
//!   event again after every earlier round for the previous-round
//!   tie-break), 14.3.2, and Gomoku 29.2.1; and the TRF reader.
//! * Growth: events of 1,000, 10,000 and 100,000 players after 4 rounds
//!   (`common/events.rs`), ranked under 14.3.1, with the growth exponent
//!   and issue 26's target (100,000 players under 1 s).
//!
//! `cargo bench --bench standings`

use std::time::Duration;

use criterion::Criterion;
use qigui::event::{
    GameEntry, GameName, Id, Player, ResultCode, RoundEntry, System, TiebreakChoice, Tournament,
};

#[path = "common/events.rs"]
mod events;
#[path = "common/growth.rs"]
mod growth;
#[path = "common/targets.rs"]
mod targets;

fn event(game: GameName, n: u32, rounds: u32) -> Tournament {
    let mut t = Tournament::new(game, System::Swiss);
    t.rounds_planned = Some(rounds);
    t.players = (1..=n)
        .map(|id| Player {
            id,
            name: None,
            team: None,
            rating: None,
            federation: None,
        })
        .collect();
    let mut seed: u64 = 0x2020_0513;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 3
    };
    // Circle method: player n fixed, the others rotate.
    let m = n - 1;
    for r in 0..rounds {
        let mut games = Vec::new();
        for k in 0..n / 2 {
            let (a, b) = if k == 0 {
                (n, r % m + 1)
            } else {
                ((r + k) % m + 1, (r + m - k) % m + 1)
            };
            let result = match next() {
                0 => ResultCode::FirstWins,
                1 => ResultCode::Draw,
                _ => ResultCode::SecondWins,
            };
            games.push(GameEntry::new(game, Id::from(a), Id::from(b), result));
        }
        t.rounds.push(RoundEntry {
            games,
            ..RoundEntry::default()
        });
    }
    t
}

fn bench(c: &mut Criterion) {
    let x = event(GameName::Xiangqi, 100, 9);
    qigui::event::standings::compute(&x, None).expect("the event ranks");
    c.bench_function("standings swiss 100x9 14.3.1", |b| {
        b.iter(|| qigui::event::standings::compute(&x, None))
    });
    let mut p = x.clone();
    p.tiebreaks = Some(TiebreakChoice::Clause("14.3.2".into()));
    c.bench_function("standings swiss 100x9 14.3.2", |b| {
        b.iter(|| qigui::event::standings::compute(&p, None))
    });
    let g = event(GameName::Gomoku, 100, 9);
    c.bench_function("standings swiss 100x9 gomoku 29.2.1", |b| {
        b.iter(|| qigui::event::standings::compute(&g, None))
    });
    let text = qigui::formats::trf::write(&x, None).expect("writes");
    c.bench_function("trf read 100x9", |b| {
        b.iter(|| qigui::formats::trf::read(&text, "bench"))
    });
    let big = events::swiss_event(GameName::Xiangqi, 10_000, 4, 9);
    let mut g = c.benchmark_group("standings swiss 10000x4");
    g.sample_size(10);
    g.bench_function("14.3.1", |b| {
        b.iter(|| qigui::event::standings::compute(&big, None))
    });
    g.finish();
}

/// Standings at 1k, 10k and 100k players, beside the target.
fn growth() {
    let mut rows = Vec::new();
    for n in [1_000u32, 10_000, 100_000] {
        let t = events::swiss_event(GameName::Xiangqi, n, 4, 9);
        let time = growth::best_of(3, || {
            qigui::event::standings::compute(&t, None).expect("the event ranks")
        });
        let target = (n == 100_000).then_some(Duration::from_secs(1));
        rows.push((n, time, target));
    }
    growth::report(
        "standings of a Swiss event after 4 rounds of 9 (14.3.1), best of 3:",
        "standings after 4 rounds (14.3.1)",
        "players",
        &rows,
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
    // Only under `cargo bench` (which passes --bench), not when `cargo test
    // --benches` runs the benches once as tests.
    if std::env::args().any(|a| a == "--bench") {
        growth();
    }
}
