//! Exact points. Scores are sums of the values of a point system (2, 1, 0;
//! 1, ½, 0; 3, 1, 0 ...), and some tie-breaks multiply or divide them (小分
//! halves a drawn opponent's score, 伯格分 multiplies by a score rate), so
//! qigui keeps every score as an exact fraction: two tie-break values are
//! equal only when they are equal, never "close enough".

use std::cmp::Ordering;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Div, Mul, Neg, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A non-negative or negative fraction in lowest terms with a positive
/// denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Points {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    if a == 0 { 1 } else { a }
}

impl Points {
    /// Zero.
    pub const ZERO: Points = Points { num: 0, den: 1 };

    /// `num / den`; a zero denominator gives zero (never a panic).
    pub fn new(num: i64, den: i64) -> Points {
        Points::raw(i128::from(num), i128::from(den))
    }

    fn raw(num: i128, den: i128) -> Points {
        if den == 0 {
            return Points::ZERO;
        }
        let g = gcd(num, den);
        let s = if den < 0 { -1 } else { 1 };
        Points {
            num: s * num / g,
            den: s * den / g,
        }
    }

    /// A whole number.
    pub fn int(n: i64) -> Points {
        Points {
            num: i128::from(n),
            den: 1,
        }
    }

    /// Half of a whole number (½ = `Points::half(1)`).
    pub fn half(n: i64) -> Points {
        Points::new(n, 2)
    }

    /// Reads a decimal number as written in a file (`2`, `0.5`, `1.25`);
    /// `None` unless it is a decimal of at most three places no larger
    /// than a million (a point system never needs more).
    pub fn from_f64(x: f64) -> Option<Points> {
        if !x.is_finite() || x.abs() > 1e6 {
            return None;
        }
        let scaled = x * 1000.0;
        let r = scaled.round();
        if (scaled - r).abs() > 1e-6 {
            return None;
        }
        Some(Points::new(r as i64, 1000))
    }

    /// Reads `2`, `1.5`, `-0.5`, `1/2`.
    pub fn parse(s: &str) -> Option<Points> {
        let s = s.trim();
        if let Some((a, b)) = s.split_once('/') {
            let a: i64 = a.trim().parse().ok()?;
            let b: i64 = b.trim().parse().ok()?;
            let small = a.abs() <= 1_000_000 && (1..=1_000_000).contains(&b.abs());
            return small.then(|| Points::new(a, b));
        }
        let x: f64 = s.parse().ok()?;
        Points::from_f64(x)
    }

    /// The value as a float, for JSON output.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The value written exactly: a whole number (`6`), or the fraction
    /// in lowest terms (`"35/9"`), as [`Points::parse`] reads it back.
    pub fn exact_text(self) -> String {
        if self.den == 1 {
            self.num.to_string()
        } else {
            format!("{}/{}", self.num, self.den)
        }
    }

    /// Whether it is zero.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Whether the decimal expansion terminates (the denominator has no
    /// prime factor but 2 and 5).
    fn terminates(self) -> bool {
        let mut d = self.den;
        while d % 2 == 0 {
            d /= 2;
        }
        while d % 5 == 0 {
            d /= 5;
        }
        d == 1
    }
}

impl Default for Points {
    fn default() -> Points {
        Points::ZERO
    }
}

impl fmt::Display for Points {
    /// `6`, `2.5`, `0.375`; a fraction without a finite decimal form is
    /// written `35/9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            // i64 is written faster than i128 and holds every score.
            return match i64::try_from(self.num) {
                Ok(n) => write!(f, "{n}"),
                Err(_) => write!(f, "{}", self.num),
            };
        }
        if self.terminates() {
            // Exact: print enough decimals.
            let mut s = format!("{:.6}", self.to_f64());
            while s.ends_with('0') {
                s.pop();
            }
            if s.ends_with('.') {
                s.pop();
            }
            return f.write_str(&s);
        }
        write!(f, "{}/{}", self.num, self.den)
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        // Denominators are positive: equal ones compare the numerators.
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        // Whole numbers (most scores) need no reduction.
        if self.den == 1 && o.den == 1 {
            return Points {
                num: self.num + o.num,
                den: 1,
            };
        }
        Points::raw(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        self + (-o)
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Mul for Points {
    type Output = Points;
    fn mul(self, o: Points) -> Points {
        Points::raw(self.num * o.num, self.den * o.den)
    }
}

impl Div for Points {
    type Output = Points;
    /// Division; by zero gives zero (callers never divide by zero).
    fn div(self, o: Points) -> Points {
        Points::raw(self.num * o.den, self.den * o.num)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl From<u32> for Points {
    fn from(n: u32) -> Points {
        Points::int(i64::from(n))
    }
}

impl Serialize for Points {
    /// A JSON number (exact for every value a point system produces; a
    /// fraction like 35/9 is rounded by the float).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.den == 1 {
            s.serialize_i64(i64::try_from(self.num).unwrap_or(i64::MAX))
        } else {
            s.serialize_f64(self.to_f64())
        }
    }
}

impl<'de> Deserialize<'de> for Points {
    /// A number (`2`, `0.5`) or a string (`"1/2"`, `"1.5"`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        #[derive(Deserialize)]
        #[serde(
            untagged,
            expecting = "expected a number of points (2, 0.5 or \"1/2\")"
        )]
        enum Raw {
            I(i64),
            F(f64),
            S(String),
        }
        let bad = |what: &str| {
            serde::de::Error::custom(format!(
                "'{}' is not a number of points",
                crate::limits::echo(what)
            ))
        };
        match Raw::deserialize(d)? {
            Raw::I(i) if i.abs() <= 1_000_000 => Ok(Points::int(i)),
            Raw::I(i) => Err(bad(&i.to_string())),
            Raw::F(f) => Points::from_f64(f).ok_or_else(|| bad(&f.to_string())),
            Raw::S(s) => Points::parse(&s).ok_or_else(|| bad(&s)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact() {
        let h = Points::half(1);
        assert_eq!(h + h, Points::int(1));
        assert_eq!(Points::new(2, 4), h);
        assert_eq!(Points::new(1, -2), -h);
        assert_eq!(Points::int(7) * Points::new(5, 8), Points::new(35, 8));
        assert_eq!((Points::int(7) * Points::new(5, 8)).to_string(), "4.375");
        assert_eq!(Points::new(35, 9).to_string(), "35/9");
        assert_eq!(Points::int(3) / Points::ZERO, Points::ZERO);
        assert!(Points::new(1, 3) < Points::half(1));
    }

    #[test]
    fn parses() {
        assert_eq!(Points::parse("1/2"), Some(Points::half(1)));
        assert_eq!(Points::parse("2.5"), Some(Points::half(5)));
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse("1/0"), None);
        assert_eq!(Points::from_f64(f64::NAN), None);
    }
}
