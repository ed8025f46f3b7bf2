//! `compare`: fastwire against the other libraries of each format, encoding and decoding the
//! same values in one process. This is the project's main benchmark:
//!
//! ```text
//! cargo run --release -p fastwire-benches --bin compare \
//!     [-- [--quick] [--json | --msgpack] [--only WORKLOAD]... [RUNS]]
//! ```
//!
//! The workloads: the json-benchmark corpus (`twitter`, `citm`, `canada`) as typed models,
//! 20,000 generated users (`users_20k`), the three `Ts` structs (`ts_short`, `ts_cjk`,
//! `ts_ticker`; see `fastwire_benches::ts`) and 10,000 generated log events of tagged enums and
//! flattened members (`events_10k`; see `fastwire_benches::events`), and rows of dates, ids and
//! decimals (`typed_users_20k`, `records_10k`; see `fastwire_benches::records`), each encoded and
//! decoded one value per call. `--only` picks workloads by these names.
//!
//! - JSON: fastwire, serde_json and sonic-rs. Also `from_reader` for the users and untyped
//!   `Value`s for twitter and citm.
//! - MessagePack: fastwire, rmp-serde and zerompk, in map form (fastwire's default,
//!   `rmp_serde::to_vec_named`, zerompk's `#[msgpack(map)]`) and in array form (the models'
//!   array-form twins: fastwire's `#[wire(as_array)]`, `rmp_serde::to_vec`, zerompk's default).
//!   The events are compared in map form and without zerompk, which cannot express them (it
//!   reads no serde attributes and has no tagged enums or `flatten`); a flattened struct has no
//!   array form. So are the records: zerompk has no impls for chrono's, uuid's and
//!   rust_decimal's types.
//!
//! First it checks the libraries against each other, and exits with status 1 before measuring
//! anything if fastwire's bytes differ from serde_json's or rmp-serde's by a single byte, if
//! fastwire's decoding of an input differs from serde_json's (floats may be one ulp apart:
//! serde_json runs without `float_roundtrip`, so its float parser is not correctly rounded) or
//! from the original value (MessagePack), if a MessagePack library does not read its own bytes
//! back to the original, or if zerompk's bytes hold other data than rmp-serde's (a sign that a
//! model's zerompk key is not serde's name for the field). Where sonic-rs disagrees, or zerompk
//! writes the same data in other forms (integer widths, nil entries for skipped `None`s), the
//! output says so and how; that is not an error.
//!
//! Then it times, for each workload:
//! - `encode`: `to_vec` of the typed value (zerompk: `to_msgpack_vec`), a new `Vec` per call;
//! - `decode`: `from_slice` into the typed value (JSON: the corpus files as they are,
//!   serde_json's compact encoding for the others; MessagePack: each library's own encoding).
//!
//! Throughput is in MB/s (10^6 bytes per second) of the encoded document: JSON, the encoder's
//! output or the decoder's input; MessagePack, rmp-serde's encoding (fastwire's bytes are the
//! same) for all three libraries, zerompk included where its own encoding is longer or shorter,
//! so that every ratio compares the times of the same work. A ratio is fastwire's speed as a
//! multiple of the other library's (above 1: fastwire is faster).
//!
//! Each measurement is the best of RUNS samples (default 30; `--quick`: 3), a sample being as
//! many calls as fill about 10 ms, after a short warm-up. The libraries take turns sample by
//! sample, in a rotating order, so that machine noise hits all of them alike. A library whose
//! calls are so slow that its samples take three times their planned total stops after three
//! samples. The default run takes a few minutes once built; `--quick` well under one.

mod json;
mod measure;
mod msgpack;

use std::env;
use std::process::ExitCode;
use std::time::Instant;

use fastwire_benches::events::{self, envelopes, Envelope};
use fastwire_benches::msgpack::{Form, Model, SerdeModel};
use fastwire_benches::records::{self, dated_records, typed_users, DatedRecord, TypedUser};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::users::{users, User, STANDARD_COUNT};
use fastwire_benches::{data, Canada, CitmCatalog, Twitter};

use measure::{table, Config, Findings, Row};

const USAGE: &str = "usage: compare [--quick] [--json | --msgpack] [--only WORKLOAD]... [RUNS]

Encodes and decodes the json-benchmark corpus, 20,000 users, three small structs, 10,000
log events and rows of dates, ids and decimals with fastwire and its peers (JSON: serde_json
and sonic-rs; MessagePack: rmp-serde and zerompk), checks fastwire against serde_json and
rmp-serde (exit status 1 on a mismatch), and prints markdown tables of throughputs and ratios.

  RUNS        samples per library and measurement, the best is kept (default 30; --quick: 3)
  --quick     short samples and few runs, for a smoke run
  --json      JSON only
  --msgpack   MessagePack only
  --only W    only workload W (repeatable): twitter, citm, canada, users_20k, ts_short,
              ts_cjk, ts_ticker, events_10k, typed_users_20k, typed_users_300k,
              records_10k";

/// The workloads' names, for `--only`.
const WORKLOADS: [&str; 11] = [
    "twitter",
    "citm",
    "canada",
    "users_20k",
    "ts_short",
    "ts_cjk",
    "ts_ticker",
    "events_10k",
    "typed_users_20k",
    "typed_users_300k",
    "records_10k",
];

/// The command line.
struct Args {
    config: Config,
    json: bool,
    msgpack: bool,
    /// The workloads to run; empty: all of them.
    only: Vec<String>,
}

impl Args {
    /// Whether the workload `name` is to run.
    fn wanted(&self, name: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|w| w == name)
    }
}

/// The options from the command line, or the exit status to leave with.
fn parse_args() -> Result<Args, ExitCode> {
    let mut quick = false;
    let mut runs = None;
    let (mut json, mut msgpack) = (false, false);
    let mut only = Vec::new();
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--only" => match args.next() {
                Some(name) if WORKLOADS.contains(&name.as_str()) => only.push(name),
                other => {
                    eprintln!("error: --only needs a workload, not {other:?}\n\n{USAGE}");
                    return Err(ExitCode::from(2));
                }
            },
            "--json" => json = true,
            "--msgpack" => msgpack = true,
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
    // Neither flag: both formats.
    if !json && !msgpack {
        (json, msgpack) = (true, true);
    }
    let config = if quick {
        Config::quick(runs)
    } else {
        Config::standard(runs)
    };
    Ok(Args {
        config,
        json,
        msgpack,
        only,
    })
}

/// A MessagePack measurement, checked and waiting to run.
type Pending<'a> = Box<dyn FnOnce(&Config, &mut Vec<Row>) + 'a>;

/// Checks a MessagePack workload and, if it passes, queues its measurement.
fn plan_msgpack<'a, T: Model>(
    name: &'static str,
    form: Form,
    value: &'a T,
    findings: &mut Findings,
    pending: &mut Vec<Pending<'a>>,
) {
    let Some(inputs) = msgpack::check(name, form, value, findings) else {
        return;
    };
    findings
        .notes
        .extend(msgpack::size_note(name, form, &inputs));
    pending.push(Box::new(move |config, rows| {
        msgpack::measure_workload(config, name, form, value, &inputs, rows);
    }));
}

/// Checks a MessagePack workload that zerompk cannot express, in map form, and if it passes
/// queues its measurement (fastwire and rmp-serde).
fn plan_without_zerompk<'a, T: SerdeModel>(
    name: &'static str,
    value: &'a T,
    findings: &mut Findings,
    pending: &mut Vec<Pending<'a>>,
) {
    let inputs = msgpack::check_without_zerompk(name, Form::Map, value, findings);
    pending.push(Box::new(move |config, rows| {
        msgpack::measure_without_zerompk(config, name, Form::Map, value, &inputs, rows);
    }));
}

/// Checks a MessagePack workload in both forms: `value` in map form, its twin in array form.
fn plan_both<'a, T: Model + ArrayTwin>(
    name: &'static str,
    (value, twin): (&'a T, &'a T::Twin),
    findings: &mut Findings,
    pending: &mut Vec<Pending<'a>>,
) where
    T::Twin: Model,
{
    plan_msgpack(name, Form::Map, value, findings, pending);
    plan_msgpack(name, Form::Array, twin, findings, pending);
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    let config = &args.config;
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
    let (short, cjk, ticker) = (ts_short(), ts_cjk(), ts_ticker());
    let short_json = serde_json::to_vec(&short).expect("serde_json encodes ts_short");
    let cjk_json = serde_json::to_vec(&cjk).expect("serde_json encodes ts_cjk");
    let ticker_json = serde_json::to_vec(&ticker).expect("serde_json encodes ts_ticker");
    let events_model: Vec<Envelope> = envelopes(events::STANDARD_COUNT);
    let events_json = serde_json::to_vec(&events_model).expect("serde_json encodes the events");
    let typed_users_model: Vec<TypedUser> = typed_users(records::STANDARD_USERS);
    let typed_users_json = serde_json::to_vec(&typed_users_model).expect("serde_json encodes");
    let (big_users_model, big_users_json) = if args.wanted("typed_users_300k") {
        let model: Vec<TypedUser> = typed_users(records::LARGE_USERS);
        let json = serde_json::to_vec(&model).expect("serde_json encodes");
        (model, json)
    } else {
        (Vec::new(), Vec::new())
    };
    let records_model: Vec<DatedRecord> = dated_records(records::STANDARD_RECORDS);
    let records_json = serde_json::to_vec(&records_model).expect("serde_json encodes");
    let wanted = |name: &str| args.wanted(name);

    // First the checks: timing different work would mean nothing.
    let mut findings = Findings::default();
    let f = &mut findings;
    if args.json {
        if wanted("twitter") {
            json::check_typed("twitter", &twitter_model, &twitter, f);
            json::check_value("twitter", &twitter, f);
        }
        if wanted("citm") {
            json::check_typed("citm", &citm_model, &citm, f);
            json::check_value("citm", &citm, f);
        }
        if wanted("canada") {
            json::check_typed("canada", &canada_model, &canada, f);
        }
        if wanted("users_20k") {
            json::check_typed("users_20k", &users_model, &users_input, f);
            json::check_reader::<Vec<User>>("users_20k", &users_input, f);
        }
        if wanted("ts_short") {
            json::check_typed("ts_short", &short, &short_json, f);
        }
        if wanted("ts_cjk") {
            json::check_typed("ts_cjk", &cjk, &cjk_json, f);
        }
        if wanted("ts_ticker") {
            json::check_typed("ts_ticker", &ticker, &ticker_json, f);
        }
        if wanted("events_10k") {
            json::check_typed("events_10k", &events_model, &events_json, f);
        }
        if wanted("typed_users_20k") {
            json::check_typed("typed_users_20k", &typed_users_model, &typed_users_json, f);
        }
        if wanted("typed_users_300k") {
            json::check_typed("typed_users_300k", &big_users_model, &big_users_json, f);
        }
        if wanted("records_10k") {
            json::check_typed("records_10k", &records_model, &records_json, f);
        }
    }
    let twins = (
        twitter_model.to_twin(),
        citm_model.to_twin(),
        canada_model.to_twin(),
        users_model.to_twin(),
        (short.to_twin(), cjk.to_twin(), ticker.to_twin()),
    );
    let mut pending = Vec::new();
    if args.msgpack {
        let p = &mut pending;
        if wanted("twitter") {
            plan_both("twitter", (&twitter_model, &twins.0), f, p);
        }
        if wanted("citm") {
            plan_both("citm", (&citm_model, &twins.1), f, p);
        }
        if wanted("canada") {
            plan_both("canada", (&canada_model, &twins.2), f, p);
        }
        if wanted("users_20k") {
            plan_both("users_20k", (&users_model, &twins.3), f, p);
        }
        if wanted("ts_short") {
            plan_both("ts_short", (&short, &twins.4 .0), f, p);
        }
        if wanted("ts_cjk") {
            plan_both("ts_cjk", (&cjk, &twins.4 .1), f, p);
        }
        if wanted("ts_ticker") {
            plan_both("ts_ticker", (&ticker, &twins.4 .2), f, p);
        }
        if wanted("events_10k") {
            plan_without_zerompk("events_10k", &events_model, f, p);
            f.notes.push(
                "events_10k: zerompk cannot express serde's tagged enums and flatten, so it is \
                 not measured there (n/a); a flattened struct has no array form"
                    .to_owned(),
            );
        }
        if wanted("typed_users_20k") {
            plan_without_zerompk("typed_users_20k", &typed_users_model, f, p);
        }
        if wanted("typed_users_300k") {
            plan_without_zerompk("typed_users_300k", &big_users_model, f, p);
        }
        if wanted("records_10k") {
            plan_without_zerompk("records_10k", &records_model, f, p);
        }
        if wanted("typed_users_20k") || wanted("typed_users_300k") || wanted("records_10k") {
            f.notes.push(
                "typed_users_20k, typed_users_300k, records_10k: zerompk has no impls for chrono, uuid and \
                 rust_decimal types, so it is not measured there (n/a)"
                    .to_owned(),
            );
        }
    }
    if !findings.errors.is_empty() {
        for error in &findings.errors {
            eprintln!("error: {error}\n");
        }
        eprintln!(
            "error: fastwire disagrees with the reference libraries ({} mismatches); not measuring",
            findings.errors.len()
        );
        return ExitCode::FAILURE;
    }

    let mut json_rows = Vec::new();
    if args.json {
        let (c, r) = (config, &mut json_rows);
        if wanted("twitter") {
            json::measure_typed(c, "twitter", &twitter_model, &twitter, r);
            json::measure_value(c, "twitter", &twitter, r);
        }
        if wanted("citm") {
            json::measure_typed(c, "citm", &citm_model, &citm, r);
            json::measure_value(c, "citm", &citm, r);
        }
        if wanted("canada") {
            json::measure_typed(c, "canada", &canada_model, &canada, r);
        }
        if wanted("users_20k") {
            json::measure_typed(c, "users_20k", &users_model, &users_input, r);
            json::measure_reader::<Vec<User>>(c, "users_20k", &users_input, r);
        }
        if wanted("ts_short") {
            json::measure_typed(c, "ts_short", &short, &short_json, r);
        }
        if wanted("ts_cjk") {
            json::measure_typed(c, "ts_cjk", &cjk, &cjk_json, r);
        }
        if wanted("ts_ticker") {
            json::measure_typed(c, "ts_ticker", &ticker, &ticker_json, r);
        }
        if wanted("events_10k") {
            json::measure_typed(c, "events_10k", &events_model, &events_json, r);
        }
        if wanted("typed_users_20k") {
            let (model, input) = (&typed_users_model, &typed_users_json);
            json::measure_typed(c, "typed_users_20k", model, input, r);
        }
        if wanted("typed_users_300k") {
            let (model, input) = (&big_users_model, &big_users_json);
            json::measure_typed(c, "typed_users_300k", model, input, r);
        }
        if wanted("records_10k") {
            json::measure_typed(c, "records_10k", &records_model, &records_json, r);
        }
    }
    let mut msgpack_rows = Vec::new();
    for measurement in pending {
        measurement(config, &mut msgpack_rows);
    }

    let samples = format!(
        "best of {} samples of ~{} ms; MB = 10^6 bytes",
        config.runs,
        config.sample.as_millis()
    );
    if args.json {
        let sonic_build = if cfg!(target_arch = "x86_64") && !cfg!(target_feature = "avx2") {
            " (this build targets baseline x86-64, so sonic-rs uses its SSE2 paths; \
             -C target-cpu=native gives it AVX2)"
        } else {
            ""
        };
        println!(
            "JSON: fastwire vs serde_json (default features) vs sonic-rs{sonic_build}; {samples}\n"
        );
        print!("{}", table(json::LIBS, &json_rows));
        println!();
    }
    if args.msgpack {
        println!(
            "MessagePack: fastwire vs rmp-serde vs zerompk, map and array forms; {samples}; \
             MB/s of rmp-serde's encoding for every library\n"
        );
        print!("{}", table(msgpack::LIBS, &msgpack_rows));
        println!();
    }
    for (libs, rows) in [(&json::LIBS, &json_rows), (&msgpack::LIBS, &msgpack_rows)] {
        if let Some(text) = per_row(libs, rows) {
            println!("{text}");
        }
    }
    for note in &findings.notes {
        println!("note: {note}\n");
    }
    println!(
        "fastwire's encodings equal serde_json's and rmp-serde's byte for byte, and its \
         decodings their values. ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Time per row of the user list at 20,000 and at 300,000 rows, per library and direction,
/// from `rows` of one format (`None` when either size was not measured): the motivating
/// requirement is that it stays flat.
fn per_row(libs: &[&str; 3], rows: &[Row]) -> Option<String> {
    let mut lines = Vec::new();
    for small in rows
        .iter()
        .filter(|r| r.workload.starts_with("typed_users_20k"))
    {
        let name = small
            .workload
            .replacen("typed_users_20k", "typed_users_300k", 1);
        let Some(large) = rows
            .iter()
            .find(|r| r.workload == name && r.direction == small.direction)
        else {
            continue;
        };
        let cells: Vec<String> = libs
            .iter()
            .zip(small.best.iter().zip(&large.best))
            .filter_map(|(lib, (a, b))| {
                let (a, b) = (a.as_ref()?, b.as_ref()?);
                let per_small = a * 1e9 / records::STANDARD_USERS as f64;
                let per_large = b * 1e9 / records::LARGE_USERS as f64;
                Some(format!(
                    "{lib} {per_small:.0} -> {per_large:.0} ns ({:+.0}%)",
                    (per_large / per_small - 1.0) * 100.0
                ))
            })
            .collect();
        lines.push(format!(
            "- {} {}: {}",
            small.workload,
            small.direction,
            cells.join(", ")
        ));
    }
    (!lines.is_empty()).then(|| {
        format!(
            "Time per user row, 20,000 rows -> 300,000 rows:\n{}\n",
            lines.join("\n")
        )
    })
}
