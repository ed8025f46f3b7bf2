//! What the flattened-value readers of every format share: the `DecodeFlat` impls of the
//! maps, `Option`, `Box` and `()`, and how a flattened map reads the members left after the
//! pass (`finish_rest_into`), and how a struct is read from collected members through the
//! readers of its fields (`FlatEntries::decode_fields`), written once over each format's
//! `FlatEntries`, `DecodeFlat`, `DecodeFlatFields`, `Decode`, `Reader` and `Error` (the names the
//! macro's impls use, in scope where it is invoked), the format's own `map_entries` (which
//! reads each key as the format's keys are read) and `offered_key` (a collected key as
//! `DecodeFlatFields::offer` takes it). `$key` is the bound a map's key type needs.

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

        impl<'de> FlatEntries<'de, '_> {
            /// Reads a struct from the members not taken, offering each in turn to its
            /// fields' readers ([`DecodeFlatFields::offer`], which the derive writes for the
            /// pass over an enclosing object), and taking those a field reads: the
            /// `DecodeFlat` of a derived struct without flattened fields of its own, so that
            /// each field's reader is written once per struct rather than once per way of
            /// reading it.
            #[doc(hidden)]
            #[inline]
            pub fn decode_fields<T: DecodeFlatFields<'de>>(&mut self) -> Result<T, Error> {
                let mut slots = T::slots();
                for index in 0..self.len() {
                    if self.is_taken(index) {
                        continue;
                    }
                    let key = self.key(index);
                    let took =
                        self.offer_value(index, |r| T::offer(&mut slots, offered_key(&key), r));
                    // A field that fails on its member has taken it, as in serde (it stays
                    // taken when an `Option` around the struct makes the failure a `None`).
                    if !matches!(took, Ok(false)) {
                        self.take(index);
                    }
                    took?;
                }
                T::finish(slots, self)
            }

            /// Offers the value of member `index` to `offer`, which either reads it and
            /// returns `true`, or reads nothing and returns `false`.
            #[inline]
            fn offer_value(
                &self,
                index: usize,
                offer: impl FnOnce(&mut Reader<'de>) -> Result<bool, Error>,
            ) -> Result<bool, Error> {
                let value = self.entries[index].value;
                self.reader
                    .reread_part(value, |r| offer(r).map(|took| (took, took)))
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
