//! The time controls the rulebooks name by clause (6.1–6.4, 28.5, 28.6,
//! 30.3; 1999 6.1–6.4; the local rules): [`TimeControl::preset`], apart
//! from the clock so that the clock needs no profile.

use super::clock::{Period, TimeControl, secs};
use super::profile::{Family, LocalRules};

impl TimeControl {
    /// A time control the rulebook of `family` names by clause:
    ///
    /// * 2020 (and the mass rules, which name none of their own): `6.1`
    ///   (the example: 60 min + 30 s), `28.5.1.1` (15 min), `28.5.1.2` and
    ///   `30.3.1` (10 min + 10 s), `28.5.2` and `30.3.2` (5 min + 3 s),
    ///   `28.5.3` (3 min + 2 s), `28.6.1` and `30.3.3` (red 6, black 4 min
    ///   + 3 s), `28.6.2` (red 8, black 5 min + 3 s);
    /// * 1999: `6.1` (40 moves in 90 min, then 10 in 15), `6.2` (30 in 60,
    ///   then 10 in 10), `6.3` (40 in 10, then 30 in 5), `6.4` (30 in 5,
    ///   repeated);
    /// * local: `中小学.二` (30 s a move), `学院.2` (30 min, then 30 s a
    ///   move), `细则.二.1` (30 min, then 60 s a move).
    pub fn preset(family: Family, name: &str) -> Option<TimeControl> {
        let m = |x: i64| secs(60 * x);
        let mut tc = match family {
            Family::Xiangqi2020 | Family::Mass => match name {
                "6.1" => TimeControl::new(m(60), secs(30)),
                "28.5.1.1" => TimeControl::new(m(15), 0),
                "28.5.1.2" | "30.3.1" => TimeControl::new(m(10), secs(10)),
                "28.5.2" | "30.3.2" => TimeControl::new(m(5), secs(3)),
                "28.5.3" => TimeControl::new(m(3), secs(2)),
                "28.6.1" | "30.3.3" => TimeControl {
                    base: [m(6), m(4)],
                    ..TimeControl::new(0, secs(3))
                },
                "28.6.2" => TimeControl {
                    base: [m(8), m(5)],
                    ..TimeControl::new(0, secs(3))
                },
                _ => return None,
            },
            Family::Xiangqi1999 => {
                let periods = |first: (u32, i64), next: (u32, i64)| TimeControl {
                    base: [m(first.1), m(first.1)],
                    base_moves: first.0,
                    periods: vec![Period {
                        moves: next.0,
                        time: m(next.1),
                    }],
                    ..TimeControl::new(0, 0)
                };
                match name {
                    "6.1" => periods((40, 90), (10, 15)),
                    "6.2" => periods((30, 60), (10, 10)),
                    "6.3" => periods((40, 10), (30, 5)),
                    "6.4" => periods((30, 5), (30, 5)),
                    _ => return None,
                }
            }
            Family::Local(doc) => match (doc, name) {
                (LocalRules::School, "中小学.二") => TimeControl {
                    per_move: Some(secs(30)),
                    ..TimeControl::new(0, 0)
                },
                (LocalRules::College, "学院.2") => TimeControl {
                    per_move: Some(secs(30)),
                    ..TimeControl::new(m(30), 0)
                },
                (LocalRules::Club, "细则.二.1") => TimeControl {
                    per_move: Some(secs(60)),
                    ..TimeControl::new(m(30), 0)
                },
                _ => return None,
            },
        };
        // The clause string must outlive the call: take it from the table.
        tc.clause = PRESET_NAMES.iter().copied().find(|n| *n == name);
        Some(tc)
    }
}

/// The names [`TimeControl::preset`] knows, as `'static` strings.
const PRESET_NAMES: [&str; 16] = [
    "6.1",
    "6.2",
    "6.3",
    "6.4",
    "28.5.1.1",
    "28.5.1.2",
    "28.5.2",
    "28.5.3",
    "28.6.1",
    "28.6.2",
    "30.3.1",
    "30.3.2",
    "30.3.3",
    "中小学.二",
    "学院.2",
    "细则.二.1",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::conduct::clock::{Clock, Timing};

    #[test]
    fn periods_1999() {
        let tc = TimeControl::preset(Family::Xiangqi1999, "6.4").unwrap();
        let mut c = Clock::new(tc);
        for _ in 0..30 {
            assert_eq!(c.record_move(0, secs(5), secs(5)), Timing::InTime);
        }
        // 300 - 150 + 300.
        assert_eq!(c.remaining(0), secs(450));
    }

    #[test]
    fn presets() {
        assert!(
            TimeControl::preset(Family::Xiangqi2020, "28.5.2")
                .unwrap()
                .is_rapid()
        );
        assert!(
            !TimeControl::preset(Family::Xiangqi2020, "6.1")
                .unwrap()
                .is_rapid()
        );
        assert!(
            TimeControl::preset(Family::Xiangqi2020, "28.6.1")
                .unwrap()
                .is_odds()
        );
        assert_eq!(
            TimeControl::preset(Family::Xiangqi2020, "30.3.3")
                .unwrap()
                .clause,
            Some("30.3.3")
        );
    }
}
