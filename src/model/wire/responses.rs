//! OpenAI Responses (`POST …/responses`), used statelessly: `store: false`, the whole conversation
//! as `input` items every time, and `include: ["reasoning.encrypted_content"]` so reasoning can be
//! replayed: a reasoning item's encrypted content is kept as the thinking block's signature.
//! `stop` sequences are not supported by this API and are not sent.
//!
//! Stream: `response.created`, `response.output_item.added` (`function_call` items start tool
//! calls), `response.output_text.delta`, `response.refusal.delta`,
//! `response.reasoning_summary_text.delta`, `response.function_call_arguments.delta` (keyed by
//! `item_id`), `response.output_item.done`, then one of `response.completed` (usage),
//! `response.incomplete` (`max_output_tokens`, `content_filter`), `response.failed`, or `error`.

use serde_json::{Value, json};

use super::{Origin, StreamDecoder, count, set_function_tools, str_field};
use crate::model::catalog::ModelInfo;
use crate::model::error::{Error, ErrorCode};
use crate::model::event::{FinishReason, ModelEvent, Usage};
use crate::model::message::{ContentBlock, Document, ImageSource, Role, ToolResultContent};
use crate::model::request::ModelRequest;
use crate::model::sse::SseEvent;

pub(super) fn body(request: &ModelRequest, info: &ModelInfo, stream: bool) -> Value {
    let mut input = Vec::new();
    for message in &request.messages {
        for block in &message.content {
            if let Some(item) = item(message.role, block, info) {
                input.push(item);
            }
            if let Some(media) = tool_media(block, info) {
                input.push(media);
            }
        }
    }
    let mut body = json!({
        "model": request.model.model,
        "input": input,
        "stream": stream,
        "store": false,
        "max_output_tokens": request.max_output_tokens.unwrap_or(info.max_output_tokens),
    });
    if let Some(system) = &request.system {
        body["instructions"] = json!(system);
    }
    if let Some(t) = request.temperature.filter(|_| !info.is_openai_reasoning) {
        body["temperature"] = json!(t);
    }
    set_function_tools(
        &mut body,
        request,
        |t| {
            json!({"type": "function", "name": t.name, "description": t.description,
            "parameters": t.input_schema, "strict": false})
        },
        |name| json!({"type": "function", "name": name}),
    );
    if let Some(thinking) = &request.thinking {
        body["reasoning"] = json!({"effort": thinking.effort.as_str(), "summary": "auto"});
        body["include"] = json!(["reasoning.encrypted_content"]);
    }
    if let Some(schema) = &request.output_schema {
        body["text"] = json!({"format": {"type": "json_schema", "name": schema.name,
            "schema": schema.schema, "strict": schema.strict}});
    }
    body
}

/// `function_call_output` takes text: a tool result's images and documents follow it as a user
/// message.
fn tool_media(block: &ContentBlock, info: &ModelInfo) -> Option<Value> {
    let ContentBlock::ToolResult {
        call_id, content, ..
    } = block
    else {
        return None;
    };
    let parts: Vec<Value> = content
        .iter()
        .filter_map(|part| match part {
            ToolResultContent::Image { source } => Some(input_image(source, info)),
            ToolResultContent::Document(doc) => Some(input_file(doc)),
            _ => None,
        })
        .collect();
    if parts.is_empty() {
        return None;
    }
    let mut all = vec![json!({"type": "input_text",
        "text": format!("The media returned by tool call {call_id}:")})];
    all.extend(parts);
    Some(json!({"type": "message", "role": "user", "content": all}))
}

fn input_image(source: &ImageSource, info: &ModelInfo) -> Value {
    let mut part = json!({"type": "input_image", "image_url": source.as_url()});
    if let Some(detail) = info.media.image_detail {
        part["detail"] = json!(detail.as_str());
    }
    part
}

fn input_file(doc: &Document) -> Value {
    json!({"type": "input_file", "filename": doc.name,
        "file_data": format!("data:{};base64,{}", doc.media_type, doc.data)})
}

fn item(role: Role, block: &ContentBlock, info: &ModelInfo) -> Option<Value> {
    Some(match (role, block) {
        (Role::Assistant, ContentBlock::Text { text }) => {
            json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]})
        }
        (_, ContentBlock::Text { text }) => {
            json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]})
        }
        (_, ContentBlock::Image { source }) => json!({"type": "message", "role": "user",
            "content": [input_image(source, info)]}),
        (_, ContentBlock::Document(doc)) => json!({"type": "message", "role": "user",
            "content": [input_file(doc)]}),
        (_, ContentBlock::MediaReference(media)) => json!({"type": "message", "role": "user",
            "content": [{"type": "input_text", "text": media.placeholder()}]}),
        (
            _,
            ContentBlock::ToolCall {
                id,
                name,
                arguments,
            },
        ) => json!({"type": "function_call",
            "call_id": id, "name": name, "arguments": arguments.to_string()}),
        (
            _,
            ContentBlock::ToolResult {
                call_id, content, ..
            },
        ) => json!({"type": "function_call_output",
            "call_id": call_id, "output": ToolResultContent::joined_text(content)}),
        (
            _,
            ContentBlock::Thinking {
                text,
                signature: Some(encrypted),
            },
        ) => {
            let summary = if text.is_empty() {
                json!([])
            } else {
                json!([{"type": "summary_text", "text": text}])
            };
            json!({"type": "reasoning", "summary": summary, "encrypted_content": encrypted})
        }
        (
            _,
            ContentBlock::Thinking {
                signature: None, ..
            },
        ) => return None,
    })
}

fn usage(response: &Value) -> Usage {
    let input = count(response, "/usage/input_tokens");
    let cached = count(response, "/usage/input_tokens_details/cached_tokens");
    Usage {
        input_tokens: input.saturating_sub(cached),
        output_tokens: count(response, "/usage/output_tokens"),
        cache_read_tokens: cached,
        cache_write_tokens: 0,
    }
}

/// The finish reason of a finished `response` object.
fn finish_of(response: &Value, has_calls: bool, refused: bool) -> FinishReason {
    match str_field(response, "status") {
        Some("incomplete") => match response
            .pointer("/incomplete_details/reason")
            .and_then(Value::as_str)
        {
            Some("max_output_tokens") => FinishReason::Length,
            Some("content_filter") => FinishReason::ContentFilter,
            _ => FinishReason::Unknown,
        },
        Some("completed") if refused => FinishReason::ContentFilter,
        Some("completed") if has_calls => FinishReason::ToolCalls,
        Some("completed") => FinishReason::Stop,
        _ => FinishReason::Unknown,
    }
}

struct Call {
    item_id: String,
    call_id: String,
    name: String,
    arguments: String,
}

pub(super) struct Decoder {
    origin: Origin,
    calls: Vec<Call>,
    ended_calls: usize,
    refused: bool,
    finished: Option<(Usage, FinishReason)>,
}

impl Decoder {
    pub(super) fn new(origin: Origin) -> Decoder {
        Decoder {
            origin,
            calls: Vec::new(),
            ended_calls: 0,
            refused: false,
            finished: None,
        }
    }

    fn event(&mut self, kind: &str, data: &Value, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        match kind {
            "response.created" => {
                let response = data.get("response").unwrap_or(&Value::Null);
                out.push(ModelEvent::MessageStart {
                    id: str_field(response, "id").map(str::to_owned),
                    model: str_field(response, "model").map(str::to_owned),
                });
            }
            "response.output_item.added" => {
                let item = data.get("item").unwrap_or(&Value::Null);
                if str_field(item, "type") == Some("function_call") {
                    let call = Call {
                        item_id: str_field(item, "id").unwrap_or_default().to_owned(),
                        call_id: str_field(item, "call_id").unwrap_or_default().to_owned(),
                        name: str_field(item, "name").unwrap_or_default().to_owned(),
                        arguments: String::new(),
                    };
                    out.push(ModelEvent::ToolCallStart {
                        id: call.call_id.clone(),
                        name: call.name.clone(),
                    });
                    self.calls.push(call);
                }
            }
            "response.output_text.delta" | "response.refusal.delta" => {
                self.refused |= kind == "response.refusal.delta";
                if let Some(text) = str_field(data, "delta") {
                    out.push(ModelEvent::TextDelta {
                        text: text.to_owned(),
                    });
                }
            }
            "response.reasoning_summary_part.added"
                if data.get("summary_index").and_then(Value::as_u64) > Some(0) =>
            {
                out.push(ModelEvent::ThinkingDelta {
                    text: "\n\n".to_owned(),
                    signature: None,
                });
            }
            "response.reasoning_summary_text.delta" | "response.reasoning_text.delta" => {
                if let Some(text) = str_field(data, "delta") {
                    out.push(ModelEvent::ThinkingDelta {
                        text: text.to_owned(),
                        signature: None,
                    });
                }
            }
            "response.function_call_arguments.delta" => {
                let item_id = str_field(data, "item_id").unwrap_or_default();
                if let (Some(call), Some(piece)) = (
                    self.calls.iter_mut().find(|c| c.item_id == item_id),
                    str_field(data, "delta"),
                ) {
                    call.arguments.push_str(piece);
                    out.push(ModelEvent::ToolCallDelta {
                        id: call.call_id.clone(),
                        delta: piece.to_owned(),
                    });
                }
            }
            "response.output_item.done" => {
                let item = data.get("item").unwrap_or(&Value::Null);
                match str_field(item, "type") {
                    Some("function_call") => {
                        let item_id = str_field(item, "id").unwrap_or_default();
                        if let Some(call) = self.calls.iter().find(|c| c.item_id == item_id) {
                            // The finished item carries the whole argument string.
                            let text = str_field(item, "arguments").unwrap_or(&call.arguments);
                            let arguments = self.origin.tool_arguments(&call.name, text, None)?;
                            out.push(ModelEvent::ToolCallEnd {
                                id: call.call_id.clone(),
                                name: call.name.clone(),
                                arguments,
                            });
                            self.ended_calls += 1;
                        }
                    }
                    Some("reasoning") => {
                        if let Some(encrypted) = str_field(item, "encrypted_content") {
                            out.push(ModelEvent::ThinkingDelta {
                                text: String::new(),
                                signature: Some(encrypted.to_owned()),
                            });
                        }
                    }
                    _ => {}
                }
            }
            "response.completed" | "response.incomplete" => {
                let response = data.get("response").unwrap_or(&Value::Null);
                let reason = finish_of(response, !self.calls.is_empty(), self.refused);
                self.finished = Some((usage(response), reason));
            }
            "response.failed" | "error" => return Err(self.origin.body_error(data)),
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
        self.finished.map(|(usage, _)| usage).unwrap_or_default()
    }

    fn is_done(&self) -> bool {
        self.finished.is_some()
    }

    fn finish(&mut self, out: &mut Vec<ModelEvent>) -> Result<(), Error> {
        let Some((usage, reason)) = self.finished else {
            return Err(self.origin.incomplete());
        };
        if self.ended_calls < self.calls.len() {
            return Err(self.origin.error(
                ErrorCode::InvalidToolArguments,
                "a function call never finished",
            ));
        }
        out.push(ModelEvent::Usage { usage });
        out.push(ModelEvent::MessageEnd {
            finish_reason: reason,
        });
        Ok(())
    }
}

/// A non-streaming `response` object.
pub(super) fn parse_response(origin: &Origin, body: &Value) -> Result<Vec<ModelEvent>, Error> {
    if body.get("error").is_some_and(|e| !e.is_null())
        || str_field(body, "status") == Some("failed")
    {
        return Err(origin.body_error(body));
    }
    let Some(output) = body.get("output").and_then(Value::as_array) else {
        return Err(origin.error(
            ErrorCode::ServerError,
            format!("reply has no output: {body}"),
        ));
    };
    let mut out = vec![ModelEvent::MessageStart {
        id: str_field(body, "id").map(str::to_owned),
        model: str_field(body, "model").map(str::to_owned),
    }];
    let mut has_calls = false;
    let mut refused = false;
    for item in output {
        match str_field(item, "type") {
            Some("message") => {
                for part in item
                    .get("content")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    let text = match str_field(part, "type") {
                        Some("output_text") => str_field(part, "text"),
                        Some("refusal") => {
                            refused = true;
                            str_field(part, "refusal")
                        }
                        _ => None,
                    };
                    if let Some(text) = text {
                        out.push(ModelEvent::TextDelta {
                            text: text.to_owned(),
                        });
                    }
                }
            }
            Some("reasoning") => {
                let text: Vec<&str> = item
                    .get("summary")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|s| str_field(s, "text"))
                    .collect();
                out.push(ModelEvent::ThinkingDelta {
                    text: text.join("\n\n"),
                    signature: str_field(item, "encrypted_content").map(str::to_owned),
                });
            }
            Some("function_call") => {
                has_calls = true;
                let id = str_field(item, "call_id").unwrap_or_default().to_owned();
                let name = str_field(item, "name").unwrap_or_default().to_owned();
                let arguments = origin.tool_arguments(
                    &name,
                    str_field(item, "arguments").unwrap_or_default(),
                    None,
                )?;
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
    out.push(ModelEvent::Usage { usage: usage(body) });
    out.push(ModelEvent::MessageEnd {
        finish_reason: finish_of(body, has_calls, refused),
    });
    Ok(out)
}
