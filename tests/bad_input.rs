//! Bad input gets an error, never a panic: mutated FENs, garbage notation,
//! mutated corpus files. A deterministic mini-fuzzer; the cargo-fuzz targets
//! in fuzz/ explore further.

use std::path::Path;

use qigui::{Position, Setup, notation};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const ALPHABET: &[char] = &[
    'r', 'n', 'b', 'a', 'k', 'c', 'p', 'R', 'N', 'B', 'A', 'K', 'C', 'P', '1', '5', '9', '0', '/',
    ' ', '-', 'w', 'x', '车', '马', '进', '退', '平', '前', '后', '一', '九', '８', '\u{332}', '⁴',
    '+', '=', '.', 'é', '\n', '"', ':',
];

fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.next() % 4 {
        let i = (rng.next() as usize) % (chars.len() + 1);
        match rng.next() % 3 {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 => chars.insert(i, ALPHABET[(rng.next() as usize) % ALPHABET.len()]),
            _ if i < chars.len() => chars[i] = ALPHABET[(rng.next() as usize) % ALPHABET.len()],
            _ => {}
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        qigui::START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 0 1",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut valid = 0;
    for i in 0..20_000 {
        let fen = mutate(&mut rng, seeds[i % seeds.len()]);
        match Position::from_fen(&fen) {
            Ok(p) => {
                valid += 1;
                // A valid position round-trips and can be played.
                assert_eq!(
                    Position::from_fen(&p.fen()).ok().as_ref(),
                    Some(&p),
                    "{fen}"
                );
                let _ = p.perft(1);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        let _ = Setup::from_fen(&fen);
    }
    assert!(
        valid > 100,
        "the mutations should leave some FENs valid ({valid})"
    );
}

#[test]
fn garbage_notation_never_panics() {
    let pos = Position::start();
    let seeds = [
        "炮二平五",
        "马8进7",
        "C2=5",
        "h2e2",
        "前马退四",
        "炮 2 5",
        "马 8 <u>7</u>",
        "++.6",
        "3+=4",
    ];
    let mut rng = Rng(99);
    for i in 0..50_000 {
        let text = mutate(&mut rng, seeds[i % seeds.len()]);
        if let Ok(m) = notation::parse_move(&pos, &text) {
            assert!(pos.is_pseudo_legal(m.mv), "{text}");
        }
        let _ = notation::split_moves(&text);
        let _ = notation::parse_line(&pos, &text);
    }
}

#[test]
fn mutated_corpus_files_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/xiangqi-2020/02-moves.yaml");
    let text = std::fs::read_to_string(&root).expect("readable");
    let mut rng = Rng(7);
    for _ in 0..300 {
        let m = mutate(&mut rng, &text);
        if let Err(errors) = qigui::corpus::load_str(Path::new("m.yaml"), &m) {
            for e in errors {
                assert!(!e.message.is_empty());
            }
        }
    }
}

/// Issue 27.8: the rank in a FEN error is counted in English ("the 1st from
/// the top", not "the 1th").
#[test]
fn fen_rank_errors_count_in_english() {
    let err = |fen: &str| Position::from_fen(fen).expect_err("refused").to_string();
    let e = err("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert!(e.contains("(the 1st from the top)"), "{e}");
    let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w - - 0 1");
    assert!(e.contains("(the 9th from the top)"), "{e}");
    let e = err("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert!(e.contains("(the 2nd from the top)"), "{e}");
    let e = err("rnbakabnr/9/1c5c/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    assert!(e.contains("(the 3rd from the top)"), "{e}");
}
