#[derive(fastwire::Decode)]
#[serde(field_identifier)]
enum Field {
    Other(String),
    Name,
}

fn main() {}
