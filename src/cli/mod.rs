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
mod args;
mod book;
mod check;
mod conform;
mod coverage;
mod diff;
mod go;
mod gomoku;
mod judge;
mod pair;
mod play;
mod rule;
mod standings;

use std::process::ExitCode;

/// Writing the output failed: a closed pipe ends the command quietly (as
/// for any Unix filter whose reader has stopped); another error is reported.
pub(crate) fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("qigui: writing the output: {e}");
    std::process::exit(1);
}

pub use args::Args;

const USAGE: &str = "\
qigui — the Chinese Xiangqi and Gomoku competition rules, executable

usage: qigui <command> [options]

commands:
  check [PATH...] [--edition E] [--kind K] [--format text|json]
        run the corpus (default: cases/); one line per failure, then
        `N passed, N failed[, N skipped]`
  export-json [PATH...] [--out FILE]
        write the corpus as one JSON bundle
  coverage [PATH...] [--edition E] [--missing]
        every clause with its cases or the reason it has none
  perft FEN DEPTH [--divide]
        count the leaf nodes of the legal move tree; the count is the last line
  moves FEN [--moves \"m1 m2 ...\"]
        list the legal moves with their notations
  board FEN [--moves \"m1 m2 ...\"]
        print the position as a diagram, red at the bottom
  notation MOVE [--fen FEN]
        read a move (ICCS, WXF or Chinese) and print it in every notation
  rule --red \"LABELS\" --black \"LABELS\" [--edition E] [--move-number N]
       [--nine-rounds --points N] [--format text|json]
        rule on a cycle whose moves are labelled 将 杀 捉 兑 献 拦 跟 闲
        (捉:车, 捉:无根子, 捉:少根子, 捉:联合, 捉:联合车, 捉:联合无根子, 捉:得子)
  go score FILE [--format text|json]
        count a finished Go board (003's 数子法, komi, handicap) and print
        the count and the result; FILE format in spec/go.md
  gomoku forbidden --black \"H8 I8 ...\" [--white \"G8 ...\"] [--format text|json]
        every forbidden point of black's (article 8) with its kind
  gomoku judge FILE [--format text|json]
        adjudicate a Gomoku game record (YAML, spec/gomoku.md)
  standings FILE [--rules E] [--format text|json|csv|trf]
        rank a tournament (YAML, JSON or TRF-2026 file): every tie-break in
        its own column and what separated each row from the one above
  adjudicate FILE [--profile P] [--case ID] [--format text|json]
        the referee's ruling on a game record (an event log, spec/conduct.md)
        or on the adjudication cases of a corpus file: result, reason, clauses
  editions [--changes]
        list the editions, each with the edition it amends or is compared
        with; --changes: the topics it changes (spec/editions.yaml)
  diff --from E1 --to E2 [--format text|json|markdown] [PATH...]
        the rules that differ between two editions, and every case whose
        expected outcome differs, with the deciding clauses under each
  book --out DIR [PATH...]
        write the corpus as a static HTML rulebook: every clause with its
        cases, every figure's board as SVG, the diffs, the errata
  conform --adapter \"CMD ARGS\" [PATH...] [--kinds K,K] [--edition E]
          [--format text|json|markdown] [--timeout-ms N] [--include-skipped]
        run the corpus through another implementation's adapter
        (spec/adapter-protocol.md): a table per clause, the failing cases,
        then `N passed, N failed, N skipped`; --include-skipped also runs
        the cases the corpus skips and reports them apart, uncounted
  adapter [--kinds]
        speak the adapter protocol on stdin/stdout (the reference adapter);
        --kinds lists the kinds it answers
  pair round-robin N [--double] [--games G]
        the round-robin table (附录二): one line per round, `round R: a-b ...`,
        red first, the bye as `a-bye`
  pair swiss FILE [--round R] [--first-round adjacent|head-tail|halves]
       [--format text|json|trf]
        pair a Swiss round by the 定位编排法 (附录三), each board with its reason
  pair knockout N [--seeds S] [--preliminary]
        a knock-out bracket's first round, seeds and byes placed (附录四)
  pair scheveningen N [--rules xiangqi-2020|gomoku-2025]
        the Scheveningen table for teams of N (附录五)
  pair lineups BOARDS RESERVES
        the line-ups a team may field (11.2)
  editions
        list the editions
  help  this text

FEN defaults to the starting position where it is optional; `start` names it.
";

/// Runs a command line.
pub fn dispatch(argv: &[String]) -> ExitCode {
    let Some(cmd) = argv.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &argv[1..];
    let result = match cmd.as_str() {
        "check" => check::check(rest),
        "export-json" => check::export_json(rest),
        "coverage" => coverage::coverage(rest),
        "perft" => play::perft(rest),
        "rule" => rule::rule(rest),
        "judge" => judge::judge(rest),
        "threats" => judge::threats(rest),
        "moves" => play::moves(rest),
        "board" => play::board(rest),
        "notation" => play::notation(rest),
        "editions" => diff::editions(rest),
        "diff" => diff::diff(rest),
        "book" => book::book(rest),
        "go" => go::go(rest),
        "gomoku" => gomoku::gomoku(rest),
        "standings" => standings::standings(rest),
        "adjudicate" => adjudicate::adjudicate(rest),
        "conform" => conform::conform(rest),
        "adapter" => conform::adapter(rest),
        "pair" => pair::pair(rest),
        "help" | "--help" | "-h" => {
            out!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "-V" | "version" => {
            outln!("qigui {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}' (try `qigui help`)")),
    };
    match result {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("qigui {cmd}: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Reads a FEN argument, `start` meaning the starting position.
pub fn position_arg(fen: Option<&str>) -> Result<qigui::Position, String> {
    match fen {
        None | Some("start") | Some("startpos") => Ok(qigui::Position::start()),
        Some(f) => qigui::Position::from_fen(f).map_err(|e| e.to_string()),
    }
}
