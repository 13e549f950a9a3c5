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

use crate::xiangqi::board::{Color, Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase::{self, ChaseLimits, Means, Threat};
use crate::xiangqi::repetition::mate::{self, MateLimit, MateSearch};
use crate::xiangqi::repetition::material::{self, Trade, Unit};
use crate::xiangqi::repetition::protection::ValueContext;
use crate::xiangqi::repetition::ruling::{Label, MoveLabel, Target};

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

/// How a chased piece is described: 可吃无根马, 联合捉车 … and "the
/// unprotected horse on e7" ….
fn describe_target(t: &ChaseTarget) -> (String, String) {
    let name = t.piece.chinese();
    let kind = t.piece.kind.name();
    let at = t.square;
    let c = |x: Target| t.categories.contains(&x);
    if t.means == Means::Checks && t.even {
        return (
            format!(
                "wins the {kind} on {at} through checks (抽将) while the opponent takes as much elsewhere, a mutual capture of equal value (26.5)"
            ),
            format!("伏将军抽吃{name}({at})，各吃各子价值相当(26.5)"),
        );
    }
    if t.means == Means::Checks {
        return (
            format!("wins the {kind} on {at} through checks (抽将)"),
            format!("伏将军抽吃{name}({at})"),
        );
    }
    if c(Target::JointRook) && t.piece.kind != PieceKind::Rook {
        return (
            format!(
                "chases the {kind} on {at} jointly with another piece, and wins a rook in the exchange that follows"
            ),
            format!("联合捉{name}({at})，交换后可得车"),
        );
    }
    if c(Target::JointRook) || c(Target::JointUnprotected) || c(Target::Joint) {
        return (
            format!("chases the {kind} on {at} jointly with another piece"),
            format!("联合捉{name}({at})"),
        );
    }
    if c(Target::Rook) && t.piece.kind != PieceKind::Rook {
        return (
            format!("takes the {kind} on {at} and wins a rook in the exchange that follows"),
            format!("吃{name}({at})后交换可得车"),
        );
    }
    if c(Target::Unprotected) {
        return (
            format!("chases the unprotected {kind} on {at}"),
            format!("可吃无根{name}({at})"),
        );
    }
    if c(Target::UnderProtected) {
        return (
            format!("chases the {kind} on {at}, protected fewer times than attacked"),
            format!("捉少根{name}({at})"),
        );
    }
    if c(Target::Rook) {
        return (format!("chases the rook on {at}"), format!("捉车({at})"));
    }
    (
        format!("wins the {kind} on {at} in the exchange that follows"),
        format!("通过完整互吃交换可得{name}({at})"),
    )
}

fn describe_targets(ts: &[ChaseTarget]) -> (String, String) {
    let (en, zh): (Vec<String>, Vec<String>) = ts.iter().map(describe_target).unzip();
    (en.join("; "), zh.join("；"))
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

/// Pieces named in an explanation: "the horse on g2, …" and "马(g2)、…".
fn name_pieces(v: &[(Square, Piece)]) -> (String, String) {
    (
        v.iter()
            .map(|(sq, p)| format!("the {} on {sq}", p.kind.name()))
            .collect::<Vec<_>>()
            .join(", "),
        v.iter()
            .map(|(sq, p)| format!("{}({sq})", p.chinese()))
            .collect::<Vec<_>>()
            .join("、"),
    )
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

/// Labels one move played from `before`.
pub fn classify(before: &Position, mv: Move, ctx: &Context, limits: &Limits) -> Analysis {
    let mover = before.turn();
    let moved = before.piece_at(mv.from);
    let after = before.play_unchecked(mv);
    let mut a = Analysis {
        mv,
        label: Label::Idle,
        targets: Vec::new(),
        clauses: vec!["24.8"],
        reason: "no check, mate threat, chase or exchange offer".into(),
        reason_zh: "不属将、杀、捉".into(),
        limit_reached: false,
    };
    // 将 (24.1).
    if after.is_check() {
        a.label = Label::Jiang;
        a.clauses = vec!["24.1"];
        a.reason = "gives check".into();
        a.reason_zh = "将军".into();
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

    // 杀 (24.2).
    let mut mate_after = mate::mate_by_checks(&again, limits.mate);
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
    let vctx_after = ValueContext {
        last_move: Some(mv),
    };
    // The offers are searched once, here when the move threatens mate,
    // otherwise below.
    let make_offers = || offers_made(before, &after, &again, mv, &vctx_after, limits);
    let mut offers = None;
    let mut parried_mate = None;
    if mate_after.is_mate() {
        let made = make_offers();
        let spared: Vec<(Square, Piece)> = made
            .offers
            .iter()
            .filter_map(|&(_, enemy, _)| again.piece_at(enemy).map(|p| (enemy, p)))
            .collect();
        if !spared.is_empty()
            && !mate::mate_by_checks_sparing(&again, &spared, limits.mate).is_mate()
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
    if mate_after.is_mate() && before.is_check() && !king_answers_check && !mated_before_the_check()
    {
        if let Some(without_checker) = ctx
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
    }
    if mate_after.is_mate() {
        if king_answers_check {
            a.clauses = vec!["26.1.2", "24.8"];
            a.reason =
                "the king's answer to a check creates a mate threat, which counts as idle".into();
            a.reason_zh = "走动帅(将)应将而产生的杀，按闲处理".into();
            return a;
        }
        a.label = Label::Sha;
        a.clauses = vec!["24.2"];
        a.reason = "threatens mate by checks next move".into();
        a.reason_zh = "伏下一着起将军或连续将军将死对方".into();
        if let MateSearch::Mate { first, checks } = mate_after {
            let first_zh = crate::xiangqi::notation::chinese(&again, first);
            a.reason = format!(
                "threatens mate by {checks} check(s), starting {first_zh} ({})",
                first.iccs()
            );
            a.reason_zh = format!("伏杀：{first_zh}起连将{checks}步将死对方");
        }
        return a;
    }

    // 捉 (24.3).
    let vctx_before = ValueContext {
        last_move: ctx.last_move,
    };
    let threats_after = chase::threats(&again, &vctx_after, &limits.chase);
    // What the mover could win before the move matters only against what it
    // can win after it: with nothing to win after, nothing is new.
    let threats_before = if threats_after.is_empty() {
        Vec::new()
    } else {
        chase::threats(before, &vctx_before, &limits.chase)
    };
    let fled = Fled {
        again: &again,
        previous: ctx.previous.as_ref().and_then(|p| p.pass()),
        mv,
        was_chased: std::cell::OnceCell::new(),
        their_threats: std::cell::OnceCell::new(),
        their_mate: std::cell::OnceCell::new(),
        before,
        ctx_before: &vctx_before,
        ctx: &vctx_after,
        limits: &limits.chase,
    };
    let mut parried: Vec<(Square, Piece)> = Vec::new();
    let mut fresh = new_threats(&threats_before, &threats_after, &fled, &mut parried);
    // 24.4, 26.10: a piece of the same kind that could take the offered piece
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
    let Offers { offers, punished } = offers.unwrap_or_else(make_offers);
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
            enemy == t.target
                && chase::needed_for(&again, own, t.target, &vctx_after, &limits.chase)
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
                && chase::needed_for(&again, own, t.target, &vctx_after, &limits.chase)
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
    for t in &mut fresh {
        let helpers: Vec<Square> = t.participants.iter().skip(1).copied().collect();
        if !helpers.is_empty()
            && helpers
                .iter()
                .all(|&h| t.screens.contains(&h) && (h == mv.to || defensive_screen(&again, h)))
        {
            t.categories = t.plain_categories.clone();
            t.participants.truncate(1);
        }
    }
    // 26.3: 无直接参与且是己方走子造成被捉的状态，不予考虑 — a piece the
    // opponent's own last move left unprotected, when neither it nor the
    // piece that would take it is the one that moved, is not chased by this
    // move (参考图21: 马八退七 blocks the cannon on 九 that protected the
    // horse on 三; 车4进1, which only moves the rook off the horse on 七, is
    // 闲 — 红马被黑车捉的状态，其因果关系，是红方自己造成的).
    let mut self_inflicted: Vec<(Square, Piece)> = Vec::new();
    if let (Some(last), Some(prev)) = (ctx.last_move, fled.previous.as_ref()) {
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
    if before.is_check() && !king_answers_check && !fresh.is_empty() {
        if let Some(prev) = fled.previous.as_ref() {
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
    }
    if fresh.is_empty() && !(self_inflicted.is_empty() && restored.is_empty()) {
        if !restored.is_empty() {
            let (en, zh) = name_pieces(&restored);
            a.clauses = vec!["26.1.2", "24.8"];
            a.reason = format!(
                "answers the check; {en} could be won as well before the check, and no more than now: no new chase"
            );
            a.reason_zh = format!("应将后可吃{zh}，将军前已可吃且未增加得子，不属新的捉");
        } else {
            let (en, zh) = name_pieces(&self_inflicted);
            a.clauses = vec!["26.3", "24.8"];
            a.reason = format!(
                "{en} lost its protection by the opponent's own last move, in which this move takes no direct part: not counted"
            );
            a.reason_zh = format!("{zh}失根系对方己方走子造成，本着无直接参与，不予考虑");
        }
        // What else the move is (献, 拦, 跟) is still told below.
    }
    let mut clauses = vec!["24.3"];
    if let Some(p) = moved {
        if king_answers_check && !fresh.is_empty() {
            a.clauses = vec!["26.1.2", "24.8"];
            a.reason = "the king's answer to a check creates a chase, which counts as idle".into();
            a.reason_zh = "走动帅(将)应将而产生的捉，按闲处理".into();
            fresh.clear();
        }
        if matches!(p.kind, PieceKind::King | PieceKind::Pawn) {
            // 26.1: the king's and pawns' own chases are allowed; a chase
            // they make with, or open for, other pieces counts (26.1.1).
            let before_len = fresh.len();
            // Kept: a target another piece can win (走动后其他子产生新的捉), or
            // one won jointly with another piece (与其他子配合).
            fresh.retain(|t| t.participants.len() > 1 || t.capturers.iter().any(|&c| c != mv.to));
            if fresh.len() < before_len && fresh.is_empty() {
                a.clauses = vec!["26.1", "24.8"];
                a.reason = format!("the {}'s own chase is allowed", p.kind.name());
                a.reason_zh = "帅(将)、兵(卒)本身允许长捉".into();
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
    let pawns_own = |t: &Threat| pawn_alone(&again, t) && !pawn_capture_checks(&again, t);
    // 26.8: 兵(卒)吃子时产生其他子"将军"，按"捉"处理 — a pawn's own chase that
    // the move turns into a capture uncovering another piece's check is new.
    let mut pawn_check = false;
    for t in &threats_after {
        if pawn_alone(&again, t)
            && pawn_capture_checks(&again, t)
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
            a.clauses = PAWNS_OWN.to_vec();
            a.reason = "what it opens is a pawn's own chase, which is allowed".into();
            a.reason_zh = "走子后形成兵(卒)本身的捉，允许".into();
        }
    }
    if pawn_check && !fresh.is_empty() {
        clauses.push("26.8");
    }
    // 26.3: 做为根的子，自己离线断根"将军"，造成被保护的子失根被捉，责任自负
    // — a target the opponent's checking piece protected before it left to
    // give check is not chased by the answer (参考图19, 参考图22).
    if before.is_check() && !fresh.is_empty() {
        if let (Some(last), Some(previous)) = (ctx.last_move, ctx.previous.as_ref()) {
            let n = fresh.len();
            // The checking piece could have taken back, in the position
            // before it checked, after the same first capture (参考图47: a
            // cannon whose screen is the capturer protected nothing).
            let mover_then = previous.pass();
            let took_back = |t: &Threat| {
                let (Some(&first), Some(p)) = (t.line.first(), mover_then.as_ref()) else {
                    return false;
                };
                p.is_legal(first)
                    && p.play_unchecked(first)
                        .is_pseudo_legal(Move::new(last.from, t.target))
            };
            fresh.retain(|t| !took_back(t));
            if fresh.len() < n && fresh.is_empty() {
                a.clauses = vec!["26.3", "24.8"];
                a.reason = "the piece it could now win lost its protector when that protector left to give check: the opponent's own doing, idle".into();
                a.reason_zh = "对方根子离线将军致被保护子失根，责任自负，按闲处理".into();
                return a;
            }
        }
    }
    if before.is_check() && !king_answers_check && !fresh.is_empty() {
        clauses.push("26.1.2");
    }
    if occupies_key_point(&after, mv, &ctx.key_points, &fresh) {
        a.clauses = vec!["26.2", "24.8"];
        a.reason = format!(
            "its only attacking piece occupies {}, which the referee names a defensive key point; the chase of an advisor or elephant that comes with it counts as idle",
            mv.to
        );
        a.reason_zh = format!(
            "守和方唯一进攻子占据守和要点({}，裁判认定)，附带产生的捉士象按闲处理",
            mv.to
        );
        return a;
    }
    if !fresh.is_empty() {
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
        let (mut en, mut zh) = describe_targets(&a.targets);
        if let Some(&(own, enemy, kind)) = offers
            .iter()
            .find(|&&(_, enemy, _)| a.targets.iter().all(|t| t.square != enemy))
        {
            // 兑兼捉 counts as 捉 (26.4).
            clauses.push("26.4");
            en.push_str(&format!(
                "; also offers to exchange {}s ({own} and {enemy}), which counts as 捉 (26.4)",
                kind.name()
            ));
            zh.push_str(&format!(
                "；兼邀兑{}({own}与{enemy})，兑兼捉按捉处理",
                kind.chinese(mover)
            ));
        }
        a.clauses = clauses;
        a.reason = en;
        a.reason_zh = zh;
        return a;
    }

    // 26.10: 同兵种邀兑，被邀兑方兑子后立即被杀或在子力价值上受损，邀兑方按
    // "捉"处理 — the offer the opponent cannot accept without loss is a chase
    // of the piece offered to.
    if let Some(&(own, enemy, kind)) = punished.first() {
        if let Some(piece) = again.piece_at(enemy) {
            a.label = Label::Zhuo;
            a.targets = vec![ChaseTarget {
                square: enemy,
                piece,
                categories: vec![Target::Gain],
                means: Means::Capture,
                line: vec![Move::new(own, enemy)],
                even: false,
            }];
            a.clauses = vec!["26.10", "24.4", "24.3"];
            a.reason = format!(
                "offers to exchange {}s ({own} and {enemy}), but the opponent taking would at once be mated or lose material: counts as 捉 (26.10)",
                kind.name()
            );
            a.reason_zh = format!(
                "邀兑{}({own}与{enemy})，对方兑子后立即被杀或子力受损，按捉处理",
                kind.chinese(mover)
            );
            return a;
        }
    }
    // 兑 (24.4, 26.10): a like-for-like exchange the opponent can accept.
    if let Some(offer) = offers.first() {
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
        a.reason = format!(
            "offers to exchange {}s ({} and {})",
            offer.2.name(),
            offer.0,
            offer.1
        );
        a.reason_zh = format!("邀兑{}({}与{})", offer.2.chinese(mover), offer.0, offer.1);
        for &(sq, piece) in &pressed_targets {
            a.reason.push_str(&format!(
                "; the {} on {sq} could be taken only because the opponent's answer would be to accept the exchange",
                piece.kind.name()
            ));
            a.reason_zh.push_str(&format!(
                "；可吃{}({sq})只因对方须接受兑子，属兑的作用",
                piece.kind.chinese(piece.color)
            ));
        }
        if let Some(MateSearch::Mate { first, .. }) = parried_mate {
            if !a.clauses.contains(&"26.10") {
                a.clauses.push("26.10");
            }
            let first_zh = crate::xiangqi::notation::chinese(&again, first);
            a.reason.push_str(&format!(
                "; the mate it threatens ({first_zh}, {}) the opponent may parry by accepting the exchange",
                first.iccs()
            ));
            a.reason_zh.push_str(&format!(
                "；所伏之杀({first_zh}起)，对方可接受兑子化解，按兑处理"
            ));
        }
        return a;
    }

    // 献 (24.5), 拦 (24.6), 跟 (24.7): kinds of 闲 (24.8), in that order —
    // for a move no special clause has already ruled idle (26.1, 26.1.2).
    // A pawn's own chase the move opens (26.1, 26.8) does not hide what the
    // move itself is; its note stays with the reason.
    let pawns_note = a.clauses == PAWNS_OWN;
    if a.clauses != ["24.8"] && !pawns_note {
        return a;
    }
    let a = classify_idle(
        before,
        &after,
        &again,
        mv,
        moved,
        king_answers_check,
        &vctx_after,
        limits,
        a,
    );
    if a.clauses == ["24.8"] && self_inflicted_mate {
        let mut a = a;
        a.clauses = vec!["24.18", "26.3", "24.8"];
        a.reason = "answers a check that left the checking side in a mated state (自毙); the mate threat is not this move's".into();
        a.reason_zh = "对方将军致己方被杀(自毙)，应将着法未产生新的杀，不予计算".into();
        return a;
    }
    if a.clauses == ["24.8"] && !parried.is_empty() {
        let mut a = a;
        a.clauses = vec!["26.1.2", "24.8"];
        let (en, zh) = name_pieces(&parried);
        a.reason = format!(
            "the king steps out of the opponent's threat elsewhere; {en} could be taken before the step as well"
        );
        a.reason_zh =
            format!("走动帅(将)避开对方别处的攻击，可吃{zh}在走子前已存在，不属新产生的捉");
        return a;
    }
    if pawns_note && a.clauses != PAWNS_OWN {
        let mut a = a;
        a.clauses.extend(["26.1", "26.8"]);
        a.reason.push_str("; the pawn's chase it opens is allowed");
        a.reason_zh.push_str("；所形成的兵(卒)本身的捉，允许");
        return a;
    }
    a
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

/// The clauses of a move whose only chase is a pawn's own (26.1, 26.8).
const PAWNS_OWN: [&str; 3] = ["26.1", "26.8", "24.8"];

/// 献, 拦, 跟 or plain 闲 for a move that is neither 将, 杀, 捉 nor 兑.
#[allow(clippy::too_many_arguments)]
fn classify_idle(
    before: &Position,
    after: &Position,
    again: &Position,
    mv: Move,
    moved: Option<Piece>,
    king_answers_check: bool,
    vctx_after: &ValueContext,
    limits: &Limits,
    mut a: Analysis,
) -> Analysis {
    if let Some(p) = moved.filter(|p| p.kind != PieceKind::King) {
        if let Some(taker) = offered(after, mv.to, vctx_after, limits) {
            a.label = Label::Xian;
            a.clauses = vec!["24.5", "24.8"];
            a.reason = format!(
                "offers the {} on {}: the {} on {} can take it without loss",
                p.kind.name(),
                mv.to,
                after.piece_at(taker).map_or("piece", |t| t.kind.name()),
                taker
            );
            a.reason_zh = format!("送吃{}({})，对方吃子不致受损", p.chinese(), mv.to);
            return a;
        }
    }
    if !king_answers_check {
        if let Some(block) = blocks(before, after, mv, vctx_after, limits) {
            a.label = Label::Lan;
            a.clauses = vec!["24.6", "24.8"];
            let by = after.piece_at(block.by).map_or("piece", |p| p.kind.name());
            let by_zh = after.piece_at(block.by).map_or("子", |p| p.chinese());
            match block.target {
                Some(t) => {
                    let name = after.piece_at(t).map_or("piece", |p| p.kind.name());
                    let name_zh = after.piece_at(t).map_or("子", |p| p.chinese());
                    a.reason = format!(
                        "stands in the way of the {by} on {}, which could win the {name} on {t}, and attacks nothing",
                        block.by
                    );
                    a.reason_zh =
                        format!("阻拦{by_zh}({})吃{name_zh}({t})，不具攻击作用", block.by);
                }
                None => {
                    a.reason = format!(
                        "stands in the way of the {by} on {}, which threatened mate, and attacks nothing",
                        block.by
                    );
                    a.reason_zh = format!("阻拦{by_zh}({})的杀着，不具攻击作用", block.by);
                }
            }
            return a;
        }
    }
    if let Some(watched) = follows(before, again, mv) {
        let name = again.piece_at(watched).map_or("piece", |p| p.kind.name());
        let name_zh = again.piece_at(watched).map_or("子", |p| p.chinese());
        a.label = Label::Gen;
        a.clauses = vec!["24.7", "24.8"];
        a.reason = format!(
            "watches the protected {name} on {watched}, which it cannot win, and attacks nothing else"
        );
        a.reason_zh = format!("盯牵有根{name_zh}({watched})，不具攻击作用");
        return a;
    }
    a
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
    {
        if let Some(m) = stopped
            .iter()
            .find(|&&m| mate::mate_starting_with(&without, m, limits.chase.mate))
        {
            return Some(Block {
                by: m.from,
                target: None,
            });
        }
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

/// The exchanges of like pieces the move offers (24.4, 26.10): the moved
/// piece's own, and a mutual attack it brings about between two other pieces
/// in which the offering side could take back; and, apart, the moved
/// piece's offers that cannot be accepted (26.10).
fn offers_made(
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
type Offer = (Square, Square, PieceKind);

/// What [`offers_made`] finds.
struct Offers {
    /// The exchanges offered (24.4).
    offers: Vec<Offer>,
    /// The moved piece's new offers that the opponent cannot accept without
    /// being mated or losing material at once: chases (26.10).
    punished: Vec<Offer>,
}
