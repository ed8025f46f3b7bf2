//! Kubernetes-style objects: a Deployment as `kubectl get -o json` prints it, dynamic objects
//! and lists.

mod common;

use common::{check_document, check_rejected};
use fastwire_real_world::kubernetes::{Deployment, DynamicObject, IntOrString, ObjectList};

const DEPLOYMENT: &str = r#"{
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {
        "annotations": {
            "deployment.kubernetes.io/revision": "3",
            "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\"}\n"
        },
        "creationTimestamp": "2024-05-01T08:30:00Z",
        "generation": 3,
        "labels": {"app": "web", "app.kubernetes.io/part-of": "shop"},
        "managedFields": [
            {"apiVersion": "apps/v1", "fieldsType": "FieldsV1",
             "fieldsV1": {"f:spec": {"f:replicas": {}, "f:template": {"f:metadata": {"f:labels": {".": {}, "f:app": {}}}}}},
             "manager": "kubectl-client-side-apply", "operation": "Update", "time": "2024-05-01T08:30:00Z"}
        ],
        "name": "web",
        "namespace": "shop",
        "ownerReferences": [{"apiVersion": "example.com/v1", "kind": "Shop", "name": "main",
                             "uid": "6f1c0b7e-0000-4000-8000-000000000001", "controller": true,
                             "blockOwnerDeletion": true}],
        "resourceVersion": "123456",
        "uid": "0d5c3d36-8b1f-4c3b-9f0e-3a0c8a6f7e21"
    },
    "spec": {
        "progressDeadlineSeconds": 600,
        "replicas": 3,
        "selector": {"matchLabels": {"app": "web"}},
        "strategy": {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 0}, "type": "RollingUpdate"},
        "template": {
            "metadata": {"labels": {"app": "web"}},
            "spec": {
                "containers": [
                    {
                        "name": "web",
                        "image": "registry.example.com/shop/web:1.4.2",
                        "imagePullPolicy": "IfNotPresent",
                        "args": ["--port=8080", "--log-format=json"],
                        "env": [{"name": "RUST_LOG", "value": "info"}, {"name": "EMPTY"}],
                        "ports": [{"containerPort": 8080, "name": "http", "protocol": "TCP"}],
                        "livenessProbe": {"httpGet": {"path": "/healthz", "port": "http"},
                                          "initialDelaySeconds": 5, "periodSeconds": 10},
                        "resources": {"limits": {"cpu": "500m", "memory": "256Mi"},
                                      "requests": {"cpu": "100m", "memory": "64Mi"}}
                    },
                    {"name": "sidecar", "image": "busybox", "command": ["sh", "-c", "sleep 3600"],
                     "livenessProbe": {"httpGet": {"port": 9000}}}
                ],
                "nodeSelector": {"kubernetes.io/os": "linux"},
                "serviceAccountName": "web",
                "terminationGracePeriodSeconds": 30
            }
        }
    },
    "status": {
        "availableReplicas": 3,
        "conditions": [
            {"lastTransitionTime": "2024-05-01T08:31:00Z", "message": "Deployment has minimum availability.",
             "reason": "MinimumReplicasAvailable", "status": "True", "type": "Available"},
            {"status": "True", "type": "Progressing"}
        ],
        "observedGeneration": 3,
        "readyReplicas": 3,
        "replicas": 3
    }
}"#;

#[test]
fn deployment() {
    let deployment: Deployment = check_document(DEPLOYMENT);
    let spec = deployment.spec.as_ref().unwrap();
    let update = spec
        .strategy
        .as_ref()
        .unwrap()
        .rolling_update
        .as_ref()
        .unwrap();
    assert_eq!(update.max_surge, Some(IntOrString::String("25%".into())));
    assert_eq!(update.max_unavailable, Some(IntOrString::Int(0)));
    check_document::<Deployment>(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"bare"}}"#,
    );
    check_rejected::<Deployment>(r#"{"kind":"Deployment","metadata":{}}"#);
    check_rejected::<Deployment>(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"a":1}}}"#,
    );
}

#[test]
fn dynamic_objects() {
    let object: DynamicObject = check_document(
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"settings","namespace":"default"},"data":{"config.toml":"[server]\nport = 8080\n"},"immutable":true}"#,
    );
    assert_eq!(object.types.as_ref().unwrap().kind, "ConfigMap");
    assert!(object.data.contains_key("immutable"));
    // Without type fields: `types` is `None`, as serde reads a flattened `Option` then.
    let object: DynamicObject =
        check_document(r#"{"metadata":{"name":"x"},"spec":{"replicas":2}}"#);
    assert!(object.types.is_none());
    check_document::<DynamicObject>(DEPLOYMENT);
}

#[test]
fn object_lists() {
    let text = format!(
        r#"{{"apiVersion":"v1","kind":"List","metadata":{{"resourceVersion":"99","continue":"eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ"}},"items":[{DEPLOYMENT},{{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"other"}}}}]}}"#
    );
    let list: ObjectList<Deployment> = check_document(&text);
    assert_eq!(list.items.len(), 2);
    check_document::<ObjectList<DynamicObject>>(&text);
    check_document::<ObjectList<Deployment>>(r#"{"apiVersion":"v1","kind":"List","items":[]}"#);
}
