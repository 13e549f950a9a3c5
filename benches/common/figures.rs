//! The figure cases of `cases/xiangqi-2020/26-figures-positions.yaml`, read
//! for timing and the symmetry tests: shared by `benches/judge.rs`,
//! `examples/time_figures.rs` and `tests/symmetry.rs`.

use qigui::xiangqi::Sequence;
use qigui::{Move, Position, Square, notation};
use serde_json::Value;

/// One figure case: its start, its cycle and how it is ruled on.
pub struct Figure {
    pub id: String,
    pub start: Position,
    pub moves: Vec<Move>,
    pub sequence: Sequence,
    pub points: Option<u32>,
    /// 26.2's defensive key points named by the case (`key_points`).
    pub key_points: Vec<Square>,
}

/// Every figure case. Panics, naming the case, if one does not read: a
/// figure left out would go unmeasured and untested without a word.
pub fn figures() -> Vec<Figure> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cases/xiangqi-2020/26-figures-positions.yaml"
    );
    let text = std::fs::read_to_string(path).expect("the figure cases");
    let doc: Value = yaml_serde::from_str(&text).expect("the figure cases are YAML");
    let mut out = Vec::new();
    for c in doc["cases"].as_array().expect("a list of cases") {
        let id = c["id"].as_str().unwrap_or("").to_string();
        let input = &c["input"];
        let start = Position::from_fen(input["fen"].as_str().unwrap_or(""))
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let text: Vec<&str> = input["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let (moves, _) = notation::parse_line(&start, &text.join(" "))
            .unwrap_or_else(|(i, e)| panic!("{id}: move {}: {e}", i + 1));
        let key_points = input["key_points"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                s.as_str()
                    .and_then(Square::parse)
                    .unwrap_or_else(|| panic!("{id}: key point {s}"))
            })
            .collect();
        out.push(Figure {
            id,
            start,
            moves,
            sequence: if input["sequence"] == "nine-rounds" {
                Sequence::NineRounds
            } else {
                Sequence::Threefold
            },
            points: input["points"].as_u64().map(|p| p as u32),
            key_points,
        });
    }
    out
}
