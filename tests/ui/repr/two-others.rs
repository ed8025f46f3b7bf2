#[derive(fastwire::Decode)]
#[wire(repr)]
#[repr(u8)]
enum Status {
    Active,
    #[serde(other)]
    Unknown,
    #[serde(other)]
    Other,
}

fn main() {}
