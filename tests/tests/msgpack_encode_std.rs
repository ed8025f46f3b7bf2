//! Differential tests: fastwire's MessagePack for std types against rmp-serde, at the sizes and
//! values where MessagePack changes form. `json_encode_std.rs` already runs every std type it
//! covers through both formats (its helpers compare with `rmp_serde::to_vec_named` and read
//! rmp-serde's bytes back); here are the cases JSON has no reason to look at: every integer
//! form's boundaries, 128-bit integers as 16-byte `bin`, NaN payloads and `f32` widths (which
//! MessagePack keeps and JSON cannot write), strings of 31, 32, 255, 256, 65,535 and 65,536
//! bytes, collections of 15, 16, 65,535 and 65,536 elements, map keys of every type (written
//! as themselves, not as strings), `bin` input for byte sequences, and the harness itself.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::io::Cursor;

use fastwire_tests::{
    assert_msgpack_decodes_like_rmp_serde, assert_msgpack_decodes_like_twin,
    assert_msgpack_decodes_same, assert_msgpack_decodes_same_borrowed, assert_msgpack_encodes_as,
    assert_msgpack_eq, assert_msgpack_round_trip, assert_msgpack_round_trip_quick,
    assert_round_trip, assert_same_msgpack, assert_same_round_trip, Verdict,
};

// ---------------------------------------------------------------------------------------------
// integers
// ---------------------------------------------------------------------------------------------

/// Every value where some integer's smallest form changes, with its neighbours.
fn form_boundaries() -> Vec<i128> {
    let mut values = Vec::new();
    for edge in [
        0i128,
        127,
        255,
        65_535,
        u32::MAX as i128,
        u64::MAX as i128,
        -1,
        -32,
        -128,
        -32_768,
        i32::MIN as i128,
        i64::MIN as i128,
        i8::MAX as i128,
        i16::MAX as i128,
        i32::MAX as i128,
        i64::MAX as i128,
    ] {
        values.extend([edge - 1, edge, edge + 1]);
    }
    values
}

macro_rules! int_forms {
    ($($ty:ty),*) => {$({
        let fitting: Vec<$ty> = form_boundaries()
            .into_iter()
            .filter_map(|v| <$ty>::try_from(v).ok())
            .chain([<$ty>::MIN, <$ty>::MAX])
            .collect();
        for v in &fitting {
            assert_same_round_trip(v);
        }
        assert_same_round_trip(&fitting);
    })*};
}

#[test]
fn integers_take_their_smallest_form() {
    int_forms!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
    // The forms themselves, for one type: the oracle could share a mistake with fastwire
    // only if both wrote these wrongly.
    for (value, form) in [
        (0i64, &b"\x00"[..]),
        (127, b"\x7f"),
        (128, b"\xcc\x80"),
        (256, b"\xcd\x01\x00"),
        (65_536, b"\xce\x00\x01\x00\x00"),
        (1 << 32, b"\xcf\x00\x00\x00\x01\x00\x00\x00\x00"),
        (-1, b"\xff"),
        (-32, b"\xe0"),
        (-33, b"\xd0\xdf"),
        (-129, b"\xd1\xff\x7f"),
        (-32_769, b"\xd2\xff\xff\x7f\xff"),
        (i64::MIN, b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00"),
    ] {
        assert_eq!(assert_same_msgpack(&value), form, "{value}");
    }
}

#[test]
fn int128_is_a_sixteen_byte_bin() {
    for v in [0i128, 1, -1, i128::MIN, i128::MAX, i64::MIN as i128 - 1] {
        let bytes = assert_same_msgpack(&v);
        assert_eq!(bytes[..2], [0xc4, 16]);
        assert_eq!(bytes[2..], v.to_be_bytes());
        assert_same_round_trip(&v);
    }
    for v in [0u128, 1, u128::MAX, u64::MAX as u128 + 1] {
        assert_eq!(assert_same_msgpack(&v)[2..], v.to_be_bytes());
        assert_same_round_trip(&v);
    }
    // Both read 128-bit integers from any integer form as well.
    for input in [
        &b"\x05"[..],
        b"\xff",
        b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
        b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00",
    ] {
        let _ = assert_msgpack_decodes_same::<i128>(input);
    }
    for input in [
        &b"\x05"[..],
        b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff",
        b"\xd0\x05",
    ] {
        let _ = assert_msgpack_decodes_same::<u128>(input);
    }
}

// ---------------------------------------------------------------------------------------------
// floats: MessagePack keeps every bit, and the width
// ---------------------------------------------------------------------------------------------

#[test]
fn floats_keep_their_bits_and_width() {
    let f64s = [
        0.0,
        -0.0,
        1.5,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7ff0_0000_0000_0001),
        f64::from_bits(0xfff8_dead_beef_0001),
    ];
    for x in f64s {
        let bytes = assert_same_msgpack(&x);
        assert_eq!(bytes[0], 0xcb);
        assert_eq!(bytes[1..], x.to_bits().to_be_bytes());
        // JSON writes non-finite floats as `null`; MessagePack reads them back, bit for bit.
        assert_msgpack_round_trip(&x);
        let back: f64 = fastwire::msgpack::from_slice(&bytes).unwrap();
        assert_eq!(back.to_bits(), x.to_bits());
    }
    let f32s = [
        0.0f32,
        -0.0,
        1.5,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        f32::INFINITY,
        f32::NAN,
        f32::from_bits(0xffc0_1234),
    ];
    for x in f32s {
        let bytes = assert_same_msgpack(&x);
        assert_eq!(bytes[0], 0xca);
        assert_eq!(bytes[1..], x.to_bits().to_be_bytes());
        assert_msgpack_round_trip(&x);
        assert_msgpack_round_trip(&(x, Some(x), vec![x]));
    }
    assert_msgpack_round_trip(&(f64s.to_vec(), f32s.to_vec()));
    assert_msgpack_round_trip(&BTreeMap::from([
        ("nan".to_owned(), f64::NAN),
        ("one".to_owned(), 1.0),
    ]));
}

// ---------------------------------------------------------------------------------------------
// strings at the lengths where the header changes
// ---------------------------------------------------------------------------------------------

#[test]
fn strings_at_header_boundaries() {
    for len in [0usize, 1, 31, 32, 255, 256, 65_535, 65_536, 70_000] {
        let ascii = "x".repeat(len);
        let bytes = assert_same_msgpack(&ascii);
        let header: &[u8] = match len {
            0..=31 => &[0xa0 | len as u8],
            32..=255 => &[0xd9, len as u8],
            256..=65_535 => &[0xda, (len >> 8) as u8, len as u8],
            _ => &[0xdb, 0, (len >> 16) as u8, (len >> 8) as u8, len as u8],
        };
        assert_eq!(&bytes[..header.len()], header, "{len}");
        assert_same_round_trip(&ascii);
        // Multi-byte characters ending exactly at the boundary and just past it.
        for extra in 0..3 {
            let text = format!("{}é", "x".repeat(len.saturating_sub(2) + extra));
            assert_same_msgpack(&text);
            assert_msgpack_round_trip(&text);
        }
    }
    // A string and a `char` are the same thing in MessagePack.
    for c in ['\0', 'é', '😀', char::MAX] {
        assert_same_round_trip(&c);
        let _ = assert_msgpack_decodes_same::<char>(&assert_same_msgpack(&c.to_string()));
    }
    let _ = assert_msgpack_decodes_same::<char>(b"\xa2ab");
    let _ = assert_msgpack_decodes_same::<char>(b"\xa0");
}

// ---------------------------------------------------------------------------------------------
// collections at the lengths where the header changes
// ---------------------------------------------------------------------------------------------

/// The header rmp-serde writes for `len` items: `fix` plus the length, then the 16- and 32-bit
/// forms.
fn header(len: usize, fix: u8, marker16: u8) -> Vec<u8> {
    match len {
        0..=15 => vec![fix | len as u8],
        16..=65_535 => vec![marker16, (len >> 8) as u8, len as u8],
        _ => [&[marker16 + 1][..], &(len as u32).to_be_bytes()].concat(),
    }
}

#[test]
fn sequences_at_header_boundaries() {
    for len in [0usize, 15, 16, 17, 65_535, 65_536] {
        let v: Vec<u32> = (0..len as u32).collect();
        let bytes = assert_same_msgpack(&v);
        assert_eq!(
            bytes[..header(len, 0x90, 0xdc).len()],
            header(len, 0x90, 0xdc)
        );
        let bytes_vec: Vec<u8> = (0..len).map(|i| i as u8).collect();
        // Bytes are an array of integers, as serde writes them, not a `bin`.
        assert_eq!(
            assert_same_msgpack(&bytes_vec)[0],
            header(len, 0x90, 0xdc)[0]
        );
        if len > 100 {
            // Large: the cheaper read-back.
            assert_msgpack_round_trip_quick(&v);
            assert_msgpack_round_trip_quick(&bytes_vec);
            continue;
        }
        assert_same_round_trip(&v);
        assert_same_round_trip(&bytes_vec);
        let deque: VecDeque<u32> = v.iter().copied().collect();
        assert_same_round_trip(&deque);
        let set: BTreeSet<u32> = v.iter().copied().collect();
        assert_same_round_trip(&set);
        let hashed: HashSet<u32> = v.iter().copied().collect();
        assert_same_round_trip(&hashed);
    }
}

#[test]
fn maps_at_header_boundaries() {
    for len in [0usize, 15, 16, 65_535, 65_536] {
        let m: BTreeMap<u32, bool> = (0..len as u32).map(|i| (i, i % 2 == 0)).collect();
        let bytes = assert_same_msgpack(&m);
        assert_eq!(
            bytes[..header(len, 0x80, 0xde).len()],
            header(len, 0x80, 0xde)
        );
        if len > 100 {
            assert_msgpack_round_trip_quick(&m);
            continue;
        }
        assert_round_trip(&m);
        let h: HashMap<String, u8> = (0..len).map(|i| (format!("k{i}"), i as u8)).collect();
        assert_same_msgpack(&h);
        assert_round_trip(&h);
    }
}

// ---------------------------------------------------------------------------------------------
// map keys are written as themselves
// ---------------------------------------------------------------------------------------------

#[test]
fn map_keys_of_every_type() {
    // JSON quotes these keys; MessagePack writes them as integers, booleans, strings.
    let ints = BTreeMap::from([(-1i64, 'a'), (300, 'b')]);
    assert_eq!(assert_same_round_trip(&ints), r#"{"-1":"a","300":"b"}"#);
    assert_eq!(
        assert_same_msgpack(&ints),
        b"\x82\xff\xa1a\xcd\x01\x2c\xa1b"
    );
    let bools = BTreeMap::from([(false, 0u8), (true, 1)]);
    assert_eq!(assert_same_msgpack(&bools), b"\x82\xc2\x00\xc3\x01");
    assert_same_round_trip(&bools);
    let wide = BTreeMap::from([(u128::MAX, 1u8), (0, 2)]);
    assert_same_round_trip(&wide);
    // Keys JSON cannot have at all.
    let tuples = BTreeMap::from([((1u8, 'x'), vec![1u8]), ((2, 'y'), vec![])]);
    assert_same_msgpack(&tuples);
    assert_msgpack_round_trip(&tuples);
    let options = BTreeMap::from([(None, 1u8), (Some(3u16), 2)]);
    assert_same_msgpack(&options);
    assert_msgpack_round_trip(&options);
    let nested: HashMap<Vec<String>, BTreeMap<i8, ()>> = HashMap::from([
        (vec![], BTreeMap::new()),
        (vec!["a".to_owned()], BTreeMap::from([(-5, ())])),
    ]);
    assert_same_msgpack(&nested);
    assert_msgpack_round_trip(&nested);
    // A key of the wrong type is refused by both; so is a value.
    for input in [
        &b"\x81\xa1a\x01"[..],
        b"\x81\x01\xa1a",
        b"\x81\xc0\x01",
        b"\x81\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00\x01",
        b"\x82\x01\x01\x01\x02",
    ] {
        let _ = assert_msgpack_decodes_same::<BTreeMap<u8, u8>>(input);
        let _ = assert_msgpack_decodes_same::<HashMap<i16, u8>>(input);
        let _ = assert_msgpack_decodes_same::<BTreeMap<String, u8>>(input);
    }
}

// ---------------------------------------------------------------------------------------------
// byte sequences from `bin`, as rmp-serde reads them
// ---------------------------------------------------------------------------------------------

#[test]
fn byte_sequences_from_bin() {
    let data: Vec<u8> = (0..=255).collect();
    // serde_bytes writes a `bin`; serde's own sequence types read it as their bytes.
    for len in [0usize, 1, 16, 255, 256] {
        let bin = rmp_serde::to_vec(serde_bytes::Bytes::new(&data[..len])).unwrap();
        assert_eq!(bin[0], if len < 256 { 0xc4 } else { 0xc5 });
        assert_eq!(
            assert_msgpack_decodes_same::<Vec<u8>>(&bin).unwrap(),
            &data[..len]
        );
        let _ = assert_msgpack_decodes_same::<Vec<u16>>(&bin);
        let _ = assert_msgpack_decodes_same::<Vec<i8>>(&bin);
        let _ = assert_msgpack_decodes_same::<Vec<f64>>(&bin);
        let _ = assert_msgpack_decodes_same::<VecDeque<u64>>(&bin);
        let _ = assert_msgpack_decodes_same::<BTreeSet<u8>>(&bin);
        let _ = assert_msgpack_decodes_same::<Vec<String>>(&bin);
        let _ = assert_msgpack_decodes_same::<Vec<bool>>(&bin);
        let _ = assert_msgpack_decodes_same::<Box<[u8]>>(&bin);
        let (ours, _) = assert_msgpack_decodes_same_borrowed::<&[u8]>(&bin);
        // Borrowed from the input, past the header.
        let ours = ours.unwrap();
        assert!(
            len == 0 || std::ptr::eq(ours.as_ptr(), bin[2 + usize::from(len >= 256)..].as_ptr())
        );
    }
    for input in [&b"\xc4\x03\x01\x02\x03"[..], b"\xc4\x02\x01\x02"] {
        let _ = assert_msgpack_decodes_same::<[u8; 3]>(input);
        let _ = assert_msgpack_decodes_same::<[u16; 3]>(input);
    }
    // A string is bytes too, for a byte slice; a byte array is no string unless UTF-8.
    let _ = assert_msgpack_decodes_same_borrowed::<&[u8]>(b"\xa3abc");
    let _ = assert_msgpack_decodes_same::<String>(b"\xc4\x03abc");
    let _ = assert_msgpack_decodes_same::<String>(b"\xc4\x02\xc3\x28");
    let _ = assert_msgpack_decodes_same_borrowed::<&str>(b"\xc4\x03abc");
}

// Regressions: inputs on which fastwire and rmp-serde disagree today, none of them among the
// documented deliberate differences.

#[test]
fn option_sequences_from_bin_like_rmp_serde() {
    // rmp-serde hands each byte of a `bin` to the element as an integer, which `Option`
    // refuses; fastwire reads `Some(byte)`.
    let _ = assert_msgpack_decodes_same::<Vec<Option<u8>>>(b"\xc4\x02\x01\x02");
    let _ = assert_msgpack_decodes_same::<Vec<Option<u8>>>(b"\xc4\x00");
}

#[test]
fn tuples_from_bin_like_rmp_serde() {
    // rmp-serde reads every sequence-shaped target from a `bin`, tuples included.
    let _ = assert_msgpack_decodes_same::<(u8, u8)>(b"\xc4\x02\x01\x02");
    let _ = assert_msgpack_decodes_same::<(u8, u16, f32)>(b"\xc4\x03\x01\x02\x03");
}

#[test]
fn fixed_arrays_from_longer_bin_like_rmp_serde() {
    // rmp-serde stops reading a `bin` once the array is full and never checks that its bytes
    // ran out: four bytes read as `[u8; 3]`.
    let _ = assert_msgpack_decodes_same::<[u8; 3]>(b"\xc4\x04\x01\x02\x03\x04");
}

#[test]
fn char_from_bin_like_rmp_serde() {
    // serde's `char` takes a string only; a `bin` holding one character is refused.
    let _ = assert_msgpack_decodes_same::<char>(b"\xc4\x01a");
}

// ---------------------------------------------------------------------------------------------
// arrays longer than serde supports, against twins
// ---------------------------------------------------------------------------------------------

#[test]
fn long_arrays_encode_like_slices() {
    let a33 = [7u8; 33];
    let expected = rmp_serde::to_vec_named(&a33[..]).unwrap();
    assert_msgpack_encodes_as(&a33, &expected);
    assert_eq!(
        assert_msgpack_decodes_like_twin::<[u8; 33], Vec<u8>>(&expected),
        Some(a33)
    );
    let a100 = [0.5f64; 100];
    let expected = rmp_serde::to_vec_named(&a100[..]).unwrap();
    assert_msgpack_encodes_as(&a100, &expected);
    assert_eq!(
        assert_msgpack_decodes_like_twin::<[f64; 100], Vec<f64>>(&expected),
        Some(a100)
    );
    // One element short or long: an error.
    let short = rmp_serde::to_vec(&[7u8; 32][..]).unwrap();
    assert!(fastwire::msgpack::from_slice::<[u8; 33]>(&short).is_err());
    let long = rmp_serde::to_vec(&[7u8; 34][..]).unwrap();
    assert!(fastwire::msgpack::from_slice::<[u8; 33]>(&long).is_err());
}

// ---------------------------------------------------------------------------------------------
// unit and its relatives: nil, or the empty array unit structs are written as
// ---------------------------------------------------------------------------------------------

#[test]
fn unit_nil_and_empty_arrays() {
    assert_eq!(assert_same_msgpack(&()), b"\xc0");
    assert_eq!(
        assert_same_msgpack(&std::marker::PhantomData::<u8>),
        b"\x90"
    );
    assert_eq!(assert_same_msgpack(&None::<u8>), b"\xc0");
    assert_eq!(assert_same_msgpack(&Some(())), b"\xc0");
    // `Some(PhantomData)` is `[]`, not nil, so it reads back as `Some`, unlike in JSON.
    let verdicts = fastwire_tests::assert_decodes_like_serde(&Some(std::marker::PhantomData::<u8>));
    assert_eq!(verdicts.json, Verdict::Changed);
    assert_eq!(verdicts.msgpack, Verdict::RoundTrip);
    for input in [&b"\xc0"[..], b"\x90", b"\x91\xc0", b"\x80", b"\x00"] {
        let _ = assert_msgpack_decodes_same::<()>(input);
        let _ = assert_msgpack_decodes_same::<std::marker::PhantomData<u8>>(input);
        let _ = assert_msgpack_decodes_same::<Option<()>>(input);
        let _ = assert_msgpack_decodes_same::<Vec<()>>(input);
    }
}

// ---------------------------------------------------------------------------------------------
// entry points and the harness
// ---------------------------------------------------------------------------------------------

#[test]
fn encode_into_appends_and_reuses() {
    let mut buf = Vec::with_capacity(256);
    buf.extend_from_slice(b"\x93");
    fastwire::msgpack::encode_into(&vec!["a\n", "b"], &mut buf);
    fastwire::msgpack::encode_into(&Some(1.5f64), &mut buf);
    fastwire::msgpack::encode_into(&u128::MAX, &mut buf);
    let expected = rmp_serde::to_vec(&(vec!["a\n", "b"], Some(1.5f64), u128::MAX)).unwrap();
    assert_msgpack_eq(&buf, &expected, "encode_into sequence");

    // A buffer reused across calls keeps its allocation once it is large enough.
    let value: Vec<String> = (0..100).map(|i| format!("item \"{i}\"")).collect();
    let mut reused = Vec::new();
    fastwire::msgpack::encode_into(&value, &mut reused);
    let first = reused.clone();
    let (cap, ptr) = (reused.capacity(), reused.as_ptr());
    for _ in 0..10 {
        reused.clear();
        fastwire::msgpack::encode_into(&value, &mut reused);
        assert_eq!(reused, first);
        assert_eq!(
            reused.capacity(),
            cap,
            "encode_into reallocated a large enough buffer"
        );
        assert_eq!(reused.as_ptr(), ptr);
    }
    assert_msgpack_eq(&first, &rmp_serde::to_vec(&value).unwrap(), "encode_into");
}

#[test]
fn writer_by_value_and_by_ref() {
    let value = (vec![1, 2], "w", BTreeMap::from([(1u8, 'x')]));
    let expected = rmp_serde::to_vec(&value).unwrap();
    let mut cursor = Cursor::new(Vec::new());
    fastwire::msgpack::to_writer(&mut cursor, &value).unwrap();
    assert_msgpack_eq(cursor.get_ref(), &expected, "to_writer Cursor");
    let mut bufw = std::io::BufWriter::new(Vec::new());
    fastwire::msgpack::to_writer(&mut bufw, &value).unwrap();
    assert_msgpack_eq(
        &bufw.into_inner().unwrap(),
        &expected,
        "to_writer BufWriter",
    );
    let mut pre = b"xyz".to_vec();
    fastwire::msgpack::to_writer(&mut pre, &value).unwrap();
    assert_msgpack_eq(&pre[3..], &expected, "to_writer appends");
    // Unsized values.
    let s: &str = "unsized";
    assert_eq!(fastwire::msgpack::to_vec(s), rmp_serde::to_vec(s).unwrap());
    let sl: &[u8] = &[1, 2];
    assert_eq!(
        fastwire::msgpack::to_vec(sl),
        rmp_serde::to_vec(sl).unwrap()
    );
}

#[test]
#[should_panic(expected = "output differs from rmp-serde")]
fn harness_detects_a_difference() {
    // The checker itself must fail on a wrong expectation, or every test above is vacuous.
    assert_msgpack_encodes_as(&1u8, b"\x02");
}

#[test]
#[should_panic(expected = "msgpack::encode_into (empty Vec)")]
fn harness_checks_more_than_to_vec() {
    /// Right the first time it is encoded (by `to_vec`), wrong every time after.
    struct RightOnce(std::cell::Cell<bool>);
    impl fastwire::msgpack::Encode for RightOnce {
        fn encode<W: fastwire::msgpack::Writer>(&self, w: &mut W) {
            w.write_raw(if self.0.replace(true) {
                b"\xc0"
            } else {
                b"\x90"
            });
        }
    }
    impl serde::Serialize for RightOnce {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_unit_struct("RightOnce")
        }
    }
    assert_same_msgpack(&RightOnce(std::cell::Cell::new(false)));
}

/// Reads like an `f64` but loses the sign of zero: equal by `PartialEq`, different in bits.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct SignlessZero(f64);

impl<'de> fastwire::msgpack::Decode<'de> for SignlessZero {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        r.decode_f64().map(|x| Self(if x == 0.0 { 0.0 } else { x }))
    }
}

/// Accepts any MessagePack value, where rmp-serde wants a number.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct Lenient(u8);

impl<'de> fastwire::msgpack::Decode<'de> for Lenient {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        r.skip_value()?;
        Ok(Self(1))
    }
}

/// Fails with an error offset past the end of its input.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct FarError(u8);

impl<'de> fastwire::msgpack::Decode<'de> for FarError {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        Err(r.custom_at("far away", r.offset() + 100))
    }
}

#[test]
#[should_panic(expected = "values differ")]
fn harness_detects_a_lost_sign_when_decoding() {
    assert_msgpack_round_trip(&SignlessZero(-0.0));
}

#[test]
#[should_panic(expected = "fastwire accepts what rmp-serde rejects")]
fn harness_detects_a_different_verdict() {
    let _ = assert_msgpack_decodes_same::<Lenient>(b"\xa1x");
}

#[test]
#[should_panic(expected = "values differ")]
fn harness_detects_a_different_value() {
    assert_msgpack_round_trip(&Lenient(7));
}

#[test]
#[should_panic(expected = "beyond the input")]
fn harness_detects_an_error_outside_the_input() {
    let _ = assert_msgpack_decodes_like_rmp_serde(&FarError(1));
}

#[test]
fn harness_compares_nan_by_bits() {
    // NaN is unequal to itself; the harness compares the bits instead, and tells payloads
    // apart.
    assert_eq!(
        assert_msgpack_decodes_like_rmp_serde(&vec![f64::NAN]).named,
        Verdict::RoundTrip
    );
    let nan = f64::NAN.to_bits();
    assert_ne!(
        rmp_serde::to_vec(&f64::from_bits(nan)).unwrap(),
        rmp_serde::to_vec(&f64::from_bits(nan | 1)).unwrap()
    );
}
