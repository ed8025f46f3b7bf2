//! Kubernetes objects in the shape `kube-core` 0.99 gives them (`TypeMeta`, `DynamicObject`,
//! and the structs `#[derive(CustomResource)]` writes for a resource) with metadata and a
//! Deployment-like spec in the shape of `k8s-openapi` 0.24 (whose own serde impls are
//! hand-written), with fastwire's derives next to serde's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// kube-core's `TypeMeta`.
#[derive(
    Deserialize,
    Serialize,
    fastwire::Encode,
    fastwire::Decode,
    Clone,
    Debug,
    Eq,
    PartialEq,
    Hash,
    Default,
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
pub struct OwnerReference {
    pub api_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,
    pub kind: String,
    pub name: String,
    pub uid: String,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields_v1: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manager: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

/// k8s-openapi's `ObjectMeta`: every field optional, empty collections left out.
#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generate_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<i64>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_link: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
}

/// An integer or a string (a port number or name, a count or a percentage).
#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Eq,
)]
#[serde(untagged)]
pub enum IntOrString {
    Int(i32),
    String(String),
}

/// A resource quantity (`"500m"`, `"1Gi"`), written as its string.
#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Eq,
)]
pub struct Quantity(pub String);

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    pub container_port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct EnvVar {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRequirements {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub limits: BTreeMap<String, Quantity>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, Quantity>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct HttpGetAction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub port: Option<IntOrString>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HttpGetAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_delay_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_seconds: Option<i32>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_pull_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Probe>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    pub containers: Vec<Container>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplateSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<ObjectMeta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<PodSpec>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct RollingUpdateDeployment {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStrategy {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolling_update: Option<RollingUpdateDeployment>,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub type_: Option<String>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    pub selector: LabelSelector,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<DeploymentStrategy>,
    pub template: PodTemplateSpec,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentCondition {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_transition_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub status: String,
    #[serde(rename = "type")]
    pub type_: String,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<DeploymentCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_replicas: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

/// A Deployment as a typed client reads it: the type fields renamed one by one, as the
/// structs that kube's `#[derive(CustomResource)]` writes have them.
#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
pub struct Deployment {
    #[serde(rename = "apiVersion")]
    pub api_version: String,
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec: Option<DeploymentSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<DeploymentStatus>,
}

/// kube-core's `DynamicObject`: the type fields flattened in, and everything else kept as
/// JSON. The original flattens a `serde_json::Value`, which fastwire cannot flatten yet (see
/// `pending/dynamic_object.rs`, as is a flattened `serde_json::Map`); here the object's other
/// fields are a `BTreeMap`.
#[derive(Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq)]
pub struct DynamicObject {
    #[serde(flatten, default)]
    pub types: Option<TypeMeta>,
    pub metadata: ObjectMeta,
    #[serde(flatten)]
    pub data: BTreeMap<String, serde_json::Value>,
}

/// kube-core's `ObjectList`: a list of objects of one kind.
#[derive(Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq)]
pub struct ObjectList<T> {
    #[serde(flatten, default)]
    pub types: TypeMeta,
    #[serde(default)]
    pub metadata: ListMeta,
    #[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
    pub items: Vec<T>,
}

#[derive(
    Deserialize, Serialize, fastwire::Encode, fastwire::Decode, Clone, Debug, PartialEq, Default,
)]
#[serde(rename_all = "camelCase")]
pub struct ListMeta {
    #[serde(rename = "continue", default, skip_serializing_if = "Option::is_none")]
    pub continue_: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_item_count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_version: Option<String>,
}
