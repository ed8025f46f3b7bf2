//! JSON text into the typed twitter model, against serde_json.
//!
//! Checks (`json_differential`): fastwire accepts exactly what serde_json accepts, except
//! that it refuses invalid UTF-8 and escaped lone surrogates even in values it skips (the
//! README's "What matches serde, and what differs"); accepted values are equal and written
//! back as serde_json writes them, compact and pretty; every error has a position.

#![no_main]

use fastwire_fuzz::json_differential;
use fastwire_fuzz::twitter::Twitter;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    json_differential::<Twitter>(input, PartialEq::eq);
});
