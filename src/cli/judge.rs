//! `qigui judge`: label every move of a cycle from the position and rule on it.

use std::process::ExitCode;

use qigui::Limits;
use qigui::notation;
use qigui::xiangqi::Sequence;
use serde_json::json;

use super::{Args, position_arg};

pub fn judge(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(
        raw,
        &["fen", "moves", "edition", "format", "points", "key-points"],
        &["nine-rounds", "explain"],
    )?;
    let format = args.format(&["text", "json"])?;
    let edition = args.value("edition").unwrap_or("xiangqi-2020");
    let rules = super::rule::repetition_rules(edition)?;
    let start = position_arg(args.value("fen"))?;
    let text = args
        .value("moves")
        .ok_or("--moves \"m1 m2 ...\" is required")?;
    let (moves, _) =
        notation::parse_line(&start, text).map_err(|(ply, e)| format!("move {ply}: {e}"))?;
    let points = args
        .value("points")
        .map(|p| p.parse::<u32>().map_err(|_| format!("--points {p}")))
        .transpose()?;
    let sequence = if args.has("nine-rounds") {
        Sequence::NineRounds
    } else {
        Sequence::Threefold
    };
    // 26.2: the defensive key points the referee names, e.g. "e4" or "e4,e5".
    let key_points = args
        .value("key-points")
        .map(|list| {
            list.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(|s| qigui::Square::parse(s).ok_or(format!("--key-points: {s} is not a point")))
                .collect::<Result<Vec<_>, String>>()
        })
        .transpose()?
        .unwrap_or_default();
    let j = qigui::judge(
        &start,
        &moves,
        rules,
        sequence,
        points,
        &key_points,
        &Limits::default(),
    );
    if format == "json" {
        let moves: Vec<_> = j
            .moves
            .iter()
            .map(|m| {
                json!({
                    "ply": m.ply,
                    "side": m.side,
                    "iccs": m.analysis.mv.iccs(),
                    "notation": m.notation,
                    "label": m.analysis.label.code(),
                    "targets": m.analysis.targets.iter().map(|t| json!({
                        "square": t.square.to_string(),
                        "piece": t.piece.chinese(),
                        "categories": t.categories.iter().map(|c| c.code()).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                    "clauses": m.analysis.clauses,
                    "reason": m.analysis.reason,
                    "reason_zh": m.analysis.reason_zh,
                })
            })
            .collect();
        let (verdict, clauses) = match &j.ruling {
            Ok(r) => (json!(r.verdict.code()), json!(r.clauses)),
            Err(e) => (json!(null), json!([e.to_string()])),
        };
        outln!(
            "{}",
            serde_json::to_string_pretty(
                &json!({"verdict": verdict, "clauses": clauses, "moves": moves})
            )
            .map_err(|e| e.to_string())?
        );
    } else {
        if args.has("explain") {
            out!("{}", qigui::xiangqi::explain(&j));
        } else {
            for m in &j.moves {
                outln!(
                    "{:>2} {:<5} {} {:<8} {}  ({}) {}",
                    m.ply,
                    m.side,
                    m.analysis.mv.iccs(),
                    m.notation,
                    m.analysis.label.code(),
                    m.analysis.clauses.join(", "),
                    m.analysis.reason
                );
            }
            match &j.ruling {
                Ok(r) => outln!(
                    "{} — {} [{}]",
                    r.verdict.code(),
                    r.explanation,
                    r.clauses.join(", ")
                ),
                Err(e) => outln!("no ruling: {e}"),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `qigui threats FEN`: what the side to move could win (捉) or mate (杀).
pub fn threats(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["moves"], &[])?;
    let pos = position_arg(args.positional.first().map(String::as_str))?;
    let pos = match args.value("moves") {
        Some(t) => {
            notation::parse_line(&pos, t)
                .map_err(|(p, e)| format!("move {p}: {e}"))?
                .1
        }
        None => pos,
    };
    let limits = Limits::default();
    let ctx = qigui::xiangqi::ValueContext::default();
    for t in qigui::xiangqi::threats(&pos, &ctx, &limits.chase) {
        let line: Vec<String> = t.line.iter().map(|m| m.iccs()).collect();
        let cats: Vec<&str> = t.categories.iter().map(|c| c.code()).collect();
        let parts: Vec<String> = t.participants.iter().map(|s| s.to_string()).collect();
        outln!(
            "{} {} {:?} [{}] line: {} participants: {}",
            t.target,
            t.piece.chinese(),
            t.means,
            cats.join(","),
            line.join(" "),
            parts.join(" ")
        );
    }
    outln!(
        "mate by checks: {:?}",
        qigui::xiangqi::mate_by_checks(&pos, limits.mate)
    );
    Ok(ExitCode::SUCCESS)
}
