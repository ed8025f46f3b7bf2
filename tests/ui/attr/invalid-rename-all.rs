#[derive(fastwire::Encode)]
#[serde(rename_all = "camel_case")]
struct Config {
    value: u8,
}

fn main() {}
