//! [`Value`]'s encoder and decoder.

use super::{Integer, Value};
use crate::fill::Fill;
use crate::msgpack::encode::slice_hint;
use crate::msgpack::{Decode, Encode, Error, Reader, Timestamp, Writer};

/// The extension type the spec reserves for timestamps.
const TIMESTAMP_TYPE: i8 = -1;

/// What a `Value` decoder expects, for errors.
const EXPECTED: &str = "any MessagePack value";

/// Room reserved up front for an array or map: its claimed length (which the reader has
/// already checked against the bytes left), but never more than about a megabyte of
/// elements, so a short input cannot make a large allocation; the rest grows as elements
/// arrive.
#[inline]
fn initial_capacity<T>(claimed: usize) -> usize {
    claimed.min((1 << 20) / std::mem::size_of::<T>())
}

impl Encode for Value {
    /// Integers, headers and extensions in their smallest forms; `F32` as a `float 32` and
    /// `F64` as a `float 64`, whatever their value; map entries in order.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Value};
    ///
    /// let doc = Value::Array(vec![300.into(), 1.0f32.into(), 1.0f64.into(), Value::Ext(7, vec![])]);
    /// assert_eq!(
    ///     msgpack::to_vec(&doc),
    ///     b"\x94\xcd\x01\x2c\xca\x3f\x80\x00\x00\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00\xc7\x00\x07"
    /// );
    /// ```
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Value::Nil => w.write_nil(),
            Value::Bool(value) => w.write_bool(*value),
            Value::Integer(value) => value.encode(w),
            Value::F32(value) => w.write_f32(*value),
            Value::F64(value) => w.write_f64(*value),
            Value::String(value) => w.write_str(value),
            Value::Binary(value) => w.write_bin(value),
            Value::Array(items) => {
                w.write_array_len(items.len());
                for item in items {
                    item.encode(w);
                }
            }
            Value::Map(entries) => {
                w.write_map_len(entries.len());
                for (key, value) in entries {
                    key.encode(w);
                    value.encode(w);
                }
            }
            Value::Ext(code, data) => w.write_ext(*code, data),
            Value::Timestamp(value) => value.encode(w),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Value::Nil | Value::Bool(_) => 1,
            Value::Integer(value) => value.size_hint(),
            Value::F32(_) => 5,
            Value::F64(_) => 9,
            Value::String(value) => value.len() + 5,
            Value::Binary(value) => value.len() + 5,
            Value::Array(items) => slice_hint(items),
            Value::Map(entries) => {
                5 + crate::buf::slice_hint(entries, |(k, v)| k.size_hint() + v.size_hint())
            }
            Value::Ext(_, data) => data.len() + 6,
            Value::Timestamp(value) => value.size_hint(),
        }
    }
}

impl<'de> Decode<'de> for Value {
    /// Any MessagePack value, every form of each type; see [`Value`] for what is checked.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Value};
    ///
    /// // [1, "a"] with the widest headers and integer form.
    /// let doc: Value = msgpack::from_slice(b"\xdd\x00\x00\x00\x02\xd3\0\0\0\0\0\0\0\x01\xdb\0\0\0\x01a").unwrap();
    /// assert_eq!(doc, Value::Array(vec![1.into(), "a".into()]));
    ///
    /// let err = msgpack::from_slice::<Value>(b"\x81\xa1k\x92\x01\xc1").unwrap_err();
    /// assert_eq!(err.to_string(), r#"reserved byte 0xc1 where a value should start at ["k"][1] (byte 5)"#);
    /// ```
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        // Only the containers recurse: everything else is read in a function of its own, so
        // that each level of nesting costs the thread's stack as little as possible.
        match r.peek()? {
            0x90..=0x9f | 0xdc | 0xdd => decode_array(r).map(Value::Array),
            0x80..=0x8f | 0xde | 0xdf => decode_map(r).map(Value::Map),
            _ => decode_scalar(r),
        }
    }
}

/// Any value but an array or a map.
#[inline(never)]
fn decode_scalar<'de>(r: &mut Reader<'de>) -> Result<Value, Error> {
    Ok(match r.peek()? {
        0xc0 => {
            r.decode_nil(EXPECTED)?;
            Value::Nil
        }
        0xc2 | 0xc3 => Value::Bool(r.decode_bool()?),
        0x00..=0x7f | 0xcc..=0xd3 | 0xe0..=0xff => Value::Integer(Integer::decode(r)?),
        0xca => Value::F32(r.decode_f32()?),
        0xcb => Value::F64(r.decode_f64()?),
        0xa0..=0xbf | 0xd9..=0xdb => Value::String(r.decode_str()?.to_owned()),
        0xc4..=0xc6 => Value::Binary(r.decode_bytes()?.to_vec()),
        0xc7..=0xc9 | 0xd4..=0xd8 => decode_ext(r)?,
        // The reader reports the reserved byte as a syntax error; the containers are read
        // by the caller.
        _ => return Err(r.invalid_type(EXPECTED)),
    })
}

#[inline(never)]
fn decode_array<'de>(r: &mut Reader<'de>) -> Result<Vec<Value>, Error> {
    let len = r.begin_array(EXPECTED)?;
    let mut items = Fill::with_capacity(initial_capacity::<Value>(len));
    for index in 0..len {
        items.push(Value::decode(r).map_err(|e| e.in_index(index))?);
    }
    r.end_container();
    Ok(items.into_vec())
}

/// Entries in order, duplicates kept. An error in a key names the entry's position; an error
/// in a value names its key, as text (as every map decoder does).
#[inline(never)]
fn decode_map<'de>(r: &mut Reader<'de>) -> Result<Vec<(Value, Value)>, Error> {
    let len = r.begin_map(EXPECTED)?;
    let mut entries = Fill::with_capacity(initial_capacity::<(Value, Value)>(len));
    for index in 0..len {
        let key_at = r.offset();
        let key = Value::decode(r).map_err(|e| e.in_index(index))?;
        let value = Value::decode(r).map_err(|e| e.in_key(&r.key_text_at(key_at)))?;
        entries.push((key, value));
    }
    r.end_container();
    Ok(entries.into_vec())
}

fn decode_ext<'de>(r: &mut Reader<'de>) -> Result<Value, Error> {
    let at = r.offset();
    let (code, data) = r.decode_ext()?;
    if code == TIMESTAMP_TYPE {
        Timestamp::from_ext_data(r, data, at).map(Value::Timestamp)
    } else {
        Ok(Value::Ext(code, data.to_vec()))
    }
}
