//! Pairing beyond the printed tables: the invariants of every round-robin
//! size, the Scheveningen tables' principles, whole simulated Swiss events
//! (no rematch, everyone paired, the bye to the lowest group, the same
//! input giving the same output), and the `qigui pair` command line.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use qigui::event::Id;
use qigui::event::pairing::round_robin;
use qigui::event::pairing::scheveningen::{self, Book, Violation};
use qigui::event::pairing::swiss::{self, Colour, Entrant, Options};
use qigui::event::standings::Points;

/// 附录二's construction for every size from 2 to 80: each pair meets once,
/// every round has everyone (or everyone but the bye), colours within one,
/// never three of a colour running, and the same table twice.
#[test]
fn round_robin_invariants_for_every_size() {
    for n in 2..=80u32 {
        let t = round_robin::table(n).unwrap_or_default();
        let m = round_robin::largest_number(n);
        assert_eq!(t.len() as u32, m - 1, "{n} players: rounds");
        let mut met = BTreeSet::new();
        let mut colours: BTreeMap<u32, Vec<bool>> = BTreeMap::new();
        for (r, round) in t.iter().enumerate() {
            let mut seen = BTreeSet::new();
            let mut byes = 0;
            for g in round {
                assert!(seen.insert(g.first), "{n}: round {r}: {} twice", g.first);
                match g.second {
                    Some(b) => {
                        assert!(seen.insert(b), "{n}: round {r}: {b} twice");
                        assert!(met.insert((g.first.min(b), g.first.max(b))), "{n}: rematch");
                        colours.entry(g.first).or_default().push(true);
                        colours.entry(b).or_default().push(false);
                    }
                    None => byes += 1,
                }
            }
            assert_eq!(seen.len() as u32, n, "{n}: round {r} misses players");
            assert_eq!(byes, n % 2, "{n}: byes in round {r}");
        }
        assert_eq!(met.len() as u32, n * (n - 1) / 2, "{n}: pairs");
        for (p, c) in &colours {
            let d: i32 = c.iter().map(|&f| if f { 1 } else { -1 }).sum();
            assert!(d.abs() <= 1, "{n}: player {p} colours {d}");
            assert!(
                !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
                "{n}: player {p} has three in a row"
            );
        }
        assert_eq!(
            round_robin::table(n).unwrap_or_default(),
            t,
            "{n}: deterministic"
        );
    }
}

/// The 2020 book's Scheveningen tables keep every principle of its 附录五.
#[test]
fn xiangqi_scheveningen_tables_keep_their_principles() {
    for n in 3..=8 {
        let t = scheveningen::table(Book::Xiangqi2020, n).unwrap_or_default();
        assert_eq!(scheveningen::check(&t, n), Vec::<Violation>::new(), "{n}");
    }
}

/// Gomoku's tables: everyone meets everyone; the 6-board table is the one
/// whose colours are not balanced (Gomoku states no such principle).
#[test]
fn gomoku_scheveningen_tables() {
    for n in 4..=6 {
        let t = scheveningen::table(Book::Gomoku2025, n).unwrap_or_default();
        let v = scheveningen::check(&t, n);
        assert!(
            !v.iter()
                .any(|x| matches!(x, Violation::Meetings(_) | Violation::Round(..))),
            "{n}: {v:?}"
        );
        if n == 6 {
            assert!(v.contains(&Violation::PlayerColours("A1".into(), 2)));
            assert!(v.contains(&Violation::PlayerColours("B1".into(), -2)));
        } else {
            assert!(v.is_empty(), "{n}: {v:?}");
        }
    }
}

/// A small deterministic generator (no randomness in the library; this only
/// makes results for the simulation).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn play(entrants: &mut [Entrant], p: &swiss::RoundPairing, rng: &mut Lcg) {
    let index: BTreeMap<Id, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id.clone(), i))
        .collect();
    let before: Vec<Points> = entrants.iter().map(|e| e.score).collect();
    for e in entrants.iter_mut() {
        e.floated_down = false;
        e.floated_up = false;
    }
    for b in &p.boards {
        let (f, s) = (index[&b.first], index[&b.second]);
        let (nf, ns) = (entrants[f].number, entrants[s].number);
        entrants[f].met.insert(ns);
        entrants[s].met.insert(nf);
        entrants[f].colours.push(Colour::First);
        entrants[s].colours.push(Colour::Second);
        let (pf, ps) = match rng.next() % 3 {
            0 => (2, 0),
            1 => (1, 1),
            _ => (0, 2),
        };
        entrants[f].score = entrants[f].score + Points::int(pf);
        entrants[s].score = entrants[s].score + Points::int(ps);
        if before[f] > before[s] {
            entrants[f].floated_down = true;
            entrants[s].floated_up = true;
        } else if before[f] < before[s] {
            entrants[s].floated_down = true;
            entrants[f].floated_up = true;
        }
    }
    if let Some(b) = &p.bye {
        let i = index[&b.id];
        entrants[i].byes += 1;
        entrants[i].score = entrants[i].score + Points::int(2);
    }
}

/// Whole Swiss events of 2 to 41 players: every round pairs everyone once
/// (one bye when odd, in the lowest score group), never a rematch, and the
/// same state always gives the same pairing.
#[test]
fn simulated_swiss_events() {
    for n in 2..=41u32 {
        // Small events to the end (where 拆对 and 5.(2) are needed most),
        // larger ones for nine rounds.
        let rounds = if n <= 12 { n - 1 + n % 2 } else { 9 };
        let mut rng = Lcg(u64::from(n) * 7919);
        let mut entrants: Vec<Entrant> = (1..=n).map(|i| Entrant::new(Id::from(i), i)).collect();
        let opts = Options {
            rounds_planned: Some(rounds),
            ..Options::default()
        };
        for r in 1..=rounds {
            let p = match swiss::pair(&entrants, r, &opts) {
                Ok(p) => p,
                Err(e) => {
                    // Only a genuinely impossible round may fail (e.g. a
                    // small event late on): check that no pairing exists.
                    assert!(
                        n <= 14 && !pairable(&entrants),
                        "{n} players, round {r}: {e}, yet a pairing exists (or the event is too large to have none)"
                    );
                    break;
                }
            };
            assert_eq!(
                swiss::pair(&entrants, r, &opts).ok().as_ref(),
                Some(&p),
                "{n}: round {r} not deterministic"
            );
            let mut seen = BTreeSet::new();
            for b in &p.boards {
                assert!(seen.insert(b.first.clone()) && seen.insert(b.second.clone()));
                let f = entrants.iter().find(|e| e.id == b.first);
                let s = entrants.iter().find(|e| e.id == b.second);
                if let (Some(f), Some(s)) = (f, s) {
                    assert!(
                        !f.met.contains(&s.number),
                        "{n}: round {r}: rematch {}",
                        b.first
                    );
                }
            }
            if let Some(bye) = &p.bye {
                assert!(seen.insert(bye.id.clone()));
                // 一.(5): the bye is in the lowest score group, unless no
                // pairing allows that (checked by brute force).
                let lowest = entrants.iter().map(|e| e.score).min();
                let score = entrants.iter().find(|e| e.id == bye.id).map(|e| e.score);
                if score != lowest {
                    let possible = (0..entrants.len()).any(|x| {
                        Some(entrants[x].score) == lowest && {
                            let rest: Vec<usize> =
                                (0..entrants.len()).filter(|&y| y != x).collect();
                            n <= 14 && perfect(&entrants, &rest)
                        }
                    });
                    assert!(
                        !possible,
                        "{n}: round {r}: bye {} is not in the lowest group",
                        bye.id
                    );
                }
            }
            assert_eq!(seen.len() as u32, n, "{n}: round {r} misses players");
            assert_eq!(p.bye.is_some(), n % 2 == 1);
            play(&mut entrants, &p, &mut rng);
        }
    }
}

/// Whether `left` can all be paired without a rematch (brute force).
fn perfect(e: &[Entrant], left: &[usize]) -> bool {
    let Some(&x) = left.first() else {
        return true;
    };
    let rest: Vec<usize> = left[1..].to_vec();
    for (k, &y) in rest.iter().enumerate() {
        if !e[x].met.contains(&e[y].number) {
            let mut r = rest.clone();
            r.remove(k);
            if perfect(e, &r) {
                return true;
            }
        }
    }
    false
}

/// Whether any pairing without a rematch exists (brute force, small events).
fn pairable(e: &[Entrant]) -> bool {
    fn go(e: &[Entrant], left: &[usize], byes_allowed: usize) -> bool {
        let Some(&x) = left.first() else {
            return true;
        };
        let rest: Vec<usize> = left[1..].to_vec();
        if byes_allowed > 0 {
            let r = rest.clone();
            if go(e, &r, 0) {
                return true;
            }
        }
        for (k, &y) in rest.iter().enumerate() {
            if !e[x].met.contains(&e[y].number) {
                let mut r: Vec<usize> = rest.clone();
                r.remove(k);
                if go(e, &r, byes_allowed) {
                    return true;
                }
            }
        }
        false
    }
    let all: Vec<usize> = (0..e.len()).collect();
    e.len() <= 14 && go(e, &all, e.len() % 2)
}

fn qigui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run qigui: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `qigui pair round-robin 3` prints 附录二's 3-or-4 table with the bye.
#[test]
fn cli_round_robin() {
    let (code, out, _) = qigui(&["pair", "round-robin", "3"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "round 1: 1-bye 2-3\nround 2: 3-bye 1-2\nround 3: 2-bye 3-1\n"
    );
    let (code, _, err) = qigui(&["pair", "round-robin", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("at least 2"), "{err}");
}

/// `qigui pair swiss` on the example tournament, in each format.
#[test]
fn cli_swiss() {
    let file = "spec/tournament-examples/swiss-2020.yaml";
    let (code, text, _) = qigui(&["pair", "swiss", file, "--round", "2"]);
    assert_eq!(code, 0);
    assert!(text.starts_with("round 2\n"), "{text}");
    let (code, json, _) = qigui(&["pair", "swiss", file, "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    assert!(v["boards"][0]["reason"]["forms"].is_array(), "{json}");
    let (code, trf, _) = qigui(&[
        "pair",
        "swiss",
        "spec/tournament-examples/swiss-2020.trf",
        "--format",
        "trf",
    ]);
    assert_eq!(code, 0);
    // The new round's column is readable TRF: read it back as a tournament.
    assert!(trf.lines().any(|l| l.starts_with("001")), "{trf}");
    let (code, _, err) = qigui(&["pair", "swiss", "no-such-file.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-file.yaml"), "{err}");
}

/// The other subcommands.
#[test]
fn cli_tables() {
    let (code, out, _) = qigui(&["pair", "scheveningen", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("round 1: B1-A1 B2-A2 A3-B3"));
    let (code, out, _) = qigui(&["pair", "lineups", "4", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 15);
    let (code, out, _) = qigui(&["pair", "knockout", "12", "--seeds", "4"]);
    assert_eq!(code, 0);
    assert!(out.contains("game 1: 1-bye"), "{out}");
    let (code, _, _) = qigui(&["pair", "nonsense"]);
    assert_eq!(code, 2);
}

/// The text report of a Swiss round, as an arbiter reads it.
#[test]
fn swiss_text_report() {
    let (code, out, _) = qigui(&["pair", "swiss", "spec/tournament-examples/swiss-2020.yaml"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

/// 1000- and 999-player events through eleven rounds: every round pairs
/// everyone (one bye when odd), never a rematch (the bench times one such
/// round).
#[test]
fn thousand_player_event() {
    for n in [1000u32, 999] {
        thousand(n);
    }
}

fn thousand(n: u32) {
    let mut rng = Lcg(2020);
    let mut entrants: Vec<Entrant> = (1..=n).map(|i| Entrant::new(Id::from(i), i)).collect();
    let opts = Options {
        rounds_planned: Some(11),
        ..Options::default()
    };
    for r in 1..=11 {
        let p = swiss::pair(&entrants, r, &opts).unwrap_or_else(|e| panic!("round {r}: {e}"));
        assert_eq!(p.boards.len() as u32, n / 2, "round {r}");
        for b in &p.boards {
            let f = entrants.iter().find(|e| e.id == b.first);
            let s = entrants.iter().find(|e| e.id == b.second);
            if let (Some(f), Some(s)) = (f, s) {
                assert!(!f.met.contains(&s.number), "round {r}: rematch");
            }
        }
        play(&mut entrants, &p, &mut rng);
    }
}

/// Issue 27.6: a Swiss round past the next one, or past the rounds the
/// event plans, is refused with the reason instead of paired under the
/// wrong number.
#[test]
fn a_round_that_cannot_come_next_is_refused() {
    let bin = env!("CARGO_BIN_EXE_qigui");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let file = "spec/tournament-examples/swiss-2020.yaml";
    let (code, err) = run(&["pair", "swiss", file, "--round", "99"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("round 99 cannot be paired: 3 round(s) are played, the next is round 4"),
        "{err}"
    );
    let text = std::fs::read_to_string(file).expect("reads");
    assert!(
        text.contains("rounds_planned: 7"),
        "the example plans 7 rounds"
    );
    let dir = std::env::temp_dir().join(format!("qigui-planned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let short = dir.join("short.yaml");
    std::fs::write(
        &short,
        text.replace("rounds_planned: 7", "rounds_planned: 3"),
    )
    .expect("writes");
    let (code, err) = run(&["pair", "swiss", short.to_str().expect("utf-8")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("round 4 cannot be paired: the event plans 3 round(s)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("removes");
}
