#[derive(fastwire::Encode)]
#[wire(repr)]
#[serde(tag = "type")]
#[repr(u8)]
enum Status {
    Active,
    Suspended,
}

fn main() {}
