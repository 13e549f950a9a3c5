//! The adapter protocol (`spec/adapter-protocol.md`, protocol version 1):
//! how another implementation runs the corpus. The runner (`qigui
//! conform`) starts the adapter, a program that speaks JSON lines on its
//! stdin and stdout, says `hello`, sends one `case` per case instance and
//! reads one answer each, then says `stop`. An answer's `output` has the
//! shape of the case's `expected`; the runner compares the two with the
//! comparison qigui's own run uses ([`crate::corpus::compare`]).
//!
//! The protocol is versioned apart from the corpus format: a new kind of
//! case changes neither version, since a kind is only a name, an input and
//! an expected-shaped output.
//!
//! * `protocol`: the messages.
//! * `process`: an adapter process with a reader thread and timeouts.
//! * [`conform`]: running a corpus through an adapter.
//! * [`serve`]: qigui itself as the reference adapter (`qigui adapter`).

pub(crate) mod conform;
pub(crate) mod process;
pub(crate) mod protocol;
pub(crate) mod serve;

pub use conform::{ConformOptions, ConformReport, Decided, InstanceResult, conform};
pub use process::{AdapterError, AdapterProcess, StderrTail, split_command};
pub use protocol::{PROTOCOL_VERSION, Reply, Request};
pub use serve::{kinds, respond, serve};
