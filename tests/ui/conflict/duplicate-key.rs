#[derive(fastwire::Encode)]
#[serde(rename_all = "camelCase")]
struct Row {
    user_id: u64,
    #[serde(rename = "userId")]
    legacy_id: u64,
}

fn main() {}
