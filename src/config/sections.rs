//! The `router`, `memory`, `alwaysOn`, `cron`, `tools`, `extension`, `hooks`, `proxy`, `telemetry`
//! and `project` sections of `pilotdeck.yaml`, with PilotDeck's key names and defaults.
//!
//! Only the shape and defaults live here; each subsystem interprets its own section.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RouterConfig {
    pub enabled: bool,
    /// `{default: ref, <scenario>: ref}`.
    pub scenarios: BTreeMap<String, String>,
    pub fallback: FallbackConfig,
    pub zero_usage_retry: ZeroUsageRetryConfig,
    pub token_saver: Option<TokenSaverConfig>,
    pub auto_orchestrate: Option<AutoOrchestrateConfig>,
    pub stats: StatsConfig,
    pub custom_router: Option<serde_yaml::Value>,
}

impl Default for RouterConfig {
    fn default() -> Self {
        RouterConfig {
            enabled: true,
            scenarios: BTreeMap::new(),
            fallback: FallbackConfig::default(),
            zero_usage_retry: ZeroUsageRetryConfig::default(),
            token_saver: None,
            auto_orchestrate: None,
            stats: StatsConfig::default(),
            custom_router: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct FallbackConfig {
    /// Chains by scenario: `default`, `subagent`, `explicit`, …
    #[serde(flatten)]
    pub chains: BTreeMap<String, Vec<String>>,
    pub max_fallbacks: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ZeroUsageRetryConfig {
    pub enabled: bool,
    pub max_attempts: u32,
}

impl Default for ZeroUsageRetryConfig {
    fn default() -> Self {
        ZeroUsageRetryConfig {
            enabled: true,
            max_attempts: 2,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TokenSaverConfig {
    #[serde(default = "yes")]
    pub enabled: bool,
    /// The judge model ref.
    pub judge: Option<String>,
    pub default_tier: Option<String>,
    pub tiers: BTreeMap<String, TierConfig>,
    pub rules: Option<Vec<String>>,
    pub subagent: Option<SubagentPolicyConfig>,
    pub judge_timeout_ms: u64,
    pub cache_aware_switching: CacheAwareSwitchingConfig,
    /// The offline classifier: the keyword `heuristic` (default) or the `learned` scorer.
    pub scorer: ScorerChoice,
    /// Learned-scorer cut-offs for the medium and reasoning tiers (`router calibrate` writes them).
    pub thresholds: Option<ThresholdsConfig>,
}

/// `router.tokenSaver.scorer`: which offline classifier decides when no judge does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScorerChoice {
    /// The keyword rules (`router::heuristic`).
    #[default]
    Heuristic,
    /// The learned scorer (`router::scorer`) under `thresholds`.
    Learned,
}

/// `router.tokenSaver.thresholds`: scores (0..1) at which the medium and reasoning tiers start.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThresholdsConfig {
    pub medium: f64,
    pub reasoning: f64,
}

impl Default for TokenSaverConfig {
    fn default() -> Self {
        TokenSaverConfig {
            enabled: true,
            judge: None,
            default_tier: None,
            tiers: BTreeMap::new(),
            rules: None,
            subagent: None,
            judge_timeout_ms: 15_000,
            cache_aware_switching: CacheAwareSwitchingConfig::default(),
            scorer: ScorerChoice::default(),
            thresholds: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TierConfig {
    pub model: String,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SubagentPolicyConfig {
    /// `skip` or `judge`.
    pub policy: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CacheAwareSwitchingConfig {
    pub enabled: bool,
    pub min_savings_ratio: f64,
}

impl Default for CacheAwareSwitchingConfig {
    fn default() -> Self {
        CacheAwareSwitchingConfig {
            enabled: true,
            min_savings_ratio: 0.0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AutoOrchestrateConfig {
    pub enabled: bool,
    pub trigger_tiers: Vec<String>,
    pub allowed_tools: Option<Vec<String>>,
    pub blocked_tools: Option<Vec<String>>,
    pub slim_system_prompt: bool,
    pub skill_extension_id: Option<String>,
    pub orchestration_prompt: Option<String>,
    pub subagent_max_tokens: Option<u64>,
}

impl Default for AutoOrchestrateConfig {
    fn default() -> Self {
        AutoOrchestrateConfig {
            enabled: true,
            trigger_tiers: vec!["complex".to_owned()],
            allowed_tools: None,
            blocked_tools: None,
            slim_system_prompt: true,
            skill_extension_id: None,
            orchestration_prompt: None,
            subagent_max_tokens: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct StatsConfig {
    pub enabled: bool,
    /// `{"prov/model": {input, output, cacheRead}}`, USD per million tokens.
    pub model_pricing: BTreeMap<String, super::schema::ModelPricing>,
    pub baseline_model: Option<String>,
}

impl Default for StatsConfig {
    fn default() -> Self {
        StatsConfig {
            enabled: true,
            model_pricing: BTreeMap::new(),
            baseline_model: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MemoryConfig {
    pub enabled: bool,
    pub provider: Option<String>,
    pub root_dir: Option<String>,
    /// `last_turn` or `full_session`.
    pub capture_strategy: String,
    pub include_assistant: bool,
    pub max_message_chars: u32,
    pub retrieval_timeout_ms: u64,
    pub model: Option<String>,
    pub api_type: Option<String>,
    pub heartbeat_batch_size: u32,
    pub schedule: MemoryScheduleConfig,
    /// Accepted flat, as PilotDeck does; merged into `schedule`.
    pub auto_index_interval_minutes: Option<u32>,
    pub auto_dream_interval_minutes: Option<u32>,
    pub reasoning_mode: Option<String>,
    /// How stage 1 of recall ranks.
    pub recall: MemoryRecallConfig,
    /// The embedding model for recall's semantic stage, `provider/model`; absent: stage 1 only.
    pub embedding: Option<String>,
    /// Sharing the notes through a git repository (`memory sync`).
    pub sync: MemorySyncConfig,
}

/// `memory.sync`: the git repository `memory sync` shares the notes through.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MemorySyncConfig {
    /// The remote URL (`file://`, SSH or HTTPS); `memory sync --remote` overrides it.
    pub remote: Option<String>,
    /// The branch holding the notes.
    pub branch: String,
}

impl Default for MemorySyncConfig {
    fn default() -> Self {
        MemorySyncConfig {
            remote: None,
            branch: "main".to_owned(),
        }
    }
}

/// `project`: how a project is told apart from others.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ProjectSection {
    /// `path` (the default): the project root's path is its key; `remote`: the normalised URL of
    /// its git `origin`, so every clone of one repository is one project for memory and sessions.
    pub identity: crate::home::Identity,
}

/// `memory.recall`: ranking switches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MemoryRecallConfig {
    /// Pseudo-relevance feedback: `auto` (when the first pass is short), `on` or `off`.
    pub feedback: RecallFeedback,
    /// The semantic ranking's weight against stage 1's (1) in reciprocal-rank fusion, when
    /// `memory.embedding` is set; 0 keeps stage 1's order.
    pub embedding_weight: f64,
}

impl Default for MemoryRecallConfig {
    fn default() -> Self {
        MemoryRecallConfig {
            feedback: RecallFeedback::default(),
            embedding_weight: 1.0,
        }
    }
}

/// Pseudo-relevance feedback (`memory.recall.feedback`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecallFeedback {
    /// On when the first pass found fewer notes than asked for: the request's words are too few or
    /// too rare to fill the list, and the best notes' vocabulary may find the rest.
    #[default]
    Auto,
    On,
    Off,
}

impl Default for MemoryConfig {
    fn default() -> Self {
        MemoryConfig {
            enabled: true,
            provider: None,
            root_dir: None,
            capture_strategy: "last_turn".to_owned(),
            include_assistant: true,
            max_message_chars: 6000,
            retrieval_timeout_ms: 30_000,
            model: None,
            api_type: None,
            heartbeat_batch_size: 30,
            schedule: MemoryScheduleConfig::default(),
            auto_index_interval_minutes: None,
            auto_dream_interval_minutes: None,
            reasoning_mode: None,
            recall: MemoryRecallConfig::default(),
            sync: MemorySyncConfig::default(),
            embedding: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct MemoryScheduleConfig {
    pub reasoning_mode: String,
    pub auto_index_interval_minutes: u32,
    pub auto_dream_interval_minutes: u32,
}

impl Default for MemoryScheduleConfig {
    fn default() -> Self {
        MemoryScheduleConfig {
            reasoning_mode: "answer_first".to_owned(),
            auto_index_interval_minutes: 30,
            auto_dream_interval_minutes: 60,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnConfig {
    pub enabled: bool,
    pub language: String,
    pub trigger: AlwaysOnTrigger,
    pub dormancy: AlwaysOnDormancy,
    pub workspace: AlwaysOnWorkspace,
    pub execution: AlwaysOnExecution,
    pub projects: BTreeMap<String, AlwaysOnProject>,
}

impl Default for AlwaysOnConfig {
    fn default() -> Self {
        AlwaysOnConfig {
            enabled: false,
            language: "en".to_owned(),
            trigger: AlwaysOnTrigger::default(),
            dormancy: AlwaysOnDormancy::default(),
            workspace: AlwaysOnWorkspace::default(),
            execution: AlwaysOnExecution::default(),
            projects: BTreeMap::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnTrigger {
    pub enabled: bool,
    pub tick_interval_minutes: u32,
    pub cooldown_minutes: u32,
    pub daily_budget: u32,
    /// USD always-on's turns of one project may spend in a UTC day (their run logs' `cost_usd`).
    pub daily_budget_usd: Option<f64>,
    pub heartbeat_stale_seconds: u32,
    pub recent_user_msg_minutes: u32,
    pub prefer_channel: Option<String>,
}

impl Default for AlwaysOnTrigger {
    fn default() -> Self {
        AlwaysOnTrigger {
            enabled: false,
            tick_interval_minutes: 5,
            cooldown_minutes: 60,
            daily_budget: 4,
            daily_budget_usd: None,
            heartbeat_stale_seconds: 90,
            recent_user_msg_minutes: 5,
            prefer_channel: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnDormancy {
    pub enabled: bool,
    pub debounce_ms: u64,
    pub ignore_globs: Vec<String>,
}

impl Default for AlwaysOnDormancy {
    fn default() -> Self {
        AlwaysOnDormancy {
            enabled: true,
            debounce_ms: 2000,
            ignore_globs: [
                "**/.git/**",
                "**/node_modules/**",
                "**/.pilotdeck/**",
                "**/.pilotdeck-always-on/**",
                "**/dist/**",
                "**/.DS_Store",
            ]
            .map(str::to_owned)
            .to_vec(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnWorkspace {
    pub git_worktree_base_dir: Option<String>,
    pub snapshot_base_dir: Option<String>,
    pub snapshot_max_bytes: u64,
    pub git_lfs: bool,
    pub max_plans_per_cycle: u32,
}

impl Default for AlwaysOnWorkspace {
    fn default() -> Self {
        AlwaysOnWorkspace {
            git_worktree_base_dir: None,
            snapshot_base_dir: None,
            snapshot_max_bytes: 1 << 30,
            git_lfs: false,
            max_plans_per_cycle: 3,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnExecution {
    pub max_turns: u32,
    pub max_tool_calls: u32,
    pub timeout_minutes: u32,
}

impl Default for AlwaysOnExecution {
    fn default() -> Self {
        AlwaysOnExecution {
            max_turns: 30,
            max_tool_calls: 200,
            timeout_minutes: 20,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AlwaysOnProject {
    pub enabled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CronConfig {
    pub enabled: bool,
    /// IANA zone; default the system zone.
    pub timezone: Option<String>,
    pub max_concurrent_runs: u32,
    pub run_timeout_minutes: u32,
}

impl Default for CronConfig {
    fn default() -> Self {
        CronConfig {
            enabled: true,
            timezone: None,
            max_concurrent_runs: 1,
            run_timeout_minutes: 60,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ToolsConfig {
    pub web_search: Option<super::WebSearchConfig>,
    pub web_fetch: Option<super::WebFetchConfig>,
    pub permissions: PermissionsConfig,
    pub bash: BashToolConfig,
    pub sandbox: SandboxConfig,
}

/// `tools.sandbox`: the OS sandbox of the commands the agent starts (see `crate::tools::sandbox`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SandboxConfig {
    /// `auto` (default), `landlock`, `seatbelt` or `none`.
    pub backend: Option<String>,
    /// The network of sandboxed commands: `true`, `false`, or the hosts they may reach (through
    /// the sandbox's proxy); unset: open in `workspace-write` with someone watching, closed in
    /// `read-only` and unattended runs.
    pub network: Option<NetworkSetting>,
    /// Refuse to run when no sandbox can be applied.
    pub required: bool,
    /// More secret paths hidden from commands (`~/` allowed).
    pub hide: Vec<String>,
}

/// `tools.sandbox.network`: open or closed, or a list of allowed hosts (`crates.io`, `*.npmjs.org`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "true, false or a list of hosts such as [\"crates.io\"]"
)]
pub enum NetworkSetting {
    Open(bool),
    Hosts(Vec<String>),
}

/// `tools.sandbox.backend`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SandboxBackend {
    Auto,
    Landlock,
    Seatbelt,
    None,
}

impl SandboxBackend {
    pub const NAMES: &[&str] = &["auto", "landlock", "seatbelt", "none"];

    pub fn parse(text: &str) -> Option<SandboxBackend> {
        match text {
            "auto" => Some(SandboxBackend::Auto),
            "landlock" => Some(SandboxBackend::Landlock),
            "seatbelt" => Some(SandboxBackend::Seatbelt),
            "none" => Some(SandboxBackend::None),
            _ => None,
        }
    }
}

/// `tools.bash`: settings of the bash tool and the other children started for the agent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BashToolConfig {
    pub env: EnvFilterConfig,
}

/// `tools.bash.env`: which inherited environment variables children may see (see
/// `tools::EnvFilter`). `include` re-allows names the built-in secret patterns or config references
/// would hide; `exclude` hides more. Each entry is a name or a glob with `*` and `?`, case ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct EnvFilterConfig {
    pub include: Vec<String>,
    pub exclude: Vec<String>,
}

/// `tools.permissions`: the default mode and rules such as `bash:git *` or `write_file:/tmp/*`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PermissionsConfig {
    /// `read-only`, `workspace-write` (default) or `full`.
    pub mode: Option<String>,
    pub allow: Vec<String>,
    pub deny: Vec<String>,
    pub ask: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ExtensionConfig {
    pub builtin_plugins_enabled: BTreeMap<String, bool>,
    pub include_hook_events: bool,
}

/// `hooks: {Event: [{matcher, hooks: [{type, command, timeout}]}]}`, kept opaque until the hook runner
/// interprets it.
pub type HooksConfig = BTreeMap<String, serde_yaml::Value>;

/// `proxy`: a URL, or `{url, noProxy}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ProxyConfig {
    Url(String),
    Detailed {
        url: Option<String>,
        #[serde(rename = "noProxy")]
        no_proxy: Option<String>,
    },
}

/// `proxy`'s long form.
#[derive(Deserialize)]
struct ProxyDetails {
    url: Option<String>,
    #[serde(rename = "noProxy")]
    no_proxy: Option<String>,
}

/// Read by its shape rather than as an untagged enum, which would buffer the mapping: the long
/// form's keys go through the config's own deserialiser, so an unknown one is reported (with its
/// path) like anywhere else.
impl<'de> Deserialize<'de> for ProxyConfig {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<ProxyConfig, D::Error> {
        struct Shape;
        impl<'de> serde::de::Visitor<'de> for Shape {
            type Value = ProxyConfig;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a proxy URL or {url, noProxy}")
            }

            fn visit_str<E: serde::de::Error>(self, url: &str) -> Result<ProxyConfig, E> {
                Ok(ProxyConfig::Url(url.to_owned()))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<ProxyConfig, A::Error> {
                let details =
                    ProxyDetails::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ProxyConfig::Detailed {
                    url: details.url,
                    no_proxy: details.no_proxy,
                })
            }
        }
        de.deserialize_any(Shape)
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TelemetryConfig {
    pub enabled: bool,
}
