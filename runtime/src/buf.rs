//! Output buffer primitives shared by every format's writers: one capacity check per bounded
//! piece of output, then copies without further checks.

/// Copies `bytes` to the end of `buf` without checking capacity.
///
/// # Safety
/// `buf` must have at least `bytes.len()` bytes of spare capacity.
#[cfg(feature = "json")]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) unsafe fn put_unchecked(buf: &mut Vec<u8>, bytes: &[u8]) {
    let len = buf.len();
    // SAFETY: the caller guarantees `bytes.len()` bytes of spare capacity after `len`; the
    // source is a distinct borrow, so the ranges cannot overlap; the bytes are initialised.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.as_mut_ptr().add(len), bytes.len());
        buf.set_len(len + bytes.len());
    }
}

/// Up to how many elements a collection's size hint adds up exactly.
const HINT_EXACT: usize = 64;

/// How many elements a larger collection samples to estimate its encoded size. Hints nest
/// (an element's hint samples its own collections), so this bounds the work per level; a
/// low estimate costs one reallocation, which `capacity_for`'s margin makes rare.
const HINT_SAMPLE: usize = 32;

/// Up to how many elements a slice whose sampled elements differ widely in size is added up
/// exactly after all. Elements of very different sizes (the rings of a polygon, from 4 points
/// to thousands) defeat sampling: the 480 rings of `canada.json` sampled give 1.0 MB for
/// 2.1 MB written (two reallocations in `to_vec`), added up 2.5 MB. Elements of like sizes keep
/// the sample: adding up the 243 performances of `citm_catalog.json` would cost a quarter
/// of encoding them.
const HINT_EXACT_UNEVEN: usize = 4096;

/// From how many estimated bytes a slice of uneven elements is worth adding up exactly: below
/// it, an error in its estimate is small against the margin `to_vec` adds to the whole
/// document's (the many short id arrays of `citm_catalog.json` differ in length too, and
/// adding them up would cost a tenth of encoding the file).
const HINT_UNEVEN_BYTES: usize = 1 << 16;

/// The estimated sum of `size` over `items`: exact for up to [`HINT_EXACT`] items, otherwise
/// the mean of [`HINT_SAMPLE`] items spread evenly across the slice, times its length, unless
/// that comes to at least [`HINT_UNEVEN_BYTES`], the sampled sizes are uneven (the largest
/// more than sixteen times the smallest, beyond a small floor) and the slice not too long
/// ([`HINT_EXACT_UNEVEN`]): then exact.
/// Spreading the sample keeps the estimate fair when the first elements are not typical.
#[inline]
pub(crate) fn slice_hint<T>(items: &[T], size: impl Fn(&T) -> usize) -> usize {
    if items.len() <= HINT_EXACT {
        return items.iter().map(size).sum();
    }
    sampled_hint(items, size)
}

/// [`slice_hint`] of a slice longer than [`HINT_EXACT`], kept out of line so that the short
/// case, which the compiler often folds to a multiplication, stays small where it is inlined.
fn sampled_hint<T>(items: &[T], size: impl Fn(&T) -> usize) -> usize {
    let len = items.len();
    let step = len / HINT_SAMPLE;
    let (sampled, min, max) = (0..HINT_SAMPLE)
        .map(|i| size(&items[i * step]))
        .fold((0usize, usize::MAX, 0usize), |(sum, min, max), size| {
            (sum + size, min.min(size), max.max(size))
        });
    let estimate = (sampled / HINT_SAMPLE).saturating_mul(len);
    if estimate >= HINT_UNEVEN_BYTES
        && len <= HINT_EXACT_UNEVEN
        && max > min.saturating_mul(16).saturating_add(64)
    {
        return items.iter().map(size).sum();
    }
    estimate
}

/// The estimated sum of `size` over the `len` items an iterator yields: exact for up to
/// [`HINT_EXACT`] items, otherwise extrapolated from the first [`HINT_SAMPLE`] (for
/// collections that cannot be indexed).
#[inline]
pub(crate) fn iter_hint<I: Iterator>(
    len: usize,
    items: I,
    size: impl Fn(I::Item) -> usize,
) -> usize {
    let take = if len <= HINT_EXACT { len } else { HINT_SAMPLE };
    let (sampled, total) = items
        .take(take)
        .fold((0usize, 0usize), |(n, sum), item| (n + 1, sum + size(item)));
    if sampled >= len {
        return total;
    }
    (total / sampled.max(1)).saturating_mul(len)
}

/// The capacity `to_vec` reserves for a value whose size hint is `hint`: a margin above the
/// estimate, since a low estimate costs a reallocation and a copy of everything written, while
/// room never touched costs next to nothing.
#[inline]
pub(crate) fn capacity_for(hint: usize) -> usize {
    hint.saturating_add(hint / 4).saturating_add(64)
}

/// A new, empty buffer for an encoding whose size hint is `hint`: [`capacity_for`] bytes of
/// capacity, the first `hint` of them backed by huge pages where the system offers them (see
/// [`advise_huge_pages`]).
#[inline]
pub(crate) fn for_hint(hint: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity_for(hint));
    advise_huge_pages(&mut out, hint);
    out
}

/// Asks Linux to back the whole 2 MiB blocks among the first `len` bytes of `buf`'s capacity
/// with transparent huge pages (see [`advise_huge_pages_in`]); does nothing for buffers under
/// 8 MiB.
///
/// Writing an encoding of tens of megabytes into fresh memory otherwise costs the kernel one
/// page fault per 4 KiB, and freeing it one unmapping per page: for the 300,000-user list
/// (35.7 MB of JSON), `json::to_vec` took 36 ms with 4 KiB pages and 22 ms with huge pages,
/// against 18 ms for encoding into a buffer reused across calls (MessagePack: 25, 15 and
/// 12 ms; `benches/examples/records_profile.rs`, one binary, the kernel's huge pages set to
/// `never` and to `madvise` in turn). Only room the encoding is expected to fill is advised,
/// so the margin beyond the hint stays unpopulated.
#[inline]
fn advise_huge_pages(buf: &mut Vec<u8>, len: usize) {
    let len = len.min(buf.capacity());
    advise_huge_pages_in(buf.as_mut_ptr(), len);
}

/// The size of a transparent huge page on x86-64 and most Linux targets.
#[cfg(all(target_os = "linux", not(miri)))]
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the whole 2 MiB blocks of the `len` bytes at `start`, memory the caller
/// owns and has not written yet (a new buffer's capacity), with transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`); does nothing under 8 MiB, on other systems, or where the
/// kernel declines (huge pages disabled). Systems whose huge pages are already on for every
/// mapping (`always`) gain nothing and lose nothing; with `madvise` (the common default) this
/// is what turns them on for the region. Encoders advise the buffer they write (see
/// [`for_hint`]), decoders a large sequence's buffer (`Fill::advise_huge_pages`).
#[cfg(all(target_os = "linux", not(miri)))]
pub(crate) fn advise_huge_pages_in(start: *mut u8, len: usize) {
    if len < 4 * HUGE_PAGE {
        return;
    }
    let start = start as usize;
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = start.saturating_add(len) & !(HUGE_PAGE - 1);
    if end <= first {
        return;
    }
    // SAFETY: `first..end` lies within the `len` bytes at `start` (`start <= first`, and
    // `end <= start + len`), memory the caller owns; `first` is page-aligned as madvise
    // requires. MADV_HUGEPAGE changes only how the kernel backs those pages, never what they
    // hold. A refusal leaves the memory as it was, so its result is not needed.
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

/// Other systems, and Miri (which cannot call into the kernel): ordinary pages.
#[cfg(not(all(target_os = "linux", not(miri))))]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn advise_huge_pages_in(_start: *mut u8, _len: usize) {}

/// Size of the buffer the streaming writers fill before handing bytes to the stream. Large
/// enough that write calls are rare, small enough that a huge document streams in bounded
/// memory.
pub(crate) const STREAM_BUFFER: usize = 64 * 1024;

/// Size of the blocks `from_reader` reads.
pub(crate) const READ_BLOCK: usize = 64 * 1024;

/// Reads `reader` to its end in blocks of [`READ_BLOCK`] bytes (so a reader that yields one
/// byte per call costs one call per byte, never more), retrying on `Interrupted`.
pub(crate) fn read_all<R: std::io::Read>(mut reader: R) -> std::io::Result<Vec<u8>> {
    // `input[..filled]` holds what was read; the rest is zeroed room for the next read.
    // Each byte of room is zeroed once, however little each `read` call returns.
    let mut input = vec![0u8; READ_BLOCK];
    let mut filled = 0;
    loop {
        if input.len() - filled < READ_BLOCK / 2 {
            input.resize(input.len() * 2, 0);
        }
        match reader.read(&mut input[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    input.truncate(filled);
    Ok(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buffers past the huge-page threshold (advised on Linux) and under it: the capacity
    /// asked for, and every byte written reads back.
    #[test]
    fn buffers_for_large_hints_hold_what_is_written() {
        // Miri interprets every byte: a small case there (below the threshold anyway).
        let hints: &[usize] = if cfg!(miri) {
            &[0, 1000]
        } else {
            &[0, 1000, (8 << 20) - 1, 8 << 20, (19 << 20) + 12_345]
        };
        for &hint in hints {
            let mut out = for_hint(hint);
            assert!(out.is_empty());
            assert!(out.capacity() >= capacity_for(hint), "hint {hint}");
            out.extend((0..hint + hint / 8).map(|i| (i % 251) as u8));
            assert!(
                out.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8),
                "hint {hint}"
            );
        }
    }
}
