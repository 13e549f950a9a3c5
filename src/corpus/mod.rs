//! The conformance corpus: format v1, loader and runner.
//!
//! `spec/corpus-format.md` is the normative description; this module is its
//! reference reader. A corpus is a tree of YAML files under `cases/`, each
//! holding the cases of one edition:
//!
//! ```yaml
//! format: 1
//! edition: xiangqi-2020
//! cases:
//!   - id: xiangqi-2020/2.2/horse-leg-blocked
//!     kind: legal-moves
//!     clauses: ["2.2"]
//!     description: A horse whose leg is blocked cannot move that way.
//!     provenance: book-text
//!     input: {fen: "..."}
//!     expected: {excludes: [b0c2]}
//!     editions:
//!       xiangqi-1999: {clauses: ["2.2"]}
//! ```
//!
//! The loader rejects a bad case with `file:line:column` and a reason; it
//! never panics. Every case runs under its own edition and under each
//! edition listed in `editions`, whose `expected` entries override the base
//! expectation key by key.

pub(crate) mod coverage;
pub(crate) mod diff;

pub use coverage::{EditionCoverage, ManifestError, Status as CoverageStatus, coverage, manifest};
pub use diff::{CaseDifference, DiffError, EditionDiff, diff};
pub use draft::{DraftDifference, DraftRun, run_draft};
mod draft;
mod kinds;
mod lint;
#[cfg(test)]
mod schema;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

use crate::edition::Edition;

pub use kinds::{CaseError, Kind, Mismatch, Part, RunError};

/// The corpus format version this reader implements.
pub const FORMAT_VERSION: u32 = 1;

/// Where a case came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// Stated by the rulebook's text.
    BookText,
    /// A figure of the rulebook (its moves, labels and verdict).
    BookFigure,
    /// Follows from the rulebook by reasoning written in the case's note.
    Derived,
    /// Composed for the corpus to exercise a clause.
    Composed,
}

/// An erratum applied by a case: the book is wrong here, `spec/errata.md`
/// says why, and the test summary shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ErratumRef {
    /// The erratum's id in `spec/errata.md`, e.g. `E1`.
    pub id: String,
    /// What the book says and what the case uses instead.
    pub reason: String,
}

/// What a case says for an edition other than its own.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EditionOverride {
    /// The clauses of that edition (defaults to the case's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<Vec<String>>,
    /// Keys of `expected` that differ under that edition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<serde_json::Map<String, Value>>,
    /// Why the case is skipped under that edition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<String>,
    /// An erratum that applies under that edition only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub erratum: Option<ErratumRef>,
    /// Why the outcome differs, for a reader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One case as written in a corpus file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RawCase {
    /// The stable id, `<edition>/<clause or figure>/<slug>`; never reused.
    pub id: String,
    /// What is tested, which fixes the shapes of `input` and `expected`.
    pub kind: Kind,
    /// The clauses the case exercises, as numbered in the edition.
    pub clauses: Vec<String>,
    /// The rulebook figure, e.g. `图7` or `参考图12`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<String>,
    /// One line saying what the case shows.
    pub description: String,
    /// Where the expected value comes from.
    pub provenance: Provenance,
    /// Non-normative: an implementation may leave it out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// Why the case is skipped (must be given; a skip without a reason is an error).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip: Option<String>,
    /// The erratum the case applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub erratum: Option<ErratumRef>,
    /// Anything a reader needs: the derivation, the book's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The input, shaped by `kind`.
    pub input: Value,
    /// The expected output under the case's own edition, shaped by `kind`.
    pub expected: Value,
    /// Other editions the case applies to, with what differs there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub editions: BTreeMap<String, EditionOverride>,
}

/// A corpus file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CorpusFile {
    /// The format version (1).
    pub format: u32,
    /// The edition every case in the file belongs to.
    pub edition: String,
    /// What the file covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The cases.
    pub cases: Vec<RawCase>,
}

/// A loaded case: the raw case, its edition and where it was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The case as written.
    pub raw: RawCase,
    /// Its own edition.
    pub edition: &'static Edition,
    /// The file it came from.
    pub file: PathBuf,
    /// The line of its `id`.
    pub line: usize,
}

/// A case under one edition: what a test runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Instance<'a> {
    /// The case.
    pub case: &'a Case,
    /// The edition it runs under.
    pub edition: &'static Edition,
    /// The clauses under that edition.
    pub clauses: Vec<String>,
    /// The expected output under that edition (overrides applied).
    pub expected: Value,
    /// Why it is skipped, if it is.
    pub skip: Option<String>,
    /// The erratum that applies, if any.
    pub erratum: Option<ErratumRef>,
}

impl Instance<'_> {
    /// The test name: the case id, with `@edition` for an edition other than
    /// the case's own.
    pub fn name(&self) -> String {
        if self.edition.id == self.case.edition.id {
            self.case.raw.id.clone()
        } else {
            format!("{}@{}", self.case.raw.id, self.edition.id)
        }
    }
}

/// A loaded corpus.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Corpus {
    /// Every case, in file order.
    pub cases: Vec<Case>,
}

/// Something wrong in a corpus file, with where it is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct CorpusError {
    /// The file.
    pub file: PathBuf,
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line,
            self.column,
            self.message
        )
    }
}

/// The outcome of running one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The implementation's output equals the expectation.
    Passed,
    /// It does not; the message says how.
    Failed(String),
    /// Not run, for the reason given in the case.
    Skipped(String),
}

impl Status {
    /// `passed`, `failed` or `skipped`.
    pub fn code(&self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed(_) => "failed",
            Status::Skipped(_) => "skipped",
        }
    }
}

const ERRATA: &str = include_str!("../../spec/errata.md");
const RETIRED_IDS: &str = include_str!("../../spec/retired-ids.txt");

/// The erratum ids defined in `spec/errata.md` (headings `## E1 …`).
pub fn erratum_ids() -> BTreeSet<String> {
    ERRATA
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|id| id.starts_with('E') && id[1..].chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// Case ids that were used once and must never be used again.
pub fn retired_ids() -> BTreeSet<String> {
    RETIRED_IDS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Collects the `.yaml` files under the given paths (files or directories),
/// sorted for a stable order.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CorpusError> {
    let mut out = Vec::new();
    for p in paths {
        // A file named on its own must be a corpus file: a typo or a file
        // of another kind is an error, not an empty run. Inside a folder,
        // other files (READMEs, notes) are passed over.
        if !p.is_dir() && !p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            return Err(CorpusError {
                file: p.to_path_buf(),
                line: 0,
                column: 0,
                message: "not a corpus file (a corpus file is YAML: *.yaml or *.yml)".into(),
            });
        }
        collect_into(p, &mut out)?;
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn collect_into(p: &Path, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    let io_err = |e: std::io::Error| CorpusError {
        file: p.to_path_buf(),
        line: 0,
        column: 0,
        message: format!("cannot read: {e}"),
    };
    let meta = fs::metadata(p).map_err(io_err)?;
    if meta.is_dir() {
        for entry in fs::read_dir(p).map_err(io_err)? {
            let entry = entry.map_err(io_err)?;
            collect_into(&entry.path(), out)?;
        }
    } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// Loads every corpus file under `paths`, collecting all errors.
pub fn load(paths: &[PathBuf]) -> Result<Corpus, Vec<CorpusError>> {
    let files = collect_files(paths).map_err(|e| vec![e])?;
    let mut corpus = Corpus::default();
    let mut errors = Vec::new();
    for file in &files {
        match crate::limits::read_file(file) {
            Ok(text) => match load_str(file, &text) {
                Ok(cases) => corpus.cases.extend(cases),
                Err(mut es) => errors.append(&mut es),
            },
            Err(e) => errors.push(CorpusError {
                file: file.clone(),
                line: 0,
                column: 0,
                message: e.message,
            }),
        }
    }
    finish(corpus, errors)
}

/// The corpus built into the crate: every file of `cases/` as it was when
/// the crate was compiled, each named by its path from the repository root
/// (`cases/xiangqi-2020/02-moves.yaml`), so that a report reads the same
/// as one of `load(&["cases".into()])` run there.
///
/// ```
/// let corpus = qigui::corpus::embedded().expect("the built-in corpus loads");
/// assert!(corpus.cases.len() > 1000);
/// assert!(corpus.cases.iter().all(|c| c.file.starts_with("cases")));
/// ```
pub fn embedded() -> Result<Corpus, Vec<CorpusError>> {
    let mut corpus = Corpus::default();
    let mut errors = Vec::new();
    for (name, text) in built_in::FILES {
        match load_str(Path::new(name), text) {
            Ok(cases) => corpus.cases.extend(cases),
            Err(mut es) => errors.append(&mut es),
        }
    }
    finish(corpus, errors)
}

/// The files of [`embedded()`]: `(path from the repository root, text)`,
/// sorted by path.
pub fn embedded_files() -> &'static [(&'static str, &'static str)] {
    built_in::FILES
}

/// `cases/` as compiled (generated by build.rs).
mod built_in {
    include!(concat!(env!("OUT_DIR"), "/embedded_cases.rs"));
}

/// The checks over the whole corpus, after each file has been read.
fn finish(corpus: Corpus, mut errors: Vec<CorpusError>) -> Result<Corpus, Vec<CorpusError>> {
    // Ids are unique across the whole corpus.
    let mut seen: BTreeMap<&str, &Case> = BTreeMap::new();
    for case in &corpus.cases {
        if let Some(first) = seen.insert(&case.raw.id, case) {
            errors.push(CorpusError {
                file: case.file.clone(),
                line: case.line,
                column: 1,
                message: format!(
                    "duplicate id '{}' (first at {}:{})",
                    case.raw.id,
                    first.file.display(),
                    first.line
                ),
            });
        }
    }
    if errors.is_empty() {
        Ok(corpus)
    } else {
        Err(errors)
    }
}

/// The text of a file, for locating things in it.
struct Locator<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Locator<'a> {
        Locator {
            lines: text.lines().collect(),
        }
    }

    /// The 1-based line of `id: <id>` (quoted or not), searching from `from`.
    fn id_line(&self, id: &str, from: usize) -> usize {
        for (i, l) in self.lines.iter().enumerate().skip(from.saturating_sub(1)) {
            let t = l.trim_start().trim_start_matches("- ").trim_start();
            if let Some(rest) = t.strip_prefix("id:") {
                let v = rest.trim().trim_matches('"').trim_matches('\'');
                if v == id {
                    return i + 1;
                }
            }
        }
        0
    }

    /// The first `key:` at or after line `from` (1-based) and before `until`,
    /// as (line, column).
    fn key(&self, key: &str, from: usize, until: usize) -> Option<(usize, usize)> {
        let pat = format!("{key}:");
        for i in from.saturating_sub(1)..until.min(self.lines.len()) {
            let l = self.lines[i];
            let t = l.trim_start();
            let t2 = t.trim_start_matches("- ").trim_start();
            if t2.starts_with(&pat) || t2.starts_with(&format!("\"{key}\":")) {
                let col = l.len() - t2.len() + 1;
                return Some((i + 1, col));
            }
            // Flow mappings: `{fen: "...", moves: ...}`.
            if let Some(pos) = l
                .find(&format!("{{{pat}"))
                .or_else(|| l.find(&format!(", {pat}")))
            {
                let offset = if l[pos..].starts_with('{') { 1 } else { 2 };
                return Some((i + 1, pos + offset + 1));
            }
        }
        None
    }
}

/// Loads one corpus file's text. `file` is only used in messages.
#[expect(
    clippy::too_many_lines,
    reason = "the loader's passes over one file (YAML with positions, the header, each case's fields, ids, clauses, figures, errata, expectations per edition) share the located-error closure and the error list"
)]
pub fn load_str(file: &Path, text: &str) -> Result<Vec<Case>, Vec<CorpusError>> {
    let at = |line: usize, column: usize, message: String| CorpusError {
        file: file.to_path_buf(),
        line,
        column,
        message,
    };
    let lint_errors: Vec<CorpusError> = lint::lint(text)
        .into_iter()
        .map(|(l, c, m)| at(l, c, m))
        .collect();
    if !lint_errors.is_empty() {
        return Err(lint_errors);
    }
    if let Err(e) = crate::limits::check_structure(text, "") {
        return Err(vec![at(e.line, e.column, e.message)]);
    }
    let parsed: CorpusFile = match yaml_serde::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            let (l, c) = e
                .location()
                .map_or((0, 0), |loc| (loc.line(), loc.column()));
            return Err(vec![at(l, c, crate::limits::serde_words(&e.to_string()))]);
        }
    };
    let loc = Locator::new(text);
    let mut errors = Vec::new();
    // Portable typing: a plain scalar must have the type the format gives it
    // when read by any YAML 1.2 parser (e.g. a clause written 2.2 unquoted is a
    // number there, not the string "2.2").
    if let (Ok(as_written), Ok(as_read)) = (
        yaml_serde::from_str::<Value>(text),
        serde_json::to_value(&parsed),
    ) {
        let mut mismatches = Vec::new();
        type_mismatches(&as_written, &as_read, &mut Vec::new(), &mut mismatches);
        for (path, written, read) in mismatches {
            let key = path
                .iter()
                .rev()
                .find(|k| k.parse::<usize>().is_err())
                .cloned()
                .unwrap_or_default();
            let case_line = path
                .get(1)
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| parsed.cases.get(i))
                .map_or(1, |c| loc.id_line(&c.id, 1).max(1));
            let (l, c) = loc
                .key(&key, case_line, usize::MAX)
                .unwrap_or((case_line, 1));
            errors.push(at(
                l,
                c,
                format!(
                    "{}: written as a {written} but the format reads a {read} here: quote it",
                    path.join(".")
                ),
            ));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
    }
    if parsed.format != FORMAT_VERSION {
        let (l, c) = loc.key("format", 1, usize::MAX).unwrap_or((1, 1));
        errors.push(at(
            l,
            c,
            format!(
                "format {} is not supported; this reader implements format {FORMAT_VERSION}",
                parsed.format
            ),
        ));
        return Err(errors);
    }
    let Some(edition) = Edition::get(&parsed.edition) else {
        let (l, c) = loc.key("edition", 1, usize::MAX).unwrap_or((1, 1));
        return Err(vec![at(
            l,
            c,
            format!(
                "unknown edition '{}'; known: {}",
                parsed.edition,
                Edition::ids().join(", ")
            ),
        )]);
    };
    let retired = retired_ids();
    let errata = erratum_ids();
    let mut cases = Vec::new();
    let mut search_from = 1;
    let lines: Vec<usize> = parsed
        .cases
        .iter()
        .map(|c| {
            let l = loc.id_line(&c.id, search_from);
            if l > 0 {
                search_from = l + 1;
            }
            l
        })
        .collect();
    for (i, raw) in parsed.cases.into_iter().enumerate() {
        let line = lines[i];
        let until = lines.get(i + 1).copied().unwrap_or(usize::MAX);
        let key_at = |key: &str| loc.key(key, line.max(1), until).unwrap_or((line, 1));
        let mut case_errors = Vec::new();
        let mut err = |key: &str, message: String| {
            let (l, c) = key_at(key);
            case_errors.push(at(l, c, format!("case '{}': {message}", raw.id)));
        };
        // The id.
        let prefix = format!("{}/", edition.id);
        if !raw.id.starts_with(&prefix) || raw.id.len() == prefix.len() {
            err("id", format!("the id must start with '{prefix}'"));
        }
        if raw.id.chars().any(char::is_whitespace) {
            err("id", "the id must not contain white space".into());
        }
        if retired.contains(&raw.id) {
            err(
                "id",
                "this id is retired (spec/retired-ids.txt) and must not be reused".into(),
            );
        }
        if raw.description.trim().is_empty() || raw.description.contains('\n') {
            err(
                "description",
                "the description is one non-empty line".into(),
            );
        }
        if raw.clauses.is_empty() {
            err("clauses", "at least one clause".into());
        }
        for c in &raw.clauses {
            if !edition.clauses().contains(c) {
                err("clauses", format!("unknown clause '{c}' in {}", edition.id));
            }
        }
        if let Some(fig) = &raw.figure
            && !edition.knows_figure(fig)
        {
            err(
                "figure",
                format!("unknown figure '{fig}' in {}", edition.id),
            );
        }
        if let Some(s) = &raw.skip
            && s.trim().is_empty()
        {
            err("skip", "a skipped case needs a written reason".into());
        }
        if let Some(e) = &raw.erratum {
            if !errata.contains(&e.id) {
                err(
                    "erratum",
                    format!("erratum '{}' is not in spec/errata.md", e.id),
                );
            }
            if e.reason.trim().is_empty() {
                err("erratum", "an erratum needs its reason".into());
            }
        }
        // The editions it applies to.
        let mut instances: Vec<(&'static Edition, Value)> = vec![(edition, raw.expected.clone())];
        for (ed_id, ov) in &raw.editions {
            let Some(other) = Edition::get(ed_id) else {
                err(
                    "editions",
                    format!(
                        "unknown edition '{ed_id}'; known: {}",
                        Edition::ids().join(", ")
                    ),
                );
                continue;
            };
            if other.id == edition.id {
                err("editions", format!("'{ed_id}' is the case's own edition"));
                continue;
            }
            if other.game != edition.game {
                err("editions", format!("'{ed_id}' is for another game"));
                continue;
            }
            for c in ov.clauses.iter().flatten() {
                if !other.clauses().contains(c) {
                    err("editions", format!("unknown clause '{c}' in {ed_id}"));
                }
            }
            if ov.clauses.is_none() && raw.clauses.iter().any(|c| !other.clauses().contains(c)) {
                err(
                    "editions",
                    format!("{ed_id} numbers its clauses differently: give its clauses"),
                );
            }
            if let Some(s) = &ov.skip
                && s.trim().is_empty()
            {
                err("editions", "a skipped case needs a written reason".into());
            }
            if let Some(e) = &ov.erratum
                && !errata.contains(&e.id)
            {
                err(
                    "editions",
                    format!("erratum '{}' is not in spec/errata.md", e.id),
                );
            }
            instances.push((other, merge(&raw.expected, ov.expected.as_ref())));
        }
        for (ed, expected) in &instances {
            if let Err(issue) = kinds::of(raw.kind).validate(&raw.input, expected, ed) {
                let key = issue.part().key();
                let (l, c) = match issue.field() {
                    Some(f) => loc
                        .key(f, line.max(1), until)
                        .unwrap_or_else(|| key_at(key)),
                    None => key_at(key),
                };
                let suffix = if ed.id == edition.id {
                    String::new()
                } else {
                    format!(" (under {})", ed.id)
                };
                case_errors.push(at(l, c, format!("case '{}'{suffix}: {issue}", raw.id)));
            }
        }
        if case_errors.is_empty() {
            cases.push(Case {
                raw,
                edition,
                file: file.to_path_buf(),
                line,
            });
        } else {
            errors.append(&mut case_errors);
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "mapping",
    }
}

/// Leaves present in both trees whose JSON types differ.
fn type_mismatches(
    written: &Value,
    read: &Value,
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'static str, &'static str)>,
) {
    match (written, read) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                if let Some(w) = b.get(k) {
                    path.push(k.clone());
                    type_mismatches(v, w, path, out);
                    path.pop();
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (v, w)) in a.iter().zip(b).enumerate() {
                path.push(i.to_string());
                type_mismatches(v, w, path, out);
                path.pop();
            }
        }
        (a, b) => {
            if type_name(a) != type_name(b) {
                out.push((path.clone(), type_name(a), type_name(b)));
            }
        }
    }
}

/// Applies an override's keys over the base expectation.
fn merge(base: &Value, over: Option<&serde_json::Map<String, Value>>) -> Value {
    let Some(over) = over else {
        return base.clone();
    };
    let mut out = base.clone();
    if let Value::Object(m) = &mut out {
        for (k, v) in over {
            m.insert(k.clone(), v.clone());
        }
        out
    } else {
        Value::Object(over.clone())
    }
}

impl Case {
    /// The case under each edition it applies to, its own first.
    pub fn instances(&self) -> Vec<Instance<'_>> {
        let mut out = vec![Instance {
            case: self,
            edition: self.edition,
            clauses: self.raw.clauses.clone(),
            expected: self.raw.expected.clone(),
            skip: self.raw.skip.clone(),
            erratum: self.raw.erratum.clone(),
        }];
        for (id, ov) in &self.raw.editions {
            if let Some(ed) = Edition::get(id) {
                out.push(Instance {
                    case: self,
                    edition: ed,
                    clauses: ov
                        .clauses
                        .clone()
                        .unwrap_or_else(|| self.raw.clauses.clone()),
                    expected: merge(&self.raw.expected, ov.expected.as_ref()),
                    skip: ov.skip.clone().or_else(|| self.raw.skip.clone()),
                    erratum: ov.erratum.clone().or_else(|| self.raw.erratum.clone()),
                });
            }
        }
        out
    }
}

impl Corpus {
    /// Every instance of every case.
    pub fn instances(&self) -> Vec<Instance<'_>> {
        self.cases.iter().flat_map(Case::instances).collect()
    }
}

/// Runs one instance against qigui's implementation.
pub fn run(instance: &Instance<'_>) -> Status {
    if let Some(reason) = &instance.skip {
        return Status::Skipped(reason.clone());
    }
    match kinds::of(instance.case.raw.kind).run(
        &instance.case.raw.input,
        &instance.expected,
        instance.edition,
    ) {
        Ok(()) => Status::Passed,
        Err(e) => Status::Failed(e.to_string()),
    }
}

/// qigui's own output for a case of `kind` (what `qigui adapter` answers),
/// in the shape of the kind's `expected`; `Err` when the input cannot be
/// run.
pub fn answer(kind: Kind, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
    kinds::of(kind).answer(input, edition)
}

/// Compares any implementation's output for a case of `kind` with the
/// expected output, the comparison [`run`] applies to qigui's own; `Err`
/// says how they differ (`qigui conform`).
pub fn compare(kind: Kind, expected: &Value, output: &Value) -> Result<(), Mismatch> {
    kinds::of(kind).check(expected, output)
}

/// The JSON bundle of a corpus for other implementations (`qigui export-json`).
pub fn export_json(corpus: &Corpus) -> Value {
    let cases: Vec<Value> = corpus
        .cases
        .iter()
        .map(|c| {
            let mut v = serde_json::to_value(&c.raw).unwrap_or(Value::Null);
            if let Value::Object(m) = &mut v {
                m.insert("edition".into(), Value::String(c.edition.id.to_string()));
                let by_edition: serde_json::Map<String, Value> = c
                    .instances()
                    .into_iter()
                    .map(|i| (i.edition.id.to_string(), i.expected))
                    .collect();
                m.insert("expected_by_edition".into(), Value::Object(by_edition));
            }
            v
        })
        .collect();
    serde_json::json!({
        "format": FORMAT_VERSION,
        "generator": format!("qigui {}", env!("CARGO_PKG_VERSION")),
        "editions": Edition::all().iter().map(|e| serde_json::json!({
            "id": e.id,
            "title": e.title,
            "parent": e.parent,
        })).collect::<Vec<_>>(),
        "cases": cases,
    })
}
