//! Prints every threat of the side to move (qigui::xiangqi::threats), for debugging
//! the classifier: `cargo run --example debug_threats -- FEN [MOVES...]`:
//! after MOVES, the threats of the side that played the last one. The
//! environment variables QIGUI_CHECKS, QIGUI_ROOK_CHECKS, QIGUI_DEFENDER_CHECKS, QIGUI_PLIES
//! and QIGUI_NODES override the default limits.
use qigui::xiangqi::ValueContext;
use qigui::{Position, notation};
/// The default limits, with QIGUI_CHECKS, QIGUI_ROOK_CHECKS, QIGUI_DEFENDER_CHECKS,
/// QIGUI_PLIES and QIGUI_NODES overriding them when set.
fn limits() -> qigui::xiangqi::ChaseLimits {
    let get = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let mut l = qigui::xiangqi::ChaseLimits::default();
    if let Some(n) = get("QIGUI_CHECKS") {
        l.checks = n as u32;
    }
    if let Some(n) = get("QIGUI_ROOK_CHECKS") {
        l.rook_checks = n as u32;
    }
    if let Some(n) = get("QIGUI_DEFENDER_CHECKS") {
        l.defender_checks = n as u32;
    }
    if let Some(n) = get("QIGUI_PLIES") {
        l.exchange_plies = n as u32;
    }
    if let Some(n) = get("QIGUI_NODES") {
        l.nodes = n;
    }
    l
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(fen) = args.get(1) else {
        eprintln!("usage: debug_threats FEN");
        return;
    };
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let mut pos = pos;
    let mut last = None;
    for m in &args[2..] {
        let mv = match notation::parse_move(&pos, m) {
            Ok(p) => p.mv,
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        };
        last = Some(mv);
        pos = pos.play_unchecked(mv);
    }
    if args.len() > 2 {
        match pos.pass() {
            Some(p) => pos = p,
            None => {
                eprintln!("cannot pass");
                return;
            }
        }
    }
    println!("{}", pos.fen());
    for t in qigui::xiangqi::threats(&pos, &ValueContext { last_move: last }, &limits()) {
        println!(
            "{} {:?} {:?} {:?} line={} participants={:?} screens={:?} capturers={:?}",
            t.target,
            t.piece.kind,
            t.means,
            t.categories,
            t.line
                .iter()
                .map(|m| m.iccs())
                .collect::<Vec<_>>()
                .join(" "),
            t.participants
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            t.screens.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            t.capturers
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        );
    }
}
