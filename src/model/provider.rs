//! [`ResolvedProvider`]: one `model.providers.<id>` entry with the catalog defaults filled in, ready
//! to be called. The API key is resolved at use time ([`ResolvedProvider::api_key`]) so a missing
//! `${ENV}` only fails the calls that need it, with an error naming the variable.
//!
//! Endpoint joining ([`endpoint_candidates`]) follows PilotDeck: a base URL that already ends with the
//! endpoint path is used as is; one with a version segment (`/v1`, `/v1beta`, `/api/v3`) gets the
//! path appended; a bare host gets `<base>/v1/<path>` first and `<base>/<path>` as a fallback that is
//! tried only when the first answers 404 or 405.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::config::{self, ModelEntry, Protocol, ProviderConfig, ToolCallFormat};

use super::catalog::{self, ModelInfo};
use super::error::{Error, ErrorCode};
use super::retry::RetryPolicy;

/// Non-streaming request timeout when `timeoutMs` is unset.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(600_000);

/// A provider ready to be called.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedProvider {
    pub id: String,
    pub protocol: Protocol,
    /// Base URL without a trailing `/`.
    pub base_url: String,
    api_key: ApiKey,
    /// Sent on every request; they override the protocol's default headers of the same name.
    pub headers: BTreeMap<String, String>,
    /// Shallow-merged over every request body.
    pub extra_body: serde_json::Map<String, serde_json::Value>,
    /// Whole-request timeout for non-streaming calls.
    pub timeout: Duration,
    pub retry: RetryPolicy,
    models: BTreeMap<String, Option<ModelEntry>>,
    tool_call_format: Option<ToolCallFormat>,
}

/// Where the API key comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ApiKey {
    /// No key is sent (local servers).
    None,
    Literal(String),
    /// `${NAME}`: read from the environment when used.
    Env(String),
}

impl ResolvedProvider {
    /// Fills `config` with the catalog defaults for `id`. Fails with [`ErrorCode::Config`] when the
    /// id is unknown and the entry lacks `url`.
    pub fn resolve(id: &str, config: &ProviderConfig) -> Result<ResolvedProvider, Error> {
        let known = config::known_provider(id);
        let protocol = config
            .protocol
            .or(known.map(|k| k.protocol))
            .unwrap_or(Protocol::OpenAi);
        let Some(base_url) = config.url.clone().or(known.map(|k| k.url.to_owned())) else {
            return Err(Error::new(
                ErrorCode::Config,
                id,
                "",
                "it is not a known provider and has no url",
            ));
        };
        let api_key = match config.api_key.as_deref().map(str::trim) {
            Some(text) if !text.is_empty() => match text
                .strip_prefix("${")
                .and_then(|rest| rest.strip_suffix('}'))
            {
                Some(name) => ApiKey::Env(name.to_owned()),
                None => ApiKey::Literal(text.to_owned()),
            },
            _ => match known.and_then(|k| k.key_env) {
                Some(name) => ApiKey::Env(name.to_owned()),
                None => ApiKey::None,
            },
        };
        Ok(ResolvedProvider {
            id: id.to_owned(),
            protocol,
            base_url: base_url.trim_end_matches('/').to_owned(),
            api_key,
            headers: config.headers.clone(),
            extra_body: config.extra_body.clone(),
            timeout: config
                .timeout_ms
                .map(Duration::from_millis)
                .unwrap_or(DEFAULT_TIMEOUT),
            retry: RetryPolicy::from_config(&config.retry),
            models: config.models.clone(),
            tool_call_format: config.tool_call_format,
        })
    }

    /// The API key, read now. `Ok(None)` means no key is configured and none is needed. Fails with
    /// [`ErrorCode::Auth`] naming the variable when a `${ENV}` key is unset.
    pub fn api_key(&self) -> Result<Option<String>, Error> {
        match &self.api_key {
            ApiKey::None => Ok(None),
            ApiKey::Literal(key) => Ok(Some(key.clone())),
            ApiKey::Env(name) => match crate::env::var(name) {
                Some(key) => Ok(Some(key)),
                None => {
                    let mut error = Error::new(ErrorCode::Auth, &self.id, "", "");
                    error.key_env = Some(name.clone());
                    Err(error)
                }
            },
        }
    }

    /// The environment variable the key comes from, if any (for error messages).
    pub fn key_env(&self) -> Option<&str> {
        match &self.api_key {
            ApiKey::Env(name) => Some(name),
            ApiKey::None | ApiKey::Literal(_) => None,
        }
    }

    /// Catalog information for `model`, with this provider's `models.<model>` entry applied.
    /// Whether `model` writes its tool calls as text (`toolCallFormat: text` on the model entry,
    /// else on the provider).
    pub fn text_tool_calls(&self, model: &str) -> bool {
        let entry = self.models.get(model).and_then(Option::as_ref);
        entry
            .and_then(|e| e.tool_call_format)
            .or(self.tool_call_format)
            == Some(ToolCallFormat::Text)
    }

    pub fn model_info(&self, model: &str) -> ModelInfo {
        let entry = self.models.get(model).and_then(Option::as_ref);
        catalog::model_info(self.protocol, model, entry)
    }

    /// The URLs to try for `path`, best first (see the module doc).
    pub fn endpoints(&self, path: &str) -> Vec<String> {
        endpoint_candidates(&self.base_url, path)
    }
}

/// Joins a base URL and an endpoint path (`chat/completions`, `messages`, `responses`).
pub fn endpoint_candidates(base: &str, path: &str) -> Vec<String> {
    let base = base.trim_end_matches('/');
    let path = path.trim_start_matches('/');
    if base.ends_with(&format!("/{path}")) {
        return vec![base.to_owned()];
    }
    let after_host = base
        .split_once("://")
        .map_or(base, |(_, rest)| rest)
        .split_once('/')
        .map_or("", |(_, p)| p);
    let has_version = after_host.split('/').any(is_version_segment);
    if has_version {
        vec![format!("{base}/{path}")]
    } else {
        vec![format!("{base}/v1/{path}"), format!("{base}/{path}")]
    }
}

/// `v1`, `v4`, `v1beta`, `v1beta2`.
fn is_version_segment(segment: &str) -> bool {
    let Some(rest) = segment.strip_prefix('v') else {
        return false;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let tail = &rest[digits..];
    tail.is_empty()
        || tail
            .strip_prefix("beta")
            .is_some_and(|d| d.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_joining() {
        assert_eq!(
            endpoint_candidates("https://api.openai.com/v1", "chat/completions"),
            ["https://api.openai.com/v1/chat/completions"]
        );
        assert_eq!(
            endpoint_candidates("https://x.test/v1/chat/completions/", "chat/completions"),
            ["https://x.test/v1/chat/completions"]
        );
        assert_eq!(
            endpoint_candidates("https://open.bigmodel.cn/api/paas/v4", "chat/completions"),
            ["https://open.bigmodel.cn/api/paas/v4/chat/completions"]
        );
        assert_eq!(
            endpoint_candidates(
                "https://generativelanguage.googleapis.com/v1beta/openai",
                "chat/completions"
            ),
            ["https://generativelanguage.googleapis.com/v1beta/openai/chat/completions"]
        );
        assert_eq!(
            endpoint_candidates("http://127.0.0.1:8080", "messages"),
            [
                "http://127.0.0.1:8080/v1/messages",
                "http://127.0.0.1:8080/messages"
            ]
        );
    }

    #[test]
    fn catalog_defaults_and_key_sources() {
        let p = ResolvedProvider::resolve("anthropic", &ProviderConfig::default()).unwrap();
        assert_eq!(p.protocol, Protocol::Anthropic);
        assert_eq!(p.base_url, "https://api.anthropic.com/v1");
        assert_eq!(p.key_env(), Some("ANTHROPIC_API_KEY"));

        let literal = ProviderConfig {
            url: Some("http://localhost:1/v1/".into()),
            api_key: Some("sk-literal".into()),
            ..ProviderConfig::default()
        };
        let p = ResolvedProvider::resolve("mine", &literal).unwrap();
        assert_eq!(p.protocol, Protocol::OpenAi);
        assert_eq!(p.base_url, "http://localhost:1/v1");
        assert_eq!(p.api_key().unwrap().as_deref(), Some("sk-literal"));

        let unknown = ResolvedProvider::resolve("nowhere", &ProviderConfig::default());
        assert_eq!(unknown.unwrap_err().code, ErrorCode::Config);

        let ollama = ResolvedProvider::resolve("ollama", &ProviderConfig::default()).unwrap();
        assert_eq!(ollama.api_key().unwrap(), None);
    }

    #[test]
    fn missing_env_key_names_the_variable() {
        let config = ProviderConfig {
            api_key: Some("${PILOTDECK_TEST_SURELY_UNSET_KEY}".into()),
            ..ProviderConfig::default()
        };
        let p = ResolvedProvider::resolve("openai", &config).unwrap();
        let error = p.api_key().unwrap_err();
        assert_eq!(error.code, ErrorCode::Auth);
        assert!(
            error
                .to_string()
                .contains("set the environment variable PILOTDECK_TEST_SURELY_UNSET_KEY")
        );
    }
}
