struct Opaque;

#[derive(fastwire::Encode)]
struct Row {
    id: u64,
    handle: Opaque,
}

fn main() {}
