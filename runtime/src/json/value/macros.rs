//! `json!`: a [`Value`](super::Value) written inline.

/// Builds a [`json::Value`](crate::json::Value) from JSON written inline: `fastwire::json!`.
///
/// `null`, arrays `[...]` and objects `{...}` are written as in JSON (trailing commas allowed);
/// anything else is a Rust expression of any [`Encode`](crate::json::Encode) type, borrowed and
/// converted with [`to_value`](crate::json::to_value), as serde_json's `json!` does with
/// `Serialize` (so `true`, numbers, strings, variables, `Option`s, `Vec`s, maps, other
/// `Value`s and derived structs and enums all work, and interpolating a variable does not move
/// it). An expression whose encoding fails panics, as serde_json's `json!` does.
/// Object keys are string literals or expressions that convert into `String` (a variable, a
/// call, `(parenthesized)`, ...). Repeated keys keep the first position and the last value.
///
/// ```
/// use fastwire::json;
///
/// let name = "Ada";
/// let key = String::from("dynamic");
/// let scores = vec![90, 85];
/// let doc = json!({
///     "name": name,
///     "age": 36,
///     "admin": true,
///     "spouse": null,
///     "scores": scores,
///     "ratio": 0.5,
///     key: { "nested": [1, "two", null, [], {}] },
///     (format!("k{}", 1)): -1,
/// });
/// assert_eq!(
///     json::to_string(&doc),
///     r#"{"name":"Ada","age":36,"admin":true,"spouse":null,"scores":[90,85],"ratio":0.5,"dynamic":{"nested":[1,"two",null,[],{}]},"k1":-1}"#,
/// );
/// ```
///
/// Any `Encode` value interpolates, derived types included:
///
/// ```
/// #[derive(fastwire::Encode)]
/// struct User { id: u32, name: &'static str }
///
/// let user = User { id: 7, name: "Ada" };
/// let ids = vec![1_u64, 2];
/// let doc = fastwire::json!({ "user": user, "ids": ids, "when": std::time::Duration::from_secs(1) });
/// assert_eq!(
///     doc.to_string(),
///     r#"{"user":{"id":7,"name":"Ada"},"ids":[1,2],"when":{"secs":1,"nanos":0}}"#
/// );
/// assert_eq!(ids.len(), 2); // borrowed, not moved
/// ```
///
/// Each array element and object entry costs one or two levels of macro recursion, so a
/// literal with more than about sixty entries at one level needs a higher
/// `#![recursion_limit]`.
#[macro_export]
macro_rules! json {
    (null) => {
        $crate::json::Value::Null
    };
    ([]) => {
        $crate::json::Value::Array(::std::vec::Vec::new())
    };
    ([ $($elements:tt)+ ]) => {
        $crate::json::Value::Array($crate::__json_array!([] $($elements)+))
    };
    ({}) => {
        $crate::json::Value::Object($crate::json::Map::new())
    };
    ({ $($entries:tt)+ }) => {{
        let mut object = $crate::json::Map::new();
        $crate::__json_object!(object () $($entries)+);
        $crate::json::Value::Object(object)
    }};
    ($other:expr) => {
        $crate::json::to_value(&$other)
    };
}

/// Array elements for `json!`: `([converted,] tokens...)`, one element per step.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_array {
    ([$($done:expr,)*]) => {
        ::std::vec![$($done,)*]
    };
    ([$($done:expr,)*] null , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::Null,] $($rest)*)
    };
    ([$($done:expr,)*] null) => {
        $crate::__json_array!([$($done,)* $crate::json::Value::Null,])
    };
    ([$($done:expr,)*] [$($array:tt)*] , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json!([$($array)*]),] $($rest)*)
    };
    ([$($done:expr,)*] [$($array:tt)*]) => {
        $crate::__json_array!([$($done,)* $crate::json!([$($array)*]),])
    };
    ([$($done:expr,)*] {$($object:tt)*} , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json!({$($object)*}),] $($rest)*)
    };
    ([$($done:expr,)*] {$($object:tt)*}) => {
        $crate::__json_array!([$($done,)* $crate::json!({$($object)*}),])
    };
    ([$($done:expr,)*] $next:expr , $($rest:tt)*) => {
        $crate::__json_array!([$($done,)* $crate::json::to_value(&$next),] $($rest)*)
    };
    ([$($done:expr,)*] $next:expr) => {
        $crate::__json_array!([$($done,)* $crate::json::to_value(&$next),])
    };
}

/// Object entries for `json!`: `(map (key tokens so far) tokens...)` collects a key up to its
/// colon, then `(@value map (key) tokens...)` inserts one value.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_object {
    // No more entries (a trailing comma is fine).
    ($object:ident ()) => {};
    // A literal key: straight to its value.
    ($object:ident () $key:literal : $($rest:tt)+) => {
        $crate::__json_object!(@value $object ($key) $($rest)+);
    };
    // Any other key: gather tokens up to the colon.
    ($object:ident ($($key:tt)+) : $($rest:tt)+) => {
        $crate::__json_object!(@value $object ($($key)+) $($rest)+);
    };
    ($object:ident ($($key:tt)*) $next:tt $($rest:tt)*) => {
        $crate::__json_object!($object ($($key)* $next) $($rest)*);
    };
    // The value, then the remaining entries.
    (@value $object:ident ($($key:tt)+) null $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json::Value::Null);
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) [$($array:tt)*] $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json!([$($array)*]));
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) {$($inner:tt)*} $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json!({$($inner)*}));
        $crate::__json_object!($object () $($($rest)*)?);
    };
    (@value $object:ident ($($key:tt)+) $value:expr $(, $($rest:tt)*)?) => {
        $object.insert(::std::string::String::from($($key)+), $crate::json::to_value(&$value));
        $crate::__json_object!($object () $($($rest)*)?);
    };
}
