pub struct Span {
    start: u32,
}

impl Span {
    pub fn start(&self) -> u32 {
        self.start
    }
}

#[derive(fastwire::Encode)]
struct Local {
    #[serde(getter = "Span::start")]
    start: u32,
}

fn main() {}
