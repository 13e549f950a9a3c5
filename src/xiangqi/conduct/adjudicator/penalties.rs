//! Illegal moves and fouls: an illegal move noticed (4.1.3, 4.1.8, 8.1.8, 5.8.3), the forced move, a foul the referee calls (8, 7.1, 28.7, 29.2).

use super::*;

impl Referee<'_> {
    /// A move that breaks the rules of movement or exposes the mover's king.
    pub(super) fn illegal(
        &mut self,
        mv: Move,
        mover: Color,
        legal_shape: bool,
        unnoticed: bool,
    ) -> Result<(), ConductError> {
        let turn = self.pos.turn();
        if legal_shape {
            // 自杀 (3.4): the move is pseudo-legal but exposes the king.
            let facing = self.pos.play_unchecked(mv).kings_facing();
            match self.s.family() {
                Family::Xiangqi2020 => {
                    let clauses = self.cites(&[Rule::SelfCheckLoses, Rule::SelfCheck]);
                    self.note(
                        self.cite(Rule::SelfCheck),
                        format!("{} is 自杀: it leaves the king to be taken", mv.iccs()),
                    );
                    self.lose(mover, Ground::Article4(Reason::SelfCheck), clauses);
                    return Ok(());
                }
                Family::Xiangqi1999 if facing => {
                    let clauses = self.cites(&[Rule::SelfCheckLoses]);
                    self.lose(mover, Ground::Article4(Reason::SelfCheck), clauses);
                    return Ok(());
                }
                Family::Local(LocalRules::College) => {
                    return Err(self.fail(format!(
                        "{}: the event's rules do not say what a move exposing one's own king does",
                        mv.iccs()
                    )));
                }
                // 附录一 二.2: 自杀 is a violation like an illegal move; 1999:
                // not answering a check breaks 3.1 (4.1.6); local rules: a
                // move to where a piece may not go (技术犯规).
                _ => {}
            }
        }
        if unnoticed {
            return self.force(mv, mover);
        }
        self.rule_illegal(mv, mover, turn, legal_shape)
    }

    /// Rules on an illegal move found (at once, or later within the time
    /// for corrections).
    pub(super) fn rule_illegal(
        &mut self,
        mv: Move,
        mover: Color,
        turn: Color,
        self_check: bool,
    ) -> Result<(), ConductError> {
        let what = if mover != turn {
            format!("{} moved out of turn (一方多走一步)", side_name(mover))
        } else if self_check {
            format!("{} leaves the king to be taken (自杀)", mv.iccs())
        } else {
            format!("{} is not a legal move (违反行棋规定)", mv.iccs())
        };
        match self.s.illegal_moves() {
            IllegalMoves::Lose(n) => {
                let i = mover;
                self.illegal[i] += 1;
                if self.illegal[i] >= n {
                    let clauses = self.cites(&[Rule::IllegalMoveLoses]);
                    self.note(self.cite(Rule::IllegalMoveLoses), what);
                    self.lose(mover, Ground::Article4(Reason::IllegalMoves), clauses);
                    return Ok(());
                }
                if let Some(c) = self.cite(Rule::IllegalMoveFoul) {
                    self.foul(mover, c, &format!("{what}; the move is taken back"));
                }
            }
            IllegalMoves::TechnicalFoul => {
                if let Some(c) = self.cite(Rule::IllegalMoveFoul) {
                    self.foul(mover, c, &format!("{what}; the move is taken back"));
                }
            }
            IllegalMoves::NoRule => {
                return Err(self.fail(format!(
                    "{what}: the event's rules do not say what an illegal move does"
                )));
            }
        }
        if self.ending.is_some() {
            return Ok(());
        }
        // 5.8.3: replayed from that move; the piece moved counts as touched.
        if mover == turn && matches!(self.s.family(), Family::Xiangqi2020 | Family::Mass) {
            self.note(
                self.cite(Rule::IllegalMoveFound),
                format!(
                    "the move is replayed; the piece on {} counts as touched (按5.1款走棋)",
                    mv.from
                ),
            );
            self.touches = vec![mv.from];
            self.simultaneous = false;
            // The illegal move is the foul; the piece counts as touched
            // without 8.1.5 adding another.
            self.touch_foul_charged = true;
            self.rule_touches();
        }
        Ok(())
    }

    /// Plays an illegal move nobody noticed: the board changes as it was
    /// moved, and the error may be found later (5.8.3).
    pub(super) fn force(&mut self, mv: Move, mover: Color) -> Result<(), ConductError> {
        let turn = self.pos.turn();
        let mut setup: Setup = self.pos.to_setup();
        let piece = setup.board[mv.from.index()];
        let captured = setup.board[mv.to.index()].is_some();
        setup.board[mv.to.index()] = piece;
        setup.board[mv.from.index()] = None;
        if mover == turn {
            setup.turn = turn.opponent();
            if turn == Color::Black {
                setup.fullmoves = setup.fullmoves.saturating_add(1);
            }
        }
        setup.halfmoves = if captured {
            0
        } else {
            setup.halfmoves.saturating_add(1)
        };
        let next = Position::from_setup(&setup, Validation::Relaxed).map_err(|e| {
            self.fail(format!(
                "the position after the unnoticed illegal move {} cannot be played on ({e}); log it as noticed",
                mv.iccs()
            ))
        })?;
        self.unnoticed.push(Unnoticed {
            kind: ErrorKind::IllegalMove,
            ply: self.moves.len(),
            side: mover,
            mv,
        });
        self.note(
            None,
            format!(
                "{} plays {} unnoticed: an illegal move, not yet found",
                side_name(mover),
                mv.iccs()
            ),
        );
        self.pos = next;
        self.stretch.record(mover, captured, false);
        self.moves.push(mv);
        self.snaps.push(Snap {
            pos: self.pos.clone(),
            stretch: self.stretch,
        });
        self.seg_start = self.pos.clone();
        self.seg_ply = self.moves.len();
        self.new_turn();
        Ok(())
    }

    pub(super) fn called_foul(&mut self, clause: &str, side: Color) -> Result<(), ConductError> {
        let allowed = foul_clauses(self.s);
        let Some(&c) = allowed.iter().find(|c| **c == clause) else {
            return Err(self.fail(format!(
                "'{clause}' is not a foul under profile '{}' (fouls: {})",
                self.s.profile.name,
                allowed.join(", ")
            )));
        };
        match c {
            "8.1.7" => self.press(side),
            "8.1.4" | "9.1.4" => {
                let i = side;
                self.false_claims[i] += 1;
                if self.false_claims[i] >= 2
                    && let Some(l) = self.cite(Rule::SecondFalseClaim)
                {
                    self.lose(
                        side,
                        Ground::Article4(Reason::FalseNaturalLimitClaim),
                        vec![l],
                    );
                    return Ok(());
                }
                self.foul(side, c, "an untrue natural-limit claim");
            }
            "8.1.8" => {
                if self.s.level == Level::National && self.s.family() == Family::Xiangqi2020 {
                    return Err(self.fail(
                        "8.1.8 is for junior and provincial events; in a national event an illegal move loses (4.1.8)",
                    ));
                }
                let i = side;
                self.illegal[i] += 1;
                if let IllegalMoves::Lose(n) = self.s.illegal_moves()
                    && self.illegal[i] >= n
                {
                    let clauses = self.cites(&[Rule::IllegalMoveLoses]);
                    self.lose(side, Ground::Article4(Reason::IllegalMoves), clauses);
                    return Ok(());
                }
                self.foul(side, c, "an illegal move");
            }
            _ => {
                let what = match c {
                    "8.1.1" | "9.1.1" | "中小学.八.1" => "disturbing the opponent",
                    "8.1.2" | "9.1.2" => "stopping or starting the clock",
                    "8.1.3" | "9.1.3" | "中小学.八.2" | "细则.二.6.(1)" => {
                        "draw offers beyond what is allowed"
                    }
                    "8.1.5" | "9.1.5" | "9.1.6" | "中小学.八.3" | "中小学.八.4"
                    | "细则.二.6.(2)" | "细则.二.6.(3)" => "touching a piece to no purpose",
                    "8.1.6" | "9.1.7" => "the record",
                    "8.1.9" | "9.1.8" => "the players' rules, not seriously",
                    "28.7.1" => "pressing the clock with the other hand",
                    "28.7.2" => "a finger resting on the clock button",
                    "29.2" => "a piece left between two points",
                    _ => "as called by the referee",
                };
                self.foul(side, c, what);
            }
        }
        Ok(())
    }
}
