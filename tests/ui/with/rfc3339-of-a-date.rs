use chrono::NaiveDate;

#[derive(fastwire::Encode, fastwire::Decode)]
struct Holiday {
    #[wire(with = "fastwire::with::rfc3339::seconds")]
    day: NaiveDate,
}

fn main() {}
