#[derive(fastwire::Encode)]
enum Message {
    #[serde(untagged)]
    Raw(String),
    Ping,
}

fn main() {}
