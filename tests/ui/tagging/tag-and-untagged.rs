// An enum is either tagged or untagged: both at once is refused, on each attribute.
#[derive(fastwire::Encode, fastwire::Decode)]
#[serde(tag = "type", untagged)]
enum Shape {
    Circle { r: f64 },
}

#[derive(fastwire::Encode, fastwire::Decode)]
#[serde(tag = "t", content = "c", untagged)]
enum Adjacent {
    Square(f64),
}

fn main() {}
