//! 10.1 and 10.3: who moves first. Black moves first in every game (第 10
//! 条); 10.1.1 leaves the colours of a paired event to the pairing software
//! (qigui's `pair`), and the rest is computed here:
//!
//! * 10.3 猜先: each player holds stones in his hand, one black stones and
//!   the other white ones; an odd total gives black to the one holding black
//!   stones, an even total exchanges the colours ([`nigiri`]);
//! * 10.1.2: a one-game event of two players uses 猜先;
//! * 10.1.3: a match of two or more games settles the first game as a
//!   one-game event does, and the colours change every game after
//!   ([`match_colours`]);
//! * 10.1.4: in a team match the first-moving team (先手方队) has black on
//!   its odd boards and the other team on the even boards
//!   ([`team_board_colours`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{MAX_GOMOKU_BOARDS, MAX_GOMOKU_MATCH_GAMES, echo};

/// 10.3: the two hands of 猜先.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Nigiri {
    /// The player holding black stones.
    pub black_holder: String,
    /// How many black stones are in his hand.
    pub black_stones: u32,
    /// The player holding white stones.
    pub white_holder: String,
    /// How many white stones are in his hand.
    pub white_stones: u32,
}

/// Why colours cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ColoursError {
    /// A hand with no stone: 10.3 has each player hold stones (若干).
    #[error("nigiri.{field}: an empty hand; in 10.3 each player holds stones (各握黑白棋子若干)")]
    EmptyHand {
        /// `black_stones` or `white_stones`.
        field: &'static str,
    },
    /// The same player named twice.
    #[error("{field}: '{}' is named for both sides", echo(.name))]
    SamePlayer {
        /// Where.
        field: &'static str,
        /// The name.
        name: String,
    },
    /// A player who is not in the match.
    #[error("{field}: '{}' is not one of the two players", echo(.name))]
    NotAPlayer {
        /// Where.
        field: &'static str,
        /// The name.
        name: String,
    },
    /// No game, or more than [`MAX_GOMOKU_MATCH_GAMES`].
    #[error("games: {0} is not between 1 and {MAX_GOMOKU_MATCH_GAMES}")]
    Games(u32),
    /// No board, or more than [`MAX_GOMOKU_BOARDS`].
    #[error("boards: {0} is not between 1 and {MAX_GOMOKU_BOARDS}")]
    Boards(u32),
    /// The first game's black given both ways, or neither.
    #[error(
        "give exactly one of nigiri and first_black (10.1.2: the first game is decided by 猜先)"
    )]
    FirstGame,
}

impl ColoursError {
    /// A short code for the corpus.
    pub fn code(&self) -> &'static str {
        match self {
            ColoursError::EmptyHand { .. } => "empty-hand",
            ColoursError::SamePlayer { .. } => "same-player",
            ColoursError::NotAPlayer { .. } => "not-a-player",
            ColoursError::Games(_) => "games",
            ColoursError::Boards(_) => "boards",
            ColoursError::FirstGame => "first-game",
        }
    }
}

/// 10.3: the player who takes black (and moves first) after 猜先: an odd
/// total the holder of the black stones, an even total the holder of the
/// white ones (双方变换黑白棋).
///
/// ```
/// use qigui::gomoku::{Nigiri, nigiri};
/// let n = Nigiri {
///     black_holder: "Li".into(),
///     black_stones: 3,
///     white_holder: "Wang".into(),
///     white_stones: 4,
/// };
/// assert_eq!(nigiri(&n).unwrap(), "Li"); // 7 is odd
/// ```
pub fn nigiri(n: &Nigiri) -> Result<&str, ColoursError> {
    if n.black_holder == n.white_holder {
        return Err(ColoursError::SamePlayer {
            field: "nigiri.white_holder",
            name: n.white_holder.clone(),
        });
    }
    if n.black_stones == 0 {
        return Err(ColoursError::EmptyHand {
            field: "black_stones",
        });
    }
    if n.white_stones == 0 {
        return Err(ColoursError::EmptyHand {
            field: "white_stones",
        });
    }
    let total = u64::from(n.black_stones) + u64::from(n.white_stones);
    Ok(if total % 2 == 1 {
        &n.black_holder
    } else {
        &n.white_holder
    })
}

/// How the first game's black is known: by 猜先 (10.1.2) or as given (a
/// 猜先 done at the board, or the pairing's choice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstGame<'a> {
    /// 10.3's hands.
    Nigiri(&'a Nigiri),
    /// The player who has black in game 1.
    Black(&'a str),
}

/// 10.1.2–10.1.3: black in each game of a match of `games` games between
/// `players`: game 1 as a one-game event (猜先), then alternating.
pub fn match_colours(
    players: [&str; 2],
    games: u32,
    first: FirstGame<'_>,
) -> Result<Vec<String>, ColoursError> {
    if players[0] == players[1] {
        return Err(ColoursError::SamePlayer {
            field: "players",
            name: players[1].to_string(),
        });
    }
    if games == 0 || games > MAX_GOMOKU_MATCH_GAMES {
        return Err(ColoursError::Games(games));
    }
    let first_black = match first {
        FirstGame::Nigiri(n) => {
            for (field, name) in [
                ("nigiri.black_holder", &n.black_holder),
                ("nigiri.white_holder", &n.white_holder),
            ] {
                if !players.contains(&name.as_str()) {
                    return Err(ColoursError::NotAPlayer {
                        field,
                        name: name.clone(),
                    });
                }
            }
            nigiri(n)?
        }
        FirstGame::Black(b) => {
            if !players.contains(&b) {
                return Err(ColoursError::NotAPlayer {
                    field: "first_black",
                    name: b.to_string(),
                });
            }
            b
        }
    };
    let second = if players[0] == first_black {
        players[1]
    } else {
        players[0]
    };
    Ok((0..games)
        .map(|g| {
            if g % 2 == 0 {
                first_black.to_string()
            } else {
                second.to_string()
            }
        })
        .collect())
}

/// 10.1.4: the team with black on each board 1..=`boards` when
/// `first_team` is the first-moving team: its odd boards and the other
/// team's even boards.
pub fn team_board_colours(
    first_team: &str,
    other_team: &str,
    boards: u32,
) -> Result<Vec<String>, ColoursError> {
    if first_team == other_team {
        return Err(ColoursError::SamePlayer {
            field: "teams",
            name: other_team.to_string(),
        });
    }
    if boards == 0 || boards > MAX_GOMOKU_BOARDS {
        return Err(ColoursError::Boards(boards));
    }
    Ok((1..=boards)
        .map(|b| {
            if b % 2 == 1 {
                first_team.to_string()
            } else {
                other_team.to_string()
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hands(b: u32, w: u32) -> Nigiri {
        Nigiri {
            black_holder: "A".into(),
            black_stones: b,
            white_holder: "B".into(),
            white_stones: w,
        }
    }

    #[test]
    fn odd_gives_black_to_the_black_holder_even_exchanges() {
        assert_eq!(nigiri(&hands(1, 2)).unwrap(), "A");
        assert_eq!(nigiri(&hands(2, 2)).unwrap(), "B");
        assert_eq!(nigiri(&hands(u32::MAX, u32::MAX)).unwrap(), "B");
        assert_eq!(nigiri(&hands(0, 2)).unwrap_err().code(), "empty-hand");
    }

    #[test]
    fn matches_alternate_and_boards_alternate() {
        let c = match_colours(["A", "B"], 3, FirstGame::Nigiri(&hands(2, 4))).unwrap();
        assert_eq!(c, ["B", "A", "B"]);
        assert_eq!(
            team_board_colours("X", "Y", 4).unwrap(),
            ["X", "Y", "X", "Y"]
        );
        assert!(
            match_colours(
                ["A", "B"],
                MAX_GOMOKU_MATCH_GAMES + 1,
                FirstGame::Black("A")
            )
            .is_err()
        );
        assert!(match_colours(["A", "B"], 2, FirstGame::Black("C")).is_err());
    }
}
