//! Any string as a move in the starting position and in a middlegame: reading
//! never panics, and whatever it reads is a move the position allows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qigui::{Position, notation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in [
        qigui::START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    ] {
        let Ok(pos) = Position::from_fen(fen) else { return };
        if let Ok(m) = notation::parse_move(&pos, text) {
            assert!(pos.is_pseudo_legal(m.mv));
        }
        let _ = notation::parse_line(&pos, text);
    }
});
