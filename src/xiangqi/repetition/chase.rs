//! What a side could win if it moved again: the analysis behind 捉
//! (24.3, 24.15–24.17, 26.5–26.8).
//!
//! 24.3: 凡走子后，所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、
//! 从下一着开始运用将军或连续"将军"得子、通过完整互吃交换后吃掉对方子且得子，
//! 上述得子后不致立即被对方将死的，称为"捉".
//!
//! [`threats`] lists, for the side to move, every enemy piece it can win:
//!
//! * **by capture and the exchanges that follow** ([`exchange_search`]):
//!   the side captures the target, then both sides may go on capturing —
//!   on that point (the complete exchange) or elsewhere (各吃各子, 26.5) — or
//!   stop; the result is judged by the value model of [`crate::xiangqi::repetition::material`].
//!   The defending side may also answer with a check (at most
//!   [`ChaseLimits::defender_checks`] of them) that wins material back.
//!   Captures that give check must be answered, and a side that is mated
//!   loses everything (得子后不致立即被将死).
//! * **by a check or a series of checks** ([`check_gains`]: 抽将, 连将得子):
//!   every defence against the checks leaves a capture that gains.
//!
//! Each threat carries the categories the rulings need (车, 无根子, 少根子,
//! 联合, 得子) and the pieces that take part in it.

use crate::xiangqi::board::{Color, Piece, PieceKind, Square};
use crate::xiangqi::position::{Move, MoveList, Position};
use crate::xiangqi::repetition::material::{self, Balance, Trade, Unit};
use crate::xiangqi::repetition::memo;
use crate::xiangqi::repetition::protection::{
    ValueContext, recapturable_after, recapturable_after_in_place, unit_at,
};
use crate::xiangqi::repetition::ruling::Target;
use crate::xiangqi::repetition::transposition;

/// Bounds of the searches behind [`threats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseLimits {
    /// Plies of the capture search after the first capture (at most 23;
    /// larger values count as 23).
    pub exchange_plies: u32,
    /// Checks the side may give before winning material (抽将).
    pub checks: u32,
    /// Checks the side may give before winning a rook (at least `checks`):
    /// the book names longer series of checks for a rook (图3: 车7平8 —
    /// 可以下一着开始运用连续将军得车: four checks when an elephant blocks the
    /// first, three when an advisor does, then the rook is taken).
    pub rook_checks: u32,
    /// Quiet checks the defending side may give inside an exchange, to win
    /// back what it lost (参考图18, 参考图20, 图16: a capture that a check
    /// answers by taking back more is no gain).
    pub defender_checks: u32,
    /// Positions visited per threat.
    pub nodes: u64,
    /// The search for a mate by checks that answers a capture (24.3: 得子后
    /// 不致立即被对方将死; 参考图35: 车4平6 解杀后形成炮捉车).
    pub mate: crate::xiangqi::repetition::mate::MateLimit,
}

impl Default for ChaseLimits {
    fn default() -> ChaseLimits {
        ChaseLimits {
            exchange_plies: 8,
            checks: 2,
            rook_checks: 4,
            defender_checks: 1,
            nodes: 20_000,
            mate: crate::xiangqi::repetition::mate::MateLimit::default(),
        }
    }
}

/// How a threat wins material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Means {
    /// By capturing the target and the exchanges that follow.
    Capture,
    /// By a check or checks first (抽将, 连将得子).
    Checks,
}

/// One piece a side could win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// Where the target stands.
    pub target: Square,
    /// The target.
    pub piece: Piece,
    /// How.
    pub means: Means,
    /// The line found, starting with the threatening side's move.
    pub line: Vec<Move>,
    /// What the side gains and loses along it.
    pub gained: Vec<Unit>,
    /// What it loses.
    pub lost: Vec<Unit>,
    /// The categories the rulings use.
    pub categories: Vec<Target>,
    /// The threatening side's pieces that take part in it.
    pub participants: Vec<Square>,
    /// Where every piece stands that can make a winning first capture.
    pub capturers: Vec<Square>,
    /// The participants that are only a cannon's screen, without attacking
    /// the target themselves.
    pub screens: Vec<Square>,
    /// The categories the threat would have without its helpers (not
    /// 联合): for a screen that does not count as taking part.
    pub plain_categories: Vec<Target>,
}

/// The result of a line, from the point of view of the side that started it.
#[derive(Clone, Debug, Default)]
pub struct LineResult {
    /// Captured by the starting side.
    pub gained: Vec<Unit>,
    /// Lost by it.
    pub lost: Vec<Unit>,
    /// Which side got mated at the end, if any.
    pub mated: Option<Color>,
    /// The moves.
    pub line: Vec<Move>,
    /// Whether the other side's last capture, if it made one, was
    /// elsewhere: neither on the first capture's point nor taking back the
    /// piece that had just captured (各吃各子).
    pub last_reply_elsewhere: Option<bool>,
}

impl LineResult {
    fn trade(&self, starter: Color) -> Trade {
        trade(self, starter)
    }
}

/// What the scoring of a line reads: [`LineResult`], and the search's own
/// small [`Acc`], which keeps the judgment and the worth of its units as it
/// goes instead of the units themselves.
trait Tally {
    fn mated(&self) -> Option<Color>;
    fn last_reply_elsewhere(&self) -> Option<bool>;
    /// [`material::judge`] of the units gained and lost.
    fn judge(&self) -> Trade;
    /// The [`unit_worth`] of the units gained less that of those lost.
    fn worth(&self) -> i32;
}

impl Tally for LineResult {
    fn mated(&self) -> Option<Color> {
        self.mated
    }
    fn last_reply_elsewhere(&self) -> Option<bool> {
        self.last_reply_elsewhere
    }
    fn judge(&self) -> Trade {
        material::judge(&self.gained, &self.lost)
    }
    fn worth(&self) -> i32 {
        self.gained.iter().map(unit_worth).sum::<i32>()
            - self.lost.iter().map(unit_worth).sum::<i32>()
    }
}

/// Where a line records what its moves take: [`LineResult`] and [`Acc`],
/// through the one [`Searcher::extend`].
trait Record {
    fn gain(&mut self, u: Unit);
    /// `elsewhere`: [`LineResult::last_reply_elsewhere`] of this capture.
    fn lose(&mut self, u: Unit, elsewhere: bool);
    fn push(&mut self, mv: Move);
    fn last_move(&self) -> Option<Move>;
}

impl Record for LineResult {
    fn gain(&mut self, u: Unit) {
        self.gained.push(u);
    }
    fn lose(&mut self, u: Unit, elsewhere: bool) {
        self.lost.push(u);
        self.last_reply_elsewhere = Some(elsewhere);
    }
    fn push(&mut self, mv: Move) {
        self.line.push(mv);
    }
    fn last_move(&self) -> Option<Move> {
        self.line.last().copied()
    }
}

/// The most moves a line of the exchange search holds: the first capture
/// and at most `LINE_CAP - 1` plies ([`ChaseLimits::exchange_plies`] is
/// capped there).
const LINE_CAP: usize = 24;

/// A line inside the exchange search, as far as choosing among lines
/// reads it: its judgment and worth ([`Tally`]), its length and last move —
/// a few bytes, copied where a line's units and moves would be (the search
/// visits many thousands of nodes per threat; allocating three vectors at
/// each was a tenth of the time, and copying 150-byte lines at each still
/// cost). The moves of the line chosen are kept in the [`Searcher`]'s
/// principal-variation table, and its units read again from the board by
/// replaying them ([`exchange_search_uncached`]).
#[derive(Clone, Copy)]
struct Acc {
    /// The units gained and lost so far, as [`material::judge`] reads them.
    balance: Balance,
    /// Their [`unit_worth`], gained less lost.
    worth: i32,
    /// The moves played.
    n_line: u8,
    last: Option<Move>,
    mated: Option<Color>,
    last_reply_elsewhere: Option<bool>,
}

impl Acc {
    fn new() -> Acc {
        Acc {
            balance: Balance::default(),
            worth: 0,
            n_line: 0,
            last: None,
            mated: None,
            last_reply_elsewhere: None,
        }
    }
}

// A line holds at most LINE_CAP moves (the plies are capped accordingly).
impl Record for Acc {
    fn gain(&mut self, u: Unit) {
        self.balance.gain(u);
        self.worth += unit_worth(&u);
    }
    fn lose(&mut self, u: Unit, elsewhere: bool) {
        self.balance.lose(u);
        self.worth -= unit_worth(&u);
        self.last_reply_elsewhere = Some(elsewhere);
    }
    fn push(&mut self, mv: Move) {
        self.last = Some(mv);
        self.n_line += 1;
    }
    fn last_move(&self) -> Option<Move> {
        self.last
    }
}

impl Tally for Acc {
    fn mated(&self) -> Option<Color> {
        self.mated
    }
    fn last_reply_elsewhere(&self) -> Option<bool> {
        self.last_reply_elsewhere
    }
    fn judge(&self) -> Trade {
        self.balance.judge()
    }
    fn worth(&self) -> i32 {
        self.worth
    }
}

/// The rulebook's judgment of a line for the side that started it.
fn trade(r: &impl Tally, starter: Color) -> Trade {
    match r.mated() {
        Some(c) if c == starter => Trade::Loss,
        Some(_) => Trade::Gain,
        None => r.judge(),
    }
}

/// A numeric value of a result for the starting side, for choosing among
/// lines: a mate outweighs everything, then rook 20, horse and cannon 10,
/// advisor and elephant 4, a pawn with value 3.
fn proxy(r: &impl Tally, starter: Color) -> i32 {
    match r.mated() {
        Some(c) if c == starter => -10_000,
        Some(_) => 10_000,
        None => r.worth(),
    }
}

/// What one unit weighs in [`proxy`].
fn unit_worth(u: &Unit) -> i32 {
    match u.kind {
        PieceKind::Rook => 20,
        PieceKind::Horse | PieceKind::Cannon => 10,
        PieceKind::Advisor | PieceKind::Elephant => 4,
        PieceKind::Pawn => {
            if u.counts {
                3
            } else {
                0
            }
        }
        PieceKind::King => 1000,
    }
}

/// The order the exchange search plays by, for the starting side: first
/// what the rulebook makes of the line — a loss, an even trade, an even
/// mutual capture (各吃各子, which 26.5 counts as a chase), a gain — then
/// [`proxy`] among lines of the same kind. Both are functions of the line
/// alone, so the order is total; the defending side picks a line that is
/// no chase when it has one (图5: the elephant takes the pawn back rather
/// than the rook checking to take an advisor).
fn score(r: &impl Tally, starter: Color) -> i32 {
    let class = match trade(r, starter) {
        Trade::Loss => 0,
        Trade::Even if r.mated().is_none() && mutual(r) => 2,
        Trade::Even => 1,
        Trade::Gain => 3,
    };
    class * 100_000 + proxy(r, starter)
}

/// Compares two results for the starting side: is `a` better than `b`?
fn better(a: &LineResult, b: &LineResult, starter: Color) -> Trade {
    match (a.mated, b.mated) {
        (Some(x), Some(y)) if x == y => Trade::Even,
        (Some(x), _) if x == starter => Trade::Loss,
        (Some(_), _) => Trade::Gain,
        (_, Some(y)) if y == starter => Trade::Gain,
        (_, Some(_)) => Trade::Loss,
        (None, None) => {
            let mut g = a.gained.clone();
            g.extend(b.lost.iter().copied());
            let mut l = a.lost.clone();
            l.extend(b.gained.iter().copied());
            material::judge(&g, &l)
        }
    }
}

struct Searcher<'a> {
    ctx: &'a ValueContext,
    nodes: u64,
    limit: u64,
    /// Pieces the starting side could already take for nothing before the
    /// exchange began: gains on them are not the exchange's.
    already_free: &'a [Square],
    /// The starting side's legal moves before the exchange began: a capture
    /// elsewhere that the exchange itself made possible (参考图1: 马二退四 —
    /// 前马进五吃象, and the horse behind, its leg freed, takes the rook) is
    /// part of it, protected or not.
    root_moves: &'a MoveList,
    /// The side that started the exchange.
    starter: Color,
    /// The point of the first capture.
    target: Square,
    /// The principal variations: row `d` holds the moves after the first
    /// `d` of the line the node at depth `d` chose (a triangular table: a
    /// node that takes a child's line writes its move and the child's row
    /// into its own), `pv_len[d]` of them, and `pv_mated[d]` whether that
    /// line ends in a mate. Row `d` is the line as it stands (empty, no
    /// mate) until the node takes a move.
    pv: [[Move; LINE_CAP]; LINE_CAP + 1],
    pv_len: [u8; LINE_CAP + 1],
    pv_mated: [Option<Color>; LINE_CAP + 1],
}

impl Searcher<'_> {
    /// Records `mv`, about to be played on `pos`, in `line`: what it takes
    /// is gained when the starting side takes it, lost otherwise, and a
    /// capture by the other side is elsewhere when it is neither on the
    /// first capture's point nor taking back the piece that had just
    /// captured (各吃各子, 26.5). The search records its moves and the line
    /// it returns is rebuilt by the same steps.
    fn extend(&self, line: &mut impl Record, pos: &Position, mv: Move) {
        if pos.piece_at(mv.to).is_some()
            && let Some(u) = unit_at(pos, mv.to, self.ctx)
        {
            if pos.turn() == self.starter {
                line.gain(u);
            } else {
                let last_to = line.last_move().map(|m| m.to);
                line.lose(u, mv.to != self.target && Some(mv.to) != last_to);
            }
        }
        line.push(mv);
    }

    /// The score of `so_far` ending with `side` mated, recorded as the
    /// node's line.
    fn mated(&mut self, so_far: &Acc, side: Color) -> i32 {
        self.pv_mated[usize::from(so_far.n_line)] = Some(side);
        let mut r = *so_far;
        r.mated = Some(side);
        score(&r, self.starter)
    }

    /// Captures-only search; the side to move may stop unless in check; the
    /// other side may also give `checks_left` quiet checks.
    /// The starting side's gains elsewhere count only when the exchange made
    /// them possible — not pieces it could already take for nothing — so
    /// that unrelated gains do not count for this target; the other side may
    /// capture anywhere (各吃各子, 26.5).
    ///
    /// Kept whole (about 170 lines): one node of the capture search, its
    /// stand-pat, move ordering and cutoffs reading in order. No table:
    /// a transposition table within one search (until 27 November 2026)
    /// answered under 2% of its lookups, and storing every node cost more
    /// than the nodes it saved.
    ///
    /// The position is walked in place: each move is played on `pos` and
    /// taken back after its child, so that it is as it was when the node
    /// returns (the nodes visited and the lines returned are those of
    /// copying it; only the copies are saved). `pos`'s key and clocks stay
    /// those of the root inside (`Position::play_in_place`): nothing here
    /// reads them.
    ///
    /// `check_to_count`: the move that led here is a quiet check of the
    /// defender, with more than two plies left where it was given; it
    /// counts against `checks_left` unless it leaves a single answer
    /// (参考图34, below). The node tells, from the answers it generates
    /// anyway, instead of its parent counting them first; it reads
    /// `checks_left` only after that.
    ///
    /// Returns the [`score`] of the line chosen; the line itself is left in
    /// row `so_far.n_line` of the principal-variation table (the line as it
    /// stands and the moves after it: the lines chosen are those of
    /// returning whole lines, as the search did until 27 November 2026).
    fn search_node(
        &mut self,
        pos: &mut Position,
        so_far: &Acc,
        plies: u32,
        checks_left: u32,
        check_to_count: bool,
        window: (i32, i32),
    ) -> i32 {
        let (starter, target) = (self.starter, self.target);
        self.nodes += 1;
        let depth = usize::from(so_far.n_line);
        self.pv_len[depth] = 0;
        self.pv_mated[depth] = None;
        let side = pos.turn();
        let in_check = pos.is_check();
        let last_to = so_far.last_move().map(|m| m.to);
        // Standing pat is a line when not in check. A node that returns the
        // line as it stands — at the plies' end, past the node bound, or when
        // standing pat already cuts the search off (alpha-beta, below) —
        // needs no move list, only whether the side to move has a legal move
        // at all (a side with none is mated): the positions counted and the
        // line returned are those of generating its moves first, for about
        // a third of the nodes without generating them.
        let stand = (!in_check).then(|| score(so_far, starter));
        let cut = stand.is_some_and(|v| {
            if side == starter {
                v >= window.1
            } else {
                v <= window.0
            }
        });
        if plies == 0 || self.nodes > self.limit || cut {
            if !pos.has_legal_move_given(in_check) {
                // Mated (or stalemated, also a loss, 3.3).
                return self.mated(so_far, side);
            }
            return stand.unwrap_or_else(|| score(so_far, starter));
        }
        // Only captures (every move when in check) and the defender's
        // checks are looked at: test legality for those alone.
        let (mut moves, any_legal) = if in_check {
            let moves = pos.legal_moves();
            let any = !moves.is_empty();
            (moves, any)
        } else if side != starter && checks_left > 0 {
            // The same list, in the same order, as selecting captures and
            // checks among all legal moves, generating only the candidates.
            let info = pos.check_info();
            pos.legal_captures_and_checks(in_check, &info)
        } else {
            pos.legal_captures(in_check)
        };
        if !any_legal {
            // Mated (or stalemated, also a loss, 3.3).
            return self.mated(so_far, side);
        }
        // In check (as after a check always), `moves` are all the legal
        // moves: a single one is the forced answer.
        let checks_left = checks_left
            - u32::from(
                check_to_count
                    && if in_check {
                        moves.len() != 1
                    } else {
                        !pos.has_single_legal_move()
                    },
            );
        // The score of the best line so far (the line itself in the
        // table's row); standing pat is a line when not in check.
        let mut best: Option<i32> = stand;
        // Alpha-beta on the total order below: the starting side maximises,
        // the other minimises; a line that cannot change the choice above
        // is not searched further. The line chosen is the one plain
        // minimax would choose (the first of the best, in the order the
        // moves are tried: most valuable victim first, below).
        // Standing pat did not cut the search off (above): it narrows the
        // window.
        let (mut alpha, mut beta) = window;
        if let Some(v) = stand {
            if side == starter {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
        }
        // Most valuable victim first, least valuable attacker first among
        // them: the order that cuts the search shortest. Each key is
        // computed once, packed with the move's place in the list (so that
        // the unstable sort keeps the stable sort's order) and the move.
        {
            let mut keyed = [0u64; MoveList::CAPACITY];
            let n = moves.len();
            let value = |sq: Square| {
                pos.piece_at(sq).map_or(0, |p| {
                    u64::from(material::order_value(p.kind).unsigned_abs())
                })
            };
            for (i, m) in moves.iter().enumerate() {
                keyed[i] = ((255 - value(m.to)) << 40)
                    | (value(m.from) << 32)
                    | ((i as u64) << 14)
                    | ((m.from.index() as u64) << 7)
                    | m.to.index() as u64;
            }
            let keyed = &mut keyed[..n];
            keyed.sort_unstable();
            for (dst, k) in moves.as_mut_slice().iter_mut().zip(keyed.iter()) {
                *dst = Move::new(
                    Square::from_index_unchecked(((k >> 7) & 0x7f) as u8),
                    Square::from_index_unchecked((k & 0x7f) as u8),
                );
            }
        }
        let not_losing = so_far.judge() != Trade::Loss;
        for &mv in moves.iter() {
            let capture = pos.piece_at(mv.to);
            // Elsewhere the starting side takes only what the exchange has
            // left hanging: a piece it can now take with no recapture, that it
            // could not take for nothing before, or any piece by a capture
            // the exchange itself made possible (参考图1: the horse whose leg
            // the first capture freed takes the rook) — and not with its king
            // or a pawn after an even exchange (26.8: 其他子完成互吃等值交换过程
            // 后，兵(卒)或帅(将)的最后吃子，按"闲"处理; 参考图32, 参考图33).
            if side == starter
                && !in_check
                && mv.to != target
                && Some(mv.to) != last_to
                && ((not_losing
                    && pos
                        .piece_at(mv.from)
                        .is_some_and(|p| matches!(p.kind, PieceKind::King | PieceKind::Pawn)))
                    || (self.root_moves.iter().any(|&m| m == mv)
                        && (self.already_free.contains(&mv.to)
                            || recapturable_after_in_place(pos, mv))))
            {
                continue;
            }
            if capture.is_some_and(|victim| victim.kind == PieceKind::King) {
                continue;
            }
            let mut child = *so_far;
            self.extend(&mut child, pos, mv);
            let captured = pos.play_in_place(mv);
            // A quiet check of the defender's counts against its budget,
            // unless it leaves a single answer (参考图34: 相三进一 taking the
            // cannon is met by 车4进3, 帅五退一 forced, 车4进1 and 车4平8 — the
            // rook on 二 is lost, and 炮9退2 is no 献).
            let quiet_check = capture.is_none() && !in_check;
            // Whether it counts is read only by this side's nodes two plies
            // down that search moves: with two plies left or fewer there are
            // none, and the forced answer is not looked for. The child
            // counts the answers (`check_to_count`).
            let v = self.search_node(
                pos,
                &child,
                plies - 1,
                checks_left,
                quiet_check && plies > 2,
                (alpha, beta),
            );
            pos.unplay_in_place(mv, captured);
            // Choices inside the search use a total order ([`score`]: the
            // rulebook's pairwise comparison is not transitive once pawns
            // float, 26.7), so the result does not depend on the order moves
            // are tried in; the line found is judged by the rulebook's model
            // at the end.
            let take = match best {
                None => true,
                Some(b) => {
                    if side == starter {
                        v > b
                    } else {
                        v < b
                    }
                }
            };
            if take {
                best = Some(v);
                // This move and the child's line become the node's line.
                let (rows, below) = self.pv.split_at_mut(depth + 1);
                let n = usize::from(self.pv_len[depth + 1]);
                rows[depth][0] = mv;
                rows[depth][1..=n].copy_from_slice(&below[0][..n]);
                self.pv_len[depth] = self.pv_len[depth + 1] + 1;
                self.pv_mated[depth] = self.pv_mated[depth + 1];
                if side == starter {
                    if v >= beta {
                        break;
                    }
                    alpha = alpha.max(v);
                } else {
                    if v <= alpha {
                        break;
                    }
                    beta = beta.min(v);
                }
            }
        }
        best.unwrap_or_else(|| score(so_far, starter))
    }
}

/// The best result for the side to move of capturing on `target` with `mv`
/// and the captures that follow.
pub fn exchange_search(
    pos: &Position,
    mv: Move,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> LineResult {
    exchange_search_counted(pos, mv, ctx, limits, &free_pieces(pos), i32::MIN).0
}

/// The floor of [`exchange_search_counted`] for a caller that takes only a
/// line of score class `class` or above ([`score`]: 0 a loss, 1 even, 2 an
/// even mutual capture, 3 a gain): every line of a lower class scores at
/// or below it, every line of that class or above above it (a class's
/// scores lie within 10,000 of `class × 100,000`: [`proxy`]).
const fn floor_below_class(class: i32) -> i32 {
    class * 100_000 - 50_000
}

/// The floor of [`exchange_search_counted`] for the exchange that follows a
/// capture inside a gain through checks (`forced_gain_searched`), whose
/// line before it is `line` (the starter to move in `pos`): the line with
/// the exchange is taken only when it gains, or — `strong`, the victim a
/// rook, horse or cannon (26.5) — ends even by a mutual capture, judged as
/// a whole ([`trade`] of the line and the exchange together), while the
/// search orders exchanges by their own [`score`]. The floor is one less
/// than the least score of an exchange that would make the whole line so:
/// the exchange's gains and losses are pieces on the board when it starts,
/// so their differences by kind lie within the counts of each side
/// (rooks, horses and cannons, advisors and elephants, pawns), and each
/// such difference is tried, with and without a mutual capture (a line
/// that mates the other side scores 310,000 and wins). An exchange scoring
/// at or below the floor leaves the whole line no gain, so the floor takes
/// away nothing the caller takes. `i32::MIN` (the whole range) when the
/// line is already mated or ended by a capture elsewhere.
fn floor_within_line(pos: &Position, line: &LineResult, strong: bool) -> i32 {
    if line.mated.is_some() || line.last_reply_elsewhere.is_some() {
        return i32::MIN;
    }
    let mut prior = material::Balance::default();
    for &u in &line.gained {
        prior.gain(u);
    }
    for &u in &line.lost {
        prior.lose(u);
    }
    if prior.has_kings() {
        return i32::MIN;
    }
    // The pieces of each side by kind: the starter's (what it may lose),
    // then the other side's (what it may gain).
    let mut counts = [0i8; 8];
    for (_, p) in pos.pieces() {
        let kind = match p.kind {
            PieceKind::Rook => 0,
            PieceKind::Horse | PieceKind::Cannon => 1,
            PieceKind::Advisor | PieceKind::Elephant => 2,
            PieceKind::Pawn => 3,
            PieceKind::King => continue,
        };
        let side = if p.color == pos.turn() { 0 } else { 4 };
        counts[side + kind] = counts[side + kind].saturating_add(1);
    }
    thread_local! {
        /// The floors found, by what they are a function of alone (pure
        /// arithmetic on counts, kept for the thread's life; emptied when
        /// [`MEMO_ENTRIES`](crate::limits::MEMO_ENTRIES) are kept).
        static FLOORS: std::cell::RefCell<FloorTable> =
            std::cell::RefCell::new(FloorTable::default());
    }
    let key = (prior, strong, counts);
    if let Some(&f) = FLOORS.with(|t| t.borrow().get(&key).copied()).as_ref() {
        return f;
    }
    let f = floor_searched(prior, strong, counts);
    FLOORS.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= crate::limits::MEMO_ENTRIES {
            t.clear();
        }
        t.insert(key, f);
    });
    f
}

/// [`floor_within_line`]'s answers by what they are a function of: what
/// the line before the exchange took, whether the victim is a strong
/// piece, and the pieces of each side by kind.
type FloorTable =
    std::collections::HashMap<(material::Balance, bool, [i8; 8]), i32, memo::FastHash>;

/// [`floor_within_line`], counted out.
fn floor_searched(prior: material::Balance, strong: bool, counts: [i8; 8]) -> i32 {
    let [
        own_r,
        own_m,
        own_w,
        own_p,
        their_r,
        their_m,
        their_w,
        their_p,
    ] = counts;
    // A line mating the other side wins and scores 310,000.
    let mut floor = 309_999;
    for rooks in -own_r..=their_r {
        for minor in -own_m..=their_m {
            for weak in -own_w..=their_w {
                for pawns in -own_p..=their_p {
                    let d = material::Balance::of_counts(rooks, minor, weak, pawns);
                    let own = d.judge();
                    let whole = prior.plus(d).judge();
                    let worth = 20 * i32::from(rooks)
                        + 10 * i32::from(minor)
                        + 4 * i32::from(weak)
                        + 3 * i32::from(pawns);
                    for mutual in [false, true] {
                        let wins =
                            whole == Trade::Gain || (whole == Trade::Even && mutual && strong);
                        if !wins {
                            continue;
                        }
                        let class = match own {
                            Trade::Loss => 0,
                            Trade::Even if mutual => 2,
                            Trade::Even => 1,
                            Trade::Gain => 3,
                        };
                        floor = floor.min(class * 100_000 + worth - 1);
                    }
                }
            }
        }
    }
    floor
}

/// [`exchange_search`], also returning the positions it visited.
/// `free` is [`free_pieces`] of `pos`, computed once by callers that search
/// several captures from one position.
///
/// `floor`: the caller takes the line only when it scores above `floor`
/// ([`score`]; `i32::MIN` for any line). The search starts with the window
/// `(floor, i32::MAX)` instead of the whole range: the other side, to move
/// after the capture, stops at its first reply that keeps the line at or
/// below `floor`. When the best line scores above `floor`, alpha–beta with
/// the narrower window returns the same line as with the whole range (every
/// node on that line is searched with a window that holds its value, and
/// the first best child is taken, as before); otherwise the line returned
/// scores at or below `floor`, as the best one does, and the caller does not
/// take it. With the same move order, a narrower window visits a part of
/// the positions the whole range visits, in the same order, so it reaches
/// the node bound only where the whole range would. `floor` is part of the
/// table's key.
fn exchange_search_counted(
    pos: &Position,
    mv: Move,
    ctx: &ValueContext,
    limits: &ChaseLimits,
    free: &[Square],
    floor: i32,
) -> (LineResult, u64) {
    memo::cached(
        |m| &mut m.exchanges,
        (
            pos.board_key(),
            mv,
            memo::value_key(ctx),
            *limits,
            free.to_vec(),
            floor,
        ),
        || exchange_search_uncached(pos, mv, ctx, limits, free, floor),
    )
}

/// [`exchange_search_counted`], searched.
fn exchange_search_uncached(
    pos: &Position,
    mv: Move,
    ctx: &ValueContext,
    limits: &ChaseLimits,
    free: &[Square],
    floor: i32,
) -> (LineResult, u64) {
    let starter = pos.turn();
    let root_moves = pos.legal_moves();
    let a1 = Square::from_index_unchecked(0);
    let mut s = Searcher {
        ctx,
        nodes: 0,
        limit: limits.nodes,
        already_free: free,
        root_moves: &root_moves,
        starter,
        target: mv.to,
        pv: [[Move::new(a1, a1); LINE_CAP]; LINE_CAP + 1],
        pv_len: [0; LINE_CAP + 1],
        pv_mated: [None; LINE_CAP + 1],
    };
    let mut start = Acc::new();
    s.extend(&mut start, pos, mv);
    let mut after = pos.play_unchecked(mv);
    s.search_node(
        &mut after,
        &start,
        limits.exchange_plies.min(LINE_CAP as u32 - 1),
        limits.defender_checks,
        false,
        (floor, i32::MAX),
    );
    // The line chosen, its units read again along it as the search read
    // them.
    let mut result = LineResult::default();
    let mut replay = pos.clone();
    s.extend(&mut result, &replay, mv);
    replay.play_in_place(mv);
    for &m in &s.pv[1][..usize::from(s.pv_len[1])] {
        s.extend(&mut result, &replay, m);
        replay.play_in_place(m);
    }
    result.mated = s.pv_mated[1];
    (result, s.nodes)
}

/// The enemy pieces the side to move can take with no recapture possible
/// (the search never consults the entry of the exchange's own target).
fn free_pieces(pos: &Position) -> Vec<Square> {
    free_pieces_among(pos, &pos.legal_moves())
}

/// [`free_pieces`], given the side's legal moves.
fn free_pieces_among(pos: &Position, legal: &MoveList) -> Vec<Square> {
    free_pieces_where(pos, legal, |_, _| true)
}

/// The pieces of [`free_pieces`] whose capture the other side cannot
/// answer by taking as much elsewhere ([`compensated`]): inside a gain
/// through checks, the capture the exchange makes free belongs to it.
fn free_pieces_uncompensated(pos: &Position) -> Vec<Square> {
    memo::cached(
        |m| &mut m.free,
        pos.board_key(),
        || free_pieces_uncompensated_searched(pos),
    )
}

/// [`free_pieces_uncompensated`], searched.
fn free_pieces_uncompensated_searched(pos: &Position) -> Vec<Square> {
    free_pieces_where(pos, &pos.legal_moves(), |mv, victim| {
        !compensated(pos, mv, victim)
    })
}

fn free_pieces_where(
    pos: &Position,
    legal: &MoveList,
    keep: impl Fn(Move, Piece) -> bool,
) -> Vec<Square> {
    let mut out = Vec::new();
    for &mv in legal.iter() {
        if out.contains(&mv.to) {
            continue;
        }
        let Some(victim) = pos.piece_at(mv.to).filter(|p| p.kind != PieceKind::King) else {
            continue;
        };
        if !recapturable_after(pos, mv) && keep(mv, victim) {
            out.push(mv.to);
        }
    }
    out
}

/// Whether the other side answers the capture `mv` of `victim` by taking,
/// for nothing, a piece worth as much elsewhere: then the piece was not
/// free to take, and a capture of it that the exchange makes free — by
/// removing the piece the other side would take — belongs to the exchange
/// (参考图34: 炮9退2 — 车4进3 帅五退一, and the rook taking the cannon on 七
/// would be answered by 相三进一; once 炮9平5 has taken the elephant and
/// 相三进五 the cannon, the rook takes the cannon on 七 for nothing).
fn compensated(pos: &Position, mv: Move, victim: Piece) -> bool {
    let after = pos.play_unchecked(mv);
    let worth = material::order_value(victim.kind);
    after.legal_captures(after.is_check()).0.iter().any(|&m| {
        after
            .piece_at(m.to)
            .is_some_and(|p| p.kind != PieceKind::King && material::order_value(p.kind) >= worth)
            && !recapturable_after(&after, m)
    })
}

/// Whether the exchange line is a mutual capture (各吃各子, 26.5): the other
/// side ended it by capturing another piece instead of taking back —
/// neither on the target's point nor the piece that had just captured
/// (参考图49: 车吃马, 车吃车, 马吃车, then 炮吃炮 — 捉少根子). A line the
/// other side ends by taking back is a complete exchange, even if it also
/// captured elsewhere on the way (参考图31: 炮打兵, 炮打象, 象吃炮, 马吃炮 —
/// 以浮动价值的兵交换象, 闲), and so is a trade begun by the starter's
/// own capture elsewhere (图24: the rook that takes the rook blocking its
/// check is taken back).
fn mutual(r: &impl Tally) -> bool {
    r.last_reply_elsewhere() == Some(true)
}

/// How many of the other side's moves in `line` land on `sq`.
pub(crate) fn replies_on(line: &[Move], sq: Square) -> usize {
    line.iter()
        .skip(1)
        .step_by(2)
        .filter(|m| m.to == sq)
        .count()
}

/// Every capture of the piece on `target` by the side to move that wins,
/// with the result of the exchanges that follow it. 26.5: when each side
/// captures the other's piece (各吃各子), ending even also counts.
/// `legal` is the side's legal moves.
fn winning_captures(
    pos: &Position,
    legal: &MoveList,
    free: &[Square],
    target: Square,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> Vec<LineResult> {
    let starter = pos.turn();
    legal
        .iter()
        .filter(|m| m.to == target)
        // Only a gain or an even mutual capture is taken: score class 2 or
        // above.
        .map(|&mv| exchange_search_counted(pos, mv, ctx, limits, free, floor_below_class(2)).0)
        .filter(|r| match r.trade(starter) {
            Trade::Gain => true,
            Trade::Even => r.mated.is_none() && mutual(r),
            Trade::Loss => false,
        })
        // 24.3: 上述得子后不致立即被对方将死 — a capture the opponent answers
        // with a mate by checks wins nothing (参考图35: before 车4平6 解杀 the
        // cannon's capture of the rook would be met by the horse's mate).
        .filter(|r| {
            r.mated.is_some()
                || !crate::xiangqi::repetition::mate::mate_by_checks(
                    &pos.play_unchecked(r.line[0]),
                    limits.mate,
                )
                .is_mate()
        })
        .collect()
}

/// The best way for the side to move to win the piece on `target` by
/// capturing it, if any wins.
fn capture_threat(
    pos: &Position,
    target: Square,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> Option<LineResult> {
    memo::cached(
        |m| &mut m.captures,
        (pos.board_key(), target, memo::value_key(ctx), *limits),
        || capture_threat_uncached(pos, target, ctx, limits),
    )
}

/// [`capture_threat`], searched.
fn capture_threat_uncached(
    pos: &Position,
    target: Square,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> Option<LineResult> {
    let starter = pos.turn();
    let mut best: Option<LineResult> = None;
    let legal = pos.legal_moves();
    let free = free_pieces_among(pos, &legal);
    for r in winning_captures(pos, &legal, &free, target, ctx, limits) {
        if best
            .as_ref()
            .is_none_or(|b| better(&r, b, starter) == Trade::Gain)
        {
            best = Some(r);
        }
    }
    best
}

/// Whether the side to move can win the piece on `target` by capturing it.
pub fn wins_piece(
    pos: &Position,
    target: Square,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> bool {
    capture_threat(pos, target, ctx, limits).is_some()
}

/// Wins by checks: the side to move checks (up to `checks` times), and
/// every defence leaves it a gain. Returns the gains found, target first.
pub fn check_gains(
    pos: &Position,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> Vec<(Square, LineResult)> {
    let starter = pos.turn();
    let mut out: Vec<(Square, LineResult, GainKey)> = Vec::new();
    for &mv in pos.checking_moves().iter() {
        // Each first check has its own budget, so that what one finds does
        // not depend on the order the others were tried in.
        let mut nodes = 0u64;
        let mut start = LineResult::default();
        if let Some(u) = unit_at(pos, mv.to, ctx) {
            start.gained.push(u);
        }
        start.line.push(mv);
        if let Some((target, r, key)) = forced_gain(
            &pos.play_unchecked(mv),
            starter,
            start,
            ctx,
            limits,
            1,
            (None, None),
            &mut nodes,
        ) {
            // The target as it stood before the first check.
            let target = origin(&[mv], target);
            // The side that checks picks its best first check for each
            // target (the first of the best, in move order).
            match out.iter_mut().find(|(t, _, _)| *t == target) {
                Some(found) if key > found.2 => *found = (target, r, key),
                Some(_) => {}
                None => out.push((target, r, key)),
            }
        }
    }
    out.into_iter().map(|(t, r, _)| (t, r)).collect()
}

/// How a target won through checks is preferred: its value, then the
/// result of the line, then its kind.
pub(crate) type GainKey = (i32, i32, u8);

/// What the caller of a node of [`forced_gain_searched`] takes of its
/// answer: only a gain above the first (the floor), and nothing exact
/// above the second (the cap); `None` for no bound.
pub(crate) type Window = (Option<GainKey>, Option<GainKey>);

/// A gain through checks found below a node of [`forced_gain`], relative
/// to the line the node was given: where the target stood at the node,
/// what the line gained, lost and played after it, how it ended, and its
/// [`GainKey`] (a function of the whole line's material, which the node's
/// key holds as counts).
#[derive(Clone, Debug)]
pub(crate) struct GainAnswer {
    target: Square,
    gained: Vec<Unit>,
    lost: Vec<Unit>,
    line: Vec<Move>,
    mated: Option<Color>,
    last_reply_elsewhere: Option<bool>,
    key: GainKey,
}

impl GainAnswer {
    /// The part of `found` past a line of `g` gains, `l` losses and `m`
    /// moves.
    fn after(found: &(Square, LineResult, GainKey), (g, l, m): (usize, usize, usize)) -> Self {
        let (target, r, key) = found;
        GainAnswer {
            target: *target,
            gained: r.gained[g..].to_vec(),
            lost: r.lost[l..].to_vec(),
            line: r.line[m..].to_vec(),
            mated: r.mated,
            last_reply_elsewhere: r.last_reply_elsewhere,
            key: *key,
        }
    }

    /// The answer for a node given the line `so_far`.
    fn on(self, mut so_far: LineResult) -> (Square, LineResult, GainKey) {
        so_far.gained.extend(self.gained);
        so_far.lost.extend(self.lost);
        so_far.line.extend(self.line);
        so_far.mated = self.mated;
        so_far.last_reply_elsewhere = self.last_reply_elsewhere;
        (self.target, so_far, self.key)
    }
}

/// [`forced_gain_searched`], answered from the shared table
/// ([`memo`]) when the same node was searched before. The node's search
/// reads of the line it is given only what the key holds (see
/// [`memo::GainNodeKey`]), and the answer is stored relative to that line:
/// the moves, gains and losses it appended, and the target where it stood
/// at the node (traced back further by the caller, [`origin`]). A stored
/// answer is taken only when the positions its search counted fit in what
/// is left of `nodes`' bound — then the search, run again, would stop
/// nowhere and find the same — and they are counted, so the answer and
/// whether the bound was reached are those of the search without the
/// table. `window` is part of the key: the answer depends on it
/// ([`forced_gain_searched`]).
#[expect(
    clippy::too_many_arguments,
    reason = "the node's parts, each read by the search or its key"
)]
fn forced_gain(
    pos: &Position,
    starter: Color,
    so_far: LineResult,
    ctx: &ValueContext,
    limits: &ChaseLimits,
    checks_given: u32,
    window: Window,
    nodes: &mut u64,
) -> Option<(Square, LineResult, GainKey)> {
    let key: memo::GainNodeKey = (
        pos.board_key(),
        transposition::counts(&so_far.gained),
        transposition::counts(&so_far.lost),
        so_far.line.last().map(|m| m.to),
        (
            u32::try_from(so_far.line.len().div_ceil(2)).unwrap_or(u32::MAX),
            checks_given,
        ),
        (so_far.mated, so_far.last_reply_elsewhere, starter),
        memo::value_key(ctx),
        *limits,
        window,
    );
    if let Some((answer, used)) = memo::recall(|m| &mut m.gains, &key)
        && nodes.saturating_add(used) <= limits.nodes
    {
        *nodes += used;
        return answer.map(|a| a.on(so_far));
    }
    let lengths = (so_far.gained.len(), so_far.lost.len(), so_far.line.len());
    let start = *nodes;
    let found = forced_gain_searched(
        pos,
        starter,
        so_far,
        ctx,
        limits,
        (checks_given, window),
        nodes,
    );
    // A search stopped by the bound is not stored: its answer depends on
    // where the count stood.
    if *nodes <= limits.nodes {
        memo::remember(
            |m| &mut m.gains,
            key,
            (
                found.as_ref().map(|f| GainAnswer::after(f, lengths)),
                *nodes - start,
            ),
        );
    }
    found
}

/// The defender (in check) to move: does every defence leave the starter a
/// gain? Returns the target the best defence leaves (where it stands in
/// `pos`, before the moves of the line found; with the line to it and the
/// target's [`material::order_value`]). `checks_given` counts the
/// starter's checks so far: up to [`ChaseLimits::checks`] for any gain, up
/// to [`ChaseLimits::rook_checks`] for a rook.
///
/// The node is an AND over the defences (each must leave a gain; the
/// result is the least [`GainKey`] over them, the first in generation
/// order on ties) of an OR over the starter's captures and further checks
/// (the best gain). Once some defence `j` has left the gain `k`, a defence
/// `i` whose own best `f` already stands above it — `(f, i) > (k, j)`,
/// the key first, then the place in generation order — cannot be the one
/// named: what is still to search under it can only raise its best (a
/// clean gain is replaced only by a greater one, a further check only
/// when its gain is greater, and an even mutual capture only gives way
/// among the captures, so the cut there waits for a clean gain), it is
/// not refuted (it has a gain), and the least over the defences is at or
/// below `(k, j)` whatever it ends with. So its remaining captures and
/// checks are not searched (alpha–beta on the AND–OR tree).
///
/// One level down the same holds from the other side: a further check
/// is taken for a defence only when its gain is greater than the one the
/// defence has (`floor`, the key of that one). So the node searched for it
/// stops, answering `None`, as soon as one of its defences leaves a gain
/// at or below `floor`: the least over its defences can then only be at
/// or below `floor` too, and the caller would not take it. An answer above
/// `floor` is the full one. `floor` is `None` when the caller takes any
/// gain (the first checks, [`check_gains`], and a defence with no gain
/// yet).
///
/// And from above: the caller's defence is beaten as soon as it gains more
/// than the least of the caller's defences (or than the caller's own
/// `cap`), whatever more; the smaller of the two is the node's `cap`. A
/// defence here whose best rises above `cap` is cut like a beaten one.
/// What is kept for each defence is then at most what the full search
/// finds for it, and equal to it unless the defence was cut; a cut one
/// kept more than `cap` or stood above the least kept before it. So when
/// the full answer is at or below `cap` it is found exactly (the defence
/// that gives it was not cut: it would stand above `cap` or above a kept
/// value, which is not below the full answer), and otherwise the answer
/// is above `cap` too, and the caller's defence is beaten either way —
/// at or below what the full search would have kept for it, as a cut
/// defence here is. The floor's test fires only on exact values (a cut
/// one stands above `cap` or above a kept value, which passed the test;
/// `floor` is at most `cap`, or the caller's defence would be beaten and
/// search no checks).
///
/// The answer is the one the full search gives whenever the full search
/// stays within [`ChaseLimits::nodes`]: the cut search visits, in the same
/// order, a part of what the full one visits (by induction on the nodes
/// below), so its count at every test of the bound is at most the full
/// search's there, and every defence it does search ends as it does in
/// the full search. Over the 82 figure cases and the 225 real cycles no
/// search reaches the bound either way (the most positions one first
/// check counted were 9,999 of 20,000 before the cuts, 3,788 after; the
/// positions counted over all of them fell from 268,734 to 126,378).
/// The counts [`forced_gain`] stores and replays are this search's.
///
/// Kept whole (about 250 lines): one node of an AND–OR search — the loop
/// over the defences, the captures tried in value order and the further
/// checks share the node budget, the running best gain and the early
/// refutation; split apart, the pieces would pass those back and forth.
#[expect(
    clippy::too_many_lines,
    reason = "one node of an AND–OR search sharing its budget, best gain, cut and refutation (see above)"
)]
fn forced_gain_searched(
    pos: &Position,
    starter: Color,
    so_far: LineResult,
    ctx: &ValueContext,
    limits: &ChaseLimits,
    (checks_given, (floor, cap)): (u32, Window),
    nodes: &mut u64,
) -> Option<(Square, LineResult, GainKey)> {
    let rook = material::order_value(PieceKind::Rook);
    // The moves of the line before this node: targets are traced back to
    // where they stand here, not further.
    let base = so_far.line.len();
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return None; // a mate is 杀, not 捉
    }
    // A check with a single answer is forced: it does not count against
    // the budget, up to [`ChaseLimits::rook_checks`] checks in all
    // (参考图41: 炮六平二 — after 炮二进一, 士6进5 is met by 车三进二, whose
    // only answer is 士5退6; 车三退一 then discovers the cannon's check).
    let checks_made = so_far.line.len().div_ceil(2);
    let checks_given =
        if replies.len() == 1 && checks_given > 1 && checks_made < limits.rook_checks as usize {
            checks_given - 1
        } else {
            checks_given
        };
    // Past `limits.checks`, only a rook is worth more checks.
    let rook_only = checks_given > limits.checks;
    // Every defence must leave a gain: the defences likeliest to leave none
    // — taking the checking piece, any capture, a king move — are tried
    // first, so that a refutation ends the search early. The target is
    // then chosen over the defences in the order they are generated.
    let checker = so_far.line.last().map(|m| m.to);
    let mut order: Vec<usize> = (0..replies.len()).collect();
    order.sort_by_key(|&i| {
        let r = replies.as_slice()[i];
        if Some(r.to) == checker {
            0
        } else if pos.piece_at(r.to).is_some() {
            1
        } else if Some(r.from) == Some(pos.king(pos.turn())) {
            2
        } else {
            3
        }
    });
    let mut results: Vec<Option<(Square, LineResult, GainKey)>> = vec![None; replies.len()];
    // The least gain over the defences searched so far, with the defence's
    // place in generation order (see the doc comment: a defence whose gain
    // already stands above it cannot be the one named).
    let mut least: Option<(GainKey, usize)> = None;
    for &i in &order {
        let r = replies.as_slice()[i];
        let beaten = |f: &(Square, LineResult, GainKey)| {
            least.is_some_and(|l| (f.2, i) > l) || cap.is_some_and(|c| f.2 > c)
        };
        *nodes += 1;
        if *nodes > limits.nodes {
            return None;
        }
        let mut line = so_far.clone();
        if let Some(u) = unit_at(pos, r.to, ctx) {
            line.lost.push(u);
        }
        line.line.push(r);
        let after = pos.play_unchecked(r);
        // The starter now wins something by capturing… Captures are tried
        // from the most valuable victim down (a stable order, so that equal
        // victims keep the order moves are generated in): once one gains,
        // a less valuable victim cannot be the one named.
        let mut found: Option<(Square, LineResult, GainKey)> = None;
        // Whether `found` is a clean gain, not an even mutual capture.
        let mut found_clean = false;
        let mut free: Option<Vec<Square>> = None;
        let mut captures = after.legal_captures_only(after.is_check());
        let captures = captures.as_mut_slice();
        captures.sort_by_key(|m| {
            std::cmp::Reverse(
                after
                    .piece_at(m.to)
                    .map_or(0, |v| material::order_value(v.kind)),
            )
        });
        for &mv in captures.iter() {
            let Some(victim) = after.piece_at(mv.to).filter(|v| v.kind != PieceKind::King) else {
                continue;
            };
            // An even mutual capture found (26.5) still gives way to a clean
            // gain of a lesser piece (参考图34: 炮9退2 — after 车4进3 帅五退一,
            // 车4平7 for the cannon would be answered by 相三进一; 炮9平5
            // takes the elephant, and after 相三进五 the rook still takes the
            // cannon: 联合捉子).
            if (found_clean
                && found
                    .as_ref()
                    .is_some_and(|f| material::order_value(victim.kind) < f.2.0))
                || (rook_only && material::order_value(victim.kind) < rook)
            {
                break;
            }
            // 26.8: 兵(卒)借其他子抽吃对方的子，按闲处理 — a pawn taking what
            // another piece's check left is no chase (参考图13).
            if after
                .piece_at(mv.from)
                .is_some_and(|p| p.kind == PieceKind::Pawn)
            {
                continue;
            }
            // Only captures that can gain at all: of a piece worth at least
            // the capturer, or of one that cannot be taken back.
            let attacker = after
                .piece_at(mv.from)
                .map_or(0, |p| material::order_value(p.kind));
            // Past an even mutual capture, a capture of a lesser piece is
            // searched too: what it opens may make a gain (参考图34).
            if material::order_value(victim.kind) < attacker
                && recapturable_after(&after, mv)
                && (found.is_none() || found_clean)
            {
                continue;
            }
            if *nodes > limits.nodes {
                return None;
            }
            let mut l2 = line.clone();
            let res = {
                let free = free.get_or_insert_with(|| free_pieces_uncompensated(&after));
                // Taken below: a gain, or for a strong piece an even mutual
                // capture — judged on the whole line, the exchange with
                // what the line before it took ([`floor_within_line`]).
                let floor = floor_within_line(
                    &after,
                    &line,
                    matches!(
                        victim.kind,
                        PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon
                    ),
                );
                let (r2, used) = exchange_search_counted(&after, mv, ctx, limits, free, floor);
                *nodes += used;
                l2.gained.extend(r2.gained);
                l2.lost.extend(r2.lost);
                l2.line.extend(r2.line);
                l2.mated = r2.mated;
                l2.last_reply_elsewhere = r2.last_reply_elsewhere.or(l2.last_reply_elsewhere);
                l2
            };
            // Ties between equally valuable targets (a horse or a cannon)
            // go to the better line, then by kind, so that the target named
            // does not depend on the order moves are tried in.
            let value = (
                material::order_value(victim.kind),
                proxy(&res, starter),
                victim.kind as u8,
            );
            // 26.5: 各吃各子…价值相当…按"捉"处理 — a strong piece won through
            // checks in a line the other side ends by capturing elsewhere,
            // even only because a pawn's value floats (26.7), counts as it
            // does through a capture (参考图30: 伏平兵将军抽吃马 — the rook
            // takes the horse, the elephant the pawn on 七: 捉). A pawn won
            // so is no chase (图5: 车七退五 闲).
            let wins = match res.trade(starter) {
                Trade::Gain => true,
                Trade::Even => {
                    res.mated.is_none()
                        && mutual(&res)
                        && matches!(
                            victim.kind,
                            PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon
                        )
                }
                Trade::Loss => false,
            };
            let clean = res.trade(starter) == Trade::Gain;
            if wins
                && found
                    .as_ref()
                    .is_none_or(|f| (clean, value) > (found_clean, f.2))
                && (res.mated.is_some()
                    || !crate::xiangqi::repetition::mate::mate_by_checks(
                        &after.play_unchecked(mv),
                        limits.mate,
                    )
                    .is_mate())
            {
                found = Some((origin(&line.line[base..], mv.to), res, value));
                found_clean = clean;
                // A clean gain is replaced only by a greater one from here.
                if clean && found.as_ref().is_some_and(beaten) {
                    break;
                }
            }
        }
        // … or checks again: for more than a capture now wins (图3: 车7平8
        // — the advisor that blocks can be taken, but checking on wins the
        // rook, 运用连续将军得车).
        let more_checks = if found.is_none() {
            checks_given < limits.checks.max(limits.rook_checks)
        } else {
            checks_given < limits.rook_checks
        };
        // Further checks only raise `found`: not searched when it cannot
        // be named already.
        if more_checks && found.as_ref().is_none_or(|f| f.2.0 < rook && !beaten(f)) {
            for &mv in after.checking_moves().iter() {
                let mut l2 = line.clone();
                if let Some(u) = unit_at(&after, mv.to, ctx) {
                    l2.gained.push(u);
                }
                l2.line.push(mv);
                if let Some(f) = forced_gain(
                    &after.play_unchecked(mv),
                    starter,
                    l2,
                    ctx,
                    limits,
                    checks_given + 1,
                    (
                        found.as_ref().map(|g| g.2),
                        match (least.map(|l| l.0), cap) {
                            (Some(a), Some(b)) => Some(a.min(b)),
                            (a, b) => a.or(b),
                        },
                    ),
                    nodes,
                ) {
                    // Where the target stood here, before this defence and check.
                    let f = (origin(&[r, mv], f.0), f.1, f.2);
                    // The best of the checks is named; a rook ends the search.
                    let wins_rook = f.2.0 >= rook;
                    if found.as_ref().is_none_or(|g| f.2 > g.2) {
                        found = Some(f);
                    }
                    if wins_rook || found.as_ref().is_some_and(beaten) {
                        break;
                    }
                }
            }
        }
        match found {
            Some(f) => {
                if least.is_none_or(|l| (f.2, i) < l) {
                    // The caller takes no answer at or below its floor.
                    if floor.is_some_and(|a| f.2 <= a) {
                        return None;
                    }
                    least = Some((f.2, i));
                }
                results[i] = Some(f);
            }
            // A defence the starter answers with a mate at once is no
            // escape: the defender does not choose it (参考图41: 将5进1 is
            // met by 车三进一杀). The other defences decide.
            None if crate::xiangqi::repetition::mate::mate_in_one(&after).is_some() => {}
            None => return None,
        }
    }
    // The target named is what the best defence still leaves to be won —
    // the least of the gains over the defences, so that a rook is named
    // only when every defence loses one (图3: 运用连续将军得车; 参考图35:
    // 车6平4 捉无根子, not a rook some defence would give up) — and it does
    // not depend on the order the defences are tried in (tests/symmetry.rs).
    let mut target: Option<(Square, LineResult, GainKey)> = None;
    for f in results.into_iter().flatten() {
        if target.as_ref().is_none_or(|t| f.2 < t.2) {
            target = Some(f);
        }
    }
    target
}

/// Where the piece standing on `sq` after `line` stood before it: a piece
/// won through checks may have moved on the way (图24: the rook that blocks
/// the check is the one won).
fn origin(line: &[Move], sq: Square) -> Square {
    line.iter()
        .rev()
        .fold(sq, |at, m| if m.to == at { m.from } else { at })
}

/// Every enemy piece the side to move could win, with categories.
pub fn threats(pos: &Position, ctx: &ValueContext, limits: &ChaseLimits) -> Vec<Threat> {
    memo::cached(
        |m| &mut m.threats,
        (pos.board_key(), memo::value_key(ctx), *limits),
        || threats_uncached(pos, ctx, limits),
    )
}

/// [`threats`], searched.
fn threats_uncached(pos: &Position, ctx: &ValueContext, limits: &ChaseLimits) -> Vec<Threat> {
    let side = pos.turn();
    let mut out: Vec<Threat> = Vec::new();
    let legal = pos.legal_moves();
    let free = free_pieces_among(pos, &legal);
    for (sq, piece) in pos.pieces() {
        if piece.color == side || piece.kind == PieceKind::King {
            continue;
        }
        let wins = winning_captures(pos, &legal, &free, sq, ctx, limits);
        let capturers: Vec<Square> = wins.iter().map(|r| r.line[0].from).collect();
        // A chase is combined only when every winning capture needs another
        // piece (24.17: 缺少其中任何一个都无法吃子): prefer a capture by one piece.
        let best = wins
            .into_iter()
            .map(|r| {
                let helpers = helper_roles(pos, r.line[0]);
                (helpers, r)
            })
            .min_by_key(|(h, r)| (h.len(), usize::from(r.line.len() > 1)));
        if let Some((helpers, r)) = best {
            let mut categories = capture_categories(pos, sq, piece, &r);
            let plain_categories = categories.clone();
            // Screens that do not attack the target themselves.
            let screens: Vec<Square> = helpers
                .iter()
                .filter(|&&(h, screen)| screen && !pos.is_pseudo_legal(Move::new(h, sq)))
                .map(|&(h, _)| h)
                .collect();
            let helpers: Vec<Square> = helpers.into_iter().map(|(h, _)| h).collect();
            let mut participants = vec![r.line[0].from];
            participants.extend(helpers.iter().copied());
            if !helpers.is_empty() {
                // A combined chase (24.17) is its own category: 26.9.2 and
                // 26.9.3 set 联合捉车 and 联合捉无根子 apart from 捉车, 捉无根子.
                // 联合捉车 as 捉车 above: the rook is the target, or the
                // exchange that follows wins one (参考图14: 车炮联合捉车 — the
                // cannon takes the advisor uncovering the rook's check, then
                // the rook on 九).
                let joint = if categories.contains(&Target::Rook) {
                    Target::JointRook
                } else if categories.contains(&Target::Unprotected) {
                    Target::JointUnprotected
                } else {
                    Target::Joint
                };
                categories = vec![joint];
            }
            out.push(Threat {
                target: sq,
                piece,
                means: Means::Capture,
                line: r.line.clone(),
                gained: r.gained,
                lost: r.lost,
                categories,
                participants,
                capturers,
                screens,
                plain_categories,
            });
        }
    }
    for (sq, r) in check_gains(pos, ctx, limits) {
        if out.iter().any(|t| t.target == sq) {
            continue;
        }
        // The target of a gain through checks stands there now.
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let mut categories = vec![Target::Gain];
        if piece.kind == PieceKind::Rook {
            categories.insert(0, Target::Rook);
        }
        let plain_categories = categories.clone();
        out.push(Threat {
            target: sq,
            piece,
            means: Means::Checks,
            line: r.line.clone(),
            gained: r.gained,
            lost: r.lost,
            categories,
            participants: r.line.first().map(|m| vec![m.from]).unwrap_or_default(),
            capturers: r.line.first().map(|m| vec![m.from]).unwrap_or_default(),
            screens: Vec::new(),
            plain_categories,
        });
    }
    out
}

fn capture_categories(pos: &Position, sq: Square, piece: Piece, r: &LineResult) -> Vec<Target> {
    let mut c = Vec::new();
    // 捉车: the rook is the target, or the exchange that follows wins one
    // (图26: 炮8进3 takes the elephant to open the rook to the other cannon —
    // 黑方长捉车).
    let rooks = |units: &[Unit]| units.iter().filter(|u| u.kind == PieceKind::Rook).count();
    if piece.kind == PieceKind::Rook || rooks(&r.gained) > rooks(&r.lost) {
        c.push(Target::Rook);
    }
    let first = r.line[0];
    if !recapturable_after(pos, first) {
        c.push(Target::Unprotected);
    } else {
        // Protected: won because the protectors are too few, or by value.
        let own_caps = r.line.iter().step_by(2).filter(|m| m.to == sq).count();
        let their_caps = replies_on(&r.line, sq);
        if own_caps > their_caps && own_caps >= 2 {
            c.push(Target::UnderProtected);
        } else {
            c.push(Target::Gain);
        }
    }
    c
}

/// The other pieces of the capturing side that take part in the capture
/// `first` (24.17, 联合捉子): without such a piece the capture is impossible
/// (it is the cannon's screen) or the target becomes protected (it pins or
/// blocks a protector, as the cannon of 图11 does).
/// Each comes with whether it takes part as the capture's screen (without
/// it the capture is not even a possible movement).
fn helper_roles(pos: &Position, first: Move) -> Vec<(Square, bool)> {
    let side = pos.turn();
    let mut out = Vec::new();
    // A piece that makes the target unprotected takes part only when the
    // protector could recapture but for it (a pin, or the square covered
    // against the king: 假根, 24.16); a protector that cannot reach the
    // point at all (its elephant eye or horse leg blocked) leaves the target
    // simply unprotected (参考图45: 一捉无根象).
    let after_first = pos.play_unchecked(first);
    let protected_now = after_first.can_move_to(first.to);
    let held_back = !protected_now
        && after_first
            .pseudo_legal_moves()
            .iter()
            .any(|m| m.to == first.to);
    for (sq, p) in pos.pieces() {
        if p.color != side || p.kind == PieceKind::King || sq == first.from {
            continue;
        }
        let Some(reduced) = pos.without_piece(sq) else {
            continue;
        };
        // A piece that shields its own king does not take part in the
        // capture: without it the side would be in check and every other
        // move illegal.
        if reduced.is_check() && !pos.is_check() {
            continue;
        }
        if !reduced.is_pseudo_legal(first) {
            out.push((sq, true));
            continue;
        }
        if held_back && recapturable_after(&reduced, first) {
            out.push((sq, false));
        }
    }
    out
}

/// Whether the piece on `helper` is needed for the side to move to win
/// `target` (a screen, a pin on a protector, a second attacker).
pub fn needed_for(
    pos: &Position,
    helper: Square,
    target: Square,
    ctx: &ValueContext,
    limits: &ChaseLimits,
) -> bool {
    match pos.without_piece(helper) {
        Some(reduced) => capture_threat(&reduced, target, ctx, limits).is_none(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start of every figure case (`26-figures-positions.yaml`), with
    /// either side to move where that is legal.
    fn figure_starts() -> Vec<Position> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/cases/xiangqi-2020/26-figures-positions.yaml"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let doc: serde_json::Value = yaml_serde::from_str(&text).unwrap();
        let mut out = Vec::new();
        for c in doc["cases"].as_array().unwrap() {
            let pos = Position::from_fen(c["input"]["fen"].as_str().unwrap()).unwrap();
            out.extend(pos.pass());
            out.push(pos);
        }
        out
    }

    /// [`floor_within_line`]'s claim, tested on units as the search and
    /// `forced_gain_searched` see them: after any line that gained at most
    /// one unit and lost at most two, every exchange of at most two units
    /// each way that makes the whole line win (a gain, or an even mutual
    /// capture of a strong piece) scores ([`score`], the search's order)
    /// above the floor.
    #[test]
    fn the_floor_within_a_line_keeps_every_exchange_that_wins_it() {
        use PieceKind::*;
        let kinds = [
            Unit::new(Rook),
            Unit::new(Horse),
            Unit::new(Cannon),
            Unit::new(Advisor),
            Unit::new(Elephant),
            Unit::pawn(true),
            Unit::pawn(false),
        ];
        let upto = |n: usize| {
            let mut sets: Vec<Vec<Unit>> = vec![Vec::new()];
            let mut last: Vec<Vec<Unit>> = vec![Vec::new()];
            for _ in 0..n {
                last = last
                    .iter()
                    .flat_map(|s| {
                        kinds.iter().map(move |&u| {
                            let mut t = s.clone();
                            t.push(u);
                            t
                        })
                    })
                    .collect();
                sets.extend(last.iter().cloned());
            }
            sets
        };
        let starter = Color::Red;
        let (ones, twos) = (upto(1), upto(2));
        // Two rooks, four horses and cannons, four advisors and elephants
        // and five pawns a side.
        let counts = [2, 4, 4, 5, 2, 4, 4, 5];
        let mut checked = 0;
        for g0 in &ones {
            for l0 in &twos {
                let mut prior = material::Balance::default();
                g0.iter().for_each(|&u| prior.gain(u));
                l0.iter().for_each(|&u| prior.lose(u));
                for strong in [false, true] {
                    let floor = floor_searched(prior, strong, counts);
                    for ge in &twos {
                        for le in &twos {
                            for mutual in [false, true] {
                                let exchange = LineResult {
                                    gained: ge.clone(),
                                    lost: le.clone(),
                                    mated: None,
                                    line: Vec::new(),
                                    last_reply_elsewhere: Some(mutual),
                                };
                                let whole = LineResult {
                                    gained: g0.iter().chain(ge).copied().collect(),
                                    lost: l0.iter().chain(le).copied().collect(),
                                    ..exchange.clone()
                                };
                                let wins = match whole.trade(starter) {
                                    Trade::Gain => true,
                                    Trade::Even => mutual && strong,
                                    Trade::Loss => false,
                                };
                                if wins {
                                    assert!(
                                        score(&exchange, starter) > floor,
                                        "{g0:?}/{l0:?} then {ge:?}/{le:?}"
                                    );
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The gains through checks, and so every threat, are the same whether
    /// the shared table is open or not ([`forced_gain`] keeps its nodes'
    /// answers there, relative to the line given, and counts their
    /// positions against the bound): each figure's start asked with no
    /// table, then with one table open for all of them in turn, so that
    /// answers stored for one position are found from others.
    #[test]
    fn gains_through_checks_are_the_same_from_the_shared_table() {
        let positions = figure_starts();
        let ctx = ValueContext::default();
        // A small node bound too, so that answers near the bound are taken
        // from the table only when they fit.
        let bounds = [
            ChaseLimits::default(),
            ChaseLimits {
                nodes: 300,
                ..ChaseLimits::default()
            },
        ];
        let mut gains = 0;
        for limits in bounds {
            let alone: Vec<_> = positions
                .iter()
                .map(|p| (check_gains(p, &ctx, &limits), threats(p, &ctx, &limits)))
                .collect();
            let _shared = memo::Shared::begin();
            for _ in 0..2 {
                for (p, (gains_alone, threats_alone)) in positions.iter().zip(&alone) {
                    let shared = check_gains(p, &ctx, &limits);
                    assert_eq!(
                        format!("{shared:?}"),
                        format!("{gains_alone:?}"),
                        "{}",
                        p.fen()
                    );
                    assert_eq!(&threats(p, &ctx, &limits), threats_alone, "{}", p.fen());
                    gains += shared.len();
                }
            }
        }
        // The figures do win material through checks: the test compares
        // something.
        assert!(gains > 0);
    }
}
