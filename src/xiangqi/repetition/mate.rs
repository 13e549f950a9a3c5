//! Mate threats: the analysis behind 杀 (24.2: 凡走子企图下一着将军或连续将军以将死对方者).
//!
//! [`mate_by_checks`] asks whether the side to move can force mate with a
//! check or a series of checks: every move of the attacker checks, every
//! defence is tried, and the attacker wins when the defender has no legal
//! move. The search is bounded by an explicit [`MateLimit`]; when the bound
//! is reached the answer says so instead of guessing.

use crate::xiangqi::board::{Piece, Square};
use crate::xiangqi::position::{BoardKey, Move, Position};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};

use crate::limits::MEMO_ENTRIES;
use crate::xiangqi::repetition::memo;

/// Bounds of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MateLimit {
    /// The most checking moves of the attacker (1 = mate in one).
    pub checks: u32,
    /// The most positions visited.
    pub nodes: u64,
}

impl Default for MateLimit {
    /// Up to five checks and 200,000 positions.
    fn default() -> MateLimit {
        MateLimit {
            checks: 5,
            nodes: 200_000,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateSearch {
    /// A forced mate by checks, starting with this move.
    Mate {
        /// The first checking move.
        first: Move,
        /// How many checks the longest defence needs.
        checks: u32,
    },
    /// No mate by checks within the bound.
    NoMate,
    /// The node bound was reached before an answer.
    LimitReached,
}

impl MateSearch {
    /// Whether a mate was found.
    pub fn is_mate(&self) -> bool {
        matches!(self, MateSearch::Mate { .. })
    }
}

/// What [`Search::attack`] found from a position with a number of checks
/// left, the positions it visited to find it, and whether its checks ran
/// out on some line ([`Search::ran_out`]).
type Found = (Option<(Move, u32)>, u64, bool);

/// A key of [`Known`]: a position with the attacker to move and the checks
/// left, with its hash computed once — [`Search::attack`] looks the key up
/// and, after searching, stores it, hashing the position once for both.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    hash: u64,
    board: BoardKey,
    checks: u32,
}

impl Key {
    fn new(board: BoardKey, checks: u32) -> Key {
        Key {
            hash: memo::FastHash::default().hash_one((&board, checks)),
            board,
            checks,
        }
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The answers of [`Search::attack`] already found, each with the positions
/// its search visited (see [`Search::known`]).
type Known = HashMap<Key, Found, memo::FastHash>;

/// What [`Search::attack`] finds with one check left when it spares
/// nothing — a mate in one, the first checking move (in generation order)
/// after which the defender has no legal move — and the positions it
/// visits for it: each checking move tried and the defence after it, two
/// for each. Whether its checks ran out on some line ([`Search::ran_out`])
/// follows: they did if it tried a check.
///
/// A pure function of the position, so one table serves every search of a
/// judgement that spares nothing, and [`mate_in_one`] (asked by the
/// exchange search, `chase::forced_gain`, for the same positions): each
/// answer is counted, when taken, as the positions it visited, as
/// [`Search::known`]'s are, and the answers and bounds are those of
/// searching again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MateInOne {
    /// The mating move, if any.
    first: Option<Move>,
    /// The positions visited.
    used: u64,
}

impl MateInOne {
    /// From an answer of [`Search::attack`] with one check left.
    fn of((found, used, _): Found) -> MateInOne {
        MateInOne {
            first: found.map(|(mv, _)| mv),
            used,
        }
    }

    /// As an answer of [`Search::attack`] with one check left.
    fn found(self) -> Found {
        (self.first.map(|mv| (mv, 1)), self.used, self.used > 0)
    }
}

/// The mates in one already found, by position (see [`MateInOne`]).
pub(crate) type MatesInOne = HashMap<BoardKey, MateInOne, memo::FastHash>;

thread_local! {
    /// An empty [`Known`] kept between searches, so that each search does
    /// not grow a table of its own from nothing (its answers are cleared
    /// before it is lent again: each search starts from an empty table).
    static SPARE: RefCell<Known> = RefCell::new(Known::default());
    /// An empty [`Refutations`] kept between searches, as [`SPARE`] is.
    static REFUTATIONS: RefCell<Refutations> = RefCell::new(Refutations::default());
    /// An empty [`CheckLists`] kept between searches, as [`SPARE`] is.
    static CHECK_LISTS: RefCell<CheckLists> = RefCell::new(CheckLists::default());
}

/// The escapes found from the defender's positions
/// ([`Search::refutations`]).
type Refutations = HashMap<BoardKey, Move, memo::FastHash>;

/// The most slots a table kept in [`SPARE`] may hold: one search's table
/// grows up to [`MEMO_ENTRIES`] answers; clearing one that large for every
/// search would cost more than growing a small one.
const SPARE_CAPACITY: usize = 1024;

struct Search<'a> {
    nodes: u64,
    limit: u64,
    exhausted: bool,
    /// Enemy pieces the attacker may not take (by square and piece).
    spared: &'a [(Square, Piece)],
    /// The position searched: each move is played on it and taken back.
    pos: Position,
    /// The answers of [`Search::attack`] already found (transpositions, and
    /// the shallower searches of iterative deepening), each with the
    /// positions it visited: a stored answer is taken only when searching
    /// again would not reach the node bound, and its positions are counted
    /// as if visited, so the answer is the same as without it and the
    /// count no less (searching again would try first the escapes found the
    /// first time, [`Search::refutations`], and visit those positions or
    /// fewer).
    known: Known,
    /// The answers with one check left — mates in one — of every search of
    /// the judgement that spares nothing, and of [`mate_in_one`]: lent by
    /// the judgement's shared table ([`memo::Shared`]) while this search
    /// runs, when one is open and nothing is spared (see [`MatesInOne`]).
    /// Without it those answers go to [`Search::known`].
    ones: Option<MatesInOne>,
    /// Whether the search since this was last cleared reached a defence
    /// with no check left ([`Search::defend`] with none): only there does
    /// the number of checks allowed matter. A search that never gets there
    /// finds the same with more checks allowed, visiting the same
    /// positions or, with the escapes it found tried first
    /// ([`Search::refutations`]), fewer (see [`mate_by_checks_searched`]).
    ran_out: bool,
    /// The escape last found from each position of the defender (the
    /// defence after which the attacker could not mate), tried first when
    /// the position comes again — in the next iteration of the deepening,
    /// with one more check allowed, or by transposition. Kept for one
    /// search (empty at its start, [`REFUTATIONS`]).
    ///
    /// Which defence is tried first changes which positions a search that
    /// finds no mate visits, never what it answers: [`Search::defend`]
    /// answers no mate as soon as one defence escapes, whichever, and a
    /// mate only when every defence is mated, with the most checks over all
    /// of them; [`Search::attack`] keeps generation order, so a mate found
    /// has the same first move and checks (the first of the shortest). The
    /// positions counted against the node bound are those this order
    /// visits; the order is a function of the question alone (this search's
    /// tables start empty, and the mates in one it shares are pure
    /// functions of the position, counted as if searched), so the count,
    /// and whether the bound is reached, still depend on nothing else.
    /// Over the 82 figure cases and 225 real cycles no search reaches the
    /// bound, in this order or in the plain one, and every answer is the
    /// same.
    refutations: Refutations,
    /// The checking moves of the attacker's positions searched
    /// ([`Search::checking_moves`]). Kept for one search ([`CHECK_LISTS`]).
    checks: CheckLists,
}

/// The checking moves of positions, generated once per search: every
/// position's moves in one list, and by position where its moves are.
#[derive(Default)]
struct CheckLists {
    /// The positions' moves, one after the other.
    moves: Vec<Move>,
    /// Where each position's moves are in [`CheckLists::moves`]: start and
    /// number.
    index: HashMap<BoardKey, (u32, u16), memo::FastHash>,
}

impl Search<'_> {
    fn new<'a>(pos: &Position, spared: &'a [(Square, Piece)], limit: u64) -> Search<'a> {
        Search {
            nodes: 0,
            limit,
            exhausted: false,
            spared,
            pos: pos.clone(),
            known: SPARE.with(|k| std::mem::take(&mut *k.borrow_mut())),
            refutations: REFUTATIONS.with(|k| std::mem::take(&mut *k.borrow_mut())),
            checks: CHECK_LISTS.with(|k| std::mem::take(&mut *k.borrow_mut())),
            ones: if spared.is_empty() {
                memo::lend(|m| &mut m.mates_in_one)
            } else {
                None
            },
            ran_out: false,
        }
    }

    /// Gives the table back to [`SPARE`], emptied, and the mates in one
    /// back to the judgement's shared table.
    fn finish(mut self) {
        self.known.clear();
        self.known.shrink_to(SPARE_CAPACITY);
        SPARE.with(|k| *k.borrow_mut() = self.known);
        self.refutations.clear();
        self.refutations.shrink_to(SPARE_CAPACITY);
        REFUTATIONS.with(|k| *k.borrow_mut() = self.refutations);
        self.checks.moves.clear();
        self.checks.moves.shrink_to(16 * SPARE_CAPACITY);
        self.checks.index.clear();
        self.checks.index.shrink_to(SPARE_CAPACITY);
        CHECK_LISTS.with(|k| *k.borrow_mut() = self.checks);
        if let Some(ones) = self.ones {
            memo::give_back(|m| &mut m.mates_in_one, ones);
        }
    }

    /// The stored answer of [`Search::attack`] from this position with
    /// `checks` left, if any.
    fn stored(&self, board: &BoardKey, checks: u32) -> Option<Found> {
        match &self.ones {
            Some(ones) if checks == 1 => ones.get(board).map(|&one| one.found()),
            _ => self.known.get(&Key::new(*board, checks)).copied(),
        }
    }

    /// Stores an answer of [`Search::attack`] (not one the node bound cut
    /// short), unless its table is full.
    fn store(&mut self, board: BoardKey, checks: u32, found: Found) {
        if self.exhausted {
            return;
        }
        match &mut self.ones {
            Some(ones) if checks == 1 => {
                if ones.len() < MEMO_ENTRIES {
                    ones.insert(board, MateInOne::of(found));
                }
            }
            _ => {
                if self.known.len() < MEMO_ENTRIES {
                    self.known.insert(Key::new(board, checks), found);
                }
            }
        }
    }

    /// Can the side to move mate with at most `checks` checking moves?
    /// Returns the first of them and the number of checks needed.
    fn attack(&mut self, checks: u32) -> Option<(Move, u32)> {
        if checks == 0 {
            return None;
        }
        let board = self.pos.board_key();
        if let Some((found, used, ran_out)) = self.stored(&board, checks)
            && self.nodes + used <= self.limit
        {
            self.nodes += used;
            self.ran_out |= ran_out;
            return found;
        }
        // A search with one check fewer that never ran out of checks (every
        // line ended before its checks did: mated, or with no check or no
        // defence left) reads the number allowed nowhere, so with one more
        // it would find the same, visiting the same positions (or fewer,
        // its escapes now tried first): its answer is this one's, counted
        // as its positions (as `mate_by_checks_searched` counts the deeper
        // iterations of such a search). The commonest: a position with no
        // check at all.
        if checks > 1
            && let Some(lower @ (found, used, false)) = self.stored(&board, checks - 1)
            && self.nodes + used <= self.limit
        {
            self.nodes += used;
            self.store(board, checks, lower);
            return found;
        }
        let start = self.nodes;
        let outer = std::mem::replace(&mut self.ran_out, false);
        let found = self.attack_searched(board, checks);
        let ran_out = self.ran_out;
        self.ran_out |= outer;
        self.store(board, checks, (found, self.nodes - start, ran_out));
        found
    }

    /// [`Search::attack`], searched.
    fn attack_searched(&mut self, board: BoardKey, checks: u32) -> Option<(Move, u32)> {
        let (start, len, kept) = self.checking_moves(board);
        let mut best: Option<(Move, u32)> = None;
        for i in start..start + len {
            let mv = self.checks.moves[i];
            if self
                .spared
                .iter()
                .any(|&(sq, p)| mv.to == sq && self.pos.piece_at(sq) == Some(p))
            {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.limit {
                self.exhausted = true;
                return best;
            }
            let captured = self.pos.play_in_place(mv);
            let answer = self.defend(checks - 1);
            self.pos.unplay_in_place(mv, captured);
            if let Some(n) = answer {
                let total = n + 1;
                if best.is_none_or(|(_, b)| total < b) {
                    best = Some((mv, total));
                    if total == 1 {
                        break;
                    }
                }
            }
        }
        if !kept {
            self.checks.moves.truncate(start);
        }
        best
    }

    /// The checking moves of the position searched (`board`), in
    /// generation order ([`Position::checking_moves`]), as the range
    /// `start..start + len` of [`CheckLists::moves`], and whether they are
    /// kept there: generated once per position and search, and read again
    /// when the position comes with more checks allowed (the next iteration
    /// of the deepening) — the same moves in the same order. When the
    /// index is full they are not kept, and the caller takes them off the
    /// end of the list when done (no list after them is kept either).
    fn checking_moves(&mut self, board: BoardKey) -> (usize, usize, bool) {
        if let Some(&(start, len)) = self.checks.index.get(&board) {
            return (start as usize, usize::from(len), true);
        }
        let list = self.pos.checking_moves();
        let start = self.checks.moves.len();
        self.checks.moves.extend_from_slice(list.as_slice());
        let kept = self.checks.index.len() < MEMO_ENTRIES;
        if kept {
            self.checks
                .index
                .insert(board, (start as u32, list.len() as u16));
        }
        (start, list.len(), kept)
    }

    /// The defender (in check: the attacker's last move gave it) to move: is
    /// every defence mated within `checks` more attacker checks? Returns the
    /// most checks needed.
    fn defend(&mut self, checks: u32) -> Option<u32> {
        if checks == 0 {
            // No check left: mated only if there is no defence at all.
            self.ran_out = true;
            self.nodes += 1;
            // In check: the attacker's last move gave it.
            return if self.pos.has_legal_move_given(true) {
                None
            } else {
                Some(0)
            };
        }
        let board = self.pos.board_key();
        // The escape found here before (a legal move: the same board and
        // side to move), before generating the others: it usually escapes
        // again.
        let refutation = self.refutations.get(&board).copied();
        let mut worst = 0;
        if let Some(r) = refutation {
            match self.try_defence(r, checks)? {
                Some((_, n)) => worst = n,
                None => return None,
            }
        }
        let mut replies = self.pos.legal_moves();
        if replies.is_empty() {
            return Some(0);
        }
        // One escape refutes the mate: the likeliest escapes first — a
        // capture, then a king move.
        let pos = &self.pos;
        let king = pos.king(pos.turn());
        replies
            .as_mut_slice()
            .sort_by_key(|r| (pos.piece_at(r.to).is_none(), r.from != king));
        for &r in replies.iter() {
            if Some(r) == refutation {
                continue;
            }
            match self.try_defence(r, checks)? {
                Some((_, n)) => worst = worst.max(n),
                None => {
                    if self.refutations.len() < MEMO_ENTRIES {
                        self.refutations.insert(board, r);
                    }
                    return None;
                }
            }
        }
        Some(worst)
    }

    /// One defence of [`Search::defend`]: counted, played, the attack
    /// after it searched with `checks` left, and taken back. `None` when
    /// the node bound is reached (the search is then exhausted).
    fn try_defence(&mut self, r: Move, checks: u32) -> Option<Option<(Move, u32)>> {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.exhausted = true;
            return None;
        }
        let captured = self.pos.play_in_place(r);
        let found = self.attack(checks);
        self.pos.unplay_in_place(r, captured);
        Some(found)
    }
}

/// Whether the side to move can force mate by checks within the limit.
pub fn mate_by_checks(pos: &Position, limit: MateLimit) -> MateSearch {
    mate_by_checks_sparing(pos, &[], limit)
}

/// Whether the side to move can force mate by checks within the limit
/// without ever taking one of the `spared` enemy pieces (given by square
/// and piece) — for asking whether a mate threat needs a capture (26.10: a
/// mate that needs taking the piece offered in exchange is the offer).
pub fn mate_by_checks_sparing(
    pos: &Position,
    spared: &[(Square, Piece)],
    limit: MateLimit,
) -> MateSearch {
    memo::cached(
        |m| &mut m.mates,
        (pos.board_key(), spared.to_vec(), limit),
        || mate_by_checks_searched(pos, spared, limit),
    )
}

/// [`mate_by_checks_sparing`], searched.
fn mate_by_checks_searched(
    pos: &Position,
    spared: &[(Square, Piece)],
    limit: MateLimit,
) -> MateSearch {
    let mut s = Search::new(pos, spared, limit.nodes);
    // Iterative deepening finds short mates fast and reports the shortest.
    let mut answer = MateSearch::NoMate;
    for depth in 1..=limit.checks {
        s.ran_out = false;
        let start = s.nodes;
        if let Some((first, checks)) = s.attack(depth) {
            answer = MateSearch::Mate { first, checks };
            break;
        }
        if s.exhausted {
            answer = MateSearch::LimitReached;
            break;
        }
        if !s.ran_out {
            // Every line of this depth ended (mated, or with no check or no
            // defence left to try) before its checks ran out; the number of
            // checks allowed is read nowhere else, so each deeper iteration
            // would find no mate either, visiting these positions again (or
            // fewer: each defence's escape found here is tried first and
            // escapes again). They are counted as these instead of searched:
            // the answer is the same, and the count no less than searching
            // would give.
            let per_depth = s.nodes - start;
            for _ in depth + 1..=limit.checks {
                s.nodes += per_depth;
                if s.nodes > s.limit {
                    answer = MateSearch::LimitReached;
                    break;
                }
            }
            break;
        }
    }
    s.finish();
    answer
}

/// Whether the side to move forces mate by checks (within the limit)
/// starting with the check `first` — for asking which move a mate threat
/// needs (拦, 24.6).
pub fn mate_starting_with(pos: &Position, first: Move, limit: MateLimit) -> bool {
    if !pos.is_legal(first) || !pos.gives_check(first) {
        return false;
    }
    let mut s = Search::new(pos, &[], limit.nodes);
    s.pos.play_in_place(first);
    let mut mates = false;
    for more in 0..limit.checks {
        s.ran_out = false;
        if s.defend(more).is_some() {
            mates = true;
            break;
        }
        // Out of checks nowhere: more checks would find no mate either
        // (see `mate_by_checks_searched`).
        if s.exhausted || !s.ran_out {
            break;
        }
    }
    s.finish();
    mates
}

/// Whether the side to move has a move that mates at once.
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let board = pos.board_key();
    if let Some(one) = memo::recall(|m| &mut m.mates_in_one, &board) {
        return one.first;
    }
    let one = mate_in_one_searched(pos);
    memo::remember(|m| &mut m.mates_in_one, board, one);
    one.first
}

/// [`mate_in_one`], searched, with the positions [`Search::attack`] counts
/// for it.
fn mate_in_one_searched(pos: &Position) -> MateInOne {
    // The checking moves are the legal moves that check, in the same order.
    let mut scratch = pos.clone();
    let checks = scratch.checking_moves();
    let mut tried = 0;
    let first = checks.iter().copied().find(|&mv| {
        tried += 1;
        let captured = scratch.play_in_place(mv);
        // In check: `mv` gives it.
        let mated = !scratch.has_legal_move_given(true);
        scratch.unplay_in_place(mv, captured);
        mated
    });
    MateInOne {
        first,
        used: 2 * tried,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_rook_mate() {
        let pos = Position::from_fen("3k5/1R7/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        assert!(mate_by_checks(&pos, MateLimit::default()).is_mate());
        assert!(mate_in_one(&pos).is_some());
    }

    #[test]
    fn a_mate_that_needs_a_capture_is_gone_when_the_piece_is_spared() {
        // 图29 after 车一平二, red to move again: 车二进六 takes the rook on
        // h9 and mates (the advisor on e8 is pinned by the cannon); sparing
        // that rook leaves no mate by checks.
        let pos = Position::from_fen("2bak2r1/4aP3/4b4/2r1C4/4P4/2B6/4R2R1/B8/1p7/c3K4 w - - 0 1")
            .unwrap();
        assert!(mate_by_checks(&pos, MateLimit::default()).is_mate());
        let h9 = Square::parse("h9").unwrap();
        let rook = pos.piece_at(h9).unwrap();
        assert_eq!(
            mate_by_checks_sparing(&pos, &[(h9, rook)], MateLimit::default()),
            MateSearch::NoMate
        );
    }

    #[test]
    fn no_mate_from_the_start() {
        assert_eq!(
            mate_by_checks(&Position::start(), MateLimit::default()),
            MateSearch::NoMate
        );
    }
}
