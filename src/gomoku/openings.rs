//! Openings (开局): the designated openings of 9.7 and 附录一, and the
//! opening rules of article 11 and 附录二, as validators: given the actions
//! so far, [`Opening`] says whether they are legal and what comes next, by
//! whom.
//!
//! | rule | clause | summary |
//! |---|---|---|
//! | [`OpeningRule::Designated`] | 9.7 | black lays one of the 26 designated openings: ① on 天元, 2 in the 3×3 area, ③ in the 5×5 area; then play |
//! | [`OpeningRule::Taraguchi10`] | 11.1 | 塔拉山口-10: stones 1–4 in the 1×1, 3×3, 5×5, 7×7 areas, a swap right after each; after 4 black may swap (then ⑤ in 9×9) or not (then ⑤ in 9×9, or ten offers anywhere that are not 同形) |
//! | [`OpeningRule::FiveMoveTwo`] | 11.2 | 五手两打: a designated opening, swap right, 4 anywhere, two offers not 同形, white chooses and plays 6 |
//! | [`OpeningRule::FiveMoveN`] | 附录二.1 | 五手N打: as 11.2 with N offers, N declared with the opening |
//! | [`OpeningRule::Free`] | 附录二.2 | 自由开局: free play from move 1, no forbidden moves |
//! | [`OpeningRule::TwoSwaps`] | 附录二.3 | 两次交换: 3 stones anywhere; white holds, swaps, or plays 4 and 5 and the first player may swap |
//!
//! The players are the first (先手方: holds black at the start, article 10)
//! and the second; a swap (9.8) exchanges their colours.
//!
//! 同形 (11.1 D ②, 11.2 C, 附录二.1 C): two offered fifth moves are the same
//! shape when one of the 8 symmetries of the board ([`Symmetry`]) maps the
//! position with the one onto the position with the other, colours kept.
//! Translations need not be considered: white's stones are the same in both
//! positions, and no translation other than the identity maps a non-empty
//! finite set onto itself.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Point, Stone, Symmetry};
use super::record::Action;

mod breach;

/// An opening rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuOpeningRule"))]
#[serde(rename_all = "kebab-case")]
pub enum OpeningRule {
    /// 9.7 指定开局 alone: the three stones of a designated opening, then play.
    #[default]
    Designated,
    /// 11.1 塔拉山口-10.
    #[serde(rename = "taraguchi-10")]
    Taraguchi10,
    /// 11.2 五手两打.
    FiveMoveTwo,
    /// 附录二.1 五手N打.
    FiveMoveN,
    /// 附录二.2 自由开局.
    Free,
    /// 附录二.3 两次交换.
    TwoSwaps,
}

/// What an overline does under a rule (19.1.1, 19.1.2 B, 附录二.2 B, 附录二.3 C).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlineRule {
    /// Black's overline is a forbidden move; white's counts as a five (19.1.1).
    ForbiddenForBlack,
    /// Both colours' overlines count as fives (附录二.2 B).
    FiveForBoth,
    /// Neither wins nor loses (附录二.3 C).
    Nothing,
}

impl OpeningRule {
    /// All rules.
    pub const ALL: [OpeningRule; 6] = [
        OpeningRule::Designated,
        OpeningRule::Taraguchi10,
        OpeningRule::FiveMoveTwo,
        OpeningRule::FiveMoveN,
        OpeningRule::Free,
        OpeningRule::TwoSwaps,
    ];

    /// The code used in records, the corpus and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            OpeningRule::Designated => "designated",
            OpeningRule::Taraguchi10 => "taraguchi-10",
            OpeningRule::FiveMoveTwo => "five-move-two",
            OpeningRule::FiveMoveN => "five-move-n",
            OpeningRule::Free => "free",
            OpeningRule::TwoSwaps => "two-swaps",
        }
    }

    /// Reads a code.
    pub fn from_code(s: &str) -> Option<OpeningRule> {
        OpeningRule::ALL.into_iter().find(|r| r.code() == s)
    }

    /// The book's name.
    pub fn chinese(self) -> &'static str {
        match self {
            OpeningRule::Designated => "指定开局",
            OpeningRule::Taraguchi10 => "塔拉山口-10开局",
            OpeningRule::FiveMoveTwo => "五手两打开局",
            OpeningRule::FiveMoveN => "五手N打开局",
            OpeningRule::Free => "自由开局",
            OpeningRule::TwoSwaps => "两次交换开局",
        }
    }

    /// The clause defining it.
    pub fn clause(self) -> &'static str {
        match self {
            OpeningRule::Designated => "9.7",
            OpeningRule::Taraguchi10 => "11.1",
            OpeningRule::FiveMoveTwo => "11.2",
            OpeningRule::FiveMoveN => "附录二.1",
            OpeningRule::Free => "附录二.2",
            OpeningRule::TwoSwaps => "附录二.3",
        }
    }

    /// Whether black has forbidden moves (11.1 E, 11.2 E, 附录二.1 E; none
    /// in 附录二.2 B and 附录二.3 C). 9.7 alone says nothing; qigui plays it
    /// with forbidden moves, as every rule built on it does.
    pub fn black_forbidden(self) -> bool {
        !matches!(self, OpeningRule::Free | OpeningRule::TwoSwaps)
    }

    /// What an overline does.
    pub fn overline(self) -> OverlineRule {
        match self {
            OpeningRule::Free => OverlineRule::FiveForBoth,
            OpeningRule::TwoSwaps => OverlineRule::Nothing,
            _ => OverlineRule::ForbiddenForBlack,
        }
    }

    /// The clause that says black has (or has not) forbidden moves.
    pub fn forbidden_clause(self) -> &'static str {
        match self {
            OpeningRule::Designated => "8",
            OpeningRule::Taraguchi10 => "11.1.E",
            OpeningRule::FiveMoveTwo => "11.2.E",
            OpeningRule::FiveMoveN => "附录二.1.E",
            OpeningRule::Free => "附录二.2.B",
            OpeningRule::TwoSwaps => "附录二.3.C",
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A player, by the colour held at the start (article 10: 先手者执黑先行).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[cfg_attr(test, schemars(rename = "GomokuPlayer"))]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// 先手方: holds black at the start.
    First,
    /// 后手方: holds white at the start.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `first` or `second`.
    pub fn code(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

/// Where a stone may go: a square area centred on 天元, or the whole board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// The k×k area centred on 天元 (k odd; 1 is 天元 itself).
    Square(u8),
    /// 任意无子交叉点: any empty point.
    Board,
}

impl Area {
    /// Whether the point is inside.
    pub fn contains(self, p: Point) -> bool {
        match self {
            Area::Square(k) => 2 * p.distance_from_tianyuan() < k,
            Area::Board => true,
        }
    }

    /// `tianyuan`, `3x3`, …, `9x9`, `board`.
    pub fn code(self) -> String {
        match self {
            Area::Square(1) => "tianyuan".into(),
            Area::Square(k) => format!("{k}x{k}"),
            Area::Board => "board".into(),
        }
    }

    fn describe(self) -> String {
        match self {
            Area::Square(1) => "天元 (H8)".into(),
            Area::Square(k) => format!("the {k}×{k} area around 天元"),
            Area::Board => "the board".into(),
        }
    }
}

/// One thing a player may do next in an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Place the next stone, of this colour, inside this area.
    Stone {
        /// Its colour (13.2: its number's parity).
        stone: Stone,
        /// Where it may go.
        area: Area,
    },
    /// Use the swap right (9.8).
    Swap,
    /// Offer this many fifth moves (打点), anywhere, no two 同形.
    Offer {
        /// How many.
        count: u32,
    },
    /// Choose one of the offered fifth moves.
    Choose,
    /// Declare how many fifth moves will be offered (附录二.1 A).
    Declare,
}

impl Choice {
    /// The code used in the corpus: `black:tianyuan`, `white:3x3`,
    /// `black:board`, `swap`, `offer:10`, `choose`, `declare`.
    pub fn code(self) -> String {
        match self {
            Choice::Stone { stone, area } => format!("{}:{}", stone.name(), area.code()),
            Choice::Swap => "swap".into(),
            Choice::Offer { count } => format!("offer:{count}"),
            Choice::Choose => "choose".into(),
            Choice::Declare => "declare".into(),
        }
    }
}

/// Who acts next and what they may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The player.
    pub player: Player,
    /// The colour that player holds now.
    pub colour: Stone,
    /// What they may do.
    pub choices: Vec<Choice>,
}

/// An action that breaks the opening rule: 17.1 未按开局规定行棋.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({clause})")]
pub struct OpeningError {
    /// The clause of the opening rule broken.
    pub clause: &'static str,
    /// What is wrong.
    pub message: String,
}

/// 直指 (white's first stone next to 天元 on a 阳线) or 斜指 (on a 阴线).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pointing {
    /// 直指开局.
    Direct,
    /// 斜指开局.
    Indirect,
}

impl Pointing {
    /// `direct` or `indirect`.
    pub fn code(self) -> &'static str {
        match self {
            Pointing::Direct => "direct",
            Pointing::Indirect => "indirect",
        }
    }
}

/// One of the 26 designated openings (附录一).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DesignatedOpening {
    /// Its name, e.g. 花月.
    pub name: &'static str,
    /// 直指 or 斜指.
    pub pointing: Pointing,
    /// Its place in the book's order, 1–13 within its group.
    pub number: u8,
    /// Black's second stone (③) with ① on H8 and 2 on H9 (直指) or I9 (斜指).
    pub third: (i32, i32),
}

/// The 26 designated openings in one orientation each: ① H8, 2 on H9 (直指)
/// or I9 (斜指), ③ at the given offset from H8 (columns right, rows up).
///
/// 附录一's diagrams are images missing from the text, which names the 13
/// 直指 openings; the positions and the 13 斜指 names are the standard set
/// of 26 renju openings (`spec/gomoku.md`). Every arrangement that 9.7 A–C
/// allows is exactly one of them (a test checks this).
pub const DESIGNATED: [DesignatedOpening; 26] = {
    use Pointing::{Direct as D, Indirect as I};
    const fn o(
        name: &'static str,
        pointing: Pointing,
        number: u8,
        c: i32,
        r: i32,
    ) -> DesignatedOpening {
        DesignatedOpening {
            name,
            pointing,
            number,
            third: (c, r),
        }
    }
    [
        o("寒星", D, 1, 0, 2),
        o("溪月", D, 2, 1, 2),
        o("疏星", D, 3, 2, 2),
        o("花月", D, 4, 1, 1),
        o("残月", D, 5, 2, 1),
        o("雨月", D, 6, 1, 0),
        o("金星", D, 7, 2, 0),
        o("松月", D, 8, 0, -1),
        o("丘月", D, 9, 1, -1),
        o("新月", D, 10, 2, -1),
        o("瑞星", D, 11, 0, -2),
        o("山月", D, 12, 1, -2),
        o("游星", D, 13, 2, -2),
        o("长星", I, 1, 2, 2),
        o("峡月", I, 2, 1, 2),
        o("恒星", I, 3, 0, 2),
        o("水月", I, 4, -1, 2),
        o("流星", I, 5, -2, 2),
        o("云月", I, 6, 0, 1),
        o("浦月", I, 7, -1, 1),
        o("岚月", I, 8, -2, 1),
        o("银月", I, 9, -1, 0),
        o("明星", I, 10, -2, 0),
        o("斜月", I, 11, -1, -1),
        o("名月", I, 12, -2, -1),
        o("彗星", I, 13, -2, -2),
    ]
};

impl DesignatedOpening {
    /// The opening's three stones in its table orientation.
    pub fn stones(&self) -> [Point; 3] {
        let white = match self.pointing {
            Pointing::Direct => (0, 1),
            Pointing::Indirect => (1, 1),
        };
        let at = |(c, r): (i32, i32)| Point::TIANYUAN.offset(c, r).unwrap_or(Point::TIANYUAN);
        [Point::TIANYUAN, at(white), at(self.third)]
    }

    /// The opening with this name.
    pub fn by_name(name: &str) -> Option<&'static DesignatedOpening> {
        DESIGNATED.iter().find(|o| o.name == name)
    }

    /// Which designated opening three stones form (9.7 A–C: ① on 天元, 2 in
    /// the 3×3 area, ③ in the 5×5 area), whatever their orientation.
    pub fn recognise(b1: Point, w2: Point, b3: Point) -> Option<&'static DesignatedOpening> {
        if b1 != Point::TIANYUAN
            || !Area::Square(3).contains(w2)
            || !Area::Square(5).contains(b3)
            || w2 == b1
            || b3 == b1
            || b3 == w2
        {
            return None;
        }
        for sym in Symmetry::ALL {
            let (w, b) = (sym.apply(w2), sym.apply(b3));
            let rel = |p: Point| (i32::from(p.col()) - 7, i32::from(p.row()) - 7);
            let pointing = match rel(w) {
                (0, 1) => Pointing::Direct,
                (1, 1) => Pointing::Indirect,
                _ => continue,
            };
            if let Some(o) = DESIGNATED
                .iter()
                .find(|o| o.pointing == pointing && o.third == rel(b))
            {
                return Some(o);
            }
        }
        None
    }
}

/// Whether the positions `board` + a `stone` on `a` and `board` + a `stone`
/// on `b` are the same shape (同形): one of the 8 symmetries of the board
/// maps the one onto the other, colours kept. The same point is trivially
/// the same shape.
pub fn same_shape(board: &Board, stone: Stone, a: Point, b: Point) -> bool {
    if !board.is_empty_at(a) || !board.is_empty_at(b) {
        return a == b;
    }
    let mut pa = board.clone();
    pa.set(a, Some(stone));
    let mut pb = board.clone();
    pb.set(b, Some(stone));
    Symmetry::ALL.iter().any(|&s| pa.transformed(s) == pb)
}

/// An opening in progress: the rule, the stones so far, who holds black.
#[derive(Clone, Debug)]
pub struct Opening {
    rule: OpeningRule,
    board: Board,
    placed: Vec<Point>,
    black: Player,
    swap_pending: bool,
    swapped_after_four: bool,
    offers: Option<Vec<Point>>,
    chosen: bool,
    declared: Option<u32>,
    done: bool,
}

impl Opening {
    /// An opening about to start.
    pub fn new(rule: OpeningRule) -> Opening {
        Opening {
            rule,
            board: Board::new(),
            placed: Vec::new(),
            black: Player::First,
            swap_pending: false,
            swapped_after_four: false,
            offers: None,
            chosen: false,
            declared: None,
            done: rule == OpeningRule::Free,
        }
    }

    /// The rule.
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The stones placed so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones placed so far, in number order (13.2).
    pub fn placed(&self) -> &[Point] {
        &self.placed
    }

    /// The number of the last stone placed.
    pub fn moves(&self) -> u32 {
        u32::try_from(self.placed.len()).unwrap_or(u32::MAX)
    }

    /// Who holds black now.
    pub fn black_player(&self) -> Player {
        self.black
    }

    /// Who holds a colour now.
    pub fn holder(&self, s: Stone) -> Player {
        match s {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// Whether the opening is over: from here the players alternate, black
    /// odd and white even (11.1 E, 11.2 E, …).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The offered fifth moves awaiting white's choice, if any.
    pub fn offers(&self) -> Option<&[Point]> {
        self.offers.as_deref()
    }

    /// The number of fifth moves black declared (附录二.1 A).
    pub fn declared(&self) -> Option<u32> {
        self.declared
    }

    /// The designated opening the first three stones form, if they do.
    pub fn designated(&self) -> Option<&'static DesignatedOpening> {
        match self.placed.as_slice() {
            [b1, w2, b3, ..] => DesignatedOpening::recognise(*b1, *w2, *b3),
            _ => None,
        }
    }

    fn turn(&self, by: Stone, choices: Vec<Choice>) -> Turn {
        Turn {
            player: self.holder(by),
            colour: by,
            choices,
        }
    }

    fn stone(&self, area: Area) -> Choice {
        Choice::Stone {
            stone: Stone::of_move(self.moves() + 1),
            area,
        }
    }

    /// Who acts next and what they may do; empty once the opening is over.
    /// Usually one turn; two when the record cannot tell which of two
    /// players acts (附录二.3 after move 4: option ① or ③).
    pub fn next(&self) -> Vec<Turn> {
        use Stone::{Black as B, White as W};
        if self.done {
            return Vec::new();
        }
        let m = self.moves();
        let with_swap = |mut v: Vec<Choice>| {
            if self.swap_pending {
                v.insert(0, Choice::Swap);
            }
            v
        };
        let designated_three = |m: u32| match m {
            0 => Some(self.turn(B, vec![self.stone(Area::Square(1))])),
            1 => Some(self.turn(B, vec![self.stone(Area::Square(3))])),
            2 => Some(self.turn(B, vec![self.stone(Area::Square(5))])),
            _ => None,
        };
        let offer_phase = |count: u32| {
            if self.offers.is_some() {
                vec![self.turn(W, vec![Choice::Choose])]
            } else if self.chosen {
                vec![self.turn(W, vec![self.stone(Area::Board)])]
            } else {
                vec![self.turn(B, vec![Choice::Offer { count }])]
            }
        };
        match self.rule {
            OpeningRule::Free => Vec::new(),
            OpeningRule::Designated => designated_three(m).into_iter().collect(),
            OpeningRule::Taraguchi10 => match m {
                0 => vec![self.turn(B, vec![self.stone(Area::Square(1))])],
                1 => vec![self.turn(W, with_swap(vec![self.stone(Area::Square(3))]))],
                2 => vec![self.turn(B, with_swap(vec![self.stone(Area::Square(5))]))],
                3 => vec![self.turn(W, with_swap(vec![self.stone(Area::Square(7))]))],
                4 if self.offers.is_some() => vec![self.turn(W, vec![Choice::Choose])],
                4 if self.swap_pending => vec![self.turn(
                    B,
                    vec![
                        Choice::Swap,
                        self.stone(Area::Square(9)),
                        Choice::Offer { count: 10 },
                    ],
                )],
                4 => vec![self.turn(B, vec![self.stone(Area::Square(9))])],
                _ => vec![self.turn(W, with_swap(vec![self.stone(Area::Board)]))],
            },
            OpeningRule::FiveMoveTwo => match designated_three(m) {
                Some(t) => vec![t],
                None if m == 3 => vec![self.turn(W, with_swap(vec![self.stone(Area::Board)]))],
                None => offer_phase(2),
            },
            OpeningRule::FiveMoveN => match (designated_three(m), self.declared) {
                (Some(t), _) => vec![t],
                (None, None) => vec![self.turn(B, vec![Choice::Declare])],
                (None, Some(_)) if m == 3 => {
                    vec![self.turn(W, with_swap(vec![self.stone(Area::Board)]))]
                }
                (None, Some(n)) => offer_phase(n),
            },
            OpeningRule::TwoSwaps => match m {
                0..=2 => vec![self.turn(B, vec![self.stone(Area::Board)])],
                3 => vec![self.turn(W, vec![self.stone(Area::Board), Choice::Swap])],
                // Option ① (black plays 5 as usual) or ③ (white lays 5 too).
                4 => vec![
                    self.turn(B, vec![self.stone(Area::Board)]),
                    self.turn(W, vec![self.stone(Area::Board)]),
                ],
                // After ③ the first player may swap; otherwise white plays 6.
                _ => vec![
                    self.turn(B, vec![Choice::Swap]),
                    self.turn(W, vec![self.stone(Area::Board)]),
                ],
            },
        }
    }

    /// The clause that governs the next stone's area.
    fn area_clause(&self, m: u32) -> &'static str {
        match (self.rule, m) {
            (OpeningRule::Taraguchi10, 1) => "11.1.A",
            (OpeningRule::Taraguchi10, 2) => "11.1.B",
            (OpeningRule::Taraguchi10, 3) => "11.1.C",
            (OpeningRule::Taraguchi10, 4 | 5) => "11.1.D",
            (OpeningRule::Taraguchi10, _) => "11.1.D",
            (OpeningRule::TwoSwaps, 1..=3) => "附录二.3.A",
            (OpeningRule::TwoSwaps, _) => "附录二.3.B",
            (_, 1) => "9.7.A",
            (_, 2) => "9.7.B",
            (_, 3) => "9.7.C",
            (OpeningRule::FiveMoveTwo, _) => "11.2.B",
            (OpeningRule::FiveMoveN, _) => "附录二.1.B",
            _ => self.rule.clause(),
        }
    }

    /// The clause of the rule's step that handles offers.
    fn offer_clause(&self) -> &'static str {
        match self.rule {
            OpeningRule::Taraguchi10 => "11.1.D",
            OpeningRule::FiveMoveTwo => "11.2.C",
            _ => "附录二.1.C",
        }
    }

    fn choose_clause(&self) -> &'static str {
        match self.rule {
            OpeningRule::Taraguchi10 => "11.1.D",
            OpeningRule::FiveMoveTwo => "11.2.D",
            _ => "附录二.1.D",
        }
    }

    /// The clause of the step the opening is at: what an action that does
    /// not fit breaks.
    fn step_clause(&self) -> &'static str {
        if self.offers.is_some() {
            return self.choose_clause();
        }
        let m = self.moves();
        match self.rule {
            OpeningRule::FiveMoveN if m == 3 && self.declared.is_none() => "附录二.1.A",
            OpeningRule::FiveMoveTwo | OpeningRule::FiveMoveN if m == 4 && !self.chosen => {
                self.offer_clause()
            }
            OpeningRule::TwoSwaps if m >= 3 => "附录二.3.B",
            _ => self.area_clause(m + 1),
        }
    }

    /// The clause that says play goes on normally after the opening.
    fn over_clause(&self) -> &'static str {
        match self.rule {
            OpeningRule::Designated => "9.7",
            OpeningRule::Taraguchi10 => "11.1.E",
            OpeningRule::FiveMoveTwo => "11.2.E",
            OpeningRule::FiveMoveN => "附录二.1.E",
            OpeningRule::Free => "附录二.2.A",
            OpeningRule::TwoSwaps => "附录二.3.C",
        }
    }

    fn error(&self, clause: &'static str, message: String) -> OpeningError {
        // Breaking the opening rule itself is 17.1's 未按开局规定行棋; an
        // occupied point (12.2) or a pass (24.3.1 A) is a rule of its own.
        let message = if clause.starts_with("12.") || clause.starts_with("24.") {
            message
        } else {
            format!("{message}; 未按开局规定行棋 (17.1)")
        };
        OpeningError { clause, message }
    }

    /// Applies one action of the record. On an error the opening is unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<(), OpeningError> {
        let turns = self.next();
        if turns.is_empty() {
            return Err(self.error(
                self.over_clause(),
                format!("the opening is over; '{action}' is not an opening action"),
            ));
        }
        let allowed: Vec<Choice> = turns
            .iter()
            .flat_map(|t| t.choices.iter().copied())
            .collect();
        let expected = || {
            allowed
                .iter()
                .map(|c| c.code())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        let m = self.moves();
        match action {
            Action::Stone(p) => {
                let Some(area) = allowed.iter().find_map(|c| match c {
                    Choice::Stone { area, .. } => Some(*area),
                    _ => None,
                }) else {
                    return Err(self.error(
                        self.step_clause(),
                        format!("a stone on {p} where the opening expects {}", expected()),
                    ));
                };
                let clause = self.area_clause(m + 1);
                if !self.board.is_empty_at(*p) {
                    return Err(self.error(
                        "12.2",
                        format!("move {} on {p}: the point is not empty", m + 1),
                    ));
                }
                if !area.contains(*p) {
                    return Err(self.error(
                        clause,
                        format!("move {} on {p} is outside {}", m + 1, area.describe()),
                    ));
                }
                self.place(*p);
                self.after_stone();
                Ok(())
            }
            Action::Swap => {
                if !allowed.contains(&Choice::Swap) {
                    return Err(self.error(
                        self.step_clause(),
                        format!("no swap right here; the opening expects {}", expected()),
                    ));
                }
                self.black = self.black.other();
                self.swap_pending = false;
                if self.rule == OpeningRule::Taraguchi10 && m == 4 {
                    self.swapped_after_four = true;
                }
                if self.rule == OpeningRule::TwoSwaps && m >= 3 {
                    self.done = true;
                }
                Ok(())
            }
            Action::Declare(n) => {
                if !allowed.contains(&Choice::Declare) {
                    return Err(self.error(
                        self.step_clause(),
                        format!("no declaration here; the opening expects {}", expected()),
                    ));
                }
                self.declared = Some(*n);
                self.swap_pending = true;
                Ok(())
            }
            Action::Offer(points) => {
                let Some(count) = allowed.iter().find_map(|c| match c {
                    Choice::Offer { count } => Some(*count),
                    _ => None,
                }) else {
                    return Err(self.error(
                        self.step_clause(),
                        format!("no fifth-move offers here; the opening expects {}", expected()),
                    ));
                };
                let clause = self.offer_clause();
                if u32::try_from(points.len()).ok() != Some(count) {
                    return Err(self.error(
                        clause,
                        format!("{} fifth moves offered; the rule asks for {count}", points.len()),
                    ));
                }
                for (i, &a) in points.iter().enumerate() {
                    if !self.board.is_empty_at(a) {
                        return Err(self.error("12.2", format!("offered fifth move {a}: the point is not empty")));
                    }
                    for &b in &points[..i] {
                        if same_shape(&self.board, Stone::Black, a, b) {
                            let how = if a == b {
                                "the same point".to_string()
                            } else {
                                "the same shape (同形)".to_string()
                            };
                            return Err(self.error(
                                clause,
                                format!("offered fifth moves {b} and {a} are {how}: the offers must not be 同形"),
                            ));
                        }
                    }
                }
                self.swap_pending = false;
                self.offers = Some(points.clone());
                Ok(())
            }
            Action::Choose(p) => {
                let Some(offers) = &self.offers else {
                    return Err(self.error(
                        self.step_clause(),
                        format!("nothing to choose from; the opening expects {}", expected()),
                    ));
                };
                if !offers.contains(p) {
                    return Err(self.error(
                        self.choose_clause(),
                        format!("{p} is not one of the offered fifth moves"),
                    ));
                }
                self.offers = None;
                self.chosen = true;
                self.place(*p);
                Ok(())
            }
            Action::Pass => Err(self.error(
                "24.3.1.A",
                format!(
                    "no pass during the opening (move {}: 前5着棋不允许放弃行棋权)",
                    m + 1
                ),
            )),
            Action::Accepted(a) => self.apply_accepted(a).map(|_| ()),
            Action::Again { .. } | Action::Lift { .. } | Action::Slide { .. } => Err(self.error(
                self.step_clause(),
                format!("'{action}' during the opening: qigui applies 17.2, 17.8 and 17.9 in play after the opening"),
            )),
        }
    }

    fn place(&mut self, p: Point) {
        let s = Stone::of_move(self.moves() + 1);
        self.board.set(p, Some(s));
        self.placed.push(p);
    }

    /// Sets the state after a stone placed by `apply`.
    fn after_stone(&mut self) {
        let m = self.moves();
        self.swap_pending = false;
        match self.rule {
            OpeningRule::Free => {}
            OpeningRule::Designated => self.done = m == 3,
            OpeningRule::Taraguchi10 => {
                if m >= 6 {
                    self.done = true;
                } else {
                    // A swap right after each of stones 1–5 (11.1 A–D);
                    // after 4 it is the choice between ① and ②.
                    self.swap_pending = true;
                }
            }
            OpeningRule::FiveMoveTwo | OpeningRule::FiveMoveN => {
                if m == 3 && self.rule == OpeningRule::FiveMoveTwo {
                    self.swap_pending = true;
                }
                if m >= 6 {
                    self.done = true;
                }
            }
            OpeningRule::TwoSwaps => {
                if m >= 6 {
                    self.done = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::record::parse_actions;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn run(rule: OpeningRule, text: &str) -> Result<Opening, (usize, OpeningError)> {
        let mut o = Opening::new(rule);
        for (i, a) in parse_actions(text).unwrap().iter().enumerate() {
            o.apply(a).map_err(|e| (i + 1, e))?;
        }
        Ok(o)
    }

    #[test]
    fn every_arrangement_of_9_7_is_exactly_one_of_the_26() {
        let mut seen = std::collections::BTreeMap::new();
        for w in Point::all().filter(|&q| Area::Square(3).contains(q) && q != Point::TIANYUAN) {
            for b in Point::all()
                .filter(|&q| Area::Square(5).contains(q) && q != Point::TIANYUAN && q != w)
            {
                let o = DesignatedOpening::recognise(Point::TIANYUAN, w, b)
                    .unwrap_or_else(|| panic!("{w} {b} has no name"));
                *seen.entry(o.name).or_insert(0) += 1;
            }
        }
        assert_eq!(seen.len(), 26);
        // 8 × 23 arrangements in all.
        assert_eq!(seen.values().sum::<i32>(), 8 * 23);
        // Each table entry is recognised as itself.
        for o in &DESIGNATED {
            let [b1, w2, b3] = o.stones();
            assert_eq!(DesignatedOpening::recognise(b1, w2, b3), Some(o));
        }
        assert_eq!(
            DesignatedOpening::recognise(p("H8"), p("G8"), p("G10")).map(|o| o.name),
            Some("残月")
        );
        assert_eq!(
            DesignatedOpening::recognise(p("H8"), p("G8"), p("F9")).map(|o| o.name),
            Some("溪月")
        );
        assert_eq!(
            DesignatedOpening::recognise(p("H8"), p("I7"), p("J6")).map(|o| o.name),
            Some("长星")
        );
        assert_eq!(
            DesignatedOpening::recognise(p("H8"), p("I7"), p("K6")),
            None
        );
    }

    #[test]
    fn same_shape_is_symmetry_of_the_whole_position() {
        // 花月: H8 I9? No: direct with white H9, black I9.
        let b = Board::from_lists("H8 I9", "H9").unwrap();
        // The position is symmetric in the diagonal through H8 and I9? No:
        // white H9 maps to I8. Only the identity keeps it.
        assert!(!same_shape(&b, Stone::Black, p("G7"), p("J10")));
        // A position symmetric in the column H: black H8 H10, white H9.
        let b = Board::from_lists("H8 H10", "H9").unwrap();
        assert!(same_shape(&b, Stone::Black, p("G7"), p("I7")));
        assert!(!same_shape(&b, Stone::Black, p("G7"), p("I6")));
        assert!(same_shape(&b, Stone::Black, p("K12"), p("E12")));
        assert!(same_shape(&b, Stone::Black, p("K12"), p("K12")));
    }

    #[test]
    fn taraguchi_10_every_branch() {
        use OpeningRule::Taraguchi10 as T;
        // ② without a swap, one fifth move, a swap after it.
        let o = run(T, "H8 I9 J10 G7 K6 swap A1").unwrap();
        assert!(o.is_done());
        assert_eq!(o.black_player(), Player::Second);
        // Swaps after 1, 2, 3.
        let o = run(T, "H8 swap H9 swap H10 swap K8").unwrap();
        assert_eq!(o.black_player(), Player::Second);
        let t = o.next();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].player, Player::Second);
        assert_eq!(
            t[0].choices.iter().map(|c| c.code()).collect::<Vec<_>>(),
            ["swap", "black:9x9", "offer:10"]
        );
        // ① after a swap at 4: no offers.
        let e = run(T, "H8 H9 H10 K8 swap offer A1 A2 A3 A4 A5 A6 A7 A8 A9 A10").unwrap_err();
        assert_eq!((e.0, e.1.clause), (6, "11.1.D"));
        // ② ten offers, none 同形 (the position H8 H9 H10 K8 has no symmetry).
        let o = run(
            T,
            "H8 H9 H10 K8 offer A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 choose A5 B2",
        )
        .unwrap();
        assert!(o.is_done());
        // Areas.
        assert_eq!(run(T, "H9").unwrap_err().1.clause, "11.1.A");
        assert_eq!(run(T, "H8 J10").unwrap_err().1.clause, "11.1.B");
        assert_eq!(run(T, "H8 H9 K11").unwrap_err().1.clause, "11.1.C");
        assert_eq!(run(T, "H8 H9 H10 L8").unwrap_err().1.clause, "11.1.D");
        assert_eq!(run(T, "H8 H9 H10 K8 M8").unwrap_err().1.clause, "11.1.D");
    }

    #[test]
    fn offers_must_not_be_the_same_shape() {
        // 寒星 H8 H9 H10 is symmetric in column H; white's 4 on H11 keeps it.
        let e = run(OpeningRule::FiveMoveTwo, "H8 H9 H10 H11 offer G7 I7").unwrap_err();
        assert_eq!((e.0, e.1.clause), (5, "11.2.C"));
        assert!(
            run(
                OpeningRule::FiveMoveTwo,
                "H8 H9 H10 H11 offer G7 I6 choose I6 A1"
            )
            .is_ok()
        );
    }
}
