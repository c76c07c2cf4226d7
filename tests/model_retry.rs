//! Retries, the retry budget, timeouts, disconnects and cancellation, against the mock server.
//! No sleeps and no timing assertions: tests count requests and look at events.

#[path = "support/mock_model/mod.rs"]
mod mock_model;
#[path = "support/model_call.rs"]
mod model_call;

use std::time::Duration;

use futures::StreamExt;
use mock_model::{MockModel, Reply, Turn, error_429, error_500, openai};
use model_call::{client, final_error, provider_at, request, stream_events, text_of};
use pilotdeck::config::Protocol;
use pilotdeck::model::{CallOptions, ErrorCode, ModelEvent, ResolvedProvider, RetryBudget, retry};
use tokio_util::sync::CancellationToken;

fn provider(mock: &MockModel) -> ResolvedProvider {
    provider_at(&mock.base_url(), Protocol::OpenAi, |_| {})
}

#[tokio::test]
async fn retry_then_success() {
    let mock = MockModel::start().await;
    mock.mount(error_500(), 1);
    mock.mount(mock_model::error_529(), 1);
    mock.mount(openai::text("finally"), 1);
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "finally");
    assert!(matches!(events.last(), Some(ModelEvent::MessageEnd { .. })));
    assert_eq!(mock.requests().len(), 3);
}

/// The bound documented in `model::retry`: 1 + streamMaxRetries requests (default 3) for a
/// streaming call, 1 + requestMaxRetries for `complete()`.
#[tokio::test]
async fn persistent_failure_costs_exactly_the_documented_bound() {
    let mock = MockModel::start().await;
    let p = provider(&mock);
    assert_eq!(p.retry.max_retries(true), 2);
    mock.mount(error_500(), 3);
    let events = stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await;
    assert_eq!(final_error(&events).code, ErrorCode::ServerError);
    assert_eq!(events.len(), 1);
    assert_eq!(mock.requests().len(), 3);

    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.request_max_retries = Some(4)
    });
    mock.mount(error_500(), 5);
    let error = client()
        .complete(&p, &request("gpt-4o", "hi"), CallOptions::default())
        .await
        .unwrap_err();
    assert_eq!(error.code, ErrorCode::ServerError);
    assert_eq!(mock.requests().len(), 5);
}

#[tokio::test]
async fn the_budget_is_shared_across_calls_and_caps_total_requests() {
    let mock = MockModel::start().await;
    mock.mount(error_500(), 4);
    let budget = RetryBudget::new(4);
    let options = CallOptions {
        budget: budget.clone(),
        cancel: CancellationToken::new(),
    };
    // First call (say, the primary model): 3 requests. Second (a fallback): only 1 is left.
    let first = stream_events(&provider(&mock), &request("gpt-4o", "hi"), options.clone()).await;
    assert_eq!(final_error(&first).code, ErrorCode::ServerError);
    let second = stream_events(
        &provider(&mock),
        &request("gpt-4o-mini", "hi"),
        options.clone(),
    )
    .await;
    assert_eq!(final_error(&second).code, ErrorCode::ServerError);
    assert_eq!(mock.requests().len(), 4);
    assert_eq!(budget.used(), 4);
    // A third call with the spent budget sends nothing and reports the last failure.
    let third = stream_events(&provider(&mock), &request("gpt-4o", "hi"), options).await;
    assert_eq!(final_error(&third).code, ErrorCode::ServerError);
    assert_eq!(mock.requests().len(), 4);
}

#[tokio::test]
async fn retry_after_is_read_and_drives_the_delay() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.stream_max_retries = Some(0)
    });
    mock.push(error_429(Some(30)));
    let error =
        final_error(&stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await);
    assert_eq!(error.code, ErrorCode::RateLimit);
    assert_eq!(error.retry_after(), Some(Duration::from_secs(30)));
    // The computed delay is the provider's, not the backoff (which would be ≤ 5 ms here).
    assert_eq!(p.retry.delay(0, &error), Some(Duration::from_secs(30)));
}

#[tokio::test]
async fn retry_after_beyond_the_cap_stops_retrying() {
    let mock = MockModel::start().await;
    mock.push(error_429(Some(3600)));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    let error = final_error(&events);
    assert_eq!(error.retry_after_ms, Some(3_600_000));
    assert!(error.retry_after().unwrap() > retry::RETRY_AFTER_CAP);
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn short_retry_after_is_waited_for_then_retried() {
    let mock = MockModel::start().await;
    mock.push(error_429(None).header("retry-after-ms", "1"));
    mock.push(openai::text("ok"));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "ok");
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn no_retry_once_content_was_yielded() {
    let mock = MockModel::start().await;
    // role chunk + 2 text pieces, then the connection drops inside the chunked body.
    mock.push(openai::text("Hello world").disconnect_after(3));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "Hello ");
    assert_eq!(final_error(&events).code, ErrorCode::Network);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, ModelEvent::MessageEnd { .. }))
    );
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn disconnect_before_content_is_retried() {
    let mock = MockModel::start().await;
    mock.push(openai::text("Hello").disconnect_after(1));
    mock.push(openai::text("Hello"));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "Hello");
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn a_clean_end_without_completion_is_an_error() {
    let mock = MockModel::start().await;
    let frames = openai::text("Hello").frames()[..3].to_vec();
    mock.push(Reply::sse(frames));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(final_error(&events).code, ErrorCode::Network);
}

#[tokio::test]
async fn idle_stream_times_out_with_an_error_event() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.stream_idle_timeout_ms = Some(200)
    });
    mock.push(openai::text("Hello world").stall_after(2));
    let events = stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await;
    assert_eq!(text_of(&events), "Hel");
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::StreamIdle);
    assert!(error.to_string().contains("streamIdleTimeoutMs"), "{error}");
    assert_eq!(mock.requests().len(), 1);
}

#[tokio::test]
async fn idle_before_any_content_is_retried() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.stream_idle_timeout_ms = Some(200)
    });
    mock.push(openai::text("late").stall_after(0));
    mock.push(openai::text("on time"));
    let events = stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await;
    assert_eq!(text_of(&events), "on time");
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn cancellation_stops_a_stalled_stream() {
    let mock = MockModel::start().await;
    mock.push(openai::text("Hello world").stall_after(2));
    let cancel = CancellationToken::new();
    let options = CallOptions {
        budget: RetryBudget::default(),
        cancel: cancel.clone(),
    };
    let mut stream = client().stream(&provider(&mock), &request("gpt-4o", "hi"), options);
    loop {
        match stream.next().await {
            Some(ModelEvent::TextDelta { .. }) => break,
            Some(_) => {}
            None => panic!("stream ended early"),
        }
    }
    cancel.cancel();
    let rest: Vec<ModelEvent> = stream.collect().await;
    assert_eq!(final_error(&rest).code, ErrorCode::Cancelled);
}

#[tokio::test]
async fn cancelled_before_start_sends_nothing() {
    let mock = MockModel::start().await;
    let cancel = CancellationToken::new();
    cancel.cancel();
    let options = CallOptions {
        budget: RetryBudget::default(),
        cancel,
    };
    let error = client()
        .complete(&provider(&mock), &request("gpt-4o", "hi"), options)
        .await
        .unwrap_err();
    assert_eq!(error.code, ErrorCode::Cancelled);
    assert!(mock.requests().is_empty());
}

#[tokio::test]
async fn zero_usage_empty_reply_is_retried_then_reported() {
    let mock = MockModel::start().await;
    mock.push(openai::stream(&Turn::empty()));
    mock.push(openai::text("real answer"));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "real answer");
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, ModelEvent::Usage { .. }))
            .count(),
        1
    );

    let mock = MockModel::start().await;
    mock.mount(openai::stream(&Turn::empty()), 3);
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(final_error(&events).code, ErrorCode::EmptyResponse);
}

#[tokio::test]
async fn malformed_chunk_before_content_is_retried_after_content_is_an_error() {
    let mock = MockModel::start().await;
    mock.push(openai::text("abc").malformed_at(0));
    mock.push(openai::text("abcdef").malformed_at(2));
    let events = stream_events(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    )
    .await;
    assert_eq!(text_of(&events), "abc");
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::ServerError);
    assert!(error.detail.contains("malformed"), "{}", error.detail);
    assert_eq!(mock.requests().len(), 2);
}

#[tokio::test]
async fn unversioned_base_url_falls_back_from_v1_on_404() {
    let mock = MockModel::start().await;
    mock.push(openai::error(
        404,
        "invalid_request_error",
        "unknown_url",
        "Unknown request URL: POST /v1/chat/completions.",
    ));
    mock.push(openai::text("ok"));
    let p = provider_at(&mock.host_url(), Protocol::OpenAi, |c| {
        c.retry.stream_max_retries = Some(0)
    });
    let events = stream_events(&p, &request("llama3", "hi"), CallOptions::default()).await;
    assert_eq!(text_of(&events), "ok");
    let paths: Vec<String> = mock.requests().into_iter().map(|r| r.path).collect();
    assert_eq!(paths, ["/v1/chat/completions", "/chat/completions"]);
}

#[tokio::test]
async fn a_missing_key_fails_before_any_request_and_names_the_variable() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.api_key = Some("${PILOTDECK_TEST_NEVER_SET_KEY}".into());
    });
    let events = stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await;
    let error = final_error(&events);
    assert_eq!(error.code, ErrorCode::Auth);
    assert!(error.is_account_error());
    assert!(
        error.to_string().contains("PILOTDECK_TEST_NEVER_SET_KEY"),
        "{error}"
    );
    assert!(mock.requests().is_empty());
}

#[tokio::test]
async fn dropping_the_stream_stops_reading() {
    let mock = MockModel::start().await;
    mock.push(openai::text("Hello world").stall_after(2));
    let mut stream = client().stream(
        &provider(&mock),
        &request("gpt-4o", "hi"),
        CallOptions::default(),
    );
    while let Some(event) = stream.next().await {
        if matches!(event, ModelEvent::TextDelta { .. }) {
            break;
        }
    }
    drop(stream);
    mock.wait_for_requests(1).await;
}

#[tokio::test]
async fn a_looping_stream_is_stopped() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        c.retry.repeated_chunk_limit = Some(5)
    });
    let looping = Turn {
        piece: 4,
        ..Turn::new()
    }
    .text(&"abc ".repeat(50));
    mock.push(openai::stream(&looping));
    let events = stream_events(&p, &request("gpt-4o", "hi"), CallOptions::default()).await;
    assert_eq!(text_of(&events), "abc ".repeat(4));
    assert!(final_error(&events).detail.contains("looping"));
}

#[tokio::test]
async fn tools_for_a_model_without_tool_support_fail_before_any_request() {
    let mock = MockModel::start().await;
    let p = provider_at(&mock.base_url(), Protocol::OpenAi, |c| {
        let mut entry = pilotdeck::config::ModelEntry::default();
        entry.capabilities.supports_tool_use = Some(false);
        c.models.insert("tiny".into(), Some(entry));
    });
    let mut req = request("tiny", "hi");
    req.tools.push(pilotdeck::model::ToolSpec {
        name: "ls".into(),
        description: "List".into(),
        input_schema: serde_json::json!({"type": "object"}),
    });
    let error = final_error(&stream_events(&p, &req, CallOptions::default()).await);
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    assert!(error.to_string().contains("supportsToolUse"), "{error}");
    assert!(mock.requests().is_empty());
}
