//! The mock LLM server checks itself: request counts per mount, unscripted requests, and the tool
//! pairing invariant.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{MockModel, openai};
use model_call::{provider_at, request, stream_events};
use pilotdeck::config::Protocol;
use pilotdeck::model::{CallOptions, ContentBlock, Message, Role};
use serde_json::json;

#[tokio::test]
async fn a_mount_used_fewer_times_than_declared_is_reported() {
    let mock = MockModel::start().await;
    mock.mount(openai::text("a"), 2);
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |_| {});
    stream_events(&p, &request("m", "hi"), CallOptions::default()).await;
    let problems = mock.expect_problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("expected 2 request(s), got 1"),
        "{problems:?}"
    );
}

#[tokio::test]
async fn an_unscripted_request_gets_a_500_and_is_reported() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.stream_max_retries = Some(0)
    });
    let events = stream_events(&p, &request("m", "hi"), CallOptions::default()).await;
    assert_eq!(model_call::final_error(&events).status, Some(500));
    let problems = mock.expect_problems();
    assert!(problems[0].contains("no reply scripted"), "{problems:?}");
}

#[tokio::test]
async fn a_tool_call_without_its_result_breaks_the_invariant() {
    let mock = MockModel::start().await;
    mock.push(openai::text("ok"));
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |_| {});
    let mut req = request("m", "hi");
    req.messages.push(Message {
        role: Role::Assistant,
        content: vec![ContentBlock::ToolCall {
            id: "call_1".into(),
            name: "ls".into(),
            arguments: json!({}),
        }],
    });
    req.messages.push(Message::user("and?"));
    stream_events(&p, &req, CallOptions::default()).await;
    let problems = mock.expect_problems();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("not answered one-to-one")),
        "{problems:?}"
    );
}

#[tokio::test]
async fn requests_are_recorded_with_typed_accessors() {
    let mock = MockModel::start().await;
    mock.mount(openai::text("one"), 1);
    mock.mount(openai::text("two"), 1);
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |_| {});
    let mut req = request("gpt-4o", "first");
    req.system = Some("sys".into());
    stream_events(&p, &req, CallOptions::default()).await;
    stream_events(
        &p,
        &request("gpt-4o-mini", "second"),
        CallOptions::default(),
    )
    .await;
    mock.wait_for_requests(2).await;
    let requests = mock.requests();
    assert_eq!(requests[0].model(), "gpt-4o");
    assert_eq!(requests[0].system().as_deref(), Some("sys"));
    assert_eq!(requests[0].last_user_text().as_deref(), Some("first"));
    assert!(requests[0].is_stream());
    assert_eq!(requests[1].model(), "gpt-4o-mini");
    assert_eq!(requests[1].method, "POST");
    mock.verify();
}

/// A test may block its own thread (as when it runs the `pilotdeck` binary) and the mock still
/// answers, because it serves from its own thread.
#[test]
fn serves_while_the_test_thread_blocks() {
    use std::io::{Read, Write};
    let mock = MockModel::spawn();
    mock.push(openai::json(
        &mock_model::Turn::new().text("from a blocking client"),
    ));
    let addr = mock.host_url().trim_start_matches("http://").to_owned();
    let mut socket = std::net::TcpStream::connect(addr).unwrap();
    let body = r#"{"model":"m","messages":[{"role":"user","content":"hi"}]}"#;
    write!(
        socket,
        "POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    socket.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    assert!(response.contains("from a blocking client"));
    assert_eq!(mock.single_request().model(), "m");
}
