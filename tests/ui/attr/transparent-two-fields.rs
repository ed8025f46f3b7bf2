#[derive(fastwire::Encode)]
#[serde(transparent)]
struct Meters {
    value: f64,
    unit: &'static str,
}

fn main() {}
