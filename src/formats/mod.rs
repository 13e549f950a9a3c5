//! File formats read and written at the edge of the library.
//!
//! * [`record`]: a Xiangqi game record, the shape every record reader
//!   (PGN, XQF, DhtmlXQ, CBF) produces.
//! * [`pgn`]: PGN as Xiangqi programs write it (ICCS, WXF or Chinese
//!   movetext), read and written.
//! * [`read_records`] and [`read_records_bytes`]: a record file in
//!   whichever format it is written, chosen by extension and content.
//! * [`RecordJudge`]: every 待判局面 of each game of a record file,
//!   judged ([`JudgedGame`], the data of `qigui judge --record`).
//! * [`trf`]: FIDE TRF-2026, the tournament report file (at most 9,999
//!   players; larger events use the YAML/JSON tournament format).
//! * [`load_tournament`] and [`read_tournament`]: a tournament file in
//!   whichever of its formats it is written (YAML, JSON or TRF-2026).

pub mod cbf;
pub mod dhtmlxq;
mod judged;
pub mod pgn;
pub mod record;
pub mod sgf;
pub mod trf;
pub mod xqf;

use std::path::Path;

use crate::event::{Tournament, TournamentError};
pub use judged::{JudgedGame, RecordJudge};
use record::{Record, RecordError, RecordLocation};

/// The games of a record file, each read or its own error: the outer error
/// is a file that cannot be read at all (missing, too large, not text of
/// its format).
pub type RecordGames = Vec<Result<Record, RecordError>>;

/// Reads a record file, the format chosen as [`read_records_bytes`] does;
/// a file larger than [`crate::limits::MAX_INPUT_BYTES`] is refused, read no
/// further than one byte past it.
#[allow(clippy::result_large_err)] // RecordError is shared by every reader (record.rs)
pub fn read_records(path: &Path) -> Result<RecordGames, RecordError> {
    let file = path.display().to_string();
    let at = |reason: String| RecordError {
        location: RecordLocation {
            file: file.clone(),
            ..RecordLocation::default()
        },
        reason,
    };
    let bytes = crate::limits::read_bytes(path).map_err(|e| at(e.message))?;
    read_records_bytes(&bytes, &file)
}

/// The record formats qigui knows, as [`record_format`] names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN (`.pgn`, or text with tag pairs or movetext).
    Pgn,
    /// XQStudio's binary XQF (`.xqf`, or bytes starting `XQ`).
    Xqf,
    /// The `[DhtmlXQ]` blocks of web pages (`.dhtmlxq`, or text containing `[DhtmlXQ`).
    DhtmlXq,
    /// 象棋桥's XML (`.cbf`, or text containing `<ChineseChessRecord`).
    Cbf,
}

/// Which format a record file is in: by its content where that is telling
/// (XQF's `XQ` magic, CBF's `<ChineseChessRecord` root, a `[DhtmlXQ`
/// block — the markers are ASCII, so they are found in UTF-16 and GBK text
/// too), else by its extension, else PGN.
pub fn record_format(bytes: &[u8], file: &str) -> RecordFormat {
    if bytes.starts_with(b"XQ") {
        return RecordFormat::Xqf;
    }
    // Dropping NUL bytes finds the markers in UTF-16; a lossy reading finds
    // them in GBK. Only the first MiB is looked at.
    let ascii: Vec<u8> = bytes
        .iter()
        .take(1 << 20)
        .copied()
        .filter(|&b| b != 0)
        .collect();
    let text = String::from_utf8_lossy(&ascii);
    if text.contains("<ChineseChessRecord") {
        return RecordFormat::Cbf;
    }
    if text.to_ascii_lowercase().contains("[dhtmlxq") {
        return RecordFormat::DhtmlXq;
    }
    match extension(Path::new(file)).as_str() {
        "xqf" => RecordFormat::Xqf,
        "cbf" => RecordFormat::Cbf,
        "htm" | "html" | "dhtmlxq" => RecordFormat::DhtmlXq,
        _ => RecordFormat::Pgn,
    }
}

/// Reads a record file's bytes in its format ([`record_format`]); `file`
/// names it in errors. PGN games are read one by one (a bad game is its own
/// error); an XQF, DhtmlXQ or CBF file that cannot be read is the outer
/// error.
#[allow(clippy::result_large_err)] // RecordError is shared by every reader (record.rs)
pub fn read_records_bytes(bytes: &[u8], file: &str) -> Result<RecordGames, RecordError> {
    let all_ok = |games: Vec<Record>| games.into_iter().map(Ok).collect();
    match record_format(bytes, file) {
        RecordFormat::Pgn => pgn::read_games(bytes, file),
        RecordFormat::Xqf => xqf::read(bytes, file).map(all_ok),
        RecordFormat::DhtmlXq => dhtmlxq::read(bytes, file).map(all_ok),
        RecordFormat::Cbf => cbf::read(bytes, file).map(all_ok),
    }
}

/// Reads a tournament file: `.json` as JSON, `.trf` (or text starting with
/// a TRF record) as TRF-2026, anything else as YAML.
pub fn load_tournament(path: &Path) -> Result<Tournament, TournamentError> {
    let file = path.display().to_string();
    let text =
        crate::limits::read_file(path).map_err(|e| TournamentError::at(e.location(), e.message))?;
    read_as(&text, &file, extension(path))
}

/// Reads a tournament from its text, the format chosen as
/// [`load_tournament`] chooses it by `file`'s extension (and the text);
/// `file` names it in errors.
pub fn read_tournament(text: &str, file: &str) -> Result<Tournament, TournamentError> {
    read_as(text, file, extension(Path::new(file)))
}

/// Reads a tournament file as [`load_tournament`] does, with the notes a
/// TRF file gives a tournament director ([`trf::read_noted`]); YAML and
/// JSON files have none.
pub fn load_tournament_noted(
    path: &Path,
) -> Result<(Tournament, Vec<trf::TrfNote>), TournamentError> {
    let file = path.display().to_string();
    let text =
        crate::limits::read_file(path).map_err(|e| TournamentError::at(e.location(), e.message))?;
    read_noted_as(&text, &file, extension(path))
}

/// Reads a tournament from its text as [`read_tournament`] does, with the
/// notes of a TRF file ([`trf::read_noted`]).
pub fn read_tournament_noted(
    text: &str,
    file: &str,
) -> Result<(Tournament, Vec<trf::TrfNote>), TournamentError> {
    read_noted_as(text, file, extension(Path::new(file)))
}

fn read_noted_as(
    text: &str,
    file: &str,
    ext: String,
) -> Result<(Tournament, Vec<trf::TrfNote>), TournamentError> {
    if ext != "json" && (ext == "trf" || ext == "trfx" || trf::looks_like_trf(text)) {
        trf::read_noted(text, file).map(|r| (r.tournament, r.notes))
    } else {
        read_as(text, file, ext).map(|t| (t, Vec::new()))
    }
}

/// A path's extension, lower case (empty without one).
fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Reads `text` as JSON, TRF-2026 or YAML by the extension `ext`.
fn read_as(text: &str, file: &str, ext: String) -> Result<Tournament, TournamentError> {
    if ext == "json" {
        Tournament::from_json(text, file)
    } else if ext == "trf" || ext == "trfx" || trf::looks_like_trf(text) {
        trf::read(text, file)
    } else {
        Tournament::from_yaml(text, file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YAML: &str = "format: 1\ngame: xiangqi\nsystem: swiss\nplayers:\n  - {id: 1}\n  - {id: 2}\nrounds:\n  - games:\n      - {red: 1, black: 2, result: \"1-0\"}\n";

    #[test]
    fn reads_each_format_by_its_extension_or_text() {
        let t = read_tournament(YAML, "t.yaml").expect("YAML");
        assert_eq!(read_tournament(&t.to_json(), "t.json"), Ok(t.clone()));
        let text = trf::write(&t, None).expect("writes TRF");
        for file in ["t.trf", "t.TRF", "t.txt"] {
            let back = read_tournament(&text, file).expect("TRF");
            assert_eq!(back.players.len(), 2, "{file}");
            assert_eq!(back.rounds.len(), 1, "{file}");
        }
        let e = read_tournament("{", "t.json").unwrap_err();
        assert!(e.location.starts_with("t.json:"), "{e}");
    }
}
