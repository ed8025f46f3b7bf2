//! The limits both formats' decoders share: the input size they read from an `io::Read`, and
//! the default length of a collection.

use std::io;

/// The default for `max_input_size`: 4 GiB, or all of memory on targets with smaller
/// addresses.
pub(crate) const DEFAULT_MAX_INPUT_SIZE: usize = (u32::MAX as usize).saturating_add(1);

/// The default for `max_collection_len`: `u32::MAX` items, the most a MessagePack header can
/// declare, and more than a JSON text within the default input size can hold, so that no
/// valid document is refused by default.
pub(crate) const DEFAULT_MAX_COLLECTION_LEN: usize = u32::MAX as usize;

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
