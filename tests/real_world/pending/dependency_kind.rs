//! cargo_metadata 0.23.1's `DependencyKind` (`#[serde(other)]` on a unit variant of an
//! externally tagged enum) and the `deserialize_with` functions of `Dependency::kind` and
//! `Package::rust_version`, as the crate writes them.

use serde::{Deserialize, Deserializer, Serialize};

#[derive(
    Eq,
    PartialEq,
    Clone,
    Debug,
    Copy,
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
    #[doc(hidden)]
    #[serde(other)]
    Unknown,
}

fn parse_dependency_kind<'de, D>(d: D) -> Result<DependencyKind, D::Error>
where
    D: Deserializer<'de>,
{
    Deserialize::deserialize(d).map(|x: Option<_>| x.unwrap_or_default())
}

#[derive(Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
pub struct Dependency {
    pub name: String,
    #[serde(deserialize_with = "parse_dependency_kind")]
    pub kind: DependencyKind,
}

fn deserialize_rust_version<'de, D>(d: D) -> Result<Option<String>, D::Error>
where
    D: Deserializer<'de>,
{
    Ok(Option::<String>::deserialize(d)?.map(|v| {
        if v.matches('.').count() == 1 {
            v + ".0"
        } else {
            v
        }
    }))
}

#[derive(Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, Debug, PartialEq)]
pub struct Package {
    pub name: String,
    #[serde(default)]
    #[serde(deserialize_with = "deserialize_rust_version")]
    pub rust_version: Option<String>,
}

fn main() {}
