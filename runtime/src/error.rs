//! What the errors of every format have in common: how generated code adds to the path as an
//! error travels outwards, the category questions, the path itself, and the conversions to
//! `std::error::Error` and `io::Error`. Each format's `Error` is a boxed `inner` with a `code`
//! (whose `category()` is the format's `Category` and which has an `Io` variant) and a `path`.

/// The methods and impls every format's `Error` shares; `$format` names the format in docs.
/// JSON's errors also have a line and a column, which [`error_common`]'s `"JSON"` form adds
/// to.
macro_rules! error_common {
    (@shared $format:literal) => {
        impl Error {
            /// The same error for an input read in pieces: found in a piece that starts `by`
            /// bytes into the whole input, and moved there (I/O errors have no position).
            #[cold]
            #[inline(never)]
            #[allow(dead_code)]
            pub(crate) fn shifted(mut self, by: usize) -> Self {
                if !matches!(self.inner.code, ErrorCode::Io(_)) {
                    self.inner.offset += by;
                }
                self
            }

            /// Adds the struct field the error happened in (used by generated code as the error
            /// travels outwards).
            #[cold]
            #[inline(never)]
            #[doc(hidden)]
            pub fn in_field(mut self, name: &'static str) -> Self {
                self.inner.path.push(crate::path::Segment::Field(name));
                self
            }

            /// Adds the map key the error happened under, by its text (a string key as it is,
            /// other keys in a readable form).
            #[cold]
            #[inline(never)]
            #[doc(hidden)]
            pub fn in_key(mut self, key: &str) -> Self {
                self.inner.path.push(crate::path::Segment::Key(key.into()));
                self
            }

            /// Adds the array index the error happened at.
            #[cold]
            #[inline(never)]
            #[doc(hidden)]
            pub fn in_index(mut self, index: usize) -> Self {
                self.inner.path.push(crate::path::Segment::Index(index));
                self
            }

            /// The broad kind of error.
            pub fn category(&self) -> Category {
                self.inner.code.category()
            }

            #[doc = concat!("Whether the input is not valid ", $format, ".")]
            pub fn is_syntax(&self) -> bool {
                self.category() == Category::Syntax
            }

            #[doc = concat!("Whether the input is valid ", $format, " that does not fit the target type.")]
            pub fn is_data(&self) -> bool {
                self.category() == Category::Data
            }

            /// Whether the input ended too early.
            pub fn is_eof(&self) -> bool {
                self.category() == Category::Eof
            }

            /// Whether reading the input failed.
            pub fn is_io(&self) -> bool {
                self.category() == Category::Io
            }

            /// The path from the document root to the failing value, such as
            /// `users[1024].regDate`; empty when the error is at the root.
            pub fn path(&self) -> String {
                self.inner.path.to_string()
            }
        }

        impl std::error::Error for Error {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                match &self.inner.code {
                    ErrorCode::Io(err) => Some(err),
                    _ => None,
                }
            }
        }

        impl From<Error> for std::io::Error {
            fn from(err: Error) -> std::io::Error {
                use std::io::{Error as IoError, ErrorKind};
                match err.category() {
                    Category::Io => match err.inner.code {
                        ErrorCode::Io(inner) => inner,
                        other => IoError::other(other.to_string()),
                    },
                    Category::Eof => IoError::new(ErrorKind::UnexpectedEof, err),
                    Category::Syntax | Category::Data => IoError::new(ErrorKind::InvalidData, err),
                }
            }
        }
    };
    ("JSON") => {
        crate::error::error_common!(@shared "JSON");

        impl Error {
            /// The same error for an input read in pieces: found in `window`, a piece that
            /// starts `offset` bytes into the whole input, after `newlines` line breaks and
            /// `column` characters into its line. The position is counted in `window` (as
            /// [`Error::locate`] counts it) and moved into the whole input.
            #[cold]
            #[inline(never)]
            pub(crate) fn locate_in_window(
                self,
                window: &[u8],
                offset: usize,
                newlines: usize,
                column: usize,
            ) -> Self {
                let mut err = self.locate(window);
                if err.inner.line > 0 {
                    if err.inner.line == 1 {
                        err.inner.column += column;
                    }
                    err.inner.line += newlines;
                }
                err.shifted(offset)
            }
        }
    };
    ($format:literal) => {
        crate::error::error_common!(@shared $format);
    };
}

pub(crate) use error_common;
