//! Streams of MessagePack values against rmp-serde reading the same bytes value after value
//! (`rmp_serde::from_read` on what is left): the same values, the same offsets, and an error
//! where rmp-serde has one, from a slice and from a reader fed in small pieces; the reader's
//! memory bounded by the largest value.

use std::io::{self, Read};

use fastwire::msgpack;
use fastwire_tests::ChunkedReader;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct Sample {
    id: u64,
    name: String,
    score: f64,
    tags: Vec<String>,
    #[serde(with = "serde_bytes")]
    #[wire(with = "fastwire::with::bytes")]
    blob: Vec<u8>,
    parent: Option<Box<Sample>>,
}

fn samples() -> Vec<Sample> {
    (0..40u64)
        .map(|i| Sample {
            id: i * 977,
            name: "名前".repeat(i as usize % 5) + &"n".repeat(i as usize * 7),
            score: i as f64 / 3.0 - 4.0,
            tags: (0..i % 4).map(|t| t.to_string()).collect(),
            blob: vec![i as u8; (i as usize * 31) % 300],
            parent: (i % 3 == 0).then(|| {
                Box::new(Sample {
                    id: i,
                    name: String::new(),
                    score: 0.5,
                    tags: vec![],
                    blob: vec![],
                    parent: None,
                })
            }),
        })
        .collect()
}

/// What rmp-serde reads from `bytes`, value after value: each value (or that an error came)
/// and the offset after it.
fn rmp_items<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Vec<(Option<T>, usize)> {
    let mut rest = bytes;
    let mut items = Vec::new();
    while !rest.is_empty() {
        match rmp_serde::from_read::<_, T>(&mut rest) {
            Ok(value) => items.push((Some(value), bytes.len() - rest.len())),
            Err(_) => {
                items.push((None, items.last().map_or(0, |item| item.1)));
                break;
            }
        }
    }
    items
}

/// Checks the slice and reader streams of `bytes` against rmp-serde; returns its items.
fn assert_streams_like_rmp_serde<T>(bytes: &[u8], what: &str) -> Vec<(Option<T>, usize)>
where
    T: serde::de::DeserializeOwned + msgpack::DecodeOwned + PartialEq + std::fmt::Debug,
{
    let expected = rmp_items::<T>(bytes);

    let mut stream = msgpack::stream_from_slice::<T>(bytes);
    let mut got = Vec::new();
    while let Some(item) = stream.next() {
        got.push((item.ok(), stream.byte_offset()));
    }
    assert_eq!(got, expected, "stream_from_slice: {what}");
    assert!(stream.next().is_none());

    for first in [1, 5] {
        let mut stream = msgpack::stream_from_reader::<_, T>(ChunkedReader::new(bytes, first));
        let mut got = Vec::new();
        while let Some(item) = stream.next() {
            got.push((item.ok(), stream.byte_offset()));
        }
        assert_eq!(got, expected, "stream_from_reader from {first}: {what}");
    }
    let mut stream = msgpack::stream_from_reader::<_, T>(bytes);
    let mut got = Vec::new();
    while let Some(item) = stream.next() {
        got.push((item.ok(), stream.byte_offset()));
    }
    assert_eq!(got, expected, "stream_from_reader: {what}");
    expected
}

#[test]
fn values_one_after_another_like_rmp_serde() {
    let samples = samples();
    // Written by rmp-serde, as maps (the default) and as arrays.
    let mut named = Vec::new();
    let mut arrays = Vec::new();
    for sample in &samples {
        named.extend(rmp_serde::to_vec_named(sample).unwrap());
        arrays.extend(rmp_serde::to_vec(sample).unwrap());
    }
    // fastwire writes the same bytes.
    let mut ours = Vec::new();
    for sample in &samples {
        msgpack::encode_into(sample, &mut ours);
    }
    assert_eq!(ours, named);

    for (bytes, what) in [(&named, "maps"), (&arrays, "arrays")] {
        let items = assert_streams_like_rmp_serde::<Sample>(bytes, what);
        assert_eq!(items.len(), samples.len());
        assert!(items
            .iter()
            .zip(&samples)
            .all(|(item, s)| item.0.as_ref() == Some(s)));
        // Cut anywhere: the values before the cut, then an EOF error.
        for cut in [
            1,
            2,
            17,
            bytes.len() / 3,
            bytes.len() / 2 + 1,
            bytes.len() - 1,
        ] {
            let items = assert_streams_like_rmp_serde::<Sample>(&bytes[..cut], what);
            assert!(items.last().unwrap().0.is_none(), "{what} cut at {cut}");
            let err = msgpack::stream_from_slice::<Sample>(&bytes[..cut])
                .find_map(Result::err)
                .unwrap();
            assert!(err.is_eof(), "{what} cut at {cut}: {err}");
            let err = msgpack::stream_from_reader::<_, Sample>(&bytes[..cut])
                .find_map(Result::err)
                .unwrap();
            assert!(err.is_eof(), "{what} cut at {cut}: {err}");
        }
    }
}

/// Any values: each item as the offset after it, and whether it was read, against rmp's own
/// reader of any value (`rmpv::decode::read_value`) on what is left; the values read are
/// compared through their bytes (fastwire's `Value` written again gives them back).
fn assert_values_like_rmpv(bytes: &[u8], what: &str) -> Vec<(bool, usize)> {
    let mut rest = bytes;
    let mut expected = Vec::new();
    while !rest.is_empty() {
        let ok = rmpv::decode::read_value(&mut rest).is_ok();
        let offset = if ok {
            bytes.len() - rest.len()
        } else {
            expected.last().map_or(0, |e: &(bool, usize)| e.1)
        };
        expected.push((ok, offset));
        if !ok {
            break;
        }
    }
    let check = |items: Vec<(Option<msgpack::Value>, usize)>, how: &str| {
        let mut start = 0;
        for (value, end) in &items {
            if let Some(value) = value {
                assert_eq!(msgpack::to_vec(value), &bytes[start..*end], "{how}: {what}");
                start = *end;
            }
        }
        let got: Vec<(bool, usize)> = items.iter().map(|(v, o)| (v.is_some(), *o)).collect();
        assert_eq!(got, expected, "{how}: {what}");
    };
    let mut stream = msgpack::stream_from_slice::<msgpack::Value>(bytes);
    let mut items = Vec::new();
    while let Some(item) = stream.next() {
        items.push((item.ok(), stream.byte_offset()));
    }
    check(items, "stream_from_slice");
    for first in [1, 6] {
        let mut stream =
            msgpack::stream_from_reader::<_, msgpack::Value>(ChunkedReader::new(bytes, first));
        let mut items = Vec::new();
        while let Some(item) = stream.next() {
            items.push((item.ok(), stream.byte_offset()));
        }
        check(items, "stream_from_reader");
    }
    expected
}

#[test]
fn every_kind_of_header() {
    // Each marker family, in its sizes, read as any value.
    let values = vec![
        rmpv::Value::Nil,
        true.into(),
        0.into(),
        127.into(),
        128.into(),
        (-33).into(),
        70_000.into(),
        u64::MAX.into(),
        i64::MIN.into(),
        1.5f32.into(),
        2.5f64.into(),
        "".into(),
        "x".repeat(31).into(),
        "y".repeat(200).into(),
        "z".repeat(70_000).into(),
        vec![1u8; 3].into(),
        vec![2u8; 300].into(),
        vec![3u8; 70_000].into(),
        rmpv::Value::Array(vec![1.into(); 15]),
        rmpv::Value::Array(vec![1.into(); 16]),
        rmpv::Value::Array(vec![rmpv::Value::Array(vec![]); 70_000]),
        rmpv::Value::Map(vec![("k".into(), 1.into()); 15]),
        rmpv::Value::Map(vec![(1.into(), rmpv::Value::Nil); 16]),
        rmpv::Value::Map(vec![(rmpv::Value::Nil, rmpv::Value::Nil); 70_000]),
        rmpv::Value::Ext(5, vec![1]),
        rmpv::Value::Ext(5, vec![1; 2]),
        rmpv::Value::Ext(5, vec![1; 4]),
        rmpv::Value::Ext(5, vec![1; 8]),
        rmpv::Value::Ext(5, vec![1; 16]),
        rmpv::Value::Ext(5, vec![1; 3]),
        rmpv::Value::Ext(5, vec![1; 300]),
        rmpv::Value::Ext(5, vec![1; 70_000]),
    ];
    let mut bytes = Vec::new();
    for value in &values {
        rmpv::encode::write_value(&mut bytes, value).unwrap();
    }
    let items = assert_values_like_rmpv(&bytes, "headers");
    assert_eq!(items.len(), values.len());
    assert!(items.iter().all(|item| item.0));
    // Cut inside each value: the values before it, then an error.
    let mut end = 0;
    for value in &values {
        let mut one = Vec::new();
        rmpv::encode::write_value(&mut one, value).unwrap();
        end += one.len();
        if one.len() > 1 {
            let items = assert_values_like_rmpv(&bytes[..end - 1], "cut");
            assert!(!items.last().unwrap().0);
        }
    }
}

#[test]
fn errors_end_the_stream_with_offsets_in_the_whole_input() {
    // 1, 2, then a reserved byte inside an array: rmp-serde refuses it too.
    let bytes = b"\x01\x02\x92\x03\xc1\x04";
    // (rmp's `read_value` takes the reserved byte for a value; rmp-serde does not.)
    let mut rest = &bytes[..];
    let mut theirs = Vec::new();
    while !rest.is_empty() {
        let ok = rmp_serde::from_read::<_, serde_json::Value>(&mut rest).is_ok();
        theirs.push(ok);
        if !ok {
            break;
        }
    }
    for ours in [
        msgpack::stream_from_slice::<msgpack::Value>(bytes)
            .map(|item| item.is_ok())
            .collect::<Vec<_>>(),
        msgpack::stream_from_reader::<_, msgpack::Value>(ChunkedReader::new(bytes, 1))
            .map(|item| item.is_ok())
            .collect(),
    ] {
        assert_eq!(ours, theirs);
    }
    assert_eq!(theirs, [true, true, false]);
    let from_slice = msgpack::stream_from_slice::<msgpack::Value>(bytes)
        .find_map(Result::err)
        .unwrap();
    let from_reader =
        msgpack::stream_from_reader::<_, msgpack::Value>(ChunkedReader::new(bytes, 1))
            .find_map(Result::err)
            .unwrap();
    // Where decoding the failed value alone finds the error, moved to where it starts.
    let alone = msgpack::from_slice::<msgpack::Value>(&bytes[2..]).unwrap_err();
    assert_eq!(from_slice.offset(), 2 + alone.offset());
    assert_eq!(from_reader.offset(), from_slice.offset());
    assert_eq!(from_reader.to_string(), from_slice.to_string());

    // A value of the wrong type: a data error, and the stream ends.
    let bytes = b"\x01\xa1x\x03";
    let items = assert_streams_like_rmp_serde::<u8>(bytes, "type");
    assert_eq!(items.len(), 2);
    let err = msgpack::stream_from_reader::<_, u8>(&bytes[..])
        .find_map(Result::err)
        .unwrap();
    assert!(err.is_data());
    assert_eq!(err.offset(), 1);

    // Depth limits, per value.
    let deep = [vec![0x91u8; 3], vec![0xc0], vec![0x91u8; 5], vec![0xc0]].concat();
    let decoder = msgpack::Decoder::new().max_depth(4);
    let oks: Vec<bool> = decoder
        .stream_slice::<msgpack::Value>(&deep)
        .map(|item| item.is_ok())
        .collect();
    assert_eq!(oks, [true, false]);
    let oks_reader: Vec<bool> = decoder
        .stream_reader::<_, msgpack::Value>(&deep[..])
        .map(|item| item.is_ok())
        .collect();
    assert_eq!(oks_reader, oks);
}

#[test]
fn items_borrow_from_the_slice() {
    #[derive(Serialize, Deserialize, fastwire::Decode, Debug, PartialEq)]
    struct Named<'a> {
        id: u8,
        name: &'a str,
    }
    let mut bytes = Vec::new();
    for (id, name) in [(1, "a"), (2, "bc")] {
        bytes.extend(rmp_serde::to_vec_named(&Named { id, name }).unwrap());
    }
    let ours: Vec<Named> = msgpack::stream_from_slice(&bytes)
        .map(Result::unwrap)
        .collect();
    let mut de = rmp_serde::Deserializer::from_read_ref(&bytes[..]);
    let theirs = [
        Named::deserialize(&mut de).unwrap(),
        Named::deserialize(&mut de).unwrap(),
    ];
    assert_eq!(ours, theirs);
    assert!(bytes.as_ptr_range().contains(&ours[1].name.as_ptr()));
}

/// Yields the same value forever (here, up to a count), recording the largest buffer it was
/// asked to fill.
struct Endless {
    value: Vec<u8>,
    at: usize,
    left: usize,
    largest_read: usize,
}

impl Read for Endless {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.largest_read = self.largest_read.max(out.len());
        if self.left == 0 {
            return Ok(0);
        }
        let n = out.len().min(self.value.len() - self.at).min(999);
        out[..n].copy_from_slice(&self.value[self.at..self.at + n]);
        self.at += n;
        if self.at == self.value.len() {
            self.at = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn an_endless_stream_is_read_in_bounded_memory() {
    let sample = samples().swap_remove(13);
    let mut source = Endless {
        value: rmp_serde::to_vec_named(&sample).unwrap(),
        at: 0,
        left: 50_000,
        largest_read: 0,
    };
    let mut count = 0;
    for item in msgpack::stream_from_reader::<_, Sample>(&mut source) {
        assert_eq!(item.unwrap(), sample);
        count += 1;
    }
    assert_eq!(count, 50_000);
    assert!(source.largest_read <= 64 * 1024, "{}", source.largest_read);
}

/// Hands out one message, then fails any further read.
struct OneMessage<'a>(&'a [u8]);

impl Read for OneMessage<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                "nothing more yet",
            ));
        }
        let n = out.len().min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_value_that_has_arrived_is_returned_without_reading_on() {
    let message = rmp_serde::to_vec_named(&samples()[7]).unwrap();
    let mut stream = msgpack::stream_from_reader::<_, Sample>(OneMessage(&message));
    assert_eq!(stream.next().unwrap().unwrap(), samples()[7]);
    // rmp-serde reads no further either.
    let mut source = OneMessage(&message);
    assert_eq!(
        rmp_serde::from_read::<_, Sample>(&mut source).unwrap(),
        samples()[7]
    );
    assert!(rmp_serde::from_read::<_, Sample>(&mut source).is_err());
    assert!(stream.next().unwrap().unwrap_err().is_io());
    assert!(stream.next().is_none());
}
