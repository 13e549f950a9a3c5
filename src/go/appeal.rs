//! 活动方案.七 (裁判与申诉): 如参赛队不服裁判判决,须在比赛结束后3小时内向
//! 裁判组书面投诉,裁判组24小时内进行答复;裁判组不接受口头申诉.
//!
//! Whether an appeal is received: it must be written, and filed after the
//! game ended and at most three hours after — "3小时内" includes the third
//! hour's end, as 内 does in Chinese law (民法典 第1259条: 以上、以下、以内
//! … 包括本数). The referees' answer is due 24 hours after the appeal is
//! filed (003 does not say from when; qigui reads it from the filing).
//! Times are civil times `YYYY-MM-DD HH:MM` in one time zone.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// An appeal against a referee's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Appeal {
    /// When the game (比赛) ended, `YYYY-MM-DD HH:MM`.
    pub ended_at: String,
    /// When the appeal was filed, `YYYY-MM-DD HH:MM`.
    pub filed_at: String,
    /// Written (书面) or oral (口头).
    pub written: bool,
}

/// Whether the referees receive it, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AppealRuling {
    /// Written, within three hours: received; answered within 24 hours.
    Received,
    /// 裁判组不接受口头申诉.
    Oral,
    /// Filed more than three hours after the game ended.
    Late,
}

/// The decision on an appeal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppealDecision {
    /// Received, or why not.
    pub ruling: AppealRuling,
    /// Minutes from the game's end to the filing.
    pub minutes_after_end: i64,
    /// When received: the answer is due by then (`YYYY-MM-DD HH:MM`).
    pub answer_by: Option<String>,
}

/// Why an appeal's times cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AppealError {
    /// Not `YYYY-MM-DD HH:MM`, or not a day of the calendar.
    #[error("{field}: '{text}' is not a time YYYY-MM-DD HH:MM (year 1–9999)")]
    Time {
        /// `ended_at` or `filed_at`.
        field: &'static str,
        /// The text.
        text: String,
    },
    /// Filed before the game ended: 003 counts the three hours 比赛结束后.
    #[error(
        "filed_at {filed} is before ended_at {ended}: 活动方案.七 counts from the game's end (比赛结束后)"
    )]
    BeforeEnd {
        /// The game's end.
        ended: String,
        /// The filing.
        filed: String,
    },
}

/// Three hours, in minutes (比赛结束后3小时内).
pub const APPEAL_WINDOW_MINUTES: i64 = 3 * 60;
/// Twenty-four hours, in minutes (裁判组24小时内进行答复).
pub const ANSWER_WITHIN_MINUTES: i64 = 24 * 60;

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Minutes since 1970-01-01 00:00 of `YYYY-MM-DD HH:MM`.
fn minutes(field: &'static str, text: &str) -> Result<i64, AppealError> {
    let bad = || AppealError::Time {
        field,
        text: crate::limits::echo(text).to_string(),
    };
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() != 16
        || !t.is_ascii()
        || b[4] != b'-'
        || b[7] != b'-'
        || !(b[10] == b' ' || b[10] == b'T')
        || b[13] != b':'
    {
        return Err(bad());
    }
    let num = |r: std::ops::Range<usize>| -> Result<i64, AppealError> {
        let s = &t[r];
        if s.bytes().all(|c| c.is_ascii_digit()) {
            s.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let (y, mo, d, h, mi) = (
        num(0..4)?,
        num(5..7)?,
        num(8..10)?,
        num(11..13)?,
        num(14..16)?,
    );
    if y < 1 || !(1..=12).contains(&mo) || d < 1 || d > days_in_month(y, mo) || h > 23 || mi > 59 {
        return Err(bad());
    }
    Ok(days_from_civil(y, mo, d) * 1440 + h * 60 + mi)
}

fn format_minutes(m: i64) -> String {
    let (y, mo, d) = civil_from_days(m.div_euclid(1440));
    let r = m.rem_euclid(1440);
    format!("{y:04}-{mo:02}-{d:02} {:02}:{:02}", r / 60, r % 60)
}

/// 活动方案.七: whether the referees receive the appeal.
pub fn decide_appeal(a: &Appeal) -> Result<AppealDecision, AppealError> {
    let ended = minutes("ended_at", &a.ended_at)?;
    let filed = minutes("filed_at", &a.filed_at)?;
    if filed < ended {
        return Err(AppealError::BeforeEnd {
            ended: format_minutes(ended),
            filed: format_minutes(filed),
        });
    }
    let after = filed - ended;
    let ruling = if !a.written {
        AppealRuling::Oral
    } else if after > APPEAL_WINDOW_MINUTES {
        AppealRuling::Late
    } else {
        AppealRuling::Received
    };
    Ok(AppealDecision {
        ruling,
        minutes_after_end: after,
        answer_by: (ruling == AppealRuling::Received)
            .then(|| format_minutes(filed + ANSWER_WITHIN_MINUTES)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn appeal(ended: &str, filed: &str, written: bool) -> Result<AppealDecision, AppealError> {
        decide_appeal(&Appeal {
            ended_at: ended.into(),
            filed_at: filed.into(),
            written,
        })
    }

    #[test]
    fn three_hours_inclusive_and_the_day_after() {
        let a = appeal("2026-10-25 23:00", "2026-10-26 02:00", true).expect("reads");
        assert_eq!(a.ruling, AppealRuling::Received);
        assert_eq!(a.minutes_after_end, 180);
        assert_eq!(a.answer_by.as_deref(), Some("2026-10-27 02:00"));
        let a = appeal("2026-10-25 23:00", "2026-10-26 02:01", true).expect("reads");
        assert_eq!(a.ruling, AppealRuling::Late);
        let a = appeal("2024-02-28 22:30", "2024-02-29 00:10", false).expect("reads");
        assert_eq!(a.ruling, AppealRuling::Oral);
        assert!(appeal("2025-02-29 10:00", "2025-03-01 10:00", true).is_err());
        assert!(appeal("2025-02-28 10:00", "2025-02-28 09:59", true).is_err());
        assert!(appeal("2025-02-28 1000", "2025-02-28 11:00", true).is_err());
        assert!(appeal("２０２5-02-28 10:00", "2025-02-28 11:00", true).is_err());
        for z in [-719_468, 0, 19_000, 2_932_896] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
    }
}
