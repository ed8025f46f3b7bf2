// `with` naming a module that does not exist: the error is on the attribute that names it,
// for a serde module (through the bridge) and for a fastwire one.
#[derive(fastwire::Encode, fastwire::Decode)]
struct Event {
    #[serde(with = "no_such_module")]
    at: u64,
    #[wire(with = "also_missing")]
    size: u64,
}

fn main() {}
