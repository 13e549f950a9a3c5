//! `qigui gomoku forbidden` and `qigui gomoku judge` as a user runs them.

use std::process::{Command, Output};

fn qigui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn forbidden_json_is_the_documented_shape() {
    let o = qigui(&[
        "gomoku",
        "forbidden",
        "--black",
        "H8 I8 J8 L8 M8",
        "--white",
        "G8 H7 H9 I7 I9",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "{\"forbidden\":[{\"point\":\"K8\",\"kind\":\"overline\"}]}\n"
    );
}

#[test]
fn forbidden_text_lists_every_point_with_kind_and_clause() {
    let o = qigui(&[
        "gomoku",
        "forbidden",
        "--black",
        "G8 I8 H7 H9",
        "--white",
        "",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "H8\tdouble-three\t8.1 三三禁手\n1 forbidden point(s)\n"
    );
}

#[test]
fn forbidden_under_the_other_reading() {
    let black = "F4 G4 G6 H5 H6 H7 H8";
    let white = "A14 A15 H9 O1 O14 O15 O2";
    let ours = qigui(&[
        "gomoku",
        "forbidden",
        "--black",
        black,
        "--white",
        white,
        "--format",
        "json",
    ]);
    let other = qigui(&[
        "gomoku",
        "forbidden",
        "--black",
        black,
        "--white",
        white,
        "--format",
        "json",
        "--reading",
        "five-point-excluded",
    ]);
    assert!(stdout(&ours).contains("{\"point\":\"I4\",\"kind\":\"double-three\"}"));
    assert!(!stdout(&other).contains("I4"));
}

#[test]
fn bad_input_is_exit_2_with_the_reason() {
    let o = qigui(&["gomoku", "forbidden", "--black", "H8 P3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("black stone 2"), "{}", stderr(&o));
    let o = qigui(&["gomoku", "forbidden", "--black", "H8", "--white", "H8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("H8 is given twice"), "{}", stderr(&o));
    let o = qigui(&["gomoku", "forbidden", "--reading", "sometimes"]);
    assert_eq!(o.status.code(), Some(2));
    let o = qigui(&["gomoku", "judge", "no/such/file.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.yaml"));
    let o = qigui(&["gomoku", "shuffle"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn judge_prints_the_ruling() {
    let o = qigui(&["gomoku", "judge", "tools/gomoku/examples/double-three.yaml"]);
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!(stdout(&o));
}

#[test]
fn judge_json() {
    let o = qigui(&[
        "gomoku",
        "judge",
        "tools/gomoku/examples/double-three.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["result"], "white_wins");
    assert_eq!(v["reason"], "forbidden-move");
    assert_eq!(v["forbidden"], "double-three");
    assert_eq!(v["clause"], "19.1.2");
    assert_eq!(v["move"], 9);
}

#[test]
fn judge_an_illegal_record_is_exit_1() {
    let dir = std::env::temp_dir().join(format!("qigui-gomoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.yaml");
    std::fs::write(&file, "opening: taraguchi-10\nmoves: [H8, H8]\n").expect("write");
    let o = qigui(&["gomoku", "judge", file.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("(12.2)"), "{}", stdout(&o));
    std::fs::write(&file, "moves: [H8]\nwinner: black\n").expect("write");
    let o = qigui(&["gomoku", "judge", file.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown field `winner`"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn adjudicate_finds_the_flag_from_the_times() {
    // 30.3.2: 300 s + 3 s. Black 100 s late (14.3.2): 200; after four
    // moves 200 − 110 + 12 = 102 < 110, the fifth move's time. White
    // 300 − 4 × (5 − 3) = 292.
    let o = qigui(&[
        "gomoku",
        "adjudicate",
        "tools/gomoku/examples/late-and-flag.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["result"], "white_wins");
    assert_eq!(v["reason"], "time-forfeit");
    assert_eq!(v["clause"], "14.1.2");
    assert_eq!(v["move"], 8);
    assert_eq!(v["clocks"]["black"], -8.0);
    assert_eq!(v["clocks"]["white"], 292.0);
    assert_eq!(v["clocks"]["rapid"], true);
}

#[test]
fn adjudicate_refuses_a_bad_clock_log() {
    let dir = std::env::temp_dir().join(format!("qigui-gomoku-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("clock.yaml");
    let path = file.to_str().expect("utf-8 path");
    for (text, says) in [
        ("moves: H8\ntime_control: '30.9'\n", "time_control: '30.9'"),
        ("moves: H8\ntimes: [3]\n", "no time_control"),
        (
            "moves: H8\ntime_control: {base: 60}\ntimes: [3, 4]\n",
            "times: 2 entries for 1 actions",
        ),
        (
            "moves: H8\ntime_control: {base: 3000000}\n",
            "time_control.base: 3000000 seconds",
        ),
    ] {
        std::fs::write(&file, text).expect("write");
        let o = qigui(&["gomoku", "adjudicate", path]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        assert!(stderr(&o).contains(says), "{text}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
