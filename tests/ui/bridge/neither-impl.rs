// What the derive emits for a field whose type implements neither fastwire's traits nor
// serde's, with the `serde` feature.
struct Opaque;

struct Holder(Opaque);

impl fastwire::json::Encode for Holder {
    fn encode<W: fastwire::json::Writer>(&self, w: &mut W) {
        fastwire::__dispatch!(json::encode(&self.0, w));
    }
}

impl<'de> fastwire::json::Decode<'de> for Holder {
    fn decode(r: &mut fastwire::json::Reader<'de>) -> Result<Self, fastwire::json::Error> {
        fastwire::__dispatch!(json::decode::<Opaque>(r)).map(Holder)
    }
}

impl fastwire::msgpack::Encode for Holder {
    fn encode<W: fastwire::msgpack::Writer>(&self, w: &mut W) {
        fastwire::__dispatch!(msgpack::encode_after(&self.0, b"", w));
    }
}

impl<'de> fastwire::msgpack::Decode<'de> for Holder {
    fn decode(r: &mut fastwire::msgpack::Reader<'de>) -> Result<Self, fastwire::msgpack::Error> {
        fastwire::__dispatch!(msgpack::decode::<Opaque>(r)).map(Holder)
    }
}

fn main() {}
