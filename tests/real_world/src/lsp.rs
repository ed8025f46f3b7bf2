//! The serde types of `lsp-types` 0.97 (requests, results and notifications of the Language
//! Server Protocol) and `lsp-server` 0.7 (the JSON-RPC envelope), as those crates declare
//! them, with fastwire's derives next to serde's. `lsp_types::Uri` (a `fluent_uri` wrapper
//! written as a string) is a `String` here.

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub type Uri = String;

/// A number or a string, as request ids and diagnostic codes are.
#[derive(
    Debug,
    Eq,
    PartialEq,
    Hash,
    PartialOrd,
    Clone,
    Deserialize,
    Serialize,
    fastwire::Encode,
    fastwire::Decode,
)]
#[serde(untagged)]
pub enum NumberOrString {
    Number(i32),
    String(String),
}

pub type ProgressToken = NumberOrString;

#[derive(
    Debug, Eq, PartialEq, Clone, Default, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct WorkDoneProgressParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work_done_token: Option<ProgressToken>,
}

#[derive(
    Debug, PartialEq, Clone, Default, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct PartialResultParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial_result_token: Option<ProgressToken>,
}

#[derive(
    Debug,
    Eq,
    PartialEq,
    Ord,
    PartialOrd,
    Copy,
    Clone,
    Default,
    Deserialize,
    Serialize,
    Hash,
    fastwire::Encode,
    fastwire::Decode,
)]
pub struct Position {
    pub line: u32,
    pub character: u32,
}

#[derive(
    Debug,
    Eq,
    PartialEq,
    Ord,
    PartialOrd,
    Copy,
    Clone,
    Default,
    Deserialize,
    Serialize,
    Hash,
    fastwire::Encode,
    fastwire::Decode,
)]
pub struct Range {
    pub start: Position,
    pub end: Position,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, Hash, fastwire::Encode, fastwire::Decode,
)]
pub struct Location {
    pub uri: Uri,
    pub range: Range,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct TextDocumentIdentifier {
    pub uri: Uri,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct TextDocumentPositionParams {
    pub text_document: TextDocumentIdentifier,
    pub position: Position,
}

/// `textDocument/hover` parameters: two flattened parameter groups.
#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct HoverParams {
    #[serde(flatten)]
    pub text_document_position_params: TextDocumentPositionParams,
    #[serde(flatten)]
    pub work_done_progress_params: WorkDoneProgressParams,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct LanguageString {
    pub language: String,
    pub value: String,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
pub enum MarkedString {
    String(String),
    LanguageString(LanguageString),
}

#[derive(
    Debug, Eq, PartialEq, Clone, Copy, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "lowercase")]
pub enum MarkupKind {
    PlainText,
    Markdown,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct MarkupContent {
    pub kind: MarkupKind,
    pub value: String,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
pub enum HoverContents {
    Scalar(MarkedString),
    Array(Vec<MarkedString>),
    Markup(MarkupContent),
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct Hover {
    pub contents: HoverContents,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
}

#[derive(
    Eq,
    PartialEq,
    Ord,
    PartialOrd,
    Copy,
    Clone,
    Debug,
    Deserialize,
    Serialize,
    fastwire::Encode,
    fastwire::Decode,
)]
#[serde(transparent)]
pub struct DiagnosticSeverity(i32);

#[derive(
    Eq, PartialEq, Clone, Debug, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct DiagnosticTag(i32);

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct CodeDescription {
    pub href: Uri,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct DiagnosticRelatedInformation {
    pub location: Location,
    pub message: String,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Default, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    pub range: Range,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub severity: Option<DiagnosticSeverity>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<NumberOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code_description: Option<CodeDescription>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub related_information: Option<Vec<DiagnosticRelatedInformation>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<DiagnosticTag>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
pub struct PublishDiagnosticsParams {
    pub uri: Uri,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<i32>,
}

#[derive(
    Eq, PartialEq, Clone, Copy, Debug, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct CompletionTriggerKind(i32);

#[derive(Debug, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode)]
#[serde(rename_all = "camelCase")]
pub struct CompletionContext {
    pub trigger_kind: CompletionTriggerKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger_character: Option<String>,
}

/// `textDocument/completion` parameters: three flattened parameter groups.
#[derive(Debug, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode)]
#[serde(rename_all = "camelCase")]
pub struct CompletionParams {
    #[serde(flatten)]
    pub text_document_position: TextDocumentPositionParams,
    #[serde(flatten)]
    pub work_done_progress_params: WorkDoneProgressParams,
    #[serde(flatten)]
    pub partial_result_params: PartialResultParams,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<CompletionContext>,
}

#[derive(
    Eq, PartialEq, Clone, Copy, Debug, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct CompletionItemKind(i32);

#[derive(
    Eq, PartialEq, Clone, Copy, Debug, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct InsertTextFormat(i32);

#[derive(
    Debug, PartialEq, Eq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
pub enum Documentation {
    String(String),
    MarkupContent(MarkupContent),
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct TextEdit {
    pub range: Range,
    pub new_text: String,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct InsertReplaceEdit {
    pub new_text: String,
    pub insert: Range,
    pub replace: Range,
}

#[derive(
    Debug, Eq, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
pub enum CompletionTextEdit {
    Edit(TextEdit),
    InsertAndReplace(InsertReplaceEdit),
}

#[derive(Debug, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode)]
pub struct Command {
    pub title: String,
    pub command: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arguments: Option<Vec<Value>>,
}

#[derive(
    Debug, PartialEq, Clone, Default, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct CompletionItem {
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<CompletionItemKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub documentation: Option<Documentation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preselect: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insert_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insert_text_format: Option<InsertTextFormat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_edit: Option<CompletionTextEdit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_text_edits: Option<Vec<TextEdit>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<Command>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit_characters: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Value>,
}

#[derive(
    Debug, PartialEq, Clone, Default, Deserialize, Serialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(rename_all = "camelCase")]
pub struct CompletionList {
    pub is_incomplete: bool,
    pub items: Vec<CompletionItem>,
}

#[derive(Debug, PartialEq, Clone, Deserialize, Serialize, fastwire::Encode, fastwire::Decode)]
#[serde(untagged)]
pub enum CompletionResponse {
    Array(Vec<CompletionItem>),
    List(CompletionList),
}

// lsp-server 0.7: the JSON-RPC messages.

#[derive(
    Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(untagged)]
enum IdRepr {
    I32(i32),
    String(String),
}

#[derive(
    Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, fastwire::Encode, fastwire::Decode,
)]
#[serde(transparent)]
pub struct RequestId(IdRepr);

#[derive(Debug, Serialize, Deserialize, Clone, PartialEq, fastwire::Encode, fastwire::Decode)]
pub struct Request {
    pub id: RequestId,
    pub method: String,
    #[serde(default = "serde_json::Value::default")]
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub params: serde_json::Value,
}

#[derive(Debug, Serialize, Deserialize, Clone, PartialEq, fastwire::Encode, fastwire::Decode)]
pub struct ResponseError {
    pub code: i32,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, Deserialize, Clone, PartialEq, fastwire::Encode, fastwire::Decode)]
pub struct Response {
    pub id: RequestId,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ResponseError>,
}

#[derive(Debug, Serialize, Deserialize, Clone, PartialEq, fastwire::Encode, fastwire::Decode)]
pub struct Notification {
    pub method: String,
    #[serde(default = "serde_json::Value::default")]
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub params: serde_json::Value,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, fastwire::Encode, fastwire::Decode)]
#[serde(untagged)]
pub enum Message {
    Request(Request),
    Response(Response),
    Notification(Notification),
}

/// What lsp-server writes: the message with the protocol version flattened in beside it.
#[derive(Serialize, Debug, fastwire::Encode)]
pub struct JsonRpc<'a> {
    pub jsonrpc: &'a str,
    #[serde(flatten)]
    pub msg: &'a Message,
}
