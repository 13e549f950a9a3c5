//! The command line as users and other programs see it.

use std::process::Command;

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
fn perft_prints_the_count_last() {
    let (code, out, _) = qigui(&["perft", "start", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("79666"));
    let (code, out, _) = qigui(&[
        "perft",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
        "2",
        "--divide",
    ]);
    assert_eq!(code, 0);
    let last: u64 = out
        .lines()
        .last()
        .and_then(|l| l.parse().ok())
        .expect("a count");
    let sum: u64 = out
        .lines()
        .rev()
        .skip(1)
        .filter_map(|l| l.split(' ').nth(1)?.parse::<u64>().ok())
        .sum();
    assert_eq!(last, sum);
}

#[test]
fn check_ends_with_the_summary_line() {
    let (code, out, _) = qigui(&["check", "cases/xiangqi-2020/02-moves.yaml"]);
    assert_eq!(code, 0, "{out}");
    let last = out.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert!(
        words[0].parse::<u32>().is_ok()
            && words[1] == "passed,"
            && words[2] == "0"
            && words[3] == "failed"
    );
}

#[test]
fn check_json_rows() {
    let (code, out, _) = qigui(&[
        "check",
        "cases/xiangqi-2020/01-board.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let rows: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let rows = rows.as_array().expect("an array");
    assert!(!rows.is_empty());
    for r in rows {
        for key in ["id", "edition", "clauses", "status", "message"] {
            assert!(r.get(key).is_some(), "{key} missing in {r}");
        }
        assert_eq!(r["status"], "passed");
    }
    assert!(rows.iter().any(|r| r["figure"] == "图1"));
    assert!(rows.iter().any(|r| r["edition"] == "xiangqi-1999"));
}

#[test]
fn a_failing_case_is_reported_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("qigui-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.yaml");
    std::fs::write(
        &file,
        "format: 1\nedition: xiangqi-2020\ncases:\n  - id: xiangqi-2020/perft/wrong\n    kind: perft\n    clauses: [\"2.2\"]\n    description: A deliberately wrong count.\n    provenance: composed\n    input: {depth: 1}\n    expected: {nodes: 45}\n",
    )
    .unwrap();
    let (code, out, _) = qigui(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("FAIL xiangqi-2020/perft/wrong: nodes: expected 45, got 44"),
        "{out}"
    );
    assert_eq!(out.lines().last(), Some("0 passed, 1 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn corpus_errors_name_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("qigui-cli-err-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "format: 1\nedition: xiangqi-2020\ncases:\n  - id: xiangqi-2020/x/bad-fen\n    kind: legal-moves\n    clauses: [\"2.2\"]\n    description: An illegal FEN.\n    provenance: composed\n    input:\n      fen: \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"\n    expected: {count: 1}\n",
    )
    .unwrap();
    let (code, _, err) = qigui(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad.yaml:10:7: case 'xiangqi-2020/x/bad-fen': illegal FEN"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_json_bundle() {
    let (code, out, _) = qigui(&["export-json", "cases/xiangqi-2020/01-board.yaml"]);
    assert_eq!(code, 0);
    let b: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(b["format"], 1);
    let case = b["cases"]
        .as_array()
        .and_then(|c| {
            c.iter()
                .find(|c| c["id"] == "xiangqi-2020/1.4/small-squares")
        })
        .expect("case");
    assert_eq!(
        case["expected_by_edition"]["xiangqi-2020"]["conforms"],
        false
    );
    assert_eq!(
        case["expected_by_edition"]["xiangqi-1999"]["conforms"],
        true
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    for args in [
        vec!["perft", "rnbakabnr/9 w", "2"],
        vec!["perft", "start", "99"],
        vec!["moves", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
        vec!["notation", "车十平五"],
        vec!["notation", "--fen", "nonsense", "h2e2"],
        vec!["frobnicate"],
        vec!["check", "--format", "xml"],
        vec!["check", "/no/such/path"],
    ] {
        let (code, _, err) = qigui(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            !err.is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// Issue 10: every edition is selectable wherever a command takes one. The
/// Xiangqi editions rule on repetitions; the Gomoku and Go editions are
/// told why they have no 棋例; every edition checks and covers its cases.
#[test]
fn every_edition_is_selectable() {
    for e in qigui::Edition::ids() {
        let (code, out, err) = qigui(&["check", "cases", "--edition", e]);
        assert_eq!(code, 0, "check --edition {e}: {out}{err}");
        assert!(
            out.contains(" passed, 0 failed"),
            "check --edition {e}: {out}"
        );
        let (code, out, err) = qigui(&["coverage", "--edition", e, "--missing"]);
        assert_eq!(code, 0, "coverage --edition {e}: {err}");
        assert!(out.contains(", 0 missing"), "coverage --edition {e}: {out}");
        let (code, out, err) =
            qigui(&["rule", "--red", "将 将", "--black", "闲 闲", "--edition", e]);
        let game = qigui::Edition::get(e).map(|x| x.game);
        if game == Some(qigui::edition::GameKind::Xiangqi) {
            assert_eq!(code, 0, "rule --edition {e}: {err}");
            assert!(out.contains("red_"), "rule --edition {e}: {out}");
        } else {
            assert_eq!(code, 2, "rule --edition {e}");
            assert!(err.contains("are Xiangqi's"), "rule --edition {e}: {err}");
        }
    }
    let (code, out, err) = qigui(&[
        "rule",
        "--red",
        "将 将",
        "--black",
        "闲 闲",
        "--edition",
        "xiangqi-local",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("red_must_change"), "{out}");
    assert!(out.contains("棋类比赛.4.(五)"), "{out}");
}

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    // `qigui export-json | head -c 10`: the pipe closes while qigui writes.
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .arg("export-json")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qigui runs");
    let mut first = [0u8; 10];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("some output");
    // The read end is dropped here.
    let out = child.wait_with_output().expect("qigui ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// Issue 27.5: a run that checks nothing is not a pass — a file that is not
/// a corpus file, `/dev/null`, a folder without cases, or filters that
/// select no case exit 2 with the reason instead of "0 passed, 0 failed".
#[test]
fn check_on_nothing_is_an_error() {
    let dir = std::env::temp_dir().join(format!("qigui-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let txt = dir.join("cases.txt");
    std::fs::write(&txt, "cases: []\n").expect("writes");
    let (code, _, err) = qigui(&["check", txt.to_str().expect("utf-8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a corpus file"), "{err}");
    std::fs::remove_file(&txt).expect("removes");
    let (code, _, err) = qigui(&["check", dir.to_str().expect("utf-8")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no case selected"), "{err}");
    let (code, _, err) = qigui(&["check", "/dev/null"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = qigui(&["check", "cases", "--edition", "go-local", "--kind", "perft"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no case selected (edition go-local, kind perft)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("removes");
}

/// Issue 27.7: `export-json X --out X` would have replaced the YAML input
/// with JSON; it is refused and the input left as it was. `--out ""` is
/// refused too.
#[test]
fn export_json_never_overwrites_its_input() {
    let dir = std::env::temp_dir().join(format!("qigui-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let input = dir.join("moves.yaml");
    let yaml = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/xiangqi-2020/02-moves.yaml"),
    )
    .expect("reads");
    std::fs::write(&input, &yaml).expect("writes");
    let p = input.to_str().expect("utf-8");
    let (code, _, err) = qigui(&["export-json", p, "--out", p]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is one of the corpus files read"), "{err}");
    assert_eq!(std::fs::read_to_string(&input).expect("reads"), yaml);
    let (code, _, err) = qigui(&["export-json", p, "--out", ""]);
    assert_eq!(code, 2, "{err}");
    let out = dir.join("bundle.json");
    let (code, _, err) = qigui(&["export-json", p, "--out", out.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        std::fs::read_to_string(&out)
            .expect("written")
            .starts_with('{')
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("lists")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    std::fs::remove_dir_all(&dir).expect("removes");
}

/// Issue 28: the corpus is built into the binary. From a directory that is
/// not the repository, `check` without a PATH runs it and prints what
/// `check cases` prints from the root; `coverage`, `diff` and `book` run
/// too; a PATH still reads from disk (relative to that directory).
#[test]
fn the_corpus_commands_run_from_any_directory() {
    let elsewhere = std::env::temp_dir().join(format!("qigui-anywhere-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).expect("a temp dir");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
            .args(args)
            .current_dir(&elsewhere)
            .output()
            .expect("the binary runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, from_root, err) = qigui(&["check", "cases"]);
    assert_eq!(code, 0, "{err}");
    let (code, anywhere, err) = run(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(anywhere, from_root);
    assert!(anywhere.contains(" passed, 0 failed"), "{anywhere}");
    // The JSON rows name the same cases with the same files.
    let (_, root_json, _) = qigui(&["check", "cases", "--format", "json"]);
    let (_, json, _) = run(&["check", "--format", "json"]);
    assert_eq!(json, root_json);
    let (code, out, err) = run(&["coverage", "--missing"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(", 0 missing\n"), "{out}");
    let (code, out, err) = run(&["diff", "--from", "xiangqi-1999", "--to", "xiangqi-2020"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cases change their expected outcome"), "{out}");
    let (code, out, err) = run(&["book", "--out", "book"]);
    assert_eq!(code, 0, "{err}");
    assert!(elsewhere.join("book/index.html").is_file(), "{out}");
    // A PATH is read from disk: there is no cases/ here.
    let (code, _, err) = run(&["check", "cases"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\ncases:0:0: "), "{err}");
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// Issue 28: errata are counted in the closing line, and listed under a
/// heading only with --errata (spec/errata.md).
#[test]
fn check_counts_errata_and_lists_them_on_request() {
    let ids = qigui::corpus::erratum_ids();
    let corpus = qigui::corpus::embedded().expect("the built-in corpus loads");
    let carrying = corpus
        .instances()
        .iter()
        .filter(|i| i.erratum.is_some())
        .count();
    assert!(carrying > 0);
    let (code, out, err) = qigui(&["check"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    // "N passed, 0 failed[, K skipped] (E cases carry an erratum)".
    assert!(out.contains(" passed, 0 failed"), "{out}");
    assert!(
        out.ends_with(&format!(" ({carrying} cases carry an erratum)\n")),
        "{out}"
    );
    let (code, out, err) = qigui(&["check", "--errata"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Errata (spec/errata.md)"), "{out}");
    assert_eq!(lines.len(), carrying + 2, "{out}");
    for line in &lines[1..=carrying] {
        let id = line.split_whitespace().next().unwrap_or("");
        assert!(ids.contains(id), "{line}");
    }
}

/// Issue 28: `threats` says each threat in words, Chinese and English, not
/// in Rust's debug names.
#[test]
fn threats_are_said_in_words() {
    let (code, out, err) = qigui(&["threats", "4k4/9/9/9/4n4/9/9/9/4R4/3K5 w - - 0 1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("1. 可吃无根马(e5)："), "{out}");
    assert!(out.contains("chases the unprotected horse on e5"), "{out}");
    assert!(out.contains("车五进四"), "{out}");
    assert!(
        out.ends_with(
            "杀 / mate: 搜索范围内无连将杀 / no mate by checks within the search bound\n"
        ),
        "{out}"
    );
    for debug in ["Capture", "Checks", "NoMate", "LimitReached", "["] {
        assert!(!out.contains(debug), "{debug} in {out}");
    }
}

/// `judge --format json` gives each move's fine label and its book category
/// (24.8): 图7's 拦 is 闲 in category, its 杀 is 杀.
#[test]
fn judge_json_gives_each_label_with_its_category() {
    let (code, out, _) = qigui(&[
        "judge",
        "--fen",
        "2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w - - 0 1",
        "--moves",
        "i0h0 i8h8 h0i0 h8i8",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let pairs: Vec<(String, String)> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["label"].as_str().unwrap_or("").to_string(),
                m["category"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want = [("杀", "杀"), ("拦", "闲"), ("杀", "杀"), ("拦", "闲")];
    assert_eq!(
        pairs,
        want.map(|(l, c)| (l.to_string(), c.to_string())).to_vec()
    );
    insta::assert_snapshot!("judge_json_figure_7", out);
}
