struct Opaque;

#[derive(fastwire::Decode)]
struct Row {
    id: u64,
    handle: Opaque,
}

fn main() {}
