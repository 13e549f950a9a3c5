//! `qigui._native`: the Rust side of the Python package `qigui`.
//!
//! Every function here is a thin call into the `qigui` crate: it takes
//! plain values (text, numbers), calls the crate's public API and returns
//! plain values, the structured ones as the JSON text the command line
//! prints (`qigui … --format json`), which the Python side (`qigui/`)
//! turns into dicts. Nothing about the rules is decided here.
//!
//! Errors are raised as `NativeError(kind, location, reason)`; the Python
//! side turns them into its `qigui.QiguiError` hierarchy.

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use serde_json::Value;

use qigui::corpus::{self, Kind};
use qigui::edition::Edition;
use qigui::event::pairing::{round_robin as rr, swiss};
use qigui::event::standings as event_standings;
use qigui::gomoku;
use qigui::limits::MAX_INPUT_BYTES;
use qigui::notation;
use qigui::xiangqi::{Cycle, Sequence};
use qigui::{Limits, ParseFenError, Position, RepetitionRules};

create_exception!(
    _native,
    NativeError,
    PyException,
    "An error of the qigui crate: args are (kind, location, reason)."
);

/// The error raised for every failure: what kind of input, where, why.
fn fail(kind: &str, location: impl Into<String>, reason: impl Into<String>) -> PyErr {
    NativeError::new_err((kind.to_string(), location.into(), reason.into()))
}

/// Refuses text past the crate's input limit before reading it.
fn bounded(text: &str, what: &str) -> PyResult<()> {
    if text.len() as u64 > MAX_INPUT_BYTES {
        return Err(fail(
            "argument",
            what,
            format!(
                "{} bytes: larger than the {} bytes qigui reads (qigui::limits::MAX_INPUT_BYTES)",
                text.len(),
                MAX_INPUT_BYTES
            ),
        ));
    }
    Ok(())
}

fn json_out(v: &Value) -> String {
    v.to_string()
}

fn parse_json(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| fail("argument", what, e.to_string()))
}

/// A position from FEN (`start` is the starting position), its error
/// located by FEN field and column.
fn position(fen: &str) -> PyResult<Position> {
    bounded(fen, "fen")?;
    match fen.trim() {
        "start" | "startpos" => return Ok(Position::start()),
        _ => {}
    }
    Position::from_fen(fen).map_err(|e| match e {
        ParseFenError::Syntax(f) => fail(
            "fen",
            format!(
                "FEN field {} ({}), column {}",
                f.field, f.field_name, f.column
            ),
            f.reason,
        ),
        ParseFenError::Invalid(p) => fail("fen", "FEN position", p.to_string()),
    })
}

/// The position's FEN after reading it: checks it and writes it canonically.
#[pyfunction]
fn normalize_fen(fen: &str) -> PyResult<String> {
    Ok(position(fen)?.fen())
}

/// The legal moves (2.2–2.3, 3.4) in `notation`: `iccs`, `wxf` or `chinese`.
#[pyfunction]
#[pyo3(signature = (fen, notation = "iccs"))]
fn legal_moves(fen: &str, notation: &str) -> PyResult<Vec<String>> {
    let pos = position(fen)?;
    let moves = pos.legal_moves();
    let name = |m: qigui::Move| match notation {
        "iccs" => Ok(m.iccs()),
        "wxf" => Ok(notation::wxf(&pos, m)),
        "chinese" => Ok(notation::chinese(&pos, m)),
        o => Err(fail(
            "argument",
            "notation",
            format!("'{o}': the notations are iccs, wxf and chinese"),
        )),
    };
    moves.iter().map(|&m| name(m)).collect()
}

/// The position after `text` (a move in ICCS, WXF or Chinese), as FEN.
#[pyfunction]
fn play(fen: &str, text: &str) -> PyResult<String> {
    let pos = position(fen)?;
    let parsed = notation::parse_move(&pos, text)
        .map_err(|e| fail("move", format!("move '{}'", e.text), e.reason))?;
    let after = pos
        .play(parsed.mv)
        .map_err(|e| fail("move", format!("move '{text}'"), e.to_string()))?;
    Ok(after.fen())
}

/// The move in the three notations: `[iccs, wxf, chinese]`.
#[pyfunction]
fn move_names(fen: &str, text: &str) -> PyResult<Vec<String>> {
    let pos = position(fen)?;
    let m = notation::parse_move(&pos, text)
        .map_err(|e| fail("move", format!("move '{}'", e.text), e.reason))?
        .mv;
    Ok(vec![
        m.iccs(),
        notation::wxf(&pos, m),
        notation::chinese(&pos, m),
    ])
}

/// The game's end in this position (4.1.1–4.1.2), or `None`.
#[pyfunction]
fn outcome(fen: &str) -> PyResult<Option<String>> {
    let pos = position(fen)?;
    Ok(qigui::xiangqi::position_outcome(&pos).map(|o| {
        json_out(&serde_json::json!({
            "result": o.result.code(),
            "reason": o.reason.code(),
            "clause": o.reason.clause(),
        }))
    }))
}

/// Whether the side to move is in check.
#[pyfunction]
fn in_check(fen: &str) -> PyResult<bool> {
    Ok(position(fen)?.is_check())
}

fn repetition_rules(edition: &str) -> PyResult<&'static RepetitionRules> {
    if Edition::get(edition).is_none() {
        return Err(fail(
            "edition",
            "edition",
            format!(
                "'{edition}' is not an edition; the editions are {}",
                Edition::ids().join(", ")
            ),
        ));
    }
    RepetitionRules::for_edition(edition).ok_or_else(|| {
        let with: Vec<&str> = Edition::all()
            .iter()
            .filter(|e| e.repetition.is_some())
            .map(|e| e.id)
            .collect();
        fail(
            "edition",
            "edition",
            format!(
                "'{edition}' has no 棋例 (repetition rulings are Xiangqi's); the editions with them are {}",
                with.join(", ")
            ),
        )
    })
}

/// `qigui judge --format json` as text; with `explain`, the prose of
/// `--explain` under the key `explanation`.
#[pyfunction]
#[pyo3(signature = (fen, moves, edition, explain, nine_rounds, points, key_points))]
fn judge(
    fen: &str,
    moves: &str,
    edition: &str,
    explain: bool,
    nine_rounds: bool,
    points: Option<u32>,
    key_points: Vec<String>,
) -> PyResult<String> {
    let rules = repetition_rules(edition)?;
    let start = position(fen)?;
    bounded(moves, "moves")?;
    let (moves, _) = notation::parse_line(&start, moves)
        .map_err(|(ply, e)| fail("move", format!("move {ply} ('{}')", e.text), e.reason))?;
    let key_points = key_points
        .iter()
        .map(|s| {
            qigui::Square::parse(s)
                .ok_or_else(|| fail("argument", "key_points", format!("'{s}' is not a point")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let sequence = if nine_rounds {
        Sequence::NineRounds
    } else {
        Sequence::Threefold
    };
    let j = qigui::judge(
        &start,
        &moves,
        rules,
        sequence,
        points,
        &key_points,
        &Limits::default(),
    );
    let mut v = j.to_json();
    if explain {
        if let Value::Object(m) = &mut v {
            m.insert(
                "explanation".into(),
                Value::String(qigui::xiangqi::explain(&j)),
            );
        }
    }
    Ok(json_out(&v))
}

/// `qigui rule --format json` as text.
#[pyfunction]
#[pyo3(signature = (red, black, edition, move_number, nine_rounds, points))]
fn rule(
    red: &str,
    black: &str,
    edition: &str,
    move_number: Option<u32>,
    nine_rounds: bool,
    points: Option<u32>,
) -> PyResult<String> {
    let rules = repetition_rules(edition)?;
    let labels = |text: &str, side: &str| {
        bounded(text, side)?;
        qigui::xiangqi::parse_labels(text).map_err(|e| fail("labels", side, e.to_string()))
    };
    let cycle = Cycle {
        red: labels(red, "red_labels")?,
        black: labels(black, "black_labels")?,
        sequence: if nine_rounds {
            Sequence::NineRounds
        } else {
            Sequence::Threefold
        },
        points,
        move_number,
    };
    let r = qigui::rule(&cycle, rules).map_err(|e| fail("ruling", "cycle", e.to_string()))?;
    Ok(json_out(&r.to_json()))
}

/// `qigui gomoku forbidden --format json` as text.
#[pyfunction]
fn gomoku_forbidden(black: &str, white: &str, reading: &str) -> PyResult<String> {
    bounded(black, "black")?;
    bounded(white, "white")?;
    let reading = match reading {
        "five-point-legal" => gomoku::Reading::FivePointLegal,
        "five-point-excluded" => gomoku::Reading::FivePointExcluded,
        o => {
            return Err(fail(
                "argument",
                "reading",
                format!("'{o}': the readings are five-point-legal and five-point-excluded"),
            ));
        }
    };
    let board = gomoku::Board::from_lists(black, white)
        .map_err(|e| fail("gomoku", "board", e.to_string()))?;
    Ok(gomoku::forbidden_json(&gomoku::forbidden_map(
        &board, reading,
    )))
}

/// `qigui go score --format json` as text, from a count file's text.
#[pyfunction]
fn go_score(text: &str, file: &str) -> PyResult<String> {
    bounded(text, file)?;
    let f = qigui::go::parse_count_file(text).map_err(|e| {
        fail(
            "go",
            format!("{file}:{}:{}", e.line, e.column),
            e.message.clone(),
        )
    })?;
    let count = qigui::go::count(&f.diagram.board, &f.dead, &f.terms)
        .map_err(|e| fail("go", file, e.to_string()))?;
    Ok(json_out(&count.to_json()))
}

/// A tournament read from its text or its path, and the notes of a TRF
/// file (`qigui::formats::trf::read_noted`) as (location, message).
type Notes = Vec<(String, String)>;

fn tournament(
    text: Option<&str>,
    path: Option<&str>,
    file: &str,
) -> PyResult<(qigui::event::Tournament, Notes)> {
    let r = match (text, path) {
        (Some(t), _) => {
            bounded(t, file)?;
            qigui::formats::read_tournament_noted(t, file)
        }
        (None, Some(p)) => qigui::formats::load_tournament_noted(Path::new(p)),
        (None, None) => return Err(fail("argument", "tournament", "no text and no path")),
    };
    let (t, notes) = r.map_err(|e| fail("tournament", e.location, e.message))?;
    Ok((
        t,
        notes.into_iter().map(|n| (n.location, n.message)).collect(),
    ))
}

/// `qigui judge --record FILE --format json` as text: every game of a
/// record file (PGN, XQF, DhtmlXQ, CBF), each with its 待判局面 judged, or
/// its error in its place. `data` is the file's bytes (or text encoded as
/// UTF-8); `file` names it in errors and, by its extension, helps choose the
/// format. A file that cannot be read at all is the error.
#[pyfunction]
#[pyo3(signature = (data, path, file, edition, game))]
fn judge_record(
    data: Option<&[u8]>,
    path: Option<&str>,
    file: &str,
    edition: &str,
    game: Option<usize>,
) -> PyResult<String> {
    let rules = repetition_rules(edition)?;
    let bytes = match (data, path) {
        (Some(d), _) => {
            if d.len() as u64 > MAX_INPUT_BYTES {
                return Err(fail(
                    "argument",
                    file,
                    format!(
                        "{} bytes: larger than the {} bytes qigui reads (qigui::limits::MAX_INPUT_BYTES)",
                        d.len(),
                        MAX_INPUT_BYTES
                    ),
                ));
            }
            d.to_vec()
        }
        (None, Some(p)) => {
            qigui::limits::read_bytes(Path::new(p)).map_err(|e| fail("record", p, e.to_string()))?
        }
        (None, None) => return Err(fail("argument", "record", "no text and no path")),
    };
    let judge = qigui::formats::RecordJudge::new(rules);
    let games = judge.judge_bytes(&bytes, file).map_err(|e| {
        let l = &e.location;
        let mut at = l.file.clone();
        if let Some(n) = l.game {
            at.push_str(&format!(", game {n}"));
        }
        if let (Some(line), Some(col)) = (l.line, l.column) {
            at.push_str(&format!(":{line}:{col}"));
        } else if let Some(b) = l.byte {
            at.push_str(&format!(", byte {b}"));
        }
        fail("record", at, e.reason.clone())
    })?;
    let picked: Vec<&qigui::formats::JudgedGame> = match game {
        None => games.iter().collect(),
        Some(n) if n >= 1 && n <= games.len() => vec![&games[n - 1]],
        Some(n) => {
            return Err(fail(
                "argument",
                "game",
                format!("{file} has {} game(s), not a game {n}", games.len()),
            ));
        }
    };
    serde_json::to_string(&picked).map_err(|e| fail("record", file, e.to_string()))
}

/// `qigui standings --format json` as text, from a tournament file's text
/// (`file` names it and chooses the format) or its path, and the notes of
/// a TRF file (what `qigui standings` prints as `note:` lines).
#[pyfunction]
#[pyo3(signature = (text, path, file, rules))]
fn standings(
    text: Option<&str>,
    path: Option<&str>,
    file: &str,
    rules: Option<&str>,
) -> PyResult<(String, Notes)> {
    let (t, notes) = tournament(text, path, file)?;
    let s =
        event_standings::compute(&t, rules).map_err(|e| fail("standings", file, e.to_string()))?;
    Ok((json_out(&s.to_json()), notes))
}

/// `qigui pair swiss --format json` as text, and a TRF file's notes (what
/// `qigui pair swiss` prints as `note:` lines).
#[pyfunction]
#[pyo3(signature = (text, path, file, round, first_round))]
fn pair_swiss(
    text: Option<&str>,
    path: Option<&str>,
    file: &str,
    round: Option<u32>,
    first_round: &str,
) -> PyResult<(String, Notes)> {
    let how = match first_round {
        "adjacent" => swiss::FirstRound::Adjacent,
        "head-tail" => swiss::FirstRound::HeadTail,
        "halves" => swiss::FirstRound::Halves,
        o => {
            return Err(fail(
                "argument",
                "first_round",
                format!("'{o}': the first-round pairings are adjacent, head-tail and halves"),
            ));
        }
    };
    let (t, notes) = tournament(text, path, file)?;
    let p =
        swiss::pair_tournament(&t, round, how).map_err(|e| fail("pairing", file, e.to_string()))?;
    let json = serde_json::to_string(&p).map_err(|e| fail("pairing", file, e.to_string()))?;
    Ok((json, notes))
}

/// One round of a table: (first mover, second mover or `None` for the bye).
type Round = Vec<(u32, Option<u32>)>;

/// The round-robin table (附录二): rounds of (first mover, second mover or
/// `None` for the bye).
#[pyfunction]
#[pyo3(signature = (n, double = false))]
fn round_robin(n: u32, double: bool) -> PyResult<Vec<Round>> {
    let table = if double {
        rr::double_table(n)
    } else {
        rr::table(n)
    }
    .map_err(|e| fail("pairing", "round robin", e.to_string()))?;
    Ok(table
        .iter()
        .map(|round| round.iter().map(|g| (g.first, g.second)).collect())
        .collect())
}

/// Every case instance of the corpus files or directories in `paths`, as a
/// JSON list: `id` (the instance name), `case`, `kind`, `edition`,
/// `clauses`, `input`, `expected`, `skip`, `file`, `line`.
#[pyfunction]
fn corpus_load(paths: Vec<String>) -> PyResult<String> {
    let paths: Vec<PathBuf> = paths.into_iter().map(PathBuf::from).collect();
    let c = corpus::load(&paths).map_err(|errors| {
        let first = errors.first();
        let location = first.map_or(String::new(), |e| {
            format!("{}:{}:{}", e.file.display(), e.line, e.column)
        });
        let mut reason = first.map_or(String::new(), |e| e.message.clone());
        if errors.len() > 1 {
            reason.push_str(&format!(" (and {} more errors)", errors.len() - 1));
        }
        fail("corpus", location, reason)
    })?;
    let list: Vec<Value> = c
        .instances()
        .iter()
        .map(|i| {
            serde_json::json!({
                "id": i.name(),
                "case": i.case.raw.id,
                "kind": i.case.raw.kind.name(),
                "edition": i.edition.id,
                "clauses": i.clauses,
                "figure": i.case.raw.figure,
                "description": i.case.raw.description,
                "input": i.case.raw.input,
                "expected": i.expected,
                "skip": i.skip,
                "file": i.case.file.display().to_string(),
                "line": i.case.line,
            })
        })
        .collect();
    Ok(json_out(&Value::Array(list)))
}

fn kind(name: &str) -> PyResult<Kind> {
    Kind::ALL
        .iter()
        .copied()
        .find(|k| k.name() == name)
        .ok_or_else(|| fail("corpus", "kind", format!("qigui has no kind '{name}'")))
}

/// qigui's own answer to a case (what `qigui adapter` answers), as JSON.
#[pyfunction]
fn corpus_answer(kind_name: &str, input: &str, edition: &str) -> PyResult<String> {
    let k = kind(kind_name)?;
    let ed = Edition::get(edition).ok_or_else(|| {
        fail(
            "edition",
            "edition",
            format!("qigui has no edition '{edition}'"),
        )
    })?;
    let input = parse_json(input, "input")?;
    corpus::answer(k, &input, ed)
        .map(|v| json_out(&v))
        .map_err(|e| fail("case", kind_name, e.to_string()))
}

/// Compares an output with a case's expected output as qigui's runner
/// does: `None` when they agree, else how they differ.
#[pyfunction]
fn corpus_compare(kind_name: &str, expected: &str, output: &str) -> PyResult<Option<String>> {
    let k = kind(kind_name)?;
    let expected = parse_json(expected, "expected")?;
    let output = parse_json(output, "output")?;
    Ok(corpus::compare(k, &expected, &output)
        .err()
        .map(|m| m.to_string()))
}

/// The ids of the editions qigui knows.
#[pyfunction]
fn editions() -> Vec<&'static str> {
    Edition::ids()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NativeError", m.py().get_type::<NativeError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(normalize_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(move_names, m)?)?;
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(in_check, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(rule, m)?)?;
    m.add_function(wrap_pyfunction!(judge_record, m)?)?;
    m.add_function(wrap_pyfunction!(gomoku_forbidden, m)?)?;
    m.add_function(wrap_pyfunction!(go_score, m)?)?;
    m.add_function(wrap_pyfunction!(standings, m)?)?;
    m.add_function(wrap_pyfunction!(pair_swiss, m)?)?;
    m.add_function(wrap_pyfunction!(round_robin, m)?)?;
    m.add_function(wrap_pyfunction!(corpus_load, m)?)?;
    m.add_function(wrap_pyfunction!(corpus_answer, m)?)?;
    m.add_function(wrap_pyfunction!(corpus_compare, m)?)?;
    m.add_function(wrap_pyfunction!(editions, m)?)?;
    Ok(())
}
