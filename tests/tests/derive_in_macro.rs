//! Types declared through a `macro_rules!` macro derive as they do outside one, as serde's do:
//! the generated code's own names (`__r`, `__w`, `self`) must not take the macro's hygiene
//! from the user's tokens it is placed at. Each type derives serde's traits beside fastwire's,
//! and must give serde_json's and rmp-serde's bytes and values.

use std::borrow::Cow;
use std::collections::BTreeMap;

use fastwire_tests::{assert_decodes_like_serde, assert_same};
use serde::{Deserialize, Serialize};

/// Passes an item through whole, with the derives added inside the macro.
macro_rules! derive_all {
    ($item:item) => {
        #[derive(
            Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq,
        )]
        $item
    };
}

/// Rebuilds a struct from its parts, fields and attributes as token trees.
macro_rules! rebuild {
    ($(#[$attr:meta])* struct $name:ident { $($(#[$field_attr:meta])* $field:ident: $ty:ty),* $(,)? }) => {
        #[derive(Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq)]
        $(#[$attr])*
        struct $name {
            $($(#[$field_attr])* $field: $ty,)*
        }
    };
}

derive_all! {
    struct Plain {
        x: u32,
        name: String,
    }
}

derive_all! {
    #[serde(rename_all = "camelCase")]
    struct Attributed {
        user_id: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nick_name: Option<String>,
        #[serde(with = "serde_bytes")]
        #[wire(with = "fastwire::with::bytes")]
        blob: Vec<u8>,
        #[serde(flatten)]
        inner: Inner,
        #[serde(flatten)]
        rest: BTreeMap<String, u8>,
    }
}

derive_all! {
    struct Inner {
        depth: i8,
    }
}

derive_all! {
    #[serde(tag = "kind")]
    enum Tagged {
        Circle { radius: f64 },
        Named(Inner),
        Empty,
    }
}

derive_all! {
    #[serde(untagged)]
    enum Loose {
        Number(u8),
        Text(String),
    }
}

derive_all! {
    struct Tuple(u8, String);
}

derive_all! {
    struct Borrowing<'a> {
        #[serde(borrow)]
        text: Cow<'a, str>,
        owned: Cow<'a, str>,
    }
}

rebuild! {
    #[serde(deny_unknown_fields)]
    struct Rebuilt {
        #[serde(rename = "A")]
        a: u16,
        b: Vec<Tagged>,
        c: Loose,
        d: Tuple,
    }
}

#[test]
fn types_declared_through_macros_encode_and_decode_as_serde_does() {
    let plain = Plain {
        x: 7,
        name: "seven".into(),
    };
    assert_same(&plain);
    assert_decodes_like_serde(&plain);
    let attributed = Attributed {
        user_id: 1,
        nick_name: Some("n".into()),
        blob: vec![1, 2, 255],
        inner: Inner { depth: -3 },
        rest: BTreeMap::from([("extra".into(), 9)]),
    };
    assert_same(&attributed);
    assert_decodes_like_serde(&attributed);
    let rebuilt = Rebuilt {
        a: 65535,
        b: vec![
            Tagged::Circle { radius: 0.5 },
            Tagged::Named(Inner { depth: 1 }),
            Tagged::Empty,
        ],
        c: Loose::Text("t".into()),
        d: Tuple(2, "two".into()),
    };
    assert_same(&rebuilt);
    assert_decodes_like_serde(&rebuilt);
    let loose = vec![Loose::Number(1), Loose::Text("x".into())];
    assert_same(&loose);
    assert_decodes_like_serde(&loose);
}

#[test]
fn a_borrowing_type_declared_through_a_macro_borrows_as_outside_one() {
    let text = r#"{"text":"borrowed","owned":"copied"}"#;
    let value: Borrowing = fastwire::json::from_str(text).unwrap();
    assert!(matches!(value.text, Cow::Borrowed("borrowed")));
    assert!(matches!(value.owned, Cow::Owned(_)));
    assert_eq!(fastwire::json::to_string(&value), text);
    let theirs: Borrowing = serde_json::from_str(text).unwrap();
    assert_eq!(value, theirs);
}
