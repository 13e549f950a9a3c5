//! `spec/editions.yaml`, editions as data: it agrees with `src/edition/mod.rs`,
//! every clause it names exists in its edition, and every change an edition
//! makes relative to its base can be seen in the corpus — a case running
//! under that edition cites one of the change's clauses — or is recorded as
//! not executable in `spec/coverage.yaml`.

use std::path::PathBuf;

use qigui::Edition;
use qigui::corpus::{self as coverage, CoverageStatus as Status};
use qigui::edition::Amendments;

#[test]
fn the_data_agrees_with_the_editions_and_their_clause_lists() {
    let data = Amendments::get().expect("spec/editions.yaml parses");
    let problems = data.problems();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Every edition is there, with its parent; an edition that amends none
    // and is not a game's reference names the edition it is compared with.
    for e in Edition::all() {
        let entry = data.edition(e.id).expect("listed");
        assert_eq!(entry.parent.as_deref(), e.parent, "{}", e.id);
    }
    for (id, base) in [
        ("xiangqi-2020-mass", "xiangqi-2020"),
        ("xiangqi-1999", "xiangqi-2020"),
        ("xiangqi-local", "xiangqi-2020-mass"),
        ("gomoku-campus-2012", "gomoku-2025"),
    ] {
        assert_eq!(data.base(id), Some(base), "{id}");
    }
}

#[test]
fn the_changes_the_issue_names_are_recorded() {
    let data = Amendments::get().expect("parses");
    let changed = |ed: &str, topic: &str, clause: &str| {
        data.changes(ed)
            .iter()
            .any(|c| c.topic.id == topic && c.rule.clauses.iter().any(|x| x == clause))
    };
    // 1999 against 2020.
    assert!(changed("xiangqi-1999", "board-squares", "1.4"));
    assert!(changed("xiangqi-1999", "piece-size", "1.4"));
    assert!(changed("xiangqi-1999", "scoring", "14.1"));
    assert!(changed("xiangqi-1999", "both-forbidden", "26.3"));
    assert!(changed("xiangqi-1999", "self-check", "4.1.2"));
    assert!(changed("xiangqi-1999", "early-draw", "24.2"));
    assert!(changed("xiangqi-1999", "nine-rounds", "24"));
    // 附录一 against 2020.
    assert!(changed(
        "xiangqi-2020-mass",
        "perpetual-check",
        "附录一.五.2.(1)"
    ));
    assert!(changed(
        "xiangqi-2020-mass",
        "doubtful-labels",
        "附录一.五.1"
    ));
    assert!(changed("xiangqi-2020-mass", "natural-limit", "附录一.三.2"));
    assert!(changed("xiangqi-2020-mass", "self-check", "附录一.二.2"));
    // The local rules against 附录一.
    assert!(changed("xiangqi-local", "time-control", "中小学.二"));
    assert!(changed("xiangqi-local", "time-control", "棋类比赛.2"));
    assert!(changed("xiangqi-local", "foul-limit", "中小学.四.4"));
    assert!(changed("xiangqi-local", "knockout-draws", "中小学.五"));
    assert!(changed("xiangqi-local", "scoring", "公司.八.1.积分"));
    assert!(changed("xiangqi-local", "match-format", "中小学.六.2"));
    // The 2012 campus rules against 2025.
    assert!(changed(
        "gomoku-campus-2012",
        "forbidden-pointed-out",
        "二.2.禁手"
    ));
    assert!(changed("gomoku-campus-2012", "match-length", "二.2"));
    // 1999 keeps perpetual check a loss: an entry, not a change.
    assert!(
        !data
            .changes("xiangqi-1999")
            .iter()
            .any(|c| c.topic.id == "perpetual-check")
    );
}

#[test]
fn every_change_has_a_case_or_a_reason() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let corpus = qigui::corpus::load(&[root]).expect("the corpus loads");
    let data = Amendments::get().expect("parses");
    let mut missing = Vec::new();
    for e in Edition::all() {
        let table = coverage::coverage(&corpus, e).expect("coverage");
        let status = |clause: &str| {
            table
                .iter()
                .find(|(id, _)| id == clause)
                .map(|(_, s)| s.clone())
                .unwrap_or(Status::Missing)
        };
        for change in data.changes(e.id) {
            let statuses: Vec<Status> = change.rule.clauses.iter().map(|c| status(c)).collect();
            let has_case = statuses.iter().any(|s| matches!(s, Status::Cases(_)));
            let all_explained = !statuses.is_empty()
                && statuses
                    .iter()
                    .all(|s| matches!(s, Status::Cases(_) | Status::NotExecutable(_)));
            if !has_case && !all_explained {
                missing.push(format!(
                    "{} {}: clauses {:?} have neither a case under {} nor a not_executable reason",
                    e.id, change.topic.id, change.rule.clauses, e.id
                ));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_editions_command_lists_bases_and_changes() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(["editions", "--changes"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "xiangqi-2020-mass\t象棋群体比赛简明规定 (2020, 附录一) (amends xiangqi-2020)"
        )
    );
    assert!(text.contains("(compared with xiangqi-2020)"));
    assert!(text.contains("\tboth-forbidden\t26.3, 24.2\t26.9 decides → a draw"));
    assert!(text.contains("\tfoul-limit\t中小学.四.4"));
}
