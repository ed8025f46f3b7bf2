#[derive(fastwire::Decode)]
struct Row<'de> {
    name: &'de str,
}

fn main() {}
