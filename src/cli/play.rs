//! `qigui perft`, `moves`, `notation`, `board`.

use std::process::ExitCode;

use clap::Args;
use qigui::notation;

use super::position_arg;

/// `qigui perft`'s options.
#[derive(Args)]
pub struct PerftArgs {
    /// The position, as FEN; `start` is the starting position
    fen: String,
    /// The depth in plies, 1 to 8
    #[arg(value_parser = clap::value_parser!(u32).range(
        i64::from(*qigui::limits::CLI_PERFT_DEPTHS.start())..=i64::from(*qigui::limits::CLI_PERFT_DEPTHS.end())
    ))]
    depth: u32,
    /// Count under each legal move, one `MOVE COUNT` line each, then the total
    #[arg(long)]
    divide: bool,
}

/// `qigui moves`'s options.
#[derive(Args)]
pub struct MovesArgs {
    /// The position, as FEN; `start` (the default) is the starting position
    fen: Option<String>,
    /// Moves played from the position first, space-separated, in ICCS, WXF or Chinese notation
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
}

/// `qigui board`'s options.
#[derive(Args)]
pub struct BoardArgs {
    /// The position, as FEN; `start` (the default) is the starting position
    fen: Option<String>,
    /// Moves played from the position first, space-separated, in ICCS, WXF or Chinese notation
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
}

/// `qigui notation`'s options.
#[derive(Args)]
pub struct NotationArgs {
    /// The move, in ICCS (h2e2), WXF (C2=5) or Chinese (炮二平五); several words are read as one
    #[arg(required = true, value_name = "MOVE")]
    mv: Vec<String>,
    /// The position the move is played in, as FEN; `start` (the default) is the starting position
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
}

pub fn perft(args: &PerftArgs) -> Result<ExitCode, String> {
    let pos = position_arg(Some(&args.fen))?;
    let depth = args.depth;
    if args.divide {
        let mut total = 0;
        for &mv in pos.legal_moves().iter() {
            let next = pos.play_unchecked(mv);
            let n = next.perft(depth - 1);
            total += n;
            outln!("{} {n}", mv.iccs());
        }
        outln!("{total}");
    } else {
        outln!("{}", pos.perft(depth));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn moves(args: &MovesArgs) -> Result<ExitCode, String> {
    let pos = position_arg(args.fen.as_deref())?;
    let pos = match args.moves.as_deref() {
        Some(text) => {
            let (_, p) =
                notation::parse_line(&pos, text).map_err(|(ply, e)| format!("move {ply}: {e}"))?;
            p
        }
        None => pos,
    };
    for &mv in pos.legal_moves().iter() {
        outln!(
            "{}\t{}\t{}",
            mv.iccs(),
            notation::wxf(&pos, mv),
            notation::chinese(&pos, mv)
        );
    }
    if pos.is_check() {
        outln!("# {} is in check", pos.turn());
    }
    Ok(ExitCode::SUCCESS)
}

pub fn notation(args: &NotationArgs) -> Result<ExitCode, String> {
    let pos = position_arg(args.fen.as_deref())?;
    let text = args.mv.join(" ");
    if text.is_empty() {
        return Err("usage: qigui notation MOVE [--fen FEN]".into());
    }
    let pm = notation::parse_move(&pos, &text).map_err(|e| e.to_string())?;
    outln!("iccs\t{}", pm.mv.iccs());
    outln!("wxf\t{}", notation::wxf(&pos, pm.mv));
    outln!("chinese\t{}", notation::chinese(&pos, pm.mv));
    outln!("abbreviated\t{}", notation::abbreviated(&pos, pm.mv));
    outln!("read as\t{}", pm.notation.name());
    if let Some(r) = pm.resolved {
        outln!("resolved\t{r}");
    }
    if pos.exposes_own_king(pm.mv) {
        outln!("note\tthis move exposes the mover's king: 自杀 (3.4), a loss under 4.1.3");
    }
    Ok(ExitCode::SUCCESS)
}

pub fn board(args: &BoardArgs) -> Result<ExitCode, String> {
    let pos = position_arg(args.fen.as_deref())?;
    let pos = match args.moves.as_deref() {
        Some(text) => {
            notation::parse_line(&pos, text)
                .map_err(|(ply, e)| format!("move {ply}: {e}"))?
                .1
        }
        None => pos,
    };
    out!("{}", qigui::diagram(&pos.to_setup()));
    Ok(ExitCode::SUCCESS)
}
