//! `qigui judge`: find every 待判局面 of a game record (23.1–23.4) or of a
//! list of moves, label the moves of each and rule on it; or label one
//! period of a cycle given as moves and rule on it.

// `RecordError`, shared by every record reader, is returned as it is.
#![allow(clippy::result_large_err)]

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use qigui::formats::pgn;
use qigui::formats::{JudgedGame, RecordJudge};
use qigui::notation;
use qigui::xiangqi::{Judgement, PendingJudgement, Sequence};
use qigui::{Limits, Square};
use rayon::prelude::*;
use serde::Serialize;

use super::{EditionArg, json_text, position_arg};

/// `judge --format`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JudgeFormat {
    /// Text for people
    Text,
    /// JSON for programs: one document
    Json,
    /// JSON lines: one compact object per game, in input order (for databases)
    Jsonl,
}

/// `qigui judge`'s options.
#[derive(Args)]
pub struct JudgeArgs {
    /// The position before the first move, as FEN; `start` (the default) is the starting position
    #[arg(long, value_name = "FEN", conflicts_with = "record")]
    fen: Option<String>,
    /// Moves from the position, space-separated, in ICCS, WXF or Chinese notation: a game (every 待判局面 in it is found) or one period of a cycle that returns to the position
    #[arg(long, value_name = "MOVES", required_unless_present = "record")]
    moves: Option<String>,
    /// A game record file (PGN with several games, XQF, a DhtmlXQ page or CBF): every 待判局面 of each game, labelled and ruled on
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "nine_rounds", "points"])]
    record: Option<PathBuf>,
    /// With --record: only the N-th game of the file (1-based)
    #[arg(long, value_name = "N", requires = "record")]
    game: Option<usize>,
    /// The edition whose 棋例 rule (a Xiangqi edition)
    #[arg(long, value_name = "E", default_value_t = qigui::EditionId::Xiangqi2020, value_parser = super::edition())]
    edition: EditionArg,
    /// The output format
    #[arg(long, value_enum, default_value_t = JudgeFormat::Text)]
    format: JudgeFormat,
    /// The 待判局面 is 23.4's: one side attacking over three or more points for nine rounds, instead of a threefold repetition
    #[arg(long)]
    nine_rounds: bool,
    /// Judge the moves as one period of a cycle as given, the way the book's figures print one, without looking for a 待判局面 in them (otherwise moves that neither repeat nor return to the position answer `none`)
    #[arg(long, conflicts_with = "record")]
    period: bool,
    /// For 23.4 (with --nine-rounds): how many distinct points the attacking side's moves used
    #[arg(long, value_name = "N")]
    points: Option<u32>,
    /// The defensive key points the referee names (26.2), comma- or space-separated, e.g. e4,e5
    #[arg(long, value_name = "P,P")]
    key_points: Option<String>,
    /// Explain every label and the ruling in prose (text format only)
    #[arg(long)]
    explain: bool,
}

/// A judged game's text for people.
trait GameText {
    fn text(&self, explain: bool) -> String;
}

impl GameText for JudgedGame {
    fn text(&self, explain: bool) -> String {
        let mut out = format!("game {}", self.number);
        match &self.record {
            Err(e) => {
                out.push_str(&format!(": error: {e}\n"));
            }
            Ok((r, found)) => {
                let who: Vec<&str> = ["Red", "Black"].iter().filter_map(|t| r.tag(t)).collect();
                if !who.is_empty() {
                    out.push_str(&format!(" ({}", who.join(" – ")));
                    if let Some(e) = r.tag("Event") {
                        out.push_str(&format!(", {e}"));
                    }
                    out.push(')');
                }
                if found.is_empty() {
                    out.push_str(": none\n");
                } else {
                    out.push_str(&format!(": {} 待判局面\n", found.len()));
                    for (i, p) in found.iter().enumerate() {
                        out.push_str(&pending_text(i + 1, p, explain));
                    }
                }
            }
        }
        out
    }
}

/// A 待判局面 as text: where it stood, the moves labelled, the ruling.
fn pending_text(n: usize, p: &PendingJudgement, explain: bool) -> String {
    let q = &p.pending;
    let mut out = match q.sequence {
        Sequence::Threefold => format!(
            "待判局面 {n}: threefold (23.1) at move {}, ply {}: the position stood at plies {}; the period from ply {}:\n",
            q.round(),
            q.ply,
            q.occurrences
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            q.from_ply
        ),
        Sequence::NineRounds => format!(
            "待判局面 {n}: nine rounds (23.4) at move {}, ply {}: {} attacked over {} points from ply {}:\n",
            q.round(),
            q.ply,
            q.side.map_or("?", |c| c.name()),
            q.points.unwrap_or(0),
            q.from_ply
        ),
    };
    out.push_str(&format!("  {}\n", q.position.fen()));
    if explain {
        for l in qigui::xiangqi::explain(&p.judgement).lines() {
            out.push_str(&format!("  {l}\n"));
        }
    } else {
        out.push_str(&judgement_text(&p.judgement, "  "));
    }
    out
}

/// A judgement's moves and ruling, one move a line.
fn judgement_text(j: &Judgement, indent: &str) -> String {
    let mut out = String::new();
    for m in &j.moves {
        out.push_str(&format!(
            "{indent}{:>2} {:<5} {} {:<8} {}  ({}) {}\n",
            m.ply,
            m.side,
            m.analysis.mv.iccs(),
            m.notation,
            m.analysis.label.code(),
            m.analysis.clauses.join(", "),
            m.analysis.reason
        ));
    }
    match &j.ruling {
        Ok(r) => out.push_str(&format!(
            "{indent}{} — {} [{}]\n",
            r.verdict.code(),
            r.explanation,
            r.clauses.join(", ")
        )),
        Err(e) => out.push_str(&format!("{indent}no ruling: {e}\n")),
    }
    out
}

/// The key points of `--key-points` (26.2), e.g. "e4" or "e4,e5".
fn key_points(arg: Option<&str>) -> Result<Vec<Square>, String> {
    arg.map(|list| {
        list.split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| Square::parse(s).ok_or(format!("--key-points: {s} is not a point")))
            .collect::<Result<Vec<_>, String>>()
    })
    .transpose()
    .map(Option::unwrap_or_default)
}

pub fn judge(args: &JudgeArgs) -> Result<ExitCode, String> {
    let setting = RecordJudge {
        rules: super::rule::repetition_rules(args.edition)?,
        key_points: key_points(args.key_points.as_deref())?,
        limits: Limits::default(),
    };
    if let Some(path) = &args.record {
        return judge_record(args, path, &setting);
    }
    let start = position_arg(args.fen.as_deref())?;
    let text = args.moves.as_deref().unwrap_or_default();
    let (moves, end) =
        notation::parse_line(&start, text).map_err(|(ply, e)| format!("move {ply}: {e}"))?;
    if let Some(ply) = moves
        .iter()
        .scan(start.clone(), |pos, &mv| {
            let legal = pos.is_legal(mv);
            *pos = pos.play_unchecked(mv);
            Some(legal)
        })
        .position(|legal| !legal)
    {
        return Err(format!(
            "move {}: {} leaves its own king in check or facing the other (3.4)",
            ply + 1,
            moves[ply].iccs()
        ));
    }
    let as_period = args.period
        || args.nine_rounds
        || (moves.len() >= 2 && end.repetition_key() == start.repetition_key());
    let found = if args.nine_rounds || args.period {
        Vec::new()
    } else {
        setting.judge_moves(&start, &moves)
    };
    if !found.is_empty() || !as_period {
        // A game: every 待判局面 in it, or none.
        return Ok(print_moves_game(args, &found));
    }
    // One period of a cycle (it returns to the position, or --period says
    // so), or 23.4's nine rounds as given.
    let sequence = if args.nine_rounds {
        Sequence::NineRounds
    } else {
        Sequence::Threefold
    };
    let j = qigui::judge(
        &start,
        &moves,
        setting.rules,
        sequence,
        args.points,
        &setting.key_points,
        &setting.limits,
    );
    if args.format == JudgeFormat::Text {
        if args.explain {
            out!("{}", qigui::xiangqi::explain(&j));
        } else {
            out!("{}", judgement_text(&j, ""));
        }
    } else {
        let out = &j;
        outln!("{}", json_text(&out, args.format == JudgeFormat::Json)?);
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer for `--moves` that are a game: every 待判局面, or `none`.
fn print_moves_game(args: &JudgeArgs, found: &[PendingJudgement]) -> ExitCode {
    if args.format == JudgeFormat::Text {
        if found.is_empty() {
            outln!(
                "none — no position stands a third time in these moves (23.1, 23.3), no side attacks for nine rounds (23.4), and they do not return to the start position as one period of a cycle"
            );
        }
        for (i, p) in found.iter().enumerate() {
            out!("{}", pending_text(i + 1, p, args.explain));
        }
    } else {
        #[derive(Serialize)]
        struct MovesJson<'a> {
            answer: &'static str,
            pending: &'a [PendingJudgement],
        }
        let out = MovesJson {
            answer: if found.is_empty() { "none" } else { "pending" },
            pending: found,
        };
        match json_text(&out, args.format == JudgeFormat::Json) {
            Ok(t) => outln!("{t}"),
            Err(e) => eprintln!("qigui judge: {e}"),
        }
    }
    ExitCode::SUCCESS
}

/// How many games are judged at once between two writes of the output:
/// enough to keep every core busy, few enough to stream.
const GAMES_PER_BATCH: usize = 256;

/// `judge --record FILE`: every game (or `--game N`), in input order,
/// judged in parallel batches; a bad game is reported in its place and the
/// run goes on. Exit 0 when every game was read, 2 when one was not.
fn judge_record(
    args: &JudgeArgs,
    path: &std::path::Path,
    setting: &RecordJudge,
) -> Result<ExitCode, String> {
    let file = path.display().to_string();
    let bytes = read_capped(path)?;
    if qigui::formats::record_format(&bytes, &file) != qigui::formats::RecordFormat::Pgn {
        // Other formats: read whole, judged as the PGN games are.
        return judge_other_format(args, &bytes, &file, setting);
    }
    let text = pgn::decode(&bytes, &file).map_err(|e| e.to_string())?;
    let mut games = pgn::split_games(text, &file);
    if let Some(n) = args.game {
        if n == 0 || n > games.len() {
            return Err(format!("--game {n}: {file} has {} game(s)", games.len()));
        }
        games = vec![games.swap_remove(n - 1)];
    }
    let bar = progress_bar(games.len(), args.format);
    let mut failed = false;
    let mut all_json = Vec::new();
    for batch in games.chunks(GAMES_PER_BATCH) {
        let judged: Vec<JudgedGame> = batch
            .par_iter()
            .map(|g| setting.judge_game(g.number(), Some(g.line()), &file, g.read()))
            .collect();
        for g in judged {
            failed |= g.record.is_err();
            emit(args, g, &mut all_json)?;
        }
        if let Some(b) = &bar {
            b.inc(batch.len() as u64);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    finish(args, all_json, failed)
}

/// Writes one judged game: text and JSON lines at once, JSON collected.
fn emit(args: &JudgeArgs, g: JudgedGame, all: &mut Vec<JudgedGame>) -> Result<(), String> {
    match args.format {
        JudgeFormat::Text => out!("{}", g.text(args.explain)),
        JudgeFormat::Jsonl => outln!("{}", json_text(&g, false)?),
        JudgeFormat::Json => all.push(g),
    }
    Ok(())
}

fn finish(args: &JudgeArgs, all: Vec<JudgedGame>, failed: bool) -> Result<ExitCode, String> {
    if args.format == JudgeFormat::Json {
        outln!("{}", json_text(&all, true)?);
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// A record in a format other than PGN, read whole by its reader.
fn judge_other_format(
    args: &JudgeArgs,
    bytes: &[u8],
    file: &str,
    setting: &RecordJudge,
) -> Result<ExitCode, String> {
    let games = qigui::formats::read_records_bytes(bytes, file).map_err(|e| e.to_string())?;
    let mut all = Vec::new();
    let mut failed = false;
    for (i, g) in games.into_iter().enumerate() {
        if args.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        let g = setting.judge_game(i + 1, None, file, g);
        failed |= g.record.is_err();
        emit(args, g, &mut all)?;
    }
    finish(args, all, failed)
}

/// The file's bytes, refused beyond the input limit (limits.rs).
fn read_capped(path: &std::path::Path) -> Result<Vec<u8>, String> {
    qigui::limits::read_bytes(path).map_err(|e| e.to_string())
}

/// A progress bar on stderr when stderr is a terminal and there is more
/// than one game.
fn progress_bar(games: usize, _format: JudgeFormat) -> Option<indicatif::ProgressBar> {
    if games < 2 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(games as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

/// `qigui threats`'s options.
#[derive(Args)]
pub struct ThreatsArgs {
    /// The position, as FEN; `start` (the default) is the starting position
    fen: Option<String>,
    /// Moves played from the position first, space-separated, in ICCS, WXF or Chinese notation
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
}

/// `qigui threats FEN`: what the side to move could win (捉) or mate (杀).
pub fn threats(args: &ThreatsArgs) -> Result<ExitCode, String> {
    let pos = position_arg(args.fen.as_deref())?;
    let pos = match args.moves.as_deref() {
        Some(t) => {
            notation::parse_line(&pos, t)
                .map_err(|(p, e)| format!("move {p}: {e}"))?
                .1
        }
        None => pos,
    };
    let limits = Limits::default();
    let ctx = qigui::xiangqi::ValueContext::default();
    let found = qigui::xiangqi::threats(&pos, &ctx, &limits.chase);
    for (i, t) in found.iter().enumerate() {
        outln!("{}. {}", i + 1, threat_line(&pos, t));
    }
    if found.is_empty() {
        outln!("无可得之子 / nothing to win");
    }
    let (en, zh) =
        qigui::xiangqi::mate_words(&pos, qigui::xiangqi::mate_by_checks(&pos, limits.mate));
    outln!("杀 / mate: {zh} / {en}");
    Ok(ExitCode::SUCCESS)
}

/// One threat of `qigui threats` in the words of `judge --explain`:
/// what is won, the line (Chinese notation, then ICCS) and the pieces
/// taking part.
fn threat_line(pos: &qigui::Position, t: &qigui::xiangqi::Threat) -> String {
    let (en, zh) = qigui::xiangqi::threat_words(t);
    let mut at = pos.clone();
    let mut line_zh = Vec::new();
    for &m in &t.line {
        line_zh.push(notation::chinese(&at, m));
        match at.play(m) {
            Ok(next) => at = next,
            Err(_) => break,
        }
    }
    let line_iccs: Vec<String> = t.line.iter().map(|m| m.iccs()).collect();
    let pieces: Vec<(String, String)> = t
        .participants
        .iter()
        .filter_map(|&sq| pos.piece_at(sq).map(|p| (sq, p)))
        .map(|(sq, p)| {
            (
                format!("the {} on {sq}", p.kind.name()),
                format!("{}({sq})", p.chinese()),
            )
        })
        .collect();
    let (by_en, by_zh): (Vec<String>, Vec<String>) = pieces.into_iter().unzip();
    format!(
        "{zh}：{}，参与 {} / {en}: {}, with {}",
        line_zh.join(" "),
        by_zh.join("、"),
        line_iccs.join(" "),
        by_en.join(", ")
    )
}
