//! 全队轮赛制 (舍文宁根制, Scheveningen; 11.4, 附录五; Gomoku 26.2.4,
//! 27.6.3, 附录五): every player of team A plays every player of team B.
//! The rulebooks print one table per team size — 2020 for 3–8 players a
//! team, Gomoku for 4–6 boards — and qigui serves exactly those tables.
//! [`check`] tests a table against 附录五's principles: everyone meets
//! everyone once, the teams' and each player's colours balanced (within one
//! when the number is odd), and no player with three in a row.

use std::collections::BTreeSet;
use std::fmt;

use super::PairingError;
use super::scheveningen_tables::{GOMOKU_2025, XIANGQI_2020};

/// Which book's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Book {
    /// 象棋竞赛规则 (2020) 附录五: the first-listed side has red.
    Xiangqi2020,
    /// 中国五子棋竞赛规则 (2025) 附录五: the first-listed side has black (先手).
    Gomoku2025,
}

/// A team's side of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Team {
    /// Team A.
    A,
    /// Team B.
    B,
}

/// A player: his team and board number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Member {
    /// The team.
    pub team: Team,
    /// The board (1-based).
    pub board: u32,
}

impl fmt::Display for Member {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = match self.team {
            Team::A => "A",
            Team::B => "B",
        };
        write!(f, "{t}{}", self.board)
    }
}

/// One game: `first` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamGame {
    /// Moves first.
    pub first: Member,
    /// Moves second.
    pub second: Member,
}

impl TeamGame {
    /// `A1-B2`.
    pub fn text(&self) -> String {
        format!("{}-{}", self.first, self.second)
    }
}

fn member(s: &str) -> Option<Member> {
    let team = match s.chars().next()? {
        'A' => Team::A,
        'B' => Team::B,
        _ => return None,
    };
    let board = s.get(1..)?.parse().ok()?;
    Some(Member { team, board })
}

/// The book's table for teams of `players`: one list of games per round.
pub fn table(book: Book, players: u32) -> Result<Vec<Vec<TeamGame>>, PairingError> {
    let (tables, name) = match book {
        Book::Xiangqi2020 => (XIANGQI_2020, "2020 附录五 (3–8 players a team)"),
        Book::Gomoku2025 => (GOMOKU_2025, "Gomoku 附录五 (4–6 boards)"),
    };
    let Some((_, rounds)) = tables.iter().find(|(n, _)| *n == players) else {
        return Err(PairingError::Unsupported(format!(
            "no Scheveningen table for {players} players a team in {name}"
        )));
    };
    let mut out = Vec::new();
    for round in rounds.iter() {
        let mut games = Vec::new();
        for g in round.iter() {
            let parsed = g
                .split_once('-')
                .and_then(|(a, b)| Some((member(a)?, member(b)?)));
            match parsed {
                Some((first, second)) => games.push(TeamGame { first, second }),
                None => {
                    return Err(PairingError::Invalid(format!(
                        "table entry '{g}' is not a game"
                    )));
                }
            }
        }
        out.push(games);
    }
    Ok(out)
}

/// A way a table departs from 附录五's principles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A pair meets other than once (everyone meets everyone once).
    Meetings(String),
    /// A player plays twice in a round, or a round has a game of one team.
    Round(u32, String),
    /// A player's colours differ by more than one.
    PlayerColours(String, i32),
    /// The teams' colours differ by more than the table's parity allows.
    TeamColours(i32),
    /// A player has the same colour three times in a row.
    ThreeInARow(String, u32),
}

/// Checks a table of `n` players a team against 附录五's principles. An
/// empty list means the table keeps them all.
pub fn check(rounds: &[Vec<TeamGame>], n: u32) -> Vec<Violation> {
    let mut v = Vec::new();
    let mut met: BTreeSet<(u32, u32)> = BTreeSet::new();
    let members: Vec<Member> = [Team::A, Team::B]
        .iter()
        .flat_map(|&team| (1..=n).map(move |board| Member { team, board }))
        .collect();
    // colours[i]: +1 first, -1 second, per round
    let mut seq: Vec<Vec<i32>> = vec![Vec::new(); members.len()];
    let index = |m: Member| -> usize {
        (if m.team == Team::A { 0 } else { n as usize }) + m.board as usize - 1
    };
    let mut team_first = [0i32; 2];
    for (r, games) in rounds.iter().enumerate() {
        let r = r as u32 + 1;
        let mut seen = BTreeSet::new();
        for g in games {
            if g.first.team == g.second.team
                || g.first.board == 0
                || g.second.board == 0
                || g.first.board > n
                || g.second.board > n
            {
                v.push(Violation::Round(r, g.text()));
                continue;
            }
            for m in [g.first, g.second] {
                if !seen.insert(m) {
                    v.push(Violation::Round(r, format!("{m} plays twice")));
                }
            }
            let (a, b) = if g.first.team == Team::A {
                (g.first.board, g.second.board)
            } else {
                (g.second.board, g.first.board)
            };
            if !met.insert((a, b)) {
                v.push(Violation::Meetings(format!("A{a}-B{b} twice")));
            }
            seq[index(g.first)].push(1);
            seq[index(g.second)].push(-1);
            team_first[if g.first.team == Team::A { 0 } else { 1 }] += 1;
        }
        if seen.len() != 2 * n as usize {
            v.push(Violation::Round(
                r,
                format!("{} players, not {}", seen.len(), 2 * n),
            ));
        }
    }
    if met.len() != (n * n) as usize {
        v.push(Violation::Meetings(format!(
            "{} of the {} pairs meet",
            met.len(),
            n * n
        )));
    }
    for (i, s) in seq.iter().enumerate() {
        let name = members[i].to_string();
        let balance: i32 = s.iter().sum();
        if balance.abs() > 1 {
            v.push(Violation::PlayerColours(name.clone(), balance));
        }
        let mut run = 0u32;
        for (k, c) in s.iter().enumerate() {
            run = if k > 0 && s[k - 1] == *c { run + 1 } else { 1 };
            if run == 3 {
                v.push(Violation::ThreeInARow(name.clone(), k as u32 + 1));
            }
        }
    }
    let diff = team_first[0] - team_first[1];
    let allowed = if (n * n) % 2 == 1 { 1 } else { 0 };
    if diff.abs() > allowed {
        v.push(Violation::TeamColours(diff));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_table_parses_and_has_its_size() {
        for (book, sizes) in [(Book::Xiangqi2020, 3..=8u32), (Book::Gomoku2025, 4..=6u32)] {
            for n in sizes {
                let t = table(book, n).unwrap_or_default();
                assert_eq!(t.len(), n as usize);
                assert!(t.iter().all(|r| r.len() == n as usize));
            }
        }
        assert!(table(Book::Gomoku2025, 3).is_err());
        assert!(table(Book::Xiangqi2020, 9).is_err());
    }
}
