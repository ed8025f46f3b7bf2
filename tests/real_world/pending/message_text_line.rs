//! cargo_metadata 0.23.1's `Message`: internally tagged by `reason`, with a `#[serde(skip)]`
//! variant that only the crate's own line parser makes.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq)]
pub struct BuildFinished {
    pub success: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq)]
#[non_exhaustive]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Message {
    BuildFinished(BuildFinished),
    #[serde(skip)]
    TextLine(String),
}

fn main() {}
