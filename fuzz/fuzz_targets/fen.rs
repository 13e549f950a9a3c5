//! Any string: reading it as a FEN never panics, and a valid position
//! round-trips through its canonical FEN and can be searched one ply.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qigui::{Position, Setup, Validation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = Setup::from_fen(text);
    for policy in [Validation::Strict, Validation::Relaxed] {
        if let Ok(pos) = Position::from_fen_with(text, policy) {
            let again = Position::from_fen_with(&pos.fen(), policy).expect("canonical FEN reads back");
            assert_eq!(again, pos);
            let _ = pos.perft(1);
        }
    }
});
