//! `qigui judge`: label every move of a cycle from the position and rule on it.

use std::process::ExitCode;

use clap::Args;
use qigui::Limits;
use qigui::notation;
use qigui::xiangqi::Sequence;

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
        outln!("{}", json_text(&j.to_json(), true)?);
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
    for t in qigui::xiangqi::threats(&pos, &ctx, &limits.chase) {
        let line: Vec<String> = t.line.iter().map(|m| m.iccs()).collect();
        let cats: Vec<&str> = t.categories.iter().map(|c| c.code()).collect();
        let parts: Vec<String> = t.participants.iter().map(|s| s.to_string()).collect();
        outln!(
            "{} {} {:?} [{}] line: {} participants: {}",
            t.target,
            t.piece.chinese(),
            t.means,
            cats.join(","),
            line.join(" "),
            parts.join(" ")
        );
    }
    outln!(
        "mate by checks: {:?}",
        qigui::xiangqi::mate_by_checks(&pos, limits.mate)
    );
    Ok(ExitCode::SUCCESS)
}
