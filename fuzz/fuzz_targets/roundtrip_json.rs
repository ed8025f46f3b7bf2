//! Values built from the fuzzer's bytes (`Kitchen`, the twitter model, `json::Value`) written
//! to JSON and read back.
//!
//! Checks: fastwire writes exactly serde_json's text, compact and pretty; reading that text,
//! fastwire and serde_json agree (`json_differential`); and wherever serde_json reads the
//! original value back, so does fastwire. A `json::Value` is written as serde_json writes the
//! same tree and reads back equal.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use fastwire::json::{self, Value};
use fastwire_fuzz::kitchen::{json_same, Kitchen};
use fastwire_fuzz::twitter::Twitter;
use fastwire_fuzz::values::json_value;
use fastwire_fuzz::{json_differential, json_same_output};
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
            json_same_output(&value);
            let text = json::to_vec(&value);
            let back = json_differential::<Kitchen>(&text, json_same);
            if serde_json::from_slice::<Kitchen>(&text).is_ok_and(|back| back == value) {
                assert_eq!(back.as_ref(), Some(&value));
            }
        }
        1 => {
            let Ok(value) = Twitter::arbitrary(&mut u) else {
                return;
            };
            json_same_output(&value);
            let text = json::to_vec(&value);
            let back = json_differential::<Twitter>(&text, PartialEq::eq);
            if serde_json::from_slice::<Twitter>(&text).is_ok_and(|back| back == value) {
                assert_eq!(back.as_ref(), Some(&value));
            }
        }
        _ => {
            let Ok(value) = json_value(&mut u, 0) else {
                return;
            };
            json_same_output(&value);
            let text = json::to_vec(&value);
            assert_eq!(json::from_slice::<Value>(&text).unwrap(), value);
            let oracle = serde_json::from_slice::<serde_json::Value>(&text).unwrap();
            assert_eq!(oracle, serde_json::to_value(&value).unwrap());
        }
    }
});
