//! The results: per workload and library, what the tables, the JSON output and the chart show.

use std::fmt::Write as _;

use serde_json::json;

use crate::contender::Direction;
use crate::measure::Timing;

/// What the checks found: errors (fastwire disagrees with the reference library, or a
/// measurement would time different work) and notes (everything else worth saying).
#[derive(Default)]
pub struct Findings {
    pub errors: Vec<String>,
    pub notes: Vec<String>,
}

/// The two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Json,
    MessagePack,
}

impl Format {
    /// `"JSON"` or `"MessagePack"`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::MessagePack => "MessagePack",
        }
    }
}

/// One library's results on one workload.
pub struct Outcome {
    pub name: String,
    /// Per direction ([`Direction::index`]).
    pub timings: [Option<Timing>; 3],
    pub pass: Result<(), String>,
    pub size: Option<usize>,
    pub display: Option<String>,
    /// Whether the timings come from another process (no allocation counts).
    pub external: bool,
}

/// One workload's results.
pub struct Measured {
    /// `json/twitter`, `msgpack/twitter/array`: what `--filter` matches.
    pub id: String,
    pub format: Format,
    /// What the tables call it.
    pub title: String,
    /// The bytes an encoding holds (fastwire's, which are serde_json's or rmp-serde's) and the
    /// bytes the `decode` measurement reads, for MB/s: every library is credited with the
    /// same bytes, so that its MB/s and the ratios compare times for the same work.
    pub encode_bytes: usize,
    pub decode_bytes: usize,
    /// Rows in the value, for the time per row.
    pub rows: Option<usize>,
    /// Round trips the workload stands for (the `Ts` shapes: 100,000).
    pub repeat: Option<usize>,
    /// fastwire first.
    pub outcomes: Vec<Outcome>,
}

impl Measured {
    /// fastwire's time over `other`'s in `direction` (above 1: fastwire is faster).
    pub fn ratio(&self, other: &Outcome, direction: Direction) -> Option<f64> {
        let fastwire = self.outcomes.first()?.timings[direction.index()]?;
        let other = other.timings[direction.index()]?;
        Some(other.best / fastwire.best)
    }

    /// `True` when every library's Pass Test is true, else `False` and the libraries that
    /// failed it.
    pub fn pass_summary(&self) -> String {
        let failed: Vec<&str> = self
            .outcomes
            .iter()
            .filter(|o| o.pass.is_err())
            .map(|o| o.name.as_str())
            .collect();
        if failed.is_empty() {
            "True".to_owned()
        } else {
            format!("False: {}", failed.join(", "))
        }
    }
}

/// A time per call, in the unit that suits it.
pub fn time(seconds: f64) -> String {
    match seconds {
        s if s < 1e-6 => format!("{:.0} ns", s * 1e9),
        s if s < 1e-3 => format!("{:.2} µs", s * 1e6),
        s if s < 1.0 => format!("{:.2} ms", s * 1e3),
        s => format!("{s:.2} s"),
    }
}

/// A count with thousands separators.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A ratio as the tables print it.
pub fn ratio(r: f64) -> String {
    if r < 0.1 {
        format!("{r:.4}x")
    } else {
        format!("{r:.2}x")
    }
}

fn speed(bytes: usize, timing: &Timing) -> String {
    let mbs = bytes as f64 / timing.best / 1e6;
    if mbs < 10.0 {
        format!("{mbs:.2}")
    } else {
        format!("{mbs:.0}")
    }
}

/// The markdown section of one workload: a row per library.
pub fn workload_table(m: &Measured) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "#### {} · {}\n", m.format.name(), m.title);
    let _ = write!(
        out,
        "`{}`: {} bytes encoded",
        m.id,
        count(m.encode_bytes as u64)
    );
    if m.decode_bytes != m.encode_bytes {
        let _ = write!(out, ", {} bytes decoded", count(m.decode_bytes as u64));
    }
    if let Some(rows) = m.rows {
        let _ = write!(out, "; {} rows", count(rows as u64));
    }
    out.push_str(". Times per call: best (median).\n\n");
    let round_trip = m
        .outcomes
        .iter()
        .any(|o| o.timings[Direction::RoundTrip.index()].is_some());
    out.push_str("| library | encode | MB/s | decode | MB/s |");
    if round_trip {
        match m.repeat {
            Some(n) => {
                let _ = write!(out, " {} round trips |", count(n as u64));
            }
            None => out.push_str(" round trip |"),
        }
    }
    if m.rows.is_some() {
        out.push_str(" ns per row (enc / dec) |");
    }
    out.push_str(" allocations (enc / dec) | bytes written | Pass Test | fastwire is (enc / dec");
    out.push_str(if round_trip {
        " / round trip) |\n"
    } else {
        ") |\n"
    });
    let numeric = 6 + usize::from(round_trip) + usize::from(m.rows.is_some());
    out.push_str("|---|");
    for _ in 0..numeric {
        out.push_str("---:|");
    }
    out.push_str("---|---:|\n");
    for (i, o) in m.outcomes.iter().enumerate() {
        let cell = |d: Direction| match &o.timings[d.index()] {
            Some(t) => format!("{} ({})", time(t.best), time(t.median)),
            None => "n/a".to_owned(),
        };
        let mbs = |d: Direction, bytes: usize| match &o.timings[d.index()] {
            Some(t) => speed(bytes, t),
            None => "n/a".to_owned(),
        };
        let _ = write!(
            out,
            "| {} | {} | {} | {} | {} |",
            o.name,
            cell(Direction::Encode),
            mbs(Direction::Encode, m.encode_bytes),
            cell(Direction::Decode),
            mbs(Direction::Decode, m.decode_bytes)
        );
        if round_trip {
            let text = match (&o.timings[Direction::RoundTrip.index()], m.repeat) {
                (Some(t), Some(n)) => time(t.best * n as f64),
                (Some(t), None) => time(t.best),
                (None, _) => "n/a".to_owned(),
            };
            let _ = write!(out, " {text} |");
        }
        if let Some(rows) = m.rows {
            let per_row = |d: Direction| {
                o.timings[d.index()].map_or("n/a".to_owned(), |t| {
                    format!("{:.0}", t.best * 1e9 / rows as f64)
                })
            };
            let _ = write!(
                out,
                " {} / {} |",
                per_row(Direction::Encode),
                per_row(Direction::Decode)
            );
        }
        let allocs =
            |d: Direction| o.timings[d.index()].map_or("n/a".to_owned(), |t| count(t.allocs));
        let allocs = if o.timings.iter().all(Option::is_none) {
            "n/a".to_owned()
        } else if o.external {
            "not counted".to_owned()
        } else {
            format!(
                "{} / {}",
                allocs(Direction::Encode),
                allocs(Direction::Decode)
            )
        };
        let size = o.size.map_or("n/a".to_owned(), |s| count(s as u64));
        let pass = if o.pass.is_ok() { "True" } else { "False" };
        let mut ratios = Vec::new();
        if i > 0 {
            let directions: &[Direction] = if round_trip {
                &Direction::ALL
            } else {
                &Direction::ALL[..2]
            };
            for &d in directions {
                ratios.push(m.ratio(o, d).map_or("n/a".to_owned(), ratio));
            }
        }
        let ratios = if i == 0 {
            "".to_owned()
        } else {
            ratios.join(" / ")
        };
        let _ = writeln!(out, " {allocs} | {size} | {pass} | {ratios} |");
    }
    for o in &m.outcomes {
        if let Err(why) = &o.pass {
            let _ = writeln!(out, "\nPass Test False for {}: {why}.", o.name);
        }
    }
    let displays: Vec<String> = m
        .outcomes
        .iter()
        .filter_map(|o| Some(format!("- {}: `{}`", o.name, o.display.as_ref()?)))
        .collect();
    if !displays.is_empty() {
        let _ = writeln!(
            out,
            "\nElement 1024 as each library decoded it:\n{}",
            displays.join("\n")
        );
    }
    out
}

/// The summary of one format: fastwire's ratio to each library, per workload and direction.
pub fn summary(format: Format, results: &[Measured]) -> String {
    let results: Vec<&Measured> = results.iter().filter(|m| m.format == format).collect();
    let peers = peers(&results);
    if results.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let _ = write!(out, "| workload | direction |");
    for peer in &peers {
        let _ = write!(out, " vs {peer} |");
    }
    out.push_str(" Pass Test |\n|---|---|");
    for _ in &peers {
        out.push_str("---:|");
    }
    out.push_str("---|\n");
    for m in &results {
        for d in Direction::ALL {
            let row: Vec<String> = peers
                .iter()
                .map(|peer| {
                    m.outcomes
                        .iter()
                        .skip(1)
                        .find(|o| &o.name == peer)
                        .and_then(|o| m.ratio(o, d))
                        .map_or("".to_owned(), ratio)
                })
                .collect();
            if row.iter().all(String::is_empty) {
                continue;
            }
            let pass = m.pass_summary();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {pass} |",
                m.title,
                d.name(),
                row.join(" | ")
            );
        }
    }
    out
}

/// The libraries other than fastwire in `results`, in order of first appearance.
pub fn peers(results: &[&Measured]) -> Vec<String> {
    let mut peers: Vec<String> = Vec::new();
    for m in results {
        for o in m.outcomes.iter().skip(1) {
            if !peers.contains(&o.name) {
                peers.push(o.name.clone());
            }
        }
    }
    peers
}

/// The results as JSON, for `--json`.
pub fn to_json(results: &[Measured], context: serde_json::Value) -> serde_json::Value {
    let workloads: Vec<serde_json::Value> = results
        .iter()
        .map(|m| {
            let libraries: Vec<serde_json::Value> = m
                .outcomes
                .iter()
                .map(|o| {
                    let mut lib = json!({
                        "name": o.name,
                        "pass": o.pass.is_ok(),
                        "why_not": o.pass.as_ref().err(),
                        "bytes_written": o.size,
                        "display": o.display,
                    });
                    for d in Direction::ALL {
                        if let Some(t) = &o.timings[d.index()] {
                            lib[d.name().replace(' ', "_")] = json!({
                                "best_seconds": t.best,
                                "median_seconds": t.median,
                                "allocations": (!o.external).then_some(t.allocs),
                                "fastwire_speedup": m.ratio(o, d),
                            });
                        }
                    }
                    lib
                })
                .collect();
            json!({
                "id": m.id,
                "format": m.format.name(),
                "title": m.title,
                "encode_bytes": m.encode_bytes,
                "decode_bytes": m.decode_bytes,
                "rows": m.rows,
                "repeat": m.repeat,
                "libraries": libraries,
            })
        })
        .collect();
    json!({ "context": context, "workloads": workloads })
}

/// Time per row of the user list at each size measured, per library and direction: the
/// motivating requirement is that it stays flat. `None` when fewer than two sizes ran.
pub fn per_row(results: &[Measured]) -> Option<String> {
    let mut lines = Vec::new();
    for format in [Format::Json, Format::MessagePack] {
        let lists: Vec<&Measured> = results
            .iter()
            .filter(|m| m.format == format && m.id.contains("/users_"))
            .collect();
        if lists.len() < 2 {
            continue;
        }
        for d in [Direction::Encode, Direction::Decode] {
            let cells: Vec<String> = lists[0]
                .outcomes
                .iter()
                .map(|o| {
                    let times: Vec<String> = lists
                        .iter()
                        .map(|m| {
                            m.outcomes
                                .iter()
                                .find(|p| p.name == o.name)
                                .and_then(|p| p.timings[d.index()])
                                .zip(m.rows)
                                .map_or("n/a".to_owned(), |(t, rows)| {
                                    format!("{:.0}", t.best * 1e9 / rows as f64)
                                })
                        })
                        .collect();
                    format!("{} {}", o.name, times.join(" -> "))
                })
                .collect();
            lines.push(format!(
                "- {} {}: {} ns",
                format.name(),
                d.name(),
                cells.join(" ns, ")
            ));
        }
    }
    (!lines.is_empty()).then(|| {
        let sizes: Vec<String> = results
            .iter()
            .filter(|m| m.format == Format::Json && m.id.contains("/users_"))
            .filter_map(|m| m.rows.map(|r| count(r as u64)))
            .collect();
        format!(
            "### Time per user row, {} rows\n\n{}\n",
            sizes.join(" -> "),
            lines.join("\n")
        )
    })
}
