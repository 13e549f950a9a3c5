//! Corrections: pieces knocked over or displaced (5.9, 5.10), errors found after the fact (7.2, 7.3), colours swapped, moves missing from the record (4.1.13, 8.1.7).

use super::*;

impl Referee<'_> {
    pub(super) fn displace(&mut self, from: Square, to: Square) -> Result<(), ConductError> {
        let mut setup = self.pos.to_setup();
        let piece = setup.board[from.index()]
            .ok_or_else(|| self.fail(format!("nothing stands on {from}")))?;
        if setup.board[to.index()].is_some() {
            return Err(self.fail(format!(
                "{to} is occupied: a piece moved by accident goes to an empty point"
            )));
        }
        setup.board[to.index()] = Some(piece);
        setup.board[from.index()] = None;
        let next = Position::from_setup(&setup, Validation::Relaxed).map_err(|e| {
            self.fail(format!(
                "the position with the piece on {to} cannot be played on ({e})"
            ))
        })?;
        // The position before the error is the last snapshot.
        self.unnoticed.push(Unnoticed {
            kind: ErrorKind::Displaced,
            ply: self.moves.len(),
            side: piece.color,
            mv: Move::new(from, to),
        });
        self.note(
            None,
            format!("the piece on {from} is moved to {to} by accident, unnoticed"),
        );
        self.pos = next;
        self.seg_start = self.pos.clone();
        self.seg_ply = self.moves.len();
        self.new_turn();
        Ok(())
    }

    /// Goes back to the position before the error at `ply` (5.8.2, 5.8.3).
    pub(super) fn restore(&mut self, ply: usize) {
        let Some(snap) = self.snaps.get(ply).cloned() else {
            return;
        };
        self.pos = snap.pos;
        self.stretch = snap.stretch;
        self.moves.truncate(ply);
        self.snaps.truncate(ply + 1);
        self.seg_start = self.pos.clone();
        self.seg_ply = ply;
        self.unnoticed.retain(|u| u.ply < ply);
        self.offers.pending = None;
        self.touches.clear();
        self.touch_ruling = None;
        self.touch_foul_charged = false;
    }

    pub(super) fn found(
        &mut self,
        kind: ErrorKind,
        at: Option<Millis>,
    ) -> Result<(), ConductError> {
        match kind {
            ErrorKind::ColoursSwapped => self.colours_swapped(at),
            ErrorKind::Displaced | ErrorKind::IllegalMove => {
                let Some(i) = self.unnoticed.iter().rposition(|u| u.kind == kind) else {
                    return Err(self.fail(format!(
                        "no unnoticed {} in the log to be found",
                        match kind {
                            ErrorKind::Displaced => "displaced piece",
                            _ => "illegal move",
                        }
                    )));
                };
                let err = self.unnoticed[i].clone();
                let plies_after = match kind {
                    ErrorKind::IllegalMove => self.moves.len().saturating_sub(err.ply + 1),
                    _ => self.moves.len().saturating_sub(err.ply),
                };
                let rounds = plies_after.div_ceil(2);
                let rule = match kind {
                    ErrorKind::Displaced => Rule::Displaced,
                    _ => Rule::IllegalMoveFound,
                };
                let c = self.cite(rule);
                if let Some(window) = self.s.correction_rounds()
                    && rounds > window as usize
                {
                    self.note(
                            c,
                            format!(
                                "found {rounds} rounds later, beyond {window}: too late, play goes on (过时不予受理)"
                            ),
                        );
                    self.unnoticed.remove(i);
                    return Ok(());
                }
                self.restore(err.ply);
                match kind {
                    ErrorKind::Displaced => {
                        self.note(
                            c,
                            format!(
                                "found {rounds} rounds later: the position before the error is restored; the side to move may move any piece (可以重新选择走动己方任意棋子)"
                            ),
                        );
                        self.new_turn();
                    }
                    _ => {
                        self.note(
                            c,
                            format!(
                                "found {rounds} rounds later: play goes back to the illegal move"
                            ),
                        );
                        let turn = self.pos.turn();
                        self.rule_illegal(err.mv, err.side, turn, false)?;
                    }
                }
                Ok(())
            }
        }
    }

    pub(super) fn colours_swapped(&mut self, at: Option<Millis>) -> Result<(), ConductError> {
        let c = self.cite(Rule::ColoursSwapped);
        let replay = match self.s.family() {
            Family::Xiangqi2020 if self.s.rapid => false,
            Family::Xiangqi2020 => {
                let at = at.ok_or_else(|| {
                    self.fail("5.8.1 counts five minutes: say when it was found (`at`, seconds after the start)")
                })?;
                at <= secs(300)
            }
            Family::Mass => self.rounds_played() <= 5,
            Family::Xiangqi1999 | Family::Local(LocalRules::School) => true,
            Family::Local(_) => {
                self.note(None, "no rule on swapped colours under this profile");
                return Ok(());
            }
        };
        if replay {
            self.note(
                c,
                "colours found swapped in time: the game is replayed with the colours exchanged (换先重赛)",
            );
            let clauses = c.into_iter().collect();
            self.end(Decision::Replay, Ground::ColoursSwapped, clauses);
        } else {
            self.note(
                c,
                "colours found swapped too late: both are taken to accept it; play goes on and the result stands",
            );
        }
        Ok(())
    }

    pub(super) fn knock(
        &mut self,
        side: Color,
        pieces: u32,
        off_board: bool,
        after_press: bool,
        remaining: Option<Millis>,
    ) -> Result<(), ConductError> {
        let Some(c) = self.cite(Rule::Knocked) else {
            self.note(None, "no rule on knocked-over pieces under this profile");
            return Ok(());
        };
        let other = side.opponent();
        // 附录一 三.3: any knock is set right at once.
        if self.s.family() == Family::Mass {
            if after_press {
                if let Some(clock) = self.clock.as_mut() {
                    clock.adjust(other.index(), secs(300));
                }
                self.note(
                    Some(c),
                    format!(
                        "{} knocks pieces over in the opponent's time: set right, {} gets five more minutes",
                        side_name(side),
                        side_name(other)
                    ),
                );
            } else {
                self.note(
                    Some(c),
                    "pieces knocked over in one's own time: set right, play goes on",
                );
            }
            return Ok(());
        }
        let standard = pieces >= 2 || off_board;
        if !standard {
            self.note(
                Some(c),
                "fewer than two pieces off their points and none off the board: not 碰乱; set right",
            );
            return Ok(());
        }
        if !after_press {
            self.note(
                Some(c),
                format!(
                    "{} knocks pieces over and sets them right in its own time: no penalty (不判罚)",
                    side_name(side)
                ),
            );
            return Ok(());
        }
        if self.s.rapid {
            let clauses = vec![c];
            self.note(
                Some(c),
                format!(
                    "{} knocked pieces over and the clock was pressed before they were set right",
                    side_name(side)
                ),
            );
            self.lose(side, Ground::KnockedPieces, clauses);
            return Ok(());
        }
        let left = remaining
            .or_else(|| self.clock.as_ref().map(|k| k.remaining(other.index())))
            .ok_or_else(|| {
                self.fail(
                    "5.9 needs the opponent's time left: give a time control with move times, or `remaining`",
                )
            })?;
        if left < secs(180) {
            self.note(
                Some(c),
                format!(
                    "{} knocked pieces over after the press; {} has {} left, under three minutes",
                    side_name(side),
                    side_name(other),
                    fmt_secs(left)
                ),
            );
            self.lose(side, Ground::KnockedPieces, vec![c]);
        } else {
            if let Some(clock) = self.clock.as_mut() {
                clock.adjust(other.index(), secs(180));
            }
            self.note(
                Some(c),
                format!(
                    "{} knocked pieces over after the press; {} has {} left: three more minutes",
                    side_name(side),
                    side_name(other),
                    fmt_secs(left)
                ),
            );
        }
        Ok(())
    }

    pub(super) fn record_missing(
        &mut self,
        side: Color,
        moves: u32,
        illegible: bool,
        remaining: Option<Millis>,
    ) {
        if !self.s.records_kept() {
            let c = self.cite(Rule::NoRecords);
            self.note(c, "the players keep no record here: nothing to rule on");
            return;
        }
        self.missing[side] = moves;
        let (n, c) = match self.s.family() {
            Family::Xiangqi1999 => {
                // 1999 7.2: with less than three minutes left a player may
                // put off recording.
                let left =
                    remaining.or_else(|| self.clock.as_ref().map(|k| k.remaining(side.index())));
                if left.is_some_and(|l| l < secs(180)) {
                    self.note(
                        Some("7.2"),
                        format!(
                            "{} has less than three minutes: it may put off recording",
                            side_name(side)
                        ),
                    );
                    return;
                }
                (
                    fouls::omission_fouls_1999(moves),
                    self.cite(Rule::FoulRecord),
                )
            }
            _ => (
                fouls::omission_fouls_2020(moves),
                self.cite(Rule::FoulRecord),
            ),
        };
        let rule_clause = if illegible {
            self.cite(Rule::RecordIllegible)
        } else {
            self.cite(Rule::RecordMissing)
        };
        self.note(
            rule_clause,
            format!(
                "{}'s record {} {moves} moves: {n} foul{}",
                side_name(side),
                if illegible {
                    "has illegible or copied"
                } else {
                    "misses"
                },
                if n == 1 { "" } else { "s" }
            ),
        );
        if let Some(c) = c {
            for _ in 0..n {
                self.foul(side, c, "moves missing from the record");
                if self.ending.is_some() {
                    return;
                }
            }
        }
    }
}
