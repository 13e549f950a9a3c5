//! 22.2 技术申诉流程: where an appeal against a ruling may go, whether it is
//! received there, and what becomes of the appeal fee.
//!
//! - 22.2.1: a referee's ruling on the facts of play (比赛事实) is final; a
//!   referee's ruling on anything else may be appealed to the chief referee.
//! - 22.2.2: the chief referee may replace a referee, but may not change that
//!   referee's rulings on the facts: replacing him reopens nothing.
//! - 22.2.3: a chief referee's ruling may be appealed to the technical
//!   appeals committee, except his interpretation of a matter the rules,
//!   the regulations or the supplementary rules cover, which is final; his
//!   interpretation of a matter none of them covers may be appealed.
//! - 22.2.4: an appeal to the committee is made by the team's leader or
//!   coach; a player's own is not received (24.2.2: a coach stands in for a
//!   team without a leader, so either may appeal).
//! - 22.2.5: it is made in writing with the fee paid; upheld, the fee is
//!   refunded in full; dismissed but with some reason (有一定的合理性), half
//!   may be refunded (可退还 — the committee may; qigui says "may").
//!
//! Readings where the text is silent (`spec/gomoku.md`, "Technical
//! appeals"): 22.2.4 and 22.2.5 bind only appeals to the committee (they
//! say 向技术申诉委员会提出的申诉), so an appeal to the chief referee may be
//! a player's and oral; a chief referee's ruling on the facts, which 22.2.1
//! does not name (it names 裁判员), falls under 22.2.3's general rule and may
//! be appealed to the committee. Who is a team's leader or coach, and
//! whether a dismissed appeal had some reason, are inputs. The time limit
//! is 14.8's (`appeal` events, [`crate::gomoku::appeal_verdict`]); the
//! committee's membership and hearing (22.1, 22.2.6) are the committee's.

use serde::{Deserialize, Serialize};

/// Who made the ruling appealed against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum RulingBy {
    /// A referee (裁判员).
    Referee,
    /// The chief referee (裁判长).
    ChiefReferee,
}

/// What the ruling was about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum RulingAbout {
    /// The facts of play (比赛事实): what happened at the board.
    Facts,
    /// The interpretation of a matter the rules, the regulations or the
    /// supplementary rules cover (22.2.3).
    CoveredInterpretation,
    /// The interpretation of a matter none of them covers (22.2.3).
    UncoveredInterpretation,
    /// Anything else (比赛事实以外的事项).
    Other,
}

/// Who makes the appeal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Appellant {
    /// A player, in his own name.
    Player,
    /// The team's leader (领队).
    TeamLeader,
    /// The team's coach (教练).
    Coach,
}

/// How a committee appeal ended, for the fee (22.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AppealOutcome {
    /// The appeal succeeded (申诉成功).
    Upheld,
    /// Dismissed, but the committee found some reason in it (有一定的合理性).
    DismissedWithReason,
    /// Dismissed.
    Dismissed,
}

/// One appeal against a ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TechnicalAppeal {
    /// Whose ruling is appealed against.
    pub ruling_by: RulingBy,
    /// What the ruling was about.
    pub about: RulingAbout,
    /// Who appeals.
    pub by: Appellant,
    /// Made in writing (22.2.5; needed only before the committee).
    #[serde(default)]
    pub written: bool,
    /// The appeal fee paid (22.2.5; needed only before the committee).
    #[serde(default)]
    pub fee_paid: bool,
    /// The referee whose ruling it is has been replaced by the chief
    /// referee (22.2.2).
    #[serde(default)]
    pub referee_replaced: bool,
    /// How the committee decided, when it has (22.2.5's refund).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<AppealOutcome>,
}

/// Who hears an appeal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AppealBody {
    /// The chief referee (22.2.1).
    ChiefReferee,
    /// The technical appeals committee (22.2.3).
    Committee,
}

/// The fee's refund (22.2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Refund {
    /// 全额退还.
    Full,
    /// 可退还申诉费的一半: half may be refunded.
    HalfMay,
    /// Nothing is refunded.
    None,
}

/// The answer: where the appeal goes and whether it is received there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct AppealAnswer {
    /// Who hears it; `null` when the ruling is final (no appeal lies).
    pub body: Option<AppealBody>,
    /// Received by that body.
    pub received: bool,
    /// The clause that decides.
    pub clause: &'static str,
    /// Why, in words.
    pub reason: String,
    /// The fee's refund, for a committee appeal whose outcome is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund: Option<Refund>,
}

fn answer(
    body: Option<AppealBody>,
    received: bool,
    clause: &'static str,
    reason: &str,
) -> AppealAnswer {
    AppealAnswer {
        body,
        received,
        clause,
        reason: reason.to_string(),
        refund: None,
    }
}

/// 22.2.1–22.2.5: where `a` goes and whether it is received.
///
/// ```
/// use qigui::gomoku::{Appellant, RulingAbout, RulingBy, TechnicalAppeal, technical_appeal};
/// let a = TechnicalAppeal {
///     ruling_by: RulingBy::Referee,
///     about: RulingAbout::Facts,
///     by: Appellant::Player,
///     written: false,
///     fee_paid: false,
///     referee_replaced: false,
///     outcome: None,
/// };
/// let r = technical_appeal(&a);
/// assert!(!r.received);
/// assert_eq!(r.clause, "22.2.1"); // a referee's ruling on the facts is final
/// ```
pub fn technical_appeal(a: &TechnicalAppeal) -> AppealAnswer {
    use AppealBody::{ChiefReferee, Committee};
    match (a.ruling_by, a.about) {
        (RulingBy::Referee, RulingAbout::Facts) if a.referee_replaced => answer(
            None,
            false,
            "22.2.2",
            "the chief referee may replace a referee but may not change his rulings on the facts of play, which are final (22.2.1)",
        ),
        (RulingBy::Referee, RulingAbout::Facts) => answer(
            None,
            false,
            "22.2.1",
            "a referee's ruling on the facts of play is final: no appeal lies",
        ),
        (RulingBy::Referee, _) => answer(
            Some(ChiefReferee),
            true,
            "22.2.1",
            "a referee's ruling on a matter other than the facts of play may be appealed to the chief referee",
        ),
        (RulingBy::ChiefReferee, RulingAbout::CoveredInterpretation) => answer(
            None,
            false,
            "22.2.3",
            "the chief referee's interpretation of a matter the rules, the regulations or the supplementary rules cover is final",
        ),
        (RulingBy::ChiefReferee, _) => {
            let mut r = if a.by == Appellant::Player {
                answer(
                    Some(Committee),
                    false,
                    "22.2.4",
                    "an appeal to the technical appeals committee is made by the team's leader or coach; a player's own is not received",
                )
            } else if !a.written || !a.fee_paid {
                answer(
                    Some(Committee),
                    false,
                    "22.2.5",
                    match (a.written, a.fee_paid) {
                        (false, false) => {
                            "an appeal to the committee is made in writing with the fee paid: neither was done"
                        }
                        (false, true) => {
                            "an appeal to the committee is made in writing: it was not"
                        }
                        _ => "an appeal to the committee is made with the fee paid: it was not",
                    },
                )
            } else {
                answer(
                    Some(Committee),
                    true,
                    "22.2.3",
                    "the chief referee's ruling may be appealed to the technical appeals committee, in writing with the fee paid (22.2.4, 22.2.5)",
                )
            };
            if r.received
                && let Some(o) = a.outcome
            {
                let (refund, why) = match o {
                    AppealOutcome::Upheld => (Refund::Full, "upheld: the fee is refunded in full"),
                    AppealOutcome::DismissedWithReason => (
                        Refund::HalfMay,
                        "dismissed, with some reason in it: half the fee may be refunded",
                    ),
                    AppealOutcome::Dismissed => {
                        (Refund::None, "dismissed: the fee is not refunded")
                    }
                };
                r.refund = Some(refund);
                r.reason = format!("received by the committee (22.2.3–22.2.5); {why}");
                r.clause = "22.2.5";
            }
            r
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn appeal(ruling_by: RulingBy, about: RulingAbout, by: Appellant) -> TechnicalAppeal {
        TechnicalAppeal {
            ruling_by,
            about,
            by,
            written: true,
            fee_paid: true,
            referee_replaced: false,
            outcome: None,
        }
    }

    #[test]
    fn only_the_chief_referees_rulings_reach_the_committee() {
        use RulingAbout::*;
        for about in [Facts, CoveredInterpretation, UncoveredInterpretation, Other] {
            let r = technical_appeal(&appeal(RulingBy::Referee, about, Appellant::Coach));
            assert_ne!(r.body, Some(AppealBody::Committee), "{about:?}");
            let c = technical_appeal(&appeal(RulingBy::ChiefReferee, about, Appellant::Coach));
            assert_eq!(c.received, about != CoveredInterpretation, "{about:?}");
        }
    }

    #[test]
    fn the_refund_follows_the_outcome_only_when_received() {
        let mut a = appeal(
            RulingBy::ChiefReferee,
            RulingAbout::Other,
            Appellant::TeamLeader,
        );
        a.outcome = Some(AppealOutcome::DismissedWithReason);
        assert_eq!(technical_appeal(&a).refund, Some(Refund::HalfMay));
        a.fee_paid = false;
        assert_eq!(technical_appeal(&a).refund, None);
    }
}
