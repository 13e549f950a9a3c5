//! `qigui perft`, `moves`, `notation`, `board`.

use std::process::ExitCode;

use qigui::notation;

use super::{Args, position_arg};

pub fn perft(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &[], &["divide"])?;
    let [fen, depth] = args.positional.as_slice() else {
        return Err("usage: qigui perft FEN DEPTH [--divide]".into());
    };
    let pos = position_arg(Some(fen))?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| (1..=8).contains(d))
        .ok_or_else(|| format!("depth '{depth}': expected 1 to 8"))?;
    if args.has("divide") {
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

pub fn moves(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["moves"], &[])?;
    let pos = position_arg(args.positional.first().map(String::as_str))?;
    let pos = match args.value("moves") {
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

pub fn notation(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["fen"], &[])?;
    let pos = position_arg(args.value("fen"))?;
    let text = args.positional.join(" ");
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

pub fn board(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["moves"], &[])?;
    let pos = position_arg(args.positional.first().map(String::as_str))?;
    let pos = match args.value("moves") {
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
