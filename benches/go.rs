//! Go: counting a finished 19×19 board, and playing a 19×19 game with the
//! full legality test (captures, 禁着点, ko) at every move.
//!
//! `cargo bench --bench go`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qigui::go::KoRule;
use qigui::go::{Board, Point};
use qigui::go::{Entry, Game, Setup};

const FULL_GAME: &str = include_str!("../tests/data/go/full-game.count");

/// The record of a game: the first legal point in a fixed stride order each
/// move, so every run plays the same 300 moves.
fn record(ko_rule: KoRule) -> (Setup, Vec<String>) {
    let setup = Setup {
        board: Board::new(19).expect("19×19 is a board size"),
        to_move: None,
        ko: None,
        handicap: vec![],
        ko_rule,
    };
    let Ok(mut game) = Game::new(&setup) else {
        return (setup, vec![]);
    };
    let mut moves = Vec::new();
    let mut k: usize = 0;
    while moves.len() < 300 && game.end().is_none() {
        let mut chosen = None;
        for _ in 0..361 {
            k = (k + 97) % 361;
            let p = Point::new((k % 19) as u8, (k / 19) as u8);
            if game.position().board().get(p).is_none() && game.check(p).is_ok() {
                chosen = Some(p);
                break;
            }
        }
        let text = chosen.map_or("pass".to_string(), |p| p.to_string());
        let Ok(entry) = Entry::parse(&text, 19) else {
            break;
        };
        if game.apply(entry).is_err() {
            break;
        }
        moves.push(text);
    }
    (setup, moves)
}

fn bench(c: &mut Criterion) {
    let Ok(file) = qigui::go::parse_count_file(FULL_GAME) else {
        return;
    };
    c.bench_function("go count 19x19 full game", |b| {
        b.iter(|| qigui::go::count(black_box(&file.diagram.board), &file.dead, &file.terms))
    });
    for (name, rule) in [
        ("go replay 300 moves simple ko", KoRule::Simple),
        ("go replay 300 moves superko", KoRule::PositionalSuperko),
    ] {
        let (setup, moves) = record(rule);
        c.bench_function(name, |b| {
            b.iter(|| qigui::go::replay(black_box(&setup), &moves))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
