//! The typed edition id: one variant per rulebook qigui implements.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The id of an edition, as the corpus and the command line spell it
/// (`xiangqi-2020`, …): parsed once, then passed around typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EditionId {
    /// `xiangqi-2020`: 象棋竞赛规则 (2020).
    Xiangqi2020,
    /// `xiangqi-2020-mass`: its 附录一 象棋群体比赛简明规定.
    Xiangqi2020Mass,
    /// `xiangqi-1999`: 中国象棋竞赛规则 (1999).
    Xiangqi1999,
    /// `xiangqi-local`: the local Xiangqi event rules collected in 003.
    XiangqiLocal,
    /// `gomoku-2025`: 中国五子棋竞赛规则 (2025).
    Gomoku2025,
    /// `gomoku-campus-2012`: 2012年学院女子五子棋比赛规则 (003).
    GomokuCampus2012,
    /// `go-local`: the Go rules of the local event rules collection (003).
    GoLocal,
}

impl EditionId {
    /// Every edition id, in the order of [`crate::Edition::all`].
    pub const ALL: [EditionId; 7] = [
        EditionId::Xiangqi2020,
        EditionId::Xiangqi2020Mass,
        EditionId::Xiangqi1999,
        EditionId::Gomoku2025,
        EditionId::GoLocal,
        EditionId::XiangqiLocal,
        EditionId::GomokuCampus2012,
    ];

    /// The id as the corpus and the command line spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            EditionId::Xiangqi2020 => "xiangqi-2020",
            EditionId::Xiangqi2020Mass => "xiangqi-2020-mass",
            EditionId::Xiangqi1999 => "xiangqi-1999",
            EditionId::XiangqiLocal => "xiangqi-local",
            EditionId::Gomoku2025 => "gomoku-2025",
            EditionId::GomokuCampus2012 => "gomoku-campus-2012",
            EditionId::GoLocal => "go-local",
        }
    }
}

/// An edition id that names no edition qigui knows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown edition '{given}' (known: {known})", known = known_ids())]
pub struct UnknownEdition {
    /// The id given.
    pub given: String,
}

fn known_ids() -> String {
    EditionId::ALL.map(EditionId::as_str).join(", ")
}

impl FromStr for EditionId {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<EditionId, UnknownEdition> {
        EditionId::ALL
            .into_iter()
            .find(|id| id.as_str() == s)
            .ok_or_else(|| UnknownEdition {
                given: s.to_string(),
            })
    }
}

impl fmt::Display for EditionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for EditionId {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Serialize for EditionId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for EditionId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<EditionId, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for id in EditionId::ALL {
            assert_eq!(id.as_str().parse::<EditionId>(), Ok(id));
            assert_eq!(id.to_string(), id.as_str());
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{id}\""));
            assert_eq!(serde_json::from_str::<EditionId>(&json).unwrap(), id);
        }
        let e = "xiangqi-2021".parse::<EditionId>().unwrap_err();
        assert!(e.to_string().contains("xiangqi-2021"));
        assert!(e.to_string().contains("gomoku-campus-2012"));
        assert!(serde_json::from_str::<EditionId>("\"chess\"").is_err());
    }
}
