//! A game record judged: every 待判局面 of each game (23.1–23.4), labelled
//! and ruled on (24–26), as `qigui judge --record` and the Python
//! package's `qigui.judge_record` give it.
//!
//! [`RecordJudge`] holds what judging needs besides the moves (the
//! edition's 棋例 rules, the referee's key points for 26.2, the search
//! limits); [`RecordJudge::judge_bytes`] reads a record file in any format
//! ([`super::read_records_bytes`]) and judges each game in order. A game
//! that cannot be read is reported in its place ([`JudgedGame::record`]
//! holds the error) and the others are still judged.
//!
//! A [`JudgedGame`] serialises as `game` (its 1-based number), `line` (the
//! line of a PGN file it starts on), `tags`, `plies`, `answer` (`none`: no
//! 待判局面; `pending`: each in `pending`; `error`: the game cannot be
//! read, the reason in `error` with its location).
//!
//! ```
//! use qigui::formats::RecordJudge;
//! use qigui::xiangqi::RepetitionRules;
//!
//! let pgn = "[Event \"club\"]\n\n1. h2e2 h9g7 2. h0g2 g7h9 3. g2h0 h9g7 4. h0g2 g7h9 \
//!            5. g2h0 h9g7 6. h0g2 g7h9 7. g2h0 *\n";
//! let judge = RecordJudge::new(&RepetitionRules::XIANGQI_2020);
//! let games = judge.judge_bytes(pgn.as_bytes(), "club.pgn")?;
//! let pending = &games[0].record.as_ref().unwrap().1;
//! assert_eq!(pending.len(), 1); // the position after 3. g2h0 stands a third time
//! # Ok::<(), qigui::formats::record::RecordError>(())
//! ```

// `RecordError`, shared by every record reader, is returned as it is
// (record.rs).
#![allow(clippy::result_large_err)]

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use super::record::{Record, RecordError, RecordLocation};
use crate::xiangqi::board::Square;
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::label::Limits;
use crate::xiangqi::repetition::pending::{PendingJudgement, find_pending};
use crate::xiangqi::repetition::ruling::RepetitionRules;

/// What judging a record needs besides its moves.
#[derive(Clone, Debug)]
pub struct RecordJudge {
    /// The edition's 棋例 rules.
    pub rules: &'static RepetitionRules,
    /// The defensive key points the referee names (26.2); usually none.
    pub key_points: Vec<Square>,
    /// The classifier's search limits.
    pub limits: Limits,
}

/// One game of a record file, judged, or the reason it cannot be read.
#[derive(Clone, Debug)]
pub struct JudgedGame {
    /// The game's 1-based number in its file.
    pub number: usize,
    /// The line of a PGN file on which the game starts.
    pub line: Option<usize>,
    /// The record read and every 待判局面 in it, or why it cannot be read.
    pub record: Result<(Record, Vec<PendingJudgement>), RecordError>,
}

impl RecordJudge {
    /// Judging under `rules`, with no key points and the default limits.
    pub fn new(rules: &'static RepetitionRules) -> RecordJudge {
        RecordJudge {
            rules,
            key_points: Vec::new(),
            limits: Limits::default(),
        }
    }

    /// Every 待判局面 of the moves played from `start`, each judged.
    pub fn judge_moves(&self, start: &Position, moves: &[Move]) -> Vec<PendingJudgement> {
        find_pending(start, moves, &self.limits)
            .into_iter()
            .map(|p| {
                let judgement = crate::xiangqi::repetition::pending::judge_pending(
                    &p,
                    self.rules,
                    &self.key_points,
                    &self.limits,
                );
                PendingJudgement {
                    pending: p,
                    judgement,
                }
            })
            .collect()
    }

    /// Judges one game read from `file` (its number and, for PGN, its
    /// line): its main line from its start position.
    pub fn judge_game(
        &self,
        number: usize,
        line: Option<usize>,
        file: &str,
        record: Result<Record, RecordError>,
    ) -> JudgedGame {
        let record = record.and_then(|r| {
            let start = r.start_position().map_err(|reason| RecordError {
                location: RecordLocation {
                    file: file.to_string(),
                    game: Some(number),
                    ..Default::default()
                },
                reason,
            })?;
            let found = self.judge_moves(&start, &r.main_line());
            Ok((r, found))
        });
        JudgedGame {
            number,
            line,
            record,
        }
    }

    /// Reads a record file in any format ([`super::record_format`]) and
    /// judges every game, in order. The error is the file's when it cannot
    /// be read at all (not UTF-8 PGN, a damaged XQF header …); a game that
    /// cannot be read is judged as an error in its place.
    pub fn judge_bytes(&self, bytes: &[u8], file: &str) -> Result<Vec<JudgedGame>, RecordError> {
        if super::record_format(bytes, file) == super::RecordFormat::Pgn {
            let text = super::pgn::decode(bytes, file)?;
            return Ok(super::pgn::split_games(text, file)
                .iter()
                .map(|g| self.judge_game(g.number(), Some(g.line()), file, g.read()))
                .collect());
        }
        Ok(super::read_records_bytes(bytes, file)?
            .into_iter()
            .enumerate()
            .map(|(i, g)| self.judge_game(i + 1, None, file, g))
            .collect())
    }
}

/// A record's error as data.
#[derive(Serialize)]
struct ErrorJson<'a> {
    message: String,
    file: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    byte: Option<usize>,
    game: Option<usize>,
    move_number: Option<usize>,
    reason: &'a str,
}

/// One game as data.
#[derive(Serialize)]
struct GameJson<'a> {
    game: usize,
    line: Option<usize>,
    tags: BTreeMap<&'a str, &'a str>,
    plies: Option<usize>,
    answer: &'static str,
    pending: &'a [PendingJudgement],
    error: Option<ErrorJson<'a>>,
}

impl Serialize for JudgedGame {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let json = match &self.record {
            Ok((r, found)) => GameJson {
                game: self.number,
                line: self.line,
                tags: r
                    .tags
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect(),
                plies: Some(r.moves.len()),
                answer: if found.is_empty() { "none" } else { "pending" },
                pending: found,
                error: None,
            },
            Err(e) => GameJson {
                game: self.number,
                line: self.line,
                tags: BTreeMap::new(),
                plies: None,
                answer: "error",
                pending: &[],
                error: Some(ErrorJson {
                    message: e.to_string(),
                    file: &e.location.file,
                    line: e.location.line,
                    column: e.location.column,
                    byte: e.location.byte,
                    game: e.location.game,
                    move_number: e.location.move_number,
                    reason: &e.reason,
                }),
            },
        };
        json.serialize(s)
    }
}

impl JudgedGame {
    /// The game as `qigui judge --record … --format json` prints it (see
    /// the module doc for the fields).
    pub fn to_json(&self) -> serde_json::Value {
        // Serialising plain data cannot fail; Null is never returned.
        serde_json::to_value(self).unwrap_or_default()
    }
}
