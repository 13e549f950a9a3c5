//! 淘汰制 (10.3, 附录四; Gomoku 27.1 and 附录三 单败淘汰制比赛): the bracket
//! positions of the seeds and of the byes, single-elimination brackets with
//! byes (轮空法) or a preliminary round (抢号法), and the placement matches
//! (附加赛) that rank the losers.
//!
//! Gomoku 附录三 三.(一) prints the seed and bye positions for 16, 32, 64 and
//! 128 places (种子和轮空号码位置表): seeds 1, 16, 9, 8 and byes 2, 15, 10, 7
//! for 16. They follow one rule, which qigui applies to any power of two:
//! seeds 1 and 2 take the two ends; then, a level at a time, each seed
//! position already taken (in seed order) names the other end of its block
//! of half the size, and the new level takes these in reverse order (3, 4 go
//! to 33, 32 of 64; 5–8 to 17, 48, 49, 16). A bye sits beside its seed
//! (附录四: 如需棋手轮空时，让种子选手首轮轮空): the position paired with the
//! seed's in the first round. The cases reproduce the printed lists.
//!
//! Colours in a knock-out game are drawn (12.4: 以抽签确定先后手; a two-game
//! match swaps them), so a bracket here names pairings, not colours.

use super::PairingError;

fn check_places(places: u32) -> Result<(), PairingError> {
    if places < 2 || !places.is_power_of_two() || places > 1 << 16 {
        return Err(PairingError::Unsupported(format!(
            "{places} places: a bracket has a power of two from 2 to 65536"
        )));
    }
    Ok(())
}

/// The positions of the seeds, in seed order, for a bracket of `places`
/// (a power of two): all `places / 2` of them (the book prints the first 16).
pub fn seed_positions(places: u32) -> Result<Vec<u32>, PairingError> {
    check_places(places)?;
    let mut list = vec![1, places];
    let mut block = places / 2;
    while block >= 2 && (list.len() as u32) < places / 2 {
        let mut next: Vec<u32> = list
            .iter()
            .map(|&p| {
                let start = (p - 1) / block * block + 1;
                let end = start + block - 1;
                if p == start { end } else { start }
            })
            .collect();
        next.reverse();
        list.extend(next);
        block /= 2;
    }
    list.truncate((places / 2).max(1) as usize);
    Ok(list)
}

/// The first-round opponent's position of `position` (1↔2, 3↔4, …).
pub fn partner(position: u32) -> u32 {
    if position % 2 == 1 {
        position + 1
    } else {
        position - 1
    }
}

/// The positions of the byes, in the order they are given out: each
/// seed's first-round opponent (附录三 三.(一) 轮空位置顺序).
pub fn bye_positions(places: u32) -> Result<Vec<u32>, PairingError> {
    Ok(seed_positions(places)?.into_iter().map(partner).collect())
}

/// A first-round line of a bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A player (his index in the order given: seeds first).
    Player(u32),
    /// Nobody: the opponent goes through (轮空).
    Bye,
    /// The winner of a preliminary game (抢号) between two players.
    Preliminary(u32, u32),
}

/// How a field that is not a power of two is made one (附录三 三).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// 轮空法: the bracket is the next power of two; the byes go beside the
    /// seeds.
    Byes,
    /// 抢号法: the bracket is the power of two below; the extra players play
    /// a first round for the positions of the bye list (抢号位置).
    Preliminary,
}

/// The first-round lines of a single-elimination bracket for `players`
/// numbered 1..=players, the first `seeds` of them seeded in order; the
/// others fill the free positions in their order (the draw is the caller's).
pub fn bracket(players: u32, seeds: u32, how: Completion) -> Result<Vec<Line>, PairingError> {
    if !(2..=1 << 16).contains(&players) {
        return Err(PairingError::Unsupported(format!(
            "a knock-out of {players} players: qigui makes brackets of 2 to 65536"
        )));
    }
    let (places, specials) = match how {
        Completion::Byes => {
            let p = players.next_power_of_two();
            (p, p - players)
        }
        Completion::Preliminary => {
            let p = if players.is_power_of_two() {
                players
            } else {
                players.next_power_of_two() / 2
            };
            (p, players - p)
        }
    };
    check_places(places)?;
    let seed_pos = seed_positions(places)?;
    if seeds > seed_pos.len() as u32 || seeds > players {
        return Err(PairingError::Unsupported(format!(
            "{seeds} seeds in a bracket of {places}"
        )));
    }
    let bye_pos = bye_positions(places)?;
    let mut lines: Vec<Option<Line>> = vec![None; places as usize];
    for (k, &p) in seed_pos.iter().take(seeds as usize).enumerate() {
        lines[p as usize - 1] = Some(Line::Player(k as u32 + 1));
    }
    let special: Vec<u32> = bye_pos
        .iter()
        .copied()
        .filter(|p| lines[*p as usize - 1].is_none())
        .take(specials as usize)
        .collect();
    if (special.len() as u32) < specials {
        return Err(PairingError::Unsupported(format!(
            "{specials} byes do not fit a bracket of {places} with {seeds} seeds"
        )));
    }
    let mut next = seeds + 1;
    for p in 1..=places {
        let i = p as usize - 1;
        if lines[i].is_some() {
            continue;
        }
        if special.contains(&p) {
            lines[i] = Some(match how {
                Completion::Byes => Line::Bye,
                Completion::Preliminary => {
                    let l = Line::Preliminary(next, next + 1);
                    next += 1;
                    l
                }
            });
            if how == Completion::Byes {
                continue;
            }
        } else {
            lines[i] = Some(Line::Player(next));
        }
        next += 1;
    }
    Ok(lines.into_iter().map(|l| l.unwrap_or(Line::Bye)).collect())
}

/// The rounds of a single-elimination event of `places`.
pub fn rounds(places: u32) -> Result<u32, PairingError> {
    check_places(places)?;
    Ok(places.trailing_zeros())
}

/// The placement matches (附加赛, 附录四 "8人单淘汰制附加赛"): to rank the
/// losers, the losers of each round play their own knock-out. The result
/// lists, for each group of places decided, the first place and the number
/// of players in it: for 8, (1, 8) the main draw, (3, 2) the semi-final
/// losers for 3rd, (5, 4) the quarter-final losers for 5th–8th, (7, 2) the
/// losers among those for 7th.
pub fn placement_groups(places: u32) -> Result<Vec<(u32, u32)>, PairingError> {
    check_places(places)?;
    fn groups(first: u32, n: u32, out: &mut Vec<(u32, u32)>) {
        out.push((first, n));
        let mut size = n / 2;
        while size >= 2 {
            groups(first + size, size, out);
            size /= 2;
        }
    }
    let mut out = Vec::new();
    groups(1, places, &mut out);
    out.sort_unstable();
    Ok(out)
}

/// A double-elimination event (双败淘汰, 附录四; Gomoku 27.1): a player is out
/// after two losses. The winners' bracket is [`bracket`]'s; a loser of
/// winners' round `r` drops into the losers' bracket. This returns, for
/// `places`, the number of games each losers' round has: the losers'
/// bracket alternates a round among its own players with a round against
/// the new losers from the winners' bracket. The grand final (附录四 注
/// (3)): if the losers' bracket winner wins it, a second final is played.
pub fn losers_rounds(places: u32) -> Result<Vec<u32>, PairingError> {
    check_places(places)?;
    let mut out = Vec::new();
    let mut alive = places / 2; // losers of winners' round 1
    let mut incoming = places / 4; // losers of winners' round 2
    // round 1 of the losers: among the first losers
    out.push(alive / 2);
    alive /= 2;
    while incoming >= 1 {
        // the survivors meet the new losers
        out.push(alive.min(incoming));
        if alive > 1 {
            out.push(alive / 2);
            alive /= 2;
        }
        incoming /= 2;
    }
    out.retain(|&g| g > 0);
    Ok(out)
}

/// The two brackets of a double elimination (附录四 16人双败淘汰赛).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bracket {
    /// 胜者区: no loss yet.
    Winners,
    /// 败者区: one loss.
    Losers,
}

/// Where a double elimination's final (冠、亚军决赛) stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrandFinal {
    /// The final is decided: the champion came from this bracket.
    Champion(Bracket),
    /// The losers' bracket player won the first match: a second match
    /// decides.
    SecondMatch,
}

/// 附录四 16人双败淘汰赛 注(3): the final between the winners' bracket
/// player and the losers' bracket player. `matches` are the winners of the
/// final's matches so far, each decided as the rounds are (注(2): one game
/// or several, a tie broken by rapid games). The winners' bracket player
/// who wins the first match is champion; if the losers' bracket player
/// wins it, a second match is played and its winner is champion (the
/// player of the winners' bracket is out only after a second loss).
pub fn grand_final(matches: &[Bracket]) -> Result<GrandFinal, PairingError> {
    match matches {
        [] => Err(PairingError::Invalid(
            "the final has no result yet: its first match decides or calls for a second".into(),
        )),
        [Bracket::Winners] => Ok(GrandFinal::Champion(Bracket::Winners)),
        [Bracket::Losers] => Ok(GrandFinal::SecondMatch),
        [Bracket::Losers, second] => Ok(GrandFinal::Champion(*second)),
        [Bracket::Winners, ..] => Err(PairingError::Invalid(
            "the winners' bracket player won the first match and is champion: no second match (附录四 注(3))"
                .into(),
        )),
        _ => Err(PairingError::Invalid(format!(
            "{} matches in the final: 附录四 注(3) has at most two",
            matches.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen() {
        assert_eq!(seed_positions(16).unwrap_or_default()[..4], [1, 16, 9, 8]);
        assert_eq!(bye_positions(16).unwrap_or_default()[..4], [2, 15, 10, 7]);
    }

    #[test]
    fn twelve_players_four_seeds() {
        let b = bracket(12, 4, Completion::Byes).unwrap_or_default();
        assert_eq!(b.len(), 16);
        assert_eq!(b[0], Line::Player(1));
        assert_eq!(b[1], Line::Bye);
        assert_eq!(b[15], Line::Player(2));
        assert_eq!(b[14], Line::Bye);
        assert_eq!(b.iter().filter(|l| **l == Line::Bye).count(), 4);
        let p = bracket(12, 4, Completion::Preliminary).unwrap_or_default();
        assert_eq!(p.len(), 8);
        assert_eq!(
            p.iter()
                .filter(|l| matches!(l, Line::Preliminary(..)))
                .count(),
            4
        );
    }

    #[test]
    fn placements_of_eight() {
        assert_eq!(
            placement_groups(8).unwrap_or_default(),
            [(1, 8), (3, 2), (5, 4), (7, 2)]
        );
        assert_eq!(losers_rounds(16).unwrap_or_default(), [4, 4, 2, 2, 1, 1]);
    }

    #[test]
    fn the_final_of_a_double_elimination() {
        use Bracket::*;
        assert_eq!(grand_final(&[Winners]), Ok(GrandFinal::Champion(Winners)));
        assert_eq!(grand_final(&[Losers]), Ok(GrandFinal::SecondMatch));
        assert_eq!(
            grand_final(&[Losers, Winners]),
            Ok(GrandFinal::Champion(Winners))
        );
        assert_eq!(
            grand_final(&[Losers, Losers]),
            Ok(GrandFinal::Champion(Losers))
        );
        assert!(grand_final(&[Winners, Losers]).is_err());
        assert!(grand_final(&[]).is_err());
        assert!(grand_final(&[Losers, Losers, Losers]).is_err());
    }
}
