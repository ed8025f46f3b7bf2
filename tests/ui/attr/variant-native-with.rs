mod packed {
    pub mod json {
        use fastwire::json::{Error, Reader, Writer};

        pub fn encode<W: Writer>(value: &(u8, u8), w: &mut W) {
            fastwire::json::Encode::encode(value, w);
        }

        pub fn decode(r: &mut Reader<'_>) -> Result<(u8, u8), Error> {
            fastwire::json::Decode::decode(r)
        }
    }
}

// A fastwire module writes one value: a newtype variant's field.
#[derive(fastwire::Encode, fastwire::Decode)]
enum Packed {
    #[wire(with = "packed")]
    Pair(u8, u8),
    #[wire(serialize_with = "packed::json::encode")]
    Named { a: u8, b: u8 },
}

fn main() {}
