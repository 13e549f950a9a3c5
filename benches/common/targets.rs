//! Each measured figure beside its target, for any bench: one line on
//! stdout (`figure: AREA | WHAT | MEASURED | TARGET | met`), and one JSON
//! line appended to `target/bench-figures.jsonl` (or
//! `$CARGO_TARGET_DIR/bench-figures.jsonl`), from which
//! `tools/bench/perf_section.py` writes the performance section of the
//! README and of docs/performance.md.
//!
//! A bench uses it with
//!
//! ```ignore
//! #[path = "common/targets.rs"]
//! mod targets;
//! targets::record("classifier", "参考图38", targets::Measure::ms(12.5), Some(targets::Target::under_ms(10.0)));
//! ```
//!
//! Times are in milliseconds; other figures (nodes per second, a ratio)
//! carry their unit and whether more is better.

#![allow(dead_code)] // each bench uses some of it

use std::io::Write as _;

/// A measured figure.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    /// The value, in `unit`.
    pub value: f64,
    /// The unit as printed: `ms`, `M nodes/s`, `×`.
    pub unit: &'static str,
}

impl Measure {
    /// A time in milliseconds.
    pub fn ms(value: f64) -> Measure {
        Measure { value, unit: "ms" }
    }

    /// A duration, in milliseconds.
    pub fn duration(d: std::time::Duration) -> Measure {
        Measure::ms(d.as_secs_f64() * 1e3)
    }

    /// Any other figure, with its unit.
    pub fn other(value: f64, unit: &'static str) -> Measure {
        Measure { value, unit }
    }

    fn text(self) -> String {
        if self.unit == "ms" && self.value >= 1000.0 {
            format!("{:.2} s", self.value / 1e3)
        } else if self.value >= 100.0 {
            format!("{:.0} {}", self.value, self.unit)
        } else if self.value >= 10.0 {
            format!("{:.1} {}", self.value, self.unit)
        } else if self.value >= 0.1 || self.value == 0.0 {
            format!("{:.2} {}", self.value, self.unit)
        } else {
            // A few microseconds (a real cycle's median) shows its digits.
            format!("{:.3} {}", self.value, self.unit)
        }
    }
}

/// A target: at most (`under`) or at least (`over`) a value in the
/// measure's unit.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The bound.
    pub bound: f64,
    /// Whether the figure must be at least the bound (else at most).
    pub at_least: bool,
}

impl Target {
    /// At most `ms` milliseconds.
    pub fn under_ms(ms: f64) -> Target {
        Target {
            bound: ms,
            at_least: false,
        }
    }

    /// At least `bound` (nodes per second, a ratio).
    pub fn at_least(bound: f64) -> Target {
        Target {
            bound,
            at_least: true,
        }
    }

    /// Whether `m` meets it.
    pub fn met(self, m: Measure) -> bool {
        if self.at_least {
            m.value >= self.bound
        } else {
            m.value <= self.bound
        }
    }

    fn text(self, unit: &'static str) -> String {
        let b = Measure {
            value: self.bound,
            unit,
        }
        .text();
        if self.at_least {
            format!("≥ {b}")
        } else {
            format!("< {b}")
        }
    }
}

/// Prints a figure beside its target and appends it to the figures file.
/// `area` groups figures (`tournaments`, `classifier`, `perft`); `what`
/// names the figure (`standings, 100,000 players`).
pub fn record(area: &str, what: &str, m: Measure, target: Option<Target>) {
    let (target_text, verdict) = match target {
        Some(t) if t.met(m) => (t.text(m.unit), "met"),
        Some(t) => (t.text(m.unit), "NOT MET"),
        None => (String::from("-"), "-"),
    };
    println!(
        "figure: {area} | {what} | {} | {target_text} | {verdict}",
        m.text()
    );
    let line = serde_json::json!({
        "area": area,
        "what": what,
        "value": m.value,
        "unit": m.unit,
        "measured": m.text(),
        "target": target_text,
        "verdict": verdict,
    });
    let dir = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| {
        // Benches run from the package root.
        String::from("target")
    });
    let path = std::path::Path::new(&dir).join("bench-figures.jsonl");
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut f| writeln!(f, "{line}"));
    if let Err(e) = written {
        eprintln!("{}: {e}", path.display());
    }
}
