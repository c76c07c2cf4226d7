//! [`Error`]: every way a model call can fail, as one type with an [`ErrorCode`].
//!
//! Constructors [`Error::from_http`], [`Error::from_body`] and [`Error::from_transport`] classify a
//! failure (the rules live in `classify.rs`). The error is `Serialize` so it can travel inside [`ModelEvent::Error`](super::ModelEvent)
//! and be stored in transcripts. API keys never appear in it: the provider's message is kept, request
//! headers are not.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::classify;
use super::event::Usage;

/// What kind of failure happened. `is_retryable` and `is_account_error` are exhaustive matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Missing, invalid or unauthorised API key.
    Auth,
    /// No credit or quota left on the account.
    Billing,
    /// Too many requests; `Error::retry_after` may say how long to wait.
    RateLimit,
    /// The provider is temporarily overloaded (HTTP 529/503).
    Overloaded,
    /// HTTP 5xx.
    ServerError,
    /// Connection refused/reset, DNS, TLS, or a stream cut off before its end.
    Network,
    /// The request did not complete within `timeoutMs`.
    Timeout,
    /// A stream sent nothing for `retry.streamIdleTimeoutMs`.
    StreamIdle,
    /// The conversation exceeds the model's context window.
    PromptTooLong,
    /// The request body exceeds the provider's size limit.
    RequestTooLarge,
    /// The provider rejected the request's shape or parameters.
    InvalidRequest,
    /// The model id is unknown to the provider.
    ModelNotFound,
    /// The provider's content filter blocked the request or reply.
    ContentFilter,
    /// The model produced tool arguments that are not a JSON object.
    InvalidToolArguments,
    /// The output token limit cut a tool call's arguments; the agent retries it with more room.
    OutputTruncated,
    /// The reply had no content and zero output tokens.
    EmptyResponse,
    /// The caller's cancellation token fired.
    Cancelled,
    /// The provider is not usable as configured (unknown id without url/protocol, bad header).
    Config,
    /// The request carries media (images) that no model tried can take; `detail` names them.
    UnsupportedModality,
}

impl ErrorCode {
    /// Whether trying the same request again may succeed.
    pub fn is_retryable(self) -> bool {
        match self {
            ErrorCode::RateLimit
            | ErrorCode::Overloaded
            | ErrorCode::ServerError
            | ErrorCode::Network
            | ErrorCode::Timeout
            | ErrorCode::StreamIdle
            | ErrorCode::InvalidToolArguments
            | ErrorCode::EmptyResponse => true,
            ErrorCode::Auth
            | ErrorCode::Billing
            | ErrorCode::PromptTooLong
            | ErrorCode::RequestTooLarge
            | ErrorCode::InvalidRequest
            | ErrorCode::ModelNotFound
            | ErrorCode::ContentFilter
            | ErrorCode::OutputTruncated
            | ErrorCode::Cancelled
            | ErrorCode::Config
            | ErrorCode::UnsupportedModality => false,
        }
    }

    /// Auth, billing and quota failures: the user must fix their account or key (exit code 3).
    pub fn is_account_error(self) -> bool {
        match self {
            ErrorCode::Auth | ErrorCode::Billing => true,
            ErrorCode::RateLimit
            | ErrorCode::Overloaded
            | ErrorCode::ServerError
            | ErrorCode::Network
            | ErrorCode::Timeout
            | ErrorCode::StreamIdle
            | ErrorCode::PromptTooLong
            | ErrorCode::RequestTooLarge
            | ErrorCode::InvalidRequest
            | ErrorCode::ModelNotFound
            | ErrorCode::ContentFilter
            | ErrorCode::InvalidToolArguments
            | ErrorCode::OutputTruncated
            | ErrorCode::EmptyResponse
            | ErrorCode::Cancelled
            | ErrorCode::Config
            | ErrorCode::UnsupportedModality => false,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Auth => "auth",
            ErrorCode::Billing => "billing",
            ErrorCode::RateLimit => "rate_limit",
            ErrorCode::Overloaded => "overloaded",
            ErrorCode::ServerError => "server_error",
            ErrorCode::Network => "network",
            ErrorCode::Timeout => "timeout",
            ErrorCode::StreamIdle => "stream_idle",
            ErrorCode::PromptTooLong => "prompt_too_long",
            ErrorCode::RequestTooLarge => "request_too_large",
            ErrorCode::InvalidRequest => "invalid_request",
            ErrorCode::ModelNotFound => "model_not_found",
            ErrorCode::ContentFilter => "content_filter",
            ErrorCode::InvalidToolArguments => "invalid_tool_arguments",
            ErrorCode::OutputTruncated => "output_truncated",
            ErrorCode::EmptyResponse => "empty_response",
            ErrorCode::Cancelled => "cancelled",
            ErrorCode::Config => "config",
            ErrorCode::UnsupportedModality => "unsupported_modality",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failed model call, with enough context to explain it and decide what to do. The context is
/// boxed (and reached through `Deref`) so `Result<_, Error>` stays small.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
pub struct Error {
    pub code: ErrorCode,
    #[serde(flatten)]
    pub context: Box<ErrorContext>,
}

/// Where and why a call failed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorContext {
    /// Provider id (`openai`, `anthropic`, a configured id).
    pub provider: String,
    /// Model id at the provider; empty when the failure is not tied to a model.
    pub model: String,
    /// HTTP status, when the failure came with one.
    pub status: Option<u16>,
    /// The provider's own error type or code (`insufficient_quota`, `overloaded_error`), if any.
    pub provider_code: Option<String>,
    /// The provider's message or the transport error, at most 500 characters.
    pub detail: String,
    /// How long the provider asked us to wait (`Retry-After` or "try again in 3s").
    pub retry_after_ms: Option<u64>,
    /// The environment variable the API key comes from, for auth errors.
    pub key_env: Option<String>,
    /// Tokens the provider counted for the failed call (and for failed attempts before it): they
    /// are paid for, so the caller adds them to the turn's usage.
    #[serde(default, skip_serializing_if = "Usage::is_zero")]
    pub usage: Usage,
}

/// `text` with every occurrence of `secret` (and of its first 12 characters, which catches a key a
/// provider echoes truncated) replaced by `[redacted]`. Secrets shorter than 8 characters are left
/// alone: replacing them would mangle ordinary words.
pub(crate) fn redact_secret(text: &str, secret: &str) -> String {
    let secret = secret.trim();
    if secret.chars().count() < 8 {
        return text.to_owned();
    }
    let mut out = text.replace(secret, "[redacted]");
    if let Some((cut, _)) = secret.char_indices().nth(12) {
        out = out.replace(&secret[..cut], "[redacted]");
    }
    out
}

impl std::ops::Deref for Error {
    type Target = ErrorContext;

    fn deref(&self) -> &ErrorContext {
        &self.context
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorContext {
        &mut self.context
    }
}

const MAX_DETAIL: usize = 500;

impl Error {
    pub fn new(
        code: ErrorCode,
        provider: impl Into<String>,
        model: impl Into<String>,
        detail: impl Into<String>,
    ) -> Error {
        let mut detail: String = detail.into();
        if detail.len() > MAX_DETAIL {
            let mut end = MAX_DETAIL;
            while !detail.is_char_boundary(end) {
                end -= 1;
            }
            detail.truncate(end);
            detail.push('…');
        }
        Error {
            code,
            context: Box::new(ErrorContext {
                provider: provider.into(),
                model: model.into(),
                status: None,
                provider_code: None,
                detail,
                retry_after_ms: None,
                key_env: None,
                usage: Usage::default(),
            }),
        }
    }

    pub fn is_retryable(&self) -> bool {
        self.code.is_retryable()
    }

    /// Auth or billing/quota: the CLI maps these to exit code 3.
    pub fn is_account_error(&self) -> bool {
        self.code.is_account_error()
    }

    pub fn retry_after(&self) -> Option<Duration> {
        self.retry_after_ms.map(Duration::from_millis)
    }

    /// Classifies an HTTP error response from its status, `Retry-After` header and body.
    pub fn from_http(
        provider: &str,
        model: &str,
        status: u16,
        retry_after: Option<Duration>,
        body: &str,
    ) -> Error {
        let mut error = classify::classify(provider, model, Some(status), body);
        if let Some(after) = retry_after {
            error.retry_after_ms = Some(u64::try_from(after.as_millis()).unwrap_or(u64::MAX));
        }
        error
    }

    /// Classifies an error object that arrived inside a stream (Anthropic `event: error`, a Responses
    /// `error` / `response.failed` event, an OpenAI chunk with an `error` member).
    pub fn from_body(provider: &str, model: &str, body: &serde_json::Value) -> Error {
        classify::classify_value(provider, model, None, body, &body.to_string())
    }

    /// Classifies a transport failure (connect, TLS, reset, timeout, body read).
    pub fn from_transport(provider: &str, model: &str, err: &reqwest::Error) -> Error {
        let mut detail = err.to_string();
        let mut source = std::error::Error::source(err);
        while let Some(cause) = source {
            detail.push_str(": ");
            detail.push_str(&cause.to_string());
            source = cause.source();
        }
        let code = if err.is_timeout() {
            ErrorCode::Timeout
        } else if err.is_builder() {
            ErrorCode::Config
        } else {
            ErrorCode::Network
        };
        Error::new(code, provider, model, detail)
    }

    /// What to tell the user, including what to do about it.
    pub fn user_message(&self) -> String {
        let who = if self.model.is_empty() {
            format!("provider `{}`", self.provider)
        } else {
            format!("`{}/{}`", self.provider, self.model)
        };
        let status = self
            .status
            .map(|s| format!(" (HTTP {s})"))
            .unwrap_or_default();
        let detail = if self.detail.is_empty() {
            String::new()
        } else {
            format!(": {}", self.detail)
        };
        let key = self.key_env.as_deref();
        match self.code {
            ErrorCode::Auth => match (self.status, key) {
                (None, Some(var)) => format!(
                    "no API key for provider `{}`: set the environment variable {var}",
                    self.provider
                ),
                (_, Some(var)) => {
                    format!("{who} rejected the API key{status}{detail}; check the key in {var}")
                }
                (_, None) => format!(
                    "{who} rejected the API key{status}{detail}; check model.providers.{}.apiKey",
                    self.provider
                ),
            },
            ErrorCode::Billing => format!(
                "{who}: the account has no credit or quota left{status}{detail}; check the plan and billing at the provider"
            ),
            ErrorCode::RateLimit => {
                let wait = self
                    .retry_after_ms
                    .map(|ms| format!(" (asked to wait {}s)", ms.div_ceil(1000)))
                    .unwrap_or_default();
                format!(
                    "{who} is rate limiting requests{wait}{status}{detail}; wait and try again, or configure a fallback model"
                )
            }
            ErrorCode::Overloaded => format!(
                "{who} is overloaded{status}{detail}; try again later or configure a fallback model"
            ),
            ErrorCode::ServerError => {
                format!("{who} had a server error{status}{detail}; try again later")
            }
            ErrorCode::Network => format!(
                "could not talk to {who}{detail}; check the network, the proxy settings and model.providers.{}.url",
                self.provider
            ),
            ErrorCode::Timeout => format!(
                "{who} did not answer in time{detail}; raise model.providers.{}.timeoutMs or try again",
                self.provider
            ),
            ErrorCode::StreamIdle => format!(
                "{who} stopped sending data mid-reply{detail}; try again, or raise model.providers.{}.retry.streamIdleTimeoutMs",
                self.provider
            ),
            ErrorCode::PromptTooLong => format!(
                "the conversation is too long for {who}{status}{detail}; compact the session (`pilotdeck session compact`), start a new one, or lower agent.maxOutputTokens"
            ),
            ErrorCode::RequestTooLarge => format!(
                "the request is too large for {who}{status}{detail}; remove large attachments or tool results"
            ),
            ErrorCode::InvalidRequest => format!(
                "{who} rejected the request{status}{detail}; check the model's settings (max output tokens, temperature, thinking) in pilotdeck.yaml"
            ),
            ErrorCode::ModelNotFound => format!(
                "{who} does not exist at the provider{status}{detail}; check the model name in pilotdeck.yaml"
            ),
            ErrorCode::ContentFilter => format!(
                "{who} blocked the reply with its content filter{detail}; rephrase the request"
            ),
            ErrorCode::InvalidToolArguments => format!(
                "{who} sent tool arguments that are not a JSON object{detail}; try again or use a stronger model"
            ),
            ErrorCode::OutputTruncated => format!(
                "{who} was cut off by the output token limit in the middle of a tool call{detail}; raise agent.maxOutputTokens or ask for smaller steps"
            ),
            ErrorCode::EmptyResponse => {
                format!("{who} returned an empty reply{detail}; try again or use another model")
            }
            ErrorCode::Cancelled => format!("the request to {who} was cancelled"),
            ErrorCode::Config => format!(
                "provider `{}` cannot be used as configured{detail}; fix model.providers.{} in pilotdeck.yaml",
                self.provider, self.provider
            ),
            ErrorCode::UnsupportedModality => format!(
                "unsupported_modality: the request has images and {who} cannot see them (models tried: {tried}); add a model that sees images (multimodal.input: [text, image]) to router.fallback.default, or pass -m with one",
                tried = self.detail
            ),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.user_message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_message_with_advice() {
        let codes = [
            ErrorCode::Auth,
            ErrorCode::Billing,
            ErrorCode::RateLimit,
            ErrorCode::Overloaded,
            ErrorCode::ServerError,
            ErrorCode::Network,
            ErrorCode::Timeout,
            ErrorCode::StreamIdle,
            ErrorCode::PromptTooLong,
            ErrorCode::RequestTooLarge,
            ErrorCode::InvalidRequest,
            ErrorCode::ModelNotFound,
            ErrorCode::ContentFilter,
            ErrorCode::InvalidToolArguments,
            ErrorCode::OutputTruncated,
            ErrorCode::EmptyResponse,
            ErrorCode::Cancelled,
            ErrorCode::Config,
            ErrorCode::UnsupportedModality,
        ];
        for code in codes {
            let e = Error::new(code, "openai", "gpt-4o", "boom");
            let text = e.to_string();
            assert!(text.contains("openai"), "{text}");
            let json = serde_json::to_string(&e).unwrap();
            assert!(json.contains(&format!("\"{}\"", code.as_str())), "{json}");
            assert_eq!(serde_json::from_str::<Error>(&json).unwrap(), e);
        }
    }

    #[test]
    fn missing_key_names_the_variable() {
        let mut e = Error::new(ErrorCode::Auth, "openai", "", "");
        e.key_env = Some("OPENAI_API_KEY".into());
        assert_eq!(
            e.to_string(),
            "no API key for provider `openai`: set the environment variable OPENAI_API_KEY"
        );
        assert!(e.is_account_error());
        assert!(!e.is_retryable());
    }

    #[test]
    fn redact_secret_hides_whole_and_truncated_keys_but_not_short_ones() {
        let key = "sk-proj-abcdefghijklmnop";
        assert_eq!(
            redact_secret(&format!("Incorrect API key provided: {key}."), key),
            "Incorrect API key provided: [redacted]."
        );
        assert_eq!(
            redact_secret("key sk-proj-abc… was rejected", key),
            "key sk-proj-abc… was rejected",
            "a prefix shorter than 12 characters is not enough to leak"
        );
        assert_eq!(
            redact_secret("got sk-proj-abcdefg...", key),
            "got [redacted]efg..."
        );
        assert_eq!(redact_secret("a short key abc", "abc"), "a short key abc");
    }
}
