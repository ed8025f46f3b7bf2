//! A `Vec` filled element by element, as decoders build sequences, with its pointer, length
//! and capacity held as plain values rather than behind the `Vec`.
//!
//! `Vec::push` keeps the length in the vector, and the vector's address goes to the growth
//! call inside the loop, so the compiler keeps the length (and the pointer) in memory: each
//! element stores the length and the next one loads it back, a store-to-load round trip on
//! the loop's critical path. A [`Fill`] passes its parts to the growth call by value and
//! gets them back, so nothing of it needs an address and all of it stays in registers. Read
//! with the MessagePack reader, canada's `Vec<[f64; 2]>` coordinates decoded 1.5x faster this
//! way (`benches/examples/msgpack_profile.rs canada array decode fastwire`).

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
    #[inline(always)]
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
    #[inline]
    pub(crate) fn reserve(&mut self, additional: usize) {
        if self.cap - self.len < additional {
            (self.ptr, self.cap) = reserve(self.ptr, self.len, self.cap, additional);
        }
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
