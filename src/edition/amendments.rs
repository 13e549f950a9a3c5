//! Editions as data: which edition amends which, and the points of the rules
//! on which editions differ (`spec/editions.yaml`).
//!
//! Every edition has a *base*: the edition it amends (its parent: 附录一
//! amends the 2020 rules) or, when it amends none, the edition it is
//! compared with (its reference: 1999 with 2020, the local Xiangqi rules
//! with 附录一, the 2012 campus Gomoku rules with the 2025 rules). A
//! [`Topic`] is one point of the rules — the size of a square (1.4), the
//! points for a game (2020 13.1, 1999 14.1), both sides forbidden (2020
//! 26.9, 1999 26.3) — with the rule of each edition that states its own.
//! An edition without an entry follows its base. Two editions differ on a
//! topic when their rules' `value`s differ; an edition *changes* a topic
//! when it differs there from its base.
//!
//! ```
//! let data = qigui::edition::Amendments::get().unwrap();
//! let changes = data.changes("xiangqi-1999");
//! assert!(changes.iter().any(|c| c.topic.id == "both-forbidden"));
//! let d = data.differences("xiangqi-2020", "xiangqi-2020-mass");
//! assert!(d.iter().any(|t| t.topic.id == "perpetual-check"));
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::edition::Edition;

const DATA: &str = include_str!("../../spec/editions.yaml");

/// What `spec/editions.yaml` says about one edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionEntry {
    /// The edition's id.
    pub id: String,
    /// The edition it amends.
    pub parent: Option<String>,
    /// The edition it is compared with when it amends none.
    pub reference: Option<String>,
    /// The rulebook file and where in it.
    pub source: String,
    /// What a reader needs to know about the edition as a whole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One edition's rule on a topic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TopicRule {
    /// The edition's clause ids (empty: it has no clause on the point).
    pub clauses: Vec<String>,
    /// A short comparable statement: two editions differ exactly when
    /// their values differ.
    pub value: String,
    /// The rule in a sentence.
    pub rule: String,
}

/// One point of the rules on which some editions differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Topic {
    /// A stable slug, e.g. `board-squares`.
    pub id: String,
    /// What the point is, as a heading.
    pub title: String,
    /// Edition id → its rule, for the editions that state their own.
    pub rules: BTreeMap<String, TopicRule>,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Amendments {
    /// Every edition, in the order of [`Edition::all`].
    pub editions: Vec<EditionEntry>,
    /// The topics, in the order of the file.
    pub topics: Vec<Topic>,
}

/// `spec/editions.yaml` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("spec/editions.yaml:{line}:{column}: {message}")]
pub struct AmendmentsError {
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// An edition's rule on a topic, with the edition that states it (the
/// edition itself or one up its chain of bases).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effective<'a> {
    /// The edition whose entry applies.
    pub stated_by: &'a str,
    /// The rule.
    pub rule: &'a TopicRule,
}

/// A topic an edition changes relative to its base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change<'a> {
    /// The topic.
    pub topic: &'a Topic,
    /// The edition's rule.
    pub rule: &'a TopicRule,
    /// The base edition.
    pub base: &'a str,
    /// The base's rule (as it states it or inherits it), if it has one.
    pub base_rule: Option<Effective<'a>>,
}

/// A topic on which two editions differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopicDifference<'a> {
    /// The topic.
    pub topic: &'a Topic,
    /// The first edition's rule, if it has one.
    pub from: Option<Effective<'a>>,
    /// The second edition's rule, if it has one.
    pub to: Option<Effective<'a>>,
}

impl Amendments {
    /// Parses the file's text.
    pub fn parse(text: &str) -> Result<Amendments, AmendmentsError> {
        crate::limits::check_structure(text, "").map_err(|e| AmendmentsError {
            line: e.line,
            column: e.column,
            message: e.message,
        })?;
        yaml_serde::from_str(text).map_err(|e| {
            let (line, column) = e
                .location()
                .map_or((0, 0), |loc| (loc.line(), loc.column()));
            AmendmentsError {
                line,
                column,
                message: crate::limits::serde_words(&e.to_string()),
            }
        })
    }

    /// The data of this build (`spec/editions.yaml`, compiled in).
    pub fn get() -> Result<&'static Amendments, AmendmentsError> {
        static DATA_PARSED: OnceLock<Result<Amendments, AmendmentsError>> = OnceLock::new();
        DATA_PARSED
            .get_or_init(|| Amendments::parse(DATA))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The entry of an edition.
    pub fn edition(&self, id: &str) -> Option<&EditionEntry> {
        self.editions.iter().find(|e| e.id == id)
    }

    /// The edition's base: its parent, else its reference.
    pub fn base(&self, id: &str) -> Option<&str> {
        let e = self.edition(id)?;
        e.parent.as_deref().or(e.reference.as_deref())
    }

    /// The topic with this id.
    pub fn topic(&self, id: &str) -> Option<&Topic> {
        self.topics.iter().find(|t| t.id == id)
    }

    /// The rule that applies under `edition` on `topic`: its own, else its
    /// base's, and so on up the chain; `None` when no edition of the chain
    /// states one.
    pub fn effective<'a>(&'a self, edition: &'a str, topic: &'a Topic) -> Option<Effective<'a>> {
        let mut at = Some(edition);
        // The chain is validated to be acyclic; the bound keeps a bad file
        // from looping.
        for _ in 0..=self.editions.len() {
            let id = at?;
            if let Some((k, rule)) = topic.rules.get_key_value(id) {
                return Some(Effective {
                    stated_by: k.as_str(),
                    rule,
                });
            }
            at = self.base(id);
        }
        None
    }

    /// The topics `edition` changes relative to its base, in file order.
    pub fn changes<'a>(&'a self, edition: &'a str) -> Vec<Change<'a>> {
        let Some(base) = self.base(edition) else {
            return Vec::new();
        };
        self.topics
            .iter()
            .filter_map(|topic| {
                let rule = topic.rules.get(edition)?;
                let base_rule = self.effective(base, topic);
                if base_rule.is_some_and(|b| b.rule.value == rule.value) {
                    return None;
                }
                Some(Change {
                    topic,
                    rule,
                    base,
                    base_rule,
                })
            })
            .collect()
    }

    /// The topics on which `from` and `to` differ, in file order.
    pub fn differences<'a>(&'a self, from: &'a str, to: &'a str) -> Vec<TopicDifference<'a>> {
        self.topics
            .iter()
            .filter_map(|topic| {
                let a = self.effective(from, topic);
                let b = self.effective(to, topic);
                let same = match (a, b) {
                    (None, None) => true,
                    (Some(a), Some(b)) => a.rule.value == b.rule.value,
                    _ => false,
                };
                (!same).then_some(TopicDifference {
                    topic,
                    from: a,
                    to: b,
                })
            })
            .collect()
    }

    /// Everything wrong with the data, checked against the editions and
    /// their clause lists: unknown or missing editions, a parent that is not
    /// [`Edition::parent`], a base of another game, a cycle of bases,
    /// duplicate topics, a rule of an unknown edition or of another game
    /// than the topic's other rules, an unknown clause, an empty value.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let ids: Vec<&str> = self.editions.iter().map(|e| e.id.as_str()).collect();
        let known: Vec<&str> = Edition::all().iter().map(|e| e.id).collect();
        if ids != known {
            out.push(format!(
                "editions: {} listed, but src/edition/mod.rs has {} (same order)",
                ids.join(", "),
                known.join(", ")
            ));
        }
        for e in &self.editions {
            let Some(ed) = Edition::get(&e.id) else {
                out.push(format!("editions: unknown edition '{}'", e.id));
                continue;
            };
            if e.parent.as_deref() != ed.parent {
                out.push(format!(
                    "{}: parent {:?}, but src/edition/mod.rs says {:?}",
                    e.id, e.parent, ed.parent
                ));
            }
            if e.parent.is_some() && e.reference.is_some() {
                out.push(format!(
                    "{}: a parent and a reference; the parent is the base",
                    e.id
                ));
            }
            if let Some(base) = e.parent.as_deref().or(e.reference.as_deref()) {
                match Edition::get(base) {
                    None => out.push(format!("{}: unknown base '{base}'", e.id)),
                    Some(b) if b.game != ed.game => {
                        out.push(format!("{}: base '{base}' is for another game", e.id))
                    }
                    Some(_) => {}
                }
            }
            // A cycle of bases.
            let mut at = self.base(&e.id);
            let mut steps = 0;
            while let Some(b) = at {
                if b == e.id || steps > self.editions.len() {
                    out.push(format!("{}: its chain of bases comes back to it", e.id));
                    break;
                }
                steps += 1;
                at = self.base(b);
            }
        }
        for (i, t) in self.topics.iter().enumerate() {
            if self.topics[..i].iter().any(|u| u.id == t.id) {
                out.push(format!("topic '{}': duplicate id", t.id));
            }
            if t.rules.is_empty() {
                out.push(format!("topic '{}': no rules", t.id));
            }
            let mut game = None;
            for (ed_id, rule) in &t.rules {
                let Some(ed) = Edition::get(ed_id) else {
                    out.push(format!("topic '{}': unknown edition '{ed_id}'", t.id));
                    continue;
                };
                match game {
                    None => game = Some(ed.game),
                    Some(g) if g != ed.game => out.push(format!(
                        "topic '{}': '{ed_id}' is for another game than the topic's other editions",
                        t.id
                    )),
                    Some(_) => {}
                }
                for c in &rule.clauses {
                    if !ed.clauses().contains(c) {
                        out.push(format!("topic '{}': unknown clause '{c}' in {ed_id}", t.id));
                    }
                }
                if rule.value.trim().is_empty() || rule.rule.trim().is_empty() {
                    out.push(format!(
                        "topic '{}': {ed_id} needs a value and a rule",
                        t.id
                    ));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_is_valid() {
        let data = Amendments::get().expect("spec/editions.yaml parses");
        assert_eq!(data.problems(), Vec::<String>::new());
    }

    #[test]
    fn chains_and_inheritance() {
        let data = Amendments::get().expect("parses");
        assert_eq!(data.base("xiangqi-2020-mass"), Some("xiangqi-2020"));
        assert_eq!(data.base("xiangqi-local"), Some("xiangqi-2020-mass"));
        assert_eq!(data.base("xiangqi-2020"), None);
        let squares = data.topic("board-squares").expect("topic");
        // The mass rules and the local rules say nothing about the board:
        // they follow 2020 through their chains.
        let e = data.effective("xiangqi-local", squares).expect("inherited");
        assert_eq!(e.stated_by, "xiangqi-2020");
        assert_eq!(e.rule.value, "4.0–5.0 cm");
        // 1999 keeps the perpetual-check rule: an entry, but not a change.
        let changes = data.changes("xiangqi-1999");
        assert!(!changes.iter().any(|c| c.topic.id == "perpetual-check"));
        assert!(changes.iter().any(|c| c.topic.id == "board-squares"));
        // 1999 and 附录一 agree that both forbidden is a draw.
        let d = data.differences("xiangqi-1999", "xiangqi-2020-mass");
        assert!(!d.iter().any(|t| t.topic.id == "both-forbidden"));
        assert!(d.iter().any(|t| t.topic.id == "perpetual-check"));
        // Differences are symmetric.
        let back = data.differences("xiangqi-2020-mass", "xiangqi-1999");
        assert_eq!(d.len(), back.len());
        // An edition does not differ from itself.
        assert!(data.differences("gomoku-2025", "gomoku-2025").is_empty());
    }

    #[test]
    fn a_bad_file_is_an_error_with_a_place() {
        let e = Amendments::parse("editions: [\n  {id: x, bogus: 1}]\ntopics: []\n")
            .expect_err("unknown field");
        assert!(e.line >= 1, "{e}");
        assert!(e.to_string().starts_with("spec/editions.yaml:"), "{e}");
    }
}
