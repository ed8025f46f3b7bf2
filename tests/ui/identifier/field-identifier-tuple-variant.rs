#[derive(fastwire::Decode)]
#[serde(field_identifier)]
enum Field {
    Name,
    Pair(String, String),
}

fn main() {}
