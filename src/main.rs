//! The `qigui` command line. See `README.md` for the commands, or
//! `qigui --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::dispatch()
}
