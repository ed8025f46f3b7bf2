//! The MessagePack reader's shortcuts read exactly what its general paths read: an array of
//! floats taken in one piece (`[f64; N]`) against the same array read element by element,
//! and the keys of a map read for `flatten` against rmp-serde's verdicts, on every form,
//! truncation and nesting depth.

use std::collections::BTreeMap;

use fastwire::msgpack::{self, Decode, Decoder, Error, Reader};
use serde::Deserialize;

/// An `f64` read through `f64`'s own `decode` one element at a time: `[Plain; N]` takes the
/// element-by-element path that `[f64; N]` leaves for anything but its shortcut.
#[derive(Debug, Clone, Copy)]
struct Plain(f64);

impl<'de> Decode<'de> for Plain {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        f64::decode(r).map(Plain)
    }

    fn from_bin_byte(byte: u8) -> Option<Self> {
        f64::from_bin_byte(byte).map(Plain)
    }
}

/// A result as bits and error text, so that two results compare exactly (NaN included).
fn verdict<const N: usize>(result: Result<[f64; N], Error>) -> Result<Vec<u64>, String> {
    result
        .map(|values| values.iter().map(|v| v.to_bits()).collect())
        .map_err(|e| format!("{e} @ {}", e.offset()))
}

fn plain<const N: usize>(result: Result<[Plain; N], Error>) -> Result<[f64; N], Error> {
    result.map(|values| values.map(|p| p.0))
}

/// Each element form a writer might use for a float.
fn elements() -> Vec<Vec<u8>> {
    let mut forms = vec![
        [&[0xcb][..], &1.5f64.to_be_bytes()].concat(),
        [&[0xcb][..], &(-0.0f64).to_be_bytes()].concat(),
        [&[0xcb][..], &f64::NAN.to_be_bytes()].concat(),
        [&[0xca][..], &0.1f32.to_be_bytes()].concat(),
        vec![0x07],
        vec![0xff],
        vec![0xcd, 0x01, 0x00],
        vec![0xc0],
        vec![0xa1, b'x'],
        vec![0x91, 0x01],
    ];
    forms.push(vec![0xc1]);
    forms
}

/// Arrays of `len` elements drawn from `elements` under each array header form.
fn arrays(len: usize) -> Vec<Vec<u8>> {
    let forms = elements();
    let mut bodies: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..len {
        bodies = bodies
            .iter()
            .flat_map(|body| forms.iter().map(move |form| [&body[..], form].concat()))
            .collect();
    }
    let mut out = Vec::new();
    for body in bodies {
        let n = len as u8;
        out.push([&[0x90 | n][..], &body].concat());
        out.push([&[0xdc, 0, n][..], &body].concat());
        out.push([&[0xdd, 0, 0, 0, n][..], &body].concat());
    }
    out
}

fn check_arrays<const N: usize>()
where
    [f64; N]: for<'de> Deserialize<'de>,
{
    let mut inputs = Vec::new();
    for len in 0..=N + 1 {
        inputs.extend(arrays(len));
    }
    // A `bin` of bytes, read as integers (rmp-serde's rule).
    inputs.push(vec![0xc4, 3, 1, 2, 3]);
    for input in &inputs {
        // Whole, then every truncation: the shortcut and the general path agree on each.
        for end in 0..=input.len() {
            let cut = &input[..end];
            let fast = verdict(msgpack::from_slice::<[f64; N]>(cut));
            let slow = verdict(plain(msgpack::from_slice::<[Plain; N]>(cut)));
            assert_eq!(fast, slow, "[f64; {N}] from {cut:02x?}");
        }
        // The whole input against the oracle: accepted alike, and the same values.
        let ours = verdict(msgpack::from_slice::<[f64; N]>(input));
        let theirs = rmp_serde::from_slice::<[f64; N]>(input);
        match (&ours, theirs) {
            (Ok(bits), Ok(values)) => {
                let values: Vec<u64> = values.iter().map(|v| v.to_bits()).collect();
                assert_eq!(bits, &values, "[f64; {N}] from {input:02x?}");
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => {
                panic!("[f64; {N}] from {input:02x?}: fastwire {ours:?}, rmp-serde {theirs:?}")
            }
        }
    }
}

#[test]
fn float_arrays_read_in_one_piece_as_element_by_element() {
    check_arrays::<0>();
    check_arrays::<1>();
    check_arrays::<2>();
    check_arrays::<3>();
}

#[test]
fn float_arrays_keep_the_nesting_limit() {
    // [[1.5, 2.5], [3.5, 4.5]]: the inner arrays are at the second level.
    let point = |x: f64, y: f64| {
        [
            &[0x92, 0xcb][..],
            &x.to_be_bytes(),
            &[0xcb],
            &y.to_be_bytes(),
        ]
        .concat()
    };
    let input = [&[0x92][..], &point(1.5, 2.5), &point(3.5, 4.5)].concat();
    for depth in 0..5 {
        let decoder = Decoder::new().max_depth(depth);
        let fast = decoder.from_slice::<Vec<[f64; 2]>>(&input);
        let slow = decoder.from_slice::<Vec<[Plain; 2]>>(&input);
        match (fast, slow) {
            (Ok(fast), Ok(slow)) => {
                assert_eq!(fast, [[1.5, 2.5], [3.5, 4.5]]);
                assert!(fast
                    .iter()
                    .zip(&slow)
                    .all(|(f, s)| f[0] == s[0].0 && f[1] == s[1].0));
            }
            (Err(fast), Err(slow)) => {
                assert_eq!(fast.to_string(), slow.to_string(), "depth {depth}");
                assert_eq!(fast.offset(), slow.offset(), "depth {depth}");
            }
            (fast, slow) => panic!("depth {depth}: {fast:?} against {slow:?}"),
        }
    }
    // The default limit reads it.
    assert!(msgpack::from_slice::<Vec<[f64; 2]>>(&input).is_ok());
}

/// A struct whose other members are collected for a flattened map.
#[derive(fastwire::Decode, Deserialize, Debug, PartialEq)]
struct Open {
    a: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, u8>,
}

/// The same with a flattened map of any key: keys that are no identifiers are kept too.
#[derive(fastwire::Decode, Deserialize, Debug, PartialEq)]
struct OpenKeys {
    a: u8,
    #[serde(flatten)]
    rest: BTreeMap<i64, u8>,
}

#[test]
fn flattened_members_keyed_in_every_form_like_rmp_serde() {
    // Integer keys here name no field by index (`0` would name `a`: serde gives such a key
    // to the flattened map, fastwire reads it as the field, a difference outside this test).
    let keys: Vec<Vec<u8>> = vec![
        b"\xa1a".to_vec(),
        b"\xd9\x01a".to_vec(),
        b"\xda\x00\x01a".to_vec(),
        b"\xc4\x01a".to_vec(),
        b"\xa1b".to_vec(),
        b"\xa2bc".to_vec(),
        b"\xd9\x02bc".to_vec(),
        b"\xc4\x02bc".to_vec(),
        b"\x05".to_vec(),
        b"\xcc\x05".to_vec(),
        b"\xd0\x05".to_vec(),
        b"\xff".to_vec(),
        b"\xc0".to_vec(),
        b"\xc3".to_vec(),
        b"\x91\x01".to_vec(),
        b"\xa2\xff\xfe".to_vec(),
        b"\xd9\x05ab".to_vec(),
    ];
    let mut inputs = Vec::new();
    for first in &keys {
        inputs.push([&[0x81][..], first, &[0x01]].concat());
        for second in &keys {
            inputs.push([&[0x82][..], first, &[0x01], second, &[0x02]].concat());
        }
    }
    for input in &inputs {
        let ours = msgpack::from_slice::<Open>(input);
        let theirs = rmp_serde::from_slice::<Open>(input);
        match (&ours, &theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{input:02x?}"),
            (Err(_), Err(_)) => {}
            _ => panic!("Open from {input:02x?}: fastwire {ours:?}, rmp-serde {theirs:?}"),
        }
        let ours = msgpack::from_slice::<OpenKeys>(input);
        let theirs = rmp_serde::from_slice::<OpenKeys>(input);
        match (&ours, &theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{input:02x?}"),
            (Err(_), Err(_)) => {}
            _ => panic!("OpenKeys from {input:02x?}: fastwire {ours:?}, rmp-serde {theirs:?}"),
        }
        // Every truncation is an error, not a panic.
        for end in 0..input.len() {
            assert!(msgpack::from_slice::<Open>(&input[..end]).is_err());
        }
    }
}
