//! The differences between two editions (`qigui diff`): the points of the
//! rules on which they differ ([`crate::edition::amendments`], `spec/editions.yaml`)
//! and every corpus case whose expected outcome differs between them — a
//! case that applies under both editions (its own and an `editions:` entry,
//! `spec/corpus-format.md`) with different expected values — with both
//! outcomes and the clauses each edition decides it by.
//!
//! Works for every kind of case alike: the expected values are compared
//! and shown as JSON, key by key.

use serde_json::{Map, Value, json};
use thiserror::Error;

use crate::corpus::{Case, Corpus, Instance};
use crate::edition::Edition;
use crate::edition::amendments::{Amendments, AmendmentsError, Effective, TopicDifference};

/// Why two editions cannot be compared.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiffError {
    /// An edition id qigui does not know.
    #[error("unknown edition '{0}'; known: {known}", known = Edition::ids().join(", "))]
    UnknownEdition(String),
    /// The editions are rules of different games.
    #[error("{0} and {1} are rules of different games")]
    DifferentGames(String, String),
    /// `spec/editions.yaml` cannot be read.
    #[error(transparent)]
    Data(#[from] AmendmentsError),
}

/// A case whose expected outcome differs between the two editions.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseDifference<'a> {
    /// The case.
    pub case: &'a Case,
    /// The keys of `expected` whose values differ (empty when an expected
    /// value is not a mapping).
    pub keys: Vec<String>,
    /// The case under the first edition.
    pub from: Instance<'a>,
    /// The case under the second edition.
    pub to: Instance<'a>,
    /// Only clause numbers differ: every differing key holds clause ids of
    /// each edition (`clause: 4.1.3` against `4.1.2`, `violations: [1.5]`
    /// against `[1.4]`), the same number of them on both sides unless the
    /// key is `clause` or `clauses`, which only cite.
    pub renumbered: bool,
}

/// Everything that differs between two editions.
#[derive(Clone, Debug)]
pub struct EditionDiff<'a> {
    /// The first edition.
    pub from: &'static Edition,
    /// The second edition.
    pub to: &'static Edition,
    /// The points of the rules on which they differ.
    pub rules: Vec<TopicDifference<'a>>,
    /// The cases whose expected outcome differs, in corpus order.
    pub cases: Vec<CaseDifference<'a>>,
}

/// Compares two editions over a corpus.
pub fn diff<'a>(corpus: &'a Corpus, from: &str, to: &str) -> Result<EditionDiff<'a>, DiffError> {
    let a = Edition::get(from).ok_or_else(|| DiffError::UnknownEdition(from.to_string()))?;
    let b = Edition::get(to).ok_or_else(|| DiffError::UnknownEdition(to.to_string()))?;
    if a.game != b.game {
        return Err(DiffError::DifferentGames(a.id.into(), b.id.into()));
    }
    let data = Amendments::get()?;
    let rules = data.differences(a.id, b.id);
    let mut cases = Vec::new();
    for case in &corpus.cases {
        let instances = case.instances();
        let find = |id: &str| instances.iter().find(|i| i.edition.id == id).cloned();
        if let (Some(x), Some(y)) = (find(a.id), find(b.id))
            && x.expected != y.expected
        {
            let keys = differing_keys(&x.expected, &y.expected);
            // By the corpus's convention `clause` and `clauses` are
            // citations; elsewhere (`violations: [1.4, 1.4]`) how many
            // clauses there are also matters.
            let renumbered = !keys.is_empty()
                && keys.iter().all(|k| {
                    let citation = k == "clause" || k == "clauses";
                    clause_ids_only(x.expected.get(k), a, y.expected.get(k), b, citation)
                });
            cases.push(CaseDifference {
                case,
                keys,
                from: x,
                to: y,
                renumbered,
            });
        }
    }
    Ok(EditionDiff {
        from: a,
        to: b,
        rules,
        cases,
    })
}

/// Whether two values are clause ids of their editions and nothing else:
/// two ids, or two lists of ids, equally long unless `any_length`.
fn clause_ids_only(
    x: Option<&Value>,
    a: &Edition,
    y: Option<&Value>,
    b: &Edition,
    any_length: bool,
) -> bool {
    let ids = |v: &Value, e: &Edition| -> Option<usize> {
        match v {
            Value::String(s) => e.clauses().contains(s).then_some(1),
            Value::Array(items) if !items.is_empty() => items
                .iter()
                .all(|i| i.as_str().is_some_and(|s| e.clauses().contains(s)))
                .then_some(items.len() + 1),
            _ => None,
        }
    };
    match (x, y) {
        (Some(x), Some(y)) => match (ids(x, a), ids(y, b)) {
            (Some(n), Some(m)) => any_length || n == m,
            _ => false,
        },
        _ => false,
    }
}

/// The keys of two mappings whose values differ, in the first's order and
/// then the second's; empty when either is not a mapping.
pub fn differing_keys(a: &Value, b: &Value) -> Vec<String> {
    let (Value::Object(x), Value::Object(y)) = (a, b) else {
        return Vec::new();
    };
    let mut keys: Vec<String> = Vec::new();
    for k in x.keys().chain(y.keys()) {
        if x.get(k) != y.get(k) && !keys.contains(k) {
            keys.push(k.clone());
        }
    }
    keys
}

/// A JSON value for a reader: strings without quotes, the rest compact.
pub fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "(none)".into(),
        other => other.to_string(),
    }
}

/// The differing part of an expectation, `key: value` joined by `; `; the
/// whole value when it is not a mapping.
pub fn shown(expected: &Value, keys: &[String]) -> String {
    if keys.is_empty() {
        return plain(expected);
    }
    keys.iter()
        .map(|k| {
            let v = expected.get(k).map_or("(absent)".to_string(), plain);
            format!("{k}: {v}")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn stated(e: &Effective<'_>, edition: &str) -> String {
    let clauses = if e.rule.clauses.is_empty() {
        "no clause".to_string()
    } else {
        e.rule.clauses.join(", ")
    };
    if e.stated_by == edition {
        clauses
    } else {
        format!("{clauses}, as {}", e.stated_by)
    }
}

/// `key: from → to` for each differing key of a case.
pub fn renumbering(c: &CaseDifference<'_>) -> String {
    c.keys
        .iter()
        .map(|k| {
            let v = |e: &Value| e.get(k).map_or("(absent)".to_string(), plain);
            format!("{k}: {} → {}", v(&c.from.expected), v(&c.to.expected))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl<'a> EditionDiff<'a> {
    /// The cases whose outcome differs, and those that differ only in
    /// clause numbers.
    pub fn split(&self) -> (Vec<&CaseDifference<'a>>, Vec<&CaseDifference<'a>>) {
        self.cases.iter().partition(|c| !c.renumbered)
    }

    /// The report as text.
    pub fn to_text(&self) -> String {
        let (a, b) = (self.from.id, self.to.id);
        let w = a.chars().count().max(b.chars().count());
        let mut out = format!("qigui diff: {a} → {b}\n");
        out.push_str(&format!("  {a:w$}  {}\n", self.from.title));
        out.push_str(&format!("  {b:w$}  {}\n", self.to.title));
        out.push_str(&format!("\nRules that differ: {}\n", self.rules.len()));
        for t in &self.rules {
            out.push_str(&format!("\n{} — {}\n", t.topic.id, t.topic.title));
            for (id, side) in [(a, &t.from), (b, &t.to)] {
                match side {
                    Some(e) => {
                        out.push_str(&format!(
                            "  {id:w$}  {}  [{}]\n",
                            e.rule.value,
                            stated(e, id)
                        ));
                        out.push_str(&format!("  {:w$}  {}\n", "", e.rule.rule));
                    }
                    None => out.push_str(&format!("  {id:w$}  (no rule stated)\n")),
                }
            }
        }
        let (outcome, renumbered) = self.split();
        out.push_str(&format!(
            "\nCases whose expected outcome differs: {}\n",
            outcome.len()
        ));
        for c in &outcome {
            let raw = &c.case.raw;
            let figure = raw
                .figure
                .as_deref()
                .map(|f| format!("{f}, "))
                .unwrap_or_default();
            out.push_str(&format!("\n{}  ({figure}{})\n", raw.id, raw.kind.name()));
            out.push_str(&format!("  {}\n", raw.description));
            for i in [&c.from, &c.to] {
                let skip = i.skip.as_deref().map(|_| "  (skipped)").unwrap_or_default();
                out.push_str(&format!(
                    "  {:w$}  {}  [{}]{skip}\n",
                    i.edition.id,
                    shown(&i.expected, &c.keys),
                    i.clauses.join(", ")
                ));
            }
        }
        out.push_str(&format!(
            "\nCases that differ only in the clause numbers they cite: {}\n\n",
            renumbered.len()
        ));
        for c in &renumbered {
            out.push_str(&format!("{}  {}\n", c.case.raw.id, renumbering(c)));
        }
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        out.push_str(&format!(
            "\n{} {} {}; {} {} {} expected outcome; {} more {} other clause numbers.\n",
            self.rules.len(),
            plural(self.rules.len(), "rule", "rules"),
            plural(self.rules.len(), "differs", "differ"),
            outcome.len(),
            plural(outcome.len(), "case", "cases"),
            plural(outcome.len(), "changes its", "change their"),
            renumbered.len(),
            plural(renumbered.len(), "cites", "cite"),
        ));
        out
    }

    /// The report as Markdown (GitHub tables).
    pub fn to_markdown(&self) -> String {
        let (a, b) = (self.from.id, self.to.id);
        let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
        let mut out = format!("# qigui diff: `{a}` → `{b}`\n\n");
        out.push_str(&format!(
            "{} → {}\n\n",
            cell(self.from.title),
            cell(self.to.title)
        ));
        out.push_str(&format!("## Rules that differ ({})\n\n", self.rules.len()));
        if !self.rules.is_empty() {
            out.push_str(&format!("| topic | `{a}` | `{b}` |\n|---|---|---|\n"));
            for t in &self.rules {
                let side = |s: &Option<Effective<'_>>, id: &str| match s {
                    Some(e) => format!(
                        "**{}** ({})<br>{}",
                        cell(&e.rule.value),
                        cell(&stated(e, id)),
                        cell(&e.rule.rule)
                    ),
                    None => "(no rule stated)".to_string(),
                };
                out.push_str(&format!(
                    "| {} (`{}`) | {} | {} |\n",
                    cell(&t.topic.title),
                    t.topic.id,
                    side(&t.from, a),
                    side(&t.to, b)
                ));
            }
            out.push('\n');
        }
        let (outcome, renumbered) = self.split();
        out.push_str(&format!(
            "## Cases whose expected outcome differs ({})\n\n",
            outcome.len()
        ));
        if !outcome.is_empty() {
            out.push_str(&format!("| case | `{a}` | `{b}` |\n|---|---|---|\n"));
            for c in &outcome {
                let raw = &c.case.raw;
                let figure = raw
                    .figure
                    .as_deref()
                    .map(|f| format!(" {f}"))
                    .unwrap_or_default();
                let side = |i: &Instance<'_>| {
                    format!(
                        "{}<br>clauses {}{}",
                        cell(&shown(&i.expected, &c.keys)),
                        cell(&i.clauses.join(", ")),
                        if i.skip.is_some() { " (skipped)" } else { "" }
                    )
                };
                out.push_str(&format!(
                    "| `{}`{figure} ({})<br>{} | {} | {} |\n",
                    raw.id,
                    raw.kind.name(),
                    cell(&raw.description),
                    side(&c.from),
                    side(&c.to)
                ));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "## Cases that differ only in the clause numbers they cite ({})\n\n",
            renumbered.len()
        ));
        for c in &renumbered {
            out.push_str(&format!(
                "- `{}`: {}\n",
                c.case.raw.id,
                cell(&renumbering(c))
            ));
        }
        if !renumbered.is_empty() {
            out.push('\n');
        }
        out
    }

    /// The report as JSON.
    pub fn to_json(&self) -> Value {
        let edition = |e: &Edition| json!({"id": e.id, "title": e.title});
        let rule = |s: &Option<Effective<'_>>| match s {
            Some(e) => json!({
                "stated_by": e.stated_by,
                "clauses": e.rule.clauses,
                "value": e.rule.value,
                "rule": e.rule.rule,
            }),
            None => Value::Null,
        };
        let side = |i: &Instance<'_>| {
            let mut m = Map::new();
            m.insert("clauses".into(), json!(i.clauses));
            m.insert("expected".into(), i.expected.clone());
            if let Some(s) = &i.skip {
                m.insert("skip".into(), json!(s));
            }
            if let Some(e) = &i.erratum {
                m.insert("erratum".into(), json!(e.id));
            }
            Value::Object(m)
        };
        json!({
            "from": edition(self.from),
            "to": edition(self.to),
            "rules": self.rules.iter().map(|t| json!({
                "topic": t.topic.id,
                "title": t.topic.title,
                "from": rule(&t.from),
                "to": rule(&t.to),
            })).collect::<Vec<_>>(),
            "cases": self.cases.iter().map(|c| {
                let mut m = Map::new();
                m.insert("id".into(), json!(c.case.raw.id));
                m.insert("kind".into(), json!(c.case.raw.kind.name()));
                if let Some(f) = &c.case.raw.figure {
                    m.insert("figure".into(), json!(f));
                }
                m.insert("description".into(), json!(c.case.raw.description));
                m.insert("keys".into(), json!(c.keys));
                m.insert("renumbered".into(), json!(c.renumbered));
                m.insert("from".into(), side(&c.from));
                m.insert("to".into(), side(&c.to));
                Value::Object(m)
            }).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_differ() {
        let a = json!({"verdict": "draw", "clauses": ["26.3"], "red": "x"});
        let b = json!({"verdict": "red_must_change", "red": "x", "extra": 1});
        // In the mappings' key order (serde_json sorts keys), then the second's own.
        assert_eq!(differing_keys(&a, &b), ["clauses", "verdict", "extra"]);
        assert_eq!(shown(&a, &["verdict".into()]), "verdict: draw");
        assert_eq!(shown(&b, &["clauses".into()]), "clauses: (absent)");
        assert!(differing_keys(&json!(1), &json!(2)).is_empty());
    }

    #[test]
    fn editions_of_different_games_are_refused() {
        let corpus = Corpus::default();
        assert!(matches!(
            diff(&corpus, "xiangqi-2020", "gomoku-2025"),
            Err(DiffError::DifferentGames(..))
        ));
        assert!(matches!(
            diff(&corpus, "xiangqi-2021", "xiangqi-2020"),
            Err(DiffError::UnknownEdition(_))
        ));
        let d = diff(&corpus, "xiangqi-1999", "xiangqi-2020").expect("comparable");
        assert!(d.cases.is_empty());
        assert!(d.rules.iter().any(|t| t.topic.id == "both-forbidden"));
    }
}
