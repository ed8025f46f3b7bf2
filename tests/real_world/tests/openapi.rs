//! openapiv3-style types on an OpenAPI 3.0 document with specification extensions.

mod common;

use common::{check_document, check_rejected};
use fastwire_real_world::openapi::{OpenAPI, Parameter, ReferenceOr};

const PETSTORE: &str = r##"{
  "openapi": "3.0.3",
  "info": {
    "title": "Swagger Petstore",
    "description": "A sample API that uses a petstore as an example.\n\nUnicode: ペット 🐶",
    "termsOfService": "http://swagger.io/terms/",
    "contact": {"name": "Swagger API Team", "email": "apiteam@swagger.io", "x-slack": "#petstore"},
    "license": {"name": "Apache 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.html"},
    "version": "1.0.0",
    "x-logo": {"url": "https://example.com/logo.png", "backgroundColor": "#FFFFFF"}
  },
  "servers": [
    {"url": "https://{env}.petstore.example.com/v1", "description": "by environment",
     "variables": {"env": {"enum": ["prod", "staging"], "default": "prod"}}}
  ],
  "tags": [{"name": "pets", "description": "Everything about pets",
            "externalDocs": {"url": "https://example.com/docs"}}],
  "paths": {
    "/pets": {
      "get": {
        "tags": ["pets"],
        "summary": "List all pets",
        "operationId": "listPets",
        "parameters": [
          {"name": "limit", "in": "query", "description": "How many items to return at one time (max 100)",
           "required": false, "schema": {"type": "integer", "format": "int32", "maximum": 100}},
          {"name": "tags", "in": "query", "style": "pipeDelimited", "allowReserved": true,
           "schema": {"type": "array", "items": {"type": "string"}}, "x-example-count": 3},
          {"name": "X-Request-ID", "in": "header", "required": true, "example": "3f2a-..."},
          {"$ref": "#/components/parameters/session"}
        ],
        "responses": {
          "200": {
            "description": "A paged array of pets",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pets"}}}
          },
          "default": {"$ref": "#/components/responses/Error"}
        },
        "x-codegen": {"paginate": true, "weights": [0.5, 1e-3, -0.0]}
      },
      "post": {
        "summary": "Create a pet",
        "operationId": "createPets",
        "requestBody": {
          "required": true,
          "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"},
                                           "example": {"id": 1, "name": "Rex"}}}
        },
        "responses": {"201": {"description": "Null response"}},
        "deprecated": true
      }
    },
    "/pets/{petId}": {
      "parameters": [{"name": "petId", "in": "path", "required": true, "style": "label",
                      "schema": {"type": "string"}}],
      "get": {
        "operationId": "showPetById",
        "responses": {"200": {"description": "Expected response to a valid request"}}
      }
    },
    "/legacy": {"$ref": "https://example.com/legacy.json#/paths/~1legacy"}
  },
  "components": {
    "schemas": {
      "Pet": {"type": "object", "required": ["id", "name"],
              "properties": {"id": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
                             "tag": {"type": "string", "nullable": true}}},
      "Pets": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Pet"}}
    },
    "parameters": {
      "session": {"name": "session", "in": "cookie", "deprecated": true}
    },
    "responses": {
      "Error": {"description": "unexpected error",
                "content": {"application/json": {"schema": {"type": "object",
                  "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}}}}
    },
    "x-internal": false
  },
  "externalDocs": {"description": "Find out more", "url": "http://swagger.io"},
  "x-generated-by": {"tool": "hand", "version": [1, 2, 3]},
  "x-empty": null
}"##;

#[test]
fn petstore() {
    let doc: OpenAPI = check_document(PETSTORE);
    assert!(doc.extensions.contains_key("x-generated-by"));
    assert!(doc.info.extensions.contains_key("x-logo"));
    let pets = match &doc.paths.paths["/pets"] {
        ReferenceOr::Item(item) => item,
        ReferenceOr::Reference { .. } => panic!("/pets is an item"),
    };
    let get = pets.get.as_ref().unwrap();
    assert!(matches!(
        &get.parameters[1],
        ReferenceOr::Item(Parameter::Query {
            allow_reserved: true,
            ..
        })
    ));
    assert!(get.responses.default.is_some());
}

#[test]
fn small_documents() {
    check_document::<OpenAPI>(
        r#"{"openapi":"3.1.0","info":{"title":"t","version":"0"},"paths":{}}"#,
    );
    check_document::<ReferenceOr<Parameter>>(r##"{"$ref":"#/components/parameters/x"}"##);
    check_document::<Vec<Parameter>>(
        r#"[{"in":"cookie","name":"c"},{"name":"p","in":"path","style":"matrix","required":true},{"name":"h","in":"header","x-a":1}]"#,
    );
}

#[test]
fn rejected() {
    // No `info`; a parameter without `in`, or in an unknown place; a style of another kind.
    check_rejected::<OpenAPI>(r#"{"openapi":"3.0.0","paths":{}}"#);
    check_rejected::<Parameter>(r#"{"name":"x"}"#);
    check_rejected::<Parameter>(r#"{"name":"x","in":"body"}"#);
    check_rejected::<Parameter>(r#"{"name":"x","in":"path","style":"form"}"#);
}
