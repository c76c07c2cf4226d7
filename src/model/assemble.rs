//! [`Assembler`]: folds a stream of [`ModelEvent`]s into the final assistant [`Message`], its usage and
//! finish reason. The agent loop feeds it every event it forwards; `complete()` uses it too, so a
//! streamed and a non-streamed reply assemble identically.
//!
//! Consecutive text deltas form one text block, consecutive thinking deltas one thinking block (a
//! signature attaches to the current thinking block); a tool call takes its place at
//! `tool_call_start`, so block order follows the reply.

use serde::{Deserialize, Serialize};

use super::error::{Error, ErrorCode};
use super::event::{FinishReason, ModelEvent, Usage};
use super::message::{ContentBlock, Message, Role};

/// A finished reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelResponse {
    /// The assistant message, ready to append to the conversation.
    pub message: Message,
    pub usage: Usage,
    pub finish_reason: FinishReason,
    /// The provider's message/response id.
    pub id: Option<String>,
    /// The model that answered, as the provider names it (may be a dated snapshot).
    pub model: Option<String>,
}

/// Folds events into a [`ModelResponse`]; see the module doc.
#[derive(Debug, Default)]
pub struct Assembler {
    content: Vec<ContentBlock>,
    usage: Usage,
    finish: Option<FinishReason>,
    error: Option<Error>,
    id: Option<String>,
    model: Option<String>,
}

impl Assembler {
    /// The usage reported so far (the last `Usage` event).
    pub fn usage(&self) -> Usage {
        self.usage
    }

    pub fn new() -> Assembler {
        Assembler::default()
    }

    /// Adds one event.
    pub fn push(&mut self, event: &ModelEvent) {
        match event {
            ModelEvent::MessageStart { id, model } => {
                self.id.clone_from(id);
                self.model.clone_from(model);
            }
            ModelEvent::TextDelta { text } => match self.content.last_mut() {
                Some(ContentBlock::Text { text: last }) => last.push_str(text),
                _ => self.content.push(ContentBlock::text(text.clone())),
            },
            ModelEvent::ThinkingDelta { text, signature } => {
                if text.is_empty() && signature.is_none() {
                    return;
                }
                match self.content.last_mut() {
                    Some(ContentBlock::Thinking {
                        text: last,
                        signature: last_signature,
                    }) if last_signature.is_none() => {
                        last.push_str(text);
                        last_signature.clone_from(signature);
                    }
                    _ => self.content.push(ContentBlock::Thinking {
                        text: text.clone(),
                        signature: signature.clone(),
                    }),
                }
            }
            ModelEvent::ToolCallStart { id, name } => self.content.push(ContentBlock::ToolCall {
                id: id.clone(),
                name: name.clone(),
                arguments: serde_json::Value::Null,
            }),
            ModelEvent::ToolCallDelta { .. } => {}
            ModelEvent::ToolCallEnd {
                id,
                name,
                arguments,
            } => {
                let slot = self.content.iter_mut().find_map(|b| match b {
                    ContentBlock::ToolCall {
                        id: call_id,
                        arguments: args,
                        ..
                    } if call_id == id && args.is_null() => Some(args),
                    _ => None,
                });
                match slot {
                    Some(args) => *args = arguments.clone(),
                    None => self.content.push(ContentBlock::ToolCall {
                        id: id.clone(),
                        name: name.clone(),
                        arguments: arguments.clone(),
                    }),
                }
            }
            ModelEvent::Usage { usage } => self.usage = *usage,
            ModelEvent::MessageEnd { finish_reason } => self.finish = Some(*finish_reason),
            ModelEvent::Error { error } => self.error = Some(error.clone()),
        }
    }

    /// True once any text, thinking or tool call arrived.
    pub fn has_content(&self) -> bool {
        !self.content.is_empty()
    }

    /// The content so far (for a partial reply after an error).
    pub fn content(&self) -> &[ContentBlock] {
        &self.content
    }

    /// The reply, or the stream's error. A stream that stopped without `message_end` (cancelled,
    /// dropped) or left a tool call unfinished is an error too.
    pub fn finish(self) -> Result<ModelResponse, Error> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let Some(finish_reason) = self.finish else {
            return Err(Error::new(
                ErrorCode::Network,
                "",
                self.model.unwrap_or_default(),
                "the reply ended without message_end",
            ));
        };
        if self
            .content
            .iter()
            .any(|b| matches!(b, ContentBlock::ToolCall { arguments, .. } if arguments.is_null()))
        {
            return Err(Error::new(
                ErrorCode::InvalidToolArguments,
                "",
                self.model.unwrap_or_default(),
                "a tool call never finished",
            ));
        }
        Ok(ModelResponse {
            message: Message {
                role: Role::Assistant,
                content: self.content,
            },
            usage: self.usage,
            finish_reason,
            id: self.id,
            model: self.model,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn folds_interleaved_events_in_reply_order() {
        let events = vec![
            ModelEvent::MessageStart {
                id: Some("m1".into()),
                model: Some("x".into()),
            },
            ModelEvent::ThinkingDelta {
                text: "hmm".into(),
                signature: None,
            },
            ModelEvent::ThinkingDelta {
                text: String::new(),
                signature: Some("sig".into()),
            },
            ModelEvent::TextDelta { text: "Hel".into() },
            ModelEvent::TextDelta { text: "lo".into() },
            ModelEvent::ToolCallStart {
                id: "a".into(),
                name: "read".into(),
            },
            ModelEvent::ToolCallStart {
                id: "b".into(),
                name: "ls".into(),
            },
            ModelEvent::ToolCallDelta {
                id: "b".into(),
                delta: "{}".into(),
            },
            ModelEvent::ToolCallEnd {
                id: "b".into(),
                name: "ls".into(),
                arguments: json!({}),
            },
            ModelEvent::ToolCallEnd {
                id: "a".into(),
                name: "read".into(),
                arguments: json!({"path": "x"}),
            },
            ModelEvent::Usage {
                usage: Usage {
                    input_tokens: 3,
                    output_tokens: 4,
                    ..Usage::default()
                },
            },
            ModelEvent::MessageEnd {
                finish_reason: FinishReason::ToolCalls,
            },
        ];
        let mut assembler = Assembler::new();
        for e in &events {
            assembler.push(e);
        }
        let response = assembler.finish().unwrap();
        assert_eq!(
            response.message.content,
            vec![
                ContentBlock::Thinking {
                    text: "hmm".into(),
                    signature: Some("sig".into())
                },
                ContentBlock::text("Hello"),
                ContentBlock::ToolCall {
                    id: "a".into(),
                    name: "read".into(),
                    arguments: json!({"path": "x"})
                },
                ContentBlock::ToolCall {
                    id: "b".into(),
                    name: "ls".into(),
                    arguments: json!({})
                },
            ]
        );
        assert_eq!(response.usage.output_tokens, 4);
        assert_eq!(response.finish_reason, FinishReason::ToolCalls);
        assert_eq!(response.id.as_deref(), Some("m1"));
        // Messages round-trip through JSON (transcripts).
        let json = serde_json::to_string(&response.message).unwrap();
        assert_eq!(
            serde_json::from_str::<Message>(&json).unwrap(),
            response.message
        );
    }

    #[test]
    fn a_stream_without_message_end_is_an_error() {
        let mut assembler = Assembler::new();
        assembler.push(&ModelEvent::TextDelta { text: "x".into() });
        assert!(assembler.has_content());
        assert_eq!(assembler.finish().unwrap_err().code, ErrorCode::Network);
    }
}
