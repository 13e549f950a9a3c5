//! The two sides (1.2, 2.1) and per-side data.
//!
//! Xiangqi's red and black, and the black and white of Gomoku and Go, are
//! each two sides; [`ByColor`] holds one value for each of Xiangqi's sides
//! where code used to index `[T; 2]` arrays by hand.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// The two sides. Red (红方) moves first (2.1). Written `red` / `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// 红方: upper-case letters in FEN, at the bottom of a printed diagram (1.3).
    Red,
    /// 黑方: lower-case letters in FEN, at the top.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for red, 1 for black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `red` or `black`, as in the corpus.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// 红 or 黑.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }

    /// Both sides, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each side, red's and black's: `ByColor { red, black }`.
///
/// ```
/// use qigui::{ByColor, Color};
///
/// let mut fouls = ByColor::new(0u32, 0);
/// fouls[Color::Black] += 1;
/// assert_eq!(fouls.red, 0);
/// assert_eq!(fouls[Color::Black], 1);
/// assert_eq!(fouls.map(|n| n * 2).black, 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Red's and black's values.
    pub const fn new(red: T, black: T) -> ByColor<T> {
        ByColor { red, black }
    }

    /// The value for each side from a function of the side.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }

    /// The side's value.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The side's value, to change.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }

    /// Each value passed through `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            red: f(self.red),
            black: f(self.black),
        }
    }

    /// References to the two values.
    pub const fn as_ref(&self) -> ByColor<&T> {
        ByColor {
            red: &self.red,
            black: &self.black,
        }
    }

    /// The sides with their values, red first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::Red, &self.red), (Color::Black, &self.black)].into_iter()
    }

    /// `[red, black]`.
    pub fn into_array(self) -> [T; 2] {
        [self.red, self.black]
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    fn from([red, black]: [T; 2]) -> ByColor<T> {
        ByColor { red, black }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}
