use serde::{Deserializer, Serializer};

fn write_pair<S: Serializer>(a: &u8, b: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u16(u16::from(*a) << 8 | u16::from(*b))
}

fn read_pair<'de, D: Deserializer<'de>>(_: D) -> Result<(u8, u8), D::Error> {
    Ok((0, 0))
}

#[derive(fastwire::Encode, fastwire::Decode)]
enum Packed {
    // The functions are given (and give) every field: none can be left out.
    #[serde(serialize_with = "write_pair")]
    Written(u8, #[serde(skip_serializing)] u8),
    #[serde(serialize_with = "write_pair")]
    Conditional {
        a: u8,
        #[serde(skip_serializing_if = "is_zero")]
        b: u8,
    },
    #[serde(deserialize_with = "read_pair")]
    Read(#[serde(skip_deserializing)] u8, u8),
    #[serde(serialize_with = "write_pair", skip_serializing)]
    Skipped(u8, u8),
    #[serde(skip_deserializing, deserialize_with = "read_pair")]
    NotRead(u8, u8),
}

fn is_zero(b: &u8) -> bool {
    *b == 0
}

fn main() {}
