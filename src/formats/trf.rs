//! FIDE's Tournament Report File, TRF-2026 (FIDE Handbook C.04 Annex 2,
//! "Format of Tournament Report File (TRF) — Version 2026"): reading and
//! writing the tournament file ([`crate::event::tournament`]) as the fixed-column
//! text that pairing and tie-break programs exchange.
//!
//! `spec/tournament-format.md` ("TRF-2026") lists the records qigui reads
//! and writes and how Xiangqi and Gomoku map onto them:
//!
//! * TRF's colours `w`/`b` are the first and the second mover: red and
//!   black in Xiangqi, black and white in Gomoku.
//! * Results `1 = 0` (and `W D L`), forfeits `+ -` (20.3), byes `U`/`F`;
//!   `H` (half-point bye) does not exist in these rulebooks and is refused.
//! * The point system goes in record 162 (W, D, L, and P for a bye: 0 in a
//!   round robin, 14.1) and, for teams, 362; a draw worth more to black
//!   (13.3) is written as D = red's value plus a 299 bonus record for each
//!   black player who drew.
//! * What TRF cannot say (the game, the rules edition, the system, fouls,
//!   penalties, withdrawals, the N+1 final, team codes, cycles) is written in comment lines
//!   `### qigui …`, which other programs ignore.
//!
//! Lines may end in CR, LF or CR LF; qigui writes CR LF. Positions count
//! characters, so a Chinese name of three characters takes three columns.

use std::collections::{BTreeMap, BTreeSet};

use crate::event::standings::Standings;
use crate::event::standings::points::Points;
use crate::event::tournament::{
    EventType, FinalEntry, GameEntry, GameName, GameScoring, Id, MatchEntry, MatchScoring,
    PenaltyEntry, PenaltyKind, Player, ResultCode, RoundEntry, System, Team, TeamRanking,
    TiebreakChoice, Tournament, TournamentError, WithdrawalEntry,
};

/// Whether a text looks like a TRF file: its first non-blank line starts
/// with a three-digit record number and a space, or with `###`.
pub fn looks_like_trf(text: &str) -> bool {
    text.lines()
        .map(str::trim_end)
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| {
            l.starts_with("###")
                || (l.len() >= 4
                    && l.as_bytes()[..3].iter().all(u8::is_ascii_digit)
                    && l.as_bytes()[3] == b' ')
        })
}

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

/// Writes `s` at 1-based position `pos`, padding with spaces.
fn put(buf: &mut Vec<char>, pos: usize, s: &str) {
    for (i, c) in s.chars().enumerate() {
        let at = pos - 1 + i;
        while buf.len() <= at {
            buf.push(' ');
        }
        buf[at] = c;
    }
}

fn right(s: &str, width: usize) -> String {
    let n = s.chars().count();
    if n >= width {
        s.chars().take(width).collect()
    } else {
        format!("{}{s}", " ".repeat(width - n))
    }
}

fn left(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

/// Points as TRF writes them: `11.5`, one decimal (two when needed).
fn pts(p: Points) -> String {
    let x = p.to_f64();
    if (x * 10.0).fract().abs() < 1e-9 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// The line ending qigui writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    /// CR LF.
    CrLf,
    /// LF.
    Lf,
    /// CR alone (TRF's "Remark 1").
    Cr,
}

impl LineEnding {
    fn text(self) -> &'static str {
        match self {
            LineEnding::CrLf => "\r\n",
            LineEnding::Lf => "\n",
            LineEnding::Cr => "\r",
        }
    }
}

fn system_name(s: System) -> &'static str {
    match s {
        System::RoundRobin => "round-robin",
        System::DoubleRoundRobin => "double-round-robin",
        System::Swiss => "swiss",
    }
}

/// One TRF column (a game slot) of one player.
#[derive(Clone, Debug, PartialEq)]
struct Slot {
    opponent: u32,
    colour: char,
    result: char,
}

/// Writes the tournament as TRF-2026 with CR LF line ends. `standings`
/// fills the points and rank fields (001 positions 81–89, 310 match and
/// game points and rank); without them they are computed from the results
/// when possible and left blank otherwise.
pub fn write(t: &Tournament, standings: Option<&Standings>) -> Result<String, TournamentError> {
    write_with(t, standings, LineEnding::CrLf)
}

/// Writes TRF-2026 with the given line ending.
pub fn write_with(
    t: &Tournament,
    standings: Option<&Standings>,
    eol: LineEnding,
) -> Result<String, TournamentError> {
    t.check("tournament")?;
    let err = |m: String| TournamentError::at("TRF", m);
    let mut lines: Vec<String> = Vec::new();
    let ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    if ids.iter().any(|&i| i > 9999) {
        return Err(err("TRF starting ranks run from 1 to 9999".into()));
    }
    if let Some(n) = &t.name {
        lines.push(format!("012 {n}"));
    }
    lines.push(format!("062 {}", t.players.len()));
    if t.event == EventType::Team {
        lines.push(format!("082 {}", t.teams.len()));
    }
    lines.push(format!(
        "092 {}",
        match t.system {
            System::RoundRobin => "Round robin",
            System::DoubleRoundRobin => "Double round robin",
            System::Swiss => "Swiss system",
        }
    ));
    let planned = t.rounds_planned.unwrap_or_else(|| t.last_round());
    lines.push(format!("142 {planned}"));

    // The qigui extension, as comments.
    let mut ext = vec![format!("game {}", game_name(t.game))];
    if let Some(r) = &t.rules {
        ext.push(format!("rules {r}"));
    }
    ext.push(format!("system {}", system_name(t.system)));
    if t.event == EventType::Team {
        ext.push("event team".into());
    }
    if let Some(r) = t.team_ranking {
        ext.push(format!(
            "team-ranking {}",
            match r {
                TeamRanking::MatchPoints => "match-points",
                TeamRanking::GamePoints => "game-points",
                TeamRanking::Placings => "placings",
            }
        ));
    }
    if let Some(g) = t.games_per_match {
        ext.push(format!("games-per-match {g}"));
    }
    if let Some(p) = t.rounds_planned {
        ext.push(format!("rounds-planned {p}"));
    }
    if let Some(u) = t.unshared_places {
        ext.push(format!("unshared-places {u}"));
    }
    match &t.tiebreaks {
        None => {}
        Some(TiebreakChoice::Clause(c)) => ext.push(format!("tiebreaks {c}")),
        Some(TiebreakChoice::Criteria(list)) => ext.push(format!("tiebreaks [{}]", list.join(" "))),
    }
    if let Some(s) = &t.scoring {
        let mut parts = vec![format!("win {}", s.win)];
        if let Some(d) = s.draw {
            parts.push(format!("draw {d}"));
        }
        if let Some(d) = s.draw_first {
            parts.push(format!("draw_first {d}"));
        }
        if let Some(d) = s.draw_second {
            parts.push(format!("draw_second {d}"));
        }
        parts.push(format!("loss {}", s.loss));
        ext.push(format!("scoring {}", parts.join(" ")));
    }
    if let Some(m) = &t.match_scoring {
        ext.push(format!(
            "match-scoring win {} draw {} loss {}",
            m.win, m.draw, m.loss
        ));
    }
    // The rules' point system, for record 162.
    let edition = crate::event::standings::edition_for(t, None).map_err(|e| err(e.to_string()))?;
    let rules = crate::event::standings::scoring::RuleSet::new(edition, t)
        .map_err(|e| err(e.to_string()))?;
    let game = rules.game;
    let [draw_first, draw_second] = game.draws();
    let bye = if t.system.is_round_robin() {
        Points::ZERO
    } else {
        game.win
    };
    lines.push(format!(
        "162  W{}    D{}    L{}    A{}    P{}",
        right(&pts(game.win), 4),
        right(&pts(draw_first), 4),
        right(&pts(game.loss), 4),
        right(&pts(game.loss), 4),
        right(&pts(bye), 4),
    ));
    if t.event == EventType::Team && t.team_ranking != Some(TeamRanking::Placings) {
        let m = rules.matches;
        lines.push(format!(
            "362 TW{}   TD{}   TL{}",
            right(&pts(m.win), 4),
            right(&pts(m.draw), 4),
            right(&pts(m.loss), 4)
        ));
        let boards = t
            .rounds
            .iter()
            .flat_map(|r| r.matches.iter().map(|m| m.games.len()))
            .max()
            .unwrap_or(0);
        let seq: String = (0..boards)
            .map(|b| if b % 2 == 0 { 'W' } else { 'B' })
            .collect();
        if !seq.is_empty() {
            lines.push(format!("352 {seq}"));
        }
    }

    // The slots: each round takes as many TRF columns as the most games a
    // player has in it (more than one in a multi-game match, 14.2).
    let numbers = t.round_numbers();
    let mut columns: Vec<u32> = Vec::new(); // column → round number
    let mut slots: BTreeMap<(usize, u32), Slot> = BTreeMap::new(); // (column, player)
    let mut fouls: Vec<String> = Vec::new();
    let mut bonus: Vec<(usize, u32, Points)> = Vec::new(); // column, player, points
    let colours = |first: bool| if first { 'w' } else { 'b' };
    let result_char = |code: ResultCode, side: usize| -> char {
        match (code, side) {
            (ResultCode::FirstWins, 0) | (ResultCode::SecondWins, 1) => '1',
            (ResultCode::FirstWins, _) | (ResultCode::SecondWins, _) => '0',
            (ResultCode::Draw, _) => '=',
            (ResultCode::FirstWinsByForfeit, 0) | (ResultCode::SecondWinsByForfeit, 1) => '+',
            _ => '-',
        }
    };
    let members = t.team_members();
    let team_number: BTreeMap<Id, usize> = t
        .teams
        .iter()
        .enumerate()
        .map(|(i, tm)| (tm.id.clone(), i + 1))
        .collect();
    let mut lineups: Vec<String> = Vec::new(); // 300 records
    let mut forfeited: Vec<String> = Vec::new(); // 330 records
    for (round, &number) in t.rounds.iter().zip(&numbers) {
        let base = columns.len();
        let mut per_player: BTreeMap<u32, usize> = BTreeMap::new();
        let mut place = |p: u32, slot: Slot, slots: &mut BTreeMap<(usize, u32), Slot>| -> usize {
            let k = per_player.entry(p).or_insert(0);
            let col = base + *k;
            *k += 1;
            slots.insert((col, p), slot);
            col
        };
        let pid = |id: Option<&Id>| -> Result<Option<u32>, TournamentError> {
            match id {
                None => Ok(None),
                Some(i) => i
                    .as_str()
                    .parse::<u32>()
                    .map(Some)
                    .map_err(|_| err(format!("player id '{i}' is not a number"))),
            }
        };
        let mut write_game = |g: &GameEntry,
                              slots: &mut BTreeMap<(usize, u32), Slot>,
                              fouls: &mut Vec<String>,
                              bonus: &mut Vec<(usize, u32, Points)>|
         -> Result<(), TournamentError> {
            let [f, s] = g.sides(t.game);
            let (f, s) = (pid(f)?, pid(s)?);
            let code = g.result.unwrap_or(ResultCode::DoubleForfeit);
            let fo = g.fouls();
            for (side, me, other) in [(0, f, s), (1, s, f)] {
                let Some(me) = me else { continue };
                let col = place(
                    me,
                    Slot {
                        opponent: other.unwrap_or(0),
                        colour: colours(side == 0),
                        result: result_char(code, side),
                    },
                    slots,
                );
                if fo[side] > 0 {
                    fouls.push(format!("foul {} {me} {}", col + 1, fo[side]));
                }
                if code == ResultCode::Draw && side == 1 && draw_second != draw_first {
                    bonus.push((col, me, draw_second - draw_first));
                }
            }
            Ok(())
        };
        for g in &round.games {
            write_game(g, &mut slots, &mut fouls, &mut bonus)?;
        }
        for m in &round.matches {
            let [Some(a), Some(b)] = m.sides(t.game) else {
                continue;
            };
            let na = team_number.get(a).copied().unwrap_or(0);
            let nb = team_number.get(b).copied().unwrap_or(0);
            let no_players = m.games.iter().all(|g| g.sides(t.game) == [None, None]);
            if no_players {
                let code = m.games.first().and_then(|g| g.result);
                let uniform = m.games.iter().all(|g| g.result == code);
                let kind = match code {
                    Some(ResultCode::FirstWinsByForfeit) if uniform => "+-",
                    Some(ResultCode::SecondWinsByForfeit) if uniform => "-+",
                    Some(ResultCode::DoubleForfeit) if uniform => "--",
                    _ => {
                        return Err(err(format!(
                            "round {number}: a match without players can only be a forfeited match (330)"
                        )));
                    }
                };
                forfeited.push(format!(
                    "330 {kind} {} {} {}",
                    right(&number.to_string(), 3).replace(' ', "0"),
                    right(&na.to_string(), 3).replace(' ', "0"),
                    right(&nb.to_string(), 3).replace(' ', "0"),
                ));
                continue;
            }
            // Line-ups by board: each team's player on each board.
            let mut la: Vec<String> = Vec::new();
            let mut lb: Vec<String> = Vec::new();
            let in_team = |p: u32, team: &Id| members.get(team).is_some_and(|ms| ms.contains(&p));
            let mut sorted: Vec<(u32, &GameEntry)> = m
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| (g.board.unwrap_or(i as u32 + 1), g))
                .collect();
            sorted.sort_by_key(|(b, _)| *b);
            for (_, g) in &sorted {
                let [f, s] = g.sides(t.game);
                let (f, s) = (pid(f)?, pid(s)?);
                if f.is_none() && s.is_none() {
                    return Err(err(format!(
                        "round {number}: a board without players in a match with players cannot be written"
                    )));
                }
                let (pa, pb) = match (f, s) {
                    (Some(x), y) if in_team(x, a) => (Some(x), y),
                    (x, Some(y)) if in_team(y, a) => (Some(y), x),
                    (x, y) => (y, x),
                };
                la.push(format!("{:04}", pa.unwrap_or(0)));
                lb.push(format!("{:04}", pb.unwrap_or(0)));
                write_game(g, &mut slots, &mut fouls, &mut bonus)?;
            }
            lineups.push(format!(
                "300 {:03} {:03} {:03} {}",
                number,
                na,
                nb,
                la.join(" ")
            ));
            lineups.push(format!(
                "300 {:03} {:03} {:03} {}",
                number,
                nb,
                na,
                lb.join(" ")
            ));
        }
        for b in &round.byes {
            if t.event == EventType::Team && t.team_ranking != Some(TeamRanking::Placings) {
                // A team's bye: a 240 record.
                let n = team_number.get(b).copied().unwrap_or(0);
                lines.push(format!("240 F {:03} {:04}", number, n));
                continue;
            }
            let p = pid(Some(b))?.unwrap_or(0);
            place(
                p,
                Slot {
                    opponent: 0,
                    colour: '-',
                    result: 'U',
                },
                &mut slots,
            );
        }
        let width = per_player.values().copied().max().unwrap_or(1).max(1);
        for _ in 0..width {
            columns.push(number);
        }
        if let Some(c) = round.cycle {
            ext.push(format!("cycle {number} {c}"));
        }
    }
    let identity = columns.iter().enumerate().all(|(i, &r)| r == i as u32 + 1);
    if !identity {
        ext.push(format!(
            "round-map {}",
            columns
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    ext.extend(fouls);
    for p in &t.penalties {
        ext.push(format!(
            "penalty {} {} {}",
            p.id,
            p.round.map_or("-".to_string(), |r| r.to_string()),
            match p.kind {
                PenaltyKind::Warning => "warning",
                PenaltyKind::Disqualification => "disqualification",
            }
        ));
    }
    for w in &t.withdrawals {
        ext.push(format!(
            "withdrawal {} {}{}",
            w.id,
            w.after_round,
            if w.expelled { " expelled" } else { "" }
        ));
    }
    if let Some(f) = &t.final_match {
        ext.push(format!("final {} {}", f.round, f.winner));
    }
    for (i, team) in t.teams.iter().enumerate() {
        ext.push(format!("team-id {} {}", i + 1, team.id));
    }

    // Points and ranks.
    let computed;
    let standings = match standings {
        Some(s) => Some(s),
        None => {
            computed = crate::event::standings::compute(t, None).ok();
            computed.as_ref()
        }
    };
    let individual = standings.and_then(|s| {
        if s.individual.is_some() {
            s.individual.as_deref()
        } else if t.event == EventType::Individual {
            Some(s)
        } else {
            None
        }
    });
    let player_points = |p: u32| -> Points {
        // Game points of all the player's slots, as TRF counts them.
        slots
            .iter()
            .filter(|((_, q), _)| *q == p)
            .map(|((col, _), s)| {
                let base = match s.result {
                    '1' | '+' => game.win,
                    '=' => draw_first,
                    'U' => bye,
                    _ => game.loss,
                };
                let extra: Points = bonus
                    .iter()
                    .filter(|(c, q, _)| c == col && *q == p)
                    .map(|x| x.2)
                    .sum();
                base + extra
            })
            .sum()
    };
    lines.push(format!("### qigui {}", "format 1"));
    for e in &ext {
        lines.push(format!("### qigui {e}"));
    }
    for p in &t.players {
        let mut buf: Vec<char> = Vec::new();
        put(&mut buf, 1, "001");
        put(&mut buf, 5, &right(&p.id.to_string(), 4));
        put(&mut buf, 15, &left(p.name.as_deref().unwrap_or(""), 33));
        if let Some(r) = p.rating {
            put(&mut buf, 49, &right(&r.to_string(), 4));
        }
        if let Some(f) = &p.federation {
            put(&mut buf, 54, &left(f, 3));
        }
        put(&mut buf, 81, &right(&pts(player_points(p.id)), 4));
        if let Some(r) = individual.and_then(|s| s.row(&p.id.to_string())) {
            put(&mut buf, 86, &right(&r.rank.to_string(), 4));
        }
        for col in 0..columns.len() {
            let at = 92 + 10 * col;
            match slots.get(&(col, p.id)) {
                Some(s) => {
                    put(&mut buf, at, &format!("{:04}", s.opponent));
                    put(&mut buf, at + 5, &s.colour.to_string());
                    put(&mut buf, at + 7, &s.result.to_string());
                }
                None => put(&mut buf, at, "0000 - Z"),
            }
        }
        lines.push(buf.into_iter().collect::<String>().trim_end().to_string());
    }
    if t.event == EventType::Team {
        // Match and game points straight from the results table.
        let table = crate::event::standings::crosstable::build(t, &rules, t.last_round()).ok();
        for (i, team) in t.teams.iter().enumerate() {
            let mut buf: Vec<char> = Vec::new();
            put(&mut buf, 1, "310");
            put(&mut buf, 5, &right(&(i + 1).to_string(), 3));
            put(
                &mut buf,
                9,
                &left(team.name.as_deref().unwrap_or(team.id.as_str()), 32),
            );
            put(&mut buf, 42, &left(team.id.as_str(), 5));
            if let Some(en) = table
                .as_ref()
                .and_then(|tb| tb.entrants.iter().find(|e| e.id == team.id))
                .filter(|_| t.team_ranking != Some(TeamRanking::Placings))
            {
                let mp: Points = en.records.iter().map(|r| r.points).sum();
                let gp: Points = en.records.iter().map(|r| r.game_points).sum();
                put(&mut buf, 55, &right(&pts(mp), 6));
                put(&mut buf, 62, &right(&pts(gp), 6));
            }
            if let Some(row) = standings.and_then(|s| s.row(team.id.as_str())) {
                put(&mut buf, 69, &right(&row.rank.to_string(), 3));
            }
            let ms = members.get(&team.id).cloned().unwrap_or_default();
            for (k, p) in ms.iter().enumerate() {
                put(&mut buf, 74 + 5 * k, &right(&p.to_string(), 4));
            }
            lines.push(buf.into_iter().collect::<String>().trim_end().to_string());
        }
        lines.extend(lineups);
        lines.extend(forfeited);
    }
    for (col, p, extra) in &bonus {
        let mut buf: Vec<char> = Vec::new();
        put(&mut buf, 1, "299");
        put(&mut buf, 14, &right(&pts(*extra), 4));
        let round = columns.get(*col).copied().unwrap_or(*col as u32 + 1);
        put(&mut buf, 20, &format!("{round:03}"));
        put(&mut buf, 24, &right(&p.to_string(), 4));
        lines.push(buf.into_iter().collect::<String>().trim_end().to_string());
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push_str(eol.text());
    }
    Ok(out)
}

fn game_name(g: GameName) -> &'static str {
    match g {
        GameName::Xiangqi => "xiangqi",
        GameName::Gomoku => "gomoku",
    }
}

/// The tournament up to the round before `round`, as TRF-2026, with the
/// pairing `lines` (first mover, second mover or `None` for the bye) as
/// the next round column: the opponent and the colour with the result left
/// blank, the bye as `0000 - U` (scored as a win in a Swiss event, 14.4).
/// [`read_paired`] reads it back.
pub fn write_paired(
    t: &Tournament,
    round: u32,
    lines: &[(Id, Option<Id>)],
) -> Result<String, TournamentError> {
    let mut before = t.clone();
    let numbers = before.round_numbers();
    before.rounds = before
        .rounds
        .into_iter()
        .zip(numbers)
        .filter(|(_, n)| *n < round)
        .map(|(r, _)| r)
        .collect();
    if before
        .final_match
        .as_ref()
        .is_some_and(|f| f.round >= round)
    {
        before.final_match = None;
    }
    if before.event == EventType::Team {
        return Err(TournamentError::at(
            "pairing",
            "a team event's pairing cannot be written as a TRF round column".to_string(),
        ));
    }
    let text = write(&before, None)?;
    let column = before.rounds.len();
    let at = 92 + 10 * column; // 1-based position of the new column
    let num = |x: &Id| {
        x.as_str()
            .parse::<u32>()
            .map(|n| format!("{n:04}"))
            .map_err(|_| {
                TournamentError::at(
                    "pairing",
                    format!("player '{x}': TRF needs numeric starting ranks"),
                )
            })
    };
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let ending = &line[body.len()..];
        if body.starts_with("142 ") {
            // The rounds announced, or at least the file's columns; without
            // an announced number the reader takes the columns again.
            let planned = t.rounds_planned.unwrap_or(round).max(round);
            out.push_str(&format!("142 {planned}{ending}"));
            continue;
        }
        if !body.starts_with("001") {
            out.push_str(line);
            continue;
        }
        let id: String = body.chars().skip(4).take(4).collect();
        let id = id.trim();
        let mut slot = None;
        for (a, b) in lines {
            match b {
                Some(b) if a.as_str() == id => slot = Some(format!("{} w", num(b)?)),
                Some(b) if b.as_str() == id => slot = Some(format!("{} b", num(a)?)),
                None if a.as_str() == id => slot = Some("0000 - U".to_string()),
                _ => {}
            }
        }
        let mut chars: Vec<char> = body.chars().collect();
        if let Some(s) = slot {
            while chars.len() < at - 1 {
                chars.push(' ');
            }
            chars.truncate(at - 1);
            chars.extend(s.chars());
        }
        out.push_str(&chars.into_iter().collect::<String>());
        out.push_str(ending);
    }
    Ok(out)
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

/// Reads TRF-2026 text: the rounds played, and the round paired but not
/// yet played, if the last round column has opponents and colours but no
/// results at all. Only an individual event's last column may be unplayed;
/// a column with some results and some blanks is refused, naming the game.
pub fn read_paired(
    text: &str,
    file: &str,
) -> Result<(Tournament, Option<PairedRound>), TournamentError> {
    let at =
        |line: usize, col: usize, m: String| TournamentError::at(format!("{file}:{line}:{col}"), m);
    let mut t = Tournament::new(GameName::Xiangqi, System::Swiss);
    let mut system_given = false;
    let mut type_text = String::new();
    let mut rounds_142: Option<u32> = None;
    let mut round_map: Option<Vec<u32>> = None;
    let mut cycles: BTreeMap<u32, u32> = BTreeMap::new();
    let mut fouls: Vec<(usize, usize, u32, u32)> = Vec::new(); // line, column, player, count
    let mut team_ids: BTreeMap<usize, Id> = BTreeMap::new();
    let mut player_lines: Vec<(usize, Vec<char>)> = Vec::new();
    let mut team_lines: Vec<(usize, Vec<char>)> = Vec::new();
    let mut lineup_lines: Vec<(usize, Vec<char>)> = Vec::new();
    let mut forfeit_lines: Vec<(usize, Vec<char>)> = Vec::new();
    let mut bye_lines: Vec<(usize, Vec<char>)> = Vec::new();
    for (i, raw) in split_lines(text).into_iter().enumerate() {
        let n = i + 1;
        let chars: Vec<char> = raw.chars().collect();
        if raw.trim().is_empty() {
            continue;
        }
        if let Some(rest) = raw.strip_prefix("### qigui ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let bad = |m: &str| at(n, 11, format!("qigui extension: {m}"));
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
                    system_given = true;
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
                    let kv =
                        pairs(&words[1..]).ok_or_else(|| bad("match-scoring: name value pairs"))?;
                    let get = |k: &str| kv.get(k).copied().ok_or_else(|| bad(k));
                    t.match_scoring = Some(MatchScoring {
                        win: get("win")?,
                        draw: get("draw")?,
                        loss: get("loss")?,
                    });
                }
                Some("cycle") => {
                    cycles.insert(num(words.get(1))?, num(words.get(2))?);
                }
                Some("round-map") => {
                    round_map = Some(
                        words[1..]
                            .iter()
                            .map(|w| w.parse().map_err(|_| bad("round-map: numbers")))
                            .collect::<Result<_, _>>()?,
                    );
                }
                Some("foul") => fouls.push((
                    n,
                    num(words.get(1))? as usize,
                    num(words.get(2))?,
                    num(words.get(3))?,
                )),
                Some("penalty") => {
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
                    t.penalties.push(PenaltyEntry {
                        id: Id::from(*id),
                        round,
                        kind,
                    });
                }
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
                    team_ids.insert(
                        num(words.get(1))? as usize,
                        Id::from(*words.get(2).ok_or_else(|| bad("team-id"))?),
                    );
                }
                _ => return Err(bad("unknown record")),
            }
            continue;
        }
        if raw.starts_with("###") {
            continue;
        }
        let tag = field(&chars, 1, 3);
        match tag.as_str() {
            "012" => t.name = Some(field(&chars, 5, chars.len())).filter(|s| !s.is_empty()),
            "092" => type_text = field(&chars, 5, chars.len()).to_ascii_lowercase(),
            "142" => rounds_142 = field(&chars, 5, chars.len()).parse().ok(),
            "001" => player_lines.push((n, chars)),
            "310" | "013" => team_lines.push((n, chars)),
            "300" => lineup_lines.push((n, chars)),
            "330" => forfeit_lines.push((n, chars)),
            "240" => bye_lines.push((n, chars)),
            // Bonus points: qigui writes them only for a draw worth more to
            // the second mover (13.3), which the `scoring` extension says.
            "299" if t.scoring.is_none() => {
                return Err(at(
                    n,
                    1,
                    "record 299 (abnormal points) is not supported without the qigui scoring extension"
                        .into(),
                ));
            }
            _ => {}
        }
    }
    if !system_given {
        t.system = if type_text.contains("double") {
            System::DoubleRoundRobin
        } else if type_text.contains("round") || type_text.contains("robin") {
            System::RoundRobin
        } else {
            System::Swiss
        };
    }
    if t.rounds_planned.is_none() {
        t.rounds_planned = None;
    }

    // Players and their slots.
    let mut slots: BTreeMap<(usize, u32), (Slot, usize, usize)> = BTreeMap::new(); // (col, player) → slot, line, col
    let mut ncols = 0;
    for (n, chars) in &player_lines {
        let id: u32 = field(chars, 5, 8).parse().map_err(|_| {
            at(
                *n,
                5,
                "starting rank (positions 5–8) is not a number".into(),
            )
        })?;
        let name = Some(field(chars, 15, 47)).filter(|s| !s.is_empty());
        let rating = field(chars, 49, 52).parse().ok().filter(|&r: &u32| r > 0);
        let federation = Some(field(chars, 54, 56)).filter(|s| !s.is_empty());
        if t.players.iter().any(|p| p.id == id) {
            return Err(at(*n, 5, format!("player {id} appears twice")));
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
                    at(
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
    let mut map: Vec<u32> = match round_map {
        Some(m) => {
            if m.len() < ncols {
                return Err(TournamentError::at(
                    file,
                    format!(
                        "qigui round-map names {} columns, the players have {ncols}",
                        m.len()
                    ),
                ));
            }
            m
        }
        None => (1..=ncols as u32).collect(),
    };
    // A round paired but not played: a column whose games all lack results.
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
                .ok_or_else(|| TournamentError::at(file, "unreachable".to_string()))?;
            let why = if t.event == EventType::Team {
                "a team event's round must have its results"
            } else if shared {
                "a game of a multi-game match must have its result"
            } else {
                "only the last round may be paired and not yet played"
            };
            return Err(at(
                *n,
                base + 7,
                format!("round column {}: no results: {why}", col + 1),
            ));
        }
        let mut pr = PairedRound {
            round,
            ..PairedRound::default()
        };
        for (&(c, p), (slot, n, base)) in &slots {
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
                return Err(at(
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
                    return Err(at(
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
        paired = Some(pr);
    }
    if let Some(pr) = &paired {
        let col = ncols - 1;
        slots.retain(|(c, _), _| *c != col);
        map.retain(|&r| r != pr.round);
    }
    let mut rounds: BTreeMap<u32, RoundEntry> = BTreeMap::new();
    for &r in &map {
        rounds.entry(r).or_insert_with(|| RoundEntry {
            round: Some(r),
            cycle: cycles.get(&r).copied(),
            ..RoundEntry::default()
        });
    }
    // Games by column, keyed by (column, player) for fouls and teams.
    let mut game_at: BTreeMap<(usize, u32), (u32, usize)> = BTreeMap::new(); // → round, index in games
    let mut done: BTreeSet<(usize, u32)> = BTreeSet::new();
    let mut lone: Vec<(usize, u32, Slot)> = Vec::new(); // forfeits without an opponent (team boards)
    for (&(col, p), (slot, n, base)) in &slots {
        if done.contains(&(col, p)) {
            continue;
        }
        let round = map.get(col).copied().unwrap_or(col as u32 + 1);
        let entry = rounds.entry(round).or_default();
        if slot.opponent == 0 {
            match slot.result {
                'U' | 'F' => entry.byes.push(Id::from(p)),
                'H' => {
                    return Err(at(
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
            return Err(at(
                *n,
                *base,
                format!("round column {}: opponent {q} has no entry", col + 1),
            ));
        };
        if other.opponent != p {
            return Err(at(
                *n,
                *base,
                format!(
                    "round column {}: {p} names {q}, but {q} names {}",
                    col + 1,
                    other.opponent
                ),
            ));
        }
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
                return Err(at(
                    *n,
                    base + 7,
                    format!(
                        "round column {}: results '{a}' and '{b}' of players {p} and {q} do not agree",
                        col + 1
                    ),
                ));
            }
        };
        let (first, second) = if p_first { (p, q) } else { (q, p) };
        let g = GameEntry::new(t.game, Id::from(first), Id::from(second), code);
        let idx = entry.games.len();
        entry.games.push(g);
        game_at.insert((col, p), (round, idx));
        game_at.insert((col, q), (round, idx));
        done.insert((col, p));
        done.insert((col, q));
    }
    for (n, col, p, count) in fouls {
        let Some(&(round, idx)) = game_at.get(&(col.saturating_sub(1), p)) else {
            return Err(at(
                n,
                1,
                format!("foul: player {p} has no game in column {col}"),
            ));
        };
        if let Some(g) = rounds.get_mut(&round).and_then(|r| r.games.get_mut(idx)) {
            let [f, _] = g.sides(t.game);
            let side = usize::from(f != Some(&Id::from(p)));
            let mut fo = g.fouls();
            fo[side] = count;
            g.fouls = Some(fo);
        }
    }
    for (n, chars) in &bye_lines {
        let kind = char_at(chars, 5).to_ascii_uppercase();
        let round: u32 = field(chars, 7, 9)
            .parse()
            .map_err(|_| at(*n, 7, "240: round number".into()))?;
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
                        return Err(at(
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

    // Teams.
    if !team_lines.is_empty() {
        for (n, chars) in &team_lines {
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
                        .map_err(|_| at(*n, pos, format!("team player '{f}' is not a number")))?;
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
    }
    if t.event == EventType::Team && t.team_ranking != Some(TeamRanking::Placings) {
        // Rebuild the matches from the line-ups (300) and the games.
        let members = t.team_members();
        let team_of = |p: &Id| -> Option<Id> {
            let n: u32 = p.as_str().parse().ok()?;
            members
                .iter()
                .find(|(_, ms)| ms.contains(&n))
                .map(|(t, _)| t.clone())
        };
        let lineups: Vec<(u32, Id, Id, Vec<u32>)> = lineup_lines
            .iter()
            .map(|(n, chars)| {
                let round: u32 = field(chars, 5, 7)
                    .parse()
                    .map_err(|_| at(*n, 5, "300: round".into()))?;
                let a: usize = field(chars, 9, 11)
                    .parse()
                    .map_err(|_| at(*n, 9, "300: team".into()))?;
                let b: usize = field(chars, 13, 15)
                    .parse()
                    .map_err(|_| at(*n, 13, "300: team".into()))?;
                let mut ps = Vec::new();
                let mut pos = 17;
                while pos <= chars.len() {
                    ps.push(field(chars, pos, pos + 3).parse().unwrap_or(0));
                    pos += 5;
                }
                let tid = |k: usize| {
                    team_ids
                        .get(&k)
                        .cloned()
                        .unwrap_or_else(|| Id(k.to_string()))
                };
                Ok((round, tid(a), tid(b), ps))
            })
            .collect::<Result<_, TournamentError>>()?;
        for (&round, entry) in rounds.iter_mut() {
            let games = std::mem::take(&mut entry.games);
            let mut matches: Vec<MatchEntry> = Vec::new();
            let mut boards: Vec<Vec<(u32, GameEntry)>> = Vec::new();
            let find = |matches: &Vec<MatchEntry>, x: &Id, y: &Id| {
                matches.iter().position(|m| {
                    let [a, b] = m.sides(t.game);
                    (a == Some(x) && b == Some(y)) || (a == Some(y) && b == Some(x))
                })
            };
            // Matches in the order of the 300 records.
            for (r, a, b, _) in &lineups {
                if *r == round && find(&matches, a, b).is_none() {
                    let mut m = MatchEntry::default();
                    m.set_sides(t.game, Some(a.clone()), Some(b.clone()));
                    matches.push(m);
                    boards.push(Vec::new());
                }
            }
            let board_of = |team: &Id, p: u32| -> Option<u32> {
                lineups
                    .iter()
                    .find(|(r, a, _, _)| *r == round && a == team)
                    .and_then(|(_, _, _, ps)| ps.iter().position(|&q| q == p))
                    .map(|i| i as u32 + 1)
            };
            for g in games {
                let [Some(f), Some(s)] = g.sides(t.game) else {
                    continue;
                };
                let (Some(tf), Some(ts)) = (team_of(f), team_of(s)) else {
                    return Err(TournamentError::at(
                        file,
                        format!("round {round}: players {f} and {s} are not both in teams"),
                    ));
                };
                let k = match find(&matches, &tf, &ts) {
                    Some(k) => k,
                    None => {
                        let mut m = MatchEntry::default();
                        m.set_sides(t.game, Some(tf.clone()), Some(ts.clone()));
                        matches.push(m);
                        boards.push(Vec::new());
                        matches.len() - 1
                    }
                };
                let fp: u32 = f.as_str().parse().unwrap_or(0);
                let board = board_of(&tf, fp).unwrap_or(boards[k].len() as u32 + 1);
                boards[k].push((board, g));
            }
            for (col_p, slot) in lone
                .iter()
                .filter(|(c, _, _)| map.get(*c).copied() == Some(round))
                .map(|(c, p, s)| ((*c, *p), s))
            {
                let p = Id::from(col_p.1);
                let Some(tp) = team_of(&p) else { continue };
                let Some((_, _, opp, _)) =
                    lineups.iter().find(|(r, a, _, _)| *r == round && *a == tp)
                else {
                    continue;
                };
                let k = match find(&matches, &tp, opp) {
                    Some(k) => k,
                    None => continue,
                };
                let board = board_of(&tp, col_p.1).unwrap_or(boards[k].len() as u32 + 1);
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
                    g.set_sides(t.game, Some(p), None);
                } else {
                    g.set_sides(t.game, None, Some(p));
                }
                boards[k].push((board, g));
            }
            for (m, mut bs) in matches.iter_mut().zip(boards) {
                bs.sort_by_key(|(b, _)| *b);
                // The team that moves first has white (first mover) on board 1.
                if let Some((_, g0)) = bs.first() {
                    let [f, s] = g0.sides(t.game);
                    let [a, _] = m.sides(t.game);
                    let first_team = f.and_then(team_of).or_else(|| {
                        s.and_then(team_of).and_then(|ts| {
                            let [x, y] = m.sides(t.game);
                            if x == Some(&ts) {
                                y.cloned()
                            } else {
                                x.cloned()
                            }
                        })
                    });
                    if let Some(ft) = first_team {
                        if a != Some(&ft) {
                            let [x, y] = m.sides(t.game);
                            let (x, y) = (x.cloned(), y.cloned());
                            m.set_sides(t.game, y, x);
                        }
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
            entry.matches = matches;
        }
        let boards = t_boards(&forfeit_lines, &rounds);
        for (n, chars) in &forfeit_lines {
            let kind = field(chars, 5, 6);
            let round: u32 = field(chars, 8, 10)
                .parse()
                .map_err(|_| at(*n, 8, "330: round".into()))?;
            let a: usize = field(chars, 12, 14)
                .parse()
                .map_err(|_| at(*n, 12, "330: team".into()))?;
            let b: usize = field(chars, 16, 18)
                .parse()
                .map_err(|_| at(*n, 16, "330: team".into()))?;
            let code = match kind.as_str() {
                "+-" => ResultCode::FirstWinsByForfeit,
                "-+" => ResultCode::SecondWinsByForfeit,
                "--" => ResultCode::DoubleForfeit,
                _ => return Err(at(*n, 5, format!("330: forfeit type '{kind}'"))),
            };
            let tid = |k: usize| {
                team_ids
                    .get(&k)
                    .cloned()
                    .unwrap_or_else(|| Id(k.to_string()))
            };
            let mut m = MatchEntry::default();
            m.set_sides(t.game, Some(tid(a)), Some(tid(b)));
            m.games = (0..boards)
                .map(|_| GameEntry {
                    result: Some(code),
                    ..GameEntry::default()
                })
                .collect();
            rounds.entry(round).or_default().matches.push(m);
        }
    }
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
    if t.rounds_planned.is_none() {
        if let Some(r) = rounds_142 {
            // The columns of the file: the rounds played and the one paired.
            let columns = paired.as_ref().map_or(t.last_round(), |p| p.round);
            if r != columns {
                t.rounds_planned = Some(r);
            }
        }
    }
    t.check(file)?;
    if let Some(pr) = &paired {
        if pr.round <= t.last_round() {
            return Err(TournamentError::at(
                file,
                format!(
                    "the paired round {} is not after the last round played ({})",
                    pr.round,
                    t.last_round()
                ),
            ));
        }
    }
    Ok((t, paired))
}

/// The number of boards for forfeited matches: the widest match.
fn t_boards(_forfeits: &[(usize, Vec<char>)], rounds: &BTreeMap<u32, RoundEntry>) -> usize {
    rounds
        .values()
        .flat_map(|r| r.matches.iter().map(|m| m.games.len()))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// Reads `name value` pairs.
fn pairs(words: &[&str]) -> Option<BTreeMap<String, Points>> {
    if words.len() % 2 != 0 {
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

    #[test]
    fn recognises_trf() {
        assert!(looks_like_trf("012 Club championship\n001    1"));
        assert!(looks_like_trf("### comment\n"));
        assert!(!looks_like_trf("format: 1\n"));
    }
}
