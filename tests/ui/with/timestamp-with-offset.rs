use chrono::{DateTime, FixedOffset};

#[derive(fastwire::Encode, fastwire::Decode)]
struct Meeting {
    #[wire(with = "fastwire::with::timestamp")]
    starts: DateTime<FixedOffset>,
}

fn main() {}
