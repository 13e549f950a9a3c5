//! Prints the mate-by-checks search (24.2) of the side that played the last
//! of MOVES, as if it could move again, for debugging the classifier:
//! `cargo run --example debug_mate -- FEN [MOVES...] [--checks N]`.
use qigui::{Position, notation};
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut limit = qigui::xiangqi::MateLimit::default();
    if let Some(i) = args.iter().position(|a| a == "--checks") {
        if let Some(n) = args.get(i + 1).and_then(|n| n.parse().ok()) {
            limit.checks = n;
        }
        args.drain(i..(i + 2).min(args.len()));
    }
    let Some(fen) = args.first() else {
        eprintln!("usage: debug_mate FEN [MOVES...] [--checks N]");
        return;
    };
    let mut pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    for m in &args[1..] {
        match notation::parse_move(&pos, m) {
            Ok(p) => pos = pos.play_unchecked(p.mv),
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        }
    }
    if args.len() > 1 {
        match pos.pass() {
            Some(p) => pos = p,
            None => {
                eprintln!("cannot pass (in check)");
                return;
            }
        }
    }
    println!("{}", pos.fen());
    match qigui::xiangqi::mate_by_checks(&pos, limit) {
        qigui::xiangqi::MateSearch::Mate { first, checks } => println!(
            "mate by {checks} check(s), starting {} ({})",
            notation::chinese(&pos, first),
            first.iccs()
        ),
        other => println!("{other:?}"),
    }
}
