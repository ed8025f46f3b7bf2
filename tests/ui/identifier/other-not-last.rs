#[derive(fastwire::Decode)]
#[serde(field_identifier)]
enum Field {
    #[serde(other)]
    Ignored,
    Name,
}

fn main() {}
