//! The typed `pilotdeck.yaml` schema: top level, `agent` and `model`.
//!
//! Field names follow PilotDeck's schema (camelCase in YAML) so existing files load unchanged. Every
//! struct has defaults, so a partial file is a valid layer; `load` merges layers before the final
//! deserialisation into [`Config`]. The other sections live in `sections.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::sections::{
    AlwaysOnConfig, CronConfig, ExtensionConfig, HooksConfig, MemoryConfig, ProjectSection,
    ProxyConfig, RouterConfig, TelemetryConfig, ToolsConfig,
};

/// The whole configuration after all layers were merged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Config {
    /// Always 1; any other value is an error.
    pub schema_version: Option<u32>,
    pub agent: AgentConfig,
    pub model: ModelSection,
    pub router: Option<RouterConfig>,
    /// Absent means memory is off.
    pub memory: Option<MemoryConfig>,
    pub always_on: AlwaysOnConfig,
    /// Absent means cron uses its defaults; `cron.enabled: false` turns scheduling off.
    pub cron: Option<CronConfig>,
    pub tools: ToolsConfig,
    pub extension: ExtensionConfig,
    pub hooks: HooksConfig,
    pub proxy: Option<ProxyConfig>,
    pub telemetry: TelemetryConfig,
    /// How a project's key is made (`project.identity`).
    pub project: ProjectSection,
    /// PilotDeck's web and IM keys: accepted so shared files load, never used here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gateway: Option<serde_yaml::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapters: Option<serde_yaml::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webui: Option<serde_yaml::Value>,
    /// Every environment variable a config file references (`${NAME}`, `${env:NAME}`, including
    /// `apiKey`); children started for the agent never inherit them (`tools::EnvFilter`).
    #[serde(skip)]
    pub env_references: std::collections::BTreeSet<String>,
    /// Whether the project's own settings that need trust take effect (`config::trust`): decided
    /// once, by the load (true without a project, false for a configuration not loaded from
    /// files). The load strips an untrusted project's layer; the MCP, plugin and slash-command
    /// loaders read this instead of assessing the project again.
    #[serde(skip)]
    pub project_trusted: bool,
    /// The user's config file this load read (`--config`, `$PILOTDECK_CONFIG_PATH` or
    /// `<home>/pilotdeck.yaml`): it holds API keys, so it is among the secret locations no
    /// confined command nor file tool reads (`tools::sandbox::secret_locations`).
    #[serde(skip)]
    pub secret_files: Vec<std::path::PathBuf>,
    /// Where each key under `hooks` was written (`hooks.PreToolUse.0.matcher`), set by the load, so
    /// the hook loader, which reads that section, names the line of a bad entry.
    #[serde(skip)]
    pub hook_locations: BTreeMap<String, super::Location>,
}

/// Top-level keys that belong to PilotDeck's server side and are ignored with an info line.
pub const IGNORED_SECTIONS: &[&str] = &["gateway", "adapters", "webui"];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AgentConfig {
    /// The default model, `provider/model`.
    pub model: Option<String>,
    pub max_context_tokens: Option<u64>,
    pub max_output_tokens: Option<u64>,
    pub thinking: Option<ThinkingConfig>,
    pub subagents: Option<SubagentsConfig>,
    /// Maximum model calls in one turn (default 50).
    pub max_iterations: Option<u32>,
    /// Spending caps for unattended and interactive turns alike.
    pub budget: Option<BudgetConfig>,
}

/// `agent.budget`: USD caps checked before every model call (see `agent::RunBudget`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BudgetConfig {
    /// One turn (`run`, a chat input, a cron run, an always-on turn) may spend at most this.
    pub per_run_usd: Option<f64>,
    /// All model calls of one UTC day together (as `router stats` counts them) may spend at most this.
    pub per_day_usd: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ThinkingConfig {
    pub enabled: bool,
    pub budget_tokens: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SubagentsConfig {
    /// `inherit` or a model ref.
    pub default: Option<String>,
    pub timeout_ms: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ModelSection {
    pub providers: BTreeMap<String, ProviderConfig>,
}

/// The wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Protocol {
    /// OpenAI Chat Completions and every compatible server.
    #[serde(rename = "openai")]
    OpenAi,
    /// The OpenAI Responses API.
    #[serde(rename = "openai-responses")]
    OpenAiResponses,
    /// The Anthropic Messages API.
    #[serde(rename = "anthropic")]
    Anthropic,
    /// Google Gemini, spoken through its OpenAI-compatible endpoint.
    #[serde(rename = "google")]
    Google,
}

impl Protocol {
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::OpenAi => "openai",
            Protocol::OpenAiResponses => "openai-responses",
            Protocol::Anthropic => "anthropic",
            Protocol::Google => "google",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ProviderConfig {
    /// Defaults to the catalog protocol for known provider ids.
    pub protocol: Option<Protocol>,
    /// Base URL; defaults to the catalog URL for known provider ids.
    pub url: Option<String>,
    /// A literal key or `${ENV}`; defaults to `${<catalog key variable>}`. Resolved when used.
    pub api_key: Option<String>,
    /// Non-streaming request timeout (default 600000).
    pub timeout_ms: Option<u64>,
    pub headers: BTreeMap<String, String>,
    /// Merged (shallowly) into every request body.
    pub extra_body: serde_json::Map<String, serde_json::Value>,
    pub retry: RetryConfig,
    pub models: BTreeMap<String, Option<ModelEntry>>,
    /// `text`: the provider's models write tool calls as `<tool_call>{…}</tool_call>` text
    /// (Hermes/Qwen style); they are read into real calls. Default `native`.
    pub tool_call_format: Option<ToolCallFormat>,
}

/// How a model sends tool calls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ToolCallFormat {
    /// The API's own tool-call fields.
    #[default]
    Native,
    /// `<tool_call>{"name": …, "arguments": …}</tool_call>` in the text.
    Text,
}

/// Per-provider retry settings; unset fields take the model layer's defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RetryConfig {
    pub request_max_retries: Option<u32>,
    pub stream_max_retries: Option<u32>,
    pub stream_idle_timeout_ms: Option<u64>,
    pub max_streaming_duration_ms: Option<u64>,
    pub repeated_chunk_limit: Option<u32>,
    pub base_delay_ms: Option<u64>,
    pub max_delay_ms: Option<u64>,
    pub jitter: Option<f64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ModelEntry {
    pub display_name: Option<String>,
    pub aliases: Vec<String>,
    pub capabilities: Capabilities,
    /// What media the model takes (PilotDeck's `multimodal` block; also accepted inside
    /// `capabilities`). Unset fields take the catalog's defaults.
    pub multimodal: Option<Multimodal>,
    /// Prices in USD per million tokens; override the catalog.
    pub pricing: Option<ModelPricing>,
    /// Overrides the provider's `toolCallFormat` for this model.
    pub tool_call_format: Option<ToolCallFormat>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Capabilities {
    pub supports_tool_use: Option<bool>,
    pub supports_streaming: Option<bool>,
    pub supports_parallel_tool_calls: Option<bool>,
    pub supports_thinking: Option<bool>,
    pub supports_json_schema: Option<bool>,
    pub supports_system_prompt: Option<bool>,
    pub supports_prompt_cache: Option<bool>,
    pub supports_images: Option<bool>,
    #[serde(alias = "contextWindow")]
    pub max_context_tokens: Option<u64>,
    pub max_output_tokens: Option<u64>,
    /// Same as the model entry's `multimodal` (which wins when both are set).
    pub multimodal: Option<Multimodal>,
}

impl ModelEntry {
    /// The `multimodal` block, from the entry or its `capabilities`.
    pub fn multimodal(&self) -> Option<&Multimodal> {
        self.multimodal
            .as_ref()
            .or(self.capabilities.multimodal.as_ref())
    }
}

/// `models.<id>.multimodal`: the media a model takes and its limits.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Multimodal {
    /// `text`, `image`, `pdf`, `audio`.
    pub input: Option<Vec<Modality>>,
    pub max_images_per_request: Option<u32>,
    /// Largest image sent; bigger ones are downscaled and re-encoded to fit.
    pub max_image_bytes: Option<u64>,
    /// Image types the model takes; others are re-encoded (PNG or JPEG).
    pub supported_image_mime_types: Option<Vec<String>>,
    pub max_pdf_pages: Option<u32>,
    pub max_pdf_bytes: Option<u64>,
    /// Accepted for compatibility; pilotdeck sends no audio.
    pub max_audio_seconds: Option<u32>,
    pub image_detail: Option<ImageDetail>,
}

/// One kind of model input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Modality {
    Text,
    Image,
    Pdf,
    Audio,
}

/// `imageDetail`: how closely OpenAI models look at an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImageDetail {
    Auto,
    Low,
    High,
}

impl ImageDetail {
    pub fn as_str(self) -> &'static str {
        match self {
            ImageDetail::Auto => "auto",
            ImageDetail::Low => "low",
            ImageDetail::High => "high",
        }
    }
}

/// USD per million tokens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ModelPricing {
    pub input: Option<f64>,
    pub output: Option<f64>,
    pub cache_read: Option<f64>,
    pub cache_write: Option<f64>,
}
