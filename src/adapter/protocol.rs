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
        /// The output.
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
