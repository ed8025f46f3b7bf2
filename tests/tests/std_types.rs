//! serde's std impls added to fastwire (addresses, `Duration` and `SystemTime`, ranges,
//! `Bound`, `Result`, `Saturating`, cells, locks, atomics, weak pointers, linked lists, heaps,
//! C strings, borrowed and shared paths) against serde through serde_json and rmp-serde: the
//! same bytes for random and edge values, and the same reading (value or refusal) of serde's
//! documents and of hand-written input.

use std::cell::RefCell;
use std::collections::{BTreeMap, BinaryHeap, HashMap, LinkedList};
use std::ffi::{CStr, CString};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::Saturating;
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fastwire::{json, msgpack};
use fastwire_tests::{
    assert_decodes_same, assert_msgpack_decodes_same, assert_same, assert_same_round_trip,
    msgpack_bytes,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rmpv::Value as Mp;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// Every JSON text in `texts` read as `T` the same way by fastwire and serde_json.
fn json_agree<T>(texts: &[&str])
where
    T: DeserializeOwned + json::DecodeOwned + PartialEq + std::fmt::Debug,
{
    for text in texts {
        let _ = assert_decodes_same::<T>(text);
    }
}

/// Every MessagePack value in `values` read as `T` the same way by fastwire and rmp-serde.
fn msgpack_agree<T>(values: &[Mp])
where
    T: Serialize + DeserializeOwned + msgpack::DecodeOwned + PartialEq + std::fmt::Debug,
{
    for value in values {
        let _ = assert_msgpack_decodes_same::<T>(&msgpack_bytes(value));
    }
}

fn map(entries: &[(&str, Mp)]) -> Mp {
    Mp::Map(
        entries
            .iter()
            .map(|(k, v)| (Mp::from(*k), v.clone()))
            .collect(),
    )
}

// =============================================================================================
// addresses
// =============================================================================================

fn random_ipv6(rng: &mut StdRng) -> Ipv6Addr {
    match rng.random_range(0..4) {
        // Zero runs of every length and place.
        0 => {
            let groups: [u16; 8] = std::array::from_fn(|_| {
                if rng.random_bool(0.5) {
                    0
                } else {
                    rng.random()
                }
            });
            Ipv6Addr::from(groups)
        }
        1 => Ipv4Addr::from(rng.random::<u32>()).to_ipv6_mapped(),
        2 => Ipv4Addr::from(rng.random::<u32>()).to_ipv6_compatible(),
        _ => Ipv6Addr::from(rng.random::<u128>()),
    }
}

#[test]
fn addresses_as_text_in_json_and_as_tuples_in_msgpack() {
    let mut rng = rng(1);
    let ports = [0u16, 1, 80, 127, 128, 255, 256, 65535];
    for i in 0..2000 {
        let v4 = Ipv4Addr::from(rng.random::<u32>());
        let v6 = random_ipv6(&mut rng);
        let port = if i % 4 == 0 {
            ports[i % ports.len()]
        } else {
            rng.random()
        };
        let scope = if rng.random_bool(0.5) {
            0
        } else {
            rng.random()
        };
        assert_same_round_trip(&v4);
        assert_same_round_trip(&v6);
        assert_same_round_trip(&IpAddr::V4(v4));
        assert_same_round_trip(&IpAddr::V6(v6));
        assert_same_round_trip(&SocketAddrV4::new(v4, port));
        assert_same_round_trip(&SocketAddr::V4(SocketAddrV4::new(v4, port)));
        // The flow info is written by neither format and the scope id only as text; serde
        // reads them back as zero where they are not written.
        let v6_socket = SocketAddrV6::new(v6, port, 0, scope);
        assert_same(&v6_socket);
        assert_same(&SocketAddrV6::new(v6, port, rng.random(), scope));
        let json_text = serde_json::to_string(&v6_socket).unwrap();
        assert_eq!(
            assert_decodes_same::<SocketAddrV6>(&json_text).unwrap(),
            v6_socket
        );
        let bytes = rmp_serde::to_vec_named(&SocketAddr::V6(v6_socket)).unwrap();
        assert_msgpack_decodes_same::<SocketAddr>(&bytes).unwrap();
    }
    for addr in [
        Ipv4Addr::UNSPECIFIED,
        Ipv4Addr::BROADCAST,
        Ipv4Addr::LOCALHOST,
    ] {
        assert_same_round_trip(&addr);
    }
    for addr in [
        Ipv6Addr::UNSPECIFIED,
        Ipv6Addr::LOCALHOST,
        Ipv6Addr::from(u128::MAX),
    ] {
        assert_same_round_trip(&addr);
    }
    assert_eq!(
        json::to_string(&"2001:db8:0:0:1:0:0:1".parse::<Ipv6Addr>().unwrap()),
        r#""2001:db8::1:0:0:1""#
    );
    assert_eq!(
        msgpack::to_vec(&IpAddr::V4(Ipv4Addr::new(192, 0, 2, 200))),
        b"\x81\xa2V4\x94\xcc\xc0\x00\x02\xcc\xc8"
    );
}

#[test]
fn address_texts_read_as_std_parses_them() {
    let texts = [
        "1.2.3.4",
        "01.2.3.4",
        "1.2.3",
        "1.2.3.4.5",
        "256.1.1.1",
        " 1.2.3.4",
        "",
        "::",
        "::1",
        "::ffff:1.2.3.4",
        "1::2::3",
        "fe80::1%3",
        "2001:DB8::1",
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8:9",
        "1.2.3.4:80",
        "1.2.3.4:65536",
        "1.2.3.4:",
        "[::1]:80",
        "[::1%7]:80",
        "[::1%x]:80",
        "[1.2.3.4]:80",
        "::1:80",
    ];
    for text in texts {
        let quoted = serde_json::to_string(text).unwrap();
        json_agree::<Ipv4Addr>(&[&quoted]);
        json_agree::<Ipv6Addr>(&[&quoted]);
        json_agree::<IpAddr>(&[&quoted]);
        json_agree::<SocketAddrV4>(&[&quoted]);
        json_agree::<SocketAddrV6>(&[&quoted]);
        json_agree::<SocketAddr>(&[&quoted]);
    }
    // Escapes are resolved before parsing; other types are refused.
    json_agree::<Ipv4Addr>(&[
        r#""1.2.3.\u0034""#,
        "1234",
        "null",
        "[1,2,3,4]",
        r#"{"V4":1}"#,
    ]);
    let err = json::from_str::<Ipv4Addr>(r#"[1, "1.2.3"]"#).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("invalid type: sequence, expected IPv4 address"));
    // At the string's closing quote, as serde_json.
    let text = r#"["1.2.3.4", "1.2.3"]"#;
    let err = json::from_str::<Vec<Ipv4Addr>>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid IPv4 address syntax at [1] (line 1, column 19)"
    );
    let theirs = serde_json::from_str::<Vec<Ipv4Addr>>(text).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));
}

#[test]
fn address_forms_in_msgpack_read_as_rmp_serde_reads_them() {
    let octets = |n: usize| Mp::Array((0..n).map(|i| Mp::from(i as u8 + 200)).collect());
    msgpack_agree::<Ipv4Addr>(&[
        octets(4),
        octets(3),
        octets(5),
        Mp::Binary(vec![1, 2, 3, 4]),
        Mp::Binary(vec![1, 2, 3, 4, 5]),
        Mp::Binary(vec![1, 2, 3]),
        Mp::from("1.2.3.4"),
        Mp::Array(vec![Mp::from(256), 1.into(), 2.into(), 3.into()]),
        Mp::Array(vec![Mp::from(-1), 1.into(), 2.into(), 3.into()]),
    ]);
    msgpack_agree::<Ipv6Addr>(&[octets(16), octets(15), Mp::Binary(vec![7; 16])]);
    let content = octets(4);
    msgpack_agree::<IpAddr>(&[
        map(&[("V4", content.clone())]),
        map(&[("V6", octets(16))]),
        map(&[("V6", content.clone())]),
        map(&[("V5", content.clone())]),
        Mp::Map(vec![(Mp::from(0), content.clone())]),
        Mp::Map(vec![(Mp::from(1), octets(16))]),
        Mp::Map(vec![(Mp::from(2), content.clone())]),
        Mp::Map(vec![(Mp::Binary(b"V4".to_vec()), content.clone())]),
        map(&[("V4", content.clone()), ("V6", octets(16))]),
        Mp::from("V4"),
        Mp::from(0),
        Mp::Nil,
        content.clone(),
    ]);
    let socket = Mp::Array(vec![content.clone(), Mp::from(443)]);
    msgpack_agree::<SocketAddrV4>(&[
        socket.clone(),
        Mp::Array(vec![content.clone()]),
        Mp::Array(vec![content.clone(), Mp::from(65536)]),
        Mp::Array(vec![content.clone(), Mp::from(1), Mp::from(2)]),
        Mp::Binary(vec![1, 2]),
    ]);
    msgpack_agree::<SocketAddrV6>(&[Mp::Array(vec![octets(16), Mp::from(0)])]);
    msgpack_agree::<SocketAddr>(&[
        map(&[("V4", socket.clone())]),
        map(&[("V6", Mp::Array(vec![octets(16), Mp::from(9)]))]),
        map(&[("V6", socket)]),
    ]);
}

#[test]
fn addresses_as_json_object_keys() {
    let mut rng = rng(2);
    for _ in 0..200 {
        let v4 = Ipv4Addr::from(rng.random::<u32>());
        let v6 = random_ipv6(&mut rng);
        let ips = BTreeMap::from([(IpAddr::V4(v4), 1u8), (IpAddr::V6(v6), 2)]);
        assert_same_round_trip(&ips);
        let sockets = HashMap::from([(
            SocketAddr::V6(SocketAddrV6::new(v6, rng.random(), 0, rng.random())),
            v4,
        )]);
        let text = serde_json::to_string(&sockets).unwrap();
        assert_eq!(json::to_string(&sockets), text);
        assert_decodes_same::<HashMap<SocketAddr, Ipv4Addr>>(&text).unwrap();
    }
    json_agree::<BTreeMap<Ipv4Addr, u8>>(&[
        r#"{"1.2.3.4": 1, "5.6.7.8": 2}"#,
        r#"{"1.2.3": 1}"#,
        r#"{"\u0031.2.3.4": 1}"#,
    ]);
    json_agree::<BTreeMap<SocketAddrV4, u8>>(&[r#"{"1.2.3.4:5": 1}"#, r#"{"1.2.3.4": 1}"#]);
}

// =============================================================================================
// Duration, SystemTime
// =============================================================================================

#[test]
fn durations_and_system_times_as_serdes_structs() {
    let mut rng = rng(3);
    let edges = [
        Duration::ZERO,
        Duration::MAX,
        Duration::from_nanos(1),
        Duration::new(u64::MAX, 0),
        Duration::new(0, 999_999_999),
        Duration::new(4_294_967_296, 65_536),
    ];
    for duration in edges {
        assert_same_round_trip(&duration);
    }
    for _ in 0..1000 {
        let duration = Duration::new(
            rng.random::<u64>() >> rng.random_range(0..64),
            rng.random_range(0..1_000_000_000),
        );
        assert_same_round_trip(&duration);
        let time = UNIX_EPOCH
            + Duration::new(
                rng.random_range(0..1 << 40),
                rng.random_range(0..1_000_000_000),
            );
        assert_same_round_trip(&time);
    }
    assert_same_round_trip(&UNIX_EPOCH);
    assert_same_round_trip(&SystemTime::now());
    assert_eq!(
        json::to_string(&Duration::new(3, 5)),
        r#"{"secs":3,"nanos":5}"#
    );
    assert_eq!(
        json::to_string_pretty(&Duration::new(3, 5)),
        "{\n  \"secs\": 3,\n  \"nanos\": 5\n}"
    );
    // Not MessagePack's timestamp extension: serde's struct, as a map.
    assert_eq!(
        msgpack::to_vec(&Duration::new(3, 5)),
        b"\x82\xa4secs\x03\xa5nanos\x05"
    );
}

#[test]
fn a_system_time_before_the_epoch_cannot_be_encoded() {
    let before = UNIX_EPOCH - Duration::from_nanos(1);
    let theirs = serde_json::to_string(&before).unwrap_err().to_string();
    assert_eq!(
        json::try_to_string(&before).unwrap_err().to_string(),
        theirs
    );
    let theirs = rmp_serde::to_vec_named(&before).unwrap_err().to_string();
    assert_eq!(
        msgpack::try_to_vec(&before).unwrap_err().to_string(),
        theirs
    );
    assert!(json::try_to_string(&[UNIX_EPOCH, before]).is_err());
}

#[test]
fn duration_inputs_read_as_serde_reads_them() {
    json_agree::<Duration>(&[
        r#"{"secs": 1, "nanos": 2}"#,
        r#"{"nanos": 2, "secs": 1}"#,
        r#"{"secs": 1, "nanos": 1500000000}"#,
        r#"{"secs": 18446744073709551615, "nanos": 999999999}"#,
        r#"{"secs": 18446744073709551615, "nanos": 1000000000}"#,
        r#"{"secs": 18446744073709551614, "nanos": 4294967295}"#,
        r#"{"secs": 1}"#,
        r#"{"nanos": 1}"#,
        r#"{}"#,
        r#"{"secs": 1, "nanos": 2, "secs": 3}"#,
        r#"{"secs": 1, "nanos": 2, "other": 3}"#,
        r#"{"secs": -1, "nanos": 2}"#,
        r#"{"secs": 1.0, "nanos": 2}"#,
        r#"{"secs": 1, "nanos": 4294967296}"#,
        r#"{"secs": null, "nanos": 2}"#,
        r#"{"s\u0065cs": 1, "nanos": 2}"#,
        "[1, 2]",
        "[1]",
        "[]",
        "[1, 2, 3]",
        "[1, 2,]",
        "[18446744073709551615, 1000000000]",
        "1",
        "null",
        r#""1s""#,
    ]);
    json_agree::<SystemTime>(&[
        r#"{"secs_since_epoch": 1, "nanos_since_epoch": 2}"#,
        r#"{"secs_since_epoch": 1, "nanos_since_epoch": 2000000000}"#,
        r#"{"secs_since_epoch": 9223372036854775807, "nanos_since_epoch": 0}"#,
        r#"{"secs_since_epoch": 9223372036854775808, "nanos_since_epoch": 0}"#,
        r#"{"secs_since_epoch": 18446744073709551615, "nanos_since_epoch": 1000000000}"#,
        r#"{"secs": 1, "nanos": 2}"#,
        r#"{"secs_since_epoch": 1}"#,
        "[1, 2]",
        "[1]",
    ]);
    let err = json::from_str::<Duration>(r#"{"secs": 18446744073709551615, "nanos": 1000000000}"#)
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("overflow deserializing Duration"),
        "{err}"
    );
    // Just after the key, as serde_json.
    let text = r#"{"secs": 1, "nanoseconds": 2}"#;
    let err = json::from_str::<Duration>(text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `nanoseconds`, expected `secs` or `nanos` (line 1, column 25)"
    );
    let theirs = serde_json::from_str::<Duration>(text).unwrap_err();
    assert_eq!((err.line(), err.column()), (theirs.line(), theirs.column()));

    let fields = |secs: Mp, nanos: Mp| map(&[("secs", secs), ("nanos", nanos)]);
    msgpack_agree::<Duration>(&[
        fields(1.into(), 2.into()),
        fields(u64::MAX.into(), 999_999_999.into()),
        fields(u64::MAX.into(), 1_000_000_000.into()),
        fields(1.into(), Mp::from(u64::from(u32::MAX) + 1)),
        fields((-1).into(), 2.into()),
        map(&[("secs", 1.into())]),
        map(&[("secs", 1.into()), ("nanos", 2.into()), ("secs", 3.into())]),
        map(&[("secs", 1.into()), ("nanos", 2.into()), ("x", 3.into())]),
        Mp::Map(vec![(Mp::from(0), 1.into()), (Mp::from(1), 2.into())]),
        Mp::Map(vec![
            (Mp::Binary(b"secs".to_vec()), 1.into()),
            (Mp::from("nanos"), 2.into()),
        ]),
        Mp::Array(vec![1.into(), 2.into()]),
        Mp::Array(vec![1.into()]),
        Mp::Array(vec![]),
        Mp::Array(vec![1.into(), 2.into(), 3.into()]),
        Mp::Binary(vec![1, 2]),
        Mp::Binary(vec![1, 2, 3]),
        Mp::Binary(vec![1]),
        Mp::Ext(-1, vec![0; 4]),
        Mp::Nil,
    ]);
    msgpack_agree::<SystemTime>(&[
        map(&[
            ("secs_since_epoch", 1.into()),
            ("nanos_since_epoch", 2.into()),
        ]),
        map(&[
            ("secs_since_epoch", u64::MAX.into()),
            ("nanos_since_epoch", 2.into()),
        ]),
        Mp::Array(vec![1.into(), 2.into()]),
    ]);
}

// =============================================================================================
// ranges, Bound, Result
// =============================================================================================

#[test]
fn ranges_bounds_and_results() {
    let mut rng = rng(4);
    for _ in 0..300 {
        let (a, b): (i64, i64) = (rng.random(), rng.random());
        assert_same_round_trip(&(a..b));
        assert_same_round_trip(&(a..=b));
        assert_same_round_trip(&(a..));
        assert_same_round_trip(&(..b));
        assert_same_round_trip(&(format!("{a}")..format!("{b}")));
        assert_same_round_trip(&Bound::Included(a));
        assert_same_round_trip(&Bound::Excluded(vec![a, b]));
        assert_same_round_trip(&Ok::<i64, String>(a));
        assert_same_round_trip(&Err::<i64, String>(b.to_string()));
    }
    assert_same_round_trip(&Bound::<u8>::Unbounded);
    assert_same_round_trip(&(Bound::Included(1u8), Bound::<u8>::Unbounded));
    assert_same_round_trip(&Ok::<(), ()>(()));
    assert_same_round_trip(&Some(Duration::new(1, 2)..Duration::new(3, 4)));
    let mut exhausted = 1u8..=2;
    exhausted.by_ref().for_each(drop);
    assert_same(&exhausted);
}

#[test]
fn range_bound_and_result_inputs_read_as_serde_reads_them() {
    json_agree::<Range<u8>>(&[
        r#"{"start": 1, "end": 2}"#,
        r#"{"end": 2, "start": 1}"#,
        r#"{"start": 1}"#,
        r#"{"start": 1, "end": 2, "end": 3}"#,
        r#"{"start": 1, "end": 2, "step": 3}"#,
        "[1, 2]",
        "[1]",
        "[1, 2, 3]",
        "[1, 300]",
        "1",
    ]);
    json_agree::<RangeInclusive<u8>>(&[r#"{"start": 1, "end": 2}"#, "[3, 1]", "[]"]);
    json_agree::<RangeFrom<u8>>(&[r#"{"start": 1}"#, r#"{"end": 1}"#, "[1]", "[1, 2]", "[]"]);
    json_agree::<RangeTo<u8>>(&[r#"{"end": 1}"#, r#"{"end": 1, "end": 1}"#, "[1]", "{}"]);
    json_agree::<Range<Option<u8>>>(&[r#"{"start": null, "end": 2}"#, r#"{"end": 2}"#]);
    json_agree::<Bound<u8>>(&[
        r#""Unbounded""#,
        r#"{"Unbounded": null}"#,
        r#"{"Unbounded": 1}"#,
        r#"{"Included": 1}"#,
        r#"{"Excluded": 1}"#,
        r#""Included""#,
        r#"{"Included": 1, "Excluded": 2}"#,
        r#"{"Other": 1}"#,
        r#""Other""#,
        "{}",
        "0",
        "null",
        "[1]",
    ]);
    json_agree::<Result<u8, String>>(&[
        r#"{"Ok": 1}"#,
        r#"{"Err": "no"}"#,
        r#"{"Err": 1}"#,
        r#""Ok""#,
        r#"{"ok": 1}"#,
        r#"{"Ok": 1, "Err": "x"}"#,
        "null",
    ]);

    msgpack_agree::<Range<u8>>(&[
        map(&[("start", 1.into()), ("end", 2.into())]),
        map(&[("start", 1.into())]),
        map(&[("start", 1.into()), ("end", 2.into()), ("end", 2.into())]),
        Mp::Map(vec![(Mp::from(0), 1.into()), (Mp::from(1), 2.into())]),
        Mp::Array(vec![1.into(), 2.into()]),
        Mp::Array(vec![1.into(), 2.into(), 3.into()]),
        Mp::Binary(vec![1, 2]),
    ]);
    msgpack_agree::<RangeFrom<u8>>(&[
        map(&[("start", 1.into())]),
        Mp::Array(vec![1.into()]),
        Mp::Array(vec![]),
        Mp::Binary(vec![5]),
    ]);
    msgpack_agree::<Bound<u8>>(&[
        Mp::from("Unbounded"),
        Mp::from(0),
        Mp::from(1),
        Mp::from(3),
        map(&[("Unbounded", Mp::Nil)]),
        map(&[("Unbounded", 1.into())]),
        map(&[("Included", 1.into())]),
        Mp::Map(vec![(Mp::from(2), 1.into())]),
        Mp::Map(vec![(Mp::from(7), 1.into())]),
        Mp::from("Included"),
        map(&[("Nope", 1.into())]),
        map(&[("Included", 1.into()), ("Excluded", 1.into())]),
    ]);
    msgpack_agree::<Result<u8, String>>(&[
        map(&[("Ok", 1.into())]),
        map(&[("Err", "e".into())]),
        Mp::Map(vec![(Mp::from(1), "e".into())]),
        Mp::from("Ok"),
        Mp::Nil,
    ]);
}

// =============================================================================================
// Saturating, atomics, cells, locks, weak pointers
// =============================================================================================

#[test]
fn saturating_integers_clamp_as_serde_clamps() {
    for value in [0u8, 1, 127, 128, 255] {
        assert_same_round_trip(&Saturating(value));
    }
    assert_same_round_trip(&Saturating(i64::MIN));
    assert_same_round_trip(&Saturating(u128::MAX));
    assert_same_round_trip(&Saturating(i128::MIN));
    let texts = [
        "0",
        "-1",
        "255",
        "256",
        "-129",
        "127",
        "1e2",
        "1.5",
        "-0",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "null",
        "\"1\"",
        "true",
    ];
    json_agree::<Saturating<u8>>(&texts);
    json_agree::<Saturating<i8>>(&texts);
    json_agree::<Saturating<u32>>(&texts);
    json_agree::<Saturating<i64>>(&texts);
    json_agree::<Saturating<usize>>(&texts);
    json_agree::<Saturating<u128>>(&texts[..13]);
    json_agree::<Saturating<i128>>(&texts);
    let values = [
        Mp::from(0),
        Mp::from(-1),
        Mp::from(300),
        Mp::from(u64::MAX),
        Mp::from(i64::MIN),
        Mp::from(1.5),
        Mp::from("1"),
        Mp::Nil,
    ];
    msgpack_agree::<Saturating<u8>>(&values);
    msgpack_agree::<Saturating<i16>>(&values);
    msgpack_agree::<Saturating<u64>>(&values);
    msgpack_agree::<Saturating<i128>>(&values);
    msgpack_agree::<Vec<Saturating<i8>>>(&[Mp::Binary(vec![0, 127, 128, 255])]);
}

/// Encodes `value` in both formats and checks the bytes against serde's for `plain`, the
/// same content without the wrapper.
fn same_as_plain<T, U>(value: &T, plain: &U)
where
    T: json::Encode + msgpack::Encode + Serialize + ?Sized,
    U: Serialize + ?Sized,
{
    assert_same(value);
    assert_eq!(
        json::to_string(value),
        serde_json::to_string(plain).unwrap()
    );
    assert_eq!(
        msgpack::to_vec(value),
        rmp_serde::to_vec_named(plain).unwrap()
    );
}

#[test]
fn atomics_cells_and_locks_write_their_content() {
    same_as_plain(&AtomicBool::new(true), &true);
    same_as_plain(&AtomicU8::new(200), &200u8);
    same_as_plain(&AtomicI64::new(i64::MIN), &i64::MIN);
    same_as_plain(&AtomicUsize::new(usize::MAX), &usize::MAX);
    same_as_plain(&RefCell::new(vec![1, 2]), &vec![1, 2]);
    same_as_plain(&Mutex::new("text"), &"text");
    same_as_plain(&RwLock::new(Some(1.5)), &Some(1.5));
    same_as_plain(&[AtomicU8::new(1), AtomicU8::new(255)], &[1u8, 255]);

    // Read back as serde reads them.
    let atomic: AtomicU8 = json::from_str("7").unwrap();
    assert_eq!(atomic.load(Ordering::Relaxed), 7);
    assert!(json::from_str::<AtomicU8>("256").is_err());
    let atomic: AtomicBool = msgpack::from_slice(b"\xc3").unwrap();
    assert!(atomic.load(Ordering::Relaxed));
    let atomics: Vec<AtomicU8> = msgpack::from_slice(b"\xc4\x02\x05\x06").unwrap();
    assert_eq!(atomics[1].load(Ordering::Relaxed), 6);
    let cell: RefCell<Vec<u8>> = json::from_str("[1, 2]").unwrap();
    assert_eq!(*cell.borrow(), [1, 2]);
    let lock: Mutex<String> = msgpack::from_slice(b"\xa2hi").unwrap();
    assert_eq!(*lock.lock().unwrap(), "hi");
    let lock: RwLock<u8> = json::from_str("3").unwrap();
    assert_eq!(*lock.read().unwrap(), 3);
}

#[test]
fn borrowed_cells_and_poisoned_locks_fail_as_serde_fails() {
    let cell = RefCell::new(1u8);
    let guard = cell.borrow_mut();
    let theirs = serde_json::to_string(&cell).unwrap_err().to_string();
    assert_eq!(json::try_to_string(&cell).unwrap_err().to_string(), theirs);
    let theirs = rmp_serde::to_vec_named(&cell).unwrap_err().to_string();
    assert_eq!(msgpack::try_to_vec(&cell).unwrap_err().to_string(), theirs);
    drop(guard);
    // Shared borrows do not stop it.
    let _shared = cell.borrow();
    assert_eq!(json::to_string(&cell), "1");

    let mutex = Arc::new(Mutex::new(1u8));
    let lock = Arc::new(RwLock::new(2u8));
    let (m, l) = (mutex.clone(), lock.clone());
    let _ = std::thread::spawn(move || {
        let _m = m.lock().unwrap();
        let _l = l.write().unwrap();
        panic!("poisoning the locks");
    })
    .join();
    for (json_err, msgpack_err) in [
        (json::try_to_string(&*mutex), msgpack::try_to_vec(&*mutex)),
        (json::try_to_string(&*lock), msgpack::try_to_vec(&*lock)),
    ] {
        let theirs = serde_json::to_string(&*mutex).unwrap_err().to_string();
        assert_eq!(json_err.unwrap_err().to_string(), theirs);
        let theirs = rmp_serde::to_vec_named(&*lock).unwrap_err().to_string();
        assert_eq!(msgpack_err.unwrap_err().to_string(), theirs);
    }
}

#[test]
fn weak_pointers_as_options() {
    let strong = Rc::new(5u8);
    let weak = Rc::downgrade(&strong);
    same_as_plain(&weak, &Some(5u8));
    let shared = Arc::new(String::from("x"));
    let weak_arc = Arc::downgrade(&shared);
    same_as_plain(&weak_arc, &Some("x"));
    drop((strong, shared));
    same_as_plain(&weak, &None::<u8>);
    same_as_plain(&weak_arc, &None::<String>);
    // Read as an option whose value is dropped, as serde reads them.
    for text in ["5", "null"] {
        let ours: std::rc::Weak<u8> = json::from_str(text).unwrap();
        assert!(ours.upgrade().is_none());
        let theirs: std::rc::Weak<u8> = serde_json::from_str(text).unwrap();
        assert!(theirs.upgrade().is_none());
    }
    assert!(json::from_str::<std::sync::Weak<u8>>("300").is_err());
    assert!(serde_json::from_str::<std::sync::Weak<u8>>("300").is_err());
    assert!(msgpack::from_slice::<std::rc::Weak<u8>>(b"\xc0").is_ok());
}

// =============================================================================================
// sequences, C strings, paths, format arguments
// =============================================================================================

#[test]
fn linked_lists_and_heaps_as_sequences() {
    let mut rng = rng(5);
    for len in [0, 1, 2, 17, 300] {
        let items: Vec<i32> = (0..len).map(|_| rng.random()).collect();
        let list: LinkedList<i32> = items.iter().copied().collect();
        assert_same_round_trip(&list);
        let heap: BinaryHeap<i32> = items.iter().copied().collect();
        assert_same(&heap);
        let text = serde_json::to_string(&heap).unwrap();
        let ours: BinaryHeap<i32> = json::from_str(&text).unwrap();
        let theirs: BinaryHeap<i32> = serde_json::from_str(&text).unwrap();
        assert_eq!(ours.into_sorted_vec(), theirs.into_sorted_vec());
        let bytes = rmp_serde::to_vec_named(&heap).unwrap();
        let ours: BinaryHeap<i32> = msgpack::from_slice(&bytes).unwrap();
        assert_eq!(ours.into_sorted_vec(), heap.into_sorted_vec());
    }
}

#[test]
fn c_strings_as_bytes() {
    for bytes in [&b""[..], b"a", b"hello \xff world", &[1u8; 300]] {
        let c = CString::new(bytes).unwrap();
        assert_same_round_trip(&c);
        assert_same(c.as_c_str());
        assert_same_round_trip(&c.clone().into_boxed_c_str());
    }
    json_agree::<CString>(&[
        r#""text""#,
        r#""a\u0000b""#,
        r#""\u00e9""#,
        "[104, 105]",
        "[104, 0]",
        "[256]",
        "5",
        "null",
    ]);
    msgpack_agree::<CString>(&[
        Mp::from("text"),
        Mp::from("a\0b"),
        Mp::Binary(b"bin".to_vec()),
        Mp::Binary(b"b\0n".to_vec()),
        Mp::Array(vec![104.into(), 105.into()]),
        Mp::Array(vec![0.into()]),
        Mp::from(5),
        Mp::Nil,
    ]);
    let shared: Rc<CStr> = json::from_str("[104]").unwrap();
    assert_eq!(shared.to_bytes(), b"h");
}

#[test]
fn borrowed_shared_and_boxed_paths_and_os_strings() {
    let text = r#""/tmp/a b""#;
    let path: &Path = json::from_str(text).unwrap();
    assert_eq!(path, Path::new("/tmp/a b"));
    assert!(json::from_str::<&Path>(r#""/tmp/\u0061""#).is_err());
    assert!(serde_json::from_str::<&Path>(r#""/tmp/\u0061""#).is_err());
    let bytes = rmp_serde::to_vec("/tmp").unwrap();
    let path: &Path = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(path, Path::new("/tmp"));
    let shared: Arc<Path> = json::from_str(text).unwrap();
    assert_eq!(&*shared, Path::new("/tmp/a b"));
    let shared: Rc<Path> = msgpack::from_slice(&bytes).unwrap();
    assert_eq!(&*shared, Path::new("/tmp"));
    #[cfg(unix)]
    {
        use std::ffi::{OsStr, OsString};
        let os = OsString::from("name");
        let text = serde_json::to_string(&os).unwrap();
        let boxed: Box<OsStr> = json::from_str(&text).unwrap();
        assert_eq!(&*boxed, OsStr::new("name"));
        let bytes = rmp_serde::to_vec_named(&os).unwrap();
        let shared: Arc<OsStr> = msgpack::from_slice(&bytes).unwrap();
        assert_eq!(&*shared, OsStr::new("name"));
    }
}

#[test]
fn format_arguments_as_their_text() {
    let n = 42;
    assert_eq!(json::to_string(&format_args!("n = {n}")), r#""n = 42""#);
    assert_eq!(
        json::to_string(&format_args!("plain \"quoted\"")),
        serde_json::to_string(&format_args!("plain \"quoted\"")).unwrap()
    );
    assert_eq!(
        msgpack::to_vec(&format_args!("n = {n}")),
        rmp_serde::to_vec_named(&format_args!("n = {n}")).unwrap()
    );
}

// =============================================================================================
// in derived types
// =============================================================================================

#[derive(fastwire::Encode, fastwire::Decode, Serialize, Deserialize, PartialEq, Debug)]
struct Service {
    name: String,
    listen: SocketAddr,
    peers: Vec<IpAddr>,
    timeout: Duration,
    started: SystemTime,
    ports: Range<u16>,
    limit: Bound<u32>,
    last: Result<u8, String>,
    retries: Saturating<u8>,
    #[serde(default)]
    cache: RefCell<Option<Ipv6Addr>>,
    history: LinkedList<Ipv4Addr>,
    by_address: BTreeMap<IpAddr, Duration>,
}

fn service() -> Service {
    Service {
        name: "api".to_owned(),
        listen: "[fe80::1%2]:8443".parse().unwrap(),
        peers: vec![
            "10.0.0.1".parse().unwrap(),
            "2001:db8::ff00:42:8329".parse().unwrap(),
        ],
        timeout: Duration::from_millis(1500),
        started: UNIX_EPOCH + Duration::new(1_700_000_000, 123),
        ports: 8000..9000,
        limit: Bound::Included(10),
        last: Err("refused".to_owned()),
        retries: Saturating(3),
        cache: RefCell::new(Some(Ipv6Addr::LOCALHOST)),
        history: ["192.0.2.1".parse().unwrap()].into_iter().collect(),
        by_address: BTreeMap::from([(Ipv4Addr::LOCALHOST.into(), Duration::from_secs(9))]),
    }
}

#[test]
fn std_types_in_a_derived_struct() {
    let mut value = service();
    // The scope id survives the text; MessagePack drops it, as serde does.
    let text = assert_same(&value);
    assert_eq!(assert_decodes_same::<Service>(&text).unwrap(), value);
    let bytes = rmp_serde::to_vec_named(&value).unwrap();
    assert_msgpack_decodes_same::<Service>(&bytes).unwrap();
    value.listen = "[fe80::1]:8443".parse().unwrap();
    assert_same_round_trip(&value);

    // A missing `RefCell<Option<_>>` is `None` inside, as serde's default makes it.
    let mut object: serde_json::Value = serde_json::from_str(&text).unwrap();
    object.as_object_mut().unwrap().remove("cache");
    let _ = assert_decodes_same::<Service>(&object.to_string()).unwrap();
}

#[test]
fn errors_in_a_derived_struct_name_the_reason_and_the_place() {
    let text = json::to_string(&service()).replace("\"10.0.0.1\"", "\"10.0.0.256\"");
    let err = json::from_str::<Service>(&text).unwrap_err();
    assert!(serde_json::from_str::<Service>(&text).is_err());
    assert!(
        err.to_string()
            .starts_with("invalid IP address syntax at peers[0] (line 1, column "),
        "{err}"
    );
    let text = json::to_string(&service()).replace("\"nanos\":500000000", "\"nanos\":-1");
    let err = json::from_str::<Service>(&text).unwrap_err();
    assert!(serde_json::from_str::<Service>(&text).is_err());
    assert!(err.to_string().contains("timeout.nanos"), "{err}");

    let mut bytes = msgpack::to_vec(&service());
    let at = bytes
        .windows(5)
        .position(|w| w == b"\xa2V4\x94\x0a")
        .expect("the first peer's content");
    bytes[at + 4] = 0xc0;
    let err = msgpack::from_slice::<Service>(&bytes).unwrap_err();
    assert!(rmp_serde::from_slice::<Service>(&bytes).is_err());
    assert!(err.to_string().contains("peers[0]"), "{err}");
}
