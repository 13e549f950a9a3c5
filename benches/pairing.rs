//! Pairing.
//!
//! * Criterion: one round of a 1000-player Swiss event by the 定位编排法
//!   (附录三): the event is built by pairing rounds 1..R−1 with qigui itself
//!   (results from a fixed pseudo-random sequence: a third each won, drawn,
//!   lost by the first mover), then round R is benchmarked — from the
//!   tournament file (results table, scores, colours, then the pairing) and
//!   from the pairing state alone. Round 2 has the largest score groups
//!   (about 330 players each), round 7 the most history.
//! * Growth: round 5 of Swiss events of 1,000, 10,000 and 100,000 players
//!   (rounds 1–4 from `common/events.rs`), and round-robin tables (附录二) of
//!   1,000, 4,000 and 10,000 players, with the growth exponents and issue
//!   26's targets (a 100,000-player Swiss round under 1 s, the
//!   10,000-player table under 5 s).
//!
//! `cargo bench --bench pairing`

use std::time::Duration;

use criterion::Criterion;
use qigui::event::pairing::round_robin;
use qigui::event::pairing::swiss::{self, FirstRound};
use qigui::event::{GameEntry, GameName, Id, Player, ResultCode, RoundEntry, System, Tournament};

#[path = "common/events.rs"]
mod events;
#[path = "common/growth.rs"]
mod growth;
#[path = "common/targets.rs"]
mod targets;

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
    let mut g = c.benchmark_group("round robin");
    g.sample_size(10);
    g.bench_function("table of 1000", |b| {
        b.iter(|| round_robin::table(1000).map(|t| t.len()))
    });
    g.finish();
}

/// Swiss round 5 and round-robin tables at growing sizes, beside the targets.
fn growth() {
    let mut rows = Vec::new();
    for n in [1_000u32, 10_000, 100_000] {
        let t = events::swiss_event(GameName::Xiangqi, n, 4, 9);
        let time = growth::best_of(3, || {
            swiss::pair_tournament(&t, Some(5), FirstRound::Adjacent).expect("pairs")
        });
        let target = (n == 100_000).then_some(Duration::from_secs(1));
        rows.push((n, time, target));
    }
    growth::report(
        "Swiss pairing of round 5 from the tournament (附录三), best of 3:",
        "Swiss pairing of round 5 (附录三)",
        "players",
        &rows,
    );
    let mut rows = Vec::new();
    for n in [1_000u32, 4_000, 10_000] {
        // Each round built and dropped, as `qigui pair round-robin` does.
        let time = growth::best_of(1, || {
            round_robin::rounds(n)
                .expect("a table")
                .map(|r| r.len())
                .sum::<usize>()
        });
        let target = (n == 10_000).then_some(Duration::from_secs(5));
        rows.push((n, time, target));
    }
    growth::report(
        "round-robin table (附录二), every round built, best of 1:",
        "round-robin table (附录二)",
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
