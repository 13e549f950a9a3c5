//! Team events (article 11): the kinds of team competition and how a
//! team's players take the boards, with the board colours of 12.2 and 12.3.
//!
//! * 11.1 分台定人制: the registered board order is fixed; by rating, those
//!   without a rating after those with one ([`board_order`]).
//! * 11.2 分台换人制: reserves may play, but the board order may not be
//!   inverted: a line-up is any `boards` of the `boards + reserves`
//!   registered players kept in their order ([`lineups`]; 4 boards and 2
//!   reserves give the book's fifteen, 1-2-3-4 … 3-4-5-6).
//! * 11.3 临时定台制: the team names its order before each match (any order
//!   of its players; nothing to compute).
//! * 11.4 全队轮赛制: [`super::scheveningen`].
//! * 11.5 队员总分制: teams ranked by their players' places in the
//!   individual event ([`crate::event::standings`], 14.9).

use super::PairingError;

/// 12.2, 12.3: the colour of each board for the team listed first (the
/// team "先走"): odd boards move first (red), even boards second. `true`
/// means the first-listed team moves first on that board.
pub fn board_colours(boards: u32) -> Vec<bool> {
    (1..=boards).map(|b| b % 2 == 1).collect()
}

/// 11.2: every line-up of `boards` players out of `boards + reserves`
/// registered ones, the registered order kept (台次顺序不能前后颠倒), in
/// lexicographic order: 1-2-3-4, 1-2-3-5, …, 3-4-5-6.
pub fn lineups(boards: u32, reserves: u32) -> Result<Vec<Vec<u32>>, PairingError> {
    let n = boards.saturating_add(reserves);
    if boards == 0 || n > 30 {
        return Err(PairingError::Unsupported(format!(
            "line-ups of {boards} boards from {n} players: qigui lists 1 to 30 players"
        )));
    }
    // C(n, boards), computed exactly (n ≤ 30).
    let count = (0..u64::from(boards)).fold(1u64, |c, i| c * (u64::from(n) - i) / (i + 1));
    if count > 100_000 {
        return Err(PairingError::Unsupported(format!(
            "{count} line-ups: qigui lists at most 100000"
        )));
    }
    let mut out = Vec::new();
    let mut cur: Vec<u32> = (1..=boards).collect();
    loop {
        out.push(cur.clone());
        // The next combination in lexicographic order.
        let k = boards as usize;
        let mut i = k;
        while i > 0 && cur[i - 1] == n - (k - i) as u32 {
            i -= 1;
        }
        if i == 0 {
            return Ok(out);
        }
        cur[i - 1] += 1;
        for j in i..k {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// 11.1: the registered board order: higher rating first, players without
/// a rating after those with one; among equals the registration order.
/// `players` are (id, rating); the result lists the ids by board.
pub fn board_order(players: &[(u32, Option<u32>)]) -> Vec<u32> {
    let mut v: Vec<(usize, u32, Option<u32>)> = players
        .iter()
        .enumerate()
        .map(|(i, &(id, r))| (i, id, r))
        .collect();
    v.sort_by(|a, b| match (a.2, b.2) {
        (Some(x), Some(y)) => y.cmp(&x).then(a.0.cmp(&b.0)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.0.cmp(&b.0),
    });
    v.into_iter().map(|x| x.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifteen_orders_for_four_boards_and_two_reserves() {
        let l = lineups(4, 2).unwrap_or_default();
        assert_eq!(l.len(), 15);
        assert_eq!(l[0], [1, 2, 3, 4]);
        assert_eq!(l[1], [1, 2, 3, 5]);
        assert_eq!(l[14], [3, 4, 5, 6]);
    }

    #[test]
    fn colours_by_board_parity() {
        assert_eq!(board_colours(4), [true, false, true, false]);
    }

    #[test]
    fn unrated_after_rated() {
        assert_eq!(
            board_order(&[(1, None), (2, Some(2400)), (3, Some(2500)), (4, None)]),
            [3, 2, 1, 4]
        );
    }
}
