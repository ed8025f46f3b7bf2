//! cargo_metadata's types on real `cargo metadata` output of this workspace and on
//! `--message-format json` lines.

mod common;

use std::path::Path;
use std::process::Command;

use common::{check_document, check_large_document, check_rejected};
use fastwire_real_world::{DependencyKind, Edition, Message, Metadata, PackageName};

/// The output of `cargo metadata --format-version 1` (with `extra` arguments) for this
/// workspace.
fn cargo_metadata(extra: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../Cargo.toml");
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(&manifest)
        .args(extra)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cargo writes UTF-8")
}

#[test]
fn metadata_of_this_workspace() {
    let metadata: Metadata = check_large_document(&cargo_metadata(&[]));
    assert!(metadata.resolve.is_some());
    assert!(metadata
        .packages
        .iter()
        .any(|p| p.name == fastwire_real_world_name()));
}

#[test]
fn metadata_of_this_workspace_without_dependencies() {
    let metadata: Metadata = check_large_document(&cargo_metadata(&["--no-deps"]));
    assert!(metadata.resolve.is_none());
}

fn fastwire_real_world_name() -> PackageName {
    PackageName::new("fastwire-real-world".to_owned())
}

/// A hand-written document with every optional part present: default members, workspace
/// metadata, a target platform, a renamed dependency, a package without `edition`,
/// `authors` or `doctest`, and a target kind cargo_metadata does not know.
const FULL_METADATA: &str = r#"{
  "packages": [
    {
      "name": "demo",
      "version": "0.3.0-beta.1+build.5",
      "authors": ["Ann <ann@example.com>"],
      "id": "path+file:///ws/demo#0.3.0-beta.1+build.5",
      "source": null,
      "description": "A \"demo\"\npackage",
      "dependencies": [
        {
          "name": "winapi",
          "source": "registry+https://github.com/rust-lang/crates.io-index",
          "req": "^0.3.9",
          "kind": null,
          "rename": "win",
          "optional": true,
          "uses_default_features": false,
          "features": ["std", "winuser"],
          "target": "cfg(windows)",
          "registry": null,
          "path": null
        },
        {
          "name": "cc",
          "source": "registry+https://github.com/rust-lang/crates.io-index",
          "req": ">=1.0, <2",
          "kind": "build",
          "rename": null,
          "optional": false,
          "uses_default_features": true,
          "features": [],
          "target": null,
          "registry": "my-registry",
          "path": "/ws/vendor/cc"
        },
        {
          "name": "future",
          "source": null,
          "req": "*",
          "kind": "a-kind-of-the-future",
          "rename": null,
          "optional": false,
          "uses_default_features": true,
          "features": [],
          "target": null,
          "path": "/ws/future"
        }
      ],
      "license": "MIT OR Apache-2.0",
      "license_file": null,
      "targets": [
        {
          "kind": ["lib", "wasm-thing"],
          "crate_types": ["lib", "cdylib", "wasm-type"],
          "name": "demo",
          "src_path": "/ws/demo/src/lib.rs",
          "edition": "2024",
          "doc": true,
          "doctest": false,
          "test": true
        },
        {
          "kind": ["custom-build"],
          "name": "build-script-build",
          "src_path": "/ws/demo/build.rs",
          "required-features": ["cc"]
        }
      ],
      "features": {"default": ["std"], "std": [], "win": ["dep:win"]},
      "manifest_path": "/ws/demo/Cargo.toml",
      "metadata": {"docs": {"rs": {"all-features": true, "targets": [1, 2.5, -3]}}},
      "publish": ["my-registry"],
      "readme": "README.md",
      "repository": "https://example.com/demo",
      "homepage": null,
      "documentation": "https://docs.example.com/demo",
      "links": "demo-native",
      "default_run": "demo",
      "rust_version": "1.80",
      "categories": ["encoding"],
      "keywords": ["demo", "ünïcode"]
    }
  ],
  "workspace_members": ["path+file:///ws/demo#0.3.0-beta.1+build.5"],
  "workspace_default_members": ["path+file:///ws/demo#0.3.0-beta.1+build.5"],
  "resolve": {
    "nodes": [
      {
        "id": "path+file:///ws/demo#0.3.0-beta.1+build.5",
        "dependencies": ["registry+https://github.com/rust-lang/crates.io-index#cc@1.2.0"],
        "deps": [
          {
            "name": "cc",
            "pkg": "registry+https://github.com/rust-lang/crates.io-index#cc@1.2.0",
            "dep_kinds": [{"kind": "build", "target": null}, {"kind": null, "target": "cfg(unix)"}]
          }
        ],
        "features": ["default", "std"]
      }
    ],
    "root": "path+file:///ws/demo#0.3.0-beta.1+build.5"
  },
  "target_directory": "/ws/target",
  "build_directory": "/ws/target",
  "version": 1,
  "workspace_root": "/ws",
  "metadata": {"release": {"tag-prefix": "v"}}
}"#;

#[test]
fn full_metadata() {
    let metadata: Metadata = check_document(FULL_METADATA);
    // `doctest` absent: `default_true`; `edition` absent: 2015.
    let targets = &metadata.packages[0].targets;
    assert!(!targets[0].doctest && targets[1].doctest);
    assert_eq!(targets[1].edition, Edition::E2015);
    // `kind`: `null` is a normal dependency (`deserialize_with`); an unknown kind is
    // `Unknown` (`#[serde(other)]`).
    let kinds: Vec<_> = metadata.packages[0]
        .dependencies
        .iter()
        .map(|d| d.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            DependencyKind::Normal,
            DependencyKind::Build,
            DependencyKind::Unknown
        ]
    );
    // `rust_version` "1.80" is read as 1.80.0 by the crate's own `deserialize_with` function.
    let rust_version = metadata.packages[0].rust_version.as_ref().unwrap();
    assert_eq!(rust_version.to_string(), "1.80.0");
}

#[test]
fn metadata_without_optional_parts() {
    // Before Cargo 1.71: no `workspace_default_members`; no workspace `metadata`.
    let text = r#"{"packages":[],"workspace_members":[],"resolve":null,
        "workspace_root":"/ws","target_directory":"/ws/target","build_directory":null,
        "version":1}"#;
    check_document::<Metadata>(text);
}

#[test]
fn metadata_rejected() {
    // `version` is required; a target kind must be a string.
    check_rejected::<Metadata>(
        r#"{"packages":[],"workspace_members":[],"resolve":null,"workspace_root":"/ws","target_directory":"/t"}"#,
    );
    check_rejected::<Metadata>(
        r#"{"packages":[{"name":"a"}],"workspace_members":[],"resolve":null,"workspace_root":"/ws","target_directory":"/t","version":1}"#,
    );
}

/// Lines of `cargo build --message-format json`, one of each reason.
const MESSAGES: &[&str] = &[
    r#"{"reason":"compiler-artifact","package_id":"registry+https://github.com/rust-lang/crates.io-index#itoa@1.0.15","manifest_path":"/home/u/.cargo/registry/src/itoa-1.0.15/Cargo.toml","target":{"kind":["lib"],"crate_types":["lib"],"name":"itoa","src_path":"/home/u/.cargo/registry/src/itoa-1.0.15/src/lib.rs","edition":"2018","doc":true,"doctest":true,"test":true},"profile":{"opt_level":"0","debuginfo":2,"debug_assertions":true,"overflow_checks":true,"test":false},"features":[],"filenames":["/ws/target/debug/deps/libitoa-1.rlib","/ws/target/debug/deps/libitoa-1.rmeta"],"executable":null,"fresh":true}"#,
    r#"{"reason":"compiler-artifact","package_id":"path+file:///ws#demo@0.1.0","manifest_path":"/ws/Cargo.toml","target":{"kind":["bin"],"crate_types":["bin"],"name":"demo","src_path":"/ws/src/main.rs","edition":"2021","doc":true,"doctest":false,"test":true},"profile":{"opt_level":"3","debuginfo":"line-tables-only","debug_assertions":false,"overflow_checks":false,"test":false},"features":["default"],"filenames":["/ws/target/release/demo"],"executable":"/ws/target/release/demo","fresh":false}"#,
    r#"{"reason":"build-script-executed","package_id":"registry+https://github.com/rust-lang/crates.io-index#libc@0.2.170","linked_libs":["static=foo","dylib=z"],"linked_paths":["native=/ws/target/debug/build/foo/out"],"cfgs":["freebsd11","libc_priv_mod_use"],"env":[["LIBC_VERSION","0.2.170"],["EMPTY",""]],"out_dir":"/ws/target/debug/build/libc-1/out"}"#,
    r#"{"reason":"compiler-message","package_id":"path+file:///ws#demo@0.1.0","manifest_path":"/ws/Cargo.toml","target":{"kind":["lib"],"crate_types":["lib"],"name":"demo","src_path":"/ws/src/lib.rs","edition":"2021","doc":true,"doctest":true,"test":true},"message":{"rendered":"warning: unused variable: `x`\n --> src/lib.rs:2:9\n  |\n2 |     let x = 1;\n  |         ^ help: if this is intentional, prefix it with an underscore: `_x`\n\n","$message_type":"diagnostic","children":[{"children":[],"code":null,"level":"note","message":"`#[warn(unused_variables)]` on by default","rendered":null,"spans":[]},{"children":[],"code":null,"level":"help","message":"if this is intentional, prefix it with an underscore","rendered":null,"spans":[{"byte_end":21,"byte_start":20,"column_end":10,"column_start":9,"expansion":null,"file_name":"src/lib.rs","is_primary":true,"label":null,"line_end":2,"line_start":2,"suggested_replacement":"_x","suggestion_applicability":"MachineApplicable","text":[{"highlight_end":10,"highlight_start":9,"text":"    let x = 1;"}]}]}],"code":{"code":"unused_variables","explanation":null},"level":"warning","message":"unused variable: `x`","spans":[{"byte_end":21,"byte_start":20,"column_end":10,"column_start":9,"expansion":{"def_site_span":{"byte_end":0,"byte_start":0,"column_end":1,"column_start":1,"expansion":null,"file_name":"<::core::macros::vec macros>","is_primary":false,"label":null,"line_end":1,"line_start":1,"suggested_replacement":null,"suggestion_applicability":null,"text":[]},"macro_decl_name":"vec!","span":{"byte_end":30,"byte_start":25,"column_end":15,"column_start":10,"expansion":null,"file_name":"src/lib.rs","is_primary":false,"label":"in this macro invocation","line_end":3,"line_start":3,"suggested_replacement":null,"suggestion_applicability":"Unspecified","text":[]}},"file_name":"src/lib.rs","is_primary":true,"label":null,"line_end":2,"line_start":2,"suggested_replacement":null,"suggestion_applicability":null,"text":[{"highlight_end":10,"highlight_start":9,"text":"    let x = 1;"}]}]}}"#,
    r#"{"reason":"compiler-message","package_id":"path+file:///ws#demo@0.1.0","target":{"kind":["lib"],"name":"demo","src_path":"/ws/src/lib.rs"},"message":{"rendered":null,"children":[],"code":null,"level":"error: internal compiler error","message":"unexpected panic","spans":[]}}"#,
    r#"{"reason":"build-finished","success":true}"#,
    r#"{"success":false,"reason":"build-finished"}"#,
];

#[test]
fn build_messages() {
    for line in MESSAGES {
        check_document::<Message>(line);
    }
    let all: Vec<Message> = MESSAGES
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    fastwire_tests::assert_same_round_trip(&all);
}

#[test]
fn text_line_is_not_written() {
    // `Message::TextLine` is `#[serde(skip)]`: serde refuses to write it, and so does fastwire,
    // as an error rather than a panic.
    let line = Message::TextLine("Compiling demo".to_owned());
    let theirs = serde_json::to_string(&line).unwrap_err().to_string();
    let ours = fastwire::json::try_to_string(&line)
        .unwrap_err()
        .to_string();
    assert_eq!(ours, theirs);
    assert!(fastwire::msgpack::try_to_vec(&line).is_err());
    assert!(rmp_serde::to_vec_named(&line).is_err());
}

#[test]
fn build_messages_rejected() {
    // Unknown reasons (cargo_metadata's parser turns these into `TextLine`), a missing tag, an
    // unknown diagnostic level.
    check_rejected::<Message>(r#"{"reason":"timing-info","package_id":"x"}"#);
    check_rejected::<Message>(r#"{"success":true}"#);
    check_rejected::<Message>(
        r#"{"reason":"compiler-message","package_id":"p","target":{"kind":["lib"],"name":"d","src_path":"/s"},"message":{"rendered":null,"children":[],"code":null,"level":"fatal","message":"m","spans":[]}}"#,
    );
}
