//! `compare`: fastwire against the other libraries of each format, encoding and decoding the
//! same values in one process, with a Pass Test for each. This is the project's main job:
//!
//! ```text
//! cargo run --release -p fastwire-benches --bin compare -- \
//!     [--quick] [--filter TEXT]... [--json] [--python] [--million] [--list] [RUNS]
//! ```
//!
//! The workloads (`--list` prints their ids; `--filter` keeps those whose id contains the
//! text, so `--filter json/` is every JSON workload and `--filter ts_` every `Ts` shape):
//! - the json-benchmark corpus as typed models (`twitter`, `citm`, `canada`), and each file
//!   into each library's untyped `Value` and back (`.../value`);
//! - the user list `{ Id: Uuid, RegDate: NaiveDate, Name, Score: Decimal }` at 20,000 and
//!   300,000 rows (1,000,000 with `--million`), with the time per row and each library's
//!   display string of element 1024;
//! - the three `Ts` shapes (short ASCII plus "中文", long CJK strings, fourteen fields),
//!   encoded, decoded and round-tripped, with the time of 100,000 round trips;
//! - a `Book` (an enum as its integer, a date, nested authors, optional fields), 10,000
//!   round trips;
//! - 10,000 log events of tagged and untagged enums and flattened members, and 10,000 records
//!   of dates, instants, decimals and ids.
//!
//! The libraries: in JSON fastwire, serde_json, sonic-rs, simd-json through serde and through
//! its own derive (where that can express the model); in MessagePack fastwire, rmp-serde
//! (`to_vec_named` for the map form, `to_vec` for the array form), zerompk (where it can
//! express the model) and rmpv for untyped values; for the user list and the `Ts` shapes a
//! hand-written encoder and decoder in both formats (`fastwire_benches::handwritten`), the
//! speed-of-light reference; and with `--python`, Python's json, orjson and msgpack on the
//! `Ts` shapes, through a subprocess.
//!
//! First every workload is checked: fastwire's bytes must equal serde_json's or rmp-serde's
//! and its decodings their values, or nothing is measured (exit status 1). Every library gets
//! a Pass Test: what it decodes from its own encoding must equal what it encoded. Then the
//! libraries of each workload and direction are timed side by side (see [`measure`]); the
//! report shows per workload each library's time (best and median), MB/s, allocations per
//! call, the size of its encoding, its Pass Test and fastwire's ratio to it, and then a
//! summary of the ratios. It goes to stdout (`--json`: as JSON) and to
//! `target/fastwire-compare/`: `report.md`, `report.json` and `ratios.svg`, a bar chart of the
//! ratios. The exit status is 1 when any Pass Test is false.
//!
//! serde_json runs with `float_roundtrip` (the report says whether it is on): without it, its
//! float reader is not correctly rounded and its round trip of canada.json brings 2,743 floats
//! back one ulp off, a false Pass Test.

mod alloc;
mod chart;
mod contender;
mod handwritten;
mod json;
mod measure;
mod msgpack;
mod python;
mod report;
mod workloads;

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::time::Instant;

use contender::Direction;
use measure::{measure, Call, Config};
use report::{Findings, Format, Measured, Outcome};
use workloads::{Data, Workload};

#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

const USAGE: &str =
    "usage: compare [--quick] [--filter TEXT]... [--json] [--python] [--million] [--list] [RUNS]

Encodes and decodes every workload with fastwire and its peers (JSON: serde_json, sonic-rs,
simd-json; MessagePack: rmp-serde, zerompk, rmpv; a hand-written reference), checks fastwire
against serde_json and rmp-serde and every library's round trip (the Pass Test), and prints a
report of times, MB/s, allocations, sizes and ratios; also written, with a chart, to
target/fastwire-compare/.

  RUNS          samples per library and measurement (default 20; --quick: 3)
  --quick       short samples, for a smoke run of seconds
  --filter TEXT only the workloads whose id contains TEXT (repeatable; --list shows the ids)
  --json        print the results as JSON instead of markdown
  --python      add Python's json, orjson and msgpack on the Ts shapes (needs python3 with
                orjson and msgpack: python3 -m pip install orjson msgpack)
  --million     add the user list at 1,000,000 rows
  --list        print the workload ids and exit";

/// The command line.
struct Args {
    config: Config,
    quick: bool,
    filters: Vec<String>,
    json: bool,
    python: bool,
    million: bool,
}

/// The options from the command line, or the exit status to leave with.
fn parse_args() -> Result<Args, ExitCode> {
    let (mut quick, mut json, mut python, mut million, mut list) =
        (false, false, false, false, false);
    let mut runs = None;
    let mut filters = Vec::new();
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => quick = true,
            "--json" => json = true,
            "--python" => python = true,
            "--million" => million = true,
            "--list" => list = true,
            "--filter" => match args.next() {
                Some(text) => filters.push(text),
                None => {
                    eprintln!("error: --filter needs a text\n\n{USAGE}");
                    return Err(ExitCode::from(2));
                }
            },
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
    let ids = workloads::ids(million);
    if list {
        println!("{}", ids.join("\n"));
        return Err(ExitCode::SUCCESS);
    }
    if let Some(unmatched) = filters
        .iter()
        .find(|f| !ids.iter().any(|id| id.contains(f.as_str())))
    {
        eprintln!("error: --filter {unmatched:?} matches no workload; --list shows them");
        return Err(ExitCode::from(2));
    }
    let config = if quick {
        Config::quick(runs)
    } else {
        Config::standard(runs)
    };
    Ok(Args {
        config,
        quick,
        filters,
        json,
        python,
        million,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    let started = Instant::now();
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; use --release for meaningful numbers");
    }
    let wanted =
        |id: &str| args.filters.is_empty() || args.filters.iter().any(|f| id.contains(f.as_str()));

    eprintln!("compare: preparing the data and checking every library");
    let mut findings = Findings::default();
    let data = Data::load(&wanted, args.million, &mut findings);
    let mut workloads = workloads::build(&data, &wanted, &mut findings);
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

    let mut context_notes = Vec::new();
    let python = if args.python {
        eprintln!("compare: timing Python's libraries on the Ts shapes");
        match python::run(if args.quick { 3 } else { 10 }) {
            Ok(results) => Some(results),
            Err(why) => {
                findings.notes.push(format!("--python: {why}"));
                None
            }
        }
    } else {
        None
    };
    if let Some(py) = &python {
        context_notes.push(py.versions.clone());
        for w in &mut workloads {
            if w.id.contains("/ts_") {
                let python = py.contenders(&w.id, &mut findings.notes);
                w.contenders.extend(python);
            }
        }
    }

    let results = run(&args.config, workloads);
    let context = context(&args, &context_notes);
    let mut markdown = String::new();
    markdown.push_str(&format!("{}\n\n", context.text));
    for format in [Format::Json, Format::MessagePack] {
        let summary = report::summary(format, &results);
        if !summary.is_empty() {
            markdown.push_str(&format!(
                "### {}: fastwire's speed as a multiple of each library's\n\n{summary}\n",
                format.name()
            ));
        }
    }
    if let Some(per_row) = report::per_row(&results) {
        markdown.push_str(&per_row);
        markdown.push('\n');
    }
    for m in &results {
        markdown.push_str(&report::workload_table(m));
        markdown.push('\n');
    }
    for note in standard_notes()
        .into_iter()
        .chain(findings.notes.iter().cloned())
    {
        markdown.push_str(&format!("- {note}\n"));
    }
    let failed: Vec<String> = results
        .iter()
        .flat_map(|m| {
            m.outcomes
                .iter()
                .filter(|o| o.pass.is_err())
                .map(move |o| format!("{} on {}", o.name, m.id))
        })
        .collect();
    let elapsed = started.elapsed().as_secs_f64();
    if failed.is_empty() {
        markdown.push_str(&format!(
            "\nEvery Pass Test is True; fastwire's encodings equal serde_json's and rmp-serde's \
             byte for byte. ({elapsed:.0} s)\n"
        ));
    } else {
        markdown.push_str(&format!(
            "\nPass Test False: {}. ({elapsed:.0} s)\n",
            failed.join(", ")
        ));
    }

    let json = report::to_json(&results, context.json);
    let svg = chart::svg(&results, &context.text.replace('\n', " "));
    let dir = out_dir();
    let written = fs::create_dir_all(&dir).and_then(|()| {
        fs::write(dir.join("report.md"), &markdown)?;
        fs::write(
            dir.join("report.json"),
            serde_json::to_string_pretty(&json).expect("json"),
        )?;
        fs::write(dir.join("ratios.svg"), &svg)
    });
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json).expect("json"));
    } else {
        print!("{markdown}");
    }
    match written {
        Ok(()) => eprintln!(
            "compare: wrote report.md, report.json and ratios.svg to {}",
            dir.display()
        ),
        Err(e) => eprintln!("compare: cannot write the report to {}: {e}", dir.display()),
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!("error: Pass Test False: {}", failed.join(", "));
        ExitCode::FAILURE
    }
}

/// Times every workload, direction by direction, and collects the results.
fn run(config: &Config, workloads: Vec<Workload<'_>>) -> Vec<Measured> {
    let total: usize = workloads
        .iter()
        .map(|w| {
            Direction::ALL
                .iter()
                .filter(|d| w.contenders.iter().any(|c| c.calls[d.index()].is_some()))
                .count()
        })
        .sum();
    let mut done = 0;
    let mut results = Vec::new();
    for mut w in workloads {
        let mut timings: Vec<[Option<measure::Timing>; 3]> =
            w.contenders.iter().map(|c| c.external).collect();
        for d in Direction::ALL {
            let mut calls: Vec<Option<Call<'_>>> = w
                .contenders
                .iter_mut()
                .map(|c| c.calls[d.index()].take())
                .collect();
            if calls.iter().all(Option::is_none) {
                continue;
            }
            done += 1;
            let names: Vec<&str> = w
                .contenders
                .iter()
                .zip(&calls)
                .filter(|(_, call)| call.is_some())
                .map(|(c, _)| c.name.as_str())
                .collect();
            eprintln!(
                "[{done}/{total}] {} {}: {}",
                w.id,
                d.name(),
                names.join(", ")
            );
            for (slot, timing) in timings.iter_mut().zip(measure(config, &mut calls)) {
                if timing.is_some() {
                    slot[d.index()] = timing;
                }
            }
        }
        let outcomes = w
            .contenders
            .into_iter()
            .zip(timings)
            .map(|(c, timings)| Outcome {
                external: c.external.iter().any(Option::is_some),
                name: c.name,
                timings,
                pass: c.pass,
                size: c.size,
                display: c.display,
            })
            .collect();
        results.push(Measured {
            id: w.id,
            format: w.format,
            title: w.title,
            encode_bytes: w.encode_bytes,
            decode_bytes: w.decode_bytes,
            rows: w.rows,
            repeat: w.repeat,
            outcomes,
        });
    }
    results
}

/// Where the report goes: `target/fastwire-compare/` of the workspace.
fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/fastwire-compare")
}

/// The run's context, as text and as JSON.
struct Context {
    text: String,
    json: serde_json::Value,
}

/// The build, the machine and the libraries' settings.
fn context(args: &Args, extra: &[String]) -> Context {
    let native = cfg!(target_feature = "avx2");
    let build = if native {
        "built with -C target-cpu=native (AVX2 available to every library)"
    } else {
        "x86-64 baseline build (SSE2; sonic-rs and simd-json pick AVX2 only with -C target-cpu=native)"
    };
    let rustc = Command::new("rustc")
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or("rustc (unknown version)".to_owned(), |s| {
            s.trim().to_owned()
        });
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let float_roundtrip = serde_json_rounds_correctly();
    let samples = format!(
        "{} samples of ~{} ms per library and direction, interleaved",
        args.config.runs,
        args.config.sample.as_millis()
    );
    let date = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let mut text = format!(
        "fastwire compare, {date}: {build}; {rustc}; {cpu}, {cores} cores; {samples}; \
         serde_json's float_roundtrip {}; MB = 10^6 bytes",
        if float_roundtrip { "on" } else { "off" }
    );
    for e in extra {
        text.push_str("; ");
        text.push_str(e);
    }
    Context {
        json: serde_json::json!({
            "date": date,
            "native": native,
            "rustc": rustc,
            "cpu": cpu,
            "cores": cores,
            "runs": args.config.runs,
            "sample_ms": args.config.sample.as_millis() as u64,
            "serde_json_float_roundtrip": float_roundtrip,
            "extra": extra,
        }),
        text,
    }
}

/// Whether serde_json's float reader is correctly rounded (its `float_roundtrip` feature),
/// found by reading canada.json's numbers with it and with the standard library's parser.
fn serde_json_rounds_correctly() -> bool {
    let canada = fastwire_benches::data::read_corpus("canada.json");
    fastwire_benches::oracle::number_tokens(&canada)
        .into_iter()
        .filter(|t| t.contains('.') || t.contains('e') || t.contains('E'))
        .all(|t| serde_json::from_str::<f64>(t).ok() == t.parse::<f64>().ok())
}

/// What the report always says about the libraries.
fn standard_notes() -> Vec<String> {
    vec![
        "MB/s count the same bytes for every library of a workload (fastwire's encoding, which is \
         serde_json's or rmp-serde's, and the input decoded), so that they compare times for \
         the same work; a library whose own encoding is longer or shorter says so in its size."
            .to_owned(),
        "JSON decoding reads the corpus files as they are, and serde_json's compact encoding of \
         the generated values; MessagePack decoding reads each library's own encoding."
            .to_owned(),
        "simd-json parses in place: its decode calls copy the input first, as a caller holding an \
         immutable input must. simd-json-derive is measured on the models its attributes \
         express; it has no `default` for absent fields (twitter's skipped `Option`s), no \
         integer-valued enums (Book), tagged enums or flatten (events), and no impls for uuid's \
         and rust_decimal's types (users, records)."
            .to_owned(),
        "zerompk reads no serde attributes and has no impls for chrono, uuid and rust_decimal \
         types, no integer-valued enums, tagged enums or flatten: it is not measured on the user \
         lists, Book, the events and the records."
            .to_owned(),
        "The hand-written reference codecs read fields in their declared order only (as such \
         code does), with literal keys, itoa and zmij; see fastwire_benches::handwritten."
            .to_owned(),
        "Allocations count calls to alloc and realloc during one call of each library.".to_owned(),
    ]
}
