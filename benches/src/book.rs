//! The `Book` workload: one catalogue entry encoded and decoded 10,000 times, as teams comparing
//! serializers on a "flexible mapping" model time it. The entry exercises the mappings such
//! models ask for without changing the business type:
//!
//! - an enum written as its integer discriminant ([`Genre`]: serde_repr for serde's
//!   libraries, `#[wire(repr)]` for fastwire), with renamed fields (`rename_all`);
//! - a publication date (`chrono::NaiveDate`, written as `"2019-08-06"`);
//! - nested values (a list of [`Author`]s, each with an optional field of its own);
//! - optional fields left out when empty (`skip_serializing_if = "Option::is_none"`), one of
//!   them absent in the benchmark's value and one present.
//!
//! zerompk has no impls for chrono's types and simd-json-derive cannot write an enum as its
//! integer, so `compare` measures this workload with the serde-based libraries and fastwire.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};

/// A book's genre, written as its number (`3` for [`Genre::History`]).
#[derive(
    Serialize_repr,
    Deserialize_repr,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
)]
#[wire(repr)]
#[repr(u8)]
pub enum Genre {
    /// Novels and short stories.
    Fiction = 1,
    /// Science and technology.
    Science = 2,
    /// History and biography.
    History = 3,
    /// Poetry.
    Poetry = 4,
}

/// One of a book's authors.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Author {
    /// The name as printed on the cover.
    pub display_name: String,
    /// The year the author was born, when known.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub birth_year: Option<i32>,
}

/// A catalogue entry.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Book {
    /// The catalogue number.
    pub id: u64,
    /// The title.
    pub title: String,
    /// The ISBN-13, with its hyphens.
    pub isbn: String,
    /// The genre, as its number.
    pub genre: Genre,
    /// The day the edition was published.
    pub published: NaiveDate,
    /// The authors, in the order of the cover.
    pub authors: Vec<Author>,
    /// The price in euros.
    pub price: f64,
    /// The number of pages.
    pub pages: u32,
    /// Whether it is in print.
    pub in_print: bool,
    /// The series it belongs to, if any (absent in [`book`]'s value).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub series: Option<String>,
    /// A short description, if the publisher gave one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub blurb: Option<String>,
}

/// The number of round trips of the workload.
pub const ROUND_TRIPS: usize = 10_000;

/// The [`Book`] of the benchmarks.
pub fn book() -> Book {
    Book {
        id: 9_780_141,
        title: "The Structure of Scientific Revolutions".to_owned(),
        isbn: "978-0-226-45812-0".to_owned(),
        genre: Genre::History,
        published: NaiveDate::from_ymd_opt(2012, 4, 30).expect("a valid date"),
        authors: vec![
            Author {
                display_name: "Thomas S. Kuhn".to_owned(),
                birth_year: Some(1922),
            },
            Author {
                display_name: "Ian Hacking".to_owned(),
                birth_year: None,
            },
        ],
        price: 18.5,
        pages: 264,
        in_print: true,
        series: None,
        blurb: Some(
            "A landmark in intellectual history: how \"normal science\" gives way to a new \
             paradigm."
                .to_owned(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_genre_is_a_number_and_absent_options_are_left_out() {
        let text = serde_json::to_string(&book()).unwrap();
        assert!(
            text.contains(r#""genre":3,"published":"2012-04-30""#),
            "{text}"
        );
        assert!(!text.contains("series"), "{text}");
        assert!(text.contains(r#"{"displayName":"Ian Hacking"}"#), "{text}");
        assert_eq!(fastwire::json::to_string(&book()), text);
    }
}
