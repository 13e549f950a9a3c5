//! The `qigui` command line. See `docs/command-line.md` for the commands, or
//! `qigui --help`.

#![warn(clippy::too_many_lines)]

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::dispatch()
}
