// A hand-written `Encode` cannot reach the JSON writer's raw buffer: bytes put there unchecked
// could break the UTF-8 that `to_string` relies on. The public methods cover every JSON value.
use fastwire::json::{Encode, Writer};

struct Raw;

impl Encode for Raw {
    fn encode<W: Writer>(&self, w: &mut W) {
        w.buffer().push(0xff);
    }
}

fn main() {}
