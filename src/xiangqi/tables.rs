//! Precomputed move tables for the piece movements of 2.2, built at compile time.
//!
//! Each table answers, for one point, where a piece may step and which point
//! must be empty for it (the horse's leg 马腿, the elephant's eye 象眼).

/// Up to eight targets of a fixed-pattern piece, each with the point that
/// must be empty (for horses and elephants) or 255 when none must be.
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub(crate) to: [u8; 8],
    pub(crate) via: [u8; 8],
    pub(crate) len: u8,
}

impl Steps {
    const EMPTY: Steps = Steps {
        to: [0; 8],
        via: [255; 8],
        len: 0,
    };

    const fn push(mut self, to: u8, via: u8) -> Steps {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }

    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.len as usize).map(move |i| (self.to[i], self.via[i]))
    }
}

/// The squares along one direction from a point, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub(crate) sq: [u8; 9],
    pub(crate) len: u8,
}

impl Ray {
    const EMPTY: Ray = Ray { sq: [0; 9], len: 0 };

    #[inline]
    pub(crate) fn squares(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

const fn in_any_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn same_palace(r1: i32, r2: i32) -> bool {
    (r1 <= 2 && r2 <= 2) || (r1 >= 7 && r2 >= 7)
}

const fn same_half(r1: i32, r2: i32) -> bool {
    (r1 <= 4 && r2 <= 4) || (r1 >= 5 && r2 >= 5)
}

/// North (towards black), south, east (towards `i`), west.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn build_rays() -> [[Ray; 4]; 90] {
    let mut t = [[Ray::EMPTY; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                let len = t[s][d].len as usize;
                t[s][d].sq[len] = idx(x, y);
                t[s][d].len += 1;
                x += df;
                y += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const HORSE_DELTAS: [(i32, i32, i32, i32); 8] = [
    // (df, dr, leg df, leg dr)
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

const fn build_horse() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_DELTAS[i];
            if on_board(f + df, r + dr) {
                t[s] = t[s].push(idx(f + df, r + dr), idx(f + lf, r + lr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// For each target point: the points a horse attacks it from, with the leg.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_DELTAS[i];
            // A horse at (f - df, r - dr) reaches (f, r) with its leg at
            // (f - df + lf, r - dr + lr).
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                t[s] = t[s].push(idx(hf, hr), idx(hf + lf, hr + lr));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn build_elephant() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let deltas = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = deltas[i];
            let (x, y) = (f + df, r + dr);
            if on_board(x, y) && same_half(r, y) {
                t[s] = t[s].push(idx(x, y), idx(f + df / 2, r + dr / 2));
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn on_palace_diagonal(f: i32, r: i32) -> bool {
    let centre = if r <= 2 { 1 } else { 8 };
    let (a, b) = (f - 4, r - centre);
    a * a == b * b
}

const fn build_palace_steps(diagonal: bool) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_any_palace(f, r) {
            let mut i = 0;
            while i < 4 {
                let (df, dr) = if diagonal { diag[i] } else { orth[i] };
                let (x, y) = (f + df, r + dr);
                // Advisors move only along the palace diagonals.
                let on_diagonals =
                    !diagonal || (on_palace_diagonal(f, r) && on_palace_diagonal(x, y));
                if on_board(x, y) && in_any_palace(x, y) && same_palace(r, y) && on_diagonals {
                    t[s] = t[s].push(idx(x, y), 255);
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
}

const fn build_pawn() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let forward = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            if on_board(f, r + forward) {
                t[c][s] = t[c][s].push(idx(f, r + forward), 255);
            }
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if on_board(f - 1, r) {
                    t[c][s] = t[c][s].push(idx(f - 1, r), 255);
                }
                if on_board(f + 1, r) {
                    t[c][s] = t[c][s].push(idx(f + 1, r), 255);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
}

pub(crate) static RAYS: [[Ray; 4]; 90] = build_rays();
pub(crate) static HORSE: [Steps; 90] = build_horse();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static ELEPHANT: [Steps; 90] = build_elephant();
pub(crate) static ADVISOR: [Steps; 90] = build_palace_steps(true);
pub(crate) static KING: [Steps; 90] = build_palace_steps(false);
pub(crate) static PAWN: [[Steps; 90]; 2] = build_pawn();

const fn build_ray_masks() -> [[u128; 4]; 90] {
    let rays = build_rays();
    let mut masks = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = rays[s][d];
            let mut i = 0;
            while i < ray.len as usize {
                masks[s][d] |= 1u128 << ray.sq[i];
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    masks
}

/// The points of each ray of [`RAYS`] as a set (bit `index`): a ray with
/// none of a side's pieces on it needs no walking to know that side attacks
/// nothing along it.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = build_ray_masks();
/// The points of [`HORSE_ATTACKERS`] as a set (bit `index`).
pub(crate) static HORSE_ATTACKER_MASKS: [u128; 90] = step_masks(&build_horse_attackers());

/// The targets of each point's [`Steps`] as a set (bit `index`), the
/// steps' empty points aside: a piece none of whose targets is wanted is
/// not walked ([`crate::xiangqi::position`]'s generator).
const fn step_masks(steps: &[Steps; 90]) -> [u128; 90] {
    let mut masks = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < steps[s].len as usize {
            masks[s] |= 1u128 << steps[s].to[i];
            i += 1;
        }
        s += 1;
    }
    masks
}

/// [`step_masks`] of [`KING`], [`ADVISOR`], [`ELEPHANT`], [`HORSE`] and
/// [`PAWN`] (by side).
pub(crate) static KING_MASKS: [u128; 90] = step_masks(&build_palace_steps(false));
/// See [`KING_MASKS`].
pub(crate) static ADVISOR_MASKS: [u128; 90] = step_masks(&build_palace_steps(true));
/// See [`KING_MASKS`].
pub(crate) static ELEPHANT_MASKS: [u128; 90] = step_masks(&build_elephant());
/// See [`KING_MASKS`].
pub(crate) static HORSE_MASKS: [u128; 90] = step_masks(&build_horse());
/// See [`KING_MASKS`].
pub(crate) static PAWN_MASKS: [[u128; 90]; 2] = {
    let pawn = build_pawn();
    [step_masks(&pawn[0]), step_masks(&pawn[1])]
};

/// One step of splitmix64: the next state and its output, for the fixed
/// pseudo-random Zobrist numbers below (no dependency, the same numbers on
/// every build).
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The Zobrist numbers of the positions' incremental key
/// (`Position::board_key`): one per point and piece code (1–7 red, 9–15
/// black; codes 0 and 8 are never on the board and stay 0), and
/// [`ZOBRIST_BLACK`] for black to move. A key is the exclusive or of the
/// numbers of the pieces on the board, so a move changes it by two or three
/// numbers. The key only spreads positions over a hash table: tables still
/// compare whole boards, so a collision cannot merge two positions.
pub(crate) const ZOBRIST: [[u64; 16]; 90] = {
    let mut table = [[0u64; 16]; 90];
    let mut state = 0x5149_4755_2D5A_4F42u64; // "QIGU-ZOB"
    let mut s = 0;
    while s < 90 {
        let mut c = 1;
        while c < 16 {
            if c != 8 {
                let (next, z) = splitmix64(state);
                state = next;
                table[s][c] = z;
            }
            c += 1;
        }
        s += 1;
    }
    table
};

/// The Zobrist number of black to move (see [`ZOBRIST`]).
pub(crate) const ZOBRIST_BLACK: u64 = splitmix64(0x5149_4755_2D54_5552).1;
