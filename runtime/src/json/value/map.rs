//! [`Map`]: a JSON object's members in insertion order, with a hash index once it is long.

use std::collections::hash_map::RandomState;
use std::fmt::{self, Debug};
use std::hash::{BuildHasher, Hash, Hasher};
use std::mem;
use std::ops;
use std::str::FromStr;
use std::vec;

use super::{IntoIter, Iter, IterMut, Keys, Value, Values, ValuesMut};
use crate::json::reader::Reader;
use crate::json::{Decode, Encode, Error, Writer};

/// A JSON object: string keys to [`Value`]s, kept in insertion order (serde_json's `Map` with
/// the `preserve_order` feature).
///
/// Entries live in one `Vec`; once a map has more than a handful of entries, a hash index over
/// them makes lookups and inserts O(1), so decoding an object with many keys stays linear.
/// Inserting an existing key replaces its value in place, keeping the key's first position,
/// and that is also what a duplicate key in decoded input does. Equality ignores order.
///
/// ```
/// use fastwire::json::{Map, Value};
///
/// let mut map = Map::new();
/// map.insert("b".to_owned(), Value::from(1));
/// map.insert("a".to_owned(), Value::from(2));
/// assert_eq!(map.insert("b".to_owned(), Value::from(3)), Some(Value::from(1)));
/// assert_eq!(map.keys().collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(fastwire::json::to_string(&map), r#"{"b":3,"a":2}"#);
/// ```
#[derive(Clone, Default)]
pub struct Map {
    pub(super) entries: Vec<(String, Value)>,
    /// Built once the map reaches [`INDEXED_LEN`] entries.
    pub(super) table: Option<Box<Table>>,
}

/// Maps at least this long keep a hash index; shorter ones are searched front to back, which
/// for them costs less than hashing every key (measured: decoding twitter.json into a `Value`
/// takes 16% fewer instructions than with an index from 9 keys on). A linear search per
/// insert stays bounded: at most 32 comparisons.
const INDEXED_LEN: usize = 33;

/// A hash index over a map's entries: open addressing with linear probing, keyed by a
/// randomly seeded SipHash (so crafted keys cannot force collisions).
#[derive(Clone)]
pub(super) struct Table {
    hasher: RandomState,
    /// Each slot holds an entry's position plus one, or zero when empty. The length is a power
    /// of two, at least twice the number of entries, so probes are short and always end.
    slots: Box<[usize]>,
}

impl Table {
    fn new(entries: &[(String, Value)]) -> Table {
        let mut table = Table {
            hasher: RandomState::new(),
            slots: Box::new([]),
        };
        table.rebuild(entries);
        table
    }

    #[inline]
    fn hash(&self, key: &str) -> u64 {
        self.hasher.hash_one(key)
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// Re-indexes all of `entries`, sizing the slots for them.
    fn rebuild(&mut self, entries: &[(String, Value)]) {
        let len = (entries.len() * 2).next_power_of_two().max(32);
        self.slots = vec![0; len].into_boxed_slice();
        let mask = self.mask();
        for (position, (key, _)) in entries.iter().enumerate() {
            let mut slot = self.hash(key) as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = position + 1;
        }
    }

    /// The slot holding `key`'s entry, or `None`.
    #[inline]
    fn find_slot(&self, entries: &[(String, Value)], hash: u64, key: &str) -> Option<usize> {
        let mask = self.mask();
        let mut slot = hash as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                stored if entries[stored - 1].0 == key => return Some(slot),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// The position of `key`'s entry, or `None`.
    #[inline]
    fn find(&self, entries: &[(String, Value)], hash: u64, key: &str) -> Option<usize> {
        self.find_slot(entries, hash, key)
            .map(|slot| self.slots[slot] - 1)
    }

    /// Indexes the entry just pushed (the last of `entries`), whose key hashes to `hash`.
    fn push(&mut self, entries: &[(String, Value)], hash: u64) {
        if entries.len() * 2 > self.slots.len() {
            self.rebuild(entries);
            return;
        }
        let mask = self.mask();
        let mut slot = hash as usize & mask;
        while self.slots[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.slots[slot] = entries.len();
    }

    /// Unindexes the entry at `position`, which is about to be removed from `entries` (still
    /// present when this is called), and renumbers the entries after it, which move up one
    /// place.
    fn shift_remove(&mut self, entries: &[(String, Value)], position: usize) {
        self.unindex(entries, position);
        for stored in self.slots.iter_mut() {
            if *stored > position + 1 {
                *stored -= 1;
            }
        }
    }

    /// Unindexes the entry at `position`, which is about to be swapped with the last entry
    /// and removed (both still in `entries` when this is called), and re-points the last
    /// entry's slot at `position`.
    fn swap_remove(&mut self, entries: &[(String, Value)], position: usize) {
        self.unindex(entries, position);
        let last = entries.len() - 1;
        if position != last {
            let key = &entries[last].0;
            let Some(slot) = self.find_slot(entries, self.hash(key), key) else {
                unreachable!("every entry is indexed");
            };
            self.slots[slot] = position + 1;
        }
    }

    /// Empties the slot of the entry at `position`, keeping every probe run unbroken.
    fn unindex(&mut self, entries: &[(String, Value)], position: usize) {
        let key = &entries[position].0;
        let Some(mut hole) = self.find_slot(entries, self.hash(key), key) else {
            unreachable!("every entry is indexed");
        };
        // Backward-shift deletion: move later members of the probe run into the hole when
        // their home slot does not lie cyclically within (hole, slot].
        let mask = self.mask();
        self.slots[hole] = 0;
        let mut slot = hole;
        loop {
            slot = (slot + 1) & mask;
            let stored = self.slots[slot];
            if stored == 0 {
                break;
            }
            let home = self.hash(&entries[stored - 1].0) as usize & mask;
            let stays = if hole <= slot {
                hole < home && home <= slot
            } else {
                hole < home || home <= slot
            };
            if !stays {
                self.slots[hole] = stored;
                self.slots[slot] = 0;
                hole = slot;
            }
        }
    }
}

impl Map {
    /// An empty map. Allocates nothing.
    ///
    /// ```
    /// let map = fastwire::json::Map::new();
    /// assert!(map.is_empty());
    /// ```
    #[inline]
    pub const fn new() -> Self {
        Map {
            entries: Vec::new(),
            table: None,
        }
    }

    /// An empty map with room for `capacity` entries.
    ///
    /// ```
    /// let map = fastwire::json::Map::with_capacity(10);
    /// assert_eq!(map.len(), 0);
    /// ```
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        Map {
            entries: Vec::with_capacity(capacity),
            table: None,
        }
    }

    /// The number of entries.
    ///
    /// ```
    /// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert_eq!(map.len(), 1);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the map has no entries.
    ///
    /// ```
    /// assert!(fastwire::json::Map::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every entry, keeping the allocated room for entries.
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// map.clear();
    /// assert!(map.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.entries.clear();
        self.table = None;
    }

    /// The position of `key`'s entry.
    #[inline]
    fn position(&self, key: &str) -> Option<usize> {
        match &self.table {
            Some(table) => table.find(&self.entries, table.hash(key), key),
            None => self.entries.iter().position(|(k, _)| k == key),
        }
    }

    /// The value stored under `key`.
    ///
    /// ```
    /// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert_eq!(map.get("a"), Some(&1.into()));
    /// assert_eq!(map.get("b"), None);
    /// ```
    #[inline]
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value stored under `key`, mutably.
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// *map.get_mut("a").unwrap() = "x".into();
    /// assert_eq!(map["a"], "x");
    /// ```
    #[inline]
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.entries[i].1)
    }

    /// The stored key and value for `key`.
    ///
    /// ```
    /// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert_eq!(map.get_key_value("a"), Some((&"a".to_owned(), &1.into())));
    /// ```
    #[inline]
    pub fn get_key_value(&self, key: &str) -> Option<(&String, &Value)> {
        self.position(key).map(|i| {
            let (k, v) = &self.entries[i];
            (k, v)
        })
    }

    /// Whether the map has an entry for `key`.
    ///
    /// ```
    /// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert!(map.contains_key("a"));
    /// assert!(!map.contains_key("A"));
    /// ```
    #[inline]
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Stores `value` under `key` and returns the value it replaces. A new key goes last; an
    /// existing key keeps its position and only its value changes.
    ///
    /// ```
    /// use fastwire::json::{Map, Value};
    ///
    /// let mut map = Map::new();
    /// assert_eq!(map.insert("x".to_owned(), Value::from(1)), None);
    /// map.insert("y".to_owned(), Value::from(2));
    /// assert_eq!(map.insert("x".to_owned(), Value::from(3)), Some(Value::from(1)));
    /// assert_eq!(fastwire::json::to_string(&map), r#"{"x":3,"y":2}"#);
    /// ```
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match &mut self.table {
            Some(table) => {
                let hash = table.hash(&key);
                if let Some(i) = table.find(&self.entries, hash, &key) {
                    return Some(mem::replace(&mut self.entries[i].1, value));
                }
                self.entries.push((key, value));
                table.push(&self.entries, hash);
            }
            None => {
                if let Some(i) = self.entries.iter().position(|(k, _)| *k == key) {
                    return Some(mem::replace(&mut self.entries[i].1, value));
                }
                self.entries.push((key, value));
                if self.entries.len() >= INDEXED_LEN {
                    self.table = Some(Box::new(Table::new(&self.entries)));
                }
            }
        }
        None
    }

    /// Appends an entry whose key is known to be absent; returns its position.
    pub(super) fn push_absent(&mut self, key: String, value: Value) -> usize {
        match &mut self.table {
            Some(table) => {
                let hash = table.hash(&key);
                self.entries.push((key, value));
                table.push(&self.entries, hash);
            }
            None => {
                self.entries.push((key, value));
                if self.entries.len() >= INDEXED_LEN {
                    self.table = Some(Box::new(Table::new(&self.entries)));
                }
            }
        }
        self.entries.len() - 1
    }

    /// The entry for `key`, to read, insert, change or remove it in place (serde_json's
    /// `Map::entry`).
    ///
    /// ```
    /// use fastwire::json::{self, Value};
    ///
    /// let mut counts = json::Map::new();
    /// for word in ["a", "b", "a"] {
    ///     counts
    ///         .entry(word)
    ///         .and_modify(|n| *n = Value::from(n.as_u64().unwrap() + 1))
    ///         .or_insert(Value::from(1));
    /// }
    /// assert_eq!(json::to_string(&counts), r#"{"a":2,"b":1}"#);
    /// ```
    pub fn entry<S: Into<String>>(&mut self, key: S) -> super::Entry<'_> {
        let key = key.into();
        match self.position(&key) {
            Some(index) => super::Entry::Occupied(super::OccupiedEntry { map: self, index }),
            None => super::Entry::Vacant(super::VacantEntry { map: self, key }),
        }
    }

    /// Consumes the map, giving its values in order.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a": 1, "b": 2 });
    /// let Some(map) = doc.as_object().cloned() else { unreachable!() };
    /// assert_eq!(map.into_values().collect::<Vec<_>>(), [1, 2]);
    /// ```
    pub fn into_values(self) -> super::IntoValues {
        super::IntoValues {
            inner: self.entries.into_iter(),
        }
    }

    /// The value under `key`, after inserting `null` there if the key was absent.
    pub(super) fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.insert(key.to_owned(), Value::Null);
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// Removes `key`'s entry and returns its value, as serde_json's `Map::remove` does with
    /// its `preserve_order` feature: the last entry takes the removed one's place (O(1), like
    /// [`Map::swap_remove`]). To keep the order of the others, use [`Map::shift_remove`].
    ///
    /// ```
    /// let mut map = fastwire::json!({ "a": 1, "b": 2, "c": 3 });
    /// let map = map.as_object_mut().unwrap();
    /// assert_eq!(map.remove("a"), Some(1.into()));
    /// assert_eq!(map.remove("a"), None);
    /// assert_eq!(map.keys().collect::<Vec<_>>(), ["c", "b"]);
    /// ```
    #[inline]
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.swap_remove(key)
    }

    /// Removes `key`'s entry and returns it, moving the last entry into its place like
    /// [`Map::remove`].
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert_eq!(map.remove_entry("a"), Some(("a".to_owned(), 1.into())));
    /// ```
    #[inline]
    pub fn remove_entry(&mut self, key: &str) -> Option<(String, Value)> {
        self.swap_remove_entry(key)
    }

    /// Removes `key`'s entry and returns its value; the last entry moves into its place (O(1)).
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2, "c": 3 });
    /// let map = doc.as_object_mut().unwrap();
    /// assert_eq!(map.swap_remove("a"), Some(1.into()));
    /// assert_eq!(doc.to_string(), r#"{"c":3,"b":2}"#);
    /// ```
    #[inline]
    pub fn swap_remove(&mut self, key: &str) -> Option<Value> {
        self.swap_remove_entry(key).map(|(_, value)| value)
    }

    /// Removes `key`'s entry and returns it; the last entry moves into its place (O(1)).
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2 });
    /// let map = doc.as_object_mut().unwrap();
    /// assert_eq!(map.swap_remove_entry("a"), Some(("a".to_owned(), 1.into())));
    /// ```
    pub fn swap_remove_entry(&mut self, key: &str) -> Option<(String, Value)> {
        let position = self.position(key)?;
        Some(self.swap_remove_at(position))
    }

    /// Removes `key`'s entry and returns its value. The entries after it move up one place,
    /// keeping their order (O(n), like `Vec::remove`).
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2, "c": 3 });
    /// let map = doc.as_object_mut().unwrap();
    /// assert_eq!(map.shift_remove("a"), Some(1.into()));
    /// assert_eq!(doc.to_string(), r#"{"b":2,"c":3}"#);
    /// ```
    #[inline]
    pub fn shift_remove(&mut self, key: &str) -> Option<Value> {
        self.shift_remove_entry(key).map(|(_, value)| value)
    }

    /// Removes `key`'s entry and returns it, keeping the order of the others like
    /// [`Map::shift_remove`].
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2 });
    /// let map = doc.as_object_mut().unwrap();
    /// assert_eq!(map.shift_remove_entry("a"), Some(("a".to_owned(), 1.into())));
    /// ```
    pub fn shift_remove_entry(&mut self, key: &str) -> Option<(String, Value)> {
        let position = self.position(key)?;
        Some(self.shift_remove_at(position))
    }

    /// Removes the entry at `position` (which exists), moving the last entry into its place.
    pub(super) fn swap_remove_at(&mut self, position: usize) -> (String, Value) {
        if let Some(table) = &mut self.table {
            table.swap_remove(&self.entries, position);
        }
        self.entries.swap_remove(position)
    }

    /// Removes the entry at `position` (which exists), keeping the others' order.
    pub(super) fn shift_remove_at(&mut self, position: usize) -> (String, Value) {
        if let Some(table) = &mut self.table {
            table.shift_remove(&self.entries, position);
        }
        self.entries.remove(position)
    }

    /// Inserts `key` with `value` at `index`, moving the entries from `index` on one place
    /// back; when `key` is already present, its entry moves to `index` and gets `value`, and
    /// the old value is returned (as serde_json's `Map::shift_insert`).
    ///
    /// # Panics
    ///
    /// When `index` is greater than the number of entries (counted without `key`'s own
    /// entry, when it is present).
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2 });
    /// let map = doc.as_object_mut().unwrap();
    /// assert_eq!(map.shift_insert(0, "z".to_owned(), 0.into()), None);
    /// assert_eq!(map.shift_insert(2, "a".to_owned(), 10.into()), Some(1.into()));
    /// assert_eq!(doc.to_string(), r#"{"z":0,"b":2,"a":10}"#);
    /// ```
    pub fn shift_insert(&mut self, index: usize, key: String, value: Value) -> Option<Value> {
        let old = self.shift_remove(&key);
        assert!(
            index <= self.entries.len(),
            "Map::shift_insert: index {index} out of bounds for a map of {} entries",
            self.entries.len()
        );
        self.entries.insert(index, (key, value));
        self.reindex();
        old
    }

    /// Moves every entry of `other` into `self`, in `other`'s order, leaving `other` empty
    /// (keys already in `self` keep their place and take `other`'s value).
    ///
    /// ```
    /// let mut a = fastwire::json!({ "x": 1, "y": 2 });
    /// let mut b = fastwire::json!({ "y": 20, "z": 30 });
    /// a.as_object_mut().unwrap().append(b.as_object_mut().unwrap());
    /// assert_eq!(a.to_string(), r#"{"x":1,"y":20,"z":30}"#);
    /// assert_eq!(b.to_string(), "{}");
    /// ```
    pub fn append(&mut self, other: &mut Map) {
        self.extend(std::mem::take(other));
    }

    /// Sorts the entries by key, in `str`'s order, as serde_json's default (sorted) maps keep
    /// them. Maps nested in the values are left as they are: see
    /// [`Value::sort_all_objects`].
    ///
    /// fastwire keeps insertion order, as serde_json does with its `preserve_order` feature;
    /// this is how to get the sorted output serde_json gives without it.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "b": 1, "a": { "d": 2, "c": 3 } });
    /// doc.as_object_mut().unwrap().sort_keys();
    /// assert_eq!(doc.to_string(), r#"{"a":{"d":2,"c":3},"b":1}"#);
    /// ```
    pub fn sort_keys(&mut self) {
        self.entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        self.reindex();
    }

    /// Rebuilds the hash index after entries moved.
    fn reindex(&mut self) {
        if let Some(table) = &mut self.table {
            table.rebuild(&self.entries);
        } else if self.entries.len() >= INDEXED_LEN {
            self.table = Some(Box::new(Table::new(&self.entries)));
        }
    }

    /// Keeps only the entries for which `keep` returns true, in their order.
    ///
    /// ```
    /// let mut map: fastwire::json::Map =
    ///     (0..20).map(|i| (i.to_string(), i.into())).collect();
    /// map.retain(|_, value| value.as_u64().unwrap() % 2 == 0);
    /// assert_eq!(map.len(), 10);
    /// assert!(map.contains_key("18") && !map.contains_key("19"));
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        self.entries.retain_mut(|(key, value)| keep(key, value));
        if let Some(table) = &mut self.table {
            table.rebuild(&self.entries);
        }
    }

    /// The entries, in order.
    ///
    /// ```
    /// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// for (key, value) in map.iter() {
    ///     assert_eq!((key.as_str(), value.as_i64()), ("a", Some(1)));
    /// }
    /// ```
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            inner: self.entries.iter(),
        }
    }

    /// The entries, in order, with mutable values (keys cannot change: the index relies on
    /// them).
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// for (_, value) in map.iter_mut() {
    ///     *value = true.into();
    /// }
    /// assert_eq!(map["a"], true);
    /// ```
    #[inline]
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut {
            inner: self.entries.iter_mut(),
        }
    }

    /// The keys, in order.
    ///
    /// ```
    /// let map: fastwire::json::Map =
    ///     [("z".to_owned(), 1.into()), ("a".to_owned(), 2.into())].into_iter().collect();
    /// assert_eq!(map.keys().collect::<Vec<_>>(), ["z", "a"]);
    /// ```
    #[inline]
    pub fn keys(&self) -> Keys<'_> {
        Keys {
            inner: self.entries.iter(),
        }
    }

    /// The values, in order.
    ///
    /// ```
    /// let map: fastwire::json::Map =
    ///     [("z".to_owned(), 1.into()), ("a".to_owned(), 2.into())].into_iter().collect();
    /// assert_eq!(map.values().collect::<Vec<_>>(), [&1, &2]);
    /// ```
    #[inline]
    pub fn values(&self) -> Values<'_> {
        Values {
            inner: self.entries.iter(),
        }
    }

    /// The values, in order, mutably.
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// map.values_mut().for_each(|value| *value = Default::default());
    /// assert!(map["a"].is_null());
    /// ```
    #[inline]
    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        ValuesMut {
            inner: self.entries.iter_mut(),
        }
    }

    pub(super) fn size_hint(&self) -> usize {
        2 + crate::buf::slice_hint(&self.entries, |(key, value)| {
            key.len() + 4 + value.size_hint()
        })
    }
}

/// Equal when both maps hold the same keys with equal values, in any order (like
/// serde_json's `preserve_order` map).
///
/// ```
/// use fastwire::json::Map;
///
/// let a: Map = fastwire::json::from_str(r#"{"x": 1, "y": 2}"#).unwrap();
/// let b: Map = fastwire::json::from_str(r#"{"y": 2, "x": 1}"#).unwrap();
/// assert_eq!(a, b);
/// ```
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .all(|(key, value)| other.get(key) == Some(value))
    }
}

impl Eq for Map {}

/// Hashes the entries in key order, so that maps equal regardless of order hash alike (as
/// serde_json's map with `preserve_order` does).
///
/// ```
/// use std::collections::HashSet;
///
/// let a = fastwire::json!({ "x": 1, "y": [true] });
/// let b = fastwire::json!({ "y": [true], "x": 1 });
/// let set: HashSet<_> = [a, b].into_iter().collect();
/// assert_eq!(set.len(), 1);
/// ```
impl Hash for Map {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut sorted: Vec<&(String, Value)> = self.entries.iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        state.write_usize(sorted.len());
        for (key, value) in sorted {
            key.hash(state);
            value.hash(state);
        }
    }
}

/// Parses a JSON object, as [`from_str`](crate::json::from_str) does.
///
/// ```
/// let map: fastwire::json::Map = r#"{"a": 1}"#.parse().unwrap();
/// assert_eq!(map["a"], 1);
/// assert!("[1]".parse::<fastwire::json::Map>().is_err());
/// ```
impl FromStr for Map {
    type Err = Error;

    fn from_str(text: &str) -> Result<Map, Error> {
        crate::json::from_str(text)
    }
}

impl Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Looks a key up, panicking when it is absent (use [`Map::get`] to avoid that).
///
/// ```
/// let map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
/// assert_eq!(map["a"], 1);
/// ```
impl<Q: ?Sized + AsRef<str>> ops::Index<&Q> for Map {
    type Output = Value;

    fn index(&self, key: &Q) -> &Value {
        self.get(key.as_ref()).expect("no entry found for key")
    }
}

/// Looks a key up mutably, panicking when it is absent.
///
/// ```
/// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
/// map["a"] = 2.into();
/// assert_eq!(map["a"], 2);
/// ```
impl<Q: ?Sized + AsRef<str>> ops::IndexMut<&Q> for Map {
    fn index_mut(&mut self, key: &Q) -> &mut Value {
        self.get_mut(key.as_ref()).expect("no entry found for key")
    }
}

/// Collects entries in order; a repeated key replaces the earlier value in its position.
///
/// ```
/// use fastwire::json::{Map, Value};
///
/// let map: Map = [("a", 1), ("b", 2), ("a", 3)]
///     .into_iter()
///     .map(|(k, v)| (k.to_owned(), Value::from(v)))
///     .collect();
/// assert_eq!(fastwire::json::to_string(&map), r#"{"a":3,"b":2}"#);
/// ```
impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        let mut map = Map::new();
        map.extend(iter);
        map
    }
}

/// Inserts each entry as [`Map::insert`] does.
///
/// ```
/// let mut map = fastwire::json::Map::new();
/// map.extend([("a".to_owned(), 1.into())]);
/// assert_eq!(map.len(), 1);
/// ```
impl Extend<(String, Value)> for Map {
    fn extend<I: IntoIterator<Item = (String, Value)>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.entries.reserve(iter.size_hint().0);
        for (key, value) in iter {
            self.insert(key, value);
        }
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = IntoIter;

    /// The entries, by value, in order.
    #[inline]
    fn into_iter(self) -> IntoIter {
        IntoIter {
            inner: self.entries.into_iter(),
        }
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;

    #[inline]
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a String, &'a mut Value);
    type IntoIter = IterMut<'a>;

    #[inline]
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl Encode for Map {
    fn encode<W: Writer>(&self, w: &mut W) {
        crate::json::encode::encode_map(w, self);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        Map::size_hint(self)
    }
}

impl Map {
    /// The entries in order, for a reader walking the map.
    #[inline]
    pub(crate) fn entry_slice(&self) -> &[(String, Value)] {
        &self.entries
    }
}

impl<'de> Decode<'de> for Map {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        if let Some(copy) = r.take_tree_map() {
            return Ok(copy);
        }
        r.begin_object("a map")?;
        let mut map = Map::new();
        let mut count = 0;
        while let Some(key) = r.object_key(count == 0)? {
            let key = String::from(&*key);
            r.check_item(count)?;
            count += 1;
            let value = Value::decode(r).map_err(|e| e.in_key(&key))?;
            map.insert(key, value);
        }
        Ok(map)
    }
}
