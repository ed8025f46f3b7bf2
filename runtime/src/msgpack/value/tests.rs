use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::*;
use crate::msgpack::{from_slice, to_vec, Decoder, Encode};

/// Integers at every boundary between MessagePack's forms, as `i128`.
const BOUNDARIES: &[i128] = &[
    i64::MIN as i128,
    i64::MIN as i128 + 1,
    i32::MIN as i128 - 1,
    i32::MIN as i128,
    i16::MIN as i128 - 1,
    i16::MIN as i128,
    -129,
    -128,
    -33,
    -32,
    -1,
    0,
    1,
    127,
    128,
    255,
    256,
    65_535,
    65_536,
    u32::MAX as i128,
    u32::MAX as i128 + 1,
    i64::MAX as i128,
    i64::MAX as i128 + 1,
    u64::MAX as i128,
];

fn integer(value: i128) -> Integer {
    Integer::from_i128(value).unwrap()
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Every integer form that holds `value`, widest last.
fn every_form(value: i128) -> Vec<Vec<u8>> {
    let mut forms = Vec::new();
    if (0..=0x7f).contains(&value) {
        forms.push(vec![value as u8]);
    }
    if (-32..0).contains(&value) {
        forms.push(vec![value as i8 as u8]);
    }
    let mut push = |marker: u8, bytes: &[u8]| forms.push([&[marker][..], bytes].concat());
    if let Ok(v) = u8::try_from(value) {
        push(0xcc, &v.to_be_bytes());
    }
    if let Ok(v) = u16::try_from(value) {
        push(0xcd, &v.to_be_bytes());
    }
    if let Ok(v) = u32::try_from(value) {
        push(0xce, &v.to_be_bytes());
    }
    if let Ok(v) = u64::try_from(value) {
        push(0xcf, &v.to_be_bytes());
    }
    if let Ok(v) = i8::try_from(value) {
        push(0xd0, &v.to_be_bytes());
    }
    if let Ok(v) = i16::try_from(value) {
        push(0xd1, &v.to_be_bytes());
    }
    if let Ok(v) = i32::try_from(value) {
        push(0xd2, &v.to_be_bytes());
    }
    if let Ok(v) = i64::try_from(value) {
        push(0xd3, &v.to_be_bytes());
    }
    forms
}

#[test]
fn integers_read_from_every_form_and_write_the_shortest() {
    for &value in BOUNDARIES {
        let forms = every_form(value);
        let shortest = forms.iter().min_by_key(|form| form.len()).unwrap();
        for form in &forms {
            let decoded: Value = from_slice(form).unwrap();
            assert_eq!(decoded, Value::Integer(integer(value)), "{form:02x?}");
            assert_eq!(&to_vec(&decoded), shortest, "{value}");
        }
        // Non-negative values take the unsigned forms, as rmp-serde writes them.
        if value >= 0 {
            assert!(shortest[0] < 0x80 || (0xcc..=0xcf).contains(&shortest[0]));
        }
    }
}

#[test]
fn integers_compare_and_hash_by_value() {
    assert_eq!(Integer::from(5u8), Integer::from(5i64));
    assert_eq!(hash_of(&Integer::from(5u8)), hash_of(&Integer::from(5i64)));
    assert_eq!(Integer::from(0i8), Integer::from(0u64));
    assert_eq!(Value::from(5u8), Value::from(5i64));
    assert_eq!(Value::from(5usize), Value::from(5isize));
    for &a in BOUNDARIES {
        for &b in BOUNDARIES {
            assert_eq!(integer(a).cmp(&integer(b)), a.cmp(&b), "{a} {b}");
            assert_eq!(integer(a) == integer(b), a == b);
        }
        let n = integer(a);
        assert_eq!(n.as_i128(), a);
        assert_eq!(n.as_u64(), u64::try_from(a).ok());
        assert_eq!(n.as_i64(), i64::try_from(a).ok());
        assert_eq!(n.is_negative(), a < 0);
        assert_eq!(n.as_f64(), a as f64);
        assert_eq!(n.to_string(), a.to_string());
        assert_eq!(format!("{n:?}"), a.to_string());
    }
    assert_eq!(Integer::from_i128(u64::MAX as i128 + 1), None);
    assert_eq!(Integer::from_i128(i64::MIN as i128 - 1), None);
}

#[test]
fn floats_keep_their_width_and_compare_by_value() {
    assert_eq!(to_vec(&Value::F32(1.0)), b"\xca\x3f\x80\x00\x00");
    assert_eq!(to_vec(&Value::F64(1.0)), b"\xcb\x3f\xf0\0\0\0\0\0\0");
    assert_ne!(Value::F32(1.0), Value::F64(1.0));
    assert_ne!(Value::F64(1.0), Value::from(1));
    assert_ne!(Value::F64(f64::NAN), Value::F64(f64::NAN));
    assert_eq!(Value::F64(0.0), Value::F64(-0.0));
    assert_eq!(Value::F32(0.5), 0.5);
    assert_eq!(Value::F64(0.5), 0.5f32);
    assert_ne!(Value::from(1), 1.0);
    // A NaN's payload survives the round trip, whatever its width.
    for bits in [0x7fc0_0001u32, 0xffc0_0000, 0x7f80_0001] {
        let bytes = to_vec(&Value::F32(f32::from_bits(bits)));
        match from_slice::<Value>(&bytes).unwrap() {
            Value::F32(back) => assert_eq!(back.to_bits(), bits),
            other => panic!("{other:?}"),
        }
    }
    let bits = 0x7ff8_0000_dead_beefu64;
    match from_slice::<Value>(&to_vec(&Value::F64(f64::from_bits(bits)))).unwrap() {
        Value::F64(back) => assert_eq!(back.to_bits(), bits),
        other => panic!("{other:?}"),
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "values of 65,536 elements take minutes to interpret; the same code paths run on the shorter values of the other tests"
)]
fn headers_take_their_smallest_form() {
    for (len, header) in [
        (31usize, &[0xbfu8][..]),
        (32, &[0xd9, 32]),
        (255, &[0xd9, 255]),
        (256, &[0xda, 1, 0]),
        (65_535, &[0xda, 0xff, 0xff]),
        (65_536, &[0xdb, 0, 1, 0, 0]),
    ] {
        let text = "é".repeat(len / 2) + &"x".repeat(len % 2);
        let bytes = to_vec(&Value::from(text.as_str()));
        assert_eq!(&bytes[..header.len()], header, "str {len}");
        assert_eq!(from_slice::<Value>(&bytes).unwrap(), text);
    }
    for (len, header) in [
        (15usize, &[0x9fu8][..]),
        (16, &[0xdc, 0, 16]),
        (65_536, &[0xdd, 0, 1, 0, 0]),
    ] {
        let array = Value::Array(vec![Value::Nil; len]);
        let bytes = to_vec(&array);
        assert_eq!(&bytes[..header.len()], header, "array {len}");
        assert_eq!(from_slice::<Value>(&bytes).unwrap(), array);
        let map = Value::Map(vec![(Value::Nil, Value::Nil); len]);
        let bytes = to_vec(&map);
        assert_eq!(bytes[0], header[0] - 0x10 + if len < 16 { 0 } else { 0x12 });
        assert_eq!(from_slice::<Value>(&bytes).unwrap(), map);
    }
}

#[test]
fn extensions_and_timestamps() {
    let t = Timestamp::new(-1, 5).unwrap();
    let bytes = to_vec(&Value::Timestamp(t));
    assert_eq!(bytes, to_vec(&t));
    assert_eq!(from_slice::<Value>(&bytes).unwrap(), Value::Timestamp(t));
    for len in [0usize, 1, 2, 3, 4, 8, 16, 17, 255, 256, 65_536] {
        let ext = Value::Ext(-128, vec![0xab; len]);
        assert_eq!(from_slice::<Value>(&to_vec(&ext)).unwrap(), ext, "{len}");
    }
    // Ext(-1) holding a valid timestamp reads back as the timestamp.
    let data = to_vec(&t)[3..].to_vec();
    let read: Value = from_slice(&to_vec(&Value::Ext(-1, data))).unwrap();
    assert_eq!(read, Value::Timestamp(t));
}

/// `Value` reads extension type -1 through `Timestamp::from_ext_data`, the code `Timestamp`'s
/// decoder uses: both must agree on every input, message and offset included.
#[test]
fn timestamp_errors_match_the_timestamp_decoder() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..if cfg!(miri) { 200 } else { 20_000 } {
        let len = [0usize, 1, 3, 4, 4, 8, 8, 12, 12, 13, 16][(next() % 11) as usize];
        let mut data: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        // Nanoseconds near the limit, in both layouts that carry them.
        if len == 12 && next() % 2 == 0 {
            let nanos = 999_999_990 + (next() % 20) as u32;
            data[..4].copy_from_slice(&nanos.to_be_bytes());
        }
        if len == 8 && next() % 2 == 0 {
            let nanos = 999_999_990 + (next() % 20);
            let packed = nanos << 34 | (next() & ((1 << 34) - 1));
            data.copy_from_slice(&packed.to_be_bytes());
        }
        let mut bytes = Vec::new();
        crate::msgpack::encode_into(&Value::Ext(-1, data), &mut bytes);
        inputs.push([&b"\x91"[..], &bytes].concat());
    }
    let mut valid = 0;
    for input in &inputs {
        let as_value = from_slice::<Value>(input);
        let as_timestamp = from_slice::<Vec<Timestamp>>(input);
        match (as_value, as_timestamp) {
            (Ok(value), Ok(ts)) => {
                assert_eq!(value, Value::Array(vec![Value::Timestamp(ts[0])]));
                valid += 1;
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string());
                assert_eq!(a.offset(), b.offset());
            }
            (a, b) => panic!("{input:02x?}: {a:?} vs {b:?}"),
        }
    }
    // Both outcomes are exercised, each in at least a twentieth of the cases.
    let floor = inputs.len() / 20;
    assert!(valid > floor && valid < inputs.len() - floor, "{valid}");
}

#[test]
fn errors_name_the_path_and_the_byte() {
    // [1, {"k": [nil, 0xc1]}]
    let err = from_slice::<Value>(b"\x92\x01\x81\xa1k\x92\xc0\xc1").unwrap_err();
    assert!(err.is_syntax());
    assert_eq!(err.path(), r#"[1]["k"][1]"#);
    assert_eq!(err.offset(), 7);
    // A bad key names the entry's position; a value under an integer key, the key's digits.
    let err = from_slice::<Value>(b"\x82\x01\x02\xa1\xff\x00").unwrap_err();
    assert_eq!(
        (err.path(), err.offset(), err.is_syntax()),
        ("[1]".into(), 3, true)
    );
    let err = from_slice::<Value>(b"\x81\xd0\xf6\xd6\xff\x00").unwrap_err();
    assert_eq!((err.path(), err.is_eof()), (r#"["-10"]"#.into(), true));
    // Timestamps that break the spec.
    let err = from_slice::<Value>(b"\x91\xd4\xff\x00").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid value: timestamp extension of 1 bytes, expected a timestamp of 4, 8 or 12 bytes at [0] (byte 1)"
    );
    let mut bytes = b"\xc7\x0c\xff".to_vec();
    bytes.extend_from_slice(&1_000_000_000u32.to_be_bytes());
    bytes.extend_from_slice(&[0; 8]);
    let err = from_slice::<Value>(&bytes).unwrap_err();
    assert!(err.is_data());
    assert!(err.to_string().contains("1000000000 nanoseconds"), "{err}");
    // Strings are checked; binaries are not.
    assert!(from_slice::<Value>(b"\xa2\xc3\x28")
        .unwrap_err()
        .is_syntax());
    assert_eq!(
        from_slice::<Value>(b"\xc4\x02\xc3\x28").unwrap(),
        Value::Binary(vec![0xc3, 0x28])
    );
    assert!(from_slice::<Value>(b"\xc1").unwrap_err().is_syntax());
    assert!(from_slice::<Value>(b"\xc0\xc0").unwrap_err().is_syntax());
    assert!(from_slice::<Value>(b"").unwrap_err().is_eof());
}

#[test]
fn lengths_beyond_the_input_allocate_nothing_large() {
    for input in [
        &b"\xdd\xff\xff\xff\xff"[..],
        b"\xdf\xff\xff\xff\xff",
        b"\xdb\xff\xff\xff\xff",
        b"\xc6\xff\xff\xff\xff",
        b"\xc9\xff\xff\xff\xff\x01",
    ] {
        assert!(from_slice::<Value>(input).unwrap_err().is_eof());
    }
}

#[test]
fn nesting_counts_against_the_depth_limit() {
    let nested = |levels: usize, marker: &[u8]| {
        let mut bytes = marker.repeat(levels);
        bytes.push(0xc0);
        bytes
    };
    // The default admits 127 levels of arrays or maps.
    assert!(from_slice::<Value>(&nested(127, b"\x91")).is_ok());
    let err = from_slice::<Value>(&nested(128, b"\x91")).unwrap_err();
    assert!(err.is_syntax());
    assert_eq!(err.offset(), 127);
    assert!(from_slice::<Value>(&nested(127, b"\x81\xc0")).is_ok());
    assert!(from_slice::<Value>(&nested(128, b"\x81\xc0")).is_err());
    let decoder = Decoder::new().max_depth(3);
    assert!(decoder.from_slice::<Value>(&nested(2, b"\x91")).is_ok());
    assert!(decoder.from_slice::<Value>(&nested(3, b"\x91")).is_err());
    // Scalars, strings and extensions do not count.
    assert!(decoder
        .from_slice::<Value>(b"\x91\x91\xd6\xff\0\0\0\0")
        .is_ok());
}

#[test]
fn indexing() {
    let mut doc: Value = from_slice(b"\x83\xa1a\x01\xa1a\x02\x01\x91\xa1x").unwrap();
    // The first of duplicate keys; non-string keys only through `get_key`.
    assert_eq!(doc["a"], 1);
    assert_eq!(doc.get_key(&Value::from(1u8)).unwrap()[0], "x");
    assert!(doc["b"].is_nil());
    assert!(doc[0].is_nil());
    assert!(doc["a"]["deeper"][3].is_nil());
    doc["b"] = true.into();
    doc["a"] = Value::Nil;
    assert_eq!(
        doc.as_map()
            .unwrap()
            .iter()
            .map(|(k, _)| k.to_string())
            .collect::<Vec<_>>(),
        [r#""a""#, r#""a""#, "1", r#""b""#]
    );
    assert_eq!(
        doc.to_string(),
        r#"{"a": nil, "a": 2, 1: ["x"], "b": true}"#
    );
}

#[test]
#[should_panic(expected = "cannot index an integer with a string key")]
fn index_mut_on_the_wrong_kind_panics() {
    let mut doc = Value::from(1);
    doc["a"] = Value::Nil;
}

#[test]
#[should_panic(expected = "index 2 out of bounds for an array of 1 elements")]
fn index_mut_out_of_bounds_panics() {
    let mut doc = Value::Array(vec![Value::Nil]);
    doc[2] = Value::Nil;
}

#[test]
fn display_escapes_strings_and_shows_every_kind() {
    let doc = Value::Array(vec![
        "\u{1}\t\"\\é".into(),
        Value::F64(1e100),
        Value::F32(-0.0),
        Value::F64(f64::NEG_INFINITY),
        Value::from(u64::MAX),
        Value::Binary(vec![]),
        Value::Timestamp(Timestamp::new(-1, 500_000_000).unwrap()),
    ]);
    assert_eq!(
        doc.to_string(),
        r#"["\u0001\t\"\\é", 1e100, -0.0, -inf, 18446744073709551615, h'', timestamp(1969-12-31T23:59:59.500Z)]"#
    );
    assert_eq!(format!("{:?}", Value::from(-3)), "Integer(-3)");
}

#[test]
fn size_hints_are_close() {
    let count = if cfg!(miri) { 100 } else { 1000 };
    let doc: Value = (0..count)
        .map(|i| {
            Value::Map(vec![
                ("id".into(), i.into()),
                ("name".into(), "x".repeat(20).into()),
            ])
        })
        .collect();
    let (hint, len) = (Encode::size_hint(&doc), to_vec(&doc).len());
    assert!(hint >= len / 2 && hint <= len * 2, "{hint} vs {len}");
}
