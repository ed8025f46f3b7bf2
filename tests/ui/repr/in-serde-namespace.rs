#[derive(fastwire::Encode)]
#[serde(repr)]
#[repr(u8)]
enum Status {
    Active,
    Suspended,
}

fn main() {}
