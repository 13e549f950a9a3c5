//! The clock: moves made between presses, presses, knocks on the clock, clock corrections and disputes (21, 28.7).

use super::*;

impl Referee<'_> {
    pub(super) fn between(
        &mut self,
        points: [Square; 2],
        chosen: Option<Square>,
        after_press: bool,
    ) -> Result<(), ConductError> {
        let Some(&last) = self.moves.last() else {
            return Err(self.fail("no move before it"));
        };
        if !points.contains(&last.to) {
            return Err(self.fail(format!(
                "the last move {} went to {}, not to one of {} and {}",
                last.iccs(),
                last.to,
                points[0],
                points[1]
            )));
        }
        let Some(c) = self.cite(Rule::BetweenPoints) else {
            self.note(None, "no rule on a piece between points under this profile");
            return Ok(());
        };
        let mover = self.pos.turn().opponent();
        if after_press && chosen.is_none() {
            return Err(
                self.fail("the clock was pressed: the opponent chooses the point (`chosen`)")
            );
        }
        let target = chosen.unwrap_or(last.to);
        self.note(
            Some(c),
            format!(
                "the piece stands between {} and {}: {} on {target}",
                points[0],
                points[1],
                if after_press {
                    "the opponent places it"
                } else {
                    "it is set right"
                }
            ),
        );
        if self.s.rapid {
            self.foul(mover, c, "a piece left between two points");
            if self.ending.is_some() {
                return Ok(());
            }
        }
        if target != last.to {
            let ply = self.moves.len().saturating_sub(1);
            self.restore(ply);
            let mv = Move::new(last.from, target);
            let text = mv.iccs();
            return self.play_timed(&text, Some(mover), None, false);
        }
        Ok(())
    }

    pub(super) fn press(&mut self, side: Color) {
        match self.s.clock_presses_to_lose() {
            Some(n) => {
                let i = side;
                self.presses[i] += 1;
                if self.presses[i] >= n {
                    let clauses = self.cites(&[Rule::ClockWithoutMoveLoses]);
                    self.note(
                        self.cite(Rule::ClockWithoutMoveLoses),
                        format!("{} presses the clock without moving", side_name(side)),
                    );
                    self.lose(side, Ground::Article4(Reason::ClockWithoutMove), clauses);
                } else if let Some(c) = self.cite(Rule::ClockWithoutMoveFoul) {
                    self.foul(
                        side,
                        c,
                        "pressing the clock without a move (没有走棋先按钟)",
                    );
                }
            }
            None => match self.cite(Rule::ClockWithoutMoveFoul) {
                Some(c) => self.foul(
                    side,
                    c,
                    "pressing the clock without a move breaks the players' rules (6, 8.6)",
                ),
                None => self.note(None, "no rule on clock presses under this profile"),
            },
        }
    }

    pub(super) fn knock_clock(&mut self, side: Color) {
        let Some(c) = self.cite(Rule::KnockedClock) else {
            self.note(
                None,
                "no rule on knocking over the clock under this profile",
            );
            return;
        };
        let other = side.opponent();
        if let Some(clock) = self.clock.as_mut() {
            clock.adjust(other.index(), secs(60));
        }
        self.note(
            Some(c),
            format!(
                "{} knocks the clock over: {} gets one more minute",
                side_name(side),
                side_name(other)
            ),
        );
    }

    pub(super) fn clock_correction(&mut self, v: [Millis; 2]) {
        let c = self.cite(Rule::ClockCorrection);
        match self.clock.as_mut() {
            Some(clock) => {
                clock.set(0, v[0]);
                clock.set(1, v[1]);
                self.note(
                    c,
                    format!(
                        "the referee sets the clocks: red {}, black {}",
                        fmt_secs(v[0]),
                        fmt_secs(v[1])
                    ),
                );
            }
            None => self.note(c, "the referee sets the clocks (the clock is not modelled)"),
        }
    }

    pub(super) fn clock_dispute(&mut self, side: Color, agreed: bool) {
        match self.cite(Rule::ClockDispute) {
            Some(c) if !agreed => self.note(
                Some(c),
                format!(
                    "{} raises the clock settings after the start: not admitted (不予受理)",
                    side_name(side)
                ),
            ),
            Some(c) => self.note(
                Some(c),
                "both players agree: the clock settings may be corrected",
            ),
            None => self.note(
                self.cite(Rule::ClockCorrection),
                "a clock problem: the referee deals with it and sets the clocks",
            ),
        }
    }
}
