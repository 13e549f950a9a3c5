//! Moves: reading a move, timing it against the clock (21.1, 21.6), checking it against the touch-move obligation and the rules of movement, playing it (4.1.1–4.1.3, 4.2.2).

use super::*;

impl Referee<'_> {
    pub(super) fn new_turn(&mut self) {
        self.touches.clear();
        self.simultaneous = false;
        self.touch_ruling = None;
        self.touch_foul_charged = false;
        let turn = self.pos.turn();
        let deferred = std::mem::take(&mut self.deferred_touches[turn]);
        for sq in deferred {
            if self.pos.piece_at(sq).is_some() {
                self.touches.push(sq);
            }
        }
        if !self.touches.is_empty() {
            self.rule_touches();
        }
    }

    /// Reads a move: a pseudo-legal move of the side to move, or an illegal
    /// one written in ICCS (returned with its mover and `false`).
    pub(super) fn read_move(
        &self,
        text: &str,
        side: Option<Color>,
    ) -> Result<(Move, Color, bool), ConductError> {
        let turn = self.pos.turn();
        if side.is_none_or(|s| s == turn)
            && let Ok(pm) = notation::parse_move(&self.pos, text)
        {
            return Ok((pm.mv, turn, true));
        }
        let mv = notation::parse_iccs(text.trim()).ok_or_else(|| {
            self.fail(format!(
                "'{text}' is not a move of {} here; write an illegal move in ICCS (e.g. b0b5)",
                side_name(side.unwrap_or(turn))
            ))
        })?;
        let piece = self
            .pos
            .piece_at(mv.from)
            .ok_or_else(|| self.fail(format!("'{text}': nothing stands on {}", mv.from)))?;
        if let Some(s) = side
            && s != piece.color
        {
            return Err(self.fail(format!(
                "'{text}': the piece on {} is {}'s, not {}'s",
                mv.from,
                side_name(piece.color),
                side_name(s)
            )));
        }
        Ok((mv, piece.color, false))
    }

    pub(super) fn play(
        &mut self,
        text: &str,
        side: Option<Color>,
        used: Option<Millis>,
        moved: Option<Millis>,
        unnoticed: bool,
    ) -> Result<(), ConductError> {
        self.play_timed(text, side, Some((used, moved)), unnoticed)
    }

    /// Plays a move; `timing` is `None` for a move re-placed by a ruling,
    /// which the clock does not see again.
    pub(super) fn play_timed(
        &mut self,
        text: &str,
        side: Option<Color>,
        timing: Option<(Option<Millis>, Option<Millis>)>,
        unnoticed: bool,
    ) -> Result<(), ConductError> {
        let (mv, mover, pseudo_legal) = self.read_move(text, side)?;
        let turn = self.pos.turn();
        let legal_shape = pseudo_legal && mover == turn;
        let legal = legal_shape && !self.pos.exposes_own_king(mv);
        // Touch-move: a legal move other than the touches allow is refused.
        if legal
            && let Some(r) = &self.touch_ruling
            && !r.obligation.allows(mv)
        {
            let rule = match r.step {
                Step::Own => Rule::TouchOwn,
                Step::Opponent => Rule::TouchOpponent,
                Step::OwnThenOpponent(k) => Rule::OwnThenOpponent(k),
                Step::OpponentThenOwn(k) => Rule::OpponentThenOwn(k),
            };
            self.note(
                self.cite(rule),
                format!(
                    "{} is refused: the touched pieces oblige another move; the player must comply",
                    mv.iccs()
                ),
            );
            return Ok(());
        }
        // The clock.
        let mut flag_after = false;
        if let (true, Some((used, moved))) = (mover == turn, timing) {
            let used = used.unwrap_or(0);
            self.charge_lateness(mover, used);
            if let Some(clock) = self.clock.as_mut() {
                let timing = clock.record_move(mover.index(), used, moved.unwrap_or(used));
                match timing {
                    Timing::InTime => {}
                    Timing::FlagBeforeMove => {
                        let clauses =
                            self.cites(&[Rule::TimeForfeit, Rule::TimeOut, Rule::DigitalTimeOut]);
                        self.note(
                            self.cite(Rule::DigitalTimeOut),
                            format!(
                                "{}'s time ran out before the move {text} was made: it does not count",
                                side_name(mover)
                            ),
                        );
                        self.lose(mover, Ground::Article4(Reason::TimeForfeit), clauses);
                        return Ok(());
                    }
                    Timing::FlagAfterMove => flag_after = true,
                    Timing::PerMoveExceeded(by) => {
                        let c = self.cite(Rule::PerMoveLimit);
                        let loses = self.s.family() != Family::Local(LocalRules::College);
                        if loses {
                            self.note(
                                c,
                                format!(
                                    "{}'s move took {} more than the time a move may take",
                                    side_name(mover),
                                    fmt_secs(by)
                                ),
                            );
                            let clauses = c.into_iter().collect();
                            self.lose(mover, Ground::Article4(Reason::TimeForfeit), clauses);
                            return Ok(());
                        }
                        if let Some(c) = c {
                            self.foul(
                                mover,
                                c,
                                &format!(
                                    "a move over the time a move may take by {}",
                                    fmt_secs(by)
                                ),
                            );
                            if self.ending.is_some() {
                                return Ok(());
                            }
                        }
                    }
                }
            }
        }
        // The rules of movement.
        if !legal {
            return self.illegal(mv, mover, legal_shape, unnoticed);
        }
        self.apply(mv);
        if let Some(o) = game::position_outcome(&self.pos) {
            if flag_after {
                if o.reason.is_draw() {
                    // Only mate and stalemate survive a flag (21.6).
                    return self.flag_after(mover);
                }
                let c = self.cite(Rule::FlagAfterMove);
                self.note(
                    c,
                    "the time ran out after the move, but the move mated or stalemated: it stands (除出现将死、困毙外)",
                );
            }
            self.end_with_outcome(o);
            return Ok(());
        }
        if flag_after {
            return self.flag_after(mover);
        }
        self.after_move(mover);
        Ok(())
    }

    pub(super) fn flag_after(&mut self, mover: Color) -> Result<(), ConductError> {
        let clauses = self.cites(&[Rule::FlagAfterMove, Rule::TimeForfeit]);
        self.note(
            self.cite(Rule::FlagAfterMove),
            format!(
                "{}'s time ran out after its move, before the clock was pressed: 走棋后超时",
                side_name(mover)
            ),
        );
        self.lose(mover, Ground::Article4(Reason::TimeForfeit), clauses);
        Ok(())
    }

    /// Plays a legal move on the board.
    pub(super) fn apply(&mut self, mv: Move) {
        let mover = self.pos.turn();
        let capture = self.pos.captured_by(mv).is_some();
        let check = self.pos.gives_check(mv);
        self.pos = self.pos.play_unchecked(mv);
        self.stretch.record(mover, capture, check);
        if capture {
            self.false_claims = ByColor::default();
            self.must_change = None;
        }
        self.moves.push(mv);
        self.snaps.push(Snap {
            pos: self.pos.clone(),
            stretch: self.stretch,
        });
        if let Some(other) = self.offers.pending
            && other != mover
        {
            self.offers.refuse();
            self.note(
                self.cite(Rule::DrawOffer),
                format!(
                    "{} plays on: the draw offer is refused (继续对弈)",
                    side_name(mover)
                ),
            );
        }
        self.new_turn();
    }

    /// After a legal move that did not end the game.
    pub(super) fn after_move(&mut self, _mover: Color) {
        if let Some(mc) = &self.must_change
            && self.pos.repetition_key() == mc.key
        {
            let side = mc.side;
            let mut clauses = self.cites(&[Rule::RepetitionNotChanged]);
            if let Some(e) = self.edition {
                clauses.insert(0, e.clause_for(Reason::ForbiddenRepetition));
            }
            self.note(
                self.cite(Rule::RepetitionNotChanged),
                format!(
                    "the 待判局面 stands again: {} did not change (不变作负)",
                    side_name(side)
                ),
            );
            self.lose(side, Ground::Article4(Reason::ForbiddenRepetition), clauses);
        }
    }
}
