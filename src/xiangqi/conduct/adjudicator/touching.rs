//! Touches and adjustments: touch-move (5.1–5.5), the foul of touching to no purpose (8.1.5), and adjusting a piece (5.6, 5.7).

use super::*;

impl Referee<'_> {
    pub(super) fn touch(
        &mut self,
        points: &[Square],
        simultaneous: bool,
        side: Option<Color>,
    ) -> Result<(), ConductError> {
        let turn = self.pos.turn();
        let side = side.unwrap_or(turn);
        if side != turn {
            self.note(
                self.cite(Rule::Adjust),
                format!(
                    "{} touches a piece in the opponent's time: it counts as touched on its next turn (5.6: 按摸子论处)",
                    side_name(side)
                ),
            );
            self.deferred_touches[side].extend_from_slice(points);
            return Ok(());
        }
        for &p in points {
            if self.pos.piece_at(p).is_none() {
                return Err(self.fail(format!("nothing stands on {p}")));
            }
            if !self.touches.contains(&p) {
                self.touches.push(p);
            }
        }
        self.simultaneous |= simultaneous;
        self.rule_touches();
        Ok(())
    }

    pub(super) fn rule_touches(&mut self) {
        let ruling = match touch::touch_move(&self.pos, &self.touches, self.simultaneous) {
            Ok(r) => r,
            Err(e) => {
                self.note(None, format!("touches not ruled on: {e}"));
                self.touch_ruling = None;
                return;
            }
        };
        let rule = match ruling.step {
            Step::Own => Rule::TouchOwn,
            Step::Opponent => Rule::TouchOpponent,
            Step::OwnThenOpponent(k) => Rule::OwnThenOpponent(k),
            Step::OpponentThenOwn(k) => Rule::OpponentThenOwn(k),
        };
        let Some(clause) = self.cite(rule) else {
            self.note(
                None,
                "the event's rules say nothing about touching pieces in this order: no obligation",
            );
            self.touch_ruling = None;
            return;
        };
        if ruling.simultaneous
            && let Some(c) = self.cite(Rule::Simultaneous)
        {
            self.note(Some(c), "own and opponent's pieces touched at once: as 5.4");
        }
        if let Some(c) = self.cite(Rule::MassTouchMove) {
            self.note(Some(c), "摸子走子");
        }
        let text = match &ruling.obligation {
            Obligation::Free => "the player may make any move".to_string(),
            Obligation::Moves(m) => format!(
                "the player must make one of: {}",
                m.iter().map(|m| m.iccs()).collect::<Vec<_>>().join(" ")
            ),
        };
        self.note(Some(clause), text);
        if ruling.foul() && !self.touch_foul_charged {
            let r = if ruling.foul_own {
                Rule::TouchFoulOwn
            } else {
                Rule::TouchFoulOpponent
            };
            if let Some(c) = self.cite(r) {
                self.touch_foul_charged = true;
                let side = self.pos.turn();
                self.touch_ruling = Some(ruling);
                self.foul(
                    side,
                    c,
                    "touching a piece that cannot move, or an opponent's piece nothing can take",
                );
                return;
            }
        }
        self.touch_ruling = Some(ruling);
    }

    pub(super) fn adjust(
        &mut self,
        point: Square,
        side: Option<Color>,
        announced: bool,
        consent: bool,
        accidental: bool,
    ) -> Result<(), ConductError> {
        let turn = self.pos.turn();
        let side = side.unwrap_or(turn);
        let Some(c) = self.cite(Rule::Adjust) else {
            self.note(None, "no rule on adjusting pieces under this profile");
            return Ok(());
        };
        if accidental {
            self.note(
                Some(c),
                "an obvious accidental brush: not a touch (明显误碰)",
            );
            return Ok(());
        }
        // 2020: announced in one's own time; 1999 and the school rules: with
        // the opponent's consent.
        let needs_consent = matches!(
            self.s.family(),
            Family::Xiangqi1999 | Family::Local(LocalRules::School)
        );
        let permitted = if needs_consent { consent } else { announced };
        if side == turn && permitted {
            self.note(
                Some(c),
                format!("{} adjusts the piece on {point}: allowed", side_name(side)),
            );
            return Ok(());
        }
        self.note(
            Some(c),
            format!(
                "{} adjusts the piece on {point} {}: it counts as touching it (按摸子论处)",
                side_name(side),
                if side != turn {
                    "in the opponent's time"
                } else if needs_consent {
                    "without the opponent's consent"
                } else {
                    "without saying so first"
                }
            ),
        );
        self.touch(&[point], false, Some(side))
    }
}
