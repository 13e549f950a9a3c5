//! The committed JSON Schema (`spec/corpus.schema.json`) enforces the corpus:
//! every case file validates against it, and the mutations the loader
//! rejects (unknown keys, wrong kinds' shapes) are rejected by the schema too.
//! The schema itself is generated from the Rust types; the unit test
//! `corpus::schema::schema_is_current` fails when the two drift apart.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

fn schema() -> Value {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/corpus.schema.json"),
    )
    .expect("spec/corpus.schema.json");
    serde_json::from_str(&text).expect("the schema is JSON")
}

fn case_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    qigui::corpus::collect_files(&[root]).expect("cases/")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("readable");
    yaml_serde::from_str(&text).expect("the loader test covers parse errors")
}

#[test]
fn every_case_file_validates_against_the_schema() {
    let validator = jsonschema::validator_for(&schema()).expect("a valid schema");
    let files = case_files();
    assert!(!files.is_empty());
    for f in files {
        let doc = read(&f);
        let errors: Vec<String> = validator
            .iter_errors(&doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {}", f.display(), errors.join("; "));
    }
}

#[test]
fn schema_and_loader_reject_the_same_mutations() {
    let validator = jsonschema::validator_for(&schema()).expect("a valid schema");
    let files = case_files();
    let doc = read(&files[0]);
    type Mutation = Box<dyn Fn(&mut Value)>;
    let mutations: Vec<(&str, Mutation)> = vec![
        (
            "unknown case key",
            Box::new(|d: &mut Value| d["cases"][0]["colour"] = json!("red")),
        ),
        (
            "unknown file key",
            Box::new(|d: &mut Value| d["author"] = json!("x")),
        ),
        (
            "unknown kind",
            Box::new(|d: &mut Value| d["cases"][0]["kind"] = json!("telepathy")),
        ),
        (
            "bad provenance",
            Box::new(|d: &mut Value| d["cases"][0]["provenance"] = json!("hearsay")),
        ),
        (
            "missing description",
            Box::new(|d: &mut Value| {
                d["cases"][0]
                    .as_object_mut()
                    .map(|o| o.remove("description"));
            }),
        ),
        (
            "unknown input key",
            Box::new(|d: &mut Value| d["cases"][0]["input"]["fenn"] = json!("x")),
        ),
        (
            "unknown expected key",
            Box::new(|d: &mut Value| d["cases"][0]["expected"]["verdict"] = json!("x")),
        ),
        (
            "clause not a string",
            Box::new(|d: &mut Value| d["cases"][0]["clauses"] = json!([2.2])),
        ),
    ];
    for (what, mutate) in mutations {
        let mut m = doc.clone();
        mutate(&mut m);
        assert!(
            !validator.is_valid(&m),
            "the schema accepts a case with {what}"
        );
        let text = serde_json::to_string(&m).unwrap();
        // JSON is YAML: the loader reads the mutated file too.
        let loaded = qigui::corpus::load_str(Path::new("mutated.yaml"), &text);
        assert!(loaded.is_err(), "the loader accepts a case with {what}");
    }
}
