//! Knockout tie-breaks (淘汰赛办法, article 30) as a state machine: after
//! each result, which game comes next, under which time control, and who
//! has red or chooses colours.
//!
//! * 30.1 慢棋加赛快棋: one slow game; if drawn, tie-break games with the
//!   colours exchanged each time:
//!   - 30.1.1 二局快棋制: one rapid game, then an armageddon game whose
//!     colours the player who did not choose colours for the slow game (or
//!     the higher-ranked player of the first stage) chooses;
//!   - 30.1.2 三局快棋制: a rapid game, a super-rapid game, then an
//!     armageddon game whose colours the player who had black in the
//!     super-rapid game chooses;
//!   - 30.1.3 四局快棋制: a rapid game, two super-rapid games, then an
//!     armageddon game chosen as in 30.1.1;
//!   - 30.1.4 多局快棋制: a rapid game, then super-rapid games until one is won.
//! * 30.2 快棋淘汰赛: two rapid games, colours drawn by lot for the first and
//!   exchanged for the second; if level:
//!   - 30.2.1: super-rapid games, the colours still alternating, at most
//!     two, then an armageddon game whose colour choice is drawn by lot;
//!   - 30.2.2: super-rapid games, colours drawn by lot for the first, then
//!     exchanged, until one is won.
//! * 30.3: 快棋 10 min + 10 s, 超快棋 5 min + 3 s, 附加赛 red 6 / black 4
//!   min + 3 s; an armageddon draw is a win for black (28.6, 30.1).
//!
//! Two local formats of `003_…` run on the same machine: the 2019
//! championship's one-game knockout (锦标赛2019.九.(二).2) and the school
//! event's best of three with drawn games replayed (中小学.六, 中小学.五).

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::edition::EditionId;

/// One of the two players of a knockout pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Player {
    /// Player A.
    A,
    /// Player B.
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::A => "A",
            Player::B => "B",
        })
    }
}

/// A knockout format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// 30.1.1 二局快棋制.
    TwoRapid,
    /// 30.1.2 三局快棋制.
    ThreeRapid,
    /// 30.1.3 四局快棋制.
    FourRapid,
    /// 30.1.4 多局快棋制.
    ManyRapid,
    /// 30.2.1.
    RapidKnockout,
    /// 30.2.2.
    RapidKnockoutOpen,
    /// 锦标赛2019.九.(二).2: one slow game, a rapid game, an armageddon game.
    Championship2019,
    /// 中小学.六: best of three, a drawn game played again (中小学.五).
    SchoolBestOfThree,
}

impl Format {
    /// The format named by its clause.
    pub fn from_clause(c: &str) -> Option<Format> {
        Some(match c {
            "30.1.1" => Format::TwoRapid,
            "30.1.2" => Format::ThreeRapid,
            "30.1.3" => Format::FourRapid,
            "30.1.4" => Format::ManyRapid,
            "30.2.1" => Format::RapidKnockout,
            "30.2.2" => Format::RapidKnockoutOpen,
            "锦标赛2019.九.(二).2" => Format::Championship2019,
            "中小学.六.1" => Format::SchoolBestOfThree,
            _ => return None,
        })
    }

    /// Its clause.
    pub fn clause(self) -> &'static str {
        match self {
            Format::TwoRapid => "30.1.1",
            Format::ThreeRapid => "30.1.2",
            Format::FourRapid => "30.1.3",
            Format::ManyRapid => "30.1.4",
            Format::RapidKnockout => "30.2.1",
            Format::RapidKnockoutOpen => "30.2.2",
            Format::Championship2019 => "锦标赛2019.九.(二).2",
            Format::SchoolBestOfThree => "中小学.六.1",
        }
    }

    /// The edition whose clause it is.
    pub fn edition(self) -> &'static str {
        match self {
            Format::Championship2019 | Format::SchoolBestOfThree => EditionId::XiangqiLocal,
            _ => EditionId::Xiangqi2020,
        }
        .as_str()
    }
}

/// The kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// 慢棋: the event's standard time control.
    Slow,
    /// 快棋 (30.3.1).
    Rapid,
    /// 超快棋 (30.3.2).
    SuperRapid,
    /// 附加赛 (30.3.3), a draw counting as a win for black.
    Armageddon,
    /// A game of the event's own time control (local formats).
    Game,
}

/// Who has red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colours {
    /// This player has red.
    Red(Player),
    /// This player chooses.
    Chooser(Player),
    /// Drawn by lot.
    ByLot,
    /// The right to choose is drawn by lot (30.2.1's 附加赛).
    ChooserByLot,
    /// The rules do not say.
    Unspecified,
}

/// What a draw gives in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// A draw (the pairing goes on).
    Draw,
    /// A win for black (和棋黑胜).
    BlackWins,
    /// The game is played again.
    Replay,
}

/// The next game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextGame {
    /// Its number in the pairing, from 1.
    pub number: usize,
    /// Its kind.
    pub stage: Stage,
    /// The clause of its time control (`None`: the event's own).
    pub time_control: Option<&'static str>,
    /// Who has red.
    pub colours: Colours,
    /// What a draw gives.
    pub draw: DrawRule,
    /// The clauses that decide it.
    pub clauses: Vec<&'static str>,
}

/// What comes next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Next {
    /// Another game.
    Game(NextGame),
    /// The pairing is decided.
    Winner {
        /// Who goes through.
        player: Player,
        /// After how many games.
        games: usize,
        /// The clauses that decide it.
        clauses: Vec<&'static str>,
    },
}

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum GameScore {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
}

/// A game played: who had red (needed where the colours were chosen or
/// drawn), and the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Played {
    /// The result on the board.
    pub result: GameScore,
    /// Who had red.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<Player>,
}

/// What the machine needs to know before the first game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// Who has red in the first game (drawn by lot or chosen).
    pub first_red: Option<Player>,
    /// Who chose the colours of the first game (30.1.1, 30.1.3; the 2019
    /// championship: who won the first lot).
    pub chooser: Option<Player>,
    /// Who ranked higher in the first stage (30.1.1, 30.1.3).
    pub ranked_higher: Option<Player>,
}

/// A history the format cannot follow.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}: {reason}")]
pub struct KnockoutError {
    /// The 1-based game.
    pub game: usize,
    /// Why.
    pub reason: String,
}

/// What a tie-break game is, before its colours are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Colours exchanged from the last game.
    Swap(Stage),
    /// Colours drawn by lot.
    Lot(Stage),
    /// An armageddon game chosen by this player.
    ArmageddonChosen(Player),
    /// An armageddon game whose colour choice is drawn by lot.
    ArmageddonLot,
}

fn time_control(stage: Stage) -> Option<&'static str> {
    match stage {
        Stage::Rapid => Some("30.3.1"),
        Stage::SuperRapid => Some("30.3.2"),
        Stage::Armageddon => Some("30.3.3"),
        Stage::Slow | Stage::Game => None,
    }
}

struct Machine {
    start: Start,
}

impl Machine {
    fn err(&self, game: usize, reason: impl Into<String>) -> KnockoutError {
        KnockoutError {
            game,
            reason: reason.into(),
        }
    }

    fn first_red(&self) -> Result<Player, KnockoutError> {
        self.start
            .first_red
            .ok_or_else(|| self.err(1, "say who has red in the first game (`first_red`)"))
    }

    /// 30.1.1, 30.1.3: the slow game's non-chooser, or the higher ranked.
    fn armageddon_chooser(&self, game: usize) -> Result<Player, KnockoutError> {
        match (self.start.chooser, self.start.ranked_higher) {
            (Some(c), _) => Ok(c.other()),
            (None, Some(r)) => Ok(r),
            (None, None) => Err(self.err(
                game,
                "the armageddon colour choice goes to the player who did not choose colours for the slow game, or the higher ranked: give `chooser` or `ranked_higher`",
            )),
        }
    }
}

/// Follows a pairing's games under a format and says what comes next.
#[expect(
    clippy::too_many_lines,
    reason = "the knock-out match as one state machine (30.1–30.3): one arm per format and stage, each naming its clause; split, the stages would pass the same start, scores and winner closure around"
)]
pub fn next(format: Format, start: Start, played: &[Played]) -> Result<Next, KnockoutError> {
    let m = Machine { start };
    let fc = format.clause();
    let winner = |player: Player, games: usize, mut extra: Vec<&'static str>| {
        let mut clauses = vec![fc];
        clauses.append(&mut extra);
        Next::Winner {
            player,
            games,
            clauses,
        }
    };
    // The games' specifications, built as the history unfolds.
    let mut last_red: Option<Player> = None;
    let mut score = [0u32; 2]; // half-points of A and B (30.2 mini-match)
    let mut wins = [0u32; 2]; // games won (best of three)
    let mut tiebreaks_done = 0usize; // tie-break games played after the first phase
    let mut super_rapid_black: Option<Player> = None;
    let mut i = 0usize;
    loop {
        let number = i + 1;
        // What is game `number`?
        let spec: NextGame;
        let slot: Option<Slot>;
        match format {
            Format::SchoolBestOfThree => {
                let prev_drawn = i > 0 && played[i - 1].result == GameScore::Draw;
                let decisive = (wins[0] + wins[1]) as usize;
                let colours = if prev_drawn {
                    // 中小学.五: a drawn game is played again; the rules do
                    // not say with which colours.
                    Colours::Unspecified
                } else if decisive == 0 {
                    Colours::Red(m.first_red()?)
                } else if decisive == 1 {
                    Colours::Red(last_red.map_or(m.first_red()?, Player::other))
                } else {
                    Colours::ByLot
                };
                spec = NextGame {
                    number,
                    stage: Stage::Game,
                    time_control: None,
                    colours,
                    draw: DrawRule::Replay,
                    clauses: vec!["中小学.六.1", "中小学.六.2", "中小学.五"],
                };
                slot = None;
            }
            Format::RapidKnockout | Format::RapidKnockoutOpen if i < 2 => {
                let red = if i == 0 {
                    m.first_red()?
                } else {
                    last_red.map_or(m.first_red()?, Player::other)
                };
                spec = NextGame {
                    number,
                    stage: Stage::Rapid,
                    time_control: time_control(Stage::Rapid),
                    colours: Colours::Red(red),
                    draw: DrawRule::Draw,
                    clauses: vec![fc, "30.3.1"],
                };
                slot = None;
            }
            _ if i == 0 => {
                spec = NextGame {
                    number,
                    stage: Stage::Slow,
                    time_control: None,
                    colours: Colours::Red(m.first_red()?),
                    draw: DrawRule::Draw,
                    clauses: vec![fc],
                };
                slot = None;
            }
            _ => {
                let k = tiebreaks_done;
                let s = match format {
                    Format::TwoRapid | Format::Championship2019 => match k {
                        0 => Slot::Swap(Stage::Rapid),
                        _ => Slot::ArmageddonChosen(if format == Format::Championship2019 {
                            // The player without the choice in the first lot.
                            m.start.chooser.map(Player::other).ok_or_else(|| {
                                m.err(number, "say who won the first lot (`chooser`)")
                            })?
                        } else {
                            m.armageddon_chooser(number)?
                        }),
                    },
                    Format::ThreeRapid => match k {
                        0 => Slot::Swap(Stage::Rapid),
                        1 => Slot::Swap(Stage::SuperRapid),
                        _ => Slot::ArmageddonChosen(super_rapid_black.ok_or_else(|| {
                            m.err(number, "who had black in the super-rapid game is unknown")
                        })?),
                    },
                    Format::FourRapid => match k {
                        0 => Slot::Swap(Stage::Rapid),
                        1 | 2 => Slot::Swap(Stage::SuperRapid),
                        _ => Slot::ArmageddonChosen(m.armageddon_chooser(number)?),
                    },
                    Format::ManyRapid => match k {
                        0 => Slot::Swap(Stage::Rapid),
                        _ => Slot::Swap(Stage::SuperRapid),
                    },
                    Format::RapidKnockout => match k {
                        0 | 1 => Slot::Swap(Stage::SuperRapid),
                        _ => Slot::ArmageddonLot,
                    },
                    Format::RapidKnockoutOpen => match k {
                        0 => Slot::Lot(Stage::SuperRapid),
                        _ => Slot::Swap(Stage::SuperRapid),
                    },
                    Format::SchoolBestOfThree => Slot::Swap(Stage::Game),
                };
                let mut clauses = vec![fc];
                let (stage, colours, draw) = match s {
                    Slot::Swap(stage) => (
                        stage,
                        Colours::Red(last_red.map_or(m.first_red()?, Player::other)),
                        DrawRule::Draw,
                    ),
                    Slot::Lot(stage) => (stage, Colours::ByLot, DrawRule::Draw),
                    Slot::ArmageddonChosen(p) => {
                        (Stage::Armageddon, Colours::Chooser(p), DrawRule::BlackWins)
                    }
                    Slot::ArmageddonLot => (
                        Stage::Armageddon,
                        Colours::ChooserByLot,
                        DrawRule::BlackWins,
                    ),
                };
                let tc = if format == Format::Championship2019 {
                    // The regulations' figures are lost in the text; they
                    // follow the 2020 rules (锦标赛2019.九.(一)).
                    None
                } else {
                    time_control(stage)
                };
                if let Some(t) = tc {
                    clauses.push(t);
                }
                if draw == DrawRule::BlackWins && format != Format::Championship2019 {
                    clauses.push("28.6");
                }
                spec = NextGame {
                    number,
                    stage,
                    time_control: tc,
                    colours,
                    draw,
                    clauses,
                };
                slot = Some(s);
            }
        }
        let Some(game) = played.get(i) else {
            return Ok(Next::Game(spec));
        };
        // Who had red.
        let red = match (spec.colours, game.red) {
            (Colours::Red(p), None) => p,
            (Colours::Red(p), Some(q)) if p == q => p,
            (Colours::Red(p), Some(q)) => {
                return Err(m.err(number, format!("{p} has red in this game, not {q}")));
            }
            (_, Some(q)) => q,
            (_, None) => {
                return Err(m.err(
                    number,
                    "the colours were chosen or drawn: say who had red (`red`)",
                ));
            }
        };
        let black = red.other();
        let won_by = match (game.result, spec.draw) {
            (GameScore::RedWins, _) => Some(red),
            (GameScore::BlackWins, _) | (GameScore::Draw, DrawRule::BlackWins) => Some(black),
            (GameScore::Draw, _) => None,
        };
        let idx = |p: Player| match p {
            Player::A => 0,
            Player::B => 1,
        };
        last_red = Some(red);
        if spec.stage == Stage::SuperRapid {
            super_rapid_black = Some(black);
        }
        let more = i + 1 < played.len();
        let decided = |p: Player, extra: Vec<&'static str>| -> Result<Next, KnockoutError> {
            if more {
                Err(m.err(
                    number + 1,
                    format!("the pairing was decided by game {number}: {p} went through"),
                ))
            } else {
                Ok(winner(p, number, extra))
            }
        };
        match format {
            Format::SchoolBestOfThree => {
                if let Some(p) = won_by {
                    wins[idx(p)] += 1;
                    if wins[idx(p)] == 2 {
                        return decided(p, vec!["中小学.六.2"]);
                    }
                }
            }
            Format::RapidKnockout | Format::RapidKnockoutOpen if i < 2 => {
                match won_by {
                    Some(p) => score[idx(p)] += 2,
                    None => {
                        score[0] += 1;
                        score[1] += 1;
                    }
                }
                if i == 1 && score[0] != score[1] {
                    let p = if score[0] > score[1] {
                        Player::A
                    } else {
                        Player::B
                    };
                    return decided(p, vec![]);
                }
            }
            _ => {
                if let Some(p) = won_by {
                    let mut extra = Vec::new();
                    if matches!(slot, Some(Slot::ArmageddonChosen(_) | Slot::ArmageddonLot))
                        && game.result == GameScore::Draw
                        && format != Format::Championship2019
                    {
                        extra.push("28.6");
                    }
                    return decided(p, extra);
                }
                if i > 0 {
                    tiebreaks_done += 1;
                }
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(result: GameScore) -> Played {
        Played { result, red: None }
    }

    #[test]
    fn two_rapid_to_armageddon() {
        let start = Start {
            first_red: Some(Player::A),
            chooser: Some(Player::A),
            ranked_higher: None,
        };
        let n = next(
            Format::TwoRapid,
            start,
            &[g(GameScore::Draw), g(GameScore::Draw)],
        )
        .unwrap();
        match n {
            Next::Game(ng) => {
                assert_eq!(ng.stage, Stage::Armageddon);
                assert_eq!(ng.colours, Colours::Chooser(Player::B));
            }
            Next::Winner { .. } => panic!("not yet"),
        }
        let n = next(
            Format::TwoRapid,
            start,
            &[
                g(GameScore::Draw),
                g(GameScore::Draw),
                Played {
                    result: GameScore::Draw,
                    red: Some(Player::A),
                },
            ],
        )
        .unwrap();
        assert!(matches!(
            n,
            Next::Winner {
                player: Player::B,
                games: 3,
                ..
            }
        ));
    }
}
