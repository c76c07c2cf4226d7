//! The tools layer: the [`Tool`] trait every callable tool implements (builtins and MCP tools),
//! the [`ToolSource`] trait for tools started on demand,
//! the [`ToolRegistry`] the agent loop calls, the builtin tools, permissions, the one function that
//! starts child processes ([`process`]), the pid namespace a confined one runs in
//! (`pid_namespace`, Linux), the cgroup one stopped between requests is frozen in (`cgroup`, Linux),
//! the switch that ends those without a step of their own when pilotdeck is killed (`dead_man`,
//! Linux) and the reaper of what a sandboxed one left behind (`orphans`), the filter of what those children inherit from the
//! environment ([`EnvFilter`]), the large-result spill, the web tools ([`web`]: `web_fetch`,
//! `web_search`, on when config turns them on), the one reader of the text files pilotdeck itself
//! takes from a project ([`project_file`]), and the [`UserChannel`] through which the
//! session's own tools (`ask_user`, `exit_plan_mode`) reach the person, when there is one.
//!
//! The loop owns scheduling, transcripts and events; this module owns what a single call does:
//! validate the arguments against the tool's schema, ask the [`permission::PermissionPolicy`], save a
//! checkpoint of what a writing call or a non-read-only command may change (`crate::checkpoint`), run
//! the tool under the turn's cancellation token, and spill an oversized result to disk. A tool failure is a
//! [`ToolOutput`] with `is_error: true` for the model, never a crash.
//!
//! How the loop uses it:
//!
//! ```no_run
//! # async fn turn(root: &std::path::Path, config: &pilotdeck::config::PermissionsConfig)
//! # -> Result<(), Box<dyn std::error::Error>> {
//! use pilotdeck::tools::permission::{PermissionPolicy, PolicySources};
//! use pilotdeck::tools::{ToolCall, ToolContext, ToolRegistry, Workspace};
//! use tokio_util::sync::CancellationToken;
//!
//! let policy = PermissionPolicy::from_sources(
//!     Workspace::new(root, &[])?,
//!     PolicySources {
//!         mode_flag: None,
//!         config,
//!         permissions_file: None,
//!         allow_flags: &[],
//!         deny_flags: &[],
//!         fixed_deny: Default::default(),
//!     },
//! )?;
//! let session = ToolContext::new(policy, CancellationToken::new());
//! let registry = ToolRegistry::with_builtins();
//! let _for_the_model = registry.definitions();
//! let turn = session.with_cancel(CancellationToken::new());
//! let call = ToolCall {
//!     id: "call_1".into(),
//!     name: "read_file".into(),
//!     input: serde_json::json!({"file_path": "Cargo.toml"}),
//! };
//! let done = registry.execute(&turn, &call).await;
//! // done.output goes to the model; done.status drives events and the circuit breaker.
//! # Ok(())
//! # }
//! ```

pub mod builtin;
#[cfg(target_os = "linux")]
mod cgroup;
mod context;
#[cfg(target_os = "linux")]
mod dead_man;
mod env_filter;
mod error;
mod orphans;
mod output;
pub mod permission;
#[cfg(target_os = "linux")]
pub mod pid_namespace;
pub mod process;
pub mod project_file;
mod registry;
pub mod sandbox;
mod schema;
mod source;
mod spend;
pub mod spill;
mod tool;
mod user;
pub mod web;

pub use context::{FileStamp, ReadState, TodoState, ToolContext, Workspace};
pub use env_filter::{EnvFilter, SECRET_PATTERNS};
pub use error::Error;
pub use output::ToolOutput;
pub use registry::{ExecutionStatus, ToolCall, ToolDefinition, ToolExecution, ToolRegistry};
pub use schema::{InvalidArguments, validate_arguments};
pub use source::{LiveTools, ToolSource, ToolSourceFuture};
pub use spend::{SpendLimit, Spent};
pub use tool::{PermissionSubject, Tool, ToolFuture};
pub use user::{PlanReview, Question, ToolEffect, UserChannel, UserFuture};
