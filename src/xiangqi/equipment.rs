//! Equipment: the board and pieces of 1.4–1.6.
//!
//! * 1.4: every square of a standard board is a square with sides of 4.0 to
//!   5.0 cm; the board is 40 to 50 cm long, 36 to 45 cm wide and at least
//!   0.5 cm thick. A demonstration board (比赛演示用的大棋盘) stands upright,
//!   red at the bottom, and its size follows the venue.
//! * 1.5: round flat pieces 3.0 to 4.0 cm across and 1.0 to 2.0 cm thick.
//!   ("大小与棋盘相应配套" adds nothing checkable: within both ranges a
//!   piece is never wider than a square.)
//! * 1.6: the board and the pieces are white or light in colour; the lines
//!   red or dark.
//!
//! The limits are data ([`EquipmentLimits`]) so that an edition can change
//! them (the 1999 rules have other square sizes).

use serde::{Deserialize, Serialize};

/// A light or dark colour, as 1.6 distinguishes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Shade {
    /// White or another light colour.
    Light,
    /// Red (allowed for the lines).
    Red,
    /// A dark colour.
    Dark,
}

/// What a board or set of pieces measures, in centimetres. Every field is
/// optional: only what is given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Equipment {
    /// `standard` (default) or `demonstration` (1.4's upright display board).
    #[serde(default)]
    pub purpose: Purpose,
    /// Width of one square (cm).
    pub square_width: Option<f64>,
    /// Height of one square (cm); a square's sides must be equal (1.4).
    pub square_height: Option<f64>,
    /// Board length (cm).
    pub board_length: Option<f64>,
    /// Board width (cm).
    pub board_width: Option<f64>,
    /// Board thickness (cm).
    pub board_thickness: Option<f64>,
    /// Whether the board stands upright (demonstration boards must, 1.4).
    pub upright: Option<bool>,
    /// Whether red is at the bottom (demonstration boards, 1.4).
    pub red_at_bottom: Option<bool>,
    /// Piece diameter (cm).
    pub piece_diameter: Option<f64>,
    /// Piece thickness (cm).
    pub piece_thickness: Option<f64>,
    /// Board colour.
    pub board_color: Option<Shade>,
    /// Piece colour.
    pub piece_color: Option<Shade>,
    /// Line colour.
    pub line_color: Option<Shade>,
}

/// Standard play or demonstration (1.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Purpose {
    /// A board for play.
    #[default]
    Standard,
    /// 比赛演示用的大棋盘.
    Demonstration,
}

/// The limits an edition sets, in centimetres, inclusive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EquipmentLimits {
    /// Square side.
    pub square: (f64, f64),
    /// Board length.
    pub length: (f64, f64),
    /// Board width.
    pub width: (f64, f64),
    /// Least board thickness.
    pub min_thickness: f64,
    /// Piece diameter.
    pub piece_diameter: (f64, f64),
    /// Piece thickness.
    pub piece_thickness: (f64, f64),
    /// The clauses that set the board's size, the pieces' size, and the
    /// colours (2020: 1.4, 1.5, 1.6; 1999: all in 1.4).
    pub clauses: [&'static str; 3],
}

impl EquipmentLimits {
    /// The 2020 rules (1.4, 1.5).
    pub const XIANGQI_2020: EquipmentLimits = EquipmentLimits {
        square: (4.0, 5.0),
        length: (40.0, 50.0),
        width: (36.0, 45.0),
        min_thickness: 0.5,
        piece_diameter: (3.0, 4.0),
        piece_thickness: (1.0, 2.0),
        clauses: ["1.4", "1.5", "1.6"],
    };
}

/// One way equipment falls outside the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Violation {
    /// The clause broken: `1.4`, `1.5` or `1.6`.
    pub clause: String,
    /// What is wrong.
    pub message: String,
}

fn within(v: f64, (lo, hi): (f64, f64)) -> bool {
    // Measurements are given to a tenth of a millimetre or so: compare with
    // a small tolerance so 4.0 is within 4.0–5.0.
    v >= lo - 1e-9 && v <= hi + 1e-9
}

/// Checks equipment against limits; an empty list means it conforms.
pub fn check(e: &Equipment, limits: &EquipmentLimits) -> Vec<Violation> {
    let mut out = Vec::new();
    let [board_clause, piece_clause, colour_clause] = limits.clauses;
    let mut bad = |clause: &str, message: String| {
        out.push(Violation {
            clause: clause.to_string(),
            message,
        })
    };
    let range = |(lo, hi): (f64, f64)| format!("{lo:.1}–{hi:.1} cm");
    if e.purpose == Purpose::Demonstration {
        if e.upright == Some(false) {
            bad(
                board_clause,
                "a demonstration board stands upright (立式)".into(),
            );
        }
        if e.red_at_bottom == Some(false) {
            bad(
                board_clause,
                "a demonstration board has red at the bottom".into(),
            );
        }
    } else {
        if let (Some(w), Some(h)) = (e.square_width, e.square_height)
            && (w - h).abs() > 1e-9
        {
            bad(
                board_clause,
                format!("squares must be square: {w} × {h} cm"),
            );
        }
        for side in [e.square_width, e.square_height].into_iter().flatten() {
            if !within(side, limits.square) {
                bad(
                    board_clause,
                    format!("square side {side} cm is outside {}", range(limits.square)),
                );
            }
        }
        if let Some(l) = e.board_length
            && !within(l, limits.length)
        {
            bad(
                board_clause,
                format!("board length {l} cm is outside {}", range(limits.length)),
            );
        }
        if let Some(w) = e.board_width
            && !within(w, limits.width)
        {
            bad(
                board_clause,
                format!("board width {w} cm is outside {}", range(limits.width)),
            );
        }
        if let Some(t) = e.board_thickness
            && t < limits.min_thickness - 1e-9
        {
            bad(
                board_clause,
                format!(
                    "board thickness {t} cm is under {:.1} cm",
                    limits.min_thickness
                ),
            );
        }
        if let Some(d) = e.piece_diameter
            && !within(d, limits.piece_diameter)
        {
            bad(
                piece_clause,
                format!(
                    "piece diameter {d} cm is outside {}",
                    range(limits.piece_diameter)
                ),
            );
        }
        if let Some(t) = e.piece_thickness
            && !within(t, limits.piece_thickness)
        {
            bad(
                piece_clause,
                format!(
                    "piece thickness {t} cm is outside {}",
                    range(limits.piece_thickness)
                ),
            );
        }
    }
    if matches!(e.board_color, Some(Shade::Dark | Shade::Red)) {
        bad(colour_clause, "the board must be white or light".into());
    }
    if matches!(e.piece_color, Some(Shade::Dark | Shade::Red)) {
        bad(
            colour_clause,
            "the pieces' ground colour must be white or light".into(),
        );
    }
    if e.line_color == Some(Shade::Light) {
        bad(colour_clause, "the lines must be red or dark".into());
    }
    out
}
