//! Filesystem paths and OS strings, written and read as rmp-serde does through serde's impls:
//! a path as its text (an encoding failure when it is not UTF-8), an OS string as the enum
//! `{"Unix": [bytes]}` or `{"Windows": [UTF-16 units]}`, depending on the platform.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use super::reader::{EnumForm, Key, Reader};
use super::{Decode, Encode, Error, Writer};
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
        self.as_os_str().len() + 5
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

/// What serde's visitor for paths says it expected.
const PATH_STRING: &str = "path string";

/// A string, or a `bin` holding UTF-8 (serde's path visitor takes both).
impl<'de> Decode<'de> for PathBuf {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        match r.peek()? {
            0xa0..=0xbf | 0xd9..=0xdb => r.decode_str().map(PathBuf::from),
            0xc4..=0xc6 => match std::str::from_utf8(r.decode_bytes()?) {
                Ok(text) => Ok(PathBuf::from(text)),
                Err(_) => Err(r.invalid_value("byte array".to_owned(), PATH_STRING, at)),
            },
            _ => Err(r.invalid_type(PATH_STRING)),
        }
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

/// A string, or a `bin` holding UTF-8, borrowed from the input (serde's visitor for a
/// borrowed path takes both).
impl<'de: 'a, 'a> Decode<'de> for &'a Path {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        match r.peek()? {
            0xa0..=0xbf | 0xd9..=0xdb => r.decode_str().map(Path::new),
            0xc4..=0xc6 => match std::str::from_utf8(r.decode_bytes()?) {
                Ok(text) => Ok(Path::new(text)),
                Err(_) => Err(r.invalid_value("byte array".to_owned(), "a borrowed path", at)),
            },
            _ => Err(r.invalid_type("a borrowed path")),
        }
    }
}

/// `{"Unix": [bytes]}` on Unix, `{"Windows": [UTF-16 units]}` on Windows: serde's newtype
/// variant of an enum `OsString`, as rmp-serde writes it (a map of one entry, the variant by
/// name; the units an array of integers). serde implements this on those two only.
#[cfg(any(unix, windows))]
impl Encode for OsStr {
    fn encode<W: Writer>(&self, w: &mut W) {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            w.write_raw(b"\x81\xa4Unix");
            self.as_bytes().encode(w);
        }
        #[cfg(windows)]
        {
            use std::os::windows::ffi::OsStrExt;
            w.write_raw(b"\x81\xa7Windows");
            self.encode_wide().collect::<Vec<u16>>().encode(w);
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        16 + 2 * self.len()
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

/// The enum [`Encode`] writes (variants by name or by index, as rmp-serde reads them), for
/// this platform's variant; the other platform's is an error with serde's message.
#[cfg(any(unix, windows))]
impl<'de> Decode<'de> for OsString {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let at = r.offset();
        let (key, content) = match r.begin_enum("os string")? {
            EnumForm::Unit(key) => (key, false),
            EnumForm::Content(key) => (key, true),
        };
        let unix = match key {
            Key::Name(b"Unix") | Key::Index(0) => true,
            Key::Name(b"Windows") | Key::Index(1) => false,
            _ => return Err(r.unknown_variant_key(key, OS_STRING_VARIANTS)),
        };
        if !content {
            return Err(r.custom_at("invalid type: unit variant, expected newtype variant", at));
        }
        let value = os_string_content(r, unix)?;
        r.end_container();
        Ok(value)
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
