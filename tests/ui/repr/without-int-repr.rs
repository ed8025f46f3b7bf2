#[derive(fastwire::Encode, fastwire::Decode)]
#[wire(repr)]
enum Status {
    Active,
    Suspended,
}

fn main() {}
