//! File formats read and written at the edge of the library.
//!
//! * [`record`]: a Xiangqi game record, the shape every record reader
//!   (PGN, XQF, DhtmlXQ, CBF) produces.
//! * [`trf`]: FIDE TRF-2026, the tournament report file (at most 9,999
//!   players; larger events use the YAML/JSON tournament format).
//! * [`load_tournament`] and [`read_tournament`]: a tournament file in
//!   whichever of its formats it is written (YAML, JSON or TRF-2026).

pub mod record;
pub mod trf;

use std::path::Path;

use crate::event::{Tournament, TournamentError};

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
