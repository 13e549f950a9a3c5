//! Times `judge` on every figure case, slowest first — a quick look between
//! criterion runs (`cargo bench --bench judge` gives the figures to report).
//! `cargo run --release --example time_figures [REPEAT]`.

use qigui::classify::Limits;
use qigui::ruling::{RepetitionRules, Sequence};
use qigui::{Position, judge, notation};
use serde_json::Value;
use std::time::Instant;

fn main() {
    let repeat: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/cases/xiangqi-2020/26-figures-positions.yaml"
    );
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let doc: Value = yaml_serde::from_str(&text).unwrap_or(Value::Null);
    let limits = Limits::default();
    let mut rows = Vec::new();
    let mut total = 0.0;
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
        let sequence = if input["sequence"] == "nine-rounds" {
            Sequence::NineRounds
        } else {
            Sequence::Threefold
        };
        let points = input["points"].as_u64().map(|p| p as u32);
        let t = Instant::now();
        for _ in 0..repeat {
            let _ = judge::judge(
                &start,
                &moves,
                &RepetitionRules::XIANGQI_2020,
                sequence,
                points,
                &limits,
            );
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(repeat);
        total += ms;
        rows.push((ms, c["id"].as_str().unwrap_or("").to_string()));
    }
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ms, id) in &rows {
        println!("{ms:9.3} ms  {id}");
    }
    println!("{total:9.3} ms  total");
}
