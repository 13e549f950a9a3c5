//! `qigui gomoku forbidden` and `qigui gomoku judge` (中国五子棋竞赛规则 2025).

use std::process::ExitCode;

use qigui::gomoku::{Board, Reading, forbidden_map};
use qigui::gomoku::{GameError, GameRecord, adjudicate};
use serde_json::json;

use super::Args;

const USAGE: &str = "usage: qigui gomoku forbidden --black \"H8 I8 ...\" [--white \"G8 ...\"] [--reading five-point-legal|five-point-excluded] [--format text|json]
       qigui gomoku judge FILE [--format text|json]";

pub fn gomoku(raw: &[String]) -> Result<ExitCode, String> {
    match raw.first().map(String::as_str) {
        Some("forbidden") => forbidden(&raw[1..]),
        Some("judge") => judge(&raw[1..]),
        Some(other) => Err(format!("unknown gomoku command '{other}'\n{USAGE}")),
        None => Err(USAGE.into()),
    }
}

fn reading(args: &Args) -> Result<Reading, String> {
    match args.value("reading") {
        None => Ok(Reading::default()),
        Some(r) => Reading::from_code(r).ok_or_else(|| {
            format!("--reading {r}: expected five-point-legal or five-point-excluded")
        }),
    }
}

/// Every forbidden point of black's on the board, with its kind.
fn forbidden(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["black", "white", "reading", "format"], &[])?;
    if !args.positional.is_empty() {
        return Err(USAGE.into());
    }
    let format = args.format(&["text", "json"])?;
    let board = Board::from_lists(
        args.value("black").unwrap_or(""),
        args.value("white").unwrap_or(""),
    )
    .map_err(|e| e.to_string())?;
    let map = forbidden_map(&board, reading(&args)?);
    if format == "json" {
        // Fields in the documented order: {"point": "K8", "kind": "overline"}.
        #[derive(serde::Serialize)]
        struct Entry {
            point: String,
            kind: &'static str,
        }
        #[derive(serde::Serialize)]
        struct Out {
            forbidden: Vec<Entry>,
        }
        let out = Out {
            forbidden: map
                .iter()
                .map(|(p, f)| Entry {
                    point: p.to_string(),
                    kind: f.code(),
                })
                .collect(),
        };
        outln!(
            "{}",
            serde_json::to_string(&out).map_err(|e| e.to_string())?
        );
    } else {
        for (p, f) in &map {
            outln!("{p}\t{}\t{} {}", f.code(), f.clause(), f.chinese());
        }
        outln!("{} forbidden point(s)", map.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Adjudicates a game record file (`spec/gomoku.md`).
fn judge(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["format"], &[])?;
    let format = args.format(&["text", "json"])?;
    let [file] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let rec = GameRecord::from_yaml(&text).map_err(|e| format!("{file}: {e}"))?;
    let adj = match adjudicate(&rec) {
        Ok(a) => a,
        Err(e @ GameError::Illegal { .. }) => {
            if format == "json" {
                outln!("{}", json!({"error": e.to_string(), "clause": e.clause()}));
            } else {
                outln!("illegal\t{e}");
            }
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(format!("{file}: {e}")),
    };
    let o = adj.outcome;
    let result = o.map(|o| o.result.code()).unwrap_or("ongoing");
    if format == "json" {
        let notes: Vec<_> = adj
            .notes
            .iter()
            .map(|n| json!({"after": n.after, "clause": n.clause, "text": n.text}))
            .collect();
        outln!(
            "{}",
            json!({
                "result": result,
                "reason": o.map(|o| o.reason.code()),
                "clause": o.map(|o| o.clause),
                "forbidden": o.and_then(|o| o.forbidden).map(|f| f.code()),
                "move": adj.moves,
                "lapsed": adj.lapsed,
                "notes": notes,
            })
        );
    } else {
        outln!("result\t{result}");
        if let Some(o) = o {
            match o.forbidden {
                Some(f) => outln!("reason\t{} ({})", o.reason.code(), f.code()),
                None => outln!("reason\t{}", o.reason.code()),
            }
            outln!("clause\t{}", o.clause);
        }
        outln!("move\t{}", adj.moves);
        for n in &adj.notes {
            outln!("note\tafter move {} ({}): {}", n.after, n.clause, n.text);
        }
        out!("{}", adj.board.diagram());
    }
    Ok(ExitCode::SUCCESS)
}
