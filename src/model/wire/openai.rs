//! OpenAI Chat Completions (`POST …/chat/completions`), spoken by OpenAI and every compatible server
//! (DeepSeek, DashScope/Qwen, Moonshot, Zhipu, OpenRouter, Ollama, vLLM, llama.cpp, Google's
//! OpenAI-compatible endpoint).
//!
//! Stream shape: `data: {chat.completion.chunk}` lines, `choices[0].delta` carrying `content`,
//! `reasoning_content`/`reasoning` (DeepSeek, Qwen, OpenRouter) and `refusal` text, and
//! `tool_calls[]` keyed by `index` whose `function.arguments` arrive split anywhere; a chunk with
//! `finish_reason`; with `stream_options.include_usage` a last chunk with `choices: []` and `usage`;
//! then `data: [DONE]`. Servers that omit `[DONE]` are accepted once a `finish_reason` was seen.
//! A refusal is passed on as text with finish reason `content_filter`. A `<think>…</think>` opening
//! the content is split out as thinking (`think.rs`).

use serde_json::{Value, json};

use super::think::ThinkSplitter;
use super::{Origin, StreamDecoder, count, set_function_tools, str_field};
use crate::model::catalog::ModelInfo;
use crate::model::error::Error;
use crate::model::event::{FinishReason, ModelEvent, Usage};
use crate::model::message::{ContentBlock, ImageSource, Role, ToolResultContent};
use crate::model::request::ModelRequest;
use crate::model::sse::SseEvent;

pub(super) fn body(
    provider_id: &str,
    request: &ModelRequest,
    info: &ModelInfo,
    stream: bool,
) -> Value {
    let mut messages = Vec::new();
    if let Some(system) = &request.system {
        messages.push(json!({"role": "system", "content": system}));
    }
    for message in &request.messages {
        push_message(&mut messages, message.role, &message.content, info);
    }
    let mut body = json!({
        "model": request.model.model,
        "messages": messages,
        "stream": stream,
    });
    let max = request.max_output_tokens.unwrap_or(info.max_output_tokens);
    // OpenAI's reasoning models reject `max_tokens`; compatible servers only know `max_tokens`.
    let max_key = if info.is_openai_reasoning {
        "max_completion_tokens"
    } else {
        "max_tokens"
    };
    body[max_key] = json!(max);
    if stream {
        body["stream_options"] = json!({"include_usage": true});
    }
    if let Some(t) = request.temperature.filter(|_| !info.is_openai_reasoning) {
        body["temperature"] = json!(t);
    }
    if !request.stop.is_empty() {
        body["stop"] = json!(request.stop);
    }
    set_function_tools(
        &mut body,
        request,
        |t| {
            json!({"type": "function", "function": {
                "name": t.name, "description": t.description, "parameters": t.input_schema}})
        },
        |name| json!({"type": "function", "function": {"name": name}}),
    );
    if let Some(schema) = &request.output_schema {
        body["response_format"] = json!({"type": "json_schema", "json_schema": {
            "name": schema.name, "schema": schema.schema, "strict": schema.strict}});
    }
    if let Some(thinking) = &request.thinking {
        if provider_id == "dashscope" {
            body["enable_thinking"] = json!(true);
            body["thinking_budget"] = json!(thinking.budget_tokens.unwrap_or(4096));
        } else if info.is_openai_reasoning {
            body["reasoning_effort"] = json!(thinking.effort.as_str());
        }
    }
    body
}

fn push_message(out: &mut Vec<Value>, role: Role, content: &[ContentBlock], info: &ModelInfo) {
    match role {
        Role::User => {
            let only_text = content
                .iter()
                .all(|b| matches!(b, ContentBlock::Text { .. }));
            let value = if only_text {
                Value::String(joined_text(content))
            } else {
                Value::Array(content.iter().filter_map(|b| user_part(b, info)).collect())
            };
            out.push(json!({"role": "user", "content": value}));
        }
        Role::Assistant => {
            let text = joined_text(content);
            let mut message = json!({"role": "assistant", "content": if text.is_empty() { Value::Null } else { Value::String(text) }});
            let reasoning: String = content
                .iter()
                .filter_map(|b| match b {
                    ContentBlock::Thinking { text, .. } => Some(text.as_str()),
                    _ => None,
                })
                .collect();
            if !reasoning.is_empty() {
                message["reasoning_content"] = json!(reasoning);
            }
            let calls: Vec<Value> = content
                .iter()
                .filter_map(|b| match b {
                    ContentBlock::ToolCall {
                        id,
                        name,
                        arguments,
                    } => Some(json!({
                        "id": id, "type": "function",
                        "function": {"name": name, "arguments": arguments.to_string()}})),
                    _ => None,
                })
                .collect();
            if !calls.is_empty() {
                message["tool_calls"] = Value::Array(calls);
            }
            out.push(message);
        }
        Role::Tool => {
            // Tool messages take text only: their images and documents follow in one user message.
            let mut media = Vec::new();
            for block in content {
                if let ContentBlock::ToolResult {
                    call_id, content, ..
                } = block
                {
                    out.push(json!({"role": "tool", "tool_call_id": call_id,
                        "content": ToolResultContent::joined_text(content)}));
                    media.extend(content.iter().filter_map(|part| match part {
                        ToolResultContent::Image { source } => Some(image_part(source, info)),
                        _ => None,
                    }));
                }
            }
            if !media.is_empty() {
                media.insert(
                    0,
                    json!({"type": "text", "text": "The images returned by the tool calls above:"}),
                );
                out.push(json!({"role": "user", "content": media}));
            }
        }
    }
}

/// One part of a user message's content array.
fn user_part(block: &ContentBlock, info: &ModelInfo) -> Option<Value> {
    Some(match block {
        ContentBlock::Text { text } => json!({"type": "text", "text": text}),
        ContentBlock::Image { source } => image_part(source, info),
        ContentBlock::Document(doc) => json!({"type": "text", "text": doc.as_text()}),
        ContentBlock::MediaReference(media) => json!({"type": "text", "text": media.placeholder()}),
        _ => return None,
    })
}

/// An `image_url` part, with `imageDetail` when configured.
pub(super) fn image_part(source: &ImageSource, info: &ModelInfo) -> Value {
    let mut url = json!({"url": source.as_url()});
    if let Some(detail) = info.media.image_detail {
        url["detail"] = json!(detail.as_str());
    }
    json!({"type": "image_url", "image_url": url})
}

fn joined_text(content: &[ContentBlock]) -> String {
    content
        .iter()
        .filter_map(|b| match b {
            ContentBlock::Text { text } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// `finish_reason` → canonical.
fn finish_reason(reason: &str) -> FinishReason {
    match reason {
        "stop" | "end_turn" | "stop_sequence" => FinishReason::Stop,
        "length" | "max_tokens" => FinishReason::Length,
        "tool_calls" | "function_call" | "tool_use" => FinishReason::ToolCalls,
        r if r.starts_with("content_filter") => FinishReason::ContentFilter,
        _ => FinishReason::Unknown,
    }
}

/// `usage` → canonical. Cached prompt tokens are reported inside `prompt_tokens`
/// (`prompt_tokens_details.cached_tokens`; DeepSeek: `prompt_cache_hit_tokens`).
fn usage(u: &Value) -> Usage {
    let prompt = count(u, "/prompt_tokens");
    let cached =
        count(u, "/prompt_tokens_details/cached_tokens").max(count(u, "/prompt_cache_hit_tokens"));
    Usage {
        input_tokens: prompt.saturating_sub(cached),
        output_tokens: count(u, "/completion_tokens"),
        cache_read_tokens: cached,
        cache_write_tokens: 0,
    }
}

struct Call {
    index: u64,
    id: String,
    name: String,
    arguments: String,
    ended: bool,
}

pub(super) struct Decoder {
    origin: Origin,
    started: bool,
    calls: Vec<Call>,
    finish: Option<FinishReason>,
    refused: bool,
    usage: Option<Usage>,
    done: bool,
    think: ThinkSplitter,
}

impl Decoder {
    pub(super) fn new(origin: Origin) -> Decoder {
        Decoder {
            origin,
            started: false,
            calls: Vec::new(),
            finish: None,
            refused: false,
            usage: None,
            done: false,
            think: ThinkSplitter::default(),
        }
    }

    fn chunk(&mut self, chunk: &Value, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        if chunk.get("error").is_some_and(|e| !e.is_null()) {
            return Err(self.origin.body_error(chunk));
        }
        if !self.started {
            self.started = true;
            out.push(ModelEvent::MessageStart {
                id: str_field(chunk, "id").map(str::to_owned),
                model: str_field(chunk, "model").map(str::to_owned),
            });
        }
        if let Some(u) = chunk.get("usage").filter(|u| u.is_object()) {
            self.usage = Some(usage(u));
        }
        let Some(choice) = chunk
            .get("choices")
            .and_then(Value::as_array)
            .and_then(|c| c.first())
        else {
            return Ok(());
        };
        if let Some(delta) = choice.get("delta") {
            self.delta(delta, out);
        }
        if let Some(reason) = str_field(choice, "finish_reason") {
            self.think.flush(out);
            self.finish = Some(finish_reason(reason));
            self.end_calls(out)?;
        }
        Ok(())
    }

    fn delta(&mut self, delta: &Value, out: &mut Vec<ModelEvent>) {
        for key in ["reasoning_content", "reasoning"] {
            if let Some(text) = str_field(delta, key) {
                out.push(ModelEvent::ThinkingDelta {
                    text: text.to_owned(),
                    signature: None,
                });
                break;
            }
        }
        if let Some(text) = str_field(delta, "content") {
            self.think.push(text, out);
        }
        if let Some(text) = str_field(delta, "refusal") {
            self.refused = true;
            out.push(ModelEvent::TextDelta {
                text: text.to_owned(),
            });
        }
        let Some(calls) = delta.get("tool_calls").and_then(Value::as_array) else {
            return;
        };
        for (position, call) in calls.iter().enumerate() {
            let index = call
                .get("index")
                .and_then(Value::as_u64)
                .unwrap_or(position as u64);
            let function = call.get("function").unwrap_or(&Value::Null);
            let name = str_field(function, "name");
            let slot = match self.calls.iter().position(|c| c.index == index && !c.ended) {
                Some(slot) => slot,
                None => {
                    let id = str_field(call, "id")
                        .map_or_else(|| format!("call_{index}"), str::to_owned);
                    let name = name.unwrap_or_default().to_owned();
                    out.push(ModelEvent::ToolCallStart {
                        id: id.clone(),
                        name: name.clone(),
                    });
                    self.calls.push(Call {
                        index,
                        id,
                        name,
                        arguments: String::new(),
                        ended: false,
                    });
                    self.calls.len() - 1
                }
            };
            let slot = &mut self.calls[slot];
            if slot.name.is_empty()
                && let Some(name) = name
            {
                name.clone_into(&mut slot.name);
            }
            if let Some(piece) = str_field(function, "arguments") {
                slot.arguments.push_str(piece);
                out.push(ModelEvent::ToolCallDelta {
                    id: slot.id.clone(),
                    delta: piece.to_owned(),
                });
            }
        }
    }

    fn end_calls(&mut self, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        for call in self.calls.iter_mut().filter(|c| !c.ended) {
            call.ended = true;
            let arguments = self
                .origin
                .tool_arguments(&call.name, &call.arguments, self.finish)?;
            out.push(ModelEvent::ToolCallEnd {
                id: call.id.clone(),
                name: call.name.clone(),
                arguments,
            });
        }
        Ok(())
    }
}

impl StreamDecoder for Decoder {
    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        let data = event.data.trim();
        if data == "[DONE]" {
            self.done = true;
            return Ok(());
        }
        if data.is_empty() {
            return Ok(());
        }
        let chunk = self.origin.parse_json(data)?;
        self.chunk(&chunk, out)
    }

    fn usage(&self) -> Usage {
        self.usage.unwrap_or_default()
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn finish(&mut self, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        if !self.done && self.finish.is_none() {
            return Err(self.origin.incomplete());
        }
        self.think.flush(out);
        self.end_calls(out)?;
        if let Some(usage) = self.usage {
            out.push(ModelEvent::Usage { usage });
        }
        let mut reason = self.finish.unwrap_or(FinishReason::Unknown);
        if self.refused {
            reason = FinishReason::ContentFilter;
        } else if !self.calls.is_empty() && reason == FinishReason::Stop {
            // Some compatible servers say `stop` after tool calls.
            reason = FinishReason::ToolCalls;
        }
        out.push(ModelEvent::MessageEnd {
            finish_reason: reason,
        });
        Ok(())
    }
}

/// A non-streaming `chat.completion` object.
pub(super) fn parse_response(origin: &Origin, body: &Value) -> Result<Vec<ModelEvent>, Error> {
    if body.get("error").is_some_and(|e| !e.is_null()) {
        return Err(origin.body_error(body));
    }
    let Some(choice) = body.pointer("/choices/0") else {
        return Err(origin.error(
            crate::model::error::ErrorCode::ServerError,
            format!("reply has no choices: {body}"),
        ));
    };
    let mut decoder = Decoder::new(origin.clone());
    let mut out = Vec::new();
    let mut chunk = body.clone();
    // Reuse the stream logic: a message is a delta with everything in it.
    if let Some(message) = choice.get("message") {
        let mut delta = message.clone();
        if let Some(calls) = delta.get_mut("tool_calls").and_then(Value::as_array_mut) {
            for (i, call) in calls.iter_mut().enumerate() {
                call["index"] = json!(i);
            }
        }
        chunk["choices"] =
            json!([{"index": 0, "delta": delta, "finish_reason": choice.get("finish_reason")}]);
    }
    decoder.chunk(&chunk, &mut out)?;
    decoder.done = true;
    decoder.finish(&mut out)?;
    Ok(out)
}
