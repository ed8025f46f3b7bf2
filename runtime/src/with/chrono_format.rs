//! chrono values in a format string of the field's own (`%d.%m.%Y`), through
//! [`chrono_format!`](crate::chrono_format): the module it declares writes the value as
//! chrono's `format` writes it, as a string in both formats, and reads it as chrono's
//! `parse_from_str` does. The format string is parsed once, on first use.

use std::fmt::{self, Write as _};

use chrono::format::{parse, Item, Parsed, StrftimeItems};
use chrono::{DateTime, FixedOffset, Local, NaiveDate, NaiveDateTime, NaiveTime, Utc};

/// A format string, parsed into chrono's items (or the reason it is not a format).
#[doc(hidden)]
pub struct Format {
    source: &'static str,
    items: Result<Vec<Item<'static>>, String>,
}

impl Format {
    /// Parses `source` as a chrono format string.
    pub fn new(source: &'static str) -> Self {
        let items = StrftimeItems::new(source)
            .parse()
            .map_err(|_| format!("invalid chrono format string {source:?}"));
        Format { source, items }
    }
}

mod sealed {
    /// Keeps [`Formatted`](super::Formatted) to chrono's types.
    pub trait Sealed {}
}

/// A value a [`chrono_format!`](crate::chrono_format) module takes: chrono's `NaiveDate`,
/// `NaiveTime`, `NaiveDateTime`, `DateTime<Utc>`, `DateTime<FixedOffset>`, `DateTime<Local>`,
/// or an `Option` of one (`None` being `null` / `nil`).
#[diagnostic::on_unimplemented(
    message = "a `chrono_format!` module does not take a `{Self}`",
    label = "not a chrono date, time or date-time",
    note = "it takes chrono's `NaiveDate`, `NaiveTime`, `NaiveDateTime`, `DateTime<Utc>`, `DateTime<FixedOffset>`, `DateTime<Local>` and `Option`s of them"
)]
pub trait Formatted: Sized + sealed::Sealed {
    /// Appends the value's text to `out`; `Ok(false)` (nothing written) for `None`.
    #[doc(hidden)]
    fn format_text(&self, items: &[Item<'static>], out: &mut String) -> Result<bool, fmt::Error>;

    /// Reads the value from its text.
    #[doc(hidden)]
    fn parse_text(text: &str, items: &[Item<'static>]) -> Result<Self, chrono::ParseError>;

    /// The value of `null` / `nil`, for an `Option`.
    #[doc(hidden)]
    fn none() -> Option<Self> {
        None
    }
}

/// Implements [`Formatted`] for a chrono type: `$parsed` turns chrono's parsed fields into it.
macro_rules! formatted {
    ($($ty:ty => |$p:ident| $parsed:expr;)*) => {$(
        impl sealed::Sealed for $ty {}

        impl Formatted for $ty {
            #[inline]
            fn format_text(
                &self,
                items: &[Item<'static>],
                out: &mut String,
            ) -> Result<bool, fmt::Error> {
                write!(out, "{}", self.format_with_items(items.iter())).map(|()| true)
            }

            #[inline]
            fn parse_text(text: &str, items: &[Item<'static>]) -> Result<Self, chrono::ParseError> {
                let mut $p = Parsed::new();
                parse(&mut $p, text, items.iter())?;
                $parsed
            }
        }
    )*};
}

formatted! {
    NaiveDate => |p| p.to_naive_date();
    NaiveTime => |p| p.to_naive_time();
    NaiveDateTime => |p| p.to_naive_datetime_with_offset(0);
    DateTime<FixedOffset> => |p| p.to_datetime();
    DateTime<Utc> => |p| p.to_datetime_with_timezone(&Utc);
    DateTime<Local> => |p| p.to_datetime_with_timezone(&Local);
}

impl<T: Formatted> sealed::Sealed for Option<T> {}

impl<T: Formatted> Formatted for Option<T> {
    #[inline]
    fn format_text(&self, items: &[Item<'static>], out: &mut String) -> Result<bool, fmt::Error> {
        match self {
            Some(value) => value.format_text(items, out),
            None => Ok(false),
        }
    }

    #[inline]
    fn parse_text(text: &str, items: &[Item<'static>]) -> Result<Self, chrono::ParseError> {
        T::parse_text(text, items).map(Some)
    }

    #[inline]
    fn none() -> Option<Self> {
        Some(None)
    }
}

/// The text of `value` in `format`: `Ok(None)` for `None`, or the reason it has none.
#[inline]
fn text_of<T: Formatted>(format: &Format, value: &T) -> Result<Option<String>, String> {
    let items = format.items.as_ref()?;
    let mut out = String::new();
    match value.format_text(items, &mut out) {
        Ok(true) => Ok(Some(out)),
        Ok(false) => Ok(None),
        Err(fmt::Error) => Err(format!(
            "value cannot be formatted with {:?} (a field it lacks)",
            format.source
        )),
    }
}

/// `T` from `text` in `format`, or the message saying why not.
#[inline]
fn value_of<T: Formatted>(format: &Format, text: &str) -> Result<T, String> {
    let items = format.items.as_ref()?;
    T::parse_text(text, items).map_err(|error| {
        format!(
            "invalid value {text:?} for format {:?}: {error}",
            format.source
        )
    })
}

/// What the readers expect, in "invalid type" errors.
const EXPECTED: &str = "a string in the field's chrono format";

/// The JSON functions of a [`chrono_format!`](crate::chrono_format) module.
#[cfg(feature = "json")]
#[doc(hidden)]
pub mod json {
    use super::{Format, Formatted};
    use crate::json::{Error, Reader, Writer};

    /// Writes the text as a JSON string (`null` for `None`).
    #[inline]
    pub fn encode<T: Formatted, W: Writer>(format: &Format, value: &T, w: &mut W) {
        match super::text_of(format, value) {
            Ok(Some(text)) => w.write_str(&text),
            Ok(None) => w.write_null(),
            Err(message) => w.fail(message),
        }
    }

    /// Reads the text from a JSON string (`null` for `None`).
    #[inline]
    pub fn decode<T: Formatted>(format: &Format, r: &mut Reader<'_>) -> Result<T, Error> {
        if let Some(none) = T::none() {
            if r.try_null()? {
                return Ok(none);
            }
        }
        crate::text_value::json_read_text(r, super::EXPECTED, |text| super::value_of(format, text))
    }
}

/// The MessagePack functions of a [`chrono_format!`](crate::chrono_format) module.
#[cfg(feature = "msgpack")]
#[doc(hidden)]
pub mod msgpack {
    use super::{Format, Formatted};
    use crate::msgpack::{Error, Reader, Writer};

    /// Writes the text as a `str` (`nil` for `None`).
    #[inline]
    pub fn encode<T: Formatted, W: Writer>(format: &Format, value: &T, w: &mut W) {
        match super::text_of(format, value) {
            Ok(Some(text)) => w.write_str(&text),
            Ok(None) => w.write_nil(),
            Err(message) => w.fail(message),
        }
    }

    /// Reads the text from a `str` (`nil` for `None`).
    #[inline]
    pub fn decode<T: Formatted>(format: &Format, r: &mut Reader<'_>) -> Result<T, Error> {
        if let Some(none) = T::none() {
            if r.try_nil()? {
                return Ok(none);
            }
        }
        crate::text_value::msgpack_read_text(r, super::EXPECTED, |text| {
            super::value_of(format, text)
        })
    }
}

/// Declares a `with` module for chrono values in a format string of your own, for
/// `#[wire(with = "...")]`: the value is written as chrono's `format` writes it, as a string
/// in both formats, and read as chrono's `parse_from_str` reads it (so `Utc` and `Local`
/// read a text without an offset in their own zone). The format string is parsed once, on
/// first use; a string chrono does not take as a format makes every write and read with the
/// module fail, saying so. Works for chrono's `NaiveDate`, `NaiveTime`, `NaiveDateTime`,
/// `DateTime<Utc>`, `DateTime<FixedOffset>`, `DateTime<Local>` and an `Option` of any of
/// them (`None` being `null` / `nil`). Needs the `chrono` feature.
///
/// These are the bytes of the hand-written serde module serde's documentation gives for a
/// date in a custom format (`serializer.serialize_str(&date.format(FORMAT).to_string())`,
/// `NaiveDateTime::parse_from_str`).
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "json"))] {
/// use chrono::NaiveDate;
///
/// fastwire::chrono_format!(
///     /// Dates as Germans write them.
///     pub mod german_date = "%d.%m.%Y"
/// );
///
/// #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
/// struct Invoice {
///     #[wire(with = "german_date")]
///     issued: NaiveDate,
///     #[wire(with = "german_date")]
///     paid: Option<NaiveDate>,
/// }
///
/// let invoice = Invoice { issued: NaiveDate::from_ymd_opt(2024, 2, 29).unwrap(), paid: None };
/// let text = fastwire::json::to_string(&invoice);
/// assert_eq!(text, r#"{"issued":"29.02.2024","paid":null}"#);
/// assert_eq!(fastwire::json::from_str::<Invoice>(&text).unwrap(), invoice);
/// # }
/// ```
#[macro_export]
macro_rules! chrono_format {
    ($(#[$attr:meta])* $vis:vis mod $name:ident = $format:literal) => {
        $(#[$attr])*
        $vis mod $name {
            /// The format string.
            pub const FORMAT: &str = $format;

            /// The format, parsed on first use.
            fn format() -> &'static $crate::with::chrono::Format {
                static FORMAT_ITEMS: ::std::sync::OnceLock<$crate::with::chrono::Format> =
                    ::std::sync::OnceLock::new();
                FORMAT_ITEMS.get_or_init(|| $crate::with::chrono::Format::new(FORMAT))
            }

            $crate::__chrono_format_json!();
            $crate::__chrono_format_msgpack!();
        }
    };
}

/// The `json` module of a [`chrono_format!`](crate::chrono_format) module.
#[cfg(feature = "json")]
#[doc(hidden)]
#[macro_export]
macro_rules! __chrono_format_json {
    () => {
        /// In JSON: a string.
        pub mod json {
            /// Writes the value's text as a JSON string.
            #[inline]
            pub fn encode<T, W>(value: &T, w: &mut W)
            where
                T: $crate::with::chrono::Formatted,
                W: $crate::json::Writer,
            {
                $crate::with::chrono::format_json::encode(super::format(), value, w)
            }

            /// Reads the value from its text in a JSON string.
            #[inline]
            pub fn decode<T: $crate::with::chrono::Formatted>(
                r: &mut $crate::json::Reader<'_>,
            ) -> ::core::result::Result<T, $crate::json::Error> {
                $crate::with::chrono::format_json::decode(super::format(), r)
            }
        }
    };
}

/// Without the `json` feature, no `json` module.
#[cfg(not(feature = "json"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __chrono_format_json {
    () => {};
}

/// The `msgpack` module of a [`chrono_format!`](crate::chrono_format) module.
#[cfg(feature = "msgpack")]
#[doc(hidden)]
#[macro_export]
macro_rules! __chrono_format_msgpack {
    () => {
        /// In MessagePack: a `str`.
        pub mod msgpack {
            /// Writes the value's text as a `str`.
            #[inline]
            pub fn encode<T, W>(value: &T, w: &mut W)
            where
                T: $crate::with::chrono::Formatted,
                W: $crate::msgpack::Writer,
            {
                $crate::with::chrono::format_msgpack::encode(super::format(), value, w)
            }

            /// Reads the value from its text in a `str`.
            #[inline]
            pub fn decode<T: $crate::with::chrono::Formatted>(
                r: &mut $crate::msgpack::Reader<'_>,
            ) -> ::core::result::Result<T, $crate::msgpack::Error> {
                $crate::with::chrono::format_msgpack::decode(super::format(), r)
            }
        }
    };
}

/// Without the `msgpack` feature, no `msgpack` module.
#[cfg(not(feature = "msgpack"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __chrono_format_msgpack {
    () => {};
}
