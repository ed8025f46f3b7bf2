//! MessagePack generators: one module per direction, and the pre-encoding of keys and headers
//! they share.

pub mod decode;
pub mod encode;

/// `value` as a MessagePack string: its smallest header (`fixstr`, `str 8`, `16` or `32`)
/// and its bytes, as the runtime writes strings, so a key written at compile time equals what
/// rmp-serde writes for it at run time.
pub fn encode_str(value: &str) -> Vec<u8> {
    let len = value.len();
    let mut out = Vec::with_capacity(len + 5);
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if len <= u8::MAX as usize {
        out.extend_from_slice(&[0xd9, len as u8]);
    } else if len <= u16::MAX as usize {
        out.push(0xda);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
    out.extend_from_slice(value.as_bytes());
    out
}

/// A map header (`map` is true) or array header for `len` entries or elements, smallest form.
pub fn encode_header(map: bool, len: usize) -> Vec<u8> {
    let (fix, marker16, marker32) = if map {
        (0x80, 0xde, 0xdf)
    } else {
        (0x90, 0xdc, 0xdd)
    };
    if len < 16 {
        vec![fix | len as u8]
    } else if len <= u16::MAX as usize {
        let mut out = vec![marker16];
        out.extend_from_slice(&(len as u16).to_be_bytes());
        out
    } else {
        let mut out = vec![marker32];
        out.extend_from_slice(&(len as u32).to_be_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_headers_take_their_smallest_form() {
        assert_eq!(encode_str("id"), b"\xa2id");
        assert_eq!(encode_str(&"k".repeat(31))[0], 0xbf);
        assert_eq!(encode_str(&"k".repeat(32))[..2], [0xd9, 32]);
        assert_eq!(encode_str(&"k".repeat(256))[..3], [0xda, 1, 0]);
        assert_eq!(encode_header(true, 15), [0x8f]);
        assert_eq!(encode_header(true, 16), [0xde, 0, 16]);
        assert_eq!(encode_header(false, 3), [0x93]);
        assert_eq!(encode_header(false, 70_000), [0xdd, 0, 1, 0x11, 0x70]);
    }
}
