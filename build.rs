//! Embeds the conformance corpus (`cases/**/*.yaml`) in the crate, so that
//! `qigui check`, `coverage`, `diff`, `book` and `conform` run the rulebook's
//! cases from any directory and from an installed binary
//! (`corpus::embedded()`).
//!
//! A generated list of `include_str!`s rather than the `include_dir` crate:
//! no dependency, and the paths come out exactly as `qigui check cases`
//! names them from the repository root, so both print the same lines.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let cases = root.join("cases");
    // A directory given here is scanned whole by cargo for changes.
    println!("cargo:rerun-if-changed=cases");
    println!("cargo:rerun-if-changed=build.rs");
    let mut files = Vec::new();
    collect(&cases, &mut files)?;
    files.sort();
    let mut code = String::from(
        "/// The corpus files as `(path from the repository root, text)`, sorted by path.\n\
         pub static FILES: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        let relative = file
            .strip_prefix(&root)
            .expect("under the manifest directory");
        let name: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        code.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            name.join("/"),
            file.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("embedded_cases.rs"), code)?;
    fs::write(out.join("doc_pages.rs"), doc_pages(&root)?)
}

/// README.md and every docs/*.md as a hidden item each, so that their
/// ```rust blocks run as doctests (`cargo test --doc`; included in lib.rs
/// under `cfg(doctest)`). A packaged crate without docs/ gets the README
/// alone.
fn doc_pages(root: &Path) -> io::Result<String> {
    println!("cargo:rerun-if-changed=docs");
    println!("cargo:rerun-if-changed=README.md");
    let mut pages = vec![root.join("README.md")];
    if let Ok(dir) = fs::read_dir(root.join("docs")) {
        let mut docs = Vec::new();
        for entry in dir {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "md") {
                docs.push(path);
            }
        }
        docs.sort();
        pages.extend(docs);
    }
    let mut code = String::new();
    for (i, page) in pages.iter().enumerate() {
        if page.is_file() {
            code.push_str(&format!(
                "#[doc = include_str!({:?})]\npub struct Page{i};\n",
                page.display().to_string()
            ));
        }
    }
    Ok(code)
}
