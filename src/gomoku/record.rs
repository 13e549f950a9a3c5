//! A game record (article 13 and 6.2): the actions of a game in order.
//!
//! 13.2: the stones are numbered in the order played, black odd (①, ③, …)
//! and white even (2, 4, …). 6.2: in a designated-opening game the opening,
//! using the swap right, giving the fifth-move offers (打点) and passing each
//! count as one move (一着). qigui numbers stones and passes (a pass keeps
//! the alternation, so the next stone has the other colour's parity); swaps,
//! offers, choices and declarations are actions without a number.
//!
//! The text form, one token list (spaces or commas between tokens):
//!
//! | text | action |
//! |---|---|
//! | `H8` | a stone on H8 (its colour follows from its number, 13.2) |
//! | `pass` | 放弃行棋权 (9.4, 12.3) |
//! | `swap` | 交换: the deciding player exchanges colours (9.8) |
//! | `offer K10 L11 …` | black's fifth-move offers (11.1 D ②, 11.2 C, 附录二.1 C) |
//! | `choose K10` | white picks one offer as move 5 (11.1 D ②, 11.2 D) |
//! | `declare 3` | black asks for N fifth moves (附录二.1 A) |
//! | `again K11` | the player who has just moved places another stone (17.8) |
//! | `lift K10 K11` | a stone placed on K10, lifted and put on K11 (拔子, 17.9) |
//! | `slide K10 K11` | a stone pushed across the board: it first touched K10 and came to rest on K11 (推盘, 17.2) |
//!
//! `again`, `lift` and `slide` may be followed by `accepted`: the opponent
//! accepted the breach (17: he moved on without calling the referee), so the
//! stone stays where it came to rest.
//!
//! An opening action (a stone of the opening, `swap`, `offer`, `choose`,
//! `declare`) may be followed by `accepted` too: it breaks the opening rule
//! (17.1 未按开局规定行棋) and the opponent accepted the breach, so it stands
//! ([`Action::Accepted`]). Without the marker a game record's breach of the
//! opening is corrected: it does not stand (`spec/gomoku.md`).

use std::fmt;

use thiserror::Error;

use super::board::{Point, Symmetry, split_points};

/// One action of a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone on a point (6.1, 12.1–12.2).
    Stone(Point),
    /// 放弃行棋权 (9.4).
    Pass,
    /// 交换 (9.8).
    Swap,
    /// Black's fifth-move offers (打点).
    Offer(Vec<Point>),
    /// White's choice among the offers.
    Choose(Point),
    /// Black's declared number of fifth moves (附录二.1 A).
    Declare(u32),
    /// 17.8: the player who has just moved places another stone.
    Again {
        /// Where.
        point: Point,
        /// The opponent accepted it (17).
        accepted: bool,
    },
    /// 17.9 拔子: placed on `first`, then moved to `to`.
    Lift {
        /// The point the stone was first put on.
        first: Point,
        /// Where it ended.
        to: Point,
        /// The opponent accepted it (17).
        accepted: bool,
    },
    /// 17.2 推盘: slid from `first` (where it touched the board) to `to`.
    Slide {
        /// The point the stone first touched.
        first: Point,
        /// Where it came to rest.
        to: Point,
        /// The opponent accepted it (17).
        accepted: bool,
    },
    /// An opening action that breaks the opening rule (17.1), accepted by
    /// the opponent (17's preamble): it stands as made.
    Accepted(Box<Action>),
}

impl Action {
    /// The action with every point mapped by a symmetry of the board.
    pub fn transformed(&self, sym: Symmetry) -> Action {
        let t = |p: &Point| sym.apply(*p);
        match self {
            Action::Stone(p) => Action::Stone(t(p)),
            Action::Pass => Action::Pass,
            Action::Swap => Action::Swap,
            Action::Offer(ps) => Action::Offer(ps.iter().map(t).collect()),
            Action::Choose(p) => Action::Choose(t(p)),
            Action::Declare(n) => Action::Declare(*n),
            Action::Again { point, accepted } => Action::Again {
                point: t(point),
                accepted: *accepted,
            },
            Action::Lift {
                first,
                to,
                accepted,
            } => Action::Lift {
                first: t(first),
                to: t(to),
                accepted: *accepted,
            },
            Action::Slide {
                first,
                to,
                accepted,
            } => Action::Slide {
                first: t(first),
                to: t(to),
                accepted: *accepted,
            },
            Action::Accepted(a) => Action::Accepted(Box::new(a.transformed(sym))),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let acc = |a: bool| if a { " accepted" } else { "" };
        match self {
            Action::Stone(p) => write!(f, "{p}"),
            Action::Pass => f.write_str("pass"),
            Action::Swap => f.write_str("swap"),
            Action::Offer(ps) => {
                f.write_str("offer")?;
                for p in ps {
                    write!(f, " {p}")?;
                }
                Ok(())
            }
            Action::Choose(p) => write!(f, "choose {p}"),
            Action::Declare(n) => write!(f, "declare {n}"),
            Action::Again { point, accepted } => write!(f, "again {point}{}", acc(*accepted)),
            Action::Lift {
                first,
                to,
                accepted,
            } => write!(f, "lift {first} {to}{}", acc(*accepted)),
            Action::Slide {
                first,
                to,
                accepted,
            } => write!(f, "slide {first} {to}{}", acc(*accepted)),
            Action::Accepted(a) => write!(f, "{a} accepted"),
        }
    }
}

/// Why a record's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("action {action} ('{}'): {reason}", crate::limits::echo(text))]
pub struct ParseRecordError {
    /// The 1-based number of the action in the record.
    pub action: usize,
    /// The text of the action.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// Reads a record's actions from text (see the module documentation).
pub fn parse_actions(text: &str) -> Result<Vec<Action>, ParseRecordError> {
    let tokens: Vec<&str> = split_points(text).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let start = i;
        let n = out.len() + 1;
        let word = tokens[i].to_ascii_lowercase();
        let fail = |end: usize, reason: String| ParseRecordError {
            action: n,
            text: tokens[start..end.min(tokens.len())].join(" "),
            reason,
        };
        let point_at = |k: usize, what: &str| -> Result<Point, ParseRecordError> {
            let t = tokens
                .get(k)
                .ok_or_else(|| fail(k, format!("'{word}' needs {what}")))?;
            t.parse::<Point>().map_err(|e| fail(k + 1, e.to_string()))
        };
        i += 1;
        let action = match word.as_str() {
            "pass" => Action::Pass,
            "swap" => Action::Swap,
            "offer" => {
                let mut ps = Vec::new();
                while let Some(p) = tokens.get(i).and_then(|t| t.parse::<Point>().ok()) {
                    ps.push(p);
                    i += 1;
                }
                if ps.is_empty() {
                    return Err(fail(i + 1, "'offer' needs at least one point".into()));
                }
                Action::Offer(ps)
            }
            "choose" => {
                let p = point_at(i, "a point")?;
                i += 1;
                Action::Choose(p)
            }
            "declare" => {
                let t = tokens
                    .get(i)
                    .ok_or_else(|| fail(i, "'declare' needs a number".into()))?;
                let n: u32 = t.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    fail(
                        i + 1,
                        format!("'{t}' is not a number of fifth moves (1 or more)"),
                    )
                })?;
                i += 1;
                Action::Declare(n)
            }
            "again" | "lift" | "slide" => {
                let first = point_at(i, "a point")?;
                i += 1;
                let to = if word == "again" {
                    first
                } else {
                    let p = point_at(i, "two points")?;
                    i += 1;
                    p
                };
                let accepted = tokens
                    .get(i)
                    .is_some_and(|t| t.eq_ignore_ascii_case("accepted"));
                if accepted {
                    i += 1;
                }
                match word.as_str() {
                    "again" => Action::Again {
                        point: first,
                        accepted,
                    },
                    "lift" => Action::Lift {
                        first,
                        to,
                        accepted,
                    },
                    _ => Action::Slide {
                        first,
                        to,
                        accepted,
                    },
                }
            }
            _ => match tokens[start].parse::<Point>() {
                Ok(p) => Action::Stone(p),
                Err(e) => {
                    return Err(fail(
                        i,
                        format!(
                            "not an action: expected a point, pass, swap, offer, choose, declare, again, lift or slide ({e})"
                        ),
                    ));
                }
            },
        };
        // An opening action followed by `accepted` (17.1, 17's preamble).
        let action = if matches!(
            action,
            Action::Stone(_)
                | Action::Swap
                | Action::Offer(_)
                | Action::Choose(_)
                | Action::Declare(_)
        ) && tokens
            .get(i)
            .is_some_and(|t| t.eq_ignore_ascii_case("accepted"))
        {
            i += 1;
            Action::Accepted(Box::new(action))
        } else {
            action
        };
        out.push(action);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_print() {
        let text = "H8 swap I9 J10 offer K10 L11, choose K10 pass declare 3 again K11 accepted lift A1 B2 slide C3 D4";
        let a = parse_actions(text).unwrap();
        assert_eq!(a.len(), 11);
        let printed: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        assert_eq!(
            printed.join(" "),
            "H8 swap I9 J10 offer K10 L11 choose K10 pass declare 3 again K11 accepted lift A1 B2 slide C3 D4"
        );
        let e = parse_actions("H8 I9 Z3").unwrap_err();
        assert_eq!(e.action, 3);
        assert!(parse_actions("offer").is_err());
        assert!(parse_actions("declare 0").is_err());
        assert!(parse_actions("choose").is_err());
        assert!(parse_actions("lift H8").is_err());
    }
}
