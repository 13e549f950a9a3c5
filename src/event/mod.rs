//! The event around the games: the tournament model, standings (articles
//! 13–14, 18.5, 19, 20.3; 1999 14–15; Gomoku 28–29) and pairing (articles
//! 10–12, 附录二–五; Gomoku 26–27, 附录三–七).
//!
//! The tournament model is re-exported here flat; [`standings`] ranks an
//! event and [`pairing`] pairs one, each system in its own module.

pub mod pairing;
pub mod standings;
pub(crate) mod tournament;

pub use tournament::{
    EventType, FORMAT_VERSION, FinalEntry, FinalError, GameEntry, GameName, GameScoring, Id,
    MatchEntry, MatchScoring, Outcome, PenaltyEntry, PenaltyKind, Player, ResultCode, RoundEntry,
    System, Team, TeamRanking, TiebreakChoice, Tournament, TournamentError, WithdrawalEntry,
};
