//! Properties of the Go engine over many random games, and bad input that
//! must be refused without a panic. Deterministic: a fixed-seed generator.

use std::collections::BTreeSet;

use qigui::go::{Board, Diagram, Point, Stone};
use qigui::go::{Entry, Game, Setup};
use qigui::go::{Illegal, KoRule};

/// A small linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn setup(size: u8, ko_rule: KoRule) -> Setup {
    Setup {
        board: Board::new(size).expect("size"),
        to_move: None,
        ko: None,
        handicap: vec![],
        ko_rule,
    }
}

/// Plays random legal moves; checks after each one that no group on the
/// board is without a liberty, that stones on the board plus prisoners equal
/// stones played, and that the legality test agrees with playing.
fn random_game(seed: u64, size: u8, ko_rule: KoRule) {
    let mut rng = Lcg(seed);
    let mut game = Game::new(&setup(size, ko_rule)).expect("setup");
    let mut played = [0u32; 2];
    for _ in 0..400 {
        if game.end().is_some() {
            break;
        }
        let pos = game.position().clone();
        let board = pos.board();
        let empty: Vec<Point> = board
            .all_points()
            .filter(|&p| board.get(p).is_none())
            .collect();
        let legal: Vec<Point> = empty
            .iter()
            .copied()
            .filter(|&p| game.check(p).is_ok())
            .collect();
        // Every refusal has one of the rule's reasons, and a ko refusal
        // only ever names the ko point.
        for &p in &empty {
            match game.check(p) {
                Err(Illegal::Ko) => assert_eq!(pos.ko(), Some(p)),
                Err(Illegal::Superko) => assert_eq!(ko_rule, KoRule::PositionalSuperko),
                Err(Illegal::Occupied | Illegal::OffBoard) => {
                    panic!("an empty point of the board reported occupied or off it")
                }
                _ => {}
            }
        }
        let mover = pos.to_move();
        let entry = if legal.is_empty() || rng.below(40) == 0 {
            Entry::parse("pass", size).expect("pass")
        } else {
            let p = legal[rng.below(legal.len())];
            played[mover.index()] += 1;
            Entry::parse(&p.to_string(), size).expect("point")
        };
        game.apply(entry).expect("a legal move plays");
        let after = game.position();
        let b = after.board();
        for p in b.all_points() {
            if let Some(g) = b.group(p) {
                assert!(!g.liberties.is_empty(), "a group without liberties at {p}");
            }
        }
        let prisoners = after.prisoners();
        for s in Stone::ALL {
            assert_eq!(
                b.count(s) + prisoners[s.opponent().index()],
                played[s.index()],
                "stones of {s}"
            );
        }
    }
}

#[test]
fn random_games_keep_the_rules() {
    for seed in 0..60 {
        random_game(seed, 5, KoRule::Simple);
        random_game(seed + 1000, 7, KoRule::Simple);
        random_game(seed + 2000, 5, KoRule::PositionalSuperko);
    }
}

#[test]
fn counts_make_up_the_board() {
    let mut rng = Lcg(7);
    for _ in 0..300 {
        let size = 2 + rng.below(10) as u8;
        let mut board = Board::new(size).expect("size");
        let mut dead = BTreeSet::new();
        for p in board.clone().all_points() {
            match rng.below(4) {
                0 => board.set(p, Some(Stone::Black)),
                1 => board.set(p, Some(Stone::White)),
                _ => {}
            }
        }
        // A group without a liberty cannot stand on a board (count refuses
        // it): take such groups off until none is left, then mark some of
        // the remaining stones dead.
        loop {
            let airless: Vec<_> = board
                .clone()
                .all_points()
                .filter(|&p| board.group(p).is_some_and(|g| g.liberties.is_empty()))
                .collect();
            if airless.is_empty() {
                break;
            }
            for p in airless {
                board.set(p, None);
            }
        }
        for p in board.clone().all_points() {
            if board.get(p).is_some() && rng.below(8) == 0 {
                dead.insert(p);
            }
        }
        let terms = qigui::go::Terms {
            komi: qigui::go::Zi::quarters(rng.below(20) as i64),
            ..Default::default()
        };
        let c = qigui::go::count(&board, &dead, &terms).expect("count");
        let total = c.area[0].in_quarters() + c.area[1].in_quarters();
        assert_eq!(total, 4 * board.points() as i64);
        assert_eq!(
            c.stones[0] + c.stones[1] + c.territory[0] + c.territory[1] + c.dame,
            board.points()
        );
        // The winner is the side past its threshold; the other side is short
        // by the same margin.
        let b = c.area[0].in_quarters() - c.threshold[0].in_quarters();
        let w = c.area[1].in_quarters() - c.threshold[1].in_quarters();
        assert_eq!(b, -w);
        match c.winner {
            Some(Stone::Black) => assert_eq!(c.margin.in_quarters(), b),
            Some(Stone::White) => assert_eq!(c.margin.in_quarters(), w),
            None => assert_eq!(b, 0),
        }
    }
}

/// Byte-level mutations of valid inputs: every reader must return an error
/// or a value, never panic.
#[test]
fn bad_input_is_refused_without_panic() {
    let samples = [
        "komi: 3¾\nhandicap: 0\ndead: A1 B2\nseki: C3\nconceded-by: white\n\n   A B C\n 3 X O . 3\n 2 x o + 2\n 1 . . . 1\n   A B C\n",
        "X O .\n. x .\no . +\n",
    ];
    let alphabet: Vec<char> = "XOxo.+ABCIT0123456789:#-¾½ \n\t,Zé".chars().collect();
    let mut rng = Lcg(99);
    for _ in 0..4000 {
        let base: Vec<char> = samples[rng.below(samples.len())].chars().collect();
        let mut s = base.clone();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(s.len() + 1);
            match rng.below(3) {
                0 if i < s.len() => {
                    s.remove(i);
                }
                1 => s.insert(i, alphabet[rng.below(alphabet.len())]),
                _ if i < s.len() => s[i] = alphabet[rng.below(alphabet.len())],
                _ => {}
            }
        }
        let text: String = s.into_iter().collect();
        let _ = qigui::go::parse_count_file(&text);
        let _ = Diagram::parse(&text, None);
        for size in [2u8, 9, 19, 25] {
            let _ = Diagram::parse(&text, Some(size));
        }
        for word in text.split_whitespace() {
            let _ = Point::parse(word, 19);
            let _ = Entry::parse(word, 9);
        }
        if let Ok(f) = qigui::go::parse_count_file(&text) {
            let _ = qigui::go::count(&f.diagram.board, &f.dead, &f.terms);
        }
    }
    assert!(Board::new(0).is_err());
    assert!(Board::new(20).is_err());
    assert!(qigui::go::parse_count_file("").is_err());
}
