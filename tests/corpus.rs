//! Every corpus case under every edition it applies to, as its own named
//! test (`xiangqi-2020/2.2/horse-leg-blocked`, `...@xiangqi-1999`).
//!
//! Skipped cases show as ignored, with their written reasons listed after
//! the run; every erratum a case applies is listed too.

use std::path::PathBuf;

use libtest_mimic::{Arguments, Failed, Trial};
use qigui::corpus::{self, Status};

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let corpus = match corpus::load(&[root]) {
        Ok(c) => c,
        Err(errors) => {
            let msg = errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n");
            let trial = Trial::test("corpus loads", move || Err(Failed::from(msg)));
            libtest_mimic::run(&args, vec![trial]).exit();
        }
    };
    let mut trials = Vec::new();
    let mut notes = Vec::new();
    for inst in corpus.instances() {
        let name = inst.name();
        if let Some(e) = &inst.erratum {
            notes.push(format!("erratum {} applied in {name}: {}", e.id, e.reason));
        }
        if let Some(reason) = &inst.skip {
            notes.push(format!("skipped {name}: {reason}"));
        }
        let ignored = inst.skip.is_some();
        // Run lazily inside the trial; instances borrow the corpus, so move
        // owned copies in.
        let case = inst.case.clone();
        let edition = inst.edition.id;
        let kind = case.raw.kind.name();
        trials.push(
            Trial::test(name, move || {
                let inst = case
                    .instances()
                    .into_iter()
                    .find(|i| i.edition.id == edition)
                    .ok_or_else(|| Failed::from("instance vanished"))?;
                match corpus::run(&inst) {
                    Status::Passed | Status::Skipped(_) => Ok(()),
                    Status::Failed(m) => Err(Failed::from(m)),
                }
            })
            .with_kind(kind)
            .with_ignored_flag(ignored),
        );
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if !notes.is_empty() {
        println!("\ncorpus notes:");
        for n in &notes {
            println!("  {n}");
        }
    }
    conclusion.exit();
}
