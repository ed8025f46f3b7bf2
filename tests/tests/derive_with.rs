//! `#[wire(with = "module")]`: a field written and read by a fastwire-native module, on a type
//! that has no fastwire impls of its own (`std::time::Duration`, here as milliseconds), in
//! every form a struct is read from.

use std::time::Duration;

use fastwire::{json, msgpack};

/// A duration as whole milliseconds.
mod millis {
    pub mod json {
        use std::time::Duration;

        use fastwire::json::{Decode, Encode, Error, Reader, Writer};

        pub fn encode<W: Writer>(value: &Duration, w: &mut W) {
            (value.as_millis() as u64).encode(w);
        }

        pub fn decode(r: &mut Reader<'_>) -> Result<Duration, Error> {
            u64::decode(r).map(Duration::from_millis)
        }
    }

    pub mod msgpack {
        use std::time::Duration;

        use fastwire::msgpack::{Decode, Encode, Error, Reader, Writer};

        pub fn encode<W: Writer>(value: &Duration, w: &mut W) {
            (value.as_millis() as u64).encode(w);
        }

        pub fn decode(r: &mut Reader<'_>) -> Result<Duration, Error> {
            u64::decode(r).map(Duration::from_millis)
        }
    }
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Timeout {
    name: String,
    #[wire(with = "millis")]
    after: Duration,
}

#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
struct Pair(u8, #[wire(with = "millis")] Duration);

#[test]
fn a_field_through_a_native_module_in_both_formats() {
    let value = Timeout {
        name: "t".to_owned(),
        after: Duration::from_millis(1500),
    };
    assert_eq!(json::to_string(&value), r#"{"name":"t","after":1500}"#);
    assert_eq!(
        json::from_str::<Timeout>(r#"{"after":1500,"name":"t"}"#).unwrap(),
        value
    );
    assert_eq!(json::from_str::<Timeout>(r#"["t",1500]"#).unwrap(), value);
    let err = json::from_str::<Timeout>(r#"{"name":"t","after":-1}"#).unwrap_err();
    assert!(err.to_string().contains("at after"), "{err}");
    // A field read by a function is required, whatever its type (serde's rule).
    assert!(json::from_str::<Timeout>(r#"{"name":"t"}"#).is_err());

    let bytes = msgpack::to_vec(&value);
    assert_eq!(bytes, b"\x82\xa4name\xa1t\xa5after\xcd\x05\xdc");
    assert_eq!(msgpack::from_slice::<Timeout>(&bytes).unwrap(), value);
    // The array form, as `rmp_serde::to_vec` writes a struct.
    assert_eq!(
        msgpack::from_slice::<Timeout>(b"\x92\xa1t\xcd\x05\xdc").unwrap(),
        value
    );

    let pair = Pair(1, Duration::from_millis(2));
    assert_eq!(json::to_string(&pair), "[1,2]");
    assert_eq!(msgpack::from_slice::<Pair>(b"\x92\x01\x02").unwrap(), pair);
    // A `bin` stands for a sequence of integers, one a byte; a field read by a function of
    // its own takes no value from a byte.
    let err = msgpack::from_slice::<Pair>(b"\xc4\x02\x01\x02").unwrap_err();
    assert!(
        err.to_string().contains("invalid type: integer `2`"),
        "{err}"
    );
}

/// A module on a newtype variant works on its field, as on the field itself.
#[derive(fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
enum Wait {
    #[wire(with = "millis")]
    For(Duration),
    Forever,
}

#[test]
fn a_newtype_variant_through_a_native_module() {
    let value = Wait::For(Duration::from_millis(250));
    assert_eq!(json::to_string(&value), r#"{"For":250}"#);
    assert_eq!(json::from_str::<Wait>(r#"{"For":250}"#).unwrap(), value);
    let bytes = msgpack::to_vec(&value);
    assert_eq!(bytes, b"\x81\xa3For\xcc\xfa");
    assert_eq!(msgpack::from_slice::<Wait>(&bytes).unwrap(), value);
    assert_eq!(
        json::from_str::<Wait>(r#""Forever""#).unwrap(),
        Wait::Forever
    );
}
