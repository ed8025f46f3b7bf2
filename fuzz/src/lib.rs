//! The models and the checks shared by the fuzz targets.
//!
//! Each check takes the fuzzer's bytes and compares fastwire with its oracle (serde_json,
//! rmp-serde, rmpv), panicking on any difference that the README does not list as deliberate.

pub mod kitchen;
pub mod msgpack_oracle;
pub mod twitter;
pub mod values;

use std::fmt::Debug;

/// Whether the input holds something fastwire refuses wherever it stands and serde_json only
/// where it reads it: invalid UTF-8, or an escaped lone surrogate.
pub fn json_refused_everywhere(input: &[u8]) -> bool {
    std::str::from_utf8(input).is_err() || has_lone_surrogate_escape(input)
}

/// Whether a `\uXXXX` escape in the input names a surrogate that is not half of a pair.
fn has_lone_surrogate_escape(input: &[u8]) -> bool {
    fn hex4(bytes: &[u8]) -> Option<u16> {
        let text = std::str::from_utf8(bytes.get(..4)?).ok()?;
        u16::from_str_radix(text, 16).ok()
    }
    let mut at = 0;
    while at < input.len() {
        if input[at] != b'\\' {
            at += 1;
            continue;
        }
        match input.get(at + 1) {
            Some(b'u') => {
                let Some(unit) = hex4(&input[at + 2..]) else {
                    at += 2;
                    continue;
                };
                at += 6;
                match unit {
                    0xD800..=0xDBFF => {
                        let low = if input.get(at..at + 2) == Some(b"\\u") {
                            hex4(&input[at + 2..])
                        } else {
                            None
                        };
                        match low {
                            Some(0xDC00..=0xDFFF) => at += 6,
                            _ => return true,
                        }
                    }
                    0xDC00..=0xDFFF => return true,
                    _ => {}
                }
            }
            _ => at += 2,
        }
    }
    false
}

/// fastwire's JSON decoder against serde_json's for `T`: both accept (to values `same` calls
/// equal) or both refuse, except that fastwire may refuse what
/// [`json_refused_everywhere`] finds. A value both accept is then written by both encoders,
/// which must give the same bytes. Returns fastwire's value when it accepted.
pub fn json_differential<'a, T>(input: &'a [u8], same: fn(&T, &T) -> bool) -> Option<T>
where
    T: fastwire::json::Decode<'a>
        + fastwire::json::Encode
        + serde::Deserialize<'a>
        + serde::Serialize
        + Debug,
{
    let ours = fastwire::json::from_slice::<T>(input);
    let oracle = serde_json::from_slice::<T>(input);
    match (ours, oracle) {
        (Ok(ours), Ok(oracle)) => {
            assert!(
                same(&ours, &oracle),
                "values differ:\nfastwire   {ours:?}\nserde_json {oracle:?}"
            );
            json_same_output(&ours);
            Some(ours)
        }
        (Err(ours), Err(_)) => {
            check_json_error(&ours);
            None
        }
        (Ok(ours), Err(oracle)) => {
            panic!("fastwire accepts what serde_json refuses ({oracle}):\n{ours:?}")
        }
        (Err(ours), Ok(oracle)) => {
            assert!(
                json_refused_everywhere(input),
                "fastwire refuses ({ours}) what serde_json accepts:\n{oracle:?}"
            );
            check_json_error(&ours);
            None
        }
    }
}

/// A decoding error points into the input.
pub fn check_json_error(error: &fastwire::json::Error) {
    assert!(error.line() >= 1, "an error without a position: {error}");
}

/// fastwire's encoders write what serde_json's write for the same value, compact and pretty.
pub fn json_same_output<T: fastwire::json::Encode + serde::Serialize + Debug>(value: &T) {
    let ours = fastwire::json::try_to_string(value);
    let oracle = serde_json::to_string(value);
    match (ours, oracle) {
        (Ok(ours), Ok(oracle)) => assert_eq!(ours, oracle, "compact output of {value:?}"),
        (Err(_), Err(_)) => return,
        (ours, oracle) => panic!("encoding {value:?}: fastwire {ours:?}, serde_json {oracle:?}"),
    }
    let ours = fastwire::json::try_to_string_pretty(value).unwrap();
    let oracle = serde_json::to_string_pretty(value).unwrap();
    assert_eq!(ours, oracle, "pretty output of {value:?}");
}
