//! MessagePack bytes into the typed twitter model, against rmp-serde.
//!
//! Checks (`msgpack_differential`): fastwire accepts exactly what rmp-serde accepts, except
//! where it is stricter on purpose (README, "What matches serde, and what differs"): bytes
//! after the value, nesting of 128 levels or more, and a `str` that is not UTF-8 anywhere.
//! Accepted values are equal and written back as `rmp_serde::to_vec_named` writes them.

#![no_main]

use fastwire_fuzz::msgpack_oracle::msgpack_differential;
use fastwire_fuzz::twitter::Twitter;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    msgpack_differential::<Twitter>(input, PartialEq::eq, |_, _| false);
});
