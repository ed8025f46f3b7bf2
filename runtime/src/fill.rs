//! A `Vec` filled element by element, as decoders build sequences, with its pointer, length
//! and capacity held as plain values rather than behind the `Vec`.
//!
//! `Vec::push` keeps the length in the vector, and the vector's address goes to the growth
//! call inside the loop, so the compiler keeps the length (and the pointer) in memory: each
//! element stores the length and the next one loads it back, a store-to-load round trip on
//! the loop's critical path. A [`Fill`] passes its parts to the growth call by value and
//! gets them back, so nothing of it needs an address and all of it stays in registers
//! (MessagePack canada, `Vec<[f64; 2]>` coordinates: about 10% faster).
//!
//! A [`Slot`] lets a decoder build its value where the vector keeps it. A value returned
//! from an out-of-line decoder lands in a stack temporary, written field by field, and is
//! then copied into the vector with wider loads than those stores: a load that spans two
//! recent stores cannot take its data from them and waits for them to reach the cache.
//! Derived structs and JSON's `Value` build each element of a `Vec` in its slot
//! (`Decode::decode_out` with a [`Slot`] as the [`Output`]); a derived struct decoded as the
//! whole input builds its value in the caller's return slot ([`Whole`]).

use std::marker::PhantomData;
use std::mem::ManuallyDrop;

/// A vector under construction: `len` initialised elements at `ptr`, room for `cap`.
///
/// Dropping it (an error or a panic in the middle of a sequence) drops the elements read so
/// far and frees the buffer, as dropping the `Vec` would.
pub(crate) struct Fill<T> {
    ptr: *mut T,
    len: usize,
    cap: usize,
    /// Owns `T`s, for drop checking.
    _owns: PhantomData<T>,
}

impl<T> Fill<T> {
    /// An empty vector with room for `cap` elements (allocating only if `cap > 0`).
    #[inline]
    pub(crate) fn with_capacity(cap: usize) -> Self {
        Self::from_vec(Vec::with_capacity(cap))
    }

    /// Takes over `vec`'s buffer and elements.
    #[inline]
    fn from_vec(vec: Vec<T>) -> Self {
        let mut vec = ManuallyDrop::new(vec);
        Fill {
            ptr: vec.as_mut_ptr(),
            len: vec.len(),
            cap: vec.capacity(),
            _owns: PhantomData,
        }
    }

    /// Appends `item`, growing the buffer (by doubling, as `Vec` does) when it is full.
    #[cfg_attr(not(feature = "msgpack"), allow(dead_code))] // JSON builds its elements in place
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn push(&mut self, item: T) {
        if self.len == self.cap {
            (self.ptr, self.cap) = grow(self.ptr, self.len, self.cap);
        }
        // SAFETY: `len < cap` (just ensured), so slot `len` lies inside the buffer of `cap`
        // elements that `ptr` points to (for a zero-sized `T`, `ptr` is a dangling pointer,
        // well aligned, which a zero-sized write accepts); it holds no element yet, so the
        // write overwrites nothing that needs dropping.
        unsafe { self.ptr.add(self.len).write(item) };
        self.len += 1;
    }

    /// Makes room for at least `additional` more elements (as `Vec::reserve`).
    #[cfg_attr(not(feature = "json"), allow(dead_code))] // only JSON reserves ahead
    #[inline]
    pub(crate) fn reserve(&mut self, additional: usize) {
        if self.cap - self.len < additional {
            (self.ptr, self.cap) = reserve(self.ptr, self.len, self.cap, additional);
        }
    }

    /// Asks the system to back the buffer with huge pages when it is large (see
    /// `buf::advise_huge_pages_in`): a sequence of millions of elements, sized once from its
    /// length or from the input, is otherwise filled at the cost of one page fault per 4 KiB.
    #[inline]
    pub(crate) fn advise_huge_pages(&mut self) {
        let bytes = self.cap.saturating_mul(std::mem::size_of::<T>());
        crate::buf::advise_huge_pages_in(self.ptr.cast::<u8>(), bytes);
    }

    /// The elements so far, as a `Vec`.
    #[inline]
    pub(crate) fn into_vec(self) -> Vec<T> {
        let me = ManuallyDrop::new(self);
        // SAFETY: `ptr`, `len` and `cap` came from a `Vec<T>` (or from `grow`, which takes
        // them from one) and were changed only by `push`, which initialises each slot below
        // the new `len`; `ManuallyDrop` keeps `Fill::drop` from freeing the buffer again.
        unsafe { Vec::from_raw_parts(me.ptr, me.len, me.cap) }
    }
}

impl<T> Drop for Fill<T> {
    fn drop(&mut self) {
        // SAFETY: as in `into_vec`; the `Vec` made here drops the elements and frees the
        // buffer, once (a `Fill` is dropped at most once, and `into_vec` forgets it).
        drop(unsafe { Vec::from_raw_parts(self.ptr, self.len, self.cap) });
    }
}

/// Room for at least one more element than `len`, out of line (see [`reserve`]).
#[cold]
#[inline(never)]
fn grow<T>(ptr: *mut T, len: usize, cap: usize) -> (*mut T, usize) {
    reserve(ptr, len, cap, 1)
}

/// Room for at least `additional` more elements than `len`: the parts of a `Vec<T>` given
/// and returned by value, so that the caller's stay in registers.
#[inline(never)]
fn reserve<T>(ptr: *mut T, len: usize, cap: usize, additional: usize) -> (*mut T, usize) {
    // SAFETY: the caller's parts are those of a live `Vec<T>` (see `Fill::into_vec`). Should
    // `reserve` panic (capacity overflow), it leaves the buffer as it was, and
    // `ManuallyDrop` leaves it to the caller's `Fill`, whose parts are unchanged.
    let mut vec = ManuallyDrop::new(unsafe { Vec::from_raw_parts(ptr, len, cap) });
    vec.reserve(additional);
    (vec.as_mut_ptr(), vec.capacity())
}

impl<T> Fill<T> {
    /// Appends the value `write` puts into the next slot (see [`Slot`]), growing the buffer
    /// first when it is full: a decoder that builds its value in the slot writes it straight
    /// into the vector, with no copy through the stack. An error leaves the vector as it was.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn push_with<E>(
        &mut self,
        write: impl for<'s> FnOnce(Slot<'s, T>) -> Result<Filled<'s>, E>,
    ) -> Result<(), E> {
        if self.len == self.cap {
            (self.ptr, self.cap) = grow(self.ptr, self.len, self.cap);
        }
        // SAFETY: `len < cap`, so slot `len` lies inside the buffer (see `push`); it holds no
        // element, and `MaybeUninit<T>` has `T`'s layout. The reference lives only for the
        // call, during which nothing else touches the buffer.
        let slot = unsafe { &mut *self.ptr.add(self.len).cast::<std::mem::MaybeUninit<T>>() };
        write(Slot::new(slot))?;
        // A `Filled` for this slot's lifetime comes only from `Slot::put` on this very slot
        // (the lifetime is generic in `write` and invariant), so slot `len` now holds a value.
        self.len += 1;
        Ok(())
    }
}

/// Room for one value of `T` that a decoder fills: [`Slot::put`] writes the value and gives
/// back the [`Filled`] proof that the caller of the decoder needs.
///
/// `'s` is invariant and, where slots are made, generic in the decoder's signature, so a
/// `Filled<'s>` can only come from the slot handed over: the proof cannot be forged or taken
/// from another slot. Not writing the slot is always allowed (the decoder then returns an
/// error); writing it and returning an error leaks the value, which is safe.
///
/// A proof taken from another slot does not compile:
///
/// ```compile_fail,E0521
/// use fastwire::__private::through_slot;
///
/// let _: Result<u8, ()> = through_slot(|outer| {
///     drop(outer);
///     let mut stolen = None;
///     let _: Result<u8, ()> = through_slot(|inner| {
///         stolen = Some(inner.put(2)); // a proof for `inner` must not leave its closure
///         Err(())
///     });
///     stolen.ok_or(()) // nor prove that `outer` was written
/// });
/// ```
#[doc(hidden)]
pub struct Slot<'s, T> {
    place: &'s mut std::mem::MaybeUninit<T>,
    _brand: PhantomData<fn(&'s ()) -> &'s ()>,
}

/// The proof that a [`Slot`] of lifetime `'s` was written.
#[doc(hidden)]
pub struct Filled<'s> {
    _brand: PhantomData<fn(&'s ()) -> &'s ()>,
}

impl<'s, T> Slot<'s, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn new(place: &'s mut std::mem::MaybeUninit<T>) -> Self {
        Slot {
            place,
            _brand: PhantomData,
        }
    }

    /// Writes `value` into the slot.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put(self, value: T) -> Filled<'s> {
        self.place.write(value);
        Filled {
            _brand: PhantomData,
        }
    }
}

/// Where a decoder puts the value it built (`Decode::decode_out`), and what it returns for it:
/// a [`Slot`] (the decoder writes the value into the caller's memory, such as the next
/// element of a vector, and returns the proof), or [`Whole`] (the value is returned, and the
/// input must end after it).
#[doc(hidden)]
pub trait Output<T> {
    /// What the decoder returns once the value is put.
    type Done;
    /// Whether the value is the whole input: the decoder checks that nothing but what the
    /// format allows after a document follows, before it builds the value.
    const END: bool;
    /// Puts the value.
    fn put(self, value: T) -> Self::Done;
}

impl<'s, T> Output<T> for Slot<'s, T> {
    type Done = Filled<'s>;
    const END: bool = false;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put(self, value: T) -> Filled<'s> {
        Slot::put(self, value)
    }
}

/// The value returned, as the whole input (what `from_slice` reads).
#[doc(hidden)]
pub struct Whole;

impl<T> Output<T> for Whole {
    type Done = T;
    const END: bool = true;

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn put(self, value: T) -> T {
        value
    }
}

/// The value `write` puts into a slot on the stack: how a type whose decoder writes into a
/// [`Slot`] is read as a plain value.
#[doc(hidden)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn through_slot<T, E>(
    write: impl for<'s> FnOnce(Slot<'s, T>) -> Result<Filled<'s>, E>,
) -> Result<T, E> {
    let mut place = std::mem::MaybeUninit::uninit();
    write(Slot::new(&mut place))?;
    // SAFETY: `write` returned a `Filled` for the slot's lifetime, which only `Slot::put` on
    // this slot makes (see `Slot`): `place` holds a value.
    Ok(unsafe { place.assume_init() })
}

#[cfg(test)]
mod tests {
    use super::Fill;
    use std::rc::Rc;

    #[test]
    fn grows_from_empty_and_from_a_reserved_buffer() {
        for cap in [0, 1, 3, 64] {
            let mut fill = Fill::with_capacity(cap);
            for i in 0..100 {
                fill.push(i.to_string());
            }
            let vec = fill.into_vec();
            let expected: Vec<String> = (0..100).map(|i| i.to_string()).collect();
            assert_eq!(vec, expected);
            assert!(vec.capacity() >= 100);
        }
    }

    #[test]
    fn reserves_room_once() {
        let mut fill = Fill::with_capacity(0);
        fill.push(1u64);
        fill.reserve(1000);
        let room = fill.cap;
        assert!(room >= 1001);
        for i in 0..1000 {
            fill.push(i);
        }
        assert_eq!(fill.cap, room);
        fill.reserve(0);
        assert_eq!(fill.into_vec().len(), 1001);
    }

    #[test]
    fn slots_hold_what_was_put() {
        use super::{through_slot, Filled, Slot};

        let mut fill = Fill::with_capacity(1);
        for i in 0..40 {
            fill.push_with(|slot: Slot<'_, String>| -> Result<Filled<'_>, ()> {
                Ok(slot.put(i.to_string()))
            })
            .unwrap();
        }
        // A failed write leaves the vector as it was, whether the slot was written or not.
        let failed = fill.push_with(|_| Err("no value"));
        assert_eq!(failed, Err("no value"));
        // (An empty string, which owns no memory: the value written is forgotten.)
        let leaked = fill.push_with(|slot| {
            let _ = slot.put(String::new());
            Err("written, then failed")
        });
        assert_eq!(leaked, Err("written, then failed"));
        let vec = fill.into_vec();
        assert_eq!(vec, (0..40).map(|i| i.to_string()).collect::<Vec<_>>());

        let value: Result<Vec<u8>, ()> = through_slot(|slot| Ok(slot.put(vec![1, 2, 3])));
        assert_eq!(value, Ok(vec![1, 2, 3]));
        let nothing: Result<String, &str> = through_slot(|_| Err("none"));
        assert_eq!(nothing, Err("none"));
    }

    /// Dropped part-way, a `Fill` drops exactly the elements it holds.
    #[test]
    fn dropping_drops_the_elements() {
        let counter = Rc::new(());
        let mut fill = Fill::with_capacity(2);
        for _ in 0..5 {
            fill.push(Rc::clone(&counter));
        }
        assert_eq!(Rc::strong_count(&counter), 6);
        drop(fill);
        assert_eq!(Rc::strong_count(&counter), 1);
    }

    #[test]
    fn zero_sized_elements() {
        let mut fill = Fill::with_capacity(0);
        for _ in 0..1000 {
            fill.push(());
        }
        assert_eq!(fill.into_vec().len(), 1000);
    }
}
