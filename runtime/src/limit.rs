//! The input size limit both formats' decoders apply to what they read from an `io::Read`.

use std::io;

/// The default for `max_input_size`: 4 GiB, or all of memory on targets with smaller
/// addresses.
pub(crate) const DEFAULT_MAX_INPUT_SIZE: usize = (u32::MAX as usize).saturating_add(1);

/// The error for input longer than `limit` bytes.
#[cold]
pub(crate) fn too_large(limit: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("the input is longer than the limit of {limit} bytes (see max_input_size)"),
    )
}

/// Reads `reader` to its end, or fails with [`too_large`] as soon as it has yielded more
/// than `limit` bytes: an endless source costs at most `limit` bytes and a block.
pub(crate) fn read_at_most<R: io::Read>(reader: R, limit: usize) -> io::Result<Vec<u8>> {
    let cap = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    let input = crate::buf::read_all(reader.take(cap))?;
    if input.len() > limit {
        return Err(too_large(limit));
    }
    Ok(input)
}
