//! Draw offers and their acceptance (22.1, 8.1.3, 4.3).

use super::*;

impl Referee<'_> {
    pub(super) fn offer_draw(&mut self, side: Color, in_opponent_time: bool) {
        let turn = self.pos.turn();
        let offer_clause = self.cite(Rule::DrawOffer);
        match self.s.family() {
            Family::Xiangqi2020 | Family::Mass => {
                if in_opponent_time {
                    self.note(
                        offer_clause,
                        format!(
                            "{} offers a draw in the opponent's time: not an offer (必须在自己用时内提出)",
                            side_name(side)
                        ),
                    );
                    return;
                }
                // The round in which the offer is made: before the side's
                // move, or right after it.
                let n = self.pos.fullmoves();
                let round = if side == turn || side == Color::Red {
                    n
                } else {
                    n.saturating_sub(1)
                };
                if let Some(c) = self.cite(Rule::EarlyDraw)
                    && round <= 25
                {
                    self.note(
                            Some(c),
                            format!(
                                "{} offers a draw in round {round}: within 25 rounds no draw may be offered; not admitted",
                                side_name(side)
                            ),
                        );
                    return;
                }
                let excess = self.offers.offer(side);
                self.note(offer_clause, format!("{} offers a draw", side_name(side)));
                if excess && let Some(c) = self.cite(Rule::FoulOffers) {
                    self.foul(
                            side,
                            c,
                            "offering a draw two more times than the opponent (提议作和的次数超过对方达两次)",
                        );
                }
            }
            Family::Xiangqi1999 => {
                if in_opponent_time || side == turn {
                    self.note(
                        offer_clause,
                        format!(
                            "{} offers a draw other than after its own move: not an offer (必须在自己走棋后提出)",
                            side_name(side)
                        ),
                    );
                    return;
                }
                let repeat = self.offers.would_repeat(side);
                self.offers.offer(side);
                self.note(offer_clause, format!("{} offers a draw", side_name(side)));
                if repeat && let Some(c) = self.cite(Rule::FoulOffers) {
                    self.foul(side, c, "offering a draw again after a refusal (连续提出)");
                }
            }
            Family::Local(_) => {
                let repeat = self.offers.would_repeat(side);
                self.offers.offer(side);
                self.note(
                    self.cite(Rule::DrawAgreed),
                    format!("{} offers a draw", side_name(side)),
                );
                if repeat && let Some(c) = self.cite(Rule::FoulOffers) {
                    self.foul(side, c, "offering a draw again after a refusal (连续提和)");
                }
            }
        }
    }

    pub(super) fn accept_draw(&mut self, side: Color) {
        if self.offers.pending == Some(side.opponent()) {
            self.offers.pending = None;
            let clauses = self.cites(&[Rule::DrawAgreed]);
            self.note(
                self.cite(Rule::DrawAgreed),
                format!("{} accepts the draw", side_name(side)),
            );
            self.draw(Reason::DrawAgreed, clauses);
        } else {
            self.note(
                None,
                format!(
                    "{} accepts a draw nobody offered (or offered in a way that does not count): no draw",
                    side_name(side)
                ),
            );
        }
    }
}
