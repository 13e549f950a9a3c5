//! FIDE's Tournament Report File, TRF-2026 (FIDE Handbook C.04 Annex 2,
//! "Format of Tournament Report File (TRF) — Version 2026"): reading and
//! writing the tournament file ([`crate::event::Tournament`]) as the fixed-column
//! text that pairing and tie-break programs exchange.
//!
//! `spec/tournament-format.md` ("TRF-2026") lists the records qigui reads
//! and writes and how Xiangqi and Gomoku map onto them:
//!
//! * TRF's colours `w`/`b` are the first and the second mover: red and
//!   black in Xiangqi, black and white in Gomoku.
//! * Results `1 = 0` (and `W D L`), forfeits `+ -` (20.3), byes `U`/`F`;
//!   `H` (half-point bye) does not exist in these rulebooks and is refused.
//! * The point system goes in record 162 (W, D, L, and P for a bye: 0 in a
//!   round robin, 14.1) and, for teams, 362; a draw worth more to black
//!   (13.3) is written as D = red's value plus a 299 bonus record for each
//!   black player who drew.
//! * What TRF cannot say (the game, the rules edition, the system, fouls,
//!   penalties, withdrawals, the N+1 final, team codes, cycles) is written in comment lines
//!   `### qigui …`, which other programs ignore.
//!
//! Lines may end in CR, LF or CR LF; qigui writes CR LF. Positions count
//! characters, so a Chinese name of three characters takes three columns.
//!
//! * Files as tournament directors write them (`director.rs`): record 162
//!   is the event's point system, 202/212 choose 14.3.1 or 14.3.2, the
//!   points column (81–84) is checked against the games, and without a
//!   092 naming the system it is inferred from the games;
//!   [`read_noted`] returns the notes on each.
//!
//! [`read`] and [`read_paired`] (in `read.rs`) take the records apart,
//! record type by record type; [`write()`], [`write_with`] and
//! [`write_paired`] (in `write.rs`) put them together.

mod director;
mod read;
mod write;

pub use director::TrfNote;
pub use read::{PairedRound, TrfRead, read, read_noted, read_paired};
pub use write::{LineEnding, write, write_paired, write_with};

/// Whether a text looks like a TRF file: its first non-blank line starts
/// with a three-digit record number and a space, or with `###`.
pub fn looks_like_trf(text: &str) -> bool {
    text.lines()
        .map(str::trim_end)
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| {
            l.starts_with("###")
                || (l.len() >= 4
                    && l.as_bytes()[..3].iter().all(u8::is_ascii_digit)
                    && l.as_bytes()[3] == b' ')
        })
}

/// One TRF column (a game slot) of one player.
#[derive(Clone, Debug, PartialEq)]
struct Slot {
    opponent: u32,
    colour: char,
    result: char,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_trf() {
        assert!(looks_like_trf("012 Club championship\n001    1"));
        assert!(looks_like_trf("### comment\n"));
        assert!(!looks_like_trf("format: 1\n"));
    }
}
