//! FIDE TRF-2026 (placeholder while being written).
use crate::tournament::{Tournament, TournamentError};
/// Whether text looks like a TRF file.
pub fn looks_like_trf(_text: &str) -> bool {
    false
}
/// Reads TRF.
pub fn read(_text: &str, file: &str) -> Result<Tournament, TournamentError> {
    Err(TournamentError::at(file, "TRF not yet"))
}
