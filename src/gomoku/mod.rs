//! Gomoku: 中国五子棋竞赛规则 (2025), the edition `gomoku-2025`.
//!
//! | module | rulebook |
//! |---|---|
//! | `board` | articles 1 and 5: the board, points A1–O15, 天元 and 星, 阳线 and 阴线; the 8 symmetries |
//! | `grid` | articles 7 and 8: a line through a stone read on a padded grid (runs, fours, four points) |
//! | `patterns` | article 7: 长连, 五连, 活四, 冲四, 活三, 眠三 |
//! | `forbidden` | article 8: 三三, 四四 and 长连禁手, with the recursive live-three test |
//! | `record` | 13.2 and 6.2: a record's actions (stones, pass, swap, offers) |
//! | `openings` | 9.7, article 11, 附录一 and 附录二: the opening rules as validators |
//! | `result` | article 19 (with 14.1.1, 15.3, 17.2, 17.8, 17.9, 24.3.1 A): a record adjudicated |
//! | `result/penalties`, `result/incidents` | 15–18, 19.2.2, 10.2, 12.4, 21: the referee's events |
//! | `withdrawal` | 24.4: a withdrawn player's games |
//! | `clock` | 14.1, 14.2, 14.4–14.7, 30: time controls and the clocks of a record's times |
//! | `lateness` | 14.3: late arrival |
//! | `adjournment` | 20: the sealed move |
//! | `colours` | 10.1 and 10.3: 猜先, colours of a match and of a team match's boards |
//! | `team_systems` | 26.2.1–26.2.3 line-ups checked; 26.2.5 队员总分制 |
//! | `contests` | 27.5 擂台赛 and 27.6 对抗赛 followed from their results |
//! | `rounds` | 9.3: 轮, 场 and 局 of an event |
//! | `playoff` | 30.4: a rapid play-off's control against the event's |
//! | `technical_appeal` | 22.2: where an appeal goes, whether it is received, the fee |
//! | `questions` | one question about an event (`qigui gomoku event`, corpus `gomoku-event`) |
//!
//! `spec/gomoku.md` describes the readings qigui takes where the book is
//! silent, and the formats of the command line and corpus kinds.

pub(crate) mod adjournment;
pub(crate) mod board;
pub(crate) mod clock;
pub(crate) mod colours;
pub(crate) mod contests;
pub(crate) mod forbidden;
pub(crate) mod grid;
pub(crate) mod lateness;
pub(crate) mod openings;
pub(crate) mod patterns;
pub(crate) mod playoff;
pub(crate) mod questions;
pub(crate) mod record;
pub(crate) mod result;
pub(crate) mod rounds;
pub(crate) mod team_systems;
pub(crate) mod technical_appeal;
pub(crate) mod withdrawal;

pub use adjournment::Sealed;
pub use board::{
    Board, BoardError, Direction, Mark, POINTS, ParsePointError, Point, SIZE, Stone, Symmetry,
    parse_points, split_points,
};
pub use clock::{
    ClockError, ClockLog, ClockReport, Clocks, Flag, TimeControl, TimeControlSpec, TimeNumbers,
};
pub use colours::{ColoursError, FirstGame, Nigiri, match_colours, nigiri, team_board_colours};
pub use contests::{
    ArenaGame, ArenaInput, ArenaState, BoardOutcome, ContestError, MatchInput, MatchOutcome, Team,
    TeamMatchInput, TeamMatchOutcome, arena, individual_match, team_match,
};
pub use forbidden::{
    Forbidden, Reading, forbidden_at, forbidden_json, forbidden_map, forbidden_shape_at,
    makes_five, makes_overline,
};
pub use lateness::{Arrival, Lateness};
pub use openings::{
    Area, Choice, DESIGNATED, DesignatedOpening, Opening, OpeningError, OpeningRule, OverlineRule,
    Player, Pointing, Turn, same_shape,
};
pub use patterns::{LineShape, Shape, shapes};
pub use playoff::{PlayoffError, PlayoffInput, PlayoffRuling, playoff_ruling};
pub use questions::{EventQuestion, Refusal, answer_question};
pub use record::{Action, ParseRecordError, parse_actions};
pub use result::{
    Adjudication, AppealVerdict, ConductClause, DropRuling, Event, EventKind, GameError,
    GameRecord, GameResult, MovedRuling, Moves, Note, Official, Outcome, Penalty, Reason,
    RecordFile, RecordFileError, ScatterRuling, adjudicate, appeal_verdict,
};
pub use rounds::{RoundsCount, RoundsError, RoundsInput, RoundsSystem, count_rounds};
pub use team_systems::{
    Lineup, LineupError, MemberTotals, TeamSystem, TeamTotals, check_lineup, team_totals,
};
pub use technical_appeal::{
    AppealAnswer, AppealBody, AppealOutcome, Appellant, Refund, RulingAbout, RulingBy,
    TechnicalAppeal, technical_appeal,
};
pub use withdrawal::withdraw;
