//! 献 (24.5), 拦 (24.6), 跟 (24.7): the kinds of 闲 (24.8), for a move
//! that is neither 将, 杀, 捉 nor 兑.

use crate::xiangqi::board::{PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase;
use crate::xiangqi::repetition::explain;
use crate::xiangqi::repetition::mate;
use crate::xiangqi::repetition::material::{self, Trade};
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::ruling::Label;

use super::{Analysis, Limits, PAWNS_OWN, Scene};

/// The label of a move that is neither 将, 杀, 捉 nor 兑: 献, 拦, 跟 or
/// 闲, with the special clauses that made it idle told (24.18, 26.1,
/// 26.1.2, 26.3, 26.8). `self_inflicted_mate`: 24.18's mate threat was
/// taken away; `parried`: captures a king's step freed (26.1.2).
pub(super) fn label(
    s: &Scene<'_>,
    a: Analysis,
    self_inflicted_mate: bool,
    parried: &[(crate::xiangqi::board::Square, crate::xiangqi::board::Piece)],
) -> Analysis {
    // 献 (24.5), 拦 (24.6), 跟 (24.7): kinds of 闲 (24.8), in that order —
    // for a move no special clause has already ruled idle (26.1, 26.1.2).
    // A pawn's own chase the move opens (26.1, 26.8) does not hide what the
    // move itself is; its note stays with the reason.
    let pawns_note = a.clauses == PAWNS_OWN;
    if a.clauses != ["24.8"] && !pawns_note {
        return a;
    }
    let a = classify_idle(s, a);
    if a.clauses == ["24.8"] && self_inflicted_mate {
        let mut a = a;
        a.say(
            vec!["24.18", "26.3", "24.8"],
            explain::self_inflicted_mate(),
        );
        return a;
    }
    if a.clauses == ["24.8"] && !parried.is_empty() {
        let mut a = a;
        a.say(vec!["26.1.2", "24.8"], explain::king_parried(parried));
        return a;
    }
    if pawns_note && a.clauses != PAWNS_OWN {
        let mut a = a;
        a.clauses.extend(["26.1", "26.8"]);
        a.add(explain::pawns_note());
        return a;
    }
    a
}

/// 献, 拦, 跟 or plain 闲 for a move that is neither 将, 杀, 捉 nor 兑.
fn classify_idle(s: &Scene<'_>, mut a: Analysis) -> Analysis {
    let &Scene {
        before,
        after,
        again,
        mv,
        moved,
        king_answers_check,
        vctx_after,
        limits,
        ..
    } = s;
    if let Some(p) = moved.filter(|p| p.kind != PieceKind::King)
        && let Some(taker) = offered(after, mv.to, vctx_after, limits)
    {
        a.label = Label::Xian;
        a.say(
            vec!["24.5", "24.8"],
            explain::sacrifice(p, mv.to, after.piece_at(taker), taker),
        );
        return a;
    }
    if !king_answers_check && let Some(block) = blocks(before, after, mv, vctx_after, limits) {
        a.label = Label::Lan;
        a.say(
            vec!["24.6", "24.8"],
            explain::block(
                block.by,
                after.piece_at(block.by),
                block.target.map(|t| (t, after.piece_at(t))),
            ),
        );
        return a;
    }
    if let Some(watched) = follows(before, again, mv) {
        a.label = Label::Gen;
        a.say(
            vec!["24.7", "24.8"],
            explain::follow(watched, again.piece_at(watched)),
        );
        if let Some((by, sq, victim)) = last_capture(again, Move::new(mv.to, watched), s) {
            a.clauses.insert(1, "26.8");
            a.add(explain::last_capture(by, sq, victim));
        }
        return a;
    }
    a
}

/// 26.8: 其他子完成互吃等值交换过程后，兵(卒)或帅(将)的最后吃子，按"闲"处理
/// (参考图32: 马三进二欲交换炮后帅吃马). When the capture `take` of a watched
/// piece starts an even exchange after which the mover's king or a pawn
/// could take a piece for nothing, that last capture is what the move
/// would win: returns the capturer, where it takes and what.
fn last_capture(
    again: &Position,
    take: Move,
    s: &Scene<'_>,
) -> Option<(
    crate::xiangqi::board::Piece,
    Square,
    crate::xiangqi::board::Piece,
)> {
    if !again.is_legal(take) {
        return None;
    }
    let r = chase::exchange_search(again, take, s.vctx_after, &s.limits.chase);
    if r.mated.is_some() || material::judge(&r.gained, &r.lost) != Trade::Even {
        return None;
    }
    let mut pos = again.clone();
    for &m in &r.line {
        pos = pos.play_unchecked(m);
    }
    if pos.turn() != again.turn() || pos.is_check() {
        return None;
    }
    pos.legal_moves().iter().find_map(|&m| {
        let by = pos.piece_at(m.from)?;
        let victim = pos.piece_at(m.to)?;
        (matches!(by.kind, PieceKind::King | PieceKind::Pawn)
            && victim.kind != PieceKind::King
            && !crate::xiangqi::repetition::protection::recapturable_after(&pos, m))
        .then_some((by, m.to, victim))
    })
}

/// 献 (24.5): 凡走子送吃，而对方一旦吃掉此子后，不致立即被将死或立即在子力
/// 价值上遭受损失者. The moved piece, now on `sq`, can be taken by the
/// opponent (to move in `after`) with an exchange that does not lose, and
/// without being mated by checks at once. Returns where the taker stands.
fn offered(after: &Position, sq: Square, ctx: &ValueContext, limits: &Limits) -> Option<Square> {
    after
        .legal_moves()
        .iter()
        .filter(|m| m.to == sq)
        .find(|&&take| {
            let r = chase::exchange_search(after, take, ctx, &limits.chase);
            r.mated.is_none()
                && material::judge(&r.gained, &r.lost) != Trade::Loss
                && !mate::mate_by_checks(&after.play_unchecked(take), limits.chase.mate).is_mate()
        })
        .map(|m| m.from)
}

/// What a 拦 blocks: the enemy piece stopped, and the piece it could win
/// (`None`: its mate threat).
struct Block {
    by: Square,
    target: Option<Square>,
}

/// 拦 (24.6): 凡走子阻拦对方棋子，而又不具攻击作用者. Read as: the moved
/// piece now stands in the way of an enemy piece (on its line, its horse's
/// leg or elephant's eye) and so stops a threat the opponent had before the
/// move — to win one of the mover's pieces (24.6's own example: a piece put
/// between a rook and an unprotected piece) or to mate by checks (图7: 车9平8
/// 拦阻 the cannon's 杀) — a threat that comes back if the moved piece is
/// taken off its new point. Blocking a move that threatens nothing is not
/// counted.
fn blocks(
    before: &Position,
    after: &Position,
    mv: Move,
    ctx: &ValueContext,
    limits: &Limits,
) -> Option<Block> {
    // The opponent's view of the board before the move (not when the mover
    // was in check: answering a check is not 拦).
    let them_before = before.pass()?;
    let without = after.without_piece(mv.to)?;
    // Which enemy pieces the moved piece stands in the way of: they had a
    // movement (other than onto the two points the move used) that is
    // gone and comes back without the moved piece.
    let old = them_before.pseudo_legal_moves();
    let new = after.pseudo_legal_moves();
    let restored = without.pseudo_legal_moves();
    let stopped: Vec<Move> = old
        .iter()
        .filter(|m| m.to != mv.to && m.to != mv.from && m.from != mv.to)
        .filter(|m| !new.iter().any(|n| n == *m) && restored.iter().any(|n| n == *m))
        .copied()
        .collect();
    if stopped.is_empty() {
        return None;
    }
    // A mate threat stopped: without the moved piece the opponent could
    // mate by checks beginning with a movement the moved piece now blocks.
    if mate::mate_by_checks(&them_before, limits.chase.mate).is_mate()
        && !mate::mate_by_checks(after, limits.chase.mate).is_mate()
        && let Some(m) = stopped
            .iter()
            .find(|&&m| mate::mate_starting_with(&without, m, limits.chase.mate))
    {
        return Some(Block {
            by: m.from,
            target: None,
        });
    }
    // A piece of the mover's that the opponent could win before and no
    // longer can, because the capture itself is blocked.
    for m in &stopped {
        let Some(p) = after.piece_at(m.to) else {
            continue;
        };
        if p.color == before.turn()
            && p.kind != PieceKind::King
            && chase::wins_piece(&them_before, m.to, ctx, &limits.chase)
            && !chase::wins_piece(after, m.to, ctx, &limits.chase)
            && chase::wins_piece(&without, m.to, ctx, &limits.chase)
        {
            return Some(Block {
                by: m.from,
                target: Some(m.to),
            });
        }
    }
    None
}

/// 跟 (24.7): 凡走子盯牵对方有根子而又不具攻击作用者. The moved piece (not
/// the king) could now take an enemy piece it could not take from where it
/// stood, and that piece is protected (有根, 24.15), so the capture wins
/// nothing (else the move would be 捉). Returns the piece watched.
fn follows(before: &Position, again: &Position, mv: Move) -> Option<Square> {
    let mover = before.turn();
    if before
        .piece_at(mv.from)
        .is_none_or(|p| p.kind == PieceKind::King)
    {
        return None;
    }
    again
        .legal_moves()
        .iter()
        .filter(|m| m.from == mv.to)
        .filter(|m| {
            again
                .piece_at(m.to)
                .is_some_and(|p| p.color != mover && p.kind != PieceKind::King)
        })
        .find(|m| {
            !before.is_pseudo_legal(Move::new(mv.from, m.to))
                && crate::xiangqi::repetition::protection::recapturable_after(again, **m)
        })
        .map(|m| m.to)
}
