//! Writing TRF-2026: the header records (012, 062, 082, 092, 142), the
//! point system (162, 362, 352), the qigui extension as comments, the
//! players with their round columns (001), the teams (310, 300, 330, 240)
//! and the bonus points (299).

use std::collections::BTreeMap;

use super::Slot;
use crate::event::standings::crosstable::ranks_teams;
use crate::event::standings::points::Points;
use crate::event::standings::scoring::RuleSet;
use crate::event::standings::{Crosstable, Standings};
use crate::event::tournament::{
    EventType, GameEntry, GameName, GameScoring, Id, MatchEntry, PenaltyKind, ResultCode,
    RoundEntry, System, TeamRanking, TiebreakChoice, Tournament, TournamentError,
};
use crate::limits::echo;

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

fn game_name(g: GameName) -> &'static str {
    match g {
        GameName::Xiangqi => "xiangqi",
        GameName::Gomoku => "gomoku",
    }
}

/// An error of the writer: what the tournament has that TRF cannot say.
fn err(m: String) -> TournamentError {
    TournamentError::at("TRF", m)
}

/// A player id as a TRF starting rank.
fn pid(id: Option<&Id>) -> Result<Option<u32>, TournamentError> {
    match id {
        None => Ok(None),
        Some(i) => i
            .as_str()
            .parse::<u32>()
            .map(Some)
            .map_err(|_| err(format!("player id '{i}' is not a number"))),
    }
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
    if t.players.iter().any(|p| p.id > 9999) {
        return Err(err("TRF starting ranks run from 1 to 9999".into()));
    }
    check_texts(t)?;
    let mut lines = header_records(t);
    let mut ext = settings_extension(t);
    // The rules' point system, for record 162.
    let edition = crate::event::standings::edition_for(t, None).map_err(|e| err(e.to_string()))?;
    let rules = RuleSet::new(edition, t).map_err(|e| err(e.to_string()))?;
    let bye = if t.system.is_round_robin() {
        Points::ZERO
    } else {
        rules.game.win
    };
    lines.extend(point_records(t, &rules, bye));
    let cols = Columns::of(t, rules.game.draws())?;
    lines.extend(cols.team_byes.iter().cloned());
    ext.extend(cols.cycles.iter().cloned());
    let identity = cols
        .rounds
        .iter()
        .enumerate()
        .all(|(i, &r)| r == i as u32 + 1);
    if !identity {
        ext.push(format!(
            "round-map {}",
            cols.rounds
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    ext.extend(cols.fouls.iter().cloned());
    ext.extend(events_extension(t));

    // Points and ranks.
    let computed;
    let standings = match standings {
        Some(s) => Some(s),
        None => {
            computed = crate::event::standings::compute(t, None).ok();
            computed.as_ref()
        }
    };
    lines.push(format!("### qigui {}", "format 1"));
    for e in &ext {
        lines.push(format!("### qigui {e}"));
    }
    lines.extend(player_records(t, &cols, &rules.game, bye, standings));
    if t.event == EventType::Team {
        lines.extend(team_records(t, &rules, standings));
        lines.extend(cols.lineups.iter().cloned());
        lines.extend(cols.forfeited.iter().cloned());
    }
    lines.extend(bonus_records(&cols));
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push_str(eol.text());
    }
    Ok(out)
}

/// A TRF record is one line of fixed columns, with no way to escape a line
/// break or to continue a field: a text that does not fit its field is
/// refused with where it is, never cut or written raw (qigui must read back
/// what it writes).
fn check_texts(t: &Tournament) -> Result<(), TournamentError> {
    let fits = |place: String, text: &str, width: Option<usize>| {
        if let Some(c) = text.chars().find(|c| c.is_control()) {
            return Err(TournamentError::at(
                format!("TRF: {place}"),
                format!(
                    "'{}' holds a control character ({c:?}): a TRF record is one line",
                    echo(&text.escape_debug().to_string())
                ),
            ));
        }
        match width {
            Some(w) if text.chars().count() > w => Err(TournamentError::at(
                format!("TRF: {place}"),
                format!(
                    "'{}' is {} characters; the TRF field holds {w}: shorten it",
                    echo(text),
                    text.chars().count()
                ),
            )),
            _ => Ok(()),
        }
    };
    if let Some(n) = &t.name {
        fits("the tournament's name (012)".into(), n, None)?;
    }
    for p in &t.players {
        if let Some(n) = &p.name {
            fits(
                format!("player {} name (001, columns 15–47)", p.id),
                n,
                Some(33),
            )?;
        }
        if let Some(f) = &p.federation {
            fits(
                format!("player {} federation (001, columns 54–56)", p.id),
                f,
                Some(3),
            )?;
        }
    }
    for team in &t.teams {
        let id = team.id.as_str();
        fits(format!("team {id} code (310, columns 42–46)"), id, Some(5))?;
        if let Some(n) = &team.name {
            fits(format!("team {id} name (310, columns 9–40)"), n, Some(32))?;
        }
    }
    Ok(())
}

/// Records 012 (name), 062 (players), 082 (teams), 092 (type) and 142
/// (rounds).
fn header_records(t: &Tournament) -> Vec<String> {
    let mut lines = Vec::new();
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
    lines
}

/// The qigui extension's settings: the game, the rules, the system and
/// the event's own choices (ranking, matches, rounds, tie-breaks, points).
fn settings_extension(t: &Tournament) -> Vec<String> {
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
    ext
}

/// The qigui extension's events: penalties, withdrawals, the N+1 final and
/// the teams' ids.
fn events_extension(t: &Tournament) -> Vec<String> {
    let mut ext = Vec::new();
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
    ext
}

/// Records 162 (the point system: W, D, L, A and P for the bye) and, for
/// matches of teams, 362 (match points) and 352 (the boards' colours).
fn point_records(t: &Tournament, rules: &RuleSet, bye: Points) -> Vec<String> {
    let game = &rules.game;
    let [draw_first, _] = game.draws();
    let mut lines = vec![format!(
        "162  W{}    D{}    L{}    A{}    P{}",
        right(&pts(game.win), 4),
        right(&pts(draw_first), 4),
        right(&pts(game.loss), 4),
        right(&pts(game.loss), 4),
        right(&pts(bye), 4),
    )];
    if ranks_teams(t) {
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
    lines
}

/// A game's result as TRF writes it for the first (`side` 0) or the second
/// mover.
fn result_char(code: ResultCode, side: usize) -> char {
    match (code, side) {
        (ResultCode::FirstWins, 0) | (ResultCode::SecondWins, 1) => '1',
        (ResultCode::FirstWins, _) | (ResultCode::SecondWins, _) => '0',
        (ResultCode::Draw, _) => '=',
        (ResultCode::FirstWinsByForfeit, 0) | (ResultCode::SecondWinsByForfeit, 1) => '+',
        _ => '-',
    }
}

/// The round columns: each round takes as many TRF columns as the most
/// games a player has in it (more than one in a multi-game match, 14.2),
/// with what the games leave for other records.
struct Columns {
    /// Column → round number.
    rounds: Vec<u32>,
    /// (column, player) → the player's slot.
    slots: BTreeMap<(usize, u32), Slot>,
    /// The qigui `foul` extension lines.
    fouls: Vec<String>,
    /// The second mover's extra points for a draw (13.3): column, player,
    /// points (299 records).
    bonus: Vec<(usize, u32, Points)>,
    /// The 300 records (line-ups).
    lineups: Vec<String>,
    /// The 330 records (forfeited matches).
    forfeited: Vec<String>,
    /// The 240 records (a team's bye).
    team_byes: Vec<String>,
    /// The qigui `cycle` extension lines.
    cycles: Vec<String>,
    /// The first column of the round being placed.
    base: usize,
    /// Columns taken by each player in the round being placed.
    per_player: BTreeMap<u32, usize>,
    /// A draw's points for the first and the second mover.
    draws: [Points; 2],
}

impl Columns {
    /// The columns of every round of `t`; `draws` are a draw's points for
    /// the first and the second mover.
    fn of(t: &Tournament, draws: [Points; 2]) -> Result<Columns, TournamentError> {
        let mut cols = Columns {
            rounds: Vec::new(),
            slots: BTreeMap::new(),
            fouls: Vec::new(),
            bonus: Vec::new(),
            lineups: Vec::new(),
            forfeited: Vec::new(),
            team_byes: Vec::new(),
            cycles: Vec::new(),
            base: 0,
            per_player: BTreeMap::new(),
            draws,
        };
        let members = t.team_members();
        let team_number: BTreeMap<Id, usize> = t
            .teams
            .iter()
            .enumerate()
            .map(|(i, tm)| (tm.id.clone(), i + 1))
            .collect();
        for (round, number) in t.rounds.iter().zip(t.round_numbers()) {
            cols.round(t, round, number, &members, &team_number)?;
        }
        Ok(cols)
    }

    /// Places one round: its games, its matches and its byes.
    fn round(
        &mut self,
        t: &Tournament,
        round: &RoundEntry,
        number: u32,
        members: &BTreeMap<Id, Vec<u32>>,
        team_number: &BTreeMap<Id, usize>,
    ) -> Result<(), TournamentError> {
        self.base = self.rounds.len();
        self.per_player.clear();
        for g in &round.games {
            self.game(t, g)?;
        }
        for m in &round.matches {
            self.team_match(t, m, number, members, team_number)?;
        }
        for b in &round.byes {
            if ranks_teams(t) {
                // A team's bye: a 240 record.
                let n = team_number.get(b).copied().unwrap_or(0);
                self.team_byes.push(format!("240 F {:03} {:04}", number, n));
                continue;
            }
            let p = pid(Some(b))?.unwrap_or(0);
            self.place(
                p,
                Slot {
                    opponent: 0,
                    colour: '-',
                    result: 'U',
                },
            );
        }
        let width = self.per_player.values().copied().max().unwrap_or(1).max(1);
        for _ in 0..width {
            self.rounds.push(number);
        }
        if let Some(c) = round.cycle {
            self.cycles.push(format!("cycle {number} {c}"));
        }
        Ok(())
    }

    /// Puts `slot` in player `p`'s next column of the round; returns the
    /// column.
    fn place(&mut self, p: u32, slot: Slot) -> usize {
        let k = self.per_player.entry(p).or_insert(0);
        let col = self.base + *k;
        *k += 1;
        self.slots.insert((col, p), slot);
        col
    }

    /// Places a game in both players' columns, with its fouls and the
    /// second mover's extra points for a draw.
    fn game(&mut self, t: &Tournament, g: &GameEntry) -> Result<(), TournamentError> {
        let [draw_first, draw_second] = self.draws;
        let [f, s] = g.sides(t.game);
        let (f, s) = (pid(f)?, pid(s)?);
        let code = g.result.unwrap_or(ResultCode::DoubleForfeit);
        let fo = g.fouls();
        for (side, me, other) in [(0, f, s), (1, s, f)] {
            let Some(me) = me else { continue };
            let col = self.place(
                me,
                Slot {
                    opponent: other.unwrap_or(0),
                    colour: if side == 0 { 'w' } else { 'b' },
                    result: result_char(code, side),
                },
            );
            if fo[side] > 0 {
                self.fouls
                    .push(format!("foul {} {me} {}", col + 1, fo[side]));
            }
            if code == ResultCode::Draw && side == 1 && draw_second != draw_first {
                self.bonus.push((col, me, draw_second - draw_first));
            }
        }
        Ok(())
    }

    /// Places a team match: a forfeited match as a 330 record, otherwise
    /// its games board by board and both teams' line-ups (300).
    fn team_match(
        &mut self,
        t: &Tournament,
        m: &MatchEntry,
        number: u32,
        members: &BTreeMap<Id, Vec<u32>>,
        team_number: &BTreeMap<Id, usize>,
    ) -> Result<(), TournamentError> {
        let [Some(a), Some(b)] = m.sides(t.game) else {
            return Ok(());
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
            self.forfeited.push(format!(
                "330 {kind} {} {} {}",
                right(&number.to_string(), 3).replace(' ', "0"),
                right(&na.to_string(), 3).replace(' ', "0"),
                right(&nb.to_string(), 3).replace(' ', "0"),
            ));
            return Ok(());
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
            self.game(t, g)?;
        }
        self.lineups.push(format!(
            "300 {:03} {:03} {:03} {}",
            number,
            na,
            nb,
            la.join(" ")
        ));
        self.lineups.push(format!(
            "300 {:03} {:03} {:03} {}",
            number,
            nb,
            na,
            lb.join(" ")
        ));
        Ok(())
    }
}

/// Records 001: each player with points, rank and round columns.
fn player_records(
    t: &Tournament,
    cols: &Columns,
    game: &GameScoring,
    bye: Points,
    standings: Option<&Standings>,
) -> Vec<String> {
    let individual = standings.and_then(|s| {
        if s.individual.is_some() {
            s.individual.as_deref()
        } else if t.event == EventType::Individual {
            Some(s)
        } else {
            None
        }
    });
    let [draw_first, _] = game.draws();
    let player_points = |p: u32| -> Points {
        // Game points of all the player's slots, as TRF counts them.
        cols.slots
            .iter()
            .filter(|((_, q), _)| *q == p)
            .map(|((col, _), s)| {
                let base = match s.result {
                    '1' | '+' => game.win,
                    '=' => draw_first,
                    'U' => bye,
                    _ => game.loss,
                };
                let extra: Points = cols
                    .bonus
                    .iter()
                    .filter(|(c, q, _)| c == col && *q == p)
                    .map(|x| x.2)
                    .sum();
                base + extra
            })
            .sum()
    };
    let mut lines = Vec::new();
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
        for col in 0..cols.rounds.len() {
            let at = 92 + 10 * col;
            match cols.slots.get(&(col, p.id)) {
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
    lines
}

/// Records 310: each team with its match and game points (straight from
/// the results table), its rank and its players.
fn team_records(t: &Tournament, rules: &RuleSet, standings: Option<&Standings>) -> Vec<String> {
    let members = t.team_members();
    let table: Option<Crosstable> =
        crate::event::standings::crosstable::build(t, rules, t.last_round()).ok();
    let mut lines = Vec::new();
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
    lines
}

/// Records 299: the second mover's extra points for a draw (13.3).
fn bonus_records(cols: &Columns) -> Vec<String> {
    let mut lines = Vec::new();
    for (col, p, extra) in &cols.bonus {
        let mut buf: Vec<char> = Vec::new();
        put(&mut buf, 1, "299");
        put(&mut buf, 14, &right(&pts(*extra), 4));
        let round = cols.rounds.get(*col).copied().unwrap_or(*col as u32 + 1);
        put(&mut buf, 20, &format!("{round:03}"));
        put(&mut buf, 24, &right(&p.to_string(), 4));
        lines.push(buf.into_iter().collect::<String>().trim_end().to_string());
    }
    lines
}
/// The tournament up to the round before `round`, as TRF-2026, with the
/// pairing `lines` (first mover, second mover or `None` for the bye) as
/// the next round column: the opponent and the colour with the result left
/// blank, the bye as `0000 - U` (scored as a win in a Swiss event, 14.4).
/// [`read_paired`](super::read_paired) reads it back.
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
