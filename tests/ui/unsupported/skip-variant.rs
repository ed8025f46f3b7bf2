#[derive(fastwire::Encode)]
enum Event {
    Started,
    #[serde(skip_serializing)]
    Internal,
}

fn main() {}
