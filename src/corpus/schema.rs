//! `spec/corpus.schema.json` is generated from the Rust types of the corpus
//! format; this test fails when the committed schema and the types drift
//! apart. Run with `QIGUI_BLESS=1` to rewrite the file after a deliberate
//! change to the format (and say so in `spec/corpus-format.md`).

use serde_json::{Value, json};

use super::CorpusFile;
use super::kinds::{self, Kind};

/// The whole corpus schema.
pub(crate) fn corpus_schema() -> Value {
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut per_kind = Vec::new();
    for kind in Kind::ALL {
        let (input, expected) = kinds::schemas(kind);
        per_kind.push((kind, input, expected));
    }
    // Register the shared definitions used by the kinds' schemas.
    let _ = g.subschema_for::<kinds::xiangqi::MoveText>();
    let root = g.into_root_schema_for::<CorpusFile>();
    let mut root: Value = root.to_value();
    let mut cases_if_then = Vec::new();
    for (kind, input, expected) in per_kind {
        let mut input = input.to_value();
        let mut expected = expected.to_value();
        // Lift each kind's own definitions into the root.
        for s in [&mut input, &mut expected] {
            if let Some(Value::Object(defs)) = s.as_object_mut().and_then(|o| o.remove("$defs")) {
                for (k, v) in defs {
                    root["$defs"][k] = v;
                }
            }
            if let Some(o) = s.as_object_mut() {
                o.remove("$schema");
            }
        }
        let name = kind.name();
        root["$defs"][format!("{name}.input")] = input;
        root["$defs"][format!("{name}.expected")] = expected;
        cases_if_then.push(json!({
            "if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
            "then": {
                "properties": {
                    "input": {"$ref": format!("#/$defs/{name}.input")},
                    "expected": {"$ref": format!("#/$defs/{name}.expected")},
                    "editions": {"additionalProperties": {"properties": {
                        "expected": {"$ref": format!("#/$defs/{name}.expected.partial")}
                    }}}
                }
            }
        }));
        // An override's expected: the same properties, none required.
        let mut partial = root["$defs"][format!("{name}.expected")].clone();
        if let Some(o) = partial.as_object_mut() {
            o.remove("required");
            o.insert("title".into(), json!(format!("{name} expected (override)")));
        }
        root["$defs"][format!("{name}.expected.partial")] = partial;
    }
    root["$defs"]["RawCase"]["allOf"] = Value::Array(cases_if_then);
    root["$id"] = json!("urn:qigui:corpus-format:1");
    root["title"] = json!("qigui corpus file, format 1");
    root
}

#[test]
fn schema_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/spec/corpus.schema.json");
    let generated = serde_json::to_string_pretty(&corpus_schema()).unwrap() + "\n";
    if std::env::var_os("QIGUI_BLESS").is_some() {
        std::fs::write(path, &generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "spec/corpus.schema.json differs from the Rust types of the corpus format; \
         if the change is deliberate, run `QIGUI_BLESS=1 cargo test --lib schema` and document it"
    );
}
