//! Timing libraries side by side, and the table of the results.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// How many libraries each measurement compares: fastwire first, then two others.
pub const LIBS: usize = 3;

/// Samples every library gets, however slow its calls.
const MIN_RUNS: usize = 3;

/// How long and how often to measure.
pub struct Config {
    /// Samples per library and measurement; the best is kept.
    pub runs: usize,
    /// Target duration of one sample.
    pub sample: Duration,
    /// Warm-up per library and measurement, also used to size the samples.
    pub warmup: Duration,
}

impl Config {
    /// Samples per library and measurement unless the command line says otherwise.
    pub const DEFAULT_RUNS: usize = 30;

    /// The default measurement: samples of 10 ms.
    pub fn standard(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(Self::DEFAULT_RUNS),
            sample: Duration::from_millis(10),
            warmup: Duration::from_millis(150),
        }
    }

    /// The smoke run (`--quick`): samples of 2 ms, 3 of them.
    pub fn quick(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(3),
            sample: Duration::from_millis(2),
            warmup: Duration::from_millis(10),
        }
    }
}

/// One library's entry in a measurement: a call to time. Results go through `black_box` and
/// are dropped inside the timed loop, for every library alike.
pub type Call<'a> = Box<dyn FnMut() + 'a>;

/// One line of a table.
pub struct Row {
    pub workload: String,
    pub direction: &'static str,
    /// Bytes per call: for JSON the output of an encoder and the input of a decoder; for
    /// MessagePack rmp-serde's encoding (fastwire's is the same), whatever each library writes.
    pub bytes: usize,
    /// Best time per call in seconds, per library (`None`: not measured). Not a `Duration`,
    /// whose whole nanoseconds would round a call of 50 ns by up to 1%.
    pub best: [Option<f64>; LIBS],
}

/// Times `calls` (`None` skips a library) as described in the binary's docs and returns the
/// best time per call of each, in seconds.
pub fn measure(config: &Config, calls: &mut [Option<Call<'_>>; LIBS]) -> [Option<f64>; LIBS] {
    // Warm up, and size each library's samples from the warm-up's speed.
    let mut iters = [0u32; LIBS];
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
        *iters = u32::try_from(wanted)
            .unwrap_or(u32::MAX)
            .clamp(1, 1_000_000);
    }

    // A library whose single call outlasts many samples stops after a few rounds, once it has
    // spent three times what all its samples were meant to take: a pathological case still
    // gets measured, without holding the whole run up for minutes.
    let budget = 3.0 * config.runs as f64 * config.sample.as_secs_f64();
    let mut spent = [0.0f64; LIBS];
    let mut best = [None::<f64>; LIBS];
    for round in 0..config.runs {
        for turn in 0..LIBS {
            let lib = (round + turn) % LIBS;
            let Some(call) = &mut calls[lib] else {
                continue;
            };
            if round >= MIN_RUNS && spent[lib] > budget {
                continue;
            }
            let n = iters[lib];
            let start = Instant::now();
            for _ in 0..n {
                call();
            }
            let elapsed = start.elapsed().as_secs_f64();
            spent[lib] += elapsed;
            let per_call = elapsed / f64::from(n);
            best[lib] = Some(best[lib].map_or(per_call, |b| b.min(per_call)));
        }
    }
    best
}

/// The markdown table of `rows`, whose times are those of the libraries `libs`.
pub fn table(libs: [&str; LIBS], rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = write!(out, "| workload | direction | bytes |");
    for lib in libs {
        let _ = write!(out, " {lib} MB/s |");
    }
    for lib in &libs[1..] {
        let _ = write!(out, " {} / {lib} |", libs[0]);
    }
    let _ = writeln!(out, "\n|---|---|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let speed = |best: Option<f64>| best.map(|seconds| row.bytes as f64 / seconds / 1e6);
        let speeds = row.best.map(speed);
        // More digits for small numbers, so that a pathological case still shows its size.
        let cell = |s: Option<f64>| match s {
            Some(s) if s < 10.0 => format!("{s:.2}"),
            Some(s) => format!("{s:.0}"),
            None => "n/a".to_owned(),
        };
        let ratio = |other: Option<f64>| match (speeds[0], other) {
            (Some(fw), Some(other)) if fw / other < 0.1 => format!("{:.4}x", fw / other),
            (Some(fw), Some(other)) => format!("{:.2}x", fw / other),
            _ => "n/a".to_owned(),
        };
        let _ = write!(
            out,
            "| {} | {} | {} |",
            row.workload, row.direction, row.bytes
        );
        for speed in speeds {
            let _ = write!(out, " {} |", cell(speed));
        }
        for speed in &speeds[1..] {
            let _ = write!(out, " {} |", ratio(*speed));
        }
        out.push('\n');
    }
    out
}

/// What the checks found: errors (fastwire disagrees with the reference library, or a
/// measurement would time different work) and notes (everything else worth saying).
#[derive(Default)]
pub struct Findings {
    pub errors: Vec<String>,
    pub notes: Vec<String>,
}
