//! The model layer: canonical messages, requests and stream events; provider resolution and the
//! model catalog; the wire adapters for OpenAI Chat Completions, Anthropic Messages and OpenAI
//! Responses; and the one client that streams, times out, retries and cancels for all of them.
//!
//! Callers (the router, the agent loop) build a [`ModelRequest`], resolve a provider with
//! [`ResolvedProvider::resolve`], and call [`ModelClient::stream`] (events as they arrive; fold them
//! with [`Assembler`]) or [`ModelClient::complete`]. Every failure is an [`Error`] with an
//! [`ErrorCode`]. This module never writes to stdout and never logs API keys. It does not choose
//! models or fall back between them; that is `router`, which shares one [`RetryBudget`] across its
//! attempts so a failing request costs a bounded number of HTTP requests (see [`retry`]).

mod assemble;
pub mod catalog;
mod classify;
mod client;
mod error;
mod event;
mod fences;
mod http;
mod message;
mod provider;
mod repair;
mod request;
pub mod retry;
pub mod sse;
mod text_tools;
mod wire;

pub use assemble::{Assembler, ModelResponse};
pub use catalog::{ModelInfo, Pricing, cost_usd};
pub use client::{CallOptions, ModelClient, ModelStream};
pub use error::{Error, ErrorCode, ErrorContext};
pub use event::{FinishReason, ModelEvent, Usage};
pub use fences::strip_fences;
pub use http::{http_client, http_client_for, web_http_client};
pub use message::{
    ContentBlock, Document, ImageSource, MediaKind, MediaRef, Message, Role, ToolCall,
    ToolResultContent,
};
pub use provider::{DEFAULT_TIMEOUT, ResolvedProvider, endpoint_candidates};
pub use repair::repair_arguments;
pub use request::{Effort, ModelRequest, OutputSchema, ThinkingRequest, ToolChoice, ToolSpec};
pub use retry::{RetryBudget, RetryPolicy};
pub use text_tools::{TagFilter, text_tool_calls};
