//! Penalties (articles 15–18) and draw offers (19.2.2) in a Gomoku
//! referee's log.
//!
//! * 15: the penalties are 警告 (15.1), 违例 (15.2), 判负 (15.3) and
//!   取消比赛资格 (15.4). 15.3: 棋手同一局中有 2 次违例，当局判负 — the
//!   second 违例 of a player in one game loses it, so there is no third.
//!   The text gives warnings no count: any number of them leaves the game
//!   as it is (qigui counts them for the report, `spec/gomoku.md`).
//! * 16: who may give which: a referee warns (16.1), the chief or deputy
//!   chief arbiter gives a 违例 (16.2), the chief arbiter a loss (16.3), the
//!   committee disqualifies (16.4). An event's `by` is checked when given.
//! * 17 and 18: each breach is a [`ConductClause`]; the penalty is the
//!   official's choice among those the text allows: a warning or a 违例
//!   for every clause (15.1–15.2: lighter or heavier), and 判负 directly
//!   for 17.10–17.13 and 18.8–18.12 (可直接给予判负). A loss for any other
//!   breach is the chief arbiter's 15.3 ruling for serious misconduct, the
//!   event `forfeit`. 17's closing sentence gives a 违例 *directly* for
//!   17.8 and 17.9 only; qigui reads "directly" as skipping the warning the
//!   other breaches of 17.1–17.7 take first, so a 违例 for those needs an
//!   earlier warning of the player in the game (`spec/gomoku.md`).
//! * 17's preamble: the opponent decides whether to ask for the penalty or
//!   to accept the breach (`accepted`); an opponent who plays on after the
//!   breach without telling the referee has accepted it (`at`: the move the
//!   breach followed).
//! * 15.4 with 16.4 and 19.1.4: a disqualified player loses the game.
//! * 19.2.2: a draw offer is made right after one's own move (A); it stands
//!   until the opponent accepts or declines it, orally or by moving (B, C);
//!   after a declined offer the same player may offer again only once the
//!   opponent has offered (D). An offer against A or D is a 17.4 breach:
//!   noted, and still open to acceptance (17's preamble: the opponent may
//!   accept the breach), while its penalty is the referee's `foul` event.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Event, EventKind, GameError, GameResult, Reason, State};
use crate::gomoku::board::Stone;
use crate::gomoku::openings::Player;

/// A penalty (15.1–15.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuPenalty"))]
#[serde(rename_all = "kebab-case")]
pub enum Penalty {
    /// 警告 (15.1).
    Warning,
    /// 违例 (15.2); the second in a game loses it (15.3).
    Violation,
    /// 判负 (15.3), where the text gives it directly.
    Loss,
}

impl Penalty {
    fn chinese(self) -> &'static str {
        match self {
            Penalty::Warning => "警告",
            Penalty::Violation => "违例",
            Penalty::Loss => "判负",
        }
    }
}

/// An official (16, 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuOfficial"))]
#[serde(rename_all = "kebab-case")]
pub enum Official {
    /// 裁判员 (16.1).
    Referee,
    /// 副裁判长 (16.2).
    DeputyChief,
    /// 裁判长 (16.2, 16.3).
    Chief,
    /// 竞赛组委会 (16.4).
    Committee,
}

impl Official {
    fn chinese(self) -> &'static str {
        match self {
            Official::Referee => "裁判员",
            Official::DeputyChief => "副裁判长",
            Official::Chief => "裁判长",
            Official::Committee => "竞赛组委会",
        }
    }
}

/// The breaches the text gives a penalty for: the clause, whether 判负 is
/// given directly, and the breach in the text's words.
///
/// The last three are rules of play outside 17 that forbid a conduct at
/// the board without naming its penalty: 15.1 and 15.2 give a warning or a
/// 违例 for any 违反行棋规定 (lighter or heavier), so these take either, a 违例
/// with no warning first (17's ladder is article 17's own), and no loss.
/// 14.6.2's other half (pressing with the other hand) is 17.3's.
const CONDUCT: [(&str, bool, &str); 29] = [
    ("12.3", false, "行使 pass 权未口头告知对手"),
    ("17.1", false, "未按开局规定行棋"),
    ("17.2", false, "推盘"),
    ("17.3", false, "先按钟后落子，或者未用落子手按钟"),
    ("17.4", false, "不按提和的规定提和"),
    ("17.5", false, "在记录纸上标示出未落棋子的位置"),
    ("17.6", false, "拍对手的棋钟"),
    ("17.7", false, "无意散乱棋局，但可复盘续赛"),
    ("17.8", false, "连续走两步棋"),
    ("17.9", false, "拔子"),
    ("17.10", true, "故意移子，故意散乱棋局"),
    ("17.11", true, "无意散乱棋局，无法复盘"),
    ("17.12", true, "拒绝进行对局记录"),
    ("17.13", true, "比赛结束后拒绝在成绩单上签字"),
    ("18.1", false, "干扰正在进行的对局、扰乱赛场秩序"),
    ("18.2", false, "在棋盘上指指点点"),
    ("18.3", false, "在赛场内分析对局"),
    ("18.4", false, "轮走方离席"),
    ("18.5", false, "团体赛中同队队员同时离席"),
    ("18.6", false, "未经裁判允许，无故离开位置但未离开比赛区域"),
    ("18.7", false, "使用不文明语言"),
    ("18.8", true, "未经裁判允许离开比赛区域"),
    ("18.9", true, "查阅或使用可能使他对局获益的资料或器具"),
    ("18.10", true, "携带或使用电子器材或装备发出声音"),
    ("18.11", true, "对局过程中接打、观看通讯工具"),
    ("18.12", true, "私自调整棋钟或主动停钟"),
    ("14.6.2", false, "长时间将手放在棋钟上或者用手笼罩棋钟"),
    (
        "31.2",
        false,
        "未待轮走方按钟即行棋，或按钟手未离开棋钟及其上方空间",
    ),
    ("31.3", false, "行棋中移动了盘上的棋子而未在按钟前恢复原位"),
];

/// A clause of article 17 or 18 (or 12.3, 14.6.2, 31.2, 31.3) that a
/// penalty is given for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConductClause(usize);

impl ConductClause {
    /// The clause named `s`, if the text gives a penalty for it.
    pub fn new(s: &str) -> Option<ConductClause> {
        CONDUCT.iter().position(|c| c.0 == s).map(ConductClause)
    }

    /// The clause number.
    pub fn clause(self) -> &'static str {
        CONDUCT[self.0].0
    }

    /// The breach in the text's words.
    pub fn text(self) -> &'static str {
        CONDUCT[self.0].2
    }

    /// 判负 is given directly (17's and 18's closing sentences).
    pub fn loss_directly(self) -> bool {
        CONDUCT[self.0].1
    }

    /// A breach of article 17, which the opponent may accept.
    pub fn of_article_17(self) -> bool {
        self.clause().starts_with("17.")
    }

    /// 17.1–17.7: article 17 gives a 违例 directly only for 17.8 and 17.9
    /// (and 判负 for 17.10–17.13), so a 违例 for these follows a warning.
    pub fn needs_warning(self) -> bool {
        self.of_article_17() && self.0 <= CONDUCT.iter().position(|c| c.0 == "17.7").unwrap_or(0)
    }

    /// The penalties the text allows for it.
    pub fn penalties(self) -> &'static [Penalty] {
        if self.loss_directly() {
            &[Penalty::Warning, Penalty::Violation, Penalty::Loss]
        } else {
            &[Penalty::Warning, Penalty::Violation]
        }
    }
}

impl fmt::Display for ConductClause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.clause())
    }
}

impl Serialize for ConductClause {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.clause())
    }
}

impl<'de> Deserialize<'de> for ConductClause {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ConductClause::new(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "'{s}' is not a clause the text gives a penalty for: one of 12.3, 17.1–17.13, 18.1–18.12, 14.6.2, 31.2, 31.3"
            ))
        })
    }
}

/// The referee's state beside the board: warnings and draw offers.
#[derive(Clone, Debug, Default)]
pub(super) struct Referee {
    /// Warnings of the first and the second player.
    pub(super) warnings: [u32; 2],
    /// The open draw offer: who, after which move.
    offer: Option<(Stone, u32)>,
    /// A player whose offer was declined and who may not offer again
    /// before the opponent has (19.2.2 D).
    barred: [bool; 2],
}

fn index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// The least official who may give a penalty (16), with the clause.
fn authority(p: Penalty) -> (Official, &'static str) {
    match p {
        Penalty::Warning => (Official::Referee, "16.1"),
        Penalty::Violation => (Official::DeputyChief, "16.2"),
        Penalty::Loss => (Official::Chief, "16.3"),
    }
}

/// Checks what can be checked of the events before play: penalties the
/// text allows, the officials' powers, the rulings the text lists.
pub(super) fn check_events(events: &[Event]) -> Result<(), GameError> {
    for (i, e) in events.iter().enumerate() {
        let err = |clause: &'static str, message: String| GameError::Conduct {
            event: i + 1,
            clause,
            message,
        };
        match e.kind {
            EventKind::Foul {
                clause,
                penalty,
                at,
                accepted,
                by,
                ..
            } => {
                if !clause.penalties().contains(&penalty) {
                    return Err(err(
                        "15.3",
                        format!(
                            "{clause} ({}) is not given 判负 directly (17, 18 give it for 17.10–17.13 and 18.8–18.12); a loss for serious misconduct is the chief arbiter's forfeit (15.3)",
                            clause.text()
                        ),
                    ));
                }
                if let Some(by) = by {
                    let (least, c) = authority(penalty);
                    if by < least || by == Official::Committee {
                        return Err(err(
                            c,
                            format!(
                                "a {} ({}) is not the {}'s to give",
                                penalty.chinese(),
                                penalty_name(penalty),
                                by.chinese()
                            ),
                        ));
                    }
                }
                if accepted && !clause.of_article_17() {
                    return Err(err(
                        "17",
                        format!(
                            "only a breach of article 17 can be accepted by the opponent, not {clause}"
                        ),
                    ));
                }
                if let Some(at) = at
                    && at > e.after
                {
                    return Err(err(
                        "17",
                        format!(
                            "the breach at move {at} is ruled on after move {}, before it happened",
                            e.after
                        ),
                    ));
                }
            }
            EventKind::Disqualified { by: Some(by), .. } if by != Official::Committee => {
                return Err(err(
                    "16.4",
                    format!(
                        "disqualification is the committee's, not the {}'s",
                        by.chinese()
                    ),
                ));
            }
            _ => super::incidents::check_event(&e.kind, &err)?,
        }
    }
    Ok(())
}

fn penalty_name(p: Penalty) -> &'static str {
    match p {
        Penalty::Warning => "warning",
        Penalty::Violation => "violation",
        Penalty::Loss => "loss",
    }
}

impl State<'_> {
    /// The referee's events (articles 10, 12, 15–19.2.2, 21), after the
    /// event of number `i` has been passed to [`State::event`].
    pub(super) fn conduct(&mut self, i: usize, e: &Event) -> Result<(), GameError> {
        if self.outcome.is_some() {
            return Ok(());
        }
        match e.kind {
            EventKind::Foul {
                side,
                clause,
                penalty,
                at,
                accepted,
                ..
            } => return self.foul(i, e.after, side, clause, penalty, at, accepted),
            EventKind::Disqualified { side, .. } => {
                self.note("15.4", format!("{side} is disqualified (16.4: 按退赛处理)"));
                self.end(
                    GameResult::win_for(side.opposite()),
                    Reason::Disqualified,
                    "19.1.4",
                    None,
                );
            }
            EventKind::OfferDraw { side } => self.offer_draw(side),
            EventKind::AcceptDraw { side } => self.answer_draw(side, true),
            EventKind::DeclineDraw { side } => self.answer_draw(side, false),
            EventKind::CorrectRecord { .. }
            | EventKind::BorrowRecord { .. }
            | EventKind::RebuildRecord { .. } => return self.score_sheet(i, e),
            _ => return self.incident(i, e),
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn foul(
        &mut self,
        i: usize,
        after: u32,
        side: Stone,
        clause: ConductClause,
        penalty: Penalty,
        at: Option<u32>,
        accepted: bool,
    ) -> Result<(), GameError> {
        let what = format!("{side}: {clause} {}", clause.text());
        let at = at.unwrap_or(after);
        // 17: the opponent played on after the breach without telling the
        // referee: a move of the other colour numbered after `at`.
        let opponent_moved = (at + 1..=after).any(|k| Stone::of_move(k) != side);
        if clause.of_article_17() && (accepted || opponent_moved) {
            let how = if accepted {
                "the opponent accepted it".to_string()
            } else {
                format!(
                    "the opponent played on after move {at} without telling the referee, which accepts it"
                )
            };
            self.note("17", format!("{what}: {how}; no penalty"));
            return Ok(());
        }
        if clause.clause() == "17.12"
            && let Some((c, why)) = self.recording_excused(side)
        {
            self.note(c, format!("{what}: {why}; no breach, no penalty"));
            return Ok(());
        }
        if clause.clause().starts_with("31.")
            && let Some((c, _)) = self.clocks.clocks()
            && !c.control.is_rapid()
        {
            return Err(GameError::Conduct {
                event: i,
                clause: "30.1",
                message: format!(
                    "{clause} is a rule of the rapid game (第31条 快棋赛细则), and this game's time control is not rapid (30.1: 15 minutes or less a side)"
                ),
            });
        }
        let k = index(self.player(side));
        if penalty == Penalty::Violation && clause.needs_warning() && self.referee.warnings[k] == 0
        {
            return Err(GameError::Conduct {
                event: i,
                clause: "17",
                message: format!(
                    "a 违例 for {clause} ({}) needs an earlier warning: 17 gives a 违例 directly only for 17.8 and 17.9 (and 判负 for 17.10–17.13)",
                    clause.text()
                ),
            });
        }
        match penalty {
            Penalty::Warning => {
                self.referee.warnings[k] += 1;
                let n = self.referee.warnings[k];
                self.note(
                    "15.1",
                    format!("{what}: 警告 (warning {n}; warnings have no count in the text)"),
                );
            }
            Penalty::Violation => {
                self.note("15.2", format!("{what}: 违例"));
                self.event(&Event {
                    after,
                    kind: EventKind::Violation { side },
                });
            }
            Penalty::Loss => {
                self.note(clause.clause(), format!("{what}: 判负"));
                self.end(
                    GameResult::win_for(side.opposite()),
                    Reason::Penalty,
                    clause.clause(),
                    None,
                );
            }
        }
        Ok(())
    }

    /// Whether a standing offer was made before the last move, and so was
    /// declined by it (19.2.2 C).
    fn offer_lapsed(&mut self) {
        if let Some((s, m)) = self.referee.offer
            && m < self.n
        {
            self.referee.offer = None;
            let k = index(self.player(s));
            self.referee.barred[k] = true;
            self.note(
                "19.2.2.C",
                format!("{s}'s draw offer after move {m} was declined by the next move"),
            );
        }
    }

    fn offer_draw(&mut self, side: Stone) {
        self.offer_lapsed();
        let k = index(self.player(side));
        let n = self.n;
        let wrong = if n == 0 || Stone::of_move(n) != side {
            Some("19.2.2 A: an offer is made right after one's own move")
        } else if self.referee.barred[k] {
            Some("19.2.2 D: after a declined offer, not again before the opponent has offered")
        } else {
            None
        };
        if let Some(why) = wrong {
            self.note(
                "17.4",
                format!("{side} offers a draw after move {n} against {why}; the opponent may accept it or ask for a penalty (17)"),
            );
        }
        self.referee.barred[1 - k] = false;
        self.referee.offer = Some((side, n));
    }

    fn answer_draw(&mut self, side: Stone, accept: bool) {
        self.offer_lapsed();
        match self.referee.offer {
            Some((s, _)) if s != side => {
                self.referee.offer = None;
                if accept {
                    self.end(GameResult::Draw, Reason::DrawAgreed, "19.2.1.A", None);
                } else {
                    let k = index(self.player(s));
                    self.referee.barred[k] = true;
                    self.note("19.2.2.C", format!("{side} declines {s}'s draw offer"));
                }
            }
            _ => {
                let n = self.n;
                self.note(
                    "19.2.2",
                    format!("{side} answers a draw offer after move {n}, but the opponent has none standing; play goes on"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{GameRecord, adjudicate};
    use super::*;
    use crate::gomoku::openings::OpeningRule;

    fn run(moves: &str, events: &[(u32, EventKind)]) -> super::super::Adjudication {
        let mut rec = GameRecord::parse(OpeningRule::Designated, moves).unwrap();
        rec.events = events
            .iter()
            .map(|&(after, kind)| Event { after, kind })
            .collect();
        adjudicate(&rec).unwrap()
    }

    fn improper_offers(a: &super::super::Adjudication) -> Vec<u32> {
        a.notes
            .iter()
            .filter(|n| n.clause == "17.4")
            .map(|n| n.after)
            .collect()
    }

    #[test]
    fn draw_offers_follow_19_2_2() {
        use EventKind::{DeclineDraw, OfferDraw};
        let (b, w) = (Stone::Black, Stone::White);
        // D: white, declined, may not offer again before black has offered.
        let a = run(
            "H8 H9 I9 A1 B1 C1 D1 E1",
            &[
                (4, OfferDraw { side: w }),
                (4, DeclineDraw { side: b }),
                (6, OfferDraw { side: w }),
            ],
        );
        assert_eq!(improper_offers(&a), vec![6]);
        // Once black has offered (and white declined), white may again.
        let a = run(
            "H8 H9 I9 A1 B1 C1 D1 E1",
            &[
                (4, OfferDraw { side: w }),
                (4, DeclineDraw { side: b }),
                (5, OfferDraw { side: b }),
                (5, DeclineDraw { side: w }),
                (6, OfferDraw { side: w }),
            ],
        );
        assert_eq!(improper_offers(&a), Vec::<u32>::new());
        // A: an offer after the opponent's move is improper.
        let a = run("H8 H9 I9 A1 B1", &[(5, OfferDraw { side: w })]);
        assert_eq!(improper_offers(&a), vec![5]);
        // C: a move declines, which bars the offerer as an oral refusal does.
        let a = run(
            "H8 H9 I9 A1 B1 C1 D1",
            &[(5, OfferDraw { side: b }), (7, OfferDraw { side: b })],
        );
        assert_eq!(improper_offers(&a), vec![7]);
    }

    #[test]
    fn every_clause_of_17_and_18_is_listed_once() {
        for c in (1..=13)
            .map(|k| format!("17.{k}"))
            .chain((1..=12).map(|k| format!("18.{k}")))
        {
            let cc = ConductClause::new(&c).unwrap_or_else(|| panic!("{c}"));
            assert_eq!(cc.clause(), c);
        }
        let direct: Vec<&str> = CONDUCT.iter().filter(|c| c.1).map(|c| c.0).collect();
        assert_eq!(
            direct,
            [
                "17.10", "17.11", "17.12", "17.13", "18.8", "18.9", "18.10", "18.11", "18.12"
            ]
        );
        let ladder: Vec<&str> = CONDUCT
            .iter()
            .enumerate()
            .filter(|(i, _)| ConductClause(*i).needs_warning())
            .map(|(_, c)| c.0)
            .collect();
        assert_eq!(
            ladder,
            ["17.1", "17.2", "17.3", "17.4", "17.5", "17.6", "17.7"]
        );
        assert!(ConductClause::new("17.14").is_none());
    }
}
