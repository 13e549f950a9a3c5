//! Draft editions: a known edition amended at its decision points, read
//! from YAML (`spec/editions.md`).
//!
//! A draft names its parent and, under `amend`, the decision points it
//! changes: article 4's numbers (`results`), the 棋例's decision points
//! (`repetition`: 25.1's perpetual check, 26.9's order for both sides
//! forbidden, 附录一 五.1's 疑案从无, …) and the standings (`standings`:
//! game points, unshared places). Every point not named keeps the parent's
//! rule; the draft keeps the parent's clauses.

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Deserializer};
use thiserror::Error;

use super::{Edition, HalfPoints};
use crate::xiangqi::game::{Level, SelfCheckRule};

/// A draft edition: its parent amended at the decision points it names.
#[derive(Debug)]
pub struct Draft {
    /// The draft's name (its `draft:` line).
    pub name: String,
    /// The edition it amends.
    pub parent: &'static Edition,
    /// The edition the draft makes: the parent's clauses and equipment,
    /// its rules with the amendments applied. Its `id` is the draft's name,
    /// its [`Edition::id`] the parent's.
    pub edition: Edition,
    /// The decision points the draft sets, in file order.
    pub points: Vec<DraftPoint>,
}

/// One decision point a draft sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftPoint {
    /// The point, as the YAML names it: `repetition.both_forbidden_by_26_9`.
    pub point: String,
    /// The parent's value.
    pub parent: String,
    /// The draft's value.
    pub draft: String,
    /// The line of the file that sets it (1-based).
    pub line: usize,
}

impl DraftPoint {
    /// Whether the draft's value differs from the parent's.
    pub fn changes(&self) -> bool {
        self.parent != self.draft
    }
}

/// A draft that cannot be read.
#[derive(Debug, Error)]
pub enum DraftError {
    /// The file cannot be read, or is refused at the edge (too large, not
    /// UTF-8: [`crate::limits`]).
    #[error(transparent)]
    Input(#[from] crate::limits::InputError),
    /// The file is not a valid draft, at this place.
    #[error("{file}:{line}:{column}: {message}")]
    At {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DraftFile {
    draft: String,
    parent: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
    #[serde(default)]
    amend: Amend,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Amend {
    #[serde(default)]
    results: Option<ResultsPoints>,
    #[serde(default)]
    repetition: Option<RepetitionPoints>,
    #[serde(default)]
    standings: Option<StandingsPoints>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultsPoints {
    level: Option<Level>,
    natural_limit: Option<u32>,
    self_check: Option<SelfCheck>,
    fouls_to_lose: Option<u32>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum SelfCheck {
    Loses,
    FacingLosesOtherwiseIllegal,
    Violation,
}

impl From<SelfCheck> for SelfCheckRule {
    fn from(s: SelfCheck) -> SelfCheckRule {
        match s {
            SelfCheck::Loses => SelfCheckRule::Loses,
            SelfCheck::FacingLosesOtherwiseIllegal => SelfCheckRule::FacingLosesOtherwiseIllegal,
            SelfCheck::Violation => SelfCheckRule::Violation,
        }
    }
}

/// A field that may be set to `null`: absent is `None`, `null` is
/// `Some(None)`.
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RepetitionPoints {
    perpetual_check_loses: Option<bool>,
    both_forbidden_by_26_9: Option<bool>,
    #[serde(default, deserialize_with = "nullable")]
    early_draw_moves: Option<Option<u32>>,
    nine_round_rule: Option<bool>,
    #[serde(default, deserialize_with = "nullable")]
    doubt_favours_idle: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    change_within_rounds: Option<Option<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingsPoints {
    game_points: Option<HalfPoints>,
    unshared_places: Option<u32>,
}

/// Where `key:` is first set at or after line `from` (0-based), as a
/// 1-based (line, column) of its value; (1, 1) when it is not found.
fn locate(text: &str, key: &str, from: usize) -> (usize, usize) {
    for (i, l) in text.lines().enumerate().skip(from) {
        let t = l.trim_start();
        if let Some(rest) = t.strip_prefix(key).and_then(|r| r.strip_prefix(':')) {
            let indent = l.len() - t.len();
            let value = rest.len() - rest.trim_start().len();
            let col = l[..indent + key.len() + 1 + value].chars().count() + 1;
            return (i + 1, col);
        }
    }
    (1, 1)
}

fn show<T: fmt::Debug>(v: T) -> String {
    format!("{v:?}")
}

impl Edition {
    /// Reads a draft edition from a YAML file (`spec/editions.md`).
    pub fn load_draft(path: impl AsRef<Path>) -> Result<Draft, DraftError> {
        let path = path.as_ref();
        let text = crate::limits::read_file(path)?;
        let file = path.display().to_string();
        Edition::parse_draft(&file, &text)
    }

    /// Reads a draft edition from YAML text; `file` names it in errors.
    #[expect(
        clippy::too_many_lines,
        reason = "one short arm per decision point a draft may amend, each reading its value and recording parent → draft with its line: a table written as code"
    )]
    pub fn parse_draft(file: &str, text: &str) -> Result<Draft, DraftError> {
        let at = |(line, column): (usize, usize), message: String| DraftError::At {
            file: file.to_string(),
            line,
            column,
            message,
        };
        crate::limits::check_structure(text, file)
            .map_err(|e| at((e.line, e.column), e.message))?;
        let raw: DraftFile = yaml_serde::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
            // yaml_serde prefixes its own "at line …" to some messages.
            let message = crate::limits::serde_words(&e.to_string());
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_string();
            at((line, column), message)
        })?;
        let parent = Edition::get(&raw.parent).ok_or_else(|| {
            at(
                locate(text, "parent", 0),
                format!(
                    "unknown parent edition '{}' (known: {})",
                    raw.parent,
                    Edition::ids().join(", ")
                ),
            )
        })?;
        if Edition::get(&raw.draft).is_some() {
            return Err(at(
                locate(text, "draft", 0),
                format!(
                    "'{}' is the id of a published edition; a draft needs a name of its own",
                    raw.draft
                ),
            ));
        }
        let amend_line = locate(text, "amend", 0).0.saturating_sub(1);
        let mut points = Vec::new();
        let mut point = |section: &str, key: &str, parent: String, draft: String| {
            let s = locate(text, section, amend_line).0.saturating_sub(1);
            points.push(DraftPoint {
                point: format!("{section}.{key}"),
                parent,
                draft,
                line: locate(text, key, s).0,
            });
        };

        let mut rules = parent.rules;
        if let Some(r) = raw.amend.results {
            if let Some(v) = r.level {
                point("results", "level", show(rules.level), show(v));
                rules.level = v;
            }
            if let Some(v) = r.natural_limit {
                if v == 0 {
                    return Err(at(
                        locate(text, "natural_limit", amend_line),
                        "natural_limit: the limit must be at least 1 move".into(),
                    ));
                }
                point(
                    "results",
                    "natural_limit",
                    show(rules.natural_limit),
                    show(v),
                );
                rules.natural_limit = v;
            }
            if let Some(v) = r.self_check {
                let v = SelfCheckRule::from(v);
                point("results", "self_check", show(rules.self_check), show(v));
                rules.self_check = v;
            }
            if let Some(v) = r.fouls_to_lose {
                if v == 0 {
                    return Err(at(
                        locate(text, "fouls_to_lose", amend_line),
                        "fouls_to_lose: at least one foul must be needed to lose".into(),
                    ));
                }
                point(
                    "results",
                    "fouls_to_lose",
                    show(rules.fouls_to_lose),
                    show(v),
                );
                rules.fouls_to_lose = v;
            }
        }

        let mut repetition = parent.repetition;
        if let Some(r) = raw.amend.repetition {
            let Some(rep) = repetition.as_mut() else {
                return Err(at(
                    locate(text, "repetition", amend_line),
                    format!(
                        "repetition: {} has no repetition rules (棋例) to amend",
                        parent.id
                    ),
                ));
            };
            if let Some(v) = r.perpetual_check_loses {
                point(
                    "repetition",
                    "perpetual_check_loses",
                    show(rep.perpetual_check_loses),
                    show(v),
                );
                rep.perpetual_check_loses = v;
            }
            if let Some(v) = r.both_forbidden_by_26_9 {
                point(
                    "repetition",
                    "both_forbidden_by_26_9",
                    show(rep.both_forbidden_by_26_9),
                    show(v),
                );
                rep.both_forbidden_by_26_9 = v;
            }
            if let Some(v) = r.early_draw_moves {
                point(
                    "repetition",
                    "early_draw_moves",
                    show(rep.early_draw_moves),
                    show(v),
                );
                rep.early_draw_moves = v;
            }
            if let Some(v) = r.nine_round_rule {
                point(
                    "repetition",
                    "nine_round_rule",
                    show(rep.nine_round_rule),
                    show(v),
                );
                rep.nine_round_rule = v;
            }
            if let Some(v) = r.change_within_rounds {
                point(
                    "repetition",
                    "change_within_rounds",
                    show(rep.change_within_rounds),
                    show(v),
                );
                rep.change_within_rounds = v;
            }
            if let Some(v) = r.doubt_favours_idle {
                // The clause cited must be one of the parent's (or another
                // published edition's): its text is what the ruling cites.
                let clause = match &v {
                    None => None,
                    Some(c) => Some(
                        Edition::all()
                            .iter()
                            .find_map(|e| e.clauses().ids().find(|id| id == c))
                            .ok_or_else(|| {
                                at(
                                    locate(text, "doubt_favours_idle", amend_line),
                                    format!(
                                        "doubt_favours_idle: '{c}' is no clause of any edition (疑案从无 is 附录一.五.1)"
                                    ),
                                )
                            })?,
                    ),
                };
                point(
                    "repetition",
                    "doubt_favours_idle",
                    show(rep.doubt_favours_idle),
                    show(clause),
                );
                rep.doubt_favours_idle = clause;
            }
        }

        let mut standings = parent.standings;
        if let Some(s) = raw.amend.standings {
            let Some(st) = standings.as_mut() else {
                return Err(at(
                    locate(text, "standings", amend_line),
                    format!("standings: {} has no standings rules to amend", parent.id),
                ));
            };
            if let Some(v) = s.game_points {
                if v.win < v.draw || v.draw < v.loss {
                    return Err(at(
                        locate(text, "game_points", amend_line),
                        "game_points: a win must be worth at least a draw, a draw at least a loss"
                            .into(),
                    ));
                }
                point(
                    "standings",
                    "game_points",
                    show(st.game_points),
                    show(Some(v)),
                );
                st.game_points = Some(v);
            }
            if let Some(v) = s.unshared_places {
                point(
                    "standings",
                    "unshared_places",
                    show(st.unshared_places),
                    show(v),
                );
                st.unshared_places = v;
            }
        }

        // The draft's strings live as long as the program: an Edition's
        // names are 'static, and a program reads a draft once.
        let name: &'static str = Box::leak(raw.draft.clone().into_boxed_str());
        let title: &'static str = Box::leak(
            raw.title
                .unwrap_or_else(|| format!("{} (draft {})", parent.title, raw.draft))
                .into_boxed_str(),
        );
        Ok(Draft {
            name: raw.draft,
            parent,
            edition: Edition {
                id: name,
                key: parent.key,
                game: parent.game,
                parent: Some(parent.id),
                title,
                clause_texts: parent.clause_texts,
                equipment: parent.equipment,
                rules,
                repetition,
                conduct_profile: parent.conduct_profile,
                standings,
            },
            points,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::EditionId;

    const NO_26_9: &str = "\
draft: xiangqi-2020-no-26-9
parent: xiangqi-2020
title: 象棋竞赛规则 (2020), draft without 26.9
amend:
  repetition:
    both_forbidden_by_26_9: false
";

    #[test]
    fn a_draft_amends_its_parent_at_the_points_it_names() {
        let d = Edition::parse_draft("d.yaml", NO_26_9).unwrap();
        let parent = Edition::of(EditionId::Xiangqi2020);
        assert!(std::ptr::eq(d.parent, parent));
        assert_eq!(d.edition.id, "xiangqi-2020-no-26-9");
        assert_eq!(d.edition.id(), EditionId::Xiangqi2020);
        assert_eq!(d.edition.rules, parent.rules);
        let rep = d.edition.repetition.unwrap();
        assert!(!rep.both_forbidden_by_26_9);
        assert_eq!(
            RepetitionRulesWithout26_9::from(rep),
            RepetitionRulesWithout26_9::from(parent.repetition.unwrap())
        );
        assert_eq!(
            d.points,
            vec![DraftPoint {
                point: "repetition.both_forbidden_by_26_9".into(),
                parent: "true".into(),
                draft: "false".into(),
                line: 6,
            }]
        );
        assert!(d.edition.clauses().contains("26.9.1"));
    }

    #[test]
    fn the_worked_example_of_the_spec_loads() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/spec/drafts/xiangqi-2020-no-26-9.yaml"
        );
        let d = Edition::load_draft(path).unwrap();
        assert_eq!(d.name, "xiangqi-2020-no-26-9");
        assert_eq!(d.points.len(), 1);
        assert_eq!(d.points[0].line, 9);
        assert!(!d.edition.repetition.unwrap().both_forbidden_by_26_9);
    }

    /// The rules but their 26.9 point, to compare the rest.
    #[derive(Debug, PartialEq)]
    struct RepetitionRulesWithout26_9(crate::edition::RepetitionRules);

    impl From<crate::edition::RepetitionRules> for RepetitionRulesWithout26_9 {
        fn from(mut r: crate::edition::RepetitionRules) -> Self {
            r.both_forbidden_by_26_9 = true;
            RepetitionRulesWithout26_9(r)
        }
    }

    #[test]
    fn results_mass_rules_and_scoring() {
        let text = "\
draft: mass-strict
parent: xiangqi-2020-mass
amend:
  results:
    natural_limit: 30
    fouls_to_lose: 2
    self_check: loses
  repetition:
    doubt_favours_idle: null
  standings:
    game_points: {win: 6, draw: 2, loss: 0}
";
        let d = Edition::parse_draft("m.yaml", text).unwrap();
        assert_eq!(d.edition.rules.natural_limit, 30);
        assert_eq!(d.edition.rules.fouls_to_lose, 2);
        assert_eq!(d.edition.rules.self_check, SelfCheckRule::Loses);
        assert_eq!(d.edition.repetition.unwrap().doubt_favours_idle, None);
        assert_eq!(
            d.edition.standings.unwrap().game_points,
            Some(HalfPoints {
                win: 6,
                draw: 2,
                loss: 0
            })
        );
        assert_eq!(d.points.len(), 5);
        assert_eq!(d.points[0].line, 5);
        assert_eq!(d.points[3].point, "repetition.doubt_favours_idle");
        assert_eq!(d.points[3].line, 9);
        assert!(d.points.iter().all(DraftPoint::changes));
        // The mass rules' 疑案从无 set on the 2020 rules.
        let d = Edition::parse_draft(
            "x.yaml",
            "draft: d\nparent: xiangqi-2020\namend:\n  repetition:\n    doubt_favours_idle: 附录一.五.1\n",
        )
        .unwrap();
        assert_eq!(
            d.edition.repetition.unwrap().doubt_favours_idle,
            Some("附录一.五.1")
        );
    }

    fn err(text: &str) -> String {
        Edition::parse_draft("bad.yaml", text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn errors_are_located() {
        let e = err("draft: d\nparent: xiangqi-2021\n");
        assert!(
            e.starts_with("bad.yaml:2:9: unknown parent edition 'xiangqi-2021'"),
            "{e}"
        );
        let e = err(
            "draft: d\nparent: xiangqi-2020\namend:\n  repetition:\n    both_forbiden: false\n",
        );
        assert!(e.starts_with("bad.yaml:5:"), "{e}");
        assert!(e.contains("both_forbiden"), "{e}");
        let e =
            err("draft: d\nparent: xiangqi-2020\namend:\n  results:\n    fouls_to_lose: many\n");
        assert!(e.starts_with("bad.yaml:5:"), "{e}");
        let e = err(
            "draft: d\nparent: gomoku-2025\namend:\n  repetition:\n    nine_round_rule: false\n",
        );
        assert!(
            e.starts_with("bad.yaml:4:") && e.contains("no repetition rules"),
            "{e}"
        );
        let e = err(
            "draft: d\nparent: xiangqi-2020\namend:\n  repetition:\n    doubt_favours_idle: 99.9\n",
        );
        assert!(e.starts_with("bad.yaml:5:25: doubt_favours_idle"), "{e}");
        let e = err("draft: xiangqi-1999\nparent: xiangqi-2020\n");
        assert!(e.starts_with("bad.yaml:1:8:"), "{e}");
        let e = Edition::load_draft("/nonexistent/draft.yaml").unwrap_err();
        assert!(matches!(e, DraftError::Input(_)));
    }
}
