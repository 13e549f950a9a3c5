//! Clause coverage: which clauses of an edition have cases, and the recorded
//! reasons for those that cannot be executed (`spec/coverage.yaml`).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::corpus::Corpus;
use crate::edition::Edition;

const MANIFEST: &str = include_str!("../../spec/coverage.yaml");

/// One edition's entry in the manifest.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionCoverage {
    /// Scopes that must be covered.
    pub required: Vec<String>,
    /// Clause → why it has no case.
    #[serde(default)]
    pub not_executable: BTreeMap<String, String>,
}

/// `spec/coverage.yaml` does not read as a manifest.
#[derive(Debug, thiserror::Error)]
#[error("spec/coverage.yaml: {0}")]
pub struct ManifestError(#[from] yaml_serde::Error);

impl From<ManifestError> for String {
    fn from(e: ManifestError) -> String {
        e.to_string()
    }
}

/// The manifest: edition id → its entry.
pub fn manifest() -> Result<BTreeMap<String, EditionCoverage>, ManifestError> {
    Ok(yaml_serde::from_str(MANIFEST)?)
}

/// How one clause is covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Cited by these case instances (ids, `@edition` for an override).
    Cases(Vec<String>),
    /// Not executable, for this reason.
    NotExecutable(String),
    /// Required but neither.
    Missing,
    /// Outside the required scopes and without cases.
    NotRequired,
}

fn in_scope(clause: &str, scope: &str) -> bool {
    clause == scope || clause.starts_with(&format!("{scope}."))
}

/// The coverage of every clause of an edition, in book order.
pub fn coverage(
    corpus: &Corpus,
    edition: &Edition,
) -> Result<Vec<(String, Status)>, ManifestError> {
    let manifest = manifest()?;
    let entry = manifest.get(edition.id).cloned().unwrap_or_default();
    let mut cited: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for inst in corpus.instances() {
        if inst.edition.id != edition.id {
            continue;
        }
        for c in &inst.clauses {
            cited.entry(c.clone()).or_default().push(inst.name());
        }
    }
    let mut out = Vec::new();
    for id in edition.clauses().ids() {
        // A clause is covered by a case citing it or any clause under it.
        let cases: Vec<String> = cited
            .iter()
            .filter(|(c, _)| in_scope(c, id))
            .flat_map(|(_, v)| v.iter().cloned())
            .collect();
        let status = if !cases.is_empty() {
            Status::Cases(cases)
        } else if let Some(r) = entry.not_executable.get(id) {
            Status::NotExecutable(r.clone())
        } else if entry.required.iter().any(|s| in_scope(id, s)) {
            Status::Missing
        } else {
            Status::NotRequired
        };
        out.push((id.to_string(), status));
    }
    Ok(out)
}
