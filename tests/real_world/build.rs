//! Takes `cargo_metadata`'s published source (the package cargo downloaded for this build)
//! and writes it to `OUT_DIR` with fastwire's derives added next to serde's: `Encode` beside
//! every derived `Serialize`, `Decode` beside every derived `Deserialize`. Nothing else in the
//! types changes; the crate's own inner attributes and module docs are left out (they belong
//! to a crate root, and this source is included into one), and its `mod name;` items point at
//! the rewritten files.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The crate whose types are compiled, and its version (pinned, as the build-dependency is).
const CRATE: &str = "cargo_metadata";
const VERSION: &str = "0.23.1";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let source = package_source();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join(CRATE);
    fs::create_dir_all(&out).expect("OUT_DIR is writable");

    let mut derives = 0;
    rewrite(&source.join("src"), "lib.rs", &out, &mut derives);
    // The crate derives serde's traits on about thirty types; finding none means its source
    // changed shape and this script would test nothing.
    assert!(
        derives >= 20,
        "found only {derives} serde derives in {CRATE} {VERSION}: has its source changed?"
    );
}

/// The directory of the downloaded `cargo_metadata` package, as `cargo metadata` reports it.
fn package_source() -> PathBuf {
    let manifest =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("Cargo.toml");
    let mut command = cargo_metadata::MetadataCommand::new();
    command.manifest_path(&manifest);
    if let Ok(cargo) = std::env::var("CARGO") {
        command.cargo_path(cargo);
    }
    if let Ok(target) = std::env::var("TARGET") {
        command.other_options(vec!["--filter-platform".to_owned(), target]);
    }
    let metadata = command.exec().expect("cargo metadata runs");
    let package = metadata
        .packages
        .iter()
        .find(|p| p.name.as_str() == CRATE && p.version.to_string() == VERSION)
        .unwrap_or_else(|| panic!("{CRATE} {VERSION} is a build-dependency of this crate"));
    let dir = package
        .manifest_path
        .parent()
        .expect("a manifest sits in its package")
        .as_std_path()
        .to_owned();
    println!("cargo:rerun-if-changed={}", dir.join("src").display());
    dir
}

/// Rewrites `dir/file` into `out/file`, and every module file it declares, recursively.
fn rewrite(dir: &Path, file: &str, out: &Path, derives: &mut usize) {
    let path = dir.join(file);
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut result = String::with_capacity(text.len() + 1024);
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if trimmed.starts_with("//!") || (trimmed.starts_with("#![") && trimmed.ends_with(']')) {
            continue;
        }
        if let Some(module) = module_declaration(trimmed) {
            let target = format!("{module}.rs");
            rewrite(dir, &target, out, derives);
            let rewritten = out.join(&target);
            writeln!(
                result,
                "{indent}#[path = {:?}]",
                rewritten.display().to_string()
            )
            .unwrap();
            writeln!(result, "{line}").unwrap();
            continue;
        }
        if trimmed.starts_with("#[derive(") {
            // A derive list may run over several lines: gather it up to its `)]`.
            let mut attribute = trimmed.to_owned();
            while !attribute.trim_end().ends_with(")]") {
                let next = lines.next().expect("a derive attribute ends");
                attribute.push(' ');
                attribute.push_str(next.trim());
            }
            let inner = &attribute["#[derive(".len()..attribute.trim_end().len() - 2];
            let mut list: Vec<String> = inner
                .split(',')
                .map(|d| d.trim().to_owned())
                .filter(|d| !d.is_empty())
                .collect();
            let named = |list: &[String], name: &str| {
                list.iter().any(|d| d.rsplit("::").next() == Some(name))
            };
            if named(&list, "Serialize") {
                list.push("fastwire::Encode".to_owned());
                *derives += 1;
            }
            if named(&list, "Deserialize") {
                list.push("fastwire::Decode".to_owned());
                *derives += 1;
            }
            writeln!(result, "{indent}#[derive({})]", list.join(", ")).unwrap();
            continue;
        }
        writeln!(result, "{line}").unwrap();
    }
    fs::write(out.join(file), result).expect("OUT_DIR is writable");
}

/// `name` when `line` is `mod name;` or `pub mod name;` (a module in a file of its own).
fn module_declaration(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("pub ").unwrap_or(line);
    let name = rest.strip_prefix("mod ")?.strip_suffix(';')?.trim();
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some(name)
}
