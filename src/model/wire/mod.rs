//! Wire formats: one file per protocol, each translating canonical requests to a JSON body and the
//! provider's stream or JSON reply back to [`ModelEvent`]s. They do no I/O: the client
//! ([`super::client`]) owns HTTP, SSE framing, retries and timeouts for all of them.
//!
//! A stream decoder emits `usage` and `message_end` only at the terminal event, so the client can
//! hold them back and retry a reply that turned out empty.

mod anthropic;
mod openai;
mod responses;
mod think;

use crate::config::Protocol;

use super::catalog::ModelInfo;
use super::error::{Error, ErrorCode};
use super::event::{FinishReason, ModelEvent, Usage};
use super::request::{ModelRequest, ToolChoice, ToolSpec};
use super::sse::SseEvent;

/// Who a decoder reports errors as.
#[derive(Debug, Clone)]
pub(crate) struct Origin {
    pub(crate) provider: String,
    pub(crate) model: String,
}

impl Origin {
    pub(crate) fn error(&self, code: ErrorCode, detail: impl Into<String>) -> Error {
        Error::new(code, &self.provider, &self.model, detail)
    }

    pub(crate) fn body_error(&self, body: &serde_json::Value) -> Error {
        Error::from_body(&self.provider, &self.model, body)
    }

    pub(crate) fn parse_json(&self, data: &str) -> Result<serde_json::Value, Error> {
        serde_json::from_str(data).map_err(|e| {
            self.error(
                ErrorCode::ServerError,
                format!("malformed stream event ({e}): {data}"),
            )
        })
    }

    /// A stream event's JSON payload and its type, `None` for an empty keep-alive. The payload's
    /// `type` is authoritative; some proxies drop the `event:` lines.
    pub(crate) fn typed_event(
        &self,
        event: &SseEvent,
    ) -> Result<Option<(String, serde_json::Value)>, Error> {
        if event.data.trim().is_empty() {
            return Ok(None);
        }
        let data = self.parse_json(&event.data)?;
        let kind = str_field(&data, "type")
            .or(event.event.as_deref())
            .unwrap_or_default()
            .to_owned();
        Ok(Some((kind, data)))
    }

    /// A stream that ended before its terminal event.
    pub(crate) fn incomplete(&self) -> Error {
        self.error(
            ErrorCode::Network,
            "the stream ended before the reply was complete",
        )
    }

    /// Parses a tool call's accumulated argument text into a JSON object (`""` → `{}`). Text that
    /// is not JSON is repaired when that is unambiguous (`repair.rs`), else passed on as a string
    /// for the tool's validation to report; text cut by the output token limit is an error.
    pub(crate) fn tool_arguments(
        &self,
        name: &str,
        text: &str,
        finish: Option<FinishReason>,
    ) -> Result<serde_json::Value, Error> {
        if text.trim().is_empty() {
            return Ok(serde_json::Value::Object(serde_json::Map::new()));
        }
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(value @ serde_json::Value::Object(_)) => Ok(value),
            Ok(other) => Err(self.error(
                ErrorCode::InvalidToolArguments,
                format!("tool `{name}` got {other} instead of an object"),
            )),
            Err(_) if finish == Some(FinishReason::Length) => {
                Err(self.error(ErrorCode::OutputTruncated, format!("tool `{name}`")))
            }
            // Repaired when unambiguous; else the text goes to the tool as a string, whose
            // validation tells the model its JSON was invalid (and the circuit breaker counts it).
            Err(_) => {
                let ended = finish.is_some_and(|f| f != FinishReason::Length);
                Ok(super::repair::repair_arguments(text, ended)
                    .unwrap_or_else(|| serde_json::Value::String(text.to_owned())))
            }
        }
    }
}

/// Translates one protocol's stream into canonical events.
pub(crate) trait StreamDecoder: Send {
    /// Handles one SSE event; an in-stream error or malformed data is an `Err`.
    fn on_event(&mut self, event: &SseEvent, out: &mut Vec<ModelEvent>) -> Result<(), Error>;
    /// True once the terminal event arrived; the client stops reading then.
    fn is_done(&self) -> bool;
    /// Called once after the last event: emits `usage` + `message_end`, or fails when the stream was
    /// cut short.
    fn finish(&mut self, out: &mut Vec<ModelEvent>) -> Result<(), Error>;
    /// The token counts the stream reported so far (a failed stream's tokens are still paid for).
    fn usage(&self) -> Usage;
}

/// One of the three wire formats (Google speaks the OpenAI one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wire {
    OpenAi,
    Anthropic,
    Responses,
}

impl Wire {
    pub(crate) fn for_protocol(protocol: Protocol) -> Wire {
        match protocol {
            Protocol::OpenAi | Protocol::Google => Wire::OpenAi,
            Protocol::OpenAiResponses => Wire::Responses,
            Protocol::Anthropic => Wire::Anthropic,
        }
    }

    /// The endpoint path joined to the provider's base URL.
    pub(crate) fn path(self) -> &'static str {
        match self {
            Wire::OpenAi => "chat/completions",
            Wire::Anthropic => "messages",
            Wire::Responses => "responses",
        }
    }

    /// Protocol headers (auth, version); configured headers are applied after and win.
    pub(crate) fn headers(self, key: Option<&str>) -> Vec<(&'static str, String)> {
        let mut headers = Vec::new();
        match self {
            Wire::Anthropic => {
                headers.push(("anthropic-version", "2023-06-01".to_owned()));
                if let Some(key) = key {
                    headers.push(("x-api-key", key.to_owned()));
                }
            }
            Wire::OpenAi | Wire::Responses => {
                if let Some(key) = key {
                    headers.push(("authorization", format!("Bearer {key}")));
                }
            }
        }
        headers
    }

    /// The request body, before `extraBody` is merged over it.
    pub(crate) fn body(
        self,
        provider_id: &str,
        request: &ModelRequest,
        info: &ModelInfo,
        stream: bool,
    ) -> serde_json::Value {
        match self {
            Wire::OpenAi => openai::body(provider_id, request, info, stream),
            Wire::Anthropic => anthropic::body(request, info, stream),
            Wire::Responses => responses::body(request, info, stream),
        }
    }

    pub(crate) fn decoder(self, origin: Origin) -> Box<dyn StreamDecoder> {
        match self {
            Wire::OpenAi => Box::new(openai::Decoder::new(origin)),
            Wire::Anthropic => Box::new(anthropic::Decoder::new(origin)),
            Wire::Responses => Box::new(responses::Decoder::new(origin)),
        }
    }

    /// Translates a non-streaming JSON reply into the same events a stream would give.
    pub(crate) fn parse_response(
        self,
        origin: &Origin,
        body: &serde_json::Value,
    ) -> Result<Vec<ModelEvent>, Error> {
        match self {
            Wire::OpenAi => openai::parse_response(origin, body),
            Wire::Anthropic => anthropic::parse_response(origin, body),
            Wire::Responses => responses::parse_response(origin, body),
        }
    }
}

/// Sets `tools` and `tool_choice` in the function-tool shape both OpenAI protocols share (nothing
/// when the request has no tools): `tool` renders one tool, `named` the choice of one tool by name.
pub(crate) fn set_function_tools(
    body: &mut serde_json::Value,
    request: &ModelRequest,
    tool: impl Fn(&ToolSpec) -> serde_json::Value,
    named: impl Fn(&str) -> serde_json::Value,
) {
    if request.tools.is_empty() {
        return;
    }
    body["tools"] = serde_json::Value::Array(request.tools.iter().map(tool).collect());
    body["tool_choice"] = match &request.tool_choice {
        ToolChoice::Auto => serde_json::json!("auto"),
        ToolChoice::None => serde_json::json!("none"),
        ToolChoice::Required => serde_json::json!("required"),
        ToolChoice::Tool { name } => named(name),
    };
}

/// `value[key]` as a non-empty string.
pub(crate) fn str_field<'a>(value: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    value
        .get(key)
        .and_then(serde_json::Value::as_str)
        .filter(|s| !s.is_empty())
}

/// `value[pointer]` as a u64, 0 when absent or null.
pub(crate) fn count(value: &serde_json::Value, pointer: &str) -> u64 {
    value
        .pointer(pointer)
        .and_then(serde_json::Value::as_u64)
        .unwrap_or(0)
}
