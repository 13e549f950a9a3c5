//! The referee's explanation (`qigui judge --explain`) of every figure qigui
//! reproduces, as snapshots. Each was read as a referee would before being
//! accepted: the label of every move and the verdict equal the book's, and
//! the reason names the piece and the clause that decide it. The reasons are
//! qigui's own analysis: in some figures they name a different way of winning
//! the piece than the commentary does (参考图40 and 图27, where the book
//! speaks of a joint chase and qigui finds a gain through checks or by
//! exchange) — the label is the same, and the snapshot records qigui's
//! reason as it is. Figures qigui does not yet reproduce (their cases are
//! skipped with the divergence) have no snapshot: it would fix a wrong
//! explanation in place.

use std::path::PathBuf;

use qigui::Limits;
use qigui::xiangqi::{RepetitionRules, Sequence};
use qigui::{Position, notation};
use serde_json::Value;

#[test]
fn explanations_of_reproduced_figures() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("cases/xiangqi-2020/26-figures-positions.yaml");
    let doc: Value =
        yaml_serde::from_str(&std::fs::read_to_string(path).expect("figure cases")).expect("YAML");
    let mut n = 0;
    for c in doc["cases"].as_array().expect("cases") {
        if c.get("skip").is_some() {
            continue;
        }
        let input = &c["input"];
        let start = Position::from_fen(input["fen"].as_str().expect("fen")).expect("valid FEN");
        let text: Vec<&str> = input["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let (moves, _) = notation::parse_line(&start, &text.join(" ")).expect("moves");
        let sequence = if input["sequence"] == "nine-rounds" {
            Sequence::NineRounds
        } else {
            Sequence::Threefold
        };
        let points = input["points"].as_u64().map(|p| p as u32);
        let key_points: Vec<qigui::Square> = input["key_points"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                s.as_str()
                    .and_then(qigui::Square::parse)
                    .expect("key point")
            })
            .collect();
        let j = qigui::judge(
            &start,
            &moves,
            &RepetitionRules::XIANGQI_2020,
            sequence,
            points,
            &key_points,
            &Limits::default(),
        );
        let id = c["id"].as_str().expect("id");
        let name = id.replace('/', "__");
        insta::assert_snapshot!(name, format!("{id}\n{}", qigui::xiangqi::explain(&j)));
        n += 1;
    }
    assert!(n >= 40, "only {n} figures explained");
}
