//! The ruling on a 待判局面 once every move of the cycle has its label
//! (articles 23.4–23.5, 24.9–24.14, 25, 26.9 and 4.3 of the 2020 rules; 24 and
//! 26 of 1999; 附录一 五.2 for mass competitions).
//!
//! A move's label ([`Label`]) is one of 将 杀 捉 兑 献 拦 跟 闲 (24.1–24.8);
//! a 捉 may name its targets' categories ([`Target`]): a rook (车), an
//! unprotected piece (无根子), an insufficiently protected one (少根子), a
//! combined chase (联合捉, 24.17) of a rook or of an unprotected piece, or a
//! gain by exchange or by checks (得子).
//!
//! From the labels of each side's moves in one period of the cycle:
//!
//! * a side's cycle is **forbidden** (禁止着法, 24.13) when every move attacks —
//!   将, 杀 or 捉 (长将, 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉 …); any other
//!   move (兑, 献, 拦, 跟, 闲) makes it **allowed** (24.14);
//! * one-sided perpetual check (长将, every move 将) loses (25.1, 23.5.1);
//! * both allowed: a draw (25.2); one forbidden: it must change (25.3);
//! * both forbidden (25.4): a side whose every move is 将, 杀, 捉车 or
//!   捉无根子 (长杀, 一将一杀, 长捉车, 长捉无根子, 一将(杀)一捉车(无根子),
//!   一捉车一捉无根子) must change when the other's cycle is not of that kind
//!   (26.9.1; 26.9.2 and 26.9.3 name the cases where the other side chases
//!   jointly); otherwise a draw (26.9.4). The book's figures rule a draw when
//!   both sides' cycles are of that kind (图3, 参考图43–47);
//! * 4.3: a draw reached within the first 25 moves: red must change;
//! * 23.4: a nine-round attacking sequence over three or more points is ruled
//!   like a 待判局面, and the side that must change has to include a 闲 in
//!   its change (23.5.2.3).
//!
//! The other editions are profiles ([`RepetitionRules`]) over the same steps:
//! the 1999 rules draw whenever both sides are forbidden (1999 26.3); the mass
//! rules make a perpetual checker change at once rather than lose, draw when
//! both are forbidden, and rule doubtful labels as 闲 (疑案从无, 附录一 五).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::xiangqi::board::Color;

/// The label of one move (24.1–24.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// 将 (24.1): the move checks.
    Jiang,
    /// 杀 (24.2): the move threatens mate by a check or continuous checks.
    Sha,
    /// 捉 (24.3): the move chases a piece.
    Zhuo,
    /// 兑 (24.4): an offer to exchange like for like.
    Dui,
    /// 献 (24.5): a piece offered.
    Xian,
    /// 拦 (24.6): blocking without attacking.
    Lan,
    /// 跟 (24.7): pinning a protected piece without attacking.
    Gen,
    /// 闲 (24.8): anything else.
    Idle,
}

impl Label {
    /// Every label, in the order of 24.1–24.8.
    pub const ALL: [Label; 8] = [
        Label::Jiang,
        Label::Sha,
        Label::Zhuo,
        Label::Dui,
        Label::Xian,
        Label::Lan,
        Label::Gen,
        Label::Idle,
    ];

    /// The rulebook's character, used as the code in the corpus and JSON.
    pub fn code(self) -> &'static str {
        match self {
            Label::Jiang => "将",
            Label::Sha => "杀",
            Label::Zhuo => "捉",
            Label::Dui => "兑",
            Label::Xian => "献",
            Label::Lan => "拦",
            Label::Gen => "跟",
            Label::Idle => "闲",
        }
    }

    /// The clause that defines it.
    pub fn clause(self) -> &'static str {
        match self {
            Label::Jiang => "24.1",
            Label::Sha => "24.2",
            Label::Zhuo => "24.3",
            Label::Dui => "24.4",
            Label::Xian => "24.5",
            Label::Lan => "24.6",
            Label::Gen => "24.7",
            Label::Idle => "24.8",
        }
    }

    /// The book's category of the label (24.8: 凡走子性质不属于将、杀、捉者，
    /// 统称为"闲"。兑、献、拦、跟，均属于"闲"范畴): 将, 杀 and 捉 are their
    /// own categories; 兑, 献, 拦, 跟 and 闲 are all 闲. The rulings read
    /// only the category (24.13, 24.14).
    ///
    /// The figures print the category, or the fine label where they single
    /// a kind out: 兑 (17 moves) and 拦 (图7, 2 moves) are printed as
    /// themselves, 献 and 跟 never (a 献 or 跟 move is printed 闲). So a
    /// printed label is met by the fine label or by its category.
    ///
    /// ```
    /// use qigui::xiangqi::Label;
    /// assert_eq!(Label::Gen.category(), Label::Idle);
    /// assert_eq!(Label::Zhuo.category(), Label::Zhuo);
    /// ```
    pub fn category(self) -> Label {
        if self.is_attack() { self } else { Label::Idle }
    }

    /// 将, 杀 and 捉 attack; 兑 献 拦 跟 闲 are all "闲" in the sense of 24.8.
    pub fn is_attack(self) -> bool {
        matches!(self, Label::Jiang | Label::Sha | Label::Zhuo)
    }

    /// The label a one-character code names.
    pub fn from_code(code: &str) -> Option<Label> {
        let mut chars = code.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Label::from_char(c),
            _ => None,
        }
    }

    /// The label named by a character (simplified or traditional).
    pub fn from_char(c: char) -> Option<Label> {
        Some(match c {
            '将' | '將' => Label::Jiang,
            '杀' | '殺' => Label::Sha,
            '捉' => Label::Zhuo,
            '兑' | '兌' => Label::Dui,
            '献' | '獻' => Label::Xian,
            '拦' | '攔' => Label::Lan,
            '跟' => Label::Gen,
            '闲' | '閒' | '閑' => Label::Idle,
            _ => return None,
        })
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What a 捉 chases, as far as the rulings distinguish it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// 车: a rook (长捉车).
    Rook,
    /// 无根子: an unprotected piece (24.15), a falsely protected one
    /// counting as unprotected (假根, 24.16).
    Unprotected,
    /// 少根子: fewer protectors than attackers, or not fully protected (24.15).
    UnderProtected,
    /// 联合捉 (24.17) of a piece the labels do not specify further.
    Joint,
    /// 联合捉车: a combined chase of a rook (26.9.2).
    JointRook,
    /// 联合捉无根子: a combined chase of an unprotected piece (26.9.3).
    JointUnprotected,
    /// 得子: a gain by a complete exchange or by checks (24.3), of a
    /// protected piece.
    Gain,
}

impl Target {
    /// Every category.
    pub const ALL: [Target; 7] = [
        Target::Rook,
        Target::Unprotected,
        Target::UnderProtected,
        Target::Joint,
        Target::JointRook,
        Target::JointUnprotected,
        Target::Gain,
    ];

    /// The code after `捉:` in the corpus.
    pub fn code(self) -> &'static str {
        match self {
            Target::Rook => "车",
            Target::Unprotected => "无根子",
            Target::UnderProtected => "少根子",
            Target::Joint => "联合",
            Target::JointRook => "联合车",
            Target::JointUnprotected => "联合无根子",
            Target::Gain => "得子",
        }
    }

    fn from_code(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.code() == s).or(match s {
            "車" => Some(Target::Rook),
            "联合捉" | "聯合" => Some(Target::Joint),
            "联合捉车" => Some(Target::JointRook),
            "联合捉无根子" => Some(Target::JointUnprotected),
            _ => None,
        })
    }

    /// Whether it is a combined chase (24.17).
    pub fn is_joint(self) -> bool {
        matches!(
            self,
            Target::Joint | Target::JointRook | Target::JointUnprotected
        )
    }
}

/// One move's label, with the categories of its 捉 targets and whether the
/// label is doubtful (a referee's 疑案).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveLabel {
    /// The label.
    pub label: Label,
    /// For 捉: what it chases (may be empty when not needed).
    pub targets: Vec<Target>,
    /// Marked doubtful (`?`): under 疑案从无 (附录一 五.1) it counts as 闲.
    pub doubtful: bool,
}

impl MoveLabel {
    /// A plain label.
    pub fn new(label: Label) -> MoveLabel {
        MoveLabel {
            label,
            targets: Vec::new(),
            doubtful: false,
        }
    }

    /// A 捉 with targets.
    pub fn zhuo(targets: &[Target]) -> MoveLabel {
        MoveLabel {
            label: Label::Zhuo,
            targets: targets.to_vec(),
            doubtful: false,
        }
    }
}

impl fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label.code())?;
        if !self.targets.is_empty() {
            let t: Vec<&str> = self.targets.iter().map(|t| t.code()).collect();
            write!(f, ":{}", t.join("+"))?;
        }
        if self.doubtful {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// A label that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("label '{text}': {reason}")]
pub struct LabelError {
    /// The text.
    pub text: String,
    /// Why.
    pub reason: String,
}

impl FromStr for MoveLabel {
    type Err = LabelError;

    /// Reads `将`, `捉`, `捉:车`, `捉:车+无根子`, `捉?` (doubtful) ….
    fn from_str(s: &str) -> Result<MoveLabel, LabelError> {
        let bad = |reason: &str| LabelError {
            text: s.to_string(),
            reason: reason.to_string(),
        };
        let t = s.trim();
        let (t, doubtful) = match t.strip_suffix(['?', '？']) {
            Some(rest) => (rest, true),
            None => (t, false),
        };
        let (head, tail) = match t.split_once([':', '：']) {
            Some((h, r)) => (h, Some(r)),
            None => (t, None),
        };
        let mut chars = head.chars();
        let label = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                Label::from_char(c).ok_or_else(|| bad("expected one of 将 杀 捉 兑 献 拦 跟 闲"))?
            }
            _ => return Err(bad("expected one of 将 杀 捉 兑 献 拦 跟 闲")),
        };
        let mut targets = Vec::new();
        if let Some(tail) = tail {
            if label != Label::Zhuo {
                return Err(bad("only 捉 takes target categories"));
            }
            for part in tail.split(['+', '/', '、']) {
                targets.push(Target::from_code(part.trim()).ok_or_else(|| {
                    bad("target categories are 车, 无根子, 少根子, 联合, 联合车, 联合无根子, 得子")
                })?);
            }
        }
        Ok(MoveLabel {
            label,
            targets,
            doubtful,
        })
    }
}

/// Reads a side's labels from `"捉 捉:车 闲"` (spaces or commas between).
pub fn parse_labels(text: &str) -> Result<Vec<MoveLabel>, LabelError> {
    text.split([' ', ',', '，', '、'])
        .filter(|w| !w.trim().is_empty())
        .map(str::parse)
        .collect()
}

/// The verdict on a 待判局面. Codes: `red_must_change`, `black_must_change`,
/// `red_loses`, `black_loses`, `draw`, and `none` when there is no
/// 待判局面 to rule on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// 红方变着，不变作负.
    RedMustChange,
    /// 黑方变着，不变作负.
    BlackMustChange,
    /// 红方作负 (e.g. one-sided perpetual check).
    RedLoses,
    /// 黑方作负.
    BlackLoses,
    /// 双方不变作和.
    Draw,
    /// No ruling: not a 待判局面.
    None,
}

impl Verdict {
    /// The code.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::RedMustChange => "red_must_change",
            Verdict::BlackMustChange => "black_must_change",
            Verdict::RedLoses => "red_loses",
            Verdict::BlackLoses => "black_loses",
            Verdict::Draw => "draw",
            Verdict::None => "none",
        }
    }

    /// `side` must change.
    pub fn must_change(side: Color) -> Verdict {
        match side {
            Color::Red => Verdict::RedMustChange,
            Color::Black => Verdict::BlackMustChange,
        }
    }

    /// `side` loses.
    pub fn loses(side: Color) -> Verdict {
        match side {
            Color::Red => Verdict::RedLoses,
            Color::Black => Verdict::BlackLoses,
        }
    }

    /// The verdict with red and black exchanged.
    pub fn swap_colors(self) -> Verdict {
        match self {
            Verdict::RedMustChange => Verdict::BlackMustChange,
            Verdict::BlackMustChange => Verdict::RedMustChange,
            Verdict::RedLoses => Verdict::BlackLoses,
            Verdict::BlackLoses => Verdict::RedLoses,
            v => v,
        }
    }

    /// The Chinese words of the ruling.
    pub fn chinese(self) -> &'static str {
        match self {
            Verdict::RedMustChange => "红方变着，不变作负",
            Verdict::BlackMustChange => "黑方变着，不变作负",
            Verdict::RedLoses => "红方作负",
            Verdict::BlackLoses => "黑方作负",
            Verdict::Draw => "双方不变作和",
            Verdict::None => "不构成待判局面",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What kind of 待判局面 is ruled on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum Sequence {
    /// A position repeated three times (23.1): the labels are one period.
    #[default]
    Threefold,
    /// 23.4: one side attacking over three or more points for nine rounds
    /// without a threefold repetition; the labels are the whole sequence.
    NineRounds,
}

/// Everything the ruling needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// Red's labels in the period, in move order.
    pub red: Vec<MoveLabel>,
    /// Black's labels.
    pub black: Vec<MoveLabel>,
    /// Which kind of 待判局面.
    pub sequence: Sequence,
    /// For 23.4: how many distinct points the attacking side's moves used.
    pub points: Option<u32>,
    /// The move number (回合) at which the 待判局面 arose (for 4.3).
    pub move_number: Option<u32>,
}

impl Cycle {
    /// A threefold repetition with these labels.
    pub fn new(red: Vec<MoveLabel>, black: Vec<MoveLabel>) -> Cycle {
        Cycle {
            red,
            black,
            sequence: Sequence::Threefold,
            points: None,
            move_number: None,
        }
    }

    fn side(&self, c: Color) -> &[MoveLabel] {
        match c {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

pub use crate::edition::RepetitionRules;

/// How one side's cycle is classified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideAssessment {
    /// The side.
    pub side: Color,
    /// The book's way of naming the cycle: 长捉, 一将一捉, 两闲 ….
    pub description: String,
    /// 长将: every move checks.
    pub perpetual_check: bool,
    /// 禁止着法 (24.13).
    pub forbidden: bool,
    /// Of the kinds 26.9.1 lists (长杀, 一将一杀, 长捉车, 长捉无根子, …).
    pub listed_26_9_1: bool,
}

/// What the ruling must change, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// Who must change.
    pub side: Color,
    /// Within how many rounds (23.5.2: two; 0: at once), when the edition says.
    pub within_rounds: Option<u32>,
    /// Whether one of the changed moves must be 闲 (23.5.2.3).
    pub idle_required: bool,
}

/// A ruling: the verdict, the clauses that decided it, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// The verdict.
    pub verdict: Verdict,
    /// The deciding clauses of the edition, most specific first.
    pub clauses: Vec<&'static str>,
    /// Red's cycle.
    pub red: SideAssessment,
    /// Black's cycle.
    pub black: SideAssessment,
    /// The change required, for a must-change verdict.
    pub change: Option<Change>,
    /// A sentence a referee can read.
    pub explanation: String,
}

impl Ruling {
    /// The ruling as `qigui rule --format json` prints it (and the Python
    /// package's `qigui.rule` returns it): `verdict` (its code),
    /// `clauses`, `red` and `black` (each side's assessment), `change`
    /// and `explanation`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "verdict": self.verdict.code(),
            "clauses": self.clauses,
            "red": self.red,
            "black": self.black,
            "change": self.change,
            "explanation": self.explanation,
        })
    }
}

/// Why the labels cannot be ruled on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulingError {
    /// A side has no moves in the cycle.
    #[error("{0} has no moves in the cycle")]
    EmptySide(Color),
    /// 26.9.1 needs to know what a 捉 chases.
    #[error(
        "both sides are forbidden and {side}'s {label} (move {index}) does not say what it chases; \
         26.9 needs the category (捉:车, 捉:无根子, 捉:少根子, 捉:联合, 捉:得子 …)"
    )]
    MissingTarget {
        /// The side.
        side: Color,
        /// The label as written.
        label: String,
        /// 1-based index of the move in the side's cycle.
        index: usize,
    },
}

/// The effective label: doubtful labels count as 闲 where 疑案从无 applies.
fn effective(m: &MoveLabel, rules: &RepetitionRules) -> Label {
    if m.doubtful && rules.doubt_favours_idle.is_some() {
        Label::Idle
    } else {
        m.label
    }
}

fn count_word(n: usize) -> String {
    match n {
        1 => "一".into(),
        2 => "两".into(),
        3 => "三".into(),
        4 => "四".into(),
        5 => "五".into(),
        6 => "六".into(),
        7 => "七".into(),
        8 => "八".into(),
        9 => "九".into(),
        n => n.to_string(),
    }
}

/// The book's way of describing a side's cycle.
fn describe(labels: &[Label], moves: &[MoveLabel]) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let first = labels[0];
    if labels.iter().all(|&l| l == first) {
        if first == Label::Idle {
            return format!("{}闲", count_word(labels.len()));
        }
        let mut s = format!("长{}", first.code());
        if first == Label::Zhuo {
            // 长捉车 / 长捉无根子 when every move chases that category.
            for (t, word) in [(Target::Rook, "车"), (Target::Unprotected, "无根子")] {
                if moves.iter().all(|m| m.targets.contains(&t)) {
                    s.push_str(word);
                    break;
                }
            }
        }
        return s;
    }
    let mut order: Vec<Label> = Vec::new();
    for &l in labels {
        if !order.contains(&l) {
            order.push(l);
        }
    }
    order
        .iter()
        .map(|&l| {
            format!(
                "{}{}",
                count_word(labels.iter().filter(|&&x| x == l).count()),
                l.code()
            )
        })
        .collect()
}

/// Whether a move is one of the kinds 26.9.1 lists: 将, 杀, 捉车, 捉无根子.
fn listed_move(label: Label, m: &MoveLabel) -> bool {
    match label {
        Label::Jiang | Label::Sha => true,
        Label::Zhuo => m
            .targets
            .iter()
            .any(|t| matches!(t, Target::Rook | Target::Unprotected)),
        _ => false,
    }
}

fn assess(side: Color, moves: &[MoveLabel], rules: &RepetitionRules) -> SideAssessment {
    let labels: Vec<Label> = moves.iter().map(|m| effective(m, rules)).collect();
    let perpetual_check = !labels.is_empty() && labels.iter().all(|&l| l == Label::Jiang);
    let forbidden = !labels.is_empty() && labels.iter().all(|l| l.is_attack());
    let listed_26_9_1 = forbidden
        && rules.both_forbidden_by_26_9
        && !perpetual_check
        && moves.iter().zip(&labels).all(|(m, &l)| listed_move(l, m));
    SideAssessment {
        side,
        description: describe(&labels, moves),
        perpetual_check,
        forbidden,
        listed_26_9_1,
    }
}

/// Every move chases the given category (26.9.2, 26.9.3).
fn all_chase(moves: &[MoveLabel], rules: &RepetitionRules, pred: impl Fn(Target) -> bool) -> bool {
    !moves.is_empty()
        && moves
            .iter()
            .all(|m| effective(m, rules) == Label::Zhuo && m.targets.iter().any(|&t| pred(t)))
}

/// Rules on a labelled cycle under an edition's repetition rules.
pub fn rule(cycle: &Cycle, rules: &RepetitionRules) -> Result<Ruling, RulingError> {
    for c in Color::ALL {
        if cycle.side(c).is_empty() {
            return Err(RulingError::EmptySide(c));
        }
    }
    let red = assess(Color::Red, &cycle.red, rules);
    let black = assess(Color::Black, &cycle.black, rules);
    let names = format!(
        "红方{}，黑方{}",
        if red.description.is_empty() {
            "—"
        } else {
            &red.description
        },
        if black.description.is_empty() {
            "—"
        } else {
            &black.description
        }
    );
    let mut idle_required = false;

    // 23.4: a nine-round sequence is a 待判局面 only under its conditions.
    if cycle.sequence == Sequence::NineRounds {
        if let Some((verdict, clauses, change, explanation)) =
            nine_rounds(cycle, rules, &red, &black, &names)
        {
            return Ok(Ruling {
                verdict,
                clauses,
                change,
                explanation,
                red,
                black,
            });
        }
        idle_required = true;
    }

    let perpetual: Vec<Color> = [&red, &black]
        .iter()
        .filter(|a| a.perpetual_check)
        .map(|a| a.side)
        .collect();
    let (verdict, mut clauses, explanation) =
        decide(cycle, rules, &red, &black, &perpetual, &names)?;

    // 4.3: a draw within the first 25 moves: red changes.
    let mut verdict = verdict;
    let mut explanation = explanation;
    if verdict == Verdict::Draw
        && let (Some(limit), Some(n)) = (rules.early_draw_moves, cycle.move_number)
        && n <= limit
    {
        verdict = Verdict::RedMustChange;
        clauses.retain(|c| !matches!(*c, "23.5.2.1" | "4.2.3"));
        clauses.push("4.3");
        explanation.push_str(&format!(
            "但待判局面形成于第{n}回合(25回合内)，由红方变着，不变判负(4.3)。"
        ));
    }
    if cycle.sequence == Sequence::NineRounds {
        clauses.insert(0, "23.4");
    }
    if let Some(c) = rules.doubt_favours_idle
        && cycle
            .red
            .iter()
            .chain(&cycle.black)
            .any(|m| m.doubtful && m.label != Label::Idle)
    {
        clauses.push(c);
        explanation.push_str("疑案从无：存疑的着法按闲处理。");
    }
    let change = match verdict {
        Verdict::RedMustChange | Verdict::BlackMustChange => Some(Change {
            side: if verdict == Verdict::RedMustChange {
                Color::Red
            } else {
                Color::Black
            },
            within_rounds: if perpetual.len() == 1 && !rules.perpetual_check_loses {
                Some(0)
            } else {
                rules.change_within_rounds
            },
            idle_required,
        }),
        _ => None,
    };
    Ok(Ruling {
        verdict,
        clauses,
        red,
        black,
        change,
        explanation,
    })
}

/// 23.4: a nine-round sequence is a 待判局面 only when one side attacks
/// (将杀捉) on three or more points for nine rounds: that side changes
/// (25.3, 23.5.2.3); without those conditions there is no ruling. `None`
/// when the cycle is ruled as any other (both sides attacking all the
/// way). Returns the verdict, the clauses, the change and the explanation.
fn nine_rounds(
    cycle: &Cycle,
    rules: &RepetitionRules,
    red: &SideAssessment,
    black: &SideAssessment,
    names: &str,
) -> Option<(Verdict, Vec<&'static str>, Option<Change>, String)> {
    let attacker = [red, black]
        .into_iter()
        .find(|a| a.forbidden && cycle.side(a.side).len() >= 9);
    let enough_points = cycle.points.is_some_and(|p| p >= 3);
    match attacker {
        Some(a) if rules.nine_round_rule && enough_points => {
            let other = if a.side == Color::Red { black } else { red };
            if other.forbidden {
                // Both attacking all the way: rule as any both-forbidden cycle.
                None
            } else {
                let side = a.side;
                Some((
                    Verdict::must_change(side),
                    vec!["23.4", "25.3", "23.5.2.3", "4.1.5"],
                    Some(Change {
                        side,
                        within_rounds: rules.change_within_rounds,
                        idle_required: true,
                    }),
                    format!(
                        "{names}。{}方在三个以上点连续以将杀捉交替攻击达九个回合，按待判局面裁决(23.4)；{}方为禁止着法，须在两个回合内变着且其中一着为闲(23.5.2.3)，不变作负。",
                        side.chinese(),
                        side.chinese()
                    ),
                ))
            }
        }
        _ => Some((
            Verdict::None,
            rules.c_no_ruling.to_vec(),
            None,
            format!(
                "{names}。不符合23.4条件(一方在三个或三个以上点连续将杀捉达九个回合)，未形成三次重复，不予裁决。"
            ),
        )),
    }
}

/// The ruling before 4.3 and 疑案从无: 长将 (25.1, 26.9), one side's
/// forbidden moves against allowed ones (25.2), both allowed (25.3) or
/// both forbidden (26.9). Returns the verdict, the clauses and the
/// explanation.
fn decide(
    cycle: &Cycle,
    rules: &RepetitionRules,
    red: &SideAssessment,
    black: &SideAssessment,
    perpetual: &[Color],
    names: &str,
) -> Result<(Verdict, Vec<&'static str>, String), RulingError> {
    let clauses: Vec<&'static str>;
    let verdict;
    let explanation;
    if perpetual.len() == 1 {
        let side = perpetual[0];
        clauses = rules.c_perpetual.to_vec();
        if rules.perpetual_check_loses {
            verdict = Verdict::loses(side);
            explanation = format!(
                "{names}。任何情况下均不允许单方面长将，{}方作负。",
                side.chinese()
            );
        } else {
            verdict = Verdict::must_change(side);
            explanation = format!("{names}。一方长将，{}方必须在下着变着。", side.chinese());
        }
    } else {
        match (red.forbidden, black.forbidden) {
            (false, false) => {
                verdict = Verdict::Draw;
                clauses = rules.c_both_allowed.to_vec();
                explanation = format!("{names}，双方均为允许着法，双方不变作和。");
            }
            (true, false) | (false, true) => {
                let side = if red.forbidden {
                    Color::Red
                } else {
                    Color::Black
                };
                verdict = Verdict::must_change(side);
                clauses = rules.c_one_forbidden.to_vec();
                explanation = format!(
                    "{names}，{}方为禁止着法，另一方为允许着法，{}方变着，不变作负。",
                    side.chinese(),
                    side.chinese()
                );
            }
            (true, true) => {
                if !rules.both_forbidden_by_26_9 {
                    verdict = Verdict::Draw;
                    clauses = rules.c_both_forbidden_draw.to_vec();
                    explanation = format!("{names}，双方均为禁止着法，双方不变作和。");
                } else {
                    (verdict, clauses, explanation) =
                        both_forbidden(cycle, rules, red, black, names)?;
                }
            }
        }
    }

    Ok((verdict, clauses, explanation))
}

/// 26.9: both sides' moves are forbidden. 26.9.1's listed moves against
/// unlisted ones, and 26.9.2–26.9.3's pairs of cycles, say which side
/// changes; else the cycle is drawn (26.9.4). Returns the verdict, the
/// clauses and the explanation.
fn both_forbidden(
    cycle: &Cycle,
    rules: &RepetitionRules,
    red: &SideAssessment,
    black: &SideAssessment,
    names: &str,
) -> Result<(Verdict, Vec<&'static str>, String), RulingError> {
    let mut clauses: Vec<&'static str>;
    let verdict;
    let explanation;
    // 26.9 needs the categories of every 捉.
    for (side, moves) in [(Color::Red, &cycle.red), (Color::Black, &cycle.black)] {
        for (i, m) in moves.iter().enumerate() {
            if effective(m, rules) == Label::Zhuo && m.targets.is_empty() {
                return Err(RulingError::MissingTarget {
                    side,
                    label: m.to_string(),
                    index: i + 1,
                });
            }
        }
    }
    // 26.9.2 and 26.9.3 name a pair of cycles: 长捉车 against
    // 联合捉车, 长捉无根子 against 联合捉无根子. The side whose
    // every move chases so, against a side whose every move
    // chases jointly so, changes — whatever else the joint
    // side's moves chase besides (参考图14: 红方长捉车，黑方为
    // 车炮联合捉车，红方变着, black's moves also taking a pawn
    // or a horse on the way).
    let pair = |a: Color| -> Option<&'static str> {
        let (own, other) = (cycle.side(a), cycle.side(a.opponent()));
        if all_chase(own, rules, |t| t == Target::Rook)
            && all_chase(other, rules, |t| t == Target::JointRook)
        {
            Some("26.9.2")
        } else if all_chase(own, rules, |t| t == Target::Unprotected)
            && all_chase(other, rules, |t| t == Target::JointUnprotected)
        {
            Some("26.9.3")
        } else {
            None
        }
    };
    let paired = match (pair(Color::Red), pair(Color::Black)) {
        (Some(c), None) => Some((Color::Red, c)),
        (None, Some(c)) => Some((Color::Black, c)),
        _ => None,
    };
    match (red.listed_26_9_1, black.listed_26_9_1, paired) {
        (true, true, Some((side, specific))) => {
            let a = if side == Color::Red { red } else { black };
            verdict = Verdict::must_change(side);
            clauses = rules.c_both_forbidden_change.to_vec();
            if let Some(c) = clauses.iter_mut().find(|c| **c == "26.9.1") {
                *c = specific;
            }
            explanation = format!(
                "{names}，双方均为禁止着法；{}方{}，对方{}，属{}所列，须变着，不变作负。",
                side.chinese(),
                a.description,
                if specific == "26.9.2" {
                    "联合捉车"
                } else {
                    "联合捉无根子"
                },
                specific
            );
        }
        (true, false, _) | (false, true, _) => {
            let a = if red.listed_26_9_1 { red } else { black };
            let specific = pair(a.side).unwrap_or("26.9.1");
            verdict = Verdict::must_change(a.side);
            clauses = rules.c_both_forbidden_change.to_vec();
            if let Some(c) = clauses.iter_mut().find(|c| **c == "26.9.1") {
                *c = specific;
            }
            explanation = format!(
                "{names}，双方均为禁止着法；{}方{}属{}所列，须变着，不变作负。",
                a.side.chinese(),
                a.description,
                specific
            );
        }
        _ => {
            verdict = Verdict::Draw;
            clauses = rules.c_both_forbidden_draw.to_vec();
            explanation = if red.listed_26_9_1 {
                format!("{names}，双方均为禁止着法且均属26.9.1所列，双方不变作和(26.9.4)。")
            } else {
                format!("{names}，双方均为禁止着法且均不属26.9.1所列，双方不变作和(26.9.4)。")
            };
        }
    }
    Ok((verdict, clauses, explanation))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cyc(red: &str, black: &str) -> Cycle {
        Cycle::new(parse_labels(red).unwrap(), parse_labels(black).unwrap())
    }

    #[test]
    fn labels_read_and_print() {
        let l: MoveLabel = "捉:车+无根子".parse().unwrap();
        assert_eq!(l.targets, vec![Target::Rook, Target::Unprotected]);
        assert_eq!(l.to_string(), "捉:车+无根子");
        assert!("兑:车".parse::<MoveLabel>().is_err());
        assert!("捉捉".parse::<MoveLabel>().is_err());
        assert!("捉?".parse::<MoveLabel>().unwrap().doubtful);
    }

    #[test]
    fn descriptions_follow_the_book() {
        let r = rule(&cyc("捉 捉", "兑 捉"), &RepetitionRules::XIANGQI_2020).unwrap();
        assert_eq!(r.red.description, "长捉");
        assert_eq!(r.black.description, "一兑一捉");
        let r = rule(&cyc("将 闲 闲", "闲 闲 闲"), &RepetitionRules::XIANGQI_2020).unwrap();
        assert_eq!(r.red.description, "一将两闲");
        assert_eq!(r.black.description, "三闲");
    }
}
