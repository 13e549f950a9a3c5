//! `qigui gomoku forbidden`, `judge`, `adjudicate` and `event` (中国五子棋竞赛规则
//! 2025).

use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use qigui::gomoku::{Board, Direction, Point, Reading, Stone, forbidden_map};
use qigui::gomoku::{EventQuestion, answer_question};
use qigui::gomoku::{GameError, GameRecord, adjudicate};
use serde::Serialize;

use super::{TextOrJson, json_text};

/// `qigui gomoku`'s subcommands.
#[derive(Subcommand)]
pub enum GomokuCommand {
    /// Every forbidden point of black's (article 8) with its kind: double-three, double-four, overline
    #[command(
        after_help = "Example:\n  qigui gomoku forbidden --black \"H8 I8 J8 L8 M8\" --white \"G8 H7 H9 I7 I9\" --format json"
    )]
    Forbidden(ForbiddenArgs),
    /// Adjudicate a Gomoku game record (YAML, spec/gomoku.md): result, reason, deciding clause; exit 1 for an illegal record
    #[command(
        after_help = "Example:\n  qigui gomoku judge tools/gomoku/examples/double-three.yaml --format json"
    )]
    Judge(GomokuJudgeArgs),
    /// Adjudicate a Gomoku game record with its clock log (YAML or JSON, spec/gomoku.md): result, reason, clause, move and the clocks (14, 20, 30); exit 1 for an illegal record
    #[command(
        after_help = "Example:\n  qigui gomoku adjudicate tools/gomoku/examples/late-and-flag.yaml --format json"
    )]
    Adjudicate(GomokuJudgeArgs),
    /// Answer a question about a Gomoku event (YAML or JSON, spec/gomoku.md "Events"): 猜先 and colours (10.1, 10.3), a line-up (26.2), 队员总分制 (26.2.5), 擂台赛 and 对抗赛 (27.5, 27.6), rounds (9.3), a play-off control (30.4); exit 1 when the input is refused
    #[command(after_help = "Example:\n  qigui gomoku event tools/gomoku/examples/arena.yaml")]
    Event(GomokuJudgeArgs),
}

/// How a point where black would make five counts for a three (`--reading`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReadingArg {
    /// The point is a legal black move, so it makes the three live (qigui's reading)
    FivePointLegal,
    /// The point does not count: a move there ends the game with a five
    FivePointExcluded,
}

/// `qigui gomoku forbidden`'s options.
#[derive(Args)]
pub struct ForbiddenArgs {
    /// Black's stones, space-separated points (columns A–O, rows 1–15), e.g. "H8 I8"
    #[arg(long, value_name = "POINTS", default_value = "")]
    black: String,
    /// White's stones, space-separated points, e.g. "G8 H7"
    #[arg(long, value_name = "POINTS", default_value = "")]
    white: String,
    /// How a point where black would make five counts for a three (spec/gomoku.md)
    #[arg(long, value_enum, default_value_t = ReadingArg::FivePointLegal)]
    reading: ReadingArg,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

/// `qigui gomoku judge`'s and `qigui gomoku adjudicate`'s options.
#[derive(Args)]
pub struct GomokuJudgeArgs {
    /// The game record (YAML, spec/gomoku.md)
    #[arg(value_name = "FILE")]
    file: String,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

pub fn gomoku(cmd: &GomokuCommand) -> Result<ExitCode, String> {
    match cmd {
        GomokuCommand::Forbidden(a) => forbidden(a),
        GomokuCommand::Judge(a) | GomokuCommand::Adjudicate(a) => judge(a),
        GomokuCommand::Event(a) => event(a),
    }
}

/// Answers an event question file (`spec/gomoku.md`, "Events").
fn event(args: &GomokuJudgeArgs) -> Result<ExitCode, String> {
    let file = &args.file;
    let text = super::read_input(file)?;
    let q: EventQuestion = yaml_serde::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
    if q.questions() != 1 {
        return Err(format!(
            "{file}: give exactly one of nigiri, match, team_match, arena, lineup, team_totals, rounds, playoff and technical_appeal"
        ));
    }
    let (answer, code) = match answer_question(&q) {
        Ok(v) => (v, ExitCode::SUCCESS),
        Err(r) => (
            serde_json::json!({"error": r.code, "message": r.message}),
            ExitCode::from(1),
        ),
    };
    if args.format == TextOrJson::Json {
        outln!("{}", json_text(&answer, false)?);
    } else if let Some(map) = answer.as_object() {
        for (k, v) in map {
            match v {
                serde_json::Value::String(s) => outln!("{k}\t{s}"),
                v => outln!("{k}\t{v}"),
            }
        }
    }
    Ok(code)
}

fn reading(r: ReadingArg) -> Reading {
    match r {
        ReadingArg::FivePointLegal => Reading::FivePointLegal,
        ReadingArg::FivePointExcluded => Reading::FivePointExcluded,
    }
}

/// `gomoku judge --format json` for an illegal record.
#[derive(Serialize)]
struct IllegalJson {
    error: String,
    clause: Option<&'static str>,
}

/// A note of `gomoku judge --format json`.
#[derive(Serialize)]
struct NoteJson<'a> {
    after: u32,
    clause: &'static str,
    text: &'a str,
}

/// `gomoku judge --format json`.
#[derive(Serialize)]
struct AdjudicationJson<'a> {
    result: &'static str,
    reason: Option<&'static str>,
    clause: Option<&'static str>,
    forbidden: Option<&'static str>,
    #[serde(rename = "move")]
    moves: u32,
    lapsed: &'a [u32],
    notes: Vec<NoteJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clocks: Option<ClocksJson>,
}

/// The clocks of `gomoku judge --format json` (seconds left by colour).
#[derive(Serialize)]
struct ClocksJson {
    black: f64,
    white: f64,
    shared: Option<f64>,
    clause: &'static str,
    rapid: bool,
    complete: bool,
}

/// Seconds as `12` or `12.5`.
fn secs(t: f64) -> String {
    format!("{t}")
}

/// A line of five or more stones of one colour on the board: a stone of
/// it (the first in point order) and its direction.
fn five_in_a_row(board: &Board) -> Option<(Stone, Point, Direction)> {
    Point::all().find_map(|p| {
        let stone = board.get(p)?;
        Direction::ALL
            .into_iter()
            .find(|&d| board.run(p, d) >= 5)
            .map(|d| (stone, p, d))
    })
}

/// Every forbidden point of black's on the board, with its kind.
fn forbidden(args: &ForbiddenArgs) -> Result<ExitCode, String> {
    let board = Board::from_lists(&args.black, &args.white).map_err(|e| e.to_string())?;
    // Forbidden points are black's next move's (8.1): a board with five in
    // a row already has no next move (19.1.1: the five wins).
    if let Some((stone, p, d)) = five_in_a_row(&board) {
        return Err(format!(
            "the game is over: {} has {} in a row through {p} ({}), so there is no next move to forbid (19.1.1)",
            stone.name(),
            board.run(p, d),
            d.code()
        ));
    }
    let map = forbidden_map(&board, reading(args.reading));
    if args.format == TextOrJson::Json {
        outln!("{}", qigui::gomoku::forbidden_json(&map));
    } else {
        for (p, f) in &map {
            outln!("{p}\t{}\t{} {}", f.code(), f.clause(), f.chinese());
        }
        outln!("{} forbidden point(s)", map.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Adjudicates a game record file (`spec/gomoku.md`).
fn judge(args: &GomokuJudgeArgs) -> Result<ExitCode, String> {
    let format = args.format;
    let file = &args.file;
    let text = super::read_input(file)?;
    let rec = GameRecord::from_yaml(&text).map_err(|e| format!("{file}: {e}"))?;
    let adj = match adjudicate(&rec) {
        Ok(a) => a,
        Err(e @ GameError::Illegal { .. }) => {
            if format == TextOrJson::Json {
                let out = IllegalJson {
                    error: e.to_string(),
                    clause: e.clause(),
                };
                outln!("{}", json_text(&out, false)?);
            } else {
                outln!("illegal\t{e}");
            }
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(format!("{file}: {e}")),
    };
    let o = adj.outcome;
    let result = o.map(|o| o.result.code()).unwrap_or("ongoing");
    if format == TextOrJson::Json {
        let out = AdjudicationJson {
            result,
            reason: o.map(|o| o.reason.code()),
            clause: o.map(|o| o.clause),
            forbidden: o.and_then(|o| o.forbidden).map(|f| f.code()),
            moves: adj.moves,
            lapsed: &adj.lapsed,
            notes: adj
                .notes
                .iter()
                .map(|n| NoteJson {
                    after: n.after,
                    clause: n.clause,
                    text: &n.text,
                })
                .collect(),
            clocks: adj.clocks.map(|c| ClocksJson {
                black: c.black,
                white: c.white,
                shared: c.shared,
                clause: c.clause,
                rapid: c.rapid,
                complete: c.complete,
            }),
        };
        outln!("{}", json_text(&out, false)?);
    } else {
        outln!("result\t{result}");
        if let Some(o) = o {
            match o.forbidden {
                Some(f) => outln!("reason\t{} ({})", o.reason.code(), f.code()),
                None => outln!("reason\t{}", o.reason.code()),
            }
            outln!("clause\t{}", o.clause);
        }
        outln!("move\t{}", adj.moves);
        if let Some(c) = adj.clocks {
            let shared = c.shared.map(|t| format!(", shared {} s", secs(t)));
            outln!(
                "clocks\tblack {} s, white {} s{} ({}{}{})",
                secs(c.black),
                secs(c.white),
                shared.unwrap_or_default(),
                c.clause,
                if c.rapid { ", rapid 30.1" } else { "" },
                if c.complete { "" } else { ", times incomplete" }
            );
        }
        for n in &adj.notes {
            outln!("note\tafter move {} ({}): {}", n.after, n.clause, n.text);
        }
        out!("{}", adj.board.diagram());
    }
    Ok(ExitCode::SUCCESS)
}
