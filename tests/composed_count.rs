//! Issue 24, item 3: at least three composed, independently verified and
//! passing boards per clause of article 24 and 26.1–26.11 of the 2020
//! Xiangqi rules.
//!
//! A case of a `cases/xiangqi-2020/*composed*.yaml` file counts for the clause
//! it cites **first** in `clauses` (the clause the board is about; the others
//! are the terms and verdict clauses its reasoning uses) and only when it has
//! no `skip`. The headings 26.9 and 26.11 are counted through their
//! subclauses. The table of docs/repetition-labels.md (between the
//! `composed-count` markers) is the one [`table`] renders; a clause still
//! short of three is listed in [`SHORT`] with its count, so that the test
//! fails when a clause drops below three or when a short clause's count
//! changes without this list (and the table) being brought up to date.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

/// Every clause of article 24 and 26.1–26.11 that a board can be about.
const CLAUSES: &[&str] = &[
    "24.1", "24.2", "24.3", "24.4", "24.5", "24.6", "24.7", "24.8", "24.9", "24.10", "24.11",
    "24.12", "24.13", "24.14", "24.15", "24.16", "24.17", "24.18", "26.1", "26.1.1", "26.1.2",
    "26.2", "26.3", "26.4", "26.5", "26.6", "26.7", "26.8", "26.9.1", "26.9.2", "26.9.3", "26.9.4",
    "26.10", "26.11.1", "26.11.2",
];

/// The least number of passing composed boards per clause.
const LEAST: usize = 3;

/// Clauses still short of [`LEAST`], with their passing count today (see
/// docs/repetition-labels.md). Empty since 26.9.4 got its third board: every
/// clause has three, and a clause that drops below fails the test.
const SHORT: &[(&str, usize)] = &[];

struct Count {
    first: usize,
    cited: usize,
    skipped: usize,
}

fn counts() -> BTreeMap<&'static str, Count> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases/xiangqi-2020");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.contains("composed") && n.ends_with(".yaml")
        })
        .collect();
    files.sort();
    assert!(files.len() >= 4, "composed files: {files:?}");
    let mut out: BTreeMap<&'static str, Count> = CLAUSES
        .iter()
        .map(|c| {
            let n = Count {
                first: 0,
                cited: 0,
                skipped: 0,
            };
            (*c, n)
        })
        .collect();
    for path in files {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let doc: Value =
            yaml_serde::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for case in doc["cases"].as_array().expect("cases") {
            let id = case["id"].as_str().unwrap_or("?");
            assert_eq!(case["provenance"], "composed", "{id}: provenance");
            let clauses: Vec<&str> = case["clauses"]
                .as_array()
                .unwrap_or_else(|| panic!("{id}: no clauses"))
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let skipped = !case["skip"].is_null();
            for (i, clause) in clauses.iter().enumerate() {
                if let Some(n) = out.get_mut::<str>(clause) {
                    if skipped {
                        if i == 0 {
                            n.skipped += 1;
                        }
                    } else {
                        n.cited += 1;
                        if i == 0 {
                            n.first += 1;
                        }
                    }
                }
            }
        }
    }
    out
}

/// The markdown table of docs/repetition-labels.md.
fn table(counts: &BTreeMap<&'static str, Count>) -> String {
    let mut s = String::from(
        "| clause | passing boards about it (first cited) | passing boards citing it | skipped boards about it |\n\
         |---|---|---|---|\n",
    );
    for clause in CLAUSES {
        let n = &counts[clause];
        let short = if n.first < LEAST { " (short)" } else { "" };
        s.push_str(&format!(
            "| {clause} | {}{short} | {} | {} |\n",
            n.first, n.cited, n.skipped
        ));
    }
    s
}

#[test]
fn every_clause_has_three_passing_composed_boards() {
    let counts = counts();
    let mut wrong = Vec::new();
    for clause in CLAUSES {
        let n = counts[clause].first;
        let known = SHORT.iter().find(|(c, _)| c == clause).map(|&(_, k)| k);
        match known {
            None if n < LEAST => wrong.push(format!(
                "{clause}: {n} passing composed boards about it, fewer than {LEAST}"
            )),
            Some(k) if k != n => wrong.push(format!(
                "{clause}: listed in SHORT with {k}, now {n} (update SHORT and the table)"
            )),
            _ => {}
        }
    }
    for (clause, _) in SHORT {
        assert!(
            CLAUSES.contains(clause),
            "SHORT names {clause}, not a clause"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_documented_table_is_the_count() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/repetition-labels.md");
    let text = std::fs::read_to_string(&path).expect("docs/repetition-labels.md");
    let start = "<!-- composed-count: begin -->\n";
    let end = "<!-- composed-count: end -->";
    let a = text.find(start).expect("composed-count begin marker") + start.len();
    let b = text[a..].find(end).expect("composed-count end marker") + a;
    let want = table(&counts());
    assert!(
        text[a..b] == want,
        "docs/repetition-labels.md's composed-count table is out of date; it should read:\n{want}"
    );
}
