//! File formats read and written at the edge of the library.
//!
//! * [`trf`]: FIDE TRF-2026, the tournament report file (at most 9,999
//!   players; larger events use the YAML/JSON tournament format).

pub mod trf;
