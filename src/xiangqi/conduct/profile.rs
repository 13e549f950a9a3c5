//! Event profiles: which rules of conduct an event plays under, and the
//! clause each rule has in that event's rulebook.
//!
//! A profile is a rulebook family (the 2020 rules, their 附录一 for mass
//! competitions, the 1999 rules, or one of the local event rules collected
//! in `003_…`), a level (4.1.8: national, or provincial and junior), a pace
//! (standard, or the rapid rules of chapter 7) and a default time control.
//! The adjudicator ([`super::adjudicator`]) asks the profile for every
//! decision point and cites the clause the profile gives; a rule the
//! profile's rulebook does not have is `None`, and the adjudicator says so
//! instead of borrowing another book's rule.
//!
//! | profile | edition | rulebook |
//! |---|---|---|
//! | `national` | `xiangqi-2020` | 全国比赛: one illegal move loses (4.1.8), three fouls lose (4.1.10) |
//! | `provincial` (`junior`) | `xiangqi-2020` | 省级(含以下)和全国少年赛: the first illegal move is a foul (8.1.8) |
//! | `rapid` | `xiangqi-2020` | chapter 7, 快棋 10 min + 10 s (28.5.1.2) |
//! | `rapid-15` | `xiangqi-2020` | 快棋 15 min, 包干 (28.5.1.1) |
//! | `super-rapid` | `xiangqi-2020` | 超快棋 5 min + 3 s (28.5.2) |
//! | `blitz` | `xiangqi-2020` | 闪电战 3 min + 2 s (28.5.3) |
//! | `armageddon` | `xiangqi-2020` | 附加赛 red 6 / black 4 min + 3 s, a draw counts as a black win (28.6.1, 30.3.3) |
//! | `armageddon-8-5` | `xiangqi-2020` | 附加赛 red 8 / black 5 min + 3 s (28.6.2) |
//! | `mass` | `xiangqi-2020-mass` | 附录一 象棋群体比赛简明规定 |
//! | `national-1999` | `xiangqi-1999` | 中国象棋竞赛规则 (1999) |
//! | `local-school` | `xiangqi-local` | 象棋围棋比赛规则 (003, lines 1–104): 30 s a move, two technical fouls lose, a drawn game is played again |
//! | `local-college` | `xiangqi-local` | 中国象棋比赛规则 (003, lines 158–162): 30 min free, then 30 s a move or a technical foul |
//! | `local-club` | `xiangqi-local` | 象棋比赛细则 (003, lines 186–190): 30 min, then 60 s a move or the game is lost |

use std::fmt;

use crate::edition::{Edition, EditionId};
use crate::xiangqi::game::Level;

use super::clock::TimeControl;

/// The rulebook a profile follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// 象棋竞赛规则 (2020).
    Xiangqi2020,
    /// Its 附录一 象棋群体比赛简明规定; the main rules apply where the
    /// appendix is silent.
    Mass,
    /// 中国象棋竞赛规则 (1999).
    Xiangqi1999,
    /// One of the local event rules of `003_…`.
    Local(LocalRules),
}

/// The local event rules of `003_…` that have a profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LocalRules {
    /// 象棋围棋比赛规则 (clause prefix `中小学`).
    School,
    /// 中国象棋比赛规则 of a college team event (clause prefix `学院`).
    College,
    /// 象棋比赛细则 of a 48-player event (clause prefix `细则`).
    Club,
}

/// Standard play or the rapid rules of chapter 7 (27.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pace {
    /// The main rules.
    Standard,
    /// 快棋赛 (27.2: 15 minutes a side or less): articles 27–29 apply.
    Rapid,
}

/// An event profile.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// The name used on the command line and in the corpus.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// The edition whose clause numbers it cites and whose rules it applies.
    pub edition: EditionId,
    /// For the local event rules of `003_…` (`xiangqi-local`): which document.
    pub local: Option<LocalRules>,
    /// What it is.
    pub title: &'static str,
    /// The level (4.1.8, 8.1.8).
    pub level: Level,
    /// Standard or rapid.
    pub pace: Pace,
    /// The default time control: a preset name of [`TimeControl::preset`].
    pub time_control: Option<&'static str>,
    /// A draw counts as a win for black (28.6: 和棋黑胜).
    pub armageddon: bool,
}

const fn profile(
    name: &'static str,
    edition: EditionId,
    title: &'static str,
    local: Option<LocalRules>,
    level: Level,
    pace: Pace,
    time_control: Option<&'static str>,
) -> Profile {
    Profile {
        name,
        aliases: &[],
        edition,
        local,
        title,
        level,
        pace,
        time_control,
        armageddon: false,
    }
}

static PROFILES: [Profile; 13] = [
    profile(
        "national",
        EditionId::Xiangqi2020,
        "全国比赛 (象棋竞赛规则 2020)",
        None,
        Level::National,
        Pace::Standard,
        None,
    ),
    Profile {
        aliases: &["junior"],
        ..profile(
            "provincial",
            EditionId::Xiangqi2020,
            "省级(含以下)和全国少年赛(含以下) (象棋竞赛规则 2020)",
            None,
            Level::Provincial,
            Pace::Standard,
            None,
        )
    },
    profile(
        "rapid",
        EditionId::Xiangqi2020,
        "快棋 10 分钟 + 10 秒 (28.5.1.2)",
        None,
        Level::National,
        Pace::Rapid,
        Some("28.5.1.2"),
    ),
    profile(
        "rapid-15",
        EditionId::Xiangqi2020,
        "快棋 15 分钟包干 (28.5.1.1)",
        None,
        Level::National,
        Pace::Rapid,
        Some("28.5.1.1"),
    ),
    profile(
        "super-rapid",
        EditionId::Xiangqi2020,
        "超快棋 5 分钟 + 3 秒 (28.5.2)",
        None,
        Level::National,
        Pace::Rapid,
        Some("28.5.2"),
    ),
    profile(
        "blitz",
        EditionId::Xiangqi2020,
        "闪电战 3 分钟 + 2 秒 (28.5.3)",
        None,
        Level::National,
        Pace::Rapid,
        Some("28.5.3"),
    ),
    Profile {
        armageddon: true,
        ..profile(
            "armageddon",
            EditionId::Xiangqi2020,
            "附加赛 红 6 分钟 黑 4 分钟 + 3 秒, 和棋黑胜 (28.6.1, 30.3.3)",
            None,
            Level::National,
            Pace::Rapid,
            Some("28.6.1"),
        )
    },
    Profile {
        armageddon: true,
        ..profile(
            "armageddon-8-5",
            EditionId::Xiangqi2020,
            "附加赛 红 8 分钟 黑 5 分钟 + 3 秒, 和棋黑胜 (28.6.2)",
            None,
            Level::National,
            Pace::Rapid,
            Some("28.6.2"),
        )
    },
    profile(
        "mass",
        EditionId::Xiangqi2020Mass,
        "象棋群体比赛简明规定 (附录一)",
        None,
        Level::Provincial,
        Pace::Standard,
        None,
    ),
    Profile {
        aliases: &["1999"],
        ..profile(
            "national-1999",
            EditionId::Xiangqi1999,
            "中国象棋竞赛规则 (1999)",
            None,
            Level::National,
            Pace::Standard,
            None,
        )
    },
    profile(
        "local-school",
        EditionId::XiangqiLocal,
        "象棋围棋比赛规则 (003: 每着 30 秒, 技术犯规两次判负, 和棋继续比赛)",
        Some(LocalRules::School),
        Level::Provincial,
        Pace::Standard,
        Some("中小学.二"),
    ),
    profile(
        "local-college",
        EditionId::XiangqiLocal,
        "中国象棋比赛规则 (003: 30 分钟后每着 30 秒, 超出判技术犯规)",
        Some(LocalRules::College),
        Level::Provincial,
        Pace::Standard,
        Some("学院.2"),
    ),
    profile(
        "local-club",
        EditionId::XiangqiLocal,
        "象棋比赛细则 (003: 局时 30 分钟后每着 60 秒, 超出判负)",
        Some(LocalRules::Club),
        Level::Provincial,
        Pace::Standard,
        Some("细则.二.1"),
    ),
];

impl Profile {
    /// Every profile.
    pub fn all() -> &'static [Profile] {
        &PROFILES
    }

    /// The profile with this name or alias.
    pub fn get(name: &str) -> Option<&'static Profile> {
        PROFILES
            .iter()
            .find(|p| p.name == name || p.aliases.contains(&name))
    }

    /// The profile an edition's games use when none is named
    /// ([`Edition::conduct_profile`]).
    pub fn default_for(edition: &str) -> Option<&'static Profile> {
        Edition::get(edition)
            .and_then(|e| e.conduct_profile)
            .and_then(Profile::get)
    }

    /// The names of the profiles of an edition (all when `None`), for messages.
    pub fn names(edition: Option<&str>) -> Vec<&'static str> {
        PROFILES
            .iter()
            .filter(|p| edition.is_none_or(|e| p.edition.as_str() == e))
            .map(|p| p.name)
            .collect()
    }

    /// The rulebook whose conduct rules the profile applies, from its
    /// edition (and, for the local rules, the document).
    pub fn family(&self) -> Family {
        match (self.edition, self.local) {
            (EditionId::Xiangqi2020Mass, _) => Family::Mass,
            (EditionId::Xiangqi1999, _) => Family::Xiangqi1999,
            (_, Some(local)) => Family::Local(local),
            _ => Family::Xiangqi2020,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A decision point of the conduct rules. [`Settings::cite`] gives its
/// clause under a profile, or `None` where the profile's rulebook has no
/// such rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    // Results.
    /// 将死 (4.1.1).
    Checkmate,
    /// 困毙 (4.1.2).
    Stalemate,
    /// 自杀 loses (4.1.3; 1999 4.1.2 for facing kings).
    SelfCheckLoses,
    /// The definition of 自杀 (3.4).
    SelfCheck,
    /// 超时 loses (4.1.6; 1999 4.1.4).
    TimeForfeit,
    /// What counts as 超时 (21.1; 1999 22.1).
    TimeOut,
    /// A flag falls (21.2; 1999 22.2).
    FlagFalls,
    /// A digital clock's time runs out (21.3).
    DigitalTimeOut,
    /// 走棋后超时: the move stands only if it mates or stalemates (21.6; 1999 22.5).
    FlagAfterMove,
    /// A clock fault: the referee sets the clocks (21.4; 1999 22.4).
    ClockCorrection,
    /// Late beyond the forfeit time loses (4.1.7; 1999 4.1.5).
    LateArrival,
    /// 迟到 … 作弃权论 (20.1; 1999 21.1).
    LateForfeit,
    /// Both late: both forfeit (20.2; 1999 21.3).
    BothLate,
    /// `+` and `-` on the table (20.3; 1999 21.4).
    ForfeitMarks,
    /// A late player's clock runs (1999 21.1, 21.2).
    LateClockRuns,
    /// Illegal moves lose (4.1.8; 1999 4.1.6; 附录一 二.2).
    IllegalMoveLoses,
    /// The first illegal move is a foul (8.1.8; 附录一 二.2).
    IllegalMoveFoul,
    /// An illegal move found later (5.8.3; 附录一 四; 1999 5.8).
    IllegalMoveFound,
    /// Pressing the clock without a move loses (4.1.9 twice; 28.11.3 once).
    ClockWithoutMoveLoses,
    /// Pressing the clock without a move is a foul (8.1.7).
    ClockWithoutMoveFoul,
    /// Fouls lose (4.1.10: three; 28.11.1: two; 附录一 五.3).
    FoulsLose,
    /// A second untrue natural-limit claim in one stretch loses (4.1.11).
    SecondFalseClaim,
    /// 认输 (4.1.12).
    Resignation,
    /// 拒绝遵守本规则或严重违反纪律 (4.1.13; 28.11.4).
    Misconduct,
    /// 提和 accepted (4.2.1).
    DrawAgreed,
    /// 双方均无取胜可能 (4.2.2).
    NoWinningChances,
    /// 自然限着 (4.2.4; 29.1.1; 附录一 三.2).
    NaturalLimit,
    /// 和棋黑胜 (28.6).
    Armageddon,
    /// A drawn game is played again (中小学.五).
    DrawReplayed,
    /// A per-move time limit (local rules).
    PerMoveLimit,
    // Touch-move and corrections.
    /// 5.1: a touched own piece must move.
    TouchOwn,
    /// 5.2: a touched opponent's piece must be taken.
    TouchOpponent,
    /// 5.3.k: own piece, then the opponent's.
    OwnThenOpponent(u8),
    /// 5.4.k: the opponent's piece, then an own one.
    OpponentThenOwn(u8),
    /// 5.5: both at once.
    Simultaneous,
    /// 8.1.5: touching an own piece that cannot move.
    TouchFoulOwn,
    /// 8.1.5: touching an opponent's piece nothing can take.
    TouchFoulOpponent,
    /// 附录一 二.1: 摸子走子.
    MassTouchMove,
    /// 5.6: adjusting pieces.
    Adjust,
    /// 5.7: 落子生根.
    Placed,
    /// 5.8: corrections in time.
    Corrections,
    /// 5.8.1: colours swapped (28.8.3 in rapid play).
    ColoursSwapped,
    /// 5.8.2: a piece moved by accident.
    Displaced,
    /// 5.9: knocked-over pieces (28.11.2 in rapid play; 附录一 三.3).
    Knocked,
    /// 28.7.3: knocking over the clock.
    KnockedClock,
    /// 5.10: a piece between two points (29.2 in rapid play).
    BetweenPoints,
    // Fouls.
    /// 8.1.1: disturbing the opponent.
    FoulDisturb,
    /// 8.1.2: stopping or starting the clock.
    FoulClock,
    /// 8.1.3: too many draw offers.
    FoulOffers,
    /// 8.1.4: an untrue natural-limit claim.
    FoulFalseClaim,
    /// 8.1.6: a record under 7.1 or 7.2.
    FoulRecord,
    /// 8.1.9: the players' rules (16), not seriously.
    FoulConduct,
    /// 8.2: a foul waived when the offender resigns at once.
    FoulWaived,
    /// 28.7.1: pressing the clock with the other hand.
    FoulPressHand,
    /// 28.7.2: a finger resting on the clock button.
    FoulFinger,
    // Records.
    /// 7.1: moves missing from the record.
    RecordMissing,
    /// 7.2: an illegible or copied record.
    RecordIllegible,
    /// 7.3: who enters the record after the game.
    RecordKeeper,
    /// 7.4: refusing 7.1–7.3.
    RecordRefused,
    /// 28.4: no records in rapid play.
    NoRecords,
    // Draws and claims.
    /// 22.1: how draws are offered and refused.
    DrawOffer,
    /// 4.3: no draw offers within 25 moves.
    EarlyDraw,
    /// 22.2: the natural-limit claim and its check.
    NaturalLimitClaim,
    /// 22.3: no review for a player whose record misses more than 4 moves.
    ClaimRecordRefused,
    /// 22.4: a claim made first is reviewed first.
    ClaimFirst,
    /// 29.1.2: a rapid game's natural-limit claim after the game.
    PostGameClaim,
    /// 29.1.3: another natural-limit method in the event's rules.
    OtherNaturalLimit,
    /// 23.1: a 待判局面 is ruled on a player's request.
    RepetitionRequest,
    /// 23.3: fewer than three repetitions are not ruled on.
    RepetitionTooFew,
    /// 23.5.2: the side that must change and does not loses.
    RepetitionNotChanged,
    /// The referee rules on a repetition unasked (29.3, 29.4; 附录一 五.1; 1999 23.2).
    RefereeRepetition,
    // Clocks and pace.
    /// 27.1: the rapid rules apply to rapid games.
    RapidRules,
    /// 27.2 / 6.3: what a rapid game is.
    RapidDefinition,
    /// 28.7.4: clock settings disputed after the start.
    ClockDispute,
    /// 28.7.5: a clock fault found after the game.
    ClockFaultAfterGame,
    /// 9: the game ends with the signatures.
    Signed,
}

/// A profile with the event's own settings applied: what the adjudicator
/// actually uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The profile.
    pub profile: &'static Profile,
    /// The level (the profile's, or the event's).
    pub level: Level,
    /// Whether the rapid rules apply: the profile's pace, or a time control
    /// of 15 minutes a side or less (27.1, 27.2).
    pub rapid: bool,
    /// The time control, if the clock is modelled.
    pub time_control: Option<TimeControl>,
    /// The natural move limit in rounds (None: the profile has none).
    pub natural_limit: Option<u32>,
    /// How many of the claimant's checks count (None: all).
    pub natural_limit_checks: Option<u32>,
    /// The event set its own natural limit (4.2.4 酌减, 29.1.3).
    pub natural_limit_by_event: bool,
    /// The event's forfeit time for late arrival (20.1), in milliseconds.
    pub late_limit: Option<i64>,
}

impl Settings {
    /// The profile's settings with nothing overridden.
    pub fn new(profile: &'static Profile) -> Settings {
        let time_control = profile
            .time_control
            .and_then(|p| TimeControl::preset(profile.family(), p));
        let mut s = Settings {
            profile,
            level: profile.level,
            rapid: profile.pace == Pace::Rapid,
            time_control,
            natural_limit: None,
            natural_limit_checks: None,
            natural_limit_by_event: false,
            late_limit: None,
        };
        let (limit, checks) = s.default_natural_limit();
        s.natural_limit = limit;
        s.natural_limit_checks = checks;
        s
    }

    /// Sets the time control; a standard profile whose time control gives
    /// each side 15 minutes or less plays under the rapid rules (27.1,
    /// 27.2), with the rapid natural limit unless the event set its own.
    pub fn with_time_control(mut self, tc: Option<TimeControl>) -> Settings {
        if let Some(tc) = &tc
            && self.profile.family() == Family::Xiangqi2020
            && tc.is_rapid()
            && !self.rapid
        {
            self.rapid = true;
            if !self.natural_limit_by_event {
                let (limit, checks) = self.default_natural_limit();
                self.natural_limit = limit;
                self.natural_limit_checks = checks;
            }
        }
        self.time_control = tc;
        self
    }

    fn default_natural_limit(&self) -> (Option<u32>, Option<u32>) {
        match self.profile.family() {
            // 4.2.4: 60 rounds; 22.2: the claimant's checks count at most 10.
            Family::Xiangqi2020 if !self.rapid => (Some(60), Some(10)),
            // 29.1.1: 50 rounds, checks count only 8.
            Family::Xiangqi2020 => (Some(50), Some(8)),
            // 附录一 三.2: 30–40 rounds, checks not counted; qigui takes 40
            // unless the event says (as the edition does).
            Family::Mass => (Some(40), Some(0)),
            // 1999 4.2.4: 60 rounds; 23.3: the claimant's checks at most 10.
            Family::Xiangqi1999 => (Some(60), Some(10)),
            Family::Local(_) => (None, None),
        }
    }

    /// The family.
    pub fn family(&self) -> Family {
        self.profile.family()
    }

    /// How many fouls lose (4.1.10: three; 28.11.1: two in rapid play;
    /// 附录一 五.3: three; 1999 4.1.8: three; the local rules: two
    /// technical fouls).
    pub fn fouls_to_lose(&self) -> u32 {
        match self.profile.family() {
            Family::Xiangqi2020 if self.rapid => 2,
            Family::Local(_) => 2,
            _ => 3,
        }
    }

    /// How an illegal move (违反行棋规定) is dealt with.
    pub fn illegal_moves(&self) -> IllegalMoves {
        match self.profile.family() {
            Family::Xiangqi2020 => match self.level {
                // 4.1.8: 全国比赛一次.
                Level::National => IllegalMoves::Lose(1),
                // 4.1.8, 8.1.8: the first is a foul, the second loses.
                Level::Provincial => IllegalMoves::Lose(2),
            },
            // 附录一 二.2: the first is a foul, the second loses.
            Family::Mass => IllegalMoves::Lose(2),
            // 1999 4.1.6: 走棋违反行棋规定 loses.
            Family::Xiangqi1999 => IllegalMoves::Lose(1),
            // 中小学.八.5, 细则.二.6.(4): a technical foul.
            Family::Local(LocalRules::School | LocalRules::Club) => IllegalMoves::TechnicalFoul,
            Family::Local(LocalRules::College) => IllegalMoves::NoRule,
        }
    }

    /// How many presses of the clock without a move lose (4.1.9: two;
    /// 28.11.3: one), or `None` when it is only a foul (1999: 6 and 8.6,
    /// a breach of the players' rules, 9.1.8) or the profile has no clocks.
    pub fn clock_presses_to_lose(&self) -> Option<u32> {
        match self.profile.family() {
            Family::Xiangqi2020 if self.rapid => Some(1),
            Family::Xiangqi2020 | Family::Mass => Some(2),
            Family::Xiangqi1999 | Family::Local(_) => None,
        }
    }

    /// What a draw gives.
    pub fn draw_outcome(&self) -> DrawOutcome {
        if self.profile.armageddon {
            DrawOutcome::BlackWins
        } else if self.profile.family() == Family::Local(LocalRules::School) {
            DrawOutcome::Replay
        } else {
            DrawOutcome::Draw
        }
    }

    /// Whether the players keep a record (7.1; not in rapid play, 28.4;
    /// the local rules do not require one).
    pub fn records_kept(&self) -> bool {
        match self.profile.family() {
            Family::Xiangqi2020 => !self.rapid,
            Family::Mass | Family::Xiangqi1999 => true,
            Family::Local(_) => false,
        }
    }

    /// The rounds within which an error may still be corrected (5.8.2,
    /// 5.8.3, 附录一 四: five), `None` when any time before the game ends
    /// (1999 5.8, 中小学.七.7).
    pub fn correction_rounds(&self) -> Option<u32> {
        match self.profile.family() {
            Family::Xiangqi2020 | Family::Mass => Some(5),
            Family::Xiangqi1999 | Family::Local(_) => None,
        }
    }

    /// The clause for a decision point, or `None` when the profile's
    /// rulebook has no such rule.
    pub fn cite(&self, rule: Rule) -> Option<&'static str> {
        match self.profile.family() {
            Family::Xiangqi2020 => cite_2020(rule, self.rapid),
            Family::Mass => cite_mass(rule).or_else(|| cite_2020(rule, false)),
            Family::Xiangqi1999 => cite_1999(rule),
            Family::Local(doc) => cite_local(doc, rule),
        }
    }
}

/// How a profile deals with illegal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoves {
    /// This many illegal moves lose; the ones before are fouls.
    Lose(u32),
    /// Each is a technical foul, taken back (local rules).
    TechnicalFoul,
    /// The rulebook says nothing.
    NoRule,
}

/// What a drawn game gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawOutcome {
    /// A draw.
    Draw,
    /// A win for black (28.6).
    BlackWins,
    /// The game is played again (中小学.五).
    Replay,
}

fn cite_2020(rule: Rule, rapid: bool) -> Option<&'static str> {
    use Rule::*;
    if rapid {
        let r = match rule {
            FoulsLose => Some("28.11.1"),
            Knocked => Some("28.11.2"),
            ClockWithoutMoveLoses => Some("28.11.3"),
            NaturalLimit => Some("29.1.1"),
            BetweenPoints => Some("29.2"),
            ColoursSwapped => Some("28.8.3"),
            NoRecords => Some("28.4"),
            RefereeRepetition => Some("29.4"),
            _ => None,
        };
        if r.is_some() {
            return r;
        }
    }
    Some(match rule {
        Checkmate => "4.1.1",
        Stalemate => "4.1.2",
        SelfCheckLoses => "4.1.3",
        SelfCheck => "3.4",
        TimeForfeit => "4.1.6",
        TimeOut => "21.1",
        FlagFalls => "21.2",
        DigitalTimeOut => "21.3",
        FlagAfterMove => "21.6",
        ClockCorrection => "21.4",
        LateArrival => "4.1.7",
        LateForfeit => "20.1",
        BothLate => "20.2",
        ForfeitMarks => "20.3",
        IllegalMoveLoses => "4.1.8",
        IllegalMoveFoul => "8.1.8",
        IllegalMoveFound => "5.8.3",
        ClockWithoutMoveLoses => "4.1.9",
        ClockWithoutMoveFoul => "8.1.7",
        FoulsLose => "4.1.10",
        SecondFalseClaim => "4.1.11",
        Resignation => "4.1.12",
        Misconduct if rapid => "28.11.4",
        Misconduct => "4.1.13",
        DrawAgreed => "4.2.1",
        NoWinningChances => "4.2.2",
        NaturalLimit => "4.2.4",
        Armageddon => "28.6",
        TouchOwn => "5.1",
        TouchOpponent => "5.2",
        OwnThenOpponent(k) => match k {
            1 => "5.3.1",
            2 => "5.3.2",
            3 => "5.3.3",
            _ => "5.3.4",
        },
        OpponentThenOwn(k) => match k {
            1 => "5.4.1",
            2 => "5.4.2",
            3 => "5.4.3",
            _ => "5.4.4",
        },
        Simultaneous => "5.5",
        TouchFoulOwn | TouchFoulOpponent => "8.1.5",
        Adjust => "5.6",
        Placed => "5.7",
        Corrections => "5.8",
        ColoursSwapped => "5.8.1",
        Displaced => "5.8.2",
        Knocked => "5.9",
        BetweenPoints => "5.10",
        FoulDisturb => "8.1.1",
        FoulClock => "8.1.2",
        FoulOffers => "8.1.3",
        FoulFalseClaim => "8.1.4",
        FoulRecord => "8.1.6",
        FoulConduct => "8.1.9",
        FoulWaived => "8.2",
        RecordMissing => "7.1",
        RecordIllegible => "7.2",
        RecordKeeper => "7.3",
        RecordRefused => "7.4",
        DrawOffer => "22.1",
        EarlyDraw => "4.3",
        NaturalLimitClaim => "22.2",
        ClaimRecordRefused => "22.3",
        ClaimFirst => "22.4",
        RepetitionRequest => "23.1",
        RepetitionTooFew => "23.3",
        RepetitionNotChanged => "23.5.2",
        RapidDefinition => "27.2",
        Signed => "9",
        // Rules of chapter 7 only.
        FoulPressHand if rapid => "28.7.1",
        FoulFinger if rapid => "28.7.2",
        KnockedClock if rapid => "28.7.3",
        ClockDispute if rapid => "28.7.4",
        ClockFaultAfterGame if rapid => "28.7.5",
        PostGameClaim if rapid => "29.1.2",
        OtherNaturalLimit if rapid => "29.1.3",
        RapidRules if rapid => "27.1",
        _ => return None,
    })
}

fn cite_mass(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        MassTouchMove | Placed => "附录一.二.1",
        IllegalMoveLoses | IllegalMoveFoul => "附录一.二.2",
        NaturalLimit => "附录一.三.2",
        Knocked => "附录一.三.3",
        IllegalMoveFound | ColoursSwapped | Displaced | Corrections => "附录一.四",
        RefereeRepetition => "附录一.五.1",
        RepetitionNotChanged => "附录一.五.2",
        FoulsLose => "附录一.五.3",
        _ => return None,
    })
}

fn cite_1999(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        Checkmate => "4.1.1",
        SelfCheckLoses => "4.1.2",
        Stalemate => "4.1.3",
        TimeForfeit => "4.1.4",
        TimeOut => "22.1",
        FlagFalls => "22.2",
        DigitalTimeOut => "22.1",
        FlagAfterMove => "22.5",
        ClockCorrection => "22.4",
        LateArrival => "4.1.5",
        LateForfeit => "21.1",
        LateClockRuns => "21.2",
        BothLate => "21.3",
        ForfeitMarks => "21.4",
        IllegalMoveLoses => "4.1.6",
        IllegalMoveFound | Corrections | ColoursSwapped | Displaced => "5.8",
        ClockWithoutMoveFoul => "9.1.8",
        FoulsLose => "4.1.8",
        Resignation => "4.1.9",
        Misconduct => "4.1.10",
        NoWinningChances => "4.2.1",
        DrawAgreed => "4.2.2",
        NaturalLimit => "4.2.4",
        TouchOwn => "5.1",
        TouchOpponent => "5.2",
        OwnThenOpponent(_) => "5.3",
        OpponentThenOwn(_) => "5.4",
        Simultaneous => "5.5",
        TouchFoulOwn => "9.1.5",
        TouchFoulOpponent => "9.1.6",
        Adjust => "5.6",
        Placed => "5.7",
        FoulDisturb => "9.1.1",
        FoulClock => "9.1.2",
        FoulOffers => "9.1.3",
        FoulFalseClaim => "9.1.4",
        FoulRecord => "9.1.7",
        FoulConduct => "9.1.8",
        RecordMissing => "7.1",
        RecordRefused => "7.4",
        DrawOffer => "23.1",
        NaturalLimitClaim => "23.3",
        RepetitionRequest | RepetitionTooFew => "24",
        RepetitionNotChanged => "24.3",
        RefereeRepetition => "23.2",
        Signed => "10.1",
        _ => return None,
    })
}

fn cite_local(doc: LocalRules, rule: Rule) -> Option<&'static str> {
    use Rule::*;
    match doc {
        LocalRules::School => Some(match rule {
            Checkmate => "中小学.四.1",
            Stalemate => "中小学.四.3",
            FoulsLose => "中小学.四.4",
            Resignation => "中小学.四.5",
            PerMoveLimit | TimeForfeit => "中小学.二",
            DrawReplayed | DrawAgreed | NoWinningChances => "中小学.五",
            Placed => "中小学.七.1",
            TouchOwn => "中小学.七.2",
            TouchOpponent => "中小学.七.3",
            OwnThenOpponent(_) => "中小学.七.4",
            OpponentThenOwn(_) => "中小学.七.5",
            Adjust => "中小学.七.6",
            Corrections | ColoursSwapped | Displaced | IllegalMoveFound => "中小学.七.7",
            FoulDisturb => "中小学.八.1",
            FoulOffers => "中小学.八.2",
            TouchFoulOwn => "中小学.八.3",
            TouchFoulOpponent => "中小学.八.4",
            IllegalMoveFoul => "中小学.八.5",
            Signed => "中小学.十.1",
            _ => return None,
        }),
        LocalRules::College => Some(match rule {
            Checkmate => "学院.4.(一)",
            Stalemate => "学院.4.(三)",
            FoulsLose => "学院.4.(四)",
            Resignation => "学院.4.(五)",
            PerMoveLimit => "学院.2",
            NoWinningChances => "学院.5.(一)",
            DrawAgreed => "学院.5.(二)",
            Placed => "学院.7.(一)",
            TouchOwn => "学院.7.(二)",
            TouchOpponent => "学院.7.(三)",
            _ => return None,
        }),
        LocalRules::Club => Some(match rule {
            Checkmate => "细则.二.3.(1)",
            Stalemate => "细则.二.3.(3)",
            FoulsLose => "细则.二.3.(4)",
            Resignation => "细则.二.3.(5)",
            PerMoveLimit | TimeForfeit => "细则.二.1",
            NoWinningChances => "细则.二.4.(1)",
            DrawAgreed => "细则.二.4.(2)",
            Placed => "细则.二.5.(1)",
            TouchOwn => "细则.二.5.(2)",
            TouchOpponent => "细则.二.5.(3)",
            OwnThenOpponent(_) => "细则.二.5.(4)",
            OpponentThenOwn(_) => "细则.二.5.(5)",
            FoulOffers => "细则.二.6.(1)",
            TouchFoulOwn => "细则.二.6.(2)",
            TouchFoulOpponent => "细则.二.6.(3)",
            IllegalMoveFoul => "细则.二.6.(4)",
            _ => return None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_citation_is_a_clause_of_the_profiles_edition() {
        let rules = [
            Rule::Checkmate,
            Rule::Stalemate,
            Rule::SelfCheckLoses,
            Rule::SelfCheck,
            Rule::TimeForfeit,
            Rule::TimeOut,
            Rule::FlagFalls,
            Rule::DigitalTimeOut,
            Rule::FlagAfterMove,
            Rule::ClockCorrection,
            Rule::LateArrival,
            Rule::LateForfeit,
            Rule::BothLate,
            Rule::ForfeitMarks,
            Rule::LateClockRuns,
            Rule::IllegalMoveLoses,
            Rule::IllegalMoveFoul,
            Rule::IllegalMoveFound,
            Rule::ClockWithoutMoveLoses,
            Rule::ClockWithoutMoveFoul,
            Rule::FoulsLose,
            Rule::SecondFalseClaim,
            Rule::Resignation,
            Rule::Misconduct,
            Rule::DrawAgreed,
            Rule::NoWinningChances,
            Rule::NaturalLimit,
            Rule::Armageddon,
            Rule::DrawReplayed,
            Rule::PerMoveLimit,
            Rule::TouchOwn,
            Rule::TouchOpponent,
            Rule::OwnThenOpponent(1),
            Rule::OwnThenOpponent(4),
            Rule::OpponentThenOwn(2),
            Rule::Simultaneous,
            Rule::TouchFoulOwn,
            Rule::TouchFoulOpponent,
            Rule::MassTouchMove,
            Rule::Adjust,
            Rule::Placed,
            Rule::Corrections,
            Rule::ColoursSwapped,
            Rule::Displaced,
            Rule::Knocked,
            Rule::KnockedClock,
            Rule::BetweenPoints,
            Rule::FoulDisturb,
            Rule::FoulClock,
            Rule::FoulOffers,
            Rule::FoulFalseClaim,
            Rule::FoulRecord,
            Rule::FoulConduct,
            Rule::FoulWaived,
            Rule::FoulPressHand,
            Rule::FoulFinger,
            Rule::RecordMissing,
            Rule::RecordIllegible,
            Rule::RecordKeeper,
            Rule::RecordRefused,
            Rule::NoRecords,
            Rule::DrawOffer,
            Rule::EarlyDraw,
            Rule::NaturalLimitClaim,
            Rule::ClaimRecordRefused,
            Rule::ClaimFirst,
            Rule::PostGameClaim,
            Rule::OtherNaturalLimit,
            Rule::RepetitionRequest,
            Rule::RepetitionTooFew,
            Rule::RepetitionNotChanged,
            Rule::RefereeRepetition,
            Rule::RapidRules,
            Rule::RapidDefinition,
            Rule::ClockDispute,
            Rule::ClockFaultAfterGame,
            Rule::Signed,
        ];
        for p in Profile::all() {
            let edition = Edition::of(p.edition);
            let s = Settings::new(p);
            for r in rules {
                if let Some(c) = s.cite(r) {
                    assert!(
                        edition.clauses().contains(c),
                        "{}: {r:?} cites {c}, not a clause of {}",
                        p.name,
                        p.edition
                    );
                }
            }
            if let Some(tc) = p.time_control {
                assert!(TimeControl::preset(p.family(), tc).is_some(), "{}", p.name);
            }
        }
    }
}
