//! Locating and reading the json-benchmark corpus.

use std::fs;
use std::path::PathBuf;

use serde::de::DeserializeOwned;

/// The directory holding `twitter.json`, `citm_catalog.json` and `canada.json`:
/// `<manifest dir>/../../shared/data/json-benchmark`.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .join("shared")
        .join("data")
        .join("json-benchmark")
}

/// The path of the corpus file `name` (for example `"twitter.json"`).
pub fn corpus_path(name: &str) -> PathBuf {
    corpus_dir().join(name)
}

/// Reads the corpus file `name` as text.
///
/// # Panics
///
/// If the file cannot be read; the message names the path that was tried.
pub fn read_corpus(name: &str) -> String {
    let path = corpus_path(name);
    fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()))
}

/// Reads the corpus file `name` and parses it with serde_json into `T`. serde_json runs with
/// its default features here, so a float may be one ulp away from the nearest `f64` to the
/// digits in the file; the models are exactly what serde_json reads.
///
/// # Panics
///
/// If the file cannot be read or does not parse as `T`.
pub fn load_corpus<T: DeserializeOwned>(name: &str) -> T {
    let text = read_corpus(name);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("cannot parse corpus file {name}: {e}"))
}
