//! The limits qigui works within, stated in one place.
//!
//! Every reader, the adapter and the command line enforce these at the edge:
//! input beyond a limit is refused with a located error (exit 2 on the
//! command line), never read without bound, never a panic or a hang. The
//! README's "Limits and guarantees" lists them.

/// The largest input file or standard input read whole (64 MiB). A larger
/// one is refused before it is read.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The deepest nesting of YAML or JSON structure accepted.
pub const MAX_NESTING_DEPTH: usize = 128;

/// Perft depths accepted by the corpus and the adapter.
pub const PERFT_DEPTHS: std::ops::RangeInclusive<u32> = 1..=6;

/// Perft depths accepted by `qigui play perft` (a person waiting at the
/// terminal can choose a longer count than a test may).
pub const CLI_PERFT_DEPTHS: std::ops::RangeInclusive<u32> = 1..=8;

/// The most plies read in one game record.
pub const MAX_RECORD_PLIES: usize = 10_000;

/// The longest line of the adapter protocol read from an adapter.
pub const MAX_ADAPTER_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The longest piece of user input echoed back in an error message; longer
/// input is cut with an ellipsis.
pub const MAX_ECHO_CHARS: usize = 80;

/// The most moves, variations included, read in one game record (XQF,
/// DhtmlXQ and CBF keep a tree of lines).
pub const MAX_RECORD_TREE_MOVES: usize = 200_000;

/// The deepest nesting of variations (a variation within a variation …)
/// read in one game record.
pub const MAX_RECORD_VARIATION_DEPTH: usize = 64;

/// The most answers of one kind the classifier keeps while judging a cycle
/// (the threats of a position, a mate by checks, an exchange after a
/// capture, the best capture of a target): a kind that reaches it is
/// emptied and fills again, so memory stays bounded however long the cycle.
pub const MEMO_ENTRIES: usize = 50_000;

/// The most players (or teams) of a round-robin table (附录二): 10,000 is
/// 9,999 rounds of 5,000 games, about 500 MB printed.
pub const MAX_ROUND_ROBIN_PLAYERS: u32 = 10_000;
