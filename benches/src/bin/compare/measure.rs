//! Timing libraries side by side: warm-up, interleaved samples, best and median.

use std::time::{Duration, Instant};

use crate::alloc;

/// Samples every library gets, however slow its calls.
const MIN_RUNS: usize = 3;

/// How long and how often to measure.
pub struct Config {
    /// Samples per library and measurement.
    pub runs: usize,
    /// Target duration of one sample.
    pub sample: Duration,
    /// Warm-up per library and measurement, also used to size the samples.
    pub warmup: Duration,
}

impl Config {
    /// The default measurement: 20 samples of 8 ms per library and direction.
    pub fn standard(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(20),
            sample: Duration::from_millis(8),
            warmup: Duration::from_millis(60),
        }
    }

    /// The smoke run (`--quick`): 3 samples of 1 ms.
    pub fn quick(runs: Option<usize>) -> Self {
        Config {
            runs: runs.unwrap_or(3),
            sample: Duration::from_millis(1),
            warmup: Duration::from_millis(2),
        }
    }
}

/// One library's call to time. Results go through `black_box` and are dropped inside the
/// timed loop, for every library alike.
pub type Call<'a> = Box<dyn FnMut() + 'a>;

/// One library's result in one measurement, per call.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The best sample's time per call, in seconds. Not a `Duration`, whose whole nanoseconds
    /// would round a call of 50 ns by up to 1%.
    pub best: f64,
    /// The median sample's time per call, in seconds.
    pub median: f64,
    /// Allocations (and reallocations) one call makes.
    pub allocs: u64,
}

/// Times `calls` (`None` skips a library) and returns each one's [`Timing`].
///
/// Each library first warms up (which also sizes its samples: as many calls as fill
/// `config.sample`), then makes one counted call for [`Timing::allocs`]; then the libraries
/// take turns sample by sample, in a rotating order, so that machine noise hits all of them
/// alike. A library whose calls are so slow that its samples take three times their planned
/// total stops after three samples: a pathological case still gets measured without holding
/// the whole run up for minutes.
pub fn measure(config: &Config, calls: &mut [Option<Call<'_>>]) -> Vec<Option<Timing>> {
    let libs = calls.len();
    let mut iters = vec![0u32; libs];
    let mut allocs = vec![0u64; libs];
    for ((call, iters), allocs) in calls.iter_mut().zip(&mut iters).zip(&mut allocs) {
        let Some(call) = call else { continue };
        let start = Instant::now();
        let mut n = 0u32;
        while n == 0 || start.elapsed() < config.warmup {
            call();
            n += 1;
        }
        let per_call = start.elapsed() / n;
        // Counted once warm, so that one-time set-up (a lazily built table) is not counted.
        *allocs = alloc::count(call);
        let wanted = config.sample.as_nanos() / per_call.as_nanos().max(1);
        *iters = u32::try_from(wanted)
            .unwrap_or(u32::MAX)
            .clamp(1, 1_000_000);
    }

    let budget = 3.0 * config.runs as f64 * config.sample.as_secs_f64();
    let mut spent = vec![0.0f64; libs];
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(config.runs); libs];
    for round in 0..config.runs {
        for turn in 0..libs {
            let lib = (round + turn) % libs;
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
            samples[lib].push(elapsed / f64::from(n));
        }
    }
    samples
        .into_iter()
        .zip(allocs)
        .map(|(mut times, allocs)| {
            if times.is_empty() {
                return None;
            }
            times.sort_by(f64::total_cmp);
            Some(Timing {
                best: times[0],
                median: times[times.len() / 2],
                allocs,
            })
        })
        .collect()
}
