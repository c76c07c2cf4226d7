//! Anthropic Messages replies, in the exact event shapes of the recorded streams in
//! `fixtures/provider-streams/anthropic` (`message_start` with cache usage, `content_block_*`,
//! `ping`, `signature_delta`, `input_json_delta`, `message_delta`, `message_stop`).

use serde_json::{Value, json};

use super::reply::{Finish, Part, Reply, Turn, frame};

const ID: &str = "msg_01MockMockMockMockMock";

fn stop_reason(finish: Finish) -> &'static str {
    match finish {
        Finish::Stop => "end_turn",
        Finish::Length => "max_tokens",
        Finish::ToolCalls => "tool_use",
        Finish::ContentFilter => "refusal",
    }
}

fn ev(kind: &str, data: Value) -> String {
    frame(Some(kind), &data)
}

/// The SSE frames of a streamed turn.
pub fn frames(turn: &Turn) -> Vec<String> {
    let mut out = vec![ev(
        "message_start",
        json!({"type": "message_start", "message": {"id": ID, "type": "message",
            "role": "assistant", "model": turn.model, "content": [], "stop_reason": null,
            "stop_sequence": null, "usage": {"input_tokens": turn.input_tokens,
                "cache_creation_input_tokens": turn.cache_write_tokens,
                "cache_read_input_tokens": turn.cache_read_tokens, "output_tokens": 1,
                "service_tier": "standard"}}}),
    )];
    for (index, part) in turn.parts.iter().enumerate() {
        let start = |block: Value| {
            ev(
                "content_block_start",
                json!({"type": "content_block_start", "index": index, "content_block": block}),
            )
        };
        let delta = |delta: Value| {
            ev(
                "content_block_delta",
                json!({"type": "content_block_delta", "index": index, "delta": delta}),
            )
        };
        match part {
            Part::Text(text) => {
                out.push(start(json!({"type": "text", "text": ""})));
                for piece in turn.pieces(text) {
                    out.push(delta(json!({"type": "text_delta", "text": piece})));
                }
            }
            Part::Thinking { text, signature } => {
                out.push(start(
                    json!({"type": "thinking", "thinking": "", "signature": ""}),
                ));
                for piece in turn.pieces(text) {
                    out.push(delta(json!({"type": "thinking_delta", "thinking": piece})));
                }
                out.push(delta(
                    json!({"type": "signature_delta", "signature": signature}),
                ));
            }
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                out.push(start(
                    json!({"type": "tool_use", "id": id, "name": name, "input": {}}),
                ));
                // The real API sends an empty first piece (and only that one for `{}` input).
                out.push(delta(
                    json!({"type": "input_json_delta", "partial_json": ""}),
                ));
                for piece in turn.pieces(arguments) {
                    out.push(delta(
                        json!({"type": "input_json_delta", "partial_json": piece}),
                    ));
                }
            }
        }
        if index == 0 {
            out.push(ev("ping", json!({"type": "ping"})));
        }
        out.push(ev(
            "content_block_stop",
            json!({"type": "content_block_stop", "index": index}),
        ));
    }
    out.push(ev(
        "message_delta",
        json!({"type": "message_delta", "delta": {"stop_reason": stop_reason(turn.finish_reason()),
            "stop_sequence": null}, "usage": {"output_tokens": turn.output_tokens}}),
    ));
    out.push(ev("message_stop", json!({"type": "message_stop"})));
    out
}

/// A streamed reply.
pub fn stream(turn: &Turn) -> Reply {
    Reply::sse(frames(turn))
}

pub fn text(text: &str) -> Reply {
    stream(&Turn::new().text(text))
}

pub fn tool_call(id: &str, name: &str, arguments: &str) -> Reply {
    stream(&Turn::new().tool_call(id, name, arguments))
}

/// An in-stream `error` event frame.
pub fn error_event(kind: &str, message: &str) -> String {
    ev(
        "error",
        json!({"type": "error", "error": {"details": null, "type": kind, "message": message}}),
    )
}

/// A non-streaming `message`.
pub fn json(turn: &Turn) -> Reply {
    let content: Vec<Value> = turn
        .parts
        .iter()
        .map(|p| match p {
            Part::Text(text) => json!({"type": "text", "text": text}),
            Part::Thinking { text, signature } => {
                json!({"type": "thinking", "thinking": text, "signature": signature})
            }
            Part::ToolCall {
                id,
                name,
                arguments,
            } => json!({"type": "tool_use", "id": id, "name": name,
                "input": serde_json::from_str::<Value>(arguments).unwrap_or(json!({}))}),
        })
        .collect();
    Reply::json(
        200,
        &json!({"id": ID, "type": "message", "role": "assistant", "model": turn.model,
            "content": content, "stop_reason": stop_reason(turn.finish_reason()),
            "stop_sequence": null, "usage": {"input_tokens": turn.input_tokens,
                "cache_creation_input_tokens": turn.cache_write_tokens,
                "cache_read_input_tokens": turn.cache_read_tokens,
                "output_tokens": turn.output_tokens}}),
    )
}

/// An Anthropic error response: `{"type": "error", "error": {"type", "message"}}`.
pub fn error(status: u16, kind: &str, message: &str) -> Reply {
    Reply::json(
        status,
        &json!({"type": "error", "error": {"type": kind, "message": message}}),
    )
}

/// A 400 "prompt is too long", as Anthropic words it.
pub fn prompt_too_long() -> Reply {
    error(
        400,
        "invalid_request_error",
        "prompt is too long: 208310 tokens > 200000 maximum",
    )
}
