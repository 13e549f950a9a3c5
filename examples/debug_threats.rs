//! Prints every threat of the side to move (chase::threats), for debugging
//! the classifier: `cargo run --example debug_threats -- FEN`.
use qigui::{Position, chase, protection::ValueContext};
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
    for t in chase::threats(
        &pos,
        &ValueContext::default(),
        &chase::ChaseLimits::default(),
    ) {
        println!(
            "{} {:?} {:?} {:?} line={:?} participants={:?} capturers={:?}",
            t.target, t.piece.kind, t.means, t.categories, t.line, t.participants, t.capturers
        );
    }
}
