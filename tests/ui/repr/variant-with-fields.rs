#[derive(fastwire::Encode, fastwire::Decode)]
#[wire(repr)]
#[repr(u8)]
enum Status {
    Active,
    Suspended(u32),
}

fn main() {}
