//! The serde types of `cargo_metadata` 0.23.1 (`cargo metadata --format-version 1` and
//! `cargo build --message-format json`), field for field and attribute for attribute, with
//! fastwire's derives next to serde's.
//!
//! A few attributes are still simplified here, each change commented where it stands; the
//! original forms, which fastwire now compiles, are in `pending/` (compiled by
//! `tests/pending.rs`), and these copies are to go back to them:
//! - `#[serde(other)]` on `DependencyKind::Unknown` and `#[serde(deserialize_with = "...")]`
//!   on `Dependency::kind`, `DepKindInfo::kind` and `Package::rust_version`: the types of those
//!   fields follow what cargo writes there (`null` for a normal dependency, `"1.80"` for a
//!   rust-version) so that both libraries read real output without the original's functions;
//! - `Message::TextLine`, a `#[serde(skip)]` variant, is left out;
//! - the fields whose types implement only serde's traits (`camino::Utf8PathBuf`,
//!   `semver::Version`, `semver::VersionReq`, `cargo_platform::Platform`) are `String`s (the
//!   serde bridge now takes them as they are).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

// Originals: `camino::Utf8PathBuf`, `semver::Version`, `semver::VersionReq` and
// `cargo_platform::Platform`, whose serde impls read and write strings.
type Utf8PathBuf = String;
type Version = String;
type VersionReq = String;
type Platform = String;
/// A string newtype, generic over its string type as `cargo_metadata`'s `str_newtype!` makes
/// it (serde's `Deserialize` is derived here where the original writes it by hand to the same
/// effect).
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq, Eq,
)]
#[serde(transparent)]
pub struct PackageName<T: AsRef<str> = String>(T);

/// A feature name, the same newtype as [`PackageName`].
#[derive(
    Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, Clone, PartialEq, Eq,
)]
#[serde(transparent)]
pub struct FeatureName<T: AsRef<str> = String>(T);

/// An opaque package identifier.
#[derive(
    Clone,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
)]
#[serde(transparent)]
pub struct PackageId {
    pub repr: String,
}

fn is_null(value: &serde_json::Value) -> bool {
    matches!(value, serde_json::Value::Null)
}

/// The output of `cargo metadata`.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Metadata {
    pub packages: Vec<Package>,
    pub workspace_members: Vec<PackageId>,
    #[serde(default, skip_serializing_if = "WorkspaceDefaultMembers::is_missing")]
    pub workspace_default_members: WorkspaceDefaultMembers,
    pub resolve: Option<Resolve>,
    pub workspace_root: Utf8PathBuf,
    pub target_directory: Utf8PathBuf,
    pub build_directory: Option<Utf8PathBuf>,
    #[serde(rename = "metadata", default, skip_serializing_if = "is_null")]
    pub workspace_metadata: serde_json::Value,
    version: usize,
}

/// The default members, absent before Cargo 1.71.
#[derive(
    Clone,
    Debug,
    Deserialize,
    Serialize,
    fastwire::Encode,
    fastwire::Decode,
    PartialEq,
    Eq,
    Hash,
    Default,
)]
#[serde(transparent)]
pub struct WorkspaceDefaultMembers(Option<Vec<PackageId>>);

impl WorkspaceDefaultMembers {
    pub fn is_missing(&self) -> bool {
        self.0.is_none()
    }
}

/// The dependency graph.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Resolve {
    pub nodes: Vec<Node>,
    pub root: Option<PackageId>,
}

/// One package of the graph.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Node {
    pub id: PackageId,
    #[serde(default)]
    pub deps: Vec<NodeDep>,
    pub dependencies: Vec<PackageId>,
    #[serde(default)]
    pub features: Vec<FeatureName>,
}

/// One edge of the graph.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct NodeDep {
    pub name: String,
    pub pkg: PackageId,
    #[serde(default)]
    pub dep_kinds: Vec<DepKindInfo>,
}

/// The kind and platform of an edge.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct DepKindInfo {
    // Original: `#[serde(deserialize_with = "dependency::parse_dependency_kind")]` on a
    // `DependencyKind` (null read as `Normal`).
    pub kind: Option<DependencyKind>,
    pub target: Option<Platform>,
}

/// A package.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Package {
    pub name: PackageName,
    pub version: Version,
    #[serde(default)]
    pub authors: Vec<String>,
    pub id: PackageId,
    pub source: Option<Source>,
    pub description: Option<String>,
    pub dependencies: Vec<Dependency>,
    pub license: Option<String>,
    pub license_file: Option<Utf8PathBuf>,
    pub targets: Vec<Target>,
    pub features: BTreeMap<String, Vec<String>>,
    pub manifest_path: Utf8PathBuf,
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    pub readme: Option<Utf8PathBuf>,
    pub repository: Option<String>,
    pub homepage: Option<String>,
    pub documentation: Option<String>,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default, skip_serializing_if = "is_null")]
    pub metadata: serde_json::Value,
    pub links: Option<String>,
    pub publish: Option<Vec<String>>,
    pub default_run: Option<String>,
    // Original: `#[serde(default)] #[serde(deserialize_with = "deserialize_rust_version")]`
    // on an `Option<Version>` ("1.80" completed to "1.80.0").
    #[serde(default)]
    pub rust_version: Option<String>,
}

/// Where a package comes from.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[serde(transparent)]
pub struct Source {
    pub repr: String,
}

/// A target of a package.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Target {
    pub name: String,
    pub kind: Vec<TargetKind>,
    #[serde(default)]
    pub crate_types: Vec<CrateType>,
    #[serde(default)]
    #[serde(rename = "required-features")]
    pub required_features: Vec<String>,
    pub src_path: Utf8PathBuf,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default = "default_true")]
    pub doctest: bool,
    #[serde(default = "default_true")]
    pub test: bool,
    #[serde(default = "default_true")]
    pub doc: bool,
}

fn default_true() -> bool {
    true
}

/// The kind of a target; kinds this version does not know are kept as strings.
#[derive(
    Clone,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
)]
#[non_exhaustive]
pub enum TargetKind {
    #[serde(rename = "bench")]
    Bench,
    #[serde(rename = "bin")]
    Bin,
    #[serde(rename = "custom-build")]
    CustomBuild,
    #[serde(rename = "cdylib")]
    CDyLib,
    #[serde(rename = "dylib")]
    DyLib,
    #[serde(rename = "example")]
    Example,
    #[serde(rename = "lib")]
    Lib,
    #[serde(rename = "proc-macro")]
    ProcMacro,
    #[serde(rename = "rlib")]
    RLib,
    #[serde(rename = "staticlib")]
    StaticLib,
    #[serde(rename = "test")]
    Test,
    #[serde(untagged)]
    Unknown(String),
}

/// The crate type of a target; unknown types are kept as strings.
#[derive(
    Clone,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
)]
#[non_exhaustive]
pub enum CrateType {
    #[serde(rename = "bin")]
    Bin,
    #[serde(rename = "cdylib")]
    CDyLib,
    #[serde(rename = "dylib")]
    DyLib,
    #[serde(rename = "lib")]
    Lib,
    #[serde(rename = "proc-macro")]
    ProcMacro,
    #[serde(rename = "rlib")]
    RLib,
    #[serde(rename = "staticlib")]
    StaticLib,
    #[serde(untagged)]
    Unknown(String),
}

/// A Rust edition, written as its year.
#[derive(
    Debug,
    Clone,
    Copy,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
)]
#[non_exhaustive]
pub enum Edition {
    #[serde(rename = "2015")]
    #[default]
    E2015,
    #[serde(rename = "2018")]
    E2018,
    #[serde(rename = "2021")]
    E2021,
    #[serde(rename = "2024")]
    E2024,
    #[doc(hidden)]
    #[serde(rename = "2027")]
    _E2027,
    #[doc(hidden)]
    #[serde(rename = "2030")]
    _E2030,
}

/// The kind of a dependency.
#[derive(
    Eq,
    PartialEq,
    Clone,
    Debug,
    Copy,
    Hash,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
    Default,
)]
pub enum DependencyKind {
    #[serde(rename = "normal")]
    #[default]
    Normal,
    #[serde(rename = "dev")]
    Development,
    #[serde(rename = "build")]
    Build,
    // Original: `#[serde(other)]`.
    #[doc(hidden)]
    Unknown,
}

/// A dependency of a package.
#[derive(
    Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Dependency {
    pub name: String,
    pub source: Option<Source>,
    pub req: VersionReq,
    // Original: `#[serde(deserialize_with = "parse_dependency_kind")]` on a `DependencyKind`.
    pub kind: Option<DependencyKind>,
    pub optional: bool,
    pub uses_default_features: bool,
    pub features: Vec<String>,
    pub target: Option<Platform>,
    pub rename: Option<String>,
    pub registry: Option<String>,
    pub path: Option<Utf8PathBuf>,
}

/// The profile an artifact was built with.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct ArtifactProfile {
    pub opt_level: String,
    // The original's `ArtifactDebuginfo` has hand-written serde impls (an integer or a
    // string); its wire form is a JSON value.
    #[serde(default)]
    pub debuginfo: serde_json::Value,
    pub debug_assertions: bool,
    pub overflow_checks: bool,
    pub test: bool,
}

/// A compiled artifact.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Artifact {
    pub package_id: PackageId,
    #[serde(default)]
    pub manifest_path: Utf8PathBuf,
    pub target: Target,
    pub profile: ArtifactProfile,
    pub features: Vec<String>,
    pub filenames: Vec<Utf8PathBuf>,
    pub executable: Option<Utf8PathBuf>,
    pub fresh: bool,
}

/// A message of the compiler.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct CompilerMessage {
    pub package_id: PackageId,
    pub target: Target,
    pub message: Diagnostic,
}

/// The output of a build script.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct BuildScript {
    pub package_id: PackageId,
    pub linked_libs: Vec<Utf8PathBuf>,
    pub linked_paths: Vec<Utf8PathBuf>,
    pub cfgs: Vec<String>,
    pub env: Vec<(String, String)>,
    #[serde(default)]
    pub out_dir: Utf8PathBuf,
}

/// The end of a build.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct BuildFinished {
    pub success: bool,
}

/// One line of `cargo build --message-format json`, tagged by its `reason`.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Message {
    CompilerArtifact(Artifact),
    CompilerMessage(CompilerMessage),
    BuildScriptExecuted(BuildScript),
    BuildFinished(BuildFinished),
    // Original: `#[serde(skip)] TextLine(String)`.
}

/// The code of a diagnostic.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct DiagnosticCode {
    pub code: String,
    pub explanation: Option<String>,
}

/// A line of source a span covers.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct DiagnosticSpanLine {
    pub text: String,
    pub highlight_start: usize,
    pub highlight_end: usize,
}

/// The macro expansion a span comes from.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct DiagnosticSpanMacroExpansion {
    pub span: DiagnosticSpan,
    pub macro_decl_name: String,
    pub def_site_span: Option<DiagnosticSpan>,
}

/// A span of source a diagnostic points at.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct DiagnosticSpan {
    pub file_name: String,
    pub byte_start: u32,
    pub byte_end: u32,
    pub line_start: usize,
    pub line_end: usize,
    pub column_start: usize,
    pub column_end: usize,
    pub is_primary: bool,
    pub text: Vec<DiagnosticSpanLine>,
    pub label: Option<String>,
    pub suggested_replacement: Option<String>,
    pub suggestion_applicability: Option<Applicability>,
    pub expansion: Option<Box<DiagnosticSpanMacroExpansion>>,
}

/// How sure the compiler is of a suggestion.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub enum Applicability {
    MachineApplicable,
    HasPlaceholders,
    MaybeIncorrect,
    Unspecified,
}

/// The level of a diagnostic.
#[derive(
    Debug, Clone, Copy, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
#[serde(rename_all = "lowercase")]
pub enum DiagnosticLevel {
    #[serde(rename = "error: internal compiler error")]
    Ice,
    Error,
    Warning,
    #[serde(rename = "failure-note")]
    FailureNote,
    Note,
    Help,
}

/// A diagnostic of the compiler.
#[derive(
    Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq, Eq,
)]
#[non_exhaustive]
pub struct Diagnostic {
    pub message: String,
    pub code: Option<DiagnosticCode>,
    pub level: DiagnosticLevel,
    pub spans: Vec<DiagnosticSpan>,
    pub children: Vec<Diagnostic>,
    pub rendered: Option<String>,
}
