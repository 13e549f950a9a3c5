//! Fuzzing on stable Rust (issue 27): every reader of outside input is fed
//! seeded, mutated versions of real inputs, and must answer each within a
//! time bound, without a panic, either with a value or with a refusal that
//! says where (a file, line and column, a FEN field, a move). The cargo-fuzz
//! targets in `fuzz/` explore further for those who have cargo-fuzz.
//!
//! Adding a reader is one line in `fuzz_readers!` below: a name, seed
//! inputs, and a call whose error type implements [`Located`] (the record
//! readers' [`RecordError`] already does).
//!
//! The run is seeded (the same cases every run; `PROPTEST_RNG_SEED` picks
//! other ones, `PROPTEST_CASES` more of them) and bounded: [`CASES`] cases
//! per reader, each input a few kilobytes. A failure's seed is kept in
//! `tests/fuzz.proptest-regressions` and replayed first on every later run.

use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

use qigui::corpus::CorpusError;
use qigui::event::TournamentError;
use qigui::formats::record::RecordError;
use qigui::limits::InputError;
use qigui::{ParseFenError, Position, notation};

/// Cases per reader: with about fifteen readers the whole set adds a few
/// seconds to `cargo test`.
const CASES: u32 = 512;

/// No input of a few kilobytes may take longer than this (a debug build on
/// a busy machine included); a reader past it has a hang or a quadratic
/// cliff.
const BOUND: Duration = Duration::from_secs(5);

fn config() -> Config {
    Config {
        cases: CASES,
        rng_seed: RngSeed::Fixed(0x5147_5549_2700_0027),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

/// An error that says where the input is wrong. The fuzz set asserts that
/// every refusal has a non-empty place and reason.
trait Located {
    /// Where: `file:line:column`, a FEN field, a move, an action.
    fn place(&self) -> String;
    /// Why.
    fn reason(&self) -> String;
}

impl Located for InputError {
    fn place(&self) -> String {
        self.location()
    }
    fn reason(&self) -> String {
        self.message.clone()
    }
}

impl Located for TournamentError {
    fn place(&self) -> String {
        self.location.clone()
    }
    fn reason(&self) -> String {
        self.message.clone()
    }
}

impl Located for Vec<CorpusError> {
    fn place(&self) -> String {
        self.first()
            .map(|e| format!("{}:{}:{}", e.file.display(), e.line, e.column))
            .unwrap_or_default()
    }
    fn reason(&self) -> String {
        self.first().map(|e| e.message.clone()).unwrap_or_default()
    }
}

impl Located for ParseFenError {
    fn place(&self) -> String {
        match self {
            ParseFenError::Syntax(e) => format!("field {} column {}", e.field, e.column),
            // A readable FEN whose position cannot be: the position is the
            // place, the code says what.
            ParseFenError::Invalid(e) => format!("the position ({})", e.code()),
        }
    }
    fn reason(&self) -> String {
        self.to_string()
    }
}

impl Located for notation::NotationError {
    fn place(&self) -> String {
        format!("move '{}'", qigui::limits::echo(&self.text))
    }
    fn reason(&self) -> String {
        self.reason.clone()
    }
}

impl Located for (usize, notation::NotationError) {
    fn place(&self) -> String {
        format!("move {} {}", self.0 + 1, self.1.place())
    }
    fn reason(&self) -> String {
        self.1.reason()
    }
}

impl Located for qigui::go::CountFileError {
    fn place(&self) -> String {
        format!("{}:{}", self.line, self.column)
    }
    fn reason(&self) -> String {
        self.message.clone()
    }
}

impl Located for qigui::formats::sgf::SgfError {
    fn place(&self) -> String {
        format!("{}:{}", self.line, self.column)
    }
    fn reason(&self) -> String {
        self.message.clone()
    }
}

impl Located for qigui::gomoku::RecordFileError {
    fn place(&self) -> String {
        match self {
            qigui::gomoku::RecordFileError::Actions(e) => format!("action {}", e.action),
            // yaml_serde's and the limits' messages carry the line.
            e => e.to_string(),
        }
    }
    fn reason(&self) -> String {
        self.to_string()
    }
}

impl Located for qigui::edition::DraftError {
    fn place(&self) -> String {
        match self {
            qigui::edition::DraftError::At {
                file, line, column, ..
            } => format!("{file}:{line}:{column}"),
            qigui::edition::DraftError::Input(e) => e.place(),
        }
    }
    fn reason(&self) -> String {
        self.to_string()
    }
}

impl Located for RecordError {
    fn place(&self) -> String {
        self.location.to_string()
    }
    fn reason(&self) -> String {
        self.reason.clone()
    }
}

/// A reader's answer: accepted, or refused with (place, reason).
type Answer = Result<(), (String, String)>;

fn refusal<T, E: Located>(r: Result<T, E>) -> Answer {
    r.map(drop).map_err(|e| (e.place(), e.reason()))
}

/// The input as text (readers of text get lossy UTF-8: the byte-level
/// mutations may break a character).
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Tokens the mutations insert: structure, quoting, numbers at the edge,
/// the characters of every notation.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    ":",
    ": ",
    "- ",
    "\n",
    "\r\n",
    "\t",
    "#",
    ",",
    " ",
    "|",
    ">",
    ".nan",
    ".inf",
    "-.inf",
    "!!str ",
    "&a ",
    "*a",
    "---\n",
    "...\n",
    "\\",
    "\u{0}",
    "-1",
    "99999999999999999999",
    "1e400",
    "0.5",
    "1/2",
    "车",
    "马",
    "炮",
    "进",
    "退",
    "平",
    "前",
    "一",
    "九",
    "８",
    "h2e2",
    "C2=5",
    "/",
    "9",
    "w",
    "b",
    "X",
    "O",
    ".",
    "A1",
    "H8",
    "D4",
    "pass",
    "swap",
    "001 ",
    "0000 - Z",
    "012 ",
    "### qigui ",
    "id: ",
    "cases:\n",
    "input:",
    "expect:",
    "{\"a\":",
    "é",
    "\u{332}",
];

#[derive(Clone, Debug)]
enum Mutation {
    Insert(prop::sample::Index, &'static str),
    Delete(prop::sample::Index, usize),
    Byte(prop::sample::Index, u8),
    Repeat(prop::sample::Index, usize, usize),
    Cut(prop::sample::Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<prop::sample::Index>(), prop::sample::select(TOKENS)).prop_map(|(i, t)| Mutation::Insert(i, t)),
        2 => (any::<prop::sample::Index>(), 1usize..16).prop_map(|(i, n)| Mutation::Delete(i, n)),
        2 => (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Byte(i, b)),
        1 => (any::<prop::sample::Index>(), 1usize..12, 2usize..40).prop_map(|(i, n, k)| Mutation::Repeat(i, n, k)),
        1 => any::<prop::sample::Index>().prop_map(Mutation::Cut),
    ]
}

fn apply(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let at = |i: &prop::sample::Index, len: usize| i.index(len + 1);
        match m {
            Mutation::Insert(i, t) => {
                let k = at(i, bytes.len());
                bytes.splice(k..k, t.bytes());
            }
            Mutation::Delete(i, n) => {
                let k = at(i, bytes.len());
                let end = (k + n).min(bytes.len());
                bytes.drain(k..end);
            }
            Mutation::Byte(i, b) if !bytes.is_empty() => {
                let k = i.index(bytes.len());
                bytes[k] = *b;
            }
            Mutation::Repeat(i, n, times) => {
                let k = at(i, bytes.len());
                let end = (k + n).min(bytes.len());
                let chunk = bytes[k..end].to_vec();
                for _ in 0..*times {
                    bytes.splice(end..end, chunk.iter().copied());
                }
            }
            Mutation::Cut(i) => {
                let k = at(i, bytes.len());
                bytes.truncate(k);
            }
            Mutation::Byte(..) => {}
        }
    }
    bytes
}

/// A seed input with up to eight mutations.
fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(seeds),
        prop::collection::vec(mutation(), 0..8),
    )
        .prop_map(|(seed, ms)| apply(seed.as_bytes().to_vec(), &ms))
}

/// Runs `read` on `input` in a thread of its own: it must answer within
/// [`BOUND`], without a panic, and a refusal must say where and why.
fn check(name: &str, input: &[u8], read: fn(&[u8]) -> Answer) -> Result<(), TestCaseError> {
    let (tx, rx) = mpsc::channel();
    let owned = input.to_vec();
    let start = Instant::now();
    std::thread::spawn(move || {
        let _ = tx.send(read(&owned));
    });
    match rx.recv_timeout(BOUND) {
        Ok(Ok(())) => Ok(()),
        Ok(Err((place, reason))) => {
            prop_assert!(
                !place.trim().is_empty() && !reason.trim().is_empty(),
                "{name}: a refusal without a place or a reason: {place:?} {reason:?}"
            );
            Ok(())
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(TestCaseError::fail(format!(
            "{name}: the reader panicked (see the message above)"
        ))),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(TestCaseError::fail(format!(
            "{name}: no answer within {BOUND:?} ({:?} so far) for {} bytes",
            start.elapsed(),
            input.len()
        ))),
    }
}

// Seeds: real inputs from the repository.
const FENS: &[&str] = &[
    qigui::START_FEN,
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 0 1",
];
const MOVES: &[&str] = &[
    "炮二平五",
    "马8进7",
    "C2=5",
    "h2e2",
    "h2e2 h9g7 h0g2 i9h9",
    "炮二平五 马８进７ 马二进三 车９平８",
    "前车进一",
    "C2.5 H8+7",
];
const CORPUS: &[&str] = &[
    include_str!("../cases/xiangqi-2020/02-moves.yaml"),
    include_str!("../cases/xiangqi-2020/13-scoring.yaml"),
    include_str!("../cases/go-local/06-counting.yaml"),
];
const TOURNAMENT_YAML: &[&str] = &[include_str!("../spec/tournament-examples/swiss-2020.yaml")];
const TOURNAMENT_TRF: &[&str] = &[include_str!("../spec/tournament-examples/swiss-2020.trf")];
const TOURNAMENT_JSON: &[&str] = &[
    r#"{"format":1,"game":"xiangqi","system":"swiss","players":[{"id":1,"name":"Li"},{"id":2},{"id":3}],"rounds":[{"games":[{"red":1,"black":2,"result":"1-0"}],"byes":[3]}]}"#,
];
const GO_COUNT: &[&str] = &[include_str!("data/go/full-game.count")];
const GO_SGF: &[&str] = &[
    include_str!("data/go/nine.sgf"),
    include_str!("data/go/ko-retake.sgf"),
];
const GOMOKU_RECORD: &[&str] = &[
    "opening: five-move-two\nmoves: \"H8 H9 H10 swap H11 offer G7 I6 choose I6 A1\"\nevents:\n  - {after: 9, kind: {type: point-out}}\nreading: five-point-legal\n",
    "moves: [H8, I9, H10, G8, offer K10 L11]\n",
];
const DRAFT: &[&str] = &[include_str!("../spec/drafts/xiangqi-2020-no-26-9.yaml")];
const CONDUCT: &[&str] = &[
    "time_control: \"6.1\"\nlog: [{move: h2e2, used: 100}, {move: h9g7, used: 50}]\n",
    "time_control: {base: 900}\nlog: [{foul: \"8.1.1\", side: red}, {move: h2e2}, {foul: \"8.1.9\", side: red}]\n",
    include_str!("../cases/xiangqi-2020/06-clocks.yaml"),
];
const PGN: &[&str] = &[
    include_str!("data/records/perpetual-check.pgn"),
    include_str!("data/records/no-repetition.pgn"),
];
const DHTMLXQ: &[&str] = &[include_str!("data/records/dhtmlxq/two-games.html")];
const CBF: &[&str] = &[include_str!("data/records/cbf/utf8.cbf")];
const ADAPTER: &[&str] = &[concat!(
    r#"{"type":"hello","protocol":1,"corpus_format":1,"runner":"fuzz"}"#,
    "\n",
    r#"{"type":"case","id":"p","kind":"perft","edition":"xiangqi-2020","input":{"depth":1},"expect":["nodes"]}"#,
    "\n",
    r#"{"type":"case","id":"m","kind":"legal-moves","edition":"xiangqi-2020","input":{"fen":"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},"expect":["moves"]}"#,
    "\n",
    r#"{"type":"stop"}"#,
    "\n"
)];

fn fen(b: &[u8]) -> Answer {
    refusal(Position::from_fen(&text(b)))
}

fn one_move(b: &[u8]) -> Answer {
    let pos = Position::from_fen(FENS[1]).expect("a seed FEN");
    refusal(notation::parse_move(&pos, &text(b)))?;
    refusal(notation::parse_move(&Position::start(), &text(b)))
}

fn move_line(b: &[u8]) -> Answer {
    refusal(notation::parse_line(&Position::start(), &text(b)))
}

fn corpus_file(b: &[u8]) -> Answer {
    refusal(qigui::corpus::load_str(Path::new("fuzz.yaml"), &text(b)))
}

fn conduct_record(b: &[u8]) -> Answer {
    // As `qigui adjudicate` reads a file: checked, YAML to a value, then a
    // record, or the record of each adjudication case of a corpus file.
    let t = text(b);
    refusal(qigui::limits::check_structure(&t, "fuzz.yaml"))?;
    let value: serde_json::Value = yaml_serde::from_str(&t).map_err(|e| {
        let at = e
            .location()
            .map(|l| format!(":{}:{}", l.line(), l.column()));
        (
            format!("fuzz.yaml{}", at.unwrap_or_default()),
            e.to_string(),
        )
    })?;
    let records = match value.get("cases").and_then(serde_json::Value::as_array) {
        Some(cases) => cases
            .iter()
            .filter_map(|c| c.get("input").cloned())
            .collect(),
        None => vec![value],
    };
    for (i, input) in records.into_iter().enumerate() {
        serde_json::from_value::<qigui::xiangqi::conduct::GameRecord>(input)
            .map_err(|e| (format!("fuzz.yaml: case {}", i + 1), e.to_string()))?;
    }
    Ok(())
}

/// A record file (PGN, DhtmlXQ, CBF; the binary XQF has its own byte-level
/// tests in tests/records_formats.rs) named `name`: the file's error and
/// every game's error must be located.
fn record_file(b: &[u8], name: &str) -> Answer {
    let games = qigui::formats::read_records_bytes(b, name).map_err(|e| (e.place(), e.reason()))?;
    for game in games {
        refusal(game)?;
    }
    Ok(())
}

fn adapter_lines(b: &[u8]) -> Answer {
    let mut out = Vec::new();
    qigui::adapter::serve(b, &mut out).map_err(|e| ("stdin".to_string(), e.to_string()))?;
    // Every answer is a protocol message; a refused line an error that says
    // why.
    for line in String::from_utf8_lossy(&out).lines() {
        let reply: qigui::adapter::Reply = serde_json::from_str(line)
            .map_err(|e| ("the adapter's output".to_string(), format!("{e}: {line}")))?;
        if let qigui::adapter::Reply::Error { message, .. } = reply
            && message.trim().is_empty()
        {
            return Err(("an error reply".into(), String::new()));
        }
    }
    Ok(())
}

macro_rules! fuzz_readers {
    ($($name:ident: $seeds:expr => $read:expr;)*) => {
        proptest! {
            #![proptest_config(config())]
            $(
                #[test]
                fn $name(input in mutated($seeds)) {
                    check(stringify!($name), &input, $read)?;
                }
            )*
        }
    };
}

// One line per reader.
fuzz_readers! {
    fen_reader: FENS => fen;
    move_notation: MOVES => one_move;
    move_lines: MOVES => move_line;
    corpus_reader: CORPUS => corpus_file;
    tournament_yaml: TOURNAMENT_YAML => |b| refusal(qigui::formats::read_tournament(&text(b), "fuzz.yaml"));
    tournament_json: TOURNAMENT_JSON => |b| refusal(qigui::formats::read_tournament(&text(b), "fuzz.json"));
    tournament_trf: TOURNAMENT_TRF => |b| refusal(qigui::formats::read_tournament(&text(b), "fuzz.trf"));
    go_count_file: GO_COUNT => |b| refusal(qigui::go::parse_count_file(&text(b)));
    go_sgf: GO_SGF => |b| refusal(qigui::formats::sgf::parse(&text(b)).and_then(|g| g.replay()));
    gomoku_record: GOMOKU_RECORD => |b| refusal(qigui::gomoku::GameRecord::from_yaml(&text(b)));
    draft_edition: DRAFT => |b| refusal(qigui::Edition::parse_draft("fuzz.yaml", &text(b)));
    conduct_log: CONDUCT => conduct_record;
    adapter_protocol: ADAPTER => adapter_lines;
    pgn_record: PGN => |b| record_file(b, "fuzz.pgn");
    dhtmlxq_record: DHTMLXQ => |b| record_file(b, "fuzz.html");
    cbf_record: CBF => |b| record_file(b, "fuzz.cbf");
    bounded_text: TOURNAMENT_YAML => |b| refusal(qigui::limits::read_text(b, "fuzz"));
}
