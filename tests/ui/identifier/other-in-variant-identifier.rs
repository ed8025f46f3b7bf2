#[derive(fastwire::Decode)]
#[serde(variant_identifier)]
enum Kind {
    Plain,
    #[serde(other)]
    Unknown,
}

fn main() {}
