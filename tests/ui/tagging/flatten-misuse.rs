#[derive(fastwire::Encode)]
struct Tuple(#[serde(flatten)] Inner);

#[derive(fastwire::Encode)]
#[wire(as_array)]
struct Array {
    #[serde(flatten)]
    inner: Inner,
}

#[derive(fastwire::Encode)]
struct Inner {
    a: u8,
}

fn main() {}
