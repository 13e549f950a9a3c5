//! The 58 published renju forbidden-point positions
//! (`tools/gomoku/renju-public-cases.json`, a copy of
//! `../shared/crosscheck/renju-public-cases.json`: MIT-licensed test data of
//! the realcore and quintet projects) against qigui's article 8, under
//! qigui's reading (a four point that completes a five is a legal move,
//! `spec/gomoku.md`), each also under the 8 symmetries of the board.
//!
//! A case with scope `whole board` lists every forbidden point of the board;
//! one with scope `points X Y` asserts only about those points.

use qigui::gomoku::{Board, Forbidden, Point, Reading, Symmetry, forbidden_at, forbidden_map};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct File {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    label: String,
    black: Vec<String>,
    white: Vec<String>,
    scope: String,
    expected_forbidden: Vec<String>,
    expected_kinds: BTreeMap<String, String>,
}

fn load() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tools/gomoku/renju-public-cases.json"
    );
    let text = std::fs::read_to_string(path).expect("the cross-check file is in the repository");
    let f: File = serde_json::from_str(&text).expect("it parses");
    f.cases
}

fn board(c: &Case) -> Board {
    Board::from_lists(&c.black.join(" "), &c.white.join(" ")).expect("a valid position")
}

fn p(s: &str) -> Point {
    s.parse().expect("a point")
}

/// The forbidden points a case asserts about, with their kinds, under qigui.
fn verdict(b: &Board, scope: &Option<Vec<Point>>, reading: Reading) -> BTreeMap<Point, Forbidden> {
    match scope {
        None => forbidden_map(b, reading).into_iter().collect(),
        Some(points) => points
            .iter()
            .filter_map(|&q| forbidden_at(b, q, reading).map(|f| (q, f)))
            .collect(),
    }
}

fn scope_points(c: &Case) -> Option<Vec<Point>> {
    if c.scope == "whole board" {
        None
    } else {
        let rest = c.scope.strip_prefix("points ").expect("scope 'points ...'");
        Some(rest.split_whitespace().map(p).collect())
    }
}

#[test]
fn all_58_published_positions_agree() {
    let cases = load();
    assert_eq!(cases.len(), 58);
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let b = board(c);
        let scope = scope_points(c);
        let want: BTreeMap<Point, Forbidden> = c
            .expected_forbidden
            .iter()
            .map(|s| {
                let kind = c
                    .expected_kinds
                    .get(s)
                    .expect("every forbidden point has a kind");
                (p(s), Forbidden::from_code(kind).expect("a known kind"))
            })
            .collect();
        for sym in Symmetry::ALL {
            let bt = b.transformed(sym);
            let scope_t = scope
                .as_ref()
                .map(|v| v.iter().map(|&q| sym.apply(q)).collect());
            let want_t: BTreeMap<Point, Forbidden> =
                want.iter().map(|(&q, &f)| (sym.apply(q), f)).collect();
            let got = verdict(&bt, &scope_t, Reading::FivePointLegal);
            if got != want_t {
                failures.push(format!(
                    "case {i} '{}' under {}: expected {want_t:?}, got {got:?}",
                    c.label,
                    sym.name()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The two published positions whose verdicts depend on the reading (both
/// realcore cases citing 連珠世界). Under the other reading (a four point
/// that completes a five does not make a three live):
///
/// * case 14: I4 is no longer a double three: its horizontal three F4 G4 _
///   I4 has one live-four point, H4, and H4 also completes the vertical five
///   H4–H8;
/// * case 15: H7 becomes a double three: its horizontal three H7 _ J7 K7 was
///   sleeping because its only live-four point I7 is a double three, one of
///   whose threes (F4 G5 _ I7) is live only through H6, which completes the
///   vertical five H6–H10. Without H6, I7 is legal, the horizontal three is
///   live, and with the anti-diagonal three F9 _ H7 I6 H7 makes two.
#[test]
fn the_five_point_reading_decides_two_published_positions() {
    let cases = load();
    let mut differing = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let b = board(c);
        let scope = scope_points(c);
        let a = verdict(&b, &scope, Reading::FivePointLegal);
        let e = verdict(&b, &scope, Reading::FivePointExcluded);
        if a != e {
            differing.push((i, a, e));
        }
    }
    let ids: Vec<usize> = differing.iter().map(|(i, _, _)| *i).collect();
    assert_eq!(ids, vec![14, 15], "{differing:?}");
    let (_, a, e) = &differing[0];
    assert_eq!(a.get(&p("I4")), Some(&Forbidden::DoubleThree));
    assert_eq!(e.get(&p("I4")), None);
    let (_, a, e) = &differing[1];
    assert_eq!(a.get(&p("H7")), None);
    assert_eq!(e.get(&p("H7")), Some(&Forbidden::DoubleThree));
}
