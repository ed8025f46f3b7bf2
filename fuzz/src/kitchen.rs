//! `Kitchen`: one type holding every kind of attribute and every domain type fastwire reads
//! and writes itself: renames and aliases, defaults, skips, borrowed `&str` and `Cow` (with
//! `#[serde(borrow)]`), tuples, arrays, maps with integer and char keys, unit, newtype and
//! tuple structs, internally, adjacently and externally tagged enums, untagged enums and an
//! untagged variant, `deny_unknown_fields`, two flattened fields (a struct and a map taking
//! the rest), chrono and time dates and instants, `Uuid`, `Decimal` and bytes.

use std::borrow::Cow;
use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Result, Unstructured};
use chrono::Datelike;
use serde::{Deserialize, Serialize};

/// Every attribute kind and domain type in one value.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Kitchen<'a> {
    pub small: u8,
    #[serde(rename = "I16", alias = "i16_alias")]
    pub renamed: i16,
    pub wide: u128,
    pub signed_wide: i128,
    pub single: f32,
    pub double: f64,
    pub letter: char,
    pub flag: bool,
    #[serde(default)]
    pub defaulted: Vec<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maybe: Option<Option<String>>,
    #[serde(skip)]
    #[arbitrary(default)]
    pub skipped: u32,
    #[arbitrary(with = plain_str)]
    pub borrowed: &'a str,
    #[serde(borrow)]
    pub cow: Cow<'a, str>,
    pub pair: (u8, String),
    pub fixed: [u16; 3],
    pub by_number: BTreeMap<u32, String>,
    pub by_signed: BTreeMap<i64, bool>,
    pub by_char: BTreeMap<char, u8>,
    pub unit: Unit,
    pub newtype: Newtype,
    pub tuple: Tuple,
    pub shapes: Vec<Shape>,
    pub adjacent: Vec<Adjacent>,
    pub untagged: Vec<Untagged>,
    pub external: Vec<External>,
    pub mixed: Vec<Mixed>,
    pub strict: Option<Strict>,
    #[serde(flatten)]
    pub flat: Flat,
    #[arbitrary(with = naive_date)]
    pub date: chrono::NaiveDate,
    #[arbitrary(with = fixed_instant)]
    pub instant: chrono::DateTime<chrono::FixedOffset>,
    #[arbitrary(with = utc_instant)]
    pub utc: chrono::DateTime<chrono::Utc>,
    #[arbitrary(with = time_date)]
    pub day: time::Date,
    #[arbitrary(with = time_instant)]
    pub when: time::OffsetDateTime,
    #[arbitrary(with = uuid)]
    pub id: uuid::Uuid,
    #[arbitrary(with = decimal)]
    pub amount: rust_decimal::Decimal,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    pub bytes: Vec<u8>,
    #[serde(flatten)]
    pub rest: BTreeMap<String, Option<i64>>,
}

#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Unit;

#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Newtype(pub u32);

#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Tuple(pub String, pub i8);

/// Internally tagged.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    Circle { radius: f64 },
    Square { side: u32 },
    Named(Named),
    Nothing,
}

#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Named {
    pub name: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Adjacently tagged.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
#[serde(tag = "t", content = "c")]
pub enum Adjacent {
    Number(i64),
    Pair(u8, u8),
    Record { a: bool },
    Empty,
}

/// Untagged.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
#[serde(untagged)]
pub enum Untagged {
    Small(u8),
    Negative(i64),
    Text(String),
    Point { x: f64, y: f64 },
    List(Vec<u16>),
    Nothing(()),
}

/// Externally tagged, with a catch-all unit variant.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub enum External {
    Unit,
    Newtype(String),
    Tuple(u8, bool),
    Struct {
        #[serde(rename = "inner")]
        value: i32,
    },
    #[serde(other)]
    Unknown,
}

/// Externally tagged, with an untagged variant tried when no tag matches.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub enum Mixed {
    Known(u8),
    #[serde(rename_all = "camelCase")]
    Spelled {
        first_name: String,
    },
    #[serde(untagged)]
    Fallback(Vec<bool>),
}

/// Every key must be known.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
#[serde(deny_unknown_fields)]
pub struct Strict {
    pub a: u32,
    #[serde(default)]
    pub b: Vec<Strict>,
}

/// Flattened into `Kitchen`.
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Arbitrary, Debug, Clone, PartialEq,
)]
pub struct Flat {
    pub flat_a: u32,
    #[serde(default)]
    pub flat_b: Option<String>,
}

/// A string with nothing JSON escapes, so that the JSON text can lend it back as `&str`.
fn plain_str<'a>(u: &mut Unstructured<'a>) -> Result<&'a str> {
    let text = <&'a str>::arbitrary(u)?;
    let end = text
        .find(|c: char| c == '"' || c == '\\' || c < ' ')
        .unwrap_or(text.len());
    Ok(&text[..end])
}

fn naive_date(u: &mut Unstructured) -> Result<chrono::NaiveDate> {
    let (min, max) = (chrono::NaiveDate::MIN, chrono::NaiveDate::MAX);
    let days = u.int_in_range(min.num_days_from_ce()..=max.num_days_from_ce())?;
    Ok(chrono::NaiveDate::from_num_days_from_ce_opt(days).unwrap_or_default())
}

fn utc_instant(u: &mut Unstructured) -> Result<chrono::DateTime<chrono::Utc>> {
    let (min, max) = (
        chrono::DateTime::<chrono::Utc>::MIN_UTC,
        chrono::DateTime::<chrono::Utc>::MAX_UTC,
    );
    let seconds = u.int_in_range(min.timestamp()..=max.timestamp())?;
    let nanos = u.int_in_range(0..=1_999_999_999)?;
    Ok(chrono::DateTime::from_timestamp(seconds, nanos).unwrap_or_default())
}

fn fixed_instant(u: &mut Unstructured) -> Result<chrono::DateTime<chrono::FixedOffset>> {
    let instant = utc_instant(u)?;
    let offset = u.int_in_range(-86_399..=86_399)?;
    let offset =
        chrono::FixedOffset::east_opt(offset).unwrap_or(chrono::FixedOffset::east_opt(0).unwrap());
    // Instants near the ends of the range cannot be shown in every offset.
    match instant.naive_utc().checked_add_offset(offset) {
        Some(_) => Ok(instant.with_timezone(&offset)),
        None => Ok(instant.fixed_offset()),
    }
}

fn time_date(u: &mut Unstructured) -> Result<time::Date> {
    let day = u.int_in_range(time::Date::MIN.to_julian_day()..=time::Date::MAX.to_julian_day())?;
    Ok(time::Date::from_julian_day(day).unwrap_or(time::Date::MIN))
}

fn time_instant(u: &mut Unstructured) -> Result<time::OffsetDateTime> {
    let date = time_date(u)?;
    let clock = time::Time::from_hms_nano(
        u.int_in_range(0..=23)?,
        u.int_in_range(0..=59)?,
        u.int_in_range(0..=59)?,
        u.int_in_range(0..=999_999_999)?,
    )
    .unwrap_or(time::Time::MIDNIGHT);
    let offset = time::UtcOffset::from_hms(
        u.int_in_range(-25..=25)?,
        u.int_in_range(-59..=59)?,
        u.int_in_range(-59..=59)?,
    )
    .unwrap_or(time::UtcOffset::UTC);
    Ok(time::OffsetDateTime::new_in_offset(date, clock, offset))
}

fn uuid(u: &mut Unstructured) -> Result<uuid::Uuid> {
    Ok(uuid::Uuid::from_u128(u.arbitrary()?))
}

fn decimal(u: &mut Unstructured) -> Result<rust_decimal::Decimal> {
    Ok(rust_decimal::Decimal::from_parts(
        u.arbitrary()?,
        u.arbitrary()?,
        u.arbitrary()?,
        u.arbitrary()?,
        u.int_in_range(0..=28)?,
    ))
}

/// Equal, except that an `f32` read from JSON may differ by one unit in the last place: serde_json
/// reads an `f64` and rounds it again to `f32`, fastwire rounds the decimal text once.
pub fn json_same(ours: &Kitchen, oracle: &Kitchen) -> bool {
    let close = ours.single == oracle.single
        || (ours.single.is_finite()
            && oracle.single.is_finite()
            && ours.single.to_bits().abs_diff(oracle.single.to_bits()) == 1);
    close
        && *ours
            == Kitchen {
                single: ours.single,
                ..oracle.clone()
            }
}

/// Where rmp-serde accepts what fastwire refuses on purpose for this type: a negative integer
/// read as `u128` (rmp-serde wraps it around).
pub fn msgpack_allowed(oracle: &Kitchen, error: &str) -> bool {
    error.contains(" at wide (") && oracle.wide >= 1 << 127
}
