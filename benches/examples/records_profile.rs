//! A driver for profilers on the domain-type rows (`fastwire_benches::records`): decodes or
//! encodes the 20,000 typed users or the 10,000 dated records in one format with fastwire,
//! CALLS times, and nothing else after building the input, so that a profile of the whole
//! process is a profile of that work.
//!
//! ```text
//! cargo build --release -p fastwire-benches --example records_profile
//! valgrind --tool=callgrind --toggle-collect='*records_profile::timed*' \
//!     target/release/examples/records_profile users json decode 2
//! ```
//!
//! Arguments: WORKLOAD (`users`, `records`), FORMAT (`json`, `msgpack`; for encoding also
//! `json_reused` and `msgpack_reused`, into one buffer cleared between calls; and the references
//! `serde_json` and `rmp_serde`, which encode through the types' serde impls and decode
//! fastwire's bytes, the same as theirs, through them), DIRECTION (`encode`, `decode`), CALLS
//! (default 10), ROWS (default: the standard batch).

use std::env;
use std::hint::black_box;
use std::process::ExitCode;

use fastwire_benches::records::{dated_records, typed_users, STANDARD_RECORDS, STANDARD_USERS};

#[inline(never)]
fn timed<T, O>(calls: usize, input: &T, work: impl Fn(&T) -> O) {
    let mut best = std::time::Duration::MAX;
    for _ in 0..calls {
        let start = std::time::Instant::now();
        black_box(work(black_box(input)));
        best = best.min(start.elapsed());
    }
    eprintln!("{calls} calls, best {:.3} ms", best.as_secs_f64() * 1e3);
}

/// [`timed`] for an `encode_into`: each call clears one buffer kept across the calls and
/// appends the encoding to it.
fn timed_reused<T>(calls: usize, input: &T, encode_into: impl Fn(&T, &mut Vec<u8>)) {
    let buf = std::cell::RefCell::new(Vec::new());
    timed(calls, input, |value| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        encode_into(value, &mut buf);
        buf.len()
    });
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let [workload, format, direction, rest @ ..] = args.as_slice() else {
        eprintln!(
            "usage: records_profile users|records json|msgpack|json_reused|msgpack_reused|serde_json|rmp_serde \
             encode|decode [CALLS [ROWS]]"
        );
        return ExitCode::FAILURE;
    };
    let calls = rest.first().and_then(|n| n.parse().ok()).unwrap_or(10);
    // The number of rows: the standard batch unless given (instructions per row at 20,000 and
    // at 300,000 users show whether time per row stays flat).
    let rows = rest.get(1).and_then(|n| n.parse().ok());
    macro_rules! run {
        ($rows:expr, $ty:ty) => {{
            let rows = $rows;
            match (format.as_str(), direction.as_str()) {
                ("json", "encode") => timed(calls, &rows, |r| fastwire::json::to_vec(r)),
                ("json", "decode") => {
                    let input = fastwire::json::to_vec(&rows);
                    timed(calls, &input, |i| {
                        fastwire::json::from_slice::<Vec<$ty>>(i).expect("decodes")
                    })
                }
                ("msgpack", "encode") => timed(calls, &rows, |r| fastwire::msgpack::to_vec(r)),
                // Into one buffer kept across calls: the encoding alone, without the fresh
                // memory a new `Vec` of megabytes costs the first time it is written.
                ("json_reused", "encode") => {
                    timed_reused(calls, &rows, fastwire::json::encode_into)
                }
                ("msgpack_reused", "encode") => {
                    timed_reused(calls, &rows, fastwire::msgpack::encode_into)
                }
                ("msgpack", "decode") => {
                    let input = fastwire::msgpack::to_vec(&rows);
                    timed(calls, &input, |i| {
                        fastwire::msgpack::from_slice::<Vec<$ty>>(i).expect("decodes")
                    })
                }
                // The references: the same bytes written and read through the types' serde
                // impls (MessagePack structs as maps, as fastwire writes them).
                ("serde_json", "encode") => {
                    timed(calls, &rows, |r| serde_json::to_vec(r).expect("encodes"))
                }
                ("rmp_serde", "encode") => timed(calls, &rows, |r| {
                    rmp_serde::to_vec_named(r).expect("encodes")
                }),
                ("serde_json", "decode") => {
                    let input = fastwire::json::to_vec(&rows);
                    timed(calls, &input, |i| {
                        serde_json::from_slice::<Vec<$ty>>(i).expect("decodes")
                    })
                }
                ("rmp_serde", "decode") => {
                    let input = fastwire::msgpack::to_vec(&rows);
                    timed(calls, &input, |i| {
                        rmp_serde::from_slice::<Vec<$ty>>(i).expect("decodes")
                    })
                }
                _ => {
                    eprintln!("unknown format or direction");
                    return ExitCode::FAILURE;
                }
            }
        }};
    }
    match workload.as_str() {
        "users" => run!(
            typed_users(rows.unwrap_or(STANDARD_USERS)),
            fastwire_benches::records::TypedUser
        ),
        "records" => run!(
            dated_records(rows.unwrap_or(STANDARD_RECORDS)),
            fastwire_benches::records::DatedRecord
        ),
        _ => {
            eprintln!("unknown workload");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
