//! 14.8 申诉时限: 应在规定的时间内提出（但因组织者、主办单位造成的超过时限不在之内）.
//!
//! An appeal (event `appeal`) is received when it is made within the
//! event's limit (`limit`, minutes: 规定的时间, which the event's rules
//! set), the part of the overrun the organisers or the host caused
//! (`delay`) not counted: received when `minutes − delay ≤ limit`. 内
//! includes the bound, as Go's 活动方案.七 (`crate::go::appeal`) is read
//! (民法典 第1259条: 以内 … 包括本数). The text does not say from when the
//! limit counts; `minutes` counts from the moment the event's rules name
//! (e.g. the end of the game). What the appeal is about and how it is
//! answered are article 22's (the committee's).

use serde::{Deserialize, Serialize};

use super::{EventKind, State};

/// Whether an appeal is received (14.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuAppealVerdict"))]
#[serde(rename_all = "kebab-case")]
pub enum AppealVerdict {
    /// Made within the limit (after the organisers' delay is taken off).
    Received,
    /// Made after the limit: not received.
    OutOfTime,
}

/// 14.8: the verdict on an appeal made `minutes` into the period, with a
/// limit of `limit` minutes and `delay` minutes of overrun the organisers
/// caused.
///
/// ```
/// use qigui::gomoku::{AppealVerdict, appeal_verdict};
/// assert_eq!(appeal_verdict(60, 60, 0), AppealVerdict::Received);
/// assert_eq!(appeal_verdict(61, 60, 0), AppealVerdict::OutOfTime);
/// assert_eq!(appeal_verdict(90, 60, 30), AppealVerdict::Received);
/// ```
pub fn appeal_verdict(minutes: u32, limit: u32, delay: u32) -> AppealVerdict {
    if minutes.saturating_sub(delay) <= limit {
        AppealVerdict::Received
    } else {
        AppealVerdict::OutOfTime
    }
}

impl State<'_> {
    /// Every appeal of the log, in order, whatever the game's state: an
    /// appeal is made about the game, usually after it (14.8).
    pub(super) fn appeals(&mut self) -> Vec<AppealVerdict> {
        let rec = self.rec;
        let mut out = Vec::new();
        for e in &rec.events {
            if let EventKind::Appeal {
                side,
                minutes,
                limit,
                delay,
            } = e.kind
            {
                let v = appeal_verdict(minutes, limit, delay);
                let counted = minutes.saturating_sub(delay);
                let text = match v {
                    AppealVerdict::Received => format!(
                        "{side}'s appeal after {minutes} min ({counted} min counted) is within the limit of {limit} min: received"
                    ),
                    AppealVerdict::OutOfTime => format!(
                        "{side}'s appeal after {minutes} min ({counted} min counted) is past the limit of {limit} min: out of time"
                    ),
                };
                self.notes.push(super::Note {
                    after: e.after,
                    clause: "14.8",
                    text,
                });
                out.push(v);
            }
        }
        out
    }
}
