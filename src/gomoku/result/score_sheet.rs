//! Article 13 (记录) where the referee's log gives the score sheets a
//! consequence on the clocks or in a penalty:
//!
//! * 13.4: 裁判员在对局过程中或终局核对记录时，有权要求某方棋手誊清或补正记录，
//!   棋手不得拒绝。在对局过程中的誊清或补正要用本方的用时 — event
//!   `correct-record`: its `seconds` come off that player's own clock (as
//!   time he thought, 14.2: off the shared time first under 14.1.3, no
//!   increment). A refusal (`refused`) is 拒绝进行对局记录, the foul 17.12,
//!   with the penalty the official gives (a warning, a 违例 or 判负 directly)
//!   and the excuses of 13.7 and 13.8 (`recording`). The referee's check
//!   after the end (终局核对记录时) has no clock: an event after the end of
//!   the game is not played (9.2).
//! * 13.5: 在一局中每方棋手各有一次机会向裁判提出可以借用对方记录纸补正着法，对方
//!   不得拒绝，但他必须用自己的时间 — event `borrow-record`: the first
//!   borrowing of each player in a game costs its `seconds` on his own
//!   clock; a second one is refused (各有一次机会) and costs nothing. The text
//!   names no penalty for insisting; qigui notes the refusal and play goes
//!   on (a penalty the referee gives for it is a `foul` event of its own).
//! * 13.6: 双方棋手的记录同时出现较多错漏 … 裁判员一经发现，可立即停钟，要求双方尽快用
//!   复盘法补正记录，因此而消耗的时间由双方共同承担 — event `rebuild-record`:
//!   the clocks stand while the record is rebuilt, and the time is then
//!   borne by both, half each (共同承担 read as equal shares; under a shared
//!   time, 14.1.3, both halves come off the common time, so the whole of
//!   it does).
//!
//! The `seconds` of these events are time outside the actions' own times
//! (`times`), as the referee's time of 14.7 is.

use super::{Event, EventKind, GameError, Penalty, State};
use crate::gomoku::board::Stone;
use crate::gomoku::clock::millis;
use crate::gomoku::openings::Player;

use super::ConductClause;

impl State<'_> {
    /// The events of 13.4–13.6; `i` is the event's number (from 1).
    pub(super) fn score_sheet(&mut self, i: usize, e: &Event) -> Result<(), GameError> {
        match e.kind {
            EventKind::CorrectRecord {
                side,
                seconds,
                refused,
            } => match refused {
                Some(penalty) => self.refuse_record(i, e.after, side, penalty)?,
                None => {
                    self.note(
                        "13.4",
                        format!(
                            "{side} fair-copies or completes his record at the referee's request: {seconds} s of his own time"
                        ),
                    );
                    self.own_time(side, millis(seconds));
                }
            },
            EventKind::BorrowRecord { side, seconds } => {
                let k = match self.player(side) {
                    Player::First => 0,
                    Player::Second => 1,
                };
                if self.borrowed[k] {
                    self.note(
                        "13.5",
                        format!(
                            "{side} asks to borrow the opponent's score sheet a second time: refused (每方棋手各有一次机会); no time charged"
                        ),
                    );
                } else {
                    self.borrowed[k] = true;
                    self.note(
                        "13.5",
                        format!(
                            "{side} borrows the opponent's score sheet (his one chance in the game; the opponent may not refuse): {seconds} s of his own time"
                        ),
                    );
                    self.own_time(side, millis(seconds));
                }
            }
            EventKind::RebuildRecord { seconds } => {
                self.note(
                    "13.6",
                    format!(
                        "both records are beyond mutual correction: the clocks stop and the record is rebuilt by replaying; the {seconds} s are borne by both, half each"
                    ),
                );
                let half = millis(seconds) / 2;
                self.own_time(Stone::Black, half);
                if self.outcome.is_none() {
                    self.own_time(Stone::White, millis(seconds) - half);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// 13.4 棋手不得拒绝: refusing is 17.12 (拒绝进行对局记录).
    fn refuse_record(
        &mut self,
        i: usize,
        after: u32,
        side: Stone,
        penalty: Penalty,
    ) -> Result<(), GameError> {
        self.note(
            "13.4",
            format!("{side} refuses to fair-copy or complete his record (棋手不得拒绝): 17.12"),
        );
        match ConductClause::new("17.12") {
            Some(clause) => self.foul(i, after, side, clause, penalty, None, false),
            None => Ok(()),
        }
    }
}
