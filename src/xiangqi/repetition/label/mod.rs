//! The label of a move in a repetition cycle: 将 杀 捉 兑 献 拦 跟 闲
//! (24.1–24.8), with the special clauses of 26.1–26.11.
//!
//! A move is judged by what it changes: the mover's threats after it (as if
//! it could move again) against its threats before it.
//!
//! * 将 (24.1): the move checks.
//! * 杀 (24.2): after it, the mover could force mate by a check or checks
//!   ([`crate::xiangqi::repetition::mate`]).
//! * 捉 (24.3): after it, the mover could win a piece it could not win
//!   before ([`crate::xiangqi::repetition::chase`]) — only what the move creates counts (26.3;
//!   图5, 参考图6).
//! * 兑 (24.4, 26.10): it offers an exchange of like pieces that the opponent
//!   can accept without being mated or losing material.
//! * 献 (24.5): it offers a piece the opponent can take without harm.
//! * 拦 (24.6): it blocks, without attacking, an enemy threat it stands in the
//!   way of.
//! * 闲 (24.8): anything else.
//!
//! The heaviest applies (26.4): 将 > 杀 > 捉 > 兑/献 > 拦/跟 > 闲. The
//! special clauses: 26.1 (the king's and pawns' own chases are 闲; chases
//! they make together with, or open for, other pieces count), 26.1.2 (a king
//! answering a check creates nothing; another piece answering a check does).
//!
//! | module | label |
//! |---|---|
//! | `mating` | 杀 (24.2; 24.18, 26.3, 26.10) |
//! | `chases` | 捉 (24.3; 26.1–26.3, 26.5, 26.8, 24.17) |
//! | `offers` | 兑 (24.4, 26.10, 26.11) and the offer that is 捉 (26.10) |
//! | `idle` | 献 拦 跟 闲 (24.5–24.8) |
//!
//! The wording of every reason is in [`crate::xiangqi::repetition::explain`].

mod chases;
mod idle;
mod mating;
mod offers;

use std::ops::ControlFlow;

use crate::xiangqi::board::{Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase::{ChaseLimits, Means};
use crate::xiangqi::repetition::explain::{self, Wording};
use crate::xiangqi::repetition::mate::MateLimit;
use crate::xiangqi::repetition::memo;
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::ruling::{Label, MoveLabel, Target};

use offers::Offers;

/// Bounds of the analyses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The search for the mate a move threatens (杀, 24.2: 伏下一着起将军
    /// 或连续将军将死对方), and for whether that mate needs the piece offered
    /// in exchange (26.10). Seven checks by default: the longest series of
    /// checks a 杀 of the book needs (图17: 将4退1 伏车3进7起连将七步杀).
    pub mate: MateLimit,
    /// Chase searches (捉). Their mate bound (`chase.mate`, five checks)
    /// also answers whether a side is mated *at once* (立即被将死) after
    /// taking (24.3, 24.4, 24.5), whether a 拦 stops a mate, and whether a
    /// king's step parries one.
    pub chase: ChaseLimits,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            mate: MateLimit {
                checks: 7,
                ..MateLimit::default()
            },
            chase: ChaseLimits::default(),
        }
    }
}

/// What the classifier knows beyond the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The move played just before (for a pawn that has just crossed, 26.7).
    pub last_move: Option<Move>,
    /// The position before that move, the opponent to move: what the mover
    /// could already win before the opponent's last move (参考图37).
    pub previous: Option<Position>,
    /// 26.2: the points a referee judges to be defensive key points
    /// (守和要点) for a side holding a draw. Whether a point is one is the
    /// referee's judgment, not the position's, so it is an input; by default
    /// none is named and 26.2 does not apply.
    pub key_points: Vec<Square>,
}

/// A chased piece, as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaseTarget {
    /// Where it stands.
    pub square: Square,
    /// What it is.
    pub piece: crate::xiangqi::board::Piece,
    /// The categories (车, 无根子, 少根子, 联合 …).
    pub categories: Vec<Target>,
    /// Won by capture or through checks.
    pub means: Means,
    /// The line found.
    pub line: Vec<Move>,
    /// Whether the line ends even (26.5: 各吃各子…价值相当, counted as 捉).
    pub even: bool,
}

/// The analysis of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The move.
    pub mv: Move,
    /// The label.
    pub label: Label,
    /// For 捉: what it chases.
    pub targets: Vec<ChaseTarget>,
    /// The clauses that decided the label.
    pub clauses: Vec<&'static str>,
    /// Why, in English.
    pub reason: String,
    /// Why, in Chinese.
    pub reason_zh: String,
    /// Whether a search bound was reached (the label may then be wrong).
    pub limit_reached: bool,
}

impl Analysis {
    /// The label with its 捉 categories, for the ruling.
    pub fn move_label(&self) -> MoveLabel {
        let mut targets: Vec<Target> = Vec::new();
        if self.label == Label::Zhuo {
            for t in &self.targets {
                for c in &t.categories {
                    if !targets.contains(c) {
                        targets.push(*c);
                    }
                }
            }
        }
        MoveLabel {
            label: self.label,
            targets,
            doubtful: self.limit_reached,
        }
    }
}

impl Analysis {
    /// Sets the clauses and the reason.
    fn say(&mut self, clauses: Vec<&'static str>, (reason, reason_zh): Wording) {
        self.clauses = clauses;
        self.reason = reason;
        self.reason_zh = reason_zh;
    }

    /// Adds to the reason.
    fn add(&mut self, (en, zh): Wording) {
        self.reason.push_str(&en);
        self.reason_zh.push_str(&zh);
    }
}

/// One move under analysis: the positions around it, and what every label
/// needs to know of it.
struct Scene<'a> {
    /// The position before the move.
    before: &'a Position,
    /// The position after it, the opponent to move.
    after: &'a Position,
    /// The position after it, the mover to move again.
    again: &'a Position,
    mv: Move,
    /// The piece moved.
    moved: Option<Piece>,
    ctx: &'a Context,
    limits: &'a Limits,
    /// 26.1.2: the move is the king's answer to a check.
    king_answers_check: bool,
    /// The values after the move.
    vctx_after: &'a ValueContext,
}

/// Labels one move played from `before`: 将 (24.1), then 杀 (24.2), 捉
/// (24.3), the offers (24.4, 26.10) and the kinds of 闲 (24.5–24.8), the
/// heaviest first (26.4).
pub fn classify(before: &Position, mv: Move, ctx: &Context, limits: &Limits) -> Analysis {
    // The analyses of the positions around the move are shared between the
    // labels (and with the other moves of the cycle when `judge` opened the
    // table first).
    let _shared = memo::Shared::begin();
    let moved = before.piece_at(mv.from);
    let after = before.play_unchecked(mv);
    let (reason, reason_zh) = explain::idle();
    let mut a = Analysis {
        mv,
        label: Label::Idle,
        targets: Vec::new(),
        clauses: vec!["24.8"],
        reason,
        reason_zh,
        limit_reached: false,
    };
    // 将 (24.1).
    if after.is_check() {
        a.label = Label::Jiang;
        a.say(vec!["24.1"], explain::check());
        return a;
    }
    let Some(again) = after.pass() else {
        return a;
    };
    // 26.1.2: 走动帅(将)应将而产生的"捉"、"杀"，按"闲"处理 — a king's answer
    // to a check. A king that steps out of a mate threat rather than a check
    // and so threatens mate itself threatens it (图17: 将4退1 — 杀); the
    // captures such a step frees only by parrying the threat elsewhere are
    // not new ([`Fled::king_parried`], 参考图30).
    let king_answers_check = moved.is_some_and(|p| p.kind == PieceKind::King) && before.is_check();
    let vctx_after = ValueContext {
        last_move: Some(mv),
    };
    let s = Scene {
        before,
        after: &after,
        again: &again,
        mv,
        moved,
        ctx,
        limits,
        king_answers_check,
        vctx_after: &vctx_after,
    };

    // 杀 (24.2).
    let mate = mating::mate_threat(&s, &mut a);
    if mate.threat.is_mate() {
        return mating::label(&s, mate.threat, a);
    }

    // 捉 (24.3). The offers are searched once: in the search for 杀 when
    // the move threatens mate, otherwise here.
    let Offers { offers, punished } = mate
        .offers
        .unwrap_or_else(|| offers::offers_made(before, &after, &again, mv, &vctx_after, limits));
    let ControlFlow::Continue(left) = chases::chase(&s, &offers, &mut a) else {
        return a;
    };

    // 26.10: the offer the opponent cannot accept without loss (捉).
    if offers::punished(&s, &punished, &mut a) {
        return a;
    }
    // 兑 (24.4, 26.10).
    if offers::exchange(&s, &offers, &left.pressed, mate.parried, &mut a) {
        return a;
    }

    // 献 (24.5), 拦 (24.6), 跟 (24.7), 闲 (24.8).
    idle::label(&s, a, mate.self_inflicted, &left.parried)
}

/// The clauses of a move whose only chase is a pawn's own (26.1, 26.8).
const PAWNS_OWN: [&str; 3] = ["26.1", "26.8", "24.8"];
