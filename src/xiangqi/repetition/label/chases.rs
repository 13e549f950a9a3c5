//! 捉 (24.3): what the move lets the mover win that it could not win
//! before (26.3), with the special clauses: the king's and pawns' own
//! chases (26.1, 26.8), an answer to a check (26.1.2), a defensive key
//! point (26.2), a loss of protection the opponent caused (26.3), and a
//! gain that is an exchange offered (24.4, 26.10).

use std::ops::ControlFlow;

use crate::xiangqi::board::{Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase::{self, ChaseLimits, Means, Threat};
use crate::xiangqi::repetition::explain;
use crate::xiangqi::repetition::mate;
use crate::xiangqi::repetition::material::{self, Trade, Unit};
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::ruling::{Label, Target};

use super::offers::Offer;
use super::{Analysis, ChaseTarget, PAWNS_OWN, Scene};

/// Pieces named in a reason: where they stand and what they are.
type Pieces = Vec<(Square, Piece)>;

/// What the search for 捉 leaves to the other labels.
pub(super) struct ChaseLeft {
    /// Gains won only by an offer's pressure (24.4: 图9), told with the 兑.
    pub(super) pressed: Vec<(Square, Piece)>,
    /// Captures a king's step frees by parrying a threat elsewhere
    /// (26.1.2, 参考图30), told with the 闲.
    pub(super) parried: Vec<(Square, Piece)>,
}

/// 捉 (24.3): `Break` when the move's label is decided (捉, or 闲 by a
/// special clause), `Continue` when the other labels are to be tried.
pub(super) fn chase(
    s: &Scene<'_>,
    offers: &[Offer],
    a: &mut Analysis,
) -> ControlFlow<(), ChaseLeft> {
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
    let vctx_before = ValueContext {
        last_move: ctx.last_move,
    };
    let threats_after = chase::threats(again, vctx_after, &limits.chase);
    // What the mover could win before the move matters only against what it
    // can win after it: with nothing to win after, nothing is new.
    let threats_before = if threats_after.is_empty() {
        Vec::new()
    } else {
        chase::threats(before, &vctx_before, &limits.chase)
    };
    let fled = Fled {
        again,
        previous: ctx.previous.as_ref().and_then(|p| p.pass()),
        mv,
        was_chased: std::cell::OnceCell::new(),
        their_threats: std::cell::OnceCell::new(),
        their_mate: std::cell::OnceCell::new(),
        before,
        ctx_before: &vctx_before,
        ctx: vctx_after,
        limits: &limits.chase,
    };
    let mut parried: Vec<(Square, Piece)> = Vec::new();
    let mut fresh = new_threats(&threats_before, &threats_after, &fled, &mut parried);
    // 24.4, 26.10: a piece of the same kind that could take the offered piece
    let pressed = not_offered(s, offers, &mut fresh);
    screens_only(s, &mut fresh);
    let (self_inflicted, restored) = not_new(s, fled.previous.as_ref(), &mut fresh);
    if fresh.is_empty() && !(self_inflicted.is_empty() && restored.is_empty()) {
        if !restored.is_empty() {
            a.say(vec!["26.1.2", "24.8"], explain::restored(&restored));
        } else {
            a.say(
                vec!["26.3", "24.8"],
                explain::self_inflicted(&self_inflicted),
            );
        }
        // What else the move is (献, 拦, 跟) is still told below.
    }
    // 26.5: an even exchange that begins by losing what the move abandoned.
    let lost = lost_first(s, &mut fresh);
    if fresh.is_empty() && !lost.is_empty() {
        a.say(vec!["26.5", "24.8"], explain::lost_first(&lost));
    }
    let mut clauses = vec!["24.3"];
    kings_and_pawns(
        s,
        &mut fresh,
        &threats_before,
        &threats_after,
        &mut clauses,
        a,
    );
    if protector_left_to_check(s, &mut fresh, a) {
        return ControlFlow::Break(());
    }
    if before.is_check() && !king_answers_check && !fresh.is_empty() {
        clauses.push("26.1.2");
    }
    if occupies_key_point(after, mv, &ctx.key_points, &fresh) {
        a.say(vec!["26.2", "24.8"], explain::key_point(mv.to));
        return ControlFlow::Break(());
    }
    if !fresh.is_empty() {
        zhuo(s, &fresh, clauses, offers, a);
        return ControlFlow::Break(());
    }
    ControlFlow::Continue(ChaseLeft { pressed, parried })
}

/// 24.4, 26.10: the gains that are an exchange offered, taken out of
/// `fresh`; returns the gains won only by an offer's pressure.
fn not_offered(s: &Scene<'_>, offers: &[Offer], fresh: &mut Vec<Threat>) -> Vec<(Square, Piece)> {
    let &Scene {
        again,
        mv,
        limits,
        vctx_after,
        ..
    } = s;
    // back, and would lose nothing by accepting, is offered an exchange, not
    // chased; a 捉 of another piece still makes the move 捉 (26.4).
    // The moved piece offers whenever accepting costs nothing (图2: 车9平8
    // offers its rook to an unprotected one — 兑). A mutual attack the move
    // only brings about between two other pieces (opening their line,
    // becoming a cannon's screen, a rook joining its horse or cannon) is an
    // offer when the enemy piece is protected (参考图4: 马1进3 screens the
    // two cannons, both protected — 兑; 26.11.2, 参考图50) and a chase of it
    // when it is not (图11: 车2平1 makes the unprotected cannon on 九 face its
    // own, and attacks it too — 捉; 26.11.1), unless the offering piece alone
    // attacks it and is protected ([`alone_against_unprotected`]: 图9).
    let mut pressed_targets: Vec<(Square, Piece)> = Vec::new();
    fresh.retain(|t| {
        let offered = t.capturers.iter().all(|&c| {
            offers
                .iter()
                .any(|&(own, enemy, _)| (own == c || c == mv.to) && enemy == t.target)
        });
        // A gain on the offered piece that needs the offering piece (参考图4:
        // the rook on 2 wins the cannon only with the offering cannon behind
        // it) is the offer too.
        let backed = offers.iter().any(|&(own, enemy, _)| {
            enemy == t.target && chase::needed_for(again, own, t.target, vctx_after, &limits.chase)
        });
        // A gain elsewhere that the offering piece neither takes part in nor
        // screens, yet cannot do without, is won by the offer's pressure
        // alone — the opponent's answer to the capture would be to accept
        // the exchange — and is the offer too (图9: 马二进三 opens the rook
        // on 二 against the unprotected rook on 8; the horse on 七 may then
        // take the cannon on 8 only because black's counter-capture would
        // leave the rook to be taken — 红方一捉一兑).
        let pressed = offers.iter().any(|&(own, enemy, _)| {
            own != mv.to
                && t.line.contains(&Move::new(enemy, own))
                && !t.participants.contains(&own)
                && !t.screens.contains(&own)
                && chase::needed_for(again, own, t.target, vctx_after, &limits.chase)
        });
        if pressed && !offered && !backed {
            pressed_targets.push((t.target, t.piece));
        }
        !offered && !backed && !pressed
    });
    // A gain through checks that begins by taking the offered piece is the
    // offer itself (图2: 车9平8 — taking the rook checks, and the elephant
    // that blocks is lost too — is 兑).
    fresh.retain(|t| {
        t.means != Means::Checks
            || !t.line.first().is_some_and(|first| {
                offers
                    .iter()
                    .any(|&(own, enemy, _)| first.from == own && first.to == enemy)
            })
    });
    pressed_targets
}

/// 24.17: a cannon's screen that takes part in a chase only as the board.
fn screens_only(s: &Scene<'_>, fresh: &mut [Threat]) {
    let &Scene { again, mv, .. } = s;
    // A cannon's screen that does not attack the target itself takes part
    // in the chase (24.17) only as an attacking piece that stood there
    // already. 24.3 names 造成其他子能吃子 apart from 与其他子联合吃子: the
    // moved piece that becomes a screen opens a chase, it does not join one
    // (参考图47: 一捉车). An advisor or elephant screen is the board the
    // cannon shoots over, not a piece that 擒捉 (图26: 长捉车 over an
    // elephant; 参考图36: 捉无根子 over an advisor), while a horse screen
    // is one of the chasers (参考图39: 车马炮联合捉车), as is a screen that
    // attacks too (参考图38: 车炮联合捉车). The text does not say this; it
    // is the reading under which the book's figures agree (README: readings).
    for t in fresh.iter_mut() {
        let helpers: Vec<Square> = t.participants.iter().skip(1).copied().collect();
        if !helpers.is_empty()
            && helpers
                .iter()
                .all(|&h| t.screens.contains(&h) && (h == mv.to || defensive_screen(again, h)))
        {
            t.categories = t.plain_categories.clone();
            t.participants.truncate(1);
        }
    }
}

/// 26.3, 26.1.2: gains the move did not create — a loss of protection the
/// opponent's own last move caused, and what an answer to a check only
/// gives back. Taken out of `fresh`, and returned (in that order).
fn not_new(
    s: &Scene<'_>,
    previous: Option<&Position>,
    fresh: &mut Vec<Threat>,
) -> (Pieces, Pieces) {
    let &Scene {
        before,
        mv,
        ctx,
        limits,
        king_answers_check,
        ..
    } = s;
    // 26.3: 无直接参与且是己方走子造成被捉的状态，不予考虑 — a piece the
    // opponent's own last move left unprotected, when neither it nor the
    // piece that would take it is the one that moved, is not chased by this
    // move (参考图21: 马八退七 blocks the cannon on 九 that protected the
    // horse on 三; 车4进1, which only moves the rook off the horse on 七, is
    // 闲 — 红马被黑车捉的状态，其因果关系，是红方自己造成的).
    let mut self_inflicted: Vec<(Square, Piece)> = Vec::new();
    if let (Some(last), Some(prev)) = (ctx.last_move, previous) {
        fresh.retain(|t| {
            let Some(&first) = t.line.first() else {
                return true;
            };
            let uninvolved = t.means == Means::Capture
                && first.to == t.target
                && last.to != t.target
                && !t.participants.contains(&mv.to)
                && !t.capturers.contains(&mv.to)
                && prev.piece_at(t.target) == Some(t.piece);
            let caused = uninvolved
                && prev.is_legal(first)
                && crate::xiangqi::repetition::protection::recapturable_after(prev, first)
                && before.is_legal(first)
                && !crate::xiangqi::repetition::protection::recapturable_after(before, first);
            if caused {
                self_inflicted.push((t.target, t.piece));
            }
            !caused
        });
    }
    // 26.1.2: 走动其他子应将后产生新的"捉"…按"捉"处理 — new against the board
    // before the check, since in check nothing could be taken: a target the
    // answer only gives back as it stood before the check, winning no more,
    // is no new chase (参考图28: 士5进6 blocks 车二平四's check, and the rook
    // on 7 may take the horse on 七 as it could before the check — 闲; 士6退5
    // then cuts the rook's protection along rank 8, 退士断根捉马 — 捉).
    let mut restored: Vec<(Square, Piece)> = Vec::new();
    if before.is_check()
        && !king_answers_check
        && !fresh.is_empty()
        && let Some(prev) = previous
    {
        let prior = chase::threats(prev, &ValueContext { last_move: None }, &limits.chase);
        fresh.retain(|t| {
            let stood = prior
                .iter()
                .any(|b| b.target == t.target && b.piece == t.piece && !wins_more(t, b));
            if stood {
                restored.push((t.target, t.piece));
            }
            !stood
        });
    }
    (self_inflicted, restored)
}

/// 26.5: 做"根"子捉子时，若先丢被保护子，后吃对方子，双方等值交换则为
/// "闲" — an even exchange in which the opponent takes a piece that the move
/// itself left to be taken for nothing (the protector moved off it, or a
/// pinned piece uncovered it), standing where it stood after the move: the
/// opponent, to move, takes it first, and what the mover takes after is only
/// an even trade. Taken out of `fresh`, and returned. A protector that still
/// protects after its move, whose capture alone abandons the piece, chases
/// (26.5: 完整互吃后价值相当…按"捉"处理); so does an exchange that gains.
fn lost_first(s: &Scene<'_>, fresh: &mut Vec<Threat>) -> Pieces {
    let &Scene {
        before,
        after,
        again,
        mv,
        limits,
        vctx_after,
        ..
    } = s;
    let Some(their_before) = before.pass() else {
        return Vec::new();
    };
    // Whether the side to move in `pos` can take the piece on `sq` for
    // nothing.
    let free = |pos: &Position, sq: Square| {
        pos.legal_moves().iter().any(|&m| {
            m.to == sq && !crate::xiangqi::repetition::protection::recapturable_after(pos, m)
        })
    };
    let mut lost: Pieces = Vec::new();
    fresh.retain(|t| {
        if t.means != Means::Capture || material::judge(&t.gained, &t.lost) != Trade::Even {
            return true;
        }
        let mut pos = again.clone();
        let mut abandoned = None;
        for (i, &m) in t.line.iter().enumerate() {
            if i % 2 == 1
                && let Some(p) = pos.piece_at(m.to)
                && after.piece_at(m.to) == Some(p)
                && free(after, m.to)
                && !free(&their_before, m.to)
            {
                abandoned = Some((m.to, p));
            }
            pos = pos.play_unchecked(m);
        }
        // The line found need not be the one 26.5 describes: the opponent
        // may have other answers as good for it (issue 24: after 车七平三
        // the rook that took the elephant could also be answered by checks
        // that win an advisor, as even as taking the abandoned pawn). The
        // clause's own order decides for a chase the moved piece (做根子)
        // takes part in: the opponent takes the abandoned piece first, then
        // the mover makes its capture; if that gains nothing, the move is
        // 闲 whatever else the opponent could do.
        if abandoned.is_none() && t.participants.contains(&mv.to) {
            abandoned = taken_first(after, &their_before, mv, t, vctx_after, &limits.chase);
        }
        match abandoned {
            Some(x) => {
                if !lost.contains(&x) {
                    lost.push(x);
                }
                false
            }
            None => true,
        }
    });
    lost
}

/// 26.5's last sentence in its own order (先丢被保护子，后吃对方子): a piece of
/// the mover's, other than the moved one, that the opponent (to move in
/// `after`) can take for nothing but could not before the move (`their_before`),
/// and whose loss the capture that begins `t`, the target still where it
/// stood, then only makes even: the exchange after it, with that piece
/// counted lost, is no gain. Returns the first such piece.
fn taken_first(
    after: &Position,
    their_before: &Position,
    mv: Move,
    t: &Threat,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> Option<(Square, Piece)> {
    use crate::xiangqi::repetition::protection::{recapturable_after, unit_at};
    let first = *t.line.first()?;
    let mover = after.turn().opponent();
    let free_before = |sq: Square| {
        their_before
            .legal_moves()
            .iter()
            .any(|&m| m.to == sq && !recapturable_after(their_before, m))
    };
    after.legal_moves().iter().find_map(|&m| {
        let piece = after.piece_at(m.to).filter(|p| p.color == mover)?;
        if m.to == mv.to || recapturable_after(after, m) || free_before(m.to) {
            return None;
        }
        // The target itself taking the abandoned piece is a flight, not
        // 26.5's order: the mover's capture must still take it where it stood.
        let then = after.play_unchecked(m);
        if m.from == t.target || !then.is_legal(first) {
            return None;
        }
        let r = chase::exchange_search(&then, first, &ValueContext { last_move: Some(m) }, limits);
        let mut lost = r.lost.clone();
        lost.extend(unit_at(after, m.to, ctx));
        let gains = match r.mated {
            Some(c) => c != mover,
            None => material::judge(&r.gained, &lost) == Trade::Gain,
        };
        (!gains).then_some((m.to, piece))
    })
}

/// 26.1, 26.1.1, 26.1.2, 26.8: the king's and pawns' own chases.
fn kings_and_pawns(
    s: &Scene<'_>,
    fresh: &mut Vec<Threat>,
    threats_before: &[Threat],
    threats_after: &[Threat],
    clauses: &mut Vec<&'static str>,
    a: &mut Analysis,
) {
    let &Scene {
        before,
        again,
        mv,
        moved,
        king_answers_check,
        ..
    } = s;
    if let Some(p) = moved {
        if king_answers_check && !fresh.is_empty() {
            a.say(vec!["26.1.2", "24.8"], explain::king_answer_chases());
            fresh.clear();
        }
        if matches!(p.kind, PieceKind::King | PieceKind::Pawn) {
            // 26.1: the king's and pawns' own chases are allowed; a chase
            // they make with, or open for, other pieces counts (26.1.1).
            let before_len = fresh.len();
            // Kept: a target another piece can win (走动后其他子产生新的捉), or
            // one won jointly with another piece (与其他子配合).
            // So is a gain through checks whose capture another piece makes
            // (26.7: 主动送兵(卒)将军换车按"捉"处理).
            fresh.retain(|t| {
                t.participants.len() > 1
                    || t.capturers.iter().any(|&c| c != mv.to)
                    || another_piece_captures(again, mv.to, t)
            });
            if fresh.len() < before_len && fresh.is_empty() {
                a.say(vec!["26.1", "24.8"], explain::own_chase(p.kind));
            } else if !fresh.is_empty() {
                clauses.push("26.1.1");
            }
        }
    }
    // 26.1, 26.8: a pawn's own chase is allowed — also when another piece's
    // move opens it (参考图16: 车5平4 lets the pawn take the advisor, 闲; 图5:
    // 将5退1). 26.8 names the exceptions: a capture by the pawn that makes
    // another piece give check (兵(卒)吃子时产生其他子将军，按捉处理), and a
    // piece the pawn wins together with another piece (共同擒捉), which
    // [`chase::threats`] gives as a combined chase.
    let pawns_own = |t: &Threat| pawn_alone(again, t) && !pawn_capture_checks(again, t);
    // 26.8: 兵(卒)吃子时产生其他子"将军"，按"捉"处理 — a pawn's own chase that
    // the move turns into a capture uncovering another piece's check is new.
    let mut pawn_check = false;
    for t in threats_after {
        if pawn_alone(again, t)
            && pawn_capture_checks(again, t)
            && !fresh.iter().any(|f| f.target == t.target)
            && threats_before.iter().any(|b| {
                b.target == t.target
                    && b.piece == t.piece
                    && pawn_alone(before, b)
                    && !pawn_capture_checks(before, b)
            })
        {
            fresh.push(t.clone());
            pawn_check = true;
        }
    }
    if fresh.iter().any(pawns_own) {
        fresh.retain(|t| !pawns_own(t));
        if fresh.is_empty() && a.clauses == ["24.8"] {
            a.say(PAWNS_OWN.to_vec(), explain::pawns_own());
        }
    }
    if pawn_check && !fresh.is_empty() {
        clauses.push("26.8");
    }
}

/// 26.3: a target the opponent's piece protected before it left to give
/// check, or to answer one (或应将); `true` when that leaves the move 闲.
fn protector_left_to_check(s: &Scene<'_>, fresh: &mut Vec<Threat>, a: &mut Analysis) -> bool {
    let &Scene {
        before, ctx, mv, ..
    } = s;
    // 26.3: 做为根的子，自己离线断根"将军"，造成被保护的子失根被捉，责任自负
    // — a target the opponent's checking piece protected before it left to
    // give check is not chased by the answer (参考图19, 参考图22); nor, by
    // the clause's "(或应将)", by the move after a protector left to answer
    // a check (the opponent stood in check before its last move).
    if let (Some(last), Some(previous)) = (ctx.last_move, ctx.previous.as_ref())
        && (before.is_check() || previous.is_check())
        && !fresh.is_empty()
    {
        let n = fresh.len();
        // The piece that left could have taken back, in the position
        // before it left, after the same first capture (参考图47: a
        // cannon whose screen is the capturer protected nothing); when
        // that capture was not open then (the answer opened its line),
        // whether it protected the target where it stood, the piece now
        // moved taken off (参考图47 again: it was the cannon's screen).
        let mover_then = previous.pass();
        let took_back = |t: &Threat| {
            let Some(&first) = t.line.first() else {
                return false;
            };
            match mover_then.as_ref() {
                Some(p) if p.is_legal(first) => p
                    .play_unchecked(first)
                    .is_pseudo_legal(Move::new(last.from, t.target)),
                _ => previous
                    .without_piece(mv.from)
                    .is_some_and(|p| p.protects(last.from, t.target)),
            }
        };
        fresh.retain(|t| !took_back(t));
        if fresh.len() < n && fresh.is_empty() {
            let why = if before.is_check() {
                explain::protector_left_to_check()
            } else {
                explain::protector_left_to_answer()
            };
            a.say(vec!["26.3", "24.8"], why);
            return true;
        }
    }
    false
}

/// 捉 (24.3) with its clauses (24.15, 24.17, 26.4, 26.5).
fn zhuo(
    s: &Scene<'_>,
    fresh: &[Threat],
    mut clauses: Vec<&'static str>,
    offers: &[Offer],
    a: &mut Analysis,
) {
    let mover = s.before.turn();
    a.label = Label::Zhuo;
    a.targets = fresh
        .iter()
        .map(|t| ChaseTarget {
            square: t.target,
            piece: t.piece,
            categories: t.categories.clone(),
            means: t.means,
            line: t.line.clone(),
            even: material::judge(&t.gained, &t.lost) == Trade::Even,
        })
        .collect();
    if a.targets
        .iter()
        .any(|t| t.categories.iter().any(|c| c.is_joint()))
    {
        clauses.push("24.17");
    }
    if a.targets.iter().any(|t| t.means == Means::Checks && t.even) {
        clauses.push("26.5");
    }
    if a.targets.iter().any(|t| {
        t.categories.contains(&Target::Unprotected)
            || t.categories.contains(&Target::UnderProtected)
    }) {
        clauses.push("24.15");
    }
    let mut also = None;
    if let Some(&(own, enemy, kind)) = offers
        .iter()
        .find(|&&(_, enemy, _)| a.targets.iter().all(|t| t.square != enemy))
    {
        // 兑兼捉 counts as 捉 (26.4).
        clauses.push("26.4");
        also = Some(explain::also_offers(own, enemy, kind, mover));
    }
    let chased: Vec<explain::Chased<'_>> = a
        .targets
        .iter()
        .map(|t| explain::Chased {
            square: t.square,
            piece: t.piece,
            categories: &t.categories,
            means: t.means,
            even: t.even,
        })
        .collect();
    let chased = explain::chases(&chased);
    a.say(clauses, chased);
    if let Some(w) = also {
        a.add(w);
    }
}

/// 26.2: 守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按"闲"处理 —
/// whether the move is that: the mover has a single attacking piece (车、
/// 马、炮, or a pawn across the river), the move brings it onto a point
/// named a defensive key point, and everything the move chases is an
/// advisor or an elephant (图18: 车六平五 — 占据守和要点，附带产生的捉象判闲).
fn occupies_key_point(
    after: &Position,
    mv: Move,
    key_points: &[Square],
    chased: &[Threat],
) -> bool {
    let Some(mover) = after.piece_at(mv.to) else {
        return false;
    };
    let attacking = after
        .pieces()
        .filter(|&(sq, p)| {
            p.color == mover.color
                && match p.kind {
                    PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon => true,
                    PieceKind::Pawn => !sq.on_own_half(p.color),
                    _ => false,
                }
        })
        .count();
    attacking == 1
        && key_points.contains(&mv.to)
        && !chased.is_empty()
        && chased
            .iter()
            .all(|t| matches!(t.piece.kind, PieceKind::Advisor | PieceKind::Elephant))
}
/// The new threats: targets the mover can win after the move but not
/// before, and that win more than the best it could already win (26.3: 若走
/// 子前不存在得子，走子后形成净吃子，判"捉"; 图5: 吃士的结果没有发生变化，判闲).
/// `fled` says of a threat that improved whether it improved only because
/// the moved piece escaped (see [`Fled`]).
fn new_threats(
    before: &[Threat],
    after: &[Threat],
    fled: &Fled<'_>,
    parried: &mut Vec<(Square, Piece)>,
) -> Vec<Threat> {
    // 26.3: 被捉子逃离后…凡与循环着法有关联的子力均应计算在内。若走子前不存在
    // 得子，走子后形成净吃子，判"捉" — when the moved piece fled a chase, a line
    // the mover had before that begins with a check and neither moves the
    // piece nor lets the opponent take it still leaves it to be taken: the
    // check only put the opponent's capture off (参考图41: before 炮六平二,
    // 车三平五吃象 checks, 士4进5 answers, and the rook on 4 still takes the
    // cannon on 六 — no gain before the move; the cannon's 联合捉子 after it
    // is 捉). A line without a check already lets the opponent take the
    // fleeing piece instead of answering (各吃各子, 26.5).
    let deferred = |b: &Threat| {
        b.line
            .first()
            .is_some_and(|&first| fled.before.gives_check(first))
            && b.line
                .iter()
                .all(|m| m.from != fled.mv.from && m.to != fled.mv.from)
            && after
                .iter()
                .any(|t| t.target == b.target || t.means == Means::Checks)
    };
    let fleeing = fled.fleeing_unit();
    let counted: Vec<std::borrow::Cow<'_, Threat>> = before
        .iter()
        .map(|b| match fleeing {
            Some(u) if deferred(b) && fled.chased() => {
                let mut b = b.clone();
                b.lost.push(u);
                std::borrow::Cow::Owned(b)
            }
            _ => std::borrow::Cow::Borrowed(b),
        })
        .collect();
    after
        .iter()
        .filter(|t| {
            // The same target counts again only if it now wins more: an even
            // mutual capture (26.5) that became a clean gain is 形成净吃子 —
            // unless the moved piece only escaped.
            !counted.iter().any(|b| {
                b.target == t.target
                    && b.piece == t.piece
                    && (!wins_more(t, b) || fled.only_escaped(b, t))
            }) && {
                let by_parrying = fled.king_parried(t, before);
                if by_parrying {
                    parried.push((t.target, t.piece));
                }
                !by_parrying
            }
        })
        .filter(|t| {
            // A gain through checks that only repeats what could already be
            // won is no new chase (图5); a new capture target is, and so is
            // a new target the moved piece itself takes after another piece's
            // checks (24.3: 所走动子…与其他子联合吃子; 参考图34: 炮9退2 — after 车4进3
            // 帅五退一 the cannon takes the elephant on 五, 联合捉子, although
            // 车4进3 already won the elephant on 三 by 炮9平7 before).
            t.means == Means::Capture
                || counted.iter().all(|b| wins_more(t, b))
                || (takes_after_checks(fled.again, &t.line, fled.mv.to)
                    && counted.iter().all(|b| b.target != t.target))
        })
        .cloned()
        .collect()
}

/// Whether, in `line` played from `pos`, the piece on `sq` gives no check
/// and moves once, to make a capture after another piece's checks (24.3:
/// 与其他子联合吃子 — 参考图34: 车4进3 checks, 炮9平5 takes the elephant).
fn takes_after_checks(pos: &Position, line: &[Move], sq: Square) -> bool {
    let mut board = pos.clone();
    let mut moves_of_piece = 0;
    let mut captured = false;
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 && m.from == sq {
            moves_of_piece += 1;
            captured = board.piece_at(m.to).is_some() && !board.gives_check(m);
        }
        board = board.play_unchecked(m);
    }
    line.first().is_some_and(|m| m.from != sq) && moves_of_piece == 1 && captured
}

/// Whether the line of `after` wins more than the line of `before`, by the
/// rulebook's comparison of what each side gains and loses (1.2, 26.6,
/// 26.7): `after`'s gains with `before`'s losses against the reverse.
fn wins_more(after: &Threat, before: &Threat) -> bool {
    let mut g = after.gained.clone();
    g.extend(before.lost.iter().copied());
    let mut l = after.lost.clone();
    l.extend(before.gained.iter().copied());
    material::judge(&g, &l) == Trade::Gain
}

/// Where the piece stood that the other side's answers in `line` (played
/// from `pos`) first take, when they never take the piece that made the
/// line's first capture: the gain the other side makes elsewhere (各吃各子).
fn counter_capture(pos: &Position, line: &[Move]) -> Option<Square> {
    let mut board = pos.clone();
    let mut capturer = line.first()?.to;
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 && m.from == capturer {
                capturer = m.to;
            }
        } else if m.to == capturer {
            return None;
        } else if board.piece_at(m.to).is_some() {
            // Where the piece taken stood before the line began.
            return Some(
                line[..i]
                    .iter()
                    .rev()
                    .fold(m.to, |at, p| if p.to == at { p.from } else { at }),
            );
        }
        board = board.play_unchecked(m);
    }
    None
}

/// A chased piece that flees (参考图37: 炮9退1 escapes the rook's chase and
/// the cannon on 6 can again take the horse for nothing — 闲): a threat of
/// the mover's that only improved because the moved piece, which the
/// opponent could win and took in the exchange before, is gone, and that
/// neither needs the moved piece where it now stands nor has it protect a
/// piece that takes part, is not created by the move — when the threat
/// stood already before the opponent's last move. When the fleeing piece
/// takes part in the threat it is (图27: the cannon that flees is the
/// rook's second attacker — 车炮联合捉子; 参考图39: the rook that flees
/// protects the horse the cannon shoots over — 车马炮联合捉车).
struct Fled<'a> {
    /// The position after the move, the mover to move again.
    again: &'a Position,
    /// The position before the opponent's last move, the mover to move.
    previous: Option<Position>,
    mv: Move,
    /// Whether the opponent could win the moved piece before the move
    /// (searched only when a threat improved).
    was_chased: std::cell::OnceCell<bool>,
    /// The opponent's threats and mate threat before the move, its turn
    /// (searched only for a king's step that frees a capture).
    their_threats: std::cell::OnceCell<Vec<Threat>>,
    their_mate: std::cell::OnceCell<bool>,
    /// The position before the move.
    before: &'a Position,
    /// The values before the move.
    ctx_before: &'a ValueContext,
    ctx: &'a ValueContext,
    limits: &'a ChaseLimits,
}

impl Fled<'_> {
    /// The moved piece's value where it stood, unless it is the king.
    fn fleeing_unit(&self) -> Option<Unit> {
        self.before
            .piece_at(self.mv.from)
            .filter(|p| p.kind != PieceKind::King)
            .and_then(|_| {
                crate::xiangqi::repetition::protection::unit_at(
                    self.before,
                    self.mv.from,
                    self.ctx_before,
                )
            })
    }

    fn chased(&self) -> bool {
        *self.was_chased.get_or_init(|| {
            self.before
                .pass()
                .is_some_and(|p| chase::wins_piece(&p, self.mv.from, self.ctx_before, self.limits))
        })
    }

    /// Whether the moved piece could take the target on a point it would
    /// flee to (参考图49: 马七退八 — the horse watches the cannon's way out,
    /// 使黑方四路炮不能离线).
    fn guards_escape(&self, target: Square) -> bool {
        let Some(them) = self.again.pass() else {
            return false;
        };
        them.legal_moves().iter().any(|&m| {
            m.from == target
                && m.to != self.mv.to
                && them
                    .play_unchecked(m)
                    .is_pseudo_legal(Move::new(self.mv.to, m.to))
        })
    }

    /// Whether the moved piece keeps the target on its line (不能离线,
    /// 参考图49: 马八进七 使黑方四路炮不能离线): a move of the target that
    /// would be legal without the moved piece exposes its king.
    fn pins(&self, target: Square) -> bool {
        let (Some(them), Some(without)) = (
            self.again.pass(),
            self.again.without_piece(self.mv.to).and_then(|p| p.pass()),
        ) else {
            return false;
        };
        them.pseudo_legal_moves()
            .iter()
            .any(|&m| m.from == target && them.exposes_own_king(m) && without.is_legal(m))
    }

    /// 26.1.2 read for a king that steps out of a threat elsewhere (避抽,
    /// 解杀) rather than out of a check: a capture the mover could already
    /// make before the step, by the same piece on the same target, that
    /// the opponent answered only by winning something else (the line's
    /// answers never land on the capture's point) or by mating, is not
    /// created by the step (参考图30: 将5平6 and 将6平5 step out of 车三退二's
    /// mate and out of 伏平兵将军抽吃马, and the elephant's capture of the pawn
    /// on 七, there all along, is 闲). When the answer would win the capturing
    /// piece itself, the step does create the chase (图16: 将6退1避抽后，车可以
    /// 吃兵 — 捉; 图8: 将6退1). Another piece that parries a threat and so
    /// frees a capture chases (26.1.2: 走动其他子应将后产生新的捉…按捉处理;
    /// 参考图35: 车4平6 解杀后形成炮捉车).
    fn king_parried(&self, t: &Threat, before_threats: &[Threat]) -> bool {
        let Some(&first) = t.line.first() else {
            return false;
        };
        if t.means != Means::Capture
            || self.before.is_check()
            || first.from == self.mv.to
            || self.before.piece_at(self.mv.from).map(|p| p.kind) != Some(PieceKind::King)
            || self.before.piece_at(first.from) != self.again.piece_at(first.from)
            || self.before.piece_at(first.to) != Some(t.piece)
            || !self.before.is_legal(first)
        {
            return false;
        }
        // The threat stepped out of stands in the opponent's view of the
        // board before the step, whatever the mover does: it is not one the
        // capture itself would open (参考图18: 帅五平六 — the rook on 5 may
        // take the horse only once the king has left the point where that
        // capture would let black mate: 车捉马, 捉).
        let Some(them) = self.before.pass() else {
            return false;
        };
        if let Some(b) = before_threats
            .iter()
            .find(|b| b.target == t.target && b.line.first() == Some(&first))
        {
            let Some(won) = counter_capture(self.before, &b.line) else {
                return false;
            };
            return self
                .their_threats
                .get_or_init(|| chase::threats(&them, self.ctx_before, self.limits))
                .iter()
                .any(|o| o.target == won);
        }
        *self
            .their_mate
            .get_or_init(|| mate::mate_by_checks(&them, self.limits.mate).is_mate())
            && mate::mate_by_checks(&self.before.play_unchecked(first), self.limits.mate).is_mate()
    }

    fn only_escaped(&self, before: &Threat, after: &Threat) -> bool {
        chase::replies_on(&before.line, self.mv.from) > 0
            && self.chased()
            && !chase::needed_for(self.again, self.mv.to, after.target, self.ctx, self.limits)
            && !after
                .participants
                .iter()
                .chain(&after.screens)
                .any(|&p| self.again.protects(self.mv.to, p))
            && !self.pins(after.target)
            && !self.guards_escape(after.target)
            && self.previous.as_ref().is_some_and(|p| {
                p.piece_at(after.target) == Some(after.piece)
                    && chase::wins_piece(p, after.target, self.ctx, self.limits)
            })
    }
}

/// 26.1.1, 26.7: whether, along a gain through checks that the king or
/// pawn now on `from` begins, a piece other than that king or pawn makes a
/// capture (主动送兵将军换车: the pawn checks, the rook takes).
fn another_piece_captures(pos: &Position, from: Square, t: &Threat) -> bool {
    if t.means != Means::Checks {
        return false;
    }
    let mut pos = pos.clone();
    let mut own = from;
    for (i, &m) in t.line.iter().enumerate() {
        if i % 2 == 0 {
            if m.from == own {
                own = m.to;
            } else if pos.piece_at(m.to).is_some() {
                return true;
            }
        }
        pos = pos.play_unchecked(m);
    }
    false
}

/// A chase whose winning capture a pawn makes (26.1: 兵(卒)本身允许长捉),
/// alone or with another piece's help that does not attack the target
/// itself — a pin on the protector (26.8: 兵(卒)借其他子…吃对方的子，按闲处理;
/// 参考图11: 炮6平5, 卒吃仕，判闲).
fn pawn_alone(pos: &Position, t: &Threat) -> bool {
    t.means == Means::Capture
        && t.capturers
            .iter()
            .all(|&c| pos.piece_at(c).is_some_and(|p| p.kind == PieceKind::Pawn))
        && t.participants
            .iter()
            .skip(1)
            .all(|&h| !pos.is_pseudo_legal(Move::new(h, t.target)))
}

/// Whether the pawn's capture that begins `t` uncovers a check by another
/// piece (26.8: 兵(卒)吃子时产生其他子"将军").
fn pawn_capture_checks(pos: &Position, t: &Threat) -> bool {
    t.line.first().is_some_and(|&first| {
        pos.play_unchecked(first)
            .without_piece(first.to)
            .is_some_and(|p| p.is_check())
    })
}
/// An advisor, elephant or pawn serving as a cannon's screen (参考图35: the
/// pawn on 3 is the board the cannon shoots over — 形成炮捉车).
fn defensive_screen(pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq).is_some_and(|p| {
        matches!(
            p.kind,
            PieceKind::Advisor | PieceKind::Elephant | PieceKind::Pawn
        )
    })
}
