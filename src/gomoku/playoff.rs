//! 30.4: a rapid play-off (快棋加赛) that separates places must give less
//! time than the event's normal games (快棋的用时必须少于正常比赛用时).
//!
//! qigui's reading (`spec/gomoku.md`): 用时 is a side's time before any
//! increment, as in 30.1 (每方时限) and 30.3 (基本用时): the shared time
//! (all of which one side may use, 14.1.3) plus the base. The play-off
//! control must be rapid (30.1) and its time less than the normal
//! control's; increments are not compared.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::clock::{ClockError, TimeControl, TimeControlSpec};

/// The two controls to compare.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PlayoffInput {
    /// The event's normal control.
    pub normal: TimeControlSpec,
    /// The play-off's control.
    pub playoff: TimeControlSpec,
}

/// The ruling on a play-off's control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct PlayoffRuling {
    /// The play-off control may be used (30.1 and 30.4 both hold).
    pub allowed: bool,
    /// The play-off control is rapid (30.1).
    pub rapid: bool,
    /// Its time (shared plus base) is less than the normal control's.
    pub shorter: bool,
    /// Why not, when not allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A control that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{field}: {source}")]
pub struct PlayoffError {
    /// `normal` or `playoff`.
    pub field: &'static str,
    /// What is wrong.
    pub source: ClockError,
}

/// 30.4 (with 30.1): may `playoff` break ties in an event played at
/// `normal`?
///
/// ```
/// use qigui::gomoku::{PlayoffInput, TimeControlSpec, TimeNumbers, playoff_ruling};
/// let r = playoff_ruling(&PlayoffInput {
///     normal: TimeControlSpec::Numbers(TimeNumbers { base: 3600, increment: 0, shared: 0 }),
///     playoff: TimeControlSpec::Clause("30.3.1.B".into()),
/// })
/// .unwrap();
/// assert!(r.allowed);
/// ```
pub fn playoff_ruling(i: &PlayoffInput) -> Result<PlayoffRuling, PlayoffError> {
    let normal = TimeControl::from_spec(&i.normal).map_err(|source| PlayoffError {
        field: "normal",
        source,
    })?;
    let playoff = TimeControl::from_spec(&i.playoff).map_err(|source| PlayoffError {
        field: "playoff",
        source,
    })?;
    let rapid = playoff.is_rapid();
    let most = |c: &TimeControl| c.shared + c.base;
    let shorter = most(&playoff) < most(&normal);
    let reason = if !rapid {
        Some(
            "30.1: the play-off control is not rapid (15 minutes a side or less, no shared time)"
                .to_string(),
        )
    } else if !shorter {
        Some("30.4: the play-off's time before any increment is not less than the normal control's (快棋的用时必须少于正常比赛用时)".to_string())
    } else {
        None
    };
    Ok(PlayoffRuling {
        allowed: reason.is_none(),
        rapid,
        shorter,
        reason,
    })
}
