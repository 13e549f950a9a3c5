//! The repetition rules of an edition (棋例, 2020 articles 23–26, 1999
//! articles 24–26, 附录一 五): the data of each edition's decision points
//! and the clauses each step of a ruling cites. The ruling itself is
//! `crate::xiangqi::repetition::ruling::rule`, which reads this data.

use super::id::EditionId;

/// How an edition rules on repetitions: the decision points where the
/// texts differ, and the clause each step cites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepetitionRules {
    /// The edition's id.
    pub edition: EditionId,
    /// One-sided perpetual check loses (2020 25.1, 1999 24.1) or must be
    /// changed at the next move (附录一 五.2.(1)).
    pub perpetual_check_loses: bool,
    /// Both sides forbidden: apply 26.9 (2020) or always draw (1999 26.3,
    /// 附录一 五.2.(4)).
    pub both_forbidden_by_26_9: bool,
    /// 4.3: a draw within this many moves makes red change.
    pub early_draw_moves: Option<u32>,
    /// 23.4's nine-round sequences are ruled.
    pub nine_round_rule: bool,
    /// 疑案从无: doubtful labels count as 闲, citing this clause.
    pub doubt_favours_idle: Option<&'static str>,
    /// Rounds the side that must change has to change in (23.5.2: 2);
    /// `Some(0)`: at once.
    pub change_within_rounds: Option<u32>,
    /// Clauses: no 待判局面 to rule on (a sequence 23.4 does not cover).
    pub c_no_ruling: &'static [&'static str],
    /// Clauses: perpetual check.
    pub c_perpetual: &'static [&'static str],
    /// Clauses: both allowed.
    pub c_both_allowed: &'static [&'static str],
    /// Clauses: one forbidden.
    pub c_one_forbidden: &'static [&'static str],
    /// Clauses: both forbidden, a draw.
    pub c_both_forbidden_draw: &'static [&'static str],
    /// Clauses: both forbidden, one side must change (26.9.1); the second
    /// clause is replaced by 26.9.2 or 26.9.3 when those decide.
    pub c_both_forbidden_change: &'static [&'static str],
}

impl RepetitionRules {
    /// 象棋竞赛规则 2020.
    pub const XIANGQI_2020: RepetitionRules = RepetitionRules {
        edition: EditionId::Xiangqi2020,
        perpetual_check_loses: true,
        both_forbidden_by_26_9: true,
        early_draw_moves: Some(25),
        nine_round_rule: true,
        doubt_favours_idle: None,
        change_within_rounds: Some(2),
        c_no_ruling: &["23.4", "23.3"],
        c_perpetual: &["25.1", "23.5.1", "4.1.4"],
        c_both_allowed: &["25.2", "23.5.2.1", "4.2.3"],
        c_one_forbidden: &["25.3", "23.5.2.2", "4.1.5"],
        c_both_forbidden_draw: &["25.4", "26.9.4", "23.5.2.1", "4.2.3"],
        c_both_forbidden_change: &["25.4", "26.9.1", "23.5.2.2", "4.1.5"],
    };

    /// 附录一 象棋群体比赛简明规定.
    pub const XIANGQI_2020_MASS: RepetitionRules = RepetitionRules {
        edition: EditionId::Xiangqi2020Mass,
        perpetual_check_loses: false,
        both_forbidden_by_26_9: false,
        early_draw_moves: None,
        nine_round_rule: false,
        doubt_favours_idle: Some("附录一.五.1"),
        change_within_rounds: None,
        c_no_ruling: &["附录一.五.2"],
        c_perpetual: &["附录一.五.2.(1)"],
        c_both_allowed: &["附录一.五.2.(2)"],
        c_one_forbidden: &["附录一.五.2.(3)"],
        c_both_forbidden_draw: &["附录一.五.2.(4)"],
        c_both_forbidden_change: &["附录一.五.2.(4)"],
    };

    /// 中国象棋竞赛规则 1999.
    pub const XIANGQI_1999: RepetitionRules = RepetitionRules {
        edition: EditionId::Xiangqi1999,
        perpetual_check_loses: true,
        both_forbidden_by_26_9: false,
        early_draw_moves: None,
        nine_round_rule: false,
        doubt_favours_idle: None,
        change_within_rounds: Some(0),
        c_no_ruling: &["24"],
        c_perpetual: &["24.1", "26.1"],
        c_both_allowed: &["24.2", "26.2", "4.2.3"],
        c_one_forbidden: &["24.3", "26.4", "4.1.7"],
        c_both_forbidden_draw: &["24.2", "26.3", "4.2.3"],
        c_both_forbidden_change: &["24.2", "26.3", "4.2.3"],
    };

    /// The local event rules of 003 (`xiangqi-local`). The documents say
    /// only that a side loses when it breaks a 禁例 and does not change
    /// (棋类比赛.4.(五) 走棋违犯禁例,应当变着而不变) and that a repetition the
    /// 棋例 rule 不变作和 is a draw (棋类比赛.5.(三); 学院.5.(三), 细则.二.4.(3)
    /// alike), without naming the 棋例's edition. qigui reads them with the
    /// decision points of the edition spec/editions.yaml compares them with,
    /// 附录一 (whose scope, 各行业系统比赛、省级以下基层比赛, covers these
    /// events): a one-sided 长将 must change (and loses only if it does not,
    /// as the local text says of every 禁例), both sides forbidden is a
    /// draw; 疑案从无 (附录一 五.1) is not in the local text and not applied.
    pub const XIANGQI_LOCAL: RepetitionRules = RepetitionRules {
        edition: EditionId::XiangqiLocal,
        perpetual_check_loses: false,
        both_forbidden_by_26_9: false,
        early_draw_moves: None,
        nine_round_rule: false,
        doubt_favours_idle: None,
        change_within_rounds: None,
        c_no_ruling: &["棋类比赛.5.(三)"],
        c_perpetual: &["棋类比赛.4.(五)"],
        c_both_allowed: &["棋类比赛.5.(三)"],
        c_one_forbidden: &["棋类比赛.4.(五)"],
        c_both_forbidden_draw: &["棋类比赛.5.(三)"],
        c_both_forbidden_change: &["棋类比赛.5.(三)"],
    };
}
