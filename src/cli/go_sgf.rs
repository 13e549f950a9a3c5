//! `qigui go score --sgf FILE`: replay an SGF game's main line
//! (`qigui::formats::sgf`) and count its final position under 003's
//! 数子法 (`docs/go.md`). Dead stones come from `--dead` and the last
//! node's TB/TW marks; komi from `--komi` (子), `--komi-moku` (目, 1 子 = 2
//! 目) or the SGF's KM (目). When the SGF has `RE`, a last line says
//! whether it agrees with the count (a note, not an error).

use std::collections::BTreeSet;
use std::process::ExitCode;

use qigui::formats::sgf;
use qigui::go::{self, End, Point, Terms, Zi};

use super::TextOrJson;

/// Where the komi came from, for the report.
fn komi(
    game: &sgf::SgfGame,
    path: &str,
    zi: Option<&str>,
    moku: Option<&str>,
) -> Result<(Zi, String), String> {
    if let Some(t) = zi {
        let k = go::parse_komi(t).ok_or_else(|| {
            format!("--komi {t}: give 子 as a whole number of quarters (3.75, 3¾, 2.75, 0)")
        })?;
        return Ok((k, format!("--komi {k} 子")));
    }
    if let Some(t) = moku {
        let m: f64 = t
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| format!("--komi-moku {t}: give 目 as a number (7.5)"))?;
        let k = Zi::from_f64(m / 2.0).ok_or_else(|| {
            format!(
                "--komi-moku {t}: {m} 目 is {} 子, not a whole number of quarter 子 (1 子 = 2 目)",
                m / 2.0
            )
        })?;
        return Ok((k, format!("--komi-moku {t} 目 = {k} 子 (1 子 = 2 目)")));
    }
    match game.komi_zi().map_err(|e| format!("{path}:{e}"))? {
        Some(k) => Ok((
            k,
            format!(
                "KM[{}] 目 = {k} 子 (1 子 = 2 目)",
                game.komi_moku.unwrap_or_default()
            ),
        )),
        None if game.handicap >= 2 => Ok((
            Zi::ZERO,
            "none: a handicap game (胜负计算.让子)".to_string(),
        )),
        None => Err(format!(
            "{path}: the SGF has no KM: give --komi (子: 3.75 as 胜负计算.贴子, 2.75 as 竞赛规定.11) or --komi-moku (目)"
        )),
    }
}

fn dead_points(list: &str, size: u8) -> Result<BTreeSet<Point>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| Point::parse(t, size).map_err(|e| format!("--dead: {e}")))
        .collect()
}

fn end_text(end: Option<End>) -> String {
    match end {
        None => "not ended in the record".into(),
        Some(End::Passes) => "two passes (胜负计算.3)".into(),
        Some(End::Resignation(s)) => format!("{s} resigned (胜负计算.2)"),
        Some(End::TripleKo) => "三劫连环, a draw (胜负计算.和棋)".into(),
    }
}

pub fn score_sgf(
    path: &str,
    dead: Option<&str>,
    komi_zi: Option<&str>,
    komi_moku: Option<&str>,
    format: TextOrJson,
) -> Result<ExitCode, String> {
    let text = super::read_input(path)?;
    let game = sgf::parse(&text).map_err(|e| format!("{path}:{e}"))?;
    let replay = game.replay().map_err(|e| format!("{path}:{e}"))?;
    let board = replay.position.board();
    let mut dead_set = game.dead_marks(board).map_err(|e| format!("{path}:{e}"))?;
    if let Some(list) = dead {
        dead_set.extend(dead_points(list, game.size)?);
    }
    let (k, komi_note) = komi(&game, path, komi_zi, komi_moku)?;
    let terms = Terms {
        komi: k,
        handicap: game.handicap,
        ..Terms::default()
    };
    let count = go::count(board, &dead_set, &terms).map_err(|e| format!("{path}: {e}"))?;
    let names = match (&game.black, &game.white) {
        (None, None) => String::new(),
        (b, w) => format!(
            " (black {}, white {})",
            b.as_deref().unwrap_or("?"),
            w.as_deref().unwrap_or("?")
        ),
    };
    match format {
        TextOrJson::Text => {
            let mut out = format!(
                "record     {n}×{n}, {} moves{names}; ended: {}",
                replay.plies,
                end_text(replay.end),
                n = game.size
            );
            if let Some(re) = &game.result {
                out.push_str(&format!("; RE[{re}]"));
            }
            if game.variations_skipped > 0 {
                out.push_str(&format!(
                    "; main line only ({} variation{} skipped)",
                    game.variations_skipped,
                    if game.variations_skipped == 1 {
                        ""
                    } else {
                        "s"
                    }
                ));
            }
            out.push('\n');
            out.push_str(&format!("komi       {komi_note}\n"));
            out.push_str(&super::go::to_text(&count));
            if let Some(re) = &game.result {
                let c = go::compare_recorded_result(re, &count);
                out.push_str(&format!(
                    "RE         {}: {}\n",
                    c.agreement.code().replace('_', " "),
                    c.note
                ));
            }
            out!("{out}");
        }
        TextOrJson::Json => {
            let mut v = count.to_json();
            v["record"] = serde_json::json!({
                "moves": replay.plies,
                "end": replay.end.map_or("none", |e| e.code()),
                "re": game.result,
                "re_check": game.result.as_deref().map(|re| {
                    let c = go::compare_recorded_result(re, &count);
                    serde_json::json!({"agreement": c.agreement.code(), "note": c.note})
                }),
                "black_player": game.black,
                "white_player": game.white,
                "variations_skipped": game.variations_skipped,
                "final_board": board.rows(),
                "dead": dead_set.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            });
            outln!("{}", super::json_text(&v, false)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}
