//! `qigui book`: the corpus as a static HTML rulebook.

use std::path::PathBuf;
use std::process::ExitCode;

use super::Args;
use super::check::load;

pub fn book(raw: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(raw, &["out"], &[])?;
    let Some(out) = args.value("out") else {
        return Err("usage: qigui book --out DIR [PATH...]".into());
    };
    let corpus = load(&args.positional)?;
    let out = PathBuf::from(out);
    let book = qigui::book::write(&corpus, &out).map_err(|e| e.to_string())?;
    outln!(
        "{} files, {} figure pages, in {}; open {}",
        book.files.len(),
        book.figures.len(),
        out.display(),
        out.join("index.html").display()
    );
    Ok(ExitCode::SUCCESS)
}
