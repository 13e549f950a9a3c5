//! `qigui standings`: the table for people (a reviewed snapshot), JSON and
//! CSV for programs, TRF and YAML giving the same ranking, and bad input
//! answered with where and why (exit 2), never a panic.

use std::path::PathBuf;
use std::process::Command;

fn qigui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs qigui");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const EXAMPLE: &str = "spec/tournament-examples/swiss-2020.yaml";

#[test]
fn text_table() {
    let (code, out, err) = qigui(&["standings", EXAMPLE]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn text_table_under_1999() {
    let (code, out, err) = qigui(&["standings", EXAMPLE, "--rules", "xiangqi-1999"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn json_has_every_value_and_the_deciding_criterion() {
    let (code, out, err) = qigui(&["standings", EXAMPLE, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["chain"]["clause"], "14.3.1");
    let rows = v["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 7);
    assert_eq!(rows[1]["id"], 4);
    assert_eq!(rows[1]["decided_by"], "opponents-score");
    assert_eq!(rows[1]["values"]["opponents-score"], 8);
    assert_eq!(
        rows[0]["values"]["previous-round"],
        serde_json::json!([3, 2])
    );
    assert_eq!(rows[4]["decided_by"], "penalties");
}

#[test]
fn csv_has_a_column_per_criterion() {
    let (code, out, _) = qigui(&["standings", EXAMPLE, "--format", "csv"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(
            "rank,id,name,points,penalties,opponents-score,wins,fouls,black-games,black-wins,previous-round,decided_by,tied,playoff"
        )
    );
    assert_eq!(lines.count(), 7);
}

#[test]
fn trf_gives_the_same_ranking() {
    let (_, yaml, _) = qigui(&["standings", EXAMPLE, "--format", "json"]);
    let (code, trf, err) = qigui(&["standings", EXAMPLE, "--format", "trf"]);
    assert_eq!(code, 0, "{err}");
    assert!(trf.contains("\r\n"), "TRF lines end in CR LF");
    let dir = std::env::temp_dir().join(format!("qigui-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("swiss.trf");
    std::fs::write(&path, &trf).unwrap();
    let (code, again, err) = qigui(&["standings", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, yaml);
    // The committed TRF example is what qigui writes.
    let committed = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/tournament-examples/swiss-2020.trf"),
    )
    .unwrap();
    assert_eq!(committed, trf);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_says_where_and_why() {
    let (code, _, err) = qigui(&["standings", "no/such/file.yaml"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no/such/file.yaml") && err.contains("cannot read"),
        "{err}"
    );

    let dir = std::env::temp_dir().join(format!("qigui-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    std::fs::write(
        &bad,
        "system: swiss\nplayers: [{id: 1}, {id: 2}]\nrounds:\n  - games: [{red: 1, black: 3, result: \"1-0\"}]\n",
    )
    .unwrap();
    let (code, _, err) = qigui(&["standings", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("round 1, game 1") && err.contains("player 3"),
        "{err}"
    );

    std::fs::write(&bad, "system: swiss\nplayers: [{id: 1}\n").unwrap();
    let (code, _, err) = qigui(&["standings", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.yaml:"), "{err}");

    let (code, _, err) = qigui(&["standings", EXAMPLE, "--rules", "gomoku-2025"]);
    assert_eq!(code, 2);
    assert!(err.contains("Gomoku"), "{err}");
    let (code, _, err) = qigui(&["standings"]);
    assert_eq!(code, 2);
    assert!(err.to_lowercase().contains("usage"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// 10.4.3: a `final` is refused where it cannot be: a winner who lost the
/// final's slow game, a winner without a game in the final's round, a
/// final that is not the last round.
#[test]
fn an_impossible_n_plus_one_final_is_refused() {
    let base = r#"
system: swiss
players: [{id: 1}, {id: 2}, {id: 3}, {id: 4}]
rounds:
  - games: [{red: 1, black: 2, result: "1-0"}, {red: 3, black: 4, result: "1-0"}]
  - games: [{red: 1, black: 3, result: "1-0"}, {red: 2, black: 4, result: "1/2"}]
"#;
    let load =
        |extra: &str| qigui::event::Tournament::from_yaml(&format!("{base}{extra}"), "t.yaml");
    assert!(load("final: {round: 2, winner: 1}\n").is_ok());
    let e = load("final: {round: 2, winner: 3}\n").unwrap_err();
    assert!(e.message.contains("cannot be the winner"), "{e}");
    let e = load("final: {round: 1, winner: 1}\n").unwrap_err();
    assert!(e.message.contains("not the last round"), "{e}");
    let e = load("final: {round: 2, winner: 9}\n").unwrap_err();
    assert!(e.message.contains("plays no game"), "{e}");
    // A drawn slow game: the named winner (of the play-off) is first.
    let t = load("final: {round: 2, winner: 4}\n").expect("a drawn final");
    let s = qigui::event::standings::compute(&t, None).expect("standings");
    let ids: Vec<&str> = s.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(&ids[..2], ["4", "2"]);
}
