//! The oracle test for every benchmark model.
//!
//! Encoding: fastwire's output equals serde_json's byte for byte (compact and pretty, through
//! every output function). Exact, always.
//!
//! Decoding: the corpus file (for the generated users, serde_json's encoding of them) decodes
//! with `fastwire::json::from_slice` / `from_str` / `from_reader` to the value serde_json
//! decodes, and to the value fastwire decodes from its own encoding of it. fastwire against
//! fastwire is exact; against serde_json, floats may be one ulp apart, because without
//! `float_roundtrip` (which a build may leave off) serde_json's float parser is not correctly
//! rounded. That fastwire's floats are the correctly rounded ones is checked on `canada.json`
//! against the standard library's parser.
//!
//! Completeness: the model keeps everything the corpus file holds (key order aside).
//!
//! MessagePack, for every model in map form and its array-form twin: fastwire's bytes equal
//! rmp-serde's (`to_vec_named` for the map form, `to_vec` for the twin) through every output
//! function; fastwire decodes them, from a slice and from a reader, to the original value, as
//! rmp-serde does; zerompk's encoding holds the same data as rmp-serde's (in other forms in
//! places: other integer widths, nil entries for skipped `None`s), and zerompk and fastwire both
//! decode it to the original. Floats are binary in MessagePack, so every comparison is exact.
//! The event log has no array form and no zerompk encoding (see `fastwire_benches::events`):
//! its MessagePack checks are fastwire against rmp-serde in map form.

use std::fmt::Debug;

use fastwire::json::DecodeOwned;
use fastwire_benches::canada::Canada;
use fastwire_benches::events::envelopes;
use fastwire_benches::msgpack::{Model, SerdeModel};
use fastwire_benches::msgpack_diff::explain;
use fastwire_benches::oracle::{
    compare_models, compare_values, describe_difference, fastwire_value_to_serde_json,
    number_tokens, numbers_as_f64,
};
use fastwire_benches::ts::{ts_cjk, ts_short, ts_ticker};
use fastwire_benches::twin::ArrayTwin;
use fastwire_benches::{data, load_canada, load_citm, load_twitter, users, users::STANDARD_COUNT};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// Panics with the first differing offset and the text around it.
fn assert_same_bytes(what: &str, fastwire: &[u8], serde_json: &[u8]) {
    if let Some(message) =
        describe_difference(what, ("fastwire", fastwire), ("serde_json", serde_json))
    {
        panic!("{message}");
    }
}

/// Panics unless `fastwire`'s value equals serde_json's, floats within one ulp.
fn assert_close<T: Serialize + PartialEq>(what: &str, fastwire: &T, serde_json: &T) {
    if let Err(difference) = compare_models(fastwire, serde_json) {
        panic!("{what}: fastwire's and serde_json's values differ at {difference}");
    }
}

/// Every check but completeness. `input` is the document to decode: the corpus file, or
/// `None` to use serde_json's compact encoding of `model`.
fn check_model<T>(name: &str, model: &T, input: Option<&[u8]>)
where
    T: Serialize + DeserializeOwned + fastwire::json::Encode + DecodeOwned + PartialEq + Debug,
{
    // Encoding, compact, through every fastwire output function.
    let compact = serde_json::to_string(model).unwrap();
    assert_same_bytes(
        &format!("{name}: to_string"),
        fastwire::json::to_string(model).as_bytes(),
        compact.as_bytes(),
    );
    assert_same_bytes(
        &format!("{name}: to_vec"),
        &fastwire::json::to_vec(model),
        compact.as_bytes(),
    );
    let mut appended = b"prefix".to_vec();
    fastwire::json::encode_into(model, &mut appended);
    assert_same_bytes(
        &format!("{name}: encode_into"),
        &appended,
        format!("prefix{compact}").as_bytes(),
    );
    let mut streamed = Vec::new();
    fastwire::json::to_writer(&mut streamed, model).unwrap();
    assert_same_bytes(&format!("{name}: to_writer"), &streamed, compact.as_bytes());

    // Encoding, pretty.
    let pretty = serde_json::to_string_pretty(model).unwrap();
    assert_same_bytes(
        &format!("{name}: to_string_pretty"),
        fastwire::json::to_string_pretty(model).as_bytes(),
        pretty.as_bytes(),
    );

    // The model survives a round trip: exactly through fastwire's decoder, within an ulp
    // through serde_json's.
    let back: T = fastwire::json::from_str(&compact).unwrap();
    assert!(
        back == *model,
        "{name}: compact round trip changed the model"
    );
    let back: T = fastwire::json::from_str(&pretty).unwrap();
    assert!(
        back == *model,
        "{name}: pretty round trip changed the model"
    );
    let back: T = serde_json::from_str(&compact).unwrap();
    assert_close(&format!("{name}: serde_json round trip"), &back, model);

    // Decoding the input: fastwire's three entry points agree, match serde_json, and match
    // fastwire's decoding of its own encoding.
    let input = input.unwrap_or(compact.as_bytes());
    let decoded: T = fastwire::json::from_slice(input)
        .unwrap_or_else(|e| panic!("{name}: fastwire::json::from_slice failed: {e}"));
    let text = std::str::from_utf8(input).unwrap();
    let from_str: T = fastwire::json::from_str(text).unwrap();
    assert!(
        from_str == decoded,
        "{name}: from_str differs from from_slice"
    );
    let from_reader: T = fastwire::json::from_reader(input).unwrap();
    assert!(
        from_reader == decoded,
        "{name}: from_reader differs from from_slice"
    );
    let expected: T = serde_json::from_slice(input).unwrap();
    assert_close(&format!("{name}: from_slice"), &decoded, &expected);
    let again: T = fastwire::json::from_slice(&fastwire::json::to_vec(&decoded)).unwrap();
    assert!(
        again == decoded,
        "{name}: decoding fastwire's encoding of the decoded value changed it"
    );
}

/// The model keeps everything the corpus file holds: its JSON form (`serde_json::to_value`,
/// which parses nothing) equals serde_json's `Value` of the file, key order aside and integers
/// and floats of the same value alike. serde_json parses the file for both (the loaders use
/// it), so its floats agree; an ulp is allowed all the same, for builds where another package
/// turns `float_roundtrip` on for only one of the two paths.
fn check_complete<T: Serialize>(name: &str, model: &T, source: &str) {
    let original: Value = serde_json::from_str(source).unwrap();
    let held = serde_json::to_value(model).unwrap();
    if let Err(difference) = compare_values(&numbers_as_f64(original), &numbers_as_f64(held)) {
        panic!("{name}: the model drops or changes data from the corpus file at {difference}");
    }
}

/// The MessagePack checks of the module docs that involve fastwire and rmp-serde only, for
/// `value`, whose rmp-serde encoding is `expected`.
fn check_msgpack_rmp<T: SerdeModel>(what: &str, value: &T, expected: &[u8]) {
    let same = |function: &str, actual: &[u8], expected: &[u8]| {
        let what = format!("{what}: {function}");
        if let Some(report) = explain(&what, ("fastwire", actual), ("rmp-serde", expected)) {
            panic!("{report}");
        }
    };
    same("to_vec", &fastwire::msgpack::to_vec(value), expected);
    let mut appended = b"prefix".to_vec();
    fastwire::msgpack::encode_into(value, &mut appended);
    assert!(
        appended.starts_with(b"prefix"),
        "{what}: encode_into changed what was there"
    );
    same("encode_into", &appended[b"prefix".len()..], expected);
    let mut streamed = Vec::new();
    fastwire::msgpack::to_writer(&mut streamed, value).unwrap();
    same("to_writer", &streamed, expected);

    let decoded: T = fastwire::msgpack::from_slice(expected)
        .unwrap_or_else(|e| panic!("{what}: fastwire::msgpack::from_slice failed: {e}"));
    assert!(decoded == *value, "{what}: from_slice changed the value");
    let from_reader: T = fastwire::msgpack::from_reader(expected).unwrap();
    assert!(
        from_reader == *value,
        "{what}: from_reader changed the value"
    );
    let by_rmp: T = rmp_serde::from_slice(expected).unwrap();
    assert!(
        by_rmp == *value,
        "{what}: rmp-serde's decoding changed the value"
    );
}

/// Every MessagePack check of the module docs for `value`, whose rmp-serde encoding is
/// `expected`.
fn check_msgpack_form<T: Model>(what: &str, value: &T, expected: &[u8]) {
    check_msgpack_rmp(what, value, expected);
    let theirs = zerompk::to_msgpack_vec(value).unwrap();
    // The same data as rmp-serde's, in forms of zerompk's choosing: the models' zerompk keys
    // are serde's names.
    if let Some(report) = explain(what, ("zerompk", &theirs), ("rmp-serde", expected)) {
        assert!(report.same_values, "{report}");
    }
    let by_zerompk: T = zerompk::from_msgpack(&theirs).unwrap();
    assert!(
        by_zerompk == *value,
        "{what}: zerompk's round trip changed the value"
    );
    let from_zerompk: T = fastwire::msgpack::from_slice(&theirs)
        .unwrap_or_else(|e| panic!("{what}: fastwire cannot decode zerompk's bytes: {e}"));
    assert!(
        from_zerompk == *value,
        "{what}: fastwire's decoding of zerompk's bytes changed the value"
    );
}

/// The MessagePack checks for `value` in map form and for its array-form twin.
fn check_msgpack<T>(name: &str, value: &T)
where
    T: Model + ArrayTwin,
    T::Twin: Model,
{
    let named = rmp_serde::to_vec_named(value).unwrap();
    check_msgpack_form(&format!("{name} (map)"), value, &named);
    let twin = value.to_twin();
    let array = rmp_serde::to_vec(&twin).unwrap();
    check_msgpack_form(&format!("{name} (array)"), &twin, &array);
}

#[test]
fn twitter() {
    let source = data::read_corpus("twitter.json");
    let model = load_twitter();
    check_model("twitter", &model, Some(source.as_bytes()));
    check_complete("twitter", &model, &source);
}

#[test]
fn citm() {
    let source = data::read_corpus("citm_catalog.json");
    let model = load_citm();
    check_model("citm", &model, Some(source.as_bytes()));
    check_complete("citm", &model, &source);
}

#[test]
fn canada() {
    let source = data::read_corpus("canada.json");
    let model = load_canada();
    check_model("canada", &model, Some(source.as_bytes()));
    check_complete("canada", &model, &source);
}

/// fastwire's floats are the correctly rounded values of the digits in `canada.json`
/// (`str::parse::<f64>` is correctly rounded), all 111,000-odd of them, bit for bit.
#[test]
fn canada_floats_are_correctly_rounded() {
    let source = data::read_corpus("canada.json");
    let expected: Vec<f64> = number_tokens(&source)
        .into_iter()
        .map(|token| token.parse().unwrap())
        .collect();
    let decoded: Canada = fastwire::json::from_slice(source.as_bytes()).unwrap();
    let actual: Vec<f64> = decoded
        .features
        .iter()
        .flat_map(|feature| feature.geometry.coordinates.iter().flatten().flatten())
        .copied()
        .collect();
    assert!(expected.len() > 100_000, "too few numbers found");
    assert_eq!(actual.len(), expected.len(), "number of floats");
    for (i, (a, e)) in actual.iter().zip(&expected).enumerate() {
        assert!(
            a.to_bits() == e.to_bits(),
            "float #{i}: fastwire decoded {a:?}, the correctly rounded value is {e:?}"
        );
    }
}

#[test]
fn users_20k() {
    check_model("users_20k", &users(STANDARD_COUNT), None);
}

#[test]
fn single_users() {
    // Small documents too, where size hints and buffer growth behave differently.
    for user in users(300) {
        check_model("user", &user, None);
    }
    check_model("no users", &users(0), None);
}

/// Whole documents as `Value`s: fastwire's `Value` of each corpus file equals serde_json's
/// (floats within an ulp, integers exact and distinct from floats) and survives its own round
/// trip exactly.
#[test]
fn values() {
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let source = data::read_corpus(name);
        let value: fastwire::json::Value = fastwire::json::from_str(&source).unwrap();
        let again: fastwire::json::Value =
            fastwire::json::from_slice(&fastwire::json::to_vec(&value)).unwrap();
        assert!(again == value, "{name}: Value round trip changed it");
        let expected: Value = serde_json::from_str(&source).unwrap();
        if let Err(difference) = compare_values(&fastwire_value_to_serde_json(&value), &expected) {
            panic!("{name}: fastwire's Value differs from serde_json's at {difference}");
        }
    }
}

#[test]
fn msgpack_twitter() {
    check_msgpack("twitter", &load_twitter());
}

#[test]
fn msgpack_citm() {
    check_msgpack("citm", &load_citm());
}

#[test]
fn msgpack_canada() {
    check_msgpack("canada", &load_canada());
}

#[test]
fn msgpack_users() {
    check_msgpack("users_20k", &users(STANDARD_COUNT));
    for user in users(300) {
        check_msgpack("user", &user);
    }
    check_msgpack("no users", &users(0));
}

/// The `Ts` structs, in JSON and in MessagePack.
#[test]
fn ts_shapes() {
    check_model("ts_short", &ts_short(), None);
    check_model("ts_cjk", &ts_cjk(), None);
    check_model("ts_ticker", &ts_ticker(), None);
    check_msgpack("ts_short", &ts_short());
    check_msgpack("ts_cjk", &ts_cjk());
    check_msgpack("ts_ticker", &ts_ticker());
}

/// The event log, in JSON and in MessagePack (map form, fastwire and rmp-serde), whole and one
/// envelope at a time. A thousand envelopes hold every shape many times over, and keep the
/// test quick in debug builds (`compare` checks the whole log before timing it).
#[test]
fn events_log() {
    let log = envelopes(1_000);
    check_model("events_10k", &log, None);
    check_msgpack_rmp(
        "events_10k (map)",
        &log,
        &rmp_serde::to_vec_named(&log).unwrap(),
    );
    for envelope in envelopes(300) {
        check_model("envelope", &envelope, None);
        check_msgpack_rmp(
            "envelope (map)",
            &envelope,
            &rmp_serde::to_vec_named(&envelope).unwrap(),
        );
    }
}
