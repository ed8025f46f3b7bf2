//! MessagePack: fastwire against rmp-serde and zerompk, in map form (structs keyed by field
//! name) and in array form (structs as arrays of their fields).

use std::hint::black_box;

use fastwire_benches::msgpack::{rmp_encode, Form, Model, SerdeModel};
use fastwire_benches::msgpack_diff::explain;

use crate::measure::{measure, Call, Config, Findings, Row};

/// The libraries compared, in table order.
pub const LIBS: [&str; 3] = ["fastwire", "rmp-serde", "zerompk"];

/// The inputs of a workload's decoding: each library decodes its own encoding (fastwire's and
/// rmp-serde's are the same bytes).
pub struct Inputs {
    rmp: Vec<u8>,
    /// `None` for a workload zerompk cannot express.
    zerompk: Option<Vec<u8>>,
}

/// Checks fastwire against rmp-serde on `value` written in `form` (its type decides the form;
/// `form` says which rmp-serde function matches it), recording errors under `what`. Returns
/// rmp-serde's encoding.
fn check_rmp<T: SerdeModel>(what: &str, form: Form, value: &T, findings: &mut Findings) -> Vec<u8> {
    let rmp = rmp_encode(form, value);

    // Encoding: fastwire must write rmp-serde's bytes exactly.
    let fastwire = fastwire::msgpack::to_vec(value);
    if let Some(report) = explain(
        &format!("{what}: encode"),
        ("fastwire", &fastwire),
        ("rmp-serde", &rmp),
    ) {
        findings.errors.push(report.text);
    }

    // Decoding: fastwire must read rmp-serde's bytes back to the value, as rmp-serde does.
    match fastwire::msgpack::from_slice::<T>(&rmp) {
        Ok(decoded) if decoded == *value => {}
        Ok(_) => findings.errors.push(format!(
            "{what}: decode: fastwire's value differs from the original"
        )),
        Err(e) => findings.errors.push(format!(
            "{what}: fastwire cannot decode rmp-serde's bytes: {e}"
        )),
    }
    match rmp_serde::from_slice::<T>(&rmp) {
        Ok(decoded) if decoded == *value => {}
        Ok(_) => findings.errors.push(format!(
            "{what}: decode: rmp-serde's value differs from the original"
        )),
        Err(e) => findings.errors.push(format!(
            "{what}: rmp-serde cannot decode its own bytes: {e}"
        )),
    }
    rmp
}

/// Checks one workload: `value` written in `form`, by fastwire and rmp-serde as
/// [`check_rmp`] does, and by zerompk. Returns the inputs to decode, or `None` after
/// recording an error that makes timing it meaningless.
pub fn check<T: Model>(
    name: &str,
    form: Form,
    value: &T,
    findings: &mut Findings,
) -> Option<Inputs> {
    let what = format!("{name} ({})", form.name());
    let rmp = check_rmp(&what, form, value, findings);

    // zerompk decodes what it encodes; its bytes may differ from rmp-serde's, which is said.
    let zerompk = match zerompk::to_msgpack_vec(value) {
        Ok(bytes) => bytes,
        Err(e) => {
            findings
                .errors
                .push(format!("{what}: zerompk cannot encode the model: {e}"));
            return None;
        }
    };
    match zerompk::from_msgpack::<T>(&zerompk) {
        Ok(decoded) if decoded == *value => {}
        Ok(_) => findings.errors.push(format!(
            "{what}: zerompk's decoding of its own bytes differs from the original"
        )),
        Err(e) => findings
            .errors
            .push(format!("{what}: zerompk cannot decode its own bytes: {e}")),
    }
    if let Some(report) = explain(
        &format!("{what}: zerompk's encoding"),
        ("zerompk", &zerompk),
        ("rmp-serde", &rmp),
    ) {
        // Other forms of the same data are zerompk's choice; other data would mean the
        // models' `#[msgpack(key = ...)]` names are not serde's, and the work not the same.
        if report.same_values {
            findings.notes.push(report.text);
        } else {
            findings.errors.push(report.text);
        }
        // The same data in other forms: fastwire reads it too.
        match fastwire::msgpack::from_slice::<T>(&zerompk) {
            Ok(decoded) if decoded == *value => {}
            Ok(_) => findings.notes.push(format!(
                "{what}: fastwire's decoding of zerompk's bytes differs from the original"
            )),
            Err(e) => findings.notes.push(format!(
                "{what}: fastwire cannot decode zerompk's bytes: {e}"
            )),
        }
    }
    Some(Inputs {
        rmp,
        zerompk: Some(zerompk),
    })
}

/// Checks a workload zerompk cannot express (its types implement only fastwire's and
/// serde's traits): fastwire against rmp-serde, as [`check`] does.
pub fn check_without_zerompk<T: SerdeModel>(
    name: &str,
    form: Form,
    value: &T,
    findings: &mut Findings,
) -> Inputs {
    let what = format!("{name} ({})", form.name());
    let rmp = check_rmp(&what, form, value, findings);
    Inputs { rmp, zerompk: None }
}

/// Measures one checked workload: encoding `value` and decoding `inputs`.
pub fn measure_workload<T: Model>(
    config: &Config,
    name: &str,
    form: Form,
    value: &T,
    inputs: &Inputs,
    rows: &mut Vec<Row>,
) {
    let zerompk = inputs.zerompk.as_deref().map(|bytes| -> [Call<'_>; 2] {
        [
            Box::new(move || {
                black_box(zerompk::to_msgpack_vec(black_box(value)).unwrap());
            }),
            Box::new(move || {
                black_box(zerompk::from_msgpack::<T>(black_box(bytes)).unwrap());
            }),
        ]
    });
    measure_rows(config, name, form, value, inputs, zerompk, rows);
}

/// Measures one workload checked with [`check_without_zerompk`]: fastwire and rmp-serde.
pub fn measure_without_zerompk<T: SerdeModel>(
    config: &Config,
    name: &str,
    form: Form,
    value: &T,
    inputs: &Inputs,
    rows: &mut Vec<Row>,
) {
    measure_rows(config, name, form, value, inputs, None, rows);
}

/// The two rows of a workload: encoding and decoding by fastwire, rmp-serde and, when
/// `zerompk` holds its calls (encode, decode), zerompk.
fn measure_rows<T: SerdeModel>(
    config: &Config,
    name: &str,
    form: Form,
    value: &T,
    inputs: &Inputs,
    zerompk: Option<[Call<'_>; 2]>,
    rows: &mut Vec<Row>,
) {
    let [zerompk_encode, zerompk_decode] = zerompk.map_or([None, None], |calls| calls.map(Some));
    let workload = format!("{name} ({})", form.name());
    rows.push(Row {
        workload: workload.clone(),
        direction: "encode",
        bytes: inputs.rmp.len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(fastwire::msgpack::to_vec(black_box(value)));
                })),
                Some(Box::new(|| {
                    black_box(rmp_encode(form, black_box(value)));
                })),
                zerompk_encode,
            ],
        ),
    });
    let rmp = &inputs.rmp[..];
    rows.push(Row {
        workload,
        direction: "decode",
        bytes: inputs.rmp.len(),
        best: measure(
            config,
            &mut [
                Some(Box::new(|| {
                    black_box(fastwire::msgpack::from_slice::<T>(black_box(rmp)).unwrap());
                })),
                Some(Box::new(|| {
                    black_box(rmp_serde::from_slice::<T>(black_box(rmp)).unwrap());
                })),
                zerompk_decode,
            ],
        ),
    });
}

/// Notes on byte counts: zerompk's own encoding is what it decodes, and where its size differs
/// from rmp-serde's the table's MB/s for zerompk still count rmp-serde's bytes (the same
/// value, so the ratios compare times for the same work).
pub fn size_note(name: &str, form: Form, inputs: &Inputs) -> Option<String> {
    let zerompk = inputs.zerompk.as_ref()?;
    (zerompk.len() != inputs.rmp.len()).then(|| {
        format!(
            "{name} ({}): zerompk writes {} bytes, rmp-serde and fastwire {}; zerompk's MB/s \
             count the {} (the same value, so the ratios compare times)",
            form.name(),
            zerompk.len(),
            inputs.rmp.len(),
            inputs.rmp.len()
        )
    })
}
