//! `qigui pair …`: pairing tables and Swiss rounds (2020 articles 10–12,
//! 附录二–五; Gomoku 26–27, 附录三–七).
//!
//! * `pair round-robin N [--double] [--games G]`: one line per round,
//!   `round R: a-b c-d ...`, the first mover (red) first, the bye `a-bye`.
//! * `pair swiss FILE [--round R] [--first-round M] [--format text|json|trf]`:
//!   the round's boards, each with its reason.
//! * `pair knockout N [--seeds S] [--preliminary]`: the first-round lines.
//! * `pair scheveningen N [--rules E]`: the book's table.
//! * `pair lineups BOARDS RESERVES`: 11.2's line-ups.

use std::path::Path;
use std::process::ExitCode;

use qigui::event::Tournament;
use qigui::event::pairing::knockout::{self, Completion, Line};
use qigui::event::pairing::scheveningen::{self, Book};
use qigui::event::pairing::swiss::{self, FirstRound, RoundPairing};
use qigui::event::pairing::{lineups, round_robin};

use super::Args;

const USAGE: &str = "usage: qigui pair round-robin N [--double] [--games G]
       qigui pair swiss FILE [--round R] [--first-round adjacent|head-tail|halves] [--format text|json|trf]
       qigui pair knockout N [--seeds S] [--preliminary]
       qigui pair scheveningen N [--rules xiangqi-2020|gomoku-2025]
       qigui pair lineups BOARDS RESERVES";

pub fn pair(raw: &[String]) -> Result<ExitCode, String> {
    let Some(sub) = raw.first() else {
        return Err(USAGE.into());
    };
    let rest = &raw[1..];
    match sub.as_str() {
        "round-robin" => round_robin_cmd(rest),
        "swiss" => swiss_cmd(rest),
        "knockout" => knockout_cmd(rest),
        "scheveningen" => scheveningen_cmd(rest),
        "lineups" => lineups_cmd(rest),
        other => Err(format!("unknown pairing '{other}'\n{USAGE}")),
    }
}

fn number(s: &str, what: &str) -> Result<u32, String> {
    s.parse()
        .map_err(|_| format!("{what} '{s}' is not a whole number"))
}

fn round_robin_cmd(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["games"], &["double"])?;
    let [n] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let n = number(n, "N")?;
    let table = if args.has("double") {
        round_robin::double_table(n)
    } else {
        round_robin::table(n)
    }
    .map_err(|e| e.to_string())?;
    let games = match args.value("games") {
        Some(g) => number(g, "--games")?.max(1),
        None => 1,
    };
    if games > round_robin::MAX_GAMES {
        return Err(format!(
            "--games {games}: at most {} games a pairing",
            round_robin::MAX_GAMES
        ));
    }
    for (r, round) in table.iter().enumerate() {
        let sets = round_robin::match_games(round, games);
        for (k, set) in sets.iter().enumerate() {
            let text: Vec<String> = set.iter().map(|g| g.text()).collect();
            if games > 1 {
                outln!("round {} game {}: {}", r + 1, k + 1, text.join(" "));
            } else {
                outln!("round {}: {}", r + 1, text.join(" "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn swiss_cmd(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["round", "format", "first-round"], &[])?;
    let [file] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let format = args.format(&["text", "json", "trf"])?;
    let t = qigui::formats::load_tournament(Path::new(file)).map_err(|e| e.to_string())?;
    let round = match args.value("round") {
        Some(r) => Some(number(r, "--round")?),
        None => None,
    };
    let how = match args.value("first-round") {
        None | Some("adjacent") => FirstRound::Adjacent,
        Some("head-tail") => FirstRound::HeadTail,
        Some("halves") => FirstRound::Halves,
        Some(o) => {
            return Err(format!(
                "--first-round '{o}': adjacent, head-tail or halves"
            ));
        }
    };
    let p = swiss::pair_tournament(&t, round, how).map_err(|e| format!("{file}: {e}"))?;
    match format {
        "json" => outln!("{}", serde_json::to_string_pretty(&p).unwrap_or_default()),
        "trf" => out!("{}", trf_with_round(&t, &p)?),
        _ => out!("{}", p.to_text(t.game.colours())),
    }
    Ok(ExitCode::SUCCESS)
}

/// The tournament up to the round before `p`, as TRF-2026, with `p`'s
/// pairing as the next round column (`qigui::formats::trf::write_paired`).
fn trf_with_round(t: &Tournament, p: &RoundPairing) -> Result<String, String> {
    qigui::formats::trf::write_paired(t, p.round, &swiss::pairing_lines(p))
        .map_err(|e| e.to_string())
}

fn knockout_cmd(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["seeds"], &["preliminary"])?;
    let [n] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let n = number(n, "N")?;
    let seeds = match args.value("seeds") {
        Some(s) => number(s, "--seeds")?,
        None => 0,
    };
    let how = if args.has("preliminary") {
        Completion::Preliminary
    } else {
        Completion::Byes
    };
    let lines = knockout::bracket(n, seeds, how).map_err(|e| e.to_string())?;
    let places = lines.len() as u32;
    let show = |l: &Line| match l {
        Line::Player(p) => p.to_string(),
        Line::Bye => "bye".to_string(),
        Line::Preliminary(a, b) => format!("{a}/{b}"),
    };
    outln!("places {places}");
    for (k, pair) in lines.chunks(2).enumerate() {
        if let [a, b] = pair {
            outln!(
                "game {}: {}-{}  (positions {}-{})",
                k + 1,
                show(a),
                show(b),
                2 * k + 1,
                2 * k + 2
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn scheveningen_cmd(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["rules"], &[])?;
    let [n] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let n = number(n, "N")?;
    let book = match args.value("rules") {
        None | Some("xiangqi-2020") => Book::Xiangqi2020,
        Some("gomoku-2025") => Book::Gomoku2025,
        // 附录一 is the 2020 book's appendix: the same book's tables.
        Some("xiangqi-2020-mass") => Book::Xiangqi2020,
        Some(o) if qigui::Edition::get(o).is_some() => {
            return Err(format!(
                "--rules '{o}': that edition prints no Scheveningen table (全队轮赛制); the tables are the 2020 book's 附录五 (xiangqi-2020, xiangqi-2020-mass) and Gomoku 2025's 附录五 (gomoku-2025)"
            ));
        }
        Some(o) => {
            return Err(format!(
                "--rules '{o}': unknown edition (expected one of {})",
                qigui::Edition::ids().join(", ")
            ));
        }
    };
    let t = scheveningen::table(book, n).map_err(|e| e.to_string())?;
    for (r, round) in t.iter().enumerate() {
        let text: Vec<String> = round.iter().map(|g| g.text()).collect();
        outln!("round {}: {}", r + 1, text.join(" "));
    }
    Ok(ExitCode::SUCCESS)
}

fn lineups_cmd(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &[], &[])?;
    let [b, r] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let l = lineups::lineups(number(b, "BOARDS")?, number(r, "RESERVES")?)
        .map_err(|e| e.to_string())?;
    for o in &l {
        let s: Vec<String> = o.iter().map(u32::to_string).collect();
        outln!("{}", s.join("-"));
    }
    Ok(ExitCode::SUCCESS)
}
