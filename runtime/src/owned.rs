//! Owned copies of decoded text: a `String` of exactly the text's length (what
//! `String::from` gives), allocated straight from the global allocator and, for short text,
//! filled without a call to `memcpy`.

use std::alloc::{self, Layout};

/// An owned copy of `text`, its capacity its length, as `String::from(text)` makes it.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn owned_string(text: &str) -> String {
    let len = text.len();
    if len == 0 || len > 32 {
        return String::from(text);
    }
    // SAFETY: an alignment of 1 is a power of two, and 1 to 32 bytes rounded up to it do not
    // overflow `isize`.
    let layout = unsafe { Layout::from_size_align_unchecked(len, 1) };
    // SAFETY: the layout's size is not zero.
    let ptr = unsafe { alloc::alloc(layout) };
    if ptr.is_null() {
        alloc::handle_alloc_error(layout);
    }
    // SAFETY: `text` is valid for reading its `len` bytes and `ptr` for writing `len` (a fresh
    // allocation, so the two do not overlap), and `1 <= len <= 32`. `copy_short` writes all
    // `len` bytes, copies of UTF-8 text, so the `String` made from the allocation (by the
    // global allocator, alignment 1, its size the capacity) holds `len` initialised bytes of
    // valid UTF-8.
    unsafe {
        copy_short(text.as_ptr(), ptr, len);
        String::from_raw_parts(ptr, len, len)
    }
}

/// Copies `len` bytes, 1 to 64, from `src` to `dst` with a few fixed-size moves and no call
/// to `memcpy`: two blocks of `N` bytes at 0 and at `len - N` for `N <= len <= 2 * N`
/// (overlapping unless `len == 2 * N`; unaligned reads and writes of byte arrays), or bytes 0,
/// `len / 2` and `len - 1` for 1 to 3 bytes. Together they write all `len` bytes.
///
/// # Safety
/// `1 <= len <= 64`; `src` valid for reading `len` bytes, `dst` for writing `len` bytes, the
/// two not overlapping.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) unsafe fn copy_short(src: *const u8, dst: *mut u8, len: usize) {
    // SAFETY: the caller's contract; each branch meets `copy_ends`' bounds, and the single
    // bytes lie below `len`.
    unsafe {
        if len >= 32 {
            copy_ends::<32>(src, dst, len);
        } else if len >= 16 {
            copy_ends::<16>(src, dst, len);
        } else if len >= 8 {
            copy_ends::<8>(src, dst, len);
        } else if len >= 4 {
            copy_ends::<4>(src, dst, len);
        } else {
            *dst = *src;
            *dst.add(len / 2) = *src.add(len / 2);
            *dst.add(len - 1) = *src.add(len - 1);
        }
    }
}

/// Copies `len` bytes from `src` to `dst` as two blocks of `N`, the first `N` bytes and the
/// last `N`.
///
/// # Safety
/// `N <= len <= 2 * N`; `src` valid for reading `len` bytes, `dst` for writing `len` bytes,
/// the two not overlapping.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
unsafe fn copy_ends<const N: usize>(src: *const u8, dst: *mut u8, len: usize) {
    // SAFETY: the caller's contract: both blocks lie inside `len` bytes of each.
    unsafe {
        let first = src.cast::<[u8; N]>().read_unaligned();
        let last = src.add(len - N).cast::<[u8; N]>().read_unaligned();
        dst.cast::<[u8; N]>().write_unaligned(first);
        dst.add(len - N).cast::<[u8; N]>().write_unaligned(last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_are_strings_from_the_text() {
        let source: String = "abcdefghijklmnopqrstuvwxyzäö高德纳0123456789".repeat(2);
        // Under Miri, every seventh start (each still with every length up to 40).
        let step = if cfg!(miri) { 7 } else { 1 };
        for start in (0..source.len()).step_by(step) {
            for end in start..=source.len().min(start + 40) {
                let Some(text) = source.get(start..end) else {
                    continue;
                };
                let copy = owned_string(text);
                assert_eq!(copy, text);
                assert_eq!(copy.capacity(), text.len());
            }
        }
    }

    /// Every length `copy_short` takes, from slices that end where their allocation does (so
    /// a read past the end shows up under Miri), into a buffer whose neighbouring bytes must
    /// stay as they were.
    #[test]
    fn short_copies_write_exactly_their_bytes() {
        for len in 1..=64 {
            let source: Vec<u8> = (1..=len as u8).collect();
            let mut dst = vec![0xEE_u8; len + 2];
            // SAFETY: `1 <= len <= 64`; `source` holds `len` bytes, and `dst` has `len` bytes
            // after its first one; the two are distinct allocations.
            unsafe { copy_short(source.as_ptr(), dst.as_mut_ptr().add(1), len) };
            assert_eq!(dst[0], 0xEE);
            assert_eq!(&dst[1..=len], &source[..]);
            assert_eq!(dst[len + 1], 0xEE);
        }
    }
}
