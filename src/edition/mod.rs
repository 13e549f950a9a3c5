//! Editions: the rulebooks qigui implements, as profiles over one engine.
//!
//! An edition is data — its clause list, its equipment limits, the numbers
//! its results depend on — plus the few decision points where the texts
//! differ. Every corpus case belongs to one edition and may carry expected
//! values for others (`spec/corpus-format.md`).
//!
//! | id | rulebook |
//! |---|---|
//! | `xiangqi-2020` | 象棋竞赛规则 (2020) |
//! | `xiangqi-2020-mass` | its 附录一: 象棋群体比赛简明规定 (children's, trade and sub-provincial events) |
//! | `xiangqi-1999` | 中国象棋竞赛规则 (1999) |
//! | `gomoku-2025` | 中国五子棋竞赛规则 (2025) |
//! | `go-local` | the Go (围棋) rules of the local event rules collection (003): play, ko, counting with komi 3¾ or 2¾, handicaps, the clock |
//! | `xiangqi-local` | the local event rules collected in `003_…` (school, college, club and company events, a 15-second event) |
//! | `gomoku-campus-2012` | 2012年学院女子五子棋比赛规则, a college event's Gomoku rules in `003_…` |
//!
//! How each edition differs from its parent or from a chosen reference
//! edition is data too: `spec/editions.yaml`, read by `crate::edition::amendments`.

pub(crate) mod amendments;
mod draft;
mod id;
mod repetition;

pub use amendments::{
    Amendments, AmendmentsError, Change, EditionEntry, Effective, Topic, TopicDifference, TopicRule,
};
pub use draft::{Draft, DraftError, DraftPoint};
pub use id::{EditionId, UnknownEdition};
pub use repetition::RepetitionRules;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::xiangqi::equipment::EquipmentLimits;
use crate::xiangqi::game::{Level, Rules, SelfCheckRule};
use crate::xiangqi::outcome::Reason;

/// The game an edition is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// 象棋.
    Xiangqi,
    /// 五子棋.
    Gomoku,
    /// 围棋.
    Go,
}

/// Which rulebook's standings rules (scoring and tie-break chains) an
/// edition applies: the data `event::standings` reads to pick its
/// `RuleSet` and its chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StandingsBook {
    /// 2020 articles 13–15 (附录一 too: it has no standings rules of its own).
    Xiangqi2020,
    /// 1999 articles 14–15.
    Xiangqi1999,
    /// Gomoku 2025 articles 28–29.
    Gomoku2025,
    /// The local event rules of 003 (公司.八.1.积分, 学院.6.(一)), the 2020
    /// book where they are silent.
    XiangqiLocal,
}

/// Game points set by an edition (or a draft) in place of its book's,
/// counted in half points: `win: 4` is 2 points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalfPoints {
    /// Half points for a win.
    pub win: u32,
    /// Half points for a draw.
    pub draw: u32,
    /// Half points for a loss.
    pub loss: u32,
}

/// How an edition ranks an event (2020 13–15, 1999 14–15, Gomoku 28–29).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandingsRules {
    /// The rulebook whose scoring and tie-break chains apply.
    pub book: StandingsBook,
    /// The clause allowing an event its own game points (2020 13.3, 1999
    /// 14.1, Gomoku 28.2); `None`: the book's own game clause stays cited.
    pub own_scoring_clause: Option<&'static str>,
    /// The clause ordering a play-off when a tie remains (1999 15.6,
    /// Gomoku 29.3), if the edition has one.
    pub play_off_clause: Option<&'static str>,
    /// Places that may not be shared unless the event says (1999 15.6:
    /// "冠军或不宜并列的名次，应安排加赛", the champion at least).
    pub unshared_places: u32,
    /// Game points in place of the book's (a draft's amendment; `None` for
    /// every edition of the books).
    pub game_points: Option<HalfPoints>,
}

impl StandingsRules {
    const fn of(book: StandingsBook) -> StandingsRules {
        StandingsRules {
            book,
            own_scoring_clause: match book {
                StandingsBook::Xiangqi2020 => Some("13.3"),
                StandingsBook::Xiangqi1999 => Some("14.1"),
                StandingsBook::Gomoku2025 => Some("28.2"),
                StandingsBook::XiangqiLocal => None,
            },
            play_off_clause: match book {
                StandingsBook::Xiangqi1999 => Some("15.6"),
                StandingsBook::Gomoku2025 => Some("29.3"),
                _ => None,
            },
            unshared_places: match book {
                StandingsBook::Xiangqi1999 => 1,
                _ => 0,
            },
            game_points: None,
        }
    }
}

/// One rulebook edition: its clauses and, for each subsystem, the rules
/// it reads (article 4's numbers, the 棋例, the conduct profile, the
/// standings, the equipment). An edition is resolved once, from its id;
/// the subsystems read these fields instead of matching on ids.
#[derive(Debug)]
pub struct Edition {
    /// The id used in the corpus and on the command line (a draft's own
    /// name for a [`Draft`]).
    pub id: &'static str,
    key: EditionId,
    /// The game.
    pub game: GameKind,
    /// The edition this one amends, if any.
    pub parent: Option<&'static str>,
    /// The rulebook's title.
    pub title: &'static str,
    clause_texts: &'static [&'static str],
    /// The equipment limits (1.4–1.5), if the edition sets any.
    pub equipment: Option<EquipmentLimits>,
    /// The numbers the results of article 4 depend on, for a national event.
    pub rules: Rules,
    /// The repetition rules (棋例), for the Xiangqi editions.
    pub repetition: Option<RepetitionRules>,
    /// The conduct profile (`xiangqi::conduct::Profile`) its games use
    /// when none is named.
    pub conduct_profile: Option<&'static str>,
    /// How it ranks an event, if it says.
    pub standings: Option<StandingsRules>,
}

const XIANGQI_2020_CLAUSES: &str = include_str!("../../spec/clauses/xiangqi-2020.yaml");
const XIANGQI_2020_EXTRA: &str = include_str!("../../spec/clauses/xiangqi-2020-extra.yaml");
const XIANGQI_1999_CLAUSES: &str = include_str!("../../spec/clauses/xiangqi-1999.yaml");
const GOMOKU_2025_CLAUSES: &str = include_str!("../../spec/clauses/gomoku-2025.yaml");
const GO_LOCAL_CLAUSES: &str = include_str!("../../spec/clauses/go-local.yaml");
const GOMOKU_2025_EXTRA: &str = include_str!("../../spec/clauses/gomoku-2025-extra.yaml");
const XIANGQI_1999_EXTRA: &str = include_str!("../../spec/clauses/xiangqi-1999-extra.yaml");
const XIANGQI_LOCAL_CLAUSES: &str = include_str!("../../spec/clauses/xiangqi-local.yaml");
const XIANGQI_LOCAL_EXTRA: &str = include_str!("../../spec/clauses/xiangqi-local-extra.yaml");
const GOMOKU_CAMPUS_2012_CLAUSES: &str = include_str!("../../spec/clauses/gomoku-campus-2012.yaml");

/// The 1999 rules' equipment (1999 1.4): squares 3.2–4.6 cm, pieces 2.7–3.2
/// cm across; no limits on the board's outer size or on thickness.
pub const XIANGQI_1999_EQUIPMENT: EquipmentLimits = EquipmentLimits {
    square: (3.2, 4.6),
    length: (0.0, f64::INFINITY),
    width: (0.0, f64::INFINITY),
    min_thickness: 0.0,
    piece_diameter: (2.7, 3.2),
    piece_thickness: (0.0, f64::INFINITY),
    clauses: ["1.4", "1.4", "1.4"],
};

static EDITIONS: [Edition; 7] = [
    Edition {
        id: EditionId::Xiangqi2020.as_str(),
        key: EditionId::Xiangqi2020,
        game: GameKind::Xiangqi,
        parent: None,
        title: "象棋竞赛规则 (2020)",
        clause_texts: &[XIANGQI_2020_CLAUSES, XIANGQI_2020_EXTRA],
        equipment: Some(EquipmentLimits::XIANGQI_2020),
        rules: Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::Loses,
            fouls_to_lose: 3,
        },
        repetition: Some(RepetitionRules::XIANGQI_2020),
        conduct_profile: Some("national"),
        standings: Some(StandingsRules::of(StandingsBook::Xiangqi2020)),
    },
    Edition {
        id: EditionId::Xiangqi2020Mass.as_str(),
        key: EditionId::Xiangqi2020Mass,
        game: GameKind::Xiangqi,
        parent: Some(EditionId::Xiangqi2020.as_str()),
        title: "象棋群体比赛简明规定 (2020, 附录一)",
        clause_texts: &[XIANGQI_2020_CLAUSES, XIANGQI_2020_EXTRA],
        equipment: Some(EquipmentLimits::XIANGQI_2020),
        rules: Rules {
            // 附录一 二.2: the second violation loses.
            level: Level::Provincial,
            // 附录一 三.2: 30–40 moves; qigui takes 40 unless the event says.
            natural_limit: 40,
            self_check: SelfCheckRule::Violation,
            // 附录一 五.3: 一局棋累计三次犯规判负.
            fouls_to_lose: 3,
        },
        repetition: Some(RepetitionRules::XIANGQI_2020_MASS),
        conduct_profile: Some("mass"),
        standings: Some(StandingsRules::of(StandingsBook::Xiangqi2020)),
    },
    Edition {
        id: EditionId::Xiangqi1999.as_str(),
        key: EditionId::Xiangqi1999,
        game: GameKind::Xiangqi,
        parent: None,
        title: "中国象棋竞赛规则 (1999)",
        clause_texts: &[XIANGQI_1999_CLAUSES, XIANGQI_1999_EXTRA],
        equipment: Some(XIANGQI_1999_EQUIPMENT),
        rules: Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::FacingLosesOtherwiseIllegal,
            fouls_to_lose: 3,
        },
        repetition: Some(RepetitionRules::XIANGQI_1999),
        conduct_profile: Some("national-1999"),
        standings: Some(StandingsRules::of(StandingsBook::Xiangqi1999)),
    },
    Edition {
        id: EditionId::Gomoku2025.as_str(),
        key: EditionId::Gomoku2025,
        game: GameKind::Gomoku,
        parent: None,
        title: "中国五子棋竞赛规则 (2025)",
        clause_texts: &[GOMOKU_2025_CLAUSES, GOMOKU_2025_EXTRA],
        equipment: None,
        rules: Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::Loses,
            fouls_to_lose: 3,
        },
        repetition: None,
        conduct_profile: None,
        standings: Some(StandingsRules::of(StandingsBook::Gomoku2025)),
    },
    // The Go rules scattered through 003, a collection of local event rules
    // (围棋比赛活动方案, 围棋比赛规则 第二章竞赛规定, 围棋的行棋规则与胜负计算,
    // 围棋的基本规则及说明, 围棋基本规则): one edition, its clauses named
    // by document and the documents' own numbering (spec/clauses/go-local.yaml).
    // Where the documents disagree (komi 3¾ or 2¾) the number is an input of
    // each count, not a property of the edition; src/go/ implements it.
    Edition {
        id: EditionId::GoLocal.as_str(),
        key: EditionId::GoLocal,
        game: GameKind::Go,
        parent: None,
        title: "围棋: 003 本地赛事规则中的围棋规则",
        clause_texts: &[GO_LOCAL_CLAUSES],
        equipment: None,
        // Xiangqi's article-4 numbers do not apply to Go.
        rules: Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::Loses,
            fouls_to_lose: 3,
        },
        repetition: None,
        conduct_profile: None,
        standings: None,
    },
    // The Xiangqi event rules collected in 003 (school, college, club and
    // company events, a 15-second event): one edition, its clauses named by
    // document (spec/clauses/xiangqi-local.yaml and -extra.yaml). It amends
    // no rulebook; spec/editions.yaml compares it with the mass-competition
    // rules, whose scope (附录一 一: 各行业系统比赛、省级以下基层比赛) such
    // events fall in.
    Edition {
        id: EditionId::XiangqiLocal.as_str(),
        key: EditionId::XiangqiLocal,
        game: GameKind::Xiangqi,
        parent: None,
        title: "地方赛事象棋规程 (the event rules collected in 003_79ac2529fe27a2c7.txt)",
        clause_texts: &[XIANGQI_LOCAL_CLAUSES, XIANGQI_LOCAL_EXTRA],
        equipment: None,
        rules: Rules {
            // 中小学.八.5: a move to a point the piece cannot go is a
            // technical foul, and 中小学.四.4: two technical fouls lose.
            level: Level::Provincial,
            natural_limit: 60,
            self_check: SelfCheckRule::Violation,
            fouls_to_lose: 2,
        },
        repetition: Some(RepetitionRules::XIANGQI_LOCAL),
        conduct_profile: None,
        standings: Some(StandingsRules::of(StandingsBook::XiangqiLocal)),
    },
    // 2012年学院女子五子棋比赛规则, a college event's Gomoku rules printed in
    // 003 (spec/clauses/gomoku-campus-2012.yaml); spec/editions.yaml compares
    // it with gomoku-2025.
    Edition {
        id: EditionId::GomokuCampus2012.as_str(),
        key: EditionId::GomokuCampus2012,
        game: GameKind::Gomoku,
        parent: None,
        title: "2012年学院女子五子棋比赛规则 (003_79ac2529fe27a2c7.txt)",
        clause_texts: &[GOMOKU_CAMPUS_2012_CLAUSES],
        equipment: None,
        // Xiangqi's article-4 numbers do not apply to Gomoku.
        rules: Rules {
            level: Level::National,
            natural_limit: 60,
            self_check: SelfCheckRule::Loses,
            fouls_to_lose: 3,
        },
        repetition: None,
        conduct_profile: None,
        standings: None,
    },
];

/// A clause list: id → opening words, in book order.
#[derive(Debug, Default)]
pub struct ClauseList {
    order: Vec<String>,
    text: BTreeMap<String, String>,
}

impl ClauseList {
    fn parse(sources: &[&str]) -> ClauseList {
        let mut list = ClauseList::default();
        for src in sources {
            // The files are lists of [id, text] pairs; a malformed file is a
            // bug in this repository and shows up as a missing clause.
            let pairs: Vec<(String, String)> = yaml_serde::from_str(src).unwrap_or_default();
            for (id, text) in pairs {
                if !list.text.contains_key(&id) {
                    list.order.push(id.clone());
                }
                list.text.insert(id, text);
            }
        }
        list
    }

    /// Whether the clause exists.
    pub fn contains(&self, id: &str) -> bool {
        self.text.contains_key(id)
    }

    /// The clause's opening words.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.text.get(id).map(String::as_str)
    }

    /// All clause ids in book order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.order.iter().map(String::as_str)
    }
}

impl PartialEq for Edition {
    fn eq(&self, other: &Edition) -> bool {
        self.id == other.id
    }
}

impl Eq for Edition {}

impl Edition {
    /// Every edition qigui knows.
    pub fn all() -> &'static [Edition] {
        &EDITIONS
    }

    /// The edition with this id.
    pub fn get(id: &str) -> Option<&'static Edition> {
        EDITIONS.iter().find(|e| e.id == id)
    }

    /// The edition of a typed id.
    pub fn of(id: EditionId) -> &'static Edition {
        // EDITIONS holds one edition per id, in the order of EditionId::ALL.
        &EDITIONS[EditionId::ALL.iter().position(|&x| x == id).unwrap_or(0)]
    }

    /// The edition's typed id (a draft's is its parent's).
    pub fn id(&self) -> EditionId {
        self.key
    }

    /// The current national rulebook of a game: the edition its events
    /// follow when they name none.
    pub fn current(game: GameKind) -> &'static Edition {
        Edition::of(match game {
            GameKind::Xiangqi => EditionId::Xiangqi2020,
            GameKind::Gomoku => EditionId::Gomoku2025,
            GameKind::Go => EditionId::GoLocal,
        })
    }

    /// The ids of all editions, for messages.
    pub fn ids() -> Vec<&'static str> {
        EDITIONS.iter().map(|e| e.id).collect()
    }

    /// The edition's clauses (an amending edition has its parent's too).
    pub fn clauses(&self) -> &'static ClauseList {
        static LISTS: OnceLock<Vec<ClauseList>> = OnceLock::new();
        let lists = LISTS.get_or_init(|| {
            EDITIONS
                .iter()
                .map(|e| ClauseList::parse(e.clause_texts))
                .collect()
        });
        let i = EDITIONS.iter().position(|e| e.key == self.key).unwrap_or(0);
        &lists[i]
    }

    /// The clause that decides a result under this edition.
    pub fn clause_for(&self, reason: Reason) -> &'static str {
        match self.key {
            EditionId::Xiangqi1999 => match reason {
                Reason::Checkmate => "4.1.1",
                // 1999 4.1.2 names only the facing kings; the adjudicator
                // rules other self-exposure as an illegal move (4.1.6).
                Reason::SelfCheck => "4.1.2",
                Reason::Stalemate => "4.1.3",
                Reason::TimeForfeit => "4.1.4",
                Reason::LateArrival => "4.1.5",
                Reason::IllegalMoves => "4.1.6",
                Reason::PerpetualCheck | Reason::ForbiddenRepetition => "4.1.7",
                Reason::ThreeFouls => "4.1.8",
                Reason::Resignation => "4.1.9",
                Reason::Misconduct => "4.1.10",
                Reason::NoWinningChances => "4.2.1",
                Reason::DrawAgreed => "4.2.2",
                Reason::RepetitionDraw => "4.2.3",
                Reason::NaturalLimit => "4.2.4",
                // Not in the 1999 text: counted as fouls there.
                Reason::ClockWithoutMove | Reason::FalseNaturalLimitClaim => "4.1.8",
            },
            // 003's school event (中小学) first; the other documents of the
            // edition number the same results their own way.
            EditionId::XiangqiLocal => match reason {
                Reason::Checkmate => "中小学.四.1",
                Reason::Stalemate => "中小学.四.3",
                // 中小学.八.5 (a move to a point the piece cannot go) is a
                // technical foul; 中小学.四.4: two lose.
                Reason::IllegalMoves | Reason::ThreeFouls => "中小学.四.4",
                Reason::Resignation => "中小学.四.5",
                // 中小学.二: a move over 30 seconds loses.
                Reason::TimeForfeit => "中小学.二",
                other => Edition::of(EditionId::Xiangqi2020Mass).clause_for(other),
            },
            EditionId::Xiangqi2020Mass => match reason {
                Reason::IllegalMoves => "附录一.二.2",
                Reason::ThreeFouls => "附录一.五.3",
                Reason::NaturalLimit => "附录一.三.2",
                other => other.clause(),
            },
            _ => reason.clause(),
        }
    }

    /// Whether a case of this edition may cite the figure: the 2020
    /// Xiangqi book's figures for Xiangqi, 图1–图11 of the 2025 Gomoku book.
    pub fn knows_figure(&self, name: &str) -> bool {
        match self.game {
            GameKind::Xiangqi => Edition::is_known_figure(name),
            GameKind::Gomoku => name
                .strip_prefix('图')
                .and_then(|d| d.parse::<u32>().ok())
                .is_some_and(|d| (1..=11).contains(&d) && !name.ends_with('+')),
            // 003's Go text refers to figures it does not carry: cases name
            // its rules instead.
            GameKind::Go => false,
        }
    }

    /// The figure names of the 2020 rulebook (图1–图30, 参考图1–参考图50),
    /// which cases of any Xiangqi edition may cite.
    pub fn is_known_figure(name: &str) -> bool {
        let n = |prefix: &str, max: u32| {
            name.strip_prefix(prefix)
                .and_then(|d| d.parse::<u32>().ok())
                .is_some_and(|d| d >= 1 && d <= max && !name.ends_with('+'))
        };
        n("参考图", 50) || (name.starts_with('图') && n("图", 30))
    }
}

impl RepetitionRules {
    /// The repetition rules of an edition, if it has any (the Xiangqi
    /// editions; Gomoku and Go have no 棋例): [`Edition::repetition`].
    pub fn for_edition(id: &str) -> Option<&'static RepetitionRules> {
        Edition::get(id).and_then(|e| e.repetition.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_lists_load() {
        let e = Edition::get("xiangqi-2020").unwrap();
        assert!(e.clauses().contains("2.2"));
        assert!(e.clauses().contains("26.9.4"));
        assert!(e.clauses().contains("附录一.五.2.(4)"));
        assert!(!e.clauses().contains("99.9"));
        assert!(
            Edition::get("xiangqi-1999")
                .unwrap()
                .clauses()
                .contains("4.1.10")
        );
        assert!(Edition::get("gomoku-2025").unwrap().clauses().ids().count() > 100);
        let go = Edition::get("go-local").unwrap();
        assert_eq!(go.game, GameKind::Go);
        assert!(go.clauses().contains("活动方案.一.4"));
        assert!(go.clauses().contains("规则.(六).说明"));
        assert!(go.clauses().contains("胜负计算.贴子"));
        assert!(go.clauses().ids().count() > 60);
    }

    #[test]
    fn editions_follow_their_ids() {
        assert_eq!(Edition::all().len(), EditionId::ALL.len());
        for (e, id) in Edition::all().iter().zip(EditionId::ALL) {
            assert_eq!(e.id(), id);
            assert_eq!(e.id, id.as_str());
            assert!(std::ptr::eq(Edition::of(id), e));
            assert_eq!(
                e.repetition.map(|r| r.edition),
                e.repetition.is_some().then_some(id)
            );
        }
        assert_eq!(
            Edition::current(GameKind::Gomoku).id(),
            EditionId::Gomoku2025
        );
    }

    #[test]
    fn figures() {
        assert!(Edition::is_known_figure("图2"));
        assert!(Edition::is_known_figure("参考图50"));
        assert!(!Edition::is_known_figure("图31"));
        assert!(!Edition::is_known_figure("参考图0"));
    }
}
