//! The Anthropic Messages adapter against the mock server.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{Finish, MockModel, Reply, Turn, anthropic};
use model_call::{final_error, provider_at, request, stream_events, text_of, tool_calls};
use pilotdeck::config::Protocol;
use pilotdeck::model::{
    CallOptions, ContentBlock, Effort, ErrorCode, FinishReason, ImageSource, Message, ModelEvent,
    ResolvedProvider, Role, ThinkingRequest, ToolResultContent, ToolSpec, Usage,
};
use serde_json::json;

fn provider(mock: &MockModel) -> ResolvedProvider {
    provider_at(&mock.base_url(), Protocol::Anthropic, |_| {})
}

#[tokio::test]
async fn streams_text_with_cache_usage() {
    let mock = MockModel::start().await;
    mock.push(anthropic::stream(
        &Turn::new().text("Hi there!").usage(10, 6).cache(300, 40),
    ));
    let events = stream_events(
        &provider(&mock),
        &request("claude-sonnet-4-5", "hi"),
        CallOptions::default(),
    )
    .await;
    assert!(matches!(&events[0], ModelEvent::MessageStart { .. }));
    assert_eq!(text_of(&events), "Hi there!");
    let n = events.len();
    assert_eq!(
        events[n - 2],
        ModelEvent::Usage {
            usage: Usage {
                input_tokens: 10,
                output_tokens: 6,
                cache_read_tokens: 300,
                cache_write_tokens: 40
            }
        }
    );
    assert_eq!(
        events[n - 1],
        ModelEvent::MessageEnd {
            finish_reason: FinishReason::Stop
        }
    );
    let sent = mock.single_request();
    assert_eq!(sent.path, "/v1/messages");
    assert_eq!(sent.header("x-api-key"), Some("sk-test"));
    assert_eq!(sent.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(sent.header("authorization"), None);
}

#[tokio::test]
async fn thinking_with_signature_then_parallel_tools() {
    let mock = MockModel::start().await;
    let turn = Turn::new()
        .thinking(
            "I should look at both files.",
            "EuYDCmMIDBgCKkC05Zda4P+sig==",
        )
        .text("Reading.")
        .tool_call("toolu_01", "read_file", r#"{"path":"a.rs"}"#)
        .tool_call("toolu_02", "read_file", r#"{"path":"b.rs","max_lines":5}"#)
        .tool_call("toolu_03", "now", "");
    mock.push(anthropic::stream(&turn));
    let response = model_call::client()
        .stream(
            &provider(&mock),
            &request("claude-sonnet-4-5", "go"),
            CallOptions::default(),
        )
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        response.message.content[0],
        ContentBlock::Thinking {
            text: "I should look at both files.".into(),
            signature: Some("EuYDCmMIDBgCKkC05Zda4P+sig==".into())
        }
    );
    assert_eq!(response.message.content[1], ContentBlock::text("Reading."));
    assert_eq!(
        tool_calls(&response.message.content),
        vec![
            (
                "toolu_01".into(),
                "read_file".into(),
                json!({"path": "a.rs"})
            ),
            (
                "toolu_02".into(),
                "read_file".into(),
                json!({"path": "b.rs", "max_lines": 5})
            ),
            ("toolu_03".into(), "now".into(), json!({})),
        ]
    );
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
}

#[tokio::test]
async fn each_stop_reason_maps() {
    for (finish, expected) in [
        (Finish::Stop, FinishReason::Stop),
        (Finish::Length, FinishReason::Length),
        (Finish::ToolCalls, FinishReason::ToolCalls),
        (Finish::ContentFilter, FinishReason::ContentFilter),
    ] {
        let mock = MockModel::start().await;
        mock.push(anthropic::stream(&Turn::new().text("x").finish(finish)));
        let events = stream_events(
            &provider(&mock),
            &request("claude-haiku-4-5", "hi"),
            CallOptions::default(),
        )
        .await;
        assert_eq!(
            events.last(),
            Some(&ModelEvent::MessageEnd {
                finish_reason: expected
            })
        );
    }
}

#[tokio::test]
async fn in_stream_error_after_content_is_an_error_event_without_retry() {
    let mock = MockModel::start().await;
    let mut frames = anthropic::frames(&Turn::new().text("Hello"));
    frames.truncate(3); // message_start, block start, first delta
    frames.push(anthropic::error_event("overloaded_error", "Overloaded"));
    mock.push(Reply::sse(frames));
    let events = stream_events(
        &provider(&mock),
        &request("claude-haiku-4-5", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "Hel");
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::Overloaded);
    assert!(error.is_retryable());
}

#[tokio::test]
async fn in_stream_error_before_content_is_retried() {
    let mock = MockModel::start().await;
    let mut frames = anthropic::frames(&Turn::new().text("Hello"));
    frames.truncate(1);
    frames.push(anthropic::error_event("overloaded_error", "Overloaded"));
    mock.push(Reply::sse(frames));
    mock.push(anthropic::text("Recovered"));
    let events = stream_events(
        &provider(&mock),
        &request("claude-haiku-4-5", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "Recovered");
    let starts = events
        .iter()
        .filter(|e| matches!(e, ModelEvent::MessageStart { .. }))
        .count();
    assert_eq!(starts, 1, "message_start is sent once across retries");
}

#[tokio::test]
async fn non_streaming_complete() {
    let mock = MockModel::start().await;
    mock.push(anthropic::json(
        &Turn::new()
            .thinking("hm", "sig")
            .text("Done.")
            .tool_call("toolu_9", "ls", r#"{"path":"."}"#)
            .cache(5, 2),
    ));
    let response = model_call::client()
        .complete(
            &provider(&mock),
            &request("claude-opus-4-1", "hi"),
            CallOptions::default(),
        )
        .await
        .unwrap();
    assert_eq!(response.message.content.len(), 3);
    assert_eq!(response.usage.cache_read_tokens, 5);
    assert_eq!(response.usage.cache_write_tokens, 2);
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
    assert_eq!(mock.single_request().body["stream"], json!(false));
}

#[tokio::test]
async fn request_body_field_by_field_with_cache_control() {
    let mock = MockModel::start().await;
    mock.push(anthropic::text("ok"));
    let mut req = request("claude-sonnet-4-5", "look at this");
    req.messages[0].content.push(ContentBlock::Image {
        source: ImageSource::Base64 {
            media_type: "image/png".into(),
            data: "iVBORw0=".into(),
        },
    });
    req.system = Some("Be brief.".into());
    req.messages.push(Message {
        role: Role::Assistant,
        content: vec![
            ContentBlock::Thinking {
                text: "unsigned".into(),
                signature: None,
            },
            ContentBlock::Thinking {
                text: "signed".into(),
                signature: Some("s1".into()),
            },
            ContentBlock::ToolCall {
                id: "toolu_1".into(),
                name: "ls".into(),
                arguments: json!({}),
            },
        ],
    });
    req.messages
        .push(Message::tool_results(vec![ContentBlock::ToolResult {
            call_id: "toolu_1".into(),
            content: vec![ToolResultContent::Text {
                text: "no such dir".into(),
            }],
            is_error: true,
        }]));
    req.messages.push(Message::user("and now?"));
    req.tools = vec![
        ToolSpec {
            name: "ls".into(),
            description: "List".into(),
            input_schema: json!({"type": "object"}),
        },
        ToolSpec {
            name: "cat".into(),
            description: "Read".into(),
            input_schema: json!({"type": "object"}),
        },
    ];
    req.max_output_tokens = Some(2000);
    req.temperature = Some(0.2);
    req.stop = vec!["STOP".into()];
    stream_events(&provider(&mock), &req, CallOptions::default()).await;
    let sent = mock.single_request();
    assert_eq!(
        sent.body,
        json!({
            "model": "claude-sonnet-4-5",
            "max_tokens": 2000,
            "messages": [
                {"role": "user", "content": [
                    {"type": "text", "text": "look at this"},
                    {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0="}},
                ]},
                {"role": "assistant", "content": [
                    {"type": "thinking", "thinking": "signed", "signature": "s1"},
                    {"type": "tool_use", "id": "toolu_1", "name": "ls", "input": {}},
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_1",
                     "content": [{"type": "text", "text": "no such dir"}], "is_error": true},
                    {"type": "text", "text": "and now?", "cache_control": {"type": "ephemeral"}},
                ]},
            ],
            "stream": true,
            "system": [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}],
            "tools": [
                {"name": "ls", "description": "List", "input_schema": {"type": "object"}},
                {"name": "cat", "description": "Read", "input_schema": {"type": "object"},
                 "cache_control": {"type": "ephemeral"}},
            ],
            "tool_choice": {"type": "auto"},
            "stop_sequences": ["STOP"],
            "temperature": 0.2,
        })
    );
}

#[tokio::test]
async fn thinking_request_sets_budget_and_drops_temperature() {
    let mock = MockModel::start().await;
    mock.push(anthropic::text("ok"));
    let mut req = request("claude-sonnet-4-5", "hi");
    req.max_output_tokens = Some(2000);
    req.temperature = Some(0.7);
    req.thinking = Some(ThinkingRequest {
        budget_tokens: Some(8000),
        effort: Effort::Medium,
    });
    stream_events(&provider(&mock), &req, CallOptions::default()).await;
    let body = mock.single_request().body;
    assert_eq!(
        body["thinking"],
        json!({"type": "enabled", "budget_tokens": 8000})
    );
    assert_eq!(body["max_tokens"], json!(10000));
    assert!(body.get("temperature").is_none());
}

#[tokio::test]
async fn output_schema_goes_through_a_forced_tool_and_comes_back_as_text() {
    let mock = MockModel::start().await;
    mock.push(anthropic::stream(&Turn::new().tool_call(
        "toolu_out",
        "__output__",
        r#"{"answer": 42}"#,
    )));
    let mut req = request("claude-sonnet-4-5", "answer");
    req.output_schema = Some(pilotdeck::model::OutputSchema {
        name: "answer".into(),
        schema: json!({"type": "object", "properties": {"answer": {"type": "integer"}}}),
        strict: true,
    });
    req.thinking = Some(ThinkingRequest {
        budget_tokens: None,
        effort: Effort::Medium,
    });
    let response = model_call::client()
        .stream(&provider(&mock), &req, CallOptions::default())
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        response.message.content,
        vec![ContentBlock::text(r#"{"answer":42}"#)]
    );
    assert_eq!(response.finish_reason, FinishReason::Stop);
    let body = mock.single_request().body;
    assert_eq!(
        body["tool_choice"],
        json!({"type": "tool", "name": "__output__"})
    );
    assert_eq!(body["tools"][0]["name"], json!("__output__"));
    assert!(body.get("thinking").is_none());
}
