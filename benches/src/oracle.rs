//! Checking two libraries against each other: where two documents first differ, and whether two
//! decoded values are equal, allowing floats to be one ulp apart.
//!
//! The tolerance exists for serde_json: without its `float_roundtrip` feature (which these
//! benchmarks turn on, but a build that unifies features differently may not) its float parser
//! is not correctly rounded and can land one ulp away from the nearest `f64`. fastwire's parser
//! is correctly rounded, so comparisons between fastwire's own results stay exact (`==`).

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

/// The offset of the first byte where `a` and `b` differ, or `None` if they are identical.
/// When one is a prefix of the other, that is the length of the shorter.
pub fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(
        a.iter()
            .zip(b)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len())),
    )
}

/// `None` if `a` and `b` are identical; otherwise a message naming `what`, the first differing
/// byte, both lengths and the text around the difference in each (whole documents are
/// megabytes, too large to print).
pub fn describe_difference(
    what: &str,
    (a_name, a): (&str, &[u8]),
    (b_name, b): (&str, &[u8]),
) -> Option<String> {
    let at = first_difference(a, b)?;
    let around = |s: &[u8]| {
        let start = at.saturating_sub(80).min(s.len());
        let end = (at + 80).min(s.len());
        String::from_utf8_lossy(&s[start..end]).into_owned()
    };
    Some(format!(
        "{what}: the outputs differ at byte {at} (lengths {} and {})\n  {a_name}: {:?}\n  {b_name}: {:?}",
        a.len(),
        b.len(),
        around(a),
        around(b),
    ))
}

/// How many representable `f64` values lie between `a` and `b` plus one, counted along the
/// number line (so `0.0` and `-0.0` are one apart, and the smallest positive and negative
/// subnormals three). Zero exactly when the two have the same bits and are not NaN. NaNs are `u64::MAX` apart
/// from everything, themselves included.
pub fn ulps_apart(a: f64, b: f64) -> u64 {
    if a.is_nan() || b.is_nan() {
        return u64::MAX;
    }
    if a.to_bits() == b.to_bits() {
        return 0;
    }
    // Map the bits to integers that increase with the value: non-negative floats keep their
    // bits, negative ones are mirrored below -0.0 (which becomes -1, one below +0.0).
    fn ordered(x: f64) -> i128 {
        let bits = x.to_bits();
        if bits >> 63 == 0 {
            i128::from(bits)
        } else {
            -1 - i128::from(bits & !(1 << 63))
        }
    }
    u64::try_from((ordered(a) - ordered(b)).unsigned_abs()).unwrap_or(u64::MAX)
}

/// Compares two JSON values: the same shape, the same strings, booleans and integers, and
/// floats at most one ulp apart. Object keys are compared as sets (key order is ignored).
/// A float and an integer are compared as floats.
///
/// Returns how many floats were exactly one ulp apart, or a message naming the path of the
/// first real difference (for example `statuses[3].user.id`).
pub fn compare_values(a: &Value, b: &Value) -> Result<usize, String> {
    let mut path = String::new();
    let mut near = 0;
    compare_at(a, b, &mut path, &mut near)?;
    Ok(near)
}

fn compare_at(a: &Value, b: &Value, path: &mut String, near: &mut usize) -> Result<(), String> {
    let here = |path: &str| if path.is_empty() { "(root)" } else { path }.to_owned();
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                let (fx, fy) = (
                    x.as_f64().unwrap_or(f64::NAN),
                    y.as_f64().unwrap_or(f64::NAN),
                );
                match ulps_apart(fx, fy) {
                    0 => Ok(()),
                    1 => {
                        *near += 1;
                        Ok(())
                    }
                    _ => Err(format!("{}: {fx:?} != {fy:?}", here(path))),
                }
            } else if x == y {
                Ok(())
            } else {
                Err(format!("{}: {x} != {y}", here(path)))
            }
        }
        (Value::Array(xs), Value::Array(ys)) => {
            if xs.len() != ys.len() {
                return Err(format!(
                    "{}: arrays of {} and {} items",
                    here(path),
                    xs.len(),
                    ys.len()
                ));
            }
            for (i, (x, y)) in xs.iter().zip(ys).enumerate() {
                let len = path.len();
                let _ = write!(path, "[{i}]");
                compare_at(x, y, path, near)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Object(xs), Value::Object(ys)) => {
            if let Some(key) = xs.keys().find(|k| !ys.contains_key(*k)) {
                return Err(format!("{}: key {key:?} only in the first", here(path)));
            }
            if let Some(key) = ys.keys().find(|k| !xs.contains_key(*k)) {
                return Err(format!("{}: key {key:?} only in the second", here(path)));
            }
            for (key, x) in xs {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                compare_at(x, &ys[key], path, near)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ if a == b => Ok(()),
        _ => Err(format!("{}: {a} != {b}", here(path))),
    }
}

/// Compares two values of a model type: `Ok(0)` if they are equal (`==`); otherwise both are
/// turned into JSON values (with `serde_json::to_value`, which parses nothing) and compared with
/// [`compare_values`], so the result is the number of floats one ulp apart, or where they
/// really differ.
pub fn compare_models<T: Serialize + PartialEq>(a: &T, b: &T) -> Result<usize, String> {
    if a == b {
        return Ok(0);
    }
    let to_value = |x: &T| serde_json::to_value(x).map_err(|e| format!("to_value failed: {e}"));
    match compare_values(&to_value(a)?, &to_value(b)?)? {
        // Unequal, yet no difference in the JSON: something the JSON form does not show.
        0 => Err("the values differ, but not in their JSON form".to_owned()),
        near => Ok(near),
    }
}

/// Replaces every number with its `f64` value, so that `-65` in a corpus file and `-65.0`
/// written back from an `f64` field compare equal.
///
/// # Panics
///
/// Never for values serde_json parsed (its numbers are finite).
pub fn numbers_as_f64(value: Value) -> Value {
    match value {
        Value::Number(n) => Value::from(n.as_f64().expect("a finite number")),
        Value::Array(items) => Value::Array(items.into_iter().map(numbers_as_f64).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k, numbers_as_f64(v)))
                .collect(),
        ),
        other => other,
    }
}

/// serde_json's form of a fastwire [`Value`](fastwire::json::Value), to compare the two
/// libraries' untyped documents with [`compare_values`]. Integers stay integers (`u64` when not
/// negative, as serde_json keeps them), floats stay floats; serde_json's map sorts the keys,
/// which [`compare_values`] ignores anyway.
pub fn fastwire_value_to_serde_json(value: &fastwire::json::Value) -> Value {
    use fastwire::json::Value as V;
    match value {
        V::Null => Value::Null,
        V::Bool(b) => Value::Bool(*b),
        V::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) if !n.is_f64() => Value::from(u),
            (_, Some(i), _) if !n.is_f64() => Value::from(i),
            (_, _, Some(f)) => Value::from(f),
            _ => unreachable!("a JSON number is an integer or a float"),
        },
        V::String(s) => Value::String(s.clone()),
        V::Array(items) => Value::Array(items.iter().map(fastwire_value_to_serde_json).collect()),
        V::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), fastwire_value_to_serde_json(v)))
                .collect(),
        ),
    }
}

/// The number tokens of a JSON text, in document order, as written (for example `-65.613616999999977`).
/// Strings are skipped, escapes included. Meant for well-formed input; it validates nothing.
pub fn number_tokens(json: &str) -> Vec<&str> {
    let bytes = json.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                tokens.push(&json[start..i]);
            }
            _ => i += 1,
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulps() {
        assert_eq!(ulps_apart(1.0, 1.0), 0);
        assert_eq!(ulps_apart(1.0, f64::from_bits(1.0f64.to_bits() + 1)), 1);
        assert_eq!(ulps_apart(f64::from_bits(1.0f64.to_bits() + 1), 1.0), 1);
        assert_eq!(ulps_apart(-1.0, f64::from_bits((-1.0f64).to_bits() + 1)), 1);
        assert_eq!(ulps_apart(0.0, -0.0), 1);
        assert_eq!(ulps_apart(f64::from_bits(1), -f64::from_bits(1)), 3);
        assert_eq!(ulps_apart(1.0, 2.0), 1 << 52);
        assert_eq!(ulps_apart(f64::NAN, f64::NAN), u64::MAX);
    }

    #[test]
    fn values() {
        let one_up = f64::from_bits(0.1f64.to_bits() + 1);
        let a = serde_json::json!({"a": [1, 0.1, "x"], "b": {"c": true}});
        let b = serde_json::json!({"b": {"c": true}, "a": [1, one_up, "x"]});
        assert_eq!(compare_values(&a, &b), Ok(1));
        let c = serde_json::json!({"b": {"c": false}, "a": [1, 0.1, "x"]});
        assert_eq!(compare_values(&a, &c), Err("b.c: true != false".to_owned()));
        let d = serde_json::json!({"a": [1, 0.2, "x"], "b": {"c": true}});
        assert!(compare_values(&a, &d).unwrap_err().starts_with("a[1]: "));
    }

    #[test]
    fn fastwire_values() {
        let text = r#"{"b": [1, -2, 1.5, 18446744073709551615], "a": {"x": null, "y": "z"}}"#;
        let fastwire: fastwire::json::Value = fastwire::json::from_str(text).unwrap();
        let serde_json: Value = serde_json::from_str(text).unwrap();
        assert_eq!(fastwire_value_to_serde_json(&fastwire), serde_json);
    }

    #[test]
    fn tokens() {
        assert_eq!(
            number_tokens(r#"{"a1":[-1.5e-3,2],"b\"9":0, "c": "7"}"#),
            ["-1.5e-3", "2", "0"]
        );
    }

    #[test]
    fn differences() {
        assert_eq!(first_difference(b"abc", b"abc"), None);
        assert_eq!(first_difference(b"abc", b"abd"), Some(2));
        assert_eq!(first_difference(b"ab", b"abc"), Some(2));
        assert!(describe_difference("x", ("a", b"1"), ("b", b"1")).is_none());
        assert!(describe_difference("x", ("a", b"1"), ("b", b"2"))
            .unwrap()
            .contains("at byte 0"));
    }
}
