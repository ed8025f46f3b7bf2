//! Values built by hand for both twins and written by both: members inline, and a flattened
//! `Value` that is not an object.

use fastwire_tests::assert_same_as_twin;

use super::*;

/// A value as each twin holds it, from its JSON text.
pub(super) fn value(text: &str) -> (ours::Value, theirs::Value) {
    (
        json::from_str(text).unwrap(),
        serde_json::from_str(text).unwrap(),
    )
}

/// An object as each twin holds it (keys sorted, so that serde_json's map keeps the order).
pub(super) fn object(text: &str) -> (ours::Map, theirs::Map) {
    (
        json::from_str(text).unwrap(),
        serde_json::from_str(text).unwrap(),
    )
}

#[test]
fn a_value_that_is_not_an_object_fails_with_serdes_message() {
    for text in [
        "[1]", "[]", "true", "0", "-3", "1.5", "-0", "1e300", r#""s""#, "null", "{}",
    ] {
        let (ours, theirs) = value(text);
        let what = format!("flattened {text}");
        same_bytes(
            &what,
            &Loose {
                id: 1,
                extra: ours.clone(),
            },
            &Loose {
                id: 1,
                extra: theirs.clone(),
            },
        );
        same_bytes(
            &what,
            &Maybe::<ours::Map, _> {
                id: 1,
                map: None,
                value: Some(ours.clone()),
            },
            &Maybe::<theirs::Map, _> {
                id: 1,
                map: None,
                value: Some(theirs.clone()),
            },
        );
        same_bytes(
            &what,
            &Tagged::<ours::Map, _>::Event {
                id: 2,
                data: ours.clone(),
            },
            &Tagged::<theirs::Map, _>::Event {
                id: 2,
                data: theirs.clone(),
            },
        );
    }
    let (ours, _) = value("[1]");
    let err = json::try_to_string(&Loose { id: 1, extra: ours }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "can only flatten structs and maps (got a sequence)"
    );
    // `null` writes no member; neither does `None`.
    let (null, _) = value("null");
    assert_eq!(
        json::to_string(&Loose { id: 1, extra: null }),
        r#"{"id":1}"#
    );
    let none = Maybe::<ours::Map, ours::Value> {
        id: 1,
        map: None,
        value: None,
    };
    assert_eq!(json::to_string(&none), r#"{"id":1}"#);
    assert_eq!(msgpack::to_vec(&none), b"\x81\xa2id\x01");
}

#[test]
fn the_infallible_entry_points_panic_on_a_value_that_is_not_an_object() {
    let (ours, _) = value("3");
    let loose = Loose { id: 1, extra: ours };
    assert!(std::panic::catch_unwind(|| json::to_string(&loose)).is_err());
    assert!(std::panic::catch_unwind(|| msgpack::to_vec(&loose)).is_err());
}

#[test]
fn members_are_written_inline_through_every_entry_point() {
    let (map, their_map) = object(r#"{"a":[1,{"b":null}],"c":"\u00e9\n"}"#);
    let (value, their_value) = value(r#"{"d":1.5,"e":{}}"#);
    assert_same_as_twin(
        &Two {
            first: map.clone(),
            id: 3,
            second: value.clone(),
        },
        &Two {
            first: their_map.clone(),
            id: 3,
            second: their_value.clone(),
        },
    );
    assert_same_as_twin(
        &Nested {
            a: 1,
            inner: Inner {
                b: None,
                rest: map.clone(),
            },
            more: value.clone(),
        },
        &Nested {
            a: 1,
            inner: Inner {
                b: None,
                rest: their_map.clone(),
            },
            more: their_value.clone(),
        },
    );
    assert_same_as_twin(
        &vec![Tagged::<_, ours::Value>::Doc(Doc {
            id: 1,
            extra: map,
            note: Some("n".to_owned()),
        })],
        &vec![Tagged::<_, theirs::Value>::Doc(Doc {
            id: 1,
            extra: their_map,
            note: Some("n".to_owned()),
        })],
    );
    // The map's own order, whatever it is.
    let ours: ours::Map = json::from_str(r#"{"z":1,"a":2,"m":{"y":1,"x":2}}"#).unwrap();
    let ordered: ordered::Map = ours
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                serde_json::from_str(&json::to_string(v)).unwrap(),
            )
        })
        .collect();
    let doc = Doc {
        id: 1,
        extra: ours,
        note: None,
    };
    assert_eq!(
        json::to_string(&doc),
        r#"{"id":1,"z":1,"a":2,"m":{"y":1,"x":2},"note":null}"#
    );
    let mut sorted_inside = doc.clone();
    sorted_inside.extra["m"].sort_all_objects();
    assert_same_as_twin(
        &sorted_inside,
        &Doc {
            id: 1,
            extra: ordered,
            note: None,
        },
    );
}
