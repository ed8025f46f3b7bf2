#[derive(fastwire::Encode)]
#[serde(tag = "type")]
#[wire(as_array)]
enum Message {
    Ping { id: u32 },
}

fn main() {}
