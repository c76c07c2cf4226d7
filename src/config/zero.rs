//! Zero-config: when no file configures a provider, derive a working one from the environment.
//!
//! Order: `OPENAI_API_KEY` → OpenAI, `ANTHROPIC_API_KEY` → Anthropic, `OLLAMA_HOST` or an Ollama
//! answering on 127.0.0.1:11434 → Ollama. Every provider found is configured; the first one found
//! supplies `agent.model`, with the provider's usual model from `providers::default_model`
//! (`gpt-4.1-mini`, `claude-sonnet-4-5`, `llama3.2`).

use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_yaml::{Mapping, Value};

use super::layer::{Layer, Origin};
use super::providers::default_model;
use crate::env;

/// The derived layer, or `None` when the environment offers no provider.
pub(super) fn derive() -> Option<Layer> {
    let mut providers = Mapping::new();
    let mut model = None;
    let mut reasons = Vec::new();
    if env::var("OPENAI_API_KEY").is_some() {
        providers.insert("openai".into(), Value::Mapping(Mapping::new()));
        model.get_or_insert_with(|| usual_model("openai"));
        reasons.push("OPENAI_API_KEY");
    }
    if env::var("ANTHROPIC_API_KEY").is_some() {
        providers.insert("anthropic".into(), Value::Mapping(Mapping::new()));
        model.get_or_insert_with(|| usual_model("anthropic"));
        reasons.push("ANTHROPIC_API_KEY");
    }
    let ollama_host = env::var("OLLAMA_HOST");
    if ollama_host.is_some() || (providers.is_empty() && local_ollama()) {
        let mut p = Mapping::new();
        if let Some(host) = &ollama_host {
            let base = if host.starts_with("http") {
                host.clone()
            } else {
                format!("http://{host}")
            };
            p.insert(
                "url".into(),
                Value::String(format!("{}/v1", base.trim_end_matches('/'))),
            );
        }
        providers.insert("ollama".into(), Value::Mapping(p));
        model.get_or_insert_with(|| usual_model("ollama"));
        reasons.push(if ollama_host.is_some() {
            "OLLAMA_HOST"
        } else {
            "a local Ollama"
        });
    }
    let model = model?;
    let mut model_section = Mapping::new();
    model_section.insert("providers".into(), Value::Mapping(providers));
    let mut agent = Mapping::new();
    agent.insert("model".into(), Value::String(model));
    let mut root = Mapping::new();
    root.insert("agent".into(), Value::Mapping(agent));
    root.insert("model".into(), Value::Mapping(model_section));
    Some(Layer::synthetic(
        Origin::Derived {
            reason: format!("no config file; from {}", reasons.join(", ")),
        },
        Value::Mapping(root),
    ))
}

/// `provider/model` with the provider's usual model.
fn usual_model(provider: &str) -> String {
    format!("{provider}/{}", default_model(provider))
}

/// True when something accepts connections on Ollama's default port. A closed port answers at once.
fn local_ollama() -> bool {
    let addr = SocketAddr::from(([127, 0, 0, 1], 11434));
    TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_ok()
}
