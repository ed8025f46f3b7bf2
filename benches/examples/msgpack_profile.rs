//! A driver for profilers: encodes or decodes one MessagePack workload with one library, CALLS
//! times, and nothing else after loading, so that a profile of the whole process is a profile
//! of that work.
//!
//! ```text
//! cargo build --release -p fastwire-benches --example msgpack_profile
//! valgrind --tool=callgrind --toggle-collect='*msgpack_profile::timed*' \
//!     target/release/examples/msgpack_profile twitter map encode fastwire 20
//! ```
//!
//! Arguments: WORKLOAD (`twitter`, `citm`, `canada`, `users_20k`, `ts_short`, `ts_cjk`,
//! `ts_ticker`), FORM (`map`, `array`), DIRECTION (`encode`, `decode`), LIBRARY (`fastwire`,
//! `rmp-serde`, `zerompk`) and CALLS (default 10). Decoding reads the library's own encoding,
//! made (and checked against the value) before the timed calls. Build with debug info
//! (`CARGO_PROFILE_RELEASE_DEBUG=1`) for line-level profiles.

use std::env;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use fastwire_benches::msgpack::{rmp_encode, Form, Model};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::{load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};

const USAGE: &str = "usage: msgpack_profile WORKLOAD FORM DIRECTION LIBRARY [CALLS]
  WORKLOAD   twitter | citm | canada | users_20k | ts_short | ts_cjk | ts_ticker
  FORM       map | array
  DIRECTION  encode | decode
  LIBRARY    fastwire | rmp-serde | zerompk
  CALLS      how many times (default 10)";

/// What to run.
struct Job {
    form: Form,
    decode: bool,
    lib: String,
    calls: usize,
}

/// The library's encoding of `value`.
fn encode<T: Model>(lib: &str, form: Form, value: &T) -> Vec<u8> {
    match lib {
        "fastwire" => fastwire::msgpack::to_vec(value),
        "rmp-serde" => rmp_encode(form, value),
        _ => zerompk::to_msgpack_vec(value).expect("zerompk encodes the model"),
    }
}

/// The library's decoding of `input`.
fn decode<T: Model>(lib: &str, input: &[u8]) -> T {
    match lib {
        "fastwire" => fastwire::msgpack::from_slice(input).expect("fastwire decodes"),
        "rmp-serde" => rmp_serde::from_slice(input).expect("rmp-serde decodes"),
        _ => zerompk::from_msgpack(input).expect("zerompk decodes"),
    }
}

/// The timed calls, in a function of their own so that a profiler can collect inside it
/// alone (callgrind: `--toggle-collect='*msgpack_profile::timed*'`).
#[inline(never)]
fn timed<T: Model>(job: &Job, value: &T, input: &[u8]) {
    for _ in 0..job.calls {
        if job.decode {
            black_box(decode::<T>(&job.lib, black_box(input)));
        } else {
            black_box(encode(&job.lib, job.form, black_box(value)));
        }
    }
}

/// Runs `job` on `value`, which is in `job.form`.
fn run<T: Model>(job: &Job, value: &T) {
    let input = encode(&job.lib, job.form, value);
    assert!(
        decode::<T>(&job.lib, &input) == *value,
        "{}'s round trip changes the value",
        job.lib
    );
    let start = Instant::now();
    timed(job, value, &input);
    let elapsed = start.elapsed();
    eprintln!(
        "{} calls in {:.3} ms ({} bytes each)",
        job.calls,
        elapsed.as_secs_f64() * 1e3,
        input.len()
    );
}

/// Runs `job` on `value` or on its array-form twin, by `job.form`.
fn run_form<T>(job: &Job, value: T)
where
    T: Model + ArrayTwin,
    T::Twin: Model,
{
    match job.form {
        Form::Map => run(job, &value),
        Form::Array => run(job, &value.to_twin()),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [workload, form, direction, lib, rest @ ..] if rest.len() <= 1 => {
            let form = match form.as_str() {
                "map" => Some(Form::Map),
                "array" => Some(Form::Array),
                _ => None,
            };
            let decode = match direction.as_str() {
                "encode" => Some(false),
                "decode" => Some(true),
                _ => None,
            };
            let known_lib = ["fastwire", "rmp-serde", "zerompk"].contains(&lib.as_str());
            let calls = rest.first().map_or(Some(10), |n| n.parse().ok());
            match (form, decode, known_lib, calls) {
                (Some(form), Some(decode), true, Some(calls)) => Some((
                    workload.clone(),
                    Job {
                        form,
                        decode,
                        lib: lib.clone(),
                        calls,
                    },
                )),
                _ => None,
            }
        }
        _ => None,
    };
    let Some((workload, job)) = parsed else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match workload.as_str() {
        "twitter" => run_form(&job, load_twitter()),
        "citm" => run_form(&job, load_citm()),
        "canada" => run_form(&job, load_canada()),
        "users_20k" => run_form(&job, users(STANDARD_COUNT)),
        "ts_short" => run_form(&job, ts_short()),
        "ts_cjk" => run_form(&job, ts_cjk()),
        "ts_ticker" => run_form(&job, ts_ticker()),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
