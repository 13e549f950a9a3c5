//! Metamorphic tests of the repetition classifier (棋例 IV, issue 24): over
//! every `move-labels` case of the 2020 edition — the figures
//! (26-figures-positions.yaml), the clause cases (24-26-clauses.yaml) and the
//! composed boards (24-26-composed.yaml, 24-composed.yaml) — changes of the input that the
//! rulebook says cannot matter must not change the judgement. They test
//! qigui's consistency, whether or not it agrees with the book on the case
//! (its agreement is `qigui check`'s business). Mirroring and swapping the
//! colours are tests/symmetry.rs.
//!
//! * **Rotation**: a closed cycle started at any of its plies is the same
//!   cycle (23.1: the 待判局面 is the repetition, not where the record
//!   began), so every move keeps its label and the verdict stays. Only
//!   closed cycles of threefold repetitions are rotated: a 23.4
//!   nine-round sequence is not a cycle, and a cycle that does not return to
//!   its start (a first capture, 23.2: 首着为吃子应予扣除) has no other start.
//! * **An untouchable piece**: a piece added where nothing of the cycle can
//!   reach it changes nothing. The rule that guarantees it (stated once, in
//!   [`untouchable_pawn`]): a pawn — first one on its own half (no
//!   attacking piece for 26.2, worth nothing, 26.7), else, when the case
//!   names no key points, one across the river — on a point that is empty,
//!   and that no piece's lines touch (rook and cannon
//!   rays up to the second piece, horse legs and points, elephant eyes and
//!   points, the palace steps, both kings' files, the pawns' steps), in
//!   every position of the cycle (the searches behind the labels go further:
//!   a disagreement found is recorded below with its reason); the points the pawn can step to likewise, and the
//!   points it would attack from there empty in all of them. Cases where no
//!   such point exists are skipped and counted.

use std::path::PathBuf;

use qigui::Limits;
use qigui::xiangqi::{RepetitionRules, Sequence};
use qigui::{Judgement, Move, Position, Square, notation};
use serde_json::Value;

/// One `move-labels` case.
struct Case {
    id: String,
    start: Position,
    moves: Vec<Move>,
    sequence: Sequence,
    points: Option<u32>,
    key_points: Vec<Square>,
}

const FILES: [&str; 4] = [
    "cases/xiangqi-2020/26-figures-positions.yaml",
    "cases/xiangqi-2020/24-26-clauses.yaml",
    "cases/xiangqi-2020/24-26-composed.yaml",
    "cases/xiangqi-2020/24-composed.yaml",
];

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for file in FILES {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let doc: Value = yaml_serde::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        for c in doc["cases"].as_array().expect("cases") {
            if c["kind"] != "move-labels" {
                continue;
            }
            let id = c["id"].as_str().unwrap_or("").to_string();
            let input = &c["input"];
            let start = Position::from_fen(input["fen"].as_str().unwrap_or(""))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            let text: Vec<&str> = input["moves"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let (moves, _) = notation::parse_line(&start, &text.join(" "))
                .unwrap_or_else(|(i, e)| panic!("{id}: move {}: {e}", i + 1));
            let key_points = input["key_points"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| s.as_str().and_then(Square::parse).expect("key point"))
                .collect();
            out.push(Case {
                id,
                start,
                moves,
                sequence: if input["sequence"] == "nine-rounds" {
                    Sequence::NineRounds
                } else {
                    Sequence::Threefold
                },
                points: input["points"].as_u64().map(|p| p as u32),
                key_points,
            });
        }
    }
    out
}

fn judge(c: &Case, start: &Position, moves: &[Move]) -> Judgement {
    qigui::judge(
        start,
        moves,
        &RepetitionRules::XIANGQI_2020,
        c.sequence,
        c.points,
        &c.key_points,
        &Limits::default(),
    )
}

fn labels(j: &Judgement) -> Vec<&'static str> {
    j.moves.iter().map(|m| m.analysis.label.code()).collect()
}

fn verdict(j: &Judgement) -> String {
    j.ruling
        .as_ref()
        .map(|r| r.verdict.code().to_string())
        .unwrap_or_else(|e| e.to_string())
}

/// The positions of the cycle, the start first (not repeated at the end).
fn positions(c: &Case) -> Vec<Position> {
    let mut out = vec![c.start.clone()];
    for &m in &c.moves {
        let next = out.last().expect("a start").play_unchecked(m);
        out.push(next);
    }
    out
}

fn closed(c: &Case) -> bool {
    let p = positions(c);
    c.moves.len() >= 2 && p.last().map(Position::repetition_key) == Some(c.start.repetition_key())
}

/// Disagreements the reasoning accepts, with the reason: none so far.
const ROTATION_EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn rotating_the_cycle_keeps_labels_and_verdict() {
    let mut broken = Vec::new();
    let (mut rotated, mut skipped) = (0, 0);
    for c in cases() {
        if c.sequence != Sequence::Threefold || !closed(&c) {
            skipped += 1;
            continue;
        }
        let base = judge(&c, &c.start, &c.moves);
        let (base_labels, base_verdict) = (labels(&base), verdict(&base));
        let ps = positions(&c);
        let n = c.moves.len();
        for k in 1..n {
            let moves: Vec<Move> = (0..n).map(|i| c.moves[(i + k) % n]).collect();
            let j = judge(&c, &ps[k], &moves);
            let want: Vec<&str> = (0..n).map(|i| base_labels[(i + k) % n]).collect();
            if labels(&j) != want || verdict(&j) != base_verdict {
                broken.push(format!(
                    "{} from ply {}: {:?} {} (rotated from {:?} {})",
                    c.id,
                    k + 1,
                    labels(&j),
                    verdict(&j),
                    want,
                    base_verdict
                ));
            }
        }
        rotated += 1;
    }
    eprintln!("rotation: {rotated} cycles rotated, {skipped} not closed cycles skipped");
    assert!(rotated >= 100, "only {rotated} cycles rotated");
    check_exceptions("rotation", broken, ROTATION_EXCEPTIONS);
}

/// Fails unless the disagreements are exactly the accepted exceptions.
fn check_exceptions(what: &str, broken: Vec<String>, exceptions: &[(&str, &str)]) {
    let unexpected: Vec<&String> = broken
        .iter()
        .filter(|b| {
            !exceptions
                .iter()
                .any(|(id, _)| b.starts_with(&format!("{id} ")))
        })
        .collect();
    let gone: Vec<&str> = exceptions
        .iter()
        .filter(|(id, _)| !broken.iter().any(|b| b.starts_with(&format!("{id} "))))
        .map(|(id, _)| *id)
        .collect();
    assert!(
        unexpected.is_empty() && gone.is_empty(),
        "{what} changed the judgement:\n{}\nexceptions that no longer disagree: {gone:?}",
        unexpected
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The board as a 10×9 grid of FEN letters, rank 0 first.
fn grid(p: &Position) -> [[Option<char>; 9]; 10] {
    let mut g = [[None; 9]; 10];
    let fen = p.fen();
    let board = fen.split(' ').next().unwrap_or("");
    for (i, row) in board.split('/').enumerate() {
        let mut f = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                f += d as usize;
            } else {
                if f < 9 && i < 10 {
                    g[9 - i][f] = Some(ch);
                }
                f += 1;
            }
        }
    }
    g
}

/// Every point some piece's lines touch (conservatively), and the pieces'
/// own points.
fn touched(g: &[[Option<char>; 9]; 10]) -> [[bool; 9]; 10] {
    let mut t = [[false; 9]; 10];
    let on = |f: i32, r: i32| (0..9).contains(&f) && (0..10).contains(&r);
    let mark = |f: i32, r: i32, t: &mut [[bool; 9]; 10]| {
        if on(f, r) {
            t[r as usize][f as usize] = true;
        }
    };
    for r in 0..10i32 {
        for f in 0..9i32 {
            let Some(ch) = g[r as usize][f as usize] else {
                continue;
            };
            mark(f, r, &mut t);
            match ch.to_ascii_lowercase() {
                'r' | 'c' => {
                    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let (mut x, mut y, mut seen) = (f + df, r + dr, 0);
                        while on(x, y) && seen < 2 {
                            mark(x, y, &mut t);
                            if g[y as usize][x as usize].is_some() {
                                seen += 1;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
                'n' => {
                    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        mark(f + df, r + dr, &mut t);
                    }
                    for (df, dr) in [
                        (1, 2),
                        (-1, 2),
                        (1, -2),
                        (-1, -2),
                        (2, 1),
                        (2, -1),
                        (-2, 1),
                        (-2, -1),
                    ] {
                        mark(f + df, r + dr, &mut t);
                    }
                }
                'b' => {
                    for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        mark(f + df, r + dr, &mut t);
                        mark(f + 2 * df, r + 2 * dr, &mut t);
                    }
                }
                'a' => {
                    for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        mark(f + df, r + dr, &mut t);
                    }
                }
                'k' => {
                    for (df, dr) in [(1, 0), (-1, 0)] {
                        mark(f + df, r + dr, &mut t);
                    }
                    for y in 0..10 {
                        mark(f, y, &mut t);
                    }
                }
                _ => {
                    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        mark(f + df, r + dr, &mut t);
                    }
                }
            }
        }
    }
    t
}

/// Adds `letter` on (file, rank) to the position's FEN.
fn with_piece(p: &Position, file: usize, rank: usize, letter: char) -> Option<Position> {
    let mut g = grid(p);
    g[rank][file] = Some(letter);
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in &g[r] {
                match *cell {
                    Some(ch) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(ch);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let fen = p.fen();
    let rest: Vec<&str> = fen.split(' ').skip(1).collect();
    Position::from_fen(&format!("{} {}", rows.join("/"), rest.join(" "))).ok()
}

/// The rule of the module documentation: the first pawn point, red's then
/// black's, files a–i, nearer the river first, that nothing of the cycle
/// touches; `None` when there is none.
fn untouchable_pawn(c: &Case) -> Option<(usize, usize, char)> {
    // Every position of the cycle.
    let grids: Vec<[[Option<char>; 9]; 10]> = positions(c).iter().map(grid).collect();
    let maps: Vec<[[bool; 9]; 10]> = grids.iter().map(touched).collect();
    let free = |f: i32, r: i32| {
        (0..9).contains(&f)
            && (0..10).contains(&r)
            && maps.iter().all(|t| !t[r as usize][f as usize])
    };
    let empty = |f: i32, r: i32| {
        !(0..9).contains(&f)
            || !(0..10).contains(&r)
            || grids.iter().all(|g| g[r as usize][f as usize].is_none())
    };
    // A pawn's steps from (f, r): forward, and sideways once across the
    // river.
    let steps = |letter: char, f: i32, r: i32| -> Vec<(i32, i32)> {
        let (fwd, crossed) = if letter == 'P' {
            (1, r >= 5)
        } else {
            (-1, r <= 4)
        };
        let mut v = vec![(f, r + fwd)];
        if crossed {
            v.extend([(f - 1, r), (f + 1, r)]);
        }
        v.retain(|&(x, y)| (0..9).contains(&x) && (0..10).contains(&y));
        v
    };
    // Red pawns on their own half stand on files a, c, e, g, i at ranks 3–4,
    // black ones at ranks 6–5; across the river anywhere (then an attacking
    // piece for 26.2: not used when the case names key points).
    let mut candidates: Vec<(char, i32, i32)> = Vec::new();
    for (letter, ranks) in [('P', [4, 3]), ('p', [5, 6])] {
        for r in ranks {
            for f in (0..9).step_by(2) {
                candidates.push((letter, f, r));
            }
        }
    }
    if c.key_points.is_empty() {
        for (letter, ranks) in [('P', 5..10), ('p', 0..5)] {
            for r in ranks {
                for f in 0..9 {
                    candidates.push((letter, f, r));
                }
            }
        }
    }
    for (letter, f, r) in candidates {
        let ok = free(f, r)
            && steps(letter, f, r).into_iter().all(|(x, y)| {
                free(x, y) && steps(letter, x, y).into_iter().all(|(u, w)| empty(u, w))
            });
        if ok {
            return Some((f as usize, r as usize, letter));
        }
    }
    None
}

/// Disagreements the reasoning accepts, with the reason: none so far.
const ADDED_PIECE_EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn an_untouchable_piece_changes_nothing() {
    let mut broken = Vec::new();
    let (mut tested, mut skipped) = (0, Vec::new());
    for c in cases() {
        let Some((f, r, letter)) = untouchable_pawn(&c) else {
            skipped.push(c.id.clone());
            continue;
        };
        let Some(start) = with_piece(&c.start, f, r, letter) else {
            skipped.push(c.id.clone());
            continue;
        };
        let base = judge(&c, &c.start, &c.moves);
        let j = judge(&c, &start, &c.moves);
        if labels(&j) != labels(&base) || verdict(&j) != verdict(&base) {
            broken.push(format!(
                "{} with {letter} on {}{r}: {:?} {} (without: {:?} {})",
                c.id,
                (b'a' + f as u8) as char,
                labels(&j),
                verdict(&j),
                labels(&base),
                verdict(&base)
            ));
        }
        tested += 1;
    }
    eprintln!(
        "added piece: {tested} cases tested, {} without an untouchable point: {skipped:?}",
        skipped.len()
    );
    assert!(
        tested >= 100,
        "only {tested} cases had an untouchable point"
    );
    check_exceptions("an added piece", broken, ADDED_PIECE_EXCEPTIONS);
}
