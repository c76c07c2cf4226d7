//! Real recorded provider streams and error bodies (`tests/fixtures/provider-streams`, provenance in
//! its SOURCES.md) replayed byte for byte through the mock server and the real client.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use mock_model::{MockModel, Reply};
use model_call::{
    assemble, final_error, fixture, jsonl_frames, provider_at, request, stream_events, text_of,
    tool_calls,
};
use pilotdeck::config::Protocol;
use pilotdeck::model::{CallOptions, ContentBlock, ErrorCode, FinishReason, ModelEvent, Usage};
use serde_json::json;

async fn replay(protocol: Protocol, reply: Reply) -> Vec<ModelEvent> {
    let mock = MockModel::start().await;
    mock.push(reply);
    let provider = provider_at(&mock.base_url(), protocol, |c| {
        c.retry.stream_max_retries = Some(0)
    });
    stream_events(
        &provider,
        &request("recorded", "hi"),
        CallOptions::default(),
    )
    .await
}

#[tokio::test]
async fn openai_parallel_tool_calls() {
    let events = replay(
        Protocol::OpenAi,
        Reply::sse_text(&fixture("openai-chat/chat_parallel_tool_calls_usage.sse")),
    )
    .await;
    let response = assemble(&events);
    let calls = tool_calls(&response.message.content);
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].0, "call_JMW1whyEaYG438VE1OIflxA2");
    assert_eq!(calls[0].1, "GetWeatherArgs");
    assert_eq!(calls[0].2["city"], json!("Edinburgh"));
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
    assert!(response.usage.output_tokens > 0);
}

#[tokio::test]
async fn openai_single_tool_call() {
    let events = replay(
        Protocol::OpenAi,
        Reply::sse_text(&fixture("openai-chat/chat_single_tool_call_usage.sse")),
    )
    .await;
    let response = assemble(&events);
    let calls = tool_calls(&response.message.content);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].1, "get_weather");
    assert_eq!(calls[0].2["city"], json!("New York City"));
}

#[tokio::test]
async fn openai_finish_length_with_usage_chunk() {
    let events = replay(
        Protocol::OpenAi,
        Reply::sse_text(&fixture("openai-chat/chat_text_finish_length_usage.sse")),
    )
    .await;
    let response = assemble(&events);
    assert_eq!(response.message.text(), "{\"");
    assert_eq!(response.finish_reason, FinishReason::Length);
    assert_eq!(
        response.usage,
        Usage {
            input_tokens: 79,
            output_tokens: 1,
            cache_read_tokens: 0,
            cache_write_tokens: 0
        }
    );
}

#[tokio::test]
async fn openai_refusal() {
    let events = replay(
        Protocol::OpenAi,
        Reply::sse_text(&fixture("openai-chat/chat_refusal_usage.sse")),
    )
    .await;
    let response = assemble(&events);
    assert!(
        response
            .message
            .text()
            .starts_with("I'm sorry, I can't assist with that"),
        "{}",
        response.message.text()
    );
    assert_eq!(response.finish_reason, FinishReason::ContentFilter);
}

#[tokio::test]
async fn anthropic_text_then_tool_use_without_final_blank_line() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture("anthropic/messages_text_then_tool_use.sse")),
    )
    .await;
    // The file ends right after `message_stop` with no blank line; the last event still counts.
    assert!(matches!(
        events.last(),
        Some(ModelEvent::MessageEnd {
            finish_reason: FinishReason::ToolCalls
        })
    ));
    let response = assemble(&events);
    assert!(!response.message.text().is_empty());
    let calls = tool_calls(&response.message.content);
    assert_eq!(calls.len(), 1);
    assert!(calls[0].2.is_object());
}

#[tokio::test]
async fn anthropic_basic_text() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture("anthropic/messages_basic_text.sse")),
    )
    .await;
    let response = assemble(&events);
    assert!(!response.message.text().is_empty());
    assert_eq!(response.finish_reason, FinishReason::Stop);
}

#[tokio::test]
async fn anthropic_parallel_tool_use_with_empty_input() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture(
            "anthropic/messages_parallel_tool_use_empty_args.sse",
        )),
    )
    .await;
    let response = assemble(&events);
    let calls = tool_calls(&response.message.content);
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].0, "toolu_01LtHJmixrs9NcWQkK8hu8hj");
    assert_eq!(calls[0].2, json!({}));
    assert_eq!(calls[1].2, json!({}));
    assert_eq!(response.usage.input_tokens, 542);
    assert_eq!(response.usage.output_tokens, 62);
}

#[tokio::test]
async fn anthropic_thinking_with_signature() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture("anthropic/messages_thinking_signature_text.sse")),
    )
    .await;
    let response = assemble(&events);
    match &response.message.content[0] {
        ContentBlock::Thinking { text, signature } => {
            assert!(text.starts_with("The user wants two names"));
            assert!(
                signature
                    .as_deref()
                    .is_some_and(|s| s.starts_with("EuYDCmMIDBgCKkC05Zda"))
            );
        }
        other => panic!("expected thinking, got {other:?}"),
    }
    assert!(matches!(
        &response.message.content[1],
        ContentBlock::Text { .. }
    ));
}

#[tokio::test]
async fn anthropic_multibyte_text() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture("anthropic/messages_text_after_tool_result.sse")),
    )
    .await;
    let text = text_of(&events);
    assert!(!text.is_empty());
    assert!(
        text.chars().any(|c| c.len_utf8() == 4),
        "expected an emoji in {text:?}"
    );
}

#[tokio::test]
async fn anthropic_tool_json_in_pieces() {
    let frames = jsonl_frames(&fixture(
        "anthropic/messages_tool_use_json_args.chunks.jsonl",
    ));
    let events = replay(Protocol::Anthropic, Reply::sse(frames)).await;
    let response = assemble(&events);
    let calls = tool_calls(&response.message.content);
    assert_eq!(calls.len(), 1);
    assert!(calls[0].2.is_object() && !calls[0].2.as_object().unwrap().is_empty());
}

#[tokio::test]
async fn anthropic_truncated_tool_json_at_max_tokens_is_output_truncated_with_its_usage() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture(
            "anthropic/messages_max_tokens_truncated_tool_json.sse",
        )),
    )
    .await;
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::OutputTruncated);
    assert!(error.detail.contains("make_file"), "{}", error.detail);
    assert!(
        error.user_message().contains("output token limit"),
        "{}",
        error.user_message()
    );
    // The tokens of the failed call travel with the error.
    assert_eq!(error.usage.input_tokens, 450);
    assert_eq!(error.usage.output_tokens, 124);
}

#[tokio::test]
async fn anthropic_overloaded_mid_stream() {
    let events = replay(
        Protocol::Anthropic,
        Reply::sse_text(&fixture(
            "anthropic/messages_stream_error_overloaded_midstream.sse",
        )),
    )
    .await;
    assert_eq!(text_of(&events), "Hello");
    assert_eq!(final_error(&events).code, ErrorCode::Overloaded);
}

#[tokio::test]
async fn responses_function_call() {
    let events = replay(
        Protocol::OpenAiResponses,
        Reply::sse_text(&fixture("openai-responses/responses_function_call.sse")),
    )
    .await;
    let response = assemble(&events);
    let calls = tool_calls(&response.message.content);
    assert_eq!(
        calls,
        vec![(
            "call_kL0PCQV7M2WMoVX8V8OtYSAL".into(),
            "get_capital".into(),
            json!({"country": "France"})
        )]
    );
    assert_eq!(response.finish_reason, FinishReason::ToolCalls);
    assert!(response.usage.input_tokens > 0);
}

#[tokio::test]
async fn responses_text_after_function_output() {
    let events = replay(
        Protocol::OpenAiResponses,
        Reply::sse_text(&fixture(
            "openai-responses/responses_text_after_function_output.sse",
        )),
    )
    .await;
    let response = assemble(&events);
    assert!(
        response.message.text().contains("Paris"),
        "{}",
        response.message.text()
    );
    assert_eq!(response.finish_reason, FinishReason::Stop);
}

#[tokio::test]
async fn responses_reasoning_summaries_and_calls_across_four_responses() {
    let frames = jsonl_frames(&fixture(
        "openai-responses/responses_reasoning_summary_function_calls.chunks.jsonl",
    ));
    // The recording holds four consecutive responses; serve each as its own reply.
    let mut replies: Vec<Vec<String>> = Vec::new();
    for frame in frames {
        if frame.starts_with("event: response.created\n") {
            replies.push(Vec::new());
        }
        replies.last_mut().unwrap().push(frame);
    }
    assert_eq!(replies.len(), 4);
    let mut saw_thinking = false;
    let mut saw_calls = 0;
    let mut saw_text = false;
    for frames in replies {
        let response = assemble(&replay(Protocol::OpenAiResponses, Reply::sse(frames)).await);
        for block in &response.message.content {
            match block {
                ContentBlock::Thinking { text, signature } => {
                    saw_thinking |= !text.is_empty() && signature.is_some();
                }
                ContentBlock::ToolCall { arguments, .. } => {
                    assert!(arguments.is_object());
                    saw_calls += 1;
                }
                ContentBlock::Text { text } => saw_text |= !text.is_empty(),
                _ => {}
            }
        }
    }
    assert!(saw_thinking && saw_text);
    assert_eq!(saw_calls, 3);
}

#[tokio::test]
async fn responses_in_stream_quota_error() {
    let frames = jsonl_frames(&fixture(
        "openai-responses/responses_stream_error_insufficient_quota.chunks.jsonl",
    ));
    let events = replay(Protocol::OpenAiResponses, Reply::sse(frames)).await;
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::Billing);
    assert_eq!(error.provider_code.as_deref(), Some("insufficient_quota"));
}

/// Every recorded error body, served with its recorded status, classifies as documented.
#[tokio::test]
async fn recorded_error_bodies_classify() {
    let cases = [
        (
            "anthropic_400_invalid_request_error.json",
            400,
            Protocol::Anthropic,
            ErrorCode::InvalidRequest,
        ),
        (
            "anthropic_401_authentication_error.json",
            401,
            Protocol::Anthropic,
            ErrorCode::Auth,
        ),
        (
            "anthropic_404_not_found_error.json",
            404,
            Protocol::Anthropic,
            ErrorCode::ModelNotFound,
        ),
        (
            "anthropic_529_overloaded_error.json",
            529,
            Protocol::Anthropic,
            ErrorCode::Overloaded,
        ),
        (
            "openai_401_invalid_api_key.json",
            401,
            Protocol::OpenAi,
            ErrorCode::Auth,
        ),
        (
            "openai_429_rate_limit_exceeded.json",
            429,
            Protocol::OpenAi,
            ErrorCode::RateLimit,
        ),
        (
            "openai_responses_400_invalid_request_error.json",
            400,
            Protocol::OpenAiResponses,
            ErrorCode::InvalidRequest,
        ),
        (
            "openrouter_429_provider_rate_limited.json",
            429,
            Protocol::OpenAi,
            ErrorCode::RateLimit,
        ),
    ];
    for (file, status, protocol, code) in cases {
        let mock = MockModel::start().await;
        let retries = if code.is_retryable() { 3 } else { 1 };
        mock.mount(
            Reply::json_text(status, &fixture(&format!("errors/{file}"))),
            retries,
        );
        let provider = provider_at(&mock.base_url(), protocol, |_| {});
        let events = stream_events(
            &provider,
            &request("recorded", "hi"),
            CallOptions::default(),
        )
        .await;
        let error = final_error(&events);
        assert_eq!(error.code, code, "{file}: {error:?}");
        assert_eq!(error.status, Some(status), "{file}");
        assert!(!error.detail.is_empty(), "{file}");
        assert_eq!(
            events.len(),
            1,
            "{file}: only the error event, got {events:?}"
        );
    }
}
