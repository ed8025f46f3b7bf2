//! The oracle test of the hand-written encoders and decoders (`fastwire_benches::handwritten`).
//!
//! Encoding: the bytes equal `serde_json::to_vec` and `rmp_serde::to_vec_named` exactly, for
//! the benchmark values and for edge values (every escape, extreme integers, awkward floats,
//! decimals of every scale, dates outside `0..=9999`).
//!
//! Decoding: those bytes decode to the original values and encode back to the same bytes (so
//! a negative zero or a decimal's scale survives); serde_json's pretty output decodes too, and
//! so do MessagePack encodings with wider headers than rmp-serde's (which rmp-serde also
//! reads); every truncation and a list of corruptions is an error, and random mutations never
//! panic.

use std::fmt::Debug;

use chrono::NaiveDate;
use fastwire_benches::handwritten::{json, msgpack, Error};
use fastwire_benches::records::{typed_users, TypedUser};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker, TsCjk, TsShort, TsTicker};
use rust_decimal::Decimal;
use serde::de::DeserializeOwned;
use serde::Serialize;
use uuid::Uuid;

/// One shape's encoder and decoder in one format.
struct Codec<T> {
    encode: fn(&T, &mut Vec<u8>),
    decode: fn(&[u8]) -> Result<T, Error>,
}

fn json_users() -> Codec<Vec<TypedUser>> {
    Codec {
        encode: |users, out| json::encode_users(users, out),
        decode: json::decode_users,
    }
}

fn msgpack_users() -> Codec<Vec<TypedUser>> {
    Codec {
        encode: |users, out| msgpack::encode_users(users, out),
        decode: msgpack::decode_users,
    }
}

const JSON_SHORT: Codec<TsShort> = Codec {
    encode: json::encode_ts_short,
    decode: json::decode_ts_short,
};
const JSON_CJK: Codec<TsCjk> = Codec {
    encode: json::encode_ts_cjk,
    decode: json::decode_ts_cjk,
};
const JSON_TICKER: Codec<TsTicker> = Codec {
    encode: json::encode_ts_ticker,
    decode: json::decode_ts_ticker,
};
const MSGPACK_SHORT: Codec<TsShort> = Codec {
    encode: msgpack::encode_ts_short,
    decode: msgpack::decode_ts_short,
};
const MSGPACK_CJK: Codec<TsCjk> = Codec {
    encode: msgpack::encode_ts_cjk,
    decode: msgpack::decode_ts_cjk,
};
const MSGPACK_TICKER: Codec<TsTicker> = Codec {
    encode: msgpack::encode_ts_ticker,
    decode: msgpack::decode_ts_ticker,
};

impl<T: Serialize + DeserializeOwned + PartialEq + Debug> Codec<T> {
    fn encode(&self, value: &T) -> Vec<u8> {
        let mut out = b"prefix".to_vec();
        (self.encode)(value, &mut out);
        assert_eq!(&out[..6], b"prefix", "the encoder appends");
        out.split_off(6)
    }

    /// The bytes equal `expected`, decode to `value`, and encode back to themselves.
    fn check(&self, value: &T, expected: &[u8]) {
        let bytes = self.encode(value);
        if bytes != expected {
            panic!(
                "encoding {value:?}\n ours: {}\nserde: {}",
                String::from_utf8_lossy(&bytes),
                String::from_utf8_lossy(expected)
            );
        }
        let decoded = (self.decode)(&bytes).unwrap_or_else(|e| panic!("decoding {value:?}: {e}"));
        assert_eq!(&decoded, value);
        assert_eq!(self.encode(&decoded), bytes, "re-encoding {value:?}");
    }

    fn check_json(&self, value: &T) {
        self.check(value, &serde_json::to_vec(value).unwrap());
        let pretty = serde_json::to_vec_pretty(value).unwrap();
        let decoded = (self.decode)(&pretty).unwrap_or_else(|e| panic!("decoding pretty: {e}"));
        assert_eq!(&decoded, value);
    }

    fn check_msgpack(&self, value: &T) {
        self.check(value, &rmp_serde::to_vec_named(value).unwrap());
    }

    /// Every proper prefix of `value`'s encoding is an error within the prefix.
    fn check_truncations(&self, value: &T) {
        let bytes = self.encode(value);
        for len in 0..bytes.len() {
            match (self.decode)(&bytes[..len]) {
                Ok(decoded) => panic!("{len} of {} bytes decoded to {decoded:?}", bytes.len()),
                Err(error) => assert!(error.offset() <= len, "{error} in {len} bytes"),
            }
        }
    }

    /// Random byte changes to `value`'s encoding never panic, and an error's offset is within
    /// the input.
    fn check_mutations(&self, value: &T, seed: u64) {
        let bytes = self.encode(value);
        let mut rng = seed;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..3000 {
            let mut input = bytes.clone();
            for _ in 0..1 + next() % 3 {
                let at = (next() % input.len() as u64) as usize;
                match next() % 4 {
                    0 => input[at] = next() as u8,
                    1 => input[at] ^= 1 << (next() % 8),
                    2 => {
                        input.remove(at);
                    }
                    _ => input.insert(at, b"\"\\{}[],:0 \xff\xc0"[(next() % 12) as usize]),
                }
                if input.is_empty() {
                    break;
                }
            }
            if let Err(error) = (self.decode)(&input) {
                assert!(error.offset() <= input.len());
            }
        }
    }

    fn check_rejects(&self, input: &[u8]) -> Error {
        match (self.decode)(input) {
            Ok(value) => panic!("{:?} decoded to {value:?}", String::from_utf8_lossy(input)),
            Err(error) => {
                assert!(error.offset() <= input.len());
                error
            }
        }
    }
}

/// Every ASCII character (each control character, `"`, `\`, DEL) and some beyond.
fn every_escape() -> String {
    let mut text: String = (0u8..0x80).map(char::from).collect();
    text.push_str("\"\\/\u{7f}é中文🎉\u{2028}\u{feff}한국어\\\"");
    text
}

fn strings() -> Vec<String> {
    let mut strings = vec![
        String::new(),
        every_escape(),
        "\"".to_owned(),
        "\\".to_owned(),
        "\n".to_owned(),
        "\u{1f}".to_owned(),
        "ab\"cd\\ef\u{0}gh".to_owned(),
        "Линус Торвальдс".to_owned(),
        "x".repeat(31),
        "x".repeat(32),
        "é".repeat(128),
        "y".repeat(255),
        "y".repeat(256),
        "z".repeat(65_535),
        "z".repeat(65_536),
    ];
    // An escape at every position of the sixteen-byte, eight-byte and one-byte steps of the
    // scan for bytes to escape.
    for at in 0..30 {
        strings.push(format!("{}\t{}", "a".repeat(at), "b".repeat(29 - at)));
    }
    strings
}

fn edge_shorts() -> Vec<TsShort> {
    let strings = strings();
    let ids = [
        0,
        1,
        127,
        128,
        255,
        256,
        65_535,
        65_536,
        u64::from(u32::MAX),
        u64::MAX,
    ];
    (0..strings.len().max(ids.len()))
        .map(|i| {
            let text = |k: usize| strings[(i + k) % strings.len()].clone();
            TsShort {
                id: ids[i % ids.len()],
                name: text(0),
                email: text(1),
                city: text(2),
                country: text(3),
                status: text(4),
                language: text(5),
            }
        })
        .collect()
}

fn edge_cjks() -> Vec<TsCjk> {
    let strings = strings();
    (0..strings.len())
        .map(|i| TsCjk {
            id: i as u64 * 1_000_003,
            title: strings[i].clone(),
            author: strings[(i + 1) % strings.len()].clone(),
            summary: strings[(i + 2) % strings.len()].clone(),
            body: strings[(i + 3) % strings.len()].clone(),
        })
        .collect()
}

const FLOATS: [f64; 22] = [
    0.0,
    -0.0,
    0.1,
    -0.1,
    1.0,
    -1.5,
    1e300,
    -1e300,
    5e-324,
    -5e-324,
    f64::MAX,
    f64::MIN,
    f64::MIN_POSITIVE,
    f64::EPSILON,
    1e21,
    1e22,
    1e-7,
    123_456_789_012_345_680.0,
    1_688.88,
    5_801_234_567.89,
    9_007_199_254_740_993.0,
    // The largest subnormal.
    f64::from_bits(0x000f_ffff_ffff_ffff),
];

const INTEGERS: [i64; 18] = [
    0,
    1,
    -1,
    127,
    128,
    -32,
    -33,
    -128,
    -129,
    255,
    256,
    -32_768,
    -32_769,
    65_536,
    i32::MIN as i64 - 1,
    1 << 32,
    i64::MIN,
    i64::MAX,
];

fn edge_tickers() -> Vec<TsTicker> {
    let base = ts_ticker();
    let unsigned = [0, 127, 128, 255, 65_536, u64::from(u32::MAX) + 1, u64::MAX];
    let small = [0, 1, 255, 65_535, 65_536, u32::MAX];
    (0..FLOATS.len())
        .map(|i| {
            let float = |k: usize| FLOATS[(i + k) % FLOATS.len()];
            TsTicker {
                c: "\"\u{0}\u{1f}".to_owned(),
                k: String::new(),
                t: INTEGERS[i % INTEGERS.len()],
                max: float(0),
                cn1: float(1),
                cn2: float(2),
                cn3: float(3),
                cn4: float(4),
                cn5: unsigned[i % unsigned.len()],
                cn6: float(5),
                cn7: float(6),
                cn8: small[i % small.len()],
                ..base.clone()
            }
        })
        .collect()
}

fn edge_decimals() -> Vec<Decimal> {
    let mantissas: [i128; 14] = [
        0,
        1,
        -1,
        5,
        -5,
        10,
        -100,
        12_345,
        999_999,
        i128::from(i64::MAX),
        i128::from(i64::MIN),
        (1 << 96) - 1,
        -((1 << 96) - 1),
        10_i128.pow(28),
    ];
    let mut decimals = Vec::new();
    for mantissa in mantissas {
        for scale in 0..=28 {
            decimals.push(Decimal::from_i128_with_scale(mantissa, scale));
        }
    }
    let mut negative_zero = Decimal::new(0, 2);
    negative_zero.set_sign_negative(true);
    decimals.push(negative_zero);
    decimals.push(-Decimal::ZERO);
    decimals.extend([
        Decimal::MAX,
        Decimal::MIN,
        Decimal::ONE_HUNDRED,
        Decimal::new(-7, 3),
    ]);
    decimals
}

fn edge_dates() -> Vec<NaiveDate> {
    let ymd = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    vec![
        NaiveDate::MIN,
        NaiveDate::MAX,
        ymd(0, 1, 1),
        ymd(-1, 12, 31),
        ymd(-999, 6, 15),
        ymd(-1000, 6, 15),
        ymd(-10_000, 1, 1),
        ymd(1, 1, 1),
        ymd(999, 9, 9),
        ymd(2024, 2, 29),
        ymd(9999, 12, 31),
        ymd(10_000, 1, 1),
        ymd(123_456, 7, 8),
    ]
}

/// Users with every edge decimal, date, id and string.
fn edge_users() -> Vec<TypedUser> {
    let decimals = edge_decimals();
    let dates = edge_dates();
    let strings = strings();
    let ids = [
        Uuid::nil(),
        Uuid::max(),
        Uuid::from_u128(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210),
    ];
    (0..decimals.len())
        .map(|i| TypedUser {
            id: ids[i % ids.len()],
            reg_date: dates[i % dates.len()],
            name: strings[i % strings.len()].clone(),
            score: decimals[i],
        })
        .collect()
}

#[test]
fn json_users_equal_serde_json() {
    let users = typed_users(2000);
    json_users().check_json(&users);
    json_users().check_json(&Vec::new());
    json_users().check_json(&users[..1].to_vec());
    json_users().check_json(&edge_users());
}

#[test]
fn msgpack_users_equal_rmp_serde() {
    let users = typed_users(2000);
    msgpack_users().check_msgpack(&users);
    msgpack_users().check_msgpack(&Vec::new());
    msgpack_users().check_msgpack(&users[..15].to_vec());
    msgpack_users().check_msgpack(&users[..16].to_vec());
    msgpack_users().check_msgpack(&typed_users(70_000));
    msgpack_users().check_msgpack(&edge_users());
}

#[test]
fn every_decimal_and_date_is_written_as_serde_writes_it() {
    for score in edge_decimals() {
        let user = vec![TypedUser {
            score,
            ..typed_users(1).remove(0)
        }];
        json_users().check_json(&user);
        msgpack_users().check_msgpack(&user);
    }
    for reg_date in edge_dates() {
        let user = vec![TypedUser {
            reg_date,
            ..typed_users(1).remove(0)
        }];
        json_users().check_json(&user);
        msgpack_users().check_msgpack(&user);
    }
}

#[test]
fn ts_values_equal_serde() {
    JSON_SHORT.check_json(&ts_short());
    JSON_CJK.check_json(&ts_cjk());
    JSON_TICKER.check_json(&ts_ticker());
    MSGPACK_SHORT.check_msgpack(&ts_short());
    MSGPACK_CJK.check_msgpack(&ts_cjk());
    MSGPACK_TICKER.check_msgpack(&ts_ticker());
}

#[test]
fn edge_values_equal_serde() {
    for value in edge_shorts() {
        JSON_SHORT.check_json(&value);
        MSGPACK_SHORT.check_msgpack(&value);
    }
    for value in edge_cjks() {
        JSON_CJK.check_json(&value);
        MSGPACK_CJK.check_msgpack(&value);
    }
    for value in edge_tickers() {
        JSON_TICKER.check_json(&value);
        MSGPACK_TICKER.check_msgpack(&value);
    }
}

#[test]
fn non_finite_floats_are_written_as_serde_writes_them() {
    for float in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let value = TsTicker {
            max: float,
            ..ts_ticker()
        };
        let bytes = JSON_TICKER.encode(&value);
        assert_eq!(bytes, serde_json::to_vec(&value).unwrap());
        // `null` is no float, for serde_json either.
        assert!(serde_json::from_slice::<TsTicker>(&bytes).is_err());
        JSON_TICKER.check_rejects(&bytes);
        let bytes = MSGPACK_TICKER.encode(&value);
        assert_eq!(bytes, rmp_serde::to_vec_named(&value).unwrap());
        let decoded = (MSGPACK_TICKER.decode)(&bytes).unwrap();
        assert_eq!(decoded.max.to_bits(), float.to_bits());
    }
}

#[test]
fn json_escapes_decode_as_serde_json_decodes_them() {
    let names = [
        r#""\u00e9\u00E9\/\b\f\n\r\t\"\\""#,
        r#""\ud83c\udf89 \uD83C\uDF89 \u0000 \u001F \u2028""#,
        r#""plain \u4e2d文""#,
        r#""\\\\\\""#,
        r#""""#,
    ];
    for name in names {
        let input = format!(
            r#"{{"id":1,"name":{name},"email":"","city":"","country":"","status":"","language":{name}}}"#
        );
        let expected: TsShort = serde_json::from_str(&input).unwrap();
        assert_eq!(
            json::decode_ts_short(input.as_bytes()).unwrap(),
            expected,
            "{input}"
        );
    }
}

#[test]
fn json_numbers_decode_as_the_standard_library_parses_them() {
    let numbers = [
        "0",
        "-0",
        "1",
        "-1",
        "0.1",
        "1e300",
        "1E-300",
        "5e-324",
        "2e-324",
        "1.7976931348623157e308",
        "123456789012345678901234567890",
        "0.30000000000000004",
        "1e+2",
        "-0.0e0",
        "2.2250738585072011e-308",
        "9007199254740993",
    ];
    for number in numbers {
        let input = ticker_json_with("Max", number);
        let decoded = json::decode_ts_ticker(input.as_bytes()).unwrap();
        assert_eq!(
            decoded.max.to_bits(),
            number.parse::<f64>().unwrap().to_bits(),
            "{number}"
        );
    }
    // Random short numbers, most of them in the range of the exact fast path, some beyond.
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..20_000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let digits = rng % 10_u64.pow(1 + (rng >> 60) as u32 % 19);
        let point = (rng >> 20) as usize % 22;
        let mut number = digits.to_string();
        if (1..number.len()).contains(&point) {
            number.insert(point, '.');
        }
        if rng >> 63 == 1 {
            number.insert(0, '-');
        }
        if (rng >> 40) % 3 == 1 {
            number.push_str(&format!("e{}", (rng >> 44) as i32 % 40 - 20));
        }
        let input = ticker_json_with("Max", &number);
        let decoded = json::decode_ts_ticker(input.as_bytes()).unwrap();
        assert_eq!(
            decoded.max.to_bits(),
            number.parse::<f64>().unwrap().to_bits(),
            "{number}"
        );
    }
    for (field, text, value) in [
        ("T", "-9223372036854775808", i64::MIN),
        ("T", "9223372036854775807", i64::MAX),
        ("T", "-0", 0),
    ] {
        let decoded = json::decode_ts_ticker(ticker_json_with(field, text).as_bytes()).unwrap();
        assert_eq!(decoded.t, value);
    }
    let decoded =
        json::decode_ts_ticker(ticker_json_with("Cn5", "18446744073709551615").as_bytes()).unwrap();
    assert_eq!(decoded.cn5, u64::MAX);
}

/// The benchmark ticker in JSON with the number of `field` replaced by the text `value`.
fn ticker_json_with(field: &str, value: &str) -> String {
    let json = serde_json::to_string(&ts_ticker()).unwrap();
    let key = format!("\"{field}\":");
    let start = json.find(&key).expect("the field") + key.len();
    let end = start
        + json[start..]
            .find([',', '}'])
            .expect("the end of the number");
    format!("{}{value}{}", &json[..start], &json[end..])
}

#[test]
fn json_whitespace_is_allowed_everywhere() {
    let users = typed_users(3);
    let compact = String::from_utf8(serde_json::to_vec(&users).unwrap()).unwrap();
    let mut spaced = String::from(" \n\t\r");
    let mut in_string = false;
    for c in compact.chars() {
        spaced.push(c);
        if c == '"' {
            in_string = !in_string;
        }
        if !in_string {
            spaced.push_str(" \r\n\t");
        }
    }
    assert_eq!(json::decode_users(spaced.as_bytes()).unwrap(), users);
    assert_eq!(json::decode_users(b" [ ] ").unwrap(), Vec::new());
}

#[test]
fn truncations_are_errors() {
    json_users().check_truncations(&typed_users(20));
    msgpack_users().check_truncations(&typed_users(20));
    let edge: Vec<TypedUser> = edge_users()
        .into_iter()
        .filter(|user| user.name.len() < 300)
        .take(40)
        .collect();
    json_users().check_truncations(&edge);
    msgpack_users().check_truncations(&edge);
    JSON_SHORT.check_truncations(&ts_short());
    JSON_CJK.check_truncations(&ts_cjk());
    JSON_TICKER.check_truncations(&ts_ticker());
    MSGPACK_SHORT.check_truncations(&ts_short());
    MSGPACK_CJK.check_truncations(&ts_cjk());
    MSGPACK_TICKER.check_truncations(&ts_ticker());
    for value in &edge_shorts()[..3] {
        JSON_SHORT.check_truncations(value);
        MSGPACK_SHORT.check_truncations(value);
    }
    for value in &edge_tickers()[..4] {
        JSON_TICKER.check_truncations(value);
        MSGPACK_TICKER.check_truncations(value);
    }
}

#[test]
fn mutations_never_panic() {
    json_users().check_mutations(&edge_users()[..12].to_vec(), 1);
    msgpack_users().check_mutations(&edge_users()[..12].to_vec(), 2);
    JSON_SHORT.check_mutations(&edge_shorts()[1], 3);
    MSGPACK_SHORT.check_mutations(&edge_shorts()[1], 4);
    JSON_TICKER.check_mutations(&ts_ticker(), 5);
    MSGPACK_TICKER.check_mutations(&ts_ticker(), 6);
    JSON_CJK.check_mutations(&ts_cjk(), 7);
    MSGPACK_CJK.check_mutations(&ts_cjk(), 8);
}

/// serde_json's encoding of the benchmark `TsShort` with `from` replaced by `to`.
fn short_json_replacing(from: &str, to: &[u8]) -> Vec<u8> {
    let json = serde_json::to_vec(&ts_short()).unwrap();
    let at = json
        .windows(from.len())
        .position(|window| window == from.as_bytes())
        .expect("the text to replace");
    [&json[..at], to, &json[at + from.len()..]].concat()
}

#[test]
fn corrupt_json_is_an_error() {
    let replacements: &[(&str, &[u8])] = &[
        (r#""name""#, br#""Name""#),
        (r#""name""#, br#""\u006eame""#),
        (r#""name":"alice","#, b""),
        (r#""alice""#, br#""al\xice""#),
        (r#""alice""#, br#""al\u12""#),
        (r#""alice""#, br#""al\u12g4""#),
        (r#""alice""#, br#""\ud800""#),
        (r#""alice""#, br#""\ud800\u0041""#),
        (r#""alice""#, br#""\ud800\ud800""#),
        (r#""alice""#, br#""\udc00""#),
        (r#""alice""#, b"\"al\xffice\""),
        (r#""alice""#, b"\"al\xc3\""),
        (r#""alice""#, b"\"\xed\xa0\x80\""),
        (r#""alice""#, b"\"al\nice\""),
        (r#""alice""#, b"\"al\x7f\xe4\xb8\""),
        (r#""alice""#, b"alice"),
        (r#""alice""#, b"null"),
        ("12345", b"012345"),
        ("12345", b"-12345"),
        ("12345", b"12345.0"),
        ("12345", b"1e5"),
        ("12345", b"18446744073709551616"),
        ("12345", b"\"12345\""),
        ("12345", b""),
        (r#""language":"#, br#""language","#),
        ("{", b"["),
        (r#""}"#, br#"","extra":1}"#),
        (r#""}"#, br#""}x"#),
        (r#""}"#, br#""}}"#),
        (r#""}"#, br#"",}"#),
    ];
    for (from, to) in replacements {
        let input = short_json_replacing(from, to);
        JSON_SHORT.check_rejects(&input);
    }
    let error = JSON_SHORT.check_rejects(&short_json_replacing(r#""name""#, br#""nam""#));
    assert_eq!(error.offset(), br#"{"id":12345,"#.len());
    assert!(error.to_string().contains(r#""name""#), "{error}");

    for (field, text) in [
        ("T", "9223372036854775808"),
        ("T", "-9223372036854775809"),
        ("T", "1.0"),
        ("Cn5", "-1"),
        ("Cn8", "4294967296"),
        ("Max", "1e400"),
        ("Max", "-1e400"),
        ("Max", "null"),
        ("Max", "1."),
        ("Max", ".5"),
        ("Max", "01.5"),
        ("Max", "1e"),
        ("Max", "1e+"),
        ("Max", "+1"),
        ("Max", "-"),
        ("Max", "\"1.0\""),
        ("Max", "NaN"),
    ] {
        JSON_TICKER.check_rejects(ticker_json_with(field, text).as_bytes());
    }

    let user = String::from_utf8(serde_json::to_vec(&typed_users(1)).unwrap()).unwrap();
    let id = typed_users(1)[0].id.hyphenated().to_string();
    let date = typed_users(1)[0].reg_date.to_string();
    let score = typed_users(1)[0].score.to_string();
    for (from, to) in [
        (id.as_str(), id.replace('-', "")),
        (id.as_str(), format!("{{{id}}}")),
        (id.as_str(), id.replacen('-', "+", 1)),
        (id.as_str(), id[1..].to_owned()),
        (id.as_str(), format!("{}g", &id[1..])),
        (date.as_str(), "2023-02-29".to_owned()),
        (date.as_str(), "2023-13-01".to_owned()),
        (date.as_str(), "2023-1-01".to_owned()),
        (date.as_str(), "20230101".to_owned()),
        (date.as_str(), "+02023-01-01x".to_owned()),
        (date.as_str(), "".to_owned()),
        (score.as_str(), "1.2.3".to_owned()),
        (score.as_str(), "1e3".to_owned()),
        (score.as_str(), "".to_owned()),
        (score.as_str(), "-".to_owned()),
        (score.as_str(), ".5".to_owned()),
        (score.as_str(), "5.".to_owned()),
        (score.as_str(), "+5".to_owned()),
        (score.as_str(), "79228162514264337593543950336".to_owned()),
        (score.as_str(), format!("0.{}", "1".repeat(29))),
        ("]", "]]".to_owned()),
        ("]", ",]".to_owned()),
        ("]", "".to_owned()),
        ("[", "".to_owned()),
    ] {
        let input = user.replacen(from, &to, 1);
        json_users().check_rejects(input.as_bytes());
    }
    json_users().check_rejects(b"");
    json_users().check_rejects(b"[,]");
    json_users().check_rejects(b"{}");
}

#[test]
fn corrupt_msgpack_is_an_error() {
    // Lengths the input cannot hold: nothing is allocated for them.
    let huge_array = msgpack_users().check_rejects(&[0xdd, 0xff, 0xff, 0xff, 0xff]);
    assert_eq!(huge_array.offset(), 0);
    msgpack_users().check_rejects(&[0xdc, 0xff, 0xff, 0x84]);
    let mut too_long = vec![0xdc, 0x00, 0x40];
    too_long.extend_from_slice(&[0x84; 64]);
    assert_eq!(msgpack_users().check_rejects(&too_long).offset(), 0);
    msgpack_users().check_rejects(&[0x9f]);
    let mut huge_name = rmp_serde::to_vec_named(&typed_users(1)).unwrap();
    let name = typed_users(1)[0].name.clone();
    let at = huge_name
        .windows(name.len())
        .position(|window| window == name.as_bytes())
        .unwrap();
    let header = at - 1;
    huge_name.splice(header..at, [0xdb, 0xff, 0xff, 0xff, 0xf0]);
    msgpack_users().check_rejects(&huge_name);

    let short = rmp_serde::to_vec_named(&ts_short()).unwrap();
    let replace = |from: &[u8], to: &[u8]| {
        let at = short
            .windows(from.len())
            .position(|window| window == from)
            .expect("the bytes to replace");
        [&short[..at], to, &short[at + from.len()..]].concat()
    };
    for input in [
        replace(b"\x87", b"\x86"),
        replace(b"\x87", b"\x88"),
        replace(b"\x87", b"\x97"),
        replace(b"\x87", b"\xde\x00\x08"),
        replace(b"\xa4name", b"\xa4Name"),
        replace(b"\xa4name", b"\xa3nam"),
        replace(b"\xa4name", b"\xc4\x04name"),
        replace(b"\xa5alice", b"\xa5al\xffce"),
        replace(b"\xa5alice", b"\xa5alic\xc3"),
        replace(b"\xa5alice", b"\xc0"),
        replace(b"\xa5alice", b"\xc4\x05alice"),
        replace(b"\xa5alice", b"\xa6alice"),
        replace(b"\xcd\x30\x39", b"\xd0\xff"),
        replace(b"\xcd\x30\x39", b"\xe0"),
        replace(b"\xcd\x30\x39", b"\xcb\x40\xc8\x1c\x80\x00\x00\x00\x00"),
        replace(b"\xcd\x30\x39", b"\xc1"),
        [short.as_slice(), b"\x00"].concat(),
    ] {
        MSGPACK_SHORT.check_rejects(&input);
    }

    let ticker = rmp_serde::to_vec_named(&ts_ticker()).unwrap();
    let cn8 = ticker
        .windows(4)
        .position(|window| window == b"\xa3Cn8")
        .unwrap()
        + 4;
    let too_big = [&ticker[..cn8], b"\xce\xff\xff\xff\xff", &ticker[cn8 + 5..]].concat();
    assert_eq!(ticker[cn8], 0xce, "98,765 is a uint 32");
    MSGPACK_TICKER.check_rejects(
        &[
            &ticker[..cn8],
            b"\xcf\x00\x00\x00\x01\x00\x00\x00\x00",
            &ticker[cn8 + 5..],
        ]
        .concat(),
    );
    assert!(msgpack::decode_ts_ticker(&too_big).is_ok());
    let max = ticker.windows(4).position(|w| w == b"\xa3Max").unwrap() + 4;
    MSGPACK_TICKER.check_rejects(&[&ticker[..max], b"\xa0", &ticker[max + 9..]].concat());
    MSGPACK_TICKER.check_rejects(&[&ticker[..max], b"\x01", &ticker[max + 9..]].concat());

    let users = rmp_serde::to_vec_named(&typed_users(2)).unwrap();
    let id = users.windows(3).position(|w| w == b"\xa2Id").unwrap() + 3;
    let mut short_id = users.clone();
    short_id[id + 1] = 15;
    short_id.remove(id + 2);
    msgpack_users().check_rejects(&short_id);
    let mut str_id = users.clone();
    str_id[id..id + 2].copy_from_slice(&[0xd9, 0x10]);
    msgpack_users().check_rejects(&str_id);
    msgpack_users().check_rejects(&users[1..]);
    msgpack_users().check_rejects(&[0x91]);
    msgpack_users().check_rejects(&[0x80]);
    msgpack_users().check_rejects(&[]);
}

/// `value`'s fields with every header and integer in a wider form than rmp-serde's, and the
/// floats as `float 32`s where that is exact.
fn wide_short(value: &TsShort) -> Vec<u8> {
    let mut out = vec![0xde, 0x00, 0x07];
    let str8 = |out: &mut Vec<u8>, text: &str| {
        out.extend_from_slice(&[0xd9, text.len() as u8]);
        out.extend_from_slice(text.as_bytes());
    };
    str8(&mut out, "id");
    out.push(0xcf);
    out.extend_from_slice(&value.id.to_be_bytes());
    for (key, text) in [
        ("name", &value.name),
        ("email", &value.email),
        ("city", &value.city),
        ("country", &value.country),
        ("status", &value.status),
    ] {
        str8(&mut out, key);
        out.push(0xdb);
        out.extend_from_slice(&(text.len() as u32).to_be_bytes());
        out.extend_from_slice(text.as_bytes());
    }
    out.extend_from_slice(b"\xda\x00\x08language");
    out.push(0xda);
    out.extend_from_slice(&(value.language.len() as u16).to_be_bytes());
    out.extend_from_slice(value.language.as_bytes());
    out
}

#[test]
fn msgpack_wider_forms_decode_as_rmp_serde_decodes_them() {
    let value = ts_short();
    let wide = wide_short(&value);
    assert_eq!(rmp_serde::from_slice::<TsShort>(&wide).unwrap(), value);
    assert_eq!(msgpack::decode_ts_short(&wide).unwrap(), value);

    let mut ticker = ts_ticker();
    ticker.max = 1.5;
    ticker.t = 7;
    let bytes = rmp_serde::to_vec_named(&ticker).unwrap();
    let max = bytes.windows(4).position(|w| w == b"\xa3Max").unwrap() + 4;
    let t = bytes.windows(2).position(|w| w == b"\xa1T").unwrap() + 2;
    assert_eq!(bytes[t], 7);
    let mut wide = bytes[..t].to_vec();
    wide.extend_from_slice(b"\xd3\x00\x00\x00\x00\x00\x00\x00\x07");
    wide.extend_from_slice(&bytes[t + 1..max]);
    wide.push(0xca);
    wide.extend_from_slice(&1.5f32.to_be_bytes());
    wide.extend_from_slice(&bytes[max + 9..]);
    wide[0..1].copy_from_slice(&[0xde]);
    wide.splice(1..1, [0x00, 0x0e]);
    assert_eq!(rmp_serde::from_slice::<TsTicker>(&wide).unwrap(), ticker);
    assert_eq!(msgpack::decode_ts_ticker(&wide).unwrap(), ticker);

    let users = typed_users(3);
    let bytes = rmp_serde::to_vec_named(&users).unwrap();
    let mut wide = vec![0xdd, 0, 0, 0, 3];
    wide.extend_from_slice(&bytes[1..]);
    let mut i = 0;
    while let Some(at) = wide[i..].windows(3).position(|w| w == b"\xa2Id") {
        let at = i + at + 3;
        wide.splice(at..at + 2, [0xc6, 0, 0, 0, 16]);
        i = at;
    }
    assert_eq!(
        rmp_serde::from_slice::<Vec<TypedUser>>(&wide).unwrap(),
        users
    );
    assert_eq!(msgpack::decode_users(&wide).unwrap(), users);
}
