//! The figure cases of `cases/xiangqi-2020/26-figures-positions.yaml`, read
//! for timing: shared by `benches/judge.rs` and `examples/time_figures.rs`.

use qigui::ruling::Sequence;
use qigui::{Move, Position, notation};
use serde_json::Value;

/// One figure case: its start, its cycle and how it is ruled on.
pub struct Figure {
    pub id: String,
    pub start: Position,
    pub moves: Vec<Move>,
    pub sequence: Sequence,
    pub points: Option<u32>,
}

/// Every figure case that reads (a case that does not is left out).
pub fn figures() -> Vec<Figure> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cases/xiangqi-2020/26-figures-positions.yaml"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let doc: Value = yaml_serde::from_str(&text).unwrap_or(Value::Null);
    let mut out = Vec::new();
    for c in doc["cases"].as_array().into_iter().flatten() {
        let input = &c["input"];
        let Ok(start) = Position::from_fen(input["fen"].as_str().unwrap_or("")) else {
            continue;
        };
        let text: Vec<&str> = input["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let Ok((moves, _)) = notation::parse_line(&start, &text.join(" ")) else {
            continue;
        };
        out.push(Figure {
            id: c["id"].as_str().unwrap_or("").to_string(),
            start,
            moves,
            sequence: if input["sequence"] == "nine-rounds" {
                Sequence::NineRounds
            } else {
                Sequence::Threefold
            },
            points: input["points"].as_u64().map(|p| p as u32),
        });
    }
    out
}
