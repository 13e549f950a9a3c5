//! The referee's part of a record that is not on the board: the clocks
//! (14.1, 14.2, 14.4–14.7, 30, 31.4, 31.5), late arrival (14.3),
//! and adjournment (20), played into the adjudicator's state ([`State`]).
//! Draw offers (19.2.2) are the conduct's (`penalties.rs`).
//!
//! The pure rules are elsewhere: the clocks in [`crate::gomoku::clock`],
//! late arrival in [`crate::gomoku::lateness`], the sealed move in
//! [`crate::gomoku::adjournment`]; this file applies them to a game.

use super::{EventKind, GameError, GameResult, Reason, State};
use crate::gomoku::adjournment::Sealed;
use crate::gomoku::board::Stone;
use crate::gomoku::clock::{
    ClockError, ClockLog, ClockReport, Clocks, Flag, Millis, millis, seconds,
};
use crate::gomoku::lateness::{self, Arrival, Lateness};
use crate::gomoku::openings::{Opening, Player};
use crate::gomoku::record::Action;

/// The referee's state besides the board.
#[derive(Clone, Debug, Default)]
pub(super) struct Referee {
    /// The clocks, when the record gives a time control.
    clocks: Option<Clocks>,
    /// An action had no time: from there the clocks are not known.
    untimed: bool,
    /// The next action is the sealed move (20.2.4).
    sealed: bool,
}

impl Referee {
    pub(super) fn new(log: &ClockLog, actions: usize) -> Result<Referee, ClockError> {
        if log.times.len() > actions {
            return Err(ClockError::TooManyTimes {
                times: log.times.len(),
                actions,
            });
        }
        Ok(Referee {
            clocks: log.control.map(Clocks::new),
            ..Referee::default()
        })
    }

    /// The clocks, if the record gives a time control, and whether every
    /// action so far had a time (the clocks are known).
    pub(super) fn clocks(&self) -> Option<(&Clocks, bool)> {
        self.clocks.as_ref().map(|c| (c, !self.untimed))
    }

    /// Whether the next action is a sealed move; clears it.
    pub(super) fn take_seal(&mut self) -> bool {
        std::mem::take(&mut self.sealed)
    }

    /// The clocks at the end, by colour.
    pub(super) fn report(&self, opening: &Opening) -> Option<ClockReport> {
        let c = self.clocks.as_ref()?;
        let black = opening.black_player();
        Some(ClockReport {
            black: seconds(c.remaining(black)),
            white: seconds(c.remaining(black.other())),
            shared: c.shared().map(seconds),
            clause: c.control.clause,
            rapid: c.control.is_rapid(),
            complete: !self.untimed,
        })
    }
}

fn side_name(s: Stone) -> &'static str {
    s.name()
}

impl State<'_> {
    /// The colour a player holds now.
    fn colour_of(&self, p: Player) -> Stone {
        if self.opening.black_player() == p {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Who performs an action: in the opening the player its rule names
    /// (e.g. 11.2 A: the first player puts the first three stones), then
    /// the holder of the move's colour; a second stone (17.8) is the last
    /// mover's.
    fn actor(&self, action: &Action) -> Player {
        if !self.opening.is_done()
            && let Some(t) = self.opening.next().first()
        {
            return t.player;
        }
        let n = match action {
            Action::Again { .. } => self.n,
            _ => self.n + 1,
        };
        self.opening.holder(Stone::of_move(n))
    }

    /// The player to move next (the sealer, 20.1.3).
    fn to_move(&self) -> Player {
        self.actor(&Action::Pass)
    }

    /// A flag ends the game.
    fn flag(&mut self, flag: Flag) {
        match flag {
            Flag::Player(p, clause) => {
                let s = self.colour_of(p);
                self.end(
                    GameResult::win_for(s.opposite()),
                    Reason::TimeForfeit,
                    clause,
                    None,
                );
            }
            Flag::Shared => {
                self.note(
                    "14.1.3",
                    "the shared time has run out with no time control after it: both sides' time is out at once, and no one's first".into(),
                );
                self.end(GameResult::Draw, Reason::BothFlags, "19.2.1.D", None);
            }
        }
    }

    /// 14.2: action `i`'s time on its player's clock. True when the flag
    /// fell before the press: the action is not played and the game is
    /// over (14.1, 14.4: the referee confirms the flag himself).
    pub(super) fn timed(&mut self, i: usize, action: &Action) -> bool {
        if self.clocks.clocks.is_none() || self.clocks.untimed {
            return false;
        }
        let Some(&t) = self.rec.clock.times.get(i) else {
            self.clocks.untimed = true;
            let text = format!(
                "action {} has no time: the clocks are not known from here",
                i + 1
            );
            self.note("14.2", text);
            return false;
        };
        let actor = self.actor(action);
        let Some(flag) = self.clocks.clocks.as_mut().and_then(|c| c.action(actor, t)) else {
            return false;
        };
        let rest = self.rec.actions.len() - i - 1;
        let who = self.colour_of(actor);
        let after = if rest > 0 {
            format!("; neither it nor the {rest} action(s) after it are played")
        } else {
            "; it is not played".into()
        };
        let text = format!(
            "action {} ('{action}', {}'s, {} s) was not made before the flag fell{after}",
            i + 1,
            side_name(who),
            seconds(t),
        );
        self.note("14.4", text);
        self.flag(flag);
        true
    }

    /// 14.4: with the clocks known, a flag claimed (or both found down)
    /// stands only if the clocks show it; a refused claim is noted.
    pub(super) fn flag_refused(&mut self, side: Option<Stone>) -> bool {
        let Some(c) = self.clocks.clocks.as_ref().filter(|_| !self.clocks.untimed) else {
            return false;
        };
        let black = self.opening.black_player();
        let out = |s: Stone| {
            c.is_out(if s == Stone::Black {
                black
            } else {
                black.other()
            })
        };
        let shown = match side {
            Some(s) => out(s),
            None => out(Stone::Black) && out(Stone::White),
        };
        if shown {
            return false;
        }
        let (b, w) = (
            seconds(c.remaining(black)),
            seconds(c.remaining(black.other())),
        );
        let what = match side {
            Some(s) => format!("{}'s flag", side_name(s)),
            None => "both flags".into(),
        };
        self.note(
            "14.4",
            format!(
                "{what} claimed, but the clocks show black {b} s and white {w} s left: refused"
            ),
        );
        true
    }

    /// 14.3: the arrivals, before anything else.
    pub(super) fn arrivals(&mut self) {
        let mut arrivals: [Option<Arrival>; 2] = [None, None];
        for e in &self.rec.events {
            if let EventKind::Arrive { side, at, excused } = e.kind {
                let i = match side {
                    Stone::Black => 0,
                    Stone::White => 1,
                };
                if arrivals[i].is_none() {
                    arrivals[i] = Some(Arrival {
                        at: millis(at),
                        excused,
                    });
                }
            }
        }
        if arrivals == [None, None] {
            return;
        }
        let limit = self.rec.clock.late_limit;
        match lateness::rule(limit, arrivals) {
            Lateness::BothForfeit => {
                self.end(GameResult::BothLose, Reason::LateArrival, "14.3.4", None)
            }
            Lateness::Forfeit(i) => {
                let s = [Stone::Black, Stone::White][i];
                self.end(
                    GameResult::win_for(s.opposite()),
                    Reason::LateArrival,
                    "14.3.3",
                    None,
                );
            }
            Lateness::Deduct(late) => self.deduct_lateness(late),
        }
    }

    /// 14.3.2: the late time off each late player's clock (under a shared
    /// time, the later arrival's off the common time).
    fn deduct_lateness(&mut self, late: [Millis; 2]) {
        let Some(c) = self.clocks.clocks.as_mut() else {
            return;
        };
        let mut flags = Vec::new();
        if c.shared().is_some() {
            let t = late[0].max(late[1]);
            flags.extend(c.spend(Player::First, t, false));
        } else {
            for (p, t) in [Player::First, Player::Second].into_iter().zip(late) {
                flags.extend(c.spend(p, t, false));
            }
        }
        let text = format!(
            "late time taken off the clocks: black {} s, white {} s",
            seconds(late[0]),
            seconds(late[1])
        );
        self.note("14.3.2", text);
        match flags[..] {
            [] => {}
            [f] => self.flag(f),
            _ => {
                self.note(
                    "14.3.2",
                    "both late players' time ran out while they were away; neither is first".into(),
                );
                self.end(GameResult::Draw, Reason::BothFlags, "19.2.1.D", None);
            }
        }
    }

    /// 20.1.6: a sealed move the rules do not allow loses; any other
    /// error stands.
    pub(super) fn sealed_illegal(&mut self, sealed: bool, e: GameError) -> Result<(), GameError> {
        if !sealed || !matches!(e, GameError::Illegal { .. }) {
            return Err(e);
        }
        let s = self.colour_of(self.to_move());
        self.note(
            "20.1.6",
            format!("the sealed move is not a legal move: {e}"),
        );
        self.end(
            GameResult::win_for(s.opposite()),
            Reason::Penalty,
            "20.1.6",
            None,
        );
        Ok(())
    }

    fn player_of(&self, s: Stone) -> Player {
        self.opening.holder(s)
    }

    /// Charges `time` (negative: gives it) to a colour's clock.
    fn charge(&mut self, s: Stone, time: Millis) {
        let p = self.player_of(s);
        if let Some(f) = self.clocks.clocks.as_mut().and_then(|c| c.add(p, -time)) {
            self.flag(f);
        }
    }

    /// `time` on `s`'s own clock as if he thought it (14.2): off the
    /// shared time first while there is any (14.1.3), no increment; a flag
    /// that falls ends the game. Nothing without a time control.
    pub(super) fn own_time(&mut self, s: Stone, time: Millis) {
        let p = self.player_of(s);
        if let Some(f) = self
            .clocks
            .clocks
            .as_mut()
            .and_then(|c| c.spend(p, time, false))
        {
            self.flag(f);
        }
    }

    /// The events of 14 and 20.
    pub(super) fn referee_event(&mut self, kind: EventKind) {
        let n = self.n;
        match kind {
            EventKind::SplitClock => {
                let split = self.clocks.clocks.as_mut().is_some_and(|c| c.split());
                let text = match self.clocks.clocks.as_ref().filter(|_| split) {
                    Some(c) => format!(
                        "the referee puts a clock on the game: each side has half of the shared time left, {} s",
                        seconds(c.remaining(Player::First))
                    ),
                    None => "no shared time is running: nothing to split".into(),
                };
                self.note("14.1.3", text);
            }
            EventKind::Unpressed { side } => {
                if let Some(c) = self.clocks.clocks.as_mut() {
                    c.unpressed(self.opening.holder(side));
                }
                self.note(
                    "14.6.1",
                    format!("{} did not press the clock after move {n}: it runs on through the opponent's move", side_name(side)),
                );
            }
            EventKind::RulingTime {
                seconds: t,
                charged,
            } => match charged {
                Some(s) => {
                    self.note(
                        "14.7",
                        format!(
                            "the referee charges {t} s of his ruling to {}",
                            side_name(s)
                        ),
                    );
                    self.charge(s, millis(t));
                }
                None => self.note(
                    "14.7",
                    format!("{t} s of the referee's ruling charged to no one"),
                ),
            },
            EventKind::AddTime { side, seconds: t } => {
                self.note(
                    "14.5",
                    format!("the referee adds {t} s to {}'s clock", side_name(side)),
                );
                self.charge(side, -millis(t));
            }
            EventKind::SetClock { black, white } => {
                let (pb, pw) = (self.player_of(Stone::Black), self.player_of(Stone::White));
                if let Some(c) = self.clocks.clocks.as_mut() {
                    c.set(pb, millis(black));
                    c.set(pw, millis(white));
                }
                self.note(
                    "14.5",
                    format!("the referee sets the clocks: black {black} s, white {white} s"),
                );
            }
            EventKind::Adjourn { sealed, seconds: t } => {
                let s = self.colour_of(self.to_move());
                self.note(
                    "20.1",
                    format!("the game is adjourned after move {n} for {t} s (not charged, 20.1.1, 20.1.4); {} seals ({})", side_name(s), sealed.code()),
                );
                if sealed == Sealed::Written {
                    self.clocks.sealed = true;
                } else {
                    self.end(
                        GameResult::win_for(s.opposite()),
                        Reason::Penalty,
                        "20.1.6",
                        None,
                    );
                }
            }
            _ => {}
        }
    }
}
