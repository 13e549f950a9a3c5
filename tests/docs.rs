//! Every fenced code block of README.md and docs/*.md, checked: a page
//! added to docs/ is picked up without a change here.
//!
//! The rule, by the block's language (docs/README.md states it for
//! writers):
//!
//! * `console`: each line `$ qigui ARGS` is run with the built binary from
//!   the repository root (ARGS split as a shell would, with '…' and "…"
//!   quoting only: no pipes, redirects or variables); the lines after it, up
//!   to the next `$ ` line or the block's end, are its exact standard
//!   output, where a line `...` alone matches any number of lines. A
//!   command ending in `  # exit N` must exit with N, any other with 0.
//! * `rust`: compiled and run as a doctest (`cargo test --doc`; each page
//!   is included in the crate's doctests by build.rs), so not here.
//! * `yaml`, `json`: parsed.
//! * `text`, `sh`, `toml`: not run (`text` is output or prose; `sh` blocks are
//!   the cargo commands that build and test this repository, which the
//!   test suite runs already; `toml` is a Cargo.toml fragment for a user's
//!   project).
//! * `python`: not run until the Python package (python/) is built by
//!   this test suite; each such block is listed as ignored with that reason.
//! * Any other language, or a fence without one, fails: a new kind of block
//!   needs a decision here first.

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

/// A fenced block: where it opens, its language and its lines.
struct Block {
    file: String,
    line: usize,
    lang: String,
    body: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md, sorted.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect()
        })
        .unwrap_or_default();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The fenced blocks of a Markdown page (``` fences, at the line's start);
/// an unclosed fence is an error.
fn blocks(path: &Path) -> Result<Vec<Block>, String> {
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("```") else {
            if let Some(b) = open.as_mut() {
                b.body.push(line.to_string());
            }
            continue;
        };
        match open.take() {
            Some(b) => {
                if !rest.trim().is_empty() {
                    return Err(format!(
                        "{name}:{}: a fence opens inside the block opened at line {}",
                        i + 1,
                        b.line
                    ));
                }
                out.push(b);
            }
            None => {
                open = Some(Block {
                    file: name.clone(),
                    line: i + 1,
                    lang: rest.trim().to_string(),
                    body: Vec::new(),
                })
            }
        }
    }
    if let Some(b) = open {
        return Err(format!("{name}:{}: the fence is never closed", b.line));
    }
    Ok(out)
}

/// Splits a command line as a shell would for words, '…' and "…" only.
fn split(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, '|' | '>' | '<' | '$' | '`' | ';' | '&') => {
                return Err(format!(
                    "'{c}' outside quotes: only words and quotes are allowed"
                ));
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("an unclosed quote".into());
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Whether `actual` matches `expected`, where an expected line `...`
/// matches any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first().is_some_and(|a| a == first) && matches(rest, &actual[1..])
        }
    }
}

/// One `$ qigui …` command with its expected output and exit code.
struct Run {
    line: usize,
    args: Vec<String>,
    exit: i32,
    expected: Vec<String>,
}

/// The commands of a console block.
fn runs(block: &Block) -> Result<Vec<Run>, String> {
    let mut runs: Vec<Run> = Vec::new();
    for (i, line) in block.body.iter().enumerate() {
        let at = block.line + 1 + i;
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, exit) = match command.rsplit_once("  # exit ") {
                Some((c, n)) => (
                    c,
                    n.trim()
                        .parse()
                        .map_err(|_| format!("line {at}: '# exit {n}' is not a number"))?,
                ),
                None => (command, 0),
            };
            let mut args = split(command).map_err(|e| format!("line {at}: {e}"))?;
            if args.first().map(String::as_str) != Some("qigui") {
                return Err(format!(
                    "line {at}: a console command runs qigui (`$ qigui ARGS`)"
                ));
            }
            args.remove(0);
            runs.push(Run {
                line: at,
                args,
                exit,
                expected: Vec::new(),
            });
        } else {
            match runs.last_mut() {
                Some(r) => r.expected.push(line.clone()),
                None if line.trim().is_empty() => {}
                None => return Err(format!("line {at}: output before any `$ qigui` line")),
            }
        }
    }
    if runs.is_empty() {
        return Err("a console block without a `$ qigui` command".into());
    }
    Ok(runs)
}

fn run_console(block: &Block) -> Result<(), Failed> {
    for run in runs(block)? {
        let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
            .args(&run.args)
            .current_dir(root())
            .output()
            .map_err(|e| format!("line {}: cannot run qigui: {e}", run.line))?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        let actual: Vec<&str> = stdout.lines().collect();
        let code = out.status.code().unwrap_or(-1);
        if code != run.exit || !matches(&run.expected, &actual) {
            return Err(format!(
                "{}:{}: qigui {}\nexit {code} (expected {})\n--- expected\n{}\n--- actual stdout\n{stdout}--- stderr\n{}",
                block.file,
                run.line,
                run.args.join(" "),
                run.exit,
                run.expected.join("\n"),
                String::from_utf8_lossy(&out.stderr)
            )
            .into());
        }
    }
    Ok(())
}

fn trial(block: Block) -> Option<Trial> {
    let name = format!("{}:{} ({})", block.file, block.line, block.lang);
    Some(match block.lang.as_str() {
        "console" => Trial::test(name, move || run_console(&block)),
        "yaml" => Trial::test(name, move || {
            yaml_serde::from_str::<yaml_serde::Value>(&block.body.join("\n"))
                .map(drop)
                .map_err(|e| format!("{}:{}: {e}", block.file, block.line).into())
        }),
        "json" => Trial::test(name, move || {
            serde_json::from_str::<serde_json::Value>(&block.body.join("\n"))
                .map(drop)
                .map_err(|e| format!("{}:{}: {e}", block.file, block.line).into())
        }),
        // Not run here (see the module's doc); `rust` by `cargo test --doc`.
        "rust" | "text" | "sh" | "toml" => return None,
        "python" => Trial::test(
            format!("{name}: python/ is not built by cargo test"),
            || Ok(()),
        )
        .with_ignored_flag(true),
        other => {
            let other = other.to_string();
            Trial::test(name, move || {
                Err(format!(
                    "a ```{other} block: tests/docs.rs says how each language is checked; add this one there"
                )
                .into())
            })
        }
    })
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for page in pages() {
        match blocks(&page) {
            Ok(bs) => trials.extend(bs.into_iter().filter_map(trial)),
            Err(e) => trials.push(Trial::test(
                format!("{} fences", page.display()),
                move || Err(e.clone().into()),
            )),
        }
    }
    // The unit checks of this file's own helpers.
    trials.push(Trial::test("split and matches", || {
        let words = split(r#"qigui judge --fen "a b" --moves 'c d' x"#)?;
        if words != ["qigui", "judge", "--fen", "a b", "--moves", "c d", "x"] {
            return Err(format!("split: {words:?}").into());
        }
        if split("qigui check | head").is_ok() {
            return Err("a pipe is refused".into());
        }
        let e = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let ok = matches(&e(&["a", "...", "z"]), &["a", "b", "c", "z"])
            && matches(&e(&["a", "..."]), &["a"])
            && !matches(&e(&["a", "z"]), &["a", "b", "z"])
            && !matches(&e(&["a"]), &["a", "b"]);
        if ok { Ok(()) } else { Err("matches".into()) }
    }));
    libtest_mimic::run(&args, trials).exit();
}
