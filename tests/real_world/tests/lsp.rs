//! lsp-types and lsp-server types on Language Server Protocol messages.

mod common;

use common::{check_document, check_rejected};
use fastwire_real_world::lsp::{
    CompletionParams, CompletionResponse, Hover, HoverParams, JsonRpc, Message,
    PublishDiagnosticsParams,
};

#[test]
fn hover_params() {
    let params: HoverParams = check_document(
        r#"{"textDocument":{"uri":"file:///ws/src/main.rs"},"position":{"line":41,"character":17},"workDoneToken":"a1b2"}"#,
    );
    assert!(params.work_done_progress_params.work_done_token.is_some());
    check_document::<HoverParams>(
        r#"{"position":{"character":0,"line":0},"textDocument":{"uri":"untitled:Untitled-1"}}"#,
    );
    check_document::<HoverParams>(
        r#"{"textDocument":{"uri":"file:///a.rs","version":3},"position":{"line":1,"character":2},"workDoneToken":7,"extra":[1,{"x":null}]}"#,
    );
    check_rejected::<HoverParams>(r#"{"textDocument":{"uri":"file:///a.rs"}}"#);
    check_rejected::<HoverParams>(
        r#"{"textDocument":{"uri":"file:///a.rs"},"position":{"line":1,"character":2},"workDoneToken":1.5}"#,
    );
}

#[test]
fn hover_results() {
    for text in [
        r#"{"contents":{"kind":"markdown","value":"```rust\nfn main()\n```\n---\nThe entry point."},"range":{"start":{"line":3,"character":3},"end":{"line":3,"character":7}}}"#,
        r#"{"contents":{"kind":"plaintext","value":"u32"}}"#,
        r#"{"contents":"just a string"}"#,
        r#"{"contents":{"language":"rust","value":"let x: u32"}}"#,
        r#"{"contents":["first",{"language":"rust","value":"struct S;"},"ünïcödé \u2028 line"]}"#,
    ] {
        check_document::<Hover>(text);
    }
    check_rejected::<Hover>(r#"{"contents":{"kind":"html","value":"<b>"}}"#);
    check_rejected::<Hover>(r#"{"contents":42}"#);
}

#[test]
fn completion() {
    let params: CompletionParams = check_document(
        r#"{"textDocument":{"uri":"file:///ws/src/lib.rs"},"position":{"line":10,"character":8},"context":{"triggerKind":2,"triggerCharacter":"."},"partialResultToken":"p-1","workDoneToken":99}"#,
    );
    assert!(params.partial_result_params.partial_result_token.is_some());
    check_document::<CompletionParams>(
        r#"{"textDocument":{"uri":"file:///ws/src/lib.rs"},"position":{"line":0,"character":0}}"#,
    );
    let list = r#"{"isIncomplete":true,"items":[
        {"label":"push","kind":2,"detail":"fn(&mut self, value: T)","documentation":{"kind":"markdown","value":"Appends an element."},"sortText":"0001","insertTextFormat":2,"textEdit":{"range":{"start":{"line":10,"character":8},"end":{"line":10,"character":9}},"newText":"push(${1:value})"},"command":{"title":"Trigger","command":"editor.action.triggerParameterHints"},"data":{"imports":[{"full_import_path":"std::vec::Vec"}]}},
        {"label":"len","kind":2,"documentation":"Returns the length.","deprecated":false,"preselect":true,"textEdit":{"newText":"len()","insert":{"start":{"line":1,"character":2},"end":{"line":1,"character":3}},"replace":{"start":{"line":1,"character":2},"end":{"line":1,"character":5}}},"additionalTextEdits":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"newText":"use std::vec::Vec;\n"}],"commitCharacters":["(","."],"command":{"title":"x","command":"y","arguments":[1,"two",{"three":[3.0e-7]}]}},
        {"label":"λ closure"}
    ]}"#;
    check_document::<CompletionResponse>(list);
    check_document::<CompletionResponse>(r#"[{"label":"a"},{"label":"b","kind":14}]"#);
    check_document::<CompletionResponse>("[]");
}

#[test]
fn diagnostics() {
    let text = r#"{"uri":"file:///ws/src/lib.rs","version":12,"diagnostics":[
        {"range":{"start":{"line":1,"character":4},"end":{"line":1,"character":5}},"severity":2,"code":"unused_variables","codeDescription":{"href":"https://doc.rust-lang.org/rustc/lints"},"source":"rustc","message":"unused variable: `x`","relatedInformation":[{"location":{"uri":"file:///ws/src/lib.rs","range":{"start":{"line":1,"character":4},"end":{"line":1,"character":5}}},"message":"if this is intentional, prefix it with an underscore: `_x`"}],"tags":[1],"data":{"rendered":"warning: unused variable\n","fixes":[null,true,-1]}},
        {"range":{"start":{"line":9,"character":0},"end":{"line":9,"character":80}},"severity":1,"code":308,"message":"mismatched types"},
        {"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":""}
    ]}"#;
    check_document::<PublishDiagnosticsParams>(text);
    check_document::<PublishDiagnosticsParams>(r#"{"uri":"file:///a","diagnostics":[]}"#);
}

const MESSAGES: &[&str] = &[
    r#"{"id":1,"method":"initialize","params":{"processId":4242,"rootUri":"file:///ws","capabilities":{"textDocument":{"hover":{"contentFormat":["markdown","plaintext"]}}},"trace":"off"}}"#,
    r#"{"id":"req-2","method":"shutdown"}"#,
    r#"{"id":1,"result":{"capabilities":{"hoverProvider":true,"completionProvider":{"triggerCharacters":[".",":"]}},"serverInfo":{"name":"demo-ls","version":"0.1.0"}}}"#,
    r#"{"id":3,"result":null}"#,
    r#"{"id":4,"error":{"code":-32601,"message":"method not found: foo/bar"}}"#,
    r#"{"id":"5","error":{"code":-32603,"message":"internal","data":{"backtrace":["a","b"]}}}"#,
    r#"{"method":"initialized","params":{}}"#,
    r#"{"method":"exit"}"#,
    r#"{"method":"$/progress","params":{"token":"rustAnalyzer/Indexing","value":{"kind":"report","percentage":42,"message":"3/7"}}}"#,
];

#[test]
fn json_rpc_messages() {
    for text in MESSAGES {
        let message: Message = check_document(text);
        // What lsp-server writes back: the same message with `jsonrpc` flattened in beside it.
        let envelope = JsonRpc {
            jsonrpc: "2.0",
            msg: &message,
        };
        fastwire_tests::assert_same(&envelope);
        let with_version = fastwire::json::to_string(&envelope);
        check_document::<Message>(&with_version);
    }
    // Neither a request, a response nor a notification.
    check_rejected::<Message>(r#"{"jsonrpc":"2.0"}"#);
    check_rejected::<Message>(r#"{"params":[1,2]}"#);
    // An id that is neither is ignored, as an unknown field of a notification.
    check_document::<Message>(r#"{"id":true,"method":"x"}"#);
}
