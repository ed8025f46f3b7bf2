#[derive(fastwire::Encode)]
struct Config {
    #[serde(rename = 5)]
    value: u8,
    #[serde(skip_serializing_if = Option::is_none)]
    other: Option<u8>,
}

fn main() {}
