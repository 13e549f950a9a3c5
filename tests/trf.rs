//! TRF-2026 round trips: every tournament of the `standings` corpus is
//! written as TRF and read back, and must come back the same (up to the
//! order of games within a round) with the same standings; a TRF text read
//! and written again is unchanged, whatever its line ends.

use std::path::PathBuf;

use qigui::corpus::Kind;
use qigui::event::standings;
use qigui::event::{GameName, Id, System, Tournament};
use qigui::formats::trf::{self, LineEnding};

fn corpus_tournaments() -> Vec<(String, String, Tournament)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases");
    let corpus = qigui::corpus::load(&[root]).expect("the corpus loads");
    corpus
        .cases
        .iter()
        .filter(|c| c.raw.kind == Kind::Standings)
        .map(|c| {
            let t: Tournament =
                serde_json::from_value(c.raw.input.clone()).expect("a standings input");
            (c.raw.id.clone(), c.edition.id.to_string(), t)
        })
        .collect()
}

/// The same tournament with games, matches and byes in a canonical order.
fn normalized(t: &Tournament) -> Tournament {
    let mut t = t.clone();
    t.format = None;
    let game = t.game;
    let key = |g: &qigui::event::GameEntry| {
        let [a, b] = g.sides(game);
        (a.cloned(), b.cloned())
    };
    for r in &mut t.rounds {
        r.games.sort_by_key(key);
        for m in &mut r.matches {
            for (i, g) in m.games.iter_mut().enumerate() {
                if g.board == Some(i as u32 + 1) {
                    g.board = None;
                }
            }
        }
        r.matches.sort_by_key(|m| {
            let [a, b] = m.sides(game);
            (a.cloned(), b.cloned())
        });
        r.byes.sort();
    }
    t
}

#[test]
fn corpus_tournaments_round_trip_through_trf() {
    let all = corpus_tournaments();
    assert!(
        all.len() > 40,
        "expected the standings corpus, found {}",
        all.len()
    );
    for (id, edition, mut t) in all {
        t.rules = Some(edition.clone());
        let text = trf::write(&t, None).unwrap_or_else(|e| panic!("{id}: write: {e}"));
        let back = trf::read(&text, &id).unwrap_or_else(|e| panic!("{id}: read: {e}\n{text}"));
        assert_eq!(
            normalized(&back),
            normalized(&t),
            "{id}: round trip\n{text}"
        );
        let a = standings::compute(&t, None);
        let b = standings::compute(&back, None);
        assert_eq!(a, b, "{id}: standings differ after the round trip");
        // qigui's own files agree with themselves: record 162, the points
        // column and the system give no note.
        let noted = trf::read_noted(&text, &id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(
            noted.notes,
            vec![],
            "{id}: notes on qigui's own file\n{text}"
        );
        // Text → tournament → text is the identity, with any line end.
        for eol in [LineEnding::Lf, LineEnding::Cr, LineEnding::CrLf] {
            let other = text.replace("\r\n", "\n").replace(
                '\n',
                match eol {
                    LineEnding::Lf => "\n",
                    LineEnding::Cr => "\r",
                    LineEnding::CrLf => "\r\n",
                },
            );
            let again = trf::read(&other, &id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(trf::write(&again, None).unwrap(), text, "{id}: {eol:?}");
        }
    }
}

/// A round paired and written as TRF before it is played reads back as
/// the same pairing, with the played rounds unchanged: every Swiss
/// tournament of the standings corpus, and the example, paired for its next
/// round (and for each earlier round from the rounds before it).
#[test]
fn a_paired_round_reads_back_as_the_same_pairing() {
    use qigui::event::pairing::swiss::{self, FirstRound};
    let mut all = corpus_tournaments();
    let example =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec/tournament-examples/swiss-2020.yaml");
    let t = qigui::formats::load_tournament(&example).expect("the example loads");
    all.push(("swiss-2020.yaml".into(), "xiangqi-2020".into(), t));
    let mut checked = 0;
    for (id, edition, mut t) in all {
        if t.system != qigui::event::System::Swiss || t.event != qigui::event::EventType::Individual
        {
            continue;
        }
        t.rules = Some(edition);
        for round in 1..=t.last_round() + 1 {
            let Ok(p) = swiss::pair_tournament(&t, Some(round), FirstRound::Adjacent) else {
                continue;
            };
            let mut want = swiss::pairing_lines(&p);
            let text = trf::write_paired(&t, round, &want)
                .unwrap_or_else(|e| panic!("{id} round {round}: write: {e}"));
            let (played, paired) = trf::read_paired(&text, &id)
                .unwrap_or_else(|e| panic!("{id} round {round}: read: {e}\n{text}"));
            let paired = paired.unwrap_or_else(|| panic!("{id} round {round}: no paired round"));
            assert_eq!(paired.round, round, "{id}");
            // Games by the first mover's number, then the bye.
            want.sort_by_key(|(a, b)| (b.is_none(), a.as_str().parse::<u32>().unwrap_or(0)));
            assert_eq!(paired.lines(), want, "{id} round {round}\n{text}");
            let mut before = t.clone();
            before.rounds.truncate(round as usize - 1);
            if before
                .final_match
                .as_ref()
                .is_some_and(|f| f.round >= round)
            {
                before.final_match = None;
            }
            let back = played.clone();
            assert_eq!(normalized(&back), normalized(&before), "{id} round {round}");
            // `read` is the rounds played: pairing it again gives the same.
            let again = trf::read(&text, &id).expect("reads");
            let q = swiss::pair_tournament(&again, None, FirstRound::Adjacent)
                .unwrap_or_else(|e| panic!("{id} round {round}: {e}"));
            assert_eq!(q.round, round);
            assert_eq!(swiss::pairing_lines(&q), swiss::pairing_lines(&p), "{id}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} rounds checked");
}

#[test]
fn an_unplayed_round_must_be_the_last_and_whole() {
    // Round 1 blank, round 2 played: refused, naming the column.
    let bad = SAMPLE
        .replace("0002 w 1", "0002 w  ")
        .replace("0001 b 0", "0001 b  ")
        .replace("0004 w 1  0001", "0004 w    0001")
        .replace("0003 b 0  0002", "0003 b    0002");
    let e = trf::read(&bad, "bad.trf").unwrap_err();
    assert!(e.message.contains("only the last round"), "{e}");
    // The last round with one result and one blank: the results disagree.
    let bad = SAMPLE.replace("0001 w =", "0001 w  ");
    let e = trf::read(&bad, "bad.trf").unwrap_err();
    assert!(e.message.contains("do not agree"), "{e}");
    // The last round wholly blank: the first round is what was played.
    let paired = SAMPLE
        .replace("0003 b =", "0003 b  ")
        .replace("0002 b 0", "0002 b  ")
        .replace("0004 w 1\r", "0004 w  \r")
        .replace("0001 w =", "0001 w  ");
    let (t, p) = trf::read_paired(&paired, "paired.trf").expect("reads");
    assert_eq!(t.rounds.len(), 1);
    let p = p.expect("a paired round");
    assert_eq!(p.round, 2);
    assert_eq!(
        p.lines(),
        vec![
            (Id::from(2), Some(Id::from(4))),
            (Id::from(3), Some(Id::from(1)))
        ]
    );
}

const SAMPLE: &str = "012 Club championship\r
062 4\r
092 Swiss system\r
142 3\r
162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\r
001    1      张三                                1800 CHN                         3.0    1  0002 w 1  0003 b =\r
001    2      Li Si                                                              2.0    3  0001 b 0  0004 w 1\r
001    3                                                                         3.0    2  0004 w 1  0001 w =\r
001    4                                                                         0.0    4  0003 b 0  0002 b 0\r
";

#[test]
fn reads_a_hand_written_file() {
    let t = trf::read(SAMPLE, "sample.trf").expect("reads");
    assert_eq!(t.name.as_deref(), Some("Club championship"));
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.players[0].name.as_deref(), Some("张三"));
    assert_eq!(t.players[0].rating, Some(1800));
    assert_eq!(t.rounds.len(), 2);
    let g = &t.rounds[1].games[0];
    // 3 w = 1: player 3 had white (red) and drew.
    assert_eq!(
        g.sides(GameName::Xiangqi),
        [Some(&Id::from(3)), Some(&Id::from(1))]
    );
    let s = standings::compute(&t, None).expect("standings");
    assert_eq!(s.rows[0].id, Id::from(1));
}

#[test]
fn inconsistent_results_are_refused_with_their_place() {
    let bad = SAMPLE.replace("0002 b 0", "0002 b 1");
    let e = trf::read(&bad, "bad.trf").unwrap_err();
    assert!(e.location.starts_with("bad.trf:"), "{e}");
    assert!(e.message.contains("do not agree"), "{e}");
    let bad = SAMPLE.replace("0003 b =", "0000 - H");
    assert!(trf::read(&bad, "bad.trf").is_err());
}

#[test]
fn damaged_files_never_panic() {
    // Every prefix of the sample, and the sample with each character
    // replaced by a few others: the reader answers Ok or Err, never panics.
    let chars: Vec<char> = SAMPLE.chars().collect();
    for n in 0..chars.len() {
        let prefix: String = chars[..n].iter().collect();
        let _ = trf::read(&prefix, "prefix.trf");
    }
    for i in (0..chars.len()).step_by(3) {
        for c in ['9', ' ', '-', 'H', 'w', '+', '\n'] {
            let mut m = chars.clone();
            m[i] = c;
            let text: String = m.into_iter().collect();
            if let Ok(t) = trf::read(&text, "mutated.trf") {
                let _ = standings::compute(&t, None);
                let _ = trf::write(&t, None);
            }
        }
    }
}

// ---------------------------------------------------------------------
// TRF as tournament directors write it (spec/tournament-format.md, "TRF as
// tournament directors write it"): record 162, records 202/212, the points
// column 81–84, and record 092. The files are built column by column from
// the TRF-2026 layout (001: start rank 5–8, name 15–47, points 81–84, round
// columns from 92, ten wide: opponent, colour at +5, result at +7).

/// Puts `text` at 1-based position `at` of a line.
fn put(line: &mut Vec<char>, at: usize, text: &str) {
    for (i, c) in text.chars().enumerate() {
        let k = at - 1 + i;
        if line.len() <= k {
            line.resize(k + 1, ' ');
        }
        line[k] = c;
    }
}

/// A 001 line: player `id` with `points` in 81–84 and his round columns
/// (opponent, colour, result).
fn player(id: u32, points: &str, games: &[(u32, char, char)]) -> String {
    let mut l = Vec::new();
    put(&mut l, 1, "001");
    put(&mut l, 5, &format!("{id:>4}"));
    put(&mut l, 15, &format!("Player {id}"));
    put(&mut l, 81, &format!("{points:>4}"));
    for (k, (opp, colour, result)) in games.iter().enumerate() {
        let at = 92 + 10 * k;
        put(&mut l, at, &format!("{opp:04}"));
        put(&mut l, at + 5, &colour.to_string());
        put(&mut l, at + 7, &result.to_string());
    }
    l.into_iter().collect::<String>().trim_end().to_string()
}

/// A complete round robin of four (附录二's table for 4: 1-4 2-3, 4-3 1-2,
/// 2-4 3-1), the first named red: 1 beats 4, 2 and 3 draw; 3 beats 4, 1
/// and 2 draw; 2 beats 4, 1 beats 3. Points in TRF's default system
/// (1, ½, 0): 2.5, 2.0, 1.5, 0.0.
fn round_robin_of_four(header: &str, points: [&str; 4]) -> String {
    let rows = [
        player(1, points[0], &[(4, 'w', '1'), (2, 'w', '='), (3, 'b', '1')]),
        player(2, points[1], &[(3, 'w', '='), (1, 'b', '='), (4, 'w', '1')]),
        player(3, points[2], &[(2, 'b', '='), (4, 'b', '1'), (1, 'w', '0')]),
        player(4, points[3], &[(1, 'b', '0'), (3, 'w', '0'), (2, 'b', '0')]),
    ];
    format!("012 Club round robin\n{header}{}\n", rows.join("\n"))
}

/// A row's score, the chain's first value.
fn score(row: &standings::Row) -> String {
    row.values[0]
        .as_ref()
        .and_then(|v| v.first())
        .map(|p| p.to_string())
        .unwrap_or_default()
}

const FIDE_POINTS: [&str; 4] = ["2.5", "2.0", "1.5", "0.0"];

#[test]
fn record_092_missing_a_complete_round_robin_is_inferred_and_said() {
    // No 092 (TRF-2026: optional); every player met every other once.
    let text = round_robin_of_four("", FIDE_POINTS);
    let r = trf::read_noted(&text, "rr.trf").expect("reads");
    assert_eq!(r.tournament.system, System::RoundRobin);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert_eq!(r.notes[0].location, "rr.trf");
    assert!(
        r.notes[0].message.contains("no record 092"),
        "{}",
        r.notes[0]
    );
    assert!(
        r.notes[0].message.contains("met every other once"),
        "{}",
        r.notes[0]
    );
    // Ranked by 14.1's chain, not 14.3's.
    let s = standings::compute(&r.tournament, None).expect("standings");
    assert_eq!(s.chain.clause, "14.1");
}

#[test]
fn record_092_rr_is_a_round_robin() {
    for words in ["RR", "Round Robin", "Individual: Round-Robin", "单循环"] {
        let text = round_robin_of_four(&format!("092 {words}\n"), FIDE_POINTS);
        let r = trf::read_noted(&text, "rr.trf").expect("reads");
        assert_eq!(r.tournament.system, System::RoundRobin, "092 {words}");
        assert_eq!(r.notes, vec![], "092 {words}");
    }
    for words in ["DRR", "Double round robin", "双循环"] {
        let text = round_robin_of_four(&format!("092 {words}\n"), FIDE_POINTS);
        let r = trf::read_noted(&text, "rr.trf").expect("reads");
        assert_eq!(r.tournament.system, System::DoubleRoundRobin, "092 {words}");
    }
    for words in ["Swiss-System", "Individual: Swiss Dutch", "积分编排制"] {
        let text = round_robin_of_four(&format!("092 {words}\n"), FIDE_POINTS);
        let r = trf::read_noted(&text, "rr.trf").expect("reads");
        assert_eq!(r.tournament.system, System::Swiss, "092 {words}");
        assert_eq!(r.notes, vec![], "092 {words}");
    }
}

#[test]
fn record_092_missing_an_incomplete_event_is_assumed_swiss_and_said() {
    // Two rounds of four: 1 never met 3, so no complete round robin.
    let rows = [
        player(1, "2.0", &[(4, 'w', '1'), (2, 'b', '1')]),
        player(2, "1.0", &[(3, 'w', '1'), (1, 'w', '0')]),
        player(3, "1.0", &[(2, 'b', '0'), (4, 'b', '1')]),
        player(4, "0.0", &[(1, 'b', '0'), (3, 'w', '0')]),
    ];
    let text = format!("012 Open\n{}\n", rows.join("\n"));
    let r = trf::read_noted(&text, "open.trf").expect("reads");
    assert_eq!(r.tournament.system, System::Swiss);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(
        r.notes[0].message.contains("assumed a Swiss event"),
        "{}",
        r.notes[0]
    );
    // Words naming no system: the same inference, and the note names 092.
    let text = format!("012 Open\n092 Club night\n{}\n", rows.join("\n"));
    let r = trf::read_noted(&text, "open.trf").expect("reads");
    assert_eq!(r.tournament.system, System::Swiss);
    assert_eq!(r.notes[0].location, "open.trf:2:5");
    assert!(
        r.notes[0].message.contains("'Club night'"),
        "{}",
        r.notes[0]
    );
}

#[test]
fn record_162_is_the_point_system() {
    // 13.3's first example, 3/1/0, said by record 162 alone: a win is 3.
    let text = round_robin_of_four(
        "092 RR\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 0.0\n",
        ["7.0", "5.0", "4.0", "0.0"],
    );
    let r = trf::read_noted(&text, "rr.trf").expect("reads");
    assert_eq!(r.notes, vec![]);
    let s = standings::compute(&r.tournament, None).expect("standings");
    let points: Vec<String> = s.rows.iter().map(score).collect();
    // 1: W D W = 3+1+3; 2: D D W = 1+1+3; 3: D W L = 1+3+0; 4: 0.
    assert_eq!(points, ["7", "5", "4", "0"]);
    // Without 162 the rules' 13.1 (2/1/0) applies.
    let text = round_robin_of_four("092 RR\n", FIDE_POINTS);
    let t = trf::read(&text, "rr.trf").expect("reads");
    let s = standings::compute(&t, None).expect("standings");
    let points: Vec<String> = s.rows.iter().map(score).collect();
    assert_eq!(points, ["5", "4", "3", "0"]);
}

#[test]
fn record_162_forfeit_and_bye_values_the_rules_do_not_use_are_noted() {
    // A = 1.0 (a forfeit loss worth a point): 20.3 scores it as a loss. P =
    // 1.0 in a round robin: 14.1 gives a bye nothing.
    let text = round_robin_of_four(
        "092 RR\n162  W 1.0    D 0.5    L 0.0    A 1.0    P 1.0\n",
        FIDE_POINTS,
    );
    let r = trf::read_noted(&text, "rr.trf").expect("reads");
    let messages: Vec<&str> = r.notes.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[0].contains("forfeit loss (A) 1") && messages[0].contains("20.3"));
    assert!(messages[1].contains("pairing bye (P) 1") && messages[1].contains("14.1"));
    assert!(r.notes.iter().all(|n| n.location == "rr.trf:3:6"));
    // A malformed value is an error with its place.
    let bad = round_robin_of_four("162  W x.y\n", FIDE_POINTS);
    let e = trf::read(&bad, "bad.trf").unwrap_err();
    assert_eq!(e.location, "bad.trf:2:7");
}

#[test]
fn the_points_column_is_checked_against_the_games() {
    // Player 2 drew twice and won once: 2.0 under TRF's defaults, not 2.5.
    let text = round_robin_of_four("092 RR\n", ["2.5", "2.5", "1.5", "0.0"]);
    let r = trf::read_noted(&text, "rr.trf").expect("reads");
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert_eq!(r.notes[0].location, "rr.trf:4:81");
    assert!(
        r.notes[0]
            .message
            .contains("player 2's points (positions 81–84) are 2.5, but his games give 2"),
        "{}",
        r.notes[0]
    );
    // Under a 162 of 2/1/0 the same figures are checked in that system.
    let text = round_robin_of_four(
        "092 RR\n162  W 2.0    D 1.0    L 0.0    A 0.0    P 0.0\n",
        ["5.0", "4.0", "3.0", "0.0"],
    );
    assert_eq!(
        trf::read_noted(&text, "rr.trf").expect("reads").notes,
        vec![]
    );
    // Blank points are not checked.
    let text = round_robin_of_four("092 RR\n", ["", "", "", ""]);
    assert_eq!(
        trf::read_noted(&text, "rr.trf").expect("reads").notes,
        vec![]
    );
}

/// Two Swiss rounds of four (the file says Swiss): 1 and 3 won twice.
fn swiss_of_four(header: &str) -> String {
    let rows = [
        player(1, "2.0", &[(2, 'w', '1'), (3, 'b', '1')]),
        player(2, "0.0", &[(1, 'b', '0'), (4, 'w', '0')]),
        player(3, "1.0", &[(4, 'w', '1'), (1, 'w', '0')]),
        player(4, "1.0", &[(3, 'b', '0'), (2, 'b', '1')]),
    ];
    format!(
        "012 Open\n092 Swiss-System\n142 2\n{header}{}\n",
        rows.join("\n")
    )
}

#[test]
fn records_202_and_212_choose_14_3_1_or_14_3_2() {
    // 14.3: "可按下列相关条款": 14.3.1 (对手分 …) or 14.3.2 (累进分 …).
    for (header, clause) in [
        ("", "14.3.1"),
        ("202 BH, WIN, BPG, BWG\n", "14.3.1"),
        ("202 PS,WIN,BPG,BWG\n", "14.3.2"),
        ("212 PTS,PS,WIN\n", "14.3.2"),
        ("202 WIN\n", "14.3.1"),
    ] {
        let r = trf::read_noted(&swiss_of_four(header), "open.trf").expect("reads");
        assert_eq!(r.notes, vec![], "{header}");
        let s = standings::compute(&r.tournament, None).expect("standings");
        assert_eq!(s.chain.clause, clause, "{header}");
    }
}

#[test]
fn tie_breaks_the_cxa_rules_do_not_have_are_noted() {
    let r = trf::read_noted(&swiss_of_four("202 BH,KS,ARO,SB\n"), "open.trf").expect("reads");
    let s = standings::compute(&r.tournament, None).expect("standings");
    assert_eq!(s.chain.clause, "14.3.1");
    let messages: Vec<&str> = r.notes.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains("KS") && messages[0].contains("do not have"));
    assert!(messages[1].contains("ARO") && messages[1].contains("do not have"));
    // SB (小分) is 14.1's, not 14.3.1's.
    assert!(messages[2].contains("SB") && messages[2].contains("not in 14.3.1's chain"));
    assert!(r.notes.iter().all(|n| n.location == "open.trf:4:5"));
    // Another order than the clause's is noted; the clause's order applies.
    let r = trf::read_noted(&swiss_of_four("202 WIN,BH\n"), "open.trf").expect("reads");
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(
        r.notes[0].message.contains("another order"),
        "{}",
        r.notes[0]
    );
}
