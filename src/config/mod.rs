//! `pilotdeck.yaml`: the typed schema (PilotDeck-compatible), loading and merging of its layers,
//! `${ENV}` expansion, validation with file:line:column locations, and the zero-config default.
//!
//! Layers, later wins: built-in defaults → `<home>/pilotdeck.yaml` (or `--config` /
//! `$PILOTDECK_CONFIG_PATH`) → `<project>/.pilotdeck/pilotdeck.yaml` → environment (`PILOTDECK_MODEL`,
//! `PILOT_AGENT_MODEL`) → command-line flags. This module also owns every read of the environment
//! (`env`). It does not know how a provider is called; `model` turns a [`ProviderConfig`] into requests.

pub mod env;
mod model_ref;
mod providers;
mod schema;
mod sections;

pub use model_ref::ModelRef;
pub use providers::{KNOWN_PROVIDERS, KnownProvider, known_provider};
pub use schema::{
    AgentConfig, Capabilities, Config, IGNORED_SECTIONS, ModelEntry, ModelPricing, ModelSection,
    Protocol, ProviderConfig, RetryConfig, SubagentsConfig, ThinkingConfig,
};
pub use sections::*;
