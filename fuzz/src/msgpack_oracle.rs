//! rmpv's reading of an input, what fastwire refuses in it on purpose, and the MessagePack
//! differential against rmp-serde.

use std::fmt::Debug;

use fastwire::msgpack::{Timestamp, Value};

/// What rmpv sees in the first value of an input.
pub struct Scan {
    /// rmpv's value.
    pub value: rmpv::Value,
    /// Bytes the first value takes.
    pub length: usize,
    /// Levels of arrays and maps (a scalar has none).
    pub depth: usize,
    /// Whether a `str` anywhere holds invalid UTF-8.
    pub bad_utf8: bool,
    /// Whether an extension of type -1 anywhere is not a valid timestamp.
    pub bad_timestamp: bool,
    /// Whether a value anywhere starts with the reserved byte 0xc1, which rmpv reads as `nil`
    /// and the spec (and rmp-serde) does not allow.
    pub reserved: bool,
}

/// fastwire's nesting limit: 128 levels or more are refused (rmp-serde allows 1024).
pub const DEPTH_LIMIT: usize = 128;

impl Scan {
    /// Whether fastwire refuses this input on purpose where rmp-serde may accept it: bytes
    /// after the value, nesting past fastwire's limit, or a `str` that is not UTF-8 (which
    /// rmp-serde lets a byte target or an ignored value take).
    pub fn refused_on_purpose(&self, input: &[u8]) -> bool {
        self.length < input.len() || self.depth >= DEPTH_LIMIT || self.bad_utf8 || self.reserved
    }
}

/// rmpv's reading of the first value of `input`, or `None` if rmpv refuses it.
pub fn scan(input: &[u8]) -> Option<Scan> {
    let mut rest = input;
    // rmpv spends two units of its depth budget on each array or map level (its default of
    // 1024 stops at 512 levels); this budget reaches rmp-serde's 1024 levels.
    let value = rmpv::decode::read_value_with_max_depth(&mut rest, 2 * 1024 + 8).ok()?;
    let mut scan = Scan {
        length: input.len() - rest.len(),
        depth: 0,
        bad_utf8: false,
        bad_timestamp: false,
        reserved: has_reserved_marker(input),
        value: rmpv::Value::Nil,
    };
    scan.depth = walk(&value, &mut scan);
    scan.value = value;
    Some(scan)
}

/// Whether one of the values of the (well-formed) first value of `input` starts with 0xc1.
fn has_reserved_marker(input: &[u8]) -> bool {
    let number = |at: usize, size: usize| -> usize {
        input.get(at..at + size).map_or(usize::MAX / 4, |b| {
            b.iter().fold(0, |n, &b| (n << 8) | usize::from(b))
        })
    };
    let (mut at, mut pending) = (0usize, 1usize);
    while pending > 0 && at < input.len() {
        pending -= 1;
        let marker = input[at];
        // (header bytes after the marker, payload length, values inside)
        let (header, payload, inside) = match marker {
            0x00..=0x7f | 0xc0 | 0xc2 | 0xc3 | 0xe0..=0xff => (0, 0, 0),
            0xc1 => return true,
            0x80..=0x8f => (0, 0, 2 * usize::from(marker & 0x0f)),
            0x90..=0x9f => (0, 0, usize::from(marker & 0x0f)),
            0xa0..=0xbf => (0, usize::from(marker & 0x1f), 0),
            0xc4 | 0xd9 => (1, number(at + 1, 1), 0),
            0xc5 | 0xda => (2, number(at + 1, 2), 0),
            0xc6 | 0xdb => (4, number(at + 1, 4), 0),
            0xc7 => (2, number(at + 1, 1), 0),
            0xc8 => (3, number(at + 1, 2), 0),
            0xc9 => (5, number(at + 1, 4), 0),
            0xca | 0xce | 0xd2 => (0, 4, 0),
            0xcb | 0xcf | 0xd3 => (0, 8, 0),
            0xcc | 0xd0 => (0, 1, 0),
            0xcd | 0xd1 => (0, 2, 0),
            0xd4..=0xd8 => (1, 1 << (marker - 0xd4), 0),
            0xdc => (2, 0, number(at + 1, 2)),
            0xdd => (4, 0, number(at + 1, 4)),
            0xde => (2, 0, 2 * number(at + 1, 2)),
            0xdf => (4, 0, 2 * number(at + 1, 4)),
        };
        at = at.saturating_add(1 + header).saturating_add(payload);
        pending = pending.saturating_add(inside);
    }
    false
}

fn walk(value: &rmpv::Value, scan: &mut Scan) -> usize {
    match value {
        rmpv::Value::String(s) => {
            scan.bad_utf8 |= s.is_err();
            0
        }
        rmpv::Value::Ext(-1, data) => {
            scan.bad_timestamp |= timestamp_from_data(data).is_none();
            0
        }
        rmpv::Value::Array(items) => 1 + items.iter().map(|v| walk(v, scan)).max().unwrap_or(0),
        rmpv::Value::Map(entries) => {
            1 + entries
                .iter()
                .map(|(k, v)| walk(k, scan).max(walk(v, scan)))
                .max()
                .unwrap_or(0)
        }
        _ => 0,
    }
}

/// The timestamp extension's data as the MessagePack spec lays it out (4, 8 or 12 bytes).
pub fn timestamp_from_data(data: &[u8]) -> Option<Timestamp> {
    match data.len() {
        4 => Timestamp::new(u32::from_be_bytes(data.try_into().ok()?).into(), 0),
        8 => {
            let both = u64::from_be_bytes(data.try_into().ok()?);
            Timestamp::new((both & ((1 << 34) - 1)) as i64, (both >> 34) as u32)
        }
        12 => Timestamp::new(
            i64::from_be_bytes(data[4..].try_into().ok()?),
            u32::from_be_bytes(data[..4].try_into().ok()?),
        ),
        _ => None,
    }
}

/// The spec's smallest data for a timestamp.
pub fn timestamp_data(t: Timestamp) -> Vec<u8> {
    let (seconds, nanos) = (t.seconds(), t.nanoseconds());
    if seconds >> 34 == 0 {
        let both = (u64::from(nanos) << 34) | seconds as u64;
        if both >> 32 == 0 {
            (both as u32).to_be_bytes().to_vec()
        } else {
            both.to_be_bytes().to_vec()
        }
    } else {
        let mut data = nanos.to_be_bytes().to_vec();
        data.extend_from_slice(&seconds.to_be_bytes());
        data
    }
}

/// rmpv's value as fastwire's, or `None` where fastwire has no such value (a `str` that is
/// not UTF-8, an invalid timestamp).
pub fn from_rmpv(value: &rmpv::Value) -> Option<Value> {
    Some(match value {
        rmpv::Value::Nil => Value::Nil,
        rmpv::Value::Boolean(b) => Value::Bool(*b),
        rmpv::Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(i)) => Value::from(i),
            _ => unreachable!("rmpv integers are u64 or i64"),
        },
        rmpv::Value::F32(f) => Value::F32(*f),
        rmpv::Value::F64(f) => Value::F64(*f),
        rmpv::Value::String(s) => Value::from(s.as_str()?),
        rmpv::Value::Binary(b) => Value::Binary(b.clone()),
        rmpv::Value::Array(items) => {
            Value::Array(items.iter().map(from_rmpv).collect::<Option<_>>()?)
        }
        rmpv::Value::Map(entries) => Value::Map(
            entries
                .iter()
                .map(|(k, v)| Some((from_rmpv(k)?, from_rmpv(v)?)))
                .collect::<Option<_>>()?,
        ),
        rmpv::Value::Ext(-1, data) => Value::Timestamp(timestamp_from_data(data)?),
        rmpv::Value::Ext(code, data) => Value::Ext(*code, data.clone()),
    })
}

/// fastwire's value as rmpv's, with timestamps as the spec's smallest extension data.
pub fn to_rmpv(value: &Value) -> rmpv::Value {
    match value {
        Value::Nil => rmpv::Value::Nil,
        Value::Bool(b) => rmpv::Value::Boolean(*b),
        Value::Integer(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => rmpv::Value::from(u),
            (None, Some(i)) => rmpv::Value::from(i),
            _ => unreachable!("every Integer is a u64 or an i64"),
        },
        Value::F32(f) => rmpv::Value::F32(*f),
        Value::F64(f) => rmpv::Value::F64(*f),
        Value::String(s) => rmpv::Value::from(s.as_str()),
        Value::Binary(b) => rmpv::Value::Binary(b.clone()),
        Value::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Value::Map(entries) => rmpv::Value::Map(
            entries
                .iter()
                .map(|(k, v)| (to_rmpv(k), to_rmpv(v)))
                .collect(),
        ),
        Value::Ext(code, data) => rmpv::Value::Ext(*code, data.clone()),
        Value::Timestamp(t) => rmpv::Value::Ext(-1, timestamp_data(*t)),
    }
}

/// The bytes rmpv writes for fastwire's value.
pub fn rmpv_bytes(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, &to_rmpv(value)).unwrap();
    out
}

/// fastwire's MessagePack decoder against rmp-serde's for `T`: both accept (to values `same`
/// calls equal, or that rmp-serde writes to the same bytes) or both refuse, except where fastwire refuses on purpose: what
/// [`Scan::refused_on_purpose`] finds, and what `allowed` accepts for the type (given
/// rmp-serde's value and fastwire's error). A value both accept is then written by both
/// encoders (`rmp_serde::to_vec_named`), which must give the same bytes. Returns fastwire's
/// value when it accepted.
pub fn msgpack_differential<'a, T>(
    input: &'a [u8],
    same: fn(&T, &T) -> bool,
    allowed: fn(&T, &str) -> bool,
) -> Option<T>
where
    T: fastwire::msgpack::Decode<'a>
        + fastwire::msgpack::Encode
        + serde::Deserialize<'a>
        + serde::Serialize
        + Debug,
{
    let ours = fastwire::msgpack::from_slice::<T>(input);
    let oracle = rmp_serde::from_slice::<T>(input);
    match (ours, oracle) {
        (Ok(ours), Ok(oracle)) => {
            // Values holding a NaN are compared by their bytes.
            assert!(
                same(&ours, &oracle)
                    || rmp_serde::to_vec_named(&ours).ok() == rmp_serde::to_vec_named(&oracle).ok(),
                "values differ:\nfastwire  {ours:?}\nrmp-serde {oracle:?}"
            );
            msgpack_same_output(&ours);
            Some(ours)
        }
        (Err(_), Err(_)) => None,
        (Ok(ours), Err(oracle)) => {
            panic!("fastwire accepts what rmp-serde refuses ({oracle}):\n{ours:?}")
        }
        (Err(ours), Ok(oracle)) => {
            let scan = scan(input);
            let on_purpose = scan
                .as_ref()
                .is_some_and(|scan| scan.refused_on_purpose(input));
            assert!(
                on_purpose || allowed(&oracle, &ours.to_string()),
                "fastwire refuses ({ours}) what rmp-serde accepts (rmpv: {}):\n{oracle:?}",
                match &scan {
                    Some(scan) => format!(
                        "{} levels, {} of {} bytes",
                        scan.depth,
                        scan.length,
                        input.len()
                    ),
                    None => "refused".to_owned(),
                }
            );
            None
        }
    }
}

/// fastwire's encoder writes what `rmp_serde::to_vec_named` writes for the same value.
pub fn msgpack_same_output<T: fastwire::msgpack::Encode + serde::Serialize + Debug>(value: &T) {
    let ours = fastwire::msgpack::try_to_vec(value);
    let oracle = rmp_serde::to_vec_named(value);
    match (ours, oracle) {
        (Ok(ours), Ok(oracle)) => assert_eq!(ours, oracle, "output of {value:?}"),
        (Err(_), Err(_)) => {}
        (ours, oracle) => panic!("encoding {value:?}: fastwire {ours:?}, rmp-serde {oracle:?}"),
    }
}
