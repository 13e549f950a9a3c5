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

use serde::Serialize;
use thiserror::Error;

use crate::edition::Edition;
use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::fen::Setup;
use crate::xiangqi::game::{self, Level};
use crate::xiangqi::notation;
use crate::xiangqi::outcome::Reason;
use crate::xiangqi::position::{Move, Position, Validation};
use crate::xiangqi::repetition::cycle;
use crate::xiangqi::repetition::ruling::{self, Cycle, RepetitionRules, Sequence, Verdict};

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
    if profile.edition != edition {
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
        if !matches!(profile.family, Family::Xiangqi2020) {
            return Err(ConductError::Settings(format!(
                "`level` sets 4.1.8's national or provincial rule; profile '{}' has none",
                profile.name
            )));
        }
        s.level = level;
    }
    if let Some(tc) = &record.time_control {
        let tc = tc.resolve(profile.family)?;
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
    illegal: [u32; 2],
    presses: [u32; 2],
    false_claims: [u32; 2],
    offers: Offers,
    clock: Option<Clock>,
    touches: Vec<Square>,
    simultaneous: bool,
    touch_ruling: Option<TouchRuling>,
    touch_foul_charged: bool,
    deferred_touches: [Vec<Square>; 2],
    unnoticed: Vec<Unnoticed>,
    missing: [u32; 2],
    must_change: Option<MustChange>,
    late: [Option<Millis>; 2],
    absent: [bool; 2],
    arrivals_settled: bool,
    late_charged: [bool; 2],
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
        let edition = Edition::get(s.profile.edition);
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
            illegal: [0; 2],
            presses: [0; 2],
            false_claims: [0; 2],
            offers: Offers::default(),
            clock: s.time_control.clone().map(Clock::new),
            touches: Vec::new(),
            simultaneous: false,
            touch_ruling: None,
            touch_foul_charged: false,
            deferred_touches: [Vec::new(), Vec::new()],
            unnoticed: Vec::new(),
            missing: [0; 2],
            must_change: None,
            late: [None; 2],
            absent: [false; 2],
            arrivals_settled: false,
            late_charged: [false; 2],
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
            Event::Drop { point } => {
                let c = self.cite(Rule::Placed);
                self.note(
                    c,
                    format!("the piece on {point} slipped from the hand: not a move (5.7), but it was touched"),
                );
                let turn = self.pos.turn();
                self.touch(&[*point], false, Some(turn))?;
            }
            Event::Retract(side) => {
                let c = self.cite(Rule::Placed);
                self.note(
                    c,
                    format!(
                        "{} asks to take a move back: 落子生根, 不得悔棋; the move stands",
                        side_name(*side)
                    ),
                );
            }
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
            Event::Flag(side) if self.cite(Rule::TimeForfeit).is_none() => {
                self.note(
                    None,
                    format!(
                        "{}'s flag: no rule on it under this profile",
                        side_name(*side)
                    ),
                );
            }
            Event::Flag(side) => {
                let clauses = self.cites(&[Rule::TimeForfeit, Rule::TimeOut, Rule::FlagFalls]);
                self.note(
                    self.cite(Rule::FlagFalls),
                    format!("{}'s flag falls: 超时", side_name(*side)),
                );
                self.lose(*side, Ground::Article4(Reason::TimeForfeit), clauses);
            }
            Event::ClockCorrection(v) => self.clock_correction(*v),
            Event::ClockDispute { side, agreed } => self.clock_dispute(*side, *agreed),
            Event::OfferDraw {
                side,
                in_opponent_time,
            } => self.offer_draw(*side, *in_opponent_time),
            Event::AcceptDraw(side) => self.accept_draw(*side),
            Event::DeclineDraw(side) => {
                if self.offers.pending == Some(side.opponent()) {
                    self.offers.refuse();
                    self.note(
                        self.cite(Rule::DrawOffer),
                        format!("{} refuses the draw", side_name(*side)),
                    );
                } else {
                    self.note(None, "no draw offer of the opponent's to refuse");
                }
            }
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
            Event::Resign(side) => {
                if let Some((entry, s)) = last_foul {
                    if s == *side && entry + 1 == self.entry {
                        if let Some(c) = self.cite(Rule::FoulWaived) {
                            if let Some(w) = self.fouls.waive_last(*side) {
                                self.note(
                                    Some(c),
                                    format!(
                                        "{} resigns at once after the foul ({w}): the foul is waived (可以免判犯规)",
                                        side_name(*side)
                                    ),
                                );
                            }
                        }
                    }
                }
                let clauses = self.cites(&[Rule::Resignation]);
                self.lose(*side, Ground::Article4(Reason::Resignation), clauses);
            }
            Event::Misconduct(side) => {
                let clauses = self.cites(&[Rule::Misconduct]);
                if clauses.is_empty() {
                    self.note(None, "no rule on misconduct under this profile");
                } else {
                    self.lose(*side, Ground::Article4(Reason::Misconduct), clauses);
                }
            }
            Event::RefuseRecord(side) => {
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
                            side_name(*side)
                        ),
                    );
                    self.lose(*side, Ground::Article4(Reason::Misconduct), clauses);
                }
            }
            Event::Arrive { side, late } => {
                if self.late[side.index()].is_some() || self.absent[side.index()] {
                    return Err(self.fail(format!("{} arrives twice", side_name(*side))));
                }
                if self.s.late_limit.is_none() && self.cite(Rule::LateForfeit).is_some() {
                    return Err(self.fail(
                        "the event's forfeit time for late arrival (20.1) is not given: set `late_limit`",
                    ));
                }
                self.late[side.index()] = Some(*late);
            }
            Event::Absent(side) => {
                if self.late[side.index()].is_some() || self.absent[side.index()] {
                    return Err(self.fail(format!("{} arrives twice", side_name(*side))));
                }
                self.absent[side.index()] = true;
            }
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

    /// Rules on the arrivals once the first other entry comes (20.1–20.3).
    fn settle_arrivals(&mut self) {
        if self.arrivals_settled {
            return;
        }
        self.arrivals_settled = true;
        let limit = self.s.late_limit.unwrap_or(Millis::MAX);
        let forfeit: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| self.absent[c.index()] || self.late[c.index()].is_some_and(|l| l > limit))
            .collect();
        if self.late.iter().all(Option::is_none) && !self.absent.iter().any(|&a| a) {
            return;
        }
        if self.cite(Rule::LateForfeit).is_none() {
            self.note(None, "no rule on late arrival under this profile");
            return;
        }
        for c in Color::ALL {
            if let Some(l) = self.late[c.index()] {
                if l <= limit {
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
    fn charge_lateness(&mut self, side: Color, used: Millis) {
        let i = side.index();
        if self.late_charged[i] || self.cite(Rule::LateClockRuns).is_none() {
            if side == Color::Red && self.red_first_press.is_none() {
                self.red_first_press = Some(self.late[0].unwrap_or(0) + used);
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
                clock.spend(i, charge);
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

    fn new_turn(&mut self) {
        self.touches.clear();
        self.simultaneous = false;
        self.touch_ruling = None;
        self.touch_foul_charged = false;
        let turn = self.pos.turn();
        let deferred = std::mem::take(&mut self.deferred_touches[turn.index()]);
        for sq in deferred {
            if self.pos.piece_at(sq).is_some() {
                self.touches.push(sq);
            }
        }
        if !self.touches.is_empty() {
            self.rule_touches();
        }
    }

    fn touch(
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
            self.deferred_touches[side.index()].extend_from_slice(points);
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

    fn rule_touches(&mut self) {
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
        if ruling.simultaneous {
            if let Some(c) = self.cite(Rule::Simultaneous) {
                self.note(Some(c), "own and opponent's pieces touched at once: as 5.4");
            }
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

    fn adjust(
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

    /// Reads a move: a pseudo-legal move of the side to move, or an illegal
    /// one written in ICCS (returned with its mover and `false`).
    fn read_move(
        &self,
        text: &str,
        side: Option<Color>,
    ) -> Result<(Move, Color, bool), ConductError> {
        let turn = self.pos.turn();
        if side.is_none_or(|s| s == turn) {
            if let Ok(pm) = notation::parse_move(&self.pos, text) {
                return Ok((pm.mv, turn, true));
            }
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
        if let Some(s) = side {
            if s != piece.color {
                return Err(self.fail(format!(
                    "'{text}': the piece on {} is {}'s, not {}'s",
                    mv.from,
                    side_name(piece.color),
                    side_name(s)
                )));
            }
        }
        Ok((mv, piece.color, false))
    }

    fn play(
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
    fn play_timed(
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
        if legal {
            if let Some(r) = &self.touch_ruling {
                if !r.obligation.allows(mv) {
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
            }
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

    fn flag_after(&mut self, mover: Color) -> Result<(), ConductError> {
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
    fn apply(&mut self, mv: Move) {
        let mover = self.pos.turn();
        let capture = self.pos.captured_by(mv).is_some();
        let check = self.pos.gives_check(mv);
        self.pos = self.pos.play_unchecked(mv);
        self.stretch.record(mover, capture, check);
        if capture {
            self.false_claims = [0, 0];
            self.must_change = None;
        }
        self.moves.push(mv);
        self.snaps.push(Snap {
            pos: self.pos.clone(),
            stretch: self.stretch,
        });
        if let Some(other) = self.offers.pending {
            if other != mover {
                self.offers.refuse();
                self.note(
                    self.cite(Rule::DrawOffer),
                    format!(
                        "{} plays on: the draw offer is refused (继续对弈)",
                        side_name(mover)
                    ),
                );
            }
        }
        self.new_turn();
    }

    /// After a legal move that did not end the game.
    fn after_move(&mut self, _mover: Color) {
        if let Some(mc) = &self.must_change {
            if self.pos.repetition_key() == mc.key {
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

    /// A move that breaks the rules of movement or exposes the mover's king.
    fn illegal(
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
    fn rule_illegal(
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
                let i = mover.index();
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
    fn force(&mut self, mv: Move, mover: Color) -> Result<(), ConductError> {
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

    fn displace(&mut self, from: Square, to: Square) -> Result<(), ConductError> {
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
    fn restore(&mut self, ply: usize) {
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

    fn found(&mut self, kind: ErrorKind, at: Option<Millis>) -> Result<(), ConductError> {
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
                if let Some(window) = self.s.correction_rounds() {
                    if rounds > window as usize {
                        self.note(
                            c,
                            format!(
                                "found {rounds} rounds later, beyond {window}: too late, play goes on (过时不予受理)"
                            ),
                        );
                        self.unnoticed.remove(i);
                        return Ok(());
                    }
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

    fn colours_swapped(&mut self, at: Option<Millis>) -> Result<(), ConductError> {
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

    fn between(
        &mut self,
        points: [Square; 2],
        chosen: Option<Square>,
        after_press: bool,
    ) -> Result<(), ConductError> {
        let Some(&last) = self.moves.last() else {
            return Err(self.fail("no move before it"));
        };
        if !points.contains(&last.to) {
            return Err(self.fail(format!(
                "the last move {} went to {}, not to one of {} and {}",
                last.iccs(),
                last.to,
                points[0],
                points[1]
            )));
        }
        let Some(c) = self.cite(Rule::BetweenPoints) else {
            self.note(None, "no rule on a piece between points under this profile");
            return Ok(());
        };
        let mover = self.pos.turn().opponent();
        if after_press && chosen.is_none() {
            return Err(
                self.fail("the clock was pressed: the opponent chooses the point (`chosen`)")
            );
        }
        let target = chosen.unwrap_or(last.to);
        self.note(
            Some(c),
            format!(
                "the piece stands between {} and {}: {} on {target}",
                points[0],
                points[1],
                if after_press {
                    "the opponent places it"
                } else {
                    "it is set right"
                }
            ),
        );
        if self.s.rapid {
            self.foul(mover, c, "a piece left between two points");
            if self.ending.is_some() {
                return Ok(());
            }
        }
        if target != last.to {
            let ply = self.moves.len().saturating_sub(1);
            self.restore(ply);
            let mv = Move::new(last.from, target);
            let text = mv.iccs();
            return self.play_timed(&text, Some(mover), None, false);
        }
        Ok(())
    }

    fn press(&mut self, side: Color) {
        match self.s.clock_presses_to_lose() {
            Some(n) => {
                let i = side.index();
                self.presses[i] += 1;
                if self.presses[i] >= n {
                    let clauses = self.cites(&[Rule::ClockWithoutMoveLoses]);
                    self.note(
                        self.cite(Rule::ClockWithoutMoveLoses),
                        format!("{} presses the clock without moving", side_name(side)),
                    );
                    self.lose(side, Ground::Article4(Reason::ClockWithoutMove), clauses);
                } else if let Some(c) = self.cite(Rule::ClockWithoutMoveFoul) {
                    self.foul(
                        side,
                        c,
                        "pressing the clock without a move (没有走棋先按钟)",
                    );
                }
            }
            None => match self.cite(Rule::ClockWithoutMoveFoul) {
                Some(c) => self.foul(
                    side,
                    c,
                    "pressing the clock without a move breaks the players' rules (6, 8.6)",
                ),
                None => self.note(None, "no rule on clock presses under this profile"),
            },
        }
    }

    fn knock_clock(&mut self, side: Color) {
        let Some(c) = self.cite(Rule::KnockedClock) else {
            self.note(
                None,
                "no rule on knocking over the clock under this profile",
            );
            return;
        };
        let other = side.opponent();
        if let Some(clock) = self.clock.as_mut() {
            clock.adjust(other.index(), secs(60));
        }
        self.note(
            Some(c),
            format!(
                "{} knocks the clock over: {} gets one more minute",
                side_name(side),
                side_name(other)
            ),
        );
    }

    fn clock_correction(&mut self, v: [Millis; 2]) {
        let c = self.cite(Rule::ClockCorrection);
        match self.clock.as_mut() {
            Some(clock) => {
                clock.set(0, v[0]);
                clock.set(1, v[1]);
                self.note(
                    c,
                    format!(
                        "the referee sets the clocks: red {}, black {}",
                        fmt_secs(v[0]),
                        fmt_secs(v[1])
                    ),
                );
            }
            None => self.note(c, "the referee sets the clocks (the clock is not modelled)"),
        }
    }

    fn clock_dispute(&mut self, side: Color, agreed: bool) {
        match self.cite(Rule::ClockDispute) {
            Some(c) if !agreed => self.note(
                Some(c),
                format!(
                    "{} raises the clock settings after the start: not admitted (不予受理)",
                    side_name(side)
                ),
            ),
            Some(c) => self.note(
                Some(c),
                "both players agree: the clock settings may be corrected",
            ),
            None => self.note(
                self.cite(Rule::ClockCorrection),
                "a clock problem: the referee deals with it and sets the clocks",
            ),
        }
    }

    fn offer_draw(&mut self, side: Color, in_opponent_time: bool) {
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
                if let Some(c) = self.cite(Rule::EarlyDraw) {
                    if round <= 25 {
                        self.note(
                            Some(c),
                            format!(
                                "{} offers a draw in round {round}: within 25 rounds no draw may be offered; not admitted",
                                side_name(side)
                            ),
                        );
                        return;
                    }
                }
                let excess = self.offers.offer(side);
                self.note(offer_clause, format!("{} offers a draw", side_name(side)));
                if excess {
                    if let Some(c) = self.cite(Rule::FoulOffers) {
                        self.foul(
                            side,
                            c,
                            "offering a draw two more times than the opponent (提议作和的次数超过对方达两次)",
                        );
                    }
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
                if repeat {
                    if let Some(c) = self.cite(Rule::FoulOffers) {
                        self.foul(side, c, "offering a draw again after a refusal (连续提出)");
                    }
                }
            }
            Family::Local(_) => {
                let repeat = self.offers.would_repeat(side);
                self.offers.offer(side);
                self.note(
                    self.cite(Rule::DrawAgreed),
                    format!("{} offers a draw", side_name(side)),
                );
                if repeat {
                    if let Some(c) = self.cite(Rule::FoulOffers) {
                        self.foul(side, c, "offering a draw again after a refusal (连续提和)");
                    }
                }
            }
        }
    }

    fn accept_draw(&mut self, side: Color) {
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

    fn natural_limit_claim(&mut self, claimant: Option<Color>) {
        let Some(limit) = self.s.natural_limit else {
            self.note(None, "no natural move limit under this profile");
            return;
        };
        let claim_clause = self.cite(Rule::NaturalLimitClaim);
        if let Some(side) = claimant {
            if self.s.records_kept() && self.missing[side.index()] > 4 {
                if let Some(c) = self.cite(Rule::ClaimRecordRefused) {
                    self.note(
                        Some(c),
                        format!(
                            "{}'s record misses {} moves (more than 4): the claim is not reviewed",
                            side_name(side),
                            self.missing[side.index()]
                        ),
                    );
                    return;
                }
            }
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
        let i = side.index();
        self.false_claims[i] += 1;
        if self.false_claims[i] >= 2 {
            if let Some(c) = self.cite(Rule::SecondFalseClaim) {
                self.lose(
                    side,
                    Ground::Article4(Reason::FalseNaturalLimitClaim),
                    vec![c],
                );
                return;
            }
        }
        if let Some(c) = self.cite(Rule::FoulFalseClaim) {
            self.foul(side, c, "an untrue natural-limit claim (经审核不属实)");
            if self.ending.is_some() {
                return;
            }
        }
        // 22.2: five minutes off the claimant's clock (1999 23.3: added to
        // its time used).
        if claim_clause.is_some() {
            if let Some(clock) = self.clock.as_mut() {
                clock.adjust(i, -secs(300));
                let left = clock.remaining(i);
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
    }

    fn repetition_claim(
        &mut self,
        claimant: Option<Color>,
        red: &str,
        black: &str,
        nine_rounds: Option<u32>,
    ) -> Result<(), ConductError> {
        let Some(rules) = RepetitionRules::for_edition(self.s.profile.edition) else {
            self.note(None, "no repetition rules (棋例) under this profile");
            return Ok(());
        };
        let request = self.cite(Rule::RepetitionRequest);
        let draws_only;
        match claimant {
            Some(side) => {
                draws_only = false;
                if self.s.records_kept() && self.missing[side.index()] > 4 {
                    if let Some(c) = self.cite(Rule::ClaimRecordRefused) {
                        self.note(
                            Some(c),
                            format!(
                                "{}'s record misses {} moves (more than 4): the request is not reviewed",
                                side_name(side),
                                self.missing[side.index()]
                            ),
                        );
                        return Ok(());
                    }
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

    fn called_foul(&mut self, clause: &str, side: Color) -> Result<(), ConductError> {
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
                let i = side.index();
                self.false_claims[i] += 1;
                if self.false_claims[i] >= 2 {
                    if let Some(l) = self.cite(Rule::SecondFalseClaim) {
                        self.lose(
                            side,
                            Ground::Article4(Reason::FalseNaturalLimitClaim),
                            vec![l],
                        );
                        return Ok(());
                    }
                }
                self.foul(side, c, "an untrue natural-limit claim");
            }
            "8.1.8" => {
                if self.s.level == Level::National && self.s.family() == Family::Xiangqi2020 {
                    return Err(self.fail(
                        "8.1.8 is for junior and provincial events; in a national event an illegal move loses (4.1.8)",
                    ));
                }
                let i = side.index();
                self.illegal[i] += 1;
                if let IllegalMoves::Lose(n) = self.s.illegal_moves() {
                    if self.illegal[i] >= n {
                        let clauses = self.cites(&[Rule::IllegalMoveLoses]);
                        self.lose(side, Ground::Article4(Reason::IllegalMoves), clauses);
                        return Ok(());
                    }
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

    fn knock(
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

    fn record_missing(
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
        self.missing[side.index()] = moves;
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
