//! [`ModelRequest`]: one call to a model in canonical form, before an adapter turns it into a body.

use serde::{Deserialize, Serialize};

use super::message::Message;
use crate::config::ModelRef;

/// Everything one model call needs, independent of the provider's wire format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelRequest {
    pub model: ModelRef,
    /// Sent as the provider's system prompt; never part of `messages`.
    pub system: Option<String>,
    pub messages: Vec<Message>,
    pub tools: Vec<ToolSpec>,
    pub tool_choice: ToolChoice,
    /// Defaults to the catalog's maximum output for the model.
    pub max_output_tokens: Option<u64>,
    pub temperature: Option<f64>,
    /// `None` leaves the provider's default (usually no extended thinking).
    pub thinking: Option<ThinkingRequest>,
    pub stop: Vec<String>,
    /// Ask for JSON matching a schema instead of free text.
    pub output_schema: Option<OutputSchema>,
}

impl ModelRequest {
    /// A request with only a model and messages; everything else at its default.
    pub fn new(model: ModelRef, messages: Vec<Message>) -> ModelRequest {
        ModelRequest {
            model,
            system: None,
            messages,
            tools: Vec::new(),
            tool_choice: ToolChoice::Auto,
            max_output_tokens: None,
            temperature: None,
            thinking: None,
            stop: Vec::new(),
            output_schema: None,
        }
    }
}

/// A tool the model may call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    /// JSON Schema of the arguments object.
    pub input_schema: serde_json::Value,
}

/// Whether and which tool the model must call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToolChoice {
    Auto,
    None,
    Required,
    Tool { name: String },
}

/// Extended thinking / reasoning settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkingRequest {
    /// Token budget where the protocol takes one (Anthropic, Qwen); default 4096.
    pub budget_tokens: Option<u64>,
    /// Effort where the protocol takes one (OpenAI reasoning models); default medium.
    pub effort: Effort,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effort {
    Minimal,
    Low,
    Medium,
    High,
}

impl Effort {
    pub fn as_str(self) -> &'static str {
        match self {
            Effort::Minimal => "minimal",
            Effort::Low => "low",
            Effort::Medium => "medium",
            Effort::High => "high",
        }
    }
}

/// Structured output: the reply must be JSON matching `schema`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutputSchema {
    pub name: String,
    pub schema: serde_json::Value,
    pub strict: bool,
}
