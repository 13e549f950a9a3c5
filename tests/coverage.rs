//! Every clause in a required scope of `spec/coverage.yaml` has a case or a
//! recorded reason why it is not executable.

use std::path::PathBuf;

use qigui::corpus::{self as coverage, CoverageStatus as Status};

#[test]
fn required_clauses_are_covered() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let corpus = qigui::corpus::load(&[root]).expect("the corpus loads (see the corpus test)");
    let manifest = coverage::manifest().expect("spec/coverage.yaml parses");
    let mut missing = Vec::new();
    for (edition_id, entry) in &manifest {
        let edition = qigui::Edition::get(edition_id)
            .unwrap_or_else(|| panic!("unknown edition {edition_id}"));
        for id in entry.not_executable.keys() {
            assert!(
                edition.clauses().contains(id),
                "{edition_id}: not_executable names unknown clause {id}"
            );
        }
        for (id, status) in coverage::coverage(&corpus, edition).expect("coverage") {
            if status == Status::Missing {
                missing.push(format!("{edition_id} {id}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "clauses without a case or a reason:\n{}",
        missing.join("\n")
    );
}
