#[derive(fastwire::Encode, fastwire::Decode)]
struct Samples {
    #[wire(with = "fastwire::with::bytes")]
    values: Vec<u16>,
}

fn main() {}
