#[derive(fastwire::Encode)]
#[wire(repr)]
struct Status {
    code: u8,
}

fn main() {}
