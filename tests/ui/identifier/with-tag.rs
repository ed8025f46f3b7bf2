#[derive(fastwire::Decode)]
#[serde(field_identifier, tag = "t")]
enum Field {
    Name,
}

fn main() {}
