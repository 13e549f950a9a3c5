//! `qigui diff`: the rules and the cases that differ between two editions.
//! The text reports of 1999 → 2020 and 2020 → 附录一 are reviewed snapshots;
//! the JSON is checked against the corpus itself.

use std::path::PathBuf;
use std::process::Command;

fn qigui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs qigui");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn from_1999_to_2020() {
    let (code, out, err) = qigui(&["diff", "--from", "xiangqi-1999", "--to", "xiangqi-2020"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn from_2020_to_the_mass_rules() {
    let (code, out, err) = qigui(&[
        "diff",
        "--from",
        "xiangqi-2020",
        "--to",
        "xiangqi-2020-mass",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn from_2020_to_the_mass_rules_as_markdown() {
    let (code, out, err) = qigui(&[
        "diff",
        "--from",
        "xiangqi-2020",
        "--to",
        "xiangqi-2020-mass",
        "--format",
        "markdown",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

/// The figures where both sides are forbidden: a draw under 1999 (26.3),
/// a side that must change under 2020 (26.9) — 图10 and 图11 among them.
#[test]
fn both_forbidden_figures_change_from_a_draw() {
    let (code, out, err) = qigui(&[
        "diff",
        "--from",
        "xiangqi-1999",
        "--to",
        "xiangqi-2020",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let cases = v["cases"].as_array().expect("cases");
    for fig in ["图10", "图11"] {
        let c = cases
            .iter()
            .find(|c| c["figure"] == fig && c["kind"] == "repetition-verdict")
            .unwrap_or_else(|| panic!("{fig} is in the diff"));
        assert_eq!(c["from"]["expected"]["verdict"], "draw");
        assert!(
            c["to"]["expected"]["verdict"]
                .as_str()
                .is_some_and(|s| s.ends_with("_must_change")),
            "{c}"
        );
        assert!(
            c["from"]["clauses"]
                .as_array()
                .expect("list")
                .contains(&"26.3".into())
        );
        assert_eq!(c["keys"], serde_json::json!(["verdict"]));
        assert_eq!(c["renumbered"], false);
    }
    let rules = v["rules"].as_array().expect("rules");
    let squares = rules
        .iter()
        .find(|r| r["topic"] == "board-squares")
        .expect("board squares differ");
    assert_eq!(squares["from"]["value"], "3.2–4.6 cm");
    assert_eq!(squares["to"]["value"], "4.0–5.0 cm");
}

/// Every case the JSON lists has both instances with different expected
/// values, and every such case is listed.
#[test]
fn the_case_list_is_exactly_the_cases_that_differ() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let corpus = qigui::corpus::load(&[root]).expect("loads");
    for (a, b) in [
        ("xiangqi-1999", "xiangqi-2020"),
        ("xiangqi-2020", "xiangqi-2020-mass"),
        ("xiangqi-2020-mass", "xiangqi-local"),
        ("gomoku-2025", "gomoku-campus-2012"),
    ] {
        let d = qigui::corpus::diff(&corpus, a, b).expect("comparable");
        let mut expected_ids = Vec::new();
        for case in &corpus.cases {
            let inst = case.instances();
            let x = inst.iter().find(|i| i.edition.id == a);
            let y = inst.iter().find(|i| i.edition.id == b);
            if let (Some(x), Some(y)) = (x, y)
                && x.expected != y.expected
            {
                expected_ids.push(case.raw.id.clone());
            }
        }
        let got: Vec<String> = d.cases.iter().map(|c| c.case.raw.id.clone()).collect();
        assert_eq!(got, expected_ids, "{a} → {b}");
        // Reversed, the same cases and the same rules.
        let r = qigui::corpus::diff(&corpus, b, a).expect("comparable");
        assert_eq!(r.cases.len(), d.cases.len());
        assert_eq!(r.rules.len(), d.rules.len());
    }
}

#[test]
fn the_local_rules_against_the_mass_rules() {
    let (code, out, err) = qigui(&[
        "diff",
        "--from",
        "xiangqi-2020-mass",
        "--to",
        "xiangqi-local",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("foul-limit — 犯规 — how many fouls lose"),
        "{out}"
    );
    assert!(
        out.contains("xiangqi-local/中小学.四.4/two-technical-fouls"),
        "{out}"
    );
    // Inherited rules say where they come from.
    assert!(out.contains(", as xiangqi-2020]"), "{out}");
}

#[test]
fn bad_usage_is_refused() {
    let (code, _, err) = qigui(&["diff", "--from", "xiangqi-2020", "--to", "gomoku-2025"]);
    assert_eq!(code, 2);
    assert!(err.contains("different games"), "{err}");
    let (code, _, err) = qigui(&["diff", "--from", "xiangqi-2021", "--to", "xiangqi-2020"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown edition 'xiangqi-2021'"), "{err}");
    let (code, _, err) = qigui(&["diff", "--from", "xiangqi-2020"]);
    assert_eq!(code, 2);
    assert!(err.to_lowercase().contains("usage"), "{err}");
    let (code, _, err) = qigui(&[
        "diff",
        "--from",
        "xiangqi-1999",
        "--to",
        "xiangqi-2020",
        "--format",
        "html",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("'html'") && err.contains("--format"), "{err}");
}

/// A draft edition (spec/editions.md): the worked example drops 26.9's
/// order, so every case the 2020 book rules by 26.9.1–26.9.3 (both sides
/// forbidden, one must change) becomes a draw, and nothing else changes.
#[test]
fn a_draft_edition_changes_the_26_9_cases_only() {
    let draft = "spec/drafts/xiangqi-2020-no-26-9.yaml";
    let (code, out, err) = qigui(&["diff", "--from", "xiangqi-2020", "--to", draft]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("repetition.both_forbidden_by_26_9: true → false (changes, line 9)"),
        "{out}"
    );
    assert!(out.contains("xiangqi-2020/26.9.1/chasing-a-rook: verdict: expected \"black_must_change\", got \"draw\""), "{out}");
    for line in out.lines().filter(|l| l.starts_with("  xiangqi-2020/")) {
        assert!(line.contains("got \"draw\""), "{line}");
    }
    let (code, out, err) = qigui(&["check", "--edition", draft]);
    assert_eq!(
        code, 1,
        "a draft that changes outcomes fails the check: {err}"
    );
    assert!(
        out.contains("CHANGED xiangqi-2020/26.9.2/black-chases-the-rook"),
        "{out}"
    );
    let (code, _, err) = qigui(&["diff", "--from", "xiangqi-1999", "--to", draft]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the draft amends xiangqi-2020, not xiangqi-1999"),
        "{err}"
    );
    let (code, _, err) = qigui(&["check", "--edition", "no-such-edition"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown edition 'no-such-edition'"), "{err}");
}
