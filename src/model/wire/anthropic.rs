//! Anthropic Messages (`POST …/messages`).
//!
//! Request: the system prompt is one text block; prompt caching marks the stable prefix with
//! `cache_control: {type: ephemeral}` on the system block, the last tool and the last block of the
//! last message (3 of the 4 allowed breakpoints), so each iteration of a turn reads the previous
//! one's prefix from cache. Tool results travel as `tool_result` blocks in a user message;
//! consecutive messages of one wire role are merged, as the API requires alternation. Thinking
//! blocks are replayed only with their signature (the API rejects unsigned ones). `output_schema`
//! becomes a forced hidden tool `__output__` whose input JSON is passed on as the reply text (and
//! turns extended thinking off, which the API does not allow with a forced tool).
//!
//! Stream: `message_start` (input and cache usage), `content_block_start/delta/stop` (`text_delta`,
//! `thinking_delta`, `signature_delta`, `input_json_delta` whose only piece may be `""`),
//! `message_delta` (stop reason, output usage), `message_stop`, `ping`, and `error` at any point.

use serde_json::{Value, json};

use super::{Origin, StreamDecoder, count, str_field};
use crate::model::catalog::ModelInfo;
use crate::model::error::{Error, ErrorCode};
use crate::model::event::{FinishReason, ModelEvent, Usage};
use crate::model::message::{ContentBlock, Document, ImageSource, Role, ToolResultContent};
use crate::model::request::{ModelRequest, ToolChoice};
use crate::model::sse::SseEvent;

const EPHEMERAL: &str = "ephemeral";
const DEFAULT_THINKING_BUDGET: u64 = 4096;
/// The hidden tool that carries structured output; its input becomes the reply text.
const OUTPUT_TOOL: &str = "__output__";

pub(super) fn body(request: &ModelRequest, info: &ModelInfo, stream: bool) -> Value {
    let mut messages: Vec<Value> = Vec::new();
    for message in &request.messages {
        let role = match message.role {
            Role::Assistant => "assistant",
            Role::User | Role::Tool => "user",
        };
        let blocks: Vec<Value> = message.content.iter().filter_map(block).collect();
        if blocks.is_empty() {
            continue;
        }
        match messages.last_mut() {
            Some(last) if last["role"] == role => {
                if let Some(content) = last["content"].as_array_mut() {
                    content.extend(blocks);
                }
            }
            _ => messages.push(json!({"role": role, "content": blocks})),
        }
    }
    if let Some(last_block) = messages
        .last_mut()
        .and_then(|m| m["content"].as_array_mut())
        .and_then(|c| c.last_mut())
    {
        last_block["cache_control"] = json!({"type": EPHEMERAL});
    }
    let mut max_tokens = request.max_output_tokens.unwrap_or(info.max_output_tokens);
    let mut body = json!({
        "model": request.model.model,
        "max_tokens": max_tokens,
        "messages": messages,
        "stream": stream,
    });
    if let Some(system) = request.system.as_deref().filter(|s| !s.is_empty()) {
        body["system"] =
            json!([{"type": "text", "text": system, "cache_control": {"type": EPHEMERAL}}]);
    }
    let mut tools: Vec<Value> = request
        .tools
        .iter()
        .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.input_schema}))
        .collect();
    let mut tool_choice = match &request.tool_choice {
        ToolChoice::Auto => json!({"type": "auto"}),
        ToolChoice::None => json!({"type": "none"}),
        ToolChoice::Required => json!({"type": "any"}),
        ToolChoice::Tool { name } => json!({"type": "tool", "name": name}),
    };
    if let Some(schema) = &request.output_schema {
        tools.push(json!({"name": OUTPUT_TOOL,
            "description": format!("Give the final answer (`{}`) as this tool's input.", schema.name),
            "input_schema": schema.schema}));
        tool_choice = json!({"type": "tool", "name": OUTPUT_TOOL});
    }
    if let Some(last) = tools.last_mut() {
        last["cache_control"] = json!({"type": EPHEMERAL});
        body["tools"] = Value::Array(tools);
        body["tool_choice"] = tool_choice;
    }
    if !request.stop.is_empty() {
        body["stop_sequences"] = json!(request.stop);
    }
    // A forced tool (structured output) cannot be combined with extended thinking.
    match request
        .thinking
        .as_ref()
        .filter(|_| request.output_schema.is_none())
    {
        Some(thinking) => {
            let budget = thinking
                .budget_tokens
                .unwrap_or(DEFAULT_THINKING_BUDGET)
                .max(1024);
            // The API requires max_tokens > budget_tokens, and no custom temperature.
            if max_tokens <= budget {
                max_tokens = budget + max_tokens.max(1024);
                body["max_tokens"] = json!(max_tokens);
            }
            body["thinking"] = json!({"type": "enabled", "budget_tokens": budget});
        }
        None => {
            if let Some(t) = request.temperature {
                body["temperature"] = json!(t);
            }
        }
    }
    body
}

fn image(source: &ImageSource) -> Value {
    match source {
        ImageSource::Base64 { media_type, data } => {
            json!({"type": "image", "source": {"type": "base64", "media_type": media_type, "data": data}})
        }
        ImageSource::Url { url } => json!({"type": "image", "source": {"type": "url", "url": url}}),
    }
}

/// A PDF as a `document` block.
fn document(doc: &Document) -> Value {
    json!({"type": "document", "source": {"type": "base64", "media_type": doc.media_type, "data": doc.data}})
}

fn block(block: &ContentBlock) -> Option<Value> {
    Some(match block {
        ContentBlock::Text { text } if text.is_empty() => return None,
        ContentBlock::Text { text } => json!({"type": "text", "text": text}),
        ContentBlock::Image { source } => image(source),
        ContentBlock::Document(doc) => document(doc),
        ContentBlock::MediaReference(media) => json!({"type": "text", "text": media.placeholder()}),
        ContentBlock::ToolCall {
            id,
            name,
            arguments,
        } => {
            json!({"type": "tool_use", "id": id, "name": name, "input": arguments})
        }
        ContentBlock::ToolResult {
            call_id,
            content,
            is_error,
        } => {
            let parts: Vec<Value> = content
                .iter()
                .map(|part| match part {
                    ToolResultContent::Text { text } => json!({"type": "text", "text": text}),
                    ToolResultContent::Image { source } => image(source),
                    ToolResultContent::Document(doc) => document(doc),
                    ToolResultContent::MediaReference(media) => {
                        json!({"type": "text", "text": media.placeholder()})
                    }
                })
                .collect();
            json!({"type": "tool_result", "tool_use_id": call_id, "content": parts, "is_error": is_error})
        }
        ContentBlock::Thinking {
            text,
            signature: Some(signature),
        } => {
            json!({"type": "thinking", "thinking": text, "signature": signature})
        }
        ContentBlock::Thinking {
            signature: None, ..
        } => return None,
    })
}

fn finish_reason(reason: &str) -> FinishReason {
    match reason {
        "end_turn" | "stop_sequence" | "pause_turn" => FinishReason::Stop,
        "max_tokens" | "model_context_window_exceeded" => FinishReason::Length,
        "tool_use" => FinishReason::ToolCalls,
        "refusal" => FinishReason::ContentFilter,
        _ => FinishReason::Unknown,
    }
}

/// Merges a `usage` object into `into`; `message_delta` repeats cumulative counts, absent fields
/// keep their earlier value.
fn merge_usage(into: &mut Usage, u: &Value) {
    let set = |field: &mut u64, key: &str| {
        if let Some(v) = u.get(key).and_then(Value::as_u64) {
            *field = v;
        }
    };
    set(&mut into.input_tokens, "input_tokens");
    set(&mut into.output_tokens, "output_tokens");
    set(&mut into.cache_read_tokens, "cache_read_input_tokens");
    set(&mut into.cache_write_tokens, "cache_creation_input_tokens");
}

enum Block {
    Text,
    Thinking,
    Tool {
        id: String,
        name: String,
        arguments: String,
    },
    /// The structured-output tool: its JSON is passed on as text.
    Output {
        arguments: String,
    },
    Other,
}

pub(super) struct Decoder {
    origin: Origin,
    blocks: Vec<(u64, Block)>,
    usage: Usage,
    finish: Option<FinishReason>,
    /// The reply is structured output (the forced output tool), not a tool call.
    structured: bool,
    done: bool,
}

impl Decoder {
    pub(super) fn new(origin: Origin) -> Decoder {
        Decoder {
            origin,
            blocks: Vec::new(),
            usage: Usage::default(),
            finish: None,
            structured: false,
            done: false,
        }
    }

    fn end_block(&mut self, index: u64, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        let Some(position) = self.blocks.iter().position(|(i, _)| *i == index) else {
            return Ok(());
        };
        let (_, block) = self.blocks.remove(position);
        if let Block::Tool {
            id,
            name,
            arguments,
        } = block
        {
            let arguments = self.origin.tool_arguments(&name, &arguments, self.finish)?;
            out.push(ModelEvent::ToolCallEnd {
                id,
                name,
                arguments,
            });
        } else if let Block::Output { arguments } = block {
            let value = self
                .origin
                .tool_arguments(OUTPUT_TOOL, &arguments, self.finish)?;
            out.push(ModelEvent::TextDelta {
                text: value.to_string(),
            });
        }
        Ok(())
    }

    fn event(&mut self, kind: &str, data: &Value, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        let index = data.get("index").and_then(Value::as_u64).unwrap_or(0);
        match kind {
            "message_start" => {
                let message = data.get("message").unwrap_or(&Value::Null);
                out.push(ModelEvent::MessageStart {
                    id: str_field(message, "id").map(str::to_owned),
                    model: str_field(message, "model").map(str::to_owned),
                });
                // The input tokens, known now: a call cancelled before its end still counts them.
                if let Some(u) = message.get("usage") {
                    merge_usage(&mut self.usage, u);
                    out.push(ModelEvent::Usage { usage: self.usage });
                }
            }
            "content_block_start" => {
                let block = data.get("content_block").unwrap_or(&Value::Null);
                let state = match str_field(block, "type") {
                    Some("text") => {
                        if let Some(text) = str_field(block, "text") {
                            out.push(ModelEvent::TextDelta {
                                text: text.to_owned(),
                            });
                        }
                        Block::Text
                    }
                    Some("thinking") => Block::Thinking,
                    Some("tool_use") if str_field(block, "name") == Some(OUTPUT_TOOL) => {
                        self.structured = true;
                        Block::Output {
                            arguments: String::new(),
                        }
                    }
                    Some("tool_use") => {
                        let id = str_field(block, "id").unwrap_or_default().to_owned();
                        let name = str_field(block, "name").unwrap_or_default().to_owned();
                        out.push(ModelEvent::ToolCallStart {
                            id: id.clone(),
                            name: name.clone(),
                        });
                        // `input` is `{}` at start; the arguments come as input_json_delta pieces.
                        Block::Tool {
                            id,
                            name,
                            arguments: String::new(),
                        }
                    }
                    _ => Block::Other,
                };
                self.blocks.push((index, state));
            }
            "content_block_delta" => {
                let delta = data.get("delta").unwrap_or(&Value::Null);
                let block = self
                    .blocks
                    .iter_mut()
                    .find(|(i, _)| *i == index)
                    .map(|(_, b)| b);
                match (str_field(delta, "type"), block) {
                    (Some("text_delta"), _) => {
                        if let Some(text) = str_field(delta, "text") {
                            out.push(ModelEvent::TextDelta {
                                text: text.to_owned(),
                            });
                        }
                    }
                    (Some("thinking_delta"), _) => {
                        if let Some(text) = str_field(delta, "thinking") {
                            out.push(ModelEvent::ThinkingDelta {
                                text: text.to_owned(),
                                signature: None,
                            });
                        }
                    }
                    (Some("signature_delta"), _) => {
                        if let Some(signature) = str_field(delta, "signature") {
                            out.push(ModelEvent::ThinkingDelta {
                                text: String::new(),
                                signature: Some(signature.to_owned()),
                            });
                        }
                    }
                    (Some("input_json_delta"), Some(Block::Output { arguments })) => {
                        if let Some(piece) = str_field(delta, "partial_json") {
                            arguments.push_str(piece);
                        }
                    }
                    (Some("input_json_delta"), Some(Block::Tool { id, arguments, .. })) => {
                        if let Some(piece) = str_field(delta, "partial_json") {
                            arguments.push_str(piece);
                            out.push(ModelEvent::ToolCallDelta {
                                id: id.clone(),
                                delta: piece.to_owned(),
                            });
                        }
                    }
                    _ => {}
                }
            }
            // A tool call's arguments are parsed once the stop reason is known (`finish`): cut by
            // `max_tokens`, they must not be taken for a slip to repair.
            "content_block_stop" => {
                let is_tool = self
                    .blocks
                    .iter()
                    .any(|(i, b)| *i == index && matches!(b, Block::Tool { .. }));
                if !is_tool {
                    self.end_block(index, out)?;
                }
            }
            "message_delta" => {
                if let Some(reason) = data.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    self.finish = Some(finish_reason(reason));
                }
                if let Some(u) = data.get("usage") {
                    merge_usage(&mut self.usage, u);
                }
            }
            "message_stop" => self.done = true,
            "error" => return Err(self.origin.body_error(data)),
            // `ping` and event types added after this was written.
            _ => {}
        }
        Ok(())
    }
}

impl StreamDecoder for Decoder {
    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        let typed = self.origin.typed_event(event)?;
        typed.map_or(Ok(()), |(kind, data)| self.event(&kind, &data, out))
    }

    fn usage(&self) -> Usage {
        self.usage
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn finish(&mut self, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        if !self.done {
            return Err(self.origin.incomplete());
        }
        // A reply cut at max_tokens may never close its last block.
        let open: Vec<u64> = self.blocks.iter().map(|(i, _)| *i).collect();
        for index in open {
            self.end_block(index, out)?;
        }
        out.push(ModelEvent::Usage { usage: self.usage });
        let finish = match self.finish {
            Some(FinishReason::ToolCalls) if self.structured => FinishReason::Stop,
            Some(reason) => reason,
            None => FinishReason::Unknown,
        };
        out.push(ModelEvent::MessageEnd {
            finish_reason: finish,
        });
        Ok(())
    }
}

/// A non-streaming `message` object.
pub(super) fn parse_response(origin: &Origin, body: &Value) -> Result<Vec<ModelEvent>, Error> {
    if str_field(body, "type") == Some("error") {
        return Err(origin.body_error(body));
    }
    let Some(content) = body.get("content").and_then(Value::as_array) else {
        return Err(origin.error(
            ErrorCode::ServerError,
            format!("reply has no content: {body}"),
        ));
    };
    let mut out = vec![ModelEvent::MessageStart {
        id: str_field(body, "id").map(str::to_owned),
        model: str_field(body, "model").map(str::to_owned),
    }];
    let mut structured = false;
    for block in content {
        match str_field(block, "type") {
            Some("tool_use") if str_field(block, "name") == Some(OUTPUT_TOOL) => {
                structured = true;
                let input = block.get("input").cloned().unwrap_or_else(|| json!({}));
                out.push(ModelEvent::TextDelta {
                    text: input.to_string(),
                });
            }
            Some("text") => out.push(ModelEvent::TextDelta {
                text: str_field(block, "text").unwrap_or_default().to_owned(),
            }),
            Some("thinking") => out.push(ModelEvent::ThinkingDelta {
                text: str_field(block, "thinking").unwrap_or_default().to_owned(),
                signature: str_field(block, "signature").map(str::to_owned),
            }),
            Some("tool_use") => {
                let id = str_field(block, "id").unwrap_or_default().to_owned();
                let name = str_field(block, "name").unwrap_or_default().to_owned();
                let arguments = block.get("input").cloned().unwrap_or_else(|| json!({}));
                out.push(ModelEvent::ToolCallStart {
                    id: id.clone(),
                    name: name.clone(),
                });
                out.push(ModelEvent::ToolCallEnd {
                    id,
                    name,
                    arguments,
                });
            }
            _ => {}
        }
    }
    let usage = Usage {
        input_tokens: count(body, "/usage/input_tokens"),
        output_tokens: count(body, "/usage/output_tokens"),
        cache_read_tokens: count(body, "/usage/cache_read_input_tokens"),
        cache_write_tokens: count(body, "/usage/cache_creation_input_tokens"),
    };
    out.push(ModelEvent::Usage { usage });
    let reason = match str_field(body, "stop_reason").map_or(FinishReason::Unknown, finish_reason) {
        FinishReason::ToolCalls if structured => FinishReason::Stop,
        reason => reason,
    };
    out.push(ModelEvent::MessageEnd {
        finish_reason: reason,
    });
    Ok(out)
}
