//! Helpers for tests that call the model layer directly against the mock server.
#![allow(
    dead_code,
    unreachable_pub,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "test support"
)]

use futures::StreamExt;
use pilotdeck::config::{ModelRef, Protocol, ProviderConfig, RetryConfig};
use pilotdeck::model::{
    CallOptions, ContentBlock, Error, Message, ModelClient, ModelEvent, ModelRequest,
    ResolvedProvider,
};

/// Fast retries (1–5 ms backoff) so retry tests take no real time; everything else default.
pub fn fast_retry() -> RetryConfig {
    RetryConfig {
        base_delay_ms: Some(1),
        max_delay_ms: Some(5),
        ..RetryConfig::default()
    }
}

/// A provider `mock` speaking `protocol` at `url` with key `sk-test` and fast retries.
pub fn provider_at(
    url: &str,
    protocol: Protocol,
    edit: impl FnOnce(&mut ProviderConfig),
) -> ResolvedProvider {
    let mut config = ProviderConfig {
        protocol: Some(protocol),
        url: Some(url.to_owned()),
        api_key: Some("sk-test".to_owned()),
        retry: fast_retry(),
        ..ProviderConfig::default()
    };
    edit(&mut config);
    ResolvedProvider::resolve("mock", &config).unwrap()
}

/// A request for `mock/<model>` with one user message.
pub fn request(model: &str, text: &str) -> ModelRequest {
    ModelRequest::new(
        ModelRef::parse(&format!("mock/{model}")).unwrap(),
        vec![Message::user(text)],
    )
}

pub fn client() -> ModelClient {
    ModelClient::new().unwrap()
}

/// Streams `request` and collects every event.
pub async fn stream_events(
    provider: &ResolvedProvider,
    request: &ModelRequest,
    options: CallOptions,
) -> Vec<ModelEvent> {
    client().stream(provider, request, options).collect().await
}

/// The concatenated text deltas.
pub fn text_of(events: &[ModelEvent]) -> String {
    events
        .iter()
        .filter_map(|e| match e {
            ModelEvent::TextDelta { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The final error event; panics if the stream did not end with one.
#[track_caller]
pub fn final_error(events: &[ModelEvent]) -> Error {
    match events.last() {
        Some(ModelEvent::Error { error }) => error.clone(),
        other => panic!("expected a final error event, got {other:?}"),
    }
}

/// The tool calls of an assembled message as (id, name, arguments).
pub fn tool_calls(content: &[ContentBlock]) -> Vec<(String, String, serde_json::Value)> {
    content
        .iter()
        .filter_map(|b| match b {
            ContentBlock::ToolCall {
                id,
                name,
                arguments,
            } => Some((id.clone(), name.clone(), arguments.clone())),
            _ => None,
        })
        .collect()
}

/// A file under `tests/fixtures/provider-streams`.
pub fn fixture(path: &str) -> String {
    let full = format!(
        "{}/tests/fixtures/provider-streams/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// vercel/ai's `.chunks.jsonl`: one data payload per line; the event name is the payload's `type`.
pub fn jsonl_frames(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let kind = serde_json::from_str::<serde_json::Value>(line).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned();
            format!("event: {kind}\ndata: {line}\n\n")
        })
        .collect()
}

/// Folds events into a response; panics on an error.
pub fn assemble(events: &[ModelEvent]) -> pilotdeck::model::ModelResponse {
    let mut assembler = pilotdeck::model::Assembler::new();
    for e in events {
        assembler.push(e);
    }
    assembler.finish().unwrap()
}
