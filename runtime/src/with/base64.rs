//! Bytes as base64 text (the `base64` feature), byte for byte what serde_with's `Base64`
//! writes through serde_json and rmp-serde: a JSON string, and a MessagePack `str` (not a
//! `bin`). [`standard`] is serde_with's default (`Base64`, RFC 4648's alphabet with `+` and
//! `/`, padded with `=`); [`standard_unpadded`], [`url_safe`] (`-` and `_`) and
//! [`url_safe_unpadded`] are its `Base64<Standard, Unpadded>`, `Base64<UrlSafe, Padded>` and
//! `Base64<UrlSafe, Unpadded>`. Each has an `option` module for an `Option` of the value,
//! `None` being `null` / `nil`.
//!
//! Writing takes anything that is `AsRef<[u8]>`; reading gives anything that is
//! `TryFrom<Vec<u8>>` (`Vec<u8>`, `Box<[u8]>`, `[u8; N]`, ...). As serde_with, reading accepts
//! the text padded or not, and refuses anything but a string, a character outside the
//! alphabet (with base64's message and offset), and bytes the target cannot hold (`Can't
//! convert a Byte Vector of length 3 to the output type.`).
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "json", feature = "msgpack"))] {
//! #[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
//! struct Key {
//!     #[wire(with = "fastwire::with::base64::standard")]
//!     public: Vec<u8>,
//!     #[wire(with = "fastwire::with::base64::url_safe_unpadded")]
//!     id: [u8; 4],
//! }
//!
//! let key = Key { public: b"\xfb\xff".to_vec(), id: *b"\xfb\xff\x00\x01" };
//! let text = fastwire::json::to_string(&key);
//! assert_eq!(text, r#"{"public":"+/8=","id":"-_8AAQ"}"#);
//! assert_eq!(fastwire::json::from_str::<Key>(&text).unwrap(), key);
//! # }
//! ```

use ::base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use ::base64::engine::DecodePaddingMode;
use ::base64::Engine;

/// What the readers expect, in "invalid type" errors (serde_with's words).
const EXPECTED: &str = "a base64 encoded string";

/// Bytes encoded per piece written: a multiple of 3, so that only the last piece pads.
const PIECE: usize = 3 * 256;

/// Writes the base64 text of `bytes` with `engine`, piece by piece, through `put` (each piece
/// is ASCII).
#[inline]
fn for_each_piece(engine: &GeneralPurpose, bytes: &[u8], mut put: impl FnMut(&[u8])) {
    let mut out = [0u8; PIECE / 3 * 4];
    for piece in bytes.chunks(PIECE) {
        // The room holds the text of any piece: 4 characters per 3 bytes, padded or not.
        let len = engine.encode_slice(piece, &mut out).unwrap_or(0);
        put(&out[..len]);
    }
}

/// Decodes `text` with `engine` into `T`, or gives serde_with's message for the refusal.
#[inline]
fn parse<T: TryFrom<Vec<u8>>>(engine: &GeneralPurpose, text: &str) -> Result<T, String> {
    let bytes = engine.decode(text).map_err(|error| error.to_string())?;
    let length = bytes.len();
    T::try_from(bytes)
        .map_err(|_| format!("Can't convert a Byte Vector of length {length} to the output type."))
}

/// The JSON functions over `engine` (shared by every alphabet's module).
#[cfg(feature = "json")]
mod json_impl {
    use super::GeneralPurpose;
    use crate::json::{Error, Reader, Writer};

    #[inline]
    pub(super) fn encode<W: Writer>(engine: &GeneralPurpose, bytes: &[u8], w: &mut W) {
        w.write_fragment("\"");
        super::for_each_piece(engine, bytes, |piece| {
            // base64 text is ASCII with no quotes or backslashes: valid inside a JSON string
            // as it is, so the writer's guarantee of valid JSON and UTF-8 holds.
            w.reserve(piece.len());
            w.buffer(crate::json::Token).extend_from_slice(piece);
        });
        w.write_fragment("\"");
    }

    #[inline]
    pub(super) fn decode<T: TryFrom<Vec<u8>>>(
        engine: &GeneralPurpose,
        r: &mut Reader<'_>,
    ) -> Result<T, Error> {
        crate::text_value::json_read_text(r, super::EXPECTED, |text| super::parse(engine, text))
    }
}

/// The MessagePack functions over `engine` (shared by every alphabet's module).
#[cfg(feature = "msgpack")]
mod msgpack_impl {
    use super::GeneralPurpose;
    use crate::msgpack::{Error, Reader, Writer};

    #[inline]
    pub(super) fn encode<W: Writer>(engine: &GeneralPurpose, pad: bool, bytes: &[u8], w: &mut W) {
        let len = ::base64::encoded_len(bytes.len(), pad).unwrap_or(usize::MAX);
        match len {
            0..=31 => w.write_raw(&[0xA0 | len as u8]),
            32..=0xFF => w.write_raw(&[0xD9, len as u8]),
            0x100..=0xFFFF => {
                let [a, b] = (len as u16).to_be_bytes();
                w.write_raw(&[0xDA, a, b]);
            }
            _ => match u32::try_from(len) {
                Ok(len) => {
                    let [a, b, c, d] = len.to_be_bytes();
                    w.write_raw(&[0xDB, a, b, c, d]);
                }
                Err(_) => return w.fail("bytes too long for a MessagePack string of base64"),
            },
        }
        super::for_each_piece(engine, bytes, |piece| w.write_raw(piece));
    }

    #[inline]
    pub(super) fn decode<T: TryFrom<Vec<u8>>>(
        engine: &GeneralPurpose,
        r: &mut Reader<'_>,
    ) -> Result<T, Error> {
        crate::text_value::msgpack_read_text(r, super::EXPECTED, |text| super::parse(engine, text))
    }
}

/// The functions of one alphabet and padding in both formats, and their `option` module.
macro_rules! base64_module {
    ($(#[$doc:meta])* $name:ident, $alphabet:expr, $pad:literal) => {
        $(#[$doc])*
        pub mod $name {
            use ::base64::engine::general_purpose::GeneralPurpose;

            /// Writes with this module's padding; reads text padded or not.
            const ENGINE: GeneralPurpose = GeneralPurpose::new(
                &$alphabet,
                super::GeneralPurposeConfig::new()
                    .with_encode_padding($pad)
                    .with_decode_padding_mode(super::DecodePaddingMode::Indifferent),
            );

            /// In JSON: a string.
            #[cfg(feature = "json")]
            pub mod json {
                use crate::json::{Error, Reader, Writer};

                /// Writes the base64 text of the bytes as a JSON string.
                #[inline]
                pub fn encode<T: ?Sized + AsRef<[u8]>, W: Writer>(value: &T, w: &mut W) {
                    super::super::json_impl::encode(&super::ENGINE, value.as_ref(), w);
                }

                /// Reads the bytes from base64 text in a JSON string.
                #[inline]
                pub fn decode<T: TryFrom<Vec<u8>>>(r: &mut Reader<'_>) -> Result<T, Error> {
                    super::super::json_impl::decode(&super::ENGINE, r)
                }
            }

            /// In MessagePack: a `str`.
            #[cfg(feature = "msgpack")]
            pub mod msgpack {
                use crate::msgpack::{Error, Reader, Writer};

                /// Writes the base64 text of the bytes as a MessagePack `str`.
                #[inline]
                pub fn encode<T: ?Sized + AsRef<[u8]>, W: Writer>(value: &T, w: &mut W) {
                    super::super::msgpack_impl::encode(&super::ENGINE, $pad, value.as_ref(), w);
                }

                /// Reads the bytes from base64 text in a MessagePack `str`.
                #[inline]
                pub fn decode<T: TryFrom<Vec<u8>>>(r: &mut Reader<'_>) -> Result<T, Error> {
                    super::super::msgpack_impl::decode(&super::ENGINE, r)
                }
            }

            /// An `Option` of the bytes: `Some` as the text, `None` as `null` (`nil`).
            pub mod option {
                /// In JSON.
                #[cfg(feature = "json")]
                pub mod json {
                    use crate::json::{Error, Reader, Writer};

                    /// Writes `Some` as the text, `None` as `null`.
                    #[inline]
                    pub fn encode<T: AsRef<[u8]>, W: Writer>(value: &Option<T>, w: &mut W) {
                        match value {
                            Some(value) => super::super::json::encode(value, w),
                            None => w.write_null(),
                        }
                    }

                    /// Reads `null` as `None`, the text as `Some`.
                    #[inline]
                    pub fn decode<T: TryFrom<Vec<u8>>>(
                        r: &mut Reader<'_>,
                    ) -> Result<Option<T>, Error> {
                        if r.try_null()? {
                            return Ok(None);
                        }
                        super::super::json::decode(r).map(Some)
                    }
                }

                /// In MessagePack.
                #[cfg(feature = "msgpack")]
                pub mod msgpack {
                    use crate::msgpack::{Error, Reader, Writer};

                    /// Writes `Some` as the text, `None` as `nil`.
                    #[inline]
                    pub fn encode<T: AsRef<[u8]>, W: Writer>(value: &Option<T>, w: &mut W) {
                        match value {
                            Some(value) => super::super::msgpack::encode(value, w),
                            None => w.write_nil(),
                        }
                    }

                    /// Reads `nil` as `None`, the text as `Some`.
                    #[inline]
                    pub fn decode<T: TryFrom<Vec<u8>>>(
                        r: &mut Reader<'_>,
                    ) -> Result<Option<T>, Error> {
                        if r.try_nil()? {
                            return Ok(None);
                        }
                        super::super::msgpack::decode(r).map(Some)
                    }
                }
            }
        }
    };
}

base64_module!(
    /// RFC 4648's standard alphabet (`+`, `/`), padded: serde_with's `Base64`.
    standard, ::base64::alphabet::STANDARD, true
);
base64_module!(
    /// The standard alphabet without padding: serde_with's `Base64<Standard, Unpadded>`.
    standard_unpadded, ::base64::alphabet::STANDARD, false
);
base64_module!(
    /// The URL-safe alphabet (`-`, `_`), padded: serde_with's `Base64<UrlSafe, Padded>`.
    url_safe, ::base64::alphabet::URL_SAFE, true
);
base64_module!(
    /// The URL-safe alphabet without padding: serde_with's `Base64<UrlSafe, Unpadded>`.
    url_safe_unpadded, ::base64::alphabet::URL_SAFE, false
);
