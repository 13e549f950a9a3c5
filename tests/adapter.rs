//! The adapter protocol end to end (`spec/adapter-protocol.md`): qigui's
//! own adapter passes the whole corpus through `qigui conform`, and a
//! broken adapter (wrong, hanging, crashing, garbage, deaf to `stop`) is
//! reported without ever hanging the runner.

use std::process::Command;
use std::time::{Duration, Instant};

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

fn summary(out: &str) -> (u32, u32, u32) {
    let last = out.lines().last().unwrap_or_default();
    let n: Vec<u32> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        n.len() == 3 && last.ends_with(" skipped"),
        "not a summary line: {last}"
    );
    (n[0], n[1], n[2])
}

const SMALL: &str = "tests/data/adapters/perft-1-2.yaml";

fn misbehave(mode: &str) -> String {
    format!("sh tests/data/adapters/misbehave.sh {mode}")
}

/// The smoke test of issue 12: qigui through its own adapter passes every
/// case of every kind it claims.
#[test]
fn qigui_adapter_passes_the_whole_corpus() {
    let adapter = format!("{} adapter", env!("CARGO_BIN_EXE_qigui"));
    let (code, out, err) = qigui(&["conform", "--adapter", &adapter, "--timeout-ms", "600000"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let (passed, failed, skipped) = summary(&out);
    // Every instance of the corpus, none failed, only the corpus's own skips.
    let corpus = qigui::corpus::load(&[std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cases"
    ))])
    .expect("the corpus loads");
    let instances = corpus.instances();
    let claimed = qigui::adapter::kinds();
    let unclaimed = instances
        .iter()
        .filter(|i| i.skip.is_none() && !claimed.contains(&i.case.raw.kind.name()))
        .count() as u32;
    let corpus_skips = instances.iter().filter(|i| i.skip.is_some()).count() as u32;
    assert_eq!(failed, 0, "{out}");
    // Skipped: only the corpus's own skips (it claims every kind, says the
    // next test).
    assert_eq!(unclaimed, 0, "{out}");
    assert_eq!(skipped, corpus_skips, "{out}");
    assert_eq!(passed + skipped, instances.len() as u32, "{out}");
    assert!(!out.contains("incidents"), "{out}");
}

#[test]
fn qigui_adapter_claims_every_kind() {
    let (code, out, _) = qigui(&["adapter", "--kinds"]);
    assert_eq!(code, 0);
    let claimed: Vec<&str> = out.lines().collect();
    for k in qigui::corpus::Kind::ALL {
        assert!(
            claimed.contains(&k.name()),
            "qigui adapter does not answer {}: every kind's CaseKind answers \
             (src/corpus/kinds/), so that other implementations can be compared on it",
            k.name()
        );
    }
}

#[test]
fn a_wrong_answer_fails_with_the_comparison_of_check() {
    let (code, out, _) = qigui(&["conform", "--adapter", &misbehave("wrong"), SMALL]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(summary(&out), (0, 2, 0));
    assert!(
        out.contains("FAIL xiangqi-2020/perft/adapter-test-1: nodes: expected 44, got 0"),
        "{out}"
    );
    // One table row per clause.
    assert!(
        out.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["xiangqi-2020", "2.2", "0", "2", "0"]),
        "{out}"
    );
}

#[test]
fn a_hanging_adapter_times_out_and_is_restarted() {
    let began = Instant::now();
    let (code, out, _) = qigui(&[
        "conform",
        "--adapter",
        &misbehave("hang"),
        SMALL,
        "--timeout-ms",
        "300",
    ]);
    assert!(began.elapsed() < Duration::from_secs(20));
    assert_eq!(code, 1, "{out}");
    assert_eq!(summary(&out), (0, 2, 0));
    assert!(out.contains("no answer within 300 ms"), "{out}");
    assert!(
        out.contains("restarted the adapter before xiangqi-2020/perft/adapter-test-2"),
        "{out}"
    );
}

#[test]
fn a_crashing_adapter_is_reported_with_its_stderr() {
    let (code, out, _) = qigui(&["conform", "--adapter", &misbehave("crash"), SMALL]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(summary(&out), (0, 2, 0));
    assert!(
        out.contains("the adapter exited (exit status: 3); its stderr ends: boom: cannot go on"),
        "{out}"
    );
}

#[test]
fn an_adapter_that_does_not_speak_the_protocol_is_refused() {
    let (code, _, err) = qigui(&[
        "conform",
        "--adapter",
        &misbehave("garbage"),
        SMALL,
        "--timeout-ms",
        "2000",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("protocol error: not a message"), "{err}");
    let (code, _, err) = qigui(&["conform", "--adapter", "/nonexistent/adapter", SMALL]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start `/nonexistent/adapter`"), "{err}");
}

#[test]
fn skips_are_counted_with_their_reasons_and_stop_is_enforced() {
    let (code, out, _) = qigui(&["conform", "--adapter", &misbehave("skip"), SMALL]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(summary(&out), (0, 0, 2));
    assert!(out.contains("2  adapter: perft is too slow here"), "{out}");
    let (_, out, _) = qigui(&["conform", "--adapter", &misbehave("stubborn"), SMALL]);
    assert_eq!(summary(&out), (1, 1, 0));
    assert!(out.contains("did not exit within 2 s of stop"), "{out}");
}

#[test]
fn kinds_not_claimed_are_skipped_and_json_carries_the_outputs() {
    let (code, out, _) = qigui(&[
        "conform",
        "--adapter",
        &misbehave("wrong"),
        "cases/xiangqi-2020/02-moves.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["summary"]["failed"], 0);
    let cases = v["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    for c in cases {
        assert_eq!(c["status"], "skipped");
        assert_eq!(c["by"], "not-claimed");
    }
    let (code, out, _) = qigui(&[
        "conform",
        "--adapter",
        &misbehave("wrong"),
        SMALL,
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["cases"][0]["output"]["nodes"], 0);
    assert_eq!(v["cases"][0]["expected"]["nodes"], 44);
    assert_eq!(v["adapter"]["name"], "misbehave wrong");
}

#[test]
fn unknown_kinds_are_refused() {
    let (code, _, err) = qigui(&[
        "conform",
        "--adapter",
        "x",
        "--kinds",
        "legal-moves,no-such-kind",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown kind 'no-such-kind'"), "{err}");
}

#[test]
fn the_messages_follow_the_published_schema() {
    use std::io::Write;
    use std::process::Stdio;
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/adapter-protocol.schema.json"),
    )
    .expect("the schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let requests = [
        r#"{"type":"hello","protocol":1,"corpus_format":1,"runner":"test"}"#,
        r#"{"type":"case","id":"a","kind":"legal-moves","edition":"xiangqi-2020","input":{"moves":"h2e2"},"expect":["check"]}"#,
        r#"{"type":"case","id":"b","kind":"perft","edition":"xiangqi-2020","input":{"fen":"bad"},"expect":["nodes"]}"#,
        r#"{"type":"case","id":"c","kind":"no-such-kind","edition":"xiangqi-2020","input":{},"expect":[]}"#,
        r#"{"type":"stop"}"#,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .arg("adapter")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("qigui adapter runs");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for r in requests {
            writeln!(stdin, "{r}").expect("written");
        }
    }
    let out = child.wait_with_output().expect("it exits after stop");
    let replies: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(replies.len(), 4);
    let types: Vec<&str> = replies.iter().filter_map(|r| r["type"].as_str()).collect();
    assert_eq!(types, ["hello", "result", "error", "skip"]);
    for line in requests {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert!(validator.is_valid(&v), "request {line}");
    }
    for r in &replies {
        assert!(validator.is_valid(r), "reply {r}");
    }
    // What the schema refuses.
    for bad in [
        r#"{"type":"result","id":"x"}"#,
        r#"{"type":"result","id":"x","output":[1]}"#,
        r#"{"type":"hello","protocol":1,"name":"n"}"#,
        r#"{"type":"skip","id":"x","reason":"r","extra":1}"#,
        r#"{"type":"case","id":"a","kind":"perft","edition":"e","input":{}}"#,
    ] {
        let v: serde_json::Value = serde_json::from_str(bad).expect("JSON");
        assert!(!validator.is_valid(&v), "accepted {bad}");
    }
}

/// The human-readable reports, reviewed as snapshots.
#[test]
fn reports_read_well() {
    let (_, text, _) = qigui(&["conform", "--adapter", &misbehave("wrong"), SMALL]);
    insta::assert_snapshot!("conform_text_wrong_adapter", text);
    let (_, md, _) = qigui(&[
        "conform",
        "--adapter",
        &misbehave("wrong"),
        SMALL,
        "--format",
        "markdown",
    ]);
    insta::assert_snapshot!("conform_markdown_wrong_adapter", md);
}

/// `--include-skipped` sends the corpus-skipped cases too, and reports how
/// the adapter did on them apart, without counting them.
#[test]
fn include_skipped_runs_the_corpus_skips_apart() {
    let adapter = format!("{} adapter", env!("CARGO_BIN_EXE_qigui"));
    let file = "tests/data/adapters/skipped.yaml";
    let (code, out, _) = qigui(&["conform", "--adapter", &adapter, file]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(summary(&out), (1, 0, 2));
    assert!(!out.contains("corpus-skipped cases run"), "{out}");
    let (code, out, _) = qigui(&["conform", "--adapter", &adapter, file, "--include-skipped"]);
    // The wrong expectation fails, but apart: the run still passes.
    assert_eq!(code, 0, "{out}");
    assert_eq!(summary(&out), (1, 0, 2));
    assert!(
        out.contains("FAIL xiangqi-2020/perft/include-skipped-wrong: nodes: expected 45, got 44"),
        "{out}"
    );
    assert!(
        out.contains("PASS xiangqi-2020/perft/include-skipped-right"),
        "{out}"
    );
    assert!(
        out.contains("corpus-skipped cases run (not counted): 1 passed, 1 failed, 0 skipped\n"),
        "{out}"
    );
    assert!(!out.contains("failing cases"), "{out}");
    let (code, out, _) = qigui(&[
        "conform",
        "--adapter",
        &adapter,
        file,
        "--include-skipped",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["summary"]["failed"], 0);
    assert_eq!(v["summary"]["skipped"], 2);
    assert_eq!(v["summary"]["skipped_run"]["failed"], 1);
    assert_eq!(v["summary"]["skipped_run"]["passed"], 1);
    let wrong = &v["cases"][1];
    assert_eq!(wrong["status"], "skipped");
    assert_eq!(wrong["by"], "corpus");
    assert_eq!(wrong["ran_skipped"]["status"], "failed");
    assert_eq!(
        wrong["ran_skipped"]["message"],
        "nodes: expected 45, got 44"
    );
    assert_eq!(wrong["output"]["nodes"], 44);
}

/// Issue 27.1: a perft request deeper than the corpus allows (1–6) is
/// refused with an error reply, instead of overflowing the stack or
/// counting for ever; the adapter then answers the next request.
#[test]
fn a_perft_depth_out_of_range_is_refused_not_run() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .arg("adapter")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the adapter starts");
    let requests = [
        r#"{"type":"hello","protocol":1,"corpus_format":1,"runner":"test"}"#,
        r#"{"type":"case","id":"deep","kind":"perft","edition":"xiangqi-2020","input":{"depth":100000},"expect":["nodes"]}"#,
        r#"{"type":"case","id":"zero","kind":"perft","edition":"xiangqi-2020","input":{"depth":0},"expect":["nodes"]}"#,
        r#"{"type":"case","id":"ok","kind":"perft","edition":"xiangqi-2020","input":{"depth":1},"expect":["nodes"]}"#,
        r#"{"type":"stop"}"#,
    ];
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(stdin, "{r}").expect("writes");
    }
    drop(stdin);
    let start = Instant::now();
    let out = child.wait_with_output().expect("the adapter ends");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "the adapter took too long"
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let reply = |id: &str| {
        text.lines()
            .find(|l| l.contains(&format!("\"id\":\"{id}\"")))
            .unwrap_or_else(|| panic!("no reply to {id}: {text}"))
            .to_string()
    };
    for id in ["deep", "zero"] {
        let r = reply(id);
        assert!(
            r.contains("\"type\":\"error\"") && r.contains("depth runs from 1 to 6"),
            "{r}"
        );
    }
    assert!(reply("ok").contains("44"), "{text}");
}
