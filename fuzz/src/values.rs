//! Untyped values built from the fuzzer's bytes, for the round-trip targets.

use arbitrary::{Result, Unstructured};
use fastwire::{json, msgpack};

/// Nesting of the built values stays well inside both formats' limits.
const MAX_DEPTH: usize = 24;

/// A JSON value of any shape: integers over the whole `i64` and `u64` ranges, finite floats of
/// any bit pattern, strings of any characters, objects without repeated keys.
pub fn json_value(u: &mut Unstructured, depth: usize) -> Result<json::Value> {
    let kinds = if depth >= MAX_DEPTH { 6 } else { 8 };
    Ok(match u.int_in_range(0..=kinds - 1)? {
        0 => json::Value::Null,
        1 => json::Value::Bool(u.arbitrary()?),
        2 => json::Value::from(u.arbitrary::<u64>()?),
        3 => json::Value::from(u.arbitrary::<i64>()?),
        4 => match json::Number::from_f64(u.arbitrary()?) {
            Some(n) => json::Value::Number(n),
            None => json::Value::Null,
        },
        5 => json::Value::String(u.arbitrary()?),
        6 => {
            let mut items = Vec::new();
            u.arbitrary_loop(None, Some(8), |u| {
                items.push(json_value(u, depth + 1)?);
                Ok(std::ops::ControlFlow::Continue(()))
            })?;
            json::Value::Array(items)
        }
        _ => {
            let mut map = json::Map::new();
            u.arbitrary_loop(None, Some(8), |u| {
                let key: String = u.arbitrary()?;
                let value = json_value(u, depth + 1)?;
                map.insert(key, value);
                Ok(std::ops::ControlFlow::Continue(()))
            })?;
            json::Value::Object(map)
        }
    })
}

/// A MessagePack value of any shape: every integer, float (NaN included), string, binary,
/// extension (other than -1) and timestamp, arrays, and maps with keys of any kind.
pub fn msgpack_value(u: &mut Unstructured, depth: usize) -> Result<msgpack::Value> {
    let kinds = if depth >= MAX_DEPTH { 10 } else { 12 };
    Ok(match u.int_in_range(0..=kinds - 1)? {
        0 => msgpack::Value::Nil,
        1 => msgpack::Value::Bool(u.arbitrary()?),
        2 => msgpack::Value::from(u.arbitrary::<u64>()?),
        3 => msgpack::Value::from(u.arbitrary::<i64>()?),
        4 => msgpack::Value::F32(u.arbitrary()?),
        5 => msgpack::Value::F64(u.arbitrary()?),
        6 => msgpack::Value::String(u.arbitrary()?),
        7 => msgpack::Value::Binary(u.arbitrary()?),
        8 => {
            let code: i8 = u.arbitrary()?;
            msgpack::Value::Ext(if code == -1 { 0 } else { code }, u.arbitrary()?)
        }
        9 => {
            let seconds = u.arbitrary()?;
            let nanos = u.int_in_range(0..=999_999_999)?;
            msgpack::Value::Timestamp(msgpack::Timestamp::new(seconds, nanos).unwrap())
        }
        10 => {
            let mut items = Vec::new();
            u.arbitrary_loop(None, Some(8), |u| {
                items.push(msgpack_value(u, depth + 1)?);
                Ok(std::ops::ControlFlow::Continue(()))
            })?;
            msgpack::Value::Array(items)
        }
        _ => {
            let mut entries = Vec::new();
            u.arbitrary_loop(None, Some(8), |u| {
                entries.push((msgpack_value(u, depth + 1)?, msgpack_value(u, depth + 1)?));
                Ok(std::ops::ControlFlow::Continue(()))
            })?;
            msgpack::Value::Map(entries)
        }
    })
}
