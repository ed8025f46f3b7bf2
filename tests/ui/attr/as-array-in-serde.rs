#[derive(fastwire::Encode)]
#[serde(as_array)]
struct Point {
    x: i32,
    y: i32,
}

fn main() {}
