//! Dropping a [`Value`] in bounded stack space, so that a document nested far deeper than the
//! thread's stack could hold (built by hand, or decoded with a raised nesting limit) is freed
//! without overflowing it.

use std::mem;

use super::Value;

/// How many levels below the value being dropped are emptied by (explicit, bounded)
/// recursion; deeper containers wait on a heap stack. Typical documents never reach it.
const RECURSION: usize = 64;

/// Whether `value` is an array or map with something in it.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn holds_values(value: &Value) -> bool {
    match value {
        Value::Array(items) => !items.is_empty(),
        Value::Map(entries) => !entries.is_empty(),
        _ => false,
    }
}

/// Drops what `value` holds, leaving it an empty array or map: nested containers (elements,
/// keys and values) are emptied first, in place, `budget` levels down, and any deeper ones are
/// moved to `deeper`. The elements are then dropped where they lie, holding nothing to
/// recurse into.
fn empty(value: &mut Value, budget: usize, deeper: &mut Vec<Value>) {
    match value {
        Value::Array(items) => {
            for item in items.iter_mut() {
                release(item, budget, deeper);
            }
            drop(mem::take(items));
        }
        Value::Map(entries) => {
            for (key, item) in entries.iter_mut() {
                release(key, budget, deeper);
                release(item, budget, deeper);
            }
            drop(mem::take(entries));
        }
        _ => {}
    }
}

/// Empties `item`, an element of a container being emptied, if it holds anything: now, if
/// the budget allows, or later, from `deeper`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn release(item: &mut Value, budget: usize, deeper: &mut Vec<Value>) {
    if holds_values(item) {
        match budget.checked_sub(1) {
            Some(budget) => empty(item, budget, deeper),
            None => deeper.push(mem::take(item)),
        }
    }
}

impl Drop for Value {
    /// Frees the document in bounded stack space: nested arrays and maps (keys included) are
    /// emptied a bounded number of levels down by explicit recursion, deeper ones one after
    /// another from a heap stack, so no element's own drop ever has a container to recurse
    /// into.
    ///
    /// ```
    /// use fastwire::msgpack::Value;
    ///
    /// let mut deep = Value::Nil;
    /// for _ in 0..1_000_000 {
    ///     deep = Value::Map(vec![(deep, Value::Nil)]);
    /// }
    /// drop(deep); // no stack overflow
    /// ```
    #[inline]
    fn drop(&mut self) {
        // Inlined into every drop of a `Value`: scalars and empty containers (all the
        // elements `empty` drops) cost one check.
        if holds_values(self) {
            drop_contents(self);
        }
    }
}

/// Drops everything `value` holds, without unbounded recursion.
#[inline(never)]
fn drop_contents(value: &mut Value) {
    let mut deeper = Vec::new();
    empty(value, RECURSION, &mut deeper);
    while let Some(mut value) = deeper.pop() {
        empty(&mut value, RECURSION, &mut deeper);
    }
}
