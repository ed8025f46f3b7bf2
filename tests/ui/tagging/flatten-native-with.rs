mod codec {
    pub mod json {
        pub fn encode<W: fastwire::json::Writer>(value: &super::super::Inner, w: &mut W) {
            w.write_u64(u64::from(value.a));
        }
    }
}

#[derive(fastwire::Encode)]
struct Outer {
    #[serde(flatten)]
    #[wire(with = "codec")]
    inner: Inner,
}

struct Inner {
    a: u8,
}

fn main() {}
