//! Conformance of the JSON decoder against the shared suites: JSONTestSuite's `test_parsing`
//! (every `y_` accepted, every `n_` rejected, every `i_` as the table below says and why),
//! json-benchmark's `jsonchecker` and `roundtrip`, with serde_json as a second opinion on every
//! file.

use std::fs;
use std::path::{Path, PathBuf};

use fastwire::json::{self, Decoder, Value};

fn data_dir(parts: &[&str]) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    for part in parts {
        dir.push(part);
    }
    assert!(
        dir.is_dir(),
        "test data missing: {} (../shared/data must sit beside the checkout)",
        dir.display()
    );
    dir
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    out.sort();
    out
}

fn fastwire_accepts(bytes: &[u8]) -> bool {
    json::from_slice::<Value>(bytes).is_ok()
}

fn serde_json_accepts(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(bytes).is_ok()
}

/// What fastwire does with each implementation-defined case, and why.
const IMPLEMENTATION_DEFINED: &[(&str, bool, &str)] = &[
    (
        "i_number_double_huge_neg_exp.json",
        true,
        "underflows to 0.0, as IEEE rounding says",
    ),
    (
        "i_number_huge_exp.json",
        false,
        "beyond f64's range: number out of range",
    ),
    (
        "i_number_neg_int_huge_exp.json",
        false,
        "beyond f64's range: number out of range",
    ),
    (
        "i_number_pos_double_huge_exp.json",
        false,
        "beyond f64's range: number out of range",
    ),
    (
        "i_number_real_neg_overflow.json",
        false,
        "beyond f64's range: number out of range",
    ),
    (
        "i_number_real_pos_overflow.json",
        false,
        "beyond f64's range: number out of range",
    ),
    ("i_number_real_underflow.json", true, "underflows to 0.0"),
    (
        "i_number_too_big_neg_int.json",
        true,
        "beyond i64: read as the nearest f64",
    ),
    (
        "i_number_too_big_pos_int.json",
        true,
        "beyond u64: read as the nearest f64",
    ),
    (
        "i_number_very_big_negative_int.json",
        true,
        "beyond i64: read as the nearest f64",
    ),
    (
        "i_object_key_lone_2nd_surrogate.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_1st_surrogate_but_2nd_missing.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_1st_valid_surrogate_2nd_invalid.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_UTF-16LE_with_BOM.json",
        false,
        "input must be UTF-8",
    ),
    (
        "i_string_UTF-8_invalid_sequence.json",
        false,
        "input must be valid UTF-8",
    ),
    (
        "i_string_UTF8_surrogate_U+D800.json",
        false,
        "an encoded surrogate is invalid UTF-8",
    ),
    (
        "i_string_incomplete_surrogate_and_escape_valid.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_incomplete_surrogate_pair.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_incomplete_surrogates_escape_valid.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_invalid_lonely_surrogate.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_invalid_surrogate.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_invalid_utf-8.json",
        false,
        "input must be valid UTF-8",
    ),
    (
        "i_string_inverted_surrogates_U+1D11E.json",
        false,
        "a lone surrogate is not a character",
    ),
    ("i_string_iso_latin_1.json", false, "input must be UTF-8"),
    (
        "i_string_lone_second_surrogate.json",
        false,
        "a lone surrogate is not a character",
    ),
    (
        "i_string_lone_utf8_continuation_byte.json",
        false,
        "input must be valid UTF-8",
    ),
    (
        "i_string_not_in_unicode_range.json",
        false,
        "above U+10FFFF is invalid UTF-8",
    ),
    (
        "i_string_overlong_sequence_2_bytes.json",
        false,
        "overlong encodings are invalid UTF-8",
    ),
    (
        "i_string_overlong_sequence_6_bytes.json",
        false,
        "overlong encodings are invalid UTF-8",
    ),
    (
        "i_string_overlong_sequence_6_bytes_null.json",
        false,
        "overlong encodings are invalid UTF-8",
    ),
    (
        "i_string_truncated-utf-8.json",
        false,
        "input must be valid UTF-8",
    ),
    ("i_string_utf16BE_no_BOM.json", false, "input must be UTF-8"),
    ("i_string_utf16LE_no_BOM.json", false, "input must be UTF-8"),
    (
        "i_structure_500_nested_arrays.json",
        false,
        "deeper than the default limit of 128 (configurable)",
    ),
    (
        "i_structure_UTF-8_BOM_empty_object.json",
        false,
        "a byte order mark is not JSON whitespace",
    ),
];

#[test]
fn json_test_suite_parsing() {
    let cases = files(&data_dir(&["JSONTestSuite", "test_parsing"]));
    assert_eq!(cases.len(), 318, "the suite has 318 files");
    let (mut yes, mut no, mut implementation) = (0, 0, 0);
    let mut failures = Vec::new();
    for (name, bytes) in &cases {
        let accepted = fastwire_accepts(bytes);
        let expected = match name.as_bytes()[0] {
            b'y' => {
                yes += 1;
                true
            }
            b'n' => {
                no += 1;
                false
            }
            b'i' => {
                implementation += 1;
                IMPLEMENTATION_DEFINED
                    .iter()
                    .find(|(file, _, _)| file == name)
                    .unwrap_or_else(|| panic!("{name} is missing from the table"))
                    .1
            }
            _ => continue,
        };
        if accepted != expected {
            failures.push(format!("{name}: accepted={accepted}, expected {expected}"));
        }
        // serde_json agrees on every file: the same acceptance is part of the contract.
        if accepted != serde_json_accepts(bytes) {
            failures.push(format!(
                "{name}: fastwire accepted={accepted}, serde_json differs"
            ));
        }
    }
    assert_eq!((yes, no, implementation), (95, 188, 35));
    assert_eq!(IMPLEMENTATION_DEFINED.len(), 35);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn deep_nesting_is_an_error_and_the_limit_is_an_option() {
    let bytes = fs::read(
        data_dir(&["JSONTestSuite", "test_parsing"]).join("i_structure_500_nested_arrays.json"),
    )
    .unwrap();
    let err = json::from_slice::<Value>(&bytes).unwrap_err();
    assert!(
        err.to_string().starts_with("recursion limit exceeded"),
        "{err}"
    );
    // serde_json's counting: a limit of n admits n - 1 levels.
    assert!(Decoder::new()
        .max_depth(501)
        .from_slice::<Value>(&bytes)
        .is_ok());
    assert!(Decoder::new()
        .max_depth(500)
        .from_slice::<Value>(&bytes)
        .is_err());
    for levels in [126, 127, 128, 129] {
        let text = format!("{}{}", "[".repeat(levels), "]".repeat(levels));
        assert_eq!(
            json::from_str::<Value>(&text).is_ok(),
            serde_json::from_str::<serde_json::Value>(&text).is_ok(),
            "{levels} levels"
        );
    }
    // 100,000 levels: an error, not a stack overflow.
    let deep = "[".repeat(100_000);
    assert!(json::from_str::<Value>(&deep).is_err());

    // Values of ignored fields are skipped without recursion and without a limit, as serde_json
    // skips them: deep but well-formed is accepted, unterminated is an error.
    #[derive(fastwire::Decode, serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Empty {}
    let closed = format!(
        "{{\"ignored\": {}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(json::from_str::<Empty>(&closed).is_ok());
    assert!(serde_json::from_str::<Empty>(&closed).is_ok());
    let unterminated = format!("{{\"ignored\": {deep}}}");
    assert!(json::from_str::<Empty>(&unterminated).is_err());
    assert!(serde_json::from_str::<Empty>(&unterminated).is_err());
}

#[test]
fn jsonchecker() {
    for (name, bytes) in files(&data_dir(&["json-benchmark", "jsonchecker"])) {
        if name.contains("_EXCLUDE") {
            continue;
        }
        let accepted = fastwire_accepts(&bytes);
        assert_eq!(accepted, name.starts_with("pass"), "{name}");
        assert_eq!(
            accepted,
            serde_json_accepts(&bytes),
            "{name}: serde_json differs"
        );
    }
}

#[test]
fn roundtrip_documents_reencode_to_the_same_text() {
    let cases = files(&data_dir(&["json-benchmark", "roundtrip"]));
    assert_eq!(cases.len(), 27);
    for (name, bytes) in cases {
        let text = std::str::from_utf8(&bytes).unwrap().trim_end();
        let value: Value = json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ours = json::to_string(&value);
        // The corpus predates serde_json's current float formatting, which writes a positive
        // exponent with its sign (`1.7976931348623157e+308`); fastwire follows serde_json.
        let theirs =
            serde_json::to_string(&serde_json::from_str::<serde_json::Value>(text).unwrap())
                .unwrap();
        assert_eq!(ours, theirs, "{name}");
        assert_eq!(ours.replace("e+", "e"), text, "{name}");
    }
}

#[test]
fn transform_cases_match_serde_json() {
    // Edge cases whose handling a parser should document: fastwire's is serde_json's.
    for (name, bytes) in files(&data_dir(&["JSONTestSuite", "test_transform"])) {
        let ours = json::from_slice::<Value>(&bytes).map(|v| json::to_string(&v));
        let theirs = serde_json::from_slice::<serde_json::Value>(&bytes)
            .map(|v| serde_json::to_string(&v).unwrap());
        assert_eq!(ours.is_ok(), theirs.is_ok(), "{name}");
        if let (Ok(ours), Ok(theirs)) = (ours, theirs) {
            // Key order may differ (serde_json's default map sorts keys); compare as values.
            let ours: serde_json::Value = serde_json::from_str(&ours).unwrap();
            let theirs: serde_json::Value = serde_json::from_str(&theirs).unwrap();
            assert_eq!(ours, theirs, "{name}");
        }
    }
}
