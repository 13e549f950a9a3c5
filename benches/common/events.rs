//! Large Swiss events for the tournament benches and `examples/large_event`:
//! `n` players, `played` rounds, paired the way a Swiss event pairs (by
//! score, no one meeting twice, colours balanced, a bye to the lowest
//! without one) and results from a fixed pseudo-random sequence (a third
//! each won, drawn, lost by the first mover). The pairing here is a simple
//! one of its own, O(n log n) a round, so that events of any size are made
//! quickly and independently of the pairing code being measured.

use qigui::event::{GameEntry, GameName, Id, Player, ResultCode, RoundEntry, System, Tournament};

/// A Swiss event of `n` players (2 or more) after `played` rounds, of
/// `planned` rounds announced.
pub fn swiss_event(game: GameName, n: u32, played: u32, planned: u32) -> Tournament {
    let mut t = Tournament::new(game, System::Swiss);
    t.rounds_planned = Some(planned);
    t.players = (1..=n)
        .map(|id| Player {
            id,
            name: None,
            team: None,
            rating: None,
            federation: None,
        })
        .collect();
    let mut seed: u64 = 0x2020_0513 ^ u64::from(n);
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 3
    };
    let n = n as usize;
    // Score in half points, first moves minus second moves, byes, and the
    // opponents met (sorted, small: one a round).
    let mut score = vec![0u32; n];
    let mut balance = vec![0i32; n];
    let mut byes = vec![0u32; n];
    let mut met: Vec<Vec<u32>> = vec![Vec::new(); n];
    for r in 1..=played {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
        // The bye: the lowest in the order without one.
        let mut bye = None;
        if n % 2 == 1 {
            let k = (0..n).rev().find(|&k| byes[order[k]] == 0).unwrap_or(n - 1);
            bye = Some(order.remove(k));
        }
        let mut paired = vec![false; n];
        let mut pairs = Vec::with_capacity(n / 2);
        let mut left = Vec::new();
        for i in 0..order.len() {
            let a = order[i];
            if paired[a] {
                continue;
            }
            // The next unpaired player not met yet, looking a little ahead.
            let partner = order[i + 1..]
                .iter()
                .copied()
                .filter(|&b| !paired[b])
                .take(64)
                .find(|&b| !met[a].contains(&(b as u32)));
            match partner {
                Some(b) => {
                    paired[a] = true;
                    paired[b] = true;
                    pairs.push((a, b));
                }
                None => left.push(a),
            }
        }
        // Whoever found no new opponent plays whoever else is left.
        for c in left.chunks(2) {
            if let [a, b] = c {
                pairs.push((*a, *b));
            }
        }
        let mut games = Vec::with_capacity(pairs.len());
        for (a, b) in pairs {
            let (f, s) = if balance[a] <= balance[b] {
                (a, b)
            } else {
                (b, a)
            };
            balance[f] += 1;
            balance[s] -= 1;
            met[a].push(b as u32);
            met[b].push(a as u32);
            let result = match next() {
                0 => {
                    score[f] += 2;
                    ResultCode::FirstWins
                }
                1 => {
                    score[f] += 1;
                    score[s] += 1;
                    ResultCode::Draw
                }
                _ => {
                    score[s] += 2;
                    ResultCode::SecondWins
                }
            };
            games.push(GameEntry::new(
                game,
                Id::from(f as u32 + 1),
                Id::from(s as u32 + 1),
                result,
            ));
        }
        let byes_now: Vec<Id> = bye.iter().map(|&b| Id::from(b as u32 + 1)).collect();
        if let Some(b) = bye {
            byes[b] += 1;
            score[b] += 2;
        }
        t.rounds.push(RoundEntry {
            round: Some(r),
            cycle: None,
            games,
            matches: Vec::new(),
            byes: byes_now,
        });
    }
    t
}
