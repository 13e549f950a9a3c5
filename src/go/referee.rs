//! The referee's log (issue 29): a Go game as the referee sees it — arrival,
//! moves with their times, pauses, a sealed move, resignation, withdrawal,
//! forfeit, the referee's rulings — adjudicated under 003's clock and result
//! rules. The log format is in `spec/go.md` ("The referee's log").
//!
//! * 活动方案.八: a player more than the event's limit late (ten minutes
//!   there) forfeits and the opponent wins (迟到超过10分钟作弃权处理,对方自动胜出).
//!   Both late beyond it: both forfeit (003 is silent; qigui's reading). A
//!   lateness within the limit is taken from the latecomer's main time
//!   (003 is silent; the clock is read as started at the scheduled time).
//! * 竞赛规定.12 and 棋类比赛.5: each move's time runs on the mover's clock
//!   ([`super::clock`]): the main time, then byo-yomi or, without it, 包干
//!   (超时判负). The side whose clock runs out loses.
//! * 竞赛规定.14: a pause is not counted in the time (暂停时间不计入对局时限);
//!   封棋: the side to move writes its move down sealed; it must be a move
//!   that can be played (qigui checks it at once, as the referee who opens
//!   it must be able to 按所标记的位置下子), no move is made until the game
//!   resumes, and at the resumption the sealed move is played.
//! * 竞赛规定.13.一 and 15.一: a forfeit (弃权), withdrawing mid-game (中途退出)
//!   and a referee's ruling of a loss or a draw end the game (作终局处理);
//!   withdrawal and forfeit lose.
//! * 胜负计算.2: resignation loses. 胜负计算.3: two passes end the game for
//!   counting. 胜负计算.和棋: 三劫连环 is a draw ([`super::game`]).
//! * 棋类比赛.5.(4): giving up the contest (放弃着手权) stops the clock and the
//!   game goes to counting with every contestable point to the other side.
//! * 棋类比赛.5.(5): when the clock fails, the chief referee may rule a side
//!   lost on time; the ruling is an input (`flag`) and it ends the game.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{Board, Point, PointError, Stone};
use super::clock::{self, ClockError, TimeControl};
use super::game::{Action, End, Entry, Game, RecordError, Setup};
use super::play::KoRule;

/// A referee's ruling of the result (竞赛规定.13.一).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Ruling {
    /// 判黑胜.
    BlackWins,
    /// 判白胜.
    WhiteWins,
    /// 判和.
    Draw,
}

/// One entry of the log: exactly one action key, with `seconds` for the
/// actions that take time and `minutes` for lateness and pauses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// 活动方案.八: this side arrived `minutes` after the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late: Option<Stone>,
    /// A stone of the side to move on this point, or `pass`.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "move")]
    pub play: Option<String>,
    /// 竞赛规定.14 封棋: the side to move seals this move (a point or `pass`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<String>,
    /// 竞赛规定.14: the game resumes and the sealed move is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<bool>,
    /// 竞赛规定.14: a pause of `minutes`, not counted in the time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause: Option<bool>,
    /// 胜负计算.2: this side resigns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<Stone>,
    /// 竞赛规定.15.一, 13.一: this side withdraws mid-game (中途退出).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdraw: Option<Stone>,
    /// 竞赛规定.13.一: this side forfeits (弃权).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Stone>,
    /// 竞赛规定.13.一: the referee rules the result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Ruling>,
    /// 棋类比赛.5.(4): this side gives up the contest (放弃着手权).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concede: Option<Stone>,
    /// 棋类比赛.5.(5): after a clock fault the chief referee rules this side
    /// lost on time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Stone>,
    /// The time a move or a sealing took, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<u32>,
    /// Minutes of lateness or of a pause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
}

/// The game the log is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RefereeLog {
    /// Lines each way (default 19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// The time control (竞赛规定.12); without one no time is kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// 活动方案.八: the lateness past which a player forfeits, in minutes
    /// (that event: 10). Without it lateness only costs clock time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit_minutes: Option<u32>,
    /// The entries, in order.
    pub log: Vec<LogEntry>,
}

/// How the log ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Still being played.
    Ongoing,
    /// Over; counting decides (two passes, or a side gave up the contest).
    Counting,
    /// 黑胜.
    BlackWins,
    /// 白胜.
    WhiteWins,
    /// 和棋 (三劫连环, or the referee's ruling).
    Draw,
    /// Both forfeit (both late past the limit).
    BothLose,
}

impl Outcome {
    fn win(s: Stone) -> Outcome {
        match s {
            Stone::Black => Outcome::BlackWins,
            Stone::White => Outcome::WhiteWins,
        }
    }
}

/// The adjudication.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The result.
    pub outcome: Outcome,
    /// The clause that decided it (`none` while ongoing).
    pub clause: &'static str,
    /// Moves played on the board (passes included).
    pub plies: usize,
    /// Main time left, seconds, per side (black, white), when timed.
    pub main_left: Option<[u32; 2]>,
    /// Byo-yomi minutes left per side, when timed.
    pub reserve_left: Option<[u32; 2]>,
    /// 棋类比赛.5.(4): the side that gave up the contest.
    pub conceded_by: Option<Stone>,
    /// A sealed move not yet played.
    pub sealed: Option<String>,
}

/// A log entry that cannot be applied: its 1-based index and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("log entry {entry}: {reason}")]
pub struct LogError {
    /// 1-based index in the log.
    pub entry: usize,
    /// A short code: `entry`, `board`, `point`, `move`, `after-end`,
    /// `sealed`, `no-seal`, `clock`.
    pub code: &'static str,
    /// Why.
    pub reason: String,
}

fn action(e: &LogEntry, entry: usize) -> Result<&'static str, LogError> {
    let keys = [
        ("late", e.late.is_some()),
        ("move", e.play.is_some()),
        ("seal", e.seal.is_some()),
        ("resume", e.resume.is_some()),
        ("pause", e.pause.is_some()),
        ("resign", e.resign.is_some()),
        ("withdraw", e.withdraw.is_some()),
        ("forfeit", e.forfeit.is_some()),
        ("ruling", e.ruling.is_some()),
        ("concede", e.concede.is_some()),
        ("flag", e.flag.is_some()),
    ];
    let given: Vec<&str> = keys.iter().filter(|k| k.1).map(|k| k.0).collect();
    match given.as_slice() {
        [one] => Ok(one),
        _ => Err(LogError {
            entry,
            code: "entry",
            reason: format!(
                "an entry has exactly one of late, move, seal, resume, pause, resign, withdraw, forfeit, ruling, concede, flag (this one has {})",
                if given.is_empty() {
                    "none".to_string()
                } else {
                    given.join(", ")
                }
            ),
        }),
    }
}

fn parse_move(text: &str, size: u8) -> Result<Action, PointError> {
    if text.trim().eq_ignore_ascii_case("pass") {
        Ok(Action::Pass)
    } else {
        Point::parse(text, size).map(Action::Play)
    }
}

/// Adjudicates a log.
#[expect(
    clippy::too_many_lines,
    reason = "one short arm per log action, each a clause of 003 (活动方案.八, 竞赛规定.12–15, 棋类比赛.5, 胜负计算.2–3): a table written as code"
)]
pub fn adjudicate(log: &RefereeLog) -> Result<Verdict, LogError> {
    let size = log.size.unwrap_or(19);
    let err = |entry: usize, code: &'static str, reason: String| LogError {
        entry,
        code,
        reason,
    };
    let board = Board::new(size).map_err(|e| err(0, "board", e.to_string()))?;
    let mut game = Game::new(&Setup {
        board,
        to_move: None,
        ko: None,
        handicap: Vec::new(),
        ko_rule: KoRule::Simple,
    })
    .map_err(|e| err(0, "board", e.to_string()))?;
    if let Some(tc) = log.time_control {
        clock::run(tc, &[]).map_err(|e: ClockError| err(0, "clock", e.to_string()))?;
    }
    // Each side's times as the clock sees them (lateness first).
    let mut times: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut late_out = [false, false];
    let mut outcome = Outcome::Ongoing;
    let mut clause = "none";
    let mut conceded_by = None;
    let mut clock_stopped = false;
    let mut sealed: Option<(String, Action)> = None;
    let mut ended = false;
    for (i, e) in log.log.iter().enumerate() {
        let n = i + 1;
        let what = action(e, n)?;
        if ended {
            return Err(err(
                n,
                "after-end",
                format!("{what} after the game ended ({clause})"),
            ));
        }
        if what != "late" && late_out.iter().any(|&x| x) {
            return Err(err(
                n,
                "after-end",
                format!("{what} after a forfeit for lateness (活动方案.八)"),
            ));
        }
        if sealed.is_some()
            && !matches!(
                what,
                "resume" | "pause" | "resign" | "withdraw" | "forfeit" | "ruling" | "flag"
            )
        {
            return Err(err(
                n,
                "sealed",
                format!("{what} while a sealed move waits: the game resumes first (竞赛规定.14)"),
            ));
        }
        // The side whose clock this entry runs, and for how long.
        let mut timed: Option<(Stone, u32)> = None;
        // The move to play once the clock has allowed it.
        let mut to_play: Option<Action> = None;
        match what {
            "late" => {
                let side = e.late.unwrap_or(Stone::Black);
                if game.replay().plies > 0 {
                    return Err(err(n, "entry", "lateness is logged before play".into()));
                }
                let m = e.minutes.unwrap_or(0);
                if log.late_limit_minutes.is_some_and(|l| m > l) {
                    late_out[side.index()] = true;
                } else {
                    timed = Some((side, m.saturating_mul(60)));
                }
            }
            "move" | "seal" => {
                let text = e.play.as_deref().or(e.seal.as_deref()).unwrap_or("");
                let act = parse_move(text, size).map_err(|x| err(n, "point", x.to_string()))?;
                if let Action::Play(p) = act {
                    game.check(p)
                        .map_err(|x| err(n, "move", format!("'{text}': {x}")))?;
                }
                let side = game.position().to_move();
                if what == "move" {
                    to_play = Some(act);
                } else {
                    sealed = Some((text.to_string(), act));
                }
                timed = Some((side, e.seconds.unwrap_or(0)));
            }
            "resume" => {
                let Some((_, act)) = sealed.take() else {
                    return Err(err(n, "no-seal", "resume without a sealed move".into()));
                };
                to_play = Some(act);
            }
            "resign" => {
                outcome = Outcome::win(e.resign.unwrap_or(Stone::Black).opponent());
                clause = "胜负计算.2";
            }
            "withdraw" => {
                outcome = Outcome::win(e.withdraw.unwrap_or(Stone::Black).opponent());
                clause = "竞赛规定.15.一";
            }
            "forfeit" => {
                outcome = Outcome::win(e.forfeit.unwrap_or(Stone::Black).opponent());
                clause = "竞赛规定.13.一";
            }
            "ruling" => {
                outcome = match e.ruling {
                    Some(Ruling::BlackWins) => Outcome::BlackWins,
                    Some(Ruling::WhiteWins) => Outcome::WhiteWins,
                    _ => Outcome::Draw,
                };
                clause = "竞赛规定.13.一";
            }
            "concede" => {
                conceded_by = e.concede;
                clock_stopped = true;
                outcome = Outcome::Counting;
                clause = "棋类比赛.5.(4)";
            }
            "flag" => {
                outcome = Outcome::win(e.flag.unwrap_or(Stone::Black).opponent());
                clause = "棋类比赛.5.(5)";
            }
            // "pause": 竞赛规定.14, the time is not counted.
            _ => {}
        }
        if let (Some(tc), Some((side, t)), false) = (log.time_control, timed, clock_stopped) {
            times[side.index()].push(t);
            let r =
                clock::run(tc, &times[side.index()]).map_err(|x| err(n, "clock", x.to_string()))?;
            if r.lost_at.is_some() {
                // The flag fell during the move: it is not made.
                outcome = Outcome::win(side.opponent());
                clause = if tc.reserve_minutes > 0 {
                    "竞赛规定.12.二"
                } else {
                    "棋类比赛.5"
                };
                ended = true;
                continue;
            }
        }
        if let Some(act) = to_play {
            game.apply(Entry {
                colour: None,
                action: act,
            })
            .map_err(|x: RecordError| err(n, "move", x.to_string()))?;
        }
        if outcome != Outcome::Ongoing {
            ended = true;
            continue;
        }
        if let Some(end) = game.end() {
            outcome = match end {
                End::Passes => Outcome::Counting,
                End::Resignation(s) => Outcome::win(s.opponent()),
                End::TripleKo => Outcome::Draw,
            };
            clause = end.clause();
            ended = true;
        }
    }
    // 活动方案.八: lateness past the limit decides before any play.
    match late_out {
        [true, true] => {
            outcome = Outcome::BothLose;
            clause = "活动方案.八";
        }
        [true, false] => {
            outcome = Outcome::WhiteWins;
            clause = "活动方案.八";
        }
        [false, true] => {
            outcome = Outcome::BlackWins;
            clause = "活动方案.八";
        }
        _ => {}
    }
    let (main_left, reserve_left) = match log.time_control {
        Some(tc) => {
            let mut m = [0; 2];
            let mut r = [0; 2];
            for s in Stone::ALL {
                let rep = clock::run(tc, &times[s.index()])
                    .map_err(|x| err(0, "clock", x.to_string()))?;
                m[s.index()] = rep.main_left;
                r[s.index()] = rep.reserve_left;
            }
            (Some(m), Some(r))
        }
        None => (None, None),
    };
    Ok(Verdict {
        outcome,
        clause,
        plies: game.replay().plies,
        main_left,
        reserve_left,
        conceded_by,
        sealed: sealed.map(|s| s.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(f: impl FnOnce(&mut LogEntry)) -> LogEntry {
        let mut e = LogEntry::default();
        f(&mut e);
        e
    }

    #[test]
    fn late_beyond_limit_forfeits() {
        let log = RefereeLog {
            size: Some(9),
            time_control: None,
            late_limit_minutes: Some(10),
            log: vec![entry(|e| {
                e.late = Some(Stone::White);
                e.minutes = Some(11);
            })],
        };
        let v = adjudicate(&log).unwrap();
        assert_eq!(v.outcome, Outcome::BlackWins);
        assert_eq!(v.clause, "活动方案.八");
    }

    #[test]
    fn sealed_move_waits_for_resumption() {
        let log = RefereeLog {
            size: Some(9),
            time_control: None,
            late_limit_minutes: None,
            log: vec![
                entry(|e| e.seal = Some("E5".into())),
                entry(|e| e.play = Some("C3".into())),
            ],
        };
        assert_eq!(adjudicate(&log).unwrap_err().code, "sealed");
    }
}
