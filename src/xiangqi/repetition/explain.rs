//! The wording of the 棋例 decisions: why a move got its label (24.1–24.8,
//! 26.1–26.11), in English and in Chinese. The decisions are taken in
//! [`crate::xiangqi::repetition::label`], which calls this module; this
//! module only says them, and depends on no decision.
//!
//! Every function returns `(English, Chinese)`.

use crate::xiangqi::board::{Color, Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, Position};
use crate::xiangqi::repetition::chase::Means;
use crate::xiangqi::repetition::mate::MateSearch;
use crate::xiangqi::repetition::ruling::Target;

/// A reason: (English, Chinese).
pub(crate) type Wording = (String, String);

fn said(en: &str, zh: &str) -> Wording {
    (en.into(), zh.into())
}

/// 24.8: nothing else.
pub(crate) fn idle() -> Wording {
    said(
        "no check, mate threat, chase or exchange offer",
        "不属将、杀、捉",
    )
}

/// 24.1: 将.
pub(crate) fn check() -> Wording {
    said("gives check", "将军")
}

/// 26.1.2: the king's answer to a check threatens mate.
pub(crate) fn king_answer_mates() -> Wording {
    said(
        "the king's answer to a check creates a mate threat, which counts as idle",
        "走动帅(将)应将而产生的杀，按闲处理",
    )
}

/// 24.2: 杀, with the mate found (`again`: the mover to move again).
pub(crate) fn mate(again: &Position, search: MateSearch) -> Wording {
    let mut w = said(
        "threatens mate by checks next move",
        "伏下一着起将军或连续将军将死对方",
    );
    if let MateSearch::Mate { first, checks } = search {
        let first_zh = crate::xiangqi::notation::chinese(again, first);
        w = (
            format!(
                "threatens mate by {checks} check(s), starting {first_zh} ({})",
                first.iccs()
            ),
            format!("伏杀：{first_zh}起连将{checks}步将死对方"),
        );
    }
    w
}

/// 24.18, 26.3: the mate threat an answer to a check leaves standing is
/// the checking side's own doing (自毙).
pub(crate) fn self_inflicted_mate() -> Wording {
    said(
        "answers a check that left the checking side in a mated state (自毙); the mate threat is not this move's",
        "对方将军致己方被杀(自毙)，应将着法未产生新的杀，不予计算",
    )
}

/// Pieces named in an explanation: "the horse on g2, …" and "马(g2)、…".
pub(crate) fn name_pieces(v: &[(Square, Piece)]) -> Wording {
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

/// 26.1.2: what an answer to a check may win stood before the check.
pub(crate) fn restored(restored: &[(Square, Piece)]) -> Wording {
    let (en, zh) = name_pieces(restored);
    (
        format!(
            "answers the check; {en} could be won as well before the check, and no more than now: no new chase"
        ),
        format!("应将后可吃{zh}，将军前已可吃且未增加得子，不属新的捉"),
    )
}

/// 26.3: a piece the opponent's own last move left unprotected.
pub(crate) fn self_inflicted(self_inflicted: &[(Square, Piece)]) -> Wording {
    let (en, zh) = name_pieces(self_inflicted);
    (
        format!(
            "{en} lost its protection by the opponent's own last move, in which this move takes no direct part: not counted"
        ),
        format!("{zh}失根系对方己方走子造成，本着无直接参与，不予考虑"),
    )
}

/// 26.8: after the even exchange, the king's or a pawn's last capture.
pub(crate) fn last_capture(by: Piece, sq: Square, victim: Piece) -> Wording {
    (
        format!(
            "; after the even exchange the {}'s last capture, of the {} on {sq}, counts as idle (26.8)",
            by.kind.name(),
            victim.kind.name()
        ),
        format!(
            "；等值交换后{}吃{}({sq})为最后吃子，按闲处理(26.8)",
            by.chinese(),
            victim.chinese()
        ),
    )
}

/// 26.5: an even exchange that begins by losing the piece the move left.
pub(crate) fn lost_first(lost: &[(Square, Piece)]) -> Wording {
    let (en, zh) = name_pieces(lost);
    (
        format!(
            "the move leaves {en} to be taken first; losing the protected piece first and then taking is an even exchange, which counts as idle"
        ),
        format!("走子后先丢被保护子{zh}，后吃对方子，双方等值交换，按闲处理"),
    )
}

/// 26.1.2: the king's answer to a check creates a chase.
pub(crate) fn king_answer_chases() -> Wording {
    said(
        "the king's answer to a check creates a chase, which counts as idle",
        "走动帅(将)应将而产生的捉，按闲处理",
    )
}

/// 26.1: the king's or a pawn's own chase.
pub(crate) fn own_chase(kind: PieceKind) -> Wording {
    (
        format!("the {}'s own chase is allowed", kind.name()),
        "帅(将)、兵(卒)本身允许长捉".into(),
    )
}

/// 26.1, 26.8: the move opens a pawn's own chase and nothing else.
pub(crate) fn pawns_own() -> Wording {
    said(
        "what it opens is a pawn's own chase, which is allowed",
        "走子后形成兵(卒)本身的捉，允许",
    )
}

/// 26.1, 26.8: the note added when the move is something else as well.
pub(crate) fn pawns_note() -> Wording {
    said(
        "; the pawn's chase it opens is allowed",
        "；所形成的兵(卒)本身的捉，允许",
    )
}

/// 26.3: the protector left to give check.
pub(crate) fn protector_left_to_check() -> Wording {
    said(
        "the piece it could now win lost its protector when that protector left to give check: the opponent's own doing, idle",
        "对方根子离线将军致被保护子失根，责任自负，按闲处理",
    )
}

/// 26.3 (或应将): the protector left to answer a check.
pub(crate) fn protector_left_to_answer() -> Wording {
    said(
        "the piece it could now win lost its protector when that protector left to answer a check: the opponent's own doing, idle",
        "对方根子离线应将致被保护子失根，责任自负，按闲处理",
    )
}

/// 26.2: the only attacking piece occupies a defensive key point.
pub(crate) fn key_point(to: Square) -> Wording {
    (
        format!(
            "its only attacking piece occupies {to}, which the referee names a defensive key point; the chase of an advisor or elephant that comes with it counts as idle"
        ),
        format!("守和方唯一进攻子占据守和要点({to}，裁判认定)，附带产生的捉士象按闲处理"),
    )
}

/// A chased piece, as a 捉's reason names it (24.3).
pub(crate) struct Chased<'a> {
    /// Where it stands.
    pub(crate) square: Square,
    /// What it is.
    pub(crate) piece: Piece,
    /// The categories (车, 无根子, 少根子, 联合 …).
    pub(crate) categories: &'a [Target],
    /// Won by capture or through checks.
    pub(crate) means: Means,
    /// Whether the line ends even (26.5).
    pub(crate) even: bool,
}

/// How a chased piece is described: 可吃无根马, 联合捉车 … and "the
/// unprotected horse on e7" ….
fn describe_target(t: &Chased<'_>) -> Wording {
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

/// 24.3: what a 捉 chases.
pub(crate) fn chases(ts: &[Chased<'_>]) -> Wording {
    let (en, zh): (Vec<String>, Vec<String>) = ts.iter().map(describe_target).unzip();
    (en.join("; "), zh.join("；"))
}

/// 26.4: 兑兼捉, added to the chase.
pub(crate) fn also_offers(own: Square, enemy: Square, kind: PieceKind, mover: Color) -> Wording {
    (
        format!(
            "; also offers to exchange {}s ({own} and {enemy}), which counts as 捉 (26.4)",
            kind.name()
        ),
        format!(
            "；兼邀兑{}({own}与{enemy})，兑兼捉按捉处理",
            kind.chinese(mover)
        ),
    )
}

/// 26.10: an offer the opponent cannot accept without loss.
pub(crate) fn punished_offer(own: Square, enemy: Square, kind: PieceKind, mover: Color) -> Wording {
    (
        format!(
            "offers to exchange {}s ({own} and {enemy}), but the opponent taking would at once be mated or lose material: counts as 捉 (26.10)",
            kind.name()
        ),
        format!(
            "邀兑{}({own}与{enemy})，对方兑子后立即被杀或子力受损，按捉处理",
            kind.chinese(mover)
        ),
    )
}

/// 24.4: 兑.
pub(crate) fn offer(own: Square, enemy: Square, kind: PieceKind, mover: Color) -> Wording {
    (
        format!(
            "offers to exchange {}s ({} and {})",
            kind.name(),
            own,
            enemy
        ),
        format!("邀兑{}({}与{})", kind.chinese(mover), own, enemy),
    )
}

/// 24.4: a gain won only by the offer's pressure, added to the 兑.
pub(crate) fn pressed(sq: Square, piece: Piece) -> Wording {
    (
        format!(
            "; the {} on {sq} could be taken only because the opponent's answer would be to accept the exchange",
            piece.kind.name()
        ),
        format!(
            "；可吃{}({sq})只因对方须接受兑子，属兑的作用",
            piece.kind.chinese(piece.color)
        ),
    )
}

/// 26.10: the mate threat the opponent may parry by accepting, added to
/// the 兑.
pub(crate) fn parried_by_exchange(again: &Position, first: Move) -> Wording {
    let first_zh = crate::xiangqi::notation::chinese(again, first);
    (
        format!(
            "; the mate it threatens ({first_zh}, {}) the opponent may parry by accepting the exchange",
            first.iccs()
        ),
        format!("；所伏之杀({first_zh}起)，对方可接受兑子化解，按兑处理"),
    )
}

/// 26.1.2: the king stepped out of a threat elsewhere.
pub(crate) fn king_parried(parried: &[(Square, Piece)]) -> Wording {
    let (en, zh) = name_pieces(parried);
    (
        format!(
            "the king steps out of the opponent's threat elsewhere; {en} could be taken before the step as well"
        ),
        format!("走动帅(将)避开对方别处的攻击，可吃{zh}在走子前已存在，不属新产生的捉"),
    )
}

/// 24.5: 献.
pub(crate) fn sacrifice(p: Piece, at: Square, taker: Option<Piece>, taker_at: Square) -> Wording {
    (
        format!(
            "offers the {} on {}: the {} on {} can take it without loss",
            p.kind.name(),
            at,
            taker.map_or("piece", |t| t.kind.name()),
            taker_at
        ),
        format!("送吃{}({})，对方吃子不致受损", p.chinese(), at),
    )
}

/// 24.6: 拦, of the piece on `by` (its piece `by_piece`) that could win
/// `target` (`None`: that threatened mate).
pub(crate) fn block(
    by: Square,
    by_piece: Option<Piece>,
    target: Option<(Square, Option<Piece>)>,
) -> Wording {
    let by_en = by_piece.map_or("piece", |p| p.kind.name());
    let by_zh = by_piece.map_or("子", |p| p.chinese());
    match target {
        Some((t, piece)) => {
            let name = piece.map_or("piece", |p| p.kind.name());
            let name_zh = piece.map_or("子", |p| p.chinese());
            (
                format!(
                    "stands in the way of the {by_en} on {by}, which could win the {name} on {t}, and attacks nothing"
                ),
                format!("阻拦{by_zh}({by})吃{name_zh}({t})，不具攻击作用"),
            )
        }
        None => (
            format!(
                "stands in the way of the {by_en} on {by}, which threatened mate, and attacks nothing"
            ),
            format!("阻拦{by_zh}({by})的杀着，不具攻击作用"),
        ),
    }
}

/// 24.7: 跟.
pub(crate) fn follow(watched: Square, piece: Option<Piece>) -> Wording {
    let name = piece.map_or("piece", |p| p.kind.name());
    let name_zh = piece.map_or("子", |p| p.chinese());
    (
        format!(
            "watches the protected {name} on {watched}, which it cannot win, and attacks nothing else"
        ),
        format!("盯牵有根{name_zh}({watched})，不具攻击作用"),
    )
}

/// A threat found by [`threats`](crate::xiangqi::threats) in the words of
/// `judge --explain` (24.3, 24.15–24.17): `(English, Chinese)`, as
/// "chases the unprotected pawn on e0" and "可吃无根卒(e0)".
///
/// ```
/// use qigui::xiangqi::{ChaseLimits, ValueContext, threat_words, threats};
///
/// let pos = qigui::Position::from_fen("4k4/9/9/9/4n4/9/9/9/4R4/3K5 w - - 0 1")?;
/// let found = threats(&pos, &ValueContext::default(), &ChaseLimits::default());
/// let (en, zh) = threat_words(&found[0]);
/// assert_eq!(en, "chases the unprotected horse on e5");
/// assert_eq!(zh, "可吃无根马(e5)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn threat_words(t: &crate::xiangqi::Threat) -> (String, String) {
    describe_target(&Chased {
        square: t.target,
        piece: t.piece,
        categories: &t.categories,
        means: t.means,
        even: false,
    })
}

/// The answer of [`mate_by_checks`](crate::xiangqi::mate_by_checks) on
/// `pos` (the side to move mating) in words (24.2): `(English, Chinese)`.
pub fn mate_words(pos: &Position, search: MateSearch) -> (String, String) {
    match search {
        MateSearch::Mate { .. } => mate(pos, search),
        MateSearch::NoMate => said(
            "no mate by checks within the search bound",
            "搜索范围内无连将杀",
        ),
        MateSearch::LimitReached => said(
            "the search bound was reached before an answer",
            "搜索达到上限，未得结论",
        ),
    }
}
