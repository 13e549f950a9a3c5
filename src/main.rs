//! The `qigui` command line. See `README.md` for the commands.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cli::dispatch(&args)
}
