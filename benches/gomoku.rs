//! The full forbidden map (article 8) of middle-game boards: every empty
//! point checked for black, with the recursive live-three test.
//!
//! `cargo bench --bench gomoku`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::gomoku::{Board, Point, Reading, Stone, forbidden_map};

/// A published position that needs deep recursion (realcore's
/// "判定路が必要になる複雑なケース": eight double threes).
const DEEP: (&str, &str) = (
    "B10 C8 C9 D10 D9 E12 E13 F13 G11 H8",
    "A7 A8 C3 E15 G15 H3 L15 L3 O1 O15",
);

/// A published position with 13 black stones and no forbidden point.
const DENSE: (&str, &str) = (
    "C8 D4 E10 E3 E5 E9 F4 G8 H8 J4 K4 L5 L6",
    "A13 A15 B14 B4 C15 E15 G15 H4 I15 K15 M15 N4 O1",
);

/// A middle game of `n` stones each way, placed by a fixed pseudo-random
/// sequence in the central 11×11 area, black and white alternately,
/// skipping points that would make five or six in a row.
fn middle_game(seed: u64, n: usize) -> Board {
    let mut b = Board::new();
    let mut x = seed;
    let mut placed = [0usize; 2];
    let mut turn = Stone::Black;
    let mut tries = 0;
    while placed[0] < n || placed[1] < n {
        tries += 1;
        if tries > 100_000 {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = 2 + ((x >> 33) % 11) as u8;
        let r = 2 + ((x >> 45) % 11) as u8;
        let Some(p) = Point::new(c, r) else { continue };
        if !b.is_empty_at(p) {
            continue;
        }
        b.set(p, Some(turn));
        if qigui::gomoku::makes_five(&b, p) || qigui::gomoku::makes_overline(&b, p) {
            b.set(p, None);
            continue;
        }
        placed[usize::from(turn == Stone::White)] += 1;
        turn = turn.opposite();
    }
    b
}

fn bench(c: &mut Criterion) {
    let deep = Board::from_lists(DEEP.0, DEEP.1).expect("valid");
    let dense = Board::from_lists(DENSE.0, DENSE.1).expect("valid");
    let boards = [
        ("published-deep-recursion", deep),
        ("published-dense", dense),
        ("middle-game-30+30", middle_game(1, 30)),
        ("middle-game-45+45", middle_game(2, 45)),
    ];
    let mut g = c.benchmark_group("forbidden-map");
    for (name, b) in &boards {
        g.bench_function(*name, |bench| {
            bench.iter(|| forbidden_map(black_box(b), Reading::FivePointLegal))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
