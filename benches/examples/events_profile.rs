//! A driver for profilers on the event log (`fastwire_benches::events`): encodes or decodes
//! the log in one format with one library, CALLS times, and nothing else after building it, so
//! that a profile of the whole process is a profile of that work.
//!
//! ```text
//! cargo build --release -p fastwire-benches --example events_profile
//! valgrind --tool=callgrind --toggle-collect='*events_profile::timed*' \
//!     target/release/examples/events_profile json decode fastwire 2
//! ```
//!
//! Arguments: FORMAT (`json`, `msgpack`), DIRECTION (`encode`, `decode`), LIBRARY (`fastwire`,
//! or the format's reference: `serde_json`, `sonic-rs` for JSON, `rmp-serde` for MessagePack),
//! CALLS (default 10) and EVENTS, the log's length (default 10,000). Decoding reads the
//! reference library's encoding (fastwire's is the same bytes); before the timed calls, a
//! decoding is checked against the log, an encoding against the reference's bytes. Build with debug info (`CARGO_PROFILE_RELEASE_DEBUG=1`) for line-level
//! profiles.

use std::env;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use fastwire_benches::events::{envelopes, Envelope, STANDARD_COUNT};

const USAGE: &str = "usage: events_profile FORMAT DIRECTION LIBRARY [CALLS [EVENTS]]
  FORMAT     json | msgpack
  DIRECTION  encode | decode
  LIBRARY    fastwire | serde_json | sonic-rs (JSON) | rmp-serde (MessagePack)
  CALLS      how many times (default 10)
  EVENTS     how many envelopes in the log (default 10000)";

/// The log, as each library reads and writes it.
type Log = Vec<Envelope>;

/// One format and library, one direction.
#[derive(Clone, Copy)]
enum Lib {
    FastwireJson,
    SerdeJson,
    SonicRs,
    FastwireMsgpack,
    RmpSerde,
}

impl Lib {
    fn parse(format: &str, lib: &str) -> Option<Lib> {
        match (format, lib) {
            ("json", "fastwire") => Some(Lib::FastwireJson),
            ("json", "serde_json") => Some(Lib::SerdeJson),
            ("json", "sonic-rs") => Some(Lib::SonicRs),
            ("msgpack", "fastwire") => Some(Lib::FastwireMsgpack),
            ("msgpack", "rmp-serde") => Some(Lib::RmpSerde),
            _ => None,
        }
    }

    fn encode(self, log: &Log) -> Vec<u8> {
        match self {
            Lib::FastwireJson => fastwire::json::to_vec(log),
            Lib::SerdeJson => serde_json::to_vec(log).expect("serde_json encodes the log"),
            Lib::SonicRs => sonic_rs::to_vec(log).expect("sonic-rs encodes the log"),
            Lib::FastwireMsgpack => fastwire::msgpack::to_vec(log),
            Lib::RmpSerde => rmp_serde::to_vec_named(log).expect("rmp-serde encodes the log"),
        }
    }

    fn decode(self, input: &[u8]) -> Log {
        match self {
            Lib::FastwireJson => fastwire::json::from_slice(input).expect("fastwire decodes"),
            Lib::SerdeJson => serde_json::from_slice(input).expect("serde_json decodes"),
            Lib::SonicRs => sonic_rs::from_slice(input).expect("sonic-rs decodes"),
            Lib::FastwireMsgpack => fastwire::msgpack::from_slice(input).expect("fastwire decodes"),
            Lib::RmpSerde => rmp_serde::from_slice(input).expect("rmp-serde decodes"),
        }
    }

    /// The library whose encoding is decoded: serde_json's or rmp-serde's.
    fn reference(self) -> Lib {
        match self {
            Lib::FastwireJson | Lib::SerdeJson | Lib::SonicRs => Lib::SerdeJson,
            Lib::FastwireMsgpack | Lib::RmpSerde => Lib::RmpSerde,
        }
    }
}

/// The timed calls, in a function of their own so that a profiler can collect inside it
/// alone (callgrind: `--toggle-collect='*events_profile::timed*'`).
#[inline(never)]
fn timed(lib: Lib, decode: bool, calls: usize, log: &Log, input: &[u8]) {
    for _ in 0..calls {
        if decode {
            black_box(lib.decode(black_box(input)));
        } else {
            black_box(lib.encode(black_box(log)));
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [format, direction, lib, rest @ ..] if rest.len() <= 2 => {
            let decode = match direction.as_str() {
                "encode" => Some(false),
                "decode" => Some(true),
                _ => None,
            };
            let calls = rest.first().map_or(Some(10), |n| n.parse().ok());
            let events = rest.get(1).map_or(Some(STANDARD_COUNT), |n| n.parse().ok());
            match (Lib::parse(format, lib), decode, calls, events) {
                (Some(lib), Some(decode), Some(calls), Some(events)) => {
                    Some((lib, decode, calls, events))
                }
                _ => None,
            }
        }
        _ => None,
    };
    let Some((lib, decode, calls, events)) = parsed else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };

    let log = envelopes(events);
    let input = lib.reference().encode(&log);
    // Only the direction timed is checked: a slow direction is not run untimed.
    if decode {
        assert!(
            lib.decode(&input) == log,
            "the library's decoding differs from the log"
        );
    } else {
        assert!(
            lib.encode(&log) == input,
            "the library's encoding differs from the reference's"
        );
    }
    let start = Instant::now();
    timed(lib, decode, calls, &log, &input);
    eprintln!(
        "{calls} calls in {:.3} ms ({} bytes each)",
        start.elapsed().as_secs_f64() * 1e3,
        input.len()
    );
    ExitCode::SUCCESS
}
