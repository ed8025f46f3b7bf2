//! Generated rows of domain types: the user list of the motivating case with its real types
//! (`{ Id: Uuid, RegDate: NaiveDate, Name: String, Score: Decimal }`), and a date-heavy
//! record (several instants, a date, a local date-time, a decimal and an id), encoded by each
//! library through the types' own impls (serde's for serde_json, sonic-rs and rmp-serde;
//! fastwire's `chrono`, `uuid` and `rust_decimal` features for fastwire).
//!
//! Rows are pseudo-random but deterministic (the fixed-seed generator of
//! [`users`](mod@crate::users)).

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::users::XorShift64Star;

/// One user of the list.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "PascalCase")]
pub struct TypedUser {
    /// A version-4 id.
    pub id: Uuid,
    /// The day the user registered.
    pub reg_date: NaiveDate,
    /// The user's name.
    pub name: String,
    /// A score with two decimal places.
    pub score: Decimal,
}

/// An order with the dates and instants such records carry.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct DatedRecord {
    /// The order's id.
    pub id: Uuid,
    /// When it was placed, in UTC with milliseconds.
    pub created_at: DateTime<Utc>,
    /// When it was last changed, with the offset of the office that changed it.
    pub updated_at: DateTime<FixedOffset>,
    /// When it shipped, if it has (microseconds).
    pub shipped_at: Option<DateTime<Utc>>,
    /// The day it is due.
    pub due: NaiveDate,
    /// The delivery slot, a wall-clock time at the destination.
    pub slot: NaiveDateTime,
    /// Its total.
    pub total: Decimal,
}

/// The number of users in the standard list.
pub const STANDARD_USERS: usize = 20_000;

/// The number of users in the large list: time per row must stay what it is at
/// [`STANDARD_USERS`].
pub const LARGE_USERS: usize = 300_000;

/// The number of records in the standard batch.
pub const STANDARD_RECORDS: usize = 10_000;

const SEED: u64 = 0x2545_F491_4F6C_DD1D;

const NAMES: &[&str] = &[
    "Ada Lovelace",
    "Grace Hopper",
    "Линус Торвальдс",
    "高德纳",
    "Margaret Hamilton",
    "Edsger Dijkstra",
    "김연아",
    "Barbara Liskov",
];

fn uuid_v4(rng: &mut XorShift64Star) -> Uuid {
    let bits = (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64());
    // Version 4, variant 1.
    Uuid::from_u128((bits & !(0xF << 76) & !(0x3 << 62)) | (0x4 << 76) | (0x2 << 62))
}

fn date(rng: &mut XorShift64Star) -> NaiveDate {
    let first = NaiveDate::from_ymd_opt(2000, 1, 1).expect("a valid date");
    first + chrono::Days::new(rng.below(9_500))
}

/// `n` users, the same for every `n` (a prefix of any longer list).
pub fn typed_users(n: usize) -> Vec<TypedUser> {
    let mut rng = XorShift64Star::new(SEED);
    (0..n)
        .map(|i| TypedUser {
            id: uuid_v4(&mut rng),
            reg_date: date(&mut rng),
            name: format!("{} {i}", rng.pick(NAMES)),
            score: Decimal::new(rng.below(10_000_000) as i64, 2),
        })
        .collect()
}

/// `n` records, the same for every `n`.
pub fn dated_records(n: usize) -> Vec<DatedRecord> {
    let mut rng = XorShift64Star::new(SEED ^ 0xFF);
    let offsets = [0, 3600, -18_000, 19_800, 32_400, -12_600];
    (0..n)
        .map(|_| {
            let created = 1_600_000_000 + rng.below(200_000_000) as i64;
            let millis = rng.below(1000) as u32 * 1_000_000;
            let created_at = DateTime::from_timestamp(created, millis).expect("in range");
            let offset = offsets[rng.below(offsets.len() as u64) as usize];
            let updated_at = DateTime::from_timestamp(created + rng.below(900_000) as i64, 0)
                .expect("in range")
                .with_timezone(&FixedOffset::east_opt(offset).expect("a valid offset"));
            let shipped_at = (rng.below(3) > 0).then(|| {
                let micros = rng.below(1_000_000) as u32 * 1000;
                DateTime::from_timestamp(created + rng.below(2_000_000) as i64, micros)
                    .expect("in range")
            });
            let due = date(&mut rng);
            let slot = due
                .and_hms_opt(8 + rng.below(10) as u32, 15 * rng.below(4) as u32, 0)
                .expect("a valid time");
            DatedRecord {
                id: uuid_v4(&mut rng),
                created_at,
                updated_at,
                shipped_at,
                due,
                slot,
                total: Decimal::new(rng.below(100_000_000) as i64, 2),
            }
        })
        .collect()
}
