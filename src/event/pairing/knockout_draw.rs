//! Gomoku 附录三 二.(一) 对抽签结果的要求: checking a knock-out draw's outcome.
//!
//! 1. 种子棋手合理分开，使其最后相遇（前面已述）: the seeds stand at the positions
//!    of 一.(一), a level at a time (一.(三): 一级种子为 1、2 号种子，二级为 3、4
//!    号种子，三级为 5~8 号种子，四级为 9~16 号种子). Within a level the lots
//!    decide (抽签), so a seed may stand at any position of its level:
//!    seeds 1–2 at either end, 3–4 at the inner ends of the halves, and so
//!    on ([`super::knockout::seed_positions`]). 一.(二): 种子棋手的数量应是 2
//!    的某次幂的乘方数 — 2, 4, 8, … (qigui takes 1 as 2⁰ too).
//! 2. 同一单位（协会）的棋手按报名排列的技术序号合理分开，最后相遇 (第 1、2 号棋手应抽入
//!    不同的半区，3、4 号棋手应抽入 1、2 号棋手不在的另两个 1/4 区，5~8 号棋手应抽在前 4
//!    号棋手不在的 4 个 1/8 区等): for each level j (halves, quarters,
//!    eighths, …), a unit's players numbered 1 to 2ʲ are in 2ʲ different
//!    sections of that level. A pair that shares a section is reported once,
//!    at the largest section they share.
//!
//! 二.(二) (the principles of controlling the draw) and 二.(三) (its steps,
//! ending in 双机遇的方法, which the book does not describe) are how the
//! organisers reach such an outcome with lots; only the outcome is checked.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::PairingError;
use super::knockout::seed_positions;

/// A player in a drawn bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DrawnPlayer {
    /// The bracket position drawn (1 = top).
    pub position: u32,
    /// The player's name.
    pub name: String,
    /// The seed number (一.(三)), if seeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u32>,
    /// The unit (单位、协会), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The technical number within the unit (报名排列的技术序号), 1 first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
}

/// A requirement of 二.(一) (or 一.(二)) that a draw breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DrawViolation {
    /// `附录三.二.(一).1` (seeds), `附录三.二.(一).2` (units) or
    /// `附录三.一.(二)` (the number of seeds).
    pub requirement: String,
    /// The players concerned, seed or technical number order.
    pub players: Vec<String>,
}

fn violation(requirement: &str, players: Vec<String>) -> DrawViolation {
    DrawViolation {
        requirement: requirement.to_string(),
        players,
    }
}

/// Checks a drawn bracket of `places` positions (a power of two) against
/// 附录三 二.(一); an empty list when it meets every requirement.
///
/// ```
/// use qigui::event::pairing::knockout_draw::{DrawnPlayer, check_draw};
/// let p = |position: u32, name: &str, number: u32| DrawnPlayer {
///     position,
///     name: name.into(),
///     seed: None,
///     unit: Some("A".into()),
///     number: Some(number),
/// };
/// // A unit's first two players in the same half of 8: 二.(一).2.
/// let v = check_draw(8, &[p(1, "x", 1), p(3, "y", 2)]).unwrap();
/// assert_eq!(v[0].requirement, "附录三.二.(一).2");
/// assert!(check_draw(8, &[p(1, "x", 1), p(8, "y", 2)]).unwrap().is_empty());
/// ```
pub fn check_draw(
    places: u32,
    players: &[DrawnPlayer],
) -> Result<Vec<DrawViolation>, PairingError> {
    let seats = seed_positions(places)?;
    let mut names = BTreeSet::new();
    let mut taken = BTreeSet::new();
    for p in players {
        if p.position < 1 || p.position > places {
            return Err(PairingError::Invalid(format!(
                "{}: position {} is not in a bracket of {places}",
                p.name, p.position
            )));
        }
        if !taken.insert(p.position) {
            return Err(PairingError::Invalid(format!(
                "position {} is drawn twice",
                p.position
            )));
        }
        if !names.insert(p.name.as_str()) {
            return Err(PairingError::Invalid(format!("{} is drawn twice", p.name)));
        }
        if p.unit.is_some() != p.number.is_some() {
            return Err(PairingError::Invalid(format!(
                "{}: a unit and a technical number go together",
                p.name
            )));
        }
    }
    let mut out = Vec::new();
    // 一.(二), 二.(一).1: the seeds.
    let mut seeds: Vec<(u32, &DrawnPlayer)> = players
        .iter()
        .filter_map(|p| p.seed.map(|s| (s, p)))
        .collect();
    seeds.sort_by_key(|(s, _)| *s);
    let count = seeds.len() as u32;
    if seeds
        .iter()
        .enumerate()
        .any(|(i, (s, _))| *s != i as u32 + 1)
    {
        return Err(PairingError::Invalid(format!(
            "the seeds are numbered {:?}: 1 to {count}, each once",
            seeds.iter().map(|(s, _)| *s).collect::<Vec<_>>()
        )));
    }
    if count > seats.len() as u32 {
        return Err(PairingError::Invalid(format!(
            "{count} seeds in a bracket of {places}: at most {}",
            seats.len()
        )));
    }
    if count > 0 && !count.is_power_of_two() {
        out.push(violation(
            "附录三.一.(二)",
            seeds.iter().map(|(_, p)| p.name.clone()).collect(),
        ));
    }
    for (s, p) in &seeds {
        // The level of seed s: 1–2, 3–4, 5–8, 9–16, …
        let hi = s.next_power_of_two().max(2) as usize;
        let lo = if hi == 2 { 0 } else { hi / 2 };
        if !seats[lo..hi].contains(&p.position) {
            out.push(violation("附录三.二.(一).1", vec![p.name.clone()]));
        }
    }
    // 二.(一).2: each unit's players by technical number.
    let mut units: BTreeMap<&str, Vec<(u32, &DrawnPlayer)>> = BTreeMap::new();
    for p in players {
        if let (Some(u), Some(n)) = (&p.unit, p.number) {
            units.entry(u.as_str()).or_default().push((n, p));
        }
    }
    let levels = places.trailing_zeros();
    for (unit, mut list) in units {
        list.sort_by_key(|(n, _)| *n);
        if list.windows(2).any(|w| w[0].0 == w[1].0) || list.first().is_some_and(|f| f.0 == 0) {
            return Err(PairingError::Invalid(format!(
                "unit {unit}: technical numbers from 1, each once"
            )));
        }
        let mut reported = BTreeSet::new();
        for j in 1..=levels {
            let size = places >> j;
            let within: Vec<&(u32, &DrawnPlayer)> = list
                .iter()
                .filter(|(n, _)| u64::from(*n) <= 1u64 << j)
                .collect();
            for (a, x) in within.iter().enumerate() {
                for y in &within[a + 1..] {
                    let same = (x.1.position - 1) / size == (y.1.position - 1) / size;
                    if same && reported.insert((x.0, y.0)) {
                        out.push(violation(
                            "附录三.二.(一).2",
                            vec![x.1.name.clone(), y.1.name.clone()],
                        ));
                    }
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(
        position: u32,
        name: &str,
        seed: Option<u32>,
        unit: Option<(&str, u32)>,
    ) -> DrawnPlayer {
        DrawnPlayer {
            position,
            name: name.into(),
            seed,
            unit: unit.map(|u| u.0.to_string()),
            number: unit.map(|u| u.1),
        }
    }

    #[test]
    fn refuses_what_is_no_draw() {
        let out_of_range = [player(17, "a", None, None)];
        assert!(check_draw(16, &out_of_range).is_err());
        let twice = [player(1, "a", None, None), player(1, "b", None, None)];
        assert!(check_draw(16, &twice).is_err());
        let gap = [
            player(1, "a", Some(1), None),
            player(16, "b", Some(3), None),
        ];
        assert!(check_draw(16, &gap).is_err());
        let numbers = [
            player(1, "a", None, Some(("u", 1))),
            player(16, "b", None, Some(("u", 1))),
        ];
        assert!(check_draw(16, &numbers).is_err());
        assert!(check_draw(12, &[]).is_err());
    }

    #[test]
    fn eighths_after_quarters() {
        // 1–4 in four quarters, 5 in the eighth of 1 (positions 1–2 of 16).
        let ok = |p5: u32| {
            let ps = [
                player(1, "1", None, Some(("u", 1))),
                player(9, "2", None, Some(("u", 2))),
                player(5, "3", None, Some(("u", 3))),
                player(13, "4", None, Some(("u", 4))),
                player(p5, "5", None, Some(("u", 5))),
            ];
            check_draw(16, &ps).unwrap()
        };
        assert_eq!(ok(3), vec![]);
        assert_eq!(
            ok(2),
            vec![violation("附录三.二.(一).2", vec!["1".into(), "5".into()])]
        );
    }
}
