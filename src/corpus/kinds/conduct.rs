//! The conduct-of-play kinds (articles 4–9, 19–23, 27–30; `spec/conduct.md`):
//! `touch-move` (5.1–5.5, 8.1.5), `adjudication` (a game's event log and its
//! ruling), `knockout` (30.1–30.3) and `withdrawal` (19.2, 19.3).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::edition::Edition;
use crate::xiangqi::board::Color;
use crate::xiangqi::conduct::adjudicator::{self, Adjudication};
use crate::xiangqi::conduct::knockout::{
    self, Colours, DrawRule, Format, Next, Played, Player, Stage,
};
use crate::xiangqi::conduct::log::{GameRecord, Points};
use crate::xiangqi::conduct::profile::{Rule, Settings};
use crate::xiangqi::conduct::touch::{self, Obligation, Step};
use crate::xiangqi::conduct::withdrawal::{self, System};
use crate::xiangqi::conduct::{Ground, adjudicator::settings_for};
use crate::xiangqi::notation;
use crate::xiangqi::position::Position;

use super::xiangqi::MoveText;
use super::{
    CaseError, CaseKind, Kind, Mismatch, Part, RunError, issue, mismatch, output, to_output, typed,
    want,
};

/// `touch-move` input: a position and the pieces the side to move touched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TouchInput {
    /// The event profile (defaults to the edition's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The position (defaults to the starting position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Legal moves played from it first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MoveText>,
    /// The points touched, in order.
    pub touches: Points,
    /// An own and an opponent's piece touched at once (5.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub simultaneous: bool,
}

/// `touch-move` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TouchExpected {
    /// Exactly these moves satisfy the obligation (ICCS, any order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The player may make any move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free: Option<bool>,
    /// The deciding clause under the edition (5.1, 5.3.2, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Whether the touching is a foul (8.1.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foul: Option<bool>,
}

/// Clock readings expected at the end, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ClockExpected {
    /// Red's time left.
    pub red: f64,
    /// Black's time left.
    pub black: f64,
}

/// `adjudication` expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct AdjudicationExpected {
    /// `red_wins`, `black_wins`, `draw`, `both_lose`, `replay` or `ongoing`.
    pub result: String,
    /// The reason code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The principal deciding clause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Clauses that must be among the deciding ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<Vec<String>>,
    /// Clauses that must be applied on the way, in this order (among others).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulings: Option<Vec<String>>,
    /// Plies standing at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<usize>,
    /// Fouls of red and black.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fouls: Option<[u32; 2]>,
    /// Clocks at the end, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockExpected>,
    /// 20.3: red's and black's marks, `+` or `-`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marks: Option<[String; 2]>,
    /// The position at the end (FEN).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The touch-move obligation at the end: the moves allowed (ICCS).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub must_move: Option<Vec<String>>,
    /// The side that must change after a repetition ruling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub must_change: Option<Color>,
    /// Whether the rapid rules applied (27.1, 27.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rapid: Option<bool>,
    /// 7.3: who enters the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record_keeper: Option<Color>,
}

/// `knockout` input: a pairing's format and its games so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct KnockoutInput {
    /// The format's clause: `30.1.1`–`30.1.4`, `30.2.1`, `30.2.2`, or a
    /// local one (`锦标赛2019.九.(二).2`, `中小学.六.1`).
    pub format: String,
    /// Who has red in the first game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_red: Option<Player>,
    /// Who chose the colours of the first game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Player>,
    /// Who ranked higher in the first stage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked_higher: Option<Player>,
    /// The games played, in order.
    #[serde(default)]
    pub games: Vec<Played>,
}

/// The next game, as expected. Every key given is checked.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NextExpected {
    /// Its number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<usize>,
    /// `slow`, `rapid`, `super-rapid`, `armageddon`, `game`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<Stage>,
    /// The clause of its time control, or `event` for the event's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// Who has red.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<Player>,
    /// Who chooses the colours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Player>,
    /// The colours are drawn by lot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_lot: Option<bool>,
    /// The right to choose the colours is drawn by lot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser_by_lot: Option<bool>,
    /// The rules do not say who has red.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unspecified: Option<bool>,
    /// What a draw gives: `draw`, `black-wins`, `replay`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRule>,
}

/// `knockout` expected: the winner, or the next game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct KnockoutExpected {
    /// The player who goes through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Player>,
    /// After how many games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<usize>,
    /// The next game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<NextExpected>,
    /// Clauses that must be among the deciding ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clauses: Option<Vec<String>>,
}

/// `withdrawal` input.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WithdrawalInput {
    /// `round-robin` or `swiss`.
    pub system: System,
    /// Opponents the player was to meet.
    pub opponents: u32,
    /// Games it played.
    pub played: u32,
}

/// `withdrawal` expected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WithdrawalExpected {
    /// The games played keep their results.
    pub played_stand: bool,
    /// The games not played are forfeited to the opponents.
    pub unplayed_forfeited: bool,
}

fn start_position(fen: Option<&str>, moves: Option<&MoveText>) -> Result<Position, CaseError> {
    let mut pos = match fen {
        None => Position::start(),
        Some(f) => Position::from_fen(f)
            .map_err(|e| CaseError::at(Part::Input, "fen", format!("illegal FEN: {e}")))?,
    };
    let tokens = match moves {
        None => Vec::new(),
        Some(MoveText::Line(s)) => notation::split_moves(s),
        Some(MoveText::List(v)) => v.clone(),
    };
    for (i, tok) in tokens.iter().enumerate() {
        let bad = |m: String| {
            CaseError::at(
                Part::Input,
                "moves",
                format!("move {} ('{tok}'): {m}", i + 1),
            )
        };
        let mv = notation::parse_move(&pos, tok)
            .map_err(|e| bad(e.reason))?
            .mv;
        if pos.exposes_own_king(mv) {
            return Err(bad("not legal: it exposes the mover's king (3.4)".into()));
        }
        pos = pos.play_unchecked(mv);
    }
    Ok(pos)
}

fn profile_settings(profile: Option<&str>, edition: &Edition) -> Result<Settings, CaseError> {
    let record = GameRecord {
        profile: profile.map(str::to_string),
        ..GameRecord::default()
    };
    settings_for(&record, edition.id).map_err(|e| issue(Part::Input, e.to_string()))
}

fn points(p: &Points) -> Result<Vec<crate::xiangqi::board::Square>, CaseError> {
    let texts: Vec<String> = match p {
        Points::One(s) => vec![s.clone()],
        Points::Many(v) => v.clone(),
    };
    texts
        .iter()
        .map(|s| {
            crate::xiangqi::board::Square::parse(s.trim())
                .ok_or_else(|| issue(Part::Input, format!("touches: '{s}' is not a point")))
        })
        .collect()
}

fn iccs_set(key: &str, moves: &[String]) -> Result<BTreeSet<String>, CaseError> {
    moves
        .iter()
        .map(|m| {
            notation::parse_iccs(m)
                .map(|mv| mv.iccs())
                .ok_or_else(|| issue(Part::Expected, format!("{key}: '{m}' is not an ICCS move")))
        })
        .collect()
}

fn check_clauses<'a>(
    edition: &Edition,
    clauses: impl IntoIterator<Item = &'a String>,
) -> Result<(), CaseError> {
    for c in clauses {
        if !edition.clauses().contains(c) {
            return Err(issue(
                Part::Expected,
                format!("unknown clause '{c}' in {}", edition.id),
            ));
        }
    }
    Ok(())
}

fn touch_rule(step: Step) -> Rule {
    match step {
        Step::Own => Rule::TouchOwn,
        Step::Opponent => Rule::TouchOpponent,
        Step::OwnThenOpponent(k) => Rule::OwnThenOpponent(k),
        Step::OpponentThenOwn(k) => Rule::OpponentThenOwn(k),
    }
}

fn format_of(text: &str, edition: &Edition) -> Result<Format, CaseError> {
    let f = Format::from_clause(text).ok_or_else(|| {
        issue(
            Part::Input,
            format!(
                "format '{text}': one of 30.1.1, 30.1.2, 30.1.3, 30.1.4, 30.2.1, 30.2.2, 锦标赛2019.九.(二).2, 中小学.六.1"
            ),
        )
    })?;
    if f.edition() != edition.id {
        return Err(issue(
            Part::Input,
            format!(
                "format '{text}' is a rule of {}, not {}",
                f.edition(),
                edition.id
            ),
        ));
    }
    Ok(f)
}

/// The moves of an obligation, in ICCS.
fn iccs_of(o: &Obligation) -> Option<Vec<String>> {
    match o {
        Obligation::Moves(v) => Some(
            v.iter()
                .map(|m| m.iccs())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect(),
        ),
        Obligation::Free => None,
    }
}

/// Reads the answer's ICCS moves.
fn answered_iccs(what: &str, moves: &[String]) -> Result<BTreeSet<String>, Mismatch> {
    moves
        .iter()
        .map(|m| {
            notation::parse_iccs(m).map(|mv| mv.iccs()).ok_or_else(|| {
                Mismatch::described(format!("{what}: the answer's '{m}' is not an ICCS move"))
            })
        })
        .collect()
}

fn compare_moves(what: &str, want: &[String], got: &Option<Vec<String>>) -> Result<(), Mismatch> {
    let want = iccs_set(what, want)?;
    let show = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(" ");
    let Some(got) = got else {
        return Err(Mismatch::described(format!(
            "{what}: expected [{}], but the answer has none",
            show(&want)
        )));
    };
    let got = answered_iccs(what, got)?;
    if want != got {
        return Err(Mismatch::described(format!(
            "{what}: expected [{}], got [{}]",
            show(&want),
            show(&got)
        )));
    }
    Ok(())
}

/// `touch-move`: the moves the touches oblige (or free), the clause, the foul.
fn touch_answer(i: &TouchInput, edition: &Edition) -> Result<TouchExpected, CaseError> {
    let s = profile_settings(i.profile.as_deref(), edition)?;
    let pos = start_position(i.fen.as_deref(), i.moves.as_ref())?;
    let pts = points(&i.touches)?;
    let r = touch::touch_move(&pos, &pts, i.simultaneous).map_err(CaseError::rules)?;
    Ok(TouchExpected {
        moves: iccs_of(&r.obligation),
        free: Some(r.obligation == Obligation::Free),
        clause: s.cite(touch_rule(r.step)).map(str::to_string),
        foul: Some(r.foul()),
    })
}

fn check_touch(e: &TouchExpected, g: &TouchExpected) -> Result<(), Mismatch> {
    if let Some(w) = &e.moves {
        if g.free == Some(true) {
            return Err(Mismatch::described("moves: expected moves, got free"));
        }
        compare_moves("moves", w, &g.moves)?;
    }
    want("free", &e.free, &g.free)?;
    if let Some(c) = &e.clause {
        mismatch(
            "clause",
            &c.as_str(),
            &g.clause.as_deref().unwrap_or("none"),
        )?;
    }
    want("foul", &e.foul, &g.foul)
}

/// `adjudication`: the ruling on the record, every key filled (`clauses`:
/// every deciding clause; `rulings`: every clause applied, in order).
fn adjudication_answer(a: &Adjudication) -> AdjudicationExpected {
    AdjudicationExpected {
        result: a.result_code().to_string(),
        reason: a.ending.as_ref().map(|x| x.ground.code().to_string()),
        clause: a
            .ending
            .as_ref()
            .and_then(|x| x.clauses.first())
            .map(|c| c.to_string()),
        clauses: Some(
            a.ending
                .as_ref()
                .map(|x| x.clauses.iter().map(|c| c.to_string()).collect())
                .unwrap_or_default(),
        ),
        rulings: Some(
            a.notes
                .iter()
                .filter_map(|n| n.clause.map(str::to_string))
                .collect(),
        ),
        plies: Some(a.plies),
        fouls: Some(a.fouls.counts()),
        clock: a.clock.as_ref().map(|c| ClockExpected {
            red: c.remaining(0) as f64 / 1000.0,
            black: c.remaining(1) as f64 / 1000.0,
        }),
        marks: a.marks.map(|m| [m[0].to_string(), m[1].to_string()]),
        fen: Some(a.position.fen()),
        must_move: a.obligation.as_ref().and_then(|o| iccs_of(&o.obligation)),
        must_change: a.must_change,
        rapid: Some(a.rapid),
        record_keeper: a.record_keeper,
    }
}

fn check_adjudication(e: &AdjudicationExpected, g: &AdjudicationExpected) -> Result<(), Mismatch> {
    let detail = || match (&g.reason, &g.clauses) {
        (Some(r), Some(c)) => format!(" ({r}, {})", c.join(" ")),
        (Some(r), None) => format!(" ({r})"),
        _ => String::new(),
    };
    mismatch("result", &e.result.as_str(), &g.result.as_str()).map_err(|m| m.detailed(detail()))?;
    if let Some(r) = &e.reason {
        mismatch(
            "reason",
            &r.as_str(),
            &g.reason.as_deref().unwrap_or("none"),
        )?;
    }
    if let Some(c) = &e.clause {
        mismatch(
            "clause",
            &c.as_str(),
            &g.clause.as_deref().unwrap_or("none"),
        )
        .map_err(|m| m.detailed(detail()))?;
    }
    if let Some(w) = &e.clauses {
        let Some(got) = &g.clauses else {
            return Err(Mismatch::described(
                "clauses: expected deciding clauses, but the answer has none",
            ));
        };
        for c in w {
            if !got.contains(c) {
                return Err(Mismatch::described(format!(
                    "clauses: expected {c} among the deciding clauses, got {}",
                    got.join(", ")
                )));
            }
        }
    }
    if let Some(w) = &e.rulings {
        let Some(got) = &g.rulings else {
            return Err(Mismatch::described(
                "rulings: expected clauses applied, but the answer has none",
            ));
        };
        let mut it = got.iter();
        for c in w {
            if !it.any(|x| x == c) {
                return Err(Mismatch::described(format!(
                    "rulings: expected {} in this order among the clauses applied, got {}",
                    w.join(", "),
                    got.join(", ")
                )));
            }
        }
    }
    want("plies", &e.plies, &g.plies)?;
    want("fouls", &e.fouls, &g.fouls)?;
    if let Some(c) = e.clock {
        let Some(got) = g.clock else {
            return Err(Mismatch::described(
                "clock: expected readings, but the answer has none",
            ));
        };
        let ms = |c: ClockExpected| [c.red, c.black].map(|s| (s * 1000.0).round() as i64);
        mismatch("clock (ms)", &ms(c), &ms(got))?;
    }
    want("marks", &e.marks, &g.marks)?;
    want("fen", &e.fen, &g.fen)?;
    if let Some(m) = &e.must_move {
        compare_moves("must_move", m, &g.must_move)?;
    }
    want("must_change", &e.must_change, &g.must_change)?;
    want("rapid", &e.rapid, &g.rapid)?;
    want("record_keeper", &e.record_keeper, &g.record_keeper)
}

/// `knockout`: the winner, or the next game with everything about it.
fn knockout_answer(i: &KnockoutInput, edition: &Edition) -> Result<KnockoutExpected, CaseError> {
    let f = format_of(&i.format, edition)?;
    let start = knockout::Start {
        first_red: i.first_red,
        chooser: i.chooser,
        ranked_higher: i.ranked_higher,
    };
    let next = knockout::next(f, start, &i.games).map_err(CaseError::rules)?;
    let strings = |v: &[&str]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    Ok(match next {
        Next::Winner {
            player,
            games,
            clauses,
        } => KnockoutExpected {
            winner: Some(player),
            games: Some(games),
            next: None,
            clauses: Some(strings(&clauses)),
        },
        Next::Game(g) => KnockoutExpected {
            winner: None,
            games: None,
            next: Some(NextExpected {
                number: Some(g.number),
                stage: Some(g.stage),
                time_control: Some(g.time_control.unwrap_or("event").to_string()),
                red: match g.colours {
                    Colours::Red(p) => Some(p),
                    _ => None,
                },
                chooser: match g.colours {
                    Colours::Chooser(p) => Some(p),
                    _ => None,
                },
                by_lot: Some(g.colours == Colours::ByLot),
                chooser_by_lot: Some(g.colours == Colours::ChooserByLot),
                unspecified: Some(g.colours == Colours::Unspecified),
                draw: Some(g.draw),
            }),
            clauses: Some(strings(&g.clauses)),
        },
    })
}

/// Who has red in an answer's next game, in words.
fn colours(n: &NextExpected) -> String {
    if let Some(p) = n.red {
        format!("{p} has red")
    } else if let Some(p) = n.chooser {
        format!("{p} chooses")
    } else if n.by_lot == Some(true) {
        "drawn by lot".into()
    } else if n.chooser_by_lot == Some(true) {
        "the chooser drawn by lot".into()
    } else if n.unspecified == Some(true) {
        "not specified".into()
    } else {
        "not given".into()
    }
}

fn check_knockout(e: &KnockoutExpected, g: &KnockoutExpected) -> Result<(), Mismatch> {
    if let Some(w) = &e.clauses {
        let Some(got) = &g.clauses else {
            return Err(Mismatch::described(
                "clauses: expected deciding clauses, but the answer has none",
            ));
        };
        for c in w {
            if !got.contains(c) {
                return Err(Mismatch::described(format!(
                    "clauses: expected {c}, got {}",
                    got.join(", ")
                )));
            }
        }
    }
    match (&e.winner, &e.next, &g.winner, &g.next) {
        (Some(w), None, Some(p), None) => {
            mismatch("winner", w, p)?;
            want("games", &e.games, &g.games)
        }
        (None, Some(w), None, Some(n)) => {
            want("next.number", &w.number, &n.number)?;
            want("next.stage", &w.stage, &n.stage)?;
            want("next.time_control", &w.time_control, &n.time_control)?;
            if let Some(p) = w.red
                && n.red != Some(p)
            {
                return Err(Mismatch::described(format!(
                    "next.red: expected {p} has red, got {}",
                    colours(n)
                )));
            }
            if let Some(p) = w.chooser
                && n.chooser != Some(p)
            {
                return Err(Mismatch::described(format!(
                    "next.chooser: expected {p} chooses, got {}",
                    colours(n)
                )));
            }
            let words = |m: Mismatch| m.detailed(format!(" ({})", colours(n)));
            want("next.by_lot", &w.by_lot, &n.by_lot).map_err(words)?;
            want("next.chooser_by_lot", &w.chooser_by_lot, &n.chooser_by_lot).map_err(words)?;
            want("next.unspecified", &w.unspecified, &n.unspecified).map_err(words)?;
            want("next.draw", &w.draw, &n.draw)
        }
        (None, Some(_), Some(p), None) => Err(Mismatch::described(format!(
            "expected another game, but {p} went through after {} games",
            g.games
                .map(|n| n.to_string())
                .unwrap_or_else(|| "an unstated number of".into())
        ))),
        (Some(_), None, None, Some(n)) => Err(Mismatch::described(format!(
            "expected a winner, but game {} comes next ({})",
            n.number
                .map(|k| k.to_string())
                .unwrap_or_else(|| "?".into()),
            n.stage
                .map(|s| format!("{s:?}"))
                .unwrap_or_else(|| "stage not given".into())
        ))),
        (Some(_), None, _, _) | (None, Some(_), _, _) => Err(Mismatch::described(
            "the answer gives neither a winner nor the next game, or both",
        )),
        _ => Err(Mismatch::described(
            "expect either a winner or the next game",
        )),
    }
}

/// `touch-move`: the moves the touched pieces oblige.
pub(crate) struct TouchMoveKind;

impl CaseKind for TouchMoveKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: TouchInput = typed(Part::Input, input)?;
        let e: TouchExpected = typed(Part::Expected, expected)?;
        profile_settings(i.profile.as_deref(), edition)?;
        start_position(i.fen.as_deref(), i.moves.as_ref())?;
        points(&i.touches)?;
        if let Some(m) = &e.moves {
            iccs_set("moves", m)?;
        }
        check_clauses(edition, e.clause.iter())?;
        if e == TouchExpected::default() {
            return Err(issue(Part::Expected, "expects nothing"));
        }
        if e.moves.is_some() && e.free == Some(true) {
            return Err(issue(Part::Expected, "either moves or free"));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        to_output(&touch_answer(&typed(Part::Input, input)?, edition)?)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_touch(
            &typed(Part::Expected, expected)?,
            &output(Kind::TouchMove, got)?,
        )
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(TouchInput),
            schemars::schema_for!(TouchExpected),
        )
    }
}

/// `adjudication`: a game's event log and the referee's ruling on it.
pub(crate) struct AdjudicationKind;

impl CaseKind for AdjudicationKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: GameRecord = typed(Part::Input, input)?;
        let e: AdjudicationExpected = typed(Part::Expected, expected)?;
        let known = [
            "red_wins",
            "black_wins",
            "draw",
            "both_lose",
            "replay",
            "ongoing",
        ];
        if !known.contains(&e.result.as_str()) {
            return Err(issue(
                Part::Expected,
                format!("unknown result '{}'; one of {}", e.result, known.join(", ")),
            ));
        }
        if let Some(r) = &e.reason
            && !Ground::codes().contains(&r.as_str())
        {
            return Err(issue(Part::Expected, format!("unknown reason '{r}'")));
        }
        check_clauses(
            edition,
            e.clause
                .iter()
                .chain(e.clauses.iter().flatten())
                .chain(e.rulings.iter().flatten()),
        )?;
        if let Some(f) = &e.fen {
            Position::from_fen_with(f, crate::xiangqi::position::Validation::Relaxed)
                .map_err(|err| issue(Part::Expected, format!("fen: {err}")))?;
        }
        if let Some(m) = &e.must_move {
            iccs_set("must_move", m)?;
        }
        for m in e.marks.iter().flatten() {
            if m != "+" && m != "-" {
                return Err(issue(Part::Expected, "marks are \"+\" or \"-\""));
            }
        }
        // The record must be one the adjudicator can follow.
        adjudicator::adjudicate(&i, edition.id)
            .map_err(|err| issue(Part::Input, err.to_string()))?;
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: GameRecord = typed(Part::Input, input)?;
        let a = adjudicator::adjudicate(&i, edition.id).map_err(CaseError::rules)?;
        to_output(&adjudication_answer(&a))
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_adjudication(
            &typed(Part::Expected, expected)?,
            &output(Kind::Adjudication, got)?,
        )
    }

    /// A wrong result comes with every ruling qigui made on the way.
    fn run(&self, input: &Value, expected: &Value, edition: &Edition) -> Result<(), RunError> {
        let i: GameRecord = typed(Part::Input, input)?;
        let a = adjudicator::adjudicate(&i, edition.id).map_err(CaseError::rules)?;
        let answer = to_output(&adjudication_answer(&a))?;
        self.check(expected, &answer).map_err(|m| {
            if !m.to_string().starts_with("result:") {
                return RunError::Differs(m);
            }
            let trail: Vec<String> = a
                .notes
                .iter()
                .map(|n| format!("[{}] {}", n.clause.unwrap_or("-"), n.text))
                .collect();
            RunError::Differs(m.detailed(format!("; rulings: {}", trail.join(" | "))))
        })
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(GameRecord),
            schemars::schema_for!(AdjudicationExpected),
        )
    }
}

/// `knockout`: a knockout pairing's next game or winner.
pub(crate) struct KnockoutKind;

impl CaseKind for KnockoutKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: KnockoutInput = typed(Part::Input, input)?;
        let e: KnockoutExpected = typed(Part::Expected, expected)?;
        format_of(&i.format, edition)?;
        check_clauses(edition, e.clauses.iter().flatten())?;
        if let Some(n) = &e.next
            && let Some(t) = &n.time_control
            && t != "event"
        {
            check_clauses(edition, [t])?;
        }
        if e.winner.is_some() == e.next.is_some() {
            return Err(issue(
                Part::Expected,
                "expect either a winner or the next game",
            ));
        }
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        to_output(&knockout_answer(&typed(Part::Input, input)?, edition)?)
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        check_knockout(
            &typed(Part::Expected, expected)?,
            &output(Kind::Knockout, got)?,
        )
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(KnockoutInput),
            schemars::schema_for!(KnockoutExpected),
        )
    }
}

/// `withdrawal`: a withdrawn player's games.
pub(crate) struct WithdrawalKind;

impl CaseKind for WithdrawalKind {
    // Its runner resolves the edition by id: a draft's rules do not reach it.
    fn follows_drafts(&self) -> bool {
        false
    }

    fn validate(
        &self,
        input: &Value,
        expected: &Value,
        edition: &Edition,
    ) -> Result<(), CaseError> {
        let i: WithdrawalInput = typed(Part::Input, input)?;
        let _: WithdrawalExpected = typed(Part::Expected, expected)?;
        withdraw_under(edition, &i).map_err(|e| issue(Part::Input, e.to_string()))?;
        Ok(())
    }

    fn answer(&self, input: &Value, edition: &Edition) -> Result<Value, CaseError> {
        let i: WithdrawalInput = typed(Part::Input, input)?;
        let w = withdraw_under(edition, &i).map_err(CaseError::rules)?;
        to_output(&WithdrawalExpected {
            played_stand: w.played_stand,
            unplayed_forfeited: w.unplayed_forfeited,
        })
    }

    fn check(&self, expected: &Value, got: &Value) -> Result<(), Mismatch> {
        let e: WithdrawalExpected = typed(Part::Expected, expected)?;
        let g: WithdrawalExpected = output(Kind::Withdrawal, got)?;
        mismatch("played_stand", &e.played_stand, &g.played_stand)?;
        mismatch(
            "unplayed_forfeited",
            &e.unplayed_forfeited,
            &g.unplayed_forfeited,
        )
    }

    #[cfg(test)]
    fn schemas(&self) -> (schemars::Schema, schemars::Schema) {
        (
            schemars::schema_for!(WithdrawalInput),
            schemars::schema_for!(WithdrawalExpected),
        )
    }
}

/// Withdrawal under the edition's article: Gomoku 2025's 24.4, else
/// Xiangqi's 19 (2020) or 20 (1999).
fn withdraw_under(
    edition: &Edition,
    i: &WithdrawalInput,
) -> Result<withdrawal::Withdrawal, withdrawal::WithdrawalError> {
    if edition.game == crate::edition::GameKind::Gomoku {
        crate::gomoku::withdrawal::withdraw(i.system, i.opponents, i.played)
    } else {
        withdrawal::withdraw(i.system, i.opponents, i.played)
    }
}
