//! OpenAI Responses replies, in the event shapes of the recorded streams in
//! `fixtures/provider-streams/openai-responses` (with `sequence_number`, as current servers send).

use serde_json::{Value, json};

use super::reply::{Finish, Part, Reply, Turn, frame};

const ID: &str = "resp_mock0001";

fn usage(turn: &Turn) -> Value {
    let input = turn.input_tokens + turn.cache_read_tokens;
    json!({"input_tokens": input, "input_tokens_details": {"cached_tokens": turn.cache_read_tokens},
        "output_tokens": turn.output_tokens, "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": input + turn.output_tokens})
}

fn response(turn: &Turn, status: &str, output: Vec<Value>, usage: Value) -> Value {
    let incomplete = match turn.finish_reason() {
        Finish::Length => json!({"reason": "max_output_tokens"}),
        Finish::ContentFilter => json!({"reason": "content_filter"}),
        Finish::Stop | Finish::ToolCalls => Value::Null,
    };
    json!({"id": ID, "object": "response", "created_at": 1_765_552_659, "status": status,
        "error": null, "incomplete_details": if status == "incomplete" { incomplete } else { Value::Null },
        "model": turn.model, "output": output, "parallel_tool_calls": true, "store": false,
        "usage": usage})
}

fn final_status(turn: &Turn) -> &'static str {
    match turn.finish_reason() {
        Finish::Length | Finish::ContentFilter => "incomplete",
        Finish::Stop | Finish::ToolCalls => "completed",
    }
}

/// The output items of a finished turn.
fn items(turn: &Turn) -> Vec<Value> {
    turn.parts
        .iter()
        .enumerate()
        .map(|(i, p)| match p {
            Part::Text(text) => json!({"id": format!("msg_{i}"), "type": "message",
                "status": "completed", "role": "assistant",
                "content": [{"type": "output_text", "annotations": [], "text": text}]}),
            Part::Thinking { text, signature } => json!({"id": format!("rs_{i}"),
                "type": "reasoning", "encrypted_content": signature,
                "summary": [{"type": "summary_text", "text": text}]}),
            Part::ToolCall {
                id,
                name,
                arguments,
            } => json!({"id": format!("fc_{i}"), "type": "function_call", "status": "completed",
                "arguments": arguments, "call_id": id, "name": name}),
        })
        .collect()
}

/// The SSE frames of a streamed turn.
pub fn frames(turn: &Turn) -> Vec<String> {
    let mut seq = 0;
    let mut out = Vec::new();
    let mut push = |mut data: Value| {
        data["sequence_number"] = json!(seq);
        seq += 1;
        let kind = data["type"].as_str().unwrap_or_default().to_owned();
        out.push(frame(Some(&kind), &data));
    };
    push(
        json!({"type": "response.created", "response": response(turn, "in_progress", vec![], Value::Null)}),
    );
    push(
        json!({"type": "response.in_progress", "response": response(turn, "in_progress", vec![], Value::Null)}),
    );
    let done_items = items(turn);
    for (i, part) in turn.parts.iter().enumerate() {
        let done = done_items[i].clone();
        match part {
            Part::Text(text) => {
                let id = format!("msg_{i}");
                push(
                    json!({"type": "response.output_item.added", "output_index": i, "item":
                    {"id": id, "type": "message", "status": "in_progress", "role": "assistant", "content": []}}),
                );
                push(
                    json!({"type": "response.content_part.added", "item_id": id, "output_index": i,
                    "content_index": 0, "part": {"type": "output_text", "annotations": [], "text": ""}}),
                );
                for piece in turn.pieces(text) {
                    push(json!({"type": "response.output_text.delta", "item_id": id,
                        "output_index": i, "content_index": 0, "delta": piece, "logprobs": []}));
                }
                push(
                    json!({"type": "response.output_text.done", "item_id": id, "output_index": i,
                    "content_index": 0, "text": text, "logprobs": []}),
                );
                push(
                    json!({"type": "response.content_part.done", "item_id": id, "output_index": i,
                    "content_index": 0, "part": {"type": "output_text", "annotations": [], "text": text}}),
                );
            }
            Part::Thinking { text, .. } => {
                let id = format!("rs_{i}");
                push(
                    json!({"type": "response.output_item.added", "output_index": i, "item":
                    {"id": id, "type": "reasoning", "summary": []}}),
                );
                push(
                    json!({"type": "response.reasoning_summary_part.added", "item_id": id,
                    "output_index": i, "summary_index": 0, "part": {"type": "summary_text", "text": ""}}),
                );
                for piece in turn.pieces(text) {
                    push(
                        json!({"type": "response.reasoning_summary_text.delta", "item_id": id,
                        "output_index": i, "summary_index": 0, "delta": piece}),
                    );
                }
                push(
                    json!({"type": "response.reasoning_summary_text.done", "item_id": id,
                    "output_index": i, "summary_index": 0, "text": text}),
                );
            }
            Part::ToolCall {
                id: call_id,
                name,
                arguments,
            } => {
                let id = format!("fc_{i}");
                push(
                    json!({"type": "response.output_item.added", "output_index": i, "item":
                    {"id": id, "type": "function_call", "status": "in_progress", "arguments": "",
                        "call_id": call_id, "name": name}}),
                );
                for piece in turn.pieces(arguments) {
                    push(
                        json!({"type": "response.function_call_arguments.delta", "item_id": id,
                        "output_index": i, "delta": piece}),
                    );
                }
                push(
                    json!({"type": "response.function_call_arguments.done", "item_id": id,
                    "output_index": i, "arguments": arguments}),
                );
            }
        }
        push(json!({"type": "response.output_item.done", "output_index": i, "item": done}));
    }
    let status = final_status(turn);
    let kind = if status == "completed" {
        "response.completed"
    } else {
        "response.incomplete"
    };
    push(json!({"type": kind, "response": response(turn, status, done_items, usage(turn))}));
    out
}

pub fn stream(turn: &Turn) -> Reply {
    Reply::sse(frames(turn))
}

pub fn text(text: &str) -> Reply {
    stream(&Turn::new().text(text))
}

/// A non-streaming `response` object.
pub fn json(turn: &Turn) -> Reply {
    Reply::json(
        200,
        &response(turn, final_status(turn), items(turn), usage(turn)),
    )
}

/// An in-stream `error` event followed by `response.failed`, as the API sends them.
pub fn failed_frames(code: &str, message: &str) -> Vec<String> {
    vec![
        frame(
            Some("error"),
            &json!({"type": "error", "sequence_number": 2,
            "error": {"type": code, "code": code, "message": message, "param": null}}),
        ),
        frame(
            Some("response.failed"),
            &json!({"type": "response.failed", "sequence_number": 3,
            "response": {"id": ID, "object": "response", "status": "failed",
                "error": {"code": code, "message": message}, "output": [], "usage": null}}),
        ),
    ]
}
