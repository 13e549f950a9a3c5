//! An adapter process: started from a command line, fed requests by a
//! writer thread, read by a reader thread, so that no read or write of the
//! runner ever blocks past its timeout, whatever the adapter does (hang,
//! crash, print garbage, stop reading).

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::protocol::{Reply, Request};
use crate::limits::{
    LineRead, MAX_ADAPTER_LINE_BYTES, MAX_ADAPTER_STDERR_LINE_BYTES, echo, read_line, serde_words,
    skip_line,
};

/// How many of the adapter's last stderr lines are kept for the report.
const STDERR_LINES: usize = 12;

/// What went wrong with an adapter process.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AdapterError {
    /// The command line is empty or badly quoted.
    #[error("bad adapter command: {0}")]
    Command(String),
    /// The program could not be started.
    #[error("cannot start `{program}`: {reason}")]
    Spawn {
        /// The program.
        program: String,
        /// The system's reason.
        reason: String,
    },
    /// No answer within the time allowed; the adapter is killed.
    #[error("no answer within {0} ms{1}")]
    Timeout(u128, StderrTail),
    /// The adapter closed its stdout or exited.
    #[error("the adapter exited ({status}){tail}")]
    Exited {
        /// Its exit status, when known.
        status: String,
        /// Its last stderr lines.
        tail: StderrTail,
    },
    /// A line that is not a protocol message, or the wrong message.
    #[error("protocol error: {0}")]
    Protocol(String),
}

/// The last lines an adapter wrote to stderr, for a report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StderrTail(pub Vec<String>);

impl fmt::Display for StderrTail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        write!(f, "; its stderr ends: {}", self.0.join(" | "))
    }
}

/// Splits a command line into words: white space separates, single and
/// double quotes group, a backslash escapes the next character (outside
/// single quotes). No shell is involved.
pub fn split_command(line: &str) -> Result<Vec<String>, AdapterError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => cur.push(x),
                        None => return Err(AdapterError::Command("unclosed '".into())),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(x) => cur.push(x),
                            None => return Err(AdapterError::Command("trailing \\".into())),
                        },
                        Some(x) => cur.push(x),
                        None => return Err(AdapterError::Command("unclosed \"".into())),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(x) => cur.push(x),
                    None => return Err(AdapterError::Command("trailing \\".into())),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    if words.is_empty() {
        return Err(AdapterError::Command("no program given".into()));
    }
    Ok(words)
}

enum Line {
    Text(String),
    TooLong,
    Eof,
}

/// A running adapter. On Unix it runs in a process group of its own, which
/// is ended whole (the adapter and anything it started) when the adapter
/// is killed, stopped or dropped; a watchdog process (`sh`, in a group of
/// its own too) ends the group when the runner itself ends without doing
/// so (a signal, `exit`).
pub struct AdapterProcess {
    child: Child,
    to_stdin: Option<Sender<String>>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    exited: bool,
    /// The watchdog, when it could be started.
    watchdog: Option<Child>,
    /// The adapter's process group has been ended.
    group_ended: bool,
}

fn writer(mut stdin: ChildStdin, rx: Receiver<String>) {
    for line in rx {
        if stdin.write_all(line.as_bytes()).is_err()
            || stdin.write_all(b"\n").is_err()
            || stdin.flush().is_err()
        {
            return;
        }
    }
    // The channel is closed: dropping stdin closes the adapter's input.
}

/// Reads the adapter's stdout line by line, each line within
/// [`MAX_ADAPTER_LINE_BYTES`]: an endless line is reported as soon as it
/// passes the cap, and the rest of it is dropped as it comes.
fn reader<R: Read>(out: R, tx: Sender<Line>) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        let line = match read_line(&mut r, &mut buf, MAX_ADAPTER_LINE_BYTES) {
            Ok(LineRead::End) | Err(_) => {
                let _ = tx.send(Line::Eof);
                return;
            }
            Ok(LineRead::TooLong) => {
                if tx.send(Line::TooLong).is_err() || !skip_line(&mut r).unwrap_or(false) {
                    let _ = tx.send(Line::Eof);
                    return;
                }
                continue;
            }
            Ok(LineRead::Line) => Line::Text(String::from_utf8_lossy(&buf).trim_end().to_string()),
        };
        if tx.send(line).is_err() {
            return;
        }
    }
}

fn stderr_keeper<R: Read>(err: R, keep: Arc<Mutex<VecDeque<String>>>) {
    let mut r = BufReader::new(err);
    let mut buf = Vec::new();
    loop {
        let cut = match read_line(&mut r, &mut buf, MAX_ADAPTER_STDERR_LINE_BYTES) {
            Ok(LineRead::End) | Err(_) => return,
            Ok(LineRead::Line) => false,
            Ok(LineRead::TooLong) => {
                if !skip_line(&mut r).unwrap_or(false) {
                    return;
                }
                true
            }
        };
        let mut text = String::from_utf8_lossy(&buf).trim_end().to_string();
        if text.is_empty() {
            continue;
        }
        if cut {
            text.push('…');
        }
        if let Ok(mut k) = keep.lock() {
            if k.len() == STDERR_LINES {
                k.pop_front();
            }
            k.push_back(text);
        }
    }
}

/// Sends SIGKILL to the process group `pgid` (the shell's `kill`: the
/// library has no `unsafe` to call kill(2) itself).
#[cfg(unix)]
fn kill_group(pgid: u32) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg("kill -s KILL -- -$0 2>/dev/null")
        .arg(pgid.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Starts the watchdog of the adapter's group `pgid`: a shell in its own
/// group that waits for the end of its input (a pipe only the runner
/// holds, closed when the runner ends however it ends) and then ends the
/// group. It ignores SIGINT, SIGTERM and SIGHUP, which are the runner's to
/// receive.
#[cfg(unix)]
fn watchdog(pgid: u32) -> Option<Child> {
    use std::os::unix::process::CommandExt;
    Command::new("sh")
        .arg("-c")
        .arg("trap '' INT TERM HUP; while read -r _; do :; done; kill -s KILL -- -$0 2>/dev/null")
        .arg(pgid.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .ok()
}

impl AdapterProcess {
    /// Starts `argv[0]` with the other words as arguments.
    pub fn spawn(argv: &[String]) -> Result<AdapterProcess, AdapterError> {
        let program = argv
            .first()
            .ok_or_else(|| AdapterError::Command("no program given".into()))?;
        let mut command = Command::new(program);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // A group of its own, ended whole (see `end_group`).
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| AdapterError::Spawn {
            program: program.clone(),
            reason: e.to_string(),
        })?;
        #[cfg(unix)]
        let watchdog = watchdog(child.id());
        #[cfg(not(unix))]
        let watchdog = None;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let mut process = AdapterProcess {
                child,
                to_stdin: None,
                lines: mpsc::channel().1,
                stderr: Arc::default(),
                exited: false,
                watchdog,
                group_ended: false,
            };
            process.end_group();
            return Err(AdapterError::Spawn {
                program: program.clone(),
                reason: "its standard streams could not be connected".into(),
            });
        };
        let (to_stdin, rx) = mpsc::channel::<String>();
        thread::spawn(move || writer(stdin, rx));
        let (tx, lines) = mpsc::channel::<Line>();
        thread::spawn(move || reader(stdout, tx));
        let keep = Arc::new(Mutex::new(VecDeque::new()));
        let keep2 = Arc::clone(&keep);
        thread::spawn(move || stderr_keeper(stderr, keep2));
        Ok(AdapterProcess {
            child,
            to_stdin: Some(to_stdin),
            lines,
            stderr: keep,
            exited: false,
            watchdog,
            group_ended: false,
        })
    }

    /// Ends the adapter and every process in its group, and the watchdog;
    /// reaps the adapter. Done once.
    fn end_group(&mut self) {
        if self.group_ended {
            return;
        }
        self.group_ended = true;
        self.to_stdin = None;
        // The watchdog first, so that it cannot signal a group whose
        // number the system has given to someone else.
        if let Some(mut w) = self.watchdog.take() {
            let _ = w.kill();
            let _ = w.wait();
        }
        #[cfg(unix)]
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The last lines the adapter wrote to stderr.
    pub fn stderr_tail(&self) -> StderrTail {
        StderrTail(
            self.stderr
                .lock()
                .map(|k| k.iter().cloned().collect())
                .unwrap_or_default(),
        )
    }

    fn exit_status(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            match self.child.try_wait() {
                Ok(Some(s)) => return Some(s),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    fn exited_error(&mut self) -> AdapterError {
        self.exited = true;
        let status = self
            .exit_status(Duration::from_millis(500))
            .map_or_else(|| "still running".to_string(), |s| s.to_string());
        // Give the stderr thread a moment to collect the last words.
        thread::sleep(Duration::from_millis(20));
        AdapterError::Exited {
            status,
            tail: self.stderr_tail(),
        }
    }

    /// Sends a message; never blocks.
    pub fn send(&mut self, msg: &Request) -> Result<(), AdapterError> {
        let sent = self
            .to_stdin
            .as_ref()
            .is_some_and(|tx| tx.send(msg.to_line()).is_ok());
        if sent {
            Ok(())
        } else {
            Err(self.exited_error())
        }
    }

    /// Reads the next message, waiting at most `timeout`. Blank lines are
    /// ignored; any other line that is not a message is a protocol error.
    pub fn receive(&mut self, timeout: Duration) -> Result<Reply, AdapterError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(t)) if t.trim().is_empty() => continue,
                Ok(Line::Text(t)) => {
                    return serde_json::from_str::<Reply>(&t).map_err(|e| {
                        AdapterError::Protocol(format!(
                            "not a message ({}): {}",
                            serde_words(&e.to_string()),
                            echo(&t)
                        ))
                    });
                }
                Ok(Line::TooLong) => {
                    return Err(AdapterError::Protocol(format!(
                        "a line longer than {} MiB (limits::MAX_ADAPTER_LINE_BYTES)",
                        MAX_ADAPTER_LINE_BYTES / (1024 * 1024)
                    )));
                }
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exited_error());
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(AdapterError::Timeout(
                        timeout.as_millis(),
                        self.stderr_tail(),
                    ));
                }
            }
        }
    }

    /// Ends the adapter and its process group at once.
    pub fn kill(mut self) {
        self.end_group();
    }

    /// Sends `stop`, closes its input and waits up to `grace` for it to
    /// exit, then kills it. Returns whether it exited by itself.
    pub fn stop(mut self, grace: Duration) -> bool {
        if !self.exited {
            let _ = self.send(&Request::Stop);
        }
        self.to_stdin = None;
        let by_itself = self.exit_status(grace).is_some();
        // What it started and left running goes with it.
        self.end_group();
        by_itself
    }
}

impl Drop for AdapterProcess {
    fn drop(&mut self) {
        // Never leave a process behind.
        self.end_group();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("qigui adapter").unwrap(),
            vec!["qigui", "adapter"]
        );
        assert_eq!(
            split_command(r#"python3 "my dir/a.py" --x 'a b' c\ d"#).unwrap(),
            vec!["python3", "my dir/a.py", "--x", "a b", "c d"]
        );
        assert_eq!(split_command(r#"a "" b"#).unwrap(), vec!["a", "", "b"]);
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }
}
