//! 兑 (24.4, 26.10, 26.11): the exchanges of like pieces a move offers,
//! and the offer the opponent cannot accept without loss, which is 捉
//! (26.10).

use crate::xiangqi::board::{Color, Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase::{self, Means};
use crate::xiangqi::repetition::explain;
use crate::xiangqi::repetition::mate::{self, MateSearch};
use crate::xiangqi::repetition::material::Trade;
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::ruling::{Label, Target};

use super::{Analysis, ChaseTarget, Limits, Scene};

/// 26.10: 同兵种邀兑，被邀兑方兑子后立即被杀或在子力价值上受损，邀兑方按
/// "捉"处理 — the offer the opponent cannot accept without loss is a chase
/// of the piece offered to. `true` when it decides the label.
pub(super) fn punished(s: &Scene<'_>, punished: &[Offer], a: &mut Analysis) -> bool {
    let &Scene { again, .. } = s;
    let mover = s.before.turn();
    if let Some(&(own, enemy, kind)) = punished.first()
        && let Some(piece) = again.piece_at(enemy)
    {
        a.label = Label::Zhuo;
        a.targets = vec![ChaseTarget {
            square: enemy,
            piece,
            categories: vec![Target::Gain],
            means: Means::Capture,
            line: vec![Move::new(own, enemy)],
            even: false,
        }];
        a.say(
            vec!["26.10", "24.4", "24.3"],
            explain::punished_offer(own, enemy, kind, mover),
        );
        return true;
    }
    false
}

/// 兑 (24.4, 26.10): a like-for-like exchange the opponent can accept,
/// with the gains won only by its pressure (`pressed`) and the mate threat
/// the opponent may parry by accepting (`parried_mate`). `true` when it
/// decides the label.
pub(super) fn exchange(
    s: &Scene<'_>,
    offers: &[Offer],
    pressed: &[(Square, Piece)],
    parried_mate: Option<MateSearch>,
    a: &mut Analysis,
) -> bool {
    let &Scene {
        again, mv, moved, ..
    } = s;
    let mover = s.before.turn();
    let Some(offer) = offers.first() else {
        return false;
    };
    a.label = Label::Dui;
    let rook_joins = moved.is_some_and(|p| p.kind == PieceKind::Rook)
        && matches!(offer.2, PieceKind::Horse | PieceKind::Cannon)
        && again.is_pseudo_legal(Move::new(mv.to, offer.1));
    a.clauses = if offer.0 == mv.to {
        vec!["24.4"]
    } else if rook_joins {
        vec!["24.4", "26.11.2"]
    } else {
        vec!["24.4", "26.10"]
    };
    (a.reason, a.reason_zh) = explain::offer(offer.0, offer.1, offer.2, mover);
    for &(sq, piece) in pressed {
        a.add(explain::pressed(sq, piece));
    }
    if let Some(MateSearch::Mate { first, .. }) = parried_mate {
        if !a.clauses.contains(&"26.10") {
            a.clauses.push("26.10");
        }
        a.add(explain::parried_by_exchange(again, first));
    }
    true
}

/// The exchanges of like pieces the move offers (24.4, 26.10): the moved
/// piece's own, and a mutual attack it brings about between two other pieces
/// in which the offering side could take back; and, apart, the moved
/// piece's offers that cannot be accepted (26.10).
pub(super) fn offers_made(
    before: &Position,
    after: &Position,
    again: &Position,
    mv: Move,
    ctx: &ValueContext,
    limits: &Limits,
) -> Offers {
    let mut found = exchange_offers(before, after, mv, before.turn(), ctx, limits);
    found.offers.retain(|&(own, enemy, _)| {
        own == mv.to
            || (again.is_pseudo_legal(Move::new(own, enemy))
                && (crate::xiangqi::repetition::protection::recapturable_after(
                    again,
                    Move::new(own, enemy),
                ) || alone_against_unprotected(after, again, own, enemy)))
    });
    found
}

/// 24.4 and 26.10 for a contact the move only opens: the enemy piece is
/// unprotected, yet the exchange is offered, not the piece chased, when the
/// offering piece alone attacks it (not the moved piece, nor a second
/// attacker such as a cannon over the offering piece) and is protected, so
/// that the opponent may take it and be taken back (图9: 马二进三 opens the
/// rook on 二 against the rook on 8 — 兑; 图25: 马6退7 opens the rook on 8
/// against the rook on 六, which the cannon on 9 attacks too — 捉).
fn alone_against_unprotected(
    after: &Position,
    again: &Position,
    own: Square,
    enemy: Square,
) -> bool {
    after.is_pseudo_legal(Move::new(enemy, own))
        && crate::xiangqi::repetition::protection::recapturable_after(after, Move::new(enemy, own))
        && again
            .legal_moves()
            .iter()
            .all(|m| m.to != enemy || m.from == own)
}

fn exchange_offers(
    before: &Position,
    after: &Position,
    mv: Move,
    mover: Color,
    ctx: &ValueContext,
    limits: &Limits,
) -> Offers {
    let pairs = |pos: &Position| -> Vec<(Square, Square, PieceKind)> {
        let mut out = Vec::new();
        // Enemy captures of own pieces of the same kind.
        let them = pos.pass_to(mover.opponent());
        let us = pos.pass_to(mover);
        let (Some(them), Some(us)) = (them, us) else {
            return out;
        };
        for &m in them.legal_moves().iter() {
            let (Some(attacker), Some(victim)) = (them.piece_at(m.from), them.piece_at(m.to))
            else {
                continue;
            };
            if attacker.kind != victim.kind
                || victim.color != mover
                || attacker.kind == PieceKind::King
            {
                continue;
            }
            // Mutual: we can take it back the other way.
            if us
                .legal_moves()
                .iter()
                .any(|r| r.from == m.to && r.to == m.from)
            {
                out.push((m.to, m.from, attacker.kind));
            }
        }
        out
    };
    let old = pairs(before);
    // 26.11: 车马同时与马(车炮同时与炮)产生接触 — a rook that comes to attack an
    // enemy horse (cannon) already facing one of the mover's own makes that
    // contact anew (图21: 车四退二 joins the horse on 四 against the protected
    // horse on h6 — 兑; 图30: 车6退4).
    let rook_joins = |enemy: Square, kind: PieceKind| {
        matches!(kind, PieceKind::Horse | PieceKind::Cannon)
            && before
                .piece_at(mv.from)
                .is_some_and(|p| p.kind == PieceKind::Rook)
            && after
                .pass_to(mover)
                .is_some_and(|us| us.is_pseudo_legal(Move::new(mv.to, enemy)))
            && !before.is_pseudo_legal(Move::new(mv.from, enemy))
    };
    // A contact that stood before is offered anew by a move that turns it
    // from a gain for the opponent into an even exchange (图30: 炮八进四
    // protects the horse on 五 a second time over the pawn on 7, so that the
    // black horse taking it wins nothing — 兑).
    let was_a_gain_for_them = |own: Square, enemy: Square| {
        before.pass_to(mover.opponent()).is_some_and(|them| {
            let accept = Move::new(enemy, own);
            them.legal_moves().iter().any(|&m| m == accept) && {
                let r = chase::exchange_search(&them, accept, ctx, &limits.chase);
                r.mated.is_none()
                    && crate::xiangqi::repetition::material::judge(&r.gained, &r.lost)
                        == Trade::Gain
            }
        })
    };
    let mut offers = Vec::new();
    let mut punished = Vec::new();
    for (own, enemy, kind) in pairs(after) {
        let mut renewed = false;
        if old.contains(&(own, enemy, kind)) && !rook_joins(enemy, kind) {
            if !was_a_gain_for_them(own, enemy) {
                continue;
            }
            renewed = true;
        }
        // The opponent accepts: it must not be mated or lose material (26.10).
        let them = after.clone();
        let accept = Move::new(enemy, own);
        if !them.legal_moves().iter().any(|&m| m == accept) {
            continue;
        }
        let r = chase::exchange_search(&them, accept, ctx, &limits.chase);
        let trade = crate::xiangqi::repetition::material::judge(&r.gained, &r.lost);
        // 26.10: 被邀兑方兑子后立即被杀或在子力价值上受损，邀兑方按"捉"处理 —
        // the moved piece's own new offer whose acceptance loses material or
        // is mated at once (clause case 26.10/exchange-costs-a-rook).
        // 立即被杀 (24.4, 26.10): after taking, the opponent is mated by
        // checks (参考图49: the cannon cannot leave its line); searched once.
        let mated_at_once = std::cell::OnceCell::new();
        let mated_at_once = || {
            *mated_at_once.get_or_init(|| {
                mate::mate_by_checks(&them.play_unchecked(accept), limits.chase.mate).is_mate()
            })
        };
        if !renewed
            && own == mv.to
            && (r.mated == Some(mover.opponent()) || trade == Trade::Loss || mated_at_once())
        {
            punished.push((own, enemy, kind));
            continue;
        }
        if r.mated.is_some()
            || trade == Trade::Loss
            || (renewed && trade == Trade::Gain)
            || mated_at_once()
        {
            continue;
        }
        offers.push((own, enemy, kind));
    }
    Offers { offers, punished }
}

/// A like-for-like exchange: (own square, enemy square, kind).
pub(super) type Offer = (Square, Square, PieceKind);

/// What [`offers_made`] finds.
pub(super) struct Offers {
    /// The exchanges offered (24.4).
    pub(super) offers: Vec<Offer>,
    /// The moved piece's new offers that the opponent cannot accept without
    /// being mated or losing material at once: chases (26.10).
    pub(super) punished: Vec<Offer>,
}
