//! IP and socket addresses, written and read as serde writes and reads them for a
//! human-readable format: as their text (`"192.0.2.1"`, `"[2001:db8::1%3]:443"`), which is
//! also how they are written and read as object keys.
//!
//! The text is written from the address's octets into a buffer on the stack (no formatting
//! machinery), exactly as `Display` writes it; it is read with std's address parsers (what
//! serde's impls call), which allocate nothing.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::reader::{Reader, Str};
use super::{Decode, DecodeKey, Encode, EncodeKey, Error, Writer};

/// The longest text of each kind of address.
const IPV4_MAX: usize = 15;
const IPV6_MAX: usize = 39;
const SOCKET_V4_MAX: usize = IPV4_MAX + 6;
const SOCKET_V6_MAX: usize = IPV6_MAX + 19;

/// Lowercase hexadecimal digits.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// An address's text, built on the stack.
struct Text<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    #[inline]
    fn new() -> Self {
        Text {
            bytes: [0; N],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    #[inline]
    fn push_all(&mut self, bytes: &[u8]) {
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    #[inline]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// A decimal number without leading zeros.
    #[inline]
    fn push_decimal(&mut self, value: u32) {
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        let mut rest = value;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        self.push_all(&digits[at..]);
    }

    /// An IPv4 address in dotted decimal.
    #[inline]
    fn push_ipv4(&mut self, addr: &Ipv4Addr) {
        let [a, b, c, d] = addr.octets();
        self.push_octet(a);
        for octet in [b, c, d] {
            self.push(b'.');
            self.push_octet(octet);
        }
    }

    #[inline]
    fn push_octet(&mut self, octet: u8) {
        if octet >= 100 {
            self.push(b'0' + octet / 100);
        }
        if octet >= 10 {
            self.push(b'0' + octet / 10 % 10);
        }
        self.push(b'0' + octet % 10);
    }

    /// One group of an IPv6 address: lowercase hex without leading zeros.
    #[inline]
    fn push_group(&mut self, group: u16) {
        let mut started = false;
        for shift in [12, 8, 4] {
            let nibble = (group >> shift) & 0xf;
            if started || nibble != 0 {
                self.push(HEX[usize::from(nibble)]);
                started = true;
            }
        }
        self.push(HEX[usize::from(group & 0xf)]);
    }

    #[inline]
    fn push_groups(&mut self, groups: &[u16]) {
        for (i, &group) in groups.iter().enumerate() {
            if i > 0 {
                self.push(b':');
            }
            self.push_group(group);
        }
    }

    /// An IPv6 address as `Display` writes it: an IPv4-mapped address as `::ffff:a.b.c.d`;
    /// otherwise the groups in hex, the first longest run of two or more zero groups written
    /// as `::`.
    fn push_ipv6(&mut self, addr: &Ipv6Addr) {
        if let Some(v4) = addr.to_ipv4_mapped() {
            self.push_all(b"::ffff:");
            self.push_ipv4(&v4);
            return;
        }
        let groups = addr.segments();
        let (mut best_start, mut best_len) = (0, 0);
        let (mut run_start, mut run_len) = (0, 0);
        for (i, &group) in groups.iter().enumerate() {
            if group == 0 {
                if run_len == 0 {
                    run_start = i;
                }
                run_len += 1;
                if run_len > best_len {
                    (best_start, best_len) = (run_start, run_len);
                }
            } else {
                run_len = 0;
            }
        }
        if best_len > 1 {
            self.push_groups(&groups[..best_start]);
            self.push_all(b"::");
            self.push_groups(&groups[best_start + best_len..]);
        } else {
            self.push_groups(&groups);
        }
    }

    /// `a.b.c.d:port`.
    fn push_socket_v4(&mut self, addr: &SocketAddrV4) {
        self.push_ipv4(addr.ip());
        self.push(b':');
        self.push_decimal(u32::from(addr.port()));
    }

    /// `[ip]:port`, or `[ip%scope]:port` with a scope id (the flow info is not written).
    fn push_socket_v6(&mut self, addr: &SocketAddrV6) {
        self.push(b'[');
        self.push_ipv6(addr.ip());
        if addr.scope_id() != 0 {
            self.push(b'%');
            self.push_decimal(addr.scope_id());
        }
        self.push_all(b"]:");
        self.push_decimal(u32::from(addr.port()));
    }
}

/// Writes ASCII text that needs no escapes as a JSON string.
#[inline]
fn write_ascii<W: Writer>(w: &mut W, text: &[u8]) {
    w.reserve(text.len() + 2);
    // The text is ASCII without quotes, backslashes or control characters, so the writer's
    // guarantee of valid JSON and UTF-8 holds.
    let buf = w.buffer(crate::json::Token);
    buf.push(b'"');
    buf.extend_from_slice(text);
    buf.push(b'"');
}

/// Reads a string and parses it with `T`'s `FromStr`, as serde's visitor does: anything but
/// a string is an "invalid type" naming `expected`, and a string that does not parse is a
/// data error with the parser's message, at the string.
#[inline]
fn read_text<T: std::str::FromStr>(r: &mut Reader<'_>, expected: &'static str) -> Result<T, Error>
where
    T::Err: std::fmt::Display,
{
    if r.peek()? != b'"' {
        return Err(r.invalid_type(expected));
    }
    let at = r.offset();
    let parsed = r.decode_str()?.parse::<T>();
    parsed.map_err(|err| r.custom_at(err, at))
}

/// Implements the four traits for an address type: `$max` is the longest text, `$push` the
/// [`Text`] method that writes it, `$expected` the words of serde's visitor.
macro_rules! address_impls {
    ($($ty:ty, $max:expr, $push:ident, $expected:literal;)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                let mut text = Text::<{ $max }>::new();
                text.$push(self);
                write_ascii(w, text.as_bytes());
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $max + 2
            }
        }

        impl EncodeKey for $ty {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) {
                self.encode(w);
            }

            #[inline]
            fn key_size_hint(&self) -> usize {
                $max + 2
            }
        }

        #[doc = concat!("A string, parsed as serde parses it (serde's visitor expects \"", $expected, "\").")]
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
                read_text(r, $expected)
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key(key: Str<'de, '_>) -> Result<Self, String> {
                key.parse().map_err(|err: std::net::AddrParseError| err.to_string())
            }
        }
    )*};
}

impl Text<IPV6_MAX> {
    fn push_ip(&mut self, addr: &IpAddr) {
        match addr {
            IpAddr::V4(v4) => self.push_ipv4(v4),
            IpAddr::V6(v6) => self.push_ipv6(v6),
        }
    }
}

impl Text<SOCKET_V6_MAX> {
    fn push_socket(&mut self, addr: &SocketAddr) {
        match addr {
            SocketAddr::V4(v4) => self.push_socket_v4(v4),
            SocketAddr::V6(v6) => self.push_socket_v6(v6),
        }
    }
}

address_impls! {
    Ipv4Addr, IPV4_MAX, push_ipv4, "IPv4 address";
    Ipv6Addr, IPV6_MAX, push_ipv6, "IPv6 address";
    IpAddr, IPV6_MAX, push_ip, "IP address";
    SocketAddrV4, SOCKET_V4_MAX, push_socket_v4, "IPv4 socket address";
    SocketAddrV6, SOCKET_V6_MAX, push_socket_v6, "IPv6 socket address";
    SocketAddr, SOCKET_V6_MAX, push_socket, "socket address";
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text<T: Encode>(value: &T) -> String {
        let quoted = crate::json::to_string(value);
        quoted[1..quoted.len() - 1].to_owned()
    }

    #[test]
    fn ipv6_text_is_displays_for_every_zero_pattern() {
        // Every pattern of zero and non-zero groups (under Miri, a spread of them), with a few
        // values for the others.
        for mask in (0u32..256).step_by(if cfg!(miri) { 17 } else { 1 }) {
            for fill in [1u16, 0xabc, 0xffff, 0x10] {
                let groups: [u16; 8] = std::array::from_fn(|i| {
                    if mask & (1 << i) != 0 {
                        fill.wrapping_mul(i as u16 + 1)
                    } else {
                        0
                    }
                });
                let addr = Ipv6Addr::from(groups);
                assert_eq!(text(&addr), addr.to_string());
                let socket = SocketAddrV6::new(addr, 65535, 7, mask);
                assert_eq!(text(&socket), socket.to_string());
            }
        }
        let mapped = Ipv4Addr::new(192, 0, 2, 255).to_ipv6_mapped();
        assert_eq!(text(&mapped), "::ffff:192.0.2.255");
        let compatible = Ipv4Addr::new(192, 0, 2, 255).to_ipv6_compatible();
        assert_eq!(text(&compatible), compatible.to_string());
    }

    #[test]
    fn ipv4_text_is_displays() {
        for octet in (0..=255u8).step_by(if cfg!(miri) { 15 } else { 1 }) {
            let addr = Ipv4Addr::new(octet, 255 - octet, octet / 3, 7);
            assert_eq!(text(&addr), addr.to_string());
            for port in [0, 9, 10, 99, 100, 65535] {
                let socket = SocketAddrV4::new(addr, port);
                assert_eq!(text(&socket), socket.to_string());
            }
        }
    }
}
