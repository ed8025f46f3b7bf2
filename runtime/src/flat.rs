//! What the flattened-value readers of every format share: the `DecodeFlat` impls of the
//! maps, `Option`, `Box` and `()`, and how a flattened map reads the members left after the
//! pass (`finish_rest_into`), written once over each format's `FlatEntries`,
//! `DecodeFlat`, `Decode` and `Error` (the names the macro's impls use, in scope where it is
//! invoked) and the format's own `map_entries` (which reads each key as the format's keys are
//! read). `$key` is the bound a map's key type needs.

/// The impls; see the module docs.
macro_rules! decode_flat_impls {
    ($($key:tt)+) => {
        impl<'de, K: $($key)+ + Ord, V: Decode<'de>> DecodeFlat<'de> for std::collections::BTreeMap<K, V> {
            fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                let mut map = std::collections::BTreeMap::new();
                map_entries(entries, |k, v| {
                    map.insert(k, v);
                })?;
                Ok(map)
            }
        }

        impl<'de, K, V, S> DecodeFlat<'de> for std::collections::HashMap<K, V, S>
        where
            K: $($key)+ + Eq + std::hash::Hash,
            V: Decode<'de>,
            S: std::hash::BuildHasher + Default,
        {
            fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                let mut map = std::collections::HashMap::with_hasher(S::default());
                map_entries(entries, |k, v| {
                    map.insert(k, v);
                })?;
                Ok(map)
            }
        }

        /// `None` when `T` cannot be read from what is left (serde's rule for a flattened
        /// `Option`). As in serde, the members `T` took before it failed stay taken: a
        /// flattened map or `Value` after it does not see them.
        impl<'de, T: DecodeFlat<'de>> DecodeFlat<'de> for Option<T> {
            fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                Ok(T::decode_flat(entries).ok())
            }
        }

        impl<'de, T: DecodeFlat<'de>> DecodeFlat<'de> for Box<T> {
            fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                T::decode_flat(entries).map(Box::new)
            }
        }

        /// Takes nothing.
        impl<'de> DecodeFlat<'de> for () {
            fn decode_flat(_: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                Ok(())
            }
        }

        /// A flattened map's `DecodeFlatRest::finish_rest`: the members collected (those it
        /// could not read in the pass) read into the map as `DecodeFlat` reads them.
        #[inline]
        fn finish_rest_into<'de, K: $($key)+, V: Decode<'de>, M: Extend<(K, V)>>(
            map: M,
            entries: &FlatEntries<'de, '_>,
        ) -> Result<M, Error> {
            // Most often the pass read every member it was offered, and nothing is left.
            if entries.is_empty() {
                return Ok(map);
            }
            finish_rest_from(map, entries)
        }

        /// `finish_rest_into` with members left, out of line.
        #[inline(never)]
        fn finish_rest_from<'de, K: $($key)+, V: Decode<'de>, M: Extend<(K, V)>>(
            mut map: M,
            entries: &FlatEntries<'de, '_>,
        ) -> Result<M, Error> {
            map_entries(entries, |k, v| map.extend(Some((k, v))))?;
            Ok(map)
        }
    };
}

pub(crate) use decode_flat_impls;
