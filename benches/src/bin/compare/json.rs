//! JSON's contenders: fastwire, serde_json, sonic-rs and simd-json (through serde, and through
//! its own derive where that can express the model), on typed values and untyped `Value`s.

use fastwire::json::DecodeOwned;
use fastwire_benches::oracle::{
    compare_models, compare_values, describe_difference, fastwire_value_to_serde_json,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::contender::{contender, Contender, Subject};
use crate::report::Findings;

/// A typed JSON workload's type: fastwire's and serde's traits, and `==`.
pub trait JsonModel:
    fastwire::json::Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq
{
}

impl<T> JsonModel for T where
    T: fastwire::json::Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq
{
}

/// How a decoded model differs from the original: floats one ulp off, or the first other
/// difference.
fn explain_model<T: Serialize + PartialEq>(decoded: &T, original: &T) -> String {
    match compare_models(decoded, original) {
        Ok(near) => format!("{near} floats come back one ulp off"),
        Err(diff) => format!("the first difference is at {diff}"),
    }
}

/// fastwire, serde_json, sonic-rs and simd-json (through serde) on `subject`.
pub fn typed<'a, T: JsonModel + 'a>(mut subject: Subject<'a, T>) -> Vec<Contender<'a>> {
    subject.explain = Some(explain_model::<T>);
    vec![
        contender(
            "fastwire",
            subject,
            |v: &T| Ok(fastwire::json::to_vec(v)),
            |b: &[u8]| fastwire::json::from_slice::<T>(b).map_err(|e| e.to_string()),
        ),
        contender(
            "serde_json",
            subject,
            |v: &T| serde_json::to_vec(v).map_err(|e| e.to_string()),
            |b: &[u8]| serde_json::from_slice::<T>(b).map_err(|e| e.to_string()),
        ),
        contender(
            "sonic-rs",
            subject,
            |v: &T| sonic_rs::to_vec(v).map_err(|e| e.to_string()),
            |b: &[u8]| sonic_rs::from_slice::<T>(b).map_err(|e| e.to_string()),
        ),
        contender(
            "simd-json (serde)",
            subject,
            |v: &T| simd_json::serde::to_vec(v).map_err(|e| e.to_string()),
            // simd-json parses in place: a caller holding an immutable input copies it, and
            // so does this call, inside the timing.
            |b: &[u8]| {
                let mut copy = b.to_vec();
                simd_json::serde::from_slice::<T>(&mut copy).map_err(|e| e.to_string())
            },
        ),
    ]
}

/// simd-json through its own derive (simd-json-derive) on `subject`.
pub fn simd_derive<'a, T>(mut subject: Subject<'a, T>) -> Contender<'a>
where
    T: simd_json_derive::Serialize
        + for<'i> simd_json_derive::Deserialize<'i>
        + Serialize
        + PartialEq
        + 'a,
{
    subject.explain = Some(explain_model::<T>);
    contender(
        "simd-json (derive)",
        subject,
        |v: &T| v.json_vec().map_err(|e| e.to_string()),
        |b: &[u8]| {
            let mut copy = b.to_vec();
            T::from_slice(&mut copy).map_err(|e| e.to_string())
        },
    )
}

/// The untyped values' contenders on the JSON text `input`: each library decodes it into its
/// own `Value` (fastwire's ordered tree, serde_json's, sonic-rs's arena, simd-json's owned
/// tree) and encodes that back. `values` holds each library's decoding of `input`, made by
/// [`decode_values`].
pub fn values<'a>(input: &'a [u8], values: &'a Values) -> Vec<Contender<'a>> {
    let subject = Subject::new(&(), Some(input));
    vec![
        contender(
            "fastwire",
            subject.with_model(&values.fastwire),
            |v: &fastwire::json::Value| Ok(fastwire::json::to_vec(v)),
            |b: &[u8]| fastwire::json::from_slice(b).map_err(|e| e.to_string()),
        ),
        contender(
            "serde_json",
            Subject {
                explain: Some(
                    |decoded, original| match compare_values(decoded, original) {
                        Ok(near) => format!("{near} floats come back one ulp off"),
                        Err(diff) => format!("the first difference is at {diff}"),
                    },
                ),
                ..subject.with_model(&values.serde_json)
            },
            |v: &serde_json::Value| serde_json::to_vec(v).map_err(|e| e.to_string()),
            |b: &[u8]| serde_json::from_slice(b).map_err(|e| e.to_string()),
        ),
        contender(
            "sonic-rs",
            subject.with_model(&values.sonic),
            |v: &sonic_rs::Value| sonic_rs::to_vec(v).map_err(|e| e.to_string()),
            |b: &[u8]| sonic_rs::from_slice(b).map_err(|e| e.to_string()),
        ),
        contender(
            "simd-json",
            subject.with_model(&values.simd),
            |v: &simd_json::OwnedValue| {
                let mut out = Vec::new();
                simd_json::prelude::Writable::write(v, &mut out).map_err(|e| e.to_string())?;
                Ok(out)
            },
            |b: &[u8]| {
                let mut copy = b.to_vec();
                simd_json::to_owned_value(&mut copy).map_err(|e| e.to_string())
            },
        ),
    ]
}

/// Each library's untyped value of one JSON document.
pub struct Values {
    fastwire: fastwire::json::Value,
    serde_json: serde_json::Value,
    sonic: sonic_rs::Value,
    simd: simd_json::OwnedValue,
}

impl Values {
    /// fastwire's value.
    pub fn fastwire_value(&self) -> &fastwire::json::Value {
        &self.fastwire
    }
}

/// Every library's `Value` of `input`, after checking that fastwire's equals serde_json's.
pub fn decode_values(name: &str, input: &[u8], findings: &mut Findings) -> Values {
    let serde_json: serde_json::Value =
        serde_json::from_slice(input).expect("serde_json decodes the corpus");
    let fastwire = match fastwire::json::from_slice::<fastwire::json::Value>(input) {
        Ok(value) => {
            if let Err(diff) = compare_values(&fastwire_value_to_serde_json(&value), &serde_json) {
                findings.errors.push(format!(
                    "{name}: fastwire's Value differs from serde_json's at {diff}"
                ));
            }
            value
        }
        Err(e) => {
            findings
                .errors
                .push(format!("{name}: fastwire cannot decode a Value: {e}"));
            fastwire::json::Value::Null
        }
    };
    let mut copy = input.to_vec();
    Values {
        fastwire,
        serde_json,
        sonic: sonic_rs::from_slice(input).expect("sonic-rs decodes the corpus"),
        simd: simd_json::to_owned_value(&mut copy).expect("simd-json decodes the corpus"),
    }
}

/// Checks fastwire against serde_json on one typed workload: the bytes of `model` must be
/// serde_json's exactly, and the decoding of `input` serde_json's value (floats may be one
/// ulp apart in a build where serde_json runs without `float_roundtrip`, whose reader is not
/// correctly rounded).
pub fn agree<T: JsonModel>(name: &str, model: &T, input: &[u8], findings: &mut Findings) {
    let expected = serde_json::to_vec(model).expect("serde_json encodes the model");
    if let Some(diff) = describe_difference(
        &format!("{name}: encode"),
        ("fastwire", &fastwire::json::to_vec(model)),
        ("serde_json", &expected),
    ) {
        findings.errors.push(diff);
    }
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
            "{name}: {near} floats of the input decoded by serde_json are one ulp away from \
             fastwire's (serde_json without float_roundtrip is not correctly rounded)"
        )),
        Err(diff) => findings.errors.push(format!(
            "{name}: decode: fastwire's value differs from serde_json's at {diff}"
        )),
    }
}
