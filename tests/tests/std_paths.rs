//! Paths, OS strings and `Cow`s, against serde_json and rmp-serde: the same bytes, the same
//! values read back, the same refusals (a path that is not UTF-8 cannot be encoded).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use fastwire::{json, msgpack};
use serde::Serialize;

/// `value` in every layout of both formats, against serde_json and rmp-serde.
fn assert_same<T: ?Sized + Serialize + json::Encode + msgpack::Encode>(value: &T) {
    assert_eq!(
        json::to_string(value),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        json::to_string_pretty(value),
        serde_json::to_string_pretty(value).unwrap()
    );
    assert_eq!(
        msgpack::to_vec(value),
        rmp_serde::to_vec_named(value).unwrap()
    );
}

fn paths() -> Vec<PathBuf> {
    [
        "",
        "/",
        "/tmp/a b/c.txt",
        "relative\\with \"quotes\"",
        "caf\u{e9}/\u{1f600}",
    ]
    .into_iter()
    .map(PathBuf::from)
    .collect()
}

#[test]
fn paths_are_strings() {
    for path in paths() {
        assert_same(&path);
        assert_same(path.as_path());
        let text = serde_json::to_string(&path).unwrap();
        assert_eq!(json::from_str::<PathBuf>(&text).unwrap(), path);
        assert_eq!(*json::from_str::<Box<Path>>(&text).unwrap(), *path);
        let bytes = rmp_serde::to_vec_named(&path).unwrap();
        assert_eq!(msgpack::from_slice::<PathBuf>(&bytes).unwrap(), path);
        assert_eq!(*msgpack::from_slice::<Box<Path>>(&bytes).unwrap(), *path);
    }
    let map: BTreeMap<PathBuf, u8> = paths().into_iter().zip(0..).collect();
    assert_same(&map);
    let text = serde_json::to_string(&map).unwrap();
    assert_eq!(json::from_str::<BTreeMap<PathBuf, u8>>(&text).unwrap(), map);
}

#[test]
fn paths_from_what_serde_accepts() {
    // A `bin` holding UTF-8 is a path for rmp-serde; other bytes are not.
    let bin = b"\xc4\x04/tmp";
    assert_eq!(
        msgpack::from_slice::<PathBuf>(bin).unwrap(),
        PathBuf::from("/tmp")
    );
    assert_eq!(
        rmp_serde::from_slice::<PathBuf>(bin).unwrap(),
        PathBuf::from("/tmp")
    );
    let bad = b"\xc4\x02\xff\xfe";
    let theirs = rmp_serde::from_slice::<PathBuf>(bad)
        .unwrap_err()
        .to_string();
    let ours = msgpack::from_slice::<PathBuf>(bad).unwrap_err().to_string();
    assert_eq!(theirs, "invalid value: byte array, expected path string");
    assert_eq!(ours, format!("{theirs} (byte 0)"));

    for refused in ["1", "null", "[\"a\"]", "{}"] {
        let theirs = serde_json::from_str::<PathBuf>(refused)
            .unwrap_err()
            .to_string();
        let ours = json::from_str::<PathBuf>(refused).unwrap_err().to_string();
        let message = |text: &str| text.split(" at line").next().unwrap().to_owned();
        assert_eq!(
            ours.split(" (line").next().unwrap(),
            message(&theirs),
            "{refused}"
        );
    }
    let theirs = rmp_serde::from_slice::<PathBuf>(b"\x01")
        .unwrap_err()
        .to_string();
    let ours = msgpack::from_slice::<PathBuf>(b"\x01")
        .unwrap_err()
        .to_string();
    assert_eq!(ours, format!("{theirs} (byte 0)"));
}

#[cfg(unix)]
#[test]
fn paths_that_are_not_utf8_cannot_be_encoded() {
    use std::os::unix::ffi::OsStrExt;

    let path = Path::new(OsStr::from_bytes(b"/tmp/\xff"));
    let message = serde_json::to_string(path).unwrap_err().to_string();
    assert_eq!(message, "path contains invalid UTF-8 characters");
    assert_eq!(json::try_to_string(path).unwrap_err().to_string(), message);
    assert_eq!(
        json::try_to_string(&vec![path.to_path_buf()])
            .unwrap_err()
            .to_string(),
        message
    );
    assert_eq!(
        json::try_to_string_pretty(path).unwrap_err().to_string(),
        message
    );
    let rmp_message = rmp_serde::to_vec_named(path).unwrap_err().to_string();
    assert!(rmp_message.contains(&message), "{rmp_message}");
    assert_eq!(msgpack::try_to_vec(path).unwrap_err().to_string(), message);
    let err = msgpack::to_writer(Vec::new(), path).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert_eq!(err.to_string(), message);
}

fn os_strings() -> Vec<OsString> {
    let mut strings: Vec<OsString> = ["", "abc", "caf\u{e9}"]
        .into_iter()
        .map(OsString::from)
        .collect();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        strings.push(OsString::from_vec(vec![0x66, 0xff, 0x00, 0x80]));
    }
    strings
}

#[cfg(any(unix, windows))]
#[test]
fn os_strings_are_serdes_enum() {
    for os in os_strings() {
        assert_same(&os);
        assert_same(os.as_os_str());
        let text = serde_json::to_string(&os).unwrap();
        assert_eq!(json::from_str::<OsString>(&text).unwrap(), os);
        let bytes = rmp_serde::to_vec_named(&os).unwrap();
        assert_eq!(msgpack::from_slice::<OsString>(&bytes).unwrap(), os);
    }
    #[cfg(unix)]
    {
        assert_eq!(json::to_string(OsStr::new("hi")), r#"{"Unix":[104,105]}"#);
        assert_eq!(
            msgpack::to_vec(OsStr::new("hi")),
            b"\x81\xa4Unix\x92\x68\x69"
        );
    }
    assert_same(&vec![OsString::from("a"), OsString::new()]);
}

#[cfg(unix)]
#[test]
fn os_strings_refused_as_serde_refuses_them() {
    let other = r#"{"Windows":[104]}"#;
    let theirs = serde_json::from_str::<OsString>(other)
        .unwrap_err()
        .to_string();
    assert!(
        theirs.starts_with("cannot deserialize Windows OS string on Unix"),
        "{theirs}"
    );
    let ours = json::from_str::<OsString>(other).unwrap_err().to_string();
    assert!(
        ours.starts_with("cannot deserialize Windows OS string on Unix"),
        "{ours}"
    );

    // The same refusals, with serde_json's message (its position aside).
    for refused in [
        r#""Unix""#,
        r#"{"Mac":[1]}"#,
        r#"{"Unix":[256]}"#,
        r#"{"Unix":"ab"}"#,
        "[1]",
        "{}",
    ] {
        let theirs = serde_json::from_str::<OsString>(refused)
            .unwrap_err()
            .to_string();
        let ours = json::from_str::<OsString>(refused).unwrap_err().to_string();
        let theirs = theirs.split(" at line").next().unwrap();
        let ours = ours.split(" (line").next().unwrap();
        let ours = ours.split(" at [").next().unwrap();
        if refused.starts_with('[') || refused == "{}" {
            // Messages of the enum's shape differ; both refuse.
            continue;
        }
        assert_eq!(ours, theirs, "{refused}");
    }
    assert!(json::from_str::<OsString>(r#"{"Unix":[1],"Unix":[2]}"#).is_err());

    let bytes = rmp_serde::to_vec_named(&serde_json::json!({"Windows": [104]})).unwrap();
    assert!(rmp_serde::from_slice::<OsString>(&bytes).is_err());
    let err = msgpack::from_slice::<OsString>(&bytes).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot deserialize Windows OS string on Unix"),
        "{err}"
    );
    // The unit form names a variant that has content.
    let unit = rmp_serde::to_vec_named("Unix").unwrap();
    let theirs = rmp_serde::from_slice::<OsString>(&unit)
        .unwrap_err()
        .to_string();
    let ours = msgpack::from_slice::<OsString>(&unit)
        .unwrap_err()
        .to_string();
    assert_eq!(ours, format!("{theirs} (byte 0)"));
}

#[test]
fn cows_are_owned_without_borrow() {
    let text = r#"{"plain": "a", "escaped": "b\n"}"#;
    let ours: BTreeMap<Cow<str>, Cow<str>> = json::from_str(text).unwrap();
    let theirs: BTreeMap<Cow<str>, Cow<str>> = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    for (key, value) in ours.iter().chain(&theirs) {
        assert!(matches!(key, Cow::Owned(_)) && matches!(value, Cow::Owned(_)));
    }
    let bytes = msgpack::to_vec(&ours);
    let decoded: Vec<(Cow<str>, Cow<str>)> =
        msgpack::from_slice::<BTreeMap<Cow<str>, Cow<str>>>(&bytes)
            .unwrap()
            .into_iter()
            .collect();
    assert!(decoded
        .iter()
        .all(|(k, v)| matches!(k, Cow::Owned(_)) && matches!(v, Cow::Owned(_))));

    let ours: Cow<[u8]> = json::from_str("[1, 2]").unwrap();
    let theirs: Cow<[u8]> = serde_json::from_str("[1, 2]").unwrap();
    assert!(matches!(ours, Cow::Owned(_)) && matches!(theirs, Cow::Owned(_)));
    assert_eq!(ours, theirs);
    let bytes = rmp_serde::to_vec_named(&ours).unwrap();
    let ours: Cow<[u8]> = msgpack::from_slice(&bytes).unwrap();
    let theirs: Cow<[u8]> = rmp_serde::from_slice(&bytes).unwrap();
    assert!(matches!(ours, Cow::Owned(_)) && matches!(theirs, Cow::Owned(_)));
    assert_eq!(ours, theirs);

    // Owning is what makes a `Cow<'static, str>` readable from a temporary buffer.
    fn from_reader<T: json::DecodeOwned>(text: &str) -> T {
        json::from_reader(text.as_bytes()).unwrap()
    }
    let owned: Vec<Cow<'static, str>> = from_reader(r#"["x", "y"]"#);
    assert_eq!(owned, ["x", "y"]);
    let owned: Cow<'static, str> = msgpack::from_reader(&b"\xa1z"[..]).unwrap();
    assert_eq!(owned, "z");
}
