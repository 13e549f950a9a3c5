//! A tie-break value held without allocation while the standings are
//! ranked (2020 14.1–14.9; 1999 15.1–15.5; Gomoku 29).
//!
//! Most tie-breaks have one number (积分, 对手分, 胜局 ...), 18.5's
//! penalties two; only those that go on "until separated" (14.3.1 the
//! previous rounds' ranks, 14.3.2 累进分 dropping rounds, Gomoku 29.2.1 C,
//! 各台积分) have more. [`Compact`] keeps up to two numbers inline, so
//! ranking a table allocates nothing per entrant per criterion; the public
//! [`Value`] is made from it once, for the rows of the table shown.

use std::cmp::Ordering;

use super::points::Points;
use super::tiebreaks::Value;

/// A tie-break value: not applicable, one or two numbers inline, or more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Compact {
    /// Not applicable (直胜 before all tied entrants have met), or not
    /// computed.
    #[default]
    None,
    /// One number.
    One(Points),
    /// Two numbers, compared in order.
    Two([Points; 2]),
    /// Any number of numbers (an empty list is a value, not `None`).
    Many(Vec<Points>),
}

impl Compact {
    /// The numbers; `None` when not applicable.
    pub(crate) fn as_slice(&self) -> Option<&[Points]> {
        match self {
            Compact::None => None,
            Compact::One(p) => Some(std::slice::from_ref(p)),
            Compact::Two(p) => Some(p),
            Compact::Many(v) => Some(v),
        }
    }

    /// Whether the tie-break does not apply.
    pub(crate) fn is_none(&self) -> bool {
        matches!(self, Compact::None)
    }

    /// The public value (allocates the list).
    pub(crate) fn to_value(&self) -> Value {
        self.as_slice().map(<[Points]>::to_vec)
    }
}

impl From<Option<Points>> for Compact {
    fn from(p: Option<Points>) -> Compact {
        p.map_or(Compact::None, Compact::One)
    }
}

/// Compares two values; the step is the first element that differs.
/// Missing elements count as zero.
pub(crate) fn compare(a: &[Points], b: &[Points], higher_is_better: bool) -> (Ordering, usize) {
    let len = a.len().max(b.len());
    for i in 0..len {
        let x = a.get(i).copied().unwrap_or(Points::ZERO);
        let y = b.get(i).copied().unwrap_or(Points::ZERO);
        let o = if higher_is_better {
            y.cmp(&x)
        } else {
            x.cmp(&y)
        };
        if o != Ordering::Equal {
            return (o, i);
        }
    }
    (Ordering::Equal, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_value_keeps_every_number_and_not_applicable() {
        let (a, b, c) = (Points::int(3), Points::half(1), Points::int(7));
        assert_eq!(Compact::None.to_value(), None);
        assert_eq!(Compact::One(a).to_value(), Some(vec![a]));
        assert_eq!(Compact::Two([a, b]).to_value(), Some(vec![a, b]));
        assert_eq!(Compact::Many(vec![a, b, c]).to_value(), Some(vec![a, b, c]));
        assert_eq!(Compact::Many(Vec::new()).to_value(), Some(Vec::new()));
        assert_eq!(Compact::from(None), Compact::None);
    }

    #[test]
    fn compares_element_by_element_missing_as_zero() {
        let (one, two) = (Points::int(1), Points::int(2));
        // Higher is better: 2 ranks before 1 (Less means "first").
        assert_eq!(compare(&[two], &[one], true), (Ordering::Less, 0));
        assert_eq!(compare(&[two], &[one], false), (Ordering::Greater, 0));
        assert_eq!(compare(&[one, two], &[one, one], true), (Ordering::Less, 1));
        assert_eq!(
            compare(&[one, Points::ZERO], &[one], true),
            (Ordering::Equal, 0)
        );
        assert_eq!(compare(&[], &[Points::ZERO], false), (Ordering::Equal, 0));
    }
}
