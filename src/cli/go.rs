//! `qigui go score FILE`: count a finished Go board (003's 数子法) and print
//! the count and the result. The file format is in `spec/go.md`.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use qigui::go::{self, Count, Stone, Zi};
use serde::Serialize;

use super::TextOrJson;

/// `qigui go`'s subcommands.
#[derive(Subcommand)]
pub enum GoCommand {
    /// Count a finished Go board (003's 数子法, komi, handicap) and print the count and the result; the file format is in spec/go.md
    #[command(
        after_help = "Example:\n  qigui go score tests/data/go/full-game.count --format json"
    )]
    Score(ScoreArgs),
}

/// `qigui go score`'s options.
#[derive(Args)]
pub struct ScoreArgs {
    /// The board file (spec/go.md); - reads standard input
    #[arg(value_name = "FILE")]
    file: String,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

pub fn go(cmd: &GoCommand) -> Result<ExitCode, String> {
    match cmd {
        GoCommand::Score(a) => score(a),
    }
}

fn read(path: &str) -> Result<String, String> {
    super::read_input(path)
}

fn score(args: &ScoreArgs) -> Result<ExitCode, String> {
    let path = &args.file;
    let text = read(path)?;
    let file = go::parse_count_file(&text).map_err(|e| format!("{path}:{e}"))?;
    let count = go::count(&file.diagram.board, &file.dead, &file.terms)
        .map_err(|e| format!("{path}: {e}"))?;
    match args.format {
        TextOrJson::Json => outln!("{}", to_json(&count)?),
        TextOrJson::Text => out!("{}", to_text(&count)),
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

/// One side's count in `go score --format json`.
#[derive(Serialize)]
struct SideJson {
    count: f64,
    stones: u32,
    territory: u32,
    dead: u32,
    threshold: f64,
    needs: i64,
}

/// `go score --format json`.
#[derive(Serialize)]
struct CountJson {
    size: u8,
    half: f64,
    black: SideJson,
    white: SideJson,
    dame: u32,
    komi: f64,
    handicap: u32,
    handicap_return: f64,
    conceded_by: Option<&'static str>,
    result: &'static str,
    margin: f64,
    unsettled: Vec<String>,
}

/// The report as JSON, for programs (one line, keys sorted).
pub fn to_json(c: &Count) -> Result<String, String> {
    let side = |i: usize| SideJson {
        count: c.area[i].as_f64(),
        stones: c.stones[i],
        territory: c.territory[i],
        dead: c.dead[i],
        threshold: c.threshold[i].as_f64(),
        needs: c.needs[i],
    };
    let out = CountJson {
        size: c.size,
        half: c.half.as_f64(),
        black: side(0),
        white: side(1),
        dame: c.dame,
        komi: c.komi.as_f64(),
        handicap: c.handicap,
        handicap_return: c.handicap_return.as_f64(),
        conceded_by: c.conceded_by.map(Stone::name),
        result: match c.winner {
            Some(Stone::Black) => "black_wins",
            Some(Stone::White) => "white_wins",
            None => "draw",
        },
        margin: c.margin.as_f64(),
        unsettled: c.unsettled.iter().map(|p| p.to_string()).collect(),
    };
    super::json_text(&out, false)
}
