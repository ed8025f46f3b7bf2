#[derive(fastwire::Encode, fastwire::Decode)]
#[wire(repr)]
#[repr(u8)]
enum Status {
    #[serde(rename = "active")]
    Active,
    #[serde(alias = "off")]
    Suspended,
}

fn main() {}
