//! Board diagrams as SVG, drawn the way the rulebooks print them.
//!
//! Xiangqi (1.1–1.3 of the 2020 rules): nine files and ten ranks, the river
//! (河界, marked 楚河 汉界) between the fifth and sixth ranks, where the inner
//! files break off, and the two palaces (九宫) with their diagonals. The
//! printed diagram has red at the bottom with its pieces in 阳文 (a red
//! character on a light piece) and black at the top in 阴文 (a light
//! character on a dark piece) (1.3); black's file numbers 1–9 run along the
//! top and red's 九–一 along the bottom, each counted from its own right
//! (1.1).
//!
//! Gomoku (1.2–1.3 of the 2025 rules): fifteen lines each way, columns A–O
//! from the left and rows 1–15 from the bottom (black's view), 天元 H8 and
//! the four 星 D4, D12, L12, L4 marked with dots.

use crate::xiangqi::board::{Color, Square};
use crate::xiangqi::fen::Setup;

use super::html::escape;

/// The colours of the diagram, shared with the stylesheet and the test
/// that looks at a rendered page.
pub mod colours {
    /// The board (1.6: 白色或浅色).
    pub const BOARD: &str = "#f3dca8";
    /// The lines (1.6: 红色或深色).
    pub const LINE: &str = "#3b2a1a";
    /// Red's pieces: ring and character.
    pub const RED: &str = "#c8102e";
    /// A red piece's face.
    pub const RED_FACE: &str = "#fffaf0";
    /// Black's pieces: the face (阴文).
    pub const BLACK: &str = "#1c1c1c";
    /// A black piece's character.
    pub const BLACK_CHAR: &str = "#f8f4e8";
}

const FONT: &str = "'WenQuanYi Micro Hei','Noto Sans CJK SC','Noto Serif CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

/// 楚河 汉界, each character at a file position midway between two files
/// (0 = file a), on the river's middle line.
const RIVER: [(char, f64); 4] = [('楚', 1.5), ('河', 2.5), ('汉', 5.5), ('界', 6.5)];
/// The river characters' size, in cells: small enough that a character
/// midway between two files stays clear of a piece (radius [`PIECE_RADIUS`])
/// on either river rank.
const RIVER_FONT: f64 = 0.34;
/// A piece's radius, in cells.
const PIECE_RADIUS: f64 = 0.44;

/// The Xiangqi board of a setup, red at the bottom, `cell` pixels between
/// lines. `caption` becomes the SVG's title (for screen readers).
pub fn xiangqi(setup: &Setup, caption: &str) -> String {
    let cell = 48.0_f64;
    // Room outside the frame for the file numbers, clear of the pieces on
    // the edge ranks.
    let margin = 60.0_f64;
    let w = 8.0 * cell + 2.0 * margin;
    let h = 9.0 * cell + 2.0 * margin;
    let x = |file: u8| margin + f64::from(file) * cell;
    let y = |rank: u8| margin + f64::from(9 - rank) * cell;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board xiangqi\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{cap}\">\n<title>{cap}</title>\n",
        cap = escape(caption)
    );
    s.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>\n",
        colours::BOARD
    ));
    s.push_str(&format!(
        "<g stroke=\"{}\" stroke-width=\"1.6\" fill=\"none\" stroke-linecap=\"square\">\n",
        colours::LINE
    ));
    // The ten ranks.
    for rank in 0..10u8 {
        s.push_str(&format!(
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>\n",
            x(0),
            x(8),
            y = y(rank)
        ));
    }
    // The nine files: the edge files run through, the inner ones stop at
    // the river.
    for file in 0..9u8 {
        if file == 0 || file == 8 {
            s.push_str(&format!(
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>\n",
                y(9),
                y(0),
                x = x(file)
            ));
        } else {
            for (top, bottom) in [(9u8, 5u8), (4, 0)] {
                s.push_str(&format!(
                    "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>\n",
                    y(top),
                    y(bottom),
                    x = x(file)
                ));
            }
        }
    }
    // The palaces' diagonals.
    for (lo, hi) in [(0u8, 2u8), (7, 9)] {
        s.push_str(&format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
            x(3),
            y(lo),
            x(5),
            y(hi),
            x(5),
            y(lo),
            x(3),
            y(hi)
        ));
    }
    // A frame round the board.
    s.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke-width=\"3\"/>\n</g>\n",
        x(0) - 5.0,
        y(9) - 5.0,
        8.0 * cell + 10.0,
        9.0 * cell + 10.0
    ));
    // The river: each character midway between two files, where no piece
    // can cover it (`river_marks`); the pieces are drawn after it.
    s.push_str(&format!(
        "<g class=\"river\" font-family=\"{FONT}\" font-size=\"{fs}\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\n",
        colours::LINE,
        fs = cell * RIVER_FONT
    ));
    for (ch, file) in RIVER {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{ch}</text>\n",
            margin + file * cell,
            (y(4) + y(5)) / 2.0
        ));
    }
    s.push_str("</g>\n");
    // File numbers: black's 1–9 along the top, red's 九–一 along the bottom,
    // each counted from its own right.
    const RED_NUMBERS: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    s.push_str(&format!(
        "<g font-family=\"{FONT}\" font-size=\"{fs}\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\n",
        colours::LINE,
        fs = cell * 0.36
    ));
    for file in 0..9u8 {
        s.push_str(&format!(
            "<text class=\"file-number black\" x=\"{}\" y=\"{}\">{}</text>\n",
            x(file),
            margin * 0.3,
            file + 1
        ));
        s.push_str(&format!(
            "<text class=\"file-number red\" x=\"{}\" y=\"{}\">{}</text>\n",
            x(file),
            h - margin * 0.3,
            RED_NUMBERS[usize::from(file)]
        ));
    }
    s.push_str("</g>\n");
    // The pieces.
    let r = cell * PIECE_RADIUS;
    for sq in Square::all() {
        let Some(p) = setup.piece_at(sq) else {
            continue;
        };
        let (cx, cy) = (x(sq.file()), y(sq.rank()));
        let (face, ring, ch) = match p.color {
            Color::Red => (colours::RED_FACE, colours::RED, colours::RED),
            Color::Black => (colours::BLACK, colours::BLACK, colours::BLACK_CHAR),
        };
        s.push_str(&format!(
            "<g class=\"piece {side}\" data-point=\"{sq}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{face}\" stroke=\"{ring}\" stroke-width=\"2.5\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r2}\" fill=\"none\" stroke=\"{ch}\" stroke-width=\"1\"/><text x=\"{cx}\" y=\"{cy}\" font-family=\"{FONT}\" font-size=\"{fs}\" fill=\"{ch}\" text-anchor=\"middle\" dominant-baseline=\"central\">{name}</text></g>\n",
            side = match p.color {
                Color::Red => "red",
                Color::Black => "black",
            },
            r2 = r - 4.5,
            fs = cell * 0.5,
            name = p.chinese()
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// A Gomoku board with the given stones (points such as `H8`; anything
/// else is ignored), `black` and `white`.
pub fn gomoku(black: &[String], white: &[String], caption: &str) -> String {
    let cell = 28.0_f64;
    let margin = 34.0_f64;
    let size = 14.0 * cell + 2.0 * margin;
    let x = |col: u8| margin + f64::from(col) * cell;
    let y = |row: u8| margin + f64::from(15 - row) * cell; // row 1–15
    let point = |p: &str| -> Option<(u8, u8)> {
        let mut ch = p.trim().chars();
        let c = ch.next()?.to_ascii_uppercase();
        let row: u8 = ch.as_str().parse().ok()?;
        let col = (c as u32).checked_sub('A' as u32)?;
        (col < 15 && (1..=15).contains(&row)).then_some((col as u8, row))
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board gomoku\" viewBox=\"0 0 {size} {size}\" width=\"{size}\" height=\"{size}\" role=\"img\" aria-label=\"{cap}\">\n<title>{cap}</title>\n<rect x=\"0\" y=\"0\" width=\"{size}\" height=\"{size}\" fill=\"{}\"/>\n<g stroke=\"{}\" stroke-width=\"1.2\">\n",
        colours::BOARD,
        colours::LINE,
        cap = escape(caption)
    );
    for i in 0..15u8 {
        s.push_str(&format!(
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/><line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>\n",
            x(0),
            x(14),
            y(15),
            y(1),
            y = y(i + 1),
            x = x(i)
        ));
    }
    s.push_str("</g>\n");
    for (c, r) in [(7u8, 8u8), (3, 4), (3, 12), (11, 12), (11, 4)] {
        s.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{}\"/>\n",
            x(c),
            y(r),
            colours::LINE
        ));
    }
    s.push_str(&format!(
        "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\n",
        colours::LINE
    ));
    for i in 0..15u8 {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{}</text><text x=\"{}\" y=\"{}\">{}</text>\n",
            x(i),
            size - margin * 0.45,
            char::from(b'A' + i),
            margin * 0.45,
            y(i + 1),
            i + 1
        ));
    }
    s.push_str("</g>\n");
    for (stones, fill, stroke) in [
        (black, colours::BLACK, colours::BLACK),
        (white, "#ffffff", colours::LINE),
    ] {
        for p in stones {
            if let Some((c, r)) = point(p) {
                s.push_str(&format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.2\"/>\n",
                    x(c),
                    y(r),
                    cell * 0.44
                ));
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_its_32_pieces_and_both_numberings() {
        let setup = Setup::from_fen(crate::xiangqi::fen::START_FEN).expect("start");
        let svg = xiangqi(&setup, "start");
        assert_eq!(svg.matches("class=\"piece red\"").count(), 16);
        assert_eq!(svg.matches("class=\"piece black\"").count(), 16);
        for ch in ["楚", "河", "汉", "界"] {
            assert!(svg.contains(&format!(">{ch}</text>")), "{ch}");
        }
        // Red's 九 on the left of the bottom row, black's 1 on the left of
        // the top row: both count from their own right.
        let nine = svg.find(">九<").expect("九");
        let one = svg.find(">一<").expect("一");
        assert!(nine < one);
        // Red's king on e0 is drawn at the bottom, black's on e9 at the top.
        let king = |p: &str| {
            let i = svg.find(&format!("data-point=\"{p}\"")).expect("piece");
            let cy = &svg[i..];
            let cy = &cy[cy.find("cy=\"").expect("cy") + 4..];
            cy[..cy.find('"').expect("end")]
                .parse::<f64>()
                .expect("number")
        };
        assert!(king("e0") > king("e9"));
        // 20 line segments for the files (2 edges + 7 inner files in two
        // halves), 10 ranks, 4 palace diagonals.
        assert_eq!(svg.matches("<line ").count(), 2 + 14 + 10 + 4);
    }

    /// Every river character's em box (a CJK glyph fills at most its em
    /// square) stays clear of every piece that may stand on the river's
    /// two ranks, in cells: ranks 4 and 5 lie half a cell from the river's
    /// middle line.
    #[test]
    fn no_piece_can_cover_the_river_text() {
        let half = RIVER_FONT / 2.0;
        for (ch, x) in RIVER {
            for file in 0..9u8 {
                let dx = (f64::from(file) - x).abs();
                // The nearest point of the box to the piece's centre.
                let (nx, ny) = ((dx - half).max(0.0), (0.5 - half).max(0.0));
                let distance = nx.hypot(ny);
                assert!(
                    distance > PIECE_RADIUS,
                    "{ch} at file {x} and a piece on file {file}: {distance} <= {PIECE_RADIUS}"
                );
            }
        }
    }

    #[test]
    fn gomoku_stones_land_on_their_points() {
        let svg = gomoku(&["H8".into(), "Z9".into()], &["A1".into()], "g");
        // Two stones (Z9 is not a point) and five marks.
        assert_eq!(svg.matches("<circle ").count(), 5 + 2);
    }
}
