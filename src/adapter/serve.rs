//! qigui as an adapter (`qigui adapter`): the reference implementation of
//! the adapter side of the protocol. It answers every kind
//! ([`crate::corpus::answer`]) with the same output its own corpus run
//! compares.

use std::io::{self, BufRead, Write};

use serde_json::Value;

use crate::corpus::{self, Kind};
use crate::edition::Edition;
use crate::limits::{LineRead, MAX_ADAPTER_LINE_BYTES, read_line, skip_line};

use super::protocol::{PROTOCOL_VERSION, Reply, Request};

/// The kinds `qigui adapter` claims.
pub fn kinds() -> Vec<&'static str> {
    Kind::ALL.iter().map(|k| k.name()).collect()
}

/// The answer to one request; `None` for `stop`.
pub fn respond(request: &Request) -> Option<Reply> {
    match request {
        Request::Hello { .. } => Some(Reply::Hello {
            protocol: PROTOCOL_VERSION,
            name: format!("qigui {}", env!("CARGO_PKG_VERSION")),
            kinds: kinds().into_iter().map(str::to_string).collect(),
            editions: Some(Edition::ids().into_iter().map(str::to_string).collect()),
        }),
        Request::Case {
            id,
            kind,
            edition,
            input,
            ..
        } => Some(case(id, kind, edition, input)),
        Request::Stop => None,
    }
}

fn case(id: &str, kind: &str, edition: &str, input: &Value) -> Reply {
    let skip = |reason: String| Reply::Skip {
        id: id.to_string(),
        reason,
    };
    let Some(k) = Kind::ALL.iter().copied().find(|k| k.name() == kind) else {
        return skip(format!("qigui has no kind '{}'", crate::limits::echo(kind)));
    };
    let Some(ed) = Edition::get(edition) else {
        return skip(format!(
            "qigui has no edition '{}'",
            crate::limits::echo(edition)
        ));
    };
    match corpus::answer(k, input, ed) {
        Ok(output) => Reply::Result {
            id: id.to_string(),
            output,
        },
        Err(e) => Reply::Error {
            id: Some(id.to_string()),
            message: crate::limits::cut_quoted(&e.to_string()),
        },
    }
}

/// Serves the protocol: one reply per request line until `stop` or the end
/// of the input. A line that is not a request gets an `error` without id.
///
/// A line longer than [`MAX_ADAPTER_LINE_BYTES`] or not UTF-8 gets an
/// `error` too, and is read no further.
pub fn serve<R: BufRead, W: Write>(mut input: R, mut output: W) -> io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        let reply_error = |message: String| Reply::Error { id: None, message };
        let line = match read_line(&mut input, &mut bytes, MAX_ADAPTER_LINE_BYTES)? {
            LineRead::End => break,
            LineRead::TooLong => {
                skip_line(&mut input)?;
                let reply = reply_error(format!(
                    "not a request: a line longer than {} MiB (limits::MAX_ADAPTER_LINE_BYTES)",
                    MAX_ADAPTER_LINE_BYTES / (1024 * 1024)
                ));
                writeln!(output, "{}", reply.to_line())?;
                output.flush()?;
                continue;
            }
            LineRead::Line => match std::str::from_utf8(&bytes) {
                Ok(l) => l.trim_end_matches('\r'),
                Err(_) => {
                    let reply = reply_error("not a request: not UTF-8 text".into());
                    writeln!(output, "{}", reply.to_line())?;
                    output.flush()?;
                    continue;
                }
            },
        };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Request>(line) {
            Ok(req) => match respond(&req) {
                Some(r) => r,
                None => break,
            },
            Err(e) => {
                // Name the case when the line at least carries an id.
                let id = serde_json::from_str::<Value>(line)
                    .ok()
                    .and_then(|v| v.get("id").and_then(Value::as_str).map(str::to_string));
                Reply::Error {
                    id,
                    message: format!(
                        "not a request: {}",
                        crate::limits::serde_words(&e.to_string())
                    ),
                }
            }
        };
        writeln!(output, "{}", reply.to_line())?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serves_hello_cases_and_stop() {
        let input = concat!(
            r#"{"type":"hello","protocol":1,"corpus_format":1,"runner":"test"}"#,
            "\n",
            r#"{"type":"case","id":"p","kind":"perft","edition":"xiangqi-2020","input":{"depth":1},"expect":["nodes"]}"#,
            "\n",
            r#"{"type":"case","id":"q","kind":"no-such-kind","edition":"xiangqi-2020","input":{},"expect":[]}"#,
            "\n",
            r#"{"type":"case","id":"r","kind":"perft","edition":"xiangqi-2020","input":{"fen":"x"},"expect":[]}"#,
            "\n",
            "garbage\n",
            r#"{"type":"stop"}"#,
            "\n",
            r#"{"type":"case","id":"after-stop","kind":"perft","edition":"xiangqi-2020","input":{"depth":1},"expect":[]}"#,
            "\n",
        );
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let replies: Vec<Reply> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(replies.len(), 5);
        assert!(
            matches!(&replies[0], Reply::Hello { protocol: 1, kinds, .. } if kinds.iter().any(|k| k == "legal-moves"))
        );
        assert_eq!(
            replies[1],
            Reply::Result {
                id: "p".into(),
                output: serde_json::json!({"nodes": 44})
            }
        );
        assert!(matches!(&replies[2], Reply::Skip { id, .. } if id == "q"));
        assert!(matches!(&replies[3], Reply::Error { id: Some(id), .. } if id == "r"));
        assert!(matches!(&replies[4], Reply::Error { id: None, .. }));
    }
}
