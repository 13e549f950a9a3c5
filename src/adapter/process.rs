//! An adapter process: started from a command line, fed requests by a
//! writer thread, read by a reader thread, so that no read or write of the
//! runner ever blocks past its timeout, whatever the adapter does (hang,
//! crash, print garbage, stop reading).

use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use super::protocol::{Reply, Request};

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
    Eof,
}

/// A running adapter.
pub struct AdapterProcess {
    child: Child,
    to_stdin: Option<Sender<String>>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    exited: bool,
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

fn reader<R: Read>(out: R, tx: Sender<Line>) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match r.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Line::Eof);
                return;
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf).trim_end().to_string();
                if tx.send(Line::Text(text)).is_err() {
                    return;
                }
            }
        }
    }
}

fn stderr_keeper<R: Read>(err: R, keep: Arc<Mutex<VecDeque<String>>>) {
    let r = BufReader::new(err);
    for line in r.split(b'\n') {
        let Ok(line) = line else { return };
        let text = String::from_utf8_lossy(&line).trim_end().to_string();
        if text.is_empty() {
            continue;
        }
        if let Ok(mut k) = keep.lock() {
            if k.len() == STDERR_LINES {
                k.pop_front();
            }
            k.push_back(text);
        }
    }
}

impl AdapterProcess {
    /// Starts `argv[0]` with the other words as arguments.
    pub fn spawn(argv: &[String]) -> Result<AdapterProcess, AdapterError> {
        let program = argv
            .first()
            .ok_or_else(|| AdapterError::Command("no program given".into()))?;
        let mut child = Command::new(program)
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| AdapterError::Spawn {
                program: program.clone(),
                reason: e.to_string(),
            })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
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
        })
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
                        let shown: String = t.chars().take(200).collect();
                        AdapterError::Protocol(format!("not a message ({e}): {shown}"))
                    });
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

    /// Ends the adapter at once.
    pub fn kill(mut self) {
        self.to_stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `stop`, closes its input and waits up to `grace` for it to
    /// exit, then kills it. Returns whether it exited by itself.
    pub fn stop(mut self, grace: Duration) -> bool {
        if !self.exited {
            let _ = self.send(&Request::Stop);
        }
        self.to_stdin = None;
        let by_itself = self.exit_status(grace).is_some();
        if !by_itself {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        by_itself
    }
}

impl Drop for AdapterProcess {
    fn drop(&mut self) {
        // Never leave a child behind.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
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
