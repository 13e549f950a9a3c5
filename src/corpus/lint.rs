//! Portability checks on a corpus file's text, before it is parsed: the
//! corpus must read the same in any YAML or JSON-from-YAML parser, so it
//! uses no anchors, aliases, tags or multiple documents, and quotes the
//! plain scalars YAML 1.1 parsers would read as booleans (`yes`, `no`, `on`,
//! `off`, `y`, `n`).

/// Problems as (line, column, message), 1-based.
pub(crate) fn lint(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.contains('\t') {
            let c = line.find('\t').map_or(1, |c| c + 1);
            out.push((n, c, "tab character: indent with spaces".to_string()));
        }
        let trimmed = line.trim_end();
        if trimmed == "---" && n > 1 || trimmed == "..." {
            out.push((
                n,
                1,
                "one document per file: no '---' or '...' after the start".to_string(),
            ));
            continue;
        }
        let mut quote: Option<char> = None;
        let mut prev_significant: Option<char> = None;
        let mut prev_char: Option<char> = None;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut k = 0;
        while k < chars.len() {
            let (byte, c) = chars[k];
            // Characters are visited in order: the column is the index.
            let col = k + 1;
            match quote {
                Some('"') => {
                    if c == '\\' {
                        k += 2;
                        continue;
                    }
                    if c == '"' {
                        quote = None;
                        prev_significant = Some('"');
                    }
                }
                Some(_) => {
                    if c == '\'' {
                        // '' is an escaped quote inside single quotes.
                        if chars.get(k + 1).map(|x| x.1) == Some('\'') {
                            k += 2;
                            continue;
                        }
                        quote = None;
                        prev_significant = Some('\'');
                    }
                }
                None => {
                    let after_space = prev_char.is_none_or(char::is_whitespace);
                    let at_node_start = match prev_significant {
                        None => true,
                        Some(':' | '-' | '?') => after_space,
                        Some('[' | ',' | '{') => true,
                        _ => false,
                    };
                    if c == '#' && (byte == 0 || line[..byte].ends_with(' ')) {
                        break; // a comment
                    }
                    if at_node_start && (c == '"' || c == '\'') {
                        quote = Some(c);
                    } else if at_node_start && matches!(c, '&' | '*' | '!') {
                        let what = match c {
                            '&' => "an anchor",
                            '*' => "an alias",
                            _ => "a tag",
                        };
                        out.push((
                            n,
                            col,
                            format!("{what} is not portable YAML: write the value out"),
                        ));
                    } else if at_node_start && prev_significant.is_some() && !c.is_whitespace() {
                        // A plain scalar value: check for YAML 1.1 booleans.
                        let word = short_word(&line[byte..]);
                        if matches!(
                            word.to_ascii_lowercase().as_str(),
                            "yes" | "no" | "on" | "off" | "y" | "n"
                        ) {
                            out.push((
                                n,
                                col,
                                format!("'{word}' is a boolean to some YAML parsers: quote it or write true/false"),
                            ));
                        }
                    }
                    if !c.is_whitespace() {
                        prev_significant = Some(c);
                    }
                }
            }
            prev_char = Some(c);
            k += 1;
        }
    }
    out
}

/// The plain scalar at the start of `rest` (up to `,`, `]`, `}` or `#`),
/// trimmed, when it is one word of at most three characters: the YAML 1.1
/// booleans are no longer, and looking no further keeps the lint linear in
/// the line's length.
fn short_word(rest: &str) -> &str {
    let mut end = 0;
    let mut gap = false;
    let mut letters = 0;
    for (i, x) in rest.char_indices() {
        if matches!(x, ',' | ']' | '}' | '#') {
            break;
        }
        if x.is_whitespace() {
            gap = true;
            continue;
        }
        if gap || letters == 3 {
            return "";
        }
        letters += 1;
        end = i + x.len_utf8();
    }
    &rest[..end]
}

#[cfg(test)]
mod tests {
    use super::lint;

    #[test]
    fn flags_anchors_aliases_tags_and_booleans() {
        assert_eq!(lint("a: &x 1\nb: *x\nc: !!str 3\nd: yes\n").len(), 4);
    }

    #[test]
    fn a_long_line_is_linted_in_linear_time() {
        // Issue 27.2: 1 MB on one line took 113 s (the column counted from
        // the line start for every character, and every `- ` looked at the
        // rest of the line).
        for line in [
            format!("a: \"{}\"\n", "x".repeat(1 << 20)),
            format!("a: [{}]\n", "y, ".repeat(1 << 18)),
            "- ".repeat(1 << 19),
        ] {
            let start = std::time::Instant::now();
            let _ = lint(&line);
            assert!(
                start.elapsed() < std::time::Duration::from_millis(500),
                "{:?}",
                start.elapsed()
            );
        }
        assert_eq!(lint("a: [yes, n, 'no', nope, y es]\n").len(), 2);
    }

    #[test]
    fn quoted_and_commented_text_is_fine() {
        assert!(
            lint("a: \"&x *y !z\"\nb: 'it''s' # yes\nc: [\"no\"]\nd: note & more\n").is_empty()
        );
    }
}
