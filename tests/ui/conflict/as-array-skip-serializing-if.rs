#[derive(fastwire::Encode)]
#[wire(as_array)]
struct Reading {
    at: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    value: f64,
}

fn main() {}
