#[derive(fastwire::Encode)]
#[wire(as_array)]
struct Point(i32, i32);

fn main() {}
