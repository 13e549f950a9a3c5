//! The conduct of play: a game as an event log, adjudicated as a referee
//! would (articles 4–9, 19–23 and 27–30 of the 2020 rules; 附录一; the
//! 1999 rules' 4–10 and 20–24; the local event rules of `003_…`).
//!
//! | module | rulebook |
//! |---|---|
//! | `profile` | event profiles: national, provincial and junior (4.1.8, 8.1.8), rapid (27–29), armageddon (28.6), mass (附录一), 1999, local |
//! | `log` | the game record: moves, touches, clocks, offers, claims, fouls, arrivals, knocks, corrections |
//! | `adjudicator` | the ruling on a record: result, reason, clauses (4, 5.6–5.10, 7, 8, 9, 20–23, 28.7, 28.11, 29); the referee's concerns in its submodules (arrivals, touching, moves, penalties, corrections, timing, draw offers, claims) |
//! | `touch` | touch-move, 5.1–5.5, and 8.1.5 |
//! | `clock` | time controls and the clock: 6, 21, 28.5, 28.6, 30.3 |
//! | `presets` | the time controls named by clause: 6.1–6.4, 28.5, 28.6, 30.3, 1999 6 |
//! | `natural_limit` | the natural move limit: 4.2.4, 22.2, 29.1, 附录一 三.2 |
//! | `draws` | draw offers: 22.1, 8.1.3, 4.3 |
//! | `fouls` | fouls and their counting: 8, 7.1, 4.1.10, 28.11.1 |
//! | [`knockout`] | knockout tie-breaks as a state machine: 30.1–30.3 |
//! | [`withdrawal`] | withdrawals: 19.2, 19.3 |
//!
//! `spec/conduct.md` describes the record format and every decision the
//! rulebooks leave open.

pub(crate) mod adjudicator;
pub(crate) mod clock;
pub(crate) mod draws;
pub(crate) mod fouls;
pub mod knockout;
pub(crate) mod log;
pub(crate) mod natural_limit;
pub(crate) mod presets;
pub(crate) mod profile;
pub(crate) mod touch;
pub mod withdrawal;

pub use adjudicator::{
    Adjudication, ConductError, Decision, Ending, Ground, Note, adjudicate, adjudicate_with,
    settings_for, settings_of,
};
pub use clock::{Clock, Millis, Period, TimeControl, Timing, secs};
pub use draws::Offers;
pub use fouls::{FoulSheet, omission_fouls_1999, omission_fouls_2020};
pub use log::{
    ClaimKind, CustomTimeControl, Entry, ErrorKind, Event, GameRecord, Labels, LogError, Points,
    Readings, TimeControlText, millis,
};
pub use natural_limit::Stretch;
pub use profile::{DrawOutcome, Family, IllegalMoves, LocalRules, Pace, Profile, Rule, Settings};
pub use touch::{Obligation, Step, TouchError, TouchRuling, touch_move};
