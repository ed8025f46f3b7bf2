//! [`Value`], any JSON document, with its [`Number`] and the insertion-ordered [`Map`].
//!
//! The model is serde_json's `Value` with the `preserve_order` feature: integers stay exact and
//! distinct from floats, objects keep their keys in the order they were read or inserted, and
//! encoding a decoded document gives back serde_json's bytes for it.
//!
//! ```
//! use fastwire::json::{self, Value};
//!
//! let doc: Value = json::from_str(r#"{"name": "Ada", "tags": ["a", "b"], "age": 36}"#).unwrap();
//! assert_eq!(doc["name"], "Ada");
//! assert_eq!(doc["tags"][1], "b");
//! assert_eq!(doc["missing"], Value::Null);
//! assert_eq!(json::to_string(&doc), r#"{"name":"Ada","tags":["a","b"],"age":36}"#);
//! ```

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::fmt::{self, Debug, Display};
use std::hash::{BuildHasher, Hash, Hasher};
use std::iter::FusedIterator;
use std::mem;
use std::ops;
use std::slice;
use std::str::FromStr;
use std::vec;

use super::reader::{ParsedNumber, Reader};
use super::{Decode, Encode, Error, Writer};

// ---------------------------------------------------------------------------------------------
// Number
// ---------------------------------------------------------------------------------------------

/// A JSON number, kept the way serde_json keeps it: a non-negative integer (`u64`), a negative
/// integer (`i64`) or a finite float (`f64`). Integers are never rounded through `f64`, and an
/// integer is never equal to a float, even of the same value (`1` and `1.0` are different
/// numbers, as in serde_json).
///
/// ```
/// use fastwire::json::Number;
///
/// let big = Number::from(u64::MAX);
/// assert!(big.is_u64() && !big.is_i64());
/// assert_eq!(big.to_string(), "18446744073709551615");
///
/// let float = Number::from_f64(1.0).unwrap();
/// assert!(float.is_f64());
/// assert_eq!(float.to_string(), "1.0");
/// assert_ne!(float, Number::from(1));
/// assert!(Number::from_f64(f64::NAN).is_none());
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Number {
    n: N,
}

#[derive(Clone, Copy, PartialEq)]
enum N {
    /// Always zero or more.
    PosInt(u64),
    /// Always below zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

/// Floats are always finite, so equality is reflexive.
impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self.n {
            N::PosInt(value) => {
                state.write_u8(0);
                value.hash(state);
            }
            N::NegInt(value) => {
                state.write_u8(1);
                value.hash(state);
            }
            N::Float(value) => {
                state.write_u8(2);
                // `0.0 == -0.0`, so they must hash alike.
                let value = if value == 0.0 { 0.0 } else { value };
                value.to_bits().hash(state);
            }
        }
    }
}

impl Number {
    /// Whether the number is an integer in `i64`'s range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert!(Number::from(-5).is_i64());
    /// assert!(Number::from(i64::MAX as u64).is_i64());
    /// assert!(!Number::from(u64::MAX).is_i64());
    /// assert!(!Number::from_f64(2.0).unwrap().is_i64());
    /// ```
    #[inline]
    pub fn is_i64(&self) -> bool {
        match self.n {
            N::PosInt(value) => value <= i64::MAX as u64,
            N::NegInt(_) => true,
            N::Float(_) => false,
        }
    }

    /// Whether the number is an integer in `u64`'s range (zero or more).
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert!(Number::from(7u8).is_u64());
    /// assert!(!Number::from(-7).is_u64());
    /// ```
    #[inline]
    pub fn is_u64(&self) -> bool {
        matches!(self.n, N::PosInt(_))
    }

    /// Whether the number is a float: it was written with a fraction or an exponent, was an
    /// integer too large for 64 bits, or was made by [`Number::from_f64`].
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// let n: Number = fastwire::json::from_str("1e2").unwrap();
    /// assert!(n.is_f64());
    /// assert!(!Number::from(100).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.n, N::Float(_))
    }

    /// The number as an `i64`, if it is an integer in that range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(-3).as_i64(), Some(-3));
    /// assert_eq!(Number::from(u64::MAX).as_i64(), None);
    /// assert_eq!(Number::from_f64(3.0).unwrap().as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.n {
            N::PosInt(value) => i64::try_from(value).ok(),
            N::NegInt(value) => Some(value),
            N::Float(_) => None,
        }
    }

    /// The number as a `u64`, if it is an integer in that range.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(3).as_u64(), Some(3));
    /// assert_eq!(Number::from(-3).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.n {
            N::PosInt(value) => Some(value),
            N::NegInt(_) | N::Float(_) => None,
        }
    }

    /// The number as an `f64`: always `Some`, rounding integers beyond 2^53 to the nearest
    /// float (as serde_json does).
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from(-3).as_f64(), Some(-3.0));
    /// assert_eq!(Number::from_f64(0.5).unwrap().as_f64(), Some(0.5));
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        Some(match self.n {
            N::PosInt(value) => value as f64,
            N::NegInt(value) => value as f64,
            N::Float(value) => value,
        })
    }

    /// The number as an `f32`, if it is finite in that type.
    fn as_f32(&self) -> Option<f32> {
        match self.n {
            N::PosInt(value) => Some(value as f32),
            N::NegInt(value) => Some(value as f32),
            N::Float(value) => Some(value as f32).filter(|float| float.is_finite()),
        }
    }

    /// A float number; `None` for NaN and the infinities, which JSON cannot represent.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_f64(2.5).unwrap().to_string(), "2.5");
    /// assert!(Number::from_f64(f64::INFINITY).is_none());
    /// ```
    #[inline]
    pub fn from_f64(value: f64) -> Option<Number> {
        if value.is_finite() {
            Some(Number { n: N::Float(value) })
        } else {
            None
        }
    }

    /// An integer number from an `i128`; `None` when it fits neither `i64` nor `u64`.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_i128(-1).unwrap().as_i64(), Some(-1));
    /// assert!(Number::from_i128(i128::MAX).is_none());
    /// ```
    pub fn from_i128(value: i128) -> Option<Number> {
        if let Ok(value) = u64::try_from(value) {
            Some(Number::from(value))
        } else {
            i64::try_from(value).ok().map(Number::from)
        }
    }

    /// An integer number from a `u128`; `None` when it does not fit `u64`.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(Number::from_u128(5).unwrap().as_u64(), Some(5));
    /// assert!(Number::from_u128(u128::MAX).is_none());
    /// ```
    pub fn from_u128(value: u128) -> Option<Number> {
        u64::try_from(value).ok().map(Number::from)
    }

    /// The number the reader parsed, classified as serde_json classifies it.
    fn from_parsed(parsed: ParsedNumber) -> Number {
        let n = match parsed {
            ParsedNumber::U64(value) => N::PosInt(value),
            // `NegInt` must stay below zero (or `0` would have two unequal forms). The reader
            // already turns `-0` into the float `-0.0`, as serde_json does; keep that here too.
            ParsedNumber::I64(value) if value >= 0 => N::Float(-(value as f64)),
            ParsedNumber::I64(value) => N::NegInt(value),
            ParsedNumber::F64(value) => N::Float(value),
        };
        Number { n }
    }
}

macro_rules! number_from_unsigned {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Self {
                Number { n: N::PosInt(value as u64) }
            }
        }
    )*};
}

macro_rules! number_from_signed {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Number {
            #[inline]
            fn from(value: $ty) -> Self {
                let n = if value < 0 {
                    N::NegInt(value as i64)
                } else {
                    N::PosInt(value as u64)
                };
                Number { n }
            }
        }
    )*};
}

number_from_unsigned!(u8, u16, u32, u64, usize);
number_from_signed!(i8, i16, i32, i64, isize);

/// The text serde_json writes for the number: integers exactly, floats in their shortest
/// round-tripping form (`1.0`, `1e+100`).
///
/// ```
/// use fastwire::json::Number;
///
/// assert_eq!(Number::from(-12).to_string(), "-12");
/// assert_eq!(Number::from_f64(1e100).unwrap().to_string(), "1e+100");
/// ```
impl Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.n {
            N::PosInt(value) => f.write_str(itoa::Buffer::new().format(value)),
            N::NegInt(value) => f.write_str(itoa::Buffer::new().format(value)),
            N::Float(value) => f.write_str(zmij::Buffer::new().format_finite(value)),
        }
    }
}

impl Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl Encode for Number {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) {
        match self.n {
            N::PosInt(value) => w.write_u64(value),
            N::NegInt(value) => w.write_i64(value),
            N::Float(value) => w.write_f64(value),
        }
    }

    #[inline]
    fn size_hint(&self) -> usize {
        match self.n {
            N::PosInt(_) | N::NegInt(_) => 4,
            N::Float(_) => 12,
        }
    }
}

impl<'de> Decode<'de> for Number {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek()? {
            b'-' | b'0'..=b'9' => r.parse_number().map(Number::from_parsed),
            _ => Err(r.invalid_type("a JSON number")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Map
// ---------------------------------------------------------------------------------------------

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
    entries: Vec<(String, Value)>,
    /// Built once the map reaches [`INDEXED_LEN`] entries.
    table: Option<Box<Table>>,
}

/// Maps at least this long keep a hash index; shorter ones are searched front to back, which
/// for them costs less than hashing every key (measured: decoding twitter.json into a `Value`
/// takes 16% fewer instructions than with an index from 9 keys on). A linear search per
/// insert stays bounded: at most 32 comparisons.
const INDEXED_LEN: usize = 33;

/// A hash index over a map's entries: open addressing with linear probing, keyed by a
/// randomly seeded SipHash (so crafted keys cannot force collisions).
#[derive(Clone)]
struct Table {
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
    /// present when this is called), and renumbers the entries after it.
    fn remove(&mut self, entries: &[(String, Value)], position: usize) {
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
        for stored in self.slots.iter_mut() {
            if *stored > position + 1 {
                *stored -= 1;
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

    /// The value under `key`, after inserting `null` there if the key was absent.
    fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.insert(key.to_owned(), Value::Null);
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// Removes `key`'s entry and returns its value. The entries after it move up one place,
    /// keeping their order (O(n), like `Vec::remove`).
    ///
    /// ```
    /// let mut map: fastwire::json::Map =
    ///     [("a", 1), ("b", 2), ("c", 3)].into_iter().map(|(k, v)| (k.to_owned(), v.into())).collect();
    /// assert_eq!(map.remove("b"), Some(2.into()));
    /// assert_eq!(map.remove("b"), None);
    /// assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "c"]);
    /// ```
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.remove_entry(key).map(|(_, value)| value)
    }

    /// Removes `key`'s entry and returns it, keeping the order of the others like
    /// [`Map::remove`].
    ///
    /// ```
    /// let mut map: fastwire::json::Map = [("a".to_owned(), 1.into())].into_iter().collect();
    /// assert_eq!(map.remove_entry("a"), Some(("a".to_owned(), 1.into())));
    /// ```
    pub fn remove_entry(&mut self, key: &str) -> Option<(String, Value)> {
        let position = self.position(key)?;
        if let Some(table) = &mut self.table {
            table.remove(&self.entries, position);
        }
        Some(self.entries.remove(position))
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

    fn size_hint(&self) -> usize {
        extrapolate(
            self.len(),
            self.iter()
                .map(|(key, value)| key.len() + 4 + value.size_hint()),
        )
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

/// Defines an iterator over a map's entries that maps each slice item with `$map`.
macro_rules! map_iterator {
    ($(#[$doc:meta])* $name:ident<$lt:lifetime>, $inner:ty, $item:ty, $map:expr, $($clone:ident)?) => {
        $(#[$doc])*
        $(#[derive($clone)])?
        pub struct $name<$lt> {
            inner: $inner,
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
    inner: vec::IntoIter<(String, Value)>,
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

impl Encode for Map {
    fn encode<W: Writer>(&self, w: &mut W) {
        super::encode::encode_map(w, self);
    }

    #[inline]
    fn size_hint(&self) -> usize {
        Map::size_hint(self)
    }
}

impl<'de> Decode<'de> for Map {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        r.begin_object("a map")?;
        let mut map = Map::new();
        let mut first = true;
        while let Some(key) = r.object_key(first)? {
            let key = String::from(&*key);
            let value = Value::decode(r).map_err(|e| e.in_key(&key))?;
            map.insert(key, value);
            first = false;
        }
        Ok(map)
    }
}

// ---------------------------------------------------------------------------------------------
// Value
// ---------------------------------------------------------------------------------------------

/// Any JSON document.
///
/// Decode one with [`from_str`](super::from_str) (or any of the `from_*` functions), build one
/// with [`json!`](crate::json!) or the `From` conversions, and encode it like any other value:
/// the bytes are serde_json's for the same document. `Display` writes compact JSON, and `{:#}`
/// the pretty layout.
///
/// ```
/// use fastwire::json::{self, Value};
///
/// let mut doc = fastwire::json!({ "id": 7, "tags": ["x"] });
/// doc["tags"].as_array_mut().unwrap().push(Value::from("y"));
/// doc["score"] = Value::from(0.5);
///
/// assert_eq!(doc.to_string(), r#"{"id":7,"tags":["x","y"],"score":0.5}"#);
/// assert_eq!(json::from_str::<Value>(&doc.to_string()).unwrap(), doc);
/// assert_eq!(format!("{doc:#}"), json::to_string_pretty(&doc));
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub enum Value {
    /// `null`; also what [`Value::default`] and indexing a missing key give.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number: an exact integer or a finite float.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, keeping its keys in order.
    Object(Map),
}

/// What indexing a `Value` returns when the index is absent.
static NULL: Value = Value::Null;

impl Value {
    /// The element at an array index (`usize`) or the value under an object key (`&str`,
    /// `String`); `None` when there is none or `self` is of another kind.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a": [10, 20] });
    /// assert_eq!(doc.get("a").and_then(|a| a.get(1)), Some(&20.into()));
    /// assert_eq!(doc.get("b"), None);
    /// assert_eq!(doc.get(0), None);
    /// ```
    #[inline]
    pub fn get<I: ValueIndex>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// Like [`Value::get`], mutably.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": [10, 20] });
    /// *doc.get_mut("a").unwrap().get_mut(0).unwrap() = 5.into();
    /// assert_eq!(doc.to_string(), r#"{"a":[5,20]}"#);
    /// ```
    #[inline]
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// Whether this is `null`.
    ///
    /// ```
    /// assert!(fastwire::json!(null).is_null());
    /// assert!(!fastwire::json!(0).is_null());
    /// ```
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// `Some(())` if this is `null`.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(null).as_null(), Some(()));
    /// assert_eq!(fastwire::json!(false).as_null(), None);
    /// ```
    #[inline]
    pub fn as_null(&self) -> Option<()> {
        match self {
            Value::Null => Some(()),
            _ => None,
        }
    }

    /// Whether this is `true` or `false`.
    ///
    /// ```
    /// assert!(fastwire::json!(false).is_boolean());
    /// assert!(!fastwire::json!("false").is_boolean());
    /// ```
    #[inline]
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(true).as_bool(), Some(true));
    /// assert_eq!(fastwire::json!(1).as_bool(), None);
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(value) => Some(value),
            _ => None,
        }
    }

    /// Whether this is a number.
    ///
    /// ```
    /// assert!(fastwire::json!(1.5).is_number());
    /// assert!(!fastwire::json!("1.5").is_number());
    /// ```
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// The number, if this is one.
    ///
    /// ```
    /// use fastwire::json::Number;
    ///
    /// assert_eq!(fastwire::json!(3).as_number(), Some(&Number::from(3)));
    /// assert_eq!(fastwire::json!(null).as_number(), None);
    /// ```
    #[inline]
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(number) => Some(number),
            _ => None,
        }
    }

    /// Whether this is an integer in `i64`'s range (see [`Number::is_i64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(-1).is_i64());
    /// assert!(!fastwire::json!(1.0).is_i64());
    /// ```
    #[inline]
    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// Whether this is an integer in `u64`'s range (see [`Number::is_u64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(u64::MAX).is_u64());
    /// assert!(!fastwire::json!(-1).is_u64());
    /// ```
    #[inline]
    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    /// Whether this is a float number (see [`Number::is_f64`]).
    ///
    /// ```
    /// assert!(fastwire::json!(1.0).is_f64());
    /// assert!(!fastwire::json!(1).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    /// The number as an `i64`, if it is an integer in that range.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(-4).as_i64(), Some(-4));
    /// assert_eq!(fastwire::json!("4").as_i64(), None);
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// The number as a `u64`, if it is an integer in that range.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(4).as_u64(), Some(4));
    /// assert_eq!(fastwire::json!(-4).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The number as an `f64` (integers converted), if this is a number.
    ///
    /// ```
    /// assert_eq!(fastwire::json!(4).as_f64(), Some(4.0));
    /// assert_eq!(fastwire::json!(null).as_f64(), None);
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// Whether this is a string.
    ///
    /// ```
    /// assert!(fastwire::json!("").is_string());
    /// assert!(!fastwire::json!(null).is_string());
    /// ```
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// The string, if this is one.
    ///
    /// ```
    /// assert_eq!(fastwire::json!("hi").as_str(), Some("hi"));
    /// assert_eq!(fastwire::json!(["hi"]).as_str(), None);
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(string) => Some(string),
            _ => None,
        }
    }

    /// Whether this is an array.
    ///
    /// ```
    /// assert!(fastwire::json!([]).is_array());
    /// assert!(!fastwire::json!({}).is_array());
    /// ```
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// assert_eq!(fastwire::json!([1, 2]).as_array().map(Vec::len), Some(2));
    /// ```
    #[inline]
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    ///
    /// ```
    /// let mut doc = fastwire::json!([1]);
    /// doc.as_array_mut().unwrap().push(2.into());
    /// assert_eq!(doc.to_string(), "[1,2]");
    /// ```
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// Whether this is an object.
    ///
    /// ```
    /// assert!(fastwire::json!({}).is_object());
    /// assert!(!fastwire::json!([]).is_object());
    /// ```
    #[inline]
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// The map, if this is an object.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a": 1 });
    /// assert!(doc.as_object().unwrap().contains_key("a"));
    /// ```
    #[inline]
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// The map, mutably, if this is an object.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": 1 });
    /// doc.as_object_mut().unwrap().remove("a");
    /// assert_eq!(doc.to_string(), "{}");
    /// ```
    #[inline]
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Looks a value up by JSON Pointer ([RFC 6901](https://www.rfc-editor.org/rfc/rfc6901)):
    /// `""` is the whole document, `/a/0` the first element of the array under key `a`; `~1`
    /// stands for `/` and `~0` for `~` inside a token. Array indices are decimal without
    /// leading zeros.
    ///
    /// ```
    /// let doc = fastwire::json!({ "a/b": [{ "c": true }], "~": 1 });
    /// assert_eq!(doc.pointer("/a~1b/0/c"), Some(&true.into()));
    /// assert_eq!(doc.pointer("/~0"), Some(&1.into()));
    /// assert_eq!(doc.pointer(""), Some(&doc));
    /// assert_eq!(doc.pointer("/a~1b/01"), None);
    /// assert_eq!(doc.pointer("a"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut target = self;
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = unescape_token(token);
            target = match target {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(parse_index(&token)?)?,
                _ => return None,
            };
        }
        Some(target)
    }

    /// Like [`Value::pointer`], mutably.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": [0, 1] });
    /// *doc.pointer_mut("/a/1").unwrap() = "one".into();
    /// assert_eq!(doc.to_string(), r#"{"a":[0,"one"]}"#);
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        if pointer.is_empty() {
            return Some(self);
        }
        let mut target = self;
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = unescape_token(token);
            target = match target {
                Value::Object(map) => map.get_mut(&token)?,
                Value::Array(items) => items.get_mut(parse_index(&token)?)?,
                _ => return None,
            };
        }
        Some(target)
    }

    /// Moves the value out, leaving `null` in its place.
    ///
    /// ```
    /// let mut doc = fastwire::json!({ "a": [1] });
    /// let a = doc["a"].take();
    /// assert_eq!(a.to_string(), "[1]");
    /// assert_eq!(doc.to_string(), r#"{"a":null}"#);
    /// ```
    #[inline]
    pub fn take(&mut self) -> Value {
        mem::take(self)
    }

    /// The kind of value, for panic messages.
    fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }
}

/// A JSON Pointer token with `~1` and `~0` decoded, in that order.
fn unescape_token(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// A JSON Pointer array index: decimal digits, no sign, no leading zero.
fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// A type that can index into a [`Value`]: `usize` for arrays, `str` and `String` for objects
/// (and references to them). Sealed; used by [`Value::get`] and `value[index]`.
pub trait ValueIndex: sealed::Sealed {
    /// The value at this index, if `value` has one.
    #[doc(hidden)]
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value>;

    /// The value at this index, mutably, if `value` has one.
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value>;

    /// The value at this index, inserting `null` under a missing object key (and turning a
    /// `null` into an empty object first). Panics on a missing array index or a mismatched
    /// kind.
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value;
}

impl ValueIndex for usize {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Array(items) => items.get(*self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Array(items) => items.get_mut(*self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        match value {
            Value::Array(items) => {
                let len = items.len();
                match items.get_mut(*self) {
                    Some(item) => item,
                    None => panic!("cannot access index {self} of JSON array of length {len}"),
                }
            }
            other => panic!("cannot access index {self} of JSON {}", other.kind()),
        }
    }
}

impl ValueIndex for str {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        match value {
            Value::Object(map) => map.get(self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        match value {
            Value::Object(map) => map.get_mut(self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        if value.is_null() {
            *value = Value::Object(Map::new());
        }
        match value {
            Value::Object(map) => map.get_or_insert_null(self),
            other => panic!("cannot access key {self:?} in JSON {}", other.kind()),
        }
    }
}

impl ValueIndex for String {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(value)
    }
}

impl<T: ?Sized + ValueIndex> ValueIndex for &T {
    fn index_into<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        (**self).index_into(value)
    }

    fn index_into_mut<'v>(&self, value: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(value)
    }

    fn index_or_insert<'v>(&self, value: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(value)
    }
}

/// `value["key"]` and `value[0]`: the value there, or `null` when there is none or `value` is
/// of another kind (never panics, like serde_json).
///
/// ```
/// let doc = fastwire::json!({ "a": [{ "b": 1 }] });
/// assert_eq!(doc["a"][0]["b"], 1);
/// assert!(doc["a"][5]["b"].is_null());
/// assert!(doc[0].is_null());
/// ```
impl<I: ValueIndex> ops::Index<I> for Value {
    type Output = Value;

    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

/// `value["key"] = ...` inserts the key when it is absent (turning `null` into an object
/// first); `value[i]` panics when the index is out of bounds; both panic when `value` is of
/// another kind, as in serde_json.
///
/// ```
/// let mut doc = fastwire::json::Value::Null;
/// doc["a"]["b"] = 1.into();
/// doc["list"] = fastwire::json!([0, 0]);
/// doc["list"][1] = 2.into();
/// assert_eq!(doc.to_string(), r#"{"a":{"b":1},"list":[0,2]}"#);
/// ```
impl<I: ValueIndex> ops::IndexMut<I> for Value {
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}

impl Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(value) => write!(f, "Bool({value})"),
            Value::Number(number) => Debug::fmt(number, f),
            Value::String(string) => write!(f, "String({string:?})"),
            Value::Array(items) => {
                f.write_str("Array ")?;
                Debug::fmt(items, f)
            }
            Value::Object(map) => {
                f.write_str("Object ")?;
                Debug::fmt(map, f)
            }
        }
    }
}

/// Compact JSON, or serde_json's pretty layout with `{:#}`.
///
/// ```
/// let doc = fastwire::json!({ "a": [1, 2] });
/// assert_eq!(format!("{doc}"), r#"{"a":[1,2]}"#);
/// assert_eq!(format!("{doc:#}"), "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
/// ```
impl Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text = if f.alternate() {
            super::to_string_pretty(self)
        } else {
            super::to_string(self)
        };
        f.write_str(&text)
    }
}

/// Parses a JSON document, as [`from_str`](super::from_str) does.
///
/// ```
/// let doc: fastwire::json::Value = "[1, 2]".parse().unwrap();
/// assert_eq!(doc[1], 2);
/// ```
impl FromStr for Value {
    type Err = Error;

    fn from_str(text: &str) -> Result<Value, Error> {
        super::from_str(text)
    }
}

/// Estimated encoded size of `len` items from the average of the first few `sizes`, plus two
/// brackets.
fn extrapolate(len: usize, sizes: impl Iterator<Item = usize>) -> usize {
    let (sampled, total) = sizes
        .take(4)
        .fold((0usize, 0usize), |(n, sum), size| (n + 1, sum + size));
    2 + total.checked_div(sampled).unwrap_or(0).saturating_mul(len)
}

impl Encode for Value {
    fn encode<W: Writer>(&self, w: &mut W) {
        match self {
            Value::Null => w.write_null(),
            Value::Bool(value) => w.write_bool(*value),
            Value::Number(number) => number.encode(w),
            Value::String(string) => w.write_str(string),
            Value::Array(items) => super::encode::encode_seq(w, items),
            Value::Object(map) => map.encode(w),
        }
    }

    fn size_hint(&self) -> usize {
        match self {
            Value::Null => 4,
            Value::Bool(_) => 5,
            Value::Number(number) => number.size_hint(),
            Value::String(string) => string.len() + 2,
            Value::Array(items) => {
                extrapolate(items.len(), items.iter().map(|item| item.size_hint() + 1))
            }
            Value::Object(map) => map.size_hint(),
        }
    }
}

impl<'de> Decode<'de> for Value {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        match r.peek()? {
            b'n' => r.decode_null("any valid JSON value").map(|()| Value::Null),
            b't' | b'f' => r.decode_bool().map(Value::Bool),
            b'"' => Ok(Value::String(String::from(&*r.decode_str()?))),
            b'-' | b'0'..=b'9' => r
                .parse_number()
                .map(|n| Value::Number(Number::from_parsed(n))),
            b'[' => {
                r.begin_array("a sequence")?;
                let mut items = Vec::new();
                while r.array_next(items.is_empty())? {
                    let index = items.len();
                    items.push(Value::decode(r).map_err(|e| e.in_index(index))?);
                }
                Ok(Value::Array(items))
            }
            b'{' => Map::decode(r).map(Value::Object),
            _ => Err(r.invalid_type("any valid JSON value")),
        }
    }
}

// Conversions into `Value`.

macro_rules! value_from_integer {
    ($($ty:ty),*) => {$(
        impl From<$ty> for Value {
            #[inline]
            fn from(value: $ty) -> Self {
                Value::Number(Number::from(value))
            }
        }
    )*};
}

value_from_integer!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// A float number; NaN and the infinities become `null` (as serde_json's `Value::from`).
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(0.25).to_string(), "0.25");
/// assert!(Value::from(f64::NAN).is_null());
/// ```
impl From<f64> for Value {
    #[inline]
    fn from(value: f64) -> Self {
        Number::from_f64(value).map_or(Value::Null, Value::Number)
    }
}

/// A float number, widened to `f64` exactly; NaN and the infinities become `null`.
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(0.5f32).as_f64(), Some(0.5));
/// assert!(Value::from(f32::INFINITY).is_null());
/// ```
impl From<f32> for Value {
    #[inline]
    fn from(value: f32) -> Self {
        Value::from(f64::from(value))
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(value: bool) -> Self {
        Value::Bool(value)
    }
}

impl From<String> for Value {
    #[inline]
    fn from(value: String) -> Self {
        Value::String(value)
    }
}

impl From<&String> for Value {
    #[inline]
    fn from(value: &String) -> Self {
        Value::String(value.clone())
    }
}

impl From<&str> for Value {
    #[inline]
    fn from(value: &str) -> Self {
        Value::String(value.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(value: Cow<'_, str>) -> Self {
        Value::String(value.into_owned())
    }
}

impl From<char> for Value {
    #[inline]
    fn from(value: char) -> Self {
        Value::String(value.to_string())
    }
}

impl From<Number> for Value {
    #[inline]
    fn from(value: Number) -> Self {
        Value::Number(value)
    }
}

impl From<Map> for Value {
    #[inline]
    fn from(value: Map) -> Self {
        Value::Object(value)
    }
}

/// An array of the converted elements.
///
/// ```
/// use fastwire::json::Value;
///
/// assert_eq!(Value::from(vec![1, 2]).to_string(), "[1,2]");
/// ```
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(items: Vec<T>) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    fn from(items: [T; N]) -> Self {
        Value::Array(items.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(items: &[T]) -> Self {
        Value::Array(items.iter().cloned().map(Into::into).collect())
    }
}

/// `null` for `None`, the converted value for `Some`.
///
/// ```
/// use fastwire::json::Value;
///
/// assert!(Value::from(None::<u8>).is_null());
/// assert_eq!(Value::from(Some("x")), "x");
/// ```
impl<T: Into<Value>> From<Option<T>> for Value {
    #[inline]
    fn from(value: Option<T>) -> Self {
        value.map_or(Value::Null, Into::into)
    }
}

/// `null`.
impl From<()> for Value {
    #[inline]
    fn from((): ()) -> Self {
        Value::Null
    }
}

/// An array of the converted items.
///
/// ```
/// use fastwire::json::Value;
///
/// let doc: Value = (1..=3).collect();
/// assert_eq!(doc.to_string(), "[1,2,3]");
/// ```
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

/// An object of the converted entries, in order.
///
/// ```
/// use fastwire::json::Value;
///
/// let doc: Value = [("b", 1), ("a", 2)].into_iter().collect();
/// assert_eq!(doc.to_string(), r#"{"b":1,"a":2}"#);
/// ```
impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        Value::Object(
            iter.into_iter()
                .map(|(key, value)| (key.into(), value.into()))
                .collect(),
        )
    }
}

// Comparisons with primitives: `value == 1`, `value == "x"`, `1 == value`, ...

fn eq_i64(value: &Value, other: i64) -> bool {
    value.as_i64() == Some(other)
}

fn eq_u64(value: &Value, other: u64) -> bool {
    value.as_u64() == Some(other)
}

fn eq_f32(value: &Value, other: f32) -> bool {
    value.as_number().and_then(Number::as_f32) == Some(other)
}

fn eq_f64(value: &Value, other: f64) -> bool {
    value.as_f64() == Some(other)
}

fn eq_bool(value: &Value, other: bool) -> bool {
    value.as_bool() == Some(other)
}

fn eq_str(value: &Value, other: &str) -> bool {
    value.as_str() == Some(other)
}

macro_rules! value_eq_primitive {
    ($($eq:ident [$($ty:ty),*])*) => {$($(
        impl PartialEq<$ty> for Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }

        impl PartialEq<Value> for $ty {
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                $eq(other, *self as _)
            }
        }

        impl PartialEq<$ty> for &Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }

        impl PartialEq<$ty> for &mut Value {
            #[inline]
            fn eq(&self, other: &$ty) -> bool {
                $eq(self, *other as _)
            }
        }
    )*)*};
}

value_eq_primitive! {
    eq_i64[i8, i16, i32, i64, isize]
    eq_u64[u8, u16, u32, u64, usize]
    eq_f32[f32]
    eq_f64[f64]
    eq_bool[bool]
}

impl PartialEq<str> for Value {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<&str> for Value {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<String> for Value {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        eq_str(self, other)
    }
}

impl PartialEq<Value> for str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for &str {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

impl PartialEq<Value> for String {
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        eq_str(other, self)
    }
}

// ---------------------------------------------------------------------------------------------
// json!
// ---------------------------------------------------------------------------------------------

/// Builds a [`json::Value`](crate::json::Value) from JSON written inline: `fastwire::json!`.
///
/// `null`, arrays `[...]` and objects `{...}` are written as in JSON (trailing commas allowed);
/// anything else is a Rust expression converted with `Value::from` (so `true`, numbers,
/// strings, variables, `Option`s, `Vec`s, other `Value`s and any `Into<Value>` type work).
/// Object keys are string literals or expressions that convert into `String` (a variable, a
/// call, `(parenthesized)`, ...). Repeated keys keep the first position and the last value.
///
/// ```
/// use fastwire::json;
///
/// let name = "Ada";
/// let key = String::from("dynamic");
/// let scores = vec![90, 85];
/// let doc = json!({
///     "name": name,
///     "age": 36,
///     "admin": true,
///     "spouse": null,
///     "scores": scores,
///     "ratio": 0.5,
///     key: { "nested": [1, "two", null, [], {}] },
///     (format!("k{}", 1)): -1,
/// });
/// assert_eq!(
///     json::to_string(&doc),
///     r#"{"name":"Ada","age":36,"admin":true,"spouse":null,"scores":[90,85],"ratio":0.5,"dynamic":{"nested":[1,"two",null,[],{}]},"k1":-1}"#,
/// );
/// ```
///
/// Each array element and object entry costs one or two levels of macro recursion, so a
/// literal with more than about sixty entries at one level needs a higher
/// `#![recursion_limit]`.
#[macro_export]
macro_rules! json {
    (null) => {
        $crate::json::Value::Null
    };
    ([]) => {
        $crate::json::Value::Array(::std::vec::Vec::new())
    };
    ([ $($elements:tt)+ ]) => {
        $crate::json::Value::Array($crate::__json_array!([] $($elements)+))
    };
    ({}) => {
        $crate::json::Value::Object($crate::json::Map::new())
    };
    ({ $($entries:tt)+ }) => {{
        let mut object = $crate::json::Map::new();
        $crate::__json_object!(object () $($entries)+);
        $crate::json::Value::Object(object)
    }};
    ($other:expr) => {
        $crate::json::Value::from($other)
    };
}

/// Array elements for `json!`: `([converted,] tokens...)`, one element per step.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_array {
    ([$($done:expr,)*]) => {
        ::std::vec![$($done,)*]
    };
    ([$($done:expr,)*] null , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::Null,] $($rest)*)
    };
    ([$($done:expr,)*] null) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::Null,])
    };
    ([$($done:expr,)*] [$($array:tt)*] , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json!([$($array)*]),] $($rest)*)
    };
    ([$($done:expr,)*] [$($array:tt)*]) => {
        $crate::__json_array!([$($done,)* $crate::json!([$($array)*]),])
    };
    ([$($done:expr,)*] {$($object:tt)*} , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json!({$($object)*}),] $($rest)*)
    };
    ([$($done:expr,)*] {$($object:tt)*}) => {
        $crate::__json_array!([$($done,)* $crate::json!({$($object)*}),])
    };
    ([$($done:expr,)*] $next:expr , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::from($next),] $($rest)*)
    };
    ([$($done:expr,)*] $next:expr) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::from($next),])
    };
}

/// Object entries for `json!`: `(map (key tokens so far) tokens...)` collects a key up to its
/// colon, then `(@value map (key) tokens...)` inserts one value.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_object {
    // No more entries (a trailing comma is fine).
    ($object:ident ()) => {};
    // A literal key: straight to its value.
    ($object:ident () $key:literal : $($rest:tt)+) => {
        $crate::__json_object!(@value $object ($key) $($rest)+);
    };
    // Any other key: gather tokens up to the colon.
    ($object:ident ($($key:tt)+) : $($rest:tt)+) => {
        $crate::__json_object!(@value $object ($($key)+) $($rest)+);
    };
    ($object:ident ($($key:tt)*) $next:tt $($rest:tt)*) => {
        $crate::__json_object!($object ($($key)* $next) $($rest)*);
    };
    // The value, then the remaining entries.
    (@value $object:ident ($($key:tt)+) null $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json::Value::Null);
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) [$($array:tt)*] $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json!([$($array)*]));
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) {$($inner:tt)*} $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json!({$($inner)*}));
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) $value:expr $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json::Value::from($value));
        $crate::__json_object!($object () $($($rest)*)?);
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{from_str, to_string, to_string_pretty, Decoder};

    fn parse(text: &str) -> Value {
        from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Decodes `text` and checks that encoding gives `expected` back.
    fn round_trip(text: &str, expected: &str) {
        let value = parse(text);
        assert_eq!(to_string(&value), expected, "from {text}");
        assert_eq!(value.to_string(), expected);
        assert_eq!(parse(expected), value, "re-reading {expected}");
    }

    #[test]
    fn scalars_round_trip() {
        round_trip("null", "null");
        round_trip(" true ", "true");
        round_trip("false", "false");
        round_trip(r#""a\"b\\c\n\u00e9\ud83d\ude00""#, "\"a\\\"b\\\\c\\né😀\"");
        round_trip(r#""\u001f\u0000""#, r#""\u001f\u0000""#);
        round_trip("0", "0");
        round_trip("-1", "-1");
        round_trip("1.5", "1.5");
        round_trip("1.0", "1.0");
        round_trip("1e3", "1000.0");
        round_trip("1E+2", "100.0");
        round_trip("2.5e-3", "0.0025");
        round_trip("1e100", "1e+100");
        round_trip("-1.5e-7", "-1.5e-7");
        round_trip("123456789.125", "123456789.125");
    }

    #[test]
    fn containers_round_trip() {
        round_trip("[]", "[]");
        round_trip("{}", "{}");
        round_trip("[ 1 , [ ] , { } , [null] ]", "[1,[],{},[null]]");
        round_trip(
            r#" { "z" : 1, "a": [true, {"y": null, "b": "s"}], "m": {} } "#,
            r#"{"z":1,"a":[true,{"y":null,"b":"s"}],"m":{}}"#,
        );
        round_trip(r#"{"k\"ey": 1, "\u00e9": 2}"#, r#"{"k\"ey":1,"é":2}"#);
    }

    #[test]
    fn pretty_layout() {
        let value = parse(r#"{"a":[1,{"b":[]},{}],"c":"d","e":{}}"#);
        let expected = "{\n  \"a\": [\n    1,\n    {\n      \"b\": []\n    },\n    {}\n  ],\n  \"c\": \"d\",\n  \"e\": {}\n}";
        assert_eq!(to_string_pretty(&value), expected);
        assert_eq!(format!("{value:#}"), expected);
        assert_eq!(to_string_pretty(&Value::Array(vec![])), "[]");
    }

    #[test]
    fn number_classification() {
        let n = |text: &str| -> Number { from_str(text).unwrap() };

        let max = n("18446744073709551615");
        assert!(max.is_u64() && !max.is_i64() && !max.is_f64());
        assert_eq!(max.as_u64(), Some(u64::MAX));
        assert_eq!(max.to_string(), "18446744073709551615");

        let min = n("-9223372036854775808");
        assert!(min.is_i64() && !min.is_u64());
        assert_eq!(min.as_i64(), Some(i64::MIN));
        assert_eq!(min.to_string(), "-9223372036854775808");

        let beyond = n("18446744073709551616");
        assert!(beyond.is_f64());
        assert_eq!(beyond.as_f64(), Some(18446744073709551616.0));
        assert_eq!(beyond.to_string(), "1.8446744073709552e+19");

        let below = n("-9223372036854775809");
        assert!(below.is_f64());
        assert_eq!(below.to_string(), "-9.223372036854776e+18");

        let float = n("1.0");
        assert!(float.is_f64());
        assert_ne!(float, Number::from(1));
        assert_eq!(float.as_i64(), None);

        let zero = n("0");
        assert!(zero.is_u64() && zero.is_i64());
        assert_eq!(zero, Number::from(0i64));

        // serde_json reads `-0` as the float -0.0 (its parser turns a negated zero
        // significand into a float to keep the sign), and writes it back as `-0.0`.
        let negative_zero = n("-0");
        assert!(negative_zero.is_f64());
        assert!(negative_zero.as_f64().unwrap().is_sign_negative());
        assert_eq!(negative_zero.to_string(), "-0.0");
        round_trip("[-0, -0.0, 0.0]", "[-0.0,-0.0,0.0]");

        assert_eq!(n("-5").as_i64(), Some(-5));
        assert!(n("5").is_u64());
        assert_eq!(Number::from(-0i32), Number::from(0u8));
        assert_eq!(Number::from(i64::MAX).as_u64(), Some(i64::MAX as u64));
        assert_eq!(Number::from(i64::MIN).as_u64(), None);
        assert_eq!(format!("{:?}", Number::from(-3)), "Number(-3)");
        assert_eq!(format!("{:?}", n("2.5")), "Number(2.5)");

        assert!(from_str::<Number>("1e400").is_err());
        assert!(from_str::<Number>("\"1\"").is_err());
        assert!(from_str::<Value>("01").is_err());
        assert!(from_str::<Value>("1.").is_err());
        assert!(from_str::<Value>("-").is_err());
    }

    #[test]
    fn numbers_encode_exactly() {
        let value = Value::Array(vec![
            Value::from(u64::MAX),
            Value::from(i64::MIN),
            Value::from(0.1),
            Value::from(-2.0f64),
            Value::from(1e21),
            Value::from(1.5e-10),
            Value::from(f64::NAN),
            Value::from(0.1f32),
        ]);
        assert_eq!(
            to_string(&value),
            "[18446744073709551615,-9223372036854775808,0.1,-2.0,1e+21,1.5e-10,null,0.10000000149011612]"
        );
    }

    #[test]
    fn duplicate_keys_keep_first_position_and_last_value() {
        let value = parse(r#"{"a": 1, "b": 2, "a": 3}"#);
        assert_eq!(to_string(&value), r#"{"a":3,"b":2}"#);
        assert_eq!(value["a"], 3);

        // The same once the map is indexed.
        let mut text = String::from("{");
        for i in 0..40 {
            text.push_str(&format!("\"k{i}\": {i},"));
        }
        text.push_str(r#""k3": "again", "k39": "last"}"#);
        let value = parse(&text);
        let map = value.as_object().unwrap();
        assert_eq!(map.len(), 40);
        assert_eq!(map.keys().nth(3).unwrap(), "k3");
        assert_eq!(map["k3"], "again");
        assert_eq!(map.values().next_back().unwrap(), "last");
    }

    #[test]
    fn big_object_decodes_and_looks_up() {
        const KEYS: usize = 100_000;
        let mut text = String::with_capacity(KEYS * 20);
        text.push('{');
        for i in 0..KEYS {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&format!("\"key{i}\":{i}"));
        }
        text.push('}');

        let value = parse(&text);
        let map = value.as_object().unwrap();
        assert_eq!(map.len(), KEYS);
        // Lookups and duplicate checks go through the hash index, not a scan of the entries
        // (a scan per insert would make decoding this object quadratic).
        assert!(map.table.is_some());
        for i in (0..KEYS).step_by(997) {
            assert_eq!(map[&format!("key{i}")], i as u64);
        }
        assert!(map.get("key100000").is_none());
        assert_eq!(map.keys().next().unwrap(), "key0");
        assert_eq!(map.keys().next_back().unwrap(), &format!("key{}", KEYS - 1));
        assert_eq!(to_string(&value), text);
    }

    /// A small deterministic generator for the model test.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, bound: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % bound
        }
    }

    #[test]
    fn map_matches_a_vec_model() {
        let mut rng = Lcg(42);
        let mut map = Map::new();
        let mut model: Vec<(String, Value)> = Vec::new();
        for step in 0..20_000 {
            let key = format!("k{}", rng.next(300));
            match rng.next(10) {
                0..=5 => {
                    let value = Value::from(step);
                    let expected = match model.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, v)) => Some(mem::replace(v, value.clone())),
                        None => {
                            model.push((key.clone(), value.clone()));
                            None
                        }
                    };
                    assert_eq!(map.insert(key, value), expected);
                }
                6..=8 => {
                    let expected = model
                        .iter()
                        .position(|(k, _)| *k == key)
                        .map(|i| model.remove(i).1);
                    assert_eq!(map.remove(&key), expected);
                }
                _ => {
                    let expected = model.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
                    assert_eq!(map.get(&key), expected);
                }
            }
            if step % 500 == 0 {
                assert_eq!(map.len(), model.len());
                assert!(map
                    .iter()
                    .zip(&model)
                    .all(|((k1, v1), (k2, v2))| k1 == k2 && v1 == v2));
                for (key, value) in &model {
                    assert_eq!(map.get(key), Some(value));
                }
            }
        }
        map.retain(|key, _| key.len() % 2 == 0);
        model.retain(|(key, _)| key.len() % 2 == 0);
        assert_eq!(
            map.keys().collect::<Vec<_>>(),
            model.iter().map(|(k, _)| k).collect::<Vec<_>>()
        );
        for (key, value) in &model {
            assert_eq!(map.get(key), Some(value));
        }
        assert!(map.get("k10").is_none());
    }

    #[test]
    fn map_api() {
        let mut map: Map = (0..12).map(|i| (format!("{i}"), Value::from(i))).collect();
        assert_eq!(map.len(), 12);
        assert_eq!(map.remove("3"), Some(Value::from(3)));
        assert_eq!(
            map.remove_entry("0"),
            Some(("0".to_owned(), Value::from(0)))
        );
        assert_eq!(
            map.keys().map(String::as_str).collect::<Vec<_>>(),
            ["1", "2", "4", "5", "6", "7", "8", "9", "10", "11"]
        );
        for key in ["1", "2", "4", "11"] {
            assert!(map.contains_key(key), "{key}");
        }
        map["4"] = Value::from("four");
        *map.get_mut("5").unwrap() = Value::Null;
        for (key, value) in &mut map {
            if key == "6" {
                *value = Value::Bool(true);
            }
        }
        assert_eq!(map.iter().len(), 10);
        assert_eq!(map.iter().next_back().unwrap().0, "11");
        assert_eq!(
            to_string(&map),
            r#"{"1":1,"2":2,"4":"four","5":null,"6":true,"7":7,"8":8,"9":9,"10":10,"11":11}"#
        );

        let mut reversed: Map = map.clone().into_iter().rev().collect();
        assert_eq!(reversed, map);
        reversed.insert("1".to_owned(), Value::from(-1));
        assert_ne!(reversed, map);
        reversed.insert("1".to_owned(), Value::from(1));
        reversed.insert("extra".to_owned(), Value::Null);
        assert_ne!(reversed, map);

        let small: Map = [
            ("b".to_owned(), Value::from(1)),
            ("a".to_owned(), Value::Null),
        ]
        .into_iter()
        .collect();
        assert_eq!(format!("{small:?}"), r#"{"b": Number(1), "a": Null}"#);
        let mut cleared = map.clone();
        cleared.clear();
        assert!(cleared.is_empty());
        cleared.insert("x".to_owned(), Value::Null);
        assert_eq!(to_string(&cleared), r#"{"x":null}"#);
        assert_eq!(Map::default(), Map::new());
        let decoded: Map = from_str(r#"{"q": [1]}"#).unwrap();
        assert_eq!(decoded["q"][0], 1);
        assert!(from_str::<Map>("[]").is_err());
    }

    #[test]
    fn index_and_pointer() {
        let mut value = parse(r#"{"a": [10, {"b/c": {"~d": 4}}], "": 0}"#);
        assert_eq!(value["a"][0], 10);
        assert_eq!(value[&String::from("a")][1]["b/c"]["~d"], 4);
        assert!(value["nope"].is_null());
        assert!(value["a"][99].is_null());
        assert!(value["a"]["x"].is_null());
        assert!(value[0].is_null());
        assert_eq!(value.get("a").unwrap().get(0), Some(&Value::from(10)));
        assert_eq!(
            value.get(String::from("a")).map(Value::is_array),
            Some(true)
        );

        assert_eq!(value.pointer("/a/1/b~1c/~0d"), Some(&Value::from(4)));
        assert_eq!(value.pointer("/"), Some(&Value::from(0)));
        assert_eq!(value.pointer("/a/01"), None);
        assert_eq!(value.pointer("/a/+1"), None);
        assert_eq!(value.pointer("/a/-1"), None);
        assert_eq!(value.pointer("/a/0/x"), None);
        assert_eq!(value.pointer("a"), None);
        *value.pointer_mut("/a/0").unwrap() = Value::from("ten");
        assert_eq!(value["a"][0], "ten");

        value["new"]["deep"] = Value::from(1);
        value["a"][0] = Value::Null;
        assert_eq!(
            to_string(&value),
            r#"{"a":[null,{"b/c":{"~d":4}}],"":0,"new":{"deep":1}}"#
        );
        let taken = value["new"].take();
        assert_eq!(to_string(&taken), r#"{"deep":1}"#);
        assert!(value["new"].is_null());
    }

    #[test]
    #[should_panic(expected = "cannot access index 5 of JSON array of length 2")]
    fn index_mut_out_of_bounds_panics() {
        let mut value = parse("[1, 2]");
        value[5] = Value::Null;
    }

    #[test]
    #[should_panic(expected = "cannot access key \"a\" in JSON array")]
    fn index_mut_key_on_array_panics() {
        let mut value = parse("[1, 2]");
        value["a"] = Value::Null;
    }

    #[test]
    fn accessors_and_comparisons() {
        let value = parse(r#"[null, true, 1, -2, 3.5, "s", [], {}]"#);
        let items = value.as_array().unwrap();
        assert!(items[0].is_null() && items[0].as_null() == Some(()));
        assert!(items[1].is_boolean() && items[1] == true);
        assert!(items[2].is_u64() && items[2].is_i64() && items[2] == 1 && items[2] == 1.0);
        assert!(items[3].is_i64() && !items[3].is_u64() && items[3] == -2i8);
        assert!(items[4].is_f64() && items[4] == 3.5 && items[4] == 3.5f32);
        assert!(items[5].is_string() && items[5] == "s" && items[5] == *"s");
        let owned = String::from("s");
        assert!(items[5] == owned);
        assert!("s" == items[5]);
        assert!(owned == items[5]);
        assert!(items[6].is_array() && items[7].is_object());
        assert_eq!(items[4].as_u64(), None);
        assert_eq!(items[3].as_f64(), Some(-2.0));
        assert!(items[2] != "1" && items[5] != 1 && items[1] != 1);
        assert!(1 == items[2] && &items[2] == 1u64);
        assert_eq!(
            format!("{:?}", value),
            r#"Array [Null, Bool(true), Number(1), Number(-2), Number(3.5), String("s"), Array [], Object {}]"#
        );
        assert_eq!(Value::default(), Value::Null);
        assert_eq!(items[2].as_number(), Some(&Number::from(1)));
    }

    #[test]
    fn conversions() {
        assert_eq!(to_string(&Value::from(())), "null");
        assert_eq!(to_string(&Value::from(Some(3u16))), "3");
        assert_eq!(to_string(&Value::from(None::<&str>)), "null");
        assert_eq!(to_string(&Value::from(vec!["a", "b"])), r#"["a","b"]"#);
        assert_eq!(to_string(&Value::from([1.5, 2.0])), "[1.5,2.0]");
        assert_eq!(to_string(&Value::from(&[true][..])), "[true]");
        assert_eq!(to_string(&Value::from(Cow::Borrowed("c"))), r#""c""#);
        assert_eq!(to_string(&Value::from('x')), r#""x""#);
        assert_eq!(to_string(&Value::from(f32::NAN)), "null");
        assert_eq!(to_string(&Value::from(-7isize)), "-7");
        let object: Value = vec![("k", 1), ("j", 2)].into_iter().collect();
        assert_eq!(to_string(&object), r#"{"k":1,"j":2}"#);
        let array: Value = ["x"].into_iter().collect();
        assert_eq!(to_string(&array), r#"["x"]"#);
        assert_eq!("[1]".parse::<Value>().unwrap(), Value::from(vec![1]));
        assert!("[1".parse::<Value>().is_err());
    }

    #[test]
    fn decode_errors_name_the_path() {
        let err = from_str::<Value>(r#"{"a": [1, tru]}"#).unwrap_err();
        assert!(err.is_syntax());
        assert_eq!(err.path(), r#"["a"][1]"#);
        let err = from_str::<Value>(r#"{"a": {"b" 1}}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"expected `:` at ["a"] (line 1, column 12)"#
        );
        let err = from_str::<Value>("x").unwrap_err();
        assert_eq!(err.to_string(), "expected value (line 1, column 1)");
        assert!(from_str::<Value>("").unwrap_err().is_eof());
        assert!(from_str::<Value>("[1,]").is_err());
        assert!(from_str::<Value>(r#"{"a":1,}"#).is_err());
        assert!(from_str::<Value>("1 2").is_err());
        assert!(from_str::<Value>(r#""\ud800""#).is_err());
    }

    #[test]
    fn nesting_is_limited() {
        // serde_json's counting: the default limit of 128 admits 127 levels.
        let ok = "[".repeat(127) + &"]".repeat(127);
        assert!(from_str::<Value>(&ok).is_ok());
        let deep = "[".repeat(128) + &"]".repeat(128);
        assert!(from_str::<Value>(&deep).is_err());
        let objects = "{\"a\":".repeat(200) + "1" + &"}".repeat(200);
        assert!(from_str::<Value>(&objects).is_err());
        assert!(Decoder::new()
            .max_depth(300)
            .from_str::<Value>(&objects)
            .is_ok());
    }

    #[test]
    fn size_hint_is_reasonable() {
        let value = parse(r#"{"list": [1, 2, 3, 4, 5, 6, 7, 8], "name": "abcdef"}"#);
        let hint = value.size_hint();
        let actual = to_string(&value).len();
        assert!(
            hint >= actual / 2 && hint <= actual * 3,
            "{hint} vs {actual}"
        );
    }

    #[test]
    fn json_macro() {
        let name = "Ada";
        let key = String::from("dyn");
        let list = vec![1, 2];
        let inner = crate::json!({"x": 1});
        let value = crate::json!({
            "null": null,
            "t": true,
            "f": false,
            "int": -3,
            "big": u64::MAX,
            "float": 1.5,
            "str": "s",
            "name": name,
            "list": list,
            "inner": inner,
            "array": [null, true, 1, "two", [3], {"four": 4}, 2 + 3, name,],
            "empty": [],
            "obj": {},
            key: "dynamic key",
            (format!("{}{}", "comp", "uted")): [[]],
            "dup": 1,
            "dup": 2,
            "expr": [1, 2].len(),
            "opt": Some("x"),
            "none": None::<u8>,
        });
        assert_eq!(
            to_string(&value),
            concat!(
                r#"{"null":null,"t":true,"f":false,"int":-3,"big":18446744073709551615,"#,
                r#""float":1.5,"str":"s","name":"Ada","list":[1,2],"inner":{"x":1},"#,
                r#""array":[null,true,1,"two",[3],{"four":4},5,"Ada"],"empty":[],"obj":{},"#,
                r#""dyn":"dynamic key","computed":[[]],"dup":2,"expr":2,"opt":"x","none":null}"#
            )
        );
        assert_eq!(crate::json!(null), Value::Null);
        assert_eq!(crate::json!(7), 7);
        assert_eq!(crate::json!("x"), "x");
        assert_eq!(crate::json!([]), Value::Array(vec![]));
        assert_eq!(crate::json!({}), Value::Object(Map::new()));
        assert_eq!(
            to_string(&crate::json!([[null], {"a": [null]}])),
            r#"[[null],{"a":[null]}]"#
        );
        assert_eq!(to_string(&crate::json!({"a": null})), r#"{"a":null}"#);
        assert_eq!(
            to_string(&crate::json!({"a": [1], "b": {"c": null},})),
            r#"{"a":[1],"b":{"c":null}}"#
        );
    }
}
