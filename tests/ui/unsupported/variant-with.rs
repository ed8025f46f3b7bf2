mod shout {
    pub fn serialize<S: serde::Serializer>(text: &String, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&text.to_uppercase())
    }
}

fn shout<S: serde::Serializer>(text: &String, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&text.to_uppercase())
}

#[derive(fastwire::Encode)]
enum Log {
    #[serde(with = "shout")]
    Alert(String),
    #[serde(serialize_with = "shout")]
    Warning(String),
    #[serde(deserialize_with = "shout")]
    Note(String),
}

fn main() {}
