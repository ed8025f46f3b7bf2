//! MessagePack bytes into `Kitchen` (every attribute kind, borrowed strings, dates, ids,
//! decimals), against rmp-serde.
//!
//! Checks (`msgpack_differential`): fastwire accepts exactly what rmp-serde accepts, except
//! where it is stricter on purpose (README, "What matches serde, and what differs"): bytes
//! after the value, nesting of 128 levels or more, a `str` that is not UTF-8 anywhere, and a
//! negative integer read as `u128` (rmp-serde wraps it around). Accepted values are equal and
//! written back as `rmp_serde::to_vec_named` writes them.

#![no_main]

use fastwire_fuzz::kitchen::{msgpack_allowed, Kitchen};
use fastwire_fuzz::msgpack_oracle::msgpack_differential;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    msgpack_differential::<Kitchen>(input, PartialEq::eq, msgpack_allowed);
});
