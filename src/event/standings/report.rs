//! The standings as a table for people (text), for programs (JSON) and for
//! spreadsheets (CSV): every criterion of the chain in its own column, and
//! for each row the criterion that separated it from the row above.

use serde_json::{Map, Value as Json, json};

use crate::edition::Edition;

use super::chains::OnTie;
use super::points::Points;
use super::tiebreaks::{Tiebreak, Value};
use super::{Decision, Row, Standings};

fn cell(v: &Value) -> String {
    match v {
        None => "-".into(),
        Some(list) => list
            .iter()
            .map(Points::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn json_value(v: &Value) -> Json {
    match v {
        None => Json::Null,
        Some(list) if list.len() == 1 => json!(list[0]),
        Some(list) => json!(list),
    }
}

impl Standings {
    /// The words for what decided a row: `小分 sonneborn-berger`, with the
    /// step for a criterion of several steps.
    pub fn decision_text(&self, d: Decision) -> String {
        if d.criterion == Decision::FINAL {
            return "决赛 final (10.4.3.1)".into();
        }
        let Some(c) = self.chain.criteria.get(d.criterion) else {
            return String::new();
        };
        let base = format!("{} {}", c.label(), c.name());
        let k = d.step + 1;
        match c.tiebreak {
            Tiebreak::PreviousRound => format!(
                "{base} (after round {})",
                self.last_round.saturating_sub(k as u32)
            ),
            Tiebreak::ProgressiveCut if k == 1 => format!("{base} (without round 1)"),
            Tiebreak::ProgressiveCut => format!("{base} (without rounds 1–{k})"),
            Tiebreak::BuchholzCutLowest => format!("{base} (without the {k} lowest)"),
            Tiebreak::BoardByBoard => format!("{base} (board {k})"),
            _ => base,
        }
    }

    fn tie_note(&self, row: &Row) -> Option<String> {
        if !row.tied {
            return None;
        }
        Some(if row.playoff {
            let clause = match self.chain.on_tie {
                OnTie::PlayOff => self.chain.clause,
                _ => Edition::get(self.rules)
                    .and_then(|e| e.standings)
                    .and_then(|s| s.play_off_clause)
                    .unwrap_or("unshared_places"),
            };
            format!("tie: play-off ({clause})")
        } else {
            "tie: place shared".into()
        })
    }

    /// The standings as JSON.
    pub fn to_json(&self) -> Json {
        let criteria: Vec<Json> = self
            .chain
            .criteria
            .iter()
            .map(|c| json!({"name": c.name(), "label": c.label()}))
            .collect();
        let rows: Vec<Json> = self
            .rows
            .iter()
            .map(|r| {
                let mut values = Map::new();
                for (c, v) in self.chain.criteria.iter().zip(&r.values) {
                    values.insert(c.name(), json_value(v));
                }
                let mut o = Map::new();
                o.insert("rank".into(), json!(r.rank));
                o.insert("id".into(), json!(r.id));
                o.insert("name".into(), json!(r.name));
                o.insert("values".into(), Json::Object(values));
                o.insert(
                    "decided_by".into(),
                    r.decided_by
                        .map_or(Json::Null, |d| json!(self.decision_name(d))),
                );
                o.insert(
                    "decided_step".into(),
                    r.decided_by.map_or(Json::Null, |d| json!(d.step + 1)),
                );
                o.insert("tied".into(), json!(r.tied));
                o.insert("playoff".into(), json!(r.playoff));
                o.insert("withdrawn_after".into(), json!(r.withdrawn_after));
                Json::Object(o)
            })
            .collect();
        let withdrawals: Vec<Json> = self
            .withdrawals
            .iter()
            .map(|w| {
                json!({
                    "id": w.id,
                    "after_round": w.after_round,
                    "effect": if w.cancelled { "cancelled" } else { "results-stand" },
                    "played": w.played,
                    "scheduled": w.scheduled,
                    "clause": w.clause,
                    "expelled": w.expelled,
                })
            })
            .collect();
        let mut out = json!({
            "rules": self.rules,
            "scoring": self.scoring_clause,
            "chain": {
                "clause": self.chain.clause,
                "criteria": criteria,
                "on_tie": match self.chain.on_tie { OnTie::Shared => "shared", OnTie::PlayOff => "play-off" },
            },
            "rows": rows,
            "withdrawals": withdrawals,
        });
        if let Some(ind) = &self.individual {
            out["individual"] = ind.to_json();
        }
        out
    }

    /// The standings as CSV: `rank,id,name,<criteria>,decided_by,tied,playoff`.
    pub fn to_csv(&self) -> String {
        let quote = |s: &str| {
            if s.contains([',', '"', '\n']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        };
        let mut out = String::new();
        let mut head = vec!["rank".to_string(), "id".into(), "name".into()];
        head.extend(self.chain.criteria.iter().map(|c| c.name()));
        head.extend(["decided_by".into(), "tied".into(), "playoff".into()]);
        out.push_str(&head.join(","));
        out.push('\n');
        for r in &self.rows {
            let mut line = vec![
                r.rank.to_string(),
                quote(r.id.as_str()),
                quote(r.name.as_deref().unwrap_or("")),
            ];
            line.extend(r.values.iter().map(|v| match v {
                None => String::new(),
                Some(_) => cell(v),
            }));
            line.push(
                r.decided_by
                    .map(|d| self.decision_name(d))
                    .unwrap_or_default(),
            );
            line.push(r.tied.to_string());
            line.push(r.playoff.to_string());
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }

    /// The standings as an aligned text table, with notes on ties and
    /// withdrawals.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(ind) = &self.individual {
            out.push_str("Individual standings\n");
            out.push_str(&ind.to_text());
            out.push_str("\nTeam standings\n");
        }
        out.push_str(&format!(
            "rules {}: ranking {} (scoring {})\n",
            self.rules, self.chain.clause, self.scoring_clause
        ));
        let mut head1 = vec!["名次".to_string(), "".into(), "".into()];
        let mut head2 = vec!["rank".to_string(), "id".into(), "name".into()];
        for c in &self.chain.criteria {
            head1.push(c.label());
            head2.push(c.name());
        }
        head1.push("区分".into());
        head2.push("decided by".into());
        let mut table = vec![head1, head2];
        for r in &self.rows {
            let rank = format!("{}{}", r.rank, if r.tied { "=" } else { "" });
            let mut line = vec![rank, r.id.to_string(), r.name.clone().unwrap_or_default()];
            line.extend(r.values.iter().map(cell));
            let decided = match (r.decided_by, self.tie_note(r)) {
                (_, Some(note)) if r.decided_by.is_none() => note,
                (Some(d), Some(note)) => format!("{}; {note}", self.decision_text(d)),
                (Some(d), None) => self.decision_text(d),
                (None, _) => String::new(),
            };
            let mut decided = decided;
            if let Some(w) = r.withdrawn_after {
                if !decided.is_empty() {
                    decided.push_str("; ");
                }
                decided.push_str(&format!("withdrew after round {w}"));
            }
            line.push(decided);
            table.push(line);
        }
        let cols = table.iter().map(Vec::len).max().unwrap_or(0);
        let widths: Vec<usize> = (0..cols)
            .map(|c| {
                table
                    .iter()
                    .map(|l| l.get(c).map_or(0, |s| width(s)))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for line in &table {
            let mut s = String::new();
            for (c, v) in line.iter().enumerate() {
                if c + 1 == line.len() {
                    s.push_str(v);
                } else {
                    s.push_str(v);
                    s.push_str(&" ".repeat(widths[c] - width(v) + 2));
                }
            }
            out.push_str(s.trim_end());
            out.push('\n');
        }
        for w in &self.withdrawals {
            let what = if w.expelled {
                "expelled (18.3)"
            } else {
                "withdrew"
            };
            if w.scheduled > 0 {
                out.push_str(&format!(
                    "{} {what} after round {}: {} of {} played, {} ({})\n",
                    w.id,
                    w.after_round,
                    w.played,
                    w.scheduled,
                    if w.cancelled {
                        "fewer than half: all results cancelled"
                    } else {
                        "at least half: results stand, the games not played are forfeited"
                    },
                    w.clause
                ));
            } else {
                out.push_str(&format!(
                    "{} {what} after round {}: results stand ({})\n",
                    w.id, w.after_round, w.clause
                ));
            }
        }
        out
    }
}

// Display width: East Asian wide characters count two columns.
use crate::text_table::width;
