//! Xiangqi (象棋): the board, the moves, the results, 棋例 and the conduct of
//! play, as the 2020 rules (象棋竞赛规则 2020) and their sibling editions
//! write them.
//!
//! The submodules are private; everything a program needs is re-exported
//! here, flat, and the everyday items once more at the crate root.
//!
//! | source module | rulebook |
//! |---|---|
//! | `board` | 1.1–1.3: the board, points, pieces |
//! | `equipment` | 1.4–1.6: board and piece measurements |
//! | `fen` | the raw setup and its text form |
//! | `position` | 2.2–2.3 moves, 3.1 check, 3.4 自杀 |
//! | [`notation`] | 1.1 file numbering, 7.5 records: ICCS, WXF, Chinese |
//! | `outcome` | article 4: results and their reasons |
//! | `game` | 3.2–3.4 and 4.1–4.2 applied to a game record |
//! | `repetition` | 23–26: 棋例 — cycles, labels, rulings |
//! | [`conduct`] | 4–9, 19–23, 27–30: the conduct of play adjudicated from an event log |

pub(crate) mod board;
pub mod conduct;
pub(crate) mod equipment;
pub(crate) mod fen;
pub(crate) mod game;
pub mod notation;
pub(crate) mod outcome;
pub(crate) mod position;
pub(crate) mod repetition;
pub(crate) mod tables;

pub use board::{Piece, PieceKind, Square};
pub use equipment::{
    Equipment, EquipmentLimits, Purpose, Shade, Violation as EquipmentViolation,
    check as check_equipment,
};
pub use fen::{FenError, START_FEN, Setup, diagram};
pub use game::{
    Adjudication as GameAdjudication, Event, EventKind, Level, Rules, SelfCheckRule,
    adjudicate as adjudicate_game, has_attacking_material, position_outcome,
};
pub use notation::{Notation, NotationError, ParsedMove};
pub use outcome::{GameResult, Outcome, Reason};
pub use position::{Move, MoveList, ParseFenError, PlayError, Position, PositionError, Validation};
pub use repetition::chase::{ChaseLimits, Means, Threat, threats};
pub use repetition::cycle::{
    Counting, Repetition, find_repetition, find_repetitions, find_repetitions_by,
    occurrences_of_last,
};
pub use repetition::explain::{mate_words, threat_words};
pub use repetition::judge::{JudgedMove, Judgement, explain, judge};
pub use repetition::label::{Analysis, ChaseTarget, Context, Limits, classify as label_move};
pub use repetition::mate::{MateLimit, MateSearch, mate_by_checks};
pub use repetition::material::{Trade, Unit};
pub use repetition::pending::{Pending, PendingJudgement, find_pending, judge_game, judge_pending};
pub use repetition::protection::ValueContext;
pub use repetition::ruling::{
    Change, Cycle, Label, LabelError, MoveLabel, RepetitionRules, Ruling, RulingError, Sequence,
    SideAssessment, Target, Verdict, parse_labels, rule,
};
