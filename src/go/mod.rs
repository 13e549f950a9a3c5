//! Go (围棋) as the local event rules of 003 describe it (edition
//! `go-local`, clause list `spec/clauses/go-local.yaml`, file formats in
//! `spec/go.md`).
//!
//! | module | rules |
//! |---|---|
//! | `awards` | the school event's four places and team points (奖项.一, 奖项.二.第一项) |
//! | `appeal` | whether a written appeal came within three hours (活动方案.七) |
//! | `board` | the board and its intersections, groups and liberties (规则.(三), 规则.(五).说明, 行棋规则.胜负) |
//! | `play` | a move: 提子 (活动方案.一.2), 禁着点 (活动方案.一.3, 规则.(六)), 打劫 (活动方案.一.4, 规则.(七)), superko as an option |
//! | `game` | 猜先 (活动方案.一.1), turns and handicap setup (规则.(二), 胜负计算.让子), 终局 (胜负计算.1–3, 竞赛规定.13.二), 三劫连环 (胜负计算.和棋) |
//! | `counting` | 数子法 with komi, handicap return and shared dame (胜负计算, 行棋规则.一–三, 竞赛规定.11, 棋类比赛.4–5) |
//! | `clock` | 时限, 读秒 and 包干 (竞赛规定.12, 棋类比赛.5) |
//! | `count_file` | the file `qigui go score` reads (`spec/go.md`) |
//! | `recorded_result` | a record's written result (SGF `RE`) beside the count (胜负计算) |
//! | `referee` | the referee's log: lateness, clocks, 封棋, withdrawal, rulings (活动方案.八, 竞赛规定.12–15, 棋类比赛.5) |
//!
//! Bad input never panics: a diagram error names its line and column, a
//! record error its move, a count error the point or term at fault.

pub(crate) mod appeal;
pub(crate) mod awards;
pub(crate) mod board;
pub(crate) mod clock;
pub(crate) mod count_file;
pub(crate) mod counting;
pub(crate) mod game;
pub(crate) mod play;
pub(crate) mod recorded_result;
pub(crate) mod referee;

pub use appeal::{Appeal, AppealDecision, AppealError, AppealRuling, decide_appeal};
pub use awards::{AwardsError, Decided, LastRounds, Place, places, team_points};
pub use board::{
    Board, COLUMNS, Diagram, DiagramError, Group, MAX_SIZE, MIN_SIZE, Point, PointError, SizeError,
    Stone,
};
pub use clock::{
    Call, ClockError, ClockReport, MoveTime, TimeControl, TimedCall, run as run_clock,
};
pub use count_file::{CountFile, CountFileError, parse as parse_count_file, parse_komi};
pub use counting::{Count, CountError, Terms, Zi, count};
pub use game::{
    Action, End, Entry, Game, MAX_HANDICAP, MoveError, Parity, RecordError, Replay, ReplayError,
    Setup, SetupError, Starter, nigiri, replay,
};
pub use play::{Illegal, KoRule, Played, Position};
pub use recorded_result::{Agreement, ResultCheck, compare_recorded_result};
pub use referee::{LogEntry, LogError, Outcome, RefereeLog, Ruling, Verdict, adjudicate};
