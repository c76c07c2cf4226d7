//! Canonical conversation messages: what the agent loop stores in transcripts and what every adapter
//! translates to its wire format. The system prompt is not a message; it lives on
//! [`ModelRequest`](super::ModelRequest).
//!
//! The JSON form (`#[serde(tag = "type")]`, snake_case) is stable: transcripts store it.

use serde::{Deserialize, Serialize};

/// Who a message is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The person (or the program) driving the agent.
    User,
    /// The model.
    Assistant,
    /// Results of the assistant's tool calls; holds only [`ContentBlock::ToolResult`] blocks.
    Tool,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: Role,
    pub content: Vec<ContentBlock>,
}

impl Message {
    /// A user message holding one text block.
    pub fn user(text: impl Into<String>) -> Message {
        Message {
            role: Role::User,
            content: vec![ContentBlock::text(text)],
        }
    }

    /// An assistant message holding one text block.
    pub fn assistant(text: impl Into<String>) -> Message {
        Message {
            role: Role::Assistant,
            content: vec![ContentBlock::text(text)],
        }
    }

    /// A tool message holding the given results (in call order).
    pub fn tool_results(results: Vec<ContentBlock>) -> Message {
        Message {
            role: Role::Tool,
            content: results,
        }
    }

    /// The concatenated text blocks.
    pub fn text(&self) -> String {
        self.content
            .iter()
            .filter_map(|b| match b {
                ContentBlock::Text { text } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The tool calls in this message, in order.
    pub fn tool_calls(&self) -> impl Iterator<Item = ToolCall<'_>> {
        self.content.iter().filter_map(|b| match b {
            ContentBlock::ToolCall {
                id,
                name,
                arguments,
            } => Some(ToolCall {
                id,
                name,
                arguments,
            }),
            _ => None,
        })
    }
}

/// A borrowed view of one [`ContentBlock::ToolCall`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ToolCall<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub arguments: &'a serde_json::Value,
}

/// One piece of a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// Plain text.
    Text { text: String },
    /// An image, inline or by URL.
    Image { source: ImageSource },
    /// A PDF sent whole. Only built just before a request (see `media::materialize`); never
    /// stored.
    Document(Document),
    /// An image or PDF kept by reference: the stored file, not its bytes. What transcripts hold;
    /// turned into [`ContentBlock::Image`], [`ContentBlock::Document`] or text before a request.
    MediaReference(MediaRef),
    /// The assistant asks for a tool to run. `arguments` is always a JSON object.
    ToolCall {
        id: String,
        name: String,
        arguments: serde_json::Value,
    },
    /// The result of one tool call, matched by `call_id`.
    ToolResult {
        call_id: String,
        content: Vec<ToolResultContent>,
        is_error: bool,
    },
    /// The model's reasoning. `signature` is the provider's opaque token that must be sent back
    /// unchanged (Anthropic's signature, the Responses API's encrypted reasoning).
    Thinking {
        text: String,
        signature: Option<String>,
    },
}

impl ContentBlock {
    pub fn text(text: impl Into<String>) -> ContentBlock {
        ContentBlock::Text { text: text.into() }
    }

    /// A tool result holding one text part.
    pub fn tool_result(
        call_id: impl Into<String>,
        text: impl Into<String>,
        is_error: bool,
    ) -> ContentBlock {
        ContentBlock::ToolResult {
            call_id: call_id.into(),
            content: vec![ToolResultContent::Text { text: text.into() }],
            is_error,
        }
    }
}

/// A part of a tool result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToolResultContent {
    Text {
        text: String,
    },
    Image {
        source: ImageSource,
    },
    /// As [`ContentBlock::Document`].
    Document(Document),
    /// As [`ContentBlock::MediaReference`].
    MediaReference(MediaRef),
}

impl ToolResultContent {
    /// The text of a tool result's parts; images become a short placeholder, for wire formats that
    /// only take text in tool results.
    pub fn joined_text(parts: &[ToolResultContent]) -> String {
        let mut out = String::new();
        for part in parts {
            if !out.is_empty() {
                out.push('\n');
            }
            match part {
                ToolResultContent::Text { text } => out.push_str(text),
                ToolResultContent::Image { .. } => out.push_str("[image]"),
                ToolResultContent::Document(doc) => out.push_str(&doc.as_text()),
                ToolResultContent::MediaReference(media) => out.push_str(&media.placeholder()),
            }
        }
        out
    }

    /// Whether this part is media a wire format may have to send outside the tool result.
    pub fn is_media(&self) -> bool {
        !matches!(self, ToolResultContent::Text { .. })
    }
}

/// A PDF sent whole (`data` is base64), with its extracted text for formats that take no documents
/// (empty when it was not extracted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    pub media_type: String,
    pub data: String,
    pub name: String,
    pub text: String,
}

impl Document {
    /// The document as text, for formats that take none.
    pub fn as_text(&self) -> String {
        format!("[PDF {}]\n{}", self.name, self.text)
    }
}

/// What kind of media a [`MediaRef`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MediaKind {
    Image,
    Pdf,
}

impl MediaKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Pdf => "pdf",
        }
    }
}

/// Media by reference: a file under the session's folder named by the SHA-256 of its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaRef {
    pub media_kind: MediaKind,
    /// `image/png`, `application/pdf`, …
    pub media_type: String,
    /// The stored file (absolute).
    pub path: String,
    pub sha256: String,
    pub bytes: u64,
    /// The name it came with (the file name given by the user or the tool).
    pub name: String,
}

impl MediaRef {
    /// One line naming the media, for places that show text only.
    pub fn placeholder(&self) -> String {
        format!(
            "[{} {} ({}, {} bytes)]",
            self.media_kind.as_str(),
            self.name,
            self.media_type,
            self.bytes
        )
    }
}

/// Where an image's bytes are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ImageSource {
    /// Base64-encoded bytes with their media type (`image/png`).
    Base64 { media_type: String, data: String },
    /// A URL the provider fetches itself.
    Url { url: String },
}

impl ImageSource {
    /// A `data:` URL or the plain URL, for formats that take one string.
    pub fn as_url(&self) -> String {
        match self {
            ImageSource::Base64 { media_type, data } => format!("data:{media_type};base64,{data}"),
            ImageSource::Url { url } => url.clone(),
        }
    }
}
