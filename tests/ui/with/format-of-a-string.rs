fastwire::chrono_format!(mod german = "%d.%m.%Y");

#[derive(fastwire::Encode, fastwire::Decode)]
struct Invoice {
    #[wire(with = "german")]
    issued: String,
}

fn main() {}
