#[derive(fastwire::Encode)]
#[serde(rename_all = "lowercase")]
enum Level {
    Info,
    INFO,
}

fn main() {}
