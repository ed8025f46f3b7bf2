//! cargo_metadata 0.23.1's `Target`, `Dependency` and `Package`, and octocrab 0.44's
//! `Milestone`, with their original field types: `camino::Utf8PathBuf`, `semver::Version`,
//! `semver::VersionReq`, `cargo_platform::Platform` and `chrono::DateTime<Utc>` implement only
//! serde's traits and go through fastwire's serde bridge.

use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
pub struct Target {
    pub name: String,
    pub kind: Vec<String>,
    #[serde(default)]
    #[serde(rename = "required-features")]
    pub required_features: Vec<String>,
    pub src_path: camino::Utf8PathBuf,
    #[serde(default = "default_true")]
    pub doctest: bool,
}

fn default_true() -> bool {
    true
}

#[derive(Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
pub struct Dependency {
    pub name: String,
    pub req: semver::VersionReq,
    pub target: Option<cargo_platform::Platform>,
    pub path: Option<camino::Utf8PathBuf>,
}

#[derive(Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
pub struct Package {
    pub version: semver::Version,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode)]
pub struct Milestone {
    pub id: u64,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due_on: Option<chrono::DateTime<chrono::Utc>>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

fn main() {}
