//! The OpenAI Responses adapter against the mock server.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{Finish, MockModel, Reply, Turn, responses};
use model_call::{final_error, provider_at, request, stream_events, text_of, tool_calls};
use pilotdeck::config::Protocol;
use pilotdeck::model::{
    CallOptions, ContentBlock, Effort, ErrorCode, FinishReason, Message, ModelEvent,
    ResolvedProvider, Role, ThinkingRequest, ToolSpec, Usage,
};
use serde_json::json;

fn provider(mock: &MockModel) -> ResolvedProvider {
    provider_at(&mock.base_url(), Protocol::OpenAiResponses, |_| {})
}

#[tokio::test]
async fn streams_text_with_usage() {
    let mock = MockModel::start().await;
    mock.push(responses::stream(
        &Turn::new()
            .text("Paris is the capital.")
            .usage(30, 8)
            .cache(64, 0),
    ));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-5", "capital?"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "Paris is the capital.");
    let n = events.len();
    assert_eq!(
        events[n - 2],
        ModelEvent::Usage {
            usage: Usage {
                input_tokens: 30,
                output_tokens: 8,
                cache_read_tokens: 64,
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
    assert_eq!(mock.single_request().path, "/v1/responses");
}

#[tokio::test]
async fn reasoning_summary_and_parallel_function_calls() {
    let mock = MockModel::start().await;
    let turn = Turn::new()
        .thinking("**Planning** the lookups", "gAAAAencrypted")
        .tool_call("call_1", "get_capital", r#"{"country":"France"}"#)
        .tool_call("call_2", "get_capital", r#"{"country":"Japan"}"#);
    mock.push(responses::stream(&turn));
    let response = model_call::client()
        .stream(
            &provider(&mock),
            &request("o3", "capitals"),
            CallOptions::default(),
        )
        .assemble()
        .await
        .unwrap();
    assert_eq!(
        response.message.content[0],
        ContentBlock::Thinking {
            text: "**Planning** the lookups".into(),
            signature: Some("gAAAAencrypted".into())
        }
    );
    assert_eq!(
        tool_calls(&response.message.content),
        vec![
            (
                "call_1".into(),
                "get_capital".into(),
                json!({"country": "France"})
            ),
            (
                "call_2".into(),
                "get_capital".into(),
                json!({"country": "Japan"})
            ),
        ]
    );
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
}

#[tokio::test]
async fn incomplete_maps_to_length_and_content_filter() {
    for (finish, expected) in [
        (Finish::Length, FinishReason::Length),
        (Finish::ContentFilter, FinishReason::ContentFilter),
    ] {
        let mock = MockModel::start().await;
        mock.push(responses::stream(&Turn::new().text("part").finish(finish)));
        let events = stream_events(
            &provider(&mock),
            &request("gpt-5", "hi"),
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
async fn failed_response_is_classified_and_not_retried() {
    let mock = MockModel::start().await;
    let mut frames = responses::frames(&Turn::new().text("x"));
    frames.truncate(2);
    frames.extend(responses::failed_frames(
        "insufficient_quota",
        "You exceeded your current quota, please check your plan and billing details.",
    ));
    mock.push(Reply::sse(frames));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-5", "hi"),
        CallOptions::default(),
    )
    .await;
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::Billing);
    assert!(error.is_account_error());
}

#[tokio::test]
async fn non_streaming_complete() {
    let mock = MockModel::start().await;
    mock.push(responses::json(
        &Turn::new().thinking("sum", "enc").text("Hi.").usage(4, 2),
    ));
    let response = model_call::client()
        .complete(
            &provider(&mock),
            &request("gpt-5", "hi"),
            CallOptions::default(),
        )
        .await
        .unwrap();
    assert_eq!(
        response.message.content,
        vec![
            ContentBlock::Thinking {
                text: "sum".into(),
                signature: Some("enc".into())
            },
            ContentBlock::text("Hi.")
        ]
    );
    assert_eq!(response.usage.output_tokens, 2);
}

#[tokio::test]
async fn request_body_field_by_field() {
    let mock = MockModel::start().await;
    mock.push(responses::text("ok"));
    let mut req = request("gpt-5", "weather?");
    req.system = Some("Be exact.".into());
    req.messages.push(Message {
        role: Role::Assistant,
        content: vec![
            ContentBlock::Thinking {
                text: "plan".into(),
                signature: Some("enc1".into()),
            },
            ContentBlock::text("Checking."),
            ContentBlock::ToolCall {
                id: "call_7".into(),
                name: "weather".into(),
                arguments: json!({"city": "Oslo"}),
            },
        ],
    });
    req.messages
        .push(Message::tool_results(vec![ContentBlock::tool_result(
            "call_7", "-3C", false,
        )]));
    req.tools.push(ToolSpec {
        name: "weather".into(),
        description: "Weather".into(),
        input_schema: json!({"type": "object"}),
    });
    req.max_output_tokens = Some(500);
    req.thinking = Some(ThinkingRequest {
        budget_tokens: None,
        effort: Effort::Low,
    });
    stream_events(&provider(&mock), &req, CallOptions::default()).await;
    assert_eq!(
        mock.single_request().body,
        json!({
            "model": "gpt-5",
            "input": [
                {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "weather?"}]},
                {"type": "reasoning", "summary": [{"type": "summary_text", "text": "plan"}], "encrypted_content": "enc1"},
                {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Checking."}]},
                {"type": "function_call", "call_id": "call_7", "name": "weather", "arguments": "{\"city\":\"Oslo\"}"},
                {"type": "function_call_output", "call_id": "call_7", "output": "-3C"},
            ],
            "stream": true,
            "store": false,
            "max_output_tokens": 500,
            "instructions": "Be exact.",
            "tools": [{"type": "function", "name": "weather", "description": "Weather",
                       "parameters": {"type": "object"}, "strict": false}],
            "tool_choice": "auto",
            "reasoning": {"effort": "low", "summary": "auto"},
            "include": ["reasoning.encrypted_content"],
        })
    );
}
