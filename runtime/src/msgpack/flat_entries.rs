//! Maps read entry by entry for `#[serde(flatten)]` and for enums whose tag is inside the map
//! (internally and adjacently tagged): the entries are first collected as [`FlatEntries`]
//! (each key and value as the bytes they span, borrowed from the input, nothing decoded), then
//! each part of the value takes the entries it knows ([`DecodeFlat`]).
//!
//! rmp-serde goes through serde, which buffers such maps into a tree of its own values;
//! collecting slices of the input costs one scan of the map and one `Vec` of entries, and
//! each value is then read once, straight from the input, by its own type.

use super::{Decode, Error, Key, Reader};

/// The entries of a map, collected for the parts of a value that each take some of them:
/// its own fields, then each flattened field in declaration order (see [`DecodeFlat`]).
///
/// An entry is *taken* once a struct's field or an enum's tag has used it; maps see every
/// entry not taken (serde's rule for flattened maps).
pub struct FlatEntries<'de, 'r> {
    reader: &'r Reader<'de>,
    entries: Vec<Entry<'de>>,
}

struct Entry<'de> {
    /// The key's bytes.
    key: &'de [u8],
    /// The key's offset in the input.
    key_at: usize,
    /// The key as a field or variant identifier, if it is one (a name or an index).
    ident: Option<Key<'de>>,
    /// The value's bytes.
    value: &'de [u8],
    taken: bool,
}

impl<'de, 'r> FlatEntries<'de, 'r> {
    /// Reads the map at `r` (described by `expected` in an "invalid type" error), keeping each
    /// entry's key and value as the bytes they span; every key and value is checked as
    /// [`Reader::skip_value`] checks it.
    pub fn collect(r: &'r mut Reader<'de>, expected: &'static str) -> Result<Self, Error> {
        Self::collect_with(r, expected, |_, _| Ok(false))
    }

    /// [`FlatEntries::collect`], offering each entry to `own` first: `own` gets the key as an
    /// identifier (`None` for a key of another type) and the reader at the entry's value, and
    /// either reads the value and returns `true` (the entry is then not kept), or reads
    /// nothing and returns `false` (the entry is kept). This is how a derived struct with
    /// flattened fields reads its own fields in place, in the one pass over the map.
    ///
    /// ```
    /// use fastwire::msgpack::{self, Decode, DecodeFlat, Error, FlatEntries, Key, Reader};
    /// use std::collections::BTreeMap;
    ///
    /// /// An id, and every other entry kept as it is.
    /// #[derive(Debug, PartialEq)]
    /// struct Tagged {
    ///     id: u32,
    ///     rest: BTreeMap<String, String>,
    /// }
    ///
    /// impl<'de> Decode<'de> for Tagged {
    ///     fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
    ///         let mut id = None;
    ///         let mut entries = FlatEntries::collect_with(r, "a tagged value", |key, r| {
    ///             if key != Some(Key::Name(b"id")) {
    ///                 return Ok(false);
    ///             }
    ///             id = Some(u32::decode(r)?);
    ///             Ok(true)
    ///         })?;
    ///         let rest = BTreeMap::decode_flat(&mut entries)?;
    ///         let id = id.ok_or_else(|| entries.reader().missing_field("id"))?;
    ///         Ok(Tagged { id, rest })
    ///     }
    /// }
    ///
    /// // {"a": "x", "id": 7}
    /// let value: Tagged = msgpack::from_slice(b"\x82\xa1a\xa1x\xa2id\x07").unwrap();
    /// assert_eq!(value.id, 7);
    /// assert_eq!(value.rest.len(), 1);
    /// ```
    #[inline]
    pub fn collect_with(
        r: &'r mut Reader<'de>,
        expected: &'static str,
        own: impl FnMut(Option<Key<'de>>, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        let len = r.begin_map(expected)?;
        Self::collect_entries(r, len, own)
    }

    /// The `len` entries after one already read (an internal tag that came first, read with
    /// [`Reader::map_starts_with`]), collected as [`FlatEntries::collect`] collects them, and
    /// the map closed.
    pub fn collect_rest(r: &'r mut Reader<'de>, len: usize) -> Result<Self, Error> {
        Self::collect_entries(r, len, |_, _| Ok(false))
    }

    /// [`FlatEntries::collect_rest`], offering each entry to `own` first, as
    /// [`FlatEntries::collect_with`] does: how an internally tagged newtype variant whose tag
    /// came first reads its content's fields in place.
    #[doc(hidden)]
    #[inline]
    pub fn collect_rest_with(
        r: &'r mut Reader<'de>,
        len: usize,
        own: impl FnMut(Option<Key<'de>>, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        Self::collect_entries(r, len, own)
    }

    /// The next `len` entries of an open map, and the map closed.
    #[inline]
    fn collect_entries(
        r: &'r mut Reader<'de>,
        len: usize,
        mut own: impl FnMut(Option<Key<'de>>, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        // Nothing is allocated until an entry is kept (often none is: every member taken by a
        // field). `len` is what the input claims: the first allocation is sized by the
        // entries left, but only up to what the bytes left could hold (two bytes an entry at
        // least) and a small bound, so a short input cannot make a large one.
        let mut entries = Vec::new();
        for index in 0..len {
            let key_at = r.offset();
            let (key, ident) = r.flat_key()?;
            if own(ident, r)? {
                continue;
            }
            let value = r.raw_value()?;
            if entries.capacity() == 0 {
                entries.reserve((len - index).min(r.remaining() / 2 + 1).min(16));
            }
            entries.push(Entry {
                key,
                key_at,
                ident,
                value,
                taken: false,
            });
        }
        r.end_container();
        Ok(FlatEntries { reader: r, entries })
    }

    /// The reader the map was read from, positioned after it (for errors about the whole
    /// map, such as a missing field).
    #[inline]
    pub fn reader(&self) -> &Reader<'de> {
        self.reader
    }

    /// How many entries the map has, taken or not.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no entries.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether entry `index` has been taken.
    #[inline]
    pub fn is_taken(&self, index: usize) -> bool {
        self.entries[index].taken
    }

    /// Marks entry `index` as taken: no later part of the value sees it.
    #[inline]
    pub fn take(&mut self, index: usize) {
        self.entries[index].taken = true;
    }

    /// How many entries are not taken.
    pub fn remaining(&self) -> usize {
        self.entries.iter().filter(|e| !e.taken).count()
    }

    /// The key of entry `index` as a field or variant identifier (a `str` or `bin` name, or a
    /// non-negative integer index), or `None` for a key of another type.
    #[inline]
    pub fn key(&self, index: usize) -> Option<Key<'de>> {
        self.entries[index].ident
    }

    /// The first entry not taken whose key is the name `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| !e.taken && e.ident == Some(Key::Name(name.as_bytes())))
    }

    /// Reads the key of entry `index` with `read`, from its bytes in the input.
    #[inline]
    pub fn decode_key<T>(
        &self,
        index: usize,
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.reader.reread_with(self.entries[index].key, read)
    }

    /// Reads the value of entry `index` with `read`, from its bytes in the input (errors
    /// point into the whole input).
    #[inline]
    pub fn decode_value<T>(
        &self,
        index: usize,
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.reader.reread_with(self.entries[index].value, read)
    }

    /// The entries not taken, as the bytes of one map (a map header, then each key and value
    /// as they stand in the input): what a serde impl reading a flattened value through the
    /// bridge is given.
    pub fn remaining_map(&self) -> Vec<u8> {
        let remaining = self.entries.iter().filter(|e| !e.taken);
        let len: usize = remaining.clone().map(|e| e.key.len() + e.value.len()).sum();
        let mut bytes = Vec::with_capacity(5 + len);
        let count = remaining.clone().count();
        match count {
            0..=15 => bytes.push(0x80 | count as u8),
            16..=0xFFFF => {
                bytes.push(0xDE);
                bytes.extend_from_slice(&(count as u16).to_be_bytes());
            }
            _ => {
                bytes.push(0xDF);
                // A map read from an input has at most `u32::MAX` entries.
                bytes.extend_from_slice(&(count as u32).to_be_bytes());
            }
        }
        for entry in remaining {
            bytes.extend_from_slice(entry.key);
            bytes.extend_from_slice(entry.value);
        }
        bytes
    }

    /// Where the first member not taken starts (its key), or the end of the object when all
    /// are taken: where an error about the members left is reported.
    #[cfg(feature = "serde")]
    pub(crate) fn remaining_at(&self) -> usize {
        self.entries
            .iter()
            .find(|e| !e.taken)
            .map_or_else(|| self.reader.offset(), |e| e.key_at)
    }

    /// Which entries are taken, to put back with [`FlatEntries::restore`] when a part that
    /// took some fails and another is tried instead (an untagged enum).
    pub fn marks(&self) -> Vec<bool> {
        self.entries.iter().map(|e| e.taken).collect()
    }

    /// Puts back the marks [`FlatEntries::marks`] returned.
    pub fn restore(&mut self, marks: &[bool]) {
        for (entry, &taken) in self.entries.iter_mut().zip(marks) {
            entry.taken = taken;
        }
    }

    /// The error for the first entry not taken, at its key ("unknown field" for a name):
    /// what `deny_unknown_fields` makes of entries no part of the value took. `expected`
    /// lists the fields the message names.
    pub fn refuse_remaining(&self, expected: &'static [&'static str]) -> Result<(), Error> {
        let Some(entry) = self.entries.iter().find(|e| !e.taken) else {
            return Ok(());
        };
        Err(self.reader.reread_with(entry.key, |r| {
            let at = r.offset();
            Err(match entry.ident {
                Some(key) => r.unknown_key(key, expected),
                None => r.custom_at("unknown field", at),
            })
        })?)
    }

    /// The text of entry `index`'s key, for an error's path.
    #[cold]
    pub fn key_text(&self, index: usize) -> String {
        self.reader.key_text_at(self.entries[index].key_at)
    }
}

/// A type that can be read from the entries of a map shared with other parts of a value:
/// what `#[serde(flatten)]` and the content of an internally tagged newtype variant need.
///
/// Derived structs with named fields take the entries named by their fields; derived enums
/// whose every variant has a map form find their variant among the entries; maps take every
/// entry not taken by another part (they do not take them, as in serde); `Option` is `None`
/// when its content cannot be read.
///
/// ```
/// use std::collections::BTreeMap;
/// use fastwire::msgpack;
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Page {
///     number: u32,
///     #[serde(flatten)]
///     rest: BTreeMap<String, bool>,
/// }
///
/// // {"draft": true, "number": 3}
/// let page: Page = msgpack::from_slice(b"\x82\xa5draft\xc3\xa6number\x03").unwrap();
/// assert_eq!(page, Page { number: 3, rest: BTreeMap::from([("draft".to_owned(), true)]) });
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a flattened MessagePack map",
    label = "only structs with named fields, maps and enums whose variants are maps can be flattened",
    note = "serde can only flatten structs and maps; a derived struct or enum implements `DecodeFlat` for MessagePack"
)]
pub trait DecodeFlat<'de>: Decode<'de> {
    /// Reads `Self` from `entries`, taking the entries it uses.
    fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error>;
}

/// A struct whose fields can be read one member at a time, as the members of an enclosing
/// object come: what lets a flattened struct field be read in the enclosing object's one pass
/// (each member the enclosing struct does not name is offered to it), rather than from the
/// members collected after it. Derived for structs with named fields; other flattened types
/// are read through [`DecodeFlat`] once the object is read.
///
/// A flattened field is offered members only where that keeps serde's meaning: when no
/// flattened field before it sees "every member left" ([`DecodeFlatFields::SEES_REST`]), since
/// such a field must still see the members a later one takes.
pub trait DecodeFlatFields<'de>: DecodeFlat<'de> {
    /// The fields read so far.
    type Slots;

    /// Whether a part of `Self` reads every member no other part took (a flattened map,
    /// enum or `Value` inside it).
    const SEES_REST: bool;

    /// No field read yet.
    fn slots() -> Self::Slots;

    /// Offers a member: `key` is the key as an identifier (`None` for a key of another
    /// type), `r` is at the member's value. Reads the value into `slots` and returns `true`
    /// when one of the fields takes it; returns `false`, having read nothing, otherwise.
    fn offer(
        slots: &mut Self::Slots,
        key: Option<Key<'de>>,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error>;

    /// Completes `Self` from `slots` and the members left (for its own flattened fields): a
    /// field never offered its member takes its default, or is a "missing field" error.
    fn finish(slots: Self::Slots, entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error>;
}

/// A flattened map read in the enclosing map's one pass: what
/// [`json::DecodeFlatRest`](crate::json::DecodeFlatRest) is for JSON. A key other than a
/// `fixstr`, or a key or value the map cannot read, is left (the reader put back at the value)
/// and collected, then read from the collected entries as [`DecodeFlat`] reads it.
#[doc(hidden)]
pub trait DecodeFlatRest<'de>: DecodeFlat<'de> {
    /// The map read so far.
    type RestSlots;

    /// Nothing read yet.
    fn rest_slots() -> Self::RestSlots;

    /// Offers an entry nothing else took (`key` as [`FlatEntries::collect_with`] gives it):
    /// reads it into `slots` and returns `true`, or returns `false` with the reader where it
    /// was.
    fn offer_rest(
        slots: &mut Self::RestSlots,
        key: Option<Key<'de>>,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error>;

    /// The map: what was read in the pass, and the entries collected.
    fn finish_rest(
        slots: Self::RestSlots,
        entries: &mut FlatEntries<'de, '_>,
    ) -> Result<Self, Error>;
}

/// Reads one entry offered to a flattened map in the pass ([`DecodeFlatRest`]), or `None`
/// with the reader put back.
#[inline]
fn rest_entry<'de, K: Decode<'de>, V: Decode<'de>>(
    key: Option<Key<'de>>,
    r: &mut Reader<'de>,
) -> Option<(K, V)> {
    let Some(Key::Name(name)) = key else {
        return None;
    };
    let raw = r.fixstr_key_before(name)?;
    let mark = r.mark()?;
    let key = r.reread_with(raw, K::decode).ok()?;
    match V::decode(r) {
        Ok(value) => Some((key, value)),
        Err(_) => {
            r.rewind(mark);
            None
        }
    }
}

/// Puts the entry [`rest_entry`] read, if it read one, into the map; whether it did.
#[inline]
fn offer_into<K, V>(map: &mut impl Extend<(K, V)>, entry: Option<(K, V)>) -> bool {
    let read = entry.is_some();
    map.extend(entry);
    read
}

impl<'de, K: Decode<'de> + Ord, V: Decode<'de>> DecodeFlatRest<'de>
    for std::collections::BTreeMap<K, V>
{
    type RestSlots = Self;

    #[inline]
    fn rest_slots() -> Self {
        Self::new()
    }

    #[inline]
    fn offer_rest(
        map: &mut Self,
        key: Option<Key<'de>>,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Ok(offer_into(map, rest_entry(key, r)))
    }

    #[inline]
    fn finish_rest(map: Self, entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
        finish_rest_into(map, entries)
    }
}

impl<'de, K, V, S> DecodeFlatRest<'de> for std::collections::HashMap<K, V, S>
where
    K: Decode<'de> + Eq + std::hash::Hash,
    V: Decode<'de>,
    S: std::hash::BuildHasher + Default,
{
    type RestSlots = Self;

    #[inline]
    fn rest_slots() -> Self {
        Self::with_hasher(S::default())
    }

    #[inline]
    fn offer_rest(
        map: &mut Self,
        key: Option<Key<'de>>,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Ok(offer_into(map, rest_entry(key, r)))
    }

    #[inline]
    fn finish_rest(map: Self, entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
        finish_rest_into(map, entries)
    }
}

/// Each entry not taken, key and value through their `Decode` impls.
fn map_entries<'de, K: Decode<'de>, V: Decode<'de>>(
    entries: &FlatEntries<'de, '_>,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error> {
    for index in 0..entries.len() {
        if entries.is_taken(index) {
            continue;
        }
        let key = entries.decode_key(index, K::decode)?;
        let value = entries
            .decode_value(index, V::decode)
            .map_err(|e| e.in_key(&entries.key_text(index)))?;
        insert(key, value);
    }
    Ok(())
}

/// A collected key as [`DecodeFlatFields::offer`] takes it.
#[inline]
fn offered_key<'de>(key: &Option<Key<'de>>) -> Option<Key<'de>> {
    *key
}

crate::flat::decode_flat_impls!(Decode<'de>);

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// Collects the map, lets a `u8` field `a` take its entry, then reads the rest as a map.
    fn split(input: &[u8]) -> Result<(Option<u8>, BTreeMap<String, i64>), Error> {
        let mut r = Reader::new(input, 128);
        let mut entries = FlatEntries::collect(&mut r, "a map")?;
        let a = match entries.find("a") {
            Some(index) => {
                entries.take(index);
                Some(entries.decode_value(index, u8::decode)?)
            }
            None => None,
        };
        let rest = BTreeMap::decode_flat(&mut entries)?;
        Ok((a, rest))
    }

    #[test]
    fn entries_taken_are_not_seen_again() {
        // {"b": 2, "a": 1, "c": -3}
        let (a, rest) = split(b"\x83\xa1b\x02\xa1a\x01\xa1c\xfd").unwrap();
        assert_eq!(a, Some(1));
        assert_eq!(
            rest,
            BTreeMap::from([("b".to_owned(), 2), ("c".to_owned(), -3)])
        );
    }

    #[test]
    fn errors_point_into_the_input() {
        // {"b": 2, "a": 300}
        let err = split(b"\x82\xa1b\x02\xa1a\xcd\x01\x2c").unwrap_err();
        assert_eq!(err.offset(), 6);
        // {"b": "x"}
        let err = split(b"\x81\xa1b\xa1x").unwrap_err();
        assert_eq!(err.offset(), 3);
        assert!(err.to_string().contains("[\"b\"]"), "{err}");
        // A length beyond the input, and not a map.
        assert!(split(b"\x82\xa1b\x02").is_err());
        assert!(split(b"\x91\x01").is_err());
    }

    #[test]
    fn remaining_entries_are_refused_on_request() {
        // {"x": 1, 7: 2}
        let mut r = Reader::new(b"\x82\xa1x\x01\x07\x02", 128);
        let mut entries = FlatEntries::collect(&mut r, "a map").unwrap();
        assert_eq!(entries.key(1), Some(Key::Index(7)));
        let x = entries.find("x").unwrap();
        entries.take(x);
        assert_eq!(entries.remaining(), 1);
        let err = entries.refuse_remaining(&["x"]).unwrap_err();
        assert_eq!(err.offset(), 4);
        entries.take(1);
        assert!(entries.refuse_remaining(&["x"]).is_ok());
    }
}
