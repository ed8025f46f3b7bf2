//! [`Entry`]: one key's place in a [`Map`], occupied or vacant, from [`Map::entry`].

use std::fmt::{self, Debug};

use super::{Map, Value};

/// A key's place in a [`Map`]: [`Map::entry`] returns one, to look at it and insert, change or
/// remove its value without searching twice.
///
/// ```
/// use fastwire::json::{map::Entry, Map, Value};
///
/// let mut map = Map::new();
/// match map.entry("id") {
///     Entry::Vacant(vacant) => {
///         vacant.insert(Value::from(7));
///     }
///     Entry::Occupied(_) => unreachable!(),
/// }
/// assert_eq!(map["id"], 7);
/// ```
pub enum Entry<'a> {
    /// The key is absent.
    Vacant(VacantEntry<'a>),
    /// The key is present.
    Occupied(OccupiedEntry<'a>),
}

/// An absent key's place in a [`Map`]: see [`Entry`].
pub struct VacantEntry<'a> {
    pub(super) map: &'a mut Map,
    pub(super) key: String,
}

/// A present key's entry in a [`Map`]: see [`Entry`].
pub struct OccupiedEntry<'a> {
    pub(super) map: &'a mut Map,
    /// The entry's position in the map's entries.
    pub(super) index: usize,
}

impl<'a> Entry<'a> {
    /// The key of this entry.
    ///
    /// ```
    /// let mut map = fastwire::json::Map::new();
    /// assert_eq!(map.entry("k").key(), "k");
    /// ```
    pub fn key(&self) -> &String {
        match self {
            Entry::Vacant(vacant) => vacant.key(),
            Entry::Occupied(occupied) => occupied.key(),
        }
    }

    /// The value, after inserting `default` if the key was absent.
    ///
    /// ```
    /// let mut map = fastwire::json::Map::new();
    /// *map.entry("n").or_insert(1.into()) = 2.into();
    /// assert_eq!(*map.entry("n").or_insert(5.into()), 2);
    /// ```
    pub fn or_insert(self, default: Value) -> &'a mut Value {
        match self {
            Entry::Vacant(vacant) => vacant.insert(default),
            Entry::Occupied(occupied) => occupied.into_mut(),
        }
    }

    /// The value, after inserting the result of `default` if the key was absent (`default`
    /// runs only then).
    ///
    /// ```
    /// let mut map = fastwire::json::Map::new();
    /// map.entry("list").or_insert_with(|| fastwire::json!([])).as_array_mut().unwrap().push(1.into());
    /// assert_eq!(map["list"], fastwire::json!([1]));
    /// ```
    pub fn or_insert_with(self, default: impl FnOnce() -> Value) -> &'a mut Value {
        match self {
            Entry::Vacant(vacant) => vacant.insert(default()),
            Entry::Occupied(occupied) => occupied.into_mut(),
        }
    }

    /// Runs `change` on the value if the key is present, and gives the entry back (to chain
    /// [`Entry::or_insert`]).
    ///
    /// ```
    /// let mut map = fastwire::json::Map::new();
    /// map.entry("hits").and_modify(|v| *v = 100.into()).or_insert(1.into());
    /// map.entry("hits").and_modify(|v| *v = 100.into()).or_insert(1.into());
    /// assert_eq!(map["hits"], 100);
    /// ```
    pub fn and_modify(self, change: impl FnOnce(&mut Value)) -> Self {
        match self {
            Entry::Occupied(mut occupied) => {
                change(occupied.get_mut());
                Entry::Occupied(occupied)
            }
            vacant => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    /// The absent key.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut map = fastwire::json::Map::new();
    /// let Entry::Vacant(vacant) = map.entry("k") else { unreachable!() };
    /// assert_eq!(vacant.key(), "k");
    /// ```
    pub fn key(&self) -> &String {
        &self.key
    }

    /// Inserts `value` under the key (at the end of the map) and returns it.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut map = fastwire::json::Map::new();
    /// if let Entry::Vacant(vacant) = map.entry("k") {
    ///     *vacant.insert(1.into()) = 2.into();
    /// }
    /// assert_eq!(map["k"], 2);
    /// ```
    pub fn insert(self, value: Value) -> &'a mut Value {
        let index = self.map.push_absent(self.key, value);
        &mut self.map.entries[index].1
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The present key.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "k": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("k") else { unreachable!() };
    /// assert_eq!(occupied.key(), "k");
    /// ```
    pub fn key(&self) -> &String {
        &self.map.entries[self.index].0
    }

    /// The value.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "k": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("k") else { unreachable!() };
    /// assert_eq!(*occupied.get(), 1);
    /// ```
    pub fn get(&self) -> &Value {
        &self.map.entries[self.index].1
    }

    /// The value, mutably, for as long as the entry lives.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "k": 1 });
    /// if let Entry::Occupied(mut occupied) = doc.as_object_mut().unwrap().entry("k") {
    ///     *occupied.get_mut() = 2.into();
    /// }
    /// assert_eq!(doc["k"], 2);
    /// ```
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.entries[self.index].1
    }

    /// The value, mutably, for as long as the map is borrowed.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "k": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("k") else { unreachable!() };
    /// *occupied.into_mut() = 3.into();
    /// assert_eq!(doc["k"], 3);
    /// ```
    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.entries[self.index].1
    }

    /// Replaces the value, returning the old one; the entry keeps its place.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "k": 1 });
    /// let Entry::Occupied(mut occupied) = doc.as_object_mut().unwrap().entry("k") else { unreachable!() };
    /// assert_eq!(occupied.insert(2.into()), 1);
    /// ```
    pub fn insert(&mut self, value: Value) -> Value {
        std::mem::replace(self.get_mut(), value)
    }

    /// Removes the entry and returns its value; the last entry takes its place, as
    /// [`Map::remove`] does.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2, "c": 3 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.remove(), 1);
    /// assert_eq!(doc.to_string(), r#"{"c":3,"b":2}"#);
    /// ```
    pub fn remove(self) -> Value {
        self.swap_remove()
    }

    /// Removes the entry and returns its value; the last entry takes its place.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.swap_remove(), 1);
    /// ```
    pub fn swap_remove(self) -> Value {
        self.swap_remove_entry().1
    }

    /// Removes the entry and returns its value; the entries after it move up, keeping their
    /// order.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1, "b": 2, "c": 3 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.shift_remove(), 1);
    /// assert_eq!(doc.to_string(), r#"{"b":2,"c":3}"#);
    /// ```
    pub fn shift_remove(self) -> Value {
        self.shift_remove_entry().1
    }

    /// Removes the entry and returns it, as [`OccupiedEntry::remove`] does.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.remove_entry(), ("a".to_owned(), 1.into()));
    /// ```
    pub fn remove_entry(self) -> (String, Value) {
        self.swap_remove_entry()
    }

    /// Removes the entry and returns it; the last entry takes its place.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.swap_remove_entry(), ("a".to_owned(), 1.into()));
    /// ```
    pub fn swap_remove_entry(self) -> (String, Value) {
        self.map.swap_remove_at(self.index)
    }

    /// Removes the entry and returns it; the entries after it keep their order.
    ///
    /// ```
    /// use fastwire::json::map::Entry;
    ///
    /// let mut doc = fastwire::json!({ "a": 1 });
    /// let Entry::Occupied(occupied) = doc.as_object_mut().unwrap().entry("a") else { unreachable!() };
    /// assert_eq!(occupied.shift_remove_entry(), ("a".to_owned(), 1.into()));
    /// ```
    pub fn shift_remove_entry(self) -> (String, Value) {
        self.map.shift_remove_at(self.index)
    }
}

impl Debug for Entry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Entry::Vacant(vacant) => f.debug_tuple("Vacant").field(vacant).finish(),
            Entry::Occupied(occupied) => f.debug_tuple("Occupied").field(occupied).finish(),
        }
    }
}

impl Debug for VacantEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_tuple("VacantEntry").field(&self.key).finish()
    }
}

impl Debug for OccupiedEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("OccupiedEntry")
            .field("key", self.key())
            .field("value", self.get())
            .finish()
    }
}
