//! What the MessagePack comparisons share: the traits a workload's type implements, the two
//! forms a struct can be written in, and rmp-serde's encoding in each (the bytes fastwire must
//! write).

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A MessagePack workload's type as fastwire and rmp-serde see it: fastwire's and serde's
/// traits, and `==` to check the decodings. [`Model`]s are these, and so are the types zerompk
/// cannot express ([`events`](crate::events)).
pub trait SerdeModel:
    fastwire::msgpack::Encode
    + fastwire::msgpack::DecodeOwned
    + Serialize
    + DeserializeOwned
    + PartialEq
    + std::fmt::Debug
{
}

impl<T> SerdeModel for T where
    T: fastwire::msgpack::Encode
        + fastwire::msgpack::DecodeOwned
        + Serialize
        + DeserializeOwned
        + PartialEq
        + std::fmt::Debug
{
}

/// A MessagePack workload's type: it implements fastwire's, serde's (for rmp-serde) and
/// zerompk's traits, and `==` to check the decodings. Every model declared with
/// [`models!`](crate::models) is one, and so is its array-form twin.
pub trait Model: SerdeModel + zerompk::ToMessagePack + zerompk::FromMessagePackOwned {}

impl<T> Model for T where T: SerdeModel + zerompk::ToMessagePack + zerompk::FromMessagePackOwned {}

/// How a workload's structs are written. The type decides (a model or its array-form twin);
/// this says which rmp-serde function matches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Maps keyed by field name: fastwire's default, `rmp_serde::to_vec_named`, zerompk's
    /// `#[msgpack(map)]`.
    Map,
    /// Arrays of the fields: fastwire's `#[wire(as_array)]`, `rmp_serde::to_vec`, zerompk's
    /// default.
    Array,
}

impl Form {
    /// `"map"` or `"array"`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Map => "map",
            Form::Array => "array",
        }
    }
}

/// rmp-serde's encoding of `value` in `form`: `to_vec_named` or `to_vec`.
///
/// # Panics
///
/// If rmp-serde cannot encode `value` (the models are all encodable).
pub fn rmp_encode<T: Serialize + ?Sized>(form: Form, value: &T) -> Vec<u8> {
    match form {
        Form::Map => rmp_serde::to_vec_named(value),
        Form::Array => rmp_serde::to_vec(value),
    }
    .expect("rmp-serde encodes the model")
}
