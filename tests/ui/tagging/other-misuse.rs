#[derive(fastwire::Decode)]
#[serde(tag = "type")]
enum NotLast {
    #[serde(other)]
    Unknown,
    A { x: u8 },
}

#[derive(fastwire::Decode)]
#[serde(tag = "type")]
enum NotUnit {
    A { x: u8 },
    #[serde(other)]
    Unknown(u8),
}

#[derive(fastwire::Decode)]
#[serde(untagged)]
enum Untagged {
    A(u8),
    #[serde(other)]
    Unknown,
}

fn main() {}
