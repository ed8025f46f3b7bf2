//! MessagePack's contenders: fastwire, rmp-serde and zerompk, in map form (structs keyed by
//! field name: fastwire's default, `rmp_serde::to_vec_named`, zerompk's `#[msgpack(map)]`) and
//! in array form (the models' array-form twins: `#[wire(as_array)]`, `rmp_serde::to_vec`,
//! zerompk's default); and the untyped values (fastwire's `msgpack::Value`, rmpv's).

use fastwire_benches::msgpack::{rmp_encode, Form, Model, SerdeModel};
use fastwire_benches::msgpack_diff::explain;

use crate::contender::{contender, Contender, Subject};
use crate::report::Findings;

/// fastwire and rmp-serde (the function of `form`) on `subject`: each decodes its own
/// encoding, which is the same bytes.
pub fn serde_based<'a, T: SerdeModel + 'a>(
    form: Form,
    subject: Subject<'a, T>,
) -> Vec<Contender<'a>> {
    let fastwire = contender(
        "fastwire",
        subject,
        |v: &T| Ok(fastwire::msgpack::to_vec(v)),
        |b: &[u8]| fastwire::msgpack::from_slice::<T>(b).map_err(|e| e.to_string()),
    );
    let decode = |b: &[u8]| rmp_serde::from_slice::<T>(b).map_err(|e| e.to_string());
    let rmp = match form {
        Form::Map => contender(
            "rmp-serde",
            subject,
            |v: &T| rmp_serde::to_vec_named(v).map_err(|e| e.to_string()),
            decode,
        ),
        Form::Array => contender(
            "rmp-serde",
            subject,
            |v: &T| rmp_serde::to_vec(v).map_err(|e| e.to_string()),
            decode,
        ),
    };
    vec![fastwire, rmp]
}

/// zerompk (whose form the type decides) on `subject`.
pub fn zerompk<'a, T: Model + 'a>(subject: Subject<'a, T>) -> Contender<'a> {
    contender(
        "zerompk",
        subject,
        |v: &T| zerompk::to_msgpack_vec(v).map_err(|e| e.to_string()),
        |b: &[u8]| zerompk::from_msgpack::<T>(b).map_err(|e| e.to_string()),
    )
}

/// The untyped values' contenders on the MessagePack `input`: fastwire's `msgpack::Value`
/// and rmpv's, each decoded from `input` ([`decode_values`]) and encoded back.
pub fn values<'a>(input: &'a [u8], values: &'a Values) -> Vec<Contender<'a>> {
    let subject = Subject::new(&(), Some(input));
    vec![
        contender(
            "fastwire",
            subject.with_model(&values.fastwire),
            |v: &fastwire::msgpack::Value| Ok(fastwire::msgpack::to_vec(v)),
            |b: &[u8]| fastwire::msgpack::from_slice(b).map_err(|e| e.to_string()),
        ),
        contender(
            "rmpv",
            subject.with_model(&values.rmpv),
            |v: &rmpv::Value| {
                let mut out = Vec::new();
                rmpv::encode::write_value(&mut out, v).map_err(|e| e.to_string())?;
                Ok(out)
            },
            |mut b: &[u8]| rmpv::decode::read_value(&mut b).map_err(|e| e.to_string()),
        ),
    ]
}

/// Each library's untyped value of one MessagePack document.
pub struct Values {
    fastwire: fastwire::msgpack::Value,
    rmpv: rmpv::Value,
}

/// Both libraries' `Value` of `input`, after checking that fastwire writes its value back to
/// `input`'s bytes.
pub fn decode_values(name: &str, input: &[u8], findings: &mut Findings) -> Values {
    let fastwire = match fastwire::msgpack::from_slice::<fastwire::msgpack::Value>(input) {
        Ok(value) => {
            if let Some(report) = explain(
                &format!("{name}: Value encode"),
                ("fastwire", &fastwire::msgpack::to_vec(&value)),
                ("input", input),
            ) {
                findings.errors.push(report.text);
            }
            value
        }
        Err(e) => {
            findings
                .errors
                .push(format!("{name}: fastwire cannot decode a Value: {e}"));
            fastwire::msgpack::Value::Nil
        }
    };
    Values {
        fastwire,
        rmpv: rmpv::decode::read_value(&mut &input[..]).expect("rmpv decodes the corpus"),
    }
}

/// Checks fastwire against rmp-serde on `value` written in `form`: fastwire must write
/// rmp-serde's bytes exactly. Returns rmp-serde's encoding.
pub fn agree<T: SerdeModel>(what: &str, form: Form, value: &T, findings: &mut Findings) -> Vec<u8> {
    let rmp = rmp_encode(form, value);
    if let Some(report) = explain(
        &format!("{what}: encode"),
        ("fastwire", &fastwire::msgpack::to_vec(value)),
        ("rmp-serde", &rmp),
    ) {
        findings.errors.push(report.text);
    }
    rmp
}

/// Checks that zerompk writes the data rmp-serde writes (its forms may differ: integer widths,
/// nil for a skipped `None`), which says that the models' zerompk keys are serde's names and
/// the work timed is the same; and that fastwire reads zerompk's bytes too.
pub fn agree_zerompk<T: Model>(what: &str, value: &T, rmp: &[u8], findings: &mut Findings) {
    let Ok(zerompk) = zerompk::to_msgpack_vec(value) else {
        return; // The contender's Pass Test says so.
    };
    let Some(report) = explain(
        &format!("{what}: zerompk's encoding"),
        ("zerompk", &zerompk),
        ("rmp-serde", rmp),
    ) else {
        return;
    };
    if report.same_values {
        findings.notes.push(report.text);
    } else {
        findings.errors.push(report.text);
    }
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
