//! The commented `pilotdeck.yaml` that `config init` writes.

use super::providers::known_provider;

/// Answers for `config init`, from prompts or flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitOptions {
    /// Provider id, e.g. `openai`.
    pub provider: String,
    /// Model id without the provider, e.g. `gpt-4.1-mini`.
    pub model: String,
    /// Environment variable holding the key; `None` for keyless servers.
    pub api_key_env: Option<String>,
    /// Base URL, for providers pilotdeck does not know.
    pub url: Option<String>,
    /// Turn the router's token saver on (judge = the same model).
    pub router: bool,
}

/// Renders the config file text. The result always parses and validates.
pub fn render_template(o: &InitOptions) -> String {
    let known = known_provider(&o.provider);
    let mut out = String::new();
    out.push_str("# pilotdeck configuration (PilotDeck-compatible schema).\n");
    out.push_str("# Reference: the README's \"Configuration\" section. Check it with `pilotdeck config validate`.\n");
    out.push_str("schemaVersion: 1\n\n");
    out.push_str(
        "agent:\n  # The default model, provider/model. Override per command with -m/--model.\n",
    );
    out.push_str(&format!("  model: {}/{}\n\n", o.provider, o.model));
    out.push_str("model:\n  providers:\n");
    out.push_str(&format!("    {}:\n", o.provider));
    match known {
        Some(k) => out.push_str(&format!(
            "      protocol: {}\n      # url: {}   # the default for this provider\n",
            k.protocol.as_str(),
            k.url
        )),
        None => out.push_str(
            "      protocol: openai   # openai | openai-responses | anthropic | google\n",
        ),
    }
    if let Some(url) = &o.url {
        out.push_str(&format!("      url: {url}\n"));
    }
    match &o.api_key_env {
        Some(var) => out.push_str(&format!(
            "      # The key is read from the environment when a request is made; never paste it here.\n      apiKey: \"${{{var}}}\"\n"
        )),
        None => out.push_str("      # No API key needed.\n"),
    }
    out.push_str(&format!("      models:\n        {}: {{}}\n", o.model));
    out.push_str("\n# The router picks the cheapest tier that can do a task (see `pilotdeck router decide`).\nrouter:\n");
    if o.router {
        out.push_str(&format!(
            "  tokenSaver:\n    enabled: true\n    judge: {p}/{m}\n    defaultTier: medium\n    tiers:\n      simple: {{model: {p}/{m}}}\n      medium: {{model: {p}/{m}}}\n      complex: {{model: {p}/{m}}}\n      reasoning: {{model: {p}/{m}}}\n",
            p = o.provider,
            m = o.model
        ));
    } else {
        out.push_str("  enabled: false\n");
    }
    out.push_str("\n# Long-term memory is off until this section exists:\n# memory:\n#   enabled: true\n#   captureStrategy: last_turn\n");
    out
}
