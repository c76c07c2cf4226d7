//! `provider/model` references, and resolving one against the config ([`Config::resolve_model`]):
//! the one place that decides whether a reference names a configured provider and model, with one
//! message per mistake ([`ModelRefError`]). Config validation, the agent, the router and memory all
//! resolve through it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::schema::{Config, ProviderConfig};

/// A model reference, `provider/model`, split at the first `/` so model ids may contain `/`
/// (`openrouter/anthropic/claude-sonnet-4`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ModelRef {
    pub provider: String,
    pub model: String,
}

impl ModelRef {
    /// Parses `provider/model`; `None` when either side is empty or the `/` is missing.
    pub fn parse(text: &str) -> Option<ModelRef> {
        let (provider, model) = text.trim().split_once('/')?;
        if provider.is_empty() || model.is_empty() {
            return None;
        }
        Some(ModelRef {
            provider: provider.to_owned(),
            model: model.to_owned(),
        })
    }
}

/// Why a model reference cannot be used: one variant, and one message, per mistake.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelRefError {
    #[error(
        "`{reference}` is not a model reference; write provider/model, e.g. openai/gpt-4.1-mini"
    )]
    NotAReference { reference: String },
    #[error(
        "`{reference}` names provider `{provider}`, which is not configured (configured: {}); add it under model.providers",
        list_or_none(configured)
    )]
    UnknownProvider {
        reference: String,
        provider: String,
        /// The configured provider ids.
        configured: Vec<String>,
    },
    #[error(
        "`{reference}`: provider `{provider}` has no model `{model}` (listed: {}); add it under model.providers.{provider}.models",
        listed.join(", ")
    )]
    UnknownModel {
        reference: String,
        provider: String,
        model: String,
        /// The model ids the provider lists.
        listed: Vec<String>,
    },
}

fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

impl FromStr for ModelRef {
    type Err = ModelRefError;

    /// [`ModelRef::parse`] with the reason when it fails.
    fn from_str(text: &str) -> Result<ModelRef, ModelRefError> {
        ModelRef::parse(text).ok_or_else(|| ModelRefError::NotAReference {
            reference: text.to_owned(),
        })
    }
}

impl Config {
    /// Resolves `reference` (`provider/model`): it must parse, name a configured provider, and —
    /// when that provider lists its models — one of them (by id or alias).
    pub fn resolve_model(
        &self,
        reference: &str,
    ) -> Result<(ModelRef, &ProviderConfig), ModelRefError> {
        let model: ModelRef = reference.parse()?;
        let provider = self.provider_of(&model)?;
        if provider.models.is_empty() {
            return Ok((model, provider));
        }
        let listed = provider.models.iter().any(|(id, entry)| {
            id == &model.model
                || entry
                    .as_ref()
                    .is_some_and(|e| e.aliases.iter().any(|a| a == &model.model))
        });
        if !listed {
            return Err(ModelRefError::UnknownModel {
                reference: reference.to_owned(),
                provider: model.provider,
                model: model.model,
                listed: provider.models.keys().cloned().collect(),
            });
        }
        Ok((model, provider))
    }

    /// The configuration of `model`'s provider; its model list is not consulted.
    pub fn provider_of(&self, model: &ModelRef) -> Result<&ProviderConfig, ModelRefError> {
        self.model
            .providers
            .get(&model.provider)
            .ok_or_else(|| ModelRefError::UnknownProvider {
                reference: model.to_string(),
                provider: model.provider.clone(),
                configured: self.model.providers.keys().cloned().collect(),
            })
    }
}

impl fmt::Display for ModelRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.provider, self.model)
    }
}

impl TryFrom<String> for ModelRef {
    type Error = ModelRefError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<ModelRef> for String {
    fn from(r: ModelRef) -> String {
        r.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_first_slash() {
        let r = ModelRef::parse("openrouter/anthropic/claude-sonnet-4").unwrap();
        assert_eq!(r.provider, "openrouter");
        assert_eq!(r.model, "anthropic/claude-sonnet-4");
        assert_eq!(r.to_string(), "openrouter/anthropic/claude-sonnet-4");
    }

    #[test]
    fn rejects_incomplete_refs() {
        for bad in ["gpt-4", "/gpt-4", "openai/", ""] {
            assert!(ModelRef::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn resolving_names_each_mistake_once() {
        let mut config = Config::default();
        let none = config.resolve_model("gpt-4").unwrap_err();
        assert_eq!(
            none,
            ModelRefError::NotAReference {
                reference: "gpt-4".into()
            }
        );
        assert!(
            config
                .resolve_model("openai/gpt-4.1")
                .unwrap_err()
                .to_string()
                .contains("which is not configured (configured: none)")
        );
        let mut provider = ProviderConfig::default();
        assert!(config.model.providers.is_empty());
        config
            .model
            .providers
            .insert("openai".into(), provider.clone());
        // A provider that lists no models takes any model id.
        assert_eq!(config.resolve_model("openai/any").unwrap().0.model, "any");
        provider.models.insert("gpt-4.1".into(), None);
        config.model.providers.insert("openai".into(), provider);
        assert!(matches!(
            config.resolve_model("openai/gpt-5x"),
            Err(ModelRefError::UnknownModel { listed, .. }) if listed == ["gpt-4.1"]
        ));
        assert!(config.resolve_model("openai/gpt-4.1").is_ok());
    }
}
