//! Encodes the standard list of 20,000 users with fastwire and with serde_json, best of 20 runs
//! each, prints the sizes, the times and the speed ratio, and fails (exit status 1) unless both
//! libraries wrote exactly the same bytes.
//!
//! ```text
//! cargo run --release -p fastwire-benches --example users [-- ROWS [RUNS]]
//! ```

use std::env;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fastwire_benches::users::{users, User, STANDARD_COUNT};

/// Runs per encoder; the best (shortest) is reported.
const DEFAULT_RUNS: usize = 20;

/// Calls `encode` `runs` times and returns the shortest time and the last output.
fn best_of(runs: usize, mut encode: impl FnMut() -> Vec<u8>) -> (Duration, Vec<u8>) {
    let mut best = Duration::MAX;
    let mut out = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        out = black_box(encode());
        best = best.min(start.elapsed());
    }
    (best, out)
}

/// Like [`best_of`], encoding into one buffer reused (cleared) across runs.
fn best_of_reused(runs: usize, mut encode: impl FnMut(&mut Vec<u8>)) -> (Duration, Vec<u8>) {
    let mut best = Duration::MAX;
    let mut buf = Vec::new();
    for _ in 0..runs {
        buf.clear();
        let start = Instant::now();
        encode(black_box(&mut buf));
        best = best.min(start.elapsed());
    }
    (best, buf)
}

fn report(label: &str, bytes: usize, time: Duration) {
    let mib_per_s = bytes as f64 / time.as_secs_f64() / (1024.0 * 1024.0);
    println!(
        "  {label:<36} {bytes:>9} bytes  {:>9.3} ms  {mib_per_s:>8.1} MiB/s",
        time.as_secs_f64() * 1e3
    );
}

/// Prints where two outputs first differ; returns whether they are identical.
fn identical(what: &str, fastwire: &[u8], serde_json: &[u8]) -> bool {
    if fastwire == serde_json {
        return true;
    }
    let at = fastwire
        .iter()
        .zip(serde_json)
        .position(|(a, b)| a != b)
        .unwrap_or(fastwire.len().min(serde_json.len()));
    let around = |s: &[u8]| {
        String::from_utf8_lossy(&s[at.saturating_sub(60)..(at + 60).min(s.len())]).into_owned()
    };
    eprintln!("error: {what}: the outputs differ at byte {at}");
    eprintln!("  fastwire:   {:?}", around(fastwire));
    eprintln!("  serde_json: {:?}", around(serde_json));
    false
}

fn parse_arg(arg: Option<String>, default: usize, what: &str) -> Result<usize, String> {
    match arg {
        None => Ok(default),
        Some(s) => match s.parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("{what} must be a positive integer, got {s:?}")),
        },
    }
}

fn main() -> ExitCode {
    let mut args = env::args().skip(1);
    let (rows, runs) = match (
        parse_arg(args.next(), STANDARD_COUNT, "ROWS"),
        parse_arg(args.next(), DEFAULT_RUNS, "RUNS"),
    ) {
        (Ok(rows), Ok(runs)) => (rows, runs),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}\nusage: users [ROWS [RUNS]]");
            return ExitCode::from(2);
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; use --release for meaningful times");
    }

    let list: Vec<User> = users(rows);
    println!("{rows} users, best of {runs} runs");

    let (fw_time, fw_out) = best_of(runs, || fastwire::json::to_vec(&list));
    let (sj_time, sj_out) = best_of(runs, || {
        serde_json::to_vec(&list).expect("serde_json encodes users")
    });
    println!("new Vec per run:");
    report("fastwire::json::to_vec", fw_out.len(), fw_time);
    report("serde_json::to_vec", sj_out.len(), sj_time);
    let ratio = sj_time.as_secs_f64() / fw_time.as_secs_f64();
    println!("  fastwire is {ratio:.2}x as fast as serde_json");

    let (fw_reused_time, fw_reused) =
        best_of_reused(runs, |buf| fastwire::json::encode_into(&list, buf));
    let (sj_reused_time, sj_reused) = best_of_reused(runs, |buf| {
        serde_json::to_writer(buf, &list).expect("serde_json encodes users")
    });
    println!("reused buffer:");
    report(
        "fastwire::json::encode_into",
        fw_reused.len(),
        fw_reused_time,
    );
    report("serde_json::to_writer", sj_reused.len(), sj_reused_time);
    let reused_ratio = sj_reused_time.as_secs_f64() / fw_reused_time.as_secs_f64();
    println!("  fastwire is {reused_ratio:.2}x as fast as serde_json");

    let same = identical("to_vec", &fw_out, &sj_out)
        & identical("encode_into / to_writer", &fw_reused, &sj_reused);
    if same {
        println!("outputs are byte-identical ({} bytes)", fw_out.len());
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
