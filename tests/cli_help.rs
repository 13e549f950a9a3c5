//! `--help` for every command and subcommand, and clap's usage errors: the
//! command line describes itself and refuses what it does not know with
//! exit 2.

use std::process::Command;

fn qigui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qigui"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every command (its words) with the options its help must show.
const COMMANDS: &[(&[&str], &[&str])] = &[
    (
        &["check"],
        &["--edition", "--kind", "--format", "[PATH]..."],
    ),
    (&["export-json"], &["--out", "[PATH]..."]),
    (&["coverage"], &["--edition", "--missing"]),
    (&["perft"], &["<FEN>", "<DEPTH>", "--divide"]),
    (
        &["rule"],
        &[
            "--red",
            "--black",
            "--edition",
            "--move-number",
            "--nine-rounds",
            "--points",
            "--format",
        ],
    ),
    (
        &["judge"],
        &[
            "--fen",
            "--moves",
            "--record",
            "--game",
            "--edition",
            "--format",
            "--nine-rounds",
            "--period",
            "--points",
            "--key-points",
            "--explain",
        ],
    ),
    (&["threats"], &["[FEN]", "--moves"]),
    (&["moves"], &["[FEN]", "--moves"]),
    (&["board"], &["[FEN]", "--moves"]),
    (&["notation"], &["<MOVE>...", "--fen"]),
    (&["editions"], &["--changes"]),
    (&["diff"], &["--from", "--to", "--format", "[PATH]..."]),
    (&["book"], &["--out", "[PATH]..."]),
    (&["go"], &["score", "adjudicate", "event"]),
    (&["go", "score"], &["<FILE>", "--format"]),
    (&["go", "event"], &["<FILE>", "--format"]),
    (&["gomoku"], &["forbidden", "judge", "adjudicate", "event"]),
    (
        &["gomoku", "forbidden"],
        &["--black", "--white", "--reading", "--format"],
    ),
    (&["gomoku", "judge"], &["<FILE>", "--format"]),
    (&["gomoku", "adjudicate"], &["<FILE>", "--format"]),
    (&["gomoku", "event"], &["<FILE>", "--format"]),
    (&["standings"], &["<FILE>", "--rules", "--format"]),
    (
        &["adjudicate"],
        &["<FILE>", "--profile", "--case", "--format"],
    ),
    (
        &["conform"],
        &[
            "--adapter",
            "--kinds",
            "--edition",
            "--format",
            "--timeout-ms",
            "--include-skipped",
            "[PATH]...",
        ],
    ),
    (&["adapter"], &["--kinds"]),
    (
        &["pair"],
        &[
            "round-robin",
            "swiss",
            "knockout",
            "scheveningen",
            "lineups",
        ],
    ),
    (&["pair", "round-robin"], &["<N>", "--double", "--games"]),
    (
        &["pair", "swiss"],
        &["<FILE>", "--round", "--first-round", "--format"],
    ),
    (&["pair", "knockout"], &["<N>", "--seeds", "--preliminary"]),
    (&["pair", "scheveningen"], &["<N>", "--rules"]),
    (&["pair", "lineups"], &["<BOARDS>", "<RESERVES>"]),
    (&["record"], &["show"]),
    (&["record", "show"], &["<FILE>", "--game", "--format"]),
];

#[test]
fn every_command_and_subcommand_has_help() {
    for (words, options) in COMMANDS {
        let mut args = words.to_vec();
        args.push("--help");
        let (code, out, err) = qigui(&args);
        let name = words.join(" ");
        assert_eq!(code, 0, "{name} --help: {err}");
        assert!(out.contains("Usage: qigui "), "{name} --help: {out}");
        for o in *options {
            assert!(out.contains(o), "{name} --help lacks {o}: {out}");
        }
        assert!(out.contains("Example"), "{name} --help: no example: {out}");
        // `-h` is the short form of the same.
        let mut args = words.to_vec();
        args.push("-h");
        let (code, _, err) = qigui(&args);
        assert_eq!(code, 0, "{name} -h: {err}");
    }
}

#[test]
fn the_help_lists_every_command_once() {
    let (code, out, err) = qigui(&["--help"]);
    assert_eq!(code, 0, "{err}");
    let listed: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A long description wraps onto lines indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut expected: Vec<&str> = COMMANDS
        .iter()
        .filter(|(w, _)| w.len() == 1)
        .map(|(w, _)| w[0])
        .collect();
    expected.push("help");
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected, "{out}");
    assert_eq!(listed.iter().filter(|c| **c == "editions").count(), 1);
    // `help COMMAND` is `COMMAND --help`.
    let (code, out, _) = qigui(&["help", "judge"]);
    assert_eq!(code, 0);
    assert!(out.contains("--key-points"), "{out}");
}

#[test]
fn the_options_show_their_values() {
    let (_, out, _) = qigui(&["judge", "--help"]);
    for e in qigui::Edition::ids() {
        assert!(out.contains(e), "judge --help lacks edition {e}: {out}");
    }
    assert!(out.contains("text") && out.contains("json"), "{out}");
    let (_, out, _) = qigui(&["standings", "--help"]);
    for f in ["text", "json", "csv", "trf"] {
        assert!(out.contains(f), "standings --help lacks {f}: {out}");
    }
    let (_, out, _) = qigui(&["diff", "--help"]);
    assert!(out.contains("markdown"), "{out}");
    let (_, out, _) = qigui(&["gomoku", "forbidden", "--help"]);
    assert!(out.contains("five-point-excluded"), "{out}");
    let (_, out, _) = qigui(&["pair", "swiss", "--help"]);
    assert!(out.contains("head-tail"), "{out}");
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        &["judge", "--bogus"][..],
        &["judge", "--fen", "start"],
        &["judge", "--moves", "h2e2", "--format", "csv"],
        &[
            "rule",
            "--red",
            "将",
            "--black",
            "闲",
            "--edition",
            "xiangqi-2031",
        ],
        &["perft", "start", "9"],
        &["perft", "start"],
        &["standings", "x.yaml", "--format", "markdown"],
        &["pair", "round-robin", "many"],
        &["go"],
        &["go", "count"],
        &["nonsense"],
        &[],
    ] {
        let (code, out, err) = qigui(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!err.is_empty(), "{args:?}");
    }
    let (_, _, err) = qigui(&["rule", "--red", "将", "--black", "闲", "--edition", "x"]);
    assert!(err.contains("unknown edition 'x'"), "{err}");
}

#[test]
fn the_version() {
    for args in [&["--version"][..], &["-V"], &["version"]] {
        let (code, out, _) = qigui(args);
        assert_eq!(code, 0);
        assert_eq!(out, format!("qigui {}\n", env!("CARGO_PKG_VERSION")));
    }
}
