//! Incidents at the board a referee rules on: moved and scattered stones
//! (21), a dropped stone (12.4) and wrong colours (10.2).
//!
//! * 21.1: a stone found moved. 21.1.1: players who agree choose between A
//!   挪回原位 (`restore`) and B 移子有效 (`stands`). 21.1.2: when they do not
//!   agree and no record shows where it stood, the chief arbiter chooses
//!   among A `restore`, B `stands`, C 和棋 (`draw`, 19.2.1 E) and D 重下
//!   (`replay`). When a record shows it (`recorded`), the record decides:
//!   the stone goes back (qigui's reading of 又无记录可查).
//!   A stone that stands is no move (6.1: no forbidden move), but a five it
//!   completes is a five on the board (19.1.1).
//! * 21.2: a position scattered by an accident: 21.2.1 replayed and
//!   confirmed, play goes on (`replayed`); 21.2.2 beyond replaying, A
//!   `draw` (19.2.1 E) or B `replay`. The same rulings serve a player's
//!   scatter (17.7, 17.10, 17.11), whose penalty is a separate `foul`.
//! * 12.4: the player to move drops a stone on the board. With the
//!   opponent's consent (`agreed`) he picks it up and plays where he likes;
//!   otherwise the chief arbiter rules `pick-up` or `stands`, and a stone
//!   that stands is his move there.
//! * 10.2: colours found wrong. Before the end of the first round, or
//!   within 5 minutes of the start, the game starts again with the right
//!   colours (`replay`); after the first round, or at 5 minutes, the game
//!   goes on and its result stands. The two sentences overlap; qigui
//!   restarts only while neither limit is passed (`spec/gomoku.md`). The
//!   first round (6.3: 双方各走一着) ends with move 2, or with move 4
//!   where the three stones of a designated opening are one move (6.2).

use serde::{Deserialize, Serialize};

use super::{Action, Event, EventKind, GameError, GameResult, Reason, State};
use crate::gomoku::forbidden::makes_five;
use crate::gomoku::openings::OpeningRule;

/// A ruling on a moved stone (21.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuMovedRuling"))]
#[serde(rename_all = "kebab-case")]
pub enum MovedRuling {
    /// 挪回原位 (21.1.1 A, 21.1.2 A).
    Restore,
    /// 移子有效 (21.1.1 B, 21.1.2 B).
    Stands,
    /// 和棋 (21.1.2 C).
    Draw,
    /// 重下 (21.1.2 D).
    Replay,
}

/// A ruling on a scattered position (21.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuScatterRuling"))]
#[serde(rename_all = "kebab-case")]
pub enum ScatterRuling {
    /// 复盘确认后，继续比赛 (21.2.1).
    Replayed,
    /// 和棋 (21.2.2 A).
    Draw,
    /// 重下 (21.2.2 B).
    Replay,
}

/// The chief arbiter's ruling on a dropped stone (12.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuDropRuling"))]
#[serde(rename_all = "kebab-case")]
pub enum DropRuling {
    /// 拣起后任选着点.
    PickUp,
    /// The stone stays where it fell: the player's move.
    Stands,
}

/// The checks of an incident that need no board.
pub(super) fn check_event(
    kind: &EventKind,
    err: &dyn Fn(&'static str, String) -> GameError,
) -> Result<(), GameError> {
    match *kind {
        EventKind::MovedStone {
            from,
            to,
            agreed,
            recorded,
            ruling,
        } => {
            if from == to {
                return Err(err("21.1", format!("the stone on {from} has not moved")));
            }
            if agreed && matches!(ruling, MovedRuling::Draw | MovedRuling::Replay) {
                return Err(err(
                    "21.1.1",
                    "players who agree choose A 挪回原位 or B 移子有效; 和棋 and 重下 are the chief arbiter's (21.1.2)".into(),
                ));
            }
            if recorded && !agreed && ruling != MovedRuling::Restore {
                return Err(err(
                    "21.1.2",
                    "the record shows where the stone stood, so it goes back; the chief arbiter's choice is for 无记录可查".into(),
                ));
            }
        }
        EventKind::Dropped {
            agreed: true,
            ruling: Some(DropRuling::Stands),
            ..
        } => {
            return Err(err(
                "12.4",
                "with the opponent's consent the stone is picked up (拣起后任选着点)".into(),
            ));
        }
        EventKind::Dropped {
            agreed: false,
            ruling: None,
            ..
        } => {
            return Err(err(
                "12.4",
                "the players do not agree: the chief arbiter's ruling (pick-up or stands) is needed".into(),
            ));
        }
        _ => {}
    }
    Ok(())
}

impl State<'_> {
    /// 10.2, 12.4 and 21 (see the module documentation).
    pub(super) fn incident(&mut self, i: usize, e: &Event) -> Result<(), GameError> {
        let err = |clause: &'static str, message: String| GameError::Conduct {
            event: i,
            clause,
            message,
        };
        match e.kind {
            EventKind::MovedStone {
                from,
                to,
                agreed,
                ruling,
                ..
            } => {
                let Some(s) = self.board.get(from) else {
                    return Err(err("21.1", format!("no stone stands on {from}")));
                };
                if !self.board.is_empty_at(to) {
                    return Err(err("21.1", format!("{to} is not empty")));
                }
                let (a, b, c) = if agreed {
                    ("21.1.1.A", "21.1.1.B", "21.1.1")
                } else {
                    ("21.1.2.A", "21.1.2.B", "21.1.2")
                };
                match ruling {
                    MovedRuling::Restore => {
                        self.note(a, format!("{s}'s stone found on {to} goes back to {from}"))
                    }
                    MovedRuling::Stands => {
                        if !self.opening.is_done() {
                            return Err(err(
                                c,
                                "qigui lets a moved stone stand only after the opening, whose validator holds the position".into(),
                            ));
                        }
                        self.board.set(from, None);
                        self.board.set(to, Some(s));
                        self.note(
                            b,
                            format!("{s}'s stone moved from {from} to {to} stands (no move: 6.1)"),
                        );
                        if makes_five(&self.board, to) {
                            self.end(GameResult::win_for(s), Reason::Five, "19.1.1", None);
                        }
                    }
                    MovedRuling::Draw => {
                        self.end(GameResult::Draw, Reason::MovedStone, "21.1.2.C", None)
                    }
                    MovedRuling::Replay => {
                        self.end(GameResult::Replay, Reason::MovedStone, "21.1.2.D", None)
                    }
                }
            }
            EventKind::Scattered { ruling } => match ruling {
                ScatterRuling::Replayed => self.note(
                    "21.2.1",
                    "the scattered position is replayed and confirmed; play goes on".into(),
                ),
                ScatterRuling::Draw => {
                    self.end(GameResult::Draw, Reason::Scattered, "21.2.2.A", None)
                }
                ScatterRuling::Replay => {
                    self.end(GameResult::Replay, Reason::Scattered, "21.2.2.B", None)
                }
            },
            EventKind::Dropped { point, ruling, .. } => {
                if ruling == Some(DropRuling::Stands) {
                    let n = self.n + 1;
                    self.note(
                        "12.4",
                        format!("the stone dropped on {point} stands as move {n}"),
                    );
                    if self.opening.is_done() {
                        self.play(Action::Stone(point), &err)?;
                    } else {
                        self.opening_action(&Action::Stone(point), &err)?;
                        return Ok(());
                    }
                    let n = self.n;
                    self.events_after(n)?;
                } else {
                    self.note(
                        "12.4",
                        format!("the stone dropped on {point} is picked up; the player moves where he likes"),
                    );
                }
            }
            EventKind::ColoursWrong { elapsed } => {
                let three_stone_opening = matches!(
                    self.rec.opening,
                    OpeningRule::Designated | OpeningRule::FiveMoveTwo | OpeningRule::FiveMoveN
                );
                let round_over = self.n >= if three_stone_opening { 4 } else { 2 };
                let minutes_up = elapsed.is_some_and(|t| t >= 5 * 60);
                if round_over || minutes_up {
                    let why = if round_over {
                        "after the first round"
                    } else {
                        "5 minutes after the start"
                    };
                    self.note(
                        "10.2",
                        format!("the colours were found wrong {why}: the game goes on and its result stands"),
                    );
                } else {
                    self.end(GameResult::Replay, Reason::ColoursWrong, "10.2", None);
                }
            }
            _ => {}
        }
        Ok(())
    }
}

impl Event {
    /// The event with every point mapped by a symmetry of the board.
    pub fn transformed(&self, sym: crate::gomoku::board::Symmetry) -> Event {
        let mut e = *self;
        match &mut e.kind {
            EventKind::MovedStone { from, to, .. } => {
                *from = sym.apply(*from);
                *to = sym.apply(*to);
            }
            EventKind::Dropped { point, .. } => *point = sym.apply(*point),
            _ => {}
        }
        e
    }
}
