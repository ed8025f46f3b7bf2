//! The iterators over a [`Map`](super::Map)'s members, keys and values.

use std::fmt::{self, Debug};
use std::iter::FusedIterator;
use std::slice;
use std::vec;

#[cfg(doc)]
use super::Map;
use super::Value;

/// Defines an iterator over a map's entries that maps each slice item with `$map`.
macro_rules! map_iterator {
    ($(#[$doc:meta])* $name:ident<$lt:lifetime>, $inner:ty, $item:ty, $map:expr, $($clone:ident)?) => {
        $(#[$doc])*
        $(#[derive($clone)])?
        pub struct $name<$lt> {
            pub(super) inner: $inner,
        }

        impl<$lt> Iterator for $name<$lt> {
            type Item = $item;

            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.inner.next().map($map)
            }

            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.inner.size_hint()
            }
        }

        impl<$lt> DoubleEndedIterator for $name<$lt> {
            #[inline]
            fn next_back(&mut self) -> Option<$item> {
                self.inner.next_back().map($map)
            }
        }

        impl<$lt> ExactSizeIterator for $name<$lt> {}

        impl<$lt> FusedIterator for $name<$lt> {}

        impl<$lt> Debug for $name<$lt> {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.debug_struct(stringify!($name)).finish_non_exhaustive()
            }
        }
    };
}

map_iterator!(
    /// The entries of a [`Map`], in order: see [`Map::iter`].
    Iter<'a>,
    slice::Iter<'a, (String, Value)>,
    (&'a String, &'a Value),
    |(key, value)| (key, value),
    Clone
);

map_iterator!(
    /// The entries of a [`Map`], in order, with mutable values: see [`Map::iter_mut`].
    IterMut<'a>,
    slice::IterMut<'a, (String, Value)>,
    (&'a String, &'a mut Value),
    |(key, value)| (&*key, value),
);

map_iterator!(
    /// The keys of a [`Map`], in order: see [`Map::keys`].
    Keys<'a>,
    slice::Iter<'a, (String, Value)>,
    &'a String,
    |(key, _)| key,
    Clone
);

map_iterator!(
    /// The values of a [`Map`], in order: see [`Map::values`].
    Values<'a>,
    slice::Iter<'a, (String, Value)>,
    &'a Value,
    |(_, value)| value,
    Clone
);

map_iterator!(
    /// The values of a [`Map`], in order, mutably: see [`Map::values_mut`].
    ValuesMut<'a>,
    slice::IterMut<'a, (String, Value)>,
    &'a mut Value,
    |(_, value)| value,
);

/// The entries of a [`Map`], by value, in order: see `Map::into_iter`.
#[derive(Debug)]
pub struct IntoIter {
    pub(super) inner: vec::IntoIter<(String, Value)>,
}

impl Iterator for IntoIter {
    type Item = (String, Value);

    #[inline]
    fn next(&mut self) -> Option<(String, Value)> {
        self.inner.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<(String, Value)> {
        self.inner.next_back()
    }
}

impl ExactSizeIterator for IntoIter {}

impl FusedIterator for IntoIter {}

/// The values of a [`Map`](super::Map), by value, in order: [`Map::into_values`](super::Map::into_values).
#[derive(Debug)]
pub struct IntoValues {
    pub(super) inner: vec::IntoIter<(String, Value)>,
}

impl Iterator for IntoValues {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        self.inner.next().map(|(_, value)| value)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for IntoValues {
    #[inline]
    fn next_back(&mut self) -> Option<Value> {
        self.inner.next_back().map(|(_, value)| value)
    }
}

impl ExactSizeIterator for IntoValues {}

impl FusedIterator for IntoValues {}
