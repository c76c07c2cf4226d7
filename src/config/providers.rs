//! Built-in defaults for known provider ids: protocol, base URL and the environment variable that holds
//! the key. A provider entry in `pilotdeck.yaml` may omit any of these when its id is listed here.

use super::schema::Protocol;

/// Defaults for one known provider id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownProvider {
    pub id: &'static str,
    pub protocol: Protocol,
    pub url: &'static str,
    /// `None` for servers that need no key (Ollama).
    pub key_env: Option<&'static str>,
}

const fn known(
    id: &'static str,
    protocol: Protocol,
    url: &'static str,
    key_env: Option<&'static str>,
) -> KnownProvider {
    KnownProvider {
        id,
        protocol,
        url,
        key_env,
    }
}

/// Every provider id pilotdeck knows without configuration.
pub const KNOWN_PROVIDERS: &[KnownProvider] = &[
    known(
        "openai",
        Protocol::OpenAi,
        "https://api.openai.com/v1",
        Some("OPENAI_API_KEY"),
    ),
    known(
        "openai-responses",
        Protocol::OpenAiResponses,
        "https://api.openai.com/v1",
        Some("OPENAI_API_KEY"),
    ),
    known(
        "anthropic",
        Protocol::Anthropic,
        "https://api.anthropic.com/v1",
        Some("ANTHROPIC_API_KEY"),
    ),
    known(
        "deepseek",
        Protocol::OpenAi,
        "https://api.deepseek.com/v1",
        Some("DEEPSEEK_API_KEY"),
    ),
    known(
        "dashscope",
        Protocol::OpenAi,
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        Some("DASHSCOPE_API_KEY"),
    ),
    known(
        "moonshot",
        Protocol::OpenAi,
        "https://api.moonshot.cn/v1",
        Some("MOONSHOT_API_KEY"),
    ),
    known(
        "zhipu",
        Protocol::OpenAi,
        "https://open.bigmodel.cn/api/paas/v4",
        Some("ZAI_API_KEY"),
    ),
    known(
        "openrouter",
        Protocol::OpenAi,
        "https://openrouter.ai/api/v1",
        Some("OPENROUTER_API_KEY"),
    ),
    known(
        "google",
        Protocol::Google,
        "https://generativelanguage.googleapis.com/v1beta/openai",
        Some("GEMINI_API_KEY"),
    ),
    known(
        "minimax",
        Protocol::OpenAi,
        "https://api.minimax.chat/v1",
        Some("MINIMAX_API_KEY"),
    ),
    known(
        "volc_ark",
        Protocol::OpenAi,
        "https://ark.cn-beijing.volces.com/api/v3",
        Some("ARK_API_KEY"),
    ),
    known(
        "ollama",
        Protocol::OpenAi,
        "http://localhost:11434/v1",
        None,
    ),
];

/// The defaults for `id`, if it is a known provider.
pub fn known_provider(id: &str) -> Option<&'static KnownProvider> {
    KNOWN_PROVIDERS.iter().find(|p| p.id == id)
}
