//! openapiv3 2.0's extensions: a flattened map filled by a `deserialize_with` function that
//! keeps only the `x-` keys.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

fn deserialize_extensions<'de, D>(d: D) -> Result<BTreeMap<String, serde_json::Value>, D::Error>
where
    D: Deserializer<'de>,
{
    let mut all = BTreeMap::<String, serde_json::Value>::deserialize(d)?;
    all.retain(|key, _| key.starts_with("x-"));
    Ok(all)
}

#[derive(Debug, Clone, Serialize, Deserialize, fastwire::Encode, fastwire::Decode, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Info {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub version: String,
    #[serde(flatten, deserialize_with = "deserialize_extensions")]
    pub extensions: BTreeMap<String, serde_json::Value>,
}

fn main() {}
