//! `provider/model` references.

use std::fmt;

use serde::{Deserialize, Serialize};

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

impl fmt::Display for ModelRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.provider, self.model)
    }
}

impl TryFrom<String> for ModelRef {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        ModelRef::parse(&text)
            .ok_or_else(|| format!("`{text}` is not a model reference (expected provider/model)"))
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
}
