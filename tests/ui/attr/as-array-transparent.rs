#[derive(fastwire::Encode)]
#[serde(transparent)]
#[wire(as_array)]
struct Meters {
    value: f64,
}

fn main() {}
