#[derive(fastwire::Encode)]
struct Config {
    #[serde(rename = "a", rename = "b")]
    value: u8,
}

fn main() {}
