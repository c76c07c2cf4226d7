//! `tools.webSearch` (PilotDeck's keys) and `tools.webFetch` (pilotdeck's own): the web tools. Each
//! tool is offered only when its section is present and `enabled` is not `false`; `tools::web`
//! interprets them.

use serde::{Deserialize, Serialize};

use super::Severity;

/// The providers `tools.webSearch.provider` names (`glm` when unset).
const SEARCH_PROVIDERS: &[&str] = &["glm", "tavily", "custom"];

/// `tools.webSearch`: the `web_search` tool and its provider.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct WebSearchConfig {
    /// Unset means on (the section being present turns the tool on).
    pub enabled: Option<bool>,
    /// `glm` (default), `tavily` or `custom`.
    pub provider: Option<String>,
    /// A literal key or `${ENV}`, read when a search is made.
    pub api_key: Option<String>,
    /// The provider's URL; required for `custom`.
    pub endpoint: Option<String>,
    /// How to call a `custom` endpoint; unset means SearXNG's JSON API.
    pub custom_provider: Option<CustomSearchProvider>,
}

impl WebSearchConfig {
    pub fn is_enabled(&self) -> bool {
        self.enabled != Some(false)
    }
}

/// What is wrong with a `tools.webSearch` section: (severity, key, message).
pub(super) fn problems(search: &WebSearchConfig) -> Vec<(Severity, String, String)> {
    let mut found = Vec::new();
    let provider = search.provider.as_deref().unwrap_or("glm");
    if !SEARCH_PROVIDERS.contains(&provider) {
        found.push((
            Severity::Error,
            "tools.webSearch.provider".to_owned(),
            format!("`{provider}` is not one of {}", SEARCH_PROVIDERS.join(", ")),
        ));
    }
    if provider == "custom"
        && search
            .endpoint
            .as_deref()
            .is_none_or(|e| e.trim().is_empty())
    {
        found.push((
            Severity::Error,
            "tools.webSearch.endpoint".to_owned(),
            "the custom provider needs an endpoint (a SearXNG-compatible URL such as \
             http://localhost:8888/search)"
                .to_owned(),
        ));
    }
    found
}

/// `tools.webSearch.customProvider`: a search API described by its request and result fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomSearchProvider {
    pub name: Option<String>,
    /// `bearer`, `bodyApiKey`, `queryApiKey` or `none` (default: `bearer` when a key is set).
    pub auth: Option<String>,
    /// `GET` (default) or `POST`.
    pub method: Option<String>,
    /// The parameter carrying the query (default `q`).
    pub query_param: Option<String>,
    /// The parameter carrying the key for `bodyApiKey` / `queryApiKey` (default `api_key`).
    pub api_key_param: Option<String>,
    /// Dotted path to the result list in the reply (default `results`).
    pub results_path: Option<String>,
    pub title_field: Option<String>,
    pub url_field: Option<String>,
    pub snippet_field: Option<String>,
    pub source_field: Option<String>,
    pub published_at_field: Option<String>,
}

/// `tools.webFetch`: the `web_fetch` tool's switch and caps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct WebFetchConfig {
    /// Unset means on (the section being present turns the tool on).
    pub enabled: Option<bool>,
    /// Bytes read of one response at most (default 5 MB).
    pub max_bytes: Option<u64>,
    /// Seconds one fetch may take, redirects included (default 30).
    pub timeout_seconds: Option<u64>,
    /// Redirects followed at most (default 5).
    pub max_redirects: Option<u32>,
}

impl WebFetchConfig {
    pub fn is_enabled(&self) -> bool {
        self.enabled != Some(false)
    }
}
