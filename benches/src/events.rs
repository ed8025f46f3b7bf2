//! A generated event log: the workload for serde's enum representations and `flatten`, as
//! analytics and audit APIs send them.
//!
//! Each [`Envelope`] is one object: an id and a timestamp, the fields of [`Meta`] and any
//! number of extra string members flattened beside them, and an [`Event`] tagged by `"type"`
//! (internally tagged; one variant is a newtype over a struct, one is a unit). A purchase
//! carries a [`Payment`] tagged by `"method"` with its fields under `"details"` (adjacently
//! tagged); a custom event carries a [`Payload`] that is whatever it is (untagged); the
//! envelope's [`Channel`] is externally tagged with a catch-all variant that is not
//! (per-variant `untagged`):
//!
//! ```text
//! {"id":1733011200000001,"ts":"2026-12-01T00:00:01.473Z","source":"web","session":"3f2a…",
//!  "channel":{"ads":{"campaign":"winter-sale"}},
//!  "event":{"type":"purchase","item":"sku-10492","price_cents":1999,"currency":"EUR",
//!           "payment":{"method":"card","details":{"brand":"visa","last4":"4242"}}},
//!  "ab_bucket":"b","utm_source":"newsletter"}
//! ```
//!
//! serde reads every such object through a buffered tree of its own values (and an untagged
//! value by trying each variant against the buffer); fastwire collects the members as slices
//! of the input and reads each value once, where it is. Rows are pseudo-random but
//! deterministic (the fixed-seed generator of [`users`](mod@crate::users)).
//!
//! The types derive serde's and fastwire's traits but not zerompk's, and have no array-form
//! twins, so they are not declared with [`models!`](crate::models): zerompk reads no serde
//! attributes and has no tagged enums or flatten, and a flattened struct is always a map
//! (serde writes one even through `rmp_serde::to_vec`, and fastwire refuses `as_array` with
//! `flatten`). The MessagePack comparison of this workload is fastwire against rmp-serde, in
//! map form.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::users::XorShift64Star;

/// One entry of the log.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Envelope {
    /// A unique id, increasing through the log.
    pub id: u64,
    /// When it happened: RFC 3339 in UTC with milliseconds (`2026-12-01T00:00:01.473Z`).
    pub ts: String,
    /// Where it came from, flattened into the envelope.
    #[serde(flatten)]
    pub meta: Meta,
    /// What happened.
    pub event: Event,
    /// Every other member: tracking parameters and such, strings all.
    #[serde(flatten)]
    pub extra: BTreeMap<String, String>,
}

/// The origin of an event; its fields are members of the [`Envelope`].
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
pub struct Meta {
    /// The client: `web`, `ios`, `android` or `api`.
    pub source: String,
    /// The session, 16 hex digits.
    pub session: String,
    /// How the visitor arrived.
    pub channel: Channel,
    /// A distributed-tracing id, for about one event in three; left out when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<String>,
}

/// How a visitor arrived: externally tagged (`"organic"`, `{"ads":{"campaign":"..."}}`), with
/// a catch-all for any other referrer, written as its bare string.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// From a search engine.
    Organic,
    /// From a mailing.
    Email,
    /// From an advertisement.
    Ads {
        /// The campaign's slug.
        campaign: String,
    },
    /// From another site: its host name.
    #[serde(untagged)]
    Referral(String),
}

/// What happened, internally tagged: `{"type":"click","x":..}`.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A click on an element.
    Click {
        /// Horizontal position in CSS pixels.
        x: i32,
        /// Vertical position in CSS pixels.
        y: i32,
        /// A CSS selector of the element.
        target: String,
    },
    /// A completed order of one item.
    Purchase {
        /// The item's stock-keeping unit.
        item: String,
        /// The price in the currency's smallest unit.
        price_cents: u64,
        /// ISO 4217 code.
        currency: String,
        /// How it was paid.
        payment: Payment,
    },
    /// A sign-in; its fields sit beside the tag.
    Login(LoginInfo),
    /// A sign-out.
    Logout,
    /// An application-defined event.
    Custom {
        /// The event's name.
        name: String,
        /// Its value, of whatever shape.
        payload: Payload,
    },
}

/// A sign-in, the content of [`Event::Login`].
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LoginInfo {
    /// `password`, `sso` or `passkey`.
    pub method: String,
    /// Whether a second factor was asked for.
    pub mfa: bool,
    /// Failed attempts before this one (`failedAttempts`).
    pub failed_attempts: u32,
}

/// How a purchase was paid, adjacently tagged: `{"method":"card","details":{..}}`, and only the
/// tag for [`Payment::Cash`].
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(tag = "method", content = "details", rename_all = "snake_case")]
pub enum Payment {
    /// A payment card.
    Card {
        /// The card network (`visa`).
        brand: String,
        /// The card number's last four digits.
        last4: String,
    },
    /// A wallet service, by name.
    Wallet(String),
    /// A gift card: its remaining balance in cents.
    GiftCard(u64),
    /// Cash on delivery.
    Cash,
}

/// The value of a custom event, untagged: a string, a number or an object with `a` and `b`.
#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum Payload {
    /// A text value (a search query).
    Text(String),
    /// A number (a progress fraction, a rating).
    Number(f64),
    /// Two counters.
    Pair {
        /// The first.
        a: u32,
        /// The second.
        b: u32,
    },
}

/// The number of envelopes in the standard workload.
pub const STANDARD_COUNT: usize = 10_000;

/// Seed of the generator behind [`envelopes`].
const SEED: u64 = 0xD1B5_4A32_D192_ED03;

/// The first event's time: 2026-12-01T00:00:00Z, in milliseconds since the Unix epoch.
const START_MILLIS: u64 = 1_796_083_200_000;

/// The first event's id.
const START_ID: u64 = 1_733_011_200_000_000;

const SOURCES: &[&str] = &["web", "web", "web", "ios", "android", "api"];
const CAMPAIGNS: &[&str] = &["winter-sale", "brand-2026", "retarget-cart", "launch"];
const REFERRERS: &[&str] = &[
    "news.ycombinator.com",
    "www.reddit.com",
    "t.co",
    "github.com",
    "duckduckgo.com",
    "blog.example.org",
];
const TARGETS: &[&str] = &[
    "button#checkout",
    "a.nav-home",
    "div.card > a.title",
    "input[name=\"q\"]",
    "li.result:nth-child(3)",
    "button.add-to-cart",
];
const CURRENCIES: &[&str] = &["USD", "EUR", "GBP", "JPY", "CNY"];
const BRANDS: &[&str] = &["visa", "mastercard", "amex", "unionpay"];
const WALLETS: &[&str] = &["apple_pay", "google_pay", "paypal", "alipay"];
const LOGIN_METHODS: &[&str] = &["password", "password", "sso", "passkey"];
const CUSTOM_NAMES: &[&str] = &["search", "video_progress", "rating", "cart_size"];
const QUERIES: &[&str] = &[
    "wireless headphones",
    "rust serde flatten",
    "café près de moi",
    "防水 ジャケット",
    "size 10 \"trail\" shoes",
];
const EXTRA_KEYS: &[&str] = &[
    "utm_source",
    "utm_medium",
    "ab_bucket",
    "app_version",
    "locale",
    "x_request_id",
];
const EXTRA_VALUES: &[&str] = &[
    "newsletter",
    "cpc",
    "b",
    "5.12.0",
    "en-US",
    "de-DE",
    "social",
];

/// `ms` milliseconds since the Unix epoch as RFC 3339 in UTC with milliseconds.
fn rfc3339_millis(ms: u64) -> String {
    let (days, rest) = (ms / 86_400_000, ms % 86_400_000);
    // The civil date of a day count (Hinnant's `civil_from_days`), for days after 1970.
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    let (hour, minute) = (rest / 3_600_000, rest / 60_000 % 60);
    let (second, milli) = (rest / 1_000 % 60, rest % 1_000);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}Z")
}

fn hex(rng: &mut XorShift64Star) -> String {
    format!("{:016x}", rng.next_u64())
}

fn channel(rng: &mut XorShift64Star) -> Channel {
    match rng.below(20) {
        0..=7 => Channel::Organic,
        8..=11 => Channel::Email,
        12..=14 => Channel::Ads {
            campaign: rng.pick(CAMPAIGNS).to_owned(),
        },
        _ => Channel::Referral(rng.pick(REFERRERS).to_owned()),
    }
}

fn payment(rng: &mut XorShift64Star) -> Payment {
    match rng.below(10) {
        0..=5 => Payment::Card {
            brand: rng.pick(BRANDS).to_owned(),
            last4: format!("{:04}", rng.below(10_000)),
        },
        6..=7 => Payment::Wallet(rng.pick(WALLETS).to_owned()),
        8 => Payment::GiftCard(rng.below(50_000)),
        _ => Payment::Cash,
    }
}

fn payload(rng: &mut XorShift64Star) -> Payload {
    match rng.below(3) {
        0 => Payload::Text(rng.pick(QUERIES).to_owned()),
        1 => Payload::Number(rng.below(10_001) as f64 / 100.0),
        _ => Payload::Pair {
            a: rng.below(100) as u32,
            b: rng.below(1_000) as u32,
        },
    }
}

fn event(rng: &mut XorShift64Star) -> Event {
    match rng.below(20) {
        0..=8 => Event::Click {
            x: rng.below(1_920) as i32,
            y: rng.below(4_000) as i32 - 200,
            target: rng.pick(TARGETS).to_owned(),
        },
        9..=11 => Event::Purchase {
            item: format!("sku-{:05}", rng.below(100_000)),
            price_cents: 99 + rng.below(250_000),
            currency: rng.pick(CURRENCIES).to_owned(),
            payment: payment(rng),
        },
        12..=14 => Event::Login(LoginInfo {
            method: rng.pick(LOGIN_METHODS).to_owned(),
            mfa: rng.below(3) == 0,
            failed_attempts: if rng.below(5) == 0 {
                1 + rng.below(4) as u32
            } else {
                0
            },
        }),
        15..=16 => Event::Logout,
        _ => Event::Custom {
            name: rng.pick(CUSTOM_NAMES).to_owned(),
            payload: payload(rng),
        },
    }
}

fn extra(rng: &mut XorShift64Star) -> BTreeMap<String, String> {
    let count = match rng.below(10) {
        0..=3 => 0,
        4..=6 => 1,
        7..=8 => 2,
        _ => 3,
    };
    (0..count)
        .map(|_| {
            let key = rng.pick(EXTRA_KEYS);
            let value = if key == "x_request_id" {
                hex(rng)
            } else {
                rng.pick(EXTRA_VALUES).to_owned()
            };
            (key.to_owned(), value)
        })
        .collect()
}

/// Generates `n` envelopes, a second apart on average, in order of time and id. The same `n`
/// always gives the same rows, and `envelopes(n)` is a prefix of `envelopes(m)` for `n <= m`.
pub fn envelopes(n: usize) -> Vec<Envelope> {
    let mut rng = XorShift64Star::new(SEED);
    let mut millis = START_MILLIS;
    (0..n as u64)
        .map(|i| {
            millis += rng.below(2_000);
            Envelope {
                id: START_ID + i,
                ts: rfc3339_millis(millis),
                meta: Meta {
                    source: rng.pick(SOURCES).to_owned(),
                    session: hex(&mut rng),
                    channel: channel(&mut rng),
                    trace: (rng.below(3) == 0).then(|| hex(&mut rng)),
                },
                event: event(&mut rng),
                extra: extra(&mut rng),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps() {
        assert_eq!(rfc3339_millis(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339_millis(START_MILLIS), "2026-12-01T00:00:00.000Z");
        assert_eq!(rfc3339_millis(951_782_400_123), "2000-02-29T00:00:00.123Z");
        assert_eq!(
            rfc3339_millis(1_704_067_199_999),
            "2023-12-31T23:59:59.999Z"
        );
    }

    #[test]
    fn deterministic_and_prefix_stable() {
        let a = envelopes(500);
        let b = envelopes(1_000);
        assert_eq!(a[..], b[..500]);
        assert!(a
            .windows(2)
            .all(|w| w[0].ts <= w[1].ts && w[0].id < w[1].id));
    }

    /// Every representation occurs, so the workload exercises each of them.
    #[test]
    fn every_shape_occurs() {
        let all = envelopes(STANDARD_COUNT);
        let json = serde_json::to_string(&all).unwrap();
        for needle in [
            r#""type":"click""#,
            r#""type":"purchase""#,
            r#""type":"login","method""#,
            r#""type":"logout"}"#,
            r#""type":"custom""#,
            r#""method":"card","details":{"brand""#,
            r#""method":"gift_card","details":"#,
            r#""method":"cash"}"#,
            r#""payload":{"a":"#,
            r#""payload":""#,
            r#""channel":"organic""#,
            r#""channel":{"ads":"#,
            r#""channel":"t.co""#,
            r#""trace":""#,
            r#""utm_source":""#,
        ] {
            assert!(json.contains(needle), "no {needle} in the log");
        }
        assert!(all.iter().any(|e| e.extra.is_empty()));
        assert!(all.iter().any(|e| e.extra.len() >= 3));
    }
}
