//! The result a record writes (SGF's `RE`) set beside 003's count of its
//! final position (胜负计算, 数子法): `qigui go score --sgf` says whether
//! they agree. A disagreement is a note, not an error: the record may have
//! ended by resignation or time, or its writer may have taken other dead
//! stones or another komi.
//!
//! SGF FF[4] writes `B+score`, `W+score`, `B+R`/`B+Resign`, `B+T`/`B+Time`,
//! `B+F`/`B+Forfeit`, `B+` (a win, how unstated), `0`/`Draw`, `Void` and
//! `?`. The score is in points (目); Chinese programs also write it in 子.
//! Under area counting the difference in 目 is twice the margin in 子 (1 子 =
//! 2 目, 003's own conversion: 七个交叉点多一点 … 贴还3¾子), so a score agrees
//! when it equals the count's margin in 子 or twice it in 目.

use super::board::Stone;
use super::counting::Count;

/// How a recorded result and the count compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// The same winner (and the same margin, when the record gives one).
    Agrees,
    /// A different winner, or the same winner by another margin.
    Disagrees,
    /// The record gives no result to compare (`?`, `Void`, unreadable).
    NotComparable,
}

impl Agreement {
    /// `agrees`, `disagrees`, `not_comparable`.
    pub const fn code(self) -> &'static str {
        match self {
            Agreement::Agrees => "agrees",
            Agreement::Disagrees => "disagrees",
            Agreement::NotComparable => "not_comparable",
        }
    }
}

/// The comparison and a sentence saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultCheck {
    /// Whether they agree.
    pub agreement: Agreement,
    /// Why, for people.
    pub note: String,
}

fn check(agreement: Agreement, note: String) -> ResultCheck {
    ResultCheck { agreement, note }
}

fn counted(count: &Count) -> String {
    count.result_text()
}

/// Compares SGF's `RE` value with the count of the final position.
pub fn compare_recorded_result(re: &str, count: &Count) -> ResultCheck {
    let re = re.trim();
    let lower = re.to_ascii_lowercase();
    if lower == "0" || lower == "draw" || lower == "jigo" {
        return if count.winner.is_none() {
            check(Agreement::Agrees, "a draw, as counted".into())
        } else {
            check(
                Agreement::Disagrees,
                format!("the record says a draw; the count: {}", counted(count)),
            )
        };
    }
    let (side, how) = match lower.split_once('+') {
        Some(("b", how)) => (Stone::Black, how.trim()),
        Some(("w", how)) => (Stone::White, how.trim()),
        _ => {
            return check(
                Agreement::NotComparable,
                format!("RE[{re}] names no winner (B+…, W+…, 0)"),
            );
        }
    };
    if count.winner != Some(side) {
        return check(
            Agreement::Disagrees,
            format!("the record says {side} won; the count: {}", counted(count)),
        );
    }
    let by = match how {
        "" => return check(Agreement::Agrees, format!("{side} won, as counted")),
        "r" | "resign" => "resignation",
        "t" | "time" => "time",
        "f" | "forfeit" => "forfeit",
        score => {
            let Some(x) = score.parse::<f64>().ok().filter(|x| x.is_finite()) else {
                return check(
                    Agreement::NotComparable,
                    format!("RE[{re}]: the margin '{score}' is not a number, R, T or F"),
                );
            };
            let zi = count.margin.as_f64();
            return if x == zi {
                check(
                    Agreement::Agrees,
                    format!(
                        "{side} wins by {x}, the count's margin in 子 ({})",
                        count.margin
                    ),
                )
            } else if x == 2.0 * zi {
                check(
                    Agreement::Agrees,
                    format!(
                        "{side} wins by {x} 目, the count's {} 子 (1 子 = 2 目)",
                        count.margin
                    ),
                )
            } else {
                check(
                    Agreement::Disagrees,
                    format!(
                        "the record's margin {x} is neither the count's {} 子 nor its {} 目",
                        count.margin,
                        2.0 * zi
                    ),
                )
            };
        }
    };
    check(
        Agreement::Agrees,
        format!("{side} won by {by}; the count gives {side} the game too"),
    )
}
