//! A draft edition against the corpus: the parent's cases run under the
//! draft's rules, and the cases whose outcome changes (`spec/editions.md`).

use serde_json::{Value, json};

use crate::edition::Draft;

use super::{Corpus, Instance, Status, kinds, run};

/// A case of the parent whose outcome the draft changes.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftDifference<'a> {
    /// The case under the parent edition.
    pub instance: Instance<'a>,
    /// How the draft's output differs from the parent's expectation.
    pub message: String,
    /// The draft's output, where qigui can answer the kind.
    pub output: Option<Value>,
}

/// The parent's cases run under a draft.
#[derive(Clone, Debug, PartialEq)]
pub struct DraftRun<'a> {
    /// The cases whose outcome the draft changes, in corpus order.
    pub changed: Vec<DraftDifference<'a>>,
    /// How many of the parent's cases keep their outcome.
    pub unchanged: usize,
    /// The parent's cases not run, with why: skipped, failing under the
    /// parent already, or of a kind whose runner looks its edition up by
    /// id (standings, the conduct kinds) and so cannot see a draft's rules.
    pub not_run: Vec<(Instance<'a>, String)>,
}

/// Runs every case of the draft's parent (its own and those with an
/// expectation for the parent) under the draft's rules, and lists the
/// cases whose outcome changes.
pub fn run_draft<'a>(corpus: &'a Corpus, draft: &Draft) -> DraftRun<'a> {
    let mut out = DraftRun {
        changed: Vec::new(),
        unchanged: 0,
        not_run: Vec::new(),
    };
    for inst in corpus.instances() {
        if inst.edition.id != draft.parent.id {
            continue;
        }
        let kind = inst.case.raw.kind;
        if !kinds::of(kind).follows_drafts() {
            out.not_run.push((
                inst,
                "its runner looks the edition up by id: not run under drafts".into(),
            ));
            continue;
        }
        match run(&inst) {
            Status::Passed => {}
            Status::Skipped(why) => {
                out.not_run.push((inst, format!("skipped: {why}")));
                continue;
            }
            Status::Failed(why) => {
                out.not_run
                    .push((inst, format!("fails under the parent: {why}")));
                continue;
            }
        }
        let input = &inst.case.raw.input;
        let of = kinds::of(kind);
        match of.run(input, &inst.expected, &draft.edition) {
            Ok(()) => out.unchanged += 1,
            Err(e) => {
                let message = e.to_string();
                let output = of.answer(input, &draft.edition).ok();
                out.changed.push(DraftDifference {
                    instance: inst,
                    message,
                    output,
                });
            }
        }
    }
    out
}

impl DraftRun<'_> {
    /// The run as JSON: the changed cases with the parent's expectation
    /// and the draft's output.
    pub fn to_json(&self) -> Value {
        json!({
            "changed": self.changed.iter().map(|d| json!({
                "id": d.instance.name(),
                "file": d.instance.case.file.display().to_string(),
                "line": d.instance.case.line,
                "expected": d.instance.expected,
                "draft": d.output,
                "message": d.message,
            })).collect::<Vec<_>>(),
            "unchanged": self.unchanged,
            "not_run": self.not_run.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Edition;

    #[test]
    fn a_draft_without_26_9_changes_the_26_9_cases() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/xiangqi-2020");
        let corpus = crate::corpus::load(&[
            dir.join("23-repetition.yaml"),
            dir.join("24-26-clauses.yaml"),
        ])
        .expect("the corpus loads");
        let same = Edition::parse_draft(
            "same.yaml",
            "draft: same\nparent: xiangqi-2020\namend:\n  repetition:\n    both_forbidden_by_26_9: true\n",
        )
        .unwrap();
        let r = run_draft(&corpus, &same);
        assert!(r.changed.is_empty(), "{:?}", r.changed);
        assert!(r.unchanged > 0);
        let draft = Edition::parse_draft(
            "d.yaml",
            "draft: no-26-9\nparent: xiangqi-2020\namend:\n  repetition:\n    both_forbidden_by_26_9: false\n",
        )
        .unwrap();
        let r = run_draft(&corpus, &draft);
        assert!(!r.changed.is_empty());
        assert_eq!(r.unchanged + r.changed.len(), {
            let s = run_draft(&corpus, &same);
            s.unchanged
        });
    }
}
