//! `--python`: the `Ts` workloads timed in Python's json, orjson and msgpack, through a
//! subprocess on the same data, as cross-language context.

use std::io::Write as _;
use std::process::{Command, Stdio};

use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use serde_json::{json, Value};

use crate::contender::{Contender, Direction};
use crate::measure::Timing;

/// The script, run by `python3 -c`.
const SCRIPT: &str = include_str!("ts_python.py");

/// Python's libraries on the `Ts` shapes.
pub struct PythonResults {
    /// `Python 3.12.3, orjson 3.10.0, msgpack 1.1.0`.
    pub versions: String,
    shapes: Value,
}

/// Runs the script; `Err` says why Python could not be used.
pub fn run(rounds: usize) -> Result<PythonResults, String> {
    let mut shapes = serde_json::Map::new();
    let values = [
        (
            "ts_short",
            fastwire::json::to_string(&ts_short()),
            fastwire::msgpack::to_vec(&ts_short()),
        ),
        (
            "ts_cjk",
            fastwire::json::to_string(&ts_cjk()),
            fastwire::msgpack::to_vec(&ts_cjk()),
        ),
        (
            "ts_ticker",
            fastwire::json::to_string(&ts_ticker()),
            fastwire::msgpack::to_vec(&ts_ticker()),
        ),
    ];
    for (name, text, bytes) in values {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        shapes.insert(name.to_owned(), json!({ "json": text, "msgpack": hex }));
    }
    let request = json!({ "rounds": rounds, "shapes": shapes });
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start python3: {e}"))?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(request.to_string().as_bytes())
        .map_err(|e| format!("cannot write to python3: {e}"))?;
    let output = child
        .wait_with_output()
        .map_err(|e| format!("python3 failed: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let last = stderr.lines().last().unwrap_or("").to_owned();
        return Err(format!(
            "python3 failed ({last}); `python3 -m pip install orjson msgpack` installs what it needs"
        ));
    }
    let result: Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("python3 printed no results: {e}"))?;
    Ok(PythonResults {
        versions: format!(
            "Python {}, orjson {}, msgpack {}",
            result["python"].as_str().unwrap_or("?"),
            result["orjson"].as_str().unwrap_or("?"),
            result["msgpack"].as_str().unwrap_or("?")
        ),
        shapes: result["shapes"].clone(),
    })
}

impl PythonResults {
    /// The contenders for the workload `id` (`json/ts_short`, `msgpack/ts_short/map`);
    /// whether each writes fastwire's bytes goes to `notes`.
    pub fn contenders(&self, id: &str, notes: &mut Vec<String>) -> Vec<Contender<'static>> {
        let mut parts = id.split('/');
        let (format, shape) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        if parts.next().is_some_and(|form| form != "map") {
            return Vec::new();
        }
        let libraries: &[&str] = if format == "json" {
            &["Python json", "Python orjson"]
        } else {
            &["Python msgpack"]
        };
        let shape_results = &self.shapes[shape];
        if let Some(error) = shape_results["error"].as_str() {
            notes.push(format!("{id}: {error}"));
        }
        libraries
            .iter()
            .filter_map(|&name| {
                let r = shape_results.get(name)?;
                let timing = |key: &str| -> Option<Timing> {
                    Some(Timing {
                        best: r[key]["best"].as_f64()?,
                        median: r[key]["median"].as_f64()?,
                        allocs: 0,
                    })
                };
                let mut external = [None; 3];
                external[Direction::Encode.index()] = timing("encode");
                external[Direction::Decode.index()] = timing("decode");
                external[Direction::RoundTrip.index()] = timing("round_trip");
                let same = r["same_bytes"].as_bool() == Some(true);
                notes.push(format!(
                    "{id}: {name} writes {} fastwire's bytes",
                    if same { "exactly" } else { "other bytes than" }
                ));
                Some(Contender {
                    name: name.to_owned(),
                    calls: [None, None, None],
                    external,
                    pass: if r["pass"].as_bool() == Some(true) {
                        Ok(())
                    } else {
                        Err("what it decodes differs from what it encoded".to_owned())
                    },
                    size: r["size"].as_u64().map(|s| s as usize),
                    display: None,
                })
            })
            .collect()
    }
}
