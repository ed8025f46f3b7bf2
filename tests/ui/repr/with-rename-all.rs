#[derive(fastwire::Encode)]
#[wire(repr)]
#[serde(rename_all = "lowercase")]
#[repr(i32)]
enum Status {
    Active,
    Suspended,
}

fn main() {}
