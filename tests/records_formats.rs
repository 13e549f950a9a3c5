//! The XQF, DhtmlXQ and CBF readers on the sample records of
//! tests/data/records/ (README there): each reads a known game to the moves
//! of its source (the master games' PGN, ICCS, through the samples'
//! manifest.json, or the moves written by hand into the DhtmlXQ pages) with
//! its tags, variations and comments; bad records are located errors; no
//! input makes a reader panic.

#![allow(clippy::result_large_err)] // the readers' own error (formats::record)

use std::path::{Path, PathBuf};

use qigui::formats::record::{Record, RecordError, RecordMove};
use qigui::formats::{cbf, dhtmlxq, xqf};

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records")
        .join(path)
}

fn bytes(path: &str) -> Vec<u8> {
    std::fs::read(data(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The start (board and side) and moves a manifest gives for `file`.
fn manifest(dir: &str, file: &str) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(data(&format!("{dir}/manifest.json"))).expect("manifest");
    let v: serde_json::Value = serde_json::from_str(&text).expect("manifest JSON");
    let e = &v[file];
    let fen = e["fen"].as_str().expect("fen").to_string();
    let moves = e["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("move").to_string())
        .collect();
    (fen, moves)
}

fn iccs(line: &[RecordMove]) -> Vec<String> {
    line.iter().map(|m| m.mv.iccs()).collect()
}

/// The start's board and side, as the manifests write them.
fn start_of(r: &Record) -> String {
    let fen = r.start_position().expect("start").fen();
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn only(records: Vec<Record>) -> Record {
    assert_eq!(records.len(), 1, "one game");
    records.into_iter().next().expect("one game")
}

fn read_as(path: &str) -> Result<Vec<Record>, RecordError> {
    let b = bytes(path);
    match path.rsplit('.').next() {
        Some("xqf") => xqf::read(&b, path),
        Some("cbf") => cbf::read(&b, path),
        _ => dhtmlxq::read(&b, path),
    }
}

#[test]
fn each_xqf_and_cbf_sample_reads_to_its_source_game() {
    for (dir, files) in [
        (
            "xqf",
            &[
                "plain-v10.xqf",
                "encrypted-v10.xqf",
                "encrypted-v12.xqf",
                "midgame-v11.xqf",
            ][..],
        ),
        ("cbf", &["utf8.cbf", "utf16.cbf", "midgame.cbf"][..]),
    ] {
        for file in files {
            let path = format!("{dir}/{file}");
            let r = only(read_as(&path).unwrap_or_else(|e| panic!("{e}")));
            let (fen, moves) = manifest(dir, file);
            assert_eq!(start_of(&r), fen, "{path}: start");
            assert_eq!(iccs(&r.moves), moves, "{path}: moves");
            assert_eq!(
                r.start_fen.is_none(),
                fen.starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
                "{path}"
            );
        }
    }
}

#[test]
fn plain_xqf_keeps_gbk_tags_comments_and_a_variation() {
    let r = only(read_as("xqf/plain-v10.xqf").expect("reads"));
    assert_eq!(r.tag("Red"), Some("胡荣华"));
    assert_eq!(r.tag("Black"), Some("许天红"));
    assert_eq!(r.tag("Title"), Some("胡荣华先负许天红"));
    assert_eq!(r.tag("Event"), Some("1998年全国象棋团体赛"));
    assert_eq!(r.tag("Date"), Some("1998"));
    assert_eq!(r.tag("Result"), Some("0-1"));
    assert_eq!(r.result.as_deref(), Some("0-1"));
    assert_eq!(r.comment.as_deref(), Some("开局"));
    assert_eq!(r.moves[0].comment.as_deref(), Some("仙人指路"));
    let vars: Vec<Vec<String>> = r.moves[0].variations.iter().map(|v| iccs(v)).collect();
    assert_eq!(vars, [["h2e2", "h9g7"]]);
    assert!(r.moves[1..].iter().all(|m| m.variations.is_empty()));
}

#[test]
fn encrypted_xqf_keeps_nested_variations() {
    let r = only(read_as("xqf/encrypted-v12.xqf").expect("reads"));
    assert_eq!(r.tag("Site"), Some("广州"));
    assert_eq!(r.tag("Title"), Some("中炮对屏风马"));
    assert_eq!(r.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(r.comment.as_deref(), Some("评注：测试"));
    assert_eq!(r.moves[0].comment.as_deref(), Some("中炮"));
    let first: Vec<Vec<String>> = r.moves[0].variations.iter().map(|v| iccs(v)).collect();
    assert_eq!(first, [["b2e2", "h9g7"]]);
    let second = &r.moves[1].variations;
    assert_eq!(second.len(), 1);
    assert_eq!(iccs(&second[0]), ["b9c7", "h0g2"]);
    assert_eq!(second[0][0].comment.as_deref(), Some("屏风马变卒底炮"));
    let nested: Vec<Vec<String>> = second[0][1].variations.iter().map(|v| iccs(v)).collect();
    assert_eq!(nested, [["b0c2"]]);
}

#[test]
fn midgame_xqf_starts_with_black_to_move() {
    let r = only(read_as("xqf/midgame-v11.xqf").expect("reads"));
    let fen = r.start_fen.as_deref().expect("not the standard start");
    assert!(fen.contains(" b "), "{fen}");
    assert_eq!(r.tag("FEN"), Some(fen));
    assert_eq!(r.tag("Black"), Some("洪智"));
    assert_eq!(r.result.as_deref(), Some("*"));
}

#[test]
fn cbf_reads_utf8_and_utf16_with_their_tags() {
    let r = only(read_as("cbf/utf8.cbf").expect("reads"));
    assert_eq!(r.tag("Title"), Some("胡荣华先胜吕钦"));
    assert_eq!(r.tag("Event"), Some("1989年五羊杯"));
    assert_eq!(r.tag("Red"), Some("胡荣华"));
    assert_eq!(r.tag("Black"), Some("吕钦"));
    assert_eq!(r.result.as_deref(), Some("1-0"));
    let r16 = only(read_as("cbf/utf16.cbf").expect("reads"));
    assert_eq!(r16.tag("Black"), Some("王秉国"));
    assert_eq!(r16.result.as_deref(), Some("0-1"));
    let mid = only(read_as("cbf/midgame.cbf").expect("reads"));
    assert_eq!(mid.result.as_deref(), Some("1/2-1/2"));
    assert!(mid.start_fen.as_deref().is_some_and(|f| f.contains(" b ")));
}

#[test]
fn a_dhtmlxq_page_holds_two_games_with_variations_and_comments() {
    let games = read_as("dhtmlxq/two-games.html").expect("reads");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    // 胡荣华–许天红, 1995: the first twelve plies, written by hand.
    assert_eq!(
        iccs(&g.moves),
        [
            "h2e2", "h9g7", "h0g2", "g6g5", "b2d2", "i9h9", "b0c2", "b9c7", "a0b0", "a9b9", "i0h0",
            "h7h3"
        ]
    );
    assert_eq!(g.start_fen, None);
    assert_eq!(g.tag("Title"), Some("胡荣华先和许天红"));
    assert_eq!(g.tag("Event"), Some("1995年银荔杯象棋冠军赛"));
    assert_eq!(g.tag("Red"), Some("胡荣华"));
    assert_eq!(g.tag("Black"), Some("许天红"));
    assert_eq!(g.tag("Opening"), Some("中炮对屏风马"));
    assert_eq!(g.tag("Site"), None, "an empty tag is dropped");
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.comment.as_deref(), Some("中炮对屏风马\n开局"));
    assert_eq!(g.moves[0].comment.as_deref(), Some("炮二平五"));
    assert_eq!(g.moves[11].comment.as_deref(), Some("车８进４"));
    let v = &g.moves[1].variations;
    assert_eq!(v.len(), 1);
    assert_eq!(iccs(&v[0]), ["b9c7", "h0g2"]);
    assert_eq!(v[0][0].comment.as_deref(), Some("屏风马"));
    let nested: Vec<Vec<String>> = v[0][1].variations.iter().map(|l| iccs(l)).collect();
    assert_eq!(nested, [["b0c2"]]);
    assert_eq!(g.moves[0].text, "7747");

    let e = &games[1];
    assert_eq!(
        e.start_fen.as_deref(),
        Some("3k5/4a4/9/9/9/R8/9/9/9/4K4 w - - 0 1")
    );
    assert_eq!(iccs(&e.moves), ["a4d4", "d9e9", "d4d9", "e9d9"]);
    assert_eq!(e.result.as_deref(), Some("1/2-1/2"));
    assert_eq!(e.tag("Title"), Some("车胜士"));
}

#[test]
fn a_gbk_dhtmlxq_page_is_read() {
    let g = only(read_as("dhtmlxq/gbk-page.html").expect("reads"));
    assert_eq!(g.tag("Red"), Some("胡荣华"));
    assert_eq!(g.result.as_deref(), Some("0-1"));
    assert_eq!(iccs(&g.moves), ["g0e2", "b9c7", "g3g4", "c6c5"]);
}

// ------------------------------------------------------------- errors --

#[test]
fn xqf_errors_say_where_and_why() {
    let plain = bytes("xqf/plain-v10.xqf");
    let e = xqf::read(&plain[..0x200], "t.xqf").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("t.xqf: byte 512: the header is cut short"),
        "{e}"
    );
    let e = xqf::read(b"PK\x03\x04", "t.xqf").unwrap_err();
    assert!(e.reason.contains("not an XQF file"), "{e}");

    let mut newer = bytes("xqf/encrypted-v12.xqf");
    newer[2] = 0x13;
    let e = xqf::read(&newer, "t.xqf").unwrap_err();
    assert_eq!(e.location.byte, Some(2));
    assert!(e.reason.contains("version 0x13"), "{e}");

    let mut wrong_sum = bytes("xqf/encrypted-v12.xqf");
    wrong_sum[12] = wrong_sum[12].wrapping_add(1);
    let e = xqf::read(&wrong_sum, "t.xqf").unwrap_err();
    assert_eq!(e.location.byte, Some(12));
    assert!(e.reason.contains("checksum"), "{e}");

    // Cut inside the moves: the move number where the bytes ran out (the
    // 87th ply, red's 44th move, of a main line without variations).
    let v10 = bytes("xqf/encrypted-v10.xqf");
    let e = xqf::read(&v10[..v10.len() - 3], "t.xqf").unwrap_err();
    assert!(e.reason.contains("cut short"), "{e}");
    assert_eq!(e.location.move_number, Some(44), "{e}");

    // The first move (after the 4+4-byte root record and its 4-byte
    // comment) turned into a rook move through its own pawn: illegal.
    let mut illegal = plain.clone();
    let first = 0x400 + 8 + 4;
    illegal[first] = 0x18; // from a0 (file 0, rank 0)
    illegal[first + 1] = 0x20 + 9; // to a9
    let e = xqf::read(&illegal, "t.xqf").unwrap_err();
    assert_eq!(e.location.byte, Some(first));
    assert_eq!(e.location.move_number, Some(1));
    assert!(e.reason.starts_with("illegal move a0a9"), "{e}");
}

#[test]
fn dhtmlxq_errors_say_where_and_why() {
    let e = dhtmlxq::read(b"<p>no game here</p>", "p.html").unwrap_err();
    assert_eq!(e.to_string(), "p.html: no [DhtmlXQ] block");
    let e = dhtmlxq::read(b"x\n [DhtmlXQ][DhtmlXQ_movelist]7747", "p.html").unwrap_err();
    assert_eq!(
        e.to_string(),
        "p.html:2:2: game 1: a [DhtmlXQ] block without its [/DhtmlXQ]"
    );
    let e = dhtmlxq::read(
        b"[DhtmlXQ]\n[DhtmlXQ_movelist]77477[/DhtmlXQ_movelist][/DhtmlXQ]",
        "p.html",
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with("p.html:2:19: game 1: 5 digits"),
        "{e}"
    );
    // The third move, the rook from a0 to a9 through its own pawn, is illegal.
    let e = dhtmlxq::read(
        b"[DhtmlXQ]\n[DhtmlXQ_movelist]774770620900[/DhtmlXQ_movelist][/DhtmlXQ]",
        "p.html",
    )
    .unwrap_err();
    assert_eq!(e.location.line, Some(2));
    assert_eq!(e.location.column, Some(27));
    assert_eq!(e.location.move_number, Some(2));
    assert!(e.reason.starts_with("illegal move a0a9"), "{e}");
    let e = dhtmlxq::read(
        b"[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_5_1]7062[/DhtmlXQ_move_0_5_1][/DhtmlXQ]",
        "p.html",
    )
    .unwrap_err();
    assert!(e.reason.contains("past its end"), "{e}");
    let e = dhtmlxq::read(
        b"[DhtmlXQ][DhtmlXQ_binit]12[/DhtmlXQ_binit][/DhtmlXQ]",
        "p.html",
    )
    .unwrap_err();
    assert!(e.reason.contains("not 64 digits"), "{e}");
}

#[test]
fn cbf_errors_say_where_and_why() {
    let e = cbf::read(
        b"<ChineseChessRecord>\n<Head>\n</ChineseChessRecord>",
        "c.cbf",
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "c.cbf:3:21: </ChineseChessRecord> closes <Head>"
    );
    let e = cbf::read(b"<Game/>", "c.cbf").unwrap_err();
    assert!(e.reason.contains("not <ChineseChessRecord>"), "{e}");
    let e = cbf::read(
        b"<ChineseChessRecord><MoveList><Move value=\"00-00\"/>\n  <Move value=\"7-47\"/></MoveList></ChineseChessRecord>",
        "c.cbf",
    )
    .unwrap_err();
    assert_eq!(e.location.line, Some(2));
    assert_eq!(e.location.column, Some(3));
    assert_eq!(e.location.move_number, Some(1));
    assert!(e.reason.contains("XY-XY"), "{e}");
    let e = cbf::read(
        b"<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"77-47\"/><Move value=\"77-47\"/></MoveList></ChineseChessRecord>",
        "c.cbf",
    )
    .unwrap_err();
    assert_eq!(e.location.move_number, Some(1));
    assert!(
        e.reason
            .starts_with("illegal move h2e2: no black piece on h2"),
        "{e}"
    );
    let e = cbf::read(
        b"<ChineseChessRecord><Head><FEN>rnbakabnr w</FEN></Head></ChineseChessRecord>",
        "c.cbf",
    )
    .unwrap_err();
    assert!(
        e.reason.starts_with("the FEN is not a playable position"),
        "{e}"
    );
    let e = cbf::read(&[0xC4, 0xE3, b'<'], "c.cbf").unwrap_err();
    assert!(e.reason.contains("not UTF-8"), "{e}");
}

#[test]
fn cbf_reads_entities_cdata_and_comment_attributes_and_stops_at_the_end_mark() {
    let xml = "<?xml version='1.0'?><!-- a comment --><ChineseChessRecord Version='1.0'>\
        <Head><Red>A &amp; B</Red><Black><![CDATA[<C>]]></Black><Contest>&#x4E2D;&#20013;</Contest></Head>\
        <MoveList><Move value='00-00' comment='start'/><Move value='77-47' comment='炮二平五'/>\
        <Move value='70-62' end='1'/><Move value='19-27'/></MoveList></ChineseChessRecord>";
    let r = only(cbf::read(xml.as_bytes(), "c.cbf").expect("reads"));
    assert_eq!(r.tag("Red"), Some("A & B"));
    assert_eq!(r.tag("Black"), Some("<C>"));
    assert_eq!(r.tag("Event"), Some("中中"));
    assert_eq!(r.comment.as_deref(), Some("start"));
    assert_eq!(r.moves[0].comment.as_deref(), Some("炮二平五"));
    assert_eq!(iccs(&r.moves), ["h2e2", "h9g7"]);
}

// ----------------------------------------------------------- no panic --

/// A small deterministic generator (xorshift64*), so that a failure is
/// reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

type ReadFn = fn(&[u8], &str) -> Result<Vec<Record>, RecordError>;

fn readers() -> [(&'static str, ReadFn); 3] {
    [
        ("xqf", xqf::read),
        ("dhtmlxq", dhtmlxq::read),
        ("cbf", cbf::read),
    ]
}

#[test]
fn no_reader_panics_on_random_bytes() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..600 {
        let len = rng.below(2600);
        let mut input: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if round % 3 == 0 && input.len() >= 2 {
            input[0] = b'X';
            input[1] = b'Q'; // past the magic, into the header and moves
        }
        for (_, read) in readers() {
            let _ = read(&input, "random");
        }
    }
}

#[test]
fn no_reader_panics_on_cut_or_changed_samples() {
    let samples = [
        "xqf/plain-v10.xqf",
        "xqf/encrypted-v12.xqf",
        "xqf/midgame-v11.xqf",
        "cbf/utf8.cbf",
        "cbf/utf16.cbf",
        "dhtmlxq/two-games.html",
        "dhtmlxq/gbk-page.html",
    ];
    let mut rng = Rng(25);
    for path in samples {
        let b = bytes(path);
        for (_, read) in readers() {
            for cut in 0..b.len() {
                let _ = read(&b[..cut], path);
            }
            for _ in 0..300 {
                let mut changed = b.clone();
                for _ in 0..1 + rng.below(4) {
                    let i = rng.below(changed.len());
                    changed[i] = rng.next() as u8;
                }
                let _ = read(&changed, path);
            }
        }
    }
}
