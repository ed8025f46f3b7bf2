//! JSON: fastwire against serde_json and sonic-rs.

use std::hint::black_box;

use fastwire::json::DecodeOwned;
use fastwire_benches::oracle::{
    compare_models, compare_values, describe_difference, fastwire_value_to_serde_json,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::measure::{measure, Config, Findings, Row};

/// The libraries compared, in table order.
pub const LIBS: [&str; 3] = ["fastwire", "serde_json", "sonic-rs"];

/// Checks one typed workload: `model` for encoding, `input` for decoding.
pub fn check_typed<T>(name: &str, model: &T, input: &[u8], findings: &mut Findings)
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
pub fn measure_typed<T>(
    config: &Config,
    name: &'static str,
    model: &T,
    input: &[u8],
    rows: &mut Vec<Row>,
) where
    T: fastwire::json::Encode + DecodeOwned + Serialize + DeserializeOwned,
{
    rows.push(Row {
        workload: name.to_owned(),
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
        workload: name.to_owned(),
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
pub fn check_reader<T>(name: &str, input: &[u8], findings: &mut Findings)
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
pub fn measure_reader<T>(config: &Config, name: &'static str, input: &[u8], rows: &mut Vec<Row>)
where
    T: DecodeOwned + DeserializeOwned,
{
    rows.push(Row {
        workload: name.to_owned(),
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
pub fn check_value(name: &str, input: &[u8], findings: &mut Findings) {
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
pub fn measure_value(config: &Config, name: &'static str, input: &[u8], rows: &mut Vec<Row>) {
    rows.push(Row {
        workload: name.to_owned(),
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
