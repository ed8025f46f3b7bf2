#[derive(fastwire::Encode)]
#[serde(rename_al = "camelCase")]
struct Config {
    #[serde(renam = "x")]
    value: u8,
    #[wire(skip_serialising)]
    other: u8,
}

fn main() {}
