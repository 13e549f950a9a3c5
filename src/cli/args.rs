//! A small argument reader: positional arguments and `--flag value` /
//! `--flag=value` / `--switch`, checked against what each command accepts.

use std::collections::BTreeMap;

/// Parsed arguments of one command.
pub struct Args {
    pub positional: Vec<String>,
    flags: BTreeMap<String, Vec<String>>,
}

impl Args {
    /// Reads `raw`; `with_value` are the flags that take a value, `switches`
    /// those that do not.
    pub fn parse(raw: &[String], with_value: &[&str], switches: &[&str]) -> Result<Args, String> {
        let mut positional = Vec::new();
        let mut flags: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut i = 0;
        while i < raw.len() {
            let a = &raw[i];
            if a == "--" {
                positional.extend(raw[i + 1..].iter().cloned());
                break;
            }
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                if with_value.contains(&name) {
                    let v = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            raw.get(i)
                                .cloned()
                                .ok_or_else(|| format!("--{name} needs a value"))?
                        }
                    };
                    flags.entry(name.to_string()).or_default().push(v);
                } else if switches.contains(&name) {
                    if inline.is_some() {
                        return Err(format!("--{name} takes no value"));
                    }
                    flags
                        .entry(name.to_string())
                        .or_default()
                        .push(String::new());
                } else {
                    return Err(format!("unknown option --{name}"));
                }
            } else {
                positional.push(a.clone());
            }
            i += 1;
        }
        Ok(Args { positional, flags })
    }

    /// The last value of a flag.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .get(name)
            .and_then(|v| v.last())
            .map(String::as_str)
    }

    /// Every value of a repeatable flag.
    #[allow(dead_code)]
    pub fn values(&self, name: &str) -> Vec<&str> {
        self.flags
            .get(name)
            .map(|v| v.iter().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// Whether a switch was given.
    pub fn has(&self, name: &str) -> bool {
        self.flags.contains_key(name)
    }

    /// `--format`, checked against the allowed values; the first is the default.
    pub fn format(&self, allowed: &[&'static str]) -> Result<&'static str, String> {
        match self.value("format") {
            None => Ok(allowed[0]),
            Some(f) => allowed
                .iter()
                .find(|a| **a == f)
                .copied()
                .ok_or_else(|| format!("--format {f}: expected one of {}", allowed.join(", "))),
        }
    }
}
