//! The repetition cycles of real master games,
//! `../shared/realgames/master-cycles.yaml` beside the repository (each
//! entry's `fen` and `cycle` moves in ICCS): read for timing by
//! `benches/judge.rs`.

use qigui::{Move, Position, notation};
use serde_json::Value;

/// One real cycle: where it starts and its moves.
pub struct Cycle {
    pub id: String,
    pub start: Position,
    pub moves: Vec<Move>,
}

/// Where the real cycles are read from.
pub fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("shared")
        .join("realgames")
        .join("master-cycles.yaml")
}

/// Every real cycle, or why there are none (the file is not beside the
/// repository). Panics, naming the entry, if one does not read.
pub fn cycles() -> Result<Vec<Cycle>, String> {
    let path = path();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc: Value = yaml_serde::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for c in doc.as_array().into_iter().flatten() {
        let id = c["id"].as_str().unwrap_or("").to_string();
        let start = Position::from_fen(c["fen"].as_str().unwrap_or(""))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let text: Vec<&str> = c["cycle"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let (moves, _) = notation::parse_line(&start, &text.join(" "))
            .unwrap_or_else(|(i, e)| panic!("{id}: move {}: {e}", i + 1));
        out.push(Cycle { id, start, moves });
    }
    Ok(out)
}
