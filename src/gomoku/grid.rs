//! The board as a padded grid of cell codes, and the readings of one line
//! through a stone that article 7's shapes (棋形) and article 8's
//! forbidden moves (禁手) are built on: the run of stones (7.1, 7.2), the
//! fours (7.3), and the points that make a four or a live four (7.3, 7.4).

use super::board::{Board, Point, SIZE, Stone};

/// The padding around the board in a [`Grid`]: enough for a line of 11
/// points centred on any point.
pub(crate) const PAD: usize = 5;
/// The width of a [`Grid`] row.
pub(crate) const W: usize = SIZE as usize + 2 * PAD;
/// Cell codes of a [`Grid`].
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const EDGE: u8 = 3;
/// The step along each of [`Direction::ALL`](super::board::Direction::ALL) in a [`Grid`].
pub(crate) const STEPS: [isize; 4] = [1, W as isize, W as isize + 1, 1 - W as isize];

/// A line of 11 cells centred on the stone being read (index 5).
pub(crate) type Line = [u8; 11];

/// The board with a border of edge cells, for reading lines fast.
#[derive(Clone)]
pub(crate) struct Grid {
    pub(crate) cells: [u8; W * W],
}

impl Grid {
    pub(crate) fn from_board(board: &Board) -> Grid {
        let mut cells = [EDGE; W * W];
        for p in Point::all() {
            cells[Grid::idx(p)] = match board.get(p) {
                None => EMPTY,
                Some(Stone::Black) => BLACK,
                Some(Stone::White) => WHITE,
            };
        }
        Grid { cells }
    }

    pub(crate) fn idx(p: Point) -> usize {
        (usize::from(p.row()) + PAD) * W + usize::from(p.col()) + PAD
    }

    /// The cell `k` steps along `step` from `at` (`k` in −5..=5).
    #[inline]
    pub(crate) fn at(at: usize, step: isize, k: isize) -> usize {
        // Inside the padded grid for every board point and |k| <= PAD.
        at.wrapping_add_signed(k * step)
    }

    #[inline]
    pub(crate) fn line(&self, at: usize, step: isize) -> Line {
        let mut l = [EDGE; 11];
        for (k, cell) in l.iter_mut().enumerate() {
            *cell = self.cells[Grid::at(at, step, k as isize - 5)];
        }
        l
    }
}

pub(crate) fn code(s: Stone) -> u8 {
    match s {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

/// The stones of `own` in a row through the centre.
#[inline]
pub(crate) fn run(l: &Line, own: u8) -> usize {
    let mut n = 1;
    let mut k = 6;
    while k < 11 && l[k] == own {
        n += 1;
        k += 1;
    }
    let mut k = 4;
    while l[k] == own {
        n += 1;
        if k == 0 {
            break;
        }
        k -= 1;
    }
    n
}

/// The fours through the centre (7.3): for each distinct set of four
/// stones, the bit mask of its stones and the bit mask of its five points.
#[inline]
pub(crate) fn fours(l: &Line, own: u8) -> ([(u16, u16); 5], usize) {
    let mut out = [(0u16, 0u16); 5];
    let mut n = 0;
    for s in 1..=5 {
        let (mut mine, mut empty, mut stones, mut gap) = (0, 0, 0u16, 0u16);
        for (k, &c) in l.iter().enumerate().skip(s).take(5) {
            if c == own {
                mine += 1;
                stones |= 1 << k;
            } else if c == EMPTY {
                empty += 1;
                gap = 1 << k;
            }
        }
        if mine == 4 && empty == 1 && l[s - 1] != own && l[s + 5] != own {
            match out[..n].iter_mut().find(|(m, _)| *m == stones) {
                Some((_, f)) => *f |= gap,
                None => {
                    out[n] = (stones, gap);
                    n += 1;
                }
            }
        }
    }
    (out, n)
}

/// The points (bit mask of line indices) where one more stone makes a live
/// four (活四) through the centre: four in a row holding the centre, both
/// ends empty and each end making exactly five.
#[inline]
pub(crate) fn live_four_points(l: &Line, own: u8) -> u16 {
    let mut out = 0u16;
    for i in 2..=5 {
        if l[i - 1] != EMPTY || l[i + 4] != EMPTY || l[i - 2] == own || l[i + 5] == own {
            continue;
        }
        let (mut mine, mut gap, mut empties) = (0, 0u16, 0);
        for (k, &c) in l.iter().enumerate().skip(i).take(4) {
            if c == own {
                mine += 1;
            } else if c == EMPTY {
                empties += 1;
                gap = 1 << k;
            }
        }
        if mine == 3 && empties == 1 {
            out |= gap;
        }
    }
    out
}

/// The points (bit mask of line indices) where one more stone makes a four
/// through the centre: the empty points of every window of five holding
/// three stones, two empty points and no stone of the colour beyond it.
#[inline]
pub(crate) fn four_points(l: &Line, own: u8) -> u16 {
    let mut out = 0u16;
    for s in 1..=5 {
        let (mut mine, mut empty, mut gaps) = (0, 0, 0u16);
        for (k, &c) in l.iter().enumerate().skip(s).take(5) {
            if c == own {
                mine += 1;
            } else if c == EMPTY {
                empty += 1;
                gaps |= 1 << k;
            }
        }
        if mine == 3 && empty == 2 && l[s - 1] != own && l[s + 5] != own {
            out |= gaps;
        }
    }
    out
}
