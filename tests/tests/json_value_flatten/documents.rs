//! Documents written by hand: the members each struct's flattened fields read, what is
//! refused, in both formats and from a document tree.

use super::*;

#[test]
fn members_are_collected_in_input_order() {
    let case =
        Case::json(r#"{"z":1,"id":7,"a":{"b":[1,2]},"z":2,"note":"n","é":null,"\u007a":3}"#).run();
    for shape in ["Doc", "Loose", "Boxed", "Two", "Maybe"] {
        assert!(case.accepted(shape, "json"), "{shape}");
        assert!(case.accepted(shape, "msgpack"), "{shape}");
    }
    // Nothing left: the flattened map and value are empty, not absent.
    let case = Case::json(r#"{"note":null,"id":7}"#).run();
    assert!(case.accepted("Loose", "json") && case.accepted("Maybe", "msgpack"));
    let read: Maybe<ours::Map, ours::Value> = json::from_str(r#"{"id":7}"#).unwrap();
    assert_eq!(json::to_string(&read.map), "{}");
    assert_eq!(read.value, Some(json::Value::Object(json::Map::new())));
}

/// `T` read from a document tree by `json::from_value` (fastwire) and `serde_json::from_value`
/// (serde): both accept or both refuse, and read the same (keys sorted: serde_json's tree
/// sorts them).
fn from_tree<O, S>(text: &str) -> bool
where
    O: DecodeOwnedAll + EncodeAll + Debug,
    S: Serialize + DeserializeOwned + Debug,
{
    let ours = json::from_value::<O>(json::from_str::<json::Value>(text).unwrap());
    let theirs = serde_json::from_value::<S>(serde_json::from_str(text).unwrap());
    let what = format!("{} from the tree of {text}", std::any::type_name::<O>());
    if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
        same_reading::<_, _, S>(&what, ours, theirs, None);
    }
    agree(&what, &ours, &theirs)
}

#[test]
fn members_are_read_from_a_document_tree_too() {
    for text in [
        r#"{"z":1,"id":7,"a":{"b":[1,2]},"note":"n","\u00e9":null}"#,
        r#"{"id":7,"kind":"k","version":2,"b":3,"a":4}"#,
        r#"{"id":7,"x":1.5e300}"#,
        r#"{"x":1}"#,
        r#"{"id":1,"b":2}"#,
    ] {
        from_tree::<Doc<ours::Map>, Doc<theirs::Map>>(text);
        from_tree::<Two<ours::Map, ours::Value>, Two<theirs::Map, theirs::Value>>(text);
        from_tree::<Maybe<ours::Map, ours::Value>, Maybe<theirs::Map, theirs::Value>>(text);
        from_tree::<Beside<ours::Map>, Beside<theirs::Map>>(text);
        from_tree::<Nested<ours::Map, ours::Value>, Nested<theirs::Map, theirs::Value>>(text);
        from_tree::<Guarded<ours::Value>, Guarded<theirs::Value>>(text);
    }
    assert!(from_tree::<Loose<ours::Value>, Loose<theirs::Value>>(
        r#"{"id":7,"x":[{}]}"#
    ));
}

#[test]
fn what_serde_refuses_is_refused() {
    let every = [
        "Doc", "Loose", "Boxed", "Two", "Maybe", "Strict", "WithEnum",
    ];
    for (text, refused) in [
        (r#"{"x":1}"#, &every[..]),
        (r#"{"id":1,"id":2,"x":3}"#, &every),
        (r#"{"id":-1}"#, &every),
        (r#"{"id":1,"note":5}"#, &["Doc", "Strict"]),
        (r#"{"id":1,"x":2}"#, &["Strict", "WithEnum"]),
        ("[1]", &every),
        ("null", &every),
        (r#""id""#, &every),
        ("{}", &every),
    ] {
        let case = Case::json(text).run();
        for shape in refused {
            assert!(!case.accepted(shape, "json"), "{shape} {text}");
            assert!(!case.accepted(shape, "msgpack"), "{shape} {text}");
        }
    }
    // Member values serde_json cannot read: a number beyond `f64`, nesting past the limit.
    for text in [
        r#"{"id":1,"x":1e400}"#,
        r#"{"id":1,"x":-1e309,"y":2}"#,
        &format!(r#"{{"id":1,"x":{}1{}}}"#, "[".repeat(130), "]".repeat(130)),
    ] {
        let case = Case::json(text).run();
        assert!(!case.accepted("Maybe", "json"), "{text}");
    }
    // Values at the limits: still read.
    let case = Case::json(
        r#"{"id":1,"x":-0,"y":18446744073709551616,"z":1.5e-400,"w":-9223372036854775809}"#,
    )
    .run();
    assert!(case.accepted("Doc", "json"));
    let deep = format!(r#"{{"id":1,"x":{}1{}}}"#, "[".repeat(100), "]".repeat(100));
    assert!(Case::json(&deep).run().accepted("Loose", "json"));
}

#[test]
fn several_flattened_fields_see_what_serde_shows_them() {
    // Both of `Two`'s fields see every member; a struct after a map takes its fields, which
    // the map before it has seen; a map after an optional struct sees what the struct left.
    for text in [
        r#"{"x":1,"id":2,"y":[true]}"#,
        r#"{"kind":"k","x":{},"version":1,"id":3}"#,
        r#"{"id":3,"kind":"k","version":300,"x":1}"#,
        r#"{"id":3,"kind":"k","x":1}"#,
        r#"{"a":1,"b":2,"x":3}"#,
        r#"{"x":3,"a":1}"#,
        r#"{"a":1,"b":null,"a":2}"#,
    ] {
        Case::json(text).run();
    }
    let case = Case::json(r#"{"version":1,"kind":"k","id":3,"x":1}"#).run();
    assert!(case.accepted("Beside", "json") && case.accepted("After", "msgpack"));
    let read: Beside<ours::Map> = json::from_str(r#"{"version":1,"kind":"k","id":3}"#).unwrap();
    assert_eq!(json::to_string(&read.rest), r#"{"version":1,"kind":"k"}"#);
    let read: After<ours::Value> = json::from_str(r#"{"version":1,"kind":"k","id":3}"#).unwrap();
    assert_eq!(read.rest, json::Value::Object(json::Map::new()));
    // An option that failed keeps taken what it took (a wrong `version` leaves `kind` taken).
    let case = Case::json(r#"{"kind":"k","version":"1","id":3,"x":1}"#).run();
    assert!(case.accepted("After", "json"));

    // A flattened enum takes the first member that names a variant.
    for text in [
        r#"{"id":1,"Circle":{"r":2},"Square":3,"x":[]}"#,
        r#"{"Square":3,"id":1,"Circle":{"r":2}}"#,
        r#"{"id":1,"x":2}"#,
    ] {
        Case::json(text).run();
    }
    // The tag of an internally tagged enum is not a member for the flattened field.
    for text in [
        r#"{"type":"Event","id":1,"x":2}"#,
        r#"{"x":2,"type":"Doc","id":1,"note":null,"type":3}"#,
        r#"{"id":1,"type":"Other"}"#,
    ] {
        Case::json(text).run();
    }
    assert!(Case::json(r#"{"x":2,"type":"Event","id":1}"#)
        .run()
        .accepted("Tagged", "msgpack"));
}

#[test]
fn deny_unknown_fields_refuses_what_no_field_takes() {
    // A flattened map takes no member, so `deny_unknown_fields` refuses every member the
    // struct does not name, as in serde; a flattened struct holding a flattened map takes
    // none either (serde reads such a struct as a map), so even its own fields are refused.
    let case = Case::json(r#"{"id":1}"#).run();
    assert!(case.accepted("Strict", "json") && case.accepted("Guarded", "msgpack"));
    for text in [r#"{"id":1,"x":2}"#, r#"{"id":1,"b":2}"#] {
        let case = Case::json(text).run();
        assert!(!case.accepted("Strict", "json") && !case.accepted("Guarded", "msgpack"));
    }
}

/// `{key: value, ...}` in MessagePack.
fn map(entries: Vec<(rmpv::Value, rmpv::Value)>) -> rmpv::Value {
    rmpv::Value::Map(entries)
}

fn s(text: &str) -> rmpv::Value {
    rmpv::Value::from(text)
}

fn bin(text: &str) -> rmpv::Value {
    rmpv::Value::Binary(text.as_bytes().to_vec())
}

#[test]
fn msgpack_keys_as_serde_jsons_types_take_them() {
    let id = || (s("id"), rmpv::Value::from(1));
    // A `bin` key: a `Map` takes it (serde's `String` reads bytes of UTF-8); a `Value` does
    // not take it as its first key (serde_json reads that one through a visitor of strings).
    let case = Case::msgpack(&map(vec![id(), (bin("x"), s("v"))])).run();
    assert!(case.accepted("Doc", "msgpack"));
    assert!(!case.accepted("Loose", "msgpack"));
    let case = Case::msgpack(&map(vec![(s("y"), s("v")), id(), (bin("x"), s("v"))])).run();
    assert!(case.accepted("Loose", "msgpack"));
    // The member the struct takes is not the first one the value sees.
    let case = Case::msgpack(&map(vec![(bin("id"), 1.into()), (s("x"), 2.into())])).run();
    assert!(case.accepted("Loose", "msgpack"));
    // Keys that are not strings at all, and a string key that is not UTF-8.
    let case = Case::msgpack(&map(vec![id(), (5.into(), 2.into())])).run();
    assert!(!case.accepted("Doc", "msgpack") && case.accepted("Maybe", "msgpack"));
    Case::msgpack(&map(vec![id(), (rmpv::Value::Nil, 2.into())])).run();
    Case::msgpack(&map(vec![id(), (true.into(), 2.into())])).run();
    Case::msgpack(&map(vec![id(), (rmpv::Value::F64(0.5), 2.into())])).run();
    // A `str` that is not UTF-8 is refused wherever it is, on purpose (rmp-serde hands its
    // bytes over, which serde's `String` refuses, but only where a part reads the key).
    for bytes in [
        &b"\x82\xa2id\x01\xa2\xff\xfe\x01"[..],
        b"\x82\xa2\xff\xfe\x01\xa2id\x01",
    ] {
        assert!(msgpack::from_slice::<Doc<ours::Map>>(bytes).is_err());
        assert!(rmp_serde::from_slice::<Doc<theirs::Map>>(bytes).is_err());
        assert!(msgpack::from_slice::<Maybe<ours::Map, ours::Value>>(bytes).is_err());
    }
    // Not a map.
    let case = Case::msgpack(&rmpv::Value::Array(vec![1.into(), map(vec![])])).run();
    assert!(!case.accepted("Doc", "msgpack"));
    Case::msgpack(&rmpv::Value::Nil).run();
}

#[test]
fn msgpack_values_as_serde_jsons_value_takes_them() {
    let id = || (s("id"), rmpv::Value::from(1));
    for value in [
        rmpv::Value::F64(f64::NAN),
        rmpv::Value::F32(f32::INFINITY),
        rmpv::Value::F32(1.1),
        rmpv::Value::from(u64::MAX),
        rmpv::Value::from(i64::MIN),
        bin("bytes"),
        rmpv::Value::Ext(-1, vec![0, 0, 0, 1]),
        rmpv::Value::Ext(5, vec![1]),
        map(vec![(s("a"), 1.into()), (bin("b"), 2.into())]),
        map(vec![(bin("a"), 1.into())]),
    ] {
        // The keys of the document are strings: the ordered twin reads it as serde_json's
        // types do.
        let case = Case::msgpack_bytes(
            msgpack_bytes(&map(vec![id(), (s("x"), value.clone())])),
            true,
        )
        .run();
        let readable = !matches!(value, rmpv::Value::Binary(_) | rmpv::Value::Ext(..))
            && !matches!(&value, rmpv::Value::Map(e) if matches!(e[0].0, rmpv::Value::Binary(_)));
        assert_eq!(case.accepted("Doc", "msgpack"), readable, "{value}");
        // An optional value that cannot be read is absent.
        assert!(case.accepted("Maybe", "msgpack"), "{value}");
    }
}
