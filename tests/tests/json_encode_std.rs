//! Differential tests: fastwire's JSON encoding of std types against serde_json, on
//! hand-written edge cases. Every check goes through `to_string`, `to_vec`, `encode_into`
//! (empty and non-empty buffers), `to_writer` (whole and short writes) and the pretty variants.
//! Every type fastwire can also decode is read back, too: serde_json's output must come back
//! through `from_str`, `from_slice` and `from_reader` as the original value (or, where
//! serde_json cannot read its own output back, fastwire must reach serde_json's verdict).
//!
//! The helpers check MessagePack the same way, against rmp-serde (`to_vec_named` for encoding,
//! its named and array bytes read back), so every case here covers both formats; the cases
//! only MessagePack needs are in `msgpack_encode_std.rs`.

use std::borrow::Cow;
use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::marker::PhantomData;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Wrapping,
};
use std::rc::Rc;
use std::sync::Arc;

use fastwire_tests::{
    assert_bytes_eq, assert_decodes_like_serde, assert_decodes_like_serde_borrowed,
    assert_decodes_like_twin, assert_decodes_same, assert_encodes_as, assert_round_trip,
    assert_round_trip_borrowed, assert_round_trip_by_encoding, assert_round_trip_quick,
    assert_same, assert_same_quick, assert_same_round_trip, documents, Verdict,
};

// ---------------------------------------------------------------------------------------------
// integers
// ---------------------------------------------------------------------------------------------

macro_rules! int_edges {
    ($($ty:ty),*) => {$({
        let mut values: Vec<$ty> = vec![<$ty>::MIN, <$ty>::MAX, 0, 1, <$ty>::MAX - 1, <$ty>::MIN + 1];
        // Every power of ten (and its neighbours) that fits: digit-count boundaries.
        let mut p: $ty = 1;
        loop {
            values.push(p);
            values.push(p - 1);
            values.push(p.saturating_add(1));
            match p.checked_mul(10) {
                Some(next) => p = next,
                None => break,
            }
        }
        #[allow(unused_comparisons)]
        let signed = <$ty>::MIN < 0;
        if signed {
            let negs: Vec<$ty> = values.iter().map(|v| v.saturating_mul(0).saturating_sub(*v)).collect();
            values.extend(negs);
        }
        for v in &values {
            assert_same_round_trip(v);
        }
        assert_same_round_trip(&values);
        let s = assert_same_round_trip(&<$ty>::MAX);
        assert_eq!(s, <$ty>::MAX.to_string());
    })*};
}

#[test]
fn integers_all_widths() {
    int_edges!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
}

#[test]
fn int128_extremes() {
    assert_eq!(
        assert_same_round_trip(&i128::MIN),
        "-170141183460469231731687303715884105728"
    );
    assert_eq!(
        assert_same_round_trip(&u128::MAX),
        "340282366920938463463374607431768211455"
    );
    assert_same_round_trip(&i128::MAX);
    assert_same_round_trip(&(i128::MIN + 1));
    assert_same_round_trip(&(u128::from(u64::MAX) + 1));
    assert_same_round_trip(&(i128::from(i64::MIN) - 1));
    assert_same_round_trip(&vec![i128::MIN, -1, 0, 1, i128::MAX]);
    assert_same_round_trip(&[u128::MIN, u128::MAX]);
}

#[test]
fn nonzero_integers() {
    assert_same_round_trip(&NonZeroU8::MAX);
    assert_same_round_trip(&NonZeroU16::MIN);
    assert_same_round_trip(&NonZeroU32::new(4_000_000_000).unwrap());
    assert_same_round_trip(&NonZeroU64::MAX);
    assert_same_round_trip(&NonZeroU128::MAX);
    assert_same_round_trip(&NonZeroUsize::new(12345).unwrap());
    assert_same_round_trip(&NonZeroI8::MIN);
    assert_same_round_trip(&NonZeroI16::new(-1).unwrap());
    assert_same_round_trip(&NonZeroI32::MIN);
    assert_same_round_trip(&NonZeroI64::MAX);
    assert_same_round_trip(&NonZeroI128::MIN);
    assert_same_round_trip(&NonZeroI128::MAX);
    assert_same_round_trip(&NonZeroIsize::new(-77).unwrap());
    assert_same_round_trip(&vec![NonZeroI64::MIN, NonZeroI64::new(1).unwrap()]);
    assert_same_round_trip(&Some(NonZeroU32::new(9).unwrap()));
}

// ---------------------------------------------------------------------------------------------
// floats
// ---------------------------------------------------------------------------------------------

fn f64_edges() -> Vec<f64> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.2,
        0.3,
        1.0 / 3.0,
        2.0 / 3.0,
        std::f64::consts::PI,
        std::f64::consts::E,
        f64::MIN,
        f64::MAX,
        f64::EPSILON,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::from_bits(1), // smallest subnormal
        -f64::from_bits(1),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF), // largest subnormal
        f64::from_bits(0x0008_0000_0000_0000),
        f64::from_bits(0x7FEF_FFFF_FFFF_FFFE),
        5e-324,
        1e-323,
        2.2250738585072014e-308,
        1.7976931348623157e308,
        1e15,
        1e16,
        1e17,
        1e20,
        1e21,
        1e22,
        1e23,
        1e100,
        1e300,
        1e-5,
        1e-6,
        1e-7,
        1e-8,
        1e-300,
        123456789012345680000.0,
        9007199254740992.0,
        9007199254740993.0,
        4503599627370496.5,
        0.000001234,
        123.456,
        -123.456e-20,
        100.0,
        1234567.0,
        12345678.9,
        0.5,
        0.25,
        0.125,
        1.5e300,
        -2.5e-300,
        299792458.0,
        6.02214076e23,
        1.602176634e-19,
    ];
    for e in -30..=30 {
        v.push(10f64.powi(e));
        v.push(-(10f64.powi(e)) * 1.5);
    }
    for i in 0..64 {
        v.push(f64::from_bits(1u64 << i));
        v.push((1u64 << i) as f64);
    }
    v
}

fn f32_edges() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.2,
        0.3,
        1.0 / 3.0,
        std::f32::consts::PI,
        f32::MIN,
        f32::MAX,
        f32::EPSILON,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        -f32::from_bits(1),
        f32::from_bits(0x007F_FFFF),
        f32::from_bits(0x0040_0000),
        1e-45,
        1e7,
        1e8,
        1e10,
        1e16,
        1e17,
        1e20,
        1e21,
        1e22,
        1e38,
        1e-7,
        1e-10,
        16777216.0,
        16777217.0,
        123.456,
        3.4028235e38,
        1.1754944e-38,
    ];
    for e in -30..=30 {
        v.push(10f32.powi(e));
    }
    for i in 0..32 {
        v.push(f32::from_bits(1u32 << i));
        v.push((1u32 << i) as f32);
    }
    v
}

#[test]
fn floats_f64() {
    let all = f64_edges();
    for x in &all {
        assert_same_round_trip(x);
        assert_same_round_trip(&-x);
    }
    assert_same_round_trip(&all);
    assert_eq!(assert_same_round_trip(&-0.0f64), "-0.0");
    assert_eq!(assert_same_round_trip(&1.0f64), "1.0");
}

/// Short decimals (prices, percentages, readings), which the writer prints without the general
/// shortest-digits algorithm when they have at most four places: every cent from 0 to 1,000,
/// every hundredth of a unit below 10,000 with its step of 0.0001 neighbours, decimals of one
/// to eight places at every magnitude the fast path takes and beyond it, and the floats a unit
/// in the last place away from each, all byte for byte as serde_json writes them.
#[test]
fn floats_short_decimals() {
    let mut values: Vec<f64> = (0..=100_000).map(|cents| cents as f64 / 100.0).collect();
    for hundredths in (0..1_000_000i64).step_by(997) {
        for offset in -3..=3 {
            values.push((hundredths * 100 + offset) as f64 / 10_000.0);
        }
    }
    for places in 0..=8 {
        for digits in [
            1i64,
            7,
            99,
            1_234,
            98_765,
            1_234_567,
            987_654_321,
            4_503_599_627_370,
        ] {
            for magnitude in 0..=6 {
                let value = digits as f64 * 10f64.powi(magnitude) / 10f64.powi(places);
                values.extend([value, value.next_up(), value.next_down()]);
            }
        }
    }
    let negated: Vec<f64> = values.iter().map(|v| -v).collect();
    assert_same_quick(&values, 4096);
    assert_same_quick(&negated, 4096);
}

#[test]
fn floats_f32() {
    let all = f32_edges();
    for x in &all {
        assert_same_round_trip(x);
        assert_same_round_trip(&-x);
    }
    assert_same_round_trip(&all);
    assert_eq!(assert_same_round_trip(&-0.0f32), "-0.0");
}

#[test]
fn floats_non_finite_are_null() {
    for x in [
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::from_bits(0x7FF0_0000_0000_0001), // signalling NaN
        f64::from_bits(0xFFFF_FFFF_FFFF_FFFF),
    ] {
        assert_eq!(assert_same(&x), "null");
        // `null` is no f64, for fastwire as for serde_json; in an Option it reads as `None`.
        assert_eq!(assert_decodes_like_serde(&x).json, Verdict::Rejected);
        assert_eq!(assert_decodes_like_serde(&Some(x)).json, Verdict::Changed);
        // MessagePack writes every float as it is: it reads back, bit for bit.
        assert_eq!(assert_decodes_like_serde(&x).msgpack, Verdict::RoundTrip);
        assert_eq!(
            assert_decodes_like_serde(&Some(x)).msgpack,
            Verdict::RoundTrip
        );
    }
    for x in [
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::from_bits(0x7F80_0001),
    ] {
        assert_eq!(assert_same(&x), "null");
        assert_eq!(assert_decodes_like_serde(&x).json, Verdict::Rejected);
        assert_eq!(assert_decodes_like_serde(&Some(x)).json, Verdict::Changed);
    }
    assert_same(&vec![f64::NAN, 1.5, f64::INFINITY]);
    assert_eq!(
        assert_decodes_like_serde(&vec![f64::NAN, 1.5, f64::INFINITY]).json,
        Verdict::Rejected
    );
    let tuple = (f32::NEG_INFINITY, Some(f64::NAN), 0.0f32);
    assert_same(&tuple);
    assert_eq!(assert_decodes_like_serde(&tuple).json, Verdict::Rejected);
    let tuple = (Some(f32::NEG_INFINITY), Some(f64::NAN), -0.0f32);
    assert_eq!(assert_decodes_like_serde(&tuple).json, Verdict::Changed);
    assert_eq!(
        assert_decodes_like_serde(&tuple).msgpack,
        Verdict::RoundTrip
    );
    let mut m = BTreeMap::new();
    m.insert("nan", f64::NAN);
    m.insert("inf", f64::INFINITY);
    m.insert("one", 1.0);
    assert_same(&m);
    let docs = documents(&m);
    assert_eq!(
        assert_decodes_like_serde_borrowed(&m, &docs).json,
        Verdict::Rejected
    );
    assert_eq!(
        assert_decodes_like_serde_borrowed(&m, &docs).msgpack,
        Verdict::RoundTrip
    );
    let optional: BTreeMap<String, Option<f64>> =
        m.iter().map(|(k, v)| ((*k).to_owned(), Some(*v))).collect();
    assert_eq!(assert_decodes_like_serde(&optional).json, Verdict::Changed);
    assert_eq!(
        assert_decodes_like_serde(&optional).msgpack,
        Verdict::RoundTrip
    );
}

// ---------------------------------------------------------------------------------------------
// bool, char, unit, PhantomData
// ---------------------------------------------------------------------------------------------

#[test]
fn bool_unit_phantom() {
    assert_eq!(assert_same_round_trip(&true), "true");
    assert_eq!(assert_same_round_trip(&false), "false");
    assert_eq!(assert_same_round_trip(&()), "null");
    assert_eq!(assert_same_round_trip(&PhantomData::<String>), "null");
    assert_same_round_trip(&PhantomData::<dyn Fn()>);
    assert_same_round_trip(&vec![(), ()]);
    assert_same_round_trip(&[true, false, true]);
    assert_same(&Some(()));
    // `Some(())` is written `null` (nil in MessagePack), which reads back as `None`.
    assert_eq!(assert_decodes_like_serde(&Some(())).json, Verdict::Changed);
    assert_eq!(
        assert_decodes_like_serde(&Some(())).msgpack,
        Verdict::Changed
    );
    assert_eq!(
        assert_decodes_like_serde(&vec![Some(()), None]).json,
        Verdict::Changed
    );
}

fn tricky_chars() -> Vec<char> {
    let mut v: Vec<char> = (0u8..=0x7F).map(char::from).collect();
    v.extend([
        '\u{80}',
        '\u{9F}',
        '\u{A0}',
        'é',
        'ß',
        '\u{7FF}',
        '\u{800}',
        '€',
        '中',
        '\u{2028}',
        '\u{2029}',
        '\u{FEFF}',
        '\u{FFFD}',
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{10000}',
        '😀',
        '𝄞',
        '\u{10FFFF}',
        char::MAX,
    ]);
    v
}

#[test]
fn chars() {
    for c in tricky_chars() {
        assert_same_round_trip(&c);
    }
    assert_same_round_trip(&tricky_chars());
    assert_eq!(assert_same_round_trip(&'"'), r#""\"""#);
    assert_eq!(assert_same_round_trip(&'\u{1f}'), r#""\u001f""#);
    assert_eq!(assert_same_round_trip(&'\u{7f}'), "\"\u{7f}\"");
}

// ---------------------------------------------------------------------------------------------
// strings
// ---------------------------------------------------------------------------------------------

fn check_str(s: &str) {
    assert_same(s);
    assert_same(&s);
    assert_same_round_trip(&s.to_owned());
    assert_same(&Cow::Borrowed(s));
    assert_same(&Cow::<str>::Owned(s.to_owned()));
    assert_same_round_trip(&Box::<str>::from(s));
    assert_same_round_trip(&Rc::<str>::from(s));
    assert_same_round_trip(&Arc::<str>::from(s));
    // Borrowed: `&str` only when serde_json wrote no escape (else both reject), `Cow<str>`
    // always.
    let docs = documents(s);
    let escaped = docs.json.0.contains('\\');
    let verdicts = assert_decodes_like_serde_borrowed(&s, &docs);
    // MessagePack has no escapes: a `&str` can always borrow.
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip, "{s:?}");
    assert_eq!(
        verdicts.json,
        if escaped {
            Verdict::Rejected
        } else {
            Verdict::RoundTrip
        },
        "{s:?}"
    );
    assert_round_trip_borrowed(&Cow::Borrowed(s), &docs);
    // Owned, as serde's `Cow` is without `#[serde(borrow)]`.
    let cow: Cow<str> = fastwire::json::from_str(&docs.json.0).unwrap();
    assert!(matches!(cow, Cow::Owned(_)), "{s:?}");
}

#[test]
fn strings_basic_escapes() {
    for s in [
        "",
        " ",
        "a",
        "hello world",
        "\"",
        "\\",
        "\"\"",
        "\\\\",
        "\\\"",
        "a\"b\\c",
        "/",
        "</script>",
        "\u{7f}",
        "\u{2028}\u{2029}",
        "tab\there",
        "cr\rlf\n",
        "\u{8}\u{c}",
        "héllo wörld",
        "日本語テキスト",
        "😀😃😄",
        "𝄞 music",
        "\u{FEFF}bom",
        "\u{10FFFF}",
        "mixed \"日本\" \\ \n 😀 \u{1} end",
    ] {
        check_str(s);
    }
}

#[test]
fn strings_every_control_char() {
    // Each control char alone, at every position of a 40-byte string (crossing SIMD widths),
    // and all of them together.
    for b in 0u8..0x20 {
        let c = char::from(b);
        check_str(&c.to_string());
        for pos in 0..40 {
            let mut s = "x".repeat(40);
            s.insert(pos, c);
            assert_same_round_trip(&s);
        }
    }
    let all: String = (0u8..0x20).map(char::from).collect();
    let s = assert_same(&all);
    assert!(s.contains("\\u0000") && s.contains("\\n") && s.contains("\\u001f"));
    check_str(&all.repeat(10));
    // DEL and C1 controls are not escaped by serde_json.
    assert_eq!(assert_same("\u{7f}\u{80}\u{9f}"), "\"\u{7f}\u{80}\u{9f}\"");
}

#[test]
fn strings_escape_at_every_offset() {
    // A special byte at every offset 0..=70 of strings of length 0..=70: covers every
    // alignment relative to 8/16/32/64-byte scanning blocks.
    let specials = [
        '"', '\\', '\u{0}', '\n', '\u{1f}', 'é', '€', '😀', '\u{2028}', '\u{7f}',
    ];
    for len in 0..=70usize {
        for &c in &specials {
            for pos in [0, len / 2, len] {
                let mut s = "abcdefgh".repeat(9)[..len].to_owned();
                s.insert(pos, c);
                assert_same_quick(&s, 5);
                assert_round_trip(&s);
            }
        }
        let plain = "0123456789abcdefghij".repeat(4)[..len].to_owned();
        assert_same_round_trip(&plain);
    }
}

#[test]
fn strings_long() {
    // > 64 KiB without escapes.
    let plain = "abcdefghijklmnopqrstuvwxyz0123456789".repeat(2000);
    assert!(plain.len() > 64 * 1024);
    assert_same_round_trip(&plain);
    // > 64 KiB that is mostly escapes (expands 6x).
    let ctl = "\u{1}".repeat(70 * 1024);
    assert_same_round_trip(&ctl);
    // > 64 KiB with escapes sprinkled in.
    let mixed = "lorem \"ipsum\" \\ dolor\nsit\tamet 中文 😀 \u{0}".repeat(3000);
    assert!(mixed.len() > 64 * 1024);
    assert_same_round_trip(&mixed);
    // ~1 MiB, inside containers.
    let big = "x\"y".repeat(350_000);
    assert_same(&vec![big.as_str(), "", big.as_str()]);
    assert_round_trip_quick(&vec![big.clone(), String::new(), big.clone()]);
    let mut m = BTreeMap::new();
    m.insert(big.clone(), big.clone());
    assert_same(&m);
    assert_round_trip_quick(&m);
    // All non-ASCII, > 64 KiB.
    let cjk = "日本語".repeat(30_000);
    assert_same_round_trip(&cjk);
    let emoji = "😀".repeat(20_000);
    assert_same_round_trip(&emoji);
}

#[test]
fn strings_multibyte_across_boundaries() {
    // A multi-byte char or an escape straddling 8/16/32/4 KiB/16 KiB/64 KiB boundaries, both
    // as the only string and after a padding element (so the offset in the output differs).
    let tails = ["é", "€", "😀", "\u{1}", "\"", "\\", "\n", "\u{2028}"];
    for base in [8usize, 16, 32, 64, 4096, 16 * 1024, 64 * 1024] {
        for delta in -5i64..=5 {
            let len = (base as i64 + delta) as usize;
            for tail in tails {
                let s = format!("{}{tail}{}", "a".repeat(len), "b".repeat(3));
                assert_same_quick(&s, 4093);
                assert_same_quick(&("pad", s.as_str()), 65_536);
                if delta.abs() <= 1 {
                    assert_round_trip_quick(&("pad".to_owned(), s));
                }
            }
        }
    }
    // Four-byte chars densely packed, preceded by 0..=3 ASCII bytes, > 64 KiB.
    for shift in 0..4 {
        let s = format!("{}{}", "z".repeat(shift), "😀".repeat(17_000));
        assert_same_quick(&s, 1000);
        assert_round_trip_quick(&s);
    }
    // Escapes densely packed with multi-byte chars, > 64 KiB.
    let s = "é\u{1}€\"😀\\".repeat(8000);
    assert_same_quick(&s, 333);
    assert_round_trip_quick(&s);
}

#[test]
fn strings_padding_before_escapes_near_writer_buffer() {
    // An escape-heavy string right after a padding string whose length puts it at the end
    // of a 64 KiB streaming buffer.
    let tail = "\u{1}\"é😀\\\u{2028}".repeat(3);
    for pad in (64 * 1024 - 16)..(64 * 1024 + 4) {
        let value = ("a".repeat(pad), tail.as_str(), 'é');
        assert_same_quick(&value, 64 * 1024);
        assert_round_trip(&(value.0, value.1.to_owned(), value.2));
    }
}

// ---------------------------------------------------------------------------------------------
// Option and pointers
// ---------------------------------------------------------------------------------------------

#[test]
fn options() {
    assert_eq!(assert_same_round_trip(&None::<u8>), "null");
    assert_same_round_trip(&Some(5u8));
    assert_same(&Some("x"));
    assert_round_trip_borrowed(&Some("x"), &documents(&Some("x")));
    assert_same_round_trip(&Some(Some(1)));
    assert_same(&Some(None::<i32>));
    // `Some(None)` and `None` are both written `null`, which reads back as `None`.
    assert_eq!(
        assert_decodes_like_serde(&Some(None::<i32>)).json,
        Verdict::Changed
    );
    assert_same_round_trip(&None::<Option<i32>>);
    assert_same(&vec![Some(1.5), None, Some(f64::NAN)]);
    assert_eq!(
        assert_decodes_like_serde(&vec![Some(1.5), None, Some(f64::NAN)]).json,
        Verdict::Changed
    );
    assert_same_round_trip(&vec![Some(1.5), None, Some(-0.0)]);
    assert_same_round_trip(&Some(vec![None::<String>, Some(String::new())]));
}

#[test]
fn pointers() {
    let x = 42i64;
    let mut y = String::from("mut ref \"y\"");
    assert_same(&&x);
    assert_same(&&&x);
    assert_same(&&mut y);
    assert_round_trip(&x);
    assert_round_trip(&y);
    assert_same_round_trip(&Box::new(7u16));
    assert_same(&Box::new(Box::new("nested")));
    assert_same_round_trip(&Box::new(Box::new("nested".to_owned())));
    assert_same_round_trip(&Rc::new(vec![1, 2]));
    assert_same_round_trip(&Arc::new(Some('c')));
    assert_same_round_trip(&vec![Box::new(1), Box::new(2)]);
    let s: &[u8] = &[1, 2, 3];
    assert_same_round_trip(&Box::<[u8]>::from(s));
    assert_same_round_trip(&Rc::<[u8]>::from(s));
    assert_same_round_trip(&Arc::<[u8]>::from(s));
    let empty: &[String] = &[];
    assert_same_round_trip(&Rc::<[String]>::from(empty));
    assert_same_round_trip(&Arc::<[Option<String>]>::from(vec![
        None,
        Some("a\"".to_owned()),
    ]));
    assert_same_round_trip(&vec![Rc::<[u8]>::from(s), Rc::from(&s[..1])]);
}

// ---------------------------------------------------------------------------------------------
// sequences
// ---------------------------------------------------------------------------------------------

#[test]
fn sequences() {
    assert_eq!(assert_same_round_trip(&Vec::<u8>::new()), "[]");
    assert_same_round_trip(&vec![1u8]);
    assert_same_round_trip(&vec![1u8, 2, 3]);
    let strs = vec!["a", "", "\"q\""];
    assert_same(&strs);
    // `&str` cannot hold an escaped string: rejected by both.
    assert_eq!(
        assert_decodes_like_serde_borrowed(&strs, &documents(&strs)).json,
        Verdict::Rejected
    );
    assert_round_trip_borrowed(&strs[..2].to_vec(), &documents(&strs[..2]));
    let slice: &[i32] = &[-1, 0, 1];
    assert_same(slice);
    assert_same(&slice);
    assert_round_trip(&slice.to_vec());
    let empty: &[String] = &[];
    assert_same(empty);
    assert_round_trip(&empty.to_vec());
    assert_same_round_trip(&[0u8; 0]);
    assert_same_round_trip(&[1u8]);
    assert_same_round_trip(&[1u8, 2, 3, 4]);
    assert_same_round_trip(&[[1, 2], [3, 4]]);
    assert_same_round_trip(&[(); 3]);
    assert_same_round_trip(&[true; 32]);
    // serde implements Serialize for arrays up to 32 only; larger arrays must still encode
    // like a slice.
    let a33 = [7u8; 33];
    let (compact, pretty) = fastwire_tests::oracle(&a33[..]);
    assert_encodes_as(&a33, &compact, &pretty);
    let a100 = [0.5f64; 100];
    let (compact, pretty) = fastwire_tests::oracle(&a100[..]);
    assert_encodes_as(&a100, &compact, &pretty);
    // fastwire decodes arrays of any length; serde_json's verdict comes from a `Vec` of
    // exactly that length.
    for text in [compact.as_str(), pretty.as_str()] {
        let back = assert_decodes_like_twin::<[f64; 100], Vec<f64>>(text);
        assert_eq!(back, Some(a100));
    }
    let a33_text = serde_json::to_string(&a33[..]).unwrap();
    assert_eq!(
        assert_decodes_like_twin::<[u8; 33], Vec<u8>>(&a33_text),
        Some(a33)
    );
    assert!(fastwire::json::from_str::<[u8; 33]>(&a33_text.replacen("7,", "", 1)).is_err());
    assert!(fastwire::json::from_str::<[u8; 33]>(&a33_text.replacen("7,", "7,7,", 1)).is_err());

    let mut dq: VecDeque<i32> = VecDeque::new();
    assert_same_round_trip(&dq);
    dq.push_back(1);
    assert_same_round_trip(&dq);
    // Make the ring buffer wrap around so its two halves are both non-empty.
    let mut wrapped = VecDeque::with_capacity(8);
    for i in 0..6 {
        wrapped.push_back(i);
    }
    for _ in 0..4 {
        let _ = wrapped.pop_front();
    }
    for i in 6..11 {
        wrapped.push_back(i);
    }
    let (a, b) = wrapped.as_slices();
    assert!(!a.is_empty() && !b.is_empty(), "VecDeque did not wrap");
    assert_same_round_trip(&wrapped);
    let mut front = VecDeque::new();
    front.push_front("b");
    front.push_front("a");
    assert_same(&front);
    assert_round_trip_borrowed(&front, &documents(&front));

    let long: Vec<u32> = (0..50_000).collect();
    assert_same_round_trip(&long);
}

#[test]
fn nested_empty_containers_pretty() {
    let nested: Vec<Vec<Vec<u8>>> = vec![vec![], vec![vec![]], vec![vec![], vec![1]], vec![]];
    let s = assert_same_round_trip(&nested);
    assert_eq!(s, "[[],[[]],[[],[1]],[]]");
    assert_eq!(
        fastwire::json::to_string_pretty(&nested),
        "[\n  [],\n  [\n    []\n  ],\n  [\n    [],\n    [\n      1\n    ]\n  ],\n  []\n]"
    );
    let mut outer: BTreeMap<&str, BTreeMap<&str, Vec<u8>>> = BTreeMap::new();
    assert_same(&outer);
    assert_round_trip_borrowed(&outer, &documents(&outer));
    let _ = outer.insert("empty", BTreeMap::new());
    let mut inner = BTreeMap::new();
    let _ = inner.insert("e", vec![]);
    let _ = inner.insert("f", vec![1, 2]);
    let _ = outer.insert("full", inner);
    assert_same(&outer);
    assert_round_trip_borrowed(&outer, &documents(&outer));
    type Deep = Vec<Vec<Vec<Vec<Vec<Vec<()>>>>>>;
    let deep: Deep = vec![vec![vec![vec![vec![vec![]]]]]];
    assert_same_round_trip(&deep);
    assert_same_round_trip(&(Vec::<u8>::new(), BTreeMap::<u8, u8>::new(), ((),), [(); 0]));
    let maps: Vec<HashMap<String, Vec<BTreeSet<u8>>>> = vec![
        HashMap::new(),
        HashMap::from([("k".to_owned(), vec![BTreeSet::new()])]),
    ];
    assert_same_round_trip(&maps);
    assert_same_round_trip(&Some(Vec::<Option<Vec<u8>>>::from([None, Some(vec![])])));
}

#[test]
fn tuples_all_arities() {
    assert_same_round_trip(&(1u8,));
    fastwire_tests::assert_same_round_trip_borrowed!((1u8, "two"));
    fastwire_tests::assert_same_round_trip_borrowed!((1u8, "two", 3.0f32));
    fastwire_tests::assert_same_round_trip_borrowed!((1u8, "two", 3.0f32, '4'));
    fastwire_tests::assert_same_round_trip_borrowed!((1u8, "two", 3.0f32, '4', None::<u8>));
    fastwire_tests::assert_same_round_trip_borrowed!((
        1u8,
        "two",
        3.0f32,
        '4',
        None::<u8>,
        vec![6]
    ));
    assert_same_round_trip(&(1u8, 2i8, 3u16, 4i16, 5u32, 6i32, 7u64));
    assert_same_round_trip(&(1u8, 2i8, 3u16, 4i16, 5u32, 6i32, 7u64, 8i64));
    assert_same_round_trip(&(1, 2, 3, 4, 5, 6, 7, 8, 9));
    assert_same_round_trip(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    assert_same_round_trip(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
    assert_same_round_trip(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    assert_same(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13));
    assert_round_trip_by_encoding(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13));
    assert_same(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
    assert_round_trip_by_encoding(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
    assert_same(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    assert_round_trip_by_encoding(&(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    let sixteen = (
        "a",
        'b',
        3u128,
        -4i128,
        5.5f64,
        (),
        Some(7),
        vec![8],
        [9],
        (10,),
        true,
        "\u{1}",
        13usize,
        -14isize,
        15u8,
        (),
    );
    assert_same(&sixteen);
    let (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) = sixteen;
    assert_round_trip_by_encoding(&(
        a.to_owned(),
        b,
        c,
        d,
        e,
        f,
        g,
        h,
        i,
        j,
        k,
        l.to_owned(),
        m,
        n,
        o,
        p,
    ));
    // `&str` cannot borrow the escaped "\u0001": both reject.
    assert_eq!(
        fastwire_tests::decode_verdict_borrowed!((a, l)).json,
        Verdict::Rejected
    );
    assert_same_round_trip(&((), ((), ((),))));
}

// ---------------------------------------------------------------------------------------------
// maps and sets
// ---------------------------------------------------------------------------------------------

#[test]
fn maps_string_keys() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    assert_eq!(assert_same_round_trip(&m), "{}");
    let _ = m.insert(String::new(), 0);
    let _ = m.insert("a\"b\\c".into(), 1);
    let _ = m.insert("\u{0}\u{1f}\n".into(), 2);
    let _ = m.insert("日本".into(), 3);
    let _ = m.insert("😀".into(), 4);
    let _ = m.insert("\u{2028}".into(), 5);
    let _ = m.insert("k".repeat(70_000), 6);
    assert_same_round_trip(&m);
    let borrowed: BTreeMap<&str, &str> = m.keys().map(|k| (k.as_str(), k.as_str())).collect();
    assert_same(&borrowed);
    assert_eq!(
        fastwire_tests::decode_verdict_borrowed!(borrowed).json,
        Verdict::Rejected
    );
    let unescaped: BTreeMap<&str, &str> = borrowed
        .iter()
        .filter(|(k, _)| !serde_json::to_string(k).unwrap().contains('\\'))
        .map(|(k, v)| (*k, *v))
        .collect();
    assert_eq!(unescaped.len(), 5);
    fastwire_tests::assert_same_round_trip_borrowed!(unescaped);
    let cow: BTreeMap<Cow<str>, Option<u8>> = [
        (Cow::Borrowed("b"), Some(1)),
        (Cow::Owned("o\"".to_owned()), None),
    ]
    .into_iter()
    .collect();
    fastwire_tests::assert_same_round_trip_borrowed!(cow);
    let hm: HashMap<String, Vec<String>> = (0..50)
        .map(|i| (format!("key{i}\t"), vec![format!("v{i}"); i % 3]))
        .collect();
    assert_same_round_trip(&hm);
}

macro_rules! int_key_maps {
    ($($ty:ty),*) => {$({
        let keys = [<$ty>::MIN, <$ty>::MAX, 0, 1, <$ty>::MAX / 2];
        let bt: BTreeMap<$ty, u8> = keys.iter().enumerate().map(|(i, k)| (*k, i as u8)).collect();
        let s = assert_same_round_trip(&bt);
        assert!(s.starts_with("{\""), "int keys must be quoted: {s}");
        let hm: HashMap<$ty, $ty> = keys.iter().map(|k| (*k, *k)).collect();
        assert_same_round_trip(&hm);
        let empty: BTreeMap<$ty, ()> = BTreeMap::new();
        assert_same_round_trip(&empty);
    })*};
}

#[test]
fn maps_int_keys() {
    int_key_maps!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);
}

#[test]
fn maps_bool_and_char_keys() {
    let b: BTreeMap<bool, &str> = [(false, "no"), (true, "yes")].into_iter().collect();
    assert_eq!(
        fastwire_tests::assert_same_round_trip_borrowed!(b),
        r#"{"false":"no","true":"yes"}"#
    );
    let hb: HashMap<bool, Vec<u8>> = [(true, vec![1]), (false, vec![])].into_iter().collect();
    assert_same_round_trip(&hb);
    let c: BTreeMap<char, u32> = tricky_chars()
        .into_iter()
        .map(|ch| (ch, u32::from(ch)))
        .collect();
    assert_same_round_trip(&c);
    let hc: HashMap<char, char> = [('"', '\\'), ('\u{0}', '😀')].into_iter().collect();
    assert_same_round_trip(&hc);
}

#[test]
fn maps_other_key_types() {
    let nz: BTreeMap<NonZeroU32, u8> = BTreeMap::from([(NonZeroU32::MIN, 1), (NonZeroU32::MAX, 2)]);
    assert_same_round_trip(&nz);
    let nzi: BTreeMap<NonZeroI128, u8> = BTreeMap::from([(NonZeroI128::MIN, 1)]);
    assert_same_round_trip(&nzi);
    let nzu: HashMap<NonZeroUsize, NonZeroI8> = HashMap::from([
        (NonZeroUsize::MAX, NonZeroI8::MIN),
        (NonZeroUsize::MIN, NonZeroI8::MAX),
    ]);
    assert_same_round_trip(&nzu);
    // A zero key is no nonzero integer, for both; nor is a key out of range or not a number.
    for text in [
        r#"{"0":1}"#,
        r#"{"1":1,"0":2}"#,
        r#"{"-1":1}"#,
        r#"{"4294967296":1}"#,
        r#"{"x":1}"#,
    ] {
        let _ = assert_decodes_same::<BTreeMap<NonZeroU32, u8>>(text);
    }
    for text in [r#"{"0":1}"#, r#"{"-0":1}"#, r#"{"-1":1}"#, r#"{"1":1}"#] {
        let _ = assert_decodes_same::<BTreeMap<NonZeroI128, u8>>(text);
    }
    let rc: BTreeMap<Rc<str>, u8> = BTreeMap::from([(Rc::from("r\"c"), 1)]);
    assert_same_round_trip(&rc);
    let arc: HashMap<Arc<str>, u8> = HashMap::from([(Arc::from("a"), 1)]);
    assert_same_round_trip(&arc);
    let shared: BTreeMap<Arc<str>, Rc<str>> = BTreeMap::from([
        (Arc::from(""), Rc::from("\u{0}")),
        (Arc::from("日本"), Rc::from("x")),
    ]);
    assert_same_round_trip(&shared);
    let boxed: BTreeMap<Box<str>, u8> = BTreeMap::from([(Box::from("\u{0}"), 1)]);
    assert_same_round_trip(&boxed);
    // No `Deserialize` (nor `Decode`) for `&&str`: encoding only.
    let refs: BTreeMap<&&str, &u8> = BTreeMap::from([(&"k", &1)]);
    assert_same(&refs);
    // `Cow<[u8]>` reads back owned, for both.
    let cow_bytes: Cow<'_, [u8]> = Cow::Borrowed(&[1, 2]);
    assert_same_round_trip(&cow_bytes);
    let cow: Cow<'_, [u8]> = fastwire::json::from_str("[1,2]").unwrap();
    assert!(matches!(cow, Cow::Owned(_)));
    let cow_owned: Cow<'_, [u8]> = Cow::Owned(vec![3]);
    assert_same_round_trip(&cow_owned);
    let cow_strings: Cow<'_, [String]> = Cow::Owned(vec!["s\"".to_owned(), String::new()]);
    assert_same_round_trip(&cow_strings);
    let _ = assert_decodes_same::<Cow<'_, [u8]>>(r#""\u0001""#);
}

#[test]
fn maps_nested_values() {
    let mut m: BTreeMap<u64, BTreeMap<String, Vec<Option<f64>>>> = BTreeMap::new();
    let _ = m.insert(0, BTreeMap::new());
    let mut inner = BTreeMap::new();
    let _ = inner.insert("x".to_owned(), vec![Some(1.0), None, Some(-0.0)]);
    let _ = inner.insert("y".to_owned(), vec![]);
    let _ = m.insert(u64::MAX, inner);
    assert_same_round_trip(&m);
    let refs: BTreeMap<&String, &Vec<u8>> = BTreeMap::new();
    assert_same(&refs);
    assert_same_round_trip(&Box::new(m));
}

#[test]
fn sets() {
    let empty: BTreeSet<u8> = BTreeSet::new();
    assert_eq!(assert_same_round_trip(&empty), "[]");
    let bs: BTreeSet<&str> = ["b", "a", "\"", ""].into_iter().collect();
    assert_same(&bs);
    assert_eq!(
        fastwire_tests::decode_verdict_borrowed!(bs).json,
        Verdict::Rejected
    );
    let owned: BTreeSet<String> = bs.iter().map(|s| (*s).to_owned()).collect();
    assert_round_trip(&owned);
    let hs: HashSet<i128> = [i128::MIN, 0, i128::MAX].into_iter().collect();
    assert_same_round_trip(&hs);
    let hs_empty: HashSet<String> = HashSet::new();
    assert_same_round_trip(&hs_empty);
    let nested: BTreeSet<Vec<char>> = [vec![], vec!['a'], vec!['\u{0}', '😀']]
        .into_iter()
        .collect();
    assert_same_round_trip(&nested);
}

// ---------------------------------------------------------------------------------------------
// wrappers
// ---------------------------------------------------------------------------------------------

#[test]
fn wrapping_reverse_cell() {
    assert_same_round_trip(&Wrapping(u8::MAX));
    assert_same_round_trip(&Wrapping(i128::MIN));
    assert_same(&Reverse("rev\"erse"));
    assert_round_trip(&Reverse("rev\"erse".to_owned()));
    fastwire_tests::assert_same_round_trip_borrowed!(Reverse("reverse"));
    assert_same_round_trip(&Reverse(vec![Reverse(1), Reverse(2)]));
    assert_same_round_trip(&Cell::new(17u32));
    assert_same_round_trip(&Cell::new(-0.0f64));
    assert_same_round_trip(&Cell::new(Some('x')));
    assert_same_round_trip(&vec![Cell::new(true), Cell::new(false)]);
    assert_same_round_trip(&(Wrapping(1u16), Reverse(2u32), Cell::new(3i8)));
    let c = Cell::new(1);
    c.set(2);
    assert_eq!(assert_same_round_trip(&c), "2");
}

// ---------------------------------------------------------------------------------------------
// entry points
// ---------------------------------------------------------------------------------------------

#[test]
#[should_panic(expected = "output differs from serde_json")]
fn harness_detects_a_difference() {
    // The checker itself must fail on a wrong expectation, or every test above is vacuous.
    assert_encodes_as(&1u8, "2", "2");
}

#[test]
#[should_panic(expected = "to_string_pretty")]
fn harness_detects_a_pretty_difference() {
    assert_encodes_as(&vec![1u8], "[1]", "[1]");
}

/// Reads like an `f64` but loses the sign of zero: equal by `PartialEq`, different in bits.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct SignlessZero(f64);

impl<'de> fastwire::json::Decode<'de> for SignlessZero {
    fn decode(r: &mut fastwire::json::Reader<'de>) -> Result<Self, fastwire::json::Error> {
        f64::decode(r).map(|x| Self(if x == 0.0 { 0.0 } else { x }))
    }
}

/// The same loss in MessagePack, which the helpers check too.
impl<'de> fastwire::msgpack::Decode<'de> for SignlessZero {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        r.decode_f64().map(|x| Self(if x == 0.0 { 0.0 } else { x }))
    }
}

/// Accepts any JSON value, where serde_json wants a number.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct Lenient(u8);

impl<'de> fastwire::json::Decode<'de> for Lenient {
    fn decode(r: &mut fastwire::json::Reader<'de>) -> Result<Self, fastwire::json::Error> {
        r.skip_value()?;
        Ok(Self(1))
    }
}

/// The same leniency in MessagePack, which the helpers check too.
impl<'de> fastwire::msgpack::Decode<'de> for Lenient {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        r.skip_value()?;
        Ok(Self(1))
    }
}

#[test]
#[should_panic(expected = "in bits")]
fn harness_detects_a_lost_sign_when_decoding() {
    assert_round_trip(&SignlessZero(-0.0));
}

#[test]
#[should_panic(expected = "fastwire accepts what serde_json rejects")]
fn harness_detects_a_different_verdict() {
    let _ = fastwire_tests::assert_decodes_same::<Lenient>("\"x\"");
}

#[test]
#[should_panic(expected = "values differ")]
fn harness_detects_a_different_value() {
    assert_round_trip(&Lenient(7));
}

#[test]
fn encode_into_appends_and_reuses() {
    let mut buf = Vec::with_capacity(256);
    buf.extend_from_slice(b"[");
    fastwire::json::encode_into(&vec!["a\n", "b"], &mut buf);
    buf.push(b',');
    fastwire::json::encode_into(&Some(1.5f64), &mut buf);
    buf.push(b',');
    fastwire::json::encode_into(&u128::MAX, &mut buf);
    buf.push(b']');
    let expected = format!(
        "[{},{},{}]",
        serde_json::to_string(&vec!["a\n", "b"]).unwrap(),
        serde_json::to_string(&Some(1.5f64)).unwrap(),
        serde_json::to_string(&u128::MAX).unwrap()
    );
    assert_bytes_eq(&buf, expected.as_bytes(), "encode_into sequence");

    // A buffer reused across calls keeps its allocation once it is large enough.
    let value: Vec<String> = (0..100).map(|i| format!("item \"{i}\"")).collect();
    let mut reused = Vec::new();
    fastwire::json::encode_into(&value, &mut reused);
    let first = reused.clone();
    let cap = reused.capacity();
    let ptr = reused.as_ptr();
    for _ in 0..10 {
        reused.clear();
        fastwire::json::encode_into(&value, &mut reused);
        assert_eq!(reused, first);
        assert_eq!(
            reused.capacity(),
            cap,
            "encode_into reallocated a large enough buffer"
        );
        assert_eq!(reused.as_ptr(), ptr);
    }
    assert_bytes_eq(
        &first,
        serde_json::to_string(&value).unwrap().as_bytes(),
        "encode_into",
    );
}

#[test]
fn writer_by_value_and_by_ref() {
    let value = (vec![1, 2], "w", BTreeMap::from([(1u8, 'x')]));
    let expected = serde_json::to_vec(&value).unwrap();
    fastwire_tests::assert_same_round_trip_borrowed!(value);
    // `W` by value: a Vec moved in (and a Cursor), and by `&mut`.
    let mut cursor = std::io::Cursor::new(Vec::new());
    fastwire::json::to_writer(&mut cursor, &value).unwrap();
    assert_bytes_eq(cursor.get_ref(), &expected, "to_writer Cursor");
    let mut bufw = std::io::BufWriter::new(Vec::new());
    fastwire::json::to_writer(&mut bufw, &value).unwrap();
    let inner = bufw.into_inner().unwrap();
    assert_bytes_eq(&inner, &expected, "to_writer BufWriter");
    // Writing into a pre-filled Vec appends.
    let mut pre = b"xyz".to_vec();
    fastwire::json::to_writer(&mut pre, &value).unwrap();
    assert_bytes_eq(&pre[3..], &expected, "to_writer appends");
    let mut pretty = Vec::new();
    fastwire::json::to_writer_pretty(&mut pretty, &value).unwrap();
    assert_bytes_eq(
        &pretty,
        &serde_json::to_vec_pretty(&value).unwrap(),
        "to_writer_pretty",
    );
    // Unsized values through every entry point.
    let s: &str = "unsized \"str\"";
    assert_eq!(
        fastwire::json::to_string(s),
        serde_json::to_string(s).unwrap()
    );
    let sl: &[u8] = &[1, 2];
    assert_eq!(fastwire::json::to_vec(sl), serde_json::to_vec(sl).unwrap());
}
