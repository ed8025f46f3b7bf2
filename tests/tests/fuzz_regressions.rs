//! Inputs the fuzz targets (`fuzz/`) found, each checked against rmp-serde or serde_json.

use std::collections::BTreeMap;

use fastwire::msgpack;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u32,
    #[serde(default)]
    b: Vec<Strict>,
}

/// `Strict` nested `levels` deep, the innermost with an empty `b`.
fn chain(levels: usize) -> Strict {
    let mut strict = Strict { a: 0, b: vec![] };
    for a in 1..levels {
        strict = Strict {
            a: a as u32,
            b: vec![strict],
        };
    }
    strict
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Plain {
    strict: Option<Strict>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Flattened {
    strict: Option<Strict>,
    #[serde(flatten)]
    flat: Flat,
    #[serde(flatten)]
    rest: BTreeMap<String, Option<i64>>,
}

#[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Flat {
    flat_a: u32,
}

/// Nesting below 128 levels is read by a struct with flattened fields exactly as by one
/// without: a value inside the flattened struct's members gets the same depth as in place.
#[test]
fn nesting_below_the_limit_reads_the_same_inside_a_struct_with_flattened_fields() {
    for levels in 60..=64 {
        // The outer map, then a map and an array per level: 1 + 2 * levels containers.
        let depth = 1 + 2 * levels;
        let plain = Plain {
            strict: Some(chain(levels)),
        };
        let bytes = rmp_serde::to_vec_named(&plain).unwrap();
        let ours = msgpack::from_slice::<Plain>(&bytes);
        assert_eq!(ours.is_ok(), depth < 128, "plain, {depth} levels: {ours:?}");
        let flattened = Flattened {
            strict: Some(chain(levels)),
            flat: Flat { flat_a: 1 },
            rest: BTreeMap::new(),
        };
        let bytes = rmp_serde::to_vec_named(&flattened).unwrap();
        assert_eq!(
            rmp_serde::from_slice::<Flattened>(&bytes).unwrap(),
            flattened
        );
        let ours = msgpack::from_slice::<Flattened>(&bytes);
        assert_eq!(
            ours.is_ok(),
            depth < 128,
            "flattened, {depth} levels: {ours:?}"
        );
    }
}
