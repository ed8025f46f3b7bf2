//! MessagePack bytes into `fastwire::msgpack::Value`, against rmpv.
//!
//! fastwire must accept exactly the inputs rmpv reads whole, except where it is stricter on
//! purpose (README, "What matches serde, and what differs"): bytes after the value, nesting of
//! 128 levels or more, a `str` that is not UTF-8, and an extension of type -1 that is not a
//! valid timestamp (fastwire reads it as a `Timestamp`) are refused; so is the reserved byte
//! 0xc1, which rmpv reads as `nil` and the spec and rmp-serde refuse. Accepted values are the
//! same (float bits included); fastwire writes them as rmpv writes the same tree, and reads
//! its own bytes back to the same value.

#![no_main]

use fastwire::msgpack::{self, Value};
use fastwire_fuzz::msgpack_oracle::{from_rmpv, rmpv_bytes, scan, DEPTH_LIMIT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let ours = msgpack::from_slice::<Value>(input);
    let expected = scan(input).and_then(|scan| {
        if scan.length == input.len() && scan.depth < DEPTH_LIMIT && !scan.reserved {
            from_rmpv(&scan.value)
        } else {
            None
        }
    });
    match (ours, expected) {
        (Ok(ours), Some(expected)) => {
            let written = rmpv_bytes(&ours);
            assert_eq!(written, rmpv_bytes(&expected), "values differ");
            let bytes = msgpack::to_vec(&ours);
            assert_eq!(bytes, written, "fastwire writes {ours:?} unlike rmpv");
            let back = msgpack::from_slice::<Value>(&bytes).unwrap();
            assert_eq!(msgpack::to_vec(&back), bytes);
        }
        (Err(_), None) => {}
        (Ok(ours), None) => panic!("fastwire accepts what it should refuse: {ours:?}"),
        (Err(ours), Some(expected)) => {
            panic!("fastwire refuses ({ours}) what rmpv reads as {expected:?}")
        }
    }
});
