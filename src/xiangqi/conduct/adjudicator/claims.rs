//! Claims: the natural move limit (22.2, 29.1, 附录一 三.2) and repetition (23–26).

use super::*;

impl Referee<'_> {
    pub(super) fn natural_limit_claim(&mut self, claimant: Option<Color>) {
        let Some(limit) = self.s.natural_limit else {
            self.note(None, "no natural move limit under this profile");
            return;
        };
        let claim_clause = self.cite(Rule::NaturalLimitClaim);
        if let Some(side) = claimant
            && self.s.records_kept()
            && self.missing[side] > 4
            && let Some(c) = self.cite(Rule::ClaimRecordRefused)
        {
            self.note(
                Some(c),
                format!(
                    "{}'s record misses {} moves (more than 4): the claim is not reviewed",
                    side_name(side),
                    self.missing[side]
                ),
            );
            return;
        }
        let counted = self
            .stretch
            .counted_rounds(claimant, self.s.natural_limit_checks);
        let who = claimant.map_or("the referee".to_string(), |c| side_name(c).to_string());
        let checks_note = match (claimant, self.s.natural_limit_checks) {
            (Some(c), Some(n)) => format!(
                "; {} of the claimant's checks, at most {n} count",
                self.stretch.checks[c.index()]
            ),
            _ => String::new(),
        };
        if counted >= limit {
            self.note(
                claim_clause.or(self.cite(Rule::NaturalLimit)),
                format!(
                    "{who} asks for the natural limit: {counted} rounds without a capture count (limit {limit}{checks_note}): true"
                ),
            );
            let mut rules = vec![Rule::NaturalLimit, Rule::NaturalLimitClaim];
            if self.s.natural_limit_by_event {
                rules.push(Rule::OtherNaturalLimit);
            }
            let clauses = self.cites(&rules);
            self.draw(Reason::NaturalLimit, clauses);
            return;
        }
        let Some(side) = claimant else {
            self.note(
                claim_clause,
                format!("the referee reviews the natural limit: {counted} rounds count (limit {limit}): play goes on"),
            );
            return;
        };
        self.note(
            claim_clause,
            format!(
                "{} claims the natural limit: {counted} rounds count (limit {limit}{checks_note}): untrue",
                side_name(side)
            ),
        );
        let i = side;
        self.false_claims[i] += 1;
        if self.false_claims[i] >= 2
            && let Some(c) = self.cite(Rule::SecondFalseClaim)
        {
            self.lose(
                side,
                Ground::Article4(Reason::FalseNaturalLimitClaim),
                vec![c],
            );
            return;
        }
        if let Some(c) = self.cite(Rule::FoulFalseClaim) {
            self.foul(side, c, "an untrue natural-limit claim (经审核不属实)");
            if self.ending.is_some() {
                return;
            }
        }
        // 22.2: five minutes off the claimant's clock (1999 23.3: added to
        // its time used).
        if claim_clause.is_some()
            && let Some(clock) = self.clock.as_mut()
        {
            clock.adjust(i.index(), -secs(300));
            let left = clock.remaining(i.index());
            self.note(
                claim_clause,
                format!(
                    "five minutes are taken off {}'s clock ({} left)",
                    side_name(side),
                    fmt_secs(left.max(0))
                ),
            );
            if left <= 0 {
                let mut clauses = claim_clause.into_iter().collect::<Vec<_>>();
                clauses.extend(self.cites(&[Rule::TimeForfeit]));
                self.lose(side, Ground::Article4(Reason::TimeForfeit), clauses);
            }
        }
    }

    pub(super) fn repetition_claim(
        &mut self,
        claimant: Option<Color>,
        red: &str,
        black: &str,
        nine_rounds: Option<u32>,
    ) -> Result<(), ConductError> {
        let Some(rules) = Edition::of(self.s.profile.edition).repetition.as_ref() else {
            self.note(None, "no repetition rules (棋例) under this profile");
            return Ok(());
        };
        let request = self.cite(Rule::RepetitionRequest);
        let draws_only;
        match claimant {
            Some(side) => {
                draws_only = false;
                if self.s.records_kept()
                    && self.missing[side] > 4
                    && let Some(c) = self.cite(Rule::ClaimRecordRefused)
                {
                    self.note(
                            Some(c),
                            format!(
                                "{}'s record misses {} moves (more than 4): the request is not reviewed",
                                side_name(side),
                                self.missing[side]
                            ),
                        );
                    return Ok(());
                }
            }
            None => {
                let c = if self.s.rapid || self.s.family() != Family::Xiangqi2020 {
                    self.cite(Rule::RefereeRepetition)
                } else {
                    None
                };
                let Some(c) = c else {
                    self.note(
                        request,
                        "a 待判局面 is ruled on at a player's request (一方棋手要求裁决): the referee does not rule unasked",
                    );
                    return Ok(());
                };
                draws_only = self.s.family() == Family::Xiangqi1999;
                self.note(Some(c), "the referee rules on the repetition unasked");
            }
        }
        let mut sequence = Sequence::Threefold;
        if nine_rounds.is_some() {
            sequence = Sequence::NineRounds;
        } else {
            let n = cycle::occurrences_of_last(&self.seg_start, &self.moves[self.seg_ply..]);
            if n < 3 {
                self.note(
                    self.cite(Rule::RepetitionTooFew),
                    format!(
                        "the position has stood {n} times, fewer than three: not ruled on (不予受理)"
                    ),
                );
                return Ok(());
            }
        }
        let labels = |t: &str, who: &str| {
            ruling::parse_labels(t).map_err(|e| self.fail(format!("{who}'s labels: {e}")))
        };
        let last_round = match self.pos.turn() {
            Color::Red => self.pos.fullmoves().saturating_sub(1),
            Color::Black => self.pos.fullmoves(),
        };
        let cyc = Cycle {
            red: labels(red, "red")?,
            black: labels(black, "black")?,
            sequence,
            points: nine_rounds,
            move_number: Some(last_round),
        };
        let r = ruling::rule(&cyc, rules).map_err(|e| self.fail(e.to_string()))?;
        let principal = |clauses: &[&'static str]| {
            let mut v = clauses.to_vec();
            if let Some(i) = v.iter().position(|c| c.starts_with("4.")) {
                let c = v.remove(i);
                v.insert(0, c);
            }
            v
        };
        self.note(
            r.clauses.first().copied().or(request),
            r.explanation.clone(),
        );
        if draws_only && r.verdict != Verdict::Draw {
            self.note(
                request,
                "only a draw is ruled unasked (23.2); anything else needs a player's request",
            );
            return Ok(());
        }
        match r.verdict {
            Verdict::RedLoses | Verdict::BlackLoses => {
                let loser = if r.verdict == Verdict::RedLoses {
                    Color::Red
                } else {
                    Color::Black
                };
                let side = if loser == Color::Red {
                    &r.red
                } else {
                    &r.black
                };
                let reason = if side.perpetual_check {
                    Reason::PerpetualCheck
                } else {
                    Reason::ForbiddenRepetition
                };
                self.lose(loser, Ground::Article4(reason), principal(&r.clauses));
            }
            Verdict::Draw => self.draw(Reason::RepetitionDraw, principal(&r.clauses)),
            Verdict::RedMustChange | Verdict::BlackMustChange => {
                let side = if r.verdict == Verdict::RedMustChange {
                    Color::Red
                } else {
                    Color::Black
                };
                self.must_change = Some(MustChange {
                    side,
                    key: self.pos.repetition_key(),
                });
            }
            Verdict::None => {}
        }
        Ok(())
    }
}
