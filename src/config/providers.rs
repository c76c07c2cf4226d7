//! Built-in defaults for known provider ids: protocol, base URL, the environment variable that holds
//! the key, and the model a new configuration starts with. A provider entry in `pilotdeck.yaml` may
//! omit any of the first three when its id is listed here; `config init` and the zero-config default
//! take the model from [`default_model`].

use super::schema::Protocol;

/// Defaults for one known provider id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownProvider {
    pub id: &'static str,
    pub protocol: Protocol,
    pub url: &'static str,
    /// `None` for servers that need no key (Ollama).
    pub key_env: Option<&'static str>,
    /// The model id `config init` offers, without the provider; `None` falls back to
    /// [`FALLBACK_MODEL`].
    pub model: Option<&'static str>,
}

/// The model id offered for a provider without a usual model of its own (and for unknown ids).
const FALLBACK_MODEL: &str = "gpt-4.1-mini";

const fn known(
    id: &'static str,
    protocol: Protocol,
    url: &'static str,
    key_env: Option<&'static str>,
    model: Option<&'static str>,
) -> KnownProvider {
    KnownProvider {
        id,
        protocol,
        url,
        key_env,
        model,
    }
}

/// Every provider id pilotdeck knows without configuration.
pub const KNOWN_PROVIDERS: &[KnownProvider] = &[
    known(
        "openai",
        Protocol::OpenAi,
        "https://api.openai.com/v1",
        Some("OPENAI_API_KEY"),
        Some("gpt-4.1-mini"),
    ),
    known(
        "openai-responses",
        Protocol::OpenAiResponses,
        "https://api.openai.com/v1",
        Some("OPENAI_API_KEY"),
        Some("gpt-4.1-mini"),
    ),
    known(
        "anthropic",
        Protocol::Anthropic,
        "https://api.anthropic.com/v1",
        Some("ANTHROPIC_API_KEY"),
        Some("claude-sonnet-4-5"),
    ),
    known(
        "deepseek",
        Protocol::OpenAi,
        "https://api.deepseek.com/v1",
        Some("DEEPSEEK_API_KEY"),
        Some("deepseek-chat"),
    ),
    known(
        "dashscope",
        Protocol::OpenAi,
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        Some("DASHSCOPE_API_KEY"),
        Some("qwen-plus"),
    ),
    known(
        "moonshot",
        Protocol::OpenAi,
        "https://api.moonshot.cn/v1",
        Some("MOONSHOT_API_KEY"),
        Some("kimi-k2-0905-preview"),
    ),
    known(
        "zhipu",
        Protocol::OpenAi,
        "https://open.bigmodel.cn/api/paas/v4",
        Some("ZAI_API_KEY"),
        Some("glm-4.6"),
    ),
    known(
        "openrouter",
        Protocol::OpenAi,
        "https://openrouter.ai/api/v1",
        Some("OPENROUTER_API_KEY"),
        Some("openai/gpt-4.1-mini"),
    ),
    known(
        "google",
        Protocol::Google,
        "https://generativelanguage.googleapis.com/v1beta/openai",
        Some("GEMINI_API_KEY"),
        Some("gemini-2.5-flash"),
    ),
    known(
        "minimax",
        Protocol::OpenAi,
        "https://api.minimax.chat/v1",
        Some("MINIMAX_API_KEY"),
        None,
    ),
    known(
        "volc_ark",
        Protocol::OpenAi,
        "https://ark.cn-beijing.volces.com/api/v3",
        Some("ARK_API_KEY"),
        None,
    ),
    known(
        "ollama",
        Protocol::OpenAi,
        "http://localhost:11434/v1",
        None,
        Some("llama3.2"),
    ),
];

/// The defaults for `id`, if it is a known provider.
pub fn known_provider(id: &str) -> Option<&'static KnownProvider> {
    KNOWN_PROVIDERS.iter().find(|p| p.id == id)
}

/// The model id a new configuration for `provider` starts with (without the provider).
pub fn default_model(provider: &str) -> &'static str {
    known_provider(provider)
        .and_then(|k| k.model)
        .unwrap_or(FALLBACK_MODEL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_models_come_from_the_table_else_the_fallback() {
        assert_eq!(default_model("anthropic"), "claude-sonnet-4-5");
        assert_eq!(default_model("openrouter"), "openai/gpt-4.1-mini");
        assert_eq!(default_model("ollama"), "llama3.2");
        assert_eq!(default_model("minimax"), FALLBACK_MODEL);
        assert_eq!(default_model("my-own-server"), FALLBACK_MODEL);
    }
}
