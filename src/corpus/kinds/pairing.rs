//! The `pairing` kind (2020 articles 10–12, 附录二–五; Gomoku 26–27, 附录三–
//! 七): a pairing system and its size in, the table out. The input's
//! `system` says which: `round-robin`, `scheveningen`, `knockout-positions`,
//! `knockout-bracket`, `placement`, `double-elimination`, `crossing`,
//! `snake-groups`, `lineups`, `board-colours`, `board-order`, `final`,
//! `swiss`. `spec/corpus-format.md` describes each.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::editions::{Edition, GameKind};
use crate::pairing::combined::{self, FinalColours};
use crate::pairing::knockout::{self, Completion, Line};
use crate::pairing::scheveningen::{self, Book};
use crate::pairing::swiss::{self, FirstRound};
use crate::pairing::{Game, PairingError, lineups, round_robin};
use crate::tournament::{GameName, Tournament};

use super::{Issue, Kind, issue, mismatch, typed};

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
    /// 双败淘汰: games per losers' round.
    DoubleElimination {
        /// Places in the winners' bracket.
        places: u32,
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

fn first_round(s: Option<&str>) -> Result<FirstRound, String> {
    match s {
        None | Some("adjacent") => Ok(FirstRound::Adjacent),
        Some("head-tail") => Ok(FirstRound::HeadTail),
        Some("halves") => Ok(FirstRound::Halves),
        Some(o) => Err(format!("first_round '{o}': adjacent, head-tail or halves")),
    }
}

/// Validates a case's input and expected output for one edition.
pub(crate) fn validate(
    kind: Kind,
    input_v: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), Issue> {
    if kind != Kind::Pairing {
        return Err(issue("kind", "not a pairing kind"));
    }
    let input: PairingInput = typed("input", input_v)?;
    let e: PairingExpected = typed("expected", expected)?;
    if e == PairingExpected::default() {
        return Err(issue("expected", "expects nothing"));
    }
    if let Some(err) = &e.error {
        if !matches!(err.as_str(), "invalid" | "unsupported") {
            return Err(issue("expected", "error: `invalid` or `unsupported`"));
        }
    }
    if let PairingInput::Swiss {
        tournament,
        first_round: fr,
    } = &input
    {
        first_round(fr.as_deref()).map_err(|m| issue("input", m))?;
        if tournament.rules.is_some() {
            return Err(issue(
                "input",
                "`rules` comes from the case's edition: leave it out",
            ));
        }
        if tournament.game != game_of(edition) {
            return Err(issue("input", "the tournament's game is not the edition's"));
        }
        tournament
            .check("input.tournament")
            .map_err(|e| issue("input", e.to_string()))?;
        // The file's rounds are the expected pairings with their results:
        // they must say the same.
        if let Some(rounds) = &e.rounds {
            let recorded = recorded_rounds(tournament);
            if recorded.len() != rounds.len() {
                return Err(issue(
                    "expected",
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
                        "expected",
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

/// Runs a case; `Err` is the failure message.
pub(crate) fn run(
    _kind: Kind,
    input_v: &Value,
    expected: &Value,
    edition: &Edition,
) -> Result<(), String> {
    let input: PairingInput = typed("input", input_v).map_err(|i| i.message)?;
    let e: PairingExpected = typed("expected", expected).map_err(|i| i.message)?;
    match compute(&input, &e, edition) {
        Ok(()) if e.error.is_some() => Err(format!(
            "expected error '{}', but the pairing was made",
            e.error.clone().unwrap_or_default()
        )),
        Ok(()) => Ok(()),
        Err(Failure::Pairing(err)) => match &e.error {
            Some(want) => mismatch("error", &want.as_str(), &err_code(&err))
                .map_err(|m| format!("{m} ({err})")),
            None => Err(format!("pairing failed: {err}")),
        },
        Err(Failure::Mismatch(m)) => Err(m),
    }
}

enum Failure {
    Pairing(PairingError),
    Mismatch(String),
}

impl From<PairingError> for Failure {
    fn from(e: PairingError) -> Failure {
        Failure::Pairing(e)
    }
}

impl From<String> for Failure {
    fn from(m: String) -> Failure {
        Failure::Mismatch(m)
    }
}

fn compare_rounds(want: &[Vec<String>], got: &[Vec<String>]) -> Result<(), String> {
    if want.len() != got.len() {
        return Err(format!(
            "rounds: expected {}, got {}",
            want.len(),
            got.len()
        ));
    }
    for (k, (w, g)) in want.iter().zip(got).enumerate() {
        if w != g {
            return Err(format!(
                "round {}: expected {}, got {}",
                k + 1,
                w.join(" "),
                g.join(" ")
            ));
        }
    }
    Ok(())
}

fn compute(input: &PairingInput, e: &PairingExpected, edition: &Edition) -> Result<(), Failure> {
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
            let rounds: Vec<Vec<String>> = match games {
                Some(g) if *g > 1 => table
                    .iter()
                    .flat_map(|r| round_robin::match_games(r, *g))
                    .map(|r| texts(&r))
                    .collect(),
                _ => table.iter().map(|r| texts(r)).collect(),
            };
            if let Some(want) = &e.rounds {
                compare_rounds(want, &rounds)?;
            }
            if let Some(want) = &e.first_rounds {
                let head: Vec<Vec<String>> = rounds.iter().take(want.len()).cloned().collect();
                compare_rounds(want, &head)?;
            }
            if e.invariants == Some(true) {
                round_robin_invariants(&table, *players, *double)?;
            }
        }
        PairingInput::Scheveningen { boards } => {
            let book = match edition.game {
                GameKind::Gomoku => Book::Gomoku2025,
                _ => Book::Xiangqi2020,
            };
            let t = scheveningen::table(book, *boards)?;
            let rounds: Vec<Vec<String>> = t
                .iter()
                .map(|r| r.iter().map(|g| g.text()).collect())
                .collect();
            if let Some(want) = &e.rounds {
                compare_rounds(want, &rounds)?;
            }
            if e.invariants == Some(true) {
                let mut v = scheveningen::check(&t, *boards);
                if book == Book::Gomoku2025 {
                    // Gomoku 26.2.4 asks only that everyone meet everyone;
                    // the colour principles are the 2020 book's (附录五).
                    v.retain(|x| {
                        matches!(
                            x,
                            scheveningen::Violation::Meetings(_)
                                | scheveningen::Violation::Round(..)
                        )
                    });
                }
                if !v.is_empty() {
                    return Err(format!("invariants: {v:?}").into());
                }
            }
        }
        PairingInput::KnockoutPositions { places } => {
            if let Some(want) = &e.seed_positions {
                let got = knockout::seed_positions(*places)?;
                let got = &got[..want.len().min(got.len())];
                mismatch("seed_positions", &want.as_slice(), &got)?;
            }
            if let Some(want) = &e.bye_positions {
                let got = knockout::bye_positions(*places)?;
                let got = &got[..want.len().min(got.len())];
                mismatch("bye_positions", &want.as_slice(), &got)?;
            }
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
                    return Err(format!("completion '{o}': byes or preliminary").into());
                }
            };
            let lines = knockout::bracket(*players, *seeds, how)?;
            let got: Vec<String> = lines
                .iter()
                .map(|l| match l {
                    Line::Player(p) => p.to_string(),
                    Line::Bye => "bye".into(),
                    Line::Preliminary(a, b) => format!("{a}/{b}"),
                })
                .collect();
            if let Some(want) = &e.lines {
                mismatch("lines", want, &got)?;
            }
        }
        PairingInput::Placement { places } => {
            let got: Vec<[u32; 2]> = knockout::placement_groups(*places)?
                .into_iter()
                .map(|(a, b)| [a, b])
                .collect();
            if let Some(want) = &e.placements {
                mismatch("placements", want, &got)?;
            }
        }
        PairingInput::DoubleElimination { places } => {
            let got = knockout::losers_rounds(*places)?;
            if let Some(want) = &e.losers_rounds {
                mismatch("losers_rounds", want, &got)?;
            }
        }
        PairingInput::Crossing {
            groups,
            qualifiers,
            label,
        } => {
            let games = combined::crossing(*groups, *qualifiers)?;
            let l = label.as_deref().unwrap_or("H");
            let got: Vec<(String, BTreeSet<String>)> = games
                .iter()
                .enumerate()
                .map(|(k, (a, b))| {
                    (
                        format!("{l}{}", k + 1),
                        BTreeSet::from([a.name(*qualifiers), b.name(*qualifiers)]),
                    )
                })
                .collect();
            if let Some(want) = &e.matches {
                let mut parsed = Vec::new();
                for m in want {
                    let Some((label, game)) = m.split_once(':') else {
                        return Err(format!("match '{m}' is not `label: a-b`").into());
                    };
                    let sides: BTreeSet<String> =
                        game.trim().split('-').map(str::to_string).collect();
                    parsed.push((label.trim().to_string(), sides));
                }
                mismatch("matches", &parsed, &got)?;
            }
        }
        PairingInput::SnakeGroups { players, groups } => {
            let got = combined::snake_groups(*players, *groups)?;
            if let Some(want) = &e.groups {
                mismatch("groups", want, &got)?;
            }
        }
        PairingInput::Lineups { boards, reserves } => {
            let l = lineups::lineups(*boards, *reserves)?;
            let text = |o: &Vec<u32>| o.iter().map(u32::to_string).collect::<Vec<_>>().join("-");
            let got: Vec<String> = l.iter().map(text).collect();
            if let Some(c) = e.count {
                mismatch("count", &c, &got.len())?;
            }
            if let Some(want) = &e.orders {
                let head: Vec<String> = got.iter().take(want.len()).cloned().collect();
                mismatch("orders", want, &head)?;
            }
            if let Some(want) = &e.last {
                mismatch("last", &Some(want), &got.last())?;
            }
        }
        PairingInput::BoardColours { boards } => {
            let names = game_of(edition).colours();
            let got: Vec<String> = lineups::board_colours(*boards)
                .iter()
                .map(|&f| names[usize::from(!f)].to_string())
                .collect();
            if let Some(want) = &e.colours {
                mismatch("colours", want, &got)?;
            }
        }
        PairingInput::BoardOrder { players } => {
            let got = lineups::board_order(players);
            if let Some(want) = &e.order {
                mismatch("order", want, &got)?;
            }
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
                    let got: Vec<String> = combined::one_round_final(ranking)?
                        .into_iter()
                        .map(pair)
                        .collect();
                    if let Some(want) = &e.pairs {
                        mismatch("pairs", want, &got)?;
                    }
                }
                "two-round" => {
                    let got: Vec<String> = combined::two_round_semifinals(ranking)?
                        .into_iter()
                        .map(pair)
                        .collect();
                    if let Some(want) = &e.pairs {
                        mismatch("pairs", want, &got)?;
                    }
                }
                "n-plus-one" => {
                    let fm: BTreeMap<u32, u32> = first_moves
                        .clone()
                        .unwrap_or_default()
                        .into_iter()
                        .collect();
                    let (g, c) =
                        combined::n_plus_one_final(ranking, |p| fm.get(&p).copied().unwrap_or(0))?;
                    if let Some(want) = &e.pairs {
                        mismatch("pairs", want, &vec![pair(g)])?;
                    }
                    let got = match c {
                        FinalColours::First(p) => format!("first:{p}"),
                        FinalColours::Chooses(p) => format!("chooses:{p}"),
                    };
                    if let Some(want) = &e.first {
                        mismatch("first", want, &got)?;
                    }
                }
                "eliminate" => {
                    let got = combined::eliminate_last(ranking, eliminate.unwrap_or(0));
                    if let Some(want) = &e.order {
                        mismatch("order", want, &got)?;
                    }
                }
                o => return Err(format!("final format '{o}'").into()),
            }
        }
        PairingInput::SwissRounds { players } => {
            let (lo, hi) = swiss::recommended_rounds(*players)?;
            if let Some(want) = &e.rounds_range {
                mismatch("rounds_range", want, &[lo, hi])?;
            }
        }
        PairingInput::Swiss {
            tournament,
            first_round: fr,
        } => {
            let mut t = tournament.clone();
            t.rules = Some(edition.id.to_string());
            let how = first_round(fr.as_deref())?;
            let last = t.last_round();
            let mut got_rounds = Vec::new();
            let mut all = BTreeMap::new();
            for r in 1..=last {
                let p = swiss::pair_tournament(&t, Some(r), how)?;
                got_rounds.push(swiss_texts(&p));
                all.insert(r.to_string(), p);
            }
            if let Some(want) = &e.rounds {
                compare_rounds(want, &got_rounds).map_err(|m| {
                    let r: usize = m
                        .split_whitespace()
                        .nth(1)
                        .and_then(|x| x.trim_end_matches(':').parse().ok())
                        .unwrap_or(0);
                    let detail = all
                        .get(&r.to_string())
                        .map(|p| p.to_text(t.game.colours()))
                        .unwrap_or_default();
                    format!("{m}\n{detail}")
                })?;
            }
            let wants_next = e
                .reasons
                .iter()
                .flatten()
                .any(|(r, _)| r == &(last + 1).to_string());
            if e.next.is_none() && wants_next {
                let p = swiss::pair_tournament(&t, Some(last + 1), how)?;
                all.insert((last + 1).to_string(), p);
            }
            if let Some(want) = &e.next {
                let p = swiss::pair_tournament(&t, Some(last + 1), how)?;
                let got = swiss_texts(&p);
                if want != &got {
                    return Err(format!(
                        "next round: expected {}, got {}\n{}",
                        want.join(" "),
                        got.join(" "),
                        p.to_text(t.game.colours())
                    )
                    .into());
                }
                all.insert((last + 1).to_string(), p);
            }
            for (round, list) in e.reasons.iter().flatten() {
                let Some(p) = all.get(round) else {
                    return Err(format!("reasons: round {round} was not paired").into());
                };
                for want in list {
                    let Some(b) = p.boards.iter().find(|b| b.board == want.board) else {
                        return Err(format!("round {round}: no board {}", want.board).into());
                    };
                    let ctx = |m: String| {
                        format!(
                            "round {round}, board {}: {m}\n{}",
                            want.board,
                            p.to_text(t.game.colours())
                        )
                    };
                    if let Some(g) = &want.game {
                        let got = format!("{}-{}", b.first, b.second);
                        mismatch("game", g, &got).map_err(ctx)?;
                    }
                    if let Some(f) = &want.forms {
                        let got: Vec<String> = b
                            .reason
                            .forms
                            .iter()
                            .map(|x| x.name().to_string())
                            .collect();
                        mismatch("forms", f, &got).map_err(ctx)?;
                    }
                    if let Some(x) = want.pairer {
                        mismatch("pairer", &x, &b.reason.pairer).map_err(ctx)?;
                    }
                    if let Some(x) = &want.colour_rule {
                        mismatch("colour_rule", x, &b.reason.colour_rule).map_err(ctx)?;
                    }
                    if let Some(x) = &want.bent {
                        let got: Vec<String> = b
                            .reason
                            .bent
                            .iter()
                            .map(|s| s.split(':').next().unwrap_or("").to_string())
                            .collect();
                        mismatch("bent", x, &got).map_err(ctx)?;
                    }
                }
            }
        }
    }
    Ok(())
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

/// The JSON Schemas of the kind's input and expected output.
#[cfg(test)]
pub(crate) fn schemas(_kind: Kind) -> (schemars::Schema, schemars::Schema) {
    use schemars::schema_for;
    (schema_for!(PairingInput), schema_for!(PairingExpected))
}
