//! `qigui record`: read a game record file (PGN, XQF, DhtmlXQ, CBF) and show
//! what was read.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use qigui::formats::record::{Record, RecordError};
use serde::Serialize;

use super::{TextOrJson, json_text};

/// `qigui record`'s subcommands.
#[derive(Subcommand)]
pub enum RecordCommand {
    /// Read a record file (PGN, XQF, DhtmlXQ page, CBF) and print each game: tags, start FEN, main line in ICCS
    #[command(
        after_help = "Examples:\n  qigui record show tests/data/records/xqf/encrypted-v12.xqf\n  qigui record show tests/data/records/dhtmlxq/two-games.html --format json"
    )]
    Show(ShowArgs),
}

/// `qigui record show`'s options.
#[derive(Args)]
pub struct ShowArgs {
    /// The record file; its format is found from its content (XQF's "XQ", a [DhtmlXQ] block, a <ChineseChessRecord>), else its extension, else PGN
    file: std::path::PathBuf,
    /// Only this game of the file (1-based)
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// The output format
    #[arg(long, value_enum, default_value_t = TextOrJson::Text)]
    format: TextOrJson,
}

/// Reads every game of a record file in whichever format it is
/// ([`qigui::formats::read_records_bytes`]); the first game that cannot be
/// read is the error.
#[allow(clippy::result_large_err)] // the readers' own error (formats::record)
pub fn read_records(bytes: &[u8], file: &str) -> Result<Vec<Record>, RecordError> {
    qigui::formats::read_records_bytes(bytes, file)?
        .into_iter()
        .collect()
}

/// One game of `record show --format json`.
#[derive(Serialize)]
struct GameJson<'a> {
    game: usize,
    tags: Vec<[&'a str; 2]>,
    start_fen: String,
    moves: Vec<String>,
    result: Option<&'a str>,
    variations: usize,
    comments: usize,
}

/// The variation lines under a line, counted at every depth.
fn count_variations(moves: &[qigui::formats::record::RecordMove]) -> usize {
    moves
        .iter()
        .map(|m| {
            m.variations.len()
                + m.variations
                    .iter()
                    .map(|v| count_variations(v))
                    .sum::<usize>()
        })
        .sum()
}

/// The comments of a line and its variations.
fn count_comments(moves: &[qigui::formats::record::RecordMove]) -> usize {
    moves
        .iter()
        .map(|m| {
            usize::from(m.comment.is_some())
                + m.variations
                    .iter()
                    .map(|v| count_comments(v))
                    .sum::<usize>()
        })
        .sum()
}

pub fn record(command: &RecordCommand) -> Result<ExitCode, String> {
    match command {
        RecordCommand::Show(args) => show(args),
    }
}

fn show(args: &ShowArgs) -> Result<ExitCode, String> {
    let file = args.file.display().to_string();
    let bytes = qigui::limits::read_bytes(&args.file).map_err(|e| e.to_string())?;
    let records = read_records(&bytes, &file).map_err(|e| e.to_string())?;
    let selected: Vec<(usize, &Record)> = match args.game {
        None => records
            .iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect(),
        Some(n) => match records.get(n.wrapping_sub(1)) {
            Some(r) => vec![(n, r)],
            None => {
                return Err(format!(
                    "{file}: no game {n} (the file holds {})",
                    records.len()
                ));
            }
        },
    };
    match args.format {
        TextOrJson::Json => {
            let games: Vec<GameJson> = selected
                .iter()
                .map(|&(n, r)| GameJson {
                    game: n,
                    tags: r
                        .tags
                        .iter()
                        .map(|(k, v)| [k.as_str(), v.as_str()])
                        .collect(),
                    start_fen: r.start_position().map(|p| p.fen()).unwrap_or_else(|e| e),
                    moves: r.moves.iter().map(|m| m.mv.iccs()).collect(),
                    result: r.result.as_deref(),
                    variations: count_variations(&r.moves),
                    comments: count_comments(&r.moves) + usize::from(r.comment.is_some()),
                })
                .collect();
            outln!("{}", json_text(&games, true)?);
        }
        TextOrJson::Text => {
            for (i, &(n, r)) in selected.iter().enumerate() {
                if i > 0 {
                    outln!();
                }
                outln!("game {n}");
                for (k, v) in &r.tags {
                    outln!("[{k} \"{v}\"]");
                }
                let fen = r.start_position().map(|p| p.fen()).unwrap_or_else(|e| e);
                outln!("start: {fen}");
                let moves: Vec<String> = r.moves.iter().map(|m| m.mv.iccs()).collect();
                outln!(
                    "moves: {} ({} plies, {} variations, {} comments)",
                    if moves.is_empty() {
                        "none".to_string()
                    } else {
                        moves.join(" ")
                    },
                    moves.len(),
                    count_variations(&r.moves),
                    count_comments(&r.moves) + usize::from(r.comment.is_some())
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
