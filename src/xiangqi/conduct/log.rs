//! The game record as an event log: the format of the `adjudication` kind
//! and of `qigui adjudicate FILE` (`spec/conduct.md`).
//!
//! A record names its profile and, optionally, the starting position, the
//! time control and the event's own numbers; then a list of entries, each a
//! map with exactly one event key and the details that event takes:
//!
//! ```yaml
//! profile: provincial
//! time_control: {base: 3600, increment: 30}
//! log:
//!   - {move: 炮二平五, used: 12}
//!   - {touch: [b9, h2]}
//!   - {move: h9h2, used: 30}
//!   - {offer-draw: red}
//!   - {claim: natural-limit, side: black}
//!   - {foul: "8.1.1", side: red}
//! ```
//!
//! [`GameRecord::events`] checks the entries and turns them into [`Event`]s;
//! an error names the entry (1-based) and the field.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::game::Level;

use super::clock::{Millis, Period, TimeControl};
use super::profile::Family;

/// A time control as written: a preset clause (`"28.5.2"`) or its numbers
/// in seconds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected a time control clause (\"28.5.2\") or its numbers in seconds"
)]
pub enum TimeControlText {
    /// A clause naming a time control (see [`TimeControl::preset`]).
    Preset(String),
    /// The numbers.
    Custom(CustomTimeControl),
}

/// A time control's numbers, in seconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CustomTimeControl {
    /// Each side's base time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<f64>,
    /// Red's base time, when the sides differ (6.4 贴时制).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<f64>,
    /// Black's base time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<f64>,
    /// Added after each move (6.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment: Option<f64>,
    /// Moves to make in the base time (1999 6.1–6.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Further periods: `[moves, seconds]`, the last repeating (1999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub periods: Option<Vec<(u32, f64)>>,
    /// After the base time, the most a move may take (local rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move: Option<f64>,
}

/// One square or several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected a square (\"b0\") or a list of squares"
)]
pub enum Points {
    /// `b0`.
    One(String),
    /// `[b0, b9]`.
    Many(Vec<String>),
}

impl Points {
    fn texts(&self) -> Vec<&str> {
        match self {
            Points::One(s) => vec![s.as_str()],
            Points::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// A side's labels for a repetition claim: one string or a list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(
    untagged,
    expecting = "expected the labels as one string (\"将 闲\") or a list of strings"
)]
pub enum Labels {
    /// `"将 闲"`.
    Line(String),
    /// `["将", "闲"]`.
    List(Vec<String>),
}

impl Labels {
    /// The labels as one line.
    pub fn line(&self) -> String {
        match self {
            Labels::Line(s) => s.clone(),
            Labels::List(v) => v.join(" "),
        }
    }
}

/// What a claim is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// A draw by the natural move limit (22.2).
    NaturalLimit,
    /// A ruling on a 待判局面 (23.1).
    Repetition,
}

/// An error found during the game (5.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The players had each other's colours (5.8.1).
    ColoursSwapped,
    /// A piece moved to another point by accident (5.8.2).
    Displaced,
    /// An illegal move that went unnoticed (5.8.3).
    IllegalMove,
}

/// Clock readings in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Readings {
    /// Red's clock.
    pub red: f64,
    /// Black's clock.
    pub black: f64,
}

/// One entry of the log: exactly one event key, and that event's details.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Entry {
    /// A move in any notation; an illegal move in ICCS.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// Points of pieces the side to move touched, in order (5.1–5.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub touch: Option<Points>,
    /// A piece adjusted on its point (5.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjust: Option<String>,
    /// A piece slipped from the hand onto the board (5.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop: Option<String>,
    /// A side asks to take its move back (5.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retract: Option<Color>,
    /// The last move's piece stands between these two points (5.10, 29.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub between: Option<Points>,
    /// A side presses the clock without moving (8.1.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub press: Option<Color>,
    /// A side stops or starts the clock (8.1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_clock: Option<Color>,
    /// A side knocks the clock over (28.7.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knock_clock: Option<Color>,
    /// A side's flag falls (21.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Color>,
    /// The referee sets the clocks (21.4, 28.7.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_correction: Option<Readings>,
    /// A side disputes the clock settings after the start (28.7.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_dispute: Option<Color>,
    /// A side offers a draw (22.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer_draw: Option<Color>,
    /// A side accepts the draw offered (4.2.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_draw: Option<Color>,
    /// A side refuses the draw offered (22.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decline_draw: Option<Color>,
    /// A player's claim (`side`, default the side to move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimKind>,
    /// The referee reviews unasked (22.2, 29.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<ClaimKind>,
    /// A foul the referee calls, by its clause (`side`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foul: Option<String>,
    /// A side resigns (4.1.12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<Color>,
    /// A side refuses the rules or seriously breaks discipline (4.1.13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misconduct: Option<Color>,
    /// A side refuses to keep or correct its record (7.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuse_record: Option<Color>,
    /// A side arrives late, `at` seconds after the start (20.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrive: Option<Color>,
    /// A side does not come.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<Color>,
    /// A side knocks pieces over (5.9): `pieces`, `off-board`, `after-press`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knock: Option<Color>,
    /// A piece moved by accident from one point to another (`a0a1`, 5.8.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub displace: Option<String>,
    /// An error is found (5.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<ErrorKind>,
    /// The referee finds moves missing from a side's record (7.1): `moves`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_missing: Option<Color>,
    /// The players and the referee sign the score sheet (9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign: Option<bool>,

    /// Whose act it is, where the event key does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Color>,
    /// Seconds the move took on the mover's clock, until the clock was pressed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used: Option<f64>,
    /// Seconds until the hand left the piece (default: `used`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<f64>,
    /// Seconds since the scheduled start (arrivals, 5.8.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<f64>,
    /// Knock: how many pieces left their points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<u32>,
    /// Knock: a piece fell off the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub off_board: Option<bool>,
    /// Knock, between: the clock was pressed before the pieces were set
    /// right, or they were knocked after the press.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_press: Option<bool>,
    /// Seconds left on the clock that matters, when the clock is not modelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<f64>,
    /// Record: how many moves are missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Record: illegible or copied rather than missing (7.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegible: Option<bool>,
    /// Adjust: announced beforehand (5.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub announced: Option<bool>,
    /// Adjust: with the opponent's consent (1999 5.6, 中小学.七.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consent: Option<bool>,
    /// Adjust: an obvious accidental brush (5.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accidental: Option<bool>,
    /// Touch: an own and an opponent's piece at once (5.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simultaneous: Option<bool>,
    /// Move: an illegal move nobody noticed at once (5.8.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unnoticed: Option<bool>,
    /// Offer: made in the opponent's time (22.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_opponent_time: Option<bool>,
    /// Between: the point chosen (by the opponent after the press, 5.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// Clock dispute: both players agree to the correction (28.7.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed: Option<bool>,
    /// Repetition claim: red's labels in one period (24.1–24.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<Labels>,
    /// Repetition claim: black's labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Labels>,
    /// Repetition claim: a nine-round sequence (23.4) over `points` points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nine_rounds: Option<bool>,
    /// Repetition claim: points the attacking side used (23.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// A remark for human readers; ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A game record: the profile, the event's settings and the log.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The event profile (`national`, `provincial`, `rapid`, `mass`, …);
    /// defaults to the edition's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The starting position (defaults to that of 1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The event's level, overriding the profile's (4.1.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// The time control; without one the clock is not modelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControlText>,
    /// The event's natural move limit in rounds (4.2.4 酌减, 29.1.3, 附录一 三.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural_limit: Option<u32>,
    /// How many of the claimant's checks count (22.2: 10; 29.1.1: 8; 附录一: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checks_counted: Option<u32>,
    /// The event's forfeit time for late arrival, in seconds (20.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_limit: Option<f64>,
    /// What happened, in order.
    #[serde(default)]
    pub log: Vec<Entry>,
}

/// What happened: one entry of the log, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A move (text as written).
    Move {
        /// The move.
        text: String,
        /// Who moved, if the log says.
        side: Option<Color>,
        /// Time to the clock press.
        used: Option<Millis>,
        /// Time to the hand leaving the piece.
        moved: Option<Millis>,
        /// Nobody noticed it at once (for an illegal move).
        unnoticed: bool,
    },
    /// Touched pieces.
    Touch {
        /// The points, in order.
        points: Vec<Square>,
        /// At once (5.5).
        simultaneous: bool,
        /// Who touched (default: the side to move).
        side: Option<Color>,
    },
    /// A piece adjusted.
    Adjust {
        /// Where.
        point: Square,
        /// By whom (default: the side to move).
        side: Option<Color>,
        /// Announced (5.6).
        announced: bool,
        /// With the opponent's consent (1999 5.6).
        consent: bool,
        /// An accidental brush.
        accidental: bool,
    },
    /// A piece slipped onto the board.
    Drop {
        /// Where it came from.
        point: Square,
    },
    /// A request to take a move back.
    Retract(Color),
    /// The last move's piece between two points.
    Between {
        /// The two points.
        points: [Square; 2],
        /// The point chosen.
        chosen: Option<Square>,
        /// The clock was pressed before it was set right.
        after_press: bool,
    },
    /// The clock pressed without a move.
    Press(Color),
    /// The clock stopped or started by a player.
    StopClock(Color),
    /// The clock knocked over.
    KnockClock(Color),
    /// A flag falls.
    Flag(Color),
    /// The referee sets the clocks.
    ClockCorrection([Millis; 2]),
    /// A player disputes the clock settings.
    ClockDispute {
        /// Who.
        side: Color,
        /// Both players agree.
        agreed: bool,
    },
    /// A draw offer.
    OfferDraw {
        /// Who offers.
        side: Color,
        /// In the opponent's time.
        in_opponent_time: bool,
    },
    /// A draw accepted.
    AcceptDraw(Color),
    /// A draw refused.
    DeclineDraw(Color),
    /// A claim by a player, or a review by the referee.
    Claim {
        /// What for.
        kind: ClaimKind,
        /// The claimant, if the log says (default: the side to move).
        side: Option<Color>,
        /// The referee reviews unasked.
        referee: bool,
        /// Red's labels (repetition).
        red: Option<String>,
        /// Black's labels (repetition).
        black: Option<String>,
        /// 23.4: a nine-round sequence over this many points.
        nine_rounds: Option<u32>,
    },
    /// A foul called by the referee.
    Foul {
        /// Its clause.
        clause: String,
        /// Who.
        side: Color,
    },
    /// A resignation.
    Resign(Color),
    /// Misconduct.
    Misconduct(Color),
    /// Refusing to keep a record (7.4).
    RefuseRecord(Color),
    /// A late arrival.
    Arrive {
        /// Who.
        side: Color,
        /// How late.
        late: Millis,
    },
    /// A player who never came.
    Absent(Color),
    /// Pieces knocked over.
    Knock {
        /// Who.
        side: Color,
        /// How many pieces left their points.
        pieces: u32,
        /// One fell off the board.
        off_board: bool,
        /// Pressed before setting right, or knocked after the press.
        after_press: bool,
        /// The opponent's clock, when not modelled.
        remaining: Option<Millis>,
    },
    /// A piece moved by accident.
    Displace {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// An error found.
    Found {
        /// Which.
        kind: ErrorKind,
        /// When (seconds since the start, for 5.8.1).
        at: Option<Millis>,
    },
    /// Moves missing from a record.
    RecordMissing {
        /// Whose record.
        side: Color,
        /// How many.
        moves: u32,
        /// Illegible or copied (7.2).
        illegible: bool,
        /// The side's clock, when not modelled (1999 7.2).
        remaining: Option<Millis>,
    },
    /// The score sheet signed.
    Sign,
}

/// A log that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("log entry {entry}{}: {reason}", field.as_ref().map(|f| format!(" ({f})")).unwrap_or_default())]
pub struct LogError {
    /// The 1-based entry; 0 for the record's own fields.
    pub entry: usize,
    /// The field at fault.
    pub field: Option<String>,
    /// Why.
    pub reason: String,
}

fn bad(entry: usize, field: &str, reason: impl Into<String>) -> LogError {
    LogError {
        entry,
        field: Some(field.to_string()),
        reason: reason.into(),
    }
}

/// Seconds as written to milliseconds, refusing negative or absurd values.
pub fn millis(entry: usize, field: &str, s: f64) -> Result<Millis, LogError> {
    if !s.is_finite() || !(0.0..=1.0e9).contains(&s) {
        return Err(bad(
            entry,
            field,
            format!("{s}: seconds must be a number from 0 up"),
        ));
    }
    // In range by the check above.
    Ok((s * 1000.0).round() as Millis)
}

fn point(entry: usize, field: &str, s: &str) -> Result<Square, LogError> {
    Square::parse(s.trim()).ok_or_else(|| {
        bad(
            entry,
            field,
            format!("'{s}' is not a point (a0–i9, ICCS files a–i from red's left, ranks 0–9)"),
        )
    })
}

impl TimeControlText {
    /// The time control under a rulebook family.
    pub fn resolve(&self, family: Family) -> Result<TimeControl, LogError> {
        match self {
            TimeControlText::Preset(name) => TimeControl::preset(family, name).ok_or_else(|| {
                bad(
                    0,
                    "time_control",
                    format!("'{name}' names no time control of this profile's rulebook"),
                )
            }),
            TimeControlText::Custom(c) => {
                let f = |name: &str, v: Option<f64>| -> Result<Option<Millis>, LogError> {
                    v.map(|s| millis(0, &format!("time_control.{name}"), s))
                        .transpose()
                };
                let base = f("base", c.base)?;
                let red = f("red", c.red)?.or(base);
                let black = f("black", c.black)?.or(base);
                let (Some(red), Some(black)) = (red, black) else {
                    return Err(bad(0, "time_control", "give `base`, or `red` and `black`"));
                };
                let mut periods = Vec::new();
                for (i, (moves, s)) in c.periods.iter().flatten().enumerate() {
                    if *moves == 0 {
                        return Err(bad(
                            0,
                            "time_control.periods",
                            format!("period {}: at least one move", i + 1),
                        ));
                    }
                    periods.push(Period {
                        moves: *moves,
                        time: millis(0, "time_control.periods", *s)?,
                    });
                }
                let base_moves = c.moves.unwrap_or(0);
                if !periods.is_empty() && base_moves == 0 {
                    return Err(bad(
                        0,
                        "time_control.moves",
                        "periods need the number of moves of the base time",
                    ));
                }
                Ok(TimeControl {
                    base: [red, black],
                    increment: f("increment", c.increment)?.unwrap_or(0),
                    periods,
                    base_moves,
                    per_move: f("per_move", c.per_move)?,
                    clause: None,
                })
            }
        }
    }
}

impl Entry {
    fn keys(&self) -> Vec<&'static str> {
        let mut k = Vec::new();
        let mut has = |b: bool, name: &'static str| {
            if b {
                k.push(name);
            }
        };
        has(self.mv.is_some(), "move");
        has(self.touch.is_some(), "touch");
        has(self.adjust.is_some(), "adjust");
        has(self.drop.is_some(), "drop");
        has(self.retract.is_some(), "retract");
        has(self.between.is_some(), "between");
        has(self.press.is_some(), "press");
        has(self.stop_clock.is_some(), "stop-clock");
        has(self.knock_clock.is_some(), "knock-clock");
        has(self.flag.is_some(), "flag");
        has(self.clock_correction.is_some(), "clock-correction");
        has(self.clock_dispute.is_some(), "clock-dispute");
        has(self.offer_draw.is_some(), "offer-draw");
        has(self.accept_draw.is_some(), "accept-draw");
        has(self.decline_draw.is_some(), "decline-draw");
        has(self.claim.is_some(), "claim");
        has(self.review.is_some(), "review");
        has(self.foul.is_some(), "foul");
        has(self.resign.is_some(), "resign");
        has(self.misconduct.is_some(), "misconduct");
        has(self.refuse_record.is_some(), "refuse-record");
        has(self.arrive.is_some(), "arrive");
        has(self.absent.is_some(), "absent");
        has(self.knock.is_some(), "knock");
        has(self.displace.is_some(), "displace");
        has(self.found.is_some(), "found");
        has(self.record_missing.is_some(), "record-missing");
        has(self.sign.is_some(), "sign");
        k
    }

    /// Checks the entry (the `n`th, 1-based) and reads its event.
    ///
    /// Kept whole (about 250 lines): one arm per kind of entry, each a few
    /// lines reading that entry's fields — a table written as code.
    #[expect(
        clippy::too_many_lines,
        reason = "one arm per kind of entry: a table written as code"
    )]
    pub fn event(&self, n: usize) -> Result<Event, LogError> {
        let keys = self.keys();
        let key = match keys.as_slice() {
            [k] => *k,
            [] => {
                return Err(LogError {
                    entry: n,
                    field: None,
                    reason: "no event: give one of move, touch, adjust, drop, retract, between, press, stop-clock, knock-clock, flag, clock-correction, clock-dispute, offer-draw, accept-draw, decline-draw, claim, review, foul, resign, misconduct, refuse-record, arrive, absent, knock, displace, found, record-missing, sign".into(),
                });
            }
            many => {
                return Err(LogError {
                    entry: n,
                    field: None,
                    reason: format!("one event per entry, found {}", many.join(", ")),
                });
            }
        };
        // Details allowed with each event.
        let allowed: &[&str] = match key {
            "move" => &["side", "used", "moved", "unnoticed"],
            "touch" => &["side", "simultaneous"],
            "adjust" => &["side", "announced", "consent", "accidental"],
            "between" => &["chosen", "after-press"],
            "clock-dispute" => &["agreed"],
            "offer-draw" => &["in-opponent-time"],
            "claim" => &["side", "red", "black", "nine-rounds", "points"],
            "review" => &["red", "black", "nine-rounds", "points"],
            "foul" => &["side"],
            "arrive" => &["at"],
            "knock" => &["pieces", "off-board", "after-press", "remaining"],
            "found" => &["at"],
            "record-missing" => &["moves", "illegible", "remaining"],
            _ => &[],
        };
        let present: [(&str, bool); 20] = [
            ("side", self.side.is_some()),
            ("used", self.used.is_some()),
            ("moved", self.moved.is_some()),
            ("at", self.at.is_some()),
            ("pieces", self.pieces.is_some()),
            ("off-board", self.off_board.is_some()),
            ("after-press", self.after_press.is_some()),
            ("remaining", self.remaining.is_some()),
            ("moves", self.moves.is_some()),
            ("illegible", self.illegible.is_some()),
            ("announced", self.announced.is_some()),
            ("consent", self.consent.is_some()),
            ("accidental", self.accidental.is_some()),
            ("simultaneous", self.simultaneous.is_some()),
            ("unnoticed", self.unnoticed.is_some()),
            ("in-opponent-time", self.in_opponent_time.is_some()),
            ("chosen", self.chosen.is_some()),
            ("agreed", self.agreed.is_some()),
            ("red", self.red.is_some() || self.black.is_some()),
            (
                "nine-rounds",
                self.nine_rounds.is_some() || self.points.is_some(),
            ),
        ];
        for (name, here) in present {
            if here && !allowed.contains(&name) {
                return Err(bad(n, name, format!("'{name}' does not go with '{key}'")));
            }
        }
        let secs = |field: &str, v: Option<f64>| v.map(|s| millis(n, field, s)).transpose();
        Ok(match key {
            "move" => {
                let used = secs("used", self.used)?;
                let moved = secs("moved", self.moved)?;
                if let (Some(u), Some(m)) = (used, moved)
                    && m > u
                {
                    return Err(bad(
                        n,
                        "moved",
                        "the hand leaves the piece before the clock is pressed: moved ≤ used",
                    ));
                }
                Event::Move {
                    text: self.mv.clone().unwrap_or_default(),
                    side: self.side,
                    used,
                    moved,
                    unnoticed: self.unnoticed.unwrap_or(false),
                }
            }
            "touch" => {
                let points = self
                    .touch
                    .iter()
                    .flat_map(Points::texts)
                    .map(|s| point(n, "touch", s))
                    .collect::<Result<Vec<_>, _>>()?;
                if points.is_empty() {
                    return Err(bad(n, "touch", "no point given"));
                }
                Event::Touch {
                    points,
                    simultaneous: self.simultaneous.unwrap_or(false),
                    side: self.side,
                }
            }
            "adjust" => Event::Adjust {
                point: point(n, "adjust", self.adjust.as_deref().unwrap_or_default())?,
                side: self.side,
                announced: self.announced.unwrap_or(false),
                consent: self.consent.unwrap_or(false),
                accidental: self.accidental.unwrap_or(false),
            },
            "drop" => Event::Drop {
                point: point(n, "drop", self.drop.as_deref().unwrap_or_default())?,
            },
            "retract" => Event::Retract(self.retract.unwrap_or(Color::Red)),
            "between" => {
                let pts = self
                    .between
                    .iter()
                    .flat_map(Points::texts)
                    .map(|s| point(n, "between", s))
                    .collect::<Result<Vec<_>, _>>()?;
                let [a, b] = pts.as_slice() else {
                    return Err(bad(n, "between", "give the two points"));
                };
                let chosen = self
                    .chosen
                    .as_deref()
                    .map(|s| point(n, "chosen", s))
                    .transpose()?;
                if let Some(c) = chosen
                    && c != *a
                    && c != *b
                {
                    return Err(bad(n, "chosen", "the chosen point is one of the two"));
                }
                Event::Between {
                    points: [*a, *b],
                    chosen,
                    after_press: self.after_press.unwrap_or(false),
                }
            }
            "press" => Event::Press(self.press.unwrap_or(Color::Red)),
            "stop-clock" => Event::StopClock(self.stop_clock.unwrap_or(Color::Red)),
            "knock-clock" => Event::KnockClock(self.knock_clock.unwrap_or(Color::Red)),
            "flag" => Event::Flag(self.flag.unwrap_or(Color::Red)),
            "clock-correction" => {
                let r = self.clock_correction.unwrap_or(Readings {
                    red: 0.0,
                    black: 0.0,
                });
                Event::ClockCorrection([
                    millis(n, "clock-correction.red", r.red)?,
                    millis(n, "clock-correction.black", r.black)?,
                ])
            }
            "clock-dispute" => Event::ClockDispute {
                side: self.clock_dispute.unwrap_or(Color::Red),
                agreed: self.agreed.unwrap_or(false),
            },
            "offer-draw" => Event::OfferDraw {
                side: self.offer_draw.unwrap_or(Color::Red),
                in_opponent_time: self.in_opponent_time.unwrap_or(false),
            },
            "accept-draw" => Event::AcceptDraw(self.accept_draw.unwrap_or(Color::Red)),
            "decline-draw" => Event::DeclineDraw(self.decline_draw.unwrap_or(Color::Red)),
            "claim" | "review" => {
                let kind = self
                    .claim
                    .or(self.review)
                    .unwrap_or(ClaimKind::NaturalLimit);
                let labels = self.red.is_some() || self.black.is_some();
                if kind == ClaimKind::NaturalLimit && (labels || self.nine_rounds.is_some()) {
                    return Err(bad(
                        n,
                        "red",
                        "labels and nine-rounds go with a repetition claim",
                    ));
                }
                if kind == ClaimKind::Repetition && !(self.red.is_some() && self.black.is_some()) {
                    return Err(bad(
                        n,
                        "red",
                        "a repetition claim gives each side's labels in one period (`red`, `black`)",
                    ));
                }
                let nine_rounds = match (self.nine_rounds, self.points) {
                    (Some(true), Some(p)) => Some(p),
                    (Some(true), None) => {
                        return Err(bad(n, "points", "a nine-round claim (23.4) gives `points`"));
                    }
                    (_, Some(_)) => {
                        return Err(bad(n, "points", "`points` goes with `nine-rounds: true`"));
                    }
                    _ => None,
                };
                Event::Claim {
                    kind,
                    side: self.side,
                    referee: key == "review",
                    red: self.red.as_ref().map(Labels::line),
                    black: self.black.as_ref().map(Labels::line),
                    nine_rounds,
                }
            }
            "foul" => Event::Foul {
                clause: self.foul.clone().unwrap_or_default(),
                side: self
                    .side
                    .ok_or_else(|| bad(n, "side", "say whose foul it is"))?,
            },
            "resign" => Event::Resign(self.resign.unwrap_or(Color::Red)),
            "misconduct" => Event::Misconduct(self.misconduct.unwrap_or(Color::Red)),
            "refuse-record" => Event::RefuseRecord(self.refuse_record.unwrap_or(Color::Red)),
            "arrive" => Event::Arrive {
                side: self.arrive.unwrap_or(Color::Red),
                late: secs("at", self.at)?
                    .ok_or_else(|| bad(n, "at", "how many seconds after the start"))?,
            },
            "absent" => Event::Absent(self.absent.unwrap_or(Color::Red)),
            "knock" => Event::Knock {
                side: self.knock.unwrap_or(Color::Red),
                pieces: self
                    .pieces
                    .ok_or_else(|| bad(n, "pieces", "how many pieces left their points"))?,
                off_board: self.off_board.unwrap_or(false),
                after_press: self.after_press.unwrap_or(false),
                remaining: secs("remaining", self.remaining)?,
            },
            "displace" => {
                let text = self.displace.as_deref().unwrap_or_default().trim();
                let (from, to) = text
                    .get(0..2)
                    .zip(text.get(2..))
                    .ok_or_else(|| bad(n, "displace", "write the two points, e.g. a0a1"))?;
                Event::Displace {
                    from: point(n, "displace", from)?,
                    to: point(n, "displace", to)?,
                }
            }
            "found" => Event::Found {
                kind: self.found.unwrap_or(ErrorKind::Displaced),
                at: secs("at", self.at)?,
            },
            "record-missing" => Event::RecordMissing {
                side: self.record_missing.unwrap_or(Color::Red),
                moves: self
                    .moves
                    .ok_or_else(|| bad(n, "moves", "how many moves are missing"))?,
                illegible: self.illegible.unwrap_or(false),
                remaining: secs("remaining", self.remaining)?,
            },
            _ => Event::Sign,
        })
    }
}

impl GameRecord {
    /// Reads every entry of the log.
    pub fn events(&self) -> Result<Vec<Event>, LogError> {
        self.log
            .iter()
            .enumerate()
            .map(|(i, e)| e.event(i + 1))
            .collect()
    }
}
