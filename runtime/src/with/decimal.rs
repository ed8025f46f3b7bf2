//! `rust_decimal::Decimal` in the forms of rust_decimal's own serde modules (the
//! `rust_decimal` feature), under the same names:
//!
//! | module | JSON | MessagePack | reads |
//! |---|---|---|---|
//! | [`arbitrary_precision`] | the exact number: `12.50` (never through `f64`) | the exact text in a `str` (MessagePack has no decimal number) | a number, exactly as written, or a string |
//! | [`float`] | the nearest `f64`: `12.5` | a `float 64` | a number or a string, as `Decimal` does by default |
//! | [`str`](mod@str) | the exact text in a string: `"12.50"` | the same `str` | in JSON, a string only |
//!
//! Each has an `_option` twin for an `Option<Decimal>`, `None` being `null` / `nil` (and, as
//! rust_decimal reads it, an empty string for [`str_option`], which reads strings only). Bytes
//! and readings are those of `rust_decimal::serde::{float, str}` through serde_json and
//! rmp-serde; `arbitrary_precision` writes what rust_decimal's module writes through
//! serde_json with its `arbitrary_precision` feature, and reads every number exactly (where
//! that module without the feature reads through `f64`).
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "json"))] {
//! use rust_decimal::Decimal;
//!
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Price {
//!     #[wire(with = "fastwire::with::decimal::arbitrary_precision")]
//!     amount: Decimal,
//! }
//!
//! let text = r#"{"amount":0.1000000000000000000000000001}"#;
//! let price: Price = fastwire::json::from_str(text).unwrap();
//! assert_eq!(price.amount.to_string(), "0.1000000000000000000000000001");
//! assert_eq!(fastwire::json::to_string(&price), text);
//! # }
//! ```

use crate::impls::decimal::{from_text, EXPECTED};

/// Writes `Some` with `encode`, `None` as `null` / `nil`, and reads `null` / `nil` as `None`
/// and anything else with `decode`: the `_option` twin of a module.
macro_rules! option_module {
    ($(#[$doc:meta])* $name:ident => $inner:ident) => {
        $(#[$doc])*
        pub mod $name {
            /// In JSON.
            #[cfg(feature = "json")]
            pub mod json {
                use rust_decimal::Decimal;

                use crate::json::{Error, Reader, Writer};

                /// Writes `Some` as the decimal, `None` as `null`.
                #[inline]
                pub fn encode<W: Writer>(value: &Option<Decimal>, w: &mut W) {
                    match value {
                        Some(value) => super::super::$inner::json::encode(value, w),
                        None => w.write_null(),
                    }
                }

                /// Reads `null` as `None`, the decimal as `Some`.
                #[inline]
                pub fn decode(r: &mut Reader<'_>) -> Result<Option<Decimal>, Error> {
                    if r.try_null()? {
                        return Ok(None);
                    }
                    super::super::$inner::json::decode(r).map(Some)
                }
            }

            /// In MessagePack.
            #[cfg(feature = "msgpack")]
            pub mod msgpack {
                use rust_decimal::Decimal;

                use crate::msgpack::{Error, Reader, Writer};

                /// Writes `Some` as the decimal, `None` as `nil`.
                #[inline]
                pub fn encode<W: Writer>(value: &Option<Decimal>, w: &mut W) {
                    match value {
                        Some(value) => super::super::$inner::msgpack::encode(value, w),
                        None => w.write_nil(),
                    }
                }

                /// Reads `nil` as `None`, the decimal as `Some`.
                #[inline]
                pub fn decode(r: &mut Reader<'_>) -> Result<Option<Decimal>, Error> {
                    if r.try_nil()? {
                        return Ok(None);
                    }
                    super::super::$inner::msgpack::decode(r).map(Some)
                }
            }
        }
    };
}

/// The exact value as a JSON number, as `rust_decimal::serde::arbitrary_precision` writes it
/// through serde_json with `arbitrary_precision`: `12.50`, `-0.000001`, the scale kept.
pub mod arbitrary_precision {
    /// In JSON: the exact number.
    #[cfg(feature = "json")]
    pub mod json {
        use rust_decimal::Decimal;

        use crate::json::{Decode, Error, Reader, Writer};

        /// Writes the exact text as a JSON number (a decimal's text is always one).
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            let text = crate::impls::decimal::Text::of(value);
            // Digits, at most one point and a leading minus: a valid JSON number.
            w.write_fragment(std::str::from_utf8(text.as_bytes()).unwrap_or("0"));
        }

        /// Reads a number exactly as written (its digits and exponent, never through `f64`),
        /// or a string as `Decimal` reads one.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            match r.peek()? {
                b'-' | b'0'..=b'9' => {
                    let at = r.offset();
                    let raw = r.raw_value()?;
                    super::super::from_text(raw).map_err(|message| r.custom_at(message, at))
                }
                _ => Decimal::decode(r),
            }
        }
    }

    /// In MessagePack: the exact text in a `str`, as `Decimal` writes it by default.
    #[cfg(feature = "msgpack")]
    pub mod msgpack {
        use rust_decimal::Decimal;

        use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

        /// Writes the exact text as a `str`.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            value.encode(w);
        }

        /// Reads a string or a number, as `Decimal` does by default.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            Decimal::decode(r)
        }
    }
}

option_module!(
    /// An `Option<Decimal>` as [`arbitrary_precision`] writes the decimal, as
    /// `rust_decimal::serde::arbitrary_precision_option`.
    arbitrary_precision_option => arbitrary_precision
);

/// The nearest `f64`, as `rust_decimal::serde::float` writes it; read as `Decimal` reads any
/// number or string.
pub mod float {
    /// The nearest `f64` of a decimal (every decimal has one).
    #[inline]
    fn to_f64(value: &rust_decimal::Decimal) -> f64 {
        rust_decimal::prelude::ToPrimitive::to_f64(value).unwrap_or(f64::NAN)
    }

    /// In JSON: a number.
    #[cfg(feature = "json")]
    pub mod json {
        use rust_decimal::Decimal;

        use crate::json::{Decode, Encode, Error, Reader, Writer};

        /// Writes the nearest `f64`, as serde_json writes an `f64`.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            super::to_f64(value).encode(w);
        }

        /// Reads a number or a string, as `Decimal` does by default.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            Decimal::decode(r)
        }
    }

    /// In MessagePack: a `float 64`.
    #[cfg(feature = "msgpack")]
    pub mod msgpack {
        use rust_decimal::Decimal;

        use crate::msgpack::{Decode, Error, Reader, Writer};

        /// Writes the nearest `f64` as a `float 64`.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            w.write_f64(super::to_f64(value));
        }

        /// Reads a number or a string, as `Decimal` does by default.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            Decimal::decode(r)
        }
    }
}

option_module!(
    /// An `Option<Decimal>` as [`float`] writes the decimal, as
    /// `rust_decimal::serde::float_option`.
    float_option => float
);

/// The exact text in a string, as `rust_decimal::serde::str` writes it (and as `Decimal` does
/// by default); in JSON, read from a string only.
pub mod str {
    /// In JSON: a string.
    #[cfg(feature = "json")]
    pub mod json {
        use rust_decimal::Decimal;

        use crate::json::{Encode, Error, Reader, Writer};

        /// Writes the exact text in a string.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            value.encode(w);
        }

        /// Reads a string (a number is an "invalid type" error, as serde_json gives a visitor
        /// of strings).
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            crate::text_value::json_read_text(r, super::super::EXPECTED, super::super::from_text)
        }
    }

    /// In MessagePack: a `str`; read from a string or a number, as rmp-serde hands either to
    /// rust_decimal's visitor.
    #[cfg(feature = "msgpack")]
    pub mod msgpack {
        use rust_decimal::Decimal;

        use crate::msgpack::{Decode, Encode, Error, Reader, Writer};

        /// Writes the exact text as a `str`.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) {
            value.encode(w);
        }

        /// Reads a string or a number.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Decimal, Error> {
            Decimal::decode(r)
        }
    }
}

/// An `Option<Decimal>` as `rust_decimal::serde::str_option`: `Some` as [`str`](mod@str) writes the
/// decimal, `None` as `null` / `nil`; read from a string only, in both formats, an empty
/// string being `None` too.
pub mod str_option {
    /// The value of a string: `None` when it is empty.
    #[inline]
    fn parse(text: &str) -> Result<Option<rust_decimal::Decimal>, String> {
        if text.is_empty() {
            return Ok(None);
        }
        super::from_text(text).map(Some)
    }

    /// In JSON.
    #[cfg(feature = "json")]
    pub mod json {
        use rust_decimal::Decimal;

        use crate::json::{Error, Reader, Writer};

        /// Writes `Some` as the exact text in a string, `None` as `null`.
        #[inline]
        pub fn encode<W: Writer>(value: &Option<Decimal>, w: &mut W) {
            match value {
                Some(value) => super::super::str::json::encode(value, w),
                None => w.write_null(),
            }
        }

        /// Reads `null` or an empty string as `None`, another string as `Some`.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Option<Decimal>, Error> {
            if r.try_null()? {
                return Ok(None);
            }
            crate::text_value::json_read_text(r, super::super::EXPECTED, super::parse)
        }
    }

    /// In MessagePack.
    #[cfg(feature = "msgpack")]
    pub mod msgpack {
        use rust_decimal::Decimal;

        use crate::msgpack::{Error, Reader, Writer};

        /// Writes `Some` as the exact text in a `str`, `None` as `nil`.
        #[inline]
        pub fn encode<W: Writer>(value: &Option<Decimal>, w: &mut W) {
            match value {
                Some(value) => super::super::str::msgpack::encode(value, w),
                None => w.write_nil(),
            }
        }

        /// Reads `nil` or an empty string as `None`, another string as `Some`.
        #[inline]
        pub fn decode(r: &mut Reader<'_>) -> Result<Option<Decimal>, Error> {
            if r.try_nil()? {
                return Ok(None);
            }
            crate::text_value::msgpack_read_text(r, super::super::EXPECTED, super::parse)
        }
    }
}
