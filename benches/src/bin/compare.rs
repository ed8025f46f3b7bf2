//! `compare`: fastwire against serde_json and sonic-rs, encoding and decoding the json-benchmark
//! corpus (`twitter`, `citm`, `canada`) and 20,000 generated users, in one process. This is the
//! project's main benchmark:
//!
//! ```text
//! cargo run --release -p fastwire-benches --bin compare [-- [--quick] [RUNS]]
//! ```
//!
//! First it checks the libraries against each other, and exits with status 1 before measuring
//! anything if fastwire's encoding differs from serde_json's by a single byte, or if fastwire's
//! decoding of an input differs from serde_json's (floats may be one ulp apart: serde_json runs
//! without `float_roundtrip`, so its float parser is not correctly rounded). sonic-rs
//! disagreeing is reported, not fatal.
//!
//! Then it times, for each workload:
//! - `encode`: `to_vec` of the typed value, a new `Vec` per call (throughput: output size);
//! - `decode`: `from_slice` into the typed value (throughput: input size; the corpus files as
//!   they are, serde_json's compact encoding for the users);
//! - `decode from_reader` (users): `from_reader` over a `&[u8]`;
//! - `decode Value` (twitter, citm): `from_slice` into each library's untyped `Value`.
//!
//! Each measurement is the best of RUNS samples (default 30; `--quick`: 3), a sample being as
//! many calls as fill about 10 ms, after a short warm-up. The libraries take turns sample by
//! sample, in a rotating order, so that machine noise hits all of them alike. The result is a
//! markdown table of MB/s (10^6 bytes per second) per library and fastwire's speed as a
//! multiple of each other library's. The default run takes about 15 s plus loading (well
//! under a minute); `--quick` about 1 s.

use std::env;
use std::fmt::Write as _;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fastwire::json::DecodeOwned;
use fastwire_benches::oracle::{
    compare_models, compare_values, describe_difference, fastwire_value_to_serde_json,
};
use fastwire_benches::users::{users, User, STANDARD_COUNT};
use fastwire_benches::{data, Canada, CitmCatalog, Twitter};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The libraries compared, in table order; fastwire first.
const LIBS: [&str; 3] = ["fastwire", "serde_json", "sonic-rs"];

/// How long and how often to measure.
struct Config {
    /// Samples per library and measurement; the best is kept.
    runs: usize,
    /// Target duration of one sample.
    sample: Duration,
    /// Warm-up per library and measurement, also used to size the samples.
    warmup: Duration,
}

impl Config {
    const DEFAULT_RUNS: usize = 30;

    fn standard(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(Self::DEFAULT_RUNS),
            sample: Duration::from_millis(10),
            warmup: Duration::from_millis(150),
        }
    }

    fn quick(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(3),
            sample: Duration::from_millis(2),
            warmup: Duration::from_millis(10),
        }
    }
}

/// One library's entry in a measurement: a call to time. Results go through `black_box` and
/// are dropped inside the timed loop, for every library alike.
type Call<'a> = Box<dyn FnMut() + 'a>;

/// One line of the table.
struct Row {
    workload: &'static str,
    direction: &'static str,
    /// Bytes per call: the output of an encoder, the input of a decoder.
    bytes: usize,
    /// Best time per call, per library of [`LIBS`] (`None`: not measured).
    best: [Option<Duration>; 3],
}

/// Times `calls` (indexed like [`LIBS`]; `None` skips a library) as described in the module
/// docs and returns the best time per call of each.
fn measure(config: &Config, calls: &mut [Option<Call<'_>>; 3]) -> [Option<Duration>; 3] {
    // Warm up, and size each library's samples from the warm-up's speed.
    let mut iters = [0u32; 3];
    for (call, iters) in calls.iter_mut().zip(&mut iters) {
        let Some(call) = call else { continue };
        let start = Instant::now();
        let mut n = 0u32;
        while n == 0 || start.elapsed() < config.warmup {
            call();
            n += 1;
        }
        let per_call = start.elapsed() / n;
        let wanted = config.sample.as_nanos() / per_call.as_nanos().max(1);
        *iters = u32::try_from(wanted).unwrap_or(u32::MAX).clamp(1, 100_000);
    }

    let mut best = [None::<Duration>; 3];
    for round in 0..config.runs {
        for turn in 0..LIBS.len() {
            let lib = (round + turn) % LIBS.len();
            let Some(call) = &mut calls[lib] else {
                continue;
            };
            let n = iters[lib];
            let start = Instant::now();
            for _ in 0..n {
                call();
            }
            let per_call = start.elapsed() / n;
            best[lib] = Some(best[lib].map_or(per_call, |b| b.min(per_call)));
        }
    }
    best
}

/// What the checks found: errors (fastwire disagrees with serde_json) and notes (sonic-rs
/// disagrees, floats one ulp apart).
#[derive(Default)]
struct Findings {
    errors: Vec<String>,
    notes: Vec<String>,
}

/// Checks one typed workload: `model` for encoding, `input` for decoding.
fn check_typed<T>(name: &str, model: &T, input: &[u8], findings: &mut Findings)
where
    T: fastwire::json::Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq,
{
    // Encoding: fastwire must write serde_json's bytes exactly.
    let expected = serde_json::to_vec(model).expect("serde_json encodes the model");
    let fastwire = fastwire::json::to_vec(model);
    if let Some(diff) = describe_difference(
        &format!("{name}: encode"),
        ("fastwire", &fastwire),
        ("serde_json", &expected),
    ) {
        findings.errors.push(diff);
    }
    match sonic_rs::to_vec(model) {
        Ok(sonic) => {
            if let Some(diff) = describe_difference(
                &format!("{name}: encode (sonic-rs, not fatal)"),
                ("sonic-rs", &sonic),
                ("serde_json", &expected),
            ) {
                findings.notes.push(diff);
            }
        }
        Err(e) => findings
            .notes
            .push(format!("{name}: sonic-rs cannot encode the model: {e}")),
    }

    // Decoding: fastwire must read what serde_json reads.
    let decoded: T = match fastwire::json::from_slice(input) {
        Ok(value) => value,
        Err(e) => {
            findings
                .errors
                .push(format!("{name}: fastwire cannot decode the input: {e}"));
            return;
        }
    };
    let reference: T = serde_json::from_slice(input).expect("serde_json decodes the input");
    match compare_models(&decoded, &reference) {
        Ok(0) => {}
        Ok(near) => findings.notes.push(format!(
            "{name}: {near} floats decoded by serde_json are one ulp away from fastwire's \
             (serde_json without float_roundtrip is not correctly rounded)"
        )),
        Err(diff) => findings.errors.push(format!(
            "{name}: decode: fastwire's value differs from serde_json's at {diff}"
        )),
    }
    match sonic_rs::from_slice::<T>(input) {
        Ok(sonic) => match compare_models(&sonic, &decoded) {
            Ok(0) => {}
            Ok(near) => findings.notes.push(format!(
                "{name}: {near} floats decoded by sonic-rs are one ulp away from fastwire's"
            )),
            Err(diff) => findings.notes.push(format!(
                "{name}: decode: sonic-rs's value differs from fastwire's at {diff} (not fatal)"
            )),
        },
        Err(e) => findings
            .notes
            .push(format!("{name}: sonic-rs cannot decode the input: {e}")),
    }
}

/// Measures one typed workload: `model` for encoding, `input` for decoding.
fn measure_typed<T>(
    config: &Config,
    name: &'static str,
    model: &T,
    input: &[u8],
    rows: &mut Vec<Row>,
) where
    T: fastwire::json::Encode + DecodeOwned + Serialize + DeserializeOwned,
{
    rows.push(Row {
        workload: name,
        direction: "encode",
        bytes: fastwire::json::to_vec(model).len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(fastwire::json::to_vec(black_box(model)));
                })),
                Some(Box::new(|| {
                    black_box(serde_json::to_vec(black_box(model)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(sonic_rs::to_vec(black_box(model)).unwrap());
                })),
            ],
        ),
    });
    rows.push(Row {
        workload: name,
        direction: "decode",
        bytes: input.len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(fastwire::json::from_slice::<T>(black_box(input)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(serde_json::from_slice::<T>(black_box(input)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(sonic_rs::from_slice::<T>(black_box(input)).unwrap());
                })),
            ],
        ),
    });
}

/// Checks that fastwire's `from_reader` decodes `input` as its `from_slice` does.
fn check_reader<T>(name: &str, input: &[u8], findings: &mut Findings)
where
    T: DecodeOwned + PartialEq,
{
    let from_slice: Result<T, _> = fastwire::json::from_slice(input);
    let from_reader: Result<T, _> = fastwire::json::from_reader(input);
    match (from_slice, from_reader) {
        (Ok(a), Ok(b)) if a == b => {}
        (_, Err(e)) => findings
            .errors
            .push(format!("{name}: fastwire's from_reader fails: {e}")),
        _ => findings.errors.push(format!(
            "{name}: fastwire's from_reader and from_slice disagree"
        )),
    }
}

/// Measures decoding `input` from a reader (a `&[u8]`).
fn measure_reader<T>(config: &Config, name: &'static str, input: &[u8], rows: &mut Vec<Row>)
where
    T: DecodeOwned + DeserializeOwned,
{
    rows.push(Row {
        workload: name,
        direction: "decode from_reader",
        bytes: input.len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(fastwire::json::from_reader::<_, T>(black_box(input)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(serde_json::from_reader::<_, T>(black_box(input)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(sonic_rs::from_reader::<_, T>(black_box(input)).unwrap());
                })),
            ],
        ),
    });
}

/// Checks that fastwire's `Value` of `input` equals serde_json's.
fn check_value(name: &str, input: &[u8], findings: &mut Findings) {
    let fastwire: fastwire::json::Value = match fastwire::json::from_slice(input) {
        Ok(value) => value,
        Err(e) => {
            findings
                .errors
                .push(format!("{name}: fastwire cannot decode a Value: {e}"));
            return;
        }
    };
    let reference: serde_json::Value =
        serde_json::from_slice(input).expect("serde_json decodes the input");
    if let Err(diff) = compare_values(&fastwire_value_to_serde_json(&fastwire), &reference) {
        findings.errors.push(format!(
            "{name}: decode Value: fastwire's differs from serde_json's at {diff}"
        ));
    }
}

/// Measures decoding `input` into each library's untyped `Value`.
fn measure_value(config: &Config, name: &'static str, input: &[u8], rows: &mut Vec<Row>) {
    rows.push(Row {
        workload: name,
        direction: "decode Value",
        bytes: input.len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(
                        fastwire::json::from_slice::<fastwire::json::Value>(black_box(input))
                            .unwrap(),
                    );
                })),
                Some(Box::new(|| {
                    black_box(
                        serde_json::from_slice::<serde_json::Value>(black_box(input)).unwrap(),
                    );
                })),
                Some(Box::new(|| {
                    black_box(sonic_rs::from_slice::<sonic_rs::Value>(black_box(input)).unwrap());
                })),
            ],
        ),
    });
}

/// The markdown table of `rows`.
fn table(rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| workload | direction | bytes | fastwire MB/s | serde_json MB/s | sonic-rs MB/s \
         | fastwire / serde_json | fastwire / sonic-rs |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let speed =
            |best: Option<Duration>| best.map(|time| row.bytes as f64 / time.as_secs_f64() / 1e6);
        let speeds = row.best.map(speed);
        let cell = |s: Option<f64>| s.map_or_else(|| "n/a".to_owned(), |s| format!("{s:.0}"));
        let ratio = |other: Option<f64>| match (speeds[0], other) {
            (Some(fw), Some(other)) => format!("{:.2}x", fw / other),
            _ => "n/a".to_owned(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            row.workload,
            row.direction,
            row.bytes,
            cell(speeds[0]),
            cell(speeds[1]),
            cell(speeds[2]),
            ratio(speeds[1]),
            ratio(speeds[2]),
        );
    }
    out
}

const USAGE: &str = "usage: compare [--quick] [RUNS]

Encodes and decodes the json-benchmark corpus and 20,000 users with fastwire, serde_json and
sonic-rs, checks fastwire against serde_json (exit status 1 on a mismatch), and prints a
markdown table of throughputs and ratios.

  RUNS      samples per library and measurement, the best is kept (default 30; --quick: 3)
  --quick   short samples and few runs, for a smoke run";

/// The configuration from the command line, or the exit status to leave with.
fn parse_args() -> Result<Config, ExitCode> {
    let mut quick = false;
    let mut runs = None;
    for arg in env::args().skip(1) {
        match arg.as_str() {
            "--quick" => quick = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return Err(ExitCode::SUCCESS);
            }
            _ => match arg.parse::<usize>() {
                Ok(n) if n > 0 && runs.is_none() => runs = Some(n),
                _ => {
                    eprintln!("error: unexpected argument {arg:?}\n\n{USAGE}");
                    return Err(ExitCode::from(2));
                }
            },
        }
    }
    Ok(if quick {
        Config::quick(runs)
    } else {
        Config::standard(runs)
    })
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(config) => config,
        Err(code) => return code,
    };
    let started = Instant::now();
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; use --release for meaningful numbers");
    }

    let twitter = data::read_corpus("twitter.json").into_bytes();
    let citm = data::read_corpus("citm_catalog.json").into_bytes();
    let canada = data::read_corpus("canada.json").into_bytes();
    let users_model: Vec<User> = users(STANDARD_COUNT);
    let users_input = serde_json::to_vec(&users_model).expect("serde_json encodes users");
    // The typed values to encode are serde_json's decodings of the inputs, as in the benches.
    let twitter_model: Twitter = serde_json::from_slice(&twitter).expect("twitter.json parses");
    let citm_model: CitmCatalog = serde_json::from_slice(&citm).expect("citm_catalog.json parses");
    let canada_model: Canada = serde_json::from_slice(&canada).expect("canada.json parses");

    // First the checks: timing different work would mean nothing.
    let mut findings = Findings::default();
    check_typed("twitter", &twitter_model, &twitter, &mut findings);
    check_value("twitter", &twitter, &mut findings);
    check_typed("citm", &citm_model, &citm, &mut findings);
    check_value("citm", &citm, &mut findings);
    check_typed("canada", &canada_model, &canada, &mut findings);
    check_typed("users_20k", &users_model, &users_input, &mut findings);
    check_reader::<Vec<User>>("users_20k", &users_input, &mut findings);
    if !findings.errors.is_empty() {
        for error in &findings.errors {
            eprintln!("error: {error}\n");
        }
        eprintln!(
            "error: fastwire disagrees with serde_json ({} mismatches); not measuring",
            findings.errors.len()
        );
        return ExitCode::FAILURE;
    }

    let mut rows = Vec::new();
    let (c, r) = (&config, &mut rows);
    measure_typed(c, "twitter", &twitter_model, &twitter, r);
    measure_value(c, "twitter", &twitter, r);
    measure_typed(c, "citm", &citm_model, &citm, r);
    measure_value(c, "citm", &citm, r);
    measure_typed(c, "canada", &canada_model, &canada, r);
    measure_typed(c, "users_20k", &users_model, &users_input, r);
    measure_reader::<Vec<User>>(c, "users_20k", &users_input, r);

    let sonic_build = if cfg!(target_arch = "x86_64") && !cfg!(target_feature = "avx2") {
        " (this build targets baseline x86-64, so sonic-rs uses its SSE2 paths; \
         -C target-cpu=native gives it AVX2)"
    } else {
        ""
    };
    println!(
        "fastwire vs serde_json (default features) vs sonic-rs{sonic_build}; \
         best of {} samples of ~{} ms; MB = 10^6 bytes\n",
        config.runs,
        config.sample.as_millis(),
    );
    print!("{}", table(&rows));
    for note in &findings.notes {
        println!("\nnote: {note}");
    }
    println!(
        "\nfastwire's encodings equal serde_json's byte for byte, and its decodings serde_json's \
         values. ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
