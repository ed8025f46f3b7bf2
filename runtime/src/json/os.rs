//! Filesystem paths and OS strings, written and read as serde does: a path as its text (an
//! encoding failure when it is not UTF-8), an OS string as the enum `{"Unix": [bytes]}` or
//! `{"Windows": [UTF-16 units]}`, depending on the platform.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use super::reader::{Reader, Str};
use super::{Decode, DecodeKey, Encode, EncodeKey, Error, Writer};
use crate::encode_error::PATH_NOT_UTF8;

/// The path's text as a string; a path that is not UTF-8 fails (see [`Writer::fail`]), as
/// serde refuses it.
impl Encode for Path {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.to_str() {
            Some(text) => w.write_str(text),
            None => w.fail(PATH_NOT_UTF8),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.as_os_str().len() + 2
    }
}

impl EncodeKey for Path {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        self.encode(w);
    }
}

impl Encode for PathBuf {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.as_path().encode(w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.as_path().size_hint()
    }
}

impl EncodeKey for PathBuf {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) {
        self.as_path().encode(w);
    }
}

/// What serde's visitor for paths says it expected.
const PATH_STRING: &str = "path string";

/// A string (serde's path visitor takes strings only from JSON).
impl<'de> Decode<'de> for PathBuf {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if r.peek()? != b'"' {
            return Err(r.invalid_type(PATH_STRING));
        }
        Ok(PathBuf::from(&*r.decode_str()?))
    }
}

impl<'de> DecodeKey<'de> for PathBuf {
    #[inline]
    fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
        Ok(PathBuf::from(&*key))
    }
}

/// Boxed, shared and copy-on-write paths, read as a [`PathBuf`] (a `Cow` always owned, as
/// serde reads one).
macro_rules! decode_owned_path {
    ($($ty:ty => $make:expr;)*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                PathBuf::decode(r).map($make)
            }
        }
    )*};
}

decode_owned_path! {
    Box<Path> => PathBuf::into_boxed_path;
    Rc<Path> => Rc::from;
    Arc<Path> => Arc::from;
    Cow<'_, Path> => Cow::Owned;
}

/// A string without escapes, borrowed from the input (serde's visitor takes borrowed text
/// only).
impl<'de: 'a, 'a> Decode<'de> for &'a Path {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.decode_borrowed_str().map(Path::new)
    }
}

/// `{"Unix": [bytes]}` on Unix, `{"Windows": [UTF-16 units]}` on Windows: serde's newtype
/// variant of an enum `OsString`. (serde implements this on those two only.)
#[cfg(any(unix, windows))]
impl Encode for OsStr {
    fn encode<W: Writer>(&self, w: &mut W) {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            w.field_open("{\"Unix\":");
            self.as_bytes().encode(w);
        }
        #[cfg(windows)]
        {
            use std::os::windows::ffi::OsStrExt;
            w.field_open("{\"Windows\":");
            self.encode_wide().collect::<Vec<u16>>().encode(w);
        }
        w.end_object(true);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        12 + 4 * self.len()
    }
}

#[cfg(any(unix, windows))]
impl Encode for OsString {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        self.as_os_str().encode(w);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        self.as_os_str().size_hint()
    }
}

/// The variants of serde's `OsString` enum.
#[cfg(any(unix, windows))]
const OS_STRING_VARIANTS: &[&str] = &["Unix", "Windows"];

/// The enum [`Encode`] writes, for this platform's variant; the other platform's is an error
/// with serde's message.
#[cfg(any(unix, windows))]
impl<'de> Decode<'de> for OsString {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek()? {
            b'"' => {
                // A variant name alone is a unit variant, which neither variant is.
                let at = r.offset();
                let name = r.decode_str()?;
                if !OS_STRING_VARIANTS.contains(&&*name) {
                    let found = name.to_string();
                    return Err(r.unknown_variant(&found, OS_STRING_VARIANTS));
                }
                Err(r.custom_at("invalid type: unit variant, expected newtype variant", at))
            }
            b'{' => {
                r.begin_object("os string")?;
                let unix = match r.object_key(true)? {
                    Some(name) if &*name == "Unix" => true,
                    Some(name) if &*name == "Windows" => false,
                    Some(name) => {
                        let found = name.to_string();
                        return Err(r.unknown_variant(&found, OS_STRING_VARIANTS));
                    }
                    None => {
                        return Err(r.custom("expected an object with one key, the variant's name"))
                    }
                };
                let value = os_string_content(r, unix)?;
                if r.object_key(false)?.is_some() {
                    return Err(r.custom("expected `}` after the variant's content"));
                }
                Ok(value)
            }
            _ => Err(r.invalid_type("os string")),
        }
    }
}

/// The content of the variant: this platform's units, or serde's error for the other's.
#[cfg(unix)]
fn os_string_content(r: &mut Reader<'_>, unix: bool) -> Result<OsString, Error> {
    use std::os::unix::ffi::OsStringExt;
    if !unix {
        return Err(r.custom("cannot deserialize Windows OS string on Unix"));
    }
    Vec::<u8>::decode(r).map(OsString::from_vec)
}

/// The content of the variant: this platform's units, or serde's error for the other's.
#[cfg(windows)]
fn os_string_content(r: &mut Reader<'_>, unix: bool) -> Result<OsString, Error> {
    use std::os::windows::ffi::OsStringExt;
    if unix {
        return Err(r.custom("cannot deserialize Unix OS string on Windows"));
    }
    Vec::<u16>::decode(r).map(|units| OsString::from_wide(&units))
}

/// Boxed, shared and copy-on-write OS strings, read as an [`OsString`] (a `Cow` always
/// owned, as serde reads one).
#[cfg(any(unix, windows))]
macro_rules! decode_owned_os_str {
    ($($ty:ty => $make:expr;)*) => {$(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                OsString::decode(r).map($make)
            }
        }
    )*};
}

#[cfg(any(unix, windows))]
decode_owned_os_str! {
    Box<OsStr> => OsString::into_boxed_os_str;
    Rc<OsStr> => Rc::from;
    Arc<OsStr> => Arc::from;
    Cow<'_, OsStr> => Cow::Owned;
}
