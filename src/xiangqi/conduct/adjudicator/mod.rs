//! The adjudicator: plays a game's event log under a profile and rules on
//! it as a referee would, citing the clause of every decision (articles 4–9,
//! 20–23, 27–29; 附录一; 1999 4–10, 21–24; the local rules of `003_…`).
//!
//! Entries are taken in order. A move is timed against the clock (21.1,
//! 21.6), checked against the touch-move obligation (5.1–5.5) and the rules
//! of movement (4.1.3, 4.1.8, 8.1.8, 5.8.3), then played; the position is
//! then ruled on (4.1.1, 4.1.2, 4.2.2). Claims, offers, fouls, knocks,
//! corrections and arrivals are ruled on when they come. Once the game has
//! ended, later entries are noted but change nothing, except a rapid game's
//! natural-limit claim before the signatures (29.1.2).
//!
//! The decisions the book leaves open are listed in `spec/conduct.md`.

mod arrivals;
mod claims;
mod corrections;
mod draw_offers;
mod moves;
mod penalties;
mod timing;
mod touching;

use serde::Serialize;
use thiserror::Error;

use crate::ByColor;
use crate::edition::Edition;
use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::fen::Setup;
use crate::xiangqi::game::{self, Level};
use crate::xiangqi::notation;
use crate::xiangqi::outcome::Reason;
use crate::xiangqi::position::{Move, Position, Validation};
use crate::xiangqi::repetition::cycle;
use crate::xiangqi::repetition::ruling::{self, Cycle, Sequence, Verdict};

use super::clock::{Clock, Millis, Timing, secs};
use super::draws::Offers;
use super::fouls::{self, FoulSheet};
use super::log::{ClaimKind, ErrorKind, Event, GameRecord, LogError};
use super::natural_limit::Stretch;
use super::profile::{DrawOutcome, Family, IllegalMoves, LocalRules, Profile, Rule, Settings};
use super::touch::{self, Obligation, Step, TouchRuling};

/// The result of a game as the adjudicator rules it. Codes: `red_wins`,
/// `black_wins`, `draw`, `both_lose`, `replay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
    /// Both lose: both forfeit (20.2 双方弃权).
    BothLose,
    /// The game is played again (5.8.1 换先重赛; 中小学.五).
    Replay,
}

impl Decision {
    /// `loser` loses.
    pub fn loss_for(loser: Color) -> Decision {
        match loser {
            Color::Red => Decision::BlackWins,
            Color::Black => Decision::RedWins,
        }
    }

    /// The code.
    pub fn code(self) -> &'static str {
        match self {
            Decision::RedWins => "red_wins",
            Decision::BlackWins => "black_wins",
            Decision::Draw => "draw",
            Decision::BothLose => "both_lose",
            Decision::Replay => "replay",
        }
    }
}

/// Why a game ended: a reason of article 4, or one the conduct rules add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Ground {
    /// A reason of 4.1 or 4.2 (its code is the reason's).
    Article4(Reason),
    /// Both sides late beyond the forfeit time (20.2): `both-late`.
    BothLate,
    /// Pieces knocked over after the clock was pressed (5.9, 28.11.2):
    /// `knocked-pieces`.
    KnockedPieces,
    /// Colours found swapped in time: the game is replayed (5.8.1):
    /// `colours-swapped`.
    ColoursSwapped,
    /// Two fouls (28.11.1; the local rules' 技术犯规两次): `two-fouls`.
    TwoFouls,
}

impl Ground {
    /// The code used in the corpus.
    pub fn code(self) -> &'static str {
        match self {
            Ground::Article4(r) => r.code(),
            Ground::BothLate => "both-late",
            Ground::KnockedPieces => "knocked-pieces",
            Ground::ColoursSwapped => "colours-swapped",
            Ground::TwoFouls => "two-fouls",
        }
    }

    /// Every code, for validating expectations.
    pub fn codes() -> Vec<&'static str> {
        let mut v: Vec<&'static str> = Reason::ALL.iter().map(|r| r.code()).collect();
        v.extend([
            "both-late",
            "knocked-pieces",
            "colours-swapped",
            "two-fouls",
        ]);
        v
    }
}

/// How and when the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    /// The result.
    pub decision: Decision,
    /// Why.
    pub ground: Ground,
    /// The deciding clauses, the principal one first.
    pub clauses: Vec<&'static str>,
    /// The log entry that ended it (0: before any entry).
    pub entry: usize,
}

/// One ruling on the way, for the referee to read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    /// The log entry (1-based; 0 for the start).
    pub entry: usize,
    /// Plies standing when it was made.
    pub ply: usize,
    /// The clause applied, if one is.
    pub clause: Option<&'static str>,
    /// What was decided.
    pub text: String,
}

/// What the adjudicator found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The profile's name.
    pub profile: &'static str,
    /// Whether the rapid rules applied (27.1, 27.2).
    pub rapid: bool,
    /// How the game ended, if it did.
    pub ending: Option<Ending>,
    /// Plies standing at the end (the game's moves, corrections applied).
    pub plies: usize,
    /// The position at the end.
    pub position: Position,
    /// The fouls of each side, with their clauses.
    pub fouls: FoulSheet,
    /// The clock at the end, if modelled.
    pub clock: Option<Clock>,
    /// 20.3: `+` and `-` for a result decided by absence, red's first.
    pub marks: Option<[&'static str; 2]>,
    /// The touch-move obligation standing at the end.
    pub obligation: Option<TouchRuling>,
    /// A side that must change its moves after a repetition ruling.
    pub must_change: Option<Color>,
    /// 7.3: who enters the record of a finished game (the winner; red after
    /// a draw), where the players keep records.
    pub record_keeper: Option<Color>,
    /// Every ruling made, in order.
    pub notes: Vec<Note>,
}

impl Adjudication {
    /// The result code, `ongoing` when the game has not ended.
    pub fn result_code(&self) -> &'static str {
        self.ending
            .as_ref()
            .map_or("ongoing", |e| e.decision.code())
    }
}

/// A record that cannot be adjudicated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ConductError {
    /// An entry of the log is malformed.
    #[error(transparent)]
    Log(#[from] LogError),
    /// An entry cannot happen in the game as logged.
    #[error("log entry {entry}: {reason}")]
    Entry {
        /// The 1-based entry.
        entry: usize,
        /// Why.
        reason: String,
    },
    /// The profile or a setting is wrong.
    #[error("{0}")]
    Settings(String),
}

/// The settings a record asks for under an edition (the profile's edition
/// must be that edition).
pub fn settings_for(record: &GameRecord, edition: &str) -> Result<Settings, ConductError> {
    let profile = match &record.profile {
        Some(name) => Profile::get(name).ok_or_else(|| {
            ConductError::Settings(format!(
                "unknown profile '{name}'; profiles: {}",
                Profile::names(None).join(", ")
            ))
        })?,
        None => Profile::default_for(edition).ok_or_else(|| {
            ConductError::Settings(format!(
                "{edition} has no default profile: name one ({})",
                Profile::names(Some(edition)).join(", ")
            ))
        })?,
    };
    if profile.edition.as_str() != edition {
        return Err(ConductError::Settings(format!(
            "profile '{}' belongs to {}, not {edition}",
            profile.name, profile.edition
        )));
    }
    settings_of(record, profile)
}

/// The settings of a record under its own profile (`national` if it names none).
pub fn settings_of(
    record: &GameRecord,
    profile: &'static Profile,
) -> Result<Settings, ConductError> {
    let mut s = Settings::new(profile);
    if let Some(level) = record.level {
        if !matches!(profile.family(), Family::Xiangqi2020) {
            return Err(ConductError::Settings(format!(
                "`level` sets 4.1.8's national or provincial rule; profile '{}' has none",
                profile.name
            )));
        }
        s.level = level;
    }
    if let Some(tc) = &record.time_control {
        let tc = tc.resolve(profile.family())?;
        s = s.with_time_control(Some(tc));
    }
    if let Some(n) = record.natural_limit {
        if s.natural_limit.is_none() {
            return Err(ConductError::Settings(format!(
                "profile '{}' has no natural move limit",
                profile.name
            )));
        }
        if n == 0 {
            return Err(ConductError::Settings(
                "natural_limit: at least one round".into(),
            ));
        }
        s.natural_limit = Some(n);
        s.natural_limit_by_event = true;
    }
    if let Some(n) = record.checks_counted {
        s.natural_limit_checks = Some(n);
        s.natural_limit_by_event = true;
    }
    if let Some(l) = record.late_limit {
        s.late_limit = Some(super::log::millis(0, "late_limit", l)?);
    }
    Ok(s)
}

/// Adjudicates a record under an edition.
pub fn adjudicate(record: &GameRecord, edition: &str) -> Result<Adjudication, ConductError> {
    let settings = settings_for(record, edition)?;
    adjudicate_with(record, &settings)
}

/// Adjudicates a record under the given settings.
pub fn adjudicate_with(
    record: &GameRecord,
    settings: &Settings,
) -> Result<Adjudication, ConductError> {
    let start = match &record.fen {
        None => Position::start(),
        Some(f) => Position::from_fen(f)
            .map_err(|e| ConductError::Settings(format!("fen: illegal FEN: {e}")))?,
    };
    let events = record.events()?;
    let mut r = Referee::new(settings, start);
    for (i, ev) in events.iter().enumerate() {
        r.entry = i + 1;
        r.event(ev)?;
    }
    r.entry = events.len();
    r.settle_arrivals();
    Ok(r.finish())
}

#[derive(Clone, Debug)]
struct Snap {
    pos: Position,
    stretch: Stretch,
}

#[derive(Clone, Debug)]
struct Unnoticed {
    kind: ErrorKind,
    /// Plies standing before the error.
    ply: usize,
    /// The side that made the illegal move.
    side: Color,
    /// The illegal move.
    mv: Move,
}

#[derive(Clone, Debug)]
struct MustChange {
    side: Color,
    key: String,
}

struct Referee<'a> {
    s: &'a Settings,
    edition: Option<&'static Edition>,
    entry: usize,
    pos: Position,
    snaps: Vec<Snap>,
    moves: Vec<Move>,
    seg_start: Position,
    seg_ply: usize,
    stretch: Stretch,
    fouls: FoulSheet,
    illegal: ByColor<u32>,
    presses: ByColor<u32>,
    false_claims: ByColor<u32>,
    offers: Offers,
    clock: Option<Clock>,
    touches: Vec<Square>,
    simultaneous: bool,
    touch_ruling: Option<TouchRuling>,
    touch_foul_charged: bool,
    deferred_touches: ByColor<Vec<Square>>,
    unnoticed: Vec<Unnoticed>,
    missing: ByColor<u32>,
    must_change: Option<MustChange>,
    late: ByColor<Option<Millis>>,
    absent: ByColor<bool>,
    arrivals_settled: bool,
    late_charged: ByColor<bool>,
    red_first_press: Option<Millis>,
    ending: Option<Ending>,
    marks: Option<[&'static str; 2]>,
    signed: bool,
    last_foul: Option<(usize, Color)>,
    notes: Vec<Note>,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn fmt_secs(ms: Millis) -> String {
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.3} s", ms as f64 / 1000.0)
    }
}

/// The foul clauses a referee may call under a family.
fn foul_clauses(s: &Settings) -> &'static [&'static str] {
    match s.family() {
        Family::Xiangqi2020 | Family::Mass if s.rapid => &[
            "8.1.1", "8.1.2", "8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7", "8.1.8", "8.1.9",
            "28.7.1", "28.7.2", "29.2",
        ],
        Family::Xiangqi2020 | Family::Mass => &[
            "8.1.1", "8.1.2", "8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7", "8.1.8", "8.1.9",
        ],
        Family::Xiangqi1999 => &[
            "9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.1.5", "9.1.6", "9.1.7", "9.1.8",
        ],
        Family::Local(LocalRules::School) => &[
            "中小学.八.1",
            "中小学.八.2",
            "中小学.八.3",
            "中小学.八.4",
            "中小学.八.5",
        ],
        Family::Local(LocalRules::Club) => &[
            "细则.二.6.(1)",
            "细则.二.6.(2)",
            "细则.二.6.(3)",
            "细则.二.6.(4)",
        ],
        Family::Local(LocalRules::College) => &[],
    }
}

impl<'a> Referee<'a> {
    fn new(s: &'a Settings, start: Position) -> Referee<'a> {
        let edition = Some(Edition::of(s.profile.edition));
        let stretch = Stretch::from_halfmoves(start.halfmoves());
        let mut r = Referee {
            s,
            edition,
            entry: 0,
            pos: start.clone(),
            snaps: vec![Snap {
                pos: start.clone(),
                stretch,
            }],
            moves: Vec::new(),
            seg_start: start.clone(),
            seg_ply: 0,
            stretch,
            fouls: FoulSheet::default(),
            illegal: ByColor::default(),
            presses: ByColor::default(),
            false_claims: ByColor::default(),
            offers: Offers::default(),
            clock: s.time_control.clone().map(Clock::new),
            touches: Vec::new(),
            simultaneous: false,
            touch_ruling: None,
            touch_foul_charged: false,
            deferred_touches: ByColor::default(),
            unnoticed: Vec::new(),
            missing: ByColor::default(),
            must_change: None,
            late: ByColor::default(),
            absent: ByColor::default(),
            arrivals_settled: false,
            late_charged: ByColor::default(),
            red_first_press: None,
            ending: None,
            marks: None,
            signed: false,
            last_foul: None,
            notes: Vec::new(),
        };
        if s.rapid && s.profile.pace == super::profile::Pace::Standard {
            r.note(
                s.cite(Rule::RapidRules),
                "the time control gives each side 15 minutes or less: a rapid game (6.3, 27.2), played under the rapid rules",
            );
        }
        if let Some(o) = game::position_outcome(&start) {
            r.end_with_outcome(o);
        }
        r
    }

    fn note(&mut self, clause: Option<&'static str>, text: impl Into<String>) {
        self.notes.push(Note {
            entry: self.entry,
            ply: self.moves.len(),
            clause,
            text: text.into(),
        });
    }

    fn fail(&self, reason: impl Into<String>) -> ConductError {
        ConductError::Entry {
            entry: self.entry,
            reason: reason.into(),
        }
    }

    fn cite(&self, r: Rule) -> Option<&'static str> {
        self.s.cite(r)
    }

    /// The clauses present, in order, without the missing ones.
    fn cites(&self, rules: &[Rule]) -> Vec<&'static str> {
        rules.iter().filter_map(|&r| self.cite(r)).collect()
    }

    fn end(&mut self, decision: Decision, ground: Ground, clauses: Vec<&'static str>) {
        if self.ending.is_some() {
            return;
        }
        let text = format!(
            "the game ends: {} ({}){}",
            decision.code(),
            ground.code(),
            if clauses.is_empty() {
                String::new()
            } else {
                format!(", {}", clauses.join(", "))
            }
        );
        self.note(clauses.first().copied(), text);
        self.ending = Some(Ending {
            decision,
            ground,
            clauses,
            entry: self.entry,
        });
    }

    fn lose(&mut self, side: Color, ground: Ground, clauses: Vec<&'static str>) {
        self.end(Decision::loss_for(side), ground, clauses);
    }

    /// A drawn game: a draw, or what the profile makes of one.
    fn draw(&mut self, reason: Reason, clauses: Vec<&'static str>) {
        match self.s.draw_outcome() {
            DrawOutcome::Draw => self.end(Decision::Draw, Ground::Article4(reason), clauses),
            DrawOutcome::BlackWins => {
                let mut c = self.cites(&[Rule::Armageddon]);
                c.extend(clauses);
                self.note(
                    self.cite(Rule::Armageddon),
                    "附加赛: a drawn game counts as a win for black (和棋黑胜)",
                );
                self.end(Decision::BlackWins, Ground::Article4(reason), c);
            }
            DrawOutcome::Replay => {
                let mut c = self.cites(&[Rule::DrawReplayed]);
                c.extend(clauses.into_iter().filter(|c| !c.starts_with("中小学.五")));
                self.note(
                    self.cite(Rule::DrawReplayed),
                    "a drawn game is not a result here: play continues until one side wins (出现和棋继续比赛)",
                );
                self.end(Decision::Replay, Ground::Article4(reason), c);
            }
        }
    }

    /// A result decided by the position (mate, stalemate, no material).
    fn end_with_outcome(&mut self, o: crate::xiangqi::outcome::Outcome) {
        let rule = match o.reason {
            Reason::Checkmate => Rule::Checkmate,
            Reason::Stalemate => Rule::Stalemate,
            _ => Rule::NoWinningChances,
        };
        let clauses = self.cites(&[rule]);
        if o.reason.is_draw() {
            self.draw(o.reason, clauses);
        } else {
            let loser = match o.result {
                crate::xiangqi::outcome::GameResult::RedWins => Color::Black,
                _ => Color::Red,
            };
            self.lose(loser, Ground::Article4(o.reason), clauses);
        }
    }

    /// Records a foul; the game ends if it is one too many.
    fn foul(&mut self, side: Color, clause: &'static str, what: &str) {
        let n = self.fouls.add(side, clause);
        self.last_foul = Some((self.entry, side));
        self.note(
            Some(clause),
            format!("foul by {}: {what} (foul {n})", side_name(side)),
        );
        if n >= self.s.fouls_to_lose() {
            let ground = if self.s.fouls_to_lose() == 2 {
                Ground::TwoFouls
            } else {
                Ground::Article4(Reason::ThreeFouls)
            };
            let clauses = self.cites(&[Rule::FoulsLose]);
            self.lose(side, ground, clauses);
        }
    }

    fn rounds_played(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    fn event(&mut self, ev: &Event) -> Result<(), ConductError> {
        let is_arrival = matches!(ev, Event::Arrive { .. } | Event::Absent(_));
        if is_arrival {
            if self.arrivals_settled || !self.moves.is_empty() {
                return Err(self.fail("arrivals are logged before the first move"));
            }
        } else {
            self.settle_arrivals();
        }
        if self.signed {
            self.note(
                self.cite(Rule::Signed),
                "after the signatures the game is over (对局结束): not ruled on",
            );
            return Ok(());
        }
        if self.ending.is_some() {
            return self.after_the_end(ev);
        }
        // A foul is waived only if the offender resigns at once (8.2).
        let last_foul = self.last_foul.take();
        match ev {
            Event::Move {
                text,
                side,
                used,
                moved,
                unnoticed,
            } => self.play(text, *side, *used, *moved, *unnoticed)?,
            Event::Touch {
                points,
                simultaneous,
                side,
            } => self.touch(points, *simultaneous, *side)?,
            Event::Adjust {
                point,
                side,
                announced,
                consent,
                accidental,
            } => self.adjust(*point, *side, *announced, *consent, *accidental)?,
            Event::Drop { point } => self.dropped(*point)?,
            Event::Retract(side) => self.retract(*side),
            Event::Between {
                points,
                chosen,
                after_press,
            } => self.between(*points, *chosen, *after_press)?,
            Event::Press(side) => self.press(*side),
            Event::StopClock(side) => match self.cite(Rule::FoulClock) {
                Some(c) => self.foul(*side, c, "stopping or starting the clock (擅自停、开棋钟)"),
                None => self.note(None, "no rule on the clock under this profile"),
            },
            Event::KnockClock(side) => self.knock_clock(*side),
            Event::Flag(side) => self.flag(*side),
            Event::ClockCorrection(v) => self.clock_correction(*v),
            Event::ClockDispute { side, agreed } => self.clock_dispute(*side, *agreed),
            Event::OfferDraw {
                side,
                in_opponent_time,
            } => self.offer_draw(*side, *in_opponent_time),
            Event::AcceptDraw(side) => self.accept_draw(*side),
            Event::DeclineDraw(side) => self.decline_draw(*side),
            Event::Claim {
                kind,
                side,
                referee,
                red,
                black,
                nine_rounds,
            } => {
                let claimant = if *referee {
                    None
                } else {
                    Some(side.unwrap_or(self.pos.turn()))
                };
                match kind {
                    ClaimKind::NaturalLimit => self.natural_limit_claim(claimant),
                    ClaimKind::Repetition => self.repetition_claim(
                        claimant,
                        red.as_deref().unwrap_or_default(),
                        black.as_deref().unwrap_or_default(),
                        *nine_rounds,
                    )?,
                }
            }
            Event::Foul { clause, side } => self.called_foul(clause, *side)?,
            Event::Resign(side) => self.resign(*side, last_foul),
            Event::Misconduct(side) => self.misconduct(*side),
            Event::RefuseRecord(side) => self.refuse_record(*side),
            Event::Arrive { side, late } => self.arrive(*side, *late)?,
            Event::Absent(side) => self.absent(*side)?,
            Event::Knock {
                side,
                pieces,
                off_board,
                after_press,
                remaining,
            } => self.knock(*side, *pieces, *off_board, *after_press, *remaining)?,
            Event::Displace { from, to } => self.displace(*from, *to)?,
            Event::Found { kind, at } => self.found(*kind, *at)?,
            Event::RecordMissing {
                side,
                moves,
                illegible,
                remaining,
            } => self.record_missing(*side, *moves, *illegible, *remaining),
            Event::Sign => {
                self.signed = true;
                self.note(
                    self.cite(Rule::Signed),
                    "the score sheet is signed without a result: the game stands as it is",
                );
            }
        }
        Ok(())
    }

    /// Entries after the game ended.
    fn after_the_end(&mut self, ev: &Event) -> Result<(), ConductError> {
        match ev {
            Event::Sign => {
                self.signed = true;
                self.note(
                    self.cite(Rule::Signed),
                    "the players and the referee sign: the game is over (对局结束)",
                );
            }
            Event::Claim {
                kind: ClaimKind::NaturalLimit,
                side,
                referee: false,
                ..
            } if self.cite(Rule::PostGameClaim).is_some() => {
                let claimant = side.unwrap_or(self.pos.turn());
                let limit = self.s.natural_limit.unwrap_or(u32::MAX);
                let counted = self
                    .stretch
                    .counted_rounds(Some(claimant), self.s.natural_limit_checks);
                let c = self.cite(Rule::PostGameClaim);
                if counted >= limit {
                    self.note(
                        c,
                        format!(
                            "{} claims the natural limit after the game: {counted} rounds count (limit {limit}): true, a draw",
                            side_name(claimant)
                        ),
                    );
                    self.ending = None;
                    let clauses = self.cites(&[Rule::NaturalLimit, Rule::PostGameClaim]);
                    self.draw(Reason::NaturalLimit, clauses);
                } else {
                    self.note(
                        c,
                        format!(
                            "{} claims the natural limit after the game: {counted} rounds count (limit {limit}): untrue, the result stands",
                            side_name(claimant)
                        ),
                    );
                }
            }
            Event::Flag(side) => {
                let mated = self.ending.as_ref().is_some_and(|e| {
                    matches!(
                        e.ground,
                        Ground::Article4(Reason::Checkmate | Reason::Stalemate)
                    )
                });
                let c = if mated {
                    self.cite(Rule::FlagAfterMove)
                } else {
                    None
                };
                self.note(
                    c,
                    format!(
                        "{}'s flag falls after the game has ended: the result stands",
                        side_name(*side)
                    ),
                );
            }
            Event::ClockCorrection(_) | Event::ClockDispute { .. } => {
                let c = self
                    .cite(Rule::ClockFaultAfterGame)
                    .or(self.cite(Rule::ClockCorrection));
                self.note(c, "a clock problem after the game: the result stands");
            }
            _ => self.note(None, "after the end of the game: not ruled on"),
        }
        Ok(())
    }

    /// A piece slipped from the hand: not a move (5.7), but touched.
    fn dropped(&mut self, point: Square) -> Result<(), ConductError> {
        let c = self.cite(Rule::Placed);
        self.note(
            c,
            format!(
                "the piece on {point} slipped from the hand: not a move (5.7), but it was touched"
            ),
        );
        let turn = self.pos.turn();
        self.touch(&[point], false, Some(turn))
    }

    /// A request to take a move back: 落子生根, 不得悔棋 (5.7).
    fn retract(&mut self, side: Color) {
        let c = self.cite(Rule::Placed);
        self.note(
            c,
            format!(
                "{} asks to take a move back: 落子生根, 不得悔棋; the move stands",
                side_name(side)
            ),
        );
    }

    /// A flag falls: 超时 (4.1.6, 21.1, 21.2).
    fn flag(&mut self, side: Color) {
        if self.cite(Rule::TimeForfeit).is_none() {
            self.note(
                None,
                format!(
                    "{}'s flag: no rule on it under this profile",
                    side_name(side)
                ),
            );
            return;
        }
        let clauses = self.cites(&[Rule::TimeForfeit, Rule::TimeOut, Rule::FlagFalls]);
        self.note(
            self.cite(Rule::FlagFalls),
            format!("{}'s flag falls: 超时", side_name(side)),
        );
        self.lose(side, Ground::Article4(Reason::TimeForfeit), clauses);
    }

    /// A draw offer refused (22.1).
    fn decline_draw(&mut self, side: Color) {
        if self.offers.pending == Some(side.opponent()) {
            self.offers.refuse();
            self.note(
                self.cite(Rule::DrawOffer),
                format!("{} refuses the draw", side_name(side)),
            );
        } else {
            self.note(None, "no draw offer of the opponent's to refuse");
        }
    }

    /// A resignation (4.1.12); the foul just before it is waived (8.2).
    fn resign(&mut self, side: Color, last_foul: Option<(usize, Color)>) {
        if let Some((entry, s)) = last_foul
            && s == side
            && entry + 1 == self.entry
            && let Some(c) = self.cite(Rule::FoulWaived)
            && let Some(w) = self.fouls.waive_last(side)
        {
            self.note(
                Some(c),
                format!(
                    "{} resigns at once after the foul ({w}): the foul is waived (可以免判犯规)",
                    side_name(side)
                ),
            );
        }
        let clauses = self.cites(&[Rule::Resignation]);
        self.lose(side, Ground::Article4(Reason::Resignation), clauses);
    }

    /// Misconduct the referee rules on (4.1.13).
    fn misconduct(&mut self, side: Color) {
        let clauses = self.cites(&[Rule::Misconduct]);
        if clauses.is_empty() {
            self.note(None, "no rule on misconduct under this profile");
        } else {
            self.lose(side, Ground::Article4(Reason::Misconduct), clauses);
        }
    }

    /// A refusal to keep or correct the record (7.4, 4.1.13).
    fn refuse_record(&mut self, side: Color) {
        if !self.s.records_kept() {
            self.note(
                self.cite(Rule::NoRecords),
                "the players keep no record here",
            );
        } else {
            let clauses = self.cites(&[Rule::Misconduct, Rule::RecordRefused]);
            self.note(
                self.cite(Rule::RecordRefused),
                format!(
                    "{} refuses to keep or correct the record: the referee applies 4.1.13",
                    side_name(side)
                ),
            );
            self.lose(side, Ground::Article4(Reason::Misconduct), clauses);
        }
    }

    fn finish(self) -> Adjudication {
        let record_keeper = match &self.ending {
            Some(e) if self.s.records_kept() && self.cite(Rule::RecordKeeper).is_some() => {
                match e.decision {
                    Decision::RedWins | Decision::Draw => Some(Color::Red),
                    Decision::BlackWins => Some(Color::Black),
                    _ => None,
                }
            }
            _ => None,
        };
        let obligation = if self.ending.is_none() {
            self.touch_ruling.clone()
        } else {
            None
        };
        Adjudication {
            profile: self.s.profile.name,
            rapid: self.s.rapid,
            plies: self.moves.len(),
            position: self.pos,
            fouls: self.fouls,
            clock: self.clock,
            marks: self.marks,
            obligation,
            must_change: if self.ending.is_none() {
                self.must_change.map(|m| m.side)
            } else {
                None
            },
            record_keeper,
            notes: self.notes,
            ending: self.ending,
        }
    }
}
