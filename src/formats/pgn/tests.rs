use super::*;
use crate::formats::record::Record;
use crate::xiangqi::notation::Notation;

fn one(text: &str) -> Record {
    let mut games = read(text.as_bytes(), "t.pgn").expect("reads");
    assert_eq!(games.len(), 1, "one game");
    games.remove(0)
}

fn iccs(r: &Record) -> Vec<String> {
    r.moves.iter().map(|m| m.mv.iccs()).collect()
}

/// The opening 炮二平五 马８进７ 马二进三 车９平８ (the book's usual example of
/// 7.5 records) in each notation reads to the same four moves.
#[test]
fn every_notation_reads_to_the_same_moves() {
    let want = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for text in [
        "1. h2e2 h9g7 2. h0g2 i9h9 *",
        "1. H2-E2 H9-G7 2. H0-G2 I9-H9 *",
        "1. C2.5 H8+7 2. H2+3 R9.8 *",
        "1. C2=5 h8+7 2. H2+3 r9=8 *",
        "1. 炮二平五 马８进７ 2. 马二进三 车９平８ *",
        "1. 炮二平五 马8进7 2. 马二进三 车9平8 *",
        "1. 砲二平五 馬8進7 2. 傌二進三 車9平8 *",
        "1．炮二平五 马 8 进 7 2．马二进三 车 9 平 8 *",
        "1.h2e2 h9g7 2.h0g2! i9h9?! $1 *",
    ] {
        assert_eq!(iccs(&one(text)), want, "{text}");
    }
}

/// Tandem pieces (7.5: 前/后, 前/中/后 for three pawns) in Chinese and WXF.
#[test]
fn tandem_forms_read_in_chinese_and_wxf() {
    // Two red rooks on file 一 (i): the front one is on i5.
    let fen = "4k4/9/9/9/8R/9/9/9/8R/3K5 w - - 0 1";
    for mv in ["前车平二", "前車平二", "R+.2", "+R=2"] {
        let r = one(&format!("[FEN \"{fen}\"]\n1. {mv} *"));
        assert_eq!(iccs(&r), ["i5h5"], "{mv}");
    }
    for mv in ["后车进一", "後車進一", "R-+1"] {
        let r = one(&format!("[FEN \"{fen}\"]\n1. {mv} *"));
        assert_eq!(iccs(&r), ["i1i2"], "{mv}");
    }
}

#[test]
fn tags_fen_comments_variations_and_result() {
    let text = "\u{feff}[Event \"测试\"]\r\n[FEN \"3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1\"]\r\n[Result \"1-0\"]\r\n\r\n{start} 1. a0a1 {quiet} (1. a0a2 d9d8 (1... d9e9) 2. a2a3) 1... d9e9 2. a1a2 ; the end\r\n1-0\r\n";
    let r = one(text);
    assert_eq!(r.tag("event"), Some("测试"));
    assert_eq!(
        r.start_fen.as_deref(),
        Some("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1")
    );
    assert_eq!(r.result.as_deref(), Some("1-0"));
    assert_eq!(r.comment.as_deref(), Some("start"));
    assert_eq!(iccs(&r), ["a0a1", "d9e9", "a1a2"]);
    assert_eq!(r.moves[0].comment.as_deref(), Some("quiet"));
    assert_eq!(r.moves[2].comment.as_deref(), Some("the end"));
    let var = &r.moves[0].variations;
    assert_eq!(var.len(), 1);
    let v: Vec<String> = var[0].iter().map(|m| m.mv.iccs()).collect();
    assert_eq!(v, ["a0a2", "d9d8", "a2a3"]);
    assert_eq!(var[0][1].variations[0][0].mv.iccs(), "d9e9");
}

#[test]
fn several_games_and_games_without_results() {
    let text =
        "[Red \"A\"]\n1. h2e2 h9g7\n\n[Red \"B\"]\n1. c3c4 *\n[Red \"C\"]\n\n1. b2e2 1/2-1/2\n";
    let games = read(text.as_bytes(), "t.pgn").expect("reads");
    let reds: Vec<_> = games.iter().map(|g| g.tag("Red").unwrap_or("")).collect();
    assert_eq!(reds, ["A", "B", "C"]);
    assert_eq!(games[0].result, None);
    assert_eq!(games[2].result.as_deref(), Some("1/2-1/2"));
    let split = split_games(text, "t.pgn");
    let lines: Vec<usize> = split.iter().map(PgnGame::line).collect();
    assert_eq!(lines, [1, 4, 6]);
}

#[test]
fn a_bad_game_is_its_own_error_and_says_where() {
    let text = "[Red \"A\"]\n1. h2e2 h9g7 *\n\n[Red \"B\"]\n1. h2e2 h9g7\n2. h0g2 e9e7 3. e3e4 *\n";
    let games = read_games(text.as_bytes(), "db.pgn").expect("text");
    assert!(games[0].is_ok());
    let e = games[1].clone().unwrap_err();
    // e9e7: the black king cannot leave its palace (2.3).
    assert_eq!(e.location.line, Some(6));
    assert_eq!(e.location.column, Some(9));
    assert_eq!(e.location.game, Some(2));
    assert_eq!(e.location.move_number, Some(2));
    assert!(
        e.to_string()
            .starts_with("db.pgn:6:9: game 2: move 2: black: move 'e9e7'"),
        "{e}"
    );
}

#[test]
fn a_move_into_check_is_refused() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 b - - 0 1";
    let e = read(format!("[FEN \"{fen}\"]\n1... d9e9 *").as_bytes(), "t.pgn").unwrap_err();
    assert!(e.reason.contains("3.4"), "{e}");
}

#[test]
fn structural_errors_are_located() {
    for (text, line, col, why) in [
        ("1. h2e2 {never closed", 1, 9, "never closed"),
        ("1. h2e2 (1. b2e2", 1, 9, "never closed"),
        ("1. h2e2 h9g7)", 1, 13, "without its '('"),
        ("(1. h2e2)", 1, 1, "must follow"),
        ("[Event \"x]\n1. h2e2", 1, 1, "closing"),
        ("[FEN \"9/9 w\"]\n1. h2e2", 1, 1, "tag FEN"),
        ("1. h2e2 h9g7 2. x9y9", 2, 0, ""),
    ] {
        let e = read(text.as_bytes(), "t.pgn").unwrap_err();
        if line == 2 {
            assert_eq!(e.location.move_number, Some(2), "{text}: {e}");
            continue;
        }
        assert_eq!(
            (e.location.line, e.location.column),
            (Some(line), Some(col)),
            "{text}: {e}"
        );
        assert!(e.reason.contains(why), "{text}: {e}");
    }
}

#[test]
fn non_utf8_text_is_refused_with_the_way_to_convert_it() {
    // "炮" in GBK is 0xC5 0xDA.
    let bytes = b"[Event \"x\"]\n1. \xc5\xda";
    let e = read(bytes, "gbk.pgn").unwrap_err();
    assert_eq!(e.location.line, Some(2));
    assert_eq!(e.location.column, Some(4));
    assert_eq!(e.location.byte, Some(15));
    assert!(e.reason.contains("GB18030"), "{e}");
    let e = read(b"\xff\xfe[\x00", "u16.pgn").unwrap_err();
    assert!(e.reason.contains("UTF-16"), "{e}");
}

#[test]
fn variations_nested_too_deep_are_refused() {
    let mut text = String::from("1. h2e2 ");
    for _ in 0..200 {
        text.push_str("(1. b2e2 ");
    }
    let e = read(text.as_bytes(), "deep.pgn").unwrap_err();
    assert!(e.reason.contains("nested"), "{e}");
}

/// A record read, written and read again is the same record, in each
/// notation written.
#[test]
fn round_trip_in_iccs_wxf_and_chinese() {
    let text = "[Event \"往返\"]\n[Red \"甲\"]\n[Result \"0-1\"]\n\n{开局} 1. 炮二平五 {中炮} (1. 相三进五 马８进７) 1... 马８进７ 2. 马二进三 车９平８ 3. 车一平二 (3. 车一进一 卒７进１) 3... 马２进３ 4. 兵七进一 卒７进１ 0-1\n";
    let r = one(text);
    for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
        let written = write(std::slice::from_ref(&r), n).expect("writes");
        let back = one(&written);
        assert_eq!(back.tags, r.tags, "{written}");
        assert_eq!(back.result, r.result);
        assert_eq!(back.comment, r.comment);
        assert_eq!(iccs(&back), iccs(&r));
        let strip = |r: &Record| -> Vec<(Option<String>, Vec<Vec<String>>)> {
            r.moves
                .iter()
                .map(|m| {
                    (
                        m.comment.clone(),
                        m.variations
                            .iter()
                            .map(|v| v.iter().map(|m| m.mv.iccs()).collect())
                            .collect(),
                    )
                })
                .collect()
        };
        assert_eq!(strip(&back), strip(&r), "{written}");
    }
    let chinese = write_game(&r, Notation::Chinese).expect("writes");
    assert!(
        chinese.contains("1. 炮二平五 {中炮} (1. 相三进五 马8进7) 1... 马8进7"),
        "{chinese}"
    );
}

#[test]
fn a_start_position_is_written_as_its_fen_tag() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/5K3 b - - 0 1";
    let r = one(&format!("[FEN \"{fen}\"]\n1... d9d8 2. e1e2 *"));
    let written = write_game(&r, Notation::Iccs).expect("writes");
    assert_eq!(
        written,
        format!("[Result \"*\"]\n[FEN \"{fen}\"]\n\n1... d9d8 2. e1e2 *\n\n")
    );
}

/// A broken tag pair still starts its game: the game before it and the
/// game after it read.
#[test]
fn a_broken_tag_fails_only_its_game() {
    let text =
        "[Red \"A\"]\n\n1. h2e2 h9g7\n\n[Event \"x\" y]\n\n1. c3c4\n\n[Red \"C\"]\n\n1. b2e2\n";
    let games = read_games(text.as_bytes(), "t.pgn").expect("text");
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let e = games[1].clone().unwrap_err();
    assert_eq!(
        (e.location.line, e.location.game),
        (Some(5), Some(2)),
        "{e}"
    );
}
