#[derive(fastwire::Encode)]
struct Outer {
    #[serde(flatten)]
    inner: Inner,
}

#[derive(fastwire::Encode)]
struct Inner {
    a: u8,
}

fn main() {}
