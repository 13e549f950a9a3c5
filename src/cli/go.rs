//! `qigui go score FILE`: count a finished Go board (003's 数子法) and print
//! the count and the result. The file format is in `spec/go.md`.

use std::process::ExitCode;

use qigui::go::{self, Count, Stone, Zi};
use serde_json::json;

use super::Args;

const USAGE: &str = "usage: qigui go score FILE [--format text|json]   (FILE may be - for stdin)";

pub fn go(raw: &[String]) -> Result<ExitCode, String> {
    match raw.first().map(String::as_str) {
        Some("score") => score(&raw[1..]),
        Some(other) => Err(format!("unknown go command '{other}'; {USAGE}")),
        None => Err(USAGE.into()),
    }
}

fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("stdin: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

fn score(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["format"], &[])?;
    let format = args.format(&["text", "json"])?;
    let [path] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let text = read(path)?;
    let file = go::parse_count_file(&text).map_err(|e| format!("{path}:{e}"))?;
    let count = go::count(&file.diagram.board, &file.dead, &file.terms)
        .map_err(|e| format!("{path}: {e}"))?;
    match format {
        "json" => outln!("{}", to_json(&count)),
        _ => out!("{}", to_text(&count)),
    }
    Ok(ExitCode::SUCCESS)
}

fn dead_note(count: &Count, s: Stone) -> String {
    match count.dead[s.opponent().index()] {
        0 => String::new(),
        n => format!(
            "; {n} dead {} stone{} taken off",
            s.opponent(),
            if n == 1 { "" } else { "s" }
        ),
    }
}

/// The human-readable report.
pub fn to_text(c: &Count) -> String {
    let mut out = String::new();
    let points = c.size as u32 * c.size as u32;
    out.push_str(&format!(
        "board      {n}×{n}, {points} points; half (归本数) {}\n",
        c.half,
        n = c.size
    ));
    for s in Stone::ALL {
        let i = s.index();
        let dame = match (c.conceded_by, c.dame) {
            (_, 0) => String::new(),
            (None, d) => format!(" + {} of {d} dame", Zi::quarters(2 * d as i64)),
            (Some(x), d) if x == s => format!(" + 0 of {d} dame (gave up)"),
            (Some(_), d) => format!(" + {d} of {d} dame (the other side gave up)"),
        };
        out.push_str(&format!(
            "{:<10} {} stones + {} territory{dame} = {}{}\n",
            s.name(),
            c.stones[i],
            c.territory[i],
            c.area[i],
            dead_note(c, s)
        ));
    }
    let terms = if c.handicap >= 2 {
        format!(
            "handicap {} (让子), black returns {}",
            c.handicap, c.handicap_return
        )
    } else if c.handicap == 1 {
        "让先: no komi".to_string()
    } else if c.komi == Zi::ZERO {
        "no komi".to_string()
    } else {
        format!("komi {}", c.komi)
    };
    out.push_str(&format!(
        "terms      {terms}; black must exceed {} ({} wins), white {} ({} wins)\n",
        c.threshold[0], c.needs[0], c.threshold[1], c.needs[1]
    ));
    out.push_str(&format!("result     {}\n", c.result_text()));
    if !c.unsettled.is_empty() {
        let pts: Vec<String> = c.unsettled.iter().map(|p| p.to_string()).collect();
        out.push_str(&format!(
            "unsettled  {} (活动方案.一.6: while such points remain the game goes on)\n",
            pts.join(" ")
        ));
    }
    out
}

/// The report as JSON, for programs.
pub fn to_json(c: &Count) -> serde_json::Value {
    json!({
        "size": c.size,
        "half": c.half.as_f64(),
        "black": {
            "count": c.area[0].as_f64(),
            "stones": c.stones[0],
            "territory": c.territory[0],
            "dead": c.dead[0],
            "threshold": c.threshold[0].as_f64(),
            "needs": c.needs[0],
        },
        "white": {
            "count": c.area[1].as_f64(),
            "stones": c.stones[1],
            "territory": c.territory[1],
            "dead": c.dead[1],
            "threshold": c.threshold[1].as_f64(),
            "needs": c.needs[1],
        },
        "dame": c.dame,
        "komi": c.komi.as_f64(),
        "handicap": c.handicap,
        "handicap_return": c.handicap_return.as_f64(),
        "conceded_by": c.conceded_by.map(Stone::name),
        "result": match c.winner {
            Some(Stone::Black) => "black_wins",
            Some(Stone::White) => "white_wins",
            None => "draw",
        },
        "margin": c.margin.as_f64(),
        "unsettled": c.unsettled.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
    })
}
