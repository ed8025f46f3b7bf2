//! IP and socket addresses, written and read as serde writes and reads them for a format
//! that is not human-readable, as rmp-serde is: an IPv4 address as a tuple of its 4 octets,
//! an IPv6 address as a tuple of its 16, a socket address as the tuple `(ip, port)`, and
//! `IpAddr` and `SocketAddr` as the newtype variants `V4` and `V6` of an enum (a map of one
//! entry, `{"V4": [192, 0, 2, 1]}`).
//!
//! A `SocketAddrV6` is written without its flow info and scope id, as serde writes it, and
//! read with both zero.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::reader::{EnumForm, Key};
use super::writer::Slot;
use super::{Decode, Encode, Error, Reader, Writer};

/// The most bytes an integer `0..=255` takes: a `uint 8`.
const OCTET_MAX: usize = 2;

/// An array header and `N` octets, each a positive fixint or a `uint 8`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put_octets<const N: usize>(slot: &mut Slot<'_>, octets: [u8; N]) {
    slot.put_array_len(N);
    for octet in octets {
        if octet < 0x80 {
            slot.put(&[octet]);
        } else {
            slot.put(&[0xcc, octet]);
        }
    }
}

/// A port in its smallest integer form: at most a `uint 16`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn put_port(slot: &mut Slot<'_>, port: u16) {
    match port {
        0..=0x7f => slot.put(&[port as u8]),
        0x80..=0xff => slot.put(&[0xcc, port as u8]),
        _ => {
            let [high, low] = port.to_be_bytes();
            slot.put(&[0xcd, high, low]);
        }
    }
}

/// The impl of a bounded type: `$max` bytes at most, written by `$put`.
macro_rules! bounded_impl {
    ($($ty:ty, $max:expr, |$this:ident, $slot:ident| $put:expr;)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) {
                w.write_bounded($max, |slot| self.encode_bounded(slot));
            }

            #[inline]
            fn size_hint(&self) -> usize {
                $max
            }

            const MAX_SIZE: Option<usize> = Some($max);

            #[inline]
            fn encode_bounded(&self, $slot: &mut Slot<'_>) {
                let $this = self;
                $put
            }
        }
    )*};
}

const IPV4_MAX: usize = 1 + 4 * OCTET_MAX;
const IPV6_MAX: usize = 3 + 16 * OCTET_MAX;
/// An array header, the address and a `u16` (at most a `uint 16`).
const SOCKET_V4_MAX: usize = 1 + IPV4_MAX + 3;
const SOCKET_V6_MAX: usize = 1 + IPV6_MAX + 3;
/// A map header and the variant's name (`fixstr` of 2), then the content.
const VARIANT: usize = 4;

bounded_impl! {
    Ipv4Addr, IPV4_MAX, |this, slot| put_octets(slot, this.octets());
    Ipv6Addr, IPV6_MAX, |this, slot| put_octets(slot, this.octets());
    IpAddr, VARIANT + IPV6_MAX, |this, slot| match this {
        IpAddr::V4(v4) => {
            slot.put(b"\x81\xa2V4");
            v4.encode_bounded(slot);
        }
        IpAddr::V6(v6) => {
            slot.put(b"\x81\xa2V6");
            v6.encode_bounded(slot);
        }
    };
    SocketAddrV4, SOCKET_V4_MAX, |this, slot| {
        slot.put_array_len(2);
        this.ip().encode_bounded(slot);
        put_port(slot, this.port());
    };
    SocketAddrV6, SOCKET_V6_MAX, |this, slot| {
        slot.put_array_len(2);
        this.ip().encode_bounded(slot);
        put_port(slot, this.port());
    };
    SocketAddr, VARIANT + SOCKET_V6_MAX, |this, slot| match this {
        SocketAddr::V4(v4) => {
            slot.put(b"\x81\xa2V4");
            v4.encode_bounded(slot);
        }
        SocketAddr::V6(v6) => {
            slot.put(b"\x81\xa2V6");
            v6.encode_bounded(slot);
        }
    };
}

/// The 4 octets, as serde reads `[u8; 4]` (an array, or a `bin` of at least 4 bytes).
impl<'de> Decode<'de> for Ipv4Addr {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        <[u8; 4]>::decode(r).map(Ipv4Addr::from)
    }
}

/// The 16 octets, as serde reads `[u8; 16]`.
impl<'de> Decode<'de> for Ipv6Addr {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        <[u8; 16]>::decode(r).map(Ipv6Addr::from)
    }
}

/// The tuple `(ip, port)`.
impl<'de> Decode<'de> for SocketAddrV4 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        <(Ipv4Addr, u16)>::decode(r).map(|(ip, port)| SocketAddrV4::new(ip, port))
    }
}

/// The tuple `(ip, port)`; flow info and scope id are zero, as serde makes them.
impl<'de> Decode<'de> for SocketAddrV6 {
    #[inline]
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        <(Ipv6Addr, u16)>::decode(r).map(|(ip, port)| SocketAddrV6::new(ip, port, 0, 0))
    }
}

/// The variants of serde's `IpAddr` and `SocketAddr` enums.
const VARIANTS: &[&str] = &["V4", "V6"];

/// Reads the start of a `V4`/`V6` enum (a variant by name or by index): whether it is `V4`.
/// A variant without content is refused, as both variants are newtype variants.
fn begin_v4_or_v6(r: &mut Reader<'_>, expected: &'static str) -> Result<bool, Error> {
    let at = r.offset();
    let (key, content) = match r.begin_enum(expected)? {
        EnumForm::Unit(key) => (key, false),
        EnumForm::Content(key) => (key, true),
    };
    let v4 = match key {
        Key::Name(b"V4") | Key::Index(0) => true,
        Key::Name(b"V6") | Key::Index(1) => false,
        _ => return Err(r.unknown_variant_key(key, VARIANTS)),
    };
    if !content {
        return Err(r.custom_at("invalid type: unit variant, expected newtype variant", at));
    }
    Ok(v4)
}

/// `{"V4": octets}` or `{"V6": octets}`.
impl<'de> Decode<'de> for IpAddr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let value = if begin_v4_or_v6(r, "a IpAddr")? {
            IpAddr::V4(Ipv4Addr::decode(r)?)
        } else {
            IpAddr::V6(Ipv6Addr::decode(r)?)
        };
        r.end_container();
        Ok(value)
    }
}

/// `{"V4": (ip, port)}` or `{"V6": (ip, port)}`.
impl<'de> Decode<'de> for SocketAddr {
    fn decode(r: &mut Reader<'de>) -> Result<Self, Error> {
        let value = if begin_v4_or_v6(r, "a SocketAddr")? {
            SocketAddr::V4(SocketAddrV4::decode(r)?)
        } else {
            SocketAddr::V6(SocketAddrV6::decode(r)?)
        };
        r.end_container();
        Ok(value)
    }
}
