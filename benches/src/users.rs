//! A generated list of users: the "20,000-row list returned from a web API" workload.
//!
//! Rows are pseudo-random but deterministic (a fixed-seed xorshift generator), so every run and
//! every machine encodes the same bytes. Each [`User`] has four string fields of the shapes a
//! typical API returns: a GUID, a calendar date, a person's name and a decimal amount as text.
//! Names mix ASCII with Latin-1, Cyrillic, Greek, CJK, Hangul, Devanagari and Arabic text, and a
//! few contain characters JSON must escape (quotes, backslashes, tabs, newlines, control
//! characters).
//!
//! Declared with [`models!`](crate::models): [`array`](mod@array) holds the array-form twin.

crate::models! {
    /// One row of the user list. Keys are camelCase (`id`, `regDate`, `name`, `score`).
    #[derive(Eq)]
    #[serde(rename_all = "camelCase")]
    pub struct User {
        /// A version-4 GUID in canonical form: 36 lowercase hex digits and hyphens,
        /// `8-4-4-4-12`.
        pub id: String,
        /// Registration date, `YYYY-MM-DD`.
        #[msgpack(key = "regDate")]
        pub reg_date: String,
        /// Full name, possibly non-ASCII and occasionally with characters JSON escapes.
        pub name: String,
        /// A score as decimal text with two fraction digits, like `"1234.56"`.
        pub score: String,
    }
}

/// The number of users in the standard workload (benchmarks and the `users` example).
pub const STANDARD_COUNT: usize = 20_000;

/// Seed of the generator behind [`users`].
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// xorshift64* (Vigna): small, fast, and good enough for test data. Also behind
/// [`events`](mod@crate::events).
pub(crate) struct XorShift64Star(u64);

impl XorShift64Star {
    pub(crate) fn new(seed: u64) -> Self {
        // The state must never be zero.
        Self(if seed == 0 { 1 } else { seed })
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (`n > 0`); the modulo bias is irrelevant for test data.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        (self.next_u64() >> 11) % n
    }

    pub(crate) fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const FIRST_NAMES: &[&str] = &[
    "Ada",
    "Alan",
    "Grace",
    "Linus",
    "Margaret",
    "Dennis",
    "Barbara",
    "Ken",
    "Frances",
    "Edsger",
    "Radia",
    "Donald",
    "Katherine",
    "Tim",
    "Hedy",
    "John",
    "Mary",
    "Robert",
    "Susan",
    "James",
    "José",
    "Zoë",
    "François",
    "Søren",
    "Łukasz",
    "Chloé",
    "Björn",
    "Ngọc",
    "Ольга",
    "Дмитрий",
    "Νίκος",
    "太郎",
    "美咲",
    "민준",
    "서연",
    "प्रिया",
    "محمد",
];

const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Lovelace",
    "Turing",
    "Hopper",
    "Torvalds",
    "Hamilton",
    "Ritchie",
    "Liskov",
    "Thompson",
    "Allen",
    "Dijkstra",
    "Perlman",
    "Knuth",
    "Johnson",
    "Lee",
    "Lamarr",
    "O'Brien",
    "Van der Berg",
    "Müller",
    "García",
    "Nguyễn",
    "Kowalski",
    "Østergaard",
    "Núñez",
    "Çelik",
    "Dubois",
    "Новиков",
    "Παπαδόπουλος",
    "山田",
    "佐藤",
    "김",
    "शर्मा",
    "الحسن",
];

const NICKNAMES: &[&str] = &["Bob", "Ace", "Doc", "Kiki", "Moose", "Ziggy", "Lulu", "Bär"];

/// Days in `month` (1-12) of `year` in the proleptic Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        _ => 31,
    }
}

fn guid(rng: &mut XorShift64Star) -> String {
    let hi = rng.next_u64();
    let lo = rng.next_u64();
    // Version 4 (random) in the high nibble of the third group; RFC 4122 variant (`10xx`) in
    // the high bits of the fourth.
    let time_low = hi >> 32;
    let time_mid = (hi >> 16) & 0xFFFF;
    let time_hi = (hi & 0x0FFF) | 0x4000;
    let clock_seq = ((lo >> 48) & 0x3FFF) | 0x8000;
    let node = lo & 0xFFFF_FFFF_FFFF;
    format!("{time_low:08x}-{time_mid:04x}-{time_hi:04x}-{clock_seq:04x}-{node:012x}")
}

fn reg_date(rng: &mut XorShift64Star) -> String {
    let year = 1990 + rng.below(36) as u32;
    let month = 1 + rng.below(12) as u32;
    let day = 1 + rng.below(u64::from(days_in_month(year, month))) as u32;
    format!("{year:04}-{month:02}-{day:02}")
}

fn name(rng: &mut XorShift64Star) -> String {
    let first = rng.pick(FIRST_NAMES);
    let last = rng.pick(LAST_NAMES);
    // About one name in fourteen holds something JSON must escape.
    match rng.below(100) {
        0..=2 => format!("{first} \"{}\" {last}", rng.pick(NICKNAMES)),
        3 => format!("{last}\\{first}"),
        4 => format!("{first}\t{last}"),
        5 => format!("{first} {last}\n"),
        6 => format!("{first}\u{1}{last}\u{7f}"),
        _ => format!("{first} {last}"),
    }
}

fn score(rng: &mut XorShift64Star) -> String {
    let cents = rng.below(10_000_000);
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Generates `n` users. The same `n` always gives the same rows, and `users(n)` is a prefix of
/// `users(m)` for `n <= m`.
pub fn users(n: usize) -> Vec<User> {
    let mut rng = XorShift64Star::new(SEED);
    (0..n)
        .map(|_| User {
            id: guid(&mut rng),
            reg_date: reg_date(&mut rng),
            name: name(&mut rng),
            score: score(&mut rng),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_prefix_stable() {
        let a = users(500);
        let b = users(1000);
        assert_eq!(a[..], b[..500]);
        assert_ne!(a[0], a[1]);
    }

    #[test]
    fn field_shapes() {
        let all = users(STANDARD_COUNT);
        let mut non_ascii = 0;
        let mut needs_escape = 0;
        for u in &all {
            let g = u.id.as_bytes();
            assert_eq!(g.len(), 36, "{}", u.id);
            for (i, &c) in g.iter().enumerate() {
                if matches!(i, 8 | 13 | 18 | 23) {
                    assert_eq!(c, b'-', "{}", u.id);
                } else {
                    assert!(matches!(c, b'0'..=b'9' | b'a'..=b'f'), "{}", u.id);
                }
            }
            assert_eq!(g[14], b'4');
            assert!(matches!(g[19], b'8' | b'9' | b'a' | b'b'));

            let (y, rest) = u.reg_date.split_at(4);
            let (m, d) = (&rest[1..3], &rest[4..6]);
            assert_eq!(u.reg_date.len(), 10);
            let (y, m, d): (u32, u32, u32) =
                (y.parse().unwrap(), m.parse().unwrap(), d.parse().unwrap());
            assert!(
                (1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m),
                "{}",
                u.reg_date
            );

            let (int, frac) = u.score.split_once('.').unwrap();
            assert!(int.parse::<u64>().is_ok() && frac.len() == 2 && frac.parse::<u8>().is_ok());

            if !u.name.is_ascii() {
                non_ascii += 1;
            }
            if u.name.chars().any(|c| c == '"' || c == '\\' || c < ' ') {
                needs_escape += 1;
            }
        }
        assert!(non_ascii > STANDARD_COUNT / 10, "{non_ascii}");
        assert!(needs_escape > STANDARD_COUNT / 50, "{needs_escape}");
        assert!(needs_escape < STANDARD_COUNT / 5, "{needs_escape}");
    }
}
