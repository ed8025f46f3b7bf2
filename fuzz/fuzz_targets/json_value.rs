//! JSON text into `fastwire::json::Value`, against serde_json's `Value`.
//!
//! Checks: fastwire accepts exactly the inputs serde_json accepts (no allowance: every string
//! of a `Value` is read, so both refuse invalid UTF-8 and lone surrogates alike); the values
//! are the same (numbers of the same kind: `u64`, `i64` or `f64`; a repeated key keeps its
//! last value); the value written with its objects sorted is serde_json's text, compact and
//! pretty; written as read, it reads back equal; every error has a position.

#![no_main]

use fastwire::json::{self, Value};
use fastwire_fuzz::check_json_error;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let ours = json::from_slice::<Value>(input);
    let oracle = serde_json::from_slice::<serde_json::Value>(input);
    match (ours, oracle) {
        (Ok(ours), Ok(oracle)) => {
            assert_eq!(serde_json::to_value(&ours).unwrap(), oracle);
            let mut sorted = ours.clone();
            sorted.sort_all_objects();
            assert_eq!(
                json::to_string(&sorted),
                serde_json::to_string(&oracle).unwrap()
            );
            assert_eq!(
                json::to_string_pretty(&sorted),
                serde_json::to_string_pretty(&oracle).unwrap()
            );
            let text = json::to_vec(&ours);
            assert_eq!(json::from_slice::<Value>(&text).unwrap(), ours);
        }
        (Err(ours), Err(_)) => check_json_error(&ours),
        (Ok(ours), Err(oracle)) => {
            panic!("fastwire accepts what serde_json refuses ({oracle}): {ours:?}")
        }
        (Err(ours), Ok(oracle)) => {
            panic!("fastwire refuses ({ours}) what serde_json accepts: {oracle:?}")
        }
    }
});
