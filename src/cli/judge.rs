//! `qigui judge`: label every move of a cycle from the position and rule on it.

use std::process::ExitCode;

use clap::Args;
use qigui::Limits;
use qigui::notation;
use qigui::xiangqi::Sequence;
use serde::Serialize;

use super::{EditionArg, TextOrJson, json_text, position_arg};

/// `qigui judge`'s options.
#[derive(Args)]
pub struct JudgeArgs {
    /// The position before the first move, as FEN; `start` (the default) is the starting position
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// The moves of one period of the cycle, space-separated, in ICCS, WXF or Chinese notation (e.g. "h2e2 h9g7")
    #[arg(long, value_name = "MOVES")]
    moves: String,
    /// The edition whose 棋例 rule (a Xiangqi edition)
    #[arg(long, value_name = "E", default_value_t = qigui::EditionId::Xiangqi2020, value_parser = super::edition())]
    edition: EditionArg,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
    /// The 待判局面 is 23.4's: one side attacking over three or more points for nine rounds, instead of a threefold repetition
    #[arg(long)]
    nine_rounds: bool,
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

/// One move of `judge --format json`.
#[derive(Serialize)]
struct JudgedMoveJson<'a> {
    ply: usize,
    side: qigui::Color,
    iccs: String,
    notation: &'a str,
    /// The fine label (24.1–24.8).
    label: &'static str,
    /// The book's category of the label (24.8): 将, 杀, 捉 or 闲.
    category: &'static str,
    targets: Vec<TargetJson>,
    clauses: &'a [&'static str],
    reason: &'a str,
    reason_zh: &'a str,
}

/// A chased piece of a move of `judge --format json`.
#[derive(Serialize)]
struct TargetJson {
    square: String,
    piece: String,
    categories: Vec<&'static str>,
}

/// `judge --format json`: the verdict (null when there is no ruling, the
/// clauses then holding the reason), its clauses and every move.
#[derive(Serialize)]
struct JudgementJson<'a> {
    verdict: Option<&'static str>,
    clauses: Vec<String>,
    moves: Vec<JudgedMoveJson<'a>>,
}

pub fn judge(args: &JudgeArgs) -> Result<ExitCode, String> {
    let rules = super::rule::repetition_rules(args.edition)?;
    let start = position_arg(args.fen.as_deref())?;
    let (moves, _) =
        notation::parse_line(&start, &args.moves).map_err(|(ply, e)| format!("move {ply}: {e}"))?;
    let points = args.points;
    let sequence = if args.nine_rounds {
        Sequence::NineRounds
    } else {
        Sequence::Threefold
    };
    // 26.2: the defensive key points the referee names, e.g. "e4" or "e4,e5".
    let key_points = args
        .key_points
        .as_deref()
        .map(|list| {
            list.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(|s| qigui::Square::parse(s).ok_or(format!("--key-points: {s} is not a point")))
                .collect::<Result<Vec<_>, String>>()
        })
        .transpose()?
        .unwrap_or_default();
    let j = qigui::judge(
        &start,
        &moves,
        rules,
        sequence,
        points,
        &key_points,
        &Limits::default(),
    );
    if args.format == TextOrJson::Json {
        let moves = j
            .moves
            .iter()
            .map(|m| JudgedMoveJson {
                ply: m.ply,
                side: m.side,
                iccs: m.analysis.mv.iccs(),
                notation: &m.notation,
                label: m.analysis.label.code(),
                category: m.analysis.label.category().code(),
                targets: m
                    .analysis
                    .targets
                    .iter()
                    .map(|t| TargetJson {
                        square: t.square.to_string(),
                        piece: t.piece.chinese().to_string(),
                        categories: t.categories.iter().map(|c| c.code()).collect(),
                    })
                    .collect(),
                clauses: &m.analysis.clauses,
                reason: &m.analysis.reason,
                reason_zh: &m.analysis.reason_zh,
            })
            .collect();
        let (verdict, clauses) = match &j.ruling {
            Ok(r) => (
                Some(r.verdict.code()),
                r.clauses.iter().map(|c| c.to_string()).collect(),
            ),
            Err(e) => (None, vec![e.to_string()]),
        };
        let out = JudgementJson {
            verdict,
            clauses,
            moves,
        };
        outln!("{}", json_text(&out, true)?);
    } else {
        if args.explain {
            out!("{}", qigui::xiangqi::explain(&j));
        } else {
            for m in &j.moves {
                outln!(
                    "{:>2} {:<5} {} {:<8} {}  ({}) {}",
                    m.ply,
                    m.side,
                    m.analysis.mv.iccs(),
                    m.notation,
                    m.analysis.label.code(),
                    m.analysis.clauses.join(", "),
                    m.analysis.reason
                );
            }
            match &j.ruling {
                Ok(r) => outln!(
                    "{} — {} [{}]",
                    r.verdict.code(),
                    r.explanation,
                    r.clauses.join(", ")
                ),
                Err(e) => outln!("no ruling: {e}"),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
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
