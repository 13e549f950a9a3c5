//! Standings of a large Swiss event: 100 players, 9 rounds (circle-method
//! pairings, results from a fixed pseudo-random sequence), under 2020
//! 14.3.1 (which ranks the event again after every earlier round for the
//! previous-round tie-break), 14.3.2, and Gomoku 29.2.1.
//!
//! `cargo bench --bench standings`

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::event::{
    GameEntry, GameName, Id, Player, ResultCode, RoundEntry, System, TiebreakChoice, Tournament,
};

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
}

criterion_group!(benches, bench);
criterion_main!(benches);
