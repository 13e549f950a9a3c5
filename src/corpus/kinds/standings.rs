//! The `standings` kind (2020 articles 13–14, 18.5, 19, 20.3; 1999
//! articles 14–15; Gomoku 28–29): a small tournament and its ranking.
//!
//! The input is a tournament in the format of `spec/tournament-format.md`
//! (without `rules`: the case's edition gives them). The expectation
//! names the order, shared places, chosen values of the tie-breaks, and
//! the criterion that separated a row from the row above.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::Edition;
use crate::standings::points::Points;
use crate::standings::tiebreaks::Criterion;
use crate::standings::{self, Standings, StandingsError};
use crate::tournament::{Id, Tournament};

use super::{Issue, Kind, issue, mismatch, typed};

/// A place in the expected ranking: one entrant, or several sharing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum Place {
    /// One entrant.
    One(Id),
    /// Entrants sharing the place (any order).
    Shared(Vec<Id>),
}

/// An expected tie-break value: a number, a list (for a criterion of
/// several steps), or null (not reached or not applicable).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(untagged)]
pub enum ExpectedValue {
    /// One number.
    One(Points),
    /// Several, compared in order.
    Many(Vec<Points>),
}

/// What is expected of one row. Every key given is checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RowExpected {
    /// The entrant.
    pub id: Id,
    /// Its place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// Values by criterion name (`points`, `sonneborn-berger`, ...); null
    /// for a criterion not reached or not applicable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<BTreeMap<String, Option<ExpectedValue>>>,
    /// The criterion that separated it from the row above, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
}

/// `standings` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StandingsExpected {
    /// The clause whose chain ranks the event (`14.1`, `15.2`, `29.2.1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// The ranking, best first; a list inside the list is a shared place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranking: Option<Vec<Place>>,
    /// Rows to check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<RowExpected>>,
    /// Entrants whose results were cancelled (19.2): not ranked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancelled: Option<Vec<Id>>,
    /// Entrants whose shared place the rules want played off (14.6, 1999
    /// 15.6, `unshared_places`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playoff: Option<Vec<Id>>,
    /// For teams ranked by placings (14.9): the individual ranking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub individual_ranking: Option<Vec<Place>>,
    /// The standings cannot be computed: `invalid` (results contradicting
    /// the rules) or `unsupported` (no rule for this event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn input(v: &Value) -> Result<Tournament, Issue> {
    let t: Tournament = typed("input", v)?;
    if t.rules.is_some() {
        return Err(issue(
            "input",
            "`rules` comes from the case's edition: leave it out",
        ));
    }
    t.check("input")
        .map_err(|e| issue("input", e.to_string()))?;
    Ok(t)
}

/// Validates a case's input and expected output for one edition.
pub(crate) fn validate(
    kind: Kind,
    input_v: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    if kind != Kind::Standings {
        return Err(issue("kind", "not a standings kind"));
    }
    let t = input(input_v)?;
    standings::edition_for(&t, Some(edition.id)).map_err(|e| issue("input", e.to_string()))?;
    let e: StandingsExpected = typed("expected", expected)?;
    if e == StandingsExpected::default() {
        return Err(issue("expected", "expects nothing"));
    }
    if let Some(err) = &e.error {
        if !matches!(err.as_str(), "invalid" | "unsupported") {
            return Err(issue("expected", "error: `invalid` or `unsupported`"));
        }
    }
    if let Some(rows) = &e.rows {
        for r in rows {
            for name in r.values.iter().flat_map(|v| v.keys()) {
                if Criterion::parse(name).is_none() {
                    return Err(issue("expected", format!("unknown tie-break '{name}'")));
                }
            }
            if let Some(d) = &r.decided_by {
                if d != "none" && Criterion::parse(d).is_none() {
                    return Err(issue("expected", format!("unknown tie-break '{d}'")));
                }
            }
        }
    }
    Ok(())
}

fn places(s: &Standings) -> Vec<BTreeSet<String>> {
    let mut out: Vec<(u32, BTreeSet<String>)> = Vec::new();
    for r in &s.rows {
        match out.last_mut() {
            Some((rank, set)) if *rank == r.rank => {
                set.insert(r.id.to_string());
            }
            _ => out.push((r.rank, BTreeSet::from([r.id.to_string()]))),
        }
    }
    out.into_iter().map(|(_, s)| s).collect()
}

fn expected_places(list: &[Place]) -> Vec<BTreeSet<String>> {
    list.iter()
        .map(|p| match p {
            Place::One(id) => BTreeSet::from([id.to_string()]),
            Place::Shared(ids) => ids.iter().map(Id::to_string).collect(),
        })
        .collect()
}

fn show(places: &[BTreeSet<String>]) -> String {
    places
        .iter()
        .map(|s| {
            if s.len() == 1 {
                s.iter().next().cloned().unwrap_or_default()
            } else {
                format!("[{}]", s.iter().cloned().collect::<Vec<_>>().join(" "))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn ids(list: &[Id]) -> BTreeSet<String> {
    list.iter().map(Id::to_string).collect()
}

/// Runs a case; `Err` is the failure message.
pub(crate) fn run(
    _kind: Kind,
    input_v: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), String> {
    let t = input(input_v).map_err(|i| i.message)?;
    let e: StandingsExpected = typed("expected", expected).map_err(|i| i.message)?;
    let s = match standings::compute(&t, Some(edition.id)) {
        Ok(s) => s,
        Err(err) => {
            let code = match err {
                StandingsError::Unsupported(_) => "unsupported",
                _ => "invalid",
            };
            return match &e.error {
                Some(want) => {
                    mismatch("error", &want.as_str(), &code).map_err(|m| format!("{m} ({err})"))
                }
                None => Err(format!("standings failed: {err}")),
            };
        }
    };
    if let Some(want) = &e.error {
        return Err(format!(
            "expected error '{want}', but the standings were computed"
        ));
    }
    if let Some(c) = &e.chain {
        mismatch("chain", &c.as_str(), &s.chain.clause)?;
    }
    if let Some(r) = &e.ranking {
        let want = expected_places(r);
        let got = places(&s);
        if want != got {
            return Err(format!(
                "ranking: expected {}, got {}\n{}",
                show(&want),
                show(&got),
                s.to_text()
            ));
        }
    }
    if let Some(r) = &e.individual_ranking {
        let Some(ind) = &s.individual else {
            return Err("individual_ranking: no individual standings".into());
        };
        let want = expected_places(r);
        let got = places(ind);
        if want != got {
            return Err(format!(
                "individual ranking: expected {}, got {}",
                show(&want),
                show(&got)
            ));
        }
    }
    if let Some(c) = &e.cancelled {
        let got: BTreeSet<String> = s
            .withdrawals
            .iter()
            .filter(|w| w.cancelled)
            .map(|w| w.id.to_string())
            .collect();
        mismatch("cancelled", &ids(c), &got)?;
    }
    if let Some(p) = &e.playoff {
        let got: BTreeSet<String> = s
            .rows
            .iter()
            .filter(|r| r.playoff)
            .map(|r| r.id.to_string())
            .collect();
        mismatch("playoff", &ids(p), &got)?;
    }
    for want in e.rows.iter().flatten() {
        let Some(row) = s.row(want.id.as_str()) else {
            return Err(format!("row {}: not ranked", want.id));
        };
        let ctx = |m: String| format!("row {}: {m}\n{}", want.id, s.to_text());
        if let Some(rank) = want.rank {
            mismatch("rank", &rank, &row.rank).map_err(ctx)?;
        }
        for (name, v) in want.values.iter().flatten() {
            let Some(i) = s.chain.criteria.iter().position(|c| &c.name() == name) else {
                return Err(ctx(format!(
                    "'{name}' is not in the chain of {}",
                    s.chain.clause
                )));
            };
            let got = row.values.get(i).cloned().flatten();
            let want_v: Option<Vec<Points>> = v.clone().map(|v| match v {
                ExpectedValue::One(p) => vec![p],
                ExpectedValue::Many(l) => l,
            });
            if want_v != got {
                let f = |v: &Option<Vec<Points>>| match v {
                    None => "null".to_string(),
                    Some(l) => l
                        .iter()
                        .map(Points::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                return Err(ctx(format!(
                    "{name}: expected {}, got {}",
                    f(&want_v),
                    f(&got)
                )));
            }
        }
        if let Some(d) = &want.decided_by {
            let got = row
                .decided_by
                .map(|d| s.decision_name(d))
                .unwrap_or_else(|| "none".into());
            mismatch("decided_by", d, &got).map_err(ctx)?;
        }
    }
    Ok(())
}

/// The JSON Schemas of the kind's input and expected output.
#[cfg(test)]
pub(crate) fn schemas(_kind: Kind) -> (schemars::Schema, schemars::Schema) {
    use schemars::schema_for;
    (schema_for!(Tournament), schema_for!(StandingsExpected))
}
