//! Objects read member by member for `#[serde(flatten)]` and for enums whose tag is inside the
//! object (internally and adjacently tagged): the members are first collected as
//! [`FlatEntries`] (each key with the text of its value, borrowed from the input, nothing
//! decoded), then each part of the value takes the members it knows ([`DecodeFlat`]).
//!
//! serde buffers such objects into a tree of its own values; collecting slices of the input
//! costs one scan of the object and one `Vec` of entries, and each value is then read once,
//! straight from the input, by its own type.

use std::borrow::Cow;

use super::error::ErrorCode;
use super::{Decode, DecodeKey, Error, Reader, Str};

/// The members of an object, collected for the parts of a value that each take some of them:
/// its own fields, then each flattened field in declaration order (see [`DecodeFlat`]).
///
/// A member is *taken* once a struct's field or an enum's tag has used it; maps see every
/// member not taken (serde's rule for flattened maps).
pub struct FlatEntries<'de, 'r> {
    reader: &'r Reader<'de>,
    entries: Vec<Entry<'de>>,
}

struct Entry<'de> {
    /// The key's text, borrowed when it had no escapes.
    key: Cow<'de, str>,
    /// The offset of the key's opening quote, for errors about it.
    key_at: usize,
    /// The value's text.
    value: &'de str,
    taken: bool,
}

impl<'de, 'r> FlatEntries<'de, 'r> {
    /// Reads the object at `r` (described by `expected` in an "invalid type" error), keeping
    /// each member's key and the text of its value; every value is checked as
    /// [`Reader::skip_value`] checks it.
    pub fn collect(r: &'r mut Reader<'de>, expected: &'static str) -> Result<Self, Error> {
        r.begin_object(expected)?;
        Self::collect_members(r, true, false, |_, _| Ok(false))
    }

    /// [`FlatEntries::collect`], offering each member to `own` first: `own` gets the key and
    /// the reader at the member's value, and either reads the value and returns `true` (the
    /// member is then not kept), or reads nothing and returns `false` (the member is kept).
    /// This is how a derived struct with flattened fields reads its own fields in place, in
    /// the one pass over the object, and keeps only the other members for the flattened ones.
    ///
    /// ```
    /// use fastwire::json::{self, Decode, DecodeFlat, Error, FlatEntries, Reader};
    /// use std::collections::BTreeMap;
    ///
    /// /// An id, and every other member kept as it is.
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
    ///             if key != "id" {
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
    /// let value: Tagged = json::from_str(r#"{"a":"x","id":7,"b":"y"}"#).unwrap();
    /// assert_eq!(value.id, 7);
    /// assert_eq!(value.rest.len(), 2);
    /// ```
    #[inline]
    pub fn collect_with(
        r: &'r mut Reader<'de>,
        expected: &'static str,
        own: impl FnMut(&str, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        r.begin_object(expected)?;
        Self::collect_members(r, true, true, own)
    }

    /// The members after one already read (an internal tag that came first, read with
    /// [`Reader::object_starts_with`]), collected as [`FlatEntries::collect`] collects them.
    pub fn collect_rest(r: &'r mut Reader<'de>) -> Result<Self, Error> {
        Self::collect_members(r, false, false, |_, _| Ok(false))
    }

    /// [`FlatEntries::collect_rest`], offering each member to `own` first, as
    /// [`FlatEntries::collect_with`] does: how an internally tagged newtype variant whose tag
    /// came first reads its content's fields in place.
    #[doc(hidden)]
    #[inline]
    pub fn collect_rest_with(
        r: &'r mut Reader<'de>,
        own: impl FnMut(&str, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        Self::collect_members(r, false, false, own)
    }

    /// The members of an open object, up to its end; with `buffer`, each value kept is read
    /// past in buffered mode ([`Reader::set_buffered`]), as serde reads the members of a
    /// struct with flattened fields that its own fields do not name.
    #[inline]
    fn collect_members(
        r: &'r mut Reader<'de>,
        mut first: bool,
        buffer: bool,
        mut own: impl FnMut(&str, &mut Reader<'de>) -> Result<bool, Error>,
    ) -> Result<Self, Error> {
        // Nothing allocated while every member is read in place (`own` takes them all, as
        // it does for most objects), then room for a typical object's members at once.
        let mut entries = Vec::new();
        while let Some(key) = r.object_key(first)? {
            first = false;
            let key = match key {
                Str::Borrowed(text) => Cow::Borrowed(text),
                Str::Scratch(text) => Cow::Owned(text.to_owned()),
            };
            let key_at = r.last_key_offset();
            if own(&key, r)? {
                continue;
            }
            r.check_item(entries.len())?;
            let value = if buffer {
                let before = r.set_buffered(true);
                let value = r.raw_value();
                r.set_buffered(before);
                value?
            } else {
                r.raw_value()?
            };
            if entries.capacity() == 0 {
                entries.reserve(8);
            }
            entries.push(Entry {
                key,
                key_at,
                value,
                taken: false,
            });
        }
        Ok(FlatEntries { reader: r, entries })
    }

    /// The reader the object was read from, positioned after it (for errors about the whole
    /// object, such as a missing field).
    #[inline]
    pub fn reader(&self) -> &Reader<'de> {
        self.reader
    }

    /// How many members the object has, taken or not.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether member `index` has been taken.
    #[inline]
    pub fn is_taken(&self, index: usize) -> bool {
        self.entries[index].taken
    }

    /// Marks member `index` as taken: no later part of the value sees it.
    #[inline]
    pub fn take(&mut self, index: usize) {
        self.entries[index].taken = true;
    }

    /// How many members are not taken.
    pub fn remaining(&self) -> usize {
        self.entries.iter().filter(|e| !e.taken).count()
    }

    /// The key of member `index`: [`Str::Borrowed`] when it had no escapes (its raw text),
    /// as [`Reader::object_key`] gives keys.
    #[inline]
    pub fn key(&self, index: usize) -> Str<'de, '_> {
        match &self.entries[index].key {
            Cow::Borrowed(text) => Str::Borrowed(text),
            Cow::Owned(text) => Str::Scratch(text),
        }
    }

    /// The first member not taken whose key is `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|e| !e.taken && e.key == name)
    }

    /// Reads the value of member `index` with `read`, from its text in the input (errors point
    /// into the whole document).
    #[inline]
    pub fn decode_value<T>(
        &self,
        index: usize,
        read: impl FnOnce(&mut Reader<'de>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.reader.reread_with(self.entries[index].value, read)
    }

    /// The members not taken, as the text of one object (`{"key":value,...}`, keys escaped
    /// as serde_json writes them, values as they stand in the input): what a serde impl
    /// reading a flattened value through the bridge is given.
    pub fn remaining_object(&self) -> String {
        let mut text = String::with_capacity(
            2 + self
                .entries
                .iter()
                .filter(|e| !e.taken)
                .map(|e| e.key.len() + e.value.len() + 4)
                .sum::<usize>(),
        );
        text.push('{');
        for entry in self.entries.iter().filter(|e| !e.taken) {
            if text.len() > 1 {
                text.push(',');
            }
            text.push_str(&super::to_string(&*entry.key));
            text.push(':');
            text.push_str(entry.value);
        }
        text.push('}');
        text
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

    /// Which members are taken, to put back with [`FlatEntries::restore`] when a part that
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

    /// "unknown field" for the first member not taken, at its key: what
    /// `deny_unknown_fields` makes of members no part of the value took. `expected` lists the
    /// fields the message names.
    pub fn refuse_remaining(&self, expected: &'static [&'static str]) -> Result<(), Error> {
        match self.entries.iter().find(|e| !e.taken) {
            None => Ok(()),
            Some(entry) => Err(self.reader.error_at(
                ErrorCode::UnknownField {
                    found: entry.key.clone().into_owned(),
                    expected,
                },
                entry.key_at,
            )),
        }
    }

    /// `message` as a data error at the key of member `index`.
    #[cold]
    pub fn error_at_key(&self, index: usize, message: impl std::fmt::Display) -> Error {
        self.reader.custom_at(message, self.entries[index].key_at)
    }
}

/// A type that can be read from the members of an object shared with other parts of a value:
/// what `#[serde(flatten)]` and the content of an internally tagged newtype variant need.
///
/// Derived structs with named fields take the members named by their fields; derived enums
/// whose every variant has an object form find their variant among the members; maps take
/// every member not taken by another part (they do not take them, as in serde); `Option`
/// is `None` when its content cannot be read.
///
/// ```
/// use std::collections::BTreeMap;
/// use fastwire::json;
///
/// #[derive(fastwire::Decode, Debug, PartialEq)]
/// struct Page {
///     number: u32,
///     #[serde(flatten)]
///     rest: BTreeMap<String, bool>,
/// }
///
/// let page: Page = json::from_str(r#"{"draft": true, "number": 3}"#).unwrap();
/// assert_eq!(page, Page { number: 3, rest: BTreeMap::from([("draft".to_owned(), true)]) });
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be read from a flattened JSON object",
    label = "only structs with named fields, maps and enums whose variants are objects can be flattened",
    note = "serde can only flatten structs and maps; a derived struct or enum implements `DecodeFlat` for JSON"
)]
pub trait DecodeFlat<'de>: Decode<'de> {
    /// Reads `Self` from `entries`, taking the members it uses.
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

    /// Offers a member: `key` is the key, `r` is at the member's value. Reads the value into
    /// `slots` and returns `true` when one of the fields takes it; returns `false`, having
    /// read nothing, otherwise.
    fn offer(slots: &mut Self::Slots, key: &str, r: &mut Reader<'de>) -> Result<bool, Error>;

    /// Completes `Self` from `slots` and the members left (for its own flattened fields): a
    /// field never offered its member takes its default, or is a "missing field" error.
    fn finish(slots: Self::Slots, entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error>;
}

/// A flattened map read in the enclosing object's one pass: the generated decoder of a struct
/// offers its last flattened field, when that is a map and no flattened field before it sees
/// every member left, each member that nothing else took, and the map reads the member's value
/// in place. What serde gives such a map is exactly those members (nothing after it could see
/// them), so the map is the same; it only skips collecting the members and reading each value
/// twice.
///
/// A member whose key or value the map cannot read is left as it stood (the reader is put
/// back at the value) and collected, so that [`DecodeFlatRest::finish_rest`] reads it from the
/// collected members as [`DecodeFlat`] does and reports the error that would have been
/// reported, where it would have been.
#[doc(hidden)]
pub trait DecodeFlatRest<'de>: DecodeFlat<'de> {
    /// The map read so far, and how many members it read.
    type RestSlots;

    /// Nothing read yet.
    fn rest_slots() -> Self::RestSlots;

    /// Offers a member nothing else took: reads it into `slots` and returns `true`, or
    /// returns `false` with the reader where it was.
    fn offer_rest(
        slots: &mut Self::RestSlots,
        key: &str,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error>;

    /// The map: what was read in the pass, and the members collected (those the map could
    /// not read in the pass, an error).
    fn finish_rest(
        slots: Self::RestSlots,
        entries: &mut FlatEntries<'de, '_>,
    ) -> Result<Self, Error>;
}

/// Reads one member offered to a flattened map in the pass ([`DecodeFlatRest`]): `None`, with
/// the reader put back, when the key or the value cannot be read (or the reader is over a
/// tree, which the collected members read instead).
#[inline]
fn rest_entry<'de, K: DecodeKey<'de>, V: Decode<'de>>(
    read: &mut usize,
    key: &str,
    r: &mut Reader<'de>,
) -> Result<Option<(K, V)>, Error> {
    let Some(mark) = r.mark() else {
        return Ok(None);
    };
    // The collection limit counts the members read here as it counts those collected.
    r.check_item(*read)?;
    let Ok(key) = K::decode_key(Str::Scratch(key)) else {
        return Ok(None);
    };
    match V::decode(r) {
        Ok(value) => {
            *read += 1;
            Ok(Some((key, value)))
        }
        Err(_) => {
            r.rewind(mark);
            Ok(None)
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

impl<'de, K: DecodeKey<'de> + Ord, V: Decode<'de>> DecodeFlatRest<'de>
    for std::collections::BTreeMap<K, V>
{
    type RestSlots = (Self, usize);

    #[inline]
    fn rest_slots() -> Self::RestSlots {
        (Self::new(), 0)
    }

    #[inline]
    fn offer_rest(
        slots: &mut Self::RestSlots,
        key: &str,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Ok(offer_into(&mut slots.0, rest_entry(&mut slots.1, key, r)?))
    }

    #[inline]
    fn finish_rest(
        slots: Self::RestSlots,
        entries: &mut FlatEntries<'de, '_>,
    ) -> Result<Self, Error> {
        finish_rest_into(slots.0, entries)
    }
}

impl<'de, K, V, S> DecodeFlatRest<'de> for std::collections::HashMap<K, V, S>
where
    K: DecodeKey<'de> + Eq + std::hash::Hash,
    V: Decode<'de>,
    S: std::hash::BuildHasher + Default,
{
    type RestSlots = (Self, usize);

    #[inline]
    fn rest_slots() -> Self::RestSlots {
        (Self::with_hasher(S::default()), 0)
    }

    #[inline]
    fn offer_rest(
        slots: &mut Self::RestSlots,
        key: &str,
        r: &mut Reader<'de>,
    ) -> Result<bool, Error> {
        Ok(offer_into(&mut slots.0, rest_entry(&mut slots.1, key, r)?))
    }

    #[inline]
    fn finish_rest(
        slots: Self::RestSlots,
        entries: &mut FlatEntries<'de, '_>,
    ) -> Result<Self, Error> {
        finish_rest_into(slots.0, entries)
    }
}

/// Each member not taken as an entry: the key through `K`'s [`DecodeKey`], the value
/// through `V`'s `Decode`.
fn map_entries<'de, K: DecodeKey<'de>, V: Decode<'de>>(
    entries: &FlatEntries<'de, '_>,
    mut insert: impl FnMut(K, V),
) -> Result<(), Error> {
    for index in 0..entries.len() {
        if entries.is_taken(index) {
            continue;
        }
        let key = K::decode_key(entries.key(index))
            .map_err(|message| entries.error_at_key(index, message))?;
        let value = entries
            .decode_value(index, V::decode)
            .map_err(|e| e.in_key(&entries.key(index)))?;
        insert(key, value);
    }
    Ok(())
}

/// A collected key as [`DecodeFlatFields::offer`] takes it.
#[inline]
fn offered_key<'k>(key: &'k Str<'_, '_>) -> &'k str {
    key
}

crate::flat::decode_flat_impls!(DecodeKey<'de>);

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// Collects the object, lets a `u8` field `a` take its member, then reads the rest as a
    /// map.
    fn split(text: &str) -> Result<(Option<u8>, BTreeMap<String, i64>), Error> {
        split_unlocated(text).map_err(|e| e.locate(text.as_bytes()))
    }

    fn split_unlocated(text: &str) -> Result<(Option<u8>, BTreeMap<String, i64>), Error> {
        let mut r = Reader::new(text, 128);
        let mut entries = FlatEntries::collect(&mut r, "an object")?;
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
    fn members_taken_are_not_seen_again() {
        let (a, rest) = split(r#"{"b": 2, "a": 1, "c\u0041": -3}"#).unwrap();
        assert_eq!(a, Some(1));
        assert_eq!(
            rest,
            BTreeMap::from([("b".to_owned(), 2), ("cA".to_owned(), -3)])
        );
    }

    #[test]
    fn errors_point_into_the_document() {
        // Data errors in kept members are placed at the object's end, as serde_json places
        // errors in the members serde buffers for flattened fields.
        let err = split(r#"{"b": 2, "a": 300}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value: integer `300`, expected u8 (line 1, column 18)"
        );
        let err = split(r#"{"b": "x"}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid type: string \"x\", expected i64 at [\"b\"] (line 1, column 10)"
        );
        assert!(split(r#"{"b": [1,]}"#).is_err());
        assert!(split(r#"[1]"#).is_err());
    }

    #[test]
    fn options_keep_taken_what_they_took() {
        struct Needs(u8);
        impl<'de> Decode<'de> for Needs {
            fn decode(_: &mut Reader<'de>) -> Result<Self, Error> {
                unreachable!("read flat only")
            }
        }
        impl<'de> DecodeFlat<'de> for Needs {
            fn decode_flat(entries: &mut FlatEntries<'de, '_>) -> Result<Self, Error> {
                let x = entries
                    .find("x")
                    .ok_or_else(|| entries.reader().missing_field("x"))?;
                entries.take(x);
                let y = entries
                    .find("y")
                    .ok_or_else(|| entries.reader().missing_field("y"))?;
                entries.take(y);
                Ok(Needs(entries.decode_value(x, u8::decode)?))
            }
        }
        let mut r = Reader::new(r#"{"x": 1, "z": 2}"#, 128);
        let mut entries = FlatEntries::collect(&mut r, "an object").unwrap();
        assert!(Option::<Needs>::decode_flat(&mut entries)
            .unwrap()
            .is_none());
        // As in serde, what the failed part took stays taken.
        assert_eq!(entries.remaining(), 1);
        let err = entries
            .refuse_remaining(&["y"])
            .unwrap_err()
            .locate(br#"{"x": 1, "z": 2}"#);
        assert_eq!(
            err.to_string(),
            "unknown field `z`, expected `y` (line 1, column 10)"
        );

        let mut r = Reader::new(r#"{"y": 0, "x": 7}"#, 128);
        let mut entries = FlatEntries::collect(&mut r, "an object").unwrap();
        let found = Option::<Needs>::decode_flat(&mut entries).unwrap();
        assert_eq!(found.map(|n| n.0), Some(7));
        assert_eq!(entries.remaining(), 0);
    }
}
