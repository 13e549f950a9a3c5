//! Pairing one round of a 1000-player Swiss event by the 定位编排法
//! (附录三): the event is built by pairing rounds 1..R−1 with qigui itself
//! (results from a fixed pseudo-random sequence: a third each won, drawn,
//! lost by the first mover), then round R is benchmarked — from the
//! tournament file (results table, scores, colours, then the pairing) and
//! from the pairing state alone. Round 2 has the largest score groups
//! (about 330 players each), round 7 the most history.
//!
//! `cargo bench --bench pairing`

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::event::pairing::swiss::{self, FirstRound};
use qigui::event::{GameEntry, GameName, Id, Player, ResultCode, RoundEntry, System, Tournament};

fn event(n: u32, played: u32) -> Tournament {
    let mut t = Tournament::new(GameName::Xiangqi, System::Swiss);
    t.rounds_planned = Some(9);
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
    for r in 1..=played {
        let p = match swiss::pair_tournament(&t, Some(r), FirstRound::Adjacent) {
            Ok(p) => p,
            Err(e) => panic!("round {r}: {e}"),
        };
        let games = p
            .boards
            .iter()
            .map(|b| {
                let result = match next() {
                    0 => ResultCode::FirstWins,
                    1 => ResultCode::Draw,
                    _ => ResultCode::SecondWins,
                };
                GameEntry::new(GameName::Xiangqi, b.first.clone(), b.second.clone(), result)
            })
            .collect();
        let byes: Vec<Id> = p.bye.iter().map(|b| b.id.clone()).collect();
        t.rounds.push(RoundEntry {
            round: Some(r),
            cycle: None,
            games,
            matches: Vec::new(),
            byes,
        });
    }
    t
}

fn bench(c: &mut Criterion) {
    for round in [2u32, 7] {
        let t = event(1000, round - 1);
        let mut g = c.benchmark_group(format!("swiss 1000 players, round {round}"));
        g.sample_size(10);
        g.bench_function("from the tournament file", |b| {
            b.iter(|| swiss::pair_tournament(&t, Some(round), FirstRound::Adjacent))
        });
        let entrants = match swiss::entrants_before(&t, round) {
            Ok(e) => e,
            Err(e) => panic!("{e}"),
        };
        let opts = swiss::Options {
            first_round: FirstRound::Adjacent,
            rounds_planned: Some(9),
        };
        g.bench_function("pairing only", |b| {
            b.iter(|| swiss::pair(&entrants, round, &opts))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
