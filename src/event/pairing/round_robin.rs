//! 循环制 (10.1): the round-robin tables of 附录二 (循环赛对局秩序表), built
//! for any number of players by the book's 编排方法 1–4, with colours by
//! 12.1 (the number listed first has red), team boards by 12.2, and two-game
//! matches and double round robins by 12.4 and 附录二's 使用说明. Gomoku's
//! 附录四 prints the same tables (27.2).

use super::{Game, PairingError};

/// The most games per pairing [`match_games`] lists.
pub const MAX_GAMES: u32 = 100;

/// The "最大号" (编排方法 1): the number of players, or one more when it is
/// odd; the extra number is nobody, and its opponent has the bye.
pub fn largest_number(players: u32) -> u32 {
    if players.is_multiple_of(2) {
        players
    } else {
        players + 1
    }
}

/// The round-robin table for `players` (2 or more): one list of games per
/// round, in the book's column order, the player listed first moving first.
/// With an odd number the player drawn against the "最大号" has the bye
/// (附录二 使用说明), shown as `Game { second: None }` in its column.
///
/// 编排方法:
/// 1. the 最大号 `m` is the number of players, made even;
///    there are `m − 1` rounds;
/// 2. round 1: 首尾相对，依次靠拢 — `1-m, 2-(m−1), …`; with an odd number
///    1 has the bye;
/// 3. the 最大号 has red in round 2 and alternates thereafter, its game
///    always in the first column;
/// 4. from round 2 its opponent is the number in the last place of the
///    previous round's table; the others 上轮跨邻相遇，前后顺序依然，从后往前
///    配对: reading the previous round backwards without those two, each
///    two consecutive numbers meet, listed in the order they had before.
pub fn table(players: u32) -> Result<Vec<Vec<Game>>, PairingError> {
    Ok(rounds(players)?.collect())
}

/// The rounds of [`table`] one at a time, each built from the one before:
/// the whole table is never held, so a program printing it needs memory for
/// one round only. Each round costs its length, the table O(n²) — the size
/// of its output.
pub fn rounds(players: u32) -> Result<Rounds, PairingError> {
    if players < 2 {
        return Err(PairingError::Unsupported(format!(
            "a round robin needs at least 2 players, not {players}"
        )));
    }
    if players > MAX_PLAYERS {
        return Err(PairingError::Unsupported(format!(
            "{players} players: qigui builds round robins of at most {MAX_PLAYERS}"
        )));
    }
    let m = largest_number(players);
    Ok(Rounds {
        m,
        bye: (players % 2 == 1).then_some(m),
        next: 1,
        row: Vec::new(),
        place: vec![0; m as usize + 1],
    })
}

/// The most players [`table`] builds a round robin for.
pub const MAX_PLAYERS: u32 = crate::limits::MAX_ROUND_ROBIN_PLAYERS;

/// The rounds of a round-robin table in order ([`rounds`]).
#[derive(Clone, Debug)]
pub struct Rounds {
    /// The 最大号.
    m: u32,
    /// The number that stands for nobody, with an odd number of players.
    bye: Option<u32>,
    /// The round the next call builds, 1-based.
    next: u32,
    /// The last round built, as the sequence of numbers the table prints.
    row: Vec<u32>,
    /// Where each number stood in `row`.
    place: Vec<usize>,
}

impl Iterator for Rounds {
    type Item = Vec<Game>;

    fn next(&mut self) -> Option<Vec<Game>> {
        let (m, r) = (self.m, self.next);
        if r >= m {
            return None;
        }
        self.next += 1;
        let row = if r == 1 {
            (1..=m / 2).flat_map(|i| [i, m + 1 - i]).collect()
        } else {
            let prev = &self.row;
            for (i, &p) in prev.iter().enumerate() {
                self.place[p as usize] = i;
            }
            let x = prev[prev.len() - 1];
            let mut row = Vec::with_capacity(prev.len());
            row.extend(if r % 2 == 0 { [m, x] } else { [x, m] });
            // The others, read backwards, each two consecutive numbers
            // meeting; listed in the order they stood in the previous round
            // (read from `place` in constant time).
            let mut back = prev.iter().rev().copied().filter(|&p| p != m && p != x);
            while let (Some(a), Some(b)) = (back.next(), back.next()) {
                if self.place[b as usize] < self.place[a as usize] {
                    row.extend([b, a]);
                } else {
                    row.extend([a, b]);
                }
            }
            row
        };
        let bye = self.bye;
        let games = row
            .chunks(2)
            .filter_map(|p| match p {
                [a, b] if Some(*b) == bye => Some(Game {
                    first: *a,
                    second: None,
                }),
                [a, b] if Some(*a) == bye => Some(Game {
                    first: *b,
                    second: None,
                }),
                [a, b] => Some(Game {
                    first: *a,
                    second: Some(*b),
                }),
                _ => None,
            })
            .collect();
        self.row = row;
        Some(games)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.m.saturating_sub(self.next) as usize;
        (left, Some(left))
    }
}

/// A double round robin (10.1 双循环制): the table twice, the second cycle
/// with every game's colours exchanged (附录二 使用说明: 各轮第一局执红棋先走者，
/// 在第二局改执黑棋后走). The rounds of the second cycle follow the first.
pub fn double_table(players: u32) -> Result<Vec<Vec<Game>>, PairingError> {
    Ok(double_rounds(players)?.collect())
}

/// The rounds of [`double_table`] one at a time (see [`rounds`]).
pub fn double_rounds(players: u32) -> Result<impl Iterator<Item = Vec<Game>>, PairingError> {
    let first = rounds(players)?;
    let second = first.clone().map(|r| r.iter().map(swapped).collect());
    Ok(first.chain(second))
}

/// The games of one round when each pairing plays `games` games (两局制,
/// 多局制): 附录二 使用说明 and 12.4 — the first game as in the table, then the
/// colours alternate ("依次交换"). At most [`MAX_GAMES`] are listed.
pub fn match_games(round: &[Game], games: u32) -> Vec<Vec<Game>> {
    (0..games.clamp(1, MAX_GAMES))
        .map(|k| {
            round
                .iter()
                .map(|g| if k % 2 == 0 { *g } else { swapped(g) })
                .collect()
        })
        .collect()
}

fn swapped(g: &Game) -> Game {
    match g.second {
        Some(b) => Game {
            first: b,
            second: Some(g.first),
        },
        None => *g,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(r: &[Game]) -> Vec<String> {
        r.iter().map(Game::text).collect()
    }

    #[test]
    fn eight_players_first_rounds() {
        let t = table(8).unwrap_or_default();
        assert_eq!(text(&t[0]), ["1-8", "2-7", "3-6", "4-5"]);
        assert_eq!(text(&t[1]), ["8-5", "6-4", "7-3", "1-2"]);
        assert_eq!(text(&t[2]), ["2-8", "3-1", "4-7", "5-6"]);
        assert_eq!(text(&t[6]), ["4-8", "5-3", "6-2", "7-1"]);
    }

    #[test]
    fn odd_players_have_a_bye() {
        let t = table(3).unwrap_or_default();
        assert_eq!(text(&t[0]), ["1-bye", "2-3"]);
        assert_eq!(text(&t[1]), ["3-bye", "1-2"]);
        assert!(table(1).is_err());
    }

    #[test]
    fn double_and_matches_swap_colours() {
        let d = double_table(4).unwrap_or_default();
        assert_eq!(d.len(), 6);
        assert_eq!(text(&d[3]), ["4-1", "3-2"]);
        let m = match_games(&d[0], 2);
        assert_eq!(text(&m[1]), ["4-1", "3-2"]);
    }
}
