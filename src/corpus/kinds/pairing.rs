//! The `pairing` kind (2020 articles 10–12, 附录二–五; Gomoku 26–27, 附录三–
//! 七): a pairing system and its size in, the table out. The input's
//! `system` says which: `round-robin`, `scheveningen`, `knockout-positions`,
//! `knockout-draw` (Gomoku 附录三 二.(一): a drawn bracket checked),
//! `knockout-bracket`, `placement`, `double-elimination`, `crossing`,
//! `snake-groups`, `lineups`, `board-colours`, `board-order`, `final`,
//! `swiss`. `spec/corpus-format.md` describes each.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::{Edition, GameKind};
use crate::event::pairing::combined::{self, FinalColours};
use crate::event::pairing::knockout::{self, Completion, Line};
use crate::event::pairing::knockout_draw::{self, DrawViolation, DrawnPlayer};
use crate::event::pairing::scheveningen::{self, Book};
use crate::event::pairing::swiss::{self, FirstRound};
use crate::event::pairing::{Game, PairingError, lineups, round_robin};
use crate::event::tournament::{GameName, Tournament};

use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, RunError, issue, mismatch, output, to_output, typed,
    want,
};

/// `pairing` input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(tag = "system", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PairingInput {
    /// 附录二 (Gomoku 附录四): the round-robin table of `players`.
    RoundRobin {
        /// Players (2 or more).
        players: u32,
        /// 双循环: the table twice, colours exchanged the second time.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        double: bool,
        /// Games per pairing (两局制); the expected rounds then list every
        /// game, the colours alternating.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        games: Option<u32>,
    },
    /// 附录五: the Scheveningen table of the case's book.
    Scheveningen {
        /// Players a team.
        boards: u32,
    },
    /// Gomoku 附录三 三.(一): seed and bye positions.
    KnockoutPositions {
        /// Places in the bracket (a power of two).
        places: u32,
    },
    /// Gomoku 附录三 二.(一): a drawn bracket checked against the
    /// requirements on the draw's outcome.
    KnockoutDraw {
        /// Places in the bracket (a power of two).
        places: u32,
        /// The players drawn: position, name, seed, unit and technical
        /// number (those the requirements concern).
        players: Vec<DrawnPlayer>,
    },
    /// A single-elimination bracket's first-round lines.
    KnockoutBracket {
        /// Players.
        players: u32,
        /// Seeds among them (the first ones).
        seeds: u32,
        /// `byes` (轮空法, default) or `preliminary` (抢号法).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        completion: Option<String>,
    },
    /// 附加赛: the groups of places the losers play for.
    Placement {
        /// Places in the bracket.
        places: u32,
    },
    /// 双败淘汰: games per losers' round, and the final (附录四 注(3)).
    DoubleElimination {
        /// Places in the winners' bracket.
        places: u32,
        /// The final's matches so far: the bracket (`winners` or `losers`)
        /// of each match's winner.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grand_final: Option<Vec<String>>,
    },
    /// Gomoku 附录七: the crossing into the knock-out.
    Crossing {
        /// Groups.
        groups: u32,
        /// Qualifiers from each.
        qualifiers: u32,
        /// The games' label letter (`H` by default; the book uses `M` for
        /// eight groups).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    },
    /// Gomoku 附录七 一.3: players dealt into groups in a snake.
    SnakeGroups {
        /// Players.
        players: u32,
        /// Groups.
        groups: u32,
    },
    /// 11.2: line-ups of `boards` from `boards + reserves`.
    Lineups {
        /// Boards.
        boards: u32,
        /// Reserves.
        reserves: u32,
    },
    /// 12.2, 12.3: each board's colour for the team listed first.
    BoardColours {
        /// Boards.
        boards: u32,
    },
    /// 11.1: the board order by rating.
    BoardOrder {
        /// Players as `[id, rating]`, rating `null` when none.
        players: Vec<(u32, Option<u32>)>,
    },
    /// 10.4: the finals after a Swiss stage.
    Final {
        /// `one-round` (10.4.1.1), `two-round` (10.4.1.2), `n-plus-one`
        /// (10.4.3), `eliminate` (10.4.2).
        format: String,
        /// The stage's ranking, best first.
        ranking: Vec<u32>,
        /// For `n-plus-one`: first moves so far, as `[player, count]`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first_moves: Option<Vec<(u32, u32)>>,
        /// For `eliminate`: how many leave.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        eliminate: Option<usize>,
    },
    /// Gomoku 附录六 四: the rounds of a Swiss event of `players`.
    SwissRounds {
        /// Players.
        players: u32,
    },
    /// 附录三: a Swiss event; every round in the file is paired again from
    /// the rounds before it.
    Swiss {
        /// The tournament (without `rules`; the case's edition gives them).
        tournament: Box<Tournament>,
        /// Round 1's method: `adjacent` (default), `head-tail`, `halves`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first_round: Option<String>,
    },
}

/// What is expected of one Swiss board's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ReasonExpected {
    /// The board.
    pub board: u32,
    /// The game on it, `a-b` with the first mover first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The forms (同位, 错位, 异行, 同行, 拆对, 下调, 首轮), in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forms: Option<Vec<String>>,
    /// The pairer's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairer: Option<u32>,
    /// The colour clause (`4.(1)` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour_rule: Option<String>,
    /// The principles bent, by number (`11`, `9`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bent: Option<Vec<String>>,
}

/// `pairing` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PairingExpected {
    /// Each round's games, `a-b` with the first mover first, `a-bye`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<Vec<String>>>,
    /// The first rounds of a table (a prefix of `rounds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_rounds: Option<Vec<Vec<String>>>,
    /// Swiss: the number of rounds Gomoku 附录六 四 recommends, `[min, max]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds_range: Option<[u32; 2]>,
    /// Swiss: the pairing of the round after the last in the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Vec<String>>,
    /// Swiss: reasons of boards, by round number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasons: Option<BTreeMap<String, Vec<ReasonExpected>>>,
    /// The table keeps its invariants: everyone meets everyone once,
    /// colours within one, no three in a row (per cycle of a round robin).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invariants: Option<bool>,
    /// Seed positions in seed order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_positions: Option<Vec<u32>>,
    /// Bye positions in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye_positions: Option<Vec<u32>>,
    /// A bracket's first-round lines: a player's number, `bye`, or `a/b`
    /// (the winner of a preliminary game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<String>>,
    /// Groups of players (snake groups).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Vec<u32>>>,
    /// Placement groups: `[first place, players]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placements: Option<Vec<[u32; 2]>>,
    /// Games per losers' round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losers_rounds: Option<Vec<u32>>,
    /// A double elimination's final: `champion:winners`,
    /// `champion:losers` (the bracket the champion came from) or
    /// `second-match`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_final: Option<String>,
    /// Labelled games `H1: A1-B8` (a knock-out's order within a game is
    /// not compared: colours are drawn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches: Option<Vec<String>>,
    /// How many (line-ups).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// Line-ups `1-2-3-4`, in order: the first ones listed are compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<String>>,
    /// The last line-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// Board colours for the first-listed team (`red`/`black`, Gomoku
    /// `black`/`white`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colours: Option<Vec<String>>,
    /// Ids in order (board order, who goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<u32>>,
    /// Finals: the games `a-b`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<String>>,
    /// N+1 final: `first:<id>` (moves first) or `chooses:<id>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// Gomoku 附录三 二.(一): the requirements a drawn bracket breaks
    /// (empty: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_violations: Option<Vec<DrawViolation>>,
    /// `unsupported` or `invalid`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn game_of(edition: &Edition) -> GameName {
    match edition.game {
        GameKind::Gomoku => GameName::Gomoku,
        _ => GameName::Xiangqi,
    }
}

fn first_round(s: Option<&str>) -> Result<FirstRound, CaseError> {
    match s {
        None | Some("adjacent") => Ok(FirstRound::Adjacent),
        Some("head-tail") => Ok(FirstRound::HeadTail),
        Some("halves") => Ok(FirstRound::Halves),
        Some(o) => Err(issue(
            Part::Input,
            format!("first_round '{o}': adjacent, head-tail or halves"),
        )),
    }
}

/// A tournament's recorded rounds as `a-b` (first mover first) and `a-bye`.
fn recorded_rounds(t: &Tournament) -> Vec<Vec<String>> {
    t.rounds
        .iter()
        .map(|r| {
            let mut v: Vec<String> = r
                .games
                .iter()
                .map(|g| {
                    let [a, b] = g.sides(t.game);
                    format!(
                        "{}-{}",
                        a.map(|x| x.to_string()).unwrap_or_default(),
                        b.map(|x| x.to_string()).unwrap_or_default()
                    )
                })
                .collect();
            v.extend(r.matches.iter().map(|m| {
                let [a, b] = m.sides(t.game);
                format!(
                    "{}-{}",
                    a.map(|x| x.to_string()).unwrap_or_default(),
                    b.map(|x| x.to_string()).unwrap_or_default()
                )
            }));
            v.extend(r.byes.iter().map(|b| format!("{b}-bye")));
            v
        })
        .collect()
}

fn err_code(e: &PairingError) -> &'static str {
    match e {
        PairingError::Unsupported(_) => "unsupported",
        _ => "invalid",
    }
}

fn texts(round: &[Game]) -> Vec<String> {
    round.iter().map(Game::text).collect()
}

/// The answer, and a text for a human when a comparison fails: the
/// pairing error, the invariant broken, or the Swiss rounds with their
/// reasons.
fn answer_with_reason(
    input_v: &Value,
    edition: &Edition,
) -> Result<(Value, Option<String>), CaseError> {
    let input: PairingInput = typed(Part::Input, input_v)?;
    let (out, why) = match compute(&input, edition) {
        Ok(x) => x,
        Err(Failure::Pairing(err)) => (
            PairingExpected {
                error: Some(err_code(&err).to_string()),
                ..PairingExpected::default()
            },
            Some(err.to_string()),
        ),
        Err(Failure::Input(m)) => return Err(m),
    };
    Ok((to_output(&out)?, why))
}

/// The expected list is a prefix of the answer's.
fn prefix<T: std::fmt::Debug + PartialEq + Clone>(
    what: &str,
    expected: &Option<Vec<T>>,
    got: &Option<Vec<T>>,
) -> Result<(), Mismatch> {
    let Some(w) = expected else { return Ok(()) };
    let Some(g) = got else {
        return Err(Mismatch::Absent {
            key: what.to_string(),
            expected: format!("{w:?}"),
        });
    };
    let head = &g[..w.len().min(g.len())];
    mismatch(what, &w.as_slice(), &head)
}

/// Labelled games `H1: A1-B8` as label and the set of the two sides (a
/// knock-out's colours are drawn, so the order within a game is not
/// compared).
fn parse_matches(list: &[String]) -> Result<Vec<(String, BTreeSet<String>)>, Mismatch> {
    list.iter()
        .map(|m| {
            let Some((label, game)) = m.split_once(':') else {
                return Err(Mismatch::described(format!(
                    "match '{m}' is not `label: a-b`"
                )));
            };
            let sides: BTreeSet<String> = game.trim().split('-').map(str::to_string).collect();
            Ok((label.trim().to_string(), sides))
        })
        .collect()
}

enum Failure {
    /// The pairing cannot be made (an answer: `error`).
    Pairing(PairingError),
    /// The input cannot be run.
    Input(CaseError),
}

impl From<PairingError> for Failure {
    fn from(e: PairingError) -> Failure {
        Failure::Pairing(e)
    }
}

impl From<CaseError> for Failure {
    fn from(e: CaseError) -> Failure {
        Failure::Input(e)
    }
}

fn compare_rounds(want: &[Vec<String>], got: &[Vec<String>]) -> Result<(), Mismatch> {
    if want.len() != got.len() {
        return Err(Mismatch::described(format!(
            "rounds: expected {}, got {}",
            want.len(),
            got.len()
        )));
    }
    for (k, (w, g)) in want.iter().zip(got).enumerate() {
        if w != g {
            return Err(Mismatch::described(format!(
                "round {}: expected {}, got {}",
                k + 1,
                w.join(" "),
                g.join(" ")
            )));
        }
    }
    Ok(())
}

fn lines_text(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|l| match l {
            Line::Player(p) => p.to_string(),
            Line::Bye => "bye".into(),
            Line::Preliminary(a, b) => format!("{a}/{b}"),
        })
        .collect()
}

/// The answer for a valid input, with the text for a human.
#[expect(
    clippy::too_many_lines,
    reason = "one short arm per pairing system (round robin, Swiss, knock-out, combined, Scheveningen, line-ups), each calling that system's module: a table written as code"
)]
fn compute(
    input: &PairingInput,
    edition: &Edition,
) -> Result<(PairingExpected, Option<String>), Failure> {
    let mut out = PairingExpected::default();
    let mut why = None;
    match input {
        PairingInput::RoundRobin {
            players,
            double,
            games,
        } => {
            if games.is_some_and(|g| g > round_robin::MAX_GAMES) {
                return Err(PairingError::Unsupported(format!(
                    "at most {} games a pairing",
                    round_robin::MAX_GAMES
                ))
                .into());
            }
            let table = if *double {
                round_robin::double_table(*players)?
            } else {
                round_robin::table(*players)?
            };
            out.rounds = Some(match games {
                Some(g) if *g > 1 => table
                    .iter()
                    .flat_map(|r| round_robin::match_games(r, *g))
                    .map(|r| texts(&r))
                    .collect(),
                _ => table.iter().map(|r| texts(r)).collect(),
            });
            let inv = round_robin_invariants(&table, *players, *double);
            out.invariants = Some(inv.is_ok());
            why = inv.err().map(|m| format!("invariants: {m}"));
        }
        PairingInput::Scheveningen { boards } => {
            let book = match edition.game {
                GameKind::Gomoku => Book::Gomoku2025,
                _ => Book::Xiangqi2020,
            };
            let t = scheveningen::table(book, *boards)?;
            out.rounds = Some(
                t.iter()
                    .map(|r| r.iter().map(|g| g.text()).collect())
                    .collect(),
            );
            let mut v = scheveningen::check(&t, *boards);
            if book == Book::Gomoku2025 {
                // Gomoku 26.2.4 asks only that everyone meet everyone;
                // the colour principles are the 2020 book's (附录五).
                v.retain(|x| {
                    matches!(
                        x,
                        scheveningen::Violation::Meetings(_) | scheveningen::Violation::Round(..)
                    )
                });
            }
            out.invariants = Some(v.is_empty());
            if !v.is_empty() {
                why = Some(format!("invariants: {v:?}"));
            }
        }
        PairingInput::KnockoutDraw { places, players } => {
            out.draw_violations = Some(knockout_draw::check_draw(*places, players)?);
        }
        PairingInput::KnockoutPositions { places } => {
            out.seed_positions = Some(knockout::seed_positions(*places)?);
            out.bye_positions = Some(knockout::bye_positions(*places)?);
        }
        PairingInput::KnockoutBracket {
            players,
            seeds,
            completion,
        } => {
            let how = match completion.as_deref() {
                None | Some("byes") => Completion::Byes,
                Some("preliminary") => Completion::Preliminary,
                Some(o) => {
                    return Err(issue(
                        Part::Input,
                        format!("completion '{o}': byes or preliminary"),
                    )
                    .into());
                }
            };
            out.lines = Some(lines_text(&knockout::bracket(*players, *seeds, how)?));
        }
        PairingInput::Placement { places } => {
            out.placements = Some(
                knockout::placement_groups(*places)?
                    .into_iter()
                    .map(|(a, b)| [a, b])
                    .collect(),
            );
        }
        PairingInput::DoubleElimination {
            places,
            grand_final,
        } => {
            out.losers_rounds = Some(knockout::losers_rounds(*places)?);
            if let Some(list) = grand_final {
                let matches = list
                    .iter()
                    .map(|b| match b.as_str() {
                        "winners" => Ok(knockout::Bracket::Winners),
                        "losers" => Ok(knockout::Bracket::Losers),
                        o => Err(PairingError::Invalid(format!(
                            "grand_final: '{o}' (expected winners or losers)"
                        ))),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                out.grand_final = Some(match knockout::grand_final(&matches)? {
                    knockout::GrandFinal::Champion(knockout::Bracket::Winners) => {
                        "champion:winners".into()
                    }
                    knockout::GrandFinal::Champion(knockout::Bracket::Losers) => {
                        "champion:losers".into()
                    }
                    knockout::GrandFinal::SecondMatch => "second-match".into(),
                });
            }
        }
        PairingInput::Crossing {
            groups,
            qualifiers,
            label,
        } => {
            let games = combined::crossing(*groups, *qualifiers)?;
            let l = label.as_deref().unwrap_or("H");
            out.matches = Some(
                games
                    .iter()
                    .enumerate()
                    .map(|(k, (a, b))| {
                        format!(
                            "{l}{}: {}-{}",
                            k + 1,
                            a.name(*qualifiers),
                            b.name(*qualifiers)
                        )
                    })
                    .collect(),
            );
        }
        PairingInput::SnakeGroups { players, groups } => {
            out.groups = Some(combined::snake_groups(*players, *groups)?);
        }
        PairingInput::Lineups { boards, reserves } => {
            let l = lineups::lineups(*boards, *reserves)?;
            let text = |o: &Vec<u32>| o.iter().map(u32::to_string).collect::<Vec<_>>().join("-");
            let all: Vec<String> = l.iter().map(text).collect();
            out.count = Some(all.len());
            out.last = all.last().cloned();
            out.orders = Some(all);
        }
        PairingInput::BoardColours { boards } => {
            let names = game_of(edition).colours();
            out.colours = Some(
                lineups::board_colours(*boards)
                    .iter()
                    .map(|&f| names[usize::from(!f)].to_string())
                    .collect(),
            );
        }
        PairingInput::BoardOrder { players } => {
            out.order = Some(lineups::board_order(players));
        }
        PairingInput::Final {
            format,
            ranking,
            first_moves,
            eliminate,
        } => {
            let pair = |(a, b): (u32, u32)| format!("{a}-{b}");
            match format.as_str() {
                "one-round" => {
                    out.pairs = Some(
                        combined::one_round_final(ranking)?
                            .into_iter()
                            .map(pair)
                            .collect(),
                    );
                }
                "two-round" => {
                    out.pairs = Some(
                        combined::two_round_semifinals(ranking)?
                            .into_iter()
                            .map(pair)
                            .collect(),
                    );
                }
                "n-plus-one" => {
                    let fm: BTreeMap<u32, u32> = first_moves
                        .clone()
                        .unwrap_or_default()
                        .into_iter()
                        .collect();
                    let (g, c) =
                        combined::n_plus_one_final(ranking, |p| fm.get(&p).copied().unwrap_or(0))?;
                    out.pairs = Some(vec![pair(g)]);
                    out.first = Some(match c {
                        FinalColours::First(p) => format!("first:{p}"),
                        FinalColours::Chooses(p) => format!("chooses:{p}"),
                    });
                }
                "eliminate" => {
                    out.order = Some(combined::eliminate_last(ranking, eliminate.unwrap_or(0)));
                }
                o => return Err(issue(Part::Input, format!("final format '{o}'")).into()),
            }
        }
        PairingInput::SwissRounds { players } => {
            let (lo, hi) = swiss::recommended_rounds(*players)?;
            out.rounds_range = Some([lo, hi]);
        }
        PairingInput::Swiss {
            tournament,
            first_round: fr,
        } => {
            let mut t = tournament.clone();
            t.rules = Some(edition.id.to_string());
            let how = first_round(fr.as_deref())?;
            let last = t.last_round();
            let mut rounds = Vec::new();
            let mut reasons = BTreeMap::new();
            let mut text = String::new();
            for r in 1..=last + 1 {
                let p = match swiss::pair_tournament(&t, Some(r), how) {
                    Ok(p) => p,
                    // The round after the last may not be pairable (the
                    // event is over): the answer then has no `next`.
                    Err(e) if r == last + 1 => {
                        text.push_str(&format!("round {r}: {e}\n"));
                        break;
                    }
                    Err(e) => return Err(e.into()),
                };
                if r <= last {
                    rounds.push(swiss_texts(&p));
                } else {
                    out.next = Some(swiss_texts(&p));
                }
                text.push_str(&format!("round {r}:\n{}\n", p.to_text(t.game.colours())));
                reasons.insert(r.to_string(), swiss_reasons(&p));
            }
            out.rounds = Some(rounds);
            out.reasons = Some(reasons);
            why = Some(text.trim_end().to_string());
        }
    }
    Ok((out, why))
}

/// Every board's reason, in the shape of [`ReasonExpected`].
fn swiss_reasons(p: &swiss::RoundPairing) -> Vec<ReasonExpected> {
    p.boards
        .iter()
        .map(|b| ReasonExpected {
            board: b.board,
            game: Some(format!("{}-{}", b.first, b.second)),
            forms: Some(
                b.reason
                    .forms
                    .iter()
                    .map(|x| x.name().to_string())
                    .collect(),
            ),
            pairer: Some(b.reason.pairer),
            colour_rule: Some(b.reason.colour_rule.clone()),
            bent: Some(
                b.reason
                    .bent
                    .iter()
                    .map(|s| s.split(':').next().unwrap_or("").to_string())
                    .collect(),
            ),
        })
        .collect()
}

fn swiss_texts(p: &swiss::RoundPairing) -> Vec<String> {
    let mut v: Vec<String> = p
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.first, b.second))
        .collect();
    if let Some(b) = &p.bye {
        v.push(format!("{}-bye", b.id));
    }
    v
}

/// Everyone meets everyone once per cycle; each player's colours within
/// one of balanced and never three times running (per cycle; a bye does
/// not break a run).
fn round_robin_invariants(table: &[Vec<Game>], players: u32, double: bool) -> Result<(), String> {
    let cycles = if double { 2 } else { 1 };
    let per = table.len() / cycles;
    for c in 0..cycles {
        let part = &table[c * per..(c + 1) * per];
        let mut met = BTreeSet::new();
        let mut balance: BTreeMap<u32, i32> = BTreeMap::new();
        let mut runs: BTreeMap<u32, (bool, u32)> = BTreeMap::new();
        for (r, round) in part.iter().enumerate() {
            let mut seen = BTreeSet::new();
            for g in round {
                if !seen.insert(g.first) {
                    return Err(format!("round {}: {} twice", r + 1, g.first));
                }
                if let Some(b) = g.second {
                    if !seen.insert(b) {
                        return Err(format!("round {}: {b} twice", r + 1));
                    }
                    if !met.insert((g.first.min(b), g.first.max(b))) {
                        return Err(format!("{}-{b} meet twice", g.first));
                    }
                    *balance.entry(g.first).or_default() += 1;
                    *balance.entry(b).or_default() -= 1;
                    for (p, first) in [(g.first, true), (b, false)] {
                        let run = runs.entry(p).or_insert((first, 0));
                        *run = if run.0 == first {
                            (first, run.1 + 1)
                        } else {
                            (first, 1)
                        };
                        if run.1 >= 3 {
                            return Err(format!("player {p}: three in a row to round {}", r + 1));
                        }
                    }
                }
            }
            if seen.len() != players as usize {
                return Err(format!("round {}: {} players", r + 1, seen.len()));
            }
        }
        let pairs = (players * (players - 1) / 2) as usize;
        if met.len() != pairs {
            return Err(format!("{} of {pairs} pairs meet", met.len()));
        }
        if let Some((p, b)) = balance.iter().find(|(_, b)| b.abs() > 1) {
            return Err(format!("player {p}: colours {b:+}"));
        }
    }
    Ok(())
}

/// `pairing`: a pairing table or a Swiss round.
pub(crate) struct PairingKind;

impl CaseKind for PairingKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input_v: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let input: PairingInput = typed(Part::Input, input_v)?;
        let e: PairingExpected = typed(Part::Expected, expected)?;
        if e == PairingExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if let Some(err) = &e.error
            && !matches!(err.as_str(), "invalid" | "unsupported")
        {
            return Err(issue(Part::Expected, "error: `invalid` or `unsupported`"));
        }
        if let PairingInput::Swiss {
            tournament,
            first_round: fr,
        } = &input
        {
            first_round(fr.as_deref())?;
            if tournament.rules.is_some() {
                return Err(issue(
                    Part::Input,
                    "`rules` comes from the case's edition: leave it out",
                ));
            }
            if tournament.game != game_of(edition) {
                return Err(issue(
                    Part::Input,
                    "the tournament's game is not the edition's",
                ));
            }
            tournament
                .check("input.tournament")
                .map_err(|e| issue(Part::Input, e.to_string()))?;
            // The file's rounds are the expected pairings with their results:
            // they must say the same.
            if let Some(rounds) = &e.rounds {
                let recorded = recorded_rounds(tournament);
                if recorded.len() != rounds.len() {
                    return Err(issue(
                        Part::Expected,
                        format!(
                            "{} rounds expected, the tournament has {}",
                            rounds.len(),
                            recorded.len()
                        ),
                    ));
                }
                for (k, (want, file)) in rounds.iter().zip(&recorded).enumerate() {
                    if want != file {
                        return Err(issue(
                            Part::Expected,
                            format!(
                                "round {}: expected {want:?}, but the tournament records {file:?}",
                                k + 1
                            ),
                        ));
                    }
                }
            }
        }

        Ok(())
    }

    /// qigui's answer to a case: every key of [`PairingExpected`] the
    /// input's system gives, complete (all the rounds, every line-up, every
    /// Swiss board's reason), or only `error`.
    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        answer_with_reason(input, edition).map(|(v, _)| v)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: PairingExpected = typed(Part::Expected, expected)?;
        let g: PairingExpected = output(Kind::Pairing, got)?;
        match (&e.error, &g.error) {
            (Some(w), Some(x)) => return mismatch("error", w, x),
            (Some(w), None) => {
                return Err(Mismatch::described(format!(
                    "expected error '{w}', but the pairing was made"
                )));
            }
            (None, Some(x)) => return Err(Mismatch::described(format!("pairing failed: {x}"))),
            (None, None) => {}
        }
        if let Some(want) = &e.rounds {
            compare_rounds(want, g.rounds.as_deref().unwrap_or_default())?;
        }
        if let Some(want) = &e.first_rounds {
            // A prefix of the table: the answer's `rounds`, or its own
            // `first_rounds`.
            let all = g.rounds.as_ref().or(g.first_rounds.as_ref());
            let head: Vec<Vec<String>> = all
                .into_iter()
                .flatten()
                .take(want.len())
                .cloned()
                .collect();
            compare_rounds(want, &head)?;
        }
        want("rounds_range", &e.rounds_range, &g.rounds_range)?;
        if let Some(w) = &e.next {
            let got = g.next.as_deref().unwrap_or_default();
            if w.as_slice() != got {
                return Err(Mismatch::described(format!(
                    "next round: expected {}, got {}",
                    w.join(" "),
                    got.join(" ")
                )));
            }
        }
        if let Some(w) = e.invariants {
            mismatch("invariants", &Some(w), &g.invariants)?;
        }
        prefix("seed_positions", &e.seed_positions, &g.seed_positions)?;
        prefix("bye_positions", &e.bye_positions, &g.bye_positions)?;
        want("lines", &e.lines, &g.lines)?;
        want("groups", &e.groups, &g.groups)?;
        want("placements", &e.placements, &g.placements)?;
        want("losers_rounds", &e.losers_rounds, &g.losers_rounds)?;
        want("grand_final", &e.grand_final, &g.grand_final)?;
        if let Some(w) = &e.matches {
            let got = g.matches.clone().unwrap_or_default();
            mismatch("matches", &parse_matches(w)?, &parse_matches(&got)?)?;
        }
        if let Some(c) = e.count {
            let got = g
                .count
                .or_else(|| g.orders.as_ref().map(Vec::len))
                .unwrap_or(0);
            mismatch("count", &c, &got)?;
        }
        prefix("orders", &e.orders, &g.orders)?;
        if let Some(w) = &e.last {
            let got = g
                .last
                .clone()
                .or_else(|| g.orders.as_ref().and_then(|o| o.last().cloned()));
            mismatch("last", &Some(w.clone()), &got)?;
        }
        want("colours", &e.colours, &g.colours)?;
        want("draw_violations", &e.draw_violations, &g.draw_violations)?;
        want("order", &e.order, &g.order)?;
        want("pairs", &e.pairs, &g.pairs)?;
        want("first", &e.first, &g.first)?;
        for (round, list) in e.reasons.iter().flatten() {
            let Some(boards) = g.reasons.as_ref().and_then(|r| r.get(round)) else {
                return Err(Mismatch::described(format!(
                    "reasons: the answer has none for round {round}"
                )));
            };
            for w in list {
                let Some(b) = boards.iter().find(|b| b.board == w.board) else {
                    return Err(Mismatch::described(format!(
                        "round {round}: no board {}",
                        w.board
                    )));
                };
                let ctx = |m: Mismatch| m.within(format!("round {round}, board {}: ", w.board));
                want("game", &w.game, &b.game).map_err(ctx)?;
                want("forms", &w.forms, &b.forms).map_err(ctx)?;
                want("pairer", &w.pairer, &b.pairer).map_err(ctx)?;
                want("colour_rule", &w.colour_rule, &b.colour_rule).map_err(ctx)?;
                want("bent", &w.bent, &b.bent).map_err(ctx)?;
            }
        }

        Ok(())
    }

    /// A failure comes with qigui's own reason (the pairing error, the
    /// invariant broken, or the Swiss rounds), on the next line.
    fn run(&self, input: &Value, expected: &Value, edition: &Edition) -> Result<(), RunError> {
        let (got, why) = answer_with_reason(input, edition)?;
        self.check(expected, &got).map_err(|m| match why {
            Some(w) => RunError::Differs(m.detailed(format!("\n{w}"))),
            None => RunError::Differs(m),
        })
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(PairingInput),
            schemars::schema_for!(PairingExpected),
        )
    }
}
