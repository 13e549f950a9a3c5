//! Results and their reasons (article 4: 胜、负、和).
//!
//! Every finished game has a [`GameResult`] and a [`Reason`]; each reason
//! names the clause of 4.1 or 4.2 that decides it, so that a referee can
//! check the ruling against the book.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::xiangqi::board::Color;

/// Who won, or a draw. Codes in the corpus: `red_wins`, `black_wins`, `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
}

impl GameResult {
    /// The result in which `loser` loses (4.1: 为输棋(负)，对方取胜).
    pub fn loss_for(loser: Color) -> GameResult {
        match loser {
            Color::Red => GameResult::BlackWins,
            Color::Black => GameResult::RedWins,
        }
    }

    /// The code used in the corpus and JSON.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::RedWins => "red_wins",
            GameResult::BlackWins => "black_wins",
            GameResult::Draw => "draw",
        }
    }

    /// The result with red and black exchanged.
    pub fn swap_colors(self) -> GameResult {
        match self {
            GameResult::RedWins => GameResult::BlackWins,
            GameResult::BlackWins => GameResult::RedWins,
            GameResult::Draw => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a game ended, one variant per clause of 4.1 and 4.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// 4.1.1: 被"将死" (3.2).
    Checkmate,
    /// 4.1.2: 被"困毙" (3.3).
    Stalemate,
    /// 4.1.3: 走棋后形成"自杀" (3.4).
    SelfCheck,
    /// 4.1.4: 形成待判局面，为单方"长将".
    PerpetualCheck,
    /// 4.1.5: 形成待判局面，违反禁例，应变着而不变.
    ForbiddenRepetition,
    /// 4.1.6: 在规定时限内未完成对局.
    TimeForfeit,
    /// 4.1.7: 超过了比赛规定的迟到判负时限.
    LateArrival,
    /// 4.1.8: 违反行棋规定 (once in national events, twice in provincial
    /// and junior events).
    IllegalMoves,
    /// 4.1.9: 两次未走棋先按钟.
    ClockWithoutMove,
    /// 4.1.10: 三次犯规.
    ThreeFouls,
    /// 4.1.11: 第二次提出"自然限着"和棋，经审核不属实.
    FalseNaturalLimitClaim,
    /// 4.1.12: 宣布认输.
    Resignation,
    /// 4.1.13: 拒绝遵守本规则或严重违反纪律.
    Misconduct,
    /// 4.2.1: 一方提议作和，另一方表示同意.
    DrawAgreed,
    /// 4.2.2: 双方均无取胜可能的简单局势.
    NoWinningChances,
    /// 4.2.3: 待判局面符合"不变作和".
    RepetitionDraw,
    /// 4.2.4: 自然限着: 60 moves (or the event's number) without a capture.
    NaturalLimit,
}

impl Reason {
    /// Every reason, in the order of article 4.
    pub const ALL: [Reason; 17] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::SelfCheck,
        Reason::PerpetualCheck,
        Reason::ForbiddenRepetition,
        Reason::TimeForfeit,
        Reason::LateArrival,
        Reason::IllegalMoves,
        Reason::ClockWithoutMove,
        Reason::ThreeFouls,
        Reason::FalseNaturalLimitClaim,
        Reason::Resignation,
        Reason::Misconduct,
        Reason::DrawAgreed,
        Reason::NoWinningChances,
        Reason::RepetitionDraw,
        Reason::NaturalLimit,
    ];

    /// The clause of article 4 that decides it.
    pub fn clause(self) -> &'static str {
        match self {
            Reason::Checkmate => "4.1.1",
            Reason::Stalemate => "4.1.2",
            Reason::SelfCheck => "4.1.3",
            Reason::PerpetualCheck => "4.1.4",
            Reason::ForbiddenRepetition => "4.1.5",
            Reason::TimeForfeit => "4.1.6",
            Reason::LateArrival => "4.1.7",
            Reason::IllegalMoves => "4.1.8",
            Reason::ClockWithoutMove => "4.1.9",
            Reason::ThreeFouls => "4.1.10",
            Reason::FalseNaturalLimitClaim => "4.1.11",
            Reason::Resignation => "4.1.12",
            Reason::Misconduct => "4.1.13",
            Reason::DrawAgreed => "4.2.1",
            Reason::NoWinningChances => "4.2.2",
            Reason::RepetitionDraw => "4.2.3",
            Reason::NaturalLimit => "4.2.4",
        }
    }

    /// The stable code used in the corpus and JSON.
    pub fn code(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::SelfCheck => "self-check",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::ForbiddenRepetition => "forbidden-repetition",
            Reason::TimeForfeit => "time-forfeit",
            Reason::LateArrival => "late-arrival",
            Reason::IllegalMoves => "illegal-moves",
            Reason::ClockWithoutMove => "clock-without-move",
            Reason::ThreeFouls => "three-fouls",
            Reason::FalseNaturalLimitClaim => "false-natural-limit-claim",
            Reason::Resignation => "resignation",
            Reason::Misconduct => "misconduct",
            Reason::DrawAgreed => "draw-agreed",
            Reason::NoWinningChances => "no-winning-chances",
            Reason::RepetitionDraw => "repetition-draw",
            Reason::NaturalLimit => "natural-limit",
        }
    }

    /// The rulebook's words for it.
    pub fn chinese(self) -> &'static str {
        match self {
            Reason::Checkmate => "被将死",
            Reason::Stalemate => "被困毙",
            Reason::SelfCheck => "走棋后形成自杀",
            Reason::PerpetualCheck => "单方长将",
            Reason::ForbiddenRepetition => "违反禁例，应变着而不变",
            Reason::TimeForfeit => "在规定时限内未完成对局",
            Reason::LateArrival => "超过迟到判负时限",
            Reason::IllegalMoves => "违反行棋规定",
            Reason::ClockWithoutMove => "两次未走棋先按钟",
            Reason::ThreeFouls => "三次犯规",
            Reason::FalseNaturalLimitClaim => "第二次提出自然限着和棋经审核不属实",
            Reason::Resignation => "宣布认输",
            Reason::Misconduct => "拒绝遵守规则或严重违反纪律",
            Reason::DrawAgreed => "双方同意作和",
            Reason::NoWinningChances => "双方均无取胜可能",
            Reason::RepetitionDraw => "不变作和",
            Reason::NaturalLimit => "自然限着",
        }
    }

    /// Whether the reason gives a draw (4.2) rather than a loss (4.1).
    pub fn is_draw(self) -> bool {
        self.clause().starts_with("4.2")
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A finished game's result with its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// `loser` loses for `reason`.
    pub fn loss(loser: Color, reason: Reason) -> Outcome {
        Outcome {
            result: GameResult::loss_for(loser),
            reason,
        }
    }

    /// A draw for `reason`.
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason,
        }
    }

    /// The clause that decides it.
    pub fn clause(&self) -> &'static str {
        self.reason.clause()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({}, {} {})",
            self.result,
            self.reason,
            self.reason.clause(),
            self.reason.chinese()
        )
    }
}
