//! `qigui go score`: the human-readable report (snapshots, reviewed by hand),
//! the JSON report, and errors that name the file, line and column.

use std::io::Write;
use std::process::{Command, Stdio};

fn qigui(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_qigui"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("qigui runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().expect("qigui finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn full_game_report() {
    let (code, out, err) = qigui(&["go", "score", "tests/data/go/full-game.count"], None);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn full_game_json() {
    let (code, out, _) = qigui(
        &[
            "go",
            "score",
            "tests/data/go/full-game.count",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["black"]["count"], 186.5);
    assert_eq!(v["white"]["count"], 174.5);
    assert_eq!(v["black"]["dead"], 3);
    assert_eq!(v["white"]["dead"], 2);
    assert_eq!(v["dame"], 3);
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["margin"], 2.25);
    assert_eq!(v["black"]["needs"], 185);
    assert_eq!(v["white"]["needs"], 177);
}

const SMALL: &str = "\
# 9×9: black left, white right, one dame point
komi: 0
handicap: 3

X X X X X O O O O
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X . O . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
";

#[test]
fn handicap_report_from_stdin() {
    let (code, out, err) = qigui(&["go", "score", "-"], Some(SMALL));
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn errors_name_the_place() {
    let bad = SMALL.replace("X O . . .\n. . . . X . O", "X O . . .\n. . . . X . Q");
    let (code, _, err) = qigui(&["go", "score", "-"], Some(&bad));
    assert_eq!(code, 2);
    assert!(err.contains("-:9:13:"), "{err}");
    let (code, _, err) = qigui(&["go", "score", "-"], Some("komi: 3.7\n. .\n. .\n"));
    assert_eq!(code, 2);
    assert!(err.contains("-:1:7:"), "{err}");
    let (code, _, err) = qigui(
        &["go", "score", "-"],
        Some("komi: 3.75\nhandicap: 2\n. .\n. .\n"),
    );
    assert_eq!(code, 2);
    assert!(err.contains("让子"), "{err}");
    let (code, _, err) = qigui(&["go", "score", "no/such/file"], None);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file"), "{err}");
    let (code, _, _) = qigui(&["go", "count"], None);
    assert_eq!(code, 2);
}

// `go score --sgf` (issue 29). The counts are the hand count of
// docs/go.md: black D1–D9, E1–E5 and columns A–C; white E6–E9, F1–F9 and
// columns G–J; B5 dead by the file's TB, H5 by --dead.

#[test]
fn sgf_game_json() {
    let (code, out, err) = qigui(
        &[
            "go",
            "score",
            "--sgf",
            "tests/data/go/nine.sgf",
            "--dead",
            "H5",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["black"]["count"], 41.0);
    assert_eq!(v["white"]["count"], 40.0);
    assert_eq!(v["komi"], 3.75);
    assert_eq!(v["result"], "white_wins");
    assert_eq!(v["margin"], 3.25);
    assert_eq!(v["record"]["moves"], 31);
    assert_eq!(v["record"]["end"], "passes");
    assert_eq!(v["record"]["dead"], serde_json::json!(["B5", "H5"]));
}

#[test]
fn sgf_errors_are_located() {
    let (code, _, err) = qigui(
        &["go", "score", "--sgf", "tests/data/go/ko-retake.sgf"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("tests/data/go/ko-retake.sgf:3:2: move 9 (B D3): ko"),
        "{err}"
    );
    let (code, _, err) = qigui(
        &["go", "score", "--sgf", "-"],
        Some("(;SZ[9]KM[7.5];B[ee];W[zz])"),
    );
    assert_eq!(code, 2);
    assert!(err.contains("-:1:23:"), "{err}");
    let (code, _, err) = qigui(
        &["go", "score", "--sgf", "-", "--komi-moku", "7.3"],
        Some("(;SZ[9];B[ee])"),
    );
    assert_eq!(code, 2);
    assert!(err.contains("--komi-moku 7.3"), "{err}");
    let (code, _, err) = qigui(&["go", "score", "--sgf", "-"], Some("(;SZ[9];B[ee])"));
    assert_eq!(code, 2);
    assert!(err.contains("no KM"), "{err}");
}

/// `qigui go adjudicate`: the referee's log from the command line. The
/// expected values are the file's own arithmetic (活动方案.八, 竞赛规定.12,
/// 胜负计算.2), not the program's output.
#[test]
fn adjudicate_referee_log() {
    let (code, out, err) = qigui(
        &["go", "adjudicate", "tests/data/go/referee-late.yaml"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("result     white_wins\nclause     胜负计算.2\nplies      2\n"),
        "{out}"
    );
    assert!(out.contains("clocks     black 2970 s"), "{out}");
    assert!(out.contains("white 3560 s"), "{out}");
    let (code, out, err) = qigui(
        &[
            "go",
            "adjudicate",
            "tests/data/go/referee-late.yaml",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["result"], "white_wins");
    assert_eq!(v["clause"], "胜负计算.2");
    assert_eq!(v["plies"], 2);
    assert_eq!(v["main_left"], serde_json::json!([2970, 3560]));
}

/// JSON from standard input; eleven minutes late is past 活动方案.八's ten and
/// forfeits; a move after the forfeit is refused at its entry with exit 1.
#[test]
fn adjudicate_json_stdin_and_refusal() {
    let log = r#"{"late_limit_minutes": 10, "log": [{"late": "white", "minutes": 11}]}"#;
    let (code, out, err) = qigui(&["go", "adjudicate", "-", "--format", "json"], Some(log));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["clause"], "活动方案.八");
    assert_eq!(v["plies"], 0);
    let log = "late_limit_minutes: 10\nlog:\n  - {late: white, minutes: 11}\n  - {move: D4}\n";
    let (code, out, _) = qigui(&["go", "adjudicate", "-", "--format", "json"], Some(log));
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["entry"], 2);
    assert_eq!(v["code"], "after-end");
    let (code, _, err) = qigui(&["go", "adjudicate", "-"], Some("log: [{bogus: 1}]\n"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bogus"), "{err}");
}

/// `go score --sgf` sets the SGF's `RE` beside the count. One black stone on
/// 9×9 with KM[7.5] (3¾ 子): black counts 81, must exceed 40½ + 3¾ = 44¼,
/// so black wins by 36¾ 子 = 73½ 目 (81 − 0 − 7.5). The note never makes the
/// command fail.
#[test]
fn sgf_result_agreement() {
    let agreement = |re: &str| {
        let sgf = format!("(;SZ[9]KM[7.5]RE[{re}];B[ee])");
        let (code, out, err) = qigui(
            &["go", "score", "--sgf", "-", "--format", "json"],
            Some(&sgf),
        );
        assert_eq!(code, 0, "{re}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(v["margin"], 36.75);
        v["record"]["re_check"]["agreement"]
            .as_str()
            .expect("agreement")
            .to_string()
    };
    assert_eq!(agreement("B+73.5"), "agrees");
    assert_eq!(agreement("B+36.75"), "agrees");
    assert_eq!(agreement("B+R"), "agrees");
    assert_eq!(agreement("B+Time"), "agrees");
    assert_eq!(agreement("B+"), "agrees");
    assert_eq!(agreement("B+5"), "disagrees");
    assert_eq!(agreement("W+R"), "disagrees");
    assert_eq!(agreement("W+73.5"), "disagrees");
    assert_eq!(agreement("0"), "disagrees");
    assert_eq!(agreement("?"), "not_comparable");
    assert_eq!(agreement("Void"), "not_comparable");
    // nine.sgf writes RE[W+3.25]: white's margin in 子 with 3¾ komi (docs/go.md);
    // with 2¾ komi white wins by 2¼ 子 (4½ 目), so the record disagrees.
    let (code, out, err) = qigui(
        &[
            "go",
            "score",
            "--sgf",
            "tests/data/go/nine.sgf",
            "--dead",
            "H5",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("\nRE         agrees: white wins by 3.25, the count's margin in 子 (3¼)\n"),
        "{out}"
    );
    let args = [
        "go",
        "score",
        "--sgf",
        "tests/data/go/nine.sgf",
        "--dead",
        "H5",
        "--komi",
        "2.75",
    ];
    let (code, out, err) = qigui(&args, None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nRE         disagrees: "), "{out}");
    // No RE, no line.
    let (code, out, _) = qigui(
        &["go", "score", "--sgf", "-"],
        Some("(;SZ[9]KM[7.5];B[ee])"),
    );
    assert_eq!(code, 0);
    assert!(!out.contains("\nRE "), "{out}");
}

#[test]
fn event_awards_appeal_and_refusal() {
    // 奖项.一: the final's winner 1, its loser 2, the semi-final losers 3;
    // 奖项.二.第一项: 4, 3, 1, 1 by school (一中: 张伟 4 + 王芳 1).
    let (code, out, err) = qigui(&["go", "event", "tests/data/go/event-awards.yaml"], None);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("place\t1\t张伟\n"), "{out}");
    assert!(out.contains("place\t3\t王芳\n"), "{out}");
    assert!(out.contains("points\t5\t一中\n"), "{out}");
    // 活动方案.七: three hours and one minute after the end is late.
    let late =
        "appeal: {ended_at: \"2026-10-25 23:00\", filed_at: \"2026-10-26 02:01\", written: true}\n";
    let (code, out, err) = qigui(&["go", "event", "-", "--format", "json"], Some(late));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"ruling\":\"late\""), "{out}");
    // A final against a semi-final loser gives no places: refused, exit 1.
    let bad = "last_rounds:\n  semifinals: [{winner: A, loser: B}, {winner: C, loser: D}]\n  final: {winner: A, loser: B}\n";
    let (code, out, _) = qigui(&["go", "event", "-"], Some(bad));
    assert_eq!(code, 1);
    assert!(out.starts_with("refused\t"), "{out}");
    // Both inputs at once is not a file this command reads.
    let both = format!(
        "{late}last_rounds:\n  semifinals: [{{winner: A, loser: B}}, {{winner: C, loser: D}}]\n  final: {{winner: A, loser: C}}\n"
    );
    let (code, _, err) = qigui(&["go", "event", "-"], Some(&both));
    assert_ne!(code, 0);
    assert!(err.contains("exactly one"), "{err}");
}
