#[derive(fastwire::Encode)]
#[serde(variant_identifier)]
enum Kind {
    Plain,
    Rich,
}

fn main() {}
