//! `qigui rule`: the ruling on a labelled cycle (棋例 I).

use std::process::ExitCode;

use qigui::xiangqi::{Cycle, RepetitionRules, Sequence};
use serde_json::json;

use super::Args;

/// The repetition rules (棋例) of `edition`: every Xiangqi edition has
/// them; for a Gomoku or Go edition, or an unknown id, the message says why
/// there are none.
pub fn repetition_rules(edition: &str) -> Result<&'static RepetitionRules, String> {
    use qigui::edition::{Edition, GameKind};
    let with_rules: Vec<&str> = Edition::all()
        .iter()
        .filter(|e| RepetitionRules::for_edition(e.id).is_some())
        .map(|e| e.id)
        .collect();
    match Edition::get(edition) {
        None => Err(format!(
            "unknown edition '{edition}' (expected one of {})",
            Edition::ids().join(", ")
        )),
        Some(e) => RepetitionRules::for_edition(e.id).ok_or_else(|| {
            let game = match e.game {
                GameKind::Xiangqi => "Xiangqi",
                GameKind::Gomoku => "Gomoku",
                GameKind::Go => "Go",
            };
            format!(
                "'{edition}' is a {game} edition: the 棋例 (repetition rulings) are Xiangqi's; the editions with them are {}",
                with_rules.join(", ")
            )
        }),
    }
}

pub fn rule(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(
        raw,
        &["edition", "red", "black", "move-number", "points", "format"],
        &["nine-rounds"],
    )?;
    let format = args.format(&["text", "json"])?;
    let edition = args.value("edition").unwrap_or("xiangqi-2020");
    let rules = repetition_rules(edition)?;
    let red =
        qigui::xiangqi::parse_labels(args.value("red").ok_or("--red \"labels\" is required")?)
            .map_err(|e| format!("--red: {e}"))?;
    let black = qigui::xiangqi::parse_labels(
        args.value("black")
            .ok_or("--black \"labels\" is required")?,
    )
    .map_err(|e| format!("--black: {e}"))?;
    let number = |name: &str| -> Result<Option<u32>, String> {
        args.value(name)
            .map(|v| {
                v.parse::<u32>()
                    .map_err(|_| format!("--{name} {v}: not a number"))
            })
            .transpose()
    };
    let cycle = Cycle {
        red,
        black,
        sequence: if args.has("nine-rounds") {
            Sequence::NineRounds
        } else {
            Sequence::Threefold
        },
        points: number("points")?,
        move_number: number("move-number")?,
    };
    let r = qigui::rule(&cycle, rules).map_err(|e| e.to_string())?;
    if format == "json" {
        let v = json!({
            "verdict": r.verdict.code(),
            "clauses": r.clauses,
            "red": r.red,
            "black": r.black,
            "change": r.change,
            "explanation": r.explanation,
        });
        outln!(
            "{}",
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
        );
    } else {
        outln!("{} ({})", r.verdict.code(), r.verdict.chinese());
        outln!("clauses: {}", r.clauses.join(", "));
        outln!(
            "red: {}{}",
            r.red.description,
            if r.red.forbidden {
                " (禁止着法)"
            } else {
                " (允许着法)"
            }
        );
        outln!(
            "black: {}{}",
            r.black.description,
            if r.black.forbidden {
                " (禁止着法)"
            } else {
                " (允许着法)"
            }
        );
        if let Some(c) = r.change {
            let within = match c.within_rounds {
                Some(0) => "at once".to_string(),
                Some(n) => format!("within {n} rounds"),
                None => "(no deadline given)".to_string(),
            };
            outln!(
                "change: {} {within}{}",
                c.side,
                if c.idle_required {
                    ", one changed move being 闲"
                } else {
                    ""
                }
            );
        }
        outln!("{}", r.explanation);
    }
    Ok(ExitCode::SUCCESS)
}
