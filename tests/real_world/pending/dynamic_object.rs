//! kube-core 0.99's `DynamicObject`: the type fields flattened in, and every other field
//! kept in a flattened `serde_json::Value`; and the same with a flattened `serde_json::Map`.

use serde::{Deserialize, Serialize};

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct TypeMeta {
    pub api_version: String,
    pub kind: String,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

#[derive(Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq)]
pub struct DynamicObject {
    #[serde(flatten, default)]
    pub types: Option<TypeMeta>,
    pub metadata: ObjectMeta,
    #[serde(flatten)]
    pub data: serde_json::Value,
}

#[derive(Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq)]
pub struct DynamicObjectMap {
    #[serde(flatten, default)]
    pub types: Option<TypeMeta>,
    pub metadata: ObjectMeta,
    #[serde(flatten)]
    pub data: serde_json::Map<String, serde_json::Value>,
}

fn main() {}
