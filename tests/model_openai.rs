//! The OpenAI Chat Completions adapter against the mock server.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{Finish, MockModel, Turn, openai};
use model_call::{provider_at, request, stream_events, text_of, tool_calls};
use pilotdeck::config::Protocol;
use pilotdeck::model::{
    CallOptions, ContentBlock, FinishReason, Message, ModelEvent, OutputSchema, ToolChoice,
    ToolSpec, Usage,
};
use serde_json::json;

fn provider(mock: &MockModel) -> pilotdeck::model::ResolvedProvider {
    provider_at(&mock.base_url(), Protocol::OpenAi, |_| {})
}

#[tokio::test]
async fn streams_text_with_usage_and_events_in_order() {
    let mock = MockModel::start().await;
    mock.push(openai::stream(
        &Turn::new().text("Hello, world").usage(20, 5).cache(8, 0),
    ));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;

    assert!(
        matches!(&events[0], ModelEvent::MessageStart { id: Some(id), model: Some(m) } if id == "chatcmpl-mock0001" && m == "mock-model")
    );
    assert_eq!(text_of(&events), "Hello, world");
    // Chunk by chunk: one text delta per streamed piece, never merged.
    let deltas = events
        .iter()
        .filter(|e| matches!(e, ModelEvent::TextDelta { .. }))
        .count();
    assert_eq!(deltas, 4);
    let n = events.len();
    assert_eq!(
        events[n - 2],
        ModelEvent::Usage {
            usage: Usage {
                input_tokens: 20,
                output_tokens: 5,
                cache_read_tokens: 8,
                cache_write_tokens: 0
            }
        }
    );
    assert_eq!(
        events[n - 1],
        ModelEvent::MessageEnd {
            finish_reason: FinishReason::Stop
        }
    );
    let request = mock.single_request();
    assert_eq!(request.path, "/v1/chat/completions");
    assert_eq!(request.header("authorization"), Some("Bearer sk-test"));
}

#[tokio::test]
async fn parallel_tool_calls_with_arguments_split_anywhere() {
    let mock = MockModel::start().await;
    let turn = Turn::new()
        .tool_call(
            "call_a",
            "read_file",
            r#"{"path": "src/main.rs", "lines": [1, 20]}"#,
        )
        .tool_call("call_b", "list_dir", r#"{"path": "ünïcode/dir"}"#)
        .tool_call("call_c", "now", "");
    mock.push(openai::stream(&turn));
    let response = model_call::client()
        .stream(
            &provider(&mock),
            &request("gpt-4o", "hi"),
            CallOptions::default(),
        )
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        tool_calls(&response.message.content),
        vec![
            (
                "call_a".into(),
                "read_file".into(),
                json!({"path": "src/main.rs", "lines": [1, 20]})
            ),
            (
                "call_b".into(),
                "list_dir".into(),
                json!({"path": "ünïcode/dir"})
            ),
            ("call_c".into(), "now".into(), json!({})),
        ]
    );
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
}

#[tokio::test]
async fn reasoning_content_becomes_thinking() {
    let mock = MockModel::start().await;
    mock.push(openai::stream(
        &Turn::new().thinking("Let me think.", "").text("42"),
    ));
    let response = model_call::client()
        .stream(
            &provider(&mock),
            &request("deepseek-reasoner", "q"),
            CallOptions::default(),
        )
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        response.message.content,
        vec![
            ContentBlock::Thinking {
                text: "Let me think.".into(),
                signature: None
            },
            ContentBlock::text("42"),
        ]
    );
}

#[tokio::test]
async fn each_finish_reason_maps() {
    for (finish, expected) in [
        (Finish::Stop, FinishReason::Stop),
        (Finish::Length, FinishReason::Length),
        (Finish::ContentFilter, FinishReason::ContentFilter),
    ] {
        let mock = MockModel::start().await;
        mock.push(openai::stream(&Turn::new().text("x").finish(finish)));
        let events = stream_events(
            &provider(&mock),
            &request("gpt-4o", "hi"),
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
async fn non_streaming_complete() {
    let mock = MockModel::start().await;
    let turn = Turn::new()
        .text("Sure.")
        .tool_call("call_1", "grep", r#"{"q":"x"}"#)
        .usage(9, 3);
    mock.push(openai::json(&turn));
    let response = model_call::client()
        .complete(
            &provider(&mock),
            &request("gpt-4o", "hi"),
            CallOptions::default(),
        )
        .await
        .unwrap();
    assert_eq!(response.message.text(), "Sure.");
    assert_eq!(
        tool_calls(&response.message.content)[0].2,
        json!({"q": "x"})
    );
    assert_eq!(response.usage.output_tokens, 3);
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
    let request = mock.single_request();
    assert!(!request.is_stream());
    assert!(request.body.get("stream_options").is_none());
}

#[tokio::test]
async fn request_body_field_by_field() {
    let mock = MockModel::start().await;
    mock.push(openai::text("ok"));
    let provider = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.headers.insert("x-team".into(), "core".into());
        c.extra_body.insert("seed".into(), json!(7));
        c.extra_body.insert("temperature".into(), json!(0.1));
    });
    let mut req = request("gpt-4o", "list files");
    req.system = Some("You are terse.".into());
    req.messages.push(Message {
        role: pilotdeck::model::Role::Assistant,
        content: vec![
            ContentBlock::Thinking {
                text: "need ls".into(),
                signature: None,
            },
            ContentBlock::text("Listing."),
            ContentBlock::ToolCall {
                id: "call_1".into(),
                name: "ls".into(),
                arguments: json!({"path": "."}),
            },
        ],
    });
    req.messages
        .push(Message::tool_results(vec![ContentBlock::tool_result(
            "call_1",
            "a.rs\nb.rs",
            false,
        )]));
    req.tools.push(ToolSpec {
        name: "ls".into(),
        description: "List a directory".into(),
        input_schema: json!({"type": "object", "properties": {"path": {"type": "string"}}}),
    });
    req.tool_choice = ToolChoice::Required;
    req.max_output_tokens = Some(1000);
    req.temperature = Some(0.5);
    req.stop = vec!["END".into()];
    req.output_schema = Some(OutputSchema {
        name: "answer".into(),
        schema: json!({"type": "object"}),
        strict: true,
    });
    let events = stream_events(&provider, &req, CallOptions::default()).await;
    assert_eq!(text_of(&events), "ok");

    let sent = mock.single_request();
    assert_eq!(sent.header("x-team"), Some("core"));
    assert_eq!(sent.header("content-type"), Some("application/json"));
    assert_eq!(
        sent.body,
        json!({
            "model": "gpt-4o",
            "messages": [
                {"role": "system", "content": "You are terse."},
                {"role": "user", "content": "list files"},
                {"role": "assistant", "content": "Listing.", "reasoning_content": "need ls",
                 "tool_calls": [{"id": "call_1", "type": "function",
                                 "function": {"name": "ls", "arguments": "{\"path\":\".\"}"}}]},
                {"role": "tool", "tool_call_id": "call_1", "content": "a.rs\nb.rs"},
            ],
            "stream": true,
            "max_tokens": 1000,
            "stream_options": {"include_usage": true},
            "temperature": 0.1,
            "stop": ["END"],
            "tools": [{"type": "function", "function": {"name": "ls", "description": "List a directory",
                       "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}],
            "tool_choice": "required",
            "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": {"type": "object"}, "strict": true}},
            "seed": 7,
        })
    );
    assert_eq!(sent.tool_result("call_1").as_deref(), Some("a.rs\nb.rs"));
}

#[tokio::test]
async fn reasoning_models_get_max_completion_tokens_and_effort() {
    let mock = MockModel::start().await;
    mock.push(openai::text("ok"));
    let mut req = request("o4-mini", "hi");
    req.temperature = Some(0.3);
    req.thinking = Some(pilotdeck::model::ThinkingRequest {
        budget_tokens: None,
        effort: pilotdeck::model::Effort::High,
    });
    stream_events(&provider(&mock), &req, CallOptions::default()).await;
    let body = mock.single_request().body;
    assert_eq!(body["max_completion_tokens"], json!(100_000));
    assert_eq!(body["reasoning_effort"], json!("high"));
    assert!(body.get("max_tokens").is_none());
    assert!(body.get("temperature").is_none());
}

#[tokio::test]
async fn missing_done_after_finish_is_accepted_and_refusal_is_content_filter() {
    let mock = MockModel::start().await;
    let refusal = [
        openai::chunk(
            "m",
            json!({"role": "assistant", "content": null, "refusal": ""}),
            None,
        ),
        openai::chunk("m", json!({"refusal": "I can't help with that."}), None),
        openai::chunk("m", json!({}), Some("stop")),
    ];
    // No usage chunk and no [DONE]: the stream just ends after the finish chunk.
    let frames: Vec<String> = refusal.iter().map(|c| format!("data: {c}\n\n")).collect();
    mock.push(mock_model::Reply::sse(frames));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "I can't help with that.");
    assert_eq!(
        events.last(),
        Some(&ModelEvent::MessageEnd {
            finish_reason: FinishReason::ContentFilter
        })
    );
}

#[tokio::test]
async fn google_protocol_uses_the_openai_wire() {
    let mock = MockModel::start().await;
    mock.push(openai::text("gemini says hi"));
    let provider = provider_at(
        &format!("{}beta/openai", mock.base_url()),
        Protocol::Google,
        |_| {},
    );
    let events = stream_events(
        &provider,
        &request("gemini-2.5-flash", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "gemini says hi");
    assert_eq!(
        mock.single_request().path,
        "/v1beta/openai/chat/completions"
    );
}

#[tokio::test]
async fn think_tags_in_content_become_thinking() {
    let mock = MockModel::start().await;
    mock.push(openai::stream(
        &Turn::new().text("<think>Count the r's.</think>\n\nThere are three."),
    ));
    let response = model_call::client()
        .stream(
            &provider(&mock),
            &request("qwq-32b", "strawberry?"),
            CallOptions::default(),
        )
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        response.message.content,
        vec![
            ContentBlock::Thinking {
                text: "Count the r's.".into(),
                signature: None
            },
            ContentBlock::text("There are three."),
        ]
    );
}
