//! TRF as tournament directors write it: the records a pairing program
//! (Swiss-Manager, Vega, JaVaFo's users …) puts in a file that qigui's own
//! extension lines do not repeat, read for what they say about a Xiangqi or
//! Gomoku event, and the notes that say where the file and the rulebook part.
//!
//! * Record 162, the point system (W, D, L, A, P): the event's game points
//!   (13.3 "可根据比赛需要另行规定"; Gomoku 28.2). Its A (a forfeit loss)
//!   and P (the pairing bye) are checked against the rules' (20.3; 14.1,
//!   14.4) and a difference is noted.
//! * Records 202 and 212, the tie-break lists in FIDE's codes: the codes
//!   naming 14.3.1's or 14.3.2's criteria choose that clause (14.3 "可按下列
//!   相关条款"); a code naming something the CXA rules (000 article 14,
//!   003) do not have is noted and left out.
//! * Positions 81–84 of each 001 line, the player's points: checked against
//!   the points the file's own games give under its point system; a
//!   difference is noted.
//! * Record 092, the type of tournament: read in the words directors use
//!   (`Round Robin`, `RR`, `DRR`, `Swiss-System`, 循环, 积分编排 …); without
//!   it, or with words naming no system, the system is inferred from the
//!   games (everyone met everyone once: a round robin) and the note says
//!   which system was assumed.

use std::collections::BTreeMap;
use std::fmt;

use crate::edition::Edition;
use crate::event::standings::points::Points;
use crate::event::standings::{self, RuleSet};
use crate::event::tournament::{
    EventType, GameScoring, System, TiebreakChoice, Tournament, TournamentError,
};

/// Something a TRF file says that qigui read differently from what the
/// file's own figures or names would suggest, or had to assume: not an
/// error (the file is read), but what a tournament director should check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfNote {
    /// `file:line:column`, or the file alone.
    pub location: String,
    /// What qigui found and what it did.
    pub message: String,
}

impl fmt::Display for TrfNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// Record 162's values: what each TRF result code is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PointSystem {
    /// `W`: a win, a forfeit win, a full-point bye.
    pub win: Points,
    /// `D`: a draw.
    pub draw: Points,
    /// `L`: a loss.
    pub loss: Points,
    /// `A`: an absence (a forfeit loss, a zero-point bye).
    pub absence: Points,
    /// `P`: the pairing-allocated bye.
    pub bye: Points,
}

impl PointSystem {
    /// TRF-2026's defaults, when the file has no record 162: W 1.0, D 0.5,
    /// L 0.0, A 0.0, P as W.
    pub(super) fn fide() -> PointSystem {
        PointSystem {
            win: Points::int(1),
            draw: Points::half(1),
            loss: Points::ZERO,
            absence: Points::ZERO,
            bye: Points::int(1),
        }
    }

    /// What one result code of a round column is worth (`U` is the
    /// pairing bye; blank, `Z` and `-` count as an absence).
    pub(super) fn value(&self, result: char) -> Points {
        match result {
            '1' | 'W' | '+' | 'F' => self.win,
            '=' | 'D' | 'H' => self.draw,
            '0' | 'L' => self.loss,
            'U' => self.bye,
            _ => self.absence,
        }
    }
}

/// Where notes and errors point.
pub(super) struct At<'a> {
    /// The file's name.
    pub file: &'a str,
}

impl At<'_> {
    fn note(&self, line: usize, column: usize, message: String) -> TrfNote {
        TrfNote {
            location: format!("{}:{line}:{column}", self.file),
            message,
        }
    }

    fn whole(&self, message: String) -> TrfNote {
        TrfNote {
            location: self.file.to_string(),
            message,
        }
    }
}

/// Characters `from..=to` (1-based) of a line, trimmed.
fn cut(chars: &[char], from: usize, to: usize) -> String {
    if from == 0 || from > chars.len() {
        return String::new();
    }
    chars[from - 1..to.min(chars.len())]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// Reads record 162 (line `n`): a code at position 6, its points at 7–10,
/// the next code at 15, its points at 16–19, and so on every 9 columns.
/// Codes not given keep TRF's defaults (P and X follow W and D).
pub(super) fn read_162(n: usize, chars: &[char], at: &At) -> Result<PointSystem, TournamentError> {
    let mut given: BTreeMap<char, Points> = BTreeMap::new();
    let mut pos = 6;
    while pos <= chars.len() {
        let code = chars[pos - 1].to_ascii_uppercase();
        if code != ' ' {
            let text = cut(chars, pos + 1, pos + 4);
            let value = Points::parse(&text).ok_or_else(|| {
                TournamentError::at(
                    format!("{}:{n}:{}", at.file, pos + 1),
                    format!("record 162: {code}'s points '{text}' are not a number like 1.0"),
                )
            })?;
            if !matches!(code, 'W' | 'D' | 'L' | 'A' | 'P' | 'X') {
                return Err(TournamentError::at(
                    format!("{}:{n}:{pos}", at.file),
                    format!("record 162: '{code}' is not a result code (W, D, L, A, P, X)"),
                ));
            }
            given.insert(code, value);
        }
        pos += 9;
    }
    let d = PointSystem::fide();
    let win = given.get(&'W').copied().unwrap_or(d.win);
    Ok(PointSystem {
        win,
        draw: given.get(&'D').copied().unwrap_or(d.draw),
        loss: given.get(&'L').copied().unwrap_or(d.loss),
        absence: given.get(&'A').copied().unwrap_or(d.absence),
        bye: given.get(&'P').copied().unwrap_or(win),
    })
}

/// Applies record 162 to the tournament: the event's game points when they
/// differ from the rules' (13.3, 28.2), and a note where its A or P
/// disagree with what the rules give a forfeit loss (20.3, 1999 21.4,
/// Gomoku 28.3) or a bye (14.1, 14.4). `n` is 162's line.
pub(super) fn apply_162(t: &mut Tournament, ps: &PointSystem, n: usize, at: &At) -> Vec<TrfNote> {
    let mut notes = Vec::new();
    let Ok(edition) = standings::edition_for(t, None) else {
        return notes;
    };
    let Ok(rules) = RuleSet::new(edition, t) else {
        return notes;
    };
    let own = GameScoring::symmetric(ps.win, ps.draw, ps.loss);
    if rules.game != own {
        t.scoring = Some(own);
    }
    if ps.absence != ps.loss {
        notes.push(at.note(
            n,
            6,
            format!(
                "record 162 gives a forfeit loss (A) {} and a loss (L) {}: {} counts a forfeit as a lost game ({}), so A is not used",
                ps.absence, ps.loss, edition.id, rules.forfeit_clause
            ),
        ));
    }
    let (bye, why) = if t.system.is_round_robin() {
        (Points::ZERO, "a bye scores nothing in a round robin (14.1)")
    } else {
        (ps.win, "a bye scores a win in a Swiss event (14.4)")
    };
    if ps.bye != bye {
        notes.push(at.note(
            n,
            6,
            format!(
                "record 162 gives the pairing bye (P) {}: {why}, so {bye} is used",
                ps.bye
            ),
        ));
    }
    notes
}

/// The points each player's round columns give under `ps`, with the
/// bonus points of 299 records, against positions 81–84 of his 001 line:
/// a note for each player whose figure differs. `players` are the 001
/// lines; `results` each player's result codes.
pub(super) fn check_points(
    players: &[(usize, Vec<char>)],
    results: &BTreeMap<u32, Vec<char>>,
    bonus: &BTreeMap<u32, Points>,
    ps: &PointSystem,
    from_162: bool,
    at: &At,
) -> Vec<TrfNote> {
    let mut notes = Vec::new();
    for (n, chars) in players {
        let Ok(id) = cut(chars, 5, 8).parse::<u32>() else {
            continue;
        };
        let text = cut(chars, 81, 84);
        if text.is_empty() {
            continue;
        }
        let Some(stated) = Points::parse(&text) else {
            notes.push(at.note(
                *n,
                81,
                format!(
                    "player {id}'s points (positions 81–84) '{text}' are not a number; not checked"
                ),
            ));
            continue;
        };
        let codes = results.get(&id).map(Vec::as_slice).unwrap_or(&[]);
        let games: Points = codes.iter().map(|&c| ps.value(c)).sum();
        let total = games + bonus.get(&id).copied().unwrap_or(Points::ZERO);
        if total != stated {
            let system = if from_162 {
                "record 162's point system"
            } else {
                "TRF's default point system (no record 162: W 1.0, D 0.5, L 0.0)"
            };
            notes.push(at.note(
                *n,
                81,
                format!(
                    "player {id}'s points (positions 81–84) are {stated}, but his games give {total} under {system}; the standings count the games"
                ),
            ));
        }
    }
    notes
}

/// The system record 092's words name, if they name one: `double` or `DRR`
/// a double round robin; `round robin`, `RR`, `Berger`, `all-play-all`,
/// 循环 a round robin; `Swiss`, `Dutch`, 积分编排, 瑞士 a Swiss event.
pub(super) fn system_named(type_text: &str) -> Option<System> {
    let t = type_text.to_lowercase();
    let words: Vec<&str> = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let has = |w: &str| words.contains(&w);
    let robin = t.contains("round robin")
        || t.contains("round-robin")
        || t.contains("robin")
        || t.contains("all-play-all")
        || t.contains("berger")
        || t.contains("循环")
        || has("rr")
        || has("drr");
    let double = t.contains("double") || has("drr") || t.contains("双循环");
    let swiss = t.contains("swiss")
        || t.contains("dutch")
        || t.contains("积分编排")
        || t.contains("瑞士")
        || has("sw");
    match (robin, swiss) {
        (true, false) if double => Some(System::DoubleRoundRobin),
        (true, false) => Some(System::RoundRobin),
        (false, true) => Some(System::Swiss),
        _ => None,
    }
}

/// How often each pair of players met, from the round columns.
fn meetings(results: &BTreeMap<u32, Vec<(u32, char)>>) -> BTreeMap<(u32, u32), u32> {
    let mut met: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    for (&p, slots) in results {
        for &(opp, _) in slots {
            if opp != 0 && p < opp {
                *met.entry((p, opp)).or_default() += 1;
            }
        }
    }
    met
}

/// The system of an individual event whose record 092 is missing or names
/// none: a round robin when every player met every other exactly once, a
/// double round robin when exactly twice, else a Swiss event. The note
/// says which was assumed and why. `line_092` is 092's line, if any.
pub(super) fn infer_system(
    t: &Tournament,
    opponents: &BTreeMap<u32, Vec<(u32, char)>>,
    line_092: Option<(usize, &str)>,
    at: &At,
) -> (System, TrfNote) {
    let n = t.players.len() as u32;
    let met = meetings(opponents);
    let pairs = n * n.saturating_sub(1) / 2;
    let every = |k: u32| n >= 2 && met.len() as u32 == pairs && met.values().all(|&c| c == k);
    let (system, why) = if t.event == EventType::Team {
        (
            System::Swiss,
            "a team event's system is not inferred from its games; assumed a Swiss event (14.7)"
                .to_string(),
        )
    } else if every(1) {
        (
            System::RoundRobin,
            format!(
                "every one of the {n} players met every other once: ranked as a round robin (14.1)"
            ),
        )
    } else if every(2) {
        (
            System::DoubleRoundRobin,
            format!(
                "every one of the {n} players met every other twice: ranked as a double round robin (14.1)"
            ),
        )
    } else {
        (
            System::Swiss,
            "the games are not a complete round robin (not every player met every other): assumed a Swiss event (14.3)"
                .to_string(),
        )
    };
    let note = match line_092 {
        Some((line, text)) => at.note(
            line,
            5,
            format!("record 092 '{text}' names no system qigui knows (round robin, double round robin, Swiss); {why}"),
        ),
        None => at.whole(format!("no record 092 (type of tournament); {why}")),
    };
    (system, note)
}

/// A FIDE tie-break code (C.07) and the qigui criterion it is, if the CXA
/// rules have it.
fn criterion_of(code: &str) -> Option<&'static str> {
    Some(match code {
        "BH" => "opponents-score",
        "PS" => "progressive",
        "WIN" => "wins",
        "BPG" => "black-games",
        "BWG" => "black-wins",
        "SB" => "sonneborn-berger",
        "DE" => "direct-encounter",
        _ => return None,
    })
}

/// Reads the tie-break list of record 202 (or 212, whose leading `PTS` is
/// the score), line `n`, and applies it: the 14.3 clause (14.3.1 or
/// 14.3.2) whose criteria it names, when the rules let the event choose;
/// notes for codes the CXA rules do not have, for criteria outside the
/// chain that applies, and for an order other than the chain's.
pub(super) fn apply_tiebreaks(
    t: &mut Tournament,
    record: &str,
    n: usize,
    list: &str,
    at: &At,
) -> Vec<TrfNote> {
    let mut notes = Vec::new();
    let mut named: Vec<(String, &'static str)> = Vec::new();
    for raw in list.split([',', ' ', ';']).filter(|s| !s.trim().is_empty()) {
        let code = raw.trim().to_ascii_uppercase();
        if code == "PTS" {
            continue;
        }
        match criterion_of(&code) {
            Some(c) => named.push((code, c)),
            None => notes.push(at.note(
                n,
                5,
                format!(
                    "record {record} names the tie-break {code}, which the CXA rules (000 article 14; 003) do not have; left out"
                ),
            )),
        }
    }
    let Ok(edition) = standings::edition_for(t, None) else {
        return notes;
    };
    // The chains the rules offer this event: its default, and 14.3's two
    // where the edition has them (an individual Swiss event under 2020):
    // (the choice to record, the chain's clause, its criteria).
    let mut offers: Vec<(Option<&str>, &str, Vec<String>)> = Vec::new();
    let chain_of = |t: &Tournament| {
        standings::tiebreak_chain(edition, t).ok().map(|c| {
            let names: Vec<String> = c.criteria.iter().map(|k| k.name()).collect();
            (c.clause, names)
        })
    };
    let mut plain = t.clone();
    plain.tiebreaks = None;
    if t.system == System::Swiss && t.event == EventType::Individual && is_2020(edition) {
        for clause in ["14.3.1", "14.3.2"] {
            let mut choice = plain.clone();
            choice.tiebreaks = Some(TiebreakChoice::Clause(clause.to_string()));
            if let Some((c, names)) = chain_of(&choice) {
                offers.push((Some(clause), c, names));
            }
        }
    } else if let Some((c, names)) = chain_of(&plain) {
        offers.push((None, c, names));
    }
    // The offer naming the most of the listed criteria; the first (the
    // default, 14.3.1) on a tie.
    let covered = |c: &[String]| {
        named
            .iter()
            .filter(|(_, k)| c.iter().any(|x| x == k))
            .count()
    };
    let Some((choice, clause, chain)) = offers
        .iter()
        .enumerate()
        .max_by_key(|(i, (_, _, c))| (covered(c), std::cmp::Reverse(*i)))
        .map(|(_, o)| o.clone())
    else {
        return notes;
    };
    if let (Some(choice), true) = (choice, t.tiebreaks.is_none() && !named.is_empty()) {
        t.tiebreaks = Some(TiebreakChoice::Clause(choice.to_string()));
    }
    let applies = format!("{clause}'s chain");
    let mut last = 0;
    let mut ordered = true;
    for (code, c) in &named {
        match chain.iter().position(|x| x == c) {
            Some(i) => {
                if i < last {
                    ordered = false;
                }
                last = last.max(i);
            }
            None => notes.push(at.note(
                n,
                5,
                format!(
                    "record {record} names {code} ({c}), which is not in {applies} ({}); left out",
                    chain.join(", ")
                ),
            )),
        }
    }
    if !ordered {
        notes.push(at.note(
            n,
            5,
            format!("record {record} lists its tie-breaks in another order than {applies}; the rules' order applies ({})", chain.join(", ")),
        ));
    }
    notes
}

/// Whether an edition ranks by the 2020 book's article 14 (14.3's choice).
fn is_2020(e: &Edition) -> bool {
    matches!(
        e.standings.map(|s| s.book),
        Some(crate::edition::StandingsBook::Xiangqi2020)
    )
}
