//! Text tables aligned by display width, for the standings and pairing
//! reports: a CJK character takes two columns of a terminal, so padding
//! by `char` count (`{:<6}`) leaves a column of Chinese names askew.

/// The columns `s` takes in a terminal: two for each East Asian wide or
/// fullwidth character (CJK ideographs, kana, hangul, fullwidth forms),
/// one for every other character. Circled digits (①) and other
/// "ambiguous" characters count one, as most terminals draw them.
pub(crate) fn width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let u = c as u32;
            let wide = (0x1100..=0x115F).contains(&u)
                || (0x2E80..=0x303E).contains(&u)
                || (0x3041..=0xA4CF).contains(&u)
                || (0xAC00..=0xD7A3).contains(&u)
                || (0xF900..=0xFAFF).contains(&u)
                || (0xFE30..=0xFE4F).contains(&u)
                || (0xFF00..=0xFF60).contains(&u)
                || (0xFFE0..=0xFFE6).contains(&u)
                || (0x20000..=0x3FFFD).contains(&u);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// The rows as lines whose columns start at the same display column:
/// each cell but a row's last padded to its column's widest cell plus
/// `gap` spaces; trailing spaces trimmed.
pub(crate) fn align(rows: &[Vec<String>], gap: usize) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter(|r| c + 1 < r.len())
                .map(|r| width(&r[c]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if c + 1 < row.len() {
                line.push_str(&" ".repeat(widths[c] - width(cell) + gap));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{align, width};

    #[test]
    fn cjk_characters_take_two_columns() {
        assert_eq!(width("name"), 4);
        assert_eq!(width("郑惟桐"), 6);
        assert_eq!(width("下调+同行"), 9);
        assert_eq!(width("② 多后"), 6);
        assert_eq!(width("Ｘ"), 2);
    }

    #[test]
    fn columns_start_at_the_same_display_column() {
        let rows = vec![
            vec!["a".to_string(), "同行".into(), "x".into()],
            vec!["bb".to_string(), "下调+同行".into(), "y".into()],
        ];
        // The first column is as wide as 下调+同行 (9 columns), plus the gap.
        assert_eq!(align(&rows, 2), "a   同行       x\nbb  下调+同行  y\n");
    }
}
