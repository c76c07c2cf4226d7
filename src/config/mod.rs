//! `pilotdeck.yaml`: the typed schema (PilotDeck-compatible), loading and merging of its layers,
//! `${ENV}` expansion, validation with file:line:column locations, and the zero-config default.
//!
//! Layers, later wins: built-in defaults → the zero-config default derived from the environment (only
//! when no file configures a provider) → `<home>/pilotdeck.yaml` (or `--config` /
//! `$PILOTDECK_CONFIG_PATH`) → `<project>/.pilotdeck/pilotdeck.yaml` (which may narrow
//! `tools.permissions` but never widen it: see `project_limits`) → environment (`PILOT_AGENT_MODEL`,
//! then `PILOTDECK_MODEL`) → command-line flags. The environment is read through [`crate::env`]. It
//! does not know how a provider is called; `model` turns a [`ProviderConfig`] into requests.
//!
//! A process loads its configuration once: [`resolve`] finds the project at a directory, loads the
//! layers (the project's trust decided by the caller's [`trust::Decision`], assessed from the same
//! read of the project file) and keys the project as `project.identity` says, returning all three
//! together; commands that need no project key use [`load`] / [`load_trusting`].

mod diagnostic;
mod identity;
mod init;
mod layer;
mod load;
mod locate;
mod model_ref;
mod project_limits;
mod providers;
mod schema;
mod sections;
mod show;
pub mod trust;
mod typed;
mod validate;
mod web;
mod zero;

pub use diagnostic::{Diagnostic, Location, Severity};
pub use identity::{Resolved, resolve};
pub use init::{InitOptions, render_template};
pub use layer::{Origin, expand, references};
pub use load::{
    Error, LoadOptions, Loaded, Source, check_file, home_config_path, load, load_trusting,
    project_config_path, project_mcp_path,
};
pub use model_ref::{ModelRef, ModelRefError};
pub use providers::{KNOWN_PROVIDERS, KnownProvider, default_model, known_provider};
pub use schema::{
    AgentConfig, BudgetConfig, Capabilities, Config, IGNORED_SECTIONS, ImageDetail, Modality,
    ModelEntry, ModelPricing, ModelSection, Multimodal, Protocol, ProviderConfig, RetryConfig,
    SubagentsConfig, ThinkingConfig, ToolCallFormat,
};
pub use sections::*;
pub use show::{ShownValue, effective_json, redact, rows};
pub use validate::{key_variables, used_providers};
pub use web::{CustomSearchProvider, WebFetchConfig, WebSearchConfig};
