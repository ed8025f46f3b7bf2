#[derive(fastwire::Encode)]
#[serde(tag = "type")]
enum Shape {
    Point(i32, i32),
    Circle { r: f64 },
}

fn main() {}
