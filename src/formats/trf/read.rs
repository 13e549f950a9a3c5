//! Reading TRF-2026: the lines sorted by record type, the qigui extension
//! (`### qigui …`), the players and their round columns (001), a round
//! paired but not yet played, the games, fouls and byes (240), the teams
//! (310, 013), their matches rebuilt from the line-ups (300) and the
//! forfeited matches (330).

use std::collections::{BTreeMap, BTreeSet};

use super::Slot;
use super::director::{self, PointSystem, TrfNote};
use crate::event::standings::points::Points;
use crate::event::tournament::{
    EventType, FinalEntry, GameEntry, GameName, GameScoring, Id, MatchEntry, MatchScoring,
    PenaltyEntry, PenaltyKind, Player, ResultCode, RoundEntry, System, Team, TeamRanking,
    TiebreakChoice, Tournament, TournamentError, WithdrawalEntry,
};
/// Splits on CR LF, CR or LF.
fn split_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\r' || b[i] == b'\n' {
            out.push(&text[start..i]);
            if b[i] == b'\r' && i + 1 < b.len() && b[i + 1] == b'\n' {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Characters `from..=to` (1-based), trimmed.
fn field(chars: &[char], from: usize, to: usize) -> String {
    if from == 0 || from > chars.len() {
        return String::new();
    }
    let to = to.min(chars.len());
    chars[from - 1..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn char_at(chars: &[char], pos: usize) -> char {
    chars.get(pos.wrapping_sub(1)).copied().unwrap_or(' ')
}

/// A round that is paired but not yet played: the last round column of a
/// TRF file whose games all have a blank result (what `qigui pair swiss
/// --format trf` writes, and what pairing programs exchange before the
/// results are in).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairedRound {
    /// The round's number.
    pub round: u32,
    /// The games: (first mover, second mover), in the order of the first
    /// mover's starting rank.
    pub games: Vec<(Id, Id)>,
    /// Who has the bye (轮空): `0000` with `U` or `F` in the column.
    pub byes: Vec<Id>,
}

impl PairedRound {
    /// The pairing as lines (first mover, second mover or `None` for the
    /// bye), games sorted by their first mover's number, then the byes: the
    /// shape of [`crate::event::pairing::swiss::pairing_lines`] once sorted the
    /// same way.
    pub fn lines(&self) -> Vec<(Id, Option<Id>)> {
        let mut v: Vec<(Id, Option<Id>)> = self
            .games
            .iter()
            .map(|(a, b)| (a.clone(), Some(b.clone())))
            .collect();
        v.extend(self.byes.iter().map(|b| (b.clone(), None)));
        v
    }
}

/// Reads TRF-2026 text; `file` names it in errors (`file:line:column`).
/// A last round that is paired but not yet played is left out (see
/// [`read_paired`]), so the tournament is the rounds played.
pub fn read(text: &str, file: &str) -> Result<Tournament, TournamentError> {
    read_paired(text, file).map(|(t, _)| t)
}

/// Where in the file: errors name `file:line:column`, or the file alone.
#[derive(Clone, Copy)]
struct Loc<'a> {
    file: &'a str,
}

impl Loc<'_> {
    /// An error at `line`, `col` (1-based).
    fn at(self, line: usize, col: usize, m: String) -> TournamentError {
        TournamentError::at(format!("{}:{line}:{col}", self.file), m)
    }

    /// An error of the file as a whole.
    fn whole(self, m: String) -> TournamentError {
        TournamentError::at(self.file, m)
    }
}

/// A line of the file: its number and its characters.
type Line = (usize, Vec<char>);

/// The round columns: (column, player) → the slot, with the line and the
/// position it was read at.
type Slots = BTreeMap<(usize, u32), (Slot, usize, usize)>;

/// A 300 record: round, the team, its opponent, the team's player on each
/// board.
type Lineup = (u32, Id, Id, Vec<u32>);

/// The file's lines sorted by record type, and what the qigui extension
/// says beyond the tournament's own fields.
#[derive(Default)]
struct Records {
    /// Whether `### qigui system` named the system.
    system_given: bool,
    /// Record 092, lower case.
    type_text: String,
    /// Record 142: the rounds.
    rounds_142: Option<u32>,
    /// `### qigui round-map`: each column's round.
    round_map: Option<Vec<u32>>,
    /// `### qigui cycle`: round → cycle.
    cycles: BTreeMap<u32, u32>,
    /// `### qigui foul`: line, column, player, count.
    fouls: Vec<(usize, usize, u32, u32)>,
    /// `### qigui team-id` and the team records: team number → id.
    team_ids: BTreeMap<usize, Id>,
    /// Records 001.
    players: Vec<Line>,
    /// Records 310 and 013.
    teams: Vec<Line>,
    /// Records 300.
    lineups: Vec<Line>,
    /// Records 330.
    forfeits: Vec<Line>,
    /// Records 240.
    byes: Vec<Line>,
    /// Record 092's line and its text as written.
    type_line: Option<(usize, String)>,
    /// Record 162 (the point system).
    points_162: Option<Line>,
    /// Records 202 and 212 (tie-break lists): record, line, the list.
    tiebreak_lists: Vec<(&'static str, usize, String)>,
    /// Records 299 (bonus points, with the qigui scoring extension).
    bonus: Vec<Line>,
}

/// The games read from the round columns, by round.
struct Games {
    /// Round number → the round.
    rounds: BTreeMap<u32, RoundEntry>,
    /// (column, player) → round and index in its games, for fouls.
    game_at: BTreeMap<(usize, u32), (u32, usize)>,
    /// Forfeits without an opponent (a team's board): column, player, slot.
    lone: Vec<(usize, u32, Slot)>,
}

/// Reads TRF-2026 text: the rounds played, and the round paired but not
/// yet played, if the last round column has opponents and colours but no
/// results at all. Only an individual event's last column may be unplayed;
/// a column with some results and some blanks is refused, naming the game.
pub fn read_paired(
    text: &str,
    file: &str,
) -> Result<(Tournament, Option<PairedRound>), TournamentError> {
    read_noted(text, file).map(|r| (r.tournament, r.paired))
}

/// What [`read_noted`] reads: the tournament, the round paired but not
/// yet played, and the notes on what the file says that the rules read
/// otherwise or that qigui had to assume.
#[derive(Clone, Debug, PartialEq)]
pub struct TrfRead {
    /// The rounds played.
    pub tournament: Tournament,
    /// The last round, if it is paired and not yet played.
    pub paired: Option<PairedRound>,
    /// Notes for the tournament director (`director.rs`): record 162's
    /// A and P against the rules, tie-break codes (202, 212) the CXA rules
    /// do not have, points (001 positions 81–84) the games do not give,
    /// the system assumed without a record 092 naming one.
    pub notes: Vec<TrfNote>,
}

/// Reads TRF-2026 text as [`read_paired`] does, with the notes a
/// tournament director should read (`spec/tournament-format.md`, "TRF as
/// tournament directors write it").
/// ```
/// use qigui::event::System;
/// use qigui::formats::trf;
///
/// // No record 092, and the two players met once: a round robin (14.1),
/// // and a note that says so.
/// let text = "\
/// 001    1      Li                                                                 1.0    1     2 w 1
/// 001    2      Wang                                                               0.0    2     1 b 0
/// ";
/// let read = trf::read_noted(text, "club.trf")?;
/// assert_eq!(read.tournament.system, System::RoundRobin);
/// assert_eq!(read.notes.len(), 1);
/// assert!(read.notes[0].message.contains("no record 092"));
/// # Ok::<(), qigui::event::TournamentError>(())
/// ```
pub fn read_noted(text: &str, file: &str) -> Result<TrfRead, TournamentError> {
    let loc = Loc { file };
    let at = director::At { file };
    let mut t = Tournament::new(GameName::Xiangqi, System::Swiss);
    let mut rec = scan(text, loc, &mut t)?;
    let named = system_of_type(&rec.type_text);
    if !rec.system_given {
        t.system = named.unwrap_or(System::Swiss);
    }
    let scoring_given = t.scoring.is_some();
    let points_162 = match &rec.points_162 {
        Some((n, chars)) => Some((*n, director::read_162(*n, chars, &at)?)),
        None => None,
    };
    let (mut slots, ncols) = read_players(&mut t, &rec.players, loc)?;
    let mut notes = check_points(&rec, &slots, points_162.map(|p| p.1), &at);
    let mut map = column_rounds(rec.round_map.take(), ncols, loc)?;
    let paired = paired_round(&t, &slots, &map, ncols, loc)?;
    // Who met whom, every column (the paired round too): for the system.
    let mut opponents: BTreeMap<u32, Vec<(u32, char)>> = BTreeMap::new();
    for (&(_, p), (s, _, _)) in &slots {
        opponents.entry(p).or_default().push((s.opponent, s.result));
    }
    if let Some(pr) = &paired {
        let col = ncols - 1;
        slots.retain(|(c, _), _| *c != col);
        map.retain(|&r| r != pr.round);
    }
    let mut games = read_games(&t, &slots, &map, &rec.cycles, loc)?;
    apply_fouls(&t, &rec.fouls, &mut games, loc)?;
    read_byes(&t, &rec.byes, &rec.team_ids, &mut games.rounds, loc)?;
    read_teams(&mut t, &rec.teams, &mut rec.team_ids, loc)?;
    if t.event == EventType::Team && t.team_ranking != Some(TeamRanking::Placings) {
        // Rebuild the matches from the line-ups (300) and the games.
        let lineups = read_lineups(&rec.lineups, &rec.team_ids, loc)?;
        let members = t.team_members();
        for (&round, entry) in games.rounds.iter_mut() {
            let played = std::mem::take(&mut entry.games);
            let lone: Vec<(u32, &Slot)> = games
                .lone
                .iter()
                .filter(|(c, _, _)| map.get(*c).copied() == Some(round))
                .map(|(_, p, s)| (*p, s))
                .collect();
            entry.matches = round_matches(t.game, round, played, &lone, &lineups, &members, loc)?;
        }
        read_forfeited_matches(t.game, &rec.forfeits, &rec.team_ids, &mut games.rounds, loc)?;
    }
    let (mut t, paired) = finish(t, games.rounds, rec.rounds_142, paired, loc)?;
    if !rec.system_given && named.is_none() {
        let line = rec.type_line.as_ref().map(|(n, s)| (*n, s.as_str()));
        let (system, note) = director::infer_system(&t, &opponents, line, &at);
        t.system = system;
        notes.push(note);
    }
    if let (Some((n, ps)), false) = (points_162, scoring_given) {
        notes.extend(director::apply_162(&mut t, &ps, n, &at));
    }
    // 202 first: of the two lists, 202 breaks ties (212 defines standings).
    if let Some((record, n, list)) = rec
        .tiebreak_lists
        .iter()
        .find(|(r, _, _)| *r == "202")
        .or_else(|| rec.tiebreak_lists.first())
    {
        notes.extend(director::apply_tiebreaks(&mut t, record, *n, list, &at));
    }
    Ok(TrfRead {
        tournament: t,
        paired,
        notes,
    })
}

/// The points check of 001 positions 81–84 (`director::check_points`):
/// each player's result codes and the 299 bonus points, under record 162's
/// point system (`ps`), TRF's defaults without it.
fn check_points(
    rec: &Records,
    slots: &Slots,
    ps: Option<PointSystem>,
    at: &director::At,
) -> Vec<TrfNote> {
    let mut results: BTreeMap<u32, Vec<char>> = BTreeMap::new();
    for (&(_, p), (s, _, _)) in slots {
        results.entry(p).or_default().push(s.result);
    }
    let mut bonus: BTreeMap<u32, Points> = BTreeMap::new();
    for (_, chars) in &rec.bonus {
        // 299: points at 14–17, players from 24 on, every 5 columns.
        let Some(value) = Points::parse(&field(chars, 14, 17)) else {
            continue;
        };
        let mut pos = 24;
        while pos <= chars.len() {
            if let Ok(id) = field(chars, pos, pos + 3).parse::<u32>() {
                let sum = bonus.entry(id).or_insert(Points::ZERO);
                *sum = *sum + value;
            }
            pos += 5;
        }
    }
    director::check_points(
        &rec.players,
        &results,
        &bonus,
        &ps.unwrap_or_else(PointSystem::fide),
        ps.is_some(),
        at,
    )
}

/// Sorts the lines by record type and reads the header records (012, 092,
/// 142) and the qigui extension into `t` as they come.
fn scan(text: &str, loc: Loc, t: &mut Tournament) -> Result<Records, TournamentError> {
    let mut rec = Records::default();
    for (i, raw) in split_lines(text).into_iter().enumerate() {
        let n = i + 1;
        let chars: Vec<char> = raw.chars().collect();
        if raw.trim().is_empty() {
            continue;
        }
        if let Some(rest) = raw.strip_prefix("### qigui ") {
            read_extension(rest, n, loc, t, &mut rec)?;
            continue;
        }
        if raw.starts_with("###") {
            continue;
        }
        let tag = field(&chars, 1, 3);
        match tag.as_str() {
            "012" => t.name = Some(field(&chars, 5, chars.len())).filter(|s| !s.is_empty()),
            "092" => {
                let text = field(&chars, 5, chars.len());
                rec.type_text = text.to_ascii_lowercase();
                rec.type_line = Some((n, text));
            }
            "162" => rec.points_162 = Some((n, chars)),
            "202" => rec
                .tiebreak_lists
                .push(("202", n, field(&chars, 5, chars.len()))),
            "212" => rec
                .tiebreak_lists
                .push(("212", n, field(&chars, 5, chars.len()))),
            "142" => rec.rounds_142 = field(&chars, 5, chars.len()).parse().ok(),
            "001" => rec.players.push((n, chars)),
            "310" | "013" => rec.teams.push((n, chars)),
            "300" => rec.lineups.push((n, chars)),
            "330" => rec.forfeits.push((n, chars)),
            "240" => rec.byes.push((n, chars)),
            // Bonus points: qigui writes them only for a draw worth more to
            // the second mover (13.3), which the `scoring` extension says.
            "299" if t.scoring.is_some() => rec.bonus.push((n, chars)),
            "299" => {
                return Err(loc.at(
                    n,
                    1,
                    "record 299 (abnormal points) is not supported without the qigui scoring extension"
                        .into(),
                ));
            }
            _ => {}
        }
    }
    Ok(rec)
}

/// The system record 092 names, when the extension does not
/// ([`director::system_named`]); `None` when it names none.
fn system_of_type(type_text: &str) -> Option<System> {
    director::system_named(type_text)
}

/// One line of the qigui extension (`### qigui …`, `rest` after the
/// prefix), line `n`.
fn read_extension(
    rest: &str,
    n: usize,
    loc: Loc,
    t: &mut Tournament,
    rec: &mut Records,
) -> Result<(), TournamentError> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let bad = |m: &str| loc.at(n, 11, format!("qigui extension: {m}"));
    let num = |s: Option<&&str>| -> Result<u32, TournamentError> {
        s.and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("expected a number"))
    };
    match words.first().copied() {
        Some("format") => {}
        Some("game") => {
            t.game = match words.get(1).copied() {
                Some("xiangqi") => GameName::Xiangqi,
                Some("gomoku") => GameName::Gomoku,
                _ => return Err(bad("game: xiangqi or gomoku")),
            }
        }
        Some("rules") => t.rules = words.get(1).map(|s| s.to_string()),
        Some("system") => {
            rec.system_given = true;
            t.system = match words.get(1).copied() {
                Some("round-robin") => System::RoundRobin,
                Some("double-round-robin") => System::DoubleRoundRobin,
                Some("swiss") => System::Swiss,
                _ => return Err(bad("system: round-robin, double-round-robin or swiss")),
            }
        }
        Some("event") => {
            if words.get(1) == Some(&"team") {
                t.event = EventType::Team;
            }
        }
        Some("team-ranking") => {
            t.team_ranking = Some(match words.get(1).copied() {
                Some("match-points") => TeamRanking::MatchPoints,
                Some("game-points") => TeamRanking::GamePoints,
                Some("placings") => TeamRanking::Placings,
                _ => return Err(bad("team-ranking")),
            })
        }
        Some("games-per-match") => t.games_per_match = Some(num(words.get(1))?),
        Some("rounds-planned") => t.rounds_planned = Some(num(words.get(1))?),
        Some("unshared-places") => t.unshared_places = Some(num(words.get(1))?),
        Some("tiebreaks") => {
            let rest = rest["tiebreaks".len()..].trim();
            t.tiebreaks = Some(
                match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                    Some(list) => TiebreakChoice::Criteria(
                        list.split_whitespace().map(str::to_string).collect(),
                    ),
                    None => TiebreakChoice::Clause(rest.to_string()),
                },
            );
        }
        Some("scoring") => {
            let kv = pairs(&words[1..]).ok_or_else(|| bad("scoring: name value pairs"))?;
            let get = |k: &str| kv.get(k).copied();
            t.scoring = Some(GameScoring {
                win: get("win").ok_or_else(|| bad("scoring: win"))?,
                draw: get("draw"),
                draw_first: get("draw_first"),
                draw_second: get("draw_second"),
                loss: get("loss").ok_or_else(|| bad("scoring: loss"))?,
            });
        }
        Some("match-scoring") => {
            let kv = pairs(&words[1..]).ok_or_else(|| bad("match-scoring: name value pairs"))?;
            let get = |k: &str| kv.get(k).copied().ok_or_else(|| bad(k));
            t.match_scoring = Some(MatchScoring {
                win: get("win")?,
                draw: get("draw")?,
                loss: get("loss")?,
            });
        }
        Some("cycle") => {
            rec.cycles.insert(num(words.get(1))?, num(words.get(2))?);
        }
        Some("round-map") => {
            rec.round_map = Some(
                words[1..]
                    .iter()
                    .map(|w| w.parse().map_err(|_| bad("round-map: numbers")))
                    .collect::<Result<_, _>>()?,
            );
        }
        Some("foul") => rec.fouls.push((
            n,
            num(words.get(1))? as usize,
            num(words.get(2))?,
            num(words.get(3))?,
        )),
        Some("penalty") => t.penalties.push(read_penalty(&words, bad)?),
        Some("withdrawal") => {
            let id = words.get(1).ok_or_else(|| bad("withdrawal: id"))?;
            t.withdrawals.push(WithdrawalEntry {
                id: Id::from(*id),
                after_round: num(words.get(2))?,
                expelled: words.get(3) == Some(&"expelled"),
            });
        }
        Some("final") => {
            t.final_match = Some(FinalEntry {
                round: num(words.get(1))?,
                winner: Id::from(*words.get(2).ok_or_else(|| bad("final: winner"))?),
            });
        }
        Some("team-id") => {
            rec.team_ids.insert(
                num(words.get(1))? as usize,
                Id::from(*words.get(2).ok_or_else(|| bad("team-id"))?),
            );
        }
        _ => return Err(bad("unknown record")),
    }
    Ok(())
}

/// `### qigui penalty ID ROUND|- warning|disqualification`; `bad` makes
/// the error.
fn read_penalty(
    words: &[&str],
    bad: impl Fn(&str) -> TournamentError,
) -> Result<PenaltyEntry, TournamentError> {
    let id = words.get(1).ok_or_else(|| bad("penalty: id"))?;
    let round = match words.get(2).copied() {
        Some("-") | None => None,
        Some(r) => Some(r.parse().map_err(|_| bad("penalty: round"))?),
    };
    let kind = match words.get(3).copied() {
        Some("warning") => PenaltyKind::Warning,
        Some("disqualification") => PenaltyKind::Disqualification,
        _ => return Err(bad("penalty: warning or disqualification")),
    };
    Ok(PenaltyEntry {
        id: Id::from(*id),
        round,
        kind,
    })
}

/// Records 001: the players, and their round columns; returns the slots
/// and the number of columns.
fn read_players(
    t: &mut Tournament,
    lines: &[Line],
    loc: Loc,
) -> Result<(Slots, usize), TournamentError> {
    let mut slots: Slots = BTreeMap::new();
    let mut ncols = 0;
    for (n, chars) in lines {
        let id: u32 = field(chars, 5, 8).parse().map_err(|_| {
            loc.at(
                *n,
                5,
                "starting rank (positions 5–8) is not a number".into(),
            )
        })?;
        let name = Some(field(chars, 15, 47)).filter(|s| !s.is_empty());
        let rating = field(chars, 49, 52).parse().ok().filter(|&r: &u32| r > 0);
        let federation = Some(field(chars, 54, 56)).filter(|s| !s.is_empty());
        if t.players.iter().any(|p| p.id == id) {
            return Err(loc.at(*n, 5, format!("player {id} appears twice")));
        }
        t.players.push(Player {
            id,
            name,
            team: None,
            rating,
            federation,
        });
        let mut col = 0;
        while 92 + 10 * col <= chars.len() {
            let base = 92 + 10 * col;
            let opp_text = field(chars, base, base + 3);
            let opponent: u32 = if opp_text.is_empty() {
                0
            } else {
                opp_text.parse().map_err(|_| {
                    loc.at(
                        *n,
                        base,
                        format!("round column {}: opponent '{opp_text}'", col + 1),
                    )
                })?
            };
            let colour = char_at(chars, base + 5).to_ascii_lowercase();
            let result = char_at(chars, base + 7).to_ascii_uppercase();
            slots.insert(
                (col, id),
                (
                    Slot {
                        opponent,
                        colour,
                        result,
                    },
                    *n,
                    base,
                ),
            );
            col += 1;
        }
        ncols = ncols.max(col);
    }
    Ok((slots, ncols))
}

/// Each column's round: the qigui round-map, or one round a column.
fn column_rounds(
    round_map: Option<Vec<u32>>,
    ncols: usize,
    loc: Loc,
) -> Result<Vec<u32>, TournamentError> {
    match round_map {
        Some(m) => {
            if m.len() < ncols {
                return Err(loc.whole(format!(
                    "qigui round-map names {} columns, the players have {ncols}",
                    m.len()
                )));
            }
            Ok(m)
        }
        None => Ok((1..=ncols as u32).collect()),
    }
}

/// A round paired but not played: a column whose games all lack results.
/// Only an individual event's last column, a round of its own, may be one.
fn paired_round(
    t: &Tournament,
    slots: &Slots,
    map: &[u32],
    ncols: usize,
    loc: Loc,
) -> Result<Option<PairedRound>, TournamentError> {
    let unplayed = |col: usize| {
        let mut games = slots
            .iter()
            .filter(|((c, _), (s, _, _))| *c == col && s.opponent != 0)
            .peekable();
        games.peek().is_some() && games.all(|(_, (s, _, _))| s.result == ' ')
    };
    let mut paired: Option<PairedRound> = None;
    for col in 0..ncols {
        if !unplayed(col) {
            continue;
        }
        let round = map.get(col).copied().unwrap_or(col as u32 + 1);
        let last = col + 1 == ncols;
        let shared = map.iter().filter(|&&r| r == round).count() > 1;
        if !last || shared || t.event == EventType::Team {
            let (_, (_, n, base)) = slots
                .iter()
                .find(|((c, _), (s, _, _))| *c == col && s.opponent != 0)
                .ok_or_else(|| loc.whole("unreachable".to_string()))?;
            let why = if t.event == EventType::Team {
                "a team event's round must have its results"
            } else if shared {
                "a game of a multi-game match must have its result"
            } else {
                "only the last round may be paired and not yet played"
            };
            return Err(loc.at(
                *n,
                base + 7,
                format!("round column {}: no results: {why}", col + 1),
            ));
        }
        paired = Some(column_pairing(slots, col, round, loc)?);
    }
    Ok(paired)
}

/// The pairing in column `col` (round `round`), whose games have no
/// results: who plays whom with which colour, and the byes.
fn column_pairing(
    slots: &Slots,
    col: usize,
    round: u32,
    loc: Loc,
) -> Result<PairedRound, TournamentError> {
    let mut pr = PairedRound {
        round,
        ..PairedRound::default()
    };
    for (&(c, p), (slot, n, base)) in slots {
        if c != col {
            continue;
        }
        if slot.opponent == 0 {
            if matches!(slot.result, 'U' | 'F') {
                pr.byes.push(Id::from(p));
            }
            continue;
        }
        let q = slot.opponent;
        let other = slots.get(&(col, q)).map(|(o, _, _)| o);
        if other.map(|o| o.opponent) != Some(p) {
            return Err(loc.at(
                *n,
                *base,
                format!(
                    "round column {}: {p} names {q}, but {q} does not name {p}",
                    col + 1
                ),
            ));
        }
        let oc = other.map(|o| o.colour).unwrap_or(' ');
        let p_first = match (slot.colour, oc) {
            ('w', 'b') => true,
            ('b', 'w') => false,
            _ => {
                return Err(loc.at(
                    *n,
                    base + 5,
                    format!(
                        "round column {}: the colours of {p} and {q} must be w and b",
                        col + 1
                    ),
                ));
            }
        };
        if p_first {
            pr.games.push((Id::from(p), Id::from(q)));
        }
    }
    pr.games
        .sort_by_key(|(a, _)| a.as_str().parse::<u32>().unwrap_or(u32::MAX));
    Ok(pr)
}

/// The games of the round columns, each read from both players' slots,
/// and the byes in them.
fn read_games(
    t: &Tournament,
    slots: &Slots,
    map: &[u32],
    cycles: &BTreeMap<u32, u32>,
    loc: Loc,
) -> Result<Games, TournamentError> {
    let mut rounds: BTreeMap<u32, RoundEntry> = BTreeMap::new();
    for &r in map {
        rounds.entry(r).or_insert_with(|| RoundEntry {
            round: Some(r),
            cycle: cycles.get(&r).copied(),
            ..RoundEntry::default()
        });
    }
    let mut game_at: BTreeMap<(usize, u32), (u32, usize)> = BTreeMap::new();
    let mut done: BTreeSet<(usize, u32)> = BTreeSet::new();
    let mut lone: Vec<(usize, u32, Slot)> = Vec::new();
    for (&(col, p), (slot, n, base)) in slots {
        if done.contains(&(col, p)) {
            continue;
        }
        let round = map.get(col).copied().unwrap_or(col as u32 + 1);
        let entry = rounds.entry(round).or_default();
        if slot.opponent == 0 {
            match slot.result {
                'U' | 'F' => entry.byes.push(Id::from(p)),
                'H' => {
                    return Err(loc.at(
                        *n,
                        base + 7,
                        "a half-point bye (H) does not exist in these rulebooks".into(),
                    ));
                }
                '+' | '-' if t.event == EventType::Team => lone.push((col, p, slot.clone())),
                _ => {}
            }
            done.insert((col, p));
            continue;
        }
        let q = slot.opponent;
        let Some((other, _, _)) = slots.get(&(col, q)) else {
            return Err(loc.at(
                *n,
                *base,
                format!("round column {}: opponent {q} has no entry", col + 1),
            ));
        };
        if other.opponent != p {
            return Err(loc.at(
                *n,
                *base,
                format!(
                    "round column {}: {p} names {q}, but {q} names {}",
                    col + 1,
                    other.opponent
                ),
            ));
        }
        let g = game_of(t.game, (p, slot), (q, other), col, (*n, *base), loc)?;
        let idx = entry.games.len();
        entry.games.push(g);
        game_at.insert((col, p), (round, idx));
        game_at.insert((col, q), (round, idx));
        done.insert((col, p));
        done.insert((col, q));
    }
    Ok(Games {
        rounds,
        game_at,
        lone,
    })
}

/// The game of players `p` and `q` from their slots in column `col`: who
/// moved first, and the result both slots agree on; `(n, base)` is where
/// `p`'s slot was read.
fn game_of(
    game: GameName,
    (p, slot): (u32, &Slot),
    (q, other): (u32, &Slot),
    col: usize,
    (n, base): (usize, usize),
    loc: Loc,
) -> Result<GameEntry, TournamentError> {
    let p_first = match (slot.colour, other.colour) {
        ('w', _) | (_, 'b') => true,
        ('b', _) | (_, 'w') => false,
        _ => p < q,
    };
    let (r_first, r_second) = if p_first {
        (slot.result, other.result)
    } else {
        (other.result, slot.result)
    };
    let code = match (r_first, r_second) {
        ('1' | 'W', '0' | 'L') => ResultCode::FirstWins,
        ('0' | 'L', '1' | 'W') => ResultCode::SecondWins,
        ('=' | 'D', '=' | 'D') => ResultCode::Draw,
        ('+', '-') => ResultCode::FirstWinsByForfeit,
        ('-', '+') => ResultCode::SecondWinsByForfeit,
        ('-', '-') => ResultCode::DoubleForfeit,
        (a, b) => {
            return Err(loc.at(
                n,
                base + 7,
                format!(
                    "round column {}: results '{a}' and '{b}' of players {p} and {q} do not agree",
                    col + 1
                ),
            ));
        }
    };
    let (first, second) = if p_first { (p, q) } else { (q, p) };
    Ok(GameEntry::new(
        game,
        Id::from(first),
        Id::from(second),
        code,
    ))
}

/// `### qigui foul COLUMN PLAYER COUNT`: the fouls onto their games.
fn apply_fouls(
    t: &Tournament,
    fouls: &[(usize, usize, u32, u32)],
    games: &mut Games,
    loc: Loc,
) -> Result<(), TournamentError> {
    for &(n, col, p, count) in fouls {
        let Some(&(round, idx)) = games.game_at.get(&(col.saturating_sub(1), p)) else {
            return Err(loc.at(
                n,
                1,
                format!("foul: player {p} has no game in column {col}"),
            ));
        };
        if let Some(g) = games
            .rounds
            .get_mut(&round)
            .and_then(|r| r.games.get_mut(idx))
        {
            let [f, _] = g.sides(t.game);
            let side = usize::from(f != Some(&Id::from(p)));
            let mut fo = g.fouls();
            fo[side] = count;
            g.fouls = Some(fo);
        }
    }
    Ok(())
}

/// Records 240: byes (`F`, a player's or, in a team event, a team's);
/// `H`, the half-point bye, is refused.
fn read_byes(
    t: &Tournament,
    lines: &[Line],
    team_ids: &BTreeMap<usize, Id>,
    rounds: &mut BTreeMap<u32, RoundEntry>,
    loc: Loc,
) -> Result<(), TournamentError> {
    for (n, chars) in lines {
        let kind = char_at(chars, 5).to_ascii_uppercase();
        let round: u32 = field(chars, 7, 9)
            .parse()
            .map_err(|_| loc.at(*n, 7, "240: round number".into()))?;
        let mut pos = 11;
        while pos <= chars.len() {
            let id = field(chars, pos, pos + 3);
            if !id.is_empty() {
                match kind {
                    'F' => {
                        let id = if t.event == EventType::Team {
                            let k: usize = id.parse().unwrap_or(0);
                            team_ids.get(&k).cloned().unwrap_or_else(|| Id(id.clone()))
                        } else {
                            Id(id.trim_start_matches('0').to_string())
                        };
                        rounds.entry(round).or_default().byes.push(id);
                    }
                    'H' => {
                        return Err(loc.at(
                            *n,
                            5,
                            "a half-point bye (H) does not exist in these rulebooks".into(),
                        ));
                    }
                    _ => {}
                }
            }
            pos += 5;
        }
    }
    Ok(())
}

/// Records 310 (TRF-2026) and 013 (the older team record): the teams and
/// their players; each team's number goes into `team_ids`.
fn read_teams(
    t: &mut Tournament,
    lines: &[Line],
    team_ids: &mut BTreeMap<usize, Id>,
    loc: Loc,
) -> Result<(), TournamentError> {
    for (n, chars) in lines {
        let (number, name, nick, first) = if field(chars, 1, 3) == "310" {
            (
                field(chars, 5, 7)
                    .parse::<usize>()
                    .unwrap_or(t.teams.len() + 1),
                field(chars, 9, 40),
                field(chars, 42, 46),
                74,
            )
        } else {
            (t.teams.len() + 1, field(chars, 5, 36), String::new(), 37)
        };
        let mut players = Vec::new();
        let mut pos = first;
        while pos <= chars.len() {
            let f = field(chars, pos, pos + 3);
            if !f.is_empty() {
                let p: u32 = f
                    .parse()
                    .map_err(|_| loc.at(*n, pos, format!("team player '{f}' is not a number")))?;
                players.push(p);
            }
            pos += 5;
        }
        let id = team_ids
            .get(&number)
            .cloned()
            .or_else(|| (!nick.is_empty()).then(|| Id(nick.clone())))
            .unwrap_or_else(|| Id(number.to_string()));
        team_ids.insert(number, id.clone());
        t.teams.push(Team {
            id: id.clone(),
            name: (!name.is_empty() && name != id.0).then_some(name),
            players,
        });
    }
    Ok(())
}

/// A team's id by its number: the one the file gives, or the number.
fn team_id(team_ids: &BTreeMap<usize, Id>, k: usize) -> Id {
    team_ids
        .get(&k)
        .cloned()
        .unwrap_or_else(|| Id(k.to_string()))
}

/// The team a player (by id) is in.
fn team_of(members: &BTreeMap<Id, Vec<u32>>, p: &Id) -> Option<Id> {
    let n: u32 = p.as_str().parse().ok()?;
    members
        .iter()
        .find(|(_, ms)| ms.contains(&n))
        .map(|(t, _)| t.clone())
}

/// Records 300: the line-ups.
fn read_lineups(
    lines: &[Line],
    team_ids: &BTreeMap<usize, Id>,
    loc: Loc,
) -> Result<Vec<Lineup>, TournamentError> {
    lines
        .iter()
        .map(|(n, chars)| {
            let round: u32 = field(chars, 5, 7)
                .parse()
                .map_err(|_| loc.at(*n, 5, "300: round".into()))?;
            let a: usize = field(chars, 9, 11)
                .parse()
                .map_err(|_| loc.at(*n, 9, "300: team".into()))?;
            let b: usize = field(chars, 13, 15)
                .parse()
                .map_err(|_| loc.at(*n, 13, "300: team".into()))?;
            let mut ps = Vec::new();
            let mut pos = 17;
            while pos <= chars.len() {
                ps.push(field(chars, pos, pos + 3).parse().unwrap_or(0));
                pos += 5;
            }
            Ok((round, team_id(team_ids, a), team_id(team_ids, b), ps))
        })
        .collect()
}

/// A round's team matches being rebuilt, each with its games by board.
struct RoundMatches<'a> {
    game: GameName,
    round: u32,
    lineups: &'a [Lineup],
    members: &'a BTreeMap<Id, Vec<u32>>,
    matches: Vec<MatchEntry>,
    /// Each match's games with their boards.
    boards: Vec<Vec<(u32, GameEntry)>>,
}

impl RoundMatches<'_> {
    /// The match of teams `x` and `y`, either way round.
    fn find(&self, x: &Id, y: &Id) -> Option<usize> {
        self.matches.iter().position(|m| {
            let [a, b] = m.sides(self.game);
            (a == Some(x) && b == Some(y)) || (a == Some(y) && b == Some(x))
        })
    }

    /// A new match of teams `x` and `y`; returns its index.
    fn add(&mut self, x: &Id, y: &Id) -> usize {
        let mut m = MatchEntry::default();
        m.set_sides(self.game, Some(x.clone()), Some(y.clone()));
        self.matches.push(m);
        self.boards.push(Vec::new());
        self.matches.len() - 1
    }

    /// The board player `p` plays on for `team`, by the team's line-up.
    fn board_of(&self, team: &Id, p: u32) -> Option<u32> {
        self.lineups
            .iter()
            .find(|(r, a, _, _)| *r == self.round && a == team)
            .and_then(|(_, _, _, ps)| ps.iter().position(|&q| q == p))
            .map(|i| i as u32 + 1)
    }

    /// Puts a played game in its teams' match, on its board.
    fn game(&mut self, g: GameEntry, loc: Loc) -> Result<(), TournamentError> {
        let [Some(f), Some(s)] = g.sides(self.game) else {
            return Ok(());
        };
        let (Some(tf), Some(ts)) = (team_of(self.members, f), team_of(self.members, s)) else {
            return Err(loc.whole(format!(
                "round {}: players {f} and {s} are not both in teams",
                self.round
            )));
        };
        let k = match self.find(&tf, &ts) {
            Some(k) => k,
            None => self.add(&tf, &ts),
        };
        let fp: u32 = f.as_str().parse().unwrap_or(0);
        let board = self
            .board_of(&tf, fp)
            .unwrap_or(self.boards[k].len() as u32 + 1);
        self.boards[k].push((board, g));
        Ok(())
    }

    /// Puts a forfeit without an opponent (player `p`'s `slot`) in its
    /// team's match, on its board; one outside the line-ups is left out.
    fn lone_forfeit(&mut self, p: u32, slot: &Slot) {
        let id = Id::from(p);
        let Some(tp) = team_of(self.members, &id) else {
            return;
        };
        let Some((_, _, opp, _)) = self
            .lineups
            .iter()
            .find(|(r, a, _, _)| *r == self.round && *a == tp)
        else {
            return;
        };
        let Some(k) = self.find(&tp, opp) else {
            return;
        };
        let board = self
            .board_of(&tp, p)
            .unwrap_or(self.boards[k].len() as u32 + 1);
        let present_first = slot.colour != 'b';
        let code = match (slot.result, present_first) {
            ('+', true) => ResultCode::FirstWinsByForfeit,
            ('+', false) => ResultCode::SecondWinsByForfeit,
            ('-', true) => ResultCode::SecondWinsByForfeit,
            _ => ResultCode::FirstWinsByForfeit,
        };
        let mut g = GameEntry {
            result: Some(code),
            ..GameEntry::default()
        };
        if present_first {
            g.set_sides(self.game, Some(id), None);
        } else {
            g.set_sides(self.game, None, Some(id));
        }
        self.boards[k].push((board, g));
    }

    /// The matches, each with its games in board order and the team that
    /// moves first on board 1 named first.
    fn finish(self) -> Vec<MatchEntry> {
        let game = self.game;
        let members = self.members;
        let mut matches = self.matches;
        for (m, mut bs) in matches.iter_mut().zip(self.boards) {
            bs.sort_by_key(|(b, _)| *b);
            // The team that moves first has white (first mover) on board 1.
            if let Some((_, g0)) = bs.first() {
                let [f, s] = g0.sides(game);
                let [a, _] = m.sides(game);
                let first_team = f.and_then(|f| team_of(members, f)).or_else(|| {
                    s.and_then(|s| team_of(members, s)).and_then(|ts| {
                        let [x, y] = m.sides(game);
                        if x == Some(&ts) {
                            y.cloned()
                        } else {
                            x.cloned()
                        }
                    })
                });
                if let Some(ft) = first_team
                    && a != Some(&ft)
                {
                    let [x, y] = m.sides(game);
                    let (x, y) = (x.cloned(), y.cloned());
                    m.set_sides(game, y, x);
                }
            }
            m.games = bs
                .into_iter()
                .enumerate()
                .map(|(i, (b, mut g))| {
                    if b != i as u32 + 1 {
                        g.board = Some(b);
                    }
                    g
                })
                .collect();
        }
        matches
    }
}

/// The team matches of round `round`: in the order of the 300 records,
/// the games `played` and the forfeits without an opponent (`lone`:
/// player and slot) on their boards.
fn round_matches(
    game: GameName,
    round: u32,
    played: Vec<GameEntry>,
    lone: &[(u32, &Slot)],
    lineups: &[Lineup],
    members: &BTreeMap<Id, Vec<u32>>,
    loc: Loc,
) -> Result<Vec<MatchEntry>, TournamentError> {
    let mut rm = RoundMatches {
        game,
        round,
        lineups,
        members,
        matches: Vec::new(),
        boards: Vec::new(),
    };
    // Matches in the order of the 300 records.
    for (r, a, b, _) in lineups {
        if *r == round && rm.find(a, b).is_none() {
            rm.add(a, b);
        }
    }
    for g in played {
        rm.game(g, loc)?;
    }
    for &(p, slot) in lone {
        rm.lone_forfeit(p, slot);
    }
    Ok(rm.finish())
}

/// Records 330: forfeited matches, as many games as the widest match.
fn read_forfeited_matches(
    game: GameName,
    lines: &[Line],
    team_ids: &BTreeMap<usize, Id>,
    rounds: &mut BTreeMap<u32, RoundEntry>,
    loc: Loc,
) -> Result<(), TournamentError> {
    let boards = widest_match(rounds);
    for (n, chars) in lines {
        let kind = field(chars, 5, 6);
        let round: u32 = field(chars, 8, 10)
            .parse()
            .map_err(|_| loc.at(*n, 8, "330: round".into()))?;
        let a: usize = field(chars, 12, 14)
            .parse()
            .map_err(|_| loc.at(*n, 12, "330: team".into()))?;
        let b: usize = field(chars, 16, 18)
            .parse()
            .map_err(|_| loc.at(*n, 16, "330: team".into()))?;
        let code = match kind.as_str() {
            "+-" => ResultCode::FirstWinsByForfeit,
            "-+" => ResultCode::SecondWinsByForfeit,
            "--" => ResultCode::DoubleForfeit,
            _ => return Err(loc.at(*n, 5, format!("330: forfeit type '{kind}'"))),
        };
        let mut m = MatchEntry::default();
        m.set_sides(game, Some(team_id(team_ids, a)), Some(team_id(team_ids, b)));
        m.games = (0..boards)
            .map(|_| GameEntry {
                result: Some(code),
                ..GameEntry::default()
            })
            .collect();
        rounds.entry(round).or_default().matches.push(m);
    }
    Ok(())
}

/// The number of boards for forfeited matches: the widest match.
fn widest_match(rounds: &BTreeMap<u32, RoundEntry>) -> usize {
    rounds
        .values()
        .flat_map(|r| r.matches.iter().map(|m| m.games.len()))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The tournament from its rounds: numbers and padding dropped, the rounds
/// planned from record 142, checked, and the paired round after the last
/// one played.
fn finish(
    mut t: Tournament,
    rounds: BTreeMap<u32, RoundEntry>,
    rounds_142: Option<u32>,
    paired: Option<PairedRound>,
    loc: Loc,
) -> Result<(Tournament, Option<PairedRound>), TournamentError> {
    t.rounds = rounds.into_values().collect();
    // A round numbered by its place needs no number.
    for (i, r) in t.rounds.iter_mut().enumerate() {
        if r.round == Some(i as u32 + 1) {
            r.round = None;
        }
    }
    // Drop trailing empty rounds that only pad the columns.
    while t
        .rounds
        .last()
        .is_some_and(|r| r.games.is_empty() && r.matches.is_empty() && r.byes.is_empty())
    {
        t.rounds.pop();
    }
    if t.rounds_planned.is_none()
        && let Some(r) = rounds_142
    {
        // The columns of the file: the rounds played and the one paired.
        let columns = paired.as_ref().map_or(t.last_round(), |p| p.round);
        if r != columns {
            t.rounds_planned = Some(r);
        }
    }
    t.check(loc.file)?;
    if let Some(pr) = &paired
        && pr.round <= t.last_round()
    {
        return Err(loc.whole(format!(
            "the paired round {} is not after the last round played ({})",
            pr.round,
            t.last_round()
        )));
    }
    Ok((t, paired))
}

/// Reads `name value` pairs.
fn pairs(words: &[&str]) -> Option<BTreeMap<String, Points>> {
    if !words.len().is_multiple_of(2) {
        return None;
    }
    words
        .chunks(2)
        .map(|c| Some((c[0].to_string(), Points::parse(c[1])?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_all_line_ends() {
        assert_eq!(split_lines("a\r\nb\rc\nd"), vec!["a", "b", "c", "d"]);
        assert_eq!(split_lines("a\n\nb\n"), vec!["a", "", "b"]);
    }
}
