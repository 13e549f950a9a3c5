//! `qigui go score FILE`: count a finished Go board (003's 数子法) and print
//! the count and the result. The file format is in `spec/go.md`.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use qigui::go::{self, Count, Stone, Zi};

use super::TextOrJson;

/// `qigui go`'s subcommands.
#[derive(Subcommand)]
pub enum GoCommand {
    /// Count a finished Go board, or with --sgf the final position of an SGF game (003's 数子法, komi, handicap), and print the count and the result; the formats are in spec/go.md
    #[command(
        after_help = "Examples:\n  qigui go score tests/data/go/full-game.count --format json\n  qigui go score --sgf tests/data/go/nine.sgf --dead C7,D7"
    )]
    Score(ScoreArgs),
    /// Adjudicate a Go referee's log (YAML or JSON, spec/go.md "The referee's log"): lateness, clocks, sealed move, resignation, forfeit, rulings; result and deciding clause; exit 1 when an entry cannot be applied
    #[command(
        after_help = "Example:\n  qigui go adjudicate tests/data/go/referee-late.yaml --format json"
    )]
    Adjudicate(AdjudicateArgs),
    /// The school event's Go awards (奖项.一 four places, 奖项.二.第一项 team points) from the knockout's last rounds, or whether an appeal is received (活动方案.七): the go-event case input as a file (spec/go.md "Awards and appeals"); exit 1 when refused
    #[command(
        after_help = "Examples:\n  qigui go event tests/data/go/event-awards.yaml\n  qigui go event tests/data/go/event-appeal.yaml --format json"
    )]
    Event(EventArgs),
}

/// `qigui go event`'s options.
#[derive(Args)]
pub struct EventArgs {
    /// The event file (YAML or JSON: `last_rounds` with `teams`, or `appeal`); - reads standard input
    #[arg(value_name = "FILE")]
    file: String,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

/// `qigui go adjudicate`'s options.
#[derive(Args)]
pub struct AdjudicateArgs {
    /// The referee's log (YAML or JSON, spec/go.md); - reads standard input
    #[arg(value_name = "FILE")]
    file: String,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

/// `qigui go score`'s options.
#[derive(Args)]
pub struct ScoreArgs {
    /// The board file (spec/go.md); - reads standard input
    #[arg(
        value_name = "FILE",
        required_unless_present = "sgf",
        conflicts_with = "sgf"
    )]
    file: Option<String>,
    /// Count the final position of an SGF game (FF[4], main line; docs/go.md) instead of a board file; - reads standard input
    #[arg(long, value_name = "FILE")]
    sgf: Option<String>,
    /// With --sgf: dead stones of the final position, comma-separated (A1,B2), besides those the SGF's last node marks with TB/TW
    #[arg(long, value_name = "POINTS", requires = "sgf")]
    dead: Option<String>,
    /// With --sgf: komi in 子 (3.75, 3¾, 2.75); overrides the SGF's KM
    #[arg(
        long,
        value_name = "ZI",
        requires = "sgf",
        conflicts_with = "komi_moku"
    )]
    komi: Option<String>,
    /// With --sgf: komi in 目 (points), converted at 1 子 = 2 目 (7.5 is 3¾ 子); overrides the SGF's KM
    #[arg(long, value_name = "MOKU", requires = "sgf")]
    komi_moku: Option<String>,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

pub fn go(cmd: &GoCommand) -> Result<ExitCode, String> {
    match cmd {
        GoCommand::Score(a) => score(a),
        GoCommand::Adjudicate(a) => super::go_adjudicate::adjudicate(&a.file, a.format),
        GoCommand::Event(a) => super::go_event::event(&a.file, a.format),
    }
}

fn read(path: &str) -> Result<String, String> {
    super::read_input(path)
}

fn score(args: &ScoreArgs) -> Result<ExitCode, String> {
    if let Some(path) = &args.sgf {
        return super::go_sgf::score_sgf(
            path,
            args.dead.as_deref(),
            args.komi.as_deref(),
            args.komi_moku.as_deref(),
            args.format,
        );
    }
    let Some(path) = &args.file else {
        return Err("give a board FILE or --sgf FILE".into());
    };
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

/// The report as JSON, for programs (one line, keys sorted).
pub fn to_json(c: &Count) -> Result<String, String> {
    super::json_text(&c.to_json(), false)
}
