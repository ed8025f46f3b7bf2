#[derive(fastwire::Decode)]
#[serde(variant_identifier)]
enum Kind {
    Plain,
    Sized { width: u32 },
}

fn main() {}
