//! The messages of the adapter protocol, version 1
//! (`spec/adapter-protocol.md`, `spec/adapter-protocol.schema.json`). Each
//! message is one JSON object on one line, its `type` first.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version this runner and `qigui adapter` speak.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from the runner to the adapter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The first message: the runner's protocol version.
    Hello {
        /// The protocol version the runner speaks.
        protocol: u32,
        /// The corpus format the cases come from (informative).
        corpus_format: u32,
        /// The runner's name and version, e.g. `qigui 0.1.0` (informative).
        runner: String,
    },
    /// One case under one edition: answer with `result`, `skip` or `error`.
    Case {
        /// The instance's name: the case id, with `@edition` when the case
        /// runs under an edition other than its own. Echoed in the answer.
        id: String,
        /// The kind of case, e.g. `legal-moves`.
        kind: String,
        /// The edition the case runs under, e.g. `xiangqi-2020`.
        edition: String,
        /// The case's `input`, as in the corpus.
        #[cfg_attr(test, schemars(with = "serde_json::Map<String, Value>"))]
        input: Value,
        /// The keys of `expected` the runner will compare (the output may
        /// hold more, or only these).
        expect: Vec<String>,
    },
    /// The last message: the adapter exits.
    Stop,
}

/// A message from the adapter to the runner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Reply {
    /// The answer to `hello`: what the adapter can run.
    Hello {
        /// The protocol version the adapter speaks (must be the runner's).
        protocol: u32,
        /// The implementation's name and version, for the report.
        name: String,
        /// The kinds of case it runs; cases of other kinds are reported as
        /// skipped and never sent.
        kinds: Vec<String>,
        /// The editions it implements; when given, cases under other
        /// editions are reported as skipped and never sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        editions: Option<Vec<String>>,
    },
    /// The implementation's output for a case, shaped like its `expected`.
    Result {
        /// The case's `id`.
        id: String,
        /// The output: an object with the keys of the kind's `expected`
        /// (`spec/corpus.schema.json`, `$defs/<kind>.expected`).
        #[cfg_attr(test, schemars(with = "serde_json::Map<String, Value>"))]
        output: Value,
    },
    /// The adapter does not run this case, and says why (counted as
    /// skipped).
    Skip {
        /// The case's `id`.
        id: String,
        /// Why.
        reason: String,
    },
    /// The adapter failed on this case (counted as failed), or, without an
    /// `id`, cannot run at all.
    Error {
        /// The case's `id`; absent for an error that ends the session.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// What went wrong.
        message: String,
    },
}

impl Request {
    /// The message as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Reply {
    /// The message as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The protocol's JSON Schema (`spec/adapter-protocol.schema.json`): a
/// message is a request (runner to adapter) or a reply (adapter to runner).
#[cfg(test)]
pub(crate) fn protocol_schema() -> Value {
    use serde_json::json;
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let request = g.subschema_for::<Request>();
    let reply = g.subschema_for::<Reply>();
    let mut root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": format!("urn:qigui:adapter-protocol:{PROTOCOL_VERSION}"),
        "title": format!("qigui adapter protocol, version {PROTOCOL_VERSION}"),
        "description": "One message per line of JSON: a request from the runner (hello, case, stop) or a reply from the adapter (hello, result, skip, error). spec/adapter-protocol.md describes the exchange.",
        "oneOf": [
            {"title": "request (runner to adapter)", "$ref": "#/$defs/Request"},
            {"title": "reply (adapter to runner)", "$ref": "#/$defs/Reply"},
        ],
    });
    let defs = g.take_definitions(true);
    root["$defs"] = Value::Object(defs);
    let _ = (request, reply);
    root
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn schema_is_current() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/spec/adapter-protocol.schema.json"
        );
        let generated = serde_json::to_string_pretty(&protocol_schema()).unwrap() + "\n";
        if std::env::var_os("QIGUI_BLESS").is_some() {
            std::fs::write(path, &generated).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == generated,
            "spec/adapter-protocol.schema.json differs from the message types; \
             if the change is deliberate, run `QIGUI_BLESS=1 cargo test --lib schema` and \
             update spec/adapter-protocol.md"
        );
    }

    #[test]
    fn messages_are_tagged_lines() {
        let r = Request::Case {
            id: "a/b".into(),
            kind: "perft".into(),
            edition: "xiangqi-2020".into(),
            input: json!({"depth": 1}),
            expect: vec!["nodes".into()],
        };
        assert_eq!(
            r.to_line(),
            r#"{"type":"case","id":"a/b","kind":"perft","edition":"xiangqi-2020","input":{"depth":1},"expect":["nodes"]}"#
        );
        assert_eq!(Request::Stop.to_line(), r#"{"type":"stop"}"#);
        let back: Reply = serde_json::from_str(r#"{"type":"skip","id":"x","reason":"r"}"#).unwrap();
        assert_eq!(
            back,
            Reply::Skip {
                id: "x".into(),
                reason: "r".into()
            }
        );
        assert!(serde_json::from_str::<Reply>(r#"{"type":"result","id":"x"}"#).is_err());
    }
}
