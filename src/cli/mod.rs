//! The subcommands of `qigui`. Each returns an exit code: 0 success, 1 a
//! negative answer (failed cases), 2 bad usage or unreadable input.

/// `println!` for the command's output: when the reader has gone away
/// (`qigui judge … | head`), the command stops quietly instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            crate::cli::output_failed(e);
        }
    }};
}

/// `print!` for the command's output (see [`outln`]).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            crate::cli::output_failed(e);
        }
    }};
}

mod adjudicate;
mod book;
mod check;
mod conform;
mod coverage;
mod diff;
mod go;
mod go_adjudicate;
mod go_event;
mod go_sgf;
mod gomoku;
mod judge;
mod pair;
mod play;
mod record;
mod rule;
mod standings;

use std::process::ExitCode;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};

/// Writing the output failed: a closed pipe ends the command quietly (as
/// for any Unix filter whose reader has stopped); another error is reported.
pub(crate) fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("qigui: writing the output: {e}");
    std::process::exit(1);
}

/// The command line.
#[derive(Parser)]
#[command(
    name = "qigui",
    bin_name = "qigui",
    version,
    about = "qigui — the Chinese Xiangqi, Gomoku and Go competition rules, executable",
    long_about = "qigui — the Chinese Xiangqi, Gomoku and Go competition rules, executable.\n\n\
        Exit codes: 0 success, 1 a negative answer (failed cases), 2 bad usage or unreadable input.\n\
        FEN defaults to the starting position where it is optional; `start` names it.",
    after_help = "Examples:\n  qigui check\n  qigui judge --record games.pgn\n  qigui rule --red \"捉 捉\" --black \"兑 捉\"\n\n`qigui <command> --help` describes each command and its options.",
    arg_required_else_help = true,
    args_override_self = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands.
#[derive(Subcommand)]
enum Command {
    /// Run the corpus (default: the one built in): one line per failure, then `N passed, N failed[, N skipped] (N cases carry an erratum)`; exit 1 on any failure
    #[command(
        after_help = "Example:\n  qigui check cases/xiangqi-2020/02-moves.yaml --format json"
    )]
    Check(check::CheckArgs),
    /// Write the corpus as one JSON bundle for other implementations
    #[command(after_help = "Example:\n  qigui export-json cases --out corpus.json")]
    ExportJson(check::ExportArgs),
    /// Every clause with its cases or the reason it has none; exit 1 if a clause is missing
    #[command(after_help = "Example:\n  qigui coverage --edition xiangqi-1999 --missing")]
    Coverage(coverage::CoverageArgs),
    /// Count the leaf nodes of the legal move tree; the count alone is the last line
    #[command(after_help = "Example:\n  qigui perft start 4 --divide")]
    Perft(play::PerftArgs),
    /// Rule on a cycle whose moves are labelled 将 杀 捉 兑 献 拦 跟 闲
    #[command(
        after_help = "Example:\n  qigui rule --red \"捉 捉\" --black \"兑 捉\" --format json"
    )]
    Rule(rule::RuleArgs),
    /// Find every 待判局面 of a game record or of moves (23.1–23.4), label its moves (将 杀 捉 兑 … with targets and clauses) and rule on it; or rule on one period of a cycle
    #[command(
        after_help = "Examples:\n  qigui judge --record games.pgn --format jsonl\n  qigui judge --fen \"2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1\" --moves \"f0e0 e8f8 e0f0 f8e8\" --explain\n\nMoves that neither hold a 待判局面 nor return to the position answer `none` (exit 0). With --record, exit 2 if any game could not be read (each is reported in its place)."
    )]
    Judge(judge::JudgeArgs),
    /// What the side to move could win (捉) or mate (杀) if it moved: the analysis behind the labels
    #[command(
        after_help = "Example:\n  qigui threats \"3a2b1r/4ak3/8b/9/9/9/9/B2NN3B/3K5/4p4 w - - 0 1\""
    )]
    Threats(judge::ThreatsArgs),
    /// List the legal moves in ICCS, WXF and Chinese notation
    #[command(after_help = "Example:\n  qigui moves start --moves \"h2e2 h9g7\"")]
    Moves(play::MovesArgs),
    /// Print the position as a text diagram, red at the bottom
    #[command(after_help = "Example:\n  qigui board start --moves \"h2e2 h9g7\"")]
    Board(play::BoardArgs),
    /// Read a move (ICCS, WXF or Chinese) and print it in every notation
    #[command(
        after_help = "Example:\n  qigui notation 马八进七 --fen \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\""
    )]
    Notation(play::NotationArgs),
    /// List the editions, each with the edition it amends or is compared with (spec/editions.yaml)
    #[command(after_help = "Example:\n  qigui editions --changes")]
    Editions(diff::EditionsArgs),
    /// The rules that differ between two editions, and every case whose expected outcome differs, with the deciding clauses under each
    #[command(
        after_help = "Example:\n  qigui diff --from xiangqi-1999 --to xiangqi-2020 --format markdown"
    )]
    Diff(diff::DiffArgs),
    /// Write the corpus as a static HTML rulebook: every clause with its cases, every figure's board as SVG, the diffs, the errata
    #[command(after_help = "Example:\n  qigui book --out target/book")]
    Book(book::BookArgs),
    /// Go (围棋): count a finished board
    #[command(
        subcommand,
        arg_required_else_help = true,
        after_help = "Example:\n  qigui go score tests/data/go/full-game.count"
    )]
    Go(go::GoCommand),
    /// Gomoku (五子棋, 2025 rules): forbidden points and game records
    #[command(
        subcommand,
        arg_required_else_help = true,
        after_help = "Examples:\n  qigui gomoku forbidden --black \"H8 I8 J8 L8 M8\" --white \"G8 H7 H9 I7 I9\"\n  qigui gomoku judge tools/gomoku/examples/double-three.yaml"
    )]
    Gomoku(gomoku::GomokuCommand),
    /// Rank a tournament (YAML, JSON or TRF-2026 file): every tie-break in its own column and what separated each row from the one above
    #[command(
        after_help = "Example:\n  qigui standings spec/tournament-examples/swiss-2020.yaml --rules xiangqi-1999 --format csv"
    )]
    Standings(standings::StandingsArgs),
    /// The referee's ruling on a game record (an event log, spec/conduct.md) or on the adjudication cases of a corpus file: result, reason, clauses
    #[command(
        after_help = "Example:\n  qigui adjudicate cases/xiangqi-2020/08-fouls.yaml --format json"
    )]
    Adjudicate(adjudicate::AdjudicateArgs),
    /// Run the corpus through another implementation's adapter (spec/adapter-protocol.md): a table per clause, the failing cases, then `N passed, N failed, N skipped`
    #[command(
        after_help = "Examples:\n  qigui conform --adapter \"qigui adapter\"\n  qigui conform --kinds perft,legal-moves --adapter \"python3 my_adapter.py\" --format markdown"
    )]
    Conform(conform::ConformArgs),
    /// Speak the adapter protocol on stdin/stdout (the reference adapter)
    #[command(after_help = "Example:\n  qigui conform --adapter \"qigui adapter\"")]
    Adapter(conform::AdapterArgs),
    /// Pairing tables and Swiss rounds (附录二–五)
    #[command(
        subcommand,
        arg_required_else_help = true,
        after_help = "Examples:\n  qigui pair round-robin 5\n  qigui pair swiss spec/tournament-examples/swiss-2020.yaml"
    )]
    Pair(pair::PairCommand),
    /// Game records (PGN, XQF, DhtmlXQ, CBF): read one and show its games
    #[command(
        subcommand,
        arg_required_else_help = true,
        after_help = "Example:\n  qigui record show tests/data/records/xqf/encrypted-v12.xqf --format json"
    )]
    Record(record::RecordCommand),
    /// Print the version (as --version)
    #[command(hide = true)]
    Version,
}

/// `--format` of the commands that write text or JSON.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    /// Text for people
    Text,
    /// JSON for programs
    Json,
}

/// `--format` of `diff` and `conform`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Text for people
    Text,
    /// JSON for programs
    Json,
    /// A Markdown table
    Markdown,
}

pub type EditionArg = qigui::EditionId;

/// The value parser of every `--edition`, `--rules`, `--from` and `--to`:
/// a known edition id ([`qigui::EditionId`]), listed in `--help`.
pub fn edition() -> EditionParser {
    EditionParser
}

/// As [`edition`], or the path of a draft edition (a YAML file,
/// `spec/editions.md`), for `check --edition` and `diff --to`.
pub fn edition_or_draft() -> DraftParser {
    DraftParser
}

/// An edition named on the command line: a known one, or a draft file.
#[derive(Clone, Debug)]
pub enum EditionChoice {
    /// A known edition.
    Known(qigui::EditionId),
    /// A draft edition's YAML file.
    Draft(std::path::PathBuf),
}

/// See [`edition`].
#[derive(Clone, Copy)]
pub struct EditionParser;

/// See [`edition_or_draft`].
#[derive(Clone, Copy)]
pub struct DraftParser;

/// An unknown edition, as a clap error listing the known ones.
fn unknown_edition(
    cmd: &clap::Command,
    arg: Option<&clap::Arg>,
    value: &std::ffi::OsStr,
    or_draft: &str,
) -> clap::Error {
    let arg = arg.map(|a| format!(" for '{a}'")).unwrap_or_default();
    let ids: Vec<&str> = qigui::EditionId::ALL.map(qigui::EditionId::as_str).to_vec();
    clap::Error::raw(
        clap::error::ErrorKind::InvalidValue,
        format!(
            "unknown edition '{}'{arg} (expected one of {}{or_draft})\n",
            value.to_string_lossy(),
            ids.join(", ")
        ),
    )
    .with_cmd(cmd)
}

fn edition_values() -> Box<dyn Iterator<Item = PossibleValue>> {
    Box::new(
        qigui::EditionId::ALL
            .into_iter()
            .map(|id| PossibleValue::new(id.as_str())),
    )
}

impl TypedValueParser for EditionParser {
    type Value = EditionArg;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<EditionArg, clap::Error> {
        value
            .to_string_lossy()
            .parse()
            .map_err(|_| unknown_edition(cmd, arg, value, ""))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(edition_values())
    }
}

impl TypedValueParser for DraftParser {
    type Value = EditionChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<EditionChoice, clap::Error> {
        if let Ok(id) = value.to_string_lossy().parse() {
            return Ok(EditionChoice::Known(id));
        }
        let path = std::path::Path::new(value);
        if path.is_file() || path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            return Ok(EditionChoice::Draft(path.to_path_buf()));
        }
        Err(unknown_edition(
            cmd,
            arg,
            value,
            ", or a draft edition's YAML file",
        ))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(edition_values())
    }
}

/// Runs the command line; clap's own usage errors exit 2, `--help` and
/// `--version` 0.
pub fn dispatch() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|e| {
        if e.use_stderr() {
            // A usage error quotes what was typed: cut long input
            // (limits::MAX_ECHO_CHARS).
            eprint!("{}", qigui::limits::cut_quoted(&e.render().to_string()));
            std::process::exit(e.exit_code());
        }
        e.exit()
    });
    // The command word as typed, for the messages (`qigui judge: …`).
    let name = std::env::args().nth(1).unwrap_or_default();
    let result = match &cli.command {
        Command::Check(a) => check::check(a),
        Command::ExportJson(a) => check::export_json(a),
        Command::Coverage(a) => coverage::coverage(a),
        Command::Perft(a) => play::perft(a),
        Command::Rule(a) => rule::rule(a),
        Command::Judge(a) => judge::judge(a),
        Command::Threats(a) => judge::threats(a),
        Command::Moves(a) => play::moves(a),
        Command::Board(a) => play::board(a),
        Command::Notation(a) => play::notation(a),
        Command::Editions(a) => diff::editions(a),
        Command::Diff(a) => diff::diff(a),
        Command::Book(a) => book::book(a),
        Command::Go(c) => go::go(c),
        Command::Gomoku(c) => gomoku::gomoku(c),
        Command::Standings(a) => standings::standings(a),
        Command::Adjudicate(a) => adjudicate::adjudicate(a),
        Command::Conform(a) => conform::conform(a),
        Command::Adapter(a) => conform::adapter(a),
        Command::Pair(c) => pair::pair(c),
        Command::Record(c) => record::record(c),
        Command::Version => {
            outln!("qigui {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("qigui {name}: {}", qigui::limits::cut_quoted(&msg));
            ExitCode::from(2)
        }
    }
}

/// Serialises `value` as JSON (pretty or compact) through a
/// `serde_json::Value`, whose objects (serde_json without `preserve_order`)
/// sort their keys: the output the commands have always written.
pub fn json_text<T: serde::Serialize>(value: &T, pretty: bool) -> Result<String, String> {
    let v = serde_json::to_value(value).map_err(|e| e.to_string())?;
    if pretty {
        serde_json::to_string_pretty(&v).map_err(|e| e.to_string())
    } else {
        Ok(v.to_string())
    }
}

/// Reads a FEN argument, `start` meaning the starting position.
pub fn position_arg(fen: Option<&str>) -> Result<qigui::Position, String> {
    match fen {
        None | Some("start") | Some("startpos") => Ok(qigui::Position::start()),
        Some(f) => qigui::Position::from_fen(f).map_err(|e| e.to_string()),
    }
}

/// Reads a file named on the command line (`-`: standard input) within
/// [`qigui::limits::MAX_INPUT_BYTES`]; an error names the file and says why.
pub(crate) fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        qigui::limits::read_stdin()
    } else {
        qigui::limits::read_file(std::path::Path::new(path))
    }
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
