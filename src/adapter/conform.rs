//! Running a corpus through an adapter (`qigui conform`): one request per
//! case instance, each answer compared with the instance's `expected` by
//! [`crate::corpus::compare`], with a timeout per case. An adapter that
//! crashes, hangs or breaks the protocol fails the case at hand and is
//! started again for the next one.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::corpus::{self, Corpus, FORMAT_VERSION, Instance, Status};

use super::process::{AdapterError, AdapterProcess, split_command};
use super::protocol::{PROTOCOL_VERSION, Reply, Request};

/// How `conform` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConformOptions {
    /// The adapter's command line (split like a shell's, without one).
    pub command: String,
    /// The time allowed for each answer.
    pub timeout: Duration,
    /// The time allowed for the answer to `hello` (the adapter starting).
    pub hello_timeout: Duration,
    /// Only these kinds (by name); all when `None`.
    pub kinds: Option<BTreeSet<String>>,
    /// Only this edition; all when `None`.
    pub edition: Option<String>,
    /// Also send the cases the corpus skips (`skip:`) to the adapter; they
    /// stay counted as skipped, and how the adapter did on them is
    /// reported apart ([`InstanceResult::ran_skipped`]).
    pub include_skipped: bool,
}

impl ConformOptions {
    /// Options with the default timeouts (30 s per case, 20 s to start).
    pub fn new(command: &str) -> ConformOptions {
        ConformOptions {
            command: command.to_string(),
            timeout: Duration::from_secs(30),
            hello_timeout: Duration::from_secs(20),
            kinds: None,
            edition: None,
            include_skipped: false,
        }
    }
}

/// Who decided an instance's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The corpus skips the case (its `skip` reason).
    Corpus,
    /// The adapter does not claim the kind or the edition.
    NotClaimed,
    /// The adapter answered (`result`, `skip` or `error`).
    Adapter,
    /// The adapter timed out, crashed or broke the protocol.
    Failure,
}

/// One instance's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct InstanceResult {
    /// The instance's name (`id` or `id@edition`).
    pub name: String,
    /// The case id.
    pub id: String,
    /// The edition it ran under.
    pub edition: &'static str,
    /// The kind.
    pub kind: &'static str,
    /// The clauses under that edition.
    pub clauses: Vec<String>,
    /// The rulebook figure, if any.
    pub figure: Option<String>,
    /// Passed, failed (with how) or skipped (with why).
    pub status: Status,
    /// Who decided it.
    pub decided: Decided,
    /// The adapter's output, when it gave one.
    pub output: Option<Value>,
    /// The expected output under that edition.
    pub expected: Value,
    /// How long the answer took.
    pub elapsed: Duration,
    /// For a case the corpus skips, run all the same
    /// ([`ConformOptions::include_skipped`]): how the adapter did. Not
    /// counted in the totals; `status` stays the corpus's skip.
    pub ran_skipped: Option<Status>,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct ConformReport {
    /// The adapter's name from its `hello`.
    pub adapter: String,
    /// The kinds it claims.
    pub kinds: Vec<String>,
    /// The editions it claims, if it named any.
    pub editions: Option<Vec<String>>,
    /// Each instance, in corpus order.
    pub results: Vec<InstanceResult>,
    /// Crashes, timeouts and restarts, in order.
    pub incidents: Vec<String>,
}

impl ConformReport {
    /// Passed, failed and skipped instances.
    pub fn totals(&self) -> (usize, usize, usize) {
        let mut t = (0, 0, 0);
        for r in &self.results {
            match r.status {
                Status::Passed => t.0 += 1,
                Status::Failed(_) => t.1 += 1,
                Status::Skipped(_) => t.2 += 1,
            }
        }
        t
    }

    /// Among the cases the corpus skips that were run all the same: passed,
    /// failed and skipped by the adapter.
    pub fn skipped_run_totals(&self) -> (usize, usize, usize) {
        let mut t = (0, 0, 0);
        for r in &self.results {
            match &r.ran_skipped {
                Some(Status::Passed) => t.0 += 1,
                Some(Status::Failed(_)) => t.1 += 1,
                Some(Status::Skipped(_)) => t.2 += 1,
                None => {}
            }
        }
        t
    }
}

/// What the adapter said to `hello`.
struct Session {
    process: AdapterProcess,
}

struct Claims {
    name: String,
    kinds: Vec<String>,
    editions: Option<Vec<String>>,
}

fn start(argv: &[String], hello_timeout: Duration) -> Result<(Session, Claims), AdapterError> {
    let mut process = AdapterProcess::spawn(argv)?;
    process.send(&Request::Hello {
        protocol: PROTOCOL_VERSION,
        corpus_format: FORMAT_VERSION,
        runner: format!("qigui {}", env!("CARGO_PKG_VERSION")),
    })?;
    let reply = match process.receive(hello_timeout) {
        Ok(r) => r,
        Err(e) => {
            process.kill();
            return Err(e);
        }
    };
    match reply {
        Reply::Hello {
            protocol,
            name,
            kinds,
            editions,
        } => {
            if protocol != PROTOCOL_VERSION {
                process.kill();
                return Err(AdapterError::Protocol(format!(
                    "the adapter speaks protocol {protocol}; this runner speaks {PROTOCOL_VERSION}"
                )));
            }
            Ok((
                Session { process },
                Claims {
                    name,
                    kinds,
                    editions,
                },
            ))
        }
        Reply::Error { message, .. } => {
            process.kill();
            Err(AdapterError::Protocol(format!(
                "the adapter refused to start: {message}"
            )))
        }
        other => {
            process.kill();
            Err(AdapterError::Protocol(format!(
                "expected hello, got {}",
                other.to_line()
            )))
        }
    }
}

fn skipped(inst: &Instance<'_>, why: String, decided: Decided) -> InstanceResult {
    result(inst, Status::Skipped(why), decided, None, Duration::ZERO)
}

fn result(
    inst: &Instance<'_>,
    status: Status,
    decided: Decided,
    output: Option<Value>,
    elapsed: Duration,
) -> InstanceResult {
    InstanceResult {
        name: inst.name(),
        id: inst.case.raw.id.clone(),
        edition: inst.edition.id,
        kind: inst.case.raw.kind.name(),
        clauses: inst.clauses.clone(),
        figure: inst.case.raw.figure.clone(),
        status,
        decided,
        output,
        expected: inst.expected.clone(),
        elapsed,
        ran_skipped: None,
    }
}

/// A result for the instance: for a case the corpus skips (run all the
/// same), the corpus's skip with the adapter's status beside it.
fn outcome(
    inst: &Instance<'_>,
    status: Status,
    decided: Decided,
    output: Option<Value>,
    elapsed: Duration,
) -> InstanceResult {
    match &inst.skip {
        None => result(inst, status, decided, output, elapsed),
        Some(reason) => InstanceResult {
            ran_skipped: Some(status),
            ..result(
                inst,
                Status::Skipped(format!("corpus: {reason}")),
                Decided::Corpus,
                output,
                elapsed,
            )
        },
    }
}

/// Runs every instance of `corpus` (of the kinds and edition asked)
/// through the adapter. `Err` only when the adapter cannot be started at
/// all; every later failure is a failed case and an incident.
#[expect(
    clippy::too_many_lines,
    reason = "one session loop: send, read with a timeout, restart after a crash, count the incident; its state (the live session, the restart budget, the claims) is shared by every step"
)]
pub fn conform(corpus: &Corpus, opts: &ConformOptions) -> Result<ConformReport, AdapterError> {
    let argv = split_command(&opts.command)?;
    let (session, claims) = start(&argv, opts.hello_timeout)?;
    let mut session = Some(session);
    let mut report = ConformReport {
        adapter: claims.name.clone(),
        kinds: claims.kinds.clone(),
        editions: claims.editions.clone(),
        results: Vec::new(),
        incidents: Vec::new(),
    };
    let kinds: BTreeSet<&str> = claims.kinds.iter().map(String::as_str).collect();
    let mut dead: Option<String> = None;
    for inst in corpus.instances() {
        let kind = inst.case.raw.kind.name();
        if opts.kinds.as_ref().is_some_and(|k| !k.contains(kind)) {
            continue;
        }
        if opts.edition.as_ref().is_some_and(|e| e != inst.edition.id) {
            continue;
        }
        let corpus_skip = |inst: &Instance<'_>, reason: &str| {
            skipped(inst, format!("corpus: {reason}"), Decided::Corpus)
        };
        if let Some(reason) = &inst.skip
            && (!opts.include_skipped || !kinds.contains(kind))
        {
            report.results.push(corpus_skip(&inst, reason));
            continue;
        }
        if !kinds.contains(kind) {
            report.results.push(skipped(
                &inst,
                format!("the adapter does not run {kind}"),
                Decided::NotClaimed,
            ));
            continue;
        }
        if claims
            .editions
            .as_ref()
            .is_some_and(|e| !e.iter().any(|x| x == inst.edition.id))
        {
            report.results.push(match &inst.skip {
                Some(reason) => corpus_skip(&inst, reason),
                None => skipped(
                    &inst,
                    format!("the adapter does not implement {}", inst.edition.id),
                    Decided::NotClaimed,
                ),
            });
            continue;
        }
        if let Some(why) = &dead {
            report.results.push(outcome(
                &inst,
                Status::Failed(format!("not run: {why}")),
                Decided::Failure,
                None,
                Duration::ZERO,
            ));
            continue;
        }
        // (Re)start the adapter when the last case left it dead.
        if session.is_none() {
            match start(&argv, opts.hello_timeout) {
                Ok((s, _)) => {
                    report
                        .incidents
                        .push(format!("restarted the adapter before {}", inst.name()));
                    session = Some(s);
                }
                Err(e) => {
                    let why = format!("the adapter could not be restarted: {e}");
                    report.incidents.push(why.clone());
                    report.results.push(outcome(
                        &inst,
                        Status::Failed(format!("not run: {why}")),
                        Decided::Failure,
                        None,
                        Duration::ZERO,
                    ));
                    dead = Some(why);
                    continue;
                }
            }
        }
        let Some(s) = session.as_mut() else { continue };
        let expect: Vec<String> = inst
            .expected
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        let name = inst.name();
        let began = Instant::now();
        let answer = s
            .process
            .send(&Request::Case {
                id: name.clone(),
                kind: kind.to_string(),
                edition: inst.edition.id.to_string(),
                input: inst.case.raw.input.clone(),
                expect,
            })
            .and_then(|()| s.process.receive(opts.timeout));
        let elapsed = began.elapsed();
        let (status, decided, output, broken) = match answer {
            Ok(Reply::Result { id, output }) if id == name => {
                let status = match corpus::compare(inst.case.raw.kind, &inst.expected, &output) {
                    Ok(()) => Status::Passed,
                    Err(m) => Status::Failed(m.to_string()),
                };
                (status, Decided::Adapter, Some(output), None)
            }
            Ok(Reply::Skip { id, reason }) if id == name => (
                Status::Skipped(format!("adapter: {reason}")),
                Decided::Adapter,
                None,
                None,
            ),
            Ok(Reply::Error {
                id: Some(id),
                message,
            }) if id == name => (
                Status::Failed(format!("adapter error: {message}")),
                Decided::Adapter,
                None,
                None,
            ),
            Ok(other) => {
                let m = format!(
                    "protocol error: expected the answer to {name}, got {}",
                    other.to_line()
                );
                (Status::Failed(m.clone()), Decided::Failure, None, Some(m))
            }
            Err(e) => {
                let m = e.to_string();
                (Status::Failed(m.clone()), Decided::Failure, None, Some(m))
            }
        };
        if let Some(m) = broken {
            report.incidents.push(format!("{name}: {m}"));
            if let Some(s) = session.take() {
                s.process.kill();
            }
        }
        report
            .results
            .push(outcome(&inst, status, decided, output, elapsed));
    }
    if let Some(s) = session.take()
        && !s.process.stop(Duration::from_secs(2))
    {
        report
            .incidents
            .push("the adapter did not exit within 2 s of stop and was killed".into());
    }
    Ok(report)
}
