//! 17.1 未按开局规定行棋 in a game record: an opening action the opening
//! rule does not allow is the breach of 17.1, and 17's preamble gives the
//! opponent the choice: have it corrected (and ask the referee for a
//! penalty) or accept it.
//!
//! * No marker: corrected. The action does not stand and is noted under
//!   17.1; the record's next action is the one made in its place. The
//!   penalty is the referee's `foul` event for 17.1 (a warning first,
//!   `penalties.rs`).
//! * `accepted` after the action ([`Action::Accepted`]): it stands, as
//!   [`crate::gomoku::Opening::apply_accepted`] continues the opening.
//! * A swap, offer, choice or declaration after the opening is over is a
//!   breach of the same kind: corrected, it does not stand.
//!
//! An occupied point (12.2) and a pass in the first five moves (24.3.1 A)
//! are not breaches of the opening rule and stay errors of the record.

use super::{GameError, Illegal, State};
use crate::gomoku::record::Action;

impl State<'_> {
    /// Applies an opening action: `Ok(true)` when it stands (within the
    /// rule, or accepted), `Ok(false)` when it was corrected.
    pub(super) fn opening_breach(
        &mut self,
        action: &Action,
        illegal: &Illegal<'_>,
    ) -> Result<bool, GameError> {
        let accepted = matches!(action, Action::Accepted(_));
        let applied = match action {
            Action::Accepted(a) => self.opening.apply_accepted(a),
            a => self.opening.apply(a).map(|()| None),
        };
        let m = self.opening.moves();
        match applied {
            Ok(Some(breach)) => {
                self.note(
                    "17.1",
                    format!("'{action}': {breach}; the opponent accepted it (17): it stands"),
                );
                Ok(true)
            }
            Ok(None) => {
                if accepted {
                    self.note(
                        "17.1",
                        format!("'{action}': within the opening rule, nothing to accept"),
                    );
                }
                Ok(true)
            }
            Err(e) if e.is_opening_breach() && !accepted => {
                self.note(
                    "17.1",
                    format!(
                        "'{action}' after move {m}: {e}; corrected at the opponent's request (17): it does not stand"
                    ),
                );
                Ok(false)
            }
            Err(e) => Err(illegal(e.clause, e.message)),
        }
    }

    /// A swap, offer, choice or declaration after the opening is over:
    /// corrected, it does not stand (17.1).
    pub(super) fn opening_over(&mut self, action: &Action) {
        let (n, clause) = (self.n, self.rec.opening.clause());
        self.note(
            "17.1",
            format!(
                "'{action}' after move {n}: the opening ({clause}) is over and swaps, offers, choices and declarations belong to it; 未按开局规定行棋, corrected: it does not stand"
            ),
        );
    }
}
