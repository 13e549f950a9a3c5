//! Arrivals: late arrival and absence (20.1–20.3; 1999 21; 4.1.11), settled before the first move.

use super::*;

impl Referee<'_> {
    /// A side arrives `late` after the start (20.1).
    pub(super) fn arrive(&mut self, side: Color, late: Millis) -> Result<(), ConductError> {
        if self.late[side].is_some() || self.absent[side] {
            return Err(self.fail(format!("{} arrives twice", side_name(side))));
        }
        if self.s.late_limit.is_none() && self.cite(Rule::LateForfeit).is_some() {
            return Err(self.fail(
                "the event's forfeit time for late arrival (20.1) is not given: set `late_limit`",
            ));
        }
        self.late[side] = Some(late);
        Ok(())
    }

    /// A side does not come (20.1).
    pub(super) fn absent(&mut self, side: Color) -> Result<(), ConductError> {
        if self.late[side].is_some() || self.absent[side] {
            return Err(self.fail(format!("{} arrives twice", side_name(side))));
        }
        self.absent[side] = true;
        Ok(())
    }

    /// Rules on the arrivals once the first other entry comes (20.1–20.3).
    pub(super) fn settle_arrivals(&mut self) {
        if self.arrivals_settled {
            return;
        }
        self.arrivals_settled = true;
        let limit = self.s.late_limit.unwrap_or(Millis::MAX);
        let forfeit: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|&c| self.absent[c] || self.late[c].is_some_and(|l| l > limit))
            .collect();
        if self.late.iter().all(|(_, l)| l.is_none()) && !self.absent.iter().any(|(_, &a)| a) {
            return;
        }
        if self.cite(Rule::LateForfeit).is_none() {
            self.note(None, "no rule on late arrival under this profile");
            return;
        }
        for c in Color::ALL {
            if let Some(l) = self.late[c]
                && l <= limit
            {
                self.note(
                    self.cite(Rule::LateForfeit),
                    format!(
                        "{} arrives {} late, within the forfeit time ({})",
                        side_name(c),
                        fmt_secs(l),
                        fmt_secs(limit)
                    ),
                );
            }
        }
        match forfeit.as_slice() {
            [] => {}
            [c] => {
                let clauses =
                    self.cites(&[Rule::LateArrival, Rule::LateForfeit, Rule::ForfeitMarks]);
                self.marks = Some(match c {
                    Color::Red => ["-", "+"],
                    Color::Black => ["+", "-"],
                });
                self.note(
                    self.cite(Rule::ForfeitMarks),
                    format!(
                        "{} forfeits without play: marked \"-\", the opponent \"+\"",
                        side_name(*c)
                    ),
                );
                self.lose(*c, Ground::Article4(Reason::LateArrival), clauses);
            }
            _ => {
                let clauses = self.cites(&[Rule::BothLate, Rule::ForfeitMarks]);
                self.marks = Some(["-", "-"]);
                self.note(
                    self.cite(Rule::BothLate),
                    "both sides late beyond the forfeit time: both forfeit (双方弃权)",
                );
                self.end(Decision::BothLose, Ground::BothLate, clauses);
            }
        }
    }

    /// Charges a late player's lateness to its clock before its first move
    /// (1999 21.1: the clock runs from its turn).
    pub(super) fn charge_lateness(&mut self, side: Color, used: Millis) {
        let i = side;
        if self.late_charged[i] || self.cite(Rule::LateClockRuns).is_none() {
            if side == Color::Red && self.red_first_press.is_none() {
                self.red_first_press = Some(self.late[Color::Red].unwrap_or(0) + used);
            }
            return;
        }
        self.late_charged[i] = true;
        let late = self.late[i].unwrap_or(0);
        let charge = match side {
            Color::Red => late,
            Color::Black => (late - self.red_first_press.unwrap_or(0)).max(0),
        };
        if side == Color::Red {
            self.red_first_press = Some(late + used);
        }
        if charge > 0 {
            if let Some(clock) = self.clock.as_mut() {
                clock.spend(i.index(), charge);
            }
            self.note(
                self.cite(Rule::LateForfeit),
                format!(
                    "{}'s clock ran for {} before it arrived (从轮他走棋时开动他的棋钟)",
                    side_name(side),
                    fmt_secs(charge)
                ),
            );
        }
    }
}
