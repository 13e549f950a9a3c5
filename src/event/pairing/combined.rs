//! 组合赛制 (10.4; Gomoku 27.4 and 附录七): a Swiss or round-robin stage
//! followed by a knock-out, and the Swiss with eliminations.
//!
//! The stage rankings come from [`crate::event::standings`]; these functions take
//! a ranking (ids, best first) and say who meets whom next.

use super::{PairingError, bit_reversal};

/// 10.4.1.1 一轮制淘汰赛: the first two play the final, the third and fourth
/// for bronze. Returns (final, bronze).
pub fn one_round_final(ranking: &[u32]) -> Result<[(u32, u32); 2], PairingError> {
    match ranking {
        [a, b, c, d, ..] => Ok([(*a, *b), (*c, *d)]),
        _ => Err(PairingError::Unsupported(
            "10.4.1.1 needs four qualified players".into(),
        )),
    }
}

/// 10.4.1.2 两轮制淘汰赛: 1 meets 4 and 2 meets 3; the winners play the
/// final and the losers for third place. Returns the two semi-finals.
pub fn two_round_semifinals(ranking: &[u32]) -> Result<[(u32, u32); 2], PairingError> {
    match ranking {
        [a, b, c, d, ..] => Ok([(*a, *d), (*b, *c)]),
        _ => Err(PairingError::Unsupported(
            "10.4.1.2 needs four qualified players".into(),
        )),
    }
}

/// 10.4.2 积分末位淘汰制: after a round past half the event, the `k` players
/// with the lowest score leave. `ranking` is the standings (best first);
/// returns those who go on. The event decides `k`; a tie at the cut is
/// decided by the ranking's own tie-breaks.
pub fn eliminate_last(ranking: &[u32], k: usize) -> Vec<u32> {
    ranking[..ranking.len().saturating_sub(k)].to_vec()
}

/// Who moves first in the N+1 final (10.4.3.2): the colours are balanced
/// first — the finalist who has moved first fewer times does so — and
/// when both have moved first equally often, the finalist ranked higher
/// after round N chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalColours {
    /// This finalist moves first (fewer first moves so far).
    First(u32),
    /// This finalist, ranked higher, chooses.
    Chooses(u32),
}

/// 10.4.3.1–10.4.3.2: the N+1 final between the first two after round N,
/// whether or not they have met. `first_moves` are how often each has
/// moved first in rounds 1..N.
pub fn n_plus_one_final(
    ranking: &[u32],
    first_moves: impl Fn(u32) -> u32,
) -> Result<((u32, u32), FinalColours), PairingError> {
    let [a, b, ..] = ranking else {
        return Err(PairingError::Unsupported(
            "10.4.3.1 needs two players".into(),
        ));
    };
    let (fa, fb) = (first_moves(*a), first_moves(*b));
    let colours = if fa < fb {
        FinalColours::First(*a)
    } else if fb < fa {
        FinalColours::First(*b)
    } else {
        FinalColours::Chooses(*a)
    };
    Ok(((*a, *b), colours))
}

/// Gomoku 附录七 一.3: the players, in rating order, dealt into `groups`
/// groups in a snake (A B / B A / A B …; A B C D / D C B A / …). Returns
/// each group's players in order.
pub fn snake_groups(players: u32, groups: u32) -> Result<Vec<Vec<u32>>, PairingError> {
    if groups == 0 || groups > players.max(1) || players > 100_000 {
        return Err(PairingError::Unsupported(format!(
            "{players} players in {groups} groups: qigui deals 1 to 100000 players into at most as many groups"
        )));
    }
    let g = groups as usize;
    let mut out = vec![Vec::new(); g];
    for p in 0..players {
        let row = (p / groups) as usize;
        let col = (p % groups) as usize;
        let k = if row.is_multiple_of(2) {
            col
        } else {
            g - 1 - col
        };
        out[k].push(p + 1);
    }
    Ok(out)
}

/// A qualifier: a group (0-based) and his place in it (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Qualifier {
    /// The group, 0 for A.
    pub group: u32,
    /// His place in the group.
    pub place: u32,
}

impl Qualifier {
    /// `A1`, or the group's number alone when one qualifies per group
    /// (附录七 二.2.①: the sixteen group winners are 1–16).
    pub fn name(&self, per_group: u32) -> String {
        if per_group == 1 {
            return (self.group + 1).to_string();
        }
        let letter = char::from_u32('A' as u32 + self.group).unwrap_or('?');
        format!("{letter}{}", self.place)
    }
}

/// Gomoku 附录七: the first knock-out round when `qualifiers` players from
/// each of `groups` groups go through (16 in the book's four tables).
///
/// The book's four tables follow one rule, which qigui applies to any
/// powers of two: the groups pair as `k` and `groups + 1 − k`, taken for
/// `k` in the bit-reversal order of the first half of the bracket (A–H, E–D,
/// C–F, G–B for eight groups); in a pair of groups `X`, `Y`, the players
/// meet as `X j` – `Y (qualifiers + 1 − j)` for `j` in bit-reversal order
/// (A1-B8, A5-B4, A3-B6, A7-B2, A2-B7 … for eight from two groups). The
/// games come in bracket order: the winners of games 1 and 2 meet, and so
/// on (Q1: H1-H2).
pub fn crossing(groups: u32, qualifiers: u32) -> Result<Vec<(Qualifier, Qualifier)>, PairingError> {
    if groups == 0
        || qualifiers == 0
        || !groups.is_power_of_two()
        || !qualifiers.is_power_of_two()
        || groups * qualifiers < 2
        || groups * qualifiers > 1 << 12
    {
        return Err(PairingError::Unsupported(format!(
            "{groups} groups of {qualifiers}: 附录七's crossings take powers of two"
        )));
    }
    let mut out = Vec::new();
    let order = if groups == 1 {
        vec![1]
    } else {
        bit_reversal(groups as usize)
    };
    let pairs: Vec<(u32, u32)> = if groups == 1 {
        vec![(0, 0)]
    } else {
        order
            .iter()
            .take(groups as usize / 2)
            .map(|&k| (k as u32 - 1, groups - k as u32))
            .collect()
    };
    let within = bit_reversal(qualifiers as usize);
    for (x, y) in pairs {
        if x == y {
            // one group: 1 v last, bracket order
            for &j in within.iter().take(qualifiers as usize / 2) {
                out.push((
                    Qualifier {
                        group: x,
                        place: j as u32,
                    },
                    Qualifier {
                        group: x,
                        place: qualifiers + 1 - j as u32,
                    },
                ));
            }
            continue;
        }
        for &j in &within {
            out.push((
                Qualifier {
                    group: x,
                    place: j as u32,
                },
                Qualifier {
                    group: y,
                    place: qualifiers + 1 - j as u32,
                },
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake() {
        let g = snake_groups(10, 2).unwrap_or_default();
        assert_eq!(g, [vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 10]]);
    }

    #[test]
    fn finals() {
        assert_eq!(one_round_final(&[5, 3, 9, 1]).ok(), Some([(5, 3), (9, 1)]));
        assert_eq!(
            two_round_semifinals(&[5, 3, 9, 1]).ok(),
            Some([(5, 1), (3, 9)])
        );
        let f = n_plus_one_final(&[5, 3], |p| if p == 5 { 3 } else { 2 }).ok();
        assert_eq!(f, Some(((5, 3), FinalColours::First(3))));
        let f = n_plus_one_final(&[5, 3], |_| 2).ok();
        assert_eq!(f, Some(((5, 3), FinalColours::Chooses(5))));
        assert_eq!(eliminate_last(&[1, 2, 3, 4], 2), [1, 2]);
    }
}
