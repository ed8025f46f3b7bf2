//! An OpenAPI 3.0 document in the shape `openapiv3` 2.0 gives it, with fastwire's derives
//! next to serde's. The crate keeps specification extensions (`x-...` keys) in a flattened
//! `IndexMap<String, serde_json::Value>` filled by a `deserialize_with` function that drops
//! other keys; here they are a flattened `BTreeMap` without the function (the original form
//! is in `pending/openapi_extensions.rs`), so unknown keys land in it too, as they do in
//! serde's reading of such a type.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub type Extensions = BTreeMap<String, Value>;

/// A `$ref` to a component, or the component itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode)]
#[serde(untagged)]
pub enum ReferenceOr<T> {
    Reference {
        #[serde(rename = "$ref")]
        reference: String,
    },
    Item(T),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode)]
pub struct OpenAPI {
    pub openapi: String,
    pub info: Info,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub servers: Vec<Server>,
    pub paths: Paths,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    #[serde(rename = "externalDocs", skip_serializing_if = "Option::is_none")]
    pub external_docs: Option<ExternalDocumentation>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct Info {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub terms_of_service: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact: Option<Contact>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license: Option<License>,
    pub version: String,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Contact {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct License {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Server {
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variables: Option<BTreeMap<String, ServerVariable>>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct ServerVariable {
    #[serde(rename = "enum")]
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub enumeration: Vec<String>,
    pub default: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Paths {
    #[serde(flatten)]
    pub paths: BTreeMap<String, ReferenceOr<PathItem>>,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct PathItem {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub get: Option<Operation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub put: Option<Operation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub post: Option<Operation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delete: Option<Operation>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<ReferenceOr<Parameter>>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct Operation {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub operation_id: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<ReferenceOr<Parameter>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_body: Option<ReferenceOr<RequestBody>>,
    pub responses: Responses,
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    #[serde(flatten)]
    pub extensions: Extensions,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// The fields every kind of parameter has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode)]
pub struct ParameterData {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default)]
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<ReferenceOr<Schema>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Value>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub enum PathStyle {
    Matrix,
    Label,
    #[default]
    Simple,
}

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    fastwire::Encode,
    fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub enum QueryStyle {
    #[default]
    Form,
    SpaceDelimited,
    PipeDelimited,
    DeepObject,
}

/// A parameter, tagged by where it goes (`in`), each kind with the common fields flattened in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, fastwire::Encode, fastwire::Decode)]
#[serde(tag = "in", rename_all = "camelCase")]
pub enum Parameter {
    #[serde(rename_all = "camelCase")]
    Query {
        #[serde(flatten)]
        parameter_data: ParameterData,
        #[serde(default)]
        allow_reserved: bool,
        #[serde(default)]
        style: QueryStyle,
        #[serde(skip_serializing_if = "Option::is_none")]
        allow_empty_value: Option<bool>,
    },
    Header {
        #[serde(flatten)]
        parameter_data: ParameterData,
    },
    Path {
        #[serde(flatten)]
        parameter_data: ParameterData,
        #[serde(default)]
        style: PathStyle,
    },
    Cookie {
        #[serde(flatten)]
        parameter_data: ParameterData,
    },
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct RequestBody {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub content: BTreeMap<String, MediaType>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct MediaType {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<ReferenceOr<Schema>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Value>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Responses {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<ReferenceOr<Response>>,
    #[serde(flatten)]
    pub responses: BTreeMap<String, ReferenceOr<Response>>,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Response {
    pub description: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub content: BTreeMap<String, MediaType>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

/// A schema, kept as the JSON it is (openapiv3's `Schema` is a large tree of its own).
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Schema {
    #[serde(flatten)]
    pub json: BTreeMap<String, Value>,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct Components {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub schemas: BTreeMap<String, ReferenceOr<Schema>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub responses: BTreeMap<String, ReferenceOr<Response>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, ReferenceOr<Parameter>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub request_bodies: BTreeMap<String, ReferenceOr<RequestBody>>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Tag {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(rename = "externalDocs", skip_serializing_if = "Option::is_none")]
    pub external_docs: Option<ExternalDocumentation>,
    #[serde(flatten)]
    pub extensions: Extensions,
}

#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
pub struct ExternalDocumentation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub url: String,
    #[serde(flatten)]
    pub extensions: Extensions,
}
