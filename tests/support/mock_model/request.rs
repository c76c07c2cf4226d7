//! [`Request`]: one request the mock received, with typed accessors that work across the three
//! wire formats.

use serde_json::Value;

/// The wire format a request was sent in, from its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    OpenAi,
    Anthropic,
    Responses,
    Unknown,
}

/// A recorded request.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub path: String,
    /// Lower-cased names.
    pub headers: Vec<(String, String)>,
    /// `null` if the body was not JSON.
    pub body: Value,
}

impl Request {
    pub(super) fn new(
        method: String,
        path: String,
        headers: Vec<(String, String)>,
        body: Value,
    ) -> Request {
        Request {
            method,
            path,
            headers,
            body,
        }
    }

    pub fn format(&self) -> Format {
        if self.path.ends_with("/chat/completions") {
            Format::OpenAi
        } else if self.path.ends_with("/messages") {
            Format::Anthropic
        } else if self.path.ends_with("/responses") {
            Format::Responses
        } else {
            Format::Unknown
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn model(&self) -> &str {
        self.body["model"].as_str().unwrap_or_default()
    }

    /// pilotdeck's session-title request (see `agent::Conversation`).
    pub fn is_title_request(&self) -> bool {
        !self.is_stream()
            && self
                .last_user_text()
                .is_some_and(|t| t.starts_with("Write a title of at most six words"))
    }

    pub fn is_stream(&self) -> bool {
        self.body["stream"].as_bool().unwrap_or(false)
    }

    /// The system prompt, in whichever place the format keeps it.
    pub fn system(&self) -> Option<String> {
        match self.format() {
            Format::OpenAi => self.body["messages"]
                .as_array()?
                .iter()
                .find(|m| m["role"] == "system")
                .and_then(|m| m["content"].as_str())
                .map(str::to_owned),
            Format::Anthropic => match &self.body["system"] {
                Value::String(s) => Some(s.clone()),
                Value::Array(blocks) => Some(
                    blocks
                        .iter()
                        .filter_map(|b| b["text"].as_str())
                        .collect::<String>(),
                ),
                _ => None,
            },
            Format::Responses => self.body["instructions"].as_str().map(str::to_owned),
            Format::Unknown => None,
        }
    }

    /// Names of the tools offered.
    pub fn tool_names(&self) -> Vec<String> {
        self.body["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["name"].as_str().or(t["function"]["name"].as_str()))
            .map(str::to_owned)
            .collect()
    }

    /// The text of the result sent for tool call `call_id`, if any.
    pub fn tool_result(&self, call_id: &str) -> Option<String> {
        match self.format() {
            Format::OpenAi => self.body["messages"]
                .as_array()?
                .iter()
                .find(|m| m["role"] == "tool" && m["tool_call_id"] == call_id)
                .map(|m| text_of(&m["content"])),
            Format::Anthropic => self.body["messages"]
                .as_array()?
                .iter()
                .flat_map(|m| m["content"].as_array().into_iter().flatten())
                .find(|b| b["type"] == "tool_result" && b["tool_use_id"] == call_id)
                .map(|b| text_of(&b["content"])),
            Format::Responses => self.body["input"]
                .as_array()?
                .iter()
                .find(|i| i["type"] == "function_call_output" && i["call_id"] == call_id)
                .map(|i| text_of(&i["output"])),
            Format::Unknown => None,
        }
    }

    /// The text of the last user message (tool results excluded).
    pub fn last_user_text(&self) -> Option<String> {
        let items = match self.format() {
            Format::Responses => self.body["input"].as_array()?,
            _ => self.body["messages"].as_array()?,
        };
        items
            .iter()
            .rev()
            .filter(|m| m["role"] == "user")
            .map(|m| text_of(&m["content"]))
            .find(|t| !t.is_empty())
    }

    /// Tool-call ids in order, and result ids in order, as the request carries them.
    fn calls_and_results(&self) -> (Vec<String>, Vec<String>) {
        let mut calls = Vec::new();
        let mut results = Vec::new();
        let id = |v: &Value| v.as_str().unwrap_or_default().to_owned();
        match self.format() {
            Format::OpenAi => {
                for m in self.body["messages"].as_array().into_iter().flatten() {
                    for call in m["tool_calls"].as_array().into_iter().flatten() {
                        calls.push(id(&call["id"]));
                    }
                    if m["role"] == "tool" {
                        results.push(id(&m["tool_call_id"]));
                    }
                }
            }
            Format::Anthropic => {
                for m in self.body["messages"].as_array().into_iter().flatten() {
                    for b in m["content"].as_array().into_iter().flatten() {
                        if b["type"] == "tool_use" {
                            calls.push(id(&b["id"]));
                        } else if b["type"] == "tool_result" {
                            results.push(id(&b["tool_use_id"]));
                        }
                    }
                }
            }
            Format::Responses => {
                for i in self.body["input"].as_array().into_iter().flatten() {
                    if i["type"] == "function_call" {
                        calls.push(id(&i["call_id"]));
                    } else if i["type"] == "function_call_output" {
                        results.push(id(&i["call_id"]));
                    }
                }
            }
            Format::Unknown => {}
        }
        (calls, results)
    }

    /// The invariant every request must keep: each tool call has exactly one result, in call order.
    pub fn check_tool_pairing(&self) -> Result<(), String> {
        let (calls, results) = self.calls_and_results();
        if calls == results {
            Ok(())
        } else {
            Err(format!(
                "tool calls {calls:?} are not answered one-to-one in order by results {results:?}"
            ))
        }
    }
}

/// Text of a string, or of an array of `{type: text|input_text|output_text, text}` parts.
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}
