//! The corpus as a static HTML rulebook (`qigui book --out DIR`).
//!
//! Pages, all plain HTML and one stylesheet, no scripts:
//!
//! * `index.html`: the editions, each with its parent or reference;
//! * `edition-<id>.html`: every clause of the edition in book order, each
//!   with its cases — id, description, the expected value under every
//!   edition the case applies to, the deciding clauses, provenance, errata —
//!   and the topics the edition changes relative to its base
//!   (`spec/editions.yaml`);
//! * `rules.html`: every topic of `spec/editions.yaml` with each edition's
//!   rule;
//! * `figures.html` and `figure-<game>-<figure>.html`: each figure of the
//!   books (the 棋例 figures 图2–30 and 参考图1–50 of the 2020 Xiangqi
//!   rules, the Gomoku figures) with its board drawn as the book prints it
//!   (1.3: red at the bottom), its moves, the book's label of each move and
//!   the verdict under each edition;
//! * `diffs.html` and `diff-<from>--<to>.html`: [`crate::corpus::diff`] for every
//!   ordered pair of editions of one game;
//! * `errata.html`: `spec/errata.md`.
//!
//! Cases are rendered from their data alone (any kind: input and expected
//! as JSON), so kinds and editions added later appear without changes here.

pub(crate) mod html;
pub(crate) mod svg;

pub use svg::colours;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use thiserror::Error;

use crate::corpus::diff::{self, DiffError, EditionDiff};
use crate::corpus::{Case, Corpus, Instance};
use crate::edition::amendments::{Amendments, AmendmentsError, Effective};
use crate::edition::{Edition, GameKind};
use crate::xiangqi::fen::{START_FEN, Setup};
use crate::xiangqi::position::{Position, Validation};
use crate::xiangqi::repetition::ruling::Verdict;

use html::{anchor, escape, page, url};

const ERRATA: &str = include_str!("../../spec/errata.md");

const STYLE: &str = "\
body { font-family: 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif; margin: 0; color: #1b1b1b; background: #fbfaf7; line-height: 1.45; }
nav { background: #3b2a1a; padding: 0.5em 1em; }
nav a { color: #fbeed3; text-decoration: none; margin-right: 0.3em; }
main { padding: 0.5em 1.2em 2em; max-width: 72em; }
h1 { font-size: 1.5em; margin: 0.4em 0; }
h2 { font-size: 1.25em; border-bottom: 1px solid #d8cbb0; margin-top: 1.6em; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #d8cbb0; padding: 0.25em 0.5em; vertical-align: top; text-align: left; }
th { background: #f1e8d4; }
code, pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.9em; }
td code, .case code { white-space: pre-wrap; word-break: break-word; }
pre { background: #f4f1ea; padding: 0.4em; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.clause { margin: 0.9em 0 0.3em; }
.clause-id { font-weight: bold; margin-right: 0.5em; }
.clause-text { color: #4a4a4a; }
.case { border-left: 3px solid #c8102e; background: #fff; padding: 0.3em 0.8em; margin: 0.5em 0 0.8em 1em; }
.case.skipped { border-left-color: #999; }
.kind, .prov, .tag { font-size: 0.85em; background: #efe6d2; border-radius: 3px; padding: 0 0.35em; margin-left: 0.3em; }
.note { color: #444; font-size: 0.95em; }
.skip { color: #8a5a00; }
.inherited { color: #777; }
.figure { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.figure .board { flex: none; max-width: 520px; }
.figure .board code { word-break: break-all; }
.thumb svg { width: 190px; height: auto; }
.moves td.label { font-weight: bold; }
footer { color: #777; font-size: 0.85em; padding: 1em 1.2em; border-top: 1px solid #d8cbb0; }
";

/// Why the book could not be written.
#[derive(Debug, Error)]
pub enum BookError {
    /// A file or directory could not be written.
    #[error("{path}: {message}")]
    Io {
        /// The path.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// `spec/editions.yaml` cannot be read.
    #[error(transparent)]
    Data(#[from] AmendmentsError),
    /// A diff failed.
    #[error(transparent)]
    Diff(#[from] DiffError),
}

/// What was written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// Every file, by name relative to the output directory.
    pub files: Vec<String>,
    /// The figure pages, as (game, figure name, file name).
    pub figures: Vec<(GameKind, String, String)>,
}

/// The file that marks a folder as a book qigui wrote (and may replace).
const MARKER: &str = ".qigui-book";

/// Writes the book into the folder `out`, whole or not at all: the pages
/// are written into a temporary sibling folder, which then takes the place
/// of `out` (so no old page survives next to new ones, and a failure
/// leaves `out` as it was). Refused: an empty name; an `out` that holds a
/// corpus file read; an existing `out` that is not a folder or holds files
/// the book did not write (it would be replaced).
pub fn write(corpus: &Corpus, out: &Path) -> Result<Book, BookError> {
    let refuse = |message: &str| BookError::Io {
        path: out.to_path_buf(),
        message: message.to_string(),
    };
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| BookError::Io {
            path,
            message: e.to_string(),
        }
    };
    if out.as_os_str().is_empty() {
        return Err(BookError::Io {
            path: PathBuf::from("--out \"\""),
            message: "an empty folder name: name the folder to write the book into".into(),
        });
    }
    let exists = out.exists();
    let target = if exists {
        out.canonicalize().map_err(io(out))?
    } else {
        std::path::absolute(out).map_err(io(out))?
    };
    if exists && !target.is_dir() {
        return Err(refuse("exists and is not a folder"));
    }
    if corpus
        .cases
        .iter()
        .any(|c| c.file.canonicalize().is_ok_and(|f| f.starts_with(&target)))
    {
        return Err(refuse(
            "holds corpus files read for the book: name another folder (the book replaces it whole)",
        ));
    }
    if exists && !replaceable(&target) {
        return Err(refuse(
            "holds files the book did not write: name a new folder or an earlier book's (it is replaced whole)",
        ));
    }
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Err(refuse("names no folder"));
    };
    let name = name.to_string_lossy();
    let pages = render(corpus)?;
    fs::create_dir_all(parent).map_err(io(parent))?;
    let tmp = parent.join(format!(".{name}.tmp{}", std::process::id()));
    if tmp.exists() {
        fs::remove_dir_all(&tmp).map_err(io(&tmp))?;
    }
    let written = (|| {
        fs::create_dir(&tmp).map_err(io(&tmp))?;
        let mut book = Book::default();
        for (file, text) in &pages.files {
            let path = tmp.join(file);
            fs::write(&path, text).map_err(io(&target.join(file)))?;
            book.files.push(file.clone());
        }
        fs::write(tmp.join(MARKER), "").map_err(io(&target.join(MARKER)))?;
        if exists {
            let old = parent.join(format!(".{name}.old{}", std::process::id()));
            fs::rename(&target, &old).map_err(io(&target))?;
            if let Err(e) = fs::rename(&tmp, &target) {
                let _ = fs::rename(&old, &target);
                return Err(io(&target)(e));
            }
            let _ = fs::remove_dir_all(&old);
        } else {
            fs::rename(&tmp, &target).map_err(io(&target))?;
        }
        Ok(book)
    })();
    match written {
        Ok(mut book) => {
            book.figures = pages.figures;
            Ok(book)
        }
        Err(e) => {
            let _ = fs::remove_dir_all(&tmp);
            Err(e)
        }
    }
}

/// Whether an existing folder may be replaced by a book: it is empty, or
/// a book qigui wrote (its marker, or, from before the marker, only the
/// `.html` and `.css` files a book has, `index.html` among them).
fn replaceable(dir: &Path) -> bool {
    if dir.join(MARKER).is_file() {
        return true;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return false;
    };
    let mut index = false;
    let mut empty = true;
    for entry in entries {
        let Ok(entry) = entry else { return false };
        empty = false;
        let name = entry.file_name();
        let path = entry.path();
        let page = entry.file_type().is_ok_and(|t| t.is_file())
            && path.extension().is_some_and(|e| e == "html" || e == "css");
        if !page {
            return false;
        }
        index |= name == "index.html";
    }
    empty || index
}

/// The book's files, rendered in memory.
#[derive(Clone, Debug, Default)]
pub struct Pages {
    /// (file name, content), in the order they were made.
    pub files: Vec<(String, String)>,
    /// The figure pages, as (game, figure name, file name).
    pub figures: Vec<(GameKind, String, String)>,
}

/// Renders every page.
pub fn render(corpus: &Corpus) -> Result<Pages, BookError> {
    let data = Amendments::get()?;
    let ctx = Context::new(corpus);
    let mut pages = Pages::default();
    pages.files.push(("style.css".into(), STYLE.into()));
    pages.files.push(("index.html".into(), ctx.index(data)));
    pages.files.push(("rules.html".into(), ctx.rules(data)));
    for e in Edition::all() {
        pages
            .files
            .push((edition_file(e.id), ctx.edition_page(e, data)));
    }
    let mut figure_index = String::new();
    for game in games() {
        let figs = ctx.figures_of(game);
        if figs.is_empty() {
            continue;
        }
        figure_index.push_str(&format!(
            "<h2>{}</h2>\n<table>\n<tr><th>figure</th><th>cases</th><th>verdicts</th></tr>\n",
            game_name(game)
        ));
        for (name, cases) in &figs {
            let file = figure_file(game, name);
            let verdicts: Vec<String> = verdict_rows(cases)
                .iter()
                .map(|(ed, v, _, _)| format!("{ed}: {v}"))
                .collect();
            figure_index.push_str(&format!(
                "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td></tr>\n",
                url(&file),
                escape(name),
                cases.len(),
                escape(&verdicts.join("; "))
            ));
            pages
                .files
                .push((file.clone(), ctx.figure_page(game, name, cases)));
            pages.figures.push((game, name.clone(), file));
        }
        figure_index.push_str("</table>\n");
    }
    pages.files.push((
        "figures.html".into(),
        page(
            "Figures",
            &format!(
                "<p>Every figure the cases cite, with its board as the book prints it. Xiangqi boards: red at the bottom (1.3), black's file numbers 1–9 along the top, red's 九–一 along the bottom.</p>\n{figure_index}"
            ),
        ),
    ));
    let mut diff_index = String::new();
    for game in games() {
        let eds: Vec<&Edition> = Edition::all().iter().filter(|e| e.game == game).collect();
        if eds.len() < 2 {
            continue;
        }
        diff_index.push_str(&format!(
            "<h2>{}</h2>\n<table>\n<tr><th>from \\ to</th>",
            game_name(game)
        ));
        for b in &eds {
            diff_index.push_str(&format!("<th><code>{}</code></th>", b.id));
        }
        diff_index.push_str("</tr>\n");
        for a in &eds {
            diff_index.push_str(&format!("<tr><th><code>{}</code></th>", a.id));
            for b in &eds {
                if a.id == b.id {
                    diff_index.push_str("<td>—</td>");
                    continue;
                }
                let d = diff::diff(corpus, a.id, b.id)?;
                let file = diff_file(a.id, b.id);
                diff_index.push_str(&format!(
                    "<td><a href=\"{}\">{} rules, {} cases</a></td>",
                    url(&file),
                    d.rules.len(),
                    d.cases.len()
                ));
                pages.files.push((file, ctx.diff_page(&d)));
            }
            diff_index.push_str("</tr>\n");
        }
        diff_index.push_str("</table>\n");
    }
    pages.files.push((
        "diffs.html".into(),
        page(
            "Diffs between editions",
            &format!(
                "<p>For every two editions of a game: the rules that differ (<a href=\"rules.html\">spec/editions.yaml</a>) and every case whose expected outcome differs between them, with the clauses deciding it under each. The same as <code>qigui diff --from A --to B</code>.</p>\n{diff_index}"
            ),
        ),
    ));
    pages.files.push((
        "errata.html".into(),
        page("Errata", &html::markdown(ERRATA)),
    ));
    Ok(pages)
}

fn games() -> [GameKind; 3] {
    [GameKind::Xiangqi, GameKind::Gomoku, GameKind::Go]
}

fn game_name(g: GameKind) -> &'static str {
    match g {
        GameKind::Xiangqi => "象棋 Xiangqi",
        GameKind::Gomoku => "五子棋 Gomoku",
        GameKind::Go => "围棋 Go",
    }
}

fn game_slug(g: GameKind) -> &'static str {
    match g {
        GameKind::Xiangqi => "xiangqi",
        GameKind::Gomoku => "gomoku",
        GameKind::Go => "go",
    }
}

/// The file of an edition's page.
pub fn edition_file(id: &str) -> String {
    format!("edition-{id}.html")
}

/// The file of a figure's page: ASCII only (`图10` → `fig10`, `参考图3` →
/// `ref3`).
pub fn figure_file(game: GameKind, name: &str) -> String {
    let slug: String = name
        .replace("参考图", "ref")
        .replace('图', "fig")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("figure-{}-{slug}.html", game_slug(game))
}

/// The file of a diff page.
pub fn diff_file(from: &str, to: &str) -> String {
    format!("diff-{from}--{to}.html")
}

/// Sorts figure names: 图 before 参考图, then by number.
fn figure_key(name: &str) -> (u8, u32, String) {
    let (rank, rest) = if let Some(r) = name.strip_prefix("参考图") {
        (1, r)
    } else if let Some(r) = name.strip_prefix('图') {
        (0, r)
    } else {
        (2, name)
    };
    (rank, rest.parse().unwrap_or(u32::MAX), name.to_string())
}

fn json_compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

fn json_pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// The moves of a case's input as one string (a string or a list).
fn moves_text(input: &Value) -> Option<String> {
    match input.get("moves")? {
        Value::String(s) => Some(s.clone()),
        Value::Array(a) => Some(
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ => None,
    }
}

/// A list of points given as one string or a list of strings.
fn points(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(s)) => s
            .split([' ', ','])
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// The Xiangqi position a case starts from, if it has one: its `fen`, or
/// the starting position for the kinds whose absent `fen` means it.
fn xiangqi_setup(case: &Case) -> Option<Setup> {
    if case.edition.game != GameKind::Xiangqi {
        return None;
    }
    match case.raw.input.get("fen").and_then(Value::as_str) {
        Some("start") => Setup::from_fen(START_FEN).ok(),
        Some(f) => Setup::from_fen(f).ok(),
        None => {
            let starts = matches!(
                case.raw.kind.name(),
                "legal-moves" | "perft" | "outcome" | "notation" | "repetition" | "move-labels"
            );
            starts.then(|| Setup::from_fen(START_FEN).ok()).flatten()
        }
    }
}

/// The board of a case as SVG: its own position or stones, if any.
fn case_board(case: &Case) -> Option<String> {
    if let Some(setup) = xiangqi_setup(case) {
        return Some(svg::xiangqi(&setup, &case.raw.description));
    }
    if case.edition.game == GameKind::Gomoku {
        let black = points(case.raw.input.get("black"));
        let white = points(case.raw.input.get("white"));
        if !black.is_empty() || !white.is_empty() {
            return Some(svg::gomoku(&black, &white, &case.raw.description));
        }
    }
    None
}

/// The verdicts of a figure's cases: (edition, verdict code, clauses, case
/// ids), one row per edition and distinct verdict and clauses, editions in
/// the order of [`Edition::all`].
fn verdict_rows(cases: &[&Case]) -> Vec<(String, String, String, Vec<String>)> {
    let mut rows: Vec<(String, String, String, Vec<String>)> = Vec::new();
    for ed in Edition::all() {
        for case in cases {
            for inst in case.instances() {
                if inst.edition.id != ed.id {
                    continue;
                }
                let Some(v) = inst.expected.get("verdict").and_then(Value::as_str) else {
                    continue;
                };
                let clauses = inst.clauses.join(", ");
                if let Some(row) = rows
                    .iter_mut()
                    .find(|r| r.0 == ed.id && r.1 == v && r.2 == clauses)
                {
                    row.3.push(inst.name());
                } else {
                    rows.push((ed.id.to_string(), v.to_string(), clauses, vec![inst.name()]));
                }
            }
        }
    }
    rows
}

fn verdict_words(code: &str) -> String {
    serde_json::from_value::<Verdict>(Value::String(code.to_string()))
        .map(|v| format!("{} ({code})", v.chinese()))
        .unwrap_or_else(|_| code.to_string())
}

struct Context<'a> {
    corpus: &'a Corpus,
    /// (edition, clause) → the cases citing it under that edition, in
    /// corpus order.
    by_clause: BTreeMap<(String, String), Vec<usize>>,
    /// The clause on its own edition's page where each case is shown in
    /// full (its first cited clause in book order).
    home: BTreeMap<usize, String>,
}

impl<'a> Context<'a> {
    fn new(corpus: &'a Corpus) -> Context<'a> {
        let mut by_clause: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
        for (i, case) in corpus.cases.iter().enumerate() {
            for inst in case.instances() {
                for c in &inst.clauses {
                    let v = by_clause
                        .entry((inst.edition.id.to_string(), c.clone()))
                        .or_default();
                    if !v.contains(&i) {
                        v.push(i);
                    }
                }
            }
        }
        let mut home = BTreeMap::new();
        for (i, case) in corpus.cases.iter().enumerate() {
            let first = case
                .edition
                .clauses()
                .ids()
                .find(|id| case.raw.clauses.iter().any(|c| c == id));
            if let Some(c) = first {
                home.insert(i, c.to_string());
            }
        }
        Context {
            corpus,
            by_clause,
            home,
        }
    }

    /// Where a case is shown in full.
    fn case_href(&self, case: &Case) -> String {
        format!(
            "{}#{}",
            url(&edition_file(case.edition.id)),
            url(&anchor(&case.raw.id))
        )
    }

    fn figures_of(&self, game: GameKind) -> Vec<(String, Vec<&'a Case>)> {
        let mut figs: BTreeMap<(u8, u32, String), Vec<&Case>> = BTreeMap::new();
        for case in &self.corpus.cases {
            if case.edition.game != game {
                continue;
            }
            if let Some(f) = &case.raw.figure {
                figs.entry(figure_key(f)).or_default().push(case);
            }
        }
        figs.into_iter().map(|((_, _, n), v)| (n, v)).collect()
    }

    fn index(&self, data: &Amendments) -> String {
        let mut body = String::from(
            "<p>The rulebooks qigui implements, clause by clause, with the conformance cases that exercise each clause and their expected outcome under every edition. Each edition's page lists its clauses in book order.</p>\n<table>\n<tr><th>edition</th><th>title</th><th>compared with</th><th>clauses</th><th>case instances under it</th></tr>\n",
        );
        for e in Edition::all() {
            let relation = match (
                e.parent,
                data.edition(e.id).and_then(|x| x.reference.as_deref()),
            ) {
                (Some(p), _) => format!("amends <a href=\"{}\">{p}</a>", url(&edition_file(p))),
                (None, Some(r)) => {
                    format!("reference <a href=\"{}\">{r}</a>", url(&edition_file(r)))
                }
                (None, None) => "—".into(),
            };
            let instances = self
                .corpus
                .instances()
                .iter()
                .filter(|i| i.edition.id == e.id)
                .count();
            body.push_str(&format!(
                "<tr><td><a href=\"{}\"><code>{}</code></a></td><td>{}</td><td>{relation}</td><td>{}</td><td>{instances}</td></tr>\n",
                url(&edition_file(e.id)),
                e.id,
                escape(e.title),
                e.clauses().ids().count()
            ));
        }
        body.push_str("</table>\n<ul>\n<li><a href=\"rules.html\">Editions compared</a>: the points of the rules on which the editions differ, each edition's rule with its clauses (<code>spec/editions.yaml</code>).</li>\n<li><a href=\"figures.html\">Figures</a>: every figure with its board, moves, labels and verdicts.</li>\n<li><a href=\"diffs.html\">Diffs</a>: for any two editions, the rules and the cases whose outcome differs.</li>\n<li><a href=\"errata.html\">Errata</a>: where the books are inconsistent and what qigui uses instead.</li>\n</ul>\n");
        page("qigui — the rulebooks, executable", &body)
    }

    fn rules(&self, data: &Amendments) -> String {
        let mut body = String::from(
            "<p>Each row is one point of the rules on which some editions differ (<code>spec/editions.yaml</code>). An edition without its own entry follows its base — the edition it amends, or the one it is compared with — shown in grey.</p>\n",
        );
        for game in games() {
            let eds: Vec<&Edition> = Edition::all().iter().filter(|e| e.game == game).collect();
            let topics: Vec<_> = data
                .topics
                .iter()
                .filter(|t| {
                    t.rules
                        .keys()
                        .any(|k| Edition::get(k).is_some_and(|e| e.game == game))
                })
                .collect();
            if topics.is_empty() {
                continue;
            }
            body.push_str(&format!(
                "<h2>{}</h2>\n<table>\n<tr><th>topic</th>",
                game_name(game)
            ));
            for e in &eds {
                body.push_str(&format!(
                    "<th><a href=\"{}\"><code>{}</code></a>{}</th>",
                    url(&edition_file(e.id)),
                    e.id,
                    data.base(e.id)
                        .map(|b| format!("<br><span class=\"inherited\">base {b}</span>"))
                        .unwrap_or_default()
                ));
            }
            body.push_str("</tr>\n");
            for t in topics {
                body.push_str(&format!(
                    "<tr id=\"{}\"><th>{}<br><code>{}</code></th>",
                    escape(&t.id),
                    escape(&t.title),
                    escape(&t.id)
                ));
                for e in &eds {
                    body.push_str(&format!(
                        "<td>{}</td>",
                        rule_cell(data.effective(e.id, t), e.id)
                    ));
                }
                body.push_str("</tr>\n");
            }
            body.push_str("</table>\n");
        }
        page("Editions compared", &body)
    }

    fn edition_page(&self, e: &Edition, data: &Amendments) -> String {
        let mut body = String::new();
        if let Some(entry) = data.edition(e.id) {
            body.push_str(&format!(
                "<p><strong>{}</strong><br>Source: {}</p>\n",
                escape(e.title),
                escape(&entry.source)
            ));
            if let Some(n) = &entry.note {
                body.push_str(&format!("<p class=\"note\">{}</p>\n", escape(n)));
            }
        }
        match data.base(e.id) {
            Some(base) => {
                let verb = if e.parent.is_some() {
                    "amends"
                } else {
                    "is compared with"
                };
                body.push_str(&format!(
                    "<h2>Changes</h2>\n<p>This edition {verb} <a href=\"{}\"><code>{base}</code></a>; it differs from it on these points (<a href=\"{}\">the full diff</a>):</p>\n",
                    url(&edition_file(base)),
                    url(&diff_file(base, e.id))
                ));
                let changes = data.changes(e.id);
                if changes.is_empty() {
                    body.push_str("<p>None recorded.</p>\n");
                } else {
                    body.push_str(&format!(
                        "<table>\n<tr><th>topic</th><th><code>{base}</code></th><th><code>{}</code></th></tr>\n",
                        e.id
                    ));
                    for c in changes {
                        body.push_str(&format!(
                            "<tr><th><a href=\"rules.html#{}\">{}</a></th><td>{}</td><td>{}</td></tr>\n",
                            url(&c.topic.id),
                            escape(&c.topic.title),
                            rule_cell(c.base_rule, base),
                            rule_cell(
                                Some(Effective {
                                    stated_by: e.id,
                                    rule: c.rule
                                }),
                                e.id
                            )
                        ));
                    }
                    body.push_str("</table>\n");
                }
            }
            None => body.push_str("<p>This edition amends no other and is the reference its game's other editions are compared with.</p>\n"),
        }
        body.push_str("<h2>Clauses and their cases</h2>\n");
        for id in e.clauses().ids() {
            let text = e.clauses().text(id).unwrap_or_default();
            body.push_str(&format!(
                "<div class=\"clause\" id=\"c-{}\"><span class=\"clause-id\">{}</span><span class=\"clause-text\">{}</span></div>\n",
                escape(&anchor(id)),
                escape(id),
                escape(text)
            ));
            let Some(list) = self.by_clause.get(&(e.id.to_string(), id.to_string())) else {
                continue;
            };
            for &i in list {
                let case = &self.corpus.cases[i];
                let at_home = case.edition.id == e.id && self.home.get(&i).is_some_and(|h| h == id);
                if at_home {
                    body.push_str(&self.case_block(case, true));
                } else {
                    body.push_str(&format!(
                        "<div class=\"case\"><a href=\"{}\"><code>{}</code></a> — {}</div>\n",
                        self.case_href(case),
                        escape(&case.raw.id),
                        escape(&case.raw.description)
                    ));
                }
            }
        }
        page(&format!("{} — {}", e.id, e.title), &body)
    }

    /// A case in full: id (the element's id when `with_id`), kind,
    /// provenance, figure, description, the expected value and clauses under
    /// every edition, skip reasons, errata, note and input.
    fn case_block(&self, case: &Case, with_id: bool) -> String {
        let raw = &case.raw;
        let provenance = serde_json::to_value(raw.provenance)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let skipped = case.instances().iter().all(|i| i.skip.is_some());
        let mut s = format!(
            "<div class=\"case{}\"{}>\n<p><code>{}</code><span class=\"kind\">{}</span><span class=\"prov\">{}</span>{}{}</p>\n<p>{}</p>\n",
            if skipped { " skipped" } else { "" },
            if with_id {
                format!(" id=\"{}\"", escape(&anchor(&raw.id)))
            } else {
                String::new()
            },
            escape(&raw.id),
            raw.kind.name(),
            escape(&provenance),
            raw.figure
                .as_deref()
                .map(|f| format!(
                    "<span class=\"tag\"><a href=\"{}\">{}</a></span>",
                    url(&figure_file(case.edition.game, f)),
                    escape(f)
                ))
                .unwrap_or_default(),
            if raw.optional {
                "<span class=\"tag\">optional</span>"
            } else {
                ""
            },
            escape(&raw.description)
        );
        s.push_str("<table>\n<tr><th>edition</th><th>clauses</th><th>expected</th></tr>\n");
        for inst in case.instances() {
            s.push_str(&instance_row(&inst));
        }
        s.push_str("</table>\n");
        if let Some(n) = &raw.note {
            s.push_str(&format!("<p class=\"note\">{}</p>\n", escape(n)));
        }
        for (ed, ov) in &raw.editions {
            if let Some(n) = &ov.note {
                s.push_str(&format!(
                    "<p class=\"note\"><code>{}</code>: {}</p>\n",
                    escape(ed),
                    escape(n)
                ));
            }
        }
        s.push_str(&format!(
            "<details><summary>input</summary><pre>{}</pre></details>\n</div>\n",
            escape(&json_pretty(&raw.input))
        ));
        s
    }

    fn figure_page(&self, game: GameKind, name: &str, cases: &[&Case]) -> String {
        let mut body = String::new();
        // The figure's own board: its position-level case if there is one
        // (other cases citing the figure, e.g. repetition claims in conduct
        // records, may start from it too).
        let board_case = cases
            .iter()
            .copied()
            .find(|c| c.raw.kind == crate::corpus::Kind::MoveLabels && xiangqi_setup(c).is_some())
            .or_else(|| cases.iter().copied().find(|c| xiangqi_setup(c).is_some()));
        if let Some(bc) = board_case {
            let setup = xiangqi_setup(bc).unwrap_or_else(Setup::empty);
            body.push_str("<div class=\"figure\">\n<div class=\"board\">\n");
            body.push_str(&svg::xiangqi(
                &setup,
                &format!("{name}: {}", bc.raw.description),
            ));
            body.push_str(&format!(
                "<p><code>{}</code></p>\n</div>\n<div>\n",
                escape(&setup.to_fen())
            ));
            body.push_str(&moves_table(bc, &setup));
            body.push_str(&verdict_table(cases));
            if let Some(n) = &bc.raw.note {
                body.push_str(&format!(
                    "<h3>The book's commentary</h3>\n<p class=\"note\">{}</p>\n",
                    escape(n)
                ));
            }
            body.push_str("</div>\n</div>\n");
        } else {
            body.push_str(&verdict_table(cases));
        }
        body.push_str("<h2>Cases</h2>\n");
        for case in cases {
            if board_case.is_none_or(|b| b.raw.id != case.raw.id)
                && let Some(svg) = case_board(case).filter(|_| game == GameKind::Gomoku)
            {
                body.push_str(&format!("<div class=\"board\">{svg}</div>\n"));
            }
            body.push_str(&self.case_block(case, true));
        }
        let book = cases.first().map(|c| c.edition.title).unwrap_or_default();
        page(&format!("{name} ({book})"), &body)
    }

    fn diff_page(&self, d: &EditionDiff<'_>) -> String {
        let (a, b) = (d.from.id, d.to.id);
        let mut body = format!(
            "<p><a href=\"{}\"><code>{a}</code></a> {} → <a href=\"{}\"><code>{b}</code></a> {}</p>\n<p>The same as <code>qigui diff --from {a} --to {b}</code>.</p>\n<h2>Rules that differ ({})</h2>\n",
            url(&edition_file(a)),
            escape(d.from.title),
            url(&edition_file(b)),
            escape(d.to.title),
            d.rules.len()
        );
        if !d.rules.is_empty() {
            body.push_str(&format!(
                "<table>\n<tr><th>topic</th><th><code>{a}</code></th><th><code>{b}</code></th></tr>\n"
            ));
            for t in &d.rules {
                body.push_str(&format!(
                    "<tr><th><a href=\"rules.html#{}\">{}</a></th><td>{}</td><td>{}</td></tr>\n",
                    url(&t.topic.id),
                    escape(&t.topic.title),
                    rule_cell(t.from, a),
                    rule_cell(t.to, b)
                ));
            }
            body.push_str("</table>\n");
        }
        let (outcome, renumbered) = d.split();
        body.push_str(&format!(
            "<h2>Cases whose expected outcome differs ({})</h2>\n",
            outcome.len()
        ));
        if !outcome.is_empty() {
            body.push_str(&format!(
                "<table>\n<tr><th>case</th><th>board</th><th><code>{a}</code></th><th><code>{b}</code></th></tr>\n"
            ));
            for c in &outcome {
                let raw = &c.case.raw;
                let board = case_board(c.case).or_else(|| {
                    let f = raw.figure.as_deref()?;
                    self.corpus
                        .cases
                        .iter()
                        .filter(|x| x.edition.game == c.case.edition.game)
                        .filter(|x| x.raw.figure.as_deref() == Some(f))
                        .find_map(case_board)
                });
                let side = |i: &Instance<'_>| {
                    format!(
                        "<strong>{}</strong><br>clauses {}{}",
                        escape(&diff::shown(&i.expected, &c.keys)),
                        escape(&i.clauses.join(", ")),
                        i.skip
                            .as_deref()
                            .map(|r| format!(
                                "<br><span class=\"skip\">skipped: {}</span>",
                                escape(r)
                            ))
                            .unwrap_or_default()
                    )
                };
                body.push_str(&format!(
                    "<tr><td><a href=\"{}\"><code>{}</code></a>{}<br>{}</td><td class=\"thumb\">{}</td><td>{}</td><td>{}</td></tr>\n",
                    self.case_href(c.case),
                    escape(&raw.id),
                    raw.figure
                        .as_deref()
                        .map(|f| format!(
                            " <a href=\"{}\">{}</a>",
                            url(&figure_file(c.case.edition.game, f)),
                            escape(f)
                        ))
                        .unwrap_or_default(),
                    escape(&raw.description),
                    board.unwrap_or_default(),
                    side(&c.from),
                    side(&c.to)
                ));
            }
            body.push_str("</table>\n");
        }
        body.push_str(&format!(
            "<h2>Cases that differ only in the clause numbers they cite ({})</h2>\n",
            renumbered.len()
        ));
        if !renumbered.is_empty() {
            body.push_str("<ul>\n");
            for c in &renumbered {
                body.push_str(&format!(
                    "<li><a href=\"{}\"><code>{}</code></a>: {}</li>\n",
                    self.case_href(c.case),
                    escape(&c.case.raw.id),
                    escape(&diff::renumbering(c))
                ));
            }
            body.push_str("</ul>\n");
        }
        page(&format!("Diff: {a} → {b}"), &body)
    }
}

/// An edition's rule on a topic as a table cell; grey when inherited.
fn rule_cell(e: Option<Effective<'_>>, edition: &str) -> String {
    match e {
        None => "<span class=\"inherited\">(no rule stated)</span>".into(),
        Some(e) => {
            let clauses = if e.rule.clauses.is_empty() {
                "no clause".to_string()
            } else {
                e.rule.clauses.join(", ")
            };
            let inner = format!(
                "<strong>{}</strong> <span class=\"tag\">{}</span><br>{}",
                escape(&e.rule.value),
                escape(&clauses),
                escape(&e.rule.rule)
            );
            if e.stated_by == edition {
                inner
            } else {
                format!(
                    "<span class=\"inherited\">as <code>{}</code>: {inner}</span>",
                    escape(e.stated_by)
                )
            }
        }
    }
}

fn instance_row(inst: &Instance<'_>) -> String {
    let mut extra = String::new();
    if let Some(r) = &inst.skip {
        extra.push_str(&format!(
            "<br><span class=\"skip\">skipped: {}</span>",
            escape(r)
        ));
    }
    if let Some(e) = &inst.erratum {
        extra.push_str(&format!(
            "<br>erratum <a href=\"errata.html#{}\">{}</a>: {}",
            url(&e.id),
            escape(&e.id),
            escape(&e.reason)
        ));
    }
    let expected = match inst.expected.get("verdict").and_then(Value::as_str) {
        Some(v) => format!(
            "{}<br><code>{}</code>",
            escape(&verdict_words(v)),
            escape(&json_compact(&inst.expected))
        ),
        None => format!("<code>{}</code>", escape(&json_compact(&inst.expected))),
    };
    format!(
        "<tr><td><a href=\"{}\"><code>{}</code></a></td><td>{}</td><td>{expected}{extra}</td></tr>\n",
        url(&edition_file(inst.edition.id)),
        inst.edition.id,
        escape(&inst.clauses.join(", "))
    )
}

/// The moves of a figure's position case: number, side, the move in
/// Chinese and ICCS, and the book's label when the case gives labels.
fn moves_table(case: &Case, setup: &Setup) -> String {
    let Some(text) = moves_text(&case.raw.input) else {
        return String::new();
    };
    let labels: Vec<String> = case
        .raw
        .expected
        .get("labels")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|l| l.as_str().map_or_else(|| l.to_string(), str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let tokens = crate::xiangqi::notation::split_moves(&text);
    let mut rows = String::new();
    let mut pos = Position::from_setup(setup, Validation::Relaxed).ok();
    let mut side = setup.turn;
    for (i, tok) in tokens.iter().enumerate() {
        let (chinese, iccs) = match pos.as_ref().and_then(|p| {
            crate::xiangqi::notation::parse_move(p, tok)
                .ok()
                .map(|m| (p, m.mv))
        }) {
            Some((p, mv)) => {
                let c = crate::xiangqi::notation::chinese(p, mv);
                let next = p.play_unchecked(mv);
                pos = Some(next);
                (c, mv.iccs())
            }
            None => {
                pos = None;
                (tok.clone(), String::new())
            }
        };
        let label = labels.get(i).cloned().unwrap_or_default();
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td><td class=\"label\">{}</td></tr>\n",
            i / 2 + 1,
            match side {
                crate::xiangqi::board::Color::Red => "红",
                crate::xiangqi::board::Color::Black => "黑",
            },
            escape(&chinese),
            escape(&iccs),
            escape(&label)
        ));
        side = side.opponent();
    }
    format!(
        "<h3>Moves</h3>\n<table class=\"moves\">\n<tr><th>回合</th><th>side</th><th>move</th><th>ICCS</th><th>the book's label</th></tr>\n{rows}</table>\n"
    )
}

/// The verdict under each edition, from every case of the figure.
fn verdict_table(cases: &[&Case]) -> String {
    let rows = verdict_rows(cases);
    if rows.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "<h3>Verdict under each edition</h3>\n<table>\n<tr><th>edition</th><th>verdict</th><th>clauses</th><th>cases</th></tr>\n",
    );
    let mut seen = BTreeSet::new();
    for (ed, v, clauses, ids) in rows {
        let first = seen.insert(ed.clone());
        s.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            if first {
                format!(
                    "<a href=\"{}\"><code>{ed}</code></a>",
                    url(&edition_file(&ed))
                )
            } else {
                String::new()
            },
            escape(&verdict_words(&v)),
            escape(&clauses),
            ids.iter()
                .map(|i| format!("<code>{}</code>", escape(i)))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    s.push_str("</table>\n");
    s
}
