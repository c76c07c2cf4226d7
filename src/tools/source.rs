//! [`ToolSource`]: tools that are not known when the agent is built, such as MCP servers. A front end
//! passes sources in [`crate::agent::AgentOptions`]; the agent loads them once, before its first model
//! call, and registers the resulting [`LiveTools`] next to the builtins. A live set may change while
//! the session runs (an MCP server's `tools/list_changed`); the registry asks it for its current tools
//! each time it builds the definitions for a model call or looks a tool up.
//!
//! The trait lives here, below `agent`, so the loop does not depend on `mcp` (which sits above it and
//! drives the loop for `mcp serve`).

use std::pin::Pin;
use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::Tool;
use super::env_filter::EnvFilter;

/// The future [`ToolSource::load`] returns.
pub type ToolSourceFuture<'a> = Pin<Box<dyn Future<Output = Arc<dyn LiveTools>> + Send + 'a>>;

/// A set of tools that may change over a session. `current` is cheap and never blocks on I/O.
pub trait LiveTools: Send + Sync + std::fmt::Debug {
    /// The tools offered now.
    fn current(&self) -> Vec<Arc<dyn Tool>>;
}

/// A provider of tools started on demand.
///
/// Contract for `load`: it never fails as a whole. A part that cannot start (one MCP server of three)
/// is reported by the source itself (a warning on stderr) and left out; the run goes on with the rest.
/// It stops promptly when `cancel` fires. The live set it returns owns whatever keeps them alive (child
/// processes, connections); dropping it (and every tool taken from it) releases them. `sandbox` is the
/// session's OS sandbox, for the processes a source starts when their config asks for it.
///
/// Children a source starts (MCP stdio servers) inherit only what `env` lets through; the variables
/// they are given explicitly by their own config are theirs.
pub trait ToolSource: Send + Sync + std::fmt::Debug {
    fn load<'a>(
        &'a self,
        sandbox: Option<&'a crate::tools::sandbox::Confinement>,
        cancel: &'a CancellationToken,
        env: &'a EnvFilter,
    ) -> ToolSourceFuture<'a>;

    /// The environment variables the source's config references (`${NAME}` in mcp.json): the
    /// session hides them from every child, as it hides those `pilotdeck.yaml` references.
    fn env_references(&self) -> Vec<String> {
        Vec::new()
    }
}
