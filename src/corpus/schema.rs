//! `spec/corpus.schema.json` is generated from the Rust types of the corpus
//! format; this test fails when the committed schema and the types drift
//! apart. Run with `QIGUI_BLESS=1` to rewrite the file after a deliberate
//! change to the format (and say so in `spec/corpus-format.md`).

use serde_json::{Value, json};

use super::CorpusFile;
use super::kinds::{self, Kind};

/// Rewrites `#/$defs/X` references to `#/$defs/<kind>.X` for the kind's own
/// definitions `names`.
fn prefix_refs(v: &mut Value, kind: &str, names: &[String]) {
    match v {
        Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                if k == "$ref" {
                    if let Some(r) = x.as_str().and_then(|r| r.strip_prefix("#/$defs/"))
                        && names.iter().any(|n| n == r)
                    {
                        *x = Value::String(format!("#/$defs/{kind}.{r}"));
                    }
                } else {
                    prefix_refs(x, kind, names);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| prefix_refs(x, kind, names)),
        _ => {}
    }
}

/// The whole corpus schema.
pub(crate) fn corpus_schema() -> Value {
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut per_kind = Vec::new();
    for kind in Kind::ALL {
        let (input, expected) = kinds::of(kind).schemas();
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
        let name = kind.name();
        // Lift each kind's own definitions into the root, each under the
        // kind's name: two kinds may use different types of the same name.
        for s in [&mut input, &mut expected] {
            if let Some(Value::Object(defs)) = s.as_object_mut().and_then(|o| o.remove("$defs")) {
                let names: Vec<String> = defs.keys().cloned().collect();
                for (k, mut v) in defs {
                    prefix_refs(&mut v, name, &names);
                    root["$defs"][format!("{name}.{k}")] = v;
                }
                prefix_refs(s, name, &names);
            }
            if let Some(o) = s.as_object_mut() {
                o.remove("$schema");
            }
        }
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
