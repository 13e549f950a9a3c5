//! 杀 (24.2): the move threatens mate by checks; 26.10's mate that needs
//! the piece offered in exchange, and 24.18's mate an answer to a check
//! only leaves standing, are not.

use crate::xiangqi::board::{Piece, Square};
use crate::xiangqi::repetition::explain;
use crate::xiangqi::repetition::mate::{self, MateSearch};
use crate::xiangqi::repetition::ruling::Label;

use super::offers::{Offers, offers_made};
use super::{Analysis, Scene};

/// What the search for 杀 leaves to the other labels.
pub(super) struct MateStep {
    /// The mate threat counted (none when 26.10 or 24.18 takes it away).
    pub(super) threat: MateSearch,
    /// The offers, when the search needed them.
    pub(super) offers: Option<Offers>,
    /// 26.10: the mate threat the opponent may parry by accepting the
    /// exchange.
    pub(super) parried: Option<MateSearch>,
    /// 24.18, 26.3: the mate threat is the checking side's own doing.
    pub(super) self_inflicted: bool,
}

/// The mate the move threatens (24.2), with 26.10 and 24.18 applied.
pub(super) fn mate_threat(s: &Scene<'_>, a: &mut Analysis) -> MateStep {
    let &Scene {
        before,
        after,
        again,
        mv,
        ctx,
        limits,
        king_answers_check,
        vctx_after,
        ..
    } = s;
    let mut mate_after = mate::mate_by_checks(again, limits.mate);
    if mate_after == MateSearch::LimitReached {
        a.limit_reached = true;
    }
    // 26.10: 同兵种邀兑，被邀兑方兑子后立即被杀…邀兑方按"捉"处理；反之，则按
    // "兑"处理。如邀兑之子参与作杀(与其他子配合连续将军)，则按"杀"处理 — a
    // mate threat that needs taking the piece offered in exchange, when the
    // opponent may accept the exchange without being mated at once or losing
    // material, is the offer (图29: 车一平二 — 车二进六, or 兵四平五 then
    // 车二进六, would take the rook and mate, but black may exchange rooks:
    // 兑). It is 杀 when the opponent may not accept (车五平二 instead: the
    // black rook cannot leave its line), and when the mate needs no such
    // capture (兑兼杀, 26.4: 图17's 将4退1 frees the rook on 7 to mate
    // along its file).
    let mut offers = None;
    let mut parried_mate = None;
    if mate_after.is_mate() {
        let made = offers_made(before, after, again, mv, vctx_after, limits);
        let spared: Vec<(Square, Piece)> = made
            .offers
            .iter()
            .filter_map(|&(_, enemy, _)| again.piece_at(enemy).map(|p| (enemy, p)))
            .collect();
        if !spared.is_empty()
            && !mate::mate_by_checks_sparing(again, &spared, limits.mate).is_mate()
        {
            parried_mate = Some(mate_after);
            mate_after = MateSearch::NoMate;
        }
        offers = Some(made);
    }
    // 24.18, 26.3: 甲方"将军"乙方，以致形成己方的被杀状态 … 自毙，应由己方
    // 负责 — a mate threat that another piece's answer to a check only leaves
    // standing, because the check itself opened it, is the checking side's
    // own doing: the mover threatened no mate before the check, and would
    // threaten this one with the answering piece where it stood and the
    // checking piece off the board, and the answering piece does not begin
    // it (参考图42: 士六进五 blocks the cannon's check and 仕五进四 then mates —
    // 杀). A mate threat that stood before the check and that the answer
    // adds to is 杀 (26.3: 若另一方应将着法产生新的
    // 杀法，仍应按杀处理; 图19: 平4应将后增加了黑马退6的杀着).
    let mut self_inflicted_mate = false;
    let mated_before_the_check = || {
        ctx.previous
            .as_ref()
            .and_then(|p| p.pass())
            .is_none_or(|p| mate::mate_by_checks(&p, limits.mate).is_mate())
    };
    if mate_after.is_mate()
        && before.is_check()
        && !king_answers_check
        && !mated_before_the_check()
        && let Some(without_checker) = ctx
            .last_move
            .and_then(|last| before.without_piece(last.to))
            .filter(|p| !p.is_check())
    {
        let answer_mates =
            matches!(mate_after, MateSearch::Mate { first, .. } if first.from == mv.to);
        if !answer_mates && mate::mate_by_checks(&without_checker, limits.mate).is_mate() {
            self_inflicted_mate = true;
            mate_after = MateSearch::NoMate;
        }
    }
    MateStep {
        threat: mate_after,
        offers,
        parried: parried_mate,
        self_inflicted: self_inflicted_mate,
    }
}

/// The label of a move that threatens mate: 杀 (24.2), or 闲 for the
/// king's answer to a check (26.1.2).
pub(super) fn label(s: &Scene<'_>, mate_after: MateSearch, mut a: Analysis) -> Analysis {
    let &Scene {
        again,
        king_answers_check,
        ..
    } = s;
    if king_answers_check {
        a.say(vec!["26.1.2", "24.8"], explain::king_answer_mates());
        return a;
    }
    a.label = Label::Sha;
    a.say(vec!["24.2"], explain::mate(again, mate_after));
    a
}
