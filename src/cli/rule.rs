//! `qigui rule`: the ruling on a labelled cycle (棋例 I).

use std::process::ExitCode;

use clap::Args;
use qigui::xiangqi::{Cycle, RepetitionRules, Sequence};

use super::{EditionArg, TextOrJson, json_text};

/// `qigui rule`'s options.
#[derive(Args)]
pub struct RuleArgs {
    /// Red's moves of one period of the cycle, as labels: 将 杀 捉 兑 献 拦 跟 闲, a 捉 naming what it chases (捉:车, 捉:无根子, 捉:少根子, 捉:联合, 捉:联合车, 捉:联合无根子, 捉:得子), e.g. "捉 捉"
    #[arg(long, value_name = "LABELS")]
    red: String,
    /// Black's moves of one period of the cycle, as labels (as --red), e.g. "兑 捉"
    #[arg(long, value_name = "LABELS")]
    black: String,
    /// The edition whose 棋例 rule (a Xiangqi edition)
    #[arg(long, value_name = "E", default_value_t = qigui::EditionId::Xiangqi2020, value_parser = super::edition())]
    edition: EditionArg,
    /// The move number (回合) at which the 待判局面 arose (for 4.3)
    #[arg(long, value_name = "N")]
    move_number: Option<u32>,
    /// The 待判局面 is 23.4's: one side attacking over three or more points for nine rounds, instead of a threefold repetition
    #[arg(long)]
    nine_rounds: bool,
    /// For 23.4 (with --nine-rounds): how many distinct points the attacking side's moves used
    #[arg(long, value_name = "N")]
    points: Option<u32>,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

/// The repetition rules (棋例) of `edition`: every Xiangqi edition has
/// them; for a Gomoku or Go edition, or an unknown id, the message says why
/// there are none.
pub fn repetition_rules(id: qigui::EditionId) -> Result<&'static RepetitionRules, String> {
    use qigui::edition::{Edition, GameKind};
    let e = Edition::of(id);
    e.repetition.as_ref().ok_or_else(|| {
        let with_rules: Vec<&str> = Edition::all()
            .iter()
            .filter(|e| e.repetition.is_some())
            .map(|e| e.id)
            .collect();
        let game = match e.game {
            GameKind::Xiangqi => "Xiangqi",
            GameKind::Gomoku => "Gomoku",
            GameKind::Go => "Go",
        };
        format!(
            "'{id}' is a {game} edition: the 棋例 (repetition rulings) are Xiangqi's; the editions with them are {}",
            with_rules.join(", ")
        )
    })
}

pub fn rule(args: &RuleArgs) -> Result<ExitCode, String> {
    let rules = repetition_rules(args.edition)?;
    let red = qigui::xiangqi::parse_labels(&args.red).map_err(|e| format!("--red: {e}"))?;
    let black = qigui::xiangqi::parse_labels(&args.black).map_err(|e| format!("--black: {e}"))?;
    let cycle = Cycle {
        red,
        black,
        sequence: if args.nine_rounds {
            Sequence::NineRounds
        } else {
            Sequence::Threefold
        },
        points: args.points,
        move_number: args.move_number,
    };
    let r = qigui::rule(&cycle, rules).map_err(|e| e.to_string())?;
    if args.format == TextOrJson::Json {
        outln!("{}", json_text(&r.to_json(), true)?);
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
