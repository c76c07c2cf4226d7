//! [`ModelEvent`]: the canonical stream every adapter produces, plus [`Usage`] and [`FinishReason`].
//!
//! Order within one call: `message_start`, then any interleaving of text, thinking and tool-call events
//! (`tool_call_start` → `tool_call_delta`* → `tool_call_end`, per call id; parallel calls may
//! interleave), then `usage` (once), then `message_end` (once). An `error` event ends the stream
//! early and is always the last event. Consumers must skip event types they don't know.

use serde::{Deserialize, Serialize};

use super::error::Error;

/// One event of a model's streamed reply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ModelEvent {
    /// The provider accepted the request and started replying (emitted once per call, even across
    /// retries).
    MessageStart {
        id: Option<String>,
        model: Option<String>,
    },
    /// A piece of the reply text.
    TextDelta { text: String },
    /// A piece of reasoning text and/or its signature (signatures arrive whole, usually last).
    ThinkingDelta {
        text: String,
        signature: Option<String>,
    },
    /// A tool call begins.
    ToolCallStart { id: String, name: String },
    /// A raw piece of a tool call's JSON arguments; pieces split anywhere, even inside a token.
    ToolCallDelta { id: String, delta: String },
    /// A tool call is complete; `arguments` is the parsed JSON object.
    ToolCallEnd {
        id: String,
        name: String,
        arguments: serde_json::Value,
    },
    /// Token counts for the whole call.
    Usage { usage: Usage },
    /// The reply is complete.
    MessageEnd { finish_reason: FinishReason },
    /// The call failed; no further events follow.
    Error { error: Error },
}

impl ModelEvent {
    /// True for events that carry reply content (text, thinking, tool calls). Once one of these has
    /// been handed to the caller, the call is never retried.
    pub fn is_content(&self) -> bool {
        match self {
            ModelEvent::TextDelta { .. }
            | ModelEvent::ThinkingDelta { .. }
            | ModelEvent::ToolCallStart { .. }
            | ModelEvent::ToolCallDelta { .. }
            | ModelEvent::ToolCallEnd { .. } => true,
            ModelEvent::MessageStart { .. }
            | ModelEvent::Usage { .. }
            | ModelEvent::MessageEnd { .. }
            | ModelEvent::Error { .. } => false,
        }
    }
}

/// Token counts. `input_tokens` excludes cached tokens: the four fields add up to everything the
/// provider counted, and each is priced separately.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_read_tokens: u64,
    pub cache_write_tokens: u64,
}

impl Usage {
    pub fn total(&self) -> u64 {
        self.input_tokens + self.output_tokens + self.cache_read_tokens + self.cache_write_tokens
    }

    pub fn is_zero(&self) -> bool {
        self.total() == 0
    }

    /// Adds another call's usage to this one (for a turn's total).
    pub fn add(&mut self, other: &Usage) {
        self.input_tokens += other.input_tokens;
        self.output_tokens += other.output_tokens;
        self.cache_read_tokens += other.cache_read_tokens;
        self.cache_write_tokens += other.cache_write_tokens;
    }
}

/// Why the model stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// A natural end or a stop sequence.
    Stop,
    /// The output token limit was reached.
    Length,
    /// The model wants tool results.
    ToolCalls,
    /// The provider filtered or the model refused the reply.
    ContentFilter,
    /// The provider gave a reason pilotdeck does not know.
    Unknown,
}
