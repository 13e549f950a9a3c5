//! The PGN tokenizer: tag pairs, comments, variations, NAGs, move numbers,
//! results and move words, each with its line and column.

/// A token's place in the text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Loc {
    pub line: usize,
    pub column: usize,
}

/// One token of PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `{…}` or `; …` to the end of the line.
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n`: read and not kept.
    Nag,
    /// `12.` or `12...`: read and not kept.
    MoveNumber,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(String),
    /// Anything else: a move (or a piece of a move written with spaces).
    Word(String),
    /// Text that cannot be a token; the reason.
    Bad(String),
    /// A line starting with `[` that is not a tag pair; the reason. It
    /// starts a game as a tag pair does, and fails it.
    BadTag(String),
}

/// Tokenizes PGN text. Never fails: what cannot be read becomes a
/// [`Tok::Bad`] that fails the game it is in.
pub(crate) fn tokenize(text: &str) -> Vec<(Tok, Loc)> {
    let mut lx = Lexer {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        column: 1,
        out: Vec::new(),
    };
    lx.run();
    lx.out
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: usize,
    column: usize,
    out: Vec<(Tok, Loc)>,
}

/// Characters that end a word.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

fn is_number_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '。' | '…')
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            column: self.column,
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn run(&mut self) {
        // A byte-order mark is not text.
        if self.peek() == Some('\u{feff}') {
            self.i += 1;
        }
        while let Some(c) = self.peek() {
            let at = self.loc();
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                // An escape line (PGN 6): ignored.
                '%' if at.column == 1 => self.skip_line(),
                '[' => self.tag(at),
                '{' => self.brace_comment(at),
                ';' => {
                    self.bump();
                    let text = self.rest_of_line();
                    self.out.push((Tok::Comment(text.trim().to_string()), at));
                }
                '(' => {
                    self.bump();
                    self.out.push((Tok::Open, at));
                }
                ')' => {
                    self.bump();
                    self.out.push((Tok::Close, at));
                }
                '$' => {
                    self.bump();
                    let n = self.take_while(|c| c.is_ascii_digit());
                    let tok = if n.is_empty() {
                        Tok::Bad("'$' must be followed by a number (a NAG)".into())
                    } else {
                        Tok::Nag
                    };
                    self.out.push((tok, at));
                }
                '}' | ']' => {
                    self.bump();
                    self.out
                        .push((Tok::Bad(format!("'{c}' without its opening bracket")), at));
                }
                _ => self.word(at),
            }
        }
    }

    fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn rest_of_line(&mut self) -> String {
        let s = self.take_while(|c| c != '\n');
        s.trim_end_matches('\r').to_string()
    }

    fn skip_line(&mut self) {
        self.rest_of_line();
    }

    fn brace_comment(&mut self, at: Loc) {
        self.bump();
        let text = self.take_while(|c| c != '}');
        if self.bump().is_none() {
            self.out.push((
                Tok::Bad("a comment '{' is never closed with '}'".into()),
                at,
            ));
            return;
        }
        let text = text.replace("\r\n", "\n");
        self.out.push((Tok::Comment(text.trim().to_string()), at));
    }

    /// `[Name "value"]` on one line; `\"` and `\\` escape inside the value.
    fn tag(&mut self, at: Loc) {
        self.bump();
        self.take_while(|c| c == ' ' || c == '\t');
        let name = self.take_while(|c| c.is_alphanumeric() || c == '_');
        if name.is_empty() {
            self.bad_tag(at, "a tag pair starts with its name, e.g. [Event \"…\"]");
            return;
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.peek() != Some('"') {
            self.bad_tag(
                at,
                &format!("tag {name}: its value must be in double quotes"),
            );
            return;
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    self.bad_tag(
                        at,
                        &format!("tag {name}: the value's closing '\"' is missing"),
                    );
                    return;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('"') => {
                    self.bump();
                    // A quote not followed by `]` is part of the value, as
                    // some programs write `[Event ""Cup" 2002"]` unescaped.
                    let mut j = self.i;
                    while matches!(self.chars.get(j), Some(' ' | '\t')) {
                        j += 1;
                    }
                    if self.chars.get(j) == Some(&']') {
                        break;
                    }
                    value.push('"');
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.peek() != Some(']') {
            self.bad_tag(at, &format!("tag {name}: ']' expected after the value"));
            return;
        }
        self.bump();
        self.out.push((Tok::Tag(name, value), at));
    }

    fn bad_tag(&mut self, at: Loc, why: &str) {
        self.rest_of_line();
        self.out.push((Tok::BadTag(why.to_string()), at));
    }

    /// A word: a result, a move number (perhaps joined to its move, `1.h2e2`),
    /// or a move.
    fn word(&mut self, at: Loc) {
        let w = self.take_while(|c| !is_delimiter(c));
        if matches!(w.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            self.out.push((Tok::Result(w), at));
            return;
        }
        let digits = w.chars().take_while(|&c| is_digit(c)).count();
        let dots = w
            .chars()
            .skip(digits)
            .take_while(|&c| is_number_dot(c))
            .count();
        let len = w.chars().count();
        if digits > 0 && dots > 0 {
            if digits + dots == len {
                self.out.push((Tok::MoveNumber, at));
                return;
            }
            // `1.h2e2`; a four-character word is left whole: it may be a
            // WXF move of pawns doubled on two files (`22.1`).
            if len != 4 {
                self.out.push((Tok::MoveNumber, at));
                let rest: String = w.chars().skip(digits + dots).collect();
                let at = Loc {
                    line: at.line,
                    column: at.column + digits + dots,
                };
                self.out.push((Tok::Word(rest), at));
                return;
            }
        }
        self.out.push((Tok::Word(w), at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<Tok> {
        tokenize(text).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn reads_each_kind_of_token() {
        assert_eq!(
            toks(
                "[Event \"A \\\"B\\\"\"]\n1. h2e2 {good} $1 (1. b2e2) h9g7; rest\n2...C2.5 1/2-1/2"
            ),
            vec![
                Tok::Tag("Event".into(), "A \"B\"".into()),
                Tok::MoveNumber,
                Tok::Word("h2e2".into()),
                Tok::Comment("good".into()),
                Tok::Nag,
                Tok::Open,
                Tok::MoveNumber,
                Tok::Word("b2e2".into()),
                Tok::Close,
                Tok::Word("h9g7".into()),
                Tok::Comment("rest".into()),
                Tok::MoveNumber,
                Tok::Word("C2.5".into()),
                Tok::Result("1/2-1/2".into()),
            ]
        );
    }

    #[test]
    fn places_tokens_by_line_and_character_column() {
        let t = tokenize("\u{feff}[A \"b\"]\r\n\r\n１． 炮二平五 {x");
        assert_eq!(t[0].1, Loc { line: 1, column: 1 });
        assert_eq!(t[1], (Tok::MoveNumber, Loc { line: 3, column: 1 }));
        assert_eq!(t[2].1, Loc { line: 3, column: 4 });
        assert!(matches!(t[3], (Tok::Bad(_), Loc { line: 3, column: 9 })));
    }

    #[test]
    fn a_tag_value_with_unescaped_quotes_reads_to_its_last_quote() {
        assert_eq!(
            toks("[Event \"\"Huangshan Cup\" National 2002\"]"),
            vec![Tok::Tag(
                "Event".into(),
                "\"Huangshan Cup\" National 2002".into()
            )]
        );
    }

    #[test]
    fn a_four_character_wxf_word_is_not_a_move_number() {
        assert_eq!(toks("22.1"), vec![Tok::Word("22.1".into())]);
        assert_eq!(
            toks("12.h2e2"),
            vec![Tok::MoveNumber, Tok::Word("h2e2".into())]
        );
    }
}
