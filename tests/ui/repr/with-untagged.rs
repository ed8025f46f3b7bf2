#[derive(fastwire::Decode)]
#[wire(repr)]
#[serde(untagged)]
#[repr(u8)]
enum Status {
    Active,
    Suspended,
}

fn main() {}
