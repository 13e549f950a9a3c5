//! TRF-2026 round trips: every tournament of the `standings` corpus is
//! written as TRF and read back, and must come back the same (up to the
//! order of games within a round) with the same standings; a TRF text read
//! and written again is unchanged, whatever its line ends.

use std::path::PathBuf;

use qigui::corpus::Kind;
use qigui::event::standings;
use qigui::event::{GameName, Id, Tournament};
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
