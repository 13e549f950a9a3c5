//! The tournament file: players, teams, rounds, pairings with their colours,
//! results (with forfeits `+`/`-`, 20.3) and byes (14.4), fouls, penalties
//! (article 18) and withdrawals (article 19), for individual and team
//! events, round robin (10.1) and Swiss (积分编排制, 10.2).
//!
//! `spec/tournament-format.md` is the normative description; this module is
//! its reader and writer. A file is YAML or JSON (the same structure); FIDE's
//! TRF-2026 text format is read and written by `crate::formats::trf`, and
//! `crate::formats::load_tournament` reads a file by its format.
//!
//! ```yaml
//! format: 1
//! name: 2024 club championship
//! game: xiangqi                 # or gomoku
//! system: round-robin           # double-round-robin, swiss
//! players:
//!   - {id: 1, name: 甲}
//!   - {id: 2, name: 乙}
//! rounds:
//!   - games:
//!       - {red: 1, black: 2, result: "1-0", fouls: [0, 1]}
//! ```
//!
//! Colours are the rulebooks' own: a Xiangqi game names `red` (先走, moves
//! first) and `black`; a Gomoku game names `black` (先手, moves first) and
//! `white`. A result is read from the side that moves first: `"1-0"` is a
//! win for red (Xiangqi) or for black (Gomoku).
//!
//! The module only reads, checks and writes the record; what the results
//! are worth and how the players rank is [`crate::event::standings`].

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::edition::{Edition, GameKind};
use crate::event::standings::points::Points;

/// The tournament file format version this reader implements.
pub const FORMAT_VERSION: u32 = 1;

/// Something wrong with a tournament file: where (file, and line:column or
/// the round, game and player) and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{location}: {message}")]
pub struct TournamentError {
    /// `file:line:column`, or `file: round 3, game 2` and the like.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl TournamentError {
    pub(crate) fn at(location: impl Into<String>, message: impl Into<String>) -> TournamentError {
        TournamentError {
            location: location.into(),
            message: message.into(),
        }
    }
}

/// The game the tournament is for; it names the colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum GameName {
    /// 象棋: red moves first, then black.
    #[default]
    Xiangqi,
    /// 五子棋: black moves first, then white.
    Gomoku,
}

impl GameName {
    /// The names of the first and the second mover's colours.
    pub fn colours(self) -> [&'static str; 2] {
        match self {
            GameName::Xiangqi => ["red", "black"],
            GameName::Gomoku => ["black", "white"],
        }
    }

    /// The default rulebook edition for the game.
    pub fn default_rules(self) -> &'static str {
        match self {
            GameName::Xiangqi => Edition::current(GameKind::Xiangqi),
            GameName::Gomoku => Edition::current(GameKind::Gomoku),
        }
        .id
    }
}

/// Who is ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum EventType {
    /// 个人赛.
    #[default]
    Individual,
    /// 团体赛: teams play matches of several boards (13.2), or are ranked by
    /// their players' placings in an individual event (11.5, 14.9).
    Team,
}

/// The competition system (article 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// 循环制 (10.1), one cycle.
    RoundRobin,
    /// 双循环制: two cycles (14.1 second paragraph, 14.6).
    DoubleRoundRobin,
    /// 积分编排制 (10.2), the Swiss system.
    Swiss,
}

impl System {
    /// Whether it is a round robin of one or two cycles.
    pub fn is_round_robin(self) -> bool {
        !matches!(self, System::Swiss)
    }
}

/// How teams are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TeamRanking {
    /// By match points (场分, 13.2; 14.5–14.7).
    #[default]
    MatchPoints,
    /// By total game points (总局分, 14.8).
    GamePoints,
    /// 队员总分制: by the sum of the players' placings in the individual
    /// event (11.5, 14.9; 1999 15.5).
    Placings,
}

/// A tie-break chain chosen by the event: a clause id naming one of the
/// rulebook's alternatives (`"14.3.2"`), or the criteria by name in order
/// (Gomoku 29: "可选用下列破同分").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected a clause (\"14.3.2\") or a list of tie-break names"
)]
pub enum TiebreakChoice {
    /// The clause whose chain applies, e.g. `"14.3.1"` or `"14.3.2"`.
    Clause(String),
    /// The tie-breaks by name (`spec/tournament-format.md`), after the
    /// primary score.
    Criteria(Vec<String>),
}

/// A game's point system (13.1, 13.3; 1999 14.1; Gomoku 28.1–28.2): what a
/// win, a draw and a loss are worth. A draw may be worth more to the second
/// mover (13.3: "先手方和棋记 1 分、后手方和棋记 2 分").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameScoring {
    /// A win (also a forfeit win, 20.3, and a bye in a Swiss event, 14.4).
    pub win: Points,
    /// A draw, for both sides (unless `draw_first`/`draw_second` are given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Points>,
    /// A draw for the side that moved first (red in Xiangqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_first: Option<Points>,
    /// A draw for the side that moved second (black in Xiangqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_second: Option<Points>,
    /// A loss (also a forfeit loss).
    pub loss: Points,
}

impl GameScoring {
    /// Win, draw, loss with the same draw for both sides.
    pub fn symmetric(win: Points, draw: Points, loss: Points) -> GameScoring {
        GameScoring {
            win,
            draw: Some(draw),
            draw_first: None,
            draw_second: None,
            loss,
        }
    }

    /// A draw's value for the side that moved first and second.
    pub fn draws(&self) -> [Points; 2] {
        let d = self.draw.unwrap_or(Points::ZERO);
        [self.draw_first.unwrap_or(d), self.draw_second.unwrap_or(d)]
    }
}

/// A match's point system (场分: 13.2; Gomoku 28.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatchScoring {
    /// The side with more game points.
    pub win: Points,
    /// Equal game points.
    pub draw: Points,
    /// Fewer game points.
    pub loss: Points,
}

/// An id: a player's starting number or a team's code. Written as a number
/// or a string.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id(pub String);

impl Id {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<u32> for Id {
    fn from(n: u32) -> Id {
        Id(n.to_string())
    }
}

impl From<&str> for Id {
    fn from(s: &str) -> Id {
        Id(s.to_string())
    }
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<u32>() {
            Ok(n) if n.to_string() == self.0 => s.serialize_u32(n),
            _ => s.serialize_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Id, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged, expecting = "expected a number or a name as the id")]
        enum Raw {
            N(u64),
            S(String),
        }
        match Raw::deserialize(d)? {
            Raw::N(n) => Ok(Id(n.to_string())),
            Raw::S(s) if !s.trim().is_empty() => Ok(Id(s)),
            Raw::S(_) => Err(serde::de::Error::custom("an id cannot be empty")),
        }
    }
}

#[cfg(test)]
impl schemars::JsonSchema for Id {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Id".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A player's starting number or a team's code.",
            "anyOf": [{"type": "integer", "minimum": 0}, {"type": "string", "minLength": 1}]
        })
    }
}

#[cfg(test)]
impl schemars::JsonSchema for Points {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Points".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A number of points: a number, or a fraction as a string (\"1/2\").",
            "anyOf": [{"type": "number"}, {"type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+|/[0-9]+)?$"}]
        })
    }
}

/// A game's result, read from the side that moved first (20.3 for `+`/`-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1-0`: the first mover won.
    FirstWins,
    /// `0-1`: the second mover won.
    SecondWins,
    /// `1/2` (also `=`, `½-½`): a draw.
    Draw,
    /// `+-`: the first mover won without play, the second was absent (20.1, 20.3).
    FirstWinsByForfeit,
    /// `-+`: the second mover won without play.
    SecondWinsByForfeit,
    /// `--`: both absent, both lose (20.2).
    DoubleForfeit,
}

impl ResultCode {
    /// The canonical text.
    pub fn code(self) -> &'static str {
        match self {
            ResultCode::FirstWins => "1-0",
            ResultCode::SecondWins => "0-1",
            ResultCode::Draw => "1/2",
            ResultCode::FirstWinsByForfeit => "+-",
            ResultCode::SecondWinsByForfeit => "-+",
            ResultCode::DoubleForfeit => "--",
        }
    }

    /// Reads a result.
    pub fn parse(s: &str) -> Option<ResultCode> {
        Some(match s.trim() {
            "1-0" => ResultCode::FirstWins,
            "0-1" => ResultCode::SecondWins,
            "1/2" | "=" | "½-½" | "1/2-1/2" | "0.5-0.5" => ResultCode::Draw,
            "+-" | "+/-" => ResultCode::FirstWinsByForfeit,
            "-+" | "-/+" => ResultCode::SecondWinsByForfeit,
            "--" | "-/-" => ResultCode::DoubleForfeit,
            _ => return None,
        })
    }

    /// Whether the game was not played (20.3: decided by absence).
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            ResultCode::FirstWinsByForfeit
                | ResultCode::SecondWinsByForfeit
                | ResultCode::DoubleForfeit
        )
    }

    /// The outcome for the side that moved first (0) or second (1).
    pub fn outcome_for(self, side: usize) -> Outcome {
        let first = match self {
            ResultCode::FirstWins | ResultCode::FirstWinsByForfeit => Outcome::Win,
            ResultCode::SecondWins | ResultCode::SecondWinsByForfeit => Outcome::Loss,
            ResultCode::Draw => Outcome::Draw,
            ResultCode::DoubleForfeit => return Outcome::Loss,
        };
        if side == 0 { first } else { first.reversed() }
    }
}

/// Win, draw or loss, for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// 胜.
    Win,
    /// 和.
    Draw,
    /// 负.
    Loss,
}

impl Outcome {
    /// The other side's outcome.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl Serialize for ResultCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for ResultCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ResultCode, D::Error> {
        let s = String::deserialize(d)?;
        ResultCode::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "result '{s}': expected \"1-0\", \"0-1\", \"1/2\", \"+-\", \"-+\" or \"--\""
            ))
        })
    }
}

#[cfg(test)]
impl schemars::JsonSchema for ResultCode {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ResultCode".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A result read from the first mover: 1-0, 0-1, 1/2 (=), +- and -+ (forfeits, 20.3), -- (both absent).",
            "type": "string",
            "enum": ["1-0", "0-1", "1/2", "=", "½-½", "1/2-1/2", "0.5-0.5", "+-", "+/-", "-+", "-/+", "--", "-/-"]
        })
    }
}

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The starting number (1–9999 for TRF).
    pub id: u32,
    /// The name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The team's id, in a team event (or list the player in the team).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<Id>,
    /// A rating (等级分), for information.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// The federation or club code, for information.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
}

/// A team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The team's code.
    pub id: Id,
    /// The name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its players in board order (11.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<u32>,
}

/// One game. The two sides are named by the game's colours: `red` and
/// `black` (Xiangqi) or `black` and `white` (Gomoku).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// Xiangqi: the player with red (先走).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<Id>,
    /// Xiangqi: the player with black (后走); Gomoku: the player with black (先手).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Id>,
    /// Gomoku: the player with white (后手).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Id>,
    /// The result, from the first mover.
    pub result: Option<ResultCode>,
    /// Fouls (犯规, article 9) of the first and the second mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fouls: Option<[u32; 2]>,
    /// The board in a team match (defaults to its place in the list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
}

impl GameEntry {
    /// A game between two players.
    pub fn new(game: GameName, first: Id, second: Id, result: ResultCode) -> GameEntry {
        let mut g = GameEntry {
            result: Some(result),
            ..GameEntry::default()
        };
        g.set_sides(game, Some(first), Some(second));
        g
    }

    /// The first and the second mover under the game's colour names.
    pub fn sides(&self, game: GameName) -> [Option<&Id>; 2] {
        sides_of(game, [&self.red, &self.black, &self.white])
    }

    /// Sets the first and the second mover under the game's colour names.
    pub fn set_sides(&mut self, game: GameName, first: Option<Id>, second: Option<Id>) {
        set_sides_of(
            game,
            [&mut self.red, &mut self.black, &mut self.white],
            first,
            second,
        );
    }

    /// Fouls of the first and the second mover.
    pub fn fouls(&self) -> [u32; 2] {
        self.fouls.unwrap_or([0, 0])
    }
}

/// A team match (场): two teams, one game per board. The team named with
/// the first colour is the one that "moves first" (12.2, 12.3): its odd
/// boards have red.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MatchEntry {
    /// Xiangqi: the team that moves first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<Id>,
    /// Xiangqi: the other team; Gomoku: the team that moves first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Id>,
    /// Gomoku: the other team.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Id>,
    /// The games, by board. A game's sides are players of the two teams,
    /// named by the colours each player had; a forfeited board may omit the
    /// absent player.
    pub games: Vec<GameEntry>,
}

impl MatchEntry {
    /// The team that moves first and the other, under the game's colours.
    pub fn sides(&self, game: GameName) -> [Option<&Id>; 2] {
        sides_of(game, [&self.red, &self.black, &self.white])
    }

    /// Sets the two teams under the game's colour names.
    pub fn set_sides(&mut self, game: GameName, first: Option<Id>, second: Option<Id>) {
        set_sides_of(
            game,
            [&mut self.red, &mut self.black, &mut self.white],
            first,
            second,
        );
    }
}

/// One round (轮).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RoundEntry {
    /// The round's number (defaults to its place in the list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The cycle of a double round robin (defaults from the round number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<u32>,
    /// The games of an individual event (several between the same two
    /// players in a multi-game match, 14.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameEntry>,
    /// The matches of a team event.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<MatchEntry>,
    /// Who has no opponent this round (轮空, 14.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<Id>,
}

/// The penalties that rank a player last among equals (18.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PenaltyKind {
    /// 警告 (18.1).
    Warning,
    /// 取消当场比赛资格 (18.2): the game is lost; record its result too.
    Disqualification,
}

/// A penalty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PenaltyEntry {
    /// The player (or, in a team event, the team) penalised.
    pub id: Id,
    /// The round it was given in (defaults to the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Warning or disqualification.
    pub kind: PenaltyKind,
}

/// A withdrawal (退出比赛, article 19), or an expulsion treated as one (18.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WithdrawalEntry {
    /// The player or team.
    pub id: Id,
    /// The last round it played.
    pub after_round: u32,
    /// Expelled by the organisers (除名, 18.3) rather than withdrawn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub expelled: bool,
}

/// The N+1 final (N+1 赛制, 10.4.3): after round N of a Swiss event the
/// first two play the final in round N+1, whether or not they have met,
/// while the others play round N+1 of the Swiss (10.4.3.1). The final's
/// slow game is an ordinary game of that round, so its score counts in the
/// finalists' N+1 totals and in their opponents' 对手分 (10.4.3.3); a
/// play-off after a drawn slow game is not a game of the file: `winner`
/// says who won the final.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FinalEntry {
    /// The final's round (N+1): the last round of the file.
    pub round: u32,
    /// Who won the final (the champion), play-offs included: the final is
    /// his game in `round`; if its slow game was decisive, he won it.
    pub winner: Id,
}

/// A tournament file (format 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    /// The format version (1); optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<u32>,
    /// The event's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `xiangqi` (default) or `gomoku`.
    #[serde(default)]
    pub game: GameName,
    /// The rulebook edition (`xiangqi-2020`, `xiangqi-1999`, `gomoku-2025`);
    /// defaults to the game's current one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// `individual` (default) or `team`.
    #[serde(default)]
    pub event: EventType,
    /// `round-robin`, `double-round-robin` or `swiss`.
    pub system: System,
    /// Games per pairing in an individual round robin (14.2); default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_per_match: Option<u32>,
    /// How teams are ranked (default `match-points`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_ranking: Option<TeamRanking>,
    /// The tie-break chain when the rulebook offers a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<TiebreakChoice>,
    /// The game point system when it differs from the rulebook's (13.3, 28.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<GameScoring>,
    /// The match point system when it differs from the rulebook's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_scoring: Option<MatchScoring>,
    /// The number of rounds announced (14.4 counts it); defaults to the
    /// rounds in the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds_planned: Option<u32>,
    /// Places 1..=n must not be shared (1999 15.6; Gomoku 29.3): a tie
    /// there is reported as needing a play-off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unshared_places: Option<u32>,
    /// The players.
    pub players: Vec<Player>,
    /// The teams.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// The rounds played, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundEntry>,
    /// Warnings and disqualifications (18.1, 18.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyEntry>,
    /// Withdrawals and expulsions (article 19, 18.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<WithdrawalEntry>,
    /// The N+1 final of a Swiss event (10.4.3).
    #[serde(default, rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_match: Option<FinalEntry>,
}

impl Tournament {
    /// An empty individual tournament.
    pub fn new(game: GameName, system: System) -> Tournament {
        Tournament {
            format: Some(FORMAT_VERSION),
            name: None,
            game,
            rules: None,
            event: EventType::Individual,
            system,
            games_per_match: None,
            team_ranking: None,
            tiebreaks: None,
            scoring: None,
            match_scoring: None,
            rounds_planned: None,
            unshared_places: None,
            players: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            penalties: Vec::new(),
            withdrawals: Vec::new(),
            final_match: None,
        }
    }

    /// Reads a YAML (or JSON) tournament and checks it. `file` names it in
    /// errors.
    pub fn from_yaml(text: &str, file: &str) -> Result<Tournament, TournamentError> {
        crate::limits::check_structure(text, file)
            .map_err(|e| TournamentError::at(e.location(), e.message))?;
        let t: Tournament = yaml_serde::from_str(text).map_err(|e| {
            let loc = e
                .location()
                .map(|l| format!("{file}:{}:{}", l.line(), l.column()))
                .unwrap_or_else(|| file.to_string());
            TournamentError::at(loc, crate::limits::serde_words(&e.to_string()))
        })?;
        t.check(file)?;
        Ok(t)
    }

    /// Reads a JSON tournament and checks it.
    pub fn from_json(text: &str, file: &str) -> Result<Tournament, TournamentError> {
        crate::limits::check_structure(text, file)
            .map_err(|e| TournamentError::at(e.location(), e.message))?;
        let t: Tournament = serde_json::from_str(text).map_err(|e| {
            TournamentError::at(format!("{file}:{}:{}", e.line(), e.column()), e.to_string())
        })?;
        t.check(file)?;
        Ok(t)
    }

    /// The tournament as YAML.
    pub fn to_yaml(&self) -> String {
        yaml_serde::to_string(self).unwrap_or_default()
    }

    /// The tournament as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The rulebook edition id: the file's `rules`, or the game's default.
    pub fn rules_id(&self) -> &str {
        self.rules
            .as_deref()
            .unwrap_or_else(|| self.game.default_rules())
    }

    /// Games per pairing (1 unless a multi-game match, 14.2).
    pub fn games_per_match(&self) -> u32 {
        self.games_per_match.unwrap_or(1).max(1)
    }

    /// The number of each round (its `round`, or its place in the list).
    pub fn round_numbers(&self) -> Vec<u32> {
        let mut out = Vec::new();
        let mut next = 1;
        for r in &self.rounds {
            let n = r.round.unwrap_or(next);
            out.push(n);
            next = n + 1;
        }
        out
    }

    /// The last round in the file (0 when none).
    pub fn last_round(&self) -> u32 {
        self.round_numbers().last().copied().unwrap_or(0)
    }

    /// The members of each team, in board order: the team's list, then
    /// players naming the team who are not in it.
    pub fn team_members(&self) -> BTreeMap<Id, Vec<u32>> {
        let mut out: BTreeMap<Id, Vec<u32>> = BTreeMap::new();
        for t in &self.teams {
            out.insert(t.id.clone(), t.players.clone());
        }
        for p in &self.players {
            if let Some(team) = &p.team {
                let list = out.entry(team.clone()).or_default();
                if !list.contains(&p.id) {
                    list.push(p.id);
                }
            }
        }
        out
    }

    /// Checks the record's consistency; `file` names it in errors.
    pub fn check(&self, file: &str) -> Result<(), TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        if let Some(f) = self.format
            && f != FORMAT_VERSION
        {
            return err(
                "format".into(),
                format!("format {f}: this reader knows format {FORMAT_VERSION}"),
            );
        }
        if let Some(r) = &self.rules {
            match crate::edition::Edition::get(r) {
                None => {
                    return err(
                        "rules".into(),
                        format!(
                            "unknown rules '{r}' (expected one of {})",
                            crate::edition::Edition::ids().join(", ")
                        ),
                    );
                }
                Some(e) => {
                    let g = match e.game {
                        crate::edition::GameKind::Xiangqi => GameName::Xiangqi,
                        crate::edition::GameKind::Gomoku => GameName::Gomoku,
                        crate::edition::GameKind::Go => {
                            return err(
                                "rules".into(),
                                format!(
                                    "rules '{r}' are Go rules; tournament files are for Xiangqi and Gomoku"
                                ),
                            );
                        }
                    };
                    if g != self.game {
                        return err(
                            "rules".into(),
                            format!("rules '{r}' are not for {:?}", self.game),
                        );
                    }
                }
            }
        }
        if let Some(s) = &self.scoring
            && s.draw.is_none()
            && (s.draw_first.is_none() || s.draw_second.is_none())
        {
            return err(
                "scoring".into(),
                "give `draw`, or both `draw_first` and `draw_second`".into(),
            );
        }
        let reg = self.check_entrants(file)?;
        self.check_rounds(file, &reg)?;
        self.check_entries(file, &reg)?;
        if self.final_match.is_some() {
            self.final_players()
                .map_err(|e| TournamentError::at(file, e.to_string()))?;
        }
        Ok(())
    }

    /// Checks the players and the teams: ids unique, each team's players
    /// registered, each player in the team he names.
    fn check_entrants(&self, file: &str) -> Result<Registry, TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        let mut players = HashSet::with_capacity(self.players.len());
        for p in &self.players {
            if p.id == 0 {
                return err("players".into(), "a player's id must be at least 1".into());
            }
            if !players.insert(Id::from(p.id)) {
                return err(
                    format!("player {}", p.id),
                    "two players have this id".into(),
                );
            }
        }
        let mut teams = HashSet::new();
        for t in &self.teams {
            if !teams.insert(t.id.clone()) {
                return err(format!("team {}", t.id), "two teams have this id".into());
            }
            for p in &t.players {
                if !players.contains(&Id::from(*p)) {
                    return err(
                        format!("team {}", t.id),
                        format!("player {p} is not in `players`"),
                    );
                }
            }
        }
        for p in &self.players {
            if let Some(team) = &p.team {
                if !teams.contains(team) {
                    return err(
                        format!("player {}", p.id),
                        format!("team {team} is not in `teams`"),
                    );
                }
                for t in &self.teams {
                    if &t.id != team && t.players.contains(&p.id) {
                        return err(
                            format!("player {}", p.id),
                            format!("names team {team} but is listed in team {}", t.id),
                        );
                    }
                }
            }
        }
        let team_of: HashMap<Id, Id> = self
            .team_members()
            .iter()
            .flat_map(|(t, ps)| ps.iter().map(move |p| (Id::from(*p), t.clone())))
            .collect();
        Ok(Registry {
            players,
            teams,
            team_of,
            team_event: self.event == EventType::Team,
            placings: self.team_ranking == Some(TeamRanking::Placings),
        })
    }

    /// Checks the rounds: numbers increasing, and each round's games,
    /// matches and byes.
    fn check_rounds(&self, file: &str, reg: &Registry) -> Result<(), TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        if reg.team_event && reg.teams.is_empty() {
            return err("teams".into(), "a team event needs teams".into());
        }
        let numbers = self.round_numbers();
        let mut prev = 0;
        for (ri, (round, &n)) in self.rounds.iter().zip(&numbers).enumerate() {
            if n <= prev {
                return err(
                    format!("rounds[{ri}]"),
                    format!("round {n} follows round {prev}: rounds must increase"),
                );
            }
            prev = n;
            self.check_round(file, round, n, reg)?;
        }
        Ok(())
    }

    /// Checks round `n`: games in an individual event, matches in a team
    /// event, no one playing twice, byes registered and not playing.
    fn check_round(
        &self,
        file: &str,
        round: &RoundEntry,
        n: u32,
        reg: &Registry,
    ) -> Result<(), TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        let rl = format!("round {n}");
        // Who has played whom in the round; hashed, the round's ids
        // borrowed: a check linear in the round's size.
        let mut seen: HashMap<&Id, Option<&Id>> = HashMap::with_capacity(round.games.len() * 2);
        if !round.games.is_empty() && reg.team_event && !reg.placings {
            return err(
                rl,
                "a team event records `matches` (or use team_ranking: placings)".into(),
            );
        }
        if !round.matches.is_empty() && (!reg.team_event || reg.placings) {
            return err(rl, "`matches` are for team events".into());
        }
        for (gi, g) in round.games.iter().enumerate() {
            let gl = || format!("{rl}, game {}", gi + 1);
            self.check_game(file, &gl, g, reg, &mut seen)?;
        }
        for (mi, m) in round.matches.iter().enumerate() {
            let ml = format!("{rl}, match {}", mi + 1);
            self.check_match(file, ml, m, reg, &mut seen)?;
        }
        for b in &round.byes {
            let known = if reg.team_event && !reg.placings {
                reg.teams.contains(b)
            } else {
                reg.players.contains(b)
            };
            if !known {
                return err(format!("{rl}, byes"), format!("{b} is not registered"));
            }
            if seen.contains_key(b) {
                return err(
                    format!("{rl}, byes"),
                    format!("{b} has a bye and a game in the same round"),
                );
            }
            seen.insert(b, None);
        }
        Ok(())
    }

    /// Checks a game of an individual event (`gl` names it): both players
    /// registered and different, a result, no one playing twice in the
    /// round (`seen`: who has played whom) except a multi-game match.
    fn check_game<'r>(
        &self,
        file: &str,
        gl: &dyn Fn() -> String,
        g: &'r GameEntry,
        reg: &Registry,
        seen: &mut HashMap<&'r Id, Option<&'r Id>>,
    ) -> Result<(), TournamentError> {
        let err = |loc: &dyn Fn() -> String, m: String| {
            Err(TournamentError::at(format!("{file}: {}", loc()), m))
        };
        let colours = self.game.colours();
        self.check_colour_keys(g.red.is_some(), g.white.is_some())
            .or_else(|m| err(gl, m.to_string()))?;
        let [a, b] = g.sides(self.game);
        let (Some(a), Some(b)) = (a, b) else {
            return err(
                gl,
                format!("a game needs both `{}` and `{}`", colours[0], colours[1]),
            );
        };
        if g.result.is_none() {
            return err(gl, "the game has no `result`".into());
        }
        for p in [a, b] {
            if !reg.players.contains(p) {
                return err(gl, format!("player {p} is not in `players`"));
            }
        }
        if a == b {
            return err(gl, format!("player {a} cannot play himself"));
        }
        for (p, o) in [(a, b), (b, a)] {
            if let Some(prev) = seen.insert(p, Some(o)) {
                let same_pair = prev == Some(o) && self.games_per_match() > 1;
                if !same_pair {
                    return err(gl, format!("player {p} plays twice in the round"));
                }
            }
        }
        Ok(())
    }

    /// Checks a team match (`ml` names it): both teams registered, different
    /// and not playing twice in the round (`seen`), and its games board by
    /// board.
    fn check_match<'r>(
        &self,
        file: &str,
        ml: String,
        m: &'r MatchEntry,
        reg: &Registry,
        seen: &mut HashMap<&'r Id, Option<&'r Id>>,
    ) -> Result<(), TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        let colours = self.game.colours();
        self.check_colour_keys(m.red.is_some(), m.white.is_some())
            .or_else(|e| err(ml.clone(), e.to_string()))?;
        let [a, b] = m.sides(self.game);
        let (Some(a), Some(b)) = (a, b) else {
            return err(
                ml,
                format!("a match needs both `{}` and `{}`", colours[0], colours[1]),
            );
        };
        for t in [a, b] {
            if !reg.teams.contains(t) {
                return err(ml, format!("team {t} is not in `teams`"));
            }
            if seen.insert(t, Some(a)).is_some() {
                return err(ml, format!("team {t} plays twice in the round"));
            }
        }
        if a == b {
            return err(ml, format!("team {a} cannot play itself"));
        }
        if m.games.is_empty() {
            return err(ml, "a match needs its games, one per board".into());
        }
        let mut boards = BTreeSet::new();
        for (gi, g) in m.games.iter().enumerate() {
            let gl = format!("{ml}, board {}", g.board.unwrap_or(gi as u32 + 1));
            self.check_colour_keys(g.red.is_some(), g.white.is_some())
                .or_else(|e| err(gl.clone(), e.to_string()))?;
            if !boards.insert(g.board.unwrap_or(gi as u32 + 1)) {
                return err(gl, "two games on this board".into());
            }
            let Some(res) = g.result else {
                return err(gl, "the game has no `result`".into());
            };
            let sides = g.sides(self.game);
            for p in sides.iter().flatten() {
                if !reg.players.contains(*p) {
                    return err(gl, format!("player {p} is not in `players`"));
                }
                let t = reg.team_of.get(*p);
                if t != Some(a) && t != Some(b) {
                    return err(gl, format!("player {p} is in neither team"));
                }
            }
            match sides {
                [Some(x), Some(y)] => {
                    if reg.team_of.get(x) == reg.team_of.get(y) {
                        return err(gl, format!("players {x} and {y} are in the same team"));
                    }
                }
                _ if res.is_forfeit() => {}
                _ => {
                    return err(gl, "only a forfeited game may leave a side empty".into());
                }
            }
        }
        Ok(())
    }

    /// Checks the penalties and the withdrawals: each of someone
    /// registered, no one withdrawing twice.
    fn check_entries(&self, file: &str, reg: &Registry) -> Result<(), TournamentError> {
        let err = |loc: String, m: String| Err(TournamentError::at(format!("{file}: {loc}"), m));
        let (players, teams) = (&reg.players, &reg.teams);
        let (team_event, placings) = (reg.team_event, reg.placings);
        let ranked_ids = |id: &Id| {
            if team_event {
                teams.contains(id) || (players.contains(id) && !placings)
            } else {
                players.contains(id)
            }
        };
        for (i, p) in self.penalties.iter().enumerate() {
            if !ranked_ids(&p.id) && !players.contains(&p.id) {
                return err(
                    format!("penalties[{i}]"),
                    format!("{} is not registered", p.id),
                );
            }
        }
        let mut withdrawn = BTreeSet::new();
        for (i, w) in self.withdrawals.iter().enumerate() {
            let known = if team_event && !placings {
                teams.contains(&w.id)
            } else {
                players.contains(&w.id)
            };
            if !known {
                return err(
                    format!("withdrawals[{i}]"),
                    format!("{} is not registered", w.id),
                );
            }
            if !withdrawn.insert(w.id.clone()) {
                return err(
                    format!("withdrawals[{i}]"),
                    format!("{} withdraws twice", w.id),
                );
            }
        }
        Ok(())
    }

    /// The N+1 final's winner and loser (10.4.3.1): the winner named and
    /// his opponent in the final's round. `Ok(None)` without a final.
    pub fn final_players(&self) -> Result<Option<[Id; 2]>, FinalError> {
        let Some(f) = &self.final_match else {
            return Ok(None);
        };
        if self.system != System::Swiss || self.event != EventType::Individual {
            return Err(FinalError::NotIndividualSwiss);
        }
        if f.round != self.last_round() {
            return Err(FinalError::NotLastRound {
                round: f.round,
                last: self.last_round(),
            });
        }
        let numbers = self.round_numbers();
        let round = self
            .rounds
            .iter()
            .zip(&numbers)
            .find(|(_, n)| **n == f.round)
            .map(|(r, _)| r)
            .ok_or(FinalError::NoSuchRound(f.round))?;
        let game = round
            .games
            .iter()
            .find(|g| g.sides(self.game).contains(&Some(&f.winner)))
            .ok_or_else(|| FinalError::WinnerPlaysNoGame {
                winner: f.winner.clone(),
                round: f.round,
            })?;
        let [Some(a), Some(b)] = game.sides(self.game) else {
            return Err(FinalError::OnePlayer);
        };
        let (w, l) = if *a == f.winner { (a, b) } else { (b, a) };
        let winner_first = a == w;
        let slow_winner_first = match game.result {
            Some(ResultCode::FirstWins | ResultCode::FirstWinsByForfeit) => Some(true),
            Some(ResultCode::SecondWins | ResultCode::SecondWinsByForfeit) => Some(false),
            _ => None,
        };
        if slow_winner_first.is_some_and(|f| f != winner_first) {
            return Err(FinalError::LostSlowGame {
                winner: w.clone(),
                loser: l.clone(),
            });
        }
        Ok(Some([w.clone(), l.clone()]))
    }

    /// Whether a game or match names only its game's colours.
    fn check_colour_keys(&self, has_red: bool, has_white: bool) -> Result<(), ColourKeyError> {
        match self.game {
            GameName::Xiangqi if has_white => Err(ColourKeyError::WhiteInXiangqi),
            GameName::Gomoku if has_red => Err(ColourKeyError::RedInGomoku),
            _ => Ok(()),
        }
    }
}

/// What checking the rounds needs: the ids registered, each player's
/// team, and the kind of event.
struct Registry {
    players: HashSet<Id>,
    teams: HashSet<Id>,
    /// Player → team.
    team_of: HashMap<Id, Id>,
    team_event: bool,
    /// A team event ranked by its players' placings.
    placings: bool,
}

/// Why the N+1 final (10.4.3.1) a tournament file names does not stand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FinalError {
    /// The final is held only in an individual Swiss event.
    #[error("final: the N+1 final (10.4.3) is for an individual Swiss event")]
    NotIndividualSwiss,
    /// The final's round is not the file's last round.
    #[error("final: round {round} is not the last round of the file ({last})")]
    NotLastRound {
        /// The final's round.
        round: u32,
        /// The file's last round.
        last: u32,
    },
    /// The final's round is not in the file.
    #[error("final: round {0} is not in the file")]
    NoSuchRound(u32),
    /// The winner named has no game in the final's round.
    #[error("final: the winner {winner} plays no game in round {round}")]
    WinnerPlaysNoGame {
        /// The winner named.
        winner: Id,
        /// The final's round.
        round: u32,
    },
    /// The winner's game in the final's round has one player.
    #[error("final: the final needs both players")]
    OnePlayer,
    /// The winner named lost the final's slow game.
    #[error(
        "final: {loser} won the final's slow game against {winner}, so {winner} cannot be the winner"
    )]
    LostSlowGame {
        /// The winner named.
        winner: Id,
        /// His opponent, who won the slow game.
        loser: Id,
    },
}

/// A game or match naming a colour its game does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
enum ColourKeyError {
    /// `white` in a Xiangqi game.
    #[error("a Xiangqi game has `red` and `black`, not `white`")]
    WhiteInXiangqi,
    /// `red` in a Gomoku game.
    #[error("a Gomoku game has `black` and `white`, not `red`")]
    RedInGomoku,
}

/// The first and the second mover of a game or match stored as its
/// `red`, `black` and `white` fields: red then black in Xiangqi (2.1), black
/// then white in Gomoku (Gomoku 5.1).
fn sides_of(game: GameName, [red, black, white]: [&Option<Id>; 3]) -> [Option<&Id>; 2] {
    match game {
        GameName::Xiangqi => [red.as_ref(), black.as_ref()],
        GameName::Gomoku => [black.as_ref(), white.as_ref()],
    }
}

/// Stores the first and the second mover under the game's colour names
/// (see [`sides_of`]); the colour the game does not use is cleared.
fn set_sides_of(
    game: GameName,
    [red, black, white]: [&mut Option<Id>; 3],
    first: Option<Id>,
    second: Option<Id>,
) {
    match game {
        GameName::Xiangqi => (*red, *black, *white) = (first, second, None),
        GameName::Gomoku => (*black, *white, *red) = (first, second, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RR: &str = r#"
format: 1
game: xiangqi
system: round-robin
players:
  - {id: 1, name: 甲}
  - {id: 2, name: 乙}
  - {id: 3}
rounds:
  - games:
      - {red: 1, black: 2, result: "1-0", fouls: [0, 1]}
    byes: [3]
  - games:
      - {red: 3, black: 1, result: "1/2"}
"#;

    #[test]
    fn reads_and_writes_yaml_and_json() {
        let t = Tournament::from_yaml(RR, "rr.yaml").unwrap();
        assert_eq!(t.players.len(), 3);
        assert_eq!(t.rounds[0].games[0].fouls(), [0, 1]);
        assert_eq!(t.round_numbers(), vec![1, 2]);
        let back = Tournament::from_yaml(&t.to_yaml(), "again").unwrap();
        assert_eq!(back, t);
        let json = Tournament::from_json(&t.to_json(), "again.json").unwrap();
        assert_eq!(json, t);
    }

    #[test]
    fn errors_say_where() {
        let bad = RR.replace("{red: 3, black: 1", "{red: 3, black: 9");
        let e = Tournament::from_yaml(&bad, "rr.yaml").unwrap_err();
        assert_eq!(e.location, "rr.yaml: round 2, game 1");
        assert!(e.message.contains("player 9"), "{e}");
        let bad = RR.replace("\"1/2\"", "\"2-0\"");
        let e = Tournament::from_yaml(&bad, "rr.yaml").unwrap_err();
        assert!(e.location.starts_with("rr.yaml:"), "{e}");
        assert!(e.message.contains("result '2-0'"), "{e}");
        let bad = RR.replace("{red: 3, black: 1", "{red: 3, white: 1");
        let e = Tournament::from_yaml(&bad, "rr.yaml").unwrap_err();
        assert!(e.message.contains("not `white`"), "{e}");
        let bad = RR.replace("byes: [3]", "byes: [1]");
        let e = Tournament::from_yaml(&bad, "rr.yaml").unwrap_err();
        assert!(e.message.contains("bye and a game"), "{e}");
    }

    #[test]
    fn results_read_from_the_first_mover() {
        assert_eq!(ResultCode::FirstWins.outcome_for(1), Outcome::Loss);
        assert_eq!(ResultCode::SecondWinsByForfeit.outcome_for(1), Outcome::Win);
        assert_eq!(ResultCode::DoubleForfeit.outcome_for(0), Outcome::Loss);
        assert_eq!(ResultCode::DoubleForfeit.outcome_for(1), Outcome::Loss);
        assert_eq!(ResultCode::parse("="), Some(ResultCode::Draw));
    }
}
