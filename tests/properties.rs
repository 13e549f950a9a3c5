//! Properties over many positions reached by deterministic random playouts:
//! printing a legal move in any notation and reading it back gives the same
//! move; mirroring the board or swapping the colours keeps the legal moves
//! (mirrored or turned) and the check status.

use qigui::notation::{self, Notation};
use qigui::{Move, Position};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions from `games` random games of up to `plies` plies each.
fn positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            pos = pos.play_unchecked(mv);
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn every_notation_round_trips() {
    let mut checked = 0;
    for pos in positions(0x9e37_79b9_7f4a_7c15, 60, 120) {
        for &mv in pos.legal_moves().iter() {
            for n in [
                Notation::Iccs,
                Notation::Wxf,
                Notation::Chinese,
                Notation::Abbreviated,
            ] {
                let text = notation::format_move(&pos, mv, n);
                let parsed = notation::parse_move(&pos, &text).unwrap_or_else(|e| {
                    panic!(
                        "{}: {text} ({}) does not read back: {e}",
                        pos.fen(),
                        n.name()
                    )
                });
                assert_eq!(parsed.mv, mv, "{}: {text} read as {}", pos.fen(), parsed.mv);
                assert_eq!(parsed.notation, n, "{}: {text}", pos.fen());
                assert!(
                    parsed.resolved.is_none(),
                    "{}: canonical {text} needed resolving",
                    pos.fen()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}

fn sorted(moves: impl Iterator<Item = Move>) -> Vec<Move> {
    let mut v: Vec<Move> = moves.collect();
    v.sort();
    v
}

#[test]
fn mirror_and_colour_swap_preserve_the_rules() {
    for pos in positions(42, 40, 100) {
        let legal = sorted(pos.legal_moves().iter().copied());
        let mirrored = pos.mirror_files();
        assert_eq!(
            sorted(mirrored.legal_moves().iter().copied()),
            sorted(legal.iter().map(|m| m.mirror_files())),
            "mirror of {}",
            pos.fen()
        );
        assert_eq!(mirrored.is_check(), pos.is_check());
        let swapped = pos.swap_colors();
        assert_eq!(
            sorted(swapped.legal_moves().iter().copied()),
            sorted(legal.iter().map(|m| m.rotate())),
            "colour swap of {}",
            pos.fen()
        );
        assert_eq!(swapped.is_check(), pos.is_check());
        // The FEN of the transformed setup reads back to the same position.
        assert_eq!(Position::from_fen(&mirrored.fen()).ok(), Some(mirrored));
    }
}

/// The shortcuts of move generation agree with making each move and looking
/// at the whole board: legality (3.4: no 自杀), the moves landing on a point
/// (found backwards from it), check (3.1) and the checking moves.
#[test]
fn move_generation_shortcuts_match_the_whole_board() {
    let mut checks = 0;
    for pos in positions(7, 60, 160) {
        let us = pos.turn();
        let legal = sorted(pos.legal_moves().iter().copied());
        let mut naive_legal = Vec::new();
        let mut naive_checks = Vec::new();
        for mv in pos.pseudo_legal_moves().iter().copied() {
            let after = pos.play_unchecked(mv);
            if after.kings_facing() || after.in_check(us) {
                continue;
            }
            naive_legal.push(mv);
            let check = after.in_check(us.opponent());
            assert_eq!(pos.gives_check(mv), check, "{} {mv}", pos.fen());
            if check {
                naive_checks.push(mv);
            }
        }
        assert_eq!(legal, sorted(naive_legal.into_iter()), "{}", pos.fen());
        checks += naive_checks.len();
        assert_eq!(
            sorted(pos.checking_moves().iter().copied()),
            sorted(naive_checks.into_iter()),
            "{}",
            pos.fen()
        );
        for sq in qigui::Square::all() {
            let to_sq = sorted(legal.iter().copied().filter(|m| m.to == sq));
            assert_eq!(
                sorted(pos.legal_moves_to(sq).into_iter()),
                to_sq,
                "{} to {sq}",
                pos.fen()
            );
            assert_eq!(pos.can_move_to(sq), !to_sq.is_empty());
        }
    }
    assert!(checks > 100, "too few checking moves to test: {checks}");
}
