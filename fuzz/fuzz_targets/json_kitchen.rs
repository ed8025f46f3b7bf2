//! JSON text into `Kitchen` (every attribute kind, borrowed strings, dates, ids, decimals),
//! against serde_json.
//!
//! Checks (`json_differential`): fastwire accepts exactly what serde_json accepts, except
//! that it refuses invalid UTF-8 and escaped lone surrogates even in values it skips; accepted
//! values are equal (an `f32` may be one unit in the last place apart: serde_json rounds the
//! text to `f64` and then to `f32`, fastwire rounds once) and written back as serde_json
//! writes them, compact and pretty; every error has a position.

#![no_main]

use fastwire_fuzz::json_differential;
use fastwire_fuzz::kitchen::{json_same, Kitchen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    json_differential::<Kitchen>(input, json_same);
});
