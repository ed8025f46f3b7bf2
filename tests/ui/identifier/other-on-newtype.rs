#[derive(fastwire::Decode)]
#[serde(field_identifier)]
enum Field {
    Name,
    #[serde(other)]
    Ignored(String),
}

fn main() {}
