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

use crate::edition::Edition;
use crate::event::standings::points::Points;
use crate::event::standings::tiebreaks::Criterion;
use crate::event::standings::{self, Standings, StandingsError};
use crate::event::tournament::{Id, Tournament};

use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, RunError, issue, mismatch, output, to_output, typed,
    want,
};

/// A place in the expected ranking: one entrant, or several sharing it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected an entrant id, or a list of ids sharing the place"
)]
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
#[serde(untagged, expecting = "expected a number, or a list of numbers")]
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

fn input(v: &Value) -> Result<Tournament, CaseError> {
    let t: Tournament = typed(Part::Input, v)?;
    if t.rules.is_some() {
        return Err(issue(
            Part::Input,
            "`rules` comes from the case's edition: leave it out",
        ));
    }
    t.check("input")
        .map_err(|e| issue(Part::Input, e.to_string()))?;
    Ok(t)
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

/// The places of computed standings, best first.
fn ranking(s: &Standings) -> Vec<Place> {
    let mut out: Vec<(u32, Vec<Id>)> = Vec::new();
    for r in &s.rows {
        match out.last_mut() {
            Some((rank, ids)) if *rank == r.rank => ids.push(r.id.clone()),
            _ => out.push((r.rank, vec![r.id.clone()])),
        }
    }
    out.into_iter()
        .map(|(_, mut ids)| {
            if ids.len() == 1 {
                Place::One(ids.remove(0))
            } else {
                Place::Shared(ids)
            }
        })
        .collect()
}

/// A tie-break value in the answer: a JSON number when it reads back
/// exactly, else the exact fraction as a string (`"35/9"`).
fn points_json(p: Points) -> Value {
    let text = p.exact_text();
    if let Ok(n) = text.parse::<i64>() {
        return Value::from(n);
    }
    match (
        Points::from_f64(p.to_f64()),
        serde_json::Number::from_f64(p.to_f64()),
    ) {
        (Some(q), Some(n)) if q == p => Value::Number(n),
        _ => Value::String(text),
    }
}

/// Every row with its rank, every criterion of the chain and what decided it.
fn rows_json(s: &Standings) -> Value {
    let rows: Vec<Value> = s
        .rows
        .iter()
        .map(|r| {
            let mut values = serde_json::Map::new();
            for (c, v) in s.chain.criteria.iter().zip(&r.values) {
                let v = match v {
                    None => Value::Null,
                    Some(l) if l.len() == 1 => points_json(l[0]),
                    Some(l) => Value::Array(l.iter().map(|p| points_json(*p)).collect()),
                };
                values.entry(c.name()).or_insert(v);
            }
            let decided_by = r
                .decided_by
                .map(|d| s.decision_name(d))
                .unwrap_or_else(|| "none".into());
            serde_json::json!({
                "id": r.id.as_str(),
                "rank": r.rank,
                "values": values,
                "decided_by": decided_by,
            })
        })
        .collect();
    Value::Array(rows)
}

/// qigui's standings with the reason they could not be computed, if so.
fn answer_with_reason(
    input_v: &Value,
    edition: &Edition,
) -> Result<(Value, Option<String>), CaseError> {
    let t = input(input_v)?;
    let s = match standings::compute(&t, Some(edition.id)) {
        Ok(s) => s,
        Err(err) => {
            let code = match err {
                StandingsError::Unsupported(_) => "unsupported",
                _ => "invalid",
            };
            let out = StandingsExpected {
                error: Some(code.to_string()),
                ..StandingsExpected::default()
            };
            return Ok((to_output(&out)?, Some(err.to_string())));
        }
    };
    let out = StandingsExpected {
        chain: Some(s.chain.clause.to_string()),
        ranking: Some(ranking(&s)),
        rows: None,
        cancelled: Some(
            s.withdrawals
                .iter()
                .filter(|w| w.cancelled)
                .map(|w| w.id.clone())
                .collect(),
        ),
        playoff: Some(
            s.rows
                .iter()
                .filter(|r| r.playoff)
                .map(|r| r.id.clone())
                .collect(),
        ),
        individual_ranking: s.individual.as_deref().map(ranking),
        error: None,
    };
    let mut v = to_output(&out)?;
    if let Value::Object(m) = &mut v {
        m.insert("rows".into(), rows_json(&s));
    }
    Ok((v, None))
}

fn values_of(v: &Option<ExpectedValue>) -> Option<Vec<Points>> {
    v.clone().map(|v| match v {
        ExpectedValue::One(p) => vec![p],
        ExpectedValue::Many(l) => l,
    })
}

fn show_values(v: &Option<Vec<Points>>) -> String {
    match v {
        None => "null".to_string(),
        Some(l) => l
            .iter()
            .map(Points::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// The answer's rows as a small table, for failure messages.
fn table(g: &StandingsExpected) -> String {
    let mut out = String::from("the answer's standings:");
    for r in g.rows.iter().flatten() {
        out.push_str(&format!(
            "\n  {:>3}  {}",
            r.rank.map(|n| n.to_string()).unwrap_or_else(|| "-".into()),
            r.id
        ));
        for (name, v) in r.values.iter().flatten() {
            out.push_str(&format!("  {name} {}", show_values(&values_of(v))));
        }
        if let Some(d) = &r.decided_by {
            out.push_str(&format!("  (decided by {d})"));
        }
    }
    out
}

/// `standings`: a tournament's standings.
pub(crate) struct StandingsKind;

impl CaseKind for StandingsKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input_v: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let t = input(input_v)?;
        standings::edition_for(&t, Some(edition.id))
            .map_err(|e| issue(Part::Input, e.to_string()))?;
        let e: StandingsExpected = typed(Part::Expected, expected)?;
        if e == StandingsExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if let Some(err) = &e.error
            && !matches!(err.as_str(), "invalid" | "unsupported")
        {
            return Err(issue(Part::Expected, "error: `invalid` or `unsupported`"));
        }
        if let Some(rows) = &e.rows {
            for r in rows {
                for name in r.values.iter().flat_map(|v| v.keys()) {
                    if Criterion::parse(name).is_none() {
                        return Err(issue(Part::Expected, format!("unknown tie-break '{name}'")));
                    }
                }
                if let Some(d) = &r.decided_by
                    && d != "none"
                    && d != "final"
                    && Criterion::parse(d).is_none()
                {
                    return Err(issue(Part::Expected, format!("unknown tie-break '{d}'")));
                }
            }
        }

        Ok(())
    }

    /// qigui's standings in the shape of `expected`, every key filled: the
    /// whole ranking, every row with every criterion of the chain, the
    /// cancelled and play-off entrants (`[]` for none); for standings that
    /// cannot be computed, only `error`.
    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        answer_with_reason(input, edition).map(|(v, _)| v)
    }

    /// Compares an implementation's standings with the expected ones: the
    /// rows, and the criteria of a row, that `expected` names.
    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: StandingsExpected = typed(Part::Expected, expected)?;
        let g: StandingsExpected = output(Kind::Standings, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => return mismatch("error", w, x),
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected error '{w}', but the standings were computed"
                )));
            }
            (None, Some(x)) => return Err(Mismatch::described(format!("standings failed: {x}"))),
            (None, None) => {}
        }
        want("chain", &e.chain, &g.chain)?;
        if let Some(r) = &e.ranking {
            let want_p = expected_places(r);
            let Some(got) = &g.ranking else {
                return Err(Mismatch::described(format!(
                    "ranking: expected {}, but the answer has none",
                    show(&want_p)
                )));
            };
            let got = expected_places(got);
            if want_p != got {
                return Err(Mismatch::described(format!(
                    "ranking: expected {}, got {}\n{}",
                    show(&want_p),
                    show(&got),
                    table(&g)
                )));
            }
        }
        if let Some(r) = &e.individual_ranking {
            let Some(ind) = &g.individual_ranking else {
                return Err(Mismatch::described(
                    "individual_ranking: no individual standings",
                ));
            };
            let want_p = expected_places(r);
            let got = expected_places(ind);
            if want_p != got {
                return Err(Mismatch::described(format!(
                    "individual ranking: expected {}, got {}",
                    show(&want_p),
                    show(&got)
                )));
            }
        }
        let sets = |l: &Option<Vec<Id>>| l.as_deref().map(ids);
        want("cancelled", &sets(&e.cancelled), &sets(&g.cancelled))?;
        want("playoff", &sets(&e.playoff), &sets(&g.playoff))?;
        for w in e.rows.iter().flatten() {
            let Some(row) = g.rows.iter().flatten().find(|r| r.id == w.id) else {
                return Err(Mismatch::described(format!(
                    "row {}: not ranked\n{}",
                    w.id,
                    table(&g)
                )));
            };
            let ctx = |m: Mismatch| {
                m.within(format!("row {}: ", w.id))
                    .detailed(format!("\n{}", table(&g)))
            };
            want("rank", &w.rank, &row.rank).map_err(ctx)?;
            for (name, v) in w.values.iter().flatten() {
                let Some(values) = &row.values else {
                    return Err(ctx(Mismatch::described(format!(
                        "{name}: the answer gives no values"
                    ))));
                };
                let Some(got) = values.get(name) else {
                    return Err(ctx(Mismatch::described(format!(
                        "'{name}' is not in the chain of {}",
                        g.chain.as_deref().unwrap_or("the answer")
                    ))));
                };
                let (want_v, got_v) = (values_of(v), values_of(got));
                if want_v != got_v {
                    return Err(ctx(Mismatch::described(format!(
                        "{name}: expected {}, got {}",
                        show_values(&want_v),
                        show_values(&got_v)
                    ))));
                }
            }
            want("decided_by", &w.decided_by, &row.decided_by).map_err(ctx)?;
        }

        Ok(())
    }

    /// A failure on standings that could not be computed says why.
    fn run(&self, input: &Value, expected: &Value, edition: &Edition) -> Result<(), RunError> {
        let (got, why) = answer_with_reason(input, edition)?;
        self.check(expected, &got).map_err(|m| match why {
            Some(w) => RunError::Differs(m.detailed(format!(" ({w})"))),
            None => RunError::Differs(m),
        })
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(Tournament),
            schemars::schema_for!(StandingsExpected),
        )
    }
}
