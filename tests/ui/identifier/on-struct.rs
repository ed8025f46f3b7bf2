#[derive(fastwire::Decode)]
#[serde(field_identifier)]
struct Field {
    name: String,
}

fn main() {}
