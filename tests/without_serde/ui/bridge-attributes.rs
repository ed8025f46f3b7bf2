// Each of these fields goes through serde's traits: without fastwire's `serde` feature, the
// derive cannot read or write them.
mod as_text {
    pub fn serialize<S: serde::Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(fastwire::Encode, fastwire::Decode)]
struct Forced {
    #[wire(serde)]
    id: u64,
}

#[derive(fastwire::Encode, fastwire::Decode)]
struct WithModule {
    #[serde(with = "as_text")]
    id: u64,
}

fn main() {}
