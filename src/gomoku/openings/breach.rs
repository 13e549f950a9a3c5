//! 17.1 未按开局规定行棋: an opening action that breaks the opening rule,
//! and the opponent's choice (17's preamble) between having it corrected
//! and accepting it.
//!
//! * Corrected (the default in a game record): the action does not stand;
//!   the player makes it again as the rule asks (the record's next action).
//!   The penalty, if any, is the referee's `foul` event for 17.1.
//! * Accepted (the record's `accepted` after the action): it stands as
//!   made. qigui continues the opening from it where the action is of the
//!   kind the step expects and only its content breaks the rule: a stone
//!   outside its area, offers of the wrong number or of the same shape
//!   (同形), a choice of a point that was not offered; and a swap where the
//!   rule gives no swap right (the colours are exchanged). Any other
//!   accepted breach is refused: the rule says nothing of where the opening
//!   would go from there (`spec/gomoku.md`).

use super::{Choice, Opening, OpeningError};
use crate::gomoku::record::Action;

impl OpeningError {
    /// Whether the action breaks the opening rule itself (17.1), rather
    /// than a rule of its own: an occupied point (12.2), a pass in the
    /// first five moves (24.3.1 A).
    pub fn is_opening_breach(&self) -> bool {
        !self.clause.starts_with("12.") && !self.clause.starts_with("24.")
    }
}

impl Opening {
    /// Applies an opening action the opponent accepted (17's preamble):
    /// `Ok(Some(breach))` when it broke the opening rule and stands
    /// nonetheless, `Ok(None)` when it broke nothing. On an error the
    /// opening is unchanged.
    pub fn apply_accepted(
        &mut self,
        action: &Action,
    ) -> Result<Option<OpeningError>, OpeningError> {
        let breach = match self.apply(action) {
            Ok(()) => return Ok(None),
            Err(e) if !e.is_opening_breach() => return Err(e),
            Err(e) => e,
        };
        let allowed: Vec<Choice> = self
            .next()
            .iter()
            .flat_map(|t| t.choices.iter().copied())
            .collect();
        let expects = |f: fn(&Choice) -> bool| allowed.iter().any(f);
        match action {
            Action::Stone(p) if expects(|c| matches!(c, Choice::Stone { .. })) => {
                self.place(*p);
                self.after_stone();
            }
            Action::Swap if !self.done => self.black = self.black.other(),
            Action::Offer(ps)
                if expects(|c| matches!(c, Choice::Offer { .. }))
                    && ps.iter().all(|p| self.board.is_empty_at(*p)) =>
            {
                self.swap_pending = false;
                self.offers = Some(ps.clone());
            }
            Action::Choose(p) if self.offers.is_some() && self.board.is_empty_at(*p) => {
                self.offers = None;
                self.chosen = true;
                self.place(*p);
            }
            _ => {
                return Err(OpeningError {
                    clause: breach.clause,
                    message: format!(
                        "{}; accepted, but the rule does not say how the opening goes on from it",
                        breach.message
                    ),
                });
            }
        }
        Ok(Some(breach))
    }
}

#[cfg(test)]
mod tests {
    use crate::gomoku::openings::{Opening, OpeningRule, Player};
    use crate::gomoku::record::parse_actions;

    fn run(rule: OpeningRule, text: &str) -> Result<Opening, String> {
        let mut o = Opening::new(rule);
        for a in parse_actions(text).map_err(|e| e.to_string())? {
            o.apply(&a).map_err(|e| e.clause.to_string())?;
        }
        Ok(o)
    }

    #[test]
    fn accepted_breaches_stand() {
        // 11.1 B: stone 2 within 3×3 of 天元; J10 is two lines away.
        assert_eq!(
            run(OpeningRule::Taraguchi10, "H8 J10").err().as_deref(),
            Some("11.1.B")
        );
        let o = run(OpeningRule::Taraguchi10, "H8 J10 accepted").unwrap();
        assert_eq!(o.moves(), 2);
        // 11.2 C: two fifth moves; three accepted, white chooses among them.
        let o = run(
            OpeningRule::FiveMoveTwo,
            "H8 H9 H10 H11 offer G7 I6 A1 accepted choose A1",
        )
        .unwrap();
        assert_eq!(o.moves(), 5);
        // 11.2 B–C give no swap after stone 4: accepted, the colours are
        // exchanged.
        assert_eq!(
            run(OpeningRule::FiveMoveTwo, "H8 H9 H10 H11 swap")
                .err()
                .as_deref(),
            Some("11.2.C")
        );
        let o = run(OpeningRule::FiveMoveTwo, "H8 H9 H10 H11 swap accepted").unwrap();
        assert_eq!(o.black_player(), Player::Second);
        // An occupied point is 12.2, not a breach of the opening.
        assert_eq!(
            run(OpeningRule::Taraguchi10, "H8 H8 accepted")
                .err()
                .as_deref(),
            Some("12.2")
        );
    }
}
