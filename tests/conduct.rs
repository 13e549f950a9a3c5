//! The conduct-of-play adjudicator from outside: `qigui adjudicate`, its
//! errors, and the promise that no log, however odd, makes it panic.

use std::process::Command;

use qigui::xiangqi::conduct as adjudicator;
use qigui::xiangqi::conduct::Profile;
use qigui::xiangqi::conduct::knockout::{self, Format, GameScore, Played, Player, Start};
use qigui::xiangqi::conduct::withdrawal::{self, System};
use qigui::xiangqi::conduct::{ClaimKind, Entry, ErrorKind, GameRecord, Labels, Points, Readings};
use qigui::{Color, Position, Square};

fn qigui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn adjudicate_prints_result_reason_and_clauses() {
    let (code, out, err) = qigui(&[
        "adjudicate",
        "cases/xiangqi-2020/04-adjudication.yaml",
        "--case",
        "xiangqi-2020/4.1.5/log-must-change-and-does-not-图4",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn adjudicate_json() {
    let (code, out, err) = qigui(&[
        "adjudicate",
        "cases/xiangqi-2020/27-rapid.yaml",
        "--case",
        "xiangqi-2020/28.6/armageddon-draw-is-a-black-win",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["id"], "xiangqi-2020/28.6/armageddon-draw-is-a-black-win");
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["reason"], "draw-agreed");
    assert_eq!(v["clauses"][0], "28.6");
    assert_eq!(v["profile"], "armageddon");
}

#[test]
fn adjudicate_every_case_of_a_file_and_override_the_profile() {
    let (code, out, err) = qigui(&["adjudicate", "cases/xiangqi-2020/08-fouls.yaml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.matches("== xiangqi-2020/").count() >= 10, "{out}");
    // The same record under another profile of the edition.
    let (code, out, err) = qigui(&[
        "adjudicate",
        "cases/xiangqi-2020/04-adjudication.yaml",
        "--case",
        "xiangqi-2020/4.1.8/log-national-illegal-move",
        "--profile",
        "provincial",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: ongoing"), "{out}");
    assert!(out.contains("fouls: red 0, black 1"), "{out}");
}

#[test]
fn adjudicate_errors_say_where() {
    let dir = std::env::temp_dir().join(format!("qigui-conduct-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.yaml");
    std::fs::write(
        &bad,
        "log:\n  - {move: h2e2}\n  - {move: e2e9, flag: red}\n",
    )
    .expect("write");
    let (code, _, err) = qigui(&["adjudicate", bad.to_str().unwrap_or_default()]);
    assert_eq!(code, 2);
    assert!(err.contains("log entry 2"), "{err}");
    std::fs::write(&bad, "log:\n  - {move: h2e2}\n  - {move: 车1进5}\n").expect("write");
    let (code, _, err) = qigui(&["adjudicate", bad.to_str().unwrap_or_default()]);
    assert_eq!(code, 2);
    assert!(err.contains("log entry 2") && err.contains("ICCS"), "{err}");
    let (code, _, err) = qigui(&["adjudicate", "--profile", "nope", "x.yaml"]);
    assert_eq!(code, 2);
    assert!(err.contains("'nope'") && err.contains("--profile"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn knockout_and_withdrawal_reject_impossible_histories() {
    let start = Start {
        first_red: Some(Player::A),
        chooser: None,
        ranked_higher: None,
    };
    let won = Played {
        result: GameScore::RedWins,
        red: None,
    };
    // Games after the pairing was decided.
    assert!(knockout::next(Format::TwoRapid, start, &[won, won]).is_err());
    // A colour that contradicts the exchange of colours.
    let drawn = Played {
        result: GameScore::Draw,
        red: None,
    };
    let wrong = Played {
        result: GameScore::Draw,
        red: Some(Player::A),
    };
    assert!(knockout::next(Format::TwoRapid, start, &[drawn, wrong]).is_err());
    // An armageddon game needs to know who chooses.
    assert!(knockout::next(Format::TwoRapid, start, &[drawn, drawn]).is_err());
    assert!(withdrawal::withdraw(System::RoundRobin, 5, 6).is_err());
}

/// A small deterministic generator (no dependency).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn side(&mut self) -> Color {
        if self.below(2) == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }
    fn point(&mut self) -> String {
        Square::all()
            .nth(self.below(90))
            .map(|s| s.to_string())
            .unwrap_or_default()
    }
    fn secs(&mut self) -> f64 {
        (self.below(4000) as f64) / 4.0
    }
}

fn random_entry(g: &mut Lcg, shadow: &mut Position) -> Entry {
    let mut e = Entry::default();
    match g.below(24) {
        0..=9 => {
            let legal = shadow.legal_moves();
            if legal.is_empty() || g.below(10) == 0 {
                e.mv = Some(format!("{}{}", g.point(), g.point()));
                e.unnoticed = (g.below(3) == 0).then_some(true);
            } else {
                let mv = legal.as_slice()[g.below(legal.len())];
                *shadow = shadow.play_unchecked(mv);
                e.mv = Some(mv.iccs());
            }
            if g.below(2) == 0 {
                e.used = Some(g.secs());
            }
        }
        10 => e.touch = Some(Points::Many(vec![g.point(), g.point()])),
        11 => e.adjust = Some(g.point()),
        12 => e.press = Some(g.side()),
        13 => e.flag = Some(g.side()),
        14 => e.offer_draw = Some(g.side()),
        15 => e.accept_draw = Some(g.side()),
        16 => {
            e.claim = Some(if g.below(2) == 0 {
                ClaimKind::NaturalLimit
            } else {
                ClaimKind::Repetition
            });
            if e.claim == Some(ClaimKind::Repetition) {
                e.red = Some(Labels::Line("捉 将".into()));
                e.black = Some(Labels::Line("闲 闲".into()));
            }
        }
        17 => {
            e.foul = Some(["8.1.1", "8.1.4", "8.1.7", "8.1.8", "9.1.2"][g.below(5)].into());
            e.side = Some(g.side());
        }
        18 => {
            e.knock = Some(g.side());
            e.pieces = Some(g.below(4) as u32);
            e.after_press = Some(g.below(2) == 0);
            e.remaining = Some(g.secs());
        }
        19 => e.displace = Some(format!("{}{}", g.point(), g.point())),
        20 => {
            e.found = Some(
                [
                    ErrorKind::Displaced,
                    ErrorKind::IllegalMove,
                    ErrorKind::ColoursSwapped,
                ][g.below(3)],
            );
            e.at = Some(g.secs());
        }
        21 => {
            e.record_missing = Some(g.side());
            e.moves = Some(g.below(12) as u32);
        }
        22 => {
            e.between = Some(Points::Many(vec![g.point(), g.point()]));
            e.after_press = Some(true);
            e.chosen = Some(g.point());
        }
        _ => {
            e.clock_correction = Some(Readings {
                red: g.secs(),
                black: g.secs(),
            });
        }
    }
    e
}

#[test]
fn no_log_makes_the_adjudicator_panic() {
    let mut g = Lcg(0x5eed);
    let profiles: Vec<&Profile> = Profile::all().iter().collect();
    for _ in 0..1500 {
        let p = profiles[g.below(profiles.len())];
        let mut shadow = Position::start();
        let len = 1 + g.below(40);
        let log = (0..len)
            .map(|_| random_entry(&mut g, &mut shadow))
            .collect();
        let record = GameRecord {
            profile: Some(p.name.to_string()),
            time_control: None,
            late_limit: Some(600.0),
            log,
            ..GameRecord::default()
        };
        // Ok or a described error; never a panic.
        match adjudicator::adjudicate(&record, p.edition.as_str()) {
            Ok(a) => assert!(a.plies <= 200),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}
