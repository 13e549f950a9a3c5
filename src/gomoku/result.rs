//! Results (article 19, 比赛终局) of a game record, with the penalties of
//! article 17 that concern the board and the pass rule of 24.3.1 A.
//!
//! [`adjudicate`] plays a [`GameRecord`] action by action: the opening
//! through its validator ([`Opening`]), then alternate play, black odd and
//! white even (12.1, 13.2). It stops at the first thing that ends the game:
//!
//! * 19.1.1: a five wins. White's overline counts as a five; black's is a
//!   forbidden move where black has them (8.3), a five under 附录二.2 B,
//!   and nothing at all under 附录二.3 C;
//! * 19.1.2: black's forbidden move loses once white points it out
//!   (event `point-out`). A: a double three or double four must be pointed
//!   out before white's next move (qigui: stone or pass, since the main
//!   text asks for 立即指出); B: an overline may be pointed out at any time
//!   before the end; C: a five made together with a forbidden shape wins;
//! * 19.2.1: draws by agreement (A), two consecutive passes (B), a full
//!   board without a win (C), both flags down with no telling which fell
//!   first (D);
//! * events: resignation (19.1.3), a flag fall (14.1.1), a loss by penalty
//!   (19.1.4), a second 违例 in one game (15.3), a late arrival beyond the
//!   limit before the first move: the late player forfeits (14.3.3), and
//!   when both are late both lose (14.3.4, result `both_lose`).
//!
//! A record that breaks a rule no penalty covers is an error, not a result:
//! a stone on an occupied point (6.1, 12.2), a pass in the first five moves
//! (24.3.1 A), an action the opening does not allow (17.1 with the opening's
//! clause). The board penalties of 17 are actions of the record
//! ([`Action::Again`], [`Action::Lift`], [`Action::Slide`]): 17.8 takes the
//! second stone back, 17.9 and 17.2 put the stone on the first point,
//! unless the opponent accepted the breach (17's preamble).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Point, Stone};
use super::forbidden::{Forbidden, Reading, forbidden_shape_at, makes_five, makes_overline};
use super::openings::{Opening, OpeningRule, OverlineRule, Player};
use super::record::{Action, ParseRecordError, parse_actions};

mod appeal;
mod incidents;
mod opening_breach;
mod penalties;
mod recording;
mod score_sheet;

pub use appeal::{AppealVerdict, appeal_verdict};
pub use incidents::{DropRuling, MovedRuling, ScatterRuling};
pub use penalties::{ConductClause, Official, Penalty};
mod referee;

/// Who won, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// 黑胜.
    BlackWins,
    /// 白胜.
    WhiteWins,
    /// 和棋.
    Draw,
    /// 双方作负: both sides lose (14.3.4: both later than the limit, 判双方弃权作负).
    BothLose,
    /// 重下: the game is played again (10.2, 21.1.2 D, 21.2.2 B).
    Replay,
}

impl GameResult {
    /// The code used in the corpus: `black_wins`, `white_wins`, `draw`,
    /// `both_lose`.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::BlackWins => "black_wins",
            GameResult::WhiteWins => "white_wins",
            GameResult::Draw => "draw",
            GameResult::BothLose => "both_lose",
            GameResult::Replay => "replay",
        }
    }

    /// The result in which `s` wins.
    pub fn win_for(s: Stone) -> GameResult {
        match s {
            Stone::Black => GameResult::BlackWins,
            Stone::White => GameResult::WhiteWins,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuReason"))]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// 19.1.1: a five.
    Five,
    /// 19.1.1 (附录二.2 B for black): an overline counted as a five.
    Overline,
    /// 19.1.2 C: a five made together with a forbidden shape.
    FiveWithForbidden,
    /// 19.1.2: a forbidden move pointed out by white.
    ForbiddenMove,
    /// 19.1.3: a win both sides acknowledge (resignation).
    Resignation,
    /// 14.1.1: a flag fall.
    TimeForfeit,
    /// 19.1.4: a loss by penalty (17.10–17.13, 18.8–18.12, …).
    Penalty,
    /// 15.3: a second 违例 in the game.
    TwoViolations,
    /// 19.2.1 A.
    DrawAgreed,
    /// 19.2.1 B.
    TwoPasses,
    /// 19.2.1 C.
    FullBoard,
    /// 19.2.1 D.
    BothFlags,
    /// 14.3.3, 14.3.4: later than the limit for late arrival: 弃权作负.
    LateArrival,
    /// 取消比赛资格 (15.4, 16.4, 19.1.4).
    Disqualified,
    /// A stone found moved (21.1).
    MovedStone,
    /// The position scattered beyond replaying (21.2.2, 17.11).
    Scattered,
    /// Colours found wrong early enough to start again (10.2).
    ColoursWrong,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 17] = [
        Reason::Five,
        Reason::Overline,
        Reason::FiveWithForbidden,
        Reason::ForbiddenMove,
        Reason::Resignation,
        Reason::TimeForfeit,
        Reason::Penalty,
        Reason::TwoViolations,
        Reason::DrawAgreed,
        Reason::TwoPasses,
        Reason::FullBoard,
        Reason::BothFlags,
        Reason::LateArrival,
        Reason::Disqualified,
        Reason::MovedStone,
        Reason::Scattered,
        Reason::ColoursWrong,
    ];

    /// The code used in the corpus.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::Overline => "overline",
            Reason::FiveWithForbidden => "five-with-forbidden",
            Reason::ForbiddenMove => "forbidden-move",
            Reason::Resignation => "resignation",
            Reason::TimeForfeit => "time-forfeit",
            Reason::Penalty => "penalty",
            Reason::TwoViolations => "two-violations",
            Reason::DrawAgreed => "draw-agreed",
            Reason::TwoPasses => "two-passes",
            Reason::FullBoard => "full-board",
            Reason::BothFlags => "both-flags",
            Reason::LateArrival => "late-arrival",
            Reason::Disqualified => "disqualified",
            Reason::MovedStone => "moved-stone",
            Reason::Scattered => "scattered",
            Reason::ColoursWrong => "colours-wrong",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The result.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
    /// The deciding clause.
    pub clause: &'static str,
    /// The number of the last move played (13.2 numbering).
    pub at: u32,
    /// The forbidden shape involved, for `forbidden-move` and
    /// `five-with-forbidden`.
    pub forbidden: Option<Forbidden>,
}

/// Something besides the actions of the record, after the move numbered
/// `after` (0: before the first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuEvent"))]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The move it follows.
    pub after: u32,
    /// What happens.
    pub kind: EventKind,
}

/// What an [`Event`] is. `side` is the colour the player holds at the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuEventKind"))]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum EventKind {
    /// White points out a forbidden move (19.1.2).
    PointOut,
    /// Both sides agree to a draw (19.2.1 A).
    DrawAgreed,
    /// A player resigns: a win both acknowledge (19.1.3).
    Resign {
        /// Who resigns.
        side: Stone,
    },
    /// A flag falls (14.1.1, 14.1.2).
    FlagFall {
        /// Whose.
        side: Stone,
    },
    /// Both flags are down and no one can tell which fell first (19.2.1 D).
    BothFlags,
    /// The referee rules a loss by penalty (判负, 15.3, 19.1.4).
    Forfeit {
        /// Who loses.
        side: Stone,
    },
    /// A 违例 (15.2), e.g. for 17.8 or 17.9.
    Violation {
        /// Who receives it.
        side: Stone,
    },
    /// One player came later than the limit for late arrival: he forfeits
    /// and loses (14.3.3 一方迟到超过赛场规定时间，判其弃权作负; 14.3.1).
    /// Only before the first move (`after: 0`).
    Late {
        /// Who came late (the colour he was to hold).
        side: Stone,
    },
    /// Both players came later than the limit: both forfeit and lose
    /// (14.3.4 双方迟到超过赛场规定时间，则判双方弃权作负). Only before the
    /// first move (`after: 0`).
    BothLate,
    /// A breach of article 17 or 18 (or 12.3) and the penalty the
    /// official gives for it (15, 16; `penalties`).
    Foul {
        /// Who committed it.
        side: Stone,
        /// The clause breached.
        #[cfg_attr(test, schemars(with = "String"))]
        clause: ConductClause,
        /// The penalty given (15.1–15.3): the official's choice among those
        /// the text allows for the clause.
        penalty: Penalty,
        /// The move after which the breach happened (default: `after`);
        /// for article 17, an opponent's move between `at` and `after`
        /// accepts the breach (17's preamble).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u32>,
        /// The opponent accepted the breach (17's preamble): no penalty.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        accepted: bool,
        /// Who gives the penalty (16); checked when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Official>,
    },
    /// 取消比赛资格 (15.4, 16.4): the opponent wins the game (19.1.4).
    Disqualified {
        /// Who is disqualified.
        side: Stone,
        /// Who rules it (16.4: the committee); checked when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Official>,
    },
    /// A player arrived `at` seconds after the start (14.3): beyond the
    /// record's `late_limit` he forfeits (14.3.3, both: 14.3.4) unless
    /// `excused` (14.3.1 除非裁判另有其他决定); within it the late time
    /// comes off his clock (14.3.2). Only with `after: 0`.
    Arrive {
        /// Who (the colour he was to hold at the start).
        side: Stone,
        /// Seconds after the start.
        at: u32,
        /// The referee decided otherwise (14.3.1).
        #[serde(default)]
        excused: bool,
    },
    /// The referee puts a clock on a game on shared time: each side's time
    /// is half of what remains (14.1.3).
    SplitClock,
    /// The player who has just moved did not press his clock (14.6.1): it
    /// runs on through the opponent's next move.
    Unpressed {
        /// Who forgot.
        side: Stone,
    },
    /// The referee spent `seconds` on a breach, charged to `charged` if he
    /// so decides (14.7), otherwise to no one; also a clock stopped by a
    /// player in a rapid game (31.4).
    RulingTime {
        /// How long.
        seconds: u32,
        /// Who bears it.
        #[serde(default)]
        charged: Option<Stone>,
    },
    /// The referee adds time to a player's clock (14.5, 31.5).
    AddTime {
        /// Whose clock.
        side: Stone,
        /// Seconds.
        seconds: u32,
    },
    /// The referee sets the clocks, e.g. on a new clock (14.5, 31.5).
    SetClock {
        /// Black's time left, seconds.
        black: u32,
        /// White's time left, seconds.
        white: u32,
    },
    /// The game is adjourned (20.1): the player to move seals his next
    /// move, which is the record's next action, played when the game
    /// resumes (20.2.4); `seconds` the break (not charged, 20.1.1, 20.1.4).
    Adjourn {
        /// What the envelope holds.
        #[serde(default)]
        sealed: super::adjournment::Sealed,
        /// How long the game stood, seconds.
        #[serde(default)]
        seconds: u32,
    },
    /// A draw offer (19.2.2).
    OfferDraw {
        /// Who offers.
        side: Stone,
    },
    /// A draw offer accepted (19.2.2 C, 19.2.1 A).
    AcceptDraw {
        /// Who accepts.
        side: Stone,
    },
    /// A draw offer declined orally (19.2.2 C).
    DeclineDraw {
        /// Who declines.
        side: Stone,
    },
    /// A stone found moved from where it was played (21.1).
    MovedStone {
        /// Where it was played.
        #[cfg_attr(test, schemars(with = "String"))]
        from: Point,
        /// Where it was found.
        #[cfg_attr(test, schemars(with = "String"))]
        to: Point,
        /// Both players agree on the ruling (21.1.1).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        agreed: bool,
        /// A record shows where the stone stood (21.1.2 又无记录可查).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        recorded: bool,
        /// The ruling (21.1.1 A–B, 21.1.2 A–D).
        ruling: MovedRuling,
    },
    /// The position scattered (21.2, 17.7, 17.10, 17.11).
    Scattered {
        /// The ruling (21.2.1, 21.2.2 A–B).
        ruling: ScatterRuling,
    },
    /// The player to move dropped a stone on the board (12.4).
    Dropped {
        /// Where it fell.
        #[cfg_attr(test, schemars(with = "String"))]
        point: Point,
        /// The opponent agreed that it be picked up (12.4).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        agreed: bool,
        /// The chief arbiter's ruling when they do not agree.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ruling: Option<DropRuling>,
    },
    /// The players are found to hold the wrong colours (10.2).
    ColoursWrong {
        /// Seconds since the start of the round when found, if known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elapsed: Option<u32>,
    },
    /// The referee requires a player to fair-copy or complete his record
    /// (13.4 誊清或补正记录); during the game the time is his own
    /// (`score_sheet`).
    CorrectRecord {
        /// Who is required to.
        side: Stone,
        /// How long it took, seconds, charged to his clock.
        #[serde(default)]
        seconds: u32,
        /// He refuses (13.4 棋手不得拒绝): the foul 17.12 with this penalty.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refused: Option<Penalty>,
    },
    /// A player borrows the opponent's score sheet to correct his own, in
    /// his own time (13.5); once per game, a second request is refused.
    BorrowRecord {
        /// Who borrows.
        side: Stone,
        /// How long he kept it, seconds, charged to his clock.
        #[serde(default)]
        seconds: u32,
    },
    /// Both records beyond mutual correction: the referee stops the clocks
    /// and the players rebuild the record by replaying (13.6); the time is
    /// borne by both, half each.
    RebuildRecord {
        /// How long the rebuilding took, seconds.
        #[serde(default)]
        seconds: u32,
    },
    /// An appeal (14.8 申诉时限): made `minutes` after the time the event's
    /// rules count its limit from; received when within `limit` minutes,
    /// an overrun the organisers caused (`delay`) not counted.
    Appeal {
        /// Who appeals.
        side: Stone,
        /// Minutes after the start of the appeal period.
        minutes: u32,
        /// The event's limit, minutes (规定的时间).
        limit: u32,
        /// Minutes of the overrun caused by the organisers or the host
        /// (因组织者、主办单位造成的超过时限不在之内).
        #[serde(default, skip_serializing_if = "is_zero")]
        delay: u32,
    },
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// A game: the opening rule, the actions, the events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The opening rule (11, 附录二).
    pub opening: OpeningRule,
    /// The actions in order.
    pub actions: Vec<Action>,
    /// The events.
    pub events: Vec<Event>,
    /// How a four point that completes a five counts (`spec/gomoku.md`).
    pub reading: Reading,
    /// The time control, the actions' times and the late limit (14).
    pub clock: super::clock::ClockLog,
}

/// Something a referee should know that did not end the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The move it follows.
    pub after: u32,
    /// The clause.
    pub clause: &'static str,
    /// What happened.
    pub text: String,
}

/// A record played through.
#[derive(Clone, Debug)]
pub struct Adjudication {
    /// How it ended, if it did.
    pub outcome: Option<Outcome>,
    /// The board at the end.
    pub board: Board,
    /// The number of the last move played.
    pub moves: u32,
    /// The actions applied (all of them unless the game ended early).
    pub actions: usize,
    /// Black's moves that were forbidden and not pointed out in time
    /// (19.1.2 A).
    pub lapsed: Vec<u32>,
    /// Notes.
    pub notes: Vec<Note>,
    /// 违例 received by the first and the second player.
    pub violations: [u32; 2],
    /// 警告 (15.1) received by the first and the second player.
    pub warnings: [u32; 2],
    /// The clocks at the end, when the record gives a time control (14).
    pub clocks: Option<super::clock::ClockReport>,
    /// The appeals' verdicts in the log's order (14.8).
    pub appeals: Vec<AppealVerdict>,
}

/// Why a record cannot be adjudicated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The text of the record could not be read.
    #[error(transparent)]
    Parse(#[from] ParseRecordError),
    /// An action breaks the rules.
    #[error("action {action} ('{text}'): {message} ({clause})")]
    Illegal {
        /// The 1-based action number.
        action: usize,
        /// The action's text.
        text: String,
        /// The clause broken.
        clause: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A late arrival (14.3) ruled after the game began: the limit is
    /// counted from the start, and a player who has moved has arrived.
    #[error(
        "event {event}: a late arrival is ruled before the first move (14.3), not after move {after}"
    )]
    LateAfterStart {
        /// The 1-based event number.
        event: usize,
        /// Its `after`.
        after: u32,
    },
    /// An event refers to a move the record does not reach.
    #[error("event {event}: after move {after}, but the record has {moves} moves")]
    EventAfterEnd {
        /// The 1-based event number.
        event: usize,
        /// Its `after`.
        after: u32,
        /// The moves in the record.
        moves: u32,
    },
    /// An event of the referee's log the rules do not allow as given.
    #[error("event {event}: {message} ({clause})")]
    Conduct {
        /// The 1-based event number.
        event: usize,
        /// The clause.
        clause: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The clock log cannot be used (14).
    #[error(transparent)]
    Clock(#[from] super::clock::ClockError),
}

impl GameError {
    /// The clause an illegal action breaks.
    pub fn clause(&self) -> Option<&'static str> {
        match self {
            GameError::Illegal { clause, .. } | GameError::Conduct { clause, .. } => Some(clause),
            _ => None,
        }
    }
}

/// A game record file (`qigui gomoku judge FILE`, `spec/gomoku.md`):
///
/// ```yaml
/// opening: five-move-two          # default: designated
/// moves: "H8 H9 H10 swap H11 offer G7 I6 choose I6 A1"   # or a list
/// events:
///   - {after: 9, kind: {type: point-out}}
/// reading: five-point-legal       # default
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordFile {
    /// The opening rule.
    #[serde(default)]
    pub opening: OpeningRule,
    /// The actions: one string, or a list of strings.
    pub moves: Moves,
    /// Events.
    #[serde(default)]
    pub events: Vec<Event>,
    /// How a four point that also completes a five counts.
    #[serde(default)]
    pub reading: Reading,
    /// The time control (14.1, 30.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<super::clock::TimeControlSpec>,
    /// Seconds on the actor's clock for each action, in order (14.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times: Vec<u32>,
    /// The limit for late arrival, seconds (14.3.1; default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit: Option<u32>,
}

/// The actions of a [`RecordFile`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "expected the moves as one string (\"H8 H9 H10\") or a list of strings"
)]
pub enum Moves {
    /// All in one string.
    Line(String),
    /// One or more actions per entry.
    List(Vec<String>),
}

/// Why a record file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordFileError {
    /// Not YAML of the expected shape.
    #[error("{0}")]
    Yaml(String),
    /// An action could not be read.
    #[error("moves: {0}")]
    Actions(#[from] ParseRecordError),
}

impl GameRecord {
    /// Reads a record file (see [`RecordFile`]).
    pub fn from_yaml(text: &str) -> Result<GameRecord, RecordFileError> {
        crate::limits::check_structure(text, "record")
            .map_err(|e| RecordFileError::Yaml(e.to_string()))?;
        let f: RecordFile = yaml_serde::from_str(text)
            .map_err(|e| RecordFileError::Yaml(crate::limits::serde_words(&e.to_string())))?;
        let line = match &f.moves {
            Moves::Line(s) => s.clone(),
            Moves::List(v) => v.join(" "),
        };
        let clock = super::clock::ClockLog::new(f.time_control.as_ref(), f.times, f.late_limit)
            .map_err(|e| RecordFileError::Yaml(e.to_string()))?;
        Ok(GameRecord {
            opening: f.opening,
            actions: parse_actions(&line)?,
            events: f.events,
            reading: f.reading,
            clock,
        })
    }

    /// A record from text actions.
    pub fn parse(opening: OpeningRule, actions: &str) -> Result<GameRecord, ParseRecordError> {
        Ok(GameRecord {
            opening,
            actions: parse_actions(actions)?,
            events: Vec::new(),
            reading: Reading::default(),
            clock: Default::default(),
        })
    }
}

struct State<'a> {
    rec: &'a GameRecord,
    opening: Opening,
    board: Board,
    n: u32,
    last_pass: bool,
    /// Black's forbidden move that white may still point out at once.
    claimable: Option<(u32, Forbidden)>,
    /// Black's overlines (19.1.2 B: claimable until the end).
    overlines: Vec<u32>,
    outcome: Option<Outcome>,
    lapsed: Vec<u32>,
    notes: Vec<Note>,
    violations: [u32; 2],
    referee: penalties::Referee,
    clocks: referee::Referee,
    /// Whether the first and the second player have borrowed the
    /// opponent's score sheet (13.5: once a game).
    borrowed: [bool; 2],
}

impl State<'_> {
    fn end(
        &mut self,
        result: GameResult,
        reason: Reason,
        clause: &'static str,
        forbidden: Option<Forbidden>,
    ) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                result,
                reason,
                clause,
                at: self.n,
                forbidden,
            });
        }
    }

    fn note(&mut self, clause: &'static str, text: String) {
        self.notes.push(Note {
            after: self.n,
            clause,
            text,
        });
    }

    /// White moved (stone or pass): a pending double three or four lapses.
    fn white_moved(&mut self) {
        if let Some((m, f)) = self.claimable.take()
            && f != Forbidden::Overline
        {
            self.lapsed.push(m);
            self.note(
                    "19.1.2.A",
                    format!("black's {f} at move {m} was not pointed out before white's next move; it no longer counts"),
                );
        }
    }

    /// A stone of colour `s` was put on `p` (already on the board);
    /// `forbidden` is the shape black's stone made if a five did not win.
    fn judge_stone(&mut self, p: Point, s: Stone, forbidden: Option<Forbidden>, numbered: bool) {
        let rule = self.rec.opening;
        if s == Stone::White {
            if numbered {
                self.white_moved();
            }
            if makes_five(&self.board, p) {
                self.end(GameResult::WhiteWins, Reason::Five, "19.1.1", None);
            } else if makes_overline(&self.board, p) && rule.overline() != OverlineRule::Nothing {
                self.end(GameResult::WhiteWins, Reason::Overline, "19.1.1", None);
            }
        } else if makes_five(&self.board, p) {
            match forbidden.filter(|_| rule.black_forbidden()) {
                Some(f) => self.end(
                    GameResult::BlackWins,
                    Reason::FiveWithForbidden,
                    "19.1.2.C",
                    Some(f),
                ),
                None => self.end(GameResult::BlackWins, Reason::Five, "19.1.1", None),
            }
        } else if rule.black_forbidden() {
            if let Some(f) = forbidden {
                self.claimable = Some((self.n, f));
                if f == Forbidden::Overline {
                    self.overlines.push(self.n);
                }
                let n = self.n;
                self.note(f.clause(), format!("black's move {n} on {p} is a forbidden move ({f}); white wins by pointing it out"));
            }
        } else if makes_overline(&self.board, p) && rule.overline() == OverlineRule::FiveForBoth {
            self.end(GameResult::BlackWins, Reason::Overline, "附录二.2.B", None);
        }
        if self.outcome.is_none() && self.board.is_full() {
            self.end(GameResult::Draw, Reason::FullBoard, "19.2.1.C", None);
        }
    }

    fn player(&self, s: Stone) -> Player {
        self.opening.holder(s)
    }

    fn event(&mut self, e: &Event) {
        if self.outcome.is_some() {
            return;
        }
        match e.kind {
            EventKind::PointOut => {
                if let Some((_, f)) = self.claimable.filter(|(m, _)| *m == self.n) {
                    self.end(
                        GameResult::WhiteWins,
                        Reason::ForbiddenMove,
                        "19.1.2",
                        Some(f),
                    );
                } else if let Some(&m) = self.overlines.first() {
                    let text = format!("white points out black's overline at move {m}");
                    self.note("19.1.2.B", text);
                    self.end(
                        GameResult::WhiteWins,
                        Reason::ForbiddenMove,
                        "19.1.2.B",
                        Some(Forbidden::Overline),
                    );
                } else {
                    self.note("19.1.2", "white points out a forbidden move, but there is none to claim; play goes on".into());
                }
            }
            EventKind::DrawAgreed => {
                self.end(GameResult::Draw, Reason::DrawAgreed, "19.2.1.A", None)
            }
            EventKind::Resign { side } => self.end(
                GameResult::win_for(side.opposite()),
                Reason::Resignation,
                "19.1.3",
                None,
            ),
            EventKind::FlagFall { side } if !self.flag_refused(Some(side)) => self.end(
                GameResult::win_for(side.opposite()),
                Reason::TimeForfeit,
                "14.1.1",
                None,
            ),
            EventKind::BothFlags if !self.flag_refused(None) => {
                self.end(GameResult::Draw, Reason::BothFlags, "19.2.1.D", None)
            }
            EventKind::FlagFall { .. } | EventKind::BothFlags => {}
            EventKind::Forfeit { side } => self.end(
                GameResult::win_for(side.opposite()),
                Reason::Penalty,
                "19.1.4",
                None,
            ),
            EventKind::Late { side } => self.end(
                GameResult::win_for(side.opposite()),
                Reason::LateArrival,
                "14.3.3",
                None,
            ),
            EventKind::BothLate => {
                self.end(GameResult::BothLose, Reason::LateArrival, "14.3.4", None)
            }
            EventKind::Violation { side } => {
                let i = match self.player(side) {
                    Player::First => 0,
                    Player::Second => 1,
                };
                self.violations[i] += 1;
                if self.violations[i] >= 2 {
                    self.end(
                        GameResult::win_for(side.opposite()),
                        Reason::TwoViolations,
                        "15.3",
                        None,
                    );
                }
            }
            kind => self.referee_event(kind),
        }
    }

    fn events_after(&mut self, n: u32) -> Result<(), GameError> {
        let rec = self.rec;
        for (i, e) in rec.events.iter().enumerate().filter(|(_, e)| e.after == n) {
            self.event(e);
            self.conduct(i + 1, e)?;
        }
        Ok(())
    }

    /// 17.2 and 17.9: a stone slid or lifted goes back to the first point
    /// it touched unless the opponent accepted the breach; other actions
    /// stand as they are.
    fn resolve_breach(
        &mut self,
        action: &Action,
        illegal: &Illegal<'_>,
    ) -> Result<Action, GameError> {
        Ok(match action {
            Action::Lift {
                first,
                to,
                accepted,
            }
            | Action::Slide {
                first,
                to,
                accepted,
            } => {
                let clause = if matches!(action, Action::Lift { .. }) {
                    "17.9"
                } else {
                    "17.2"
                };
                for q in [first, to] {
                    if !self.board.is_empty_at(*q) {
                        return Err(illegal("12.2", format!("{q} is not empty")));
                    }
                }
                let n = self.n + 1;
                if *accepted {
                    self.note(
                        clause,
                        format!("move {n}: the breach was accepted (17); the stone stays on {to}"),
                    );
                    Action::Stone(*to)
                } else {
                    self.note(
                        clause,
                        format!(
                            "move {n}: the stone is put back on {first}, the point it first touched"
                        ),
                    );
                    Action::Stone(*first)
                }
            }
            other => other.clone(),
        })
    }

    /// An action of the opening (9.7, article 11, 附录一, 附录二): the
    /// opening rule validates it; a stone it places is judged (8, 19).
    fn opening_action(
        &mut self,
        resolved: &Action,
        illegal: &Illegal<'_>,
    ) -> Result<(), GameError> {
        let before = self.opening.moves();
        let placed_at = match resolved {
            Action::Stone(p) | Action::Choose(p) => Some(*p),
            Action::Accepted(a) => match **a {
                Action::Stone(p) | Action::Choose(p) => Some(p),
                _ => None,
            },
            _ => None,
        };
        let board_before = self.opening.board().clone();
        if !self.opening_breach(resolved, illegal)? {
            return Ok(());
        }
        if self.opening.moves() > before {
            self.n = self.opening.moves();
            self.board = self.opening.board().clone();
            if let Some(p) = placed_at {
                let s = Stone::of_move(self.n);
                let f = if s == Stone::Black {
                    forbidden_shape_at(&board_before, p, self.rec.reading)
                } else {
                    None
                };
                self.judge_stone(p, s, f, true);
            }
            let n = self.n;
            self.events_after(n)?;
        }
        Ok(())
    }

    /// An action after the opening: a stone (12.2, 8, 19), a pass (19.2.1.B,
    /// 24.3.1 A) or a second stone (17.8).
    fn play(&mut self, resolved: Action, illegal: &Illegal<'_>) -> Result<(), GameError> {
        match resolved {
            Action::Stone(p) => {
                if !self.board.is_empty_at(p) {
                    return Err(illegal(
                        "12.2",
                        format!("move {} on {p}: the point is not empty", self.n + 1),
                    ));
                }
                let s = Stone::of_move(self.n + 1);
                let f = if s == Stone::Black {
                    forbidden_shape_at(&self.board, p, self.rec.reading)
                } else {
                    None
                };
                self.n += 1;
                self.board.set(p, Some(s));
                self.last_pass = false;
                self.judge_stone(p, s, f, true);
            }
            Action::Pass => {
                let n = self.n + 1;
                if n <= 5 {
                    return Err(illegal(
                        "24.3.1.A",
                        format!(
                            "move {n}: no pass in the first five moves (前5着棋不允许放弃行棋权)"
                        ),
                    ));
                }
                self.n = n;
                if Stone::of_move(n) == Stone::White {
                    self.white_moved();
                } else {
                    self.claimable = None;
                }
                if self.last_pass {
                    self.end(GameResult::Draw, Reason::TwoPasses, "19.2.1.B", None);
                }
                self.last_pass = true;
            }
            Action::Again { point, accepted } => {
                if self.n == 0 {
                    return Err(illegal("17.8", "no move has been played yet".into()));
                }
                if !self.board.is_empty_at(point) {
                    return Err(illegal("12.2", format!("{point} is not empty")));
                }
                let s = Stone::of_move(self.n);
                let n = self.n;
                if accepted {
                    let f = if s == Stone::Black {
                        forbidden_shape_at(&self.board, point, self.rec.reading)
                    } else {
                        None
                    };
                    self.board.set(point, Some(s));
                    self.note("17.8", format!("{s} placed a second stone on {point} after move {n}; the opponent accepted it (17), it stays unnumbered"));
                    self.judge_stone(point, s, f, false);
                } else {
                    self.note(
                        "17.8",
                        format!(
                            "{s} placed a second stone on {point} after move {n}; it is taken back"
                        ),
                    );
                }
            }
            Action::Swap | Action::Offer(_) | Action::Choose(_) | Action::Declare(_) => {
                self.opening_over(&resolved);
            }
            Action::Accepted(_) => {
                return Err(illegal(
                    self.rec.opening.clause(),
                    "the opening is over: 'accepted' marks an accepted breach of the opening (17.1), and qigui gives no meaning to one after it".into(),
                ));
            }
            Action::Lift { .. } | Action::Slide { .. } => {
                // Resolved to a stone above.
            }
        }
        Ok(())
    }
}

/// How an action is refused: the clause and the message (the action's
/// number and text are the caller's).
type Illegal<'a> = dyn Fn(&'static str, String) -> GameError + 'a;

/// Plays a record through and says how it ended (see the module documentation).
pub fn adjudicate(rec: &GameRecord) -> Result<Adjudication, GameError> {
    for (i, e) in rec.events.iter().enumerate() {
        if matches!(
            e.kind,
            EventKind::Late { .. } | EventKind::BothLate | EventKind::Arrive { .. }
        ) && e.after != 0
        {
            return Err(GameError::LateAfterStart {
                event: i + 1,
                after: e.after,
            });
        }
    }
    let mut st = State {
        rec,
        opening: Opening::new(rec.opening),
        board: Board::new(),
        n: 0,
        last_pass: false,
        claimable: None,
        overlines: Vec::new(),
        outcome: None,
        lapsed: Vec::new(),
        notes: Vec::new(),
        violations: [0, 0],
        referee: penalties::Referee::default(),
        clocks: referee::Referee::new(&rec.clock, rec.actions.len())?,
        borrowed: [false; 2],
    };
    penalties::check_events(&rec.events)?;
    st.arrivals();
    st.events_after(0)?;
    let mut applied = 0;
    for (i, action) in rec.actions.iter().enumerate() {
        if st.outcome.is_some() {
            let n = st.n;
            st.note(
                "9.2",
                format!(
                    "{} action(s) after the end of the game at move {n} are not played",
                    rec.actions.len() - i
                ),
            );
            break;
        }
        applied = i + 1;
        let illegal = |clause: &'static str, message: String| GameError::Illegal {
            action: i + 1,
            text: action.to_string(),
            clause,
            message,
        };
        if st.timed(i, action) {
            break;
        }
        let sealed = st.clocks.take_seal();
        let before = st.n;
        // Ok(true): a stone or a pass played after the opening.
        let step = (|| {
            let resolved = st.resolve_breach(action, &illegal)?;
            if !st.opening.is_done() {
                st.opening_action(&resolved, &illegal)?;
                return Ok(false);
            }
            st.play(resolved, &illegal)?;
            Ok(true)
        })();
        match step {
            Err(e) => st.sealed_illegal(sealed, e)?,
            // A second stone (17.8) is no move: the events after the move it
            // follows have been taken up already.
            Ok(true) if st.n != before => {
                let n = st.n;
                st.events_after(n)?;
            }
            Ok(_) => {}
        }
    }
    if let Some((e, ev)) = rec.events.iter().enumerate().find(|(_, e)| e.after > st.n)
        && st.outcome.is_none()
    {
        return Err(GameError::EventAfterEnd {
            event: e + 1,
            after: ev.after,
            moves: st.n,
        });
    }
    let appeals = st.appeals();
    Ok(Adjudication {
        outcome: st.outcome,
        board: st.board,
        moves: st.n,
        actions: applied,
        lapsed: st.lapsed,
        clocks: st.clocks.report(&st.opening),
        notes: st.notes,
        violations: st.violations,
        warnings: st.referee.warnings,
        appeals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(rule: OpeningRule, text: &str, events: &[Event]) -> Result<Adjudication, GameError> {
        let mut rec = GameRecord::parse(rule, text).unwrap();
        rec.events = events.to_vec();
        adjudicate(&rec)
    }

    fn outcome(a: &Adjudication) -> (GameResult, Reason, &'static str, u32) {
        let o = a.outcome.unwrap();
        (o.result, o.reason, o.clause, o.at)
    }

    #[test]
    fn fives_and_forbidden_moves() {
        use OpeningRule::Designated as D;
        let a = judge(D, "H8 H9 I9 A1 J10 A2 K11 A3 L12", &[]).unwrap();
        assert_eq!(
            outcome(&a),
            (GameResult::BlackWins, Reason::Five, "19.1.1", 9)
        );
        // Black's double three at move 9 (J8: H8 I8 J8 and J7 J8 J9).
        let rec = "H8 I9 I8 A1 J7 A2 J9 A3 J8";
        let a = judge(
            D,
            rec,
            &[Event {
                after: 9,
                kind: EventKind::PointOut,
            }],
        )
        .unwrap();
        assert_eq!(
            outcome(&a),
            (GameResult::WhiteWins, Reason::ForbiddenMove, "19.1.2", 9)
        );
        assert_eq!(a.outcome.unwrap().forbidden, Some(Forbidden::DoubleThree));
        // Not pointed out before white's next stone: it lapses (19.1.2 A).
        let a = judge(
            D,
            &format!("{rec} A4"),
            &[Event {
                after: 10,
                kind: EventKind::PointOut,
            }],
        )
        .unwrap();
        assert_eq!(a.outcome, None);
        assert_eq!(a.lapsed, vec![9]);
    }

    #[test]
    fn passes() {
        use OpeningRule::Designated as D;
        let e = judge(D, "H8 H9 H10 pass", &[]).unwrap_err();
        assert_eq!(e.clause(), Some("24.3.1.A"));
        let a = judge(D, "H8 H9 H10 A1 B1 pass pass", &[]).unwrap();
        assert_eq!(
            outcome(&a),
            (GameResult::Draw, Reason::TwoPasses, "19.2.1.B", 7)
        );
    }

    #[test]
    fn late_arrival_is_ruled_before_the_first_move() {
        let rec = |after: u32, kind: EventKind| GameRecord {
            opening: OpeningRule::Free,
            actions: Vec::new(),
            events: vec![Event { after, kind }],
            reading: Reading::default(),
            clock: Default::default(),
        };
        let a = adjudicate(&rec(0, EventKind::BothLate))
            .ok()
            .and_then(|a| a.outcome);
        assert_eq!(
            a.map(|o| (o.result, o.clause)),
            Some((GameResult::BothLose, "14.3.4"))
        );
        let a = adjudicate(&rec(0, EventKind::Late { side: Stone::Black }))
            .ok()
            .and_then(|a| a.outcome);
        assert_eq!(
            a.map(|o| (o.result, o.clause)),
            Some((GameResult::WhiteWins, "14.3.3"))
        );
        assert!(matches!(
            adjudicate(&rec(2, EventKind::BothLate)),
            Err(GameError::LateAfterStart { event: 1, after: 2 })
        ));
    }
}
