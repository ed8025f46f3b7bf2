//! Values built from the fuzzer's bytes (`Kitchen`, the twitter model, `msgpack::Value`)
//! written to MessagePack and read back.
//!
//! Checks: fastwire writes exactly `rmp_serde::to_vec_named`'s bytes; reading them, fastwire
//! and rmp-serde agree (`msgpack_differential`); and wherever rmp-serde reads the original
//! value back, so does fastwire, unless the bytes nest 128 levels or more (fastwire's limit,
//! where rmp-serde's is 1024). A `msgpack::Value` is written as rmpv writes the same tree
//! and reads back to the same value (compared by its bytes, so that NaNs compare).

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use fastwire::msgpack::{self, Value};
use fastwire_fuzz::kitchen::{msgpack_allowed, Kitchen};
use fastwire_fuzz::msgpack_oracle::{
    from_rmpv, msgpack_differential, msgpack_same_output, rmpv_bytes, scan,
};
use fastwire_fuzz::twitter::Twitter;
use fastwire_fuzz::values::msgpack_value;

/// Whether fastwire refuses these bytes on purpose where rmp-serde reads them (here: nesting
/// of 128 levels or more, which a deep `Strict` reaches).
fn refused_on_purpose(bytes: &[u8]) -> bool {
    scan(bytes).is_some_and(|scan| scan.refused_on_purpose(bytes))
}
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(which) = u.int_in_range(0..=2u8) else {
        return;
    };
    match which {
        0 => {
            let Ok(value) = Kitchen::arbitrary(&mut u) else {
                return;
            };
            msgpack_same_output(&value);
            let bytes = msgpack::to_vec(&value);
            let back = msgpack_differential::<Kitchen>(&bytes, PartialEq::eq, msgpack_allowed);
            if rmp_serde::from_slice::<Kitchen>(&bytes).is_ok_and(|back| back == value)
                && !refused_on_purpose(&bytes)
            {
                assert_eq!(back.as_ref(), Some(&value));
            }
        }
        1 => {
            let Ok(value) = Twitter::arbitrary(&mut u) else {
                return;
            };
            msgpack_same_output(&value);
            let bytes = msgpack::to_vec(&value);
            let back = msgpack_differential::<Twitter>(&bytes, PartialEq::eq, |_, _| false);
            if rmp_serde::from_slice::<Twitter>(&bytes).is_ok_and(|back| back == value)
                && !refused_on_purpose(&bytes)
            {
                assert_eq!(back.as_ref(), Some(&value));
            }
        }
        _ => {
            let Ok(value) = msgpack_value(&mut u, 0) else {
                return;
            };
            let bytes = msgpack::to_vec(&value);
            assert_eq!(
                bytes,
                rmpv_bytes(&value),
                "fastwire writes {value:?} unlike rmpv"
            );
            let back = msgpack::from_slice::<Value>(&bytes).unwrap();
            assert_eq!(msgpack::to_vec(&back), bytes);
            let oracle = rmpv::decode::read_value(&mut &bytes[..]).unwrap();
            assert_eq!(rmpv_bytes(&from_rmpv(&oracle).unwrap()), bytes);
        }
    }
});
