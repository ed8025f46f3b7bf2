#[derive(fastwire::Encode, fastwire::Decode)]
#[wire(as_array)]
enum Shape {
    Empty,
    Circle(f64),
}

fn main() {}
