//! The sequential procedure of 附录三 二.3 ([`Pairer::search`]) at any size.
//!
//! The procedure is a depth-first search over the choices the book orders:
//! the pairer (the first unpaired player not passed over), his candidates
//! (nearer score first, a floated-down pairer's opponents who floated up
//! last round after the others, his pairing order ①–④, the row order),
//! then 异行 (passing him over) and 同行/下调 when everyone left has been
//! passed over. Written plainly, each step copies the unpaired players and
//! sorts the candidates, O(g log g) a step and O(g² log g) a score group of
//! g players. Here the unpaired players are kept in linked lists that a step
//! unlinks and backtracking relinks (Knuth's dancing links), one list per
//! kind of candidate (score, floated up, category, row), so the next
//! candidate is found by merging the heads of the few lists in the book's
//! order: a step costs O(kinds), independent of g. The choices, their order,
//! the node count against the budget and therefore every pairing are those
//! of the plain procedure ([`Pairer::search_plain`]), which a test compares
//! on random events.

use std::collections::BTreeMap;

use super::{Colour, Form, GroupResult, Pairer, Points, Search, Step};

/// Doubly linked lists over the positions `0..n` of a score group, with one
/// head (sentinel) per list at `n + list`.
struct Links {
    next: Vec<u32>,
    prev: Vec<u32>,
    n: usize,
}

impl Links {
    /// `lists` lists holding the positions `members[list]` in order.
    fn new(n: usize, members: &[Vec<usize>]) -> Links {
        let size = n + members.len();
        let mut l = Links {
            next: vec![0; size],
            prev: vec![0; size],
            n,
        };
        for (k, list) in members.iter().enumerate() {
            let head = n + k;
            let mut last = head;
            for &x in list {
                l.next[last] = x as u32;
                l.prev[x] = last as u32;
                last = x;
            }
            l.next[last] = head as u32;
            l.prev[head] = last as u32;
        }
        l
    }

    /// The first position of list `k`, if any.
    #[inline]
    fn first(&self, k: usize) -> Option<usize> {
        self.after(self.n + k)
    }

    /// The position after `x` in its list, if any.
    #[inline]
    fn after(&self, x: usize) -> Option<usize> {
        let y = self.next[x] as usize;
        (y < self.n).then_some(y)
    }

    #[inline]
    fn unlink(&mut self, x: usize) {
        let (p, q) = (self.prev[x], self.next[x]);
        self.next[p as usize] = q;
        self.prev[q as usize] = p;
    }

    /// Undoes [`Links::unlink`]; calls must come in the reverse order.
    #[inline]
    fn relink(&mut self, x: usize) {
        let (p, q) = (self.prev[x], self.next[x]);
        self.next[p as usize] = x as u32;
        self.prev[q as usize] = x as u32;
    }
}

/// One kind of candidate: players of one score, floated up or not, of one
/// category and one row.
struct Kind {
    score: Points,
    floated_up: bool,
    cat: super::Category,
    needs: Colour,
}

/// The search's state: which players are still unpaired, in which lists.
struct State<'p, 'a> {
    pairer: &'p Pairer<'a>,
    /// The score group, in the order of [`Pairer::priority`].
    set: &'p [usize],
    /// Every unpaired player (list 0).
    unpaired: Links,
    /// The unpaired players not passed over (异行), list 0.
    open: Links,
    /// Whether each player is in `open`.
    is_open: Vec<bool>,
    /// The unpaired players of each row (list 0: 要先, 1: 要后).
    rows: Links,
    /// The unpaired players of each kind.
    kinds: Links,
    kind: Vec<Kind>,
    count: usize,
    /// How many pairers were passed over on the current path.
    deferred: usize,
    group_score: Points,
    target: usize,
}

fn row(c: Colour) -> usize {
    match c {
        Colour::First => 0,
        Colour::Second => 1,
    }
}

impl Pairer<'_> {
    /// [`Pairer::search`] without the matching bound, by the linked lists of
    /// the module documentation; `None` if the budget runs out or no pass
    /// leaves at most `target`. `set` must be in the order of
    /// [`Pairer::priority`].
    pub(super) fn search_linked(&self, set: &[usize], target: usize) -> Option<GroupResult> {
        let n = set.len();
        let group_score = set
            .iter()
            .map(|&i| self.e[i].score)
            .min()
            .unwrap_or(Points::ZERO);
        let mut kinds: BTreeMap<(Points, bool, super::Category, usize), usize> = BTreeMap::new();
        let mut kind = Vec::new();
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut rows = vec![Vec::new(), Vec::new()];
        for (pos, &i) in set.iter().enumerate() {
            let x = &self.e[i];
            let key = (x.score, x.floated_up, self.cat[i], row(self.needs[i]));
            let k = *kinds.entry(key).or_insert_with(|| {
                kind.push(Kind {
                    score: x.score,
                    floated_up: x.floated_up,
                    cat: self.cat[i],
                    needs: self.needs[i],
                });
                members.push(Vec::new());
                kind.len() - 1
            });
            members[k].push(pos);
            rows[row(self.needs[i])].push(pos);
        }
        let all: Vec<usize> = (0..n).collect();
        let mut state = State {
            pairer: self,
            set,
            unpaired: Links::new(n, std::slice::from_ref(&all)),
            open: Links::new(n, std::slice::from_ref(&all)),
            is_open: vec![true; n],
            rows: Links::new(n, &rows),
            kinds: Links::new(n, &members),
            kind,
            count: n,
            deferred: 0,
            group_score,
            target,
        };
        let mut st = Search {
            steps: Vec::new(),
            left: Vec::new(),
            nodes: 0,
            budget: super::BUDGET,
            first_path: true,
        };
        if state.dfs(&mut st) {
            Some(GroupResult {
                steps: st.steps,
                left: st.left,
                rearranged: !st.first_path,
            })
        } else {
            None
        }
    }
}

impl State<'_, '_> {
    fn id(&self, pos: usize) -> usize {
        self.set[pos]
    }

    /// Takes the player at `pos` out of every list but `open`.
    fn take(&mut self, pos: usize) {
        self.unpaired.unlink(pos);
        self.rows.unlink(pos);
        self.kinds.unlink(pos);
        self.count -= 1;
    }

    fn put_back(&mut self, pos: usize) {
        self.count += 1;
        self.kinds.relink(pos);
        self.rows.relink(pos);
        self.unpaired.relink(pos);
    }

    /// Pairs `p` with `c` and searches on; undone before returning.
    fn pair_and_search(&mut self, st: &mut Search, p: usize, c: usize, form: Form) -> bool {
        st.steps.push(Step {
            pairer: self.id(p),
            partner: self.id(c),
            form,
        });
        let (p_open, c_open) = (self.is_open[p], self.is_open[c]);
        self.take(p);
        self.take(c);
        if p_open {
            self.close(p);
        }
        if c_open {
            self.close(c);
        }
        let found = self.dfs(st);
        if found {
            return true;
        }
        if c_open {
            self.reopen(c);
        }
        if p_open {
            self.reopen(p);
        }
        self.put_back(c);
        self.put_back(p);
        st.steps.pop();
        st.first_path = false;
        false
    }

    /// Takes `pos` out of `open`.
    fn close(&mut self, pos: usize) {
        self.open.unlink(pos);
        self.is_open[pos] = false;
    }

    fn reopen(&mut self, pos: usize) {
        self.is_open[pos] = true;
        self.open.relink(pos);
    }

    /// The kinds of candidate for pairer `p`, in the book's order, those of
    /// equal rank together (merged by the row order): nearer score, then
    /// (for a pairer floated down) not floated up before floated up, then
    /// his pairing order. `other_row`: only the other row's kinds.
    fn ranked_kinds(&self, p: usize, other_row: bool) -> Vec<Vec<usize>> {
        let e = &self.pairer.e;
        let pi = self.id(p);
        let ps = e[pi].score;
        let floated = ps > self.group_score;
        let pcat = self.pairer.cat[pi];
        let pneeds = self.pairer.needs[pi];
        let mut keyed: Vec<((Points, bool, usize), usize)> = self
            .kind
            .iter()
            .enumerate()
            .filter(|(k, kd)| (!other_row || kd.needs != pneeds) && self.kinds.first(*k).is_some())
            .map(|(k, kd)| {
                let dist = if kd.score > ps {
                    kd.score - ps
                } else {
                    ps - kd.score
                };
                let fu = floated && kd.floated_up;
                ((dist, fu, kd.cat.rank_for(pcat)), k)
            })
            .collect();
        keyed.sort_unstable();
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut last = None;
        for (key, k) in keyed {
            if last.is_some_and(|l: (Points, bool, usize)| l.cmp(&key).is_eq()) {
                if let Some(g) = out.last_mut() {
                    g.push(k);
                }
            } else {
                out.push(vec![k]);
                last = Some(key);
            }
        }
        out
    }

    /// Tries `p`'s candidates in order; `form` names each pairing.
    fn try_candidates(
        &mut self,
        st: &mut Search,
        p: usize,
        other_row: bool,
        form: impl Fn(&State, usize) -> Form,
    ) -> bool {
        let pi = self.id(p);
        for group in self.ranked_kinds(p, other_row) {
            // One cursor per kind of the group; the next candidate is the
            // earliest of them in the row order.
            let mut cursors: Vec<Option<usize>> =
                group.iter().map(|&k| self.kinds.first(k)).collect();
            loop {
                let mut best: Option<(usize, usize)> = None;
                for (j, c) in cursors.iter().enumerate() {
                    if let Some(x) = *c
                        && best.is_none_or(|(_, b)| x < b)
                    {
                        best = Some((j, x));
                    }
                }
                let Some((j, c)) = best else { break };
                if c != p && !self.pairer.met(pi, self.id(c)) {
                    let f = form(self, c);
                    if self.pair_and_search(st, p, c, f) {
                        return true;
                    }
                }
                // The lists are as they were: read on from c.
                cursors[j] = self.kinds.after(c);
            }
        }
        false
    }

    fn dfs(&mut self, st: &mut Search) -> bool {
        st.nodes += 1;
        if st.nodes > st.budget {
            return false;
        }
        if st.left.len() > self.target {
            return false;
        }
        if self.count <= 1 {
            let before = st.left.len();
            if let Some(x) = self.unpaired.first(0) {
                st.left.push(self.id(x));
            }
            if st.left.len() <= self.target {
                return true;
            }
            st.left.truncate(before);
            return false;
        }
        match self.open.first(0) {
            Some(p) => {
                let pi = self.id(p);
                let other = 1 - row(self.pairer.needs[pi]);
                let first_other = self.rows.first(other);
                let deferred = self.deferred;
                let found = self.try_candidates(st, p, true, |_, c| {
                    if deferred > 0 {
                        Form::NextPairer
                    } else if first_other == Some(c) {
                        Form::SamePlace
                    } else {
                        Form::Shifted
                    }
                });
                if found {
                    return true;
                }
                // 异行: he cannot pair across; the next pairer goes on.
                self.close(p);
                self.deferred += 1;
                let found = self.dfs(st);
                if !found {
                    self.deferred -= 1;
                    self.reopen(p);
                }
                found
            }
            None => {
                // 同行: everyone left was passed over; the first of them.
                let Some(p) = self.unpaired.first(0) else {
                    return false;
                };
                let pneeds = self.pairer.needs[self.id(p)];
                let found = self.try_candidates(st, p, false, |s, c| {
                    if s.pairer.needs[s.id(c)] == pneeds {
                        Form::SameRow
                    } else {
                        Form::NextPairer
                    }
                });
                if found {
                    return true;
                }
                // 下调: he is left for the group below.
                st.left.push(self.id(p));
                self.take(p);
                if self.dfs(st) {
                    return true;
                }
                self.put_back(p);
                st.left.pop();
                st.first_path = false;
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Entrant, FirstRound, Options};
    use super::*;

    /// A pseudo-random score group: scores from a few values (the group's
    /// and floaters' above it), colour histories, opponents met, floats and
    /// byes.
    fn group(seed: &mut u64, n: usize, rounds: usize) -> Vec<Entrant> {
        let mut next = |m: u64| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed % m
        };
        let mut e: Vec<Entrant> = (0..n)
            .map(|i| {
                let mut x = Entrant::new(super::super::Id::from(i as u32 + 1), i as u32 + 1);
                x.score = Points::half(4 + next(3) as i64 * next(2) as i64);
                x.colours = (0..rounds)
                    .map(|_| {
                        if next(2) == 0 {
                            Colour::First
                        } else {
                            Colour::Second
                        }
                    })
                    .collect();
                x.floated_up = next(5) == 0;
                x.floated_down = next(5) == 0;
                x.byes = u32::from(next(7) == 0);
                x
            })
            .collect();
        // Each meets a few others (symmetrically), more in small groups.
        for _ in 0..n * rounds / 2 {
            let (a, b) = (next(n as u64) as usize, next(n as u64) as usize);
            if a != b {
                let (na, nb) = (e[a].number, e[b].number);
                e[a].met.insert(nb);
                e[b].met.insert(na);
            }
        }
        e
    }

    type Outcome = Option<(Vec<(usize, usize, Form)>, Vec<usize>, bool)>;

    fn outcome(r: Option<GroupResult>) -> Outcome {
        r.map(|r| {
            (
                r.steps
                    .iter()
                    .map(|s| (s.pairer, s.partner, s.form))
                    .collect(),
                r.left,
                r.rearranged,
            )
        })
    }

    /// The linked search makes every choice the plain one makes: the same
    /// steps, forms, players left and 拆对 mark, on a thousand random
    /// groups, with targets from 0 to 3 and in odd and even rounds.
    #[test]
    fn linked_search_is_the_plain_search() {
        let mut seed = 0x5EED_2026_u64;
        let mut compared = 0;
        let mut rearranged = 0;
        for case in 0..1000 {
            let n = 2 + case % 23;
            let rounds = 1 + case % 6;
            let e = group(&mut seed, n, rounds);
            let opts = Options {
                first_round: FirstRound::Adjacent,
                rounds_planned: Some(9),
            };
            let round = rounds as u32 + 1;
            let pairer = Pairer::new(&e, round, &opts);
            let mut set: Vec<usize> = (0..n).collect();
            set.sort_by(|&a, &b| pairer.priority(a, b));
            for target in 0..4 {
                let plain = outcome(pairer.search_plain(&set, target, false));
                let linked = outcome(pairer.search_linked(&set, target));
                assert_eq!(linked, plain, "case {case}, target {target}");
                compared += 1;
                if plain.as_ref().is_some_and(|p| p.2) {
                    rearranged += 1;
                }
            }
        }
        assert_eq!(compared, 4000);
        // The comparison reaches backtracking, not only first passes.
        assert!(rearranged > 100, "only {rearranged} searches backtracked");
    }
}
