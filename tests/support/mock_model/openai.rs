//! OpenAI Chat Completions replies, in the exact chunk shapes of the recorded streams in
//! `fixtures/provider-streams/openai-chat` (`chat.completion.chunk`, tool calls by `index`, a finish
//! chunk with an empty delta, a usage chunk with `choices: []`, `[DONE]`).

use serde_json::{Value, json};

use super::reply::{Finish, Part, Reply, Turn, frame};

const ID: &str = "chatcmpl-mock0001";
const CREATED: u64 = 1_727_346_178;

fn finish_str(finish: Finish) -> &'static str {
    match finish {
        Finish::Stop => "stop",
        Finish::Length => "length",
        Finish::ToolCalls => "tool_calls",
        Finish::ContentFilter => "content_filter",
    }
}

/// A `chat.completion.chunk` with one choice.
pub fn chunk(model: &str, delta: Value, finish: Option<&str>) -> Value {
    json!({"id": ID, "object": "chat.completion.chunk", "created": CREATED, "model": model,
        "system_fingerprint": "fp_mock", "choices": [{"index": 0, "delta": delta, "logprobs": null,
        "finish_reason": finish}]})
}

/// The `usage` object for a turn.
pub fn usage(turn: &Turn) -> Value {
    let prompt = turn.input_tokens + turn.cache_read_tokens;
    json!({"prompt_tokens": prompt, "completion_tokens": turn.output_tokens,
        "total_tokens": prompt + turn.output_tokens,
        "prompt_tokens_details": {"cached_tokens": turn.cache_read_tokens, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0}})
}

/// The chunk payloads of a streamed turn (without `[DONE]`). Thinking is sent as DeepSeek/Qwen
/// `reasoning_content`.
pub fn chunks(turn: &Turn) -> Vec<Value> {
    let model = turn.model.as_str();
    let mut out = vec![chunk(
        model,
        json!({"role": "assistant", "content": "", "refusal": null}),
        None,
    )];
    let mut tool_index = 0;
    for part in &turn.parts {
        match part {
            Part::Text(text) => {
                for piece in turn.pieces(text) {
                    out.push(chunk(model, json!({"content": piece}), None));
                }
            }
            Part::Thinking { text, .. } => {
                for piece in turn.pieces(text) {
                    out.push(chunk(model, json!({"reasoning_content": piece}), None));
                }
            }
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                out.push(chunk(
                    model,
                    json!({"tool_calls": [{"index": tool_index, "id": id, "type": "function",
                        "function": {"name": name, "arguments": ""}}]}),
                    None,
                ));
                for piece in turn.pieces(arguments) {
                    out.push(chunk(
                        model,
                        json!({"tool_calls": [{"index": tool_index, "function": {"arguments": piece}}]}),
                        None,
                    ));
                }
                tool_index += 1;
            }
        }
    }
    out.push(chunk(
        model,
        json!({}),
        Some(finish_str(turn.finish_reason())),
    ));
    out.push(
        json!({"id": ID, "object": "chat.completion.chunk", "created": CREATED,
        "model": model, "system_fingerprint": "fp_mock", "choices": [], "usage": usage(turn)}),
    );
    out
}

/// SSE frames for raw chunk payloads, with the `[DONE]` sentinel.
pub fn sse(chunks: &[Value]) -> Reply {
    let mut frames: Vec<String> = chunks.iter().map(|c| frame(None, c)).collect();
    frames.push("data: [DONE]\n\n".to_owned());
    Reply::sse(frames)
}

/// A streamed reply.
pub fn stream(turn: &Turn) -> Reply {
    sse(&chunks(turn))
}

/// A streamed text reply.
pub fn text(text: &str) -> Reply {
    stream(&Turn::new().text(text))
}

/// A streamed reply with one tool call.
pub fn tool_call(id: &str, name: &str, arguments: &str) -> Reply {
    stream(&Turn::new().tool_call(id, name, arguments))
}

/// A non-streaming `chat.completion`.
pub fn json(turn: &Turn) -> Reply {
    let text: String = turn
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let reasoning: String = turn
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Thinking { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    let calls: Vec<Value> = turn
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::ToolCall {
                id,
                name,
                arguments,
            } => Some(json!({"id": id, "type": "function",
                "function": {"name": name, "arguments": arguments}})),
            _ => None,
        })
        .collect();
    let mut message = json!({"role": "assistant",
        "content": if text.is_empty() { Value::Null } else { json!(text) }, "refusal": null});
    if !reasoning.is_empty() {
        message["reasoning_content"] = json!(reasoning);
    }
    if !calls.is_empty() {
        message["tool_calls"] = json!(calls);
    }
    Reply::json(
        200,
        &json!({"id": ID, "object": "chat.completion", "created": CREATED, "model": turn.model,
            "choices": [{"index": 0, "message": message, "logprobs": null,
                "finish_reason": finish_str(turn.finish_reason())}],
            "usage": usage(turn), "system_fingerprint": "fp_mock"}),
    )
}

/// An OpenAI error response: `{"error": {"message", "type", "param": null, "code"}}`.
pub fn error(status: u16, kind: &str, code: &str, message: &str) -> Reply {
    Reply::json(
        status,
        &json!({"error": {"message": message, "type": kind, "param": null, "code": code}}),
    )
}

/// A 400 `context_length_exceeded`, as OpenAI words it.
pub fn context_length_exceeded() -> Reply {
    error(
        400,
        "invalid_request_error",
        "context_length_exceeded",
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.",
    )
}

/// A 429 `insufficient_quota` (a billing problem, not a rate limit).
pub fn insufficient_quota() -> Reply {
    error(
        429,
        "insufficient_quota",
        "insufficient_quota",
        "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    )
}
