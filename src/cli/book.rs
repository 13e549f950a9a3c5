//! `qigui book`: the corpus as a static HTML rulebook.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::check::load;

/// `qigui book`'s options.
#[derive(Args)]
pub struct BookArgs {
    /// The folder to write the book into (created if missing)
    #[arg(long, value_name = "DIR")]
    out: String,
    /// Corpus files or folders (default: the corpus built into qigui, cases/ as compiled)
    #[arg(value_name = "PATH")]
    paths: Vec<String>,
}

pub fn book(args: &BookArgs) -> Result<ExitCode, String> {
    let out = &args.out;
    let corpus = load(&args.paths)?;
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
