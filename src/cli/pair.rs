//! `qigui pair …`: pairing tables and Swiss rounds (2020 articles 10–12,
//! 附录二–五; Gomoku 26–27, 附录三–七).
//!
//! * `pair round-robin N [--double] [--games G]`: one line per round,
//!   `round R: a-b c-d ...`, the first mover (red) first, the bye `a-bye`.
//! * `pair swiss FILE [--round R] [--first-round M] [--format text|json|trf]`:
//!   the round's boards, each with its reason.
//! * `pair knockout N [--seeds S] [--preliminary]`: the first-round lines.
//! * `pair scheveningen N [--rules E]`: the book's table.
//! * `pair lineups BOARDS RESERVES`: 11.2's line-ups.

use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use qigui::event::Tournament;
use qigui::event::pairing::knockout::{self, Completion, Line};
use qigui::event::pairing::scheveningen::{self, Book};
use qigui::event::pairing::swiss::{self, FirstRound, RoundPairing};
use qigui::event::pairing::{lineups, round_robin};

use super::EditionArg;
use qigui::EditionId;

/// `qigui pair`'s subcommands.
#[derive(Subcommand)]
pub enum PairCommand {
    /// The round-robin table (附录二): one line per round, `round R: a-b ...`, red first, the bye as `a-bye`
    #[command(after_help = "Example:\n  qigui pair round-robin 5 --double")]
    RoundRobin(RoundRobinArgs),
    /// Pair a Swiss round by the 定位编排法 (附录三) from a tournament file (YAML, JSON or TRF-2026), each board with its reason
    #[command(
        after_help = "Example:\n  qigui pair swiss spec/tournament-examples/swiss-2020.yaml --round 2 --format json"
    )]
    Swiss(SwissArgs),
    /// A knock-out bracket's first round, seeds and byes placed (附录四)
    #[command(after_help = "Example:\n  qigui pair knockout 12 --seeds 4")]
    Knockout(KnockoutArgs),
    /// The Scheveningen table for teams of N (附录五)
    #[command(after_help = "Example:\n  qigui pair scheveningen 3 --rules gomoku-2025")]
    Scheveningen(ScheveningenArgs),
    /// The line-ups a team may field (11.2)
    #[command(after_help = "Example:\n  qigui pair lineups 4 2")]
    Lineups(LineupsArgs),
}

/// `qigui pair round-robin`'s options.
#[derive(Args)]
pub struct RoundRobinArgs {
    /// The number of players or teams
    #[arg(value_name = "N")]
    n: u32,
    /// A double round robin: every pairing twice, colours reversed
    #[arg(long)]
    double: bool,
    /// Games each pairing plays (a match), colours alternating; at most 100
    #[arg(long, value_name = "G")]
    games: Option<u32>,
}

/// `qigui pair swiss --format`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SwissFormat {
    /// Text for people: a line per board with its reason
    Text,
    /// JSON for programs
    Json,
    /// The tournament as TRF-2026, the new round as its next column
    Trf,
}

/// How the first round is paired (`--first-round`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FirstRoundArg {
    /// 近号配对: 1-2, 4-3, 5-6, …
    Adjacent,
    /// 首尾配对: 1 against the last, 2 against the last but one, …
    HeadTail,
    /// 对半交叉配对: the top half against the bottom half, 1 against n/2+1
    Halves,
}

/// `qigui pair swiss`'s options.
#[derive(Args)]
pub struct SwissArgs {
    /// The tournament file (YAML, JSON or TRF-2026)
    #[arg(value_name = "FILE")]
    file: String,
    /// The round to pair (default: the round after the last one played)
    #[arg(long, value_name = "R")]
    round: Option<u32>,
    /// How the first round is paired
    #[arg(long, value_enum, default_value_t = FirstRoundArg::Adjacent)]
    first_round: FirstRoundArg,
    /// The output format
    #[arg(long, value_enum, default_value_t = SwissFormat::Text)]
    format: SwissFormat,
}

/// `qigui pair knockout`'s options.
#[derive(Args)]
pub struct KnockoutArgs {
    /// The number of players
    #[arg(value_name = "N")]
    n: u32,
    /// The number of seeded players
    #[arg(long, value_name = "S", default_value_t = 0)]
    seeds: u32,
    /// Fill the bracket with preliminary games instead of byes
    #[arg(long)]
    preliminary: bool,
}

/// `qigui pair scheveningen`'s options.
#[derive(Args)]
pub struct ScheveningenArgs {
    /// The number of players of a team
    #[arg(value_name = "N")]
    n: u32,
    /// The rulebook whose table to print (xiangqi-2020 and xiangqi-2020-mass: the 2020 book's 附录五; gomoku-2025: Gomoku 2025's)
    #[arg(long, value_name = "E", default_value_t = qigui::EditionId::Xiangqi2020, value_parser = super::edition())]
    rules: EditionArg,
}

/// `qigui pair lineups`'s options.
#[derive(Args)]
pub struct LineupsArgs {
    /// The number of boards
    #[arg(value_name = "BOARDS")]
    boards: u32,
    /// The number of reserves
    #[arg(value_name = "RESERVES")]
    reserves: u32,
}

pub fn pair(cmd: &PairCommand) -> Result<ExitCode, String> {
    match cmd {
        PairCommand::RoundRobin(a) => round_robin_cmd(a),
        PairCommand::Swiss(a) => swiss_cmd(a),
        PairCommand::Knockout(a) => knockout_cmd(a),
        PairCommand::Scheveningen(a) => scheveningen_cmd(a),
        PairCommand::Lineups(a) => lineups_cmd(a),
    }
}

fn round_robin_cmd(args: &RoundRobinArgs) -> Result<ExitCode, String> {
    use std::io::Write as _;
    let n = args.n;
    let table: Box<dyn Iterator<Item = Vec<qigui::event::pairing::Game>>> = if args.double {
        Box::new(round_robin::double_rounds(n).map_err(|e| e.to_string())?)
    } else {
        Box::new(round_robin::rounds(n).map_err(|e| e.to_string())?)
    };
    let games = args.games.map_or(1, |g| g.max(1));
    if games > round_robin::MAX_GAMES {
        return Err(format!(
            "--games {games}: at most {} games a pairing",
            round_robin::MAX_GAMES
        ));
    }
    // One round at a time, through one buffer: the 10,000-player table is
    // about 500 MB of text.
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut write_round =
        |r: usize, round: &[qigui::event::pairing::Game]| -> std::io::Result<()> {
            let sets = round_robin::match_games(round, games);
            for (k, set) in sets.iter().enumerate() {
                if games > 1 {
                    write!(out, "round {} game {}:", r + 1, k + 1)?;
                } else {
                    write!(out, "round {}:", r + 1)?;
                }
                for g in set {
                    match g.second {
                        Some(b) => write!(out, " {}-{b}", g.first)?,
                        None => write!(out, " {}-bye", g.first)?,
                    }
                }
                writeln!(out)?;
            }
            Ok(())
        };
    for (r, round) in table.enumerate() {
        if let Err(e) = write_round(r, &round) {
            crate::cli::output_failed(e);
        }
    }
    if let Err(e) = out.flush() {
        crate::cli::output_failed(e);
    }
    Ok(ExitCode::SUCCESS)
}

fn swiss_cmd(args: &SwissArgs) -> Result<ExitCode, String> {
    let file = &args.file;
    let (t, notes) =
        qigui::formats::load_tournament_noted(Path::new(file)).map_err(|e| e.to_string())?;
    // A TRF file's notes, as `standings` gives them: the pairing reads the
    // same scores (record 162's point system, the system assumed).
    for n in &notes {
        eprintln!("note: {n}");
    }
    let round = args.round;
    let how = match args.first_round {
        FirstRoundArg::Adjacent => FirstRound::Adjacent,
        FirstRoundArg::HeadTail => FirstRound::HeadTail,
        FirstRoundArg::Halves => FirstRound::Halves,
    };
    let p = swiss::pair_tournament(&t, round, how).map_err(|e| format!("{file}: {e}"))?;
    match args.format {
        SwissFormat::Json => outln!("{}", serde_json::to_string_pretty(&p).unwrap_or_default()),
        SwissFormat::Trf => out!("{}", trf_with_round(&t, &p)?),
        SwissFormat::Text => out!("{}", p.to_text(t.game.colours())),
    }
    Ok(ExitCode::SUCCESS)
}

/// The tournament up to the round before `p`, as TRF-2026, with `p`'s
/// pairing as the next round column (`qigui::formats::trf::write_paired`).
fn trf_with_round(t: &Tournament, p: &RoundPairing) -> Result<String, String> {
    qigui::formats::trf::write_paired(t, p.round, &swiss::pairing_lines(p))
        .map_err(|e| e.to_string())
}

fn knockout_cmd(args: &KnockoutArgs) -> Result<ExitCode, String> {
    let (n, seeds) = (args.n, args.seeds);
    let how = if args.preliminary {
        Completion::Preliminary
    } else {
        Completion::Byes
    };
    let lines = knockout::bracket(n, seeds, how).map_err(|e| e.to_string())?;
    let places = lines.len() as u32;
    let show = |l: &Line| match l {
        Line::Player(p) => p.to_string(),
        Line::Bye => "bye".to_string(),
        Line::Preliminary(a, b) => format!("{a}/{b}"),
    };
    outln!("places {places}");
    for (k, pair) in lines.chunks(2).enumerate() {
        if let [a, b] = pair {
            outln!(
                "game {}: {}-{}  (positions {}-{})",
                k + 1,
                show(a),
                show(b),
                2 * k + 1,
                2 * k + 2
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn scheveningen_cmd(args: &ScheveningenArgs) -> Result<ExitCode, String> {
    let n = args.n;
    let book = match args.rules {
        EditionId::Xiangqi2020 => Book::Xiangqi2020,
        EditionId::Gomoku2025 => Book::Gomoku2025,
        // 附录一 is the 2020 book's appendix: the same book's tables.
        EditionId::Xiangqi2020Mass => Book::Xiangqi2020,
        o => {
            return Err(format!(
                "--rules '{o}': that edition prints no Scheveningen table (全队轮赛制); the tables are the 2020 book's 附录五 (xiangqi-2020, xiangqi-2020-mass) and Gomoku 2025's 附录五 (gomoku-2025)"
            ));
        }
    };
    let t = scheveningen::table(book, n).map_err(|e| e.to_string())?;
    for (r, round) in t.iter().enumerate() {
        let text: Vec<String> = round.iter().map(|g| g.text()).collect();
        outln!("round {}: {}", r + 1, text.join(" "));
    }
    Ok(ExitCode::SUCCESS)
}

fn lineups_cmd(args: &LineupsArgs) -> Result<ExitCode, String> {
    let l = lineups::lineups(args.boards, args.reserves).map_err(|e| e.to_string())?;
    for o in &l {
        let s: Vec<String> = o.iter().map(u32::to_string).collect();
        outln!("{}", s.join("-"));
    }
    Ok(ExitCode::SUCCESS)
}
