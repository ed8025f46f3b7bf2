//! Output buffer primitives shared by every format's writers: one capacity check per bounded
//! piece of output, then copies without further checks.

/// Copies `bytes` to the end of `buf` without checking capacity.
///
/// # Safety
/// `buf` must have at least `bytes.len()` bytes of spare capacity.
#[inline(always)]
pub(crate) unsafe fn put_unchecked(buf: &mut Vec<u8>, bytes: &[u8]) {
    let len = buf.len();
    // SAFETY: the caller guarantees `bytes.len()` bytes of spare capacity after `len`; the
    // source is a distinct borrow, so the ranges cannot overlap; the bytes are initialised.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.as_mut_ptr().add(len), bytes.len());
        buf.set_len(len + bytes.len());
    }
}

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
