//! A game record and the results the board and simple events decide
//! (articles 3–4).
//!
//! [`adjudicate`] plays a record move by move and stops at the first thing
//! that ends the game:
//!
//! * a move that exposes the mover's king: 自杀 (3.4), the mover loses (4.1.3);
//! * the side to move checkmated (3.2, 4.1.1) or stalemated (3.3, 4.1.2);
//! * neither side having a piece that can ever give check (no rook, horse,
//!   cannon or pawn): a draw (4.2.2; qigui rules only this certain subset of
//!   "双方均无取胜可能的简单局势", the rest is a referee's judgement);
//! * the natural move limit: the event's number of moves (60 by default)
//!   without a capture (4.2.4);
//! * an [`Event`] in the record: resignation, agreement, a flag fall, late
//!   arrival, illegal moves, fouls (4.1.6–4.1.13, 4.2.1), counted per side.
//!
//! The repetition rulings (4.1.4, 4.1.5, 4.2.3, 4.3) come from
//! [`crate::xiangqi::repetition::ruling`]; the full conduct-of-play adjudicator builds on this.

use serde::{Deserialize, Serialize};

use crate::xiangqi::board::{Color, PieceKind};
use crate::xiangqi::outcome::{Outcome, Reason};
use crate::xiangqi::position::{Move, Position};

/// The level of an event, where the rules differ by it (4.1.8, 8.1.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// 全国比赛: one illegal move loses (4.1.8).
    #[default]
    National,
    /// 省级(含以下)和全国少年赛(含以下): the first illegal move is a foul
    /// (8.1.8), the second loses (4.1.8).
    Provincial,
}

/// What happens to a move that exposes the mover's own king (自杀).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfCheckRule {
    /// The mover loses at once (2020: 3.4, 4.1.3).
    Loses,
    /// Facing kings lose at once (1999 4.1.2); leaving the king en prise
    /// otherwise breaks the move rules (1999 3.1 "必须立即应将", 4.1.6).
    FacingLosesOtherwiseIllegal,
    /// A violation of the move rules like an illegal move, taken back
    /// (附录一 二.2: the first is a foul, the second loses).
    Violation,
}

/// The parameters of an event that the results of article 4 depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The event's level.
    pub level: Level,
    /// The natural move limit in moves (rounds) without a capture (4.2.4: 60,
    /// "可根据比赛等级酌减").
    pub natural_limit: u32,
    /// What a 自杀 move does.
    pub self_check: SelfCheckRule,
    /// How many fouls lose (4.1.10: 三次犯规; 003's school, college and
    /// club events: 同一局棋技术犯规两次判负).
    pub fouls_to_lose: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::Loses,
            fouls_to_lose: 3,
        }
    }
}

impl Rules {
    /// How many illegal moves lose (4.1.8).
    pub fn illegal_moves_to_lose(&self) -> u32 {
        match self.level {
            Level::National => 1,
            Level::Provincial => 2,
        }
    }
}

/// Something that happens in a game besides a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum EventKind {
    /// 宣布认输 (4.1.12).
    Resign {
        /// Who resigns.
        side: Color,
    },
    /// A draw offer accepted (4.2.1).
    DrawAgreed,
    /// A flag falls: the side has not finished in time (4.1.6).
    FlagFall {
        /// Whose flag.
        side: Color,
    },
    /// The side arrived after the event's forfeit time (4.1.7).
    LateForfeit {
        /// Who was late.
        side: Color,
    },
    /// An illegal move (违反行棋规定) found and taken back (4.1.8, 8.1.8).
    IllegalMove {
        /// Who made it.
        side: Color,
    },
    /// The clock pressed without a move (8.1.7; twice loses, 4.1.9).
    ClockWithoutMove {
        /// Who pressed it.
        side: Color,
    },
    /// Any other foul of 8.1 (three lose, 4.1.10).
    Foul {
        /// Who committed it.
        side: Color,
    },
    /// A natural-limit draw claim found untrue (8.1.4; the second in one
    /// capture-free stretch loses, 4.1.11).
    FalseNaturalLimitClaim {
        /// Who claimed.
        side: Color,
    },
    /// Refusing to follow the rules or serious misconduct (4.1.13).
    Misconduct {
        /// Who.
        side: Color,
    },
}

/// An event at a point of the game: after `after` plies (0 = before the first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Event {
    /// Plies played before it.
    pub after: usize,
    /// What happened.
    pub kind: EventKind,
}

/// What [`adjudicate`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The result, if the game ended.
    pub outcome: Option<Outcome>,
    /// How many plies of the record were played (the last one included when
    /// it ended the game).
    pub plies: usize,
    /// The position reached.
    pub position: Position,
    /// Fouls counted per side (red, black).
    pub fouls: [u32; 2],
}

/// Whether `color` has any piece that can ever attack the enemy king: a rook,
/// horse, cannon or pawn. Kings, advisors and elephants never leave their
/// own palace or half, so they alone cannot win.
pub fn has_attacking_material(pos: &Position, color: Color) -> bool {
    pos.pieces().any(|(_, p)| {
        p.color == color
            && matches!(
                p.kind,
                PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon | PieceKind::Pawn
            )
    })
}

/// The result, if any, of the position itself with its side to move: checkmate,
/// stalemate (both a loss for the side to move), or no attacking material left.
pub fn position_outcome(pos: &Position) -> Option<Outcome> {
    if pos.legal_moves().is_empty() {
        let reason = if pos.is_check() {
            Reason::Checkmate
        } else {
            Reason::Stalemate
        };
        return Some(Outcome::loss(pos.turn(), reason));
    }
    if !has_attacking_material(pos, Color::Red) && !has_attacking_material(pos, Color::Black) {
        return Some(Outcome::draw(Reason::NoWinningChances));
    }
    None
}

/// Plays a record and rules on it (see the module documentation). The moves
/// must be pseudo-legal; a move that exposes the mover's king ends the game.
pub fn adjudicate(
    start: &Position,
    moves: &[Move],
    events: &[Event],
    rules: &Rules,
) -> Adjudication {
    let mut pos = start.clone();
    let mut fouls = [0u32; 2];
    let mut illegal = [0u32; 2];
    let mut clock = [0u32; 2];
    let mut false_claims = [0u32; 2];
    let finish = |outcome: Outcome, plies: usize, pos: Position, fouls: [u32; 2]| Adjudication {
        outcome: Some(outcome),
        plies,
        position: pos,
        fouls,
    };
    if let Some(o) = position_outcome(&pos) {
        return finish(o, 0, pos, fouls);
    }
    for ply in 0..=moves.len() {
        for ev in events.iter().filter(|e| e.after == ply) {
            let ended = match ev.kind {
                EventKind::Resign { side } => Some(Outcome::loss(side, Reason::Resignation)),
                EventKind::DrawAgreed => Some(Outcome::draw(Reason::DrawAgreed)),
                EventKind::FlagFall { side } => Some(Outcome::loss(side, Reason::TimeForfeit)),
                EventKind::LateForfeit { side } => Some(Outcome::loss(side, Reason::LateArrival)),
                EventKind::Misconduct { side } => Some(Outcome::loss(side, Reason::Misconduct)),
                EventKind::IllegalMove { side } => {
                    let i = side.index();
                    illegal[i] += 1;
                    if illegal[i] >= rules.illegal_moves_to_lose() {
                        Some(Outcome::loss(side, Reason::IllegalMoves))
                    } else {
                        // 8.1.8: in provincial and junior events the first is a foul.
                        fouls[i] += 1;
                        (fouls[i] >= rules.fouls_to_lose)
                            .then(|| Outcome::loss(side, Reason::ThreeFouls))
                    }
                }
                EventKind::ClockWithoutMove { side } => {
                    let i = side.index();
                    clock[i] += 1;
                    if clock[i] >= 2 {
                        Some(Outcome::loss(side, Reason::ClockWithoutMove))
                    } else {
                        fouls[i] += 1; // 8.1.7
                        (fouls[i] >= rules.fouls_to_lose)
                            .then(|| Outcome::loss(side, Reason::ThreeFouls))
                    }
                }
                EventKind::FalseNaturalLimitClaim { side } => {
                    let i = side.index();
                    false_claims[i] += 1;
                    if false_claims[i] >= 2 {
                        Some(Outcome::loss(side, Reason::FalseNaturalLimitClaim))
                    } else {
                        fouls[i] += 1; // 8.1.4
                        (fouls[i] >= rules.fouls_to_lose)
                            .then(|| Outcome::loss(side, Reason::ThreeFouls))
                    }
                }
                EventKind::Foul { side } => {
                    let i = side.index();
                    fouls[i] += 1;
                    (fouls[i] >= rules.fouls_to_lose)
                        .then(|| Outcome::loss(side, Reason::ThreeFouls))
                }
            };
            if let Some(o) = ended {
                return finish(o, ply, pos, fouls);
            }
        }
        let Some(&mv) = moves.get(ply) else { break };
        let mover = pos.turn();
        if pos.exposes_own_king(mv) {
            let next = pos.play_unchecked(mv);
            match rules.self_check {
                SelfCheckRule::Loses => {
                    return finish(
                        Outcome::loss(mover, Reason::SelfCheck),
                        ply + 1,
                        next,
                        fouls,
                    );
                }
                SelfCheckRule::FacingLosesOtherwiseIllegal => {
                    let reason = if next.kings_facing() {
                        Reason::SelfCheck
                    } else {
                        Reason::IllegalMoves
                    };
                    return finish(Outcome::loss(mover, reason), ply + 1, next, fouls);
                }
                SelfCheckRule::Violation => {
                    // Counted like an illegal move and taken back: the record
                    // goes on with the mover's next move from this position.
                    let i = mover.index();
                    illegal[i] += 1;
                    if illegal[i] >= rules.illegal_moves_to_lose() {
                        return finish(
                            Outcome::loss(mover, Reason::IllegalMoves),
                            ply + 1,
                            pos,
                            fouls,
                        );
                    }
                    fouls[i] += 1;
                    if fouls[i] >= rules.fouls_to_lose {
                        return finish(
                            Outcome::loss(mover, Reason::ThreeFouls),
                            ply + 1,
                            pos,
                            fouls,
                        );
                    }
                    continue;
                }
            }
        }
        let captured = pos.captured_by(mv).is_some();
        pos = pos.play_unchecked(mv);
        if captured {
            false_claims = [0, 0]; // a new natural-limit stretch (4.1.11)
        }
        if let Some(o) = position_outcome(&pos) {
            return finish(o, ply + 1, pos, fouls);
        }
        if pos.halfmoves() >= 2 * rules.natural_limit {
            return finish(Outcome::draw(Reason::NaturalLimit), ply + 1, pos, fouls);
        }
    }
    Adjudication {
        outcome: None,
        plies: moves.len(),
        position: pos,
        fouls,
    }
}
