//! Impls for other crates' types, each behind the cargo feature named after the crate, with
//! the encoding the type's own serde impl gives through serde_json and rmp-serde (so adopting
//! fastwire changes no bytes) and accepting what that impl accepts.
//!
//! Types written as text (dates, ids) share the helpers of `text_value` and the
//! [`text_impls`] macro here.
//!
//! Not every helper is used by every crate's impls: those a given set of features leaves
//! unused are allowed to be.
#![allow(dead_code, unused_macros, unused_imports)]

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(feature = "rust_decimal")]
pub(crate) mod decimal;
#[cfg(feature = "jiff")]
mod jiff;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "uuid")]
mod uuid;

#[cfg(feature = "msgpack")]
use crate::text_value::msgpack_read_text;
#[cfg(feature = "json")]
use crate::text_value::{json_read_text, json_write_ascii};

/// Implements both formats' traits for a type written as text: `$text` gives the text of
/// `$value` (a [`TimeText`](crate::time::TimeText) or any type with `as_bytes` and
/// `as_str`), `$parse` reads the type from `$input` or gives the error's message, and
/// `$expected` names the type in "invalid type" errors. With `fixed N => |bytes| ...`, a JSON
/// string of exactly `N` bytes, or a MessagePack `fixstr` of `N` bytes, is first offered, in
/// place, to that fast reader, which must accept only ASCII bytes without quotes, backslashes
/// or control characters (anything it refuses goes the general way).
macro_rules! text_impls {
    (
        $ty:ty, $expected:literal, $hint:literal,
        |$value:ident| $text:expr,
        |$input:ident| $parse:expr
        $(, fixed $len:literal => |$fixed:ident| $fast:expr)? $(,)?
    ) => {
        #[cfg(feature = "json")]
        impl crate::json::Encode for $ty {
            #[inline]
            fn encode<W: crate::json::Writer>(&self, w: &mut W) {
                let $value = self;
                let text = $text;
                super::json_write_ascii(w, text.as_bytes());
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::Decode<'de> for $ty {
            // The fast reading in the caller; the general one a call away.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(r: &mut crate::json::Reader<'de>) -> Result<Self, crate::json::Error> {
                $(
                    if r.peek()? == b'"' {
                        if let Some($fixed) = r.peek_fixed_str::<$len>() {
                            if let Some(value) = $fast {
                                r.skip_fixed_str::<$len>();
                                return Ok(value);
                            }
                        }
                    }
                )?
                #[inline(never)]
                fn general(r: &mut crate::json::Reader<'_>) -> Result<$ty, crate::json::Error> {
                    super::json_read_text(r, $expected, |$input: &str| $parse)
                }
                general(r)
            }
        }

        /// As a JSON object key: the same text (serde_json writes and reads such keys as
        /// the string the value is).
        #[cfg(feature = "json")]
        impl crate::json::EncodeKey for $ty {
            #[inline]
            fn encode_key<W: crate::json::Writer>(&self, w: &mut W) {
                let $value = self;
                let text = $text;
                super::json_write_ascii(w, text.as_bytes());
            }

            #[inline]
            fn key_size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "json")]
        impl<'de> crate::json::DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key(key: crate::json::Str<'de, '_>) -> Result<Self, String> {
                let $input: &str = &key;
                $parse
            }
        }

        #[cfg(feature = "msgpack")]
        impl crate::msgpack::Encode for $ty {
            #[inline]
            fn encode<W: crate::msgpack::Writer>(&self, w: &mut W) {
                let $value = self;
                let mut text = $text;
                // A `str` header and ASCII text: valid MessagePack as it is.
                w.write_raw(text.as_msgpack_str());
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $hint
            }
        }

        #[cfg(feature = "msgpack")]
        impl<'de> crate::msgpack::Decode<'de> for $ty {
            // The fast reading in the caller; the general one a call away.
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn decode(r: &mut crate::msgpack::Reader<'de>) -> Result<Self, crate::msgpack::Error> {
                $(
                    if let Some($fixed) = r.peek_fixstr::<$len>() {
                        if let Some(value) = $fast {
                            r.skip_fixstr::<$len>();
                            return Ok(value);
                        }
                    }
                )?
                #[inline(never)]
                fn general(
                    r: &mut crate::msgpack::Reader<'_>,
                ) -> Result<$ty, crate::msgpack::Error> {
                    super::msgpack_read_text(r, $expected, |$input: &str| $parse)
                }
                general(r)
            }
        }
    };
}
use text_impls;

/// An integer as a serde visitor of `i64`s receives it from serde_json or rmp-serde: negative
/// ones as `i64`, the others as `u64`.
pub(crate) enum Integer {
    Signed(i64),
    Unsigned(u64),
}

/// Reads a JSON integer for a visitor of integers (`deserialize_i64`); a float, or anything
/// else, is an "invalid type" error naming `expected`.
#[cfg(feature = "json")]
pub(crate) fn json_integer(
    r: &mut crate::json::Reader<'_>,
    expected: &'static str,
) -> Result<Integer, crate::json::Error> {
    use crate::json::reader::ParsedNumber;
    let at = r.offset();
    match r.peek()? {
        b'-' | b'0'..=b'9' => match r.parse_number()? {
            ParsedNumber::U64(n) => Ok(Integer::Unsigned(n)),
            ParsedNumber::I64(n) => Ok(Integer::Signed(n)),
            ParsedNumber::F64(x) => Err(r.custom_at(
                format_args!(
                    "invalid type: floating point `{}`, expected {expected}",
                    Float(x)
                ),
                at,
            )),
        },
        _ => Err(r.invalid_type(expected)),
    }
}

/// Reads a MessagePack integer for a visitor of integers, as [`json_integer`] does.
#[cfg(feature = "msgpack")]
pub(crate) fn msgpack_integer(
    r: &mut crate::msgpack::Reader<'_>,
    expected: &'static str,
) -> Result<Integer, crate::msgpack::Error> {
    match r.peek()? {
        0x00..=0x7F | 0xCC..=0xCF => r.decode_u64(expected).map(Integer::Unsigned),
        0xE0..=0xFF | 0xD0..=0xD3 => r.decode_i64(expected).map(|n| {
            if n < 0 {
                Integer::Signed(n)
            } else {
                Integer::Unsigned(n as u64)
            }
        }),
        _ => Err(r.invalid_type(expected)),
    }
}

/// A float as serde's `Unexpected::Float` shows it in messages (a whole number keeps a `.0`).
pub(crate) struct Float(pub(crate) f64);

impl std::fmt::Display for Float {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_finite() && self.0.fract() == 0.0 && self.0.abs() < 1e16 {
            write!(f, "{:.1}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}
