//! [`ToolSource`]: tools that are not known when the agent is built, such as MCP servers. A front end
//! passes sources in [`crate::agent::AgentOptions`]; the agent loads them once, before its first model
//! call, and registers what they offer next to the builtins.
//!
//! The trait lives here, below `agent`, so the loop does not depend on `mcp` (which sits above it and
//! drives the loop for `mcp serve`).

use std::pin::Pin;
use std::sync::Arc;

use tokio_util::sync::CancellationToken;

use super::Tool;

/// The future [`ToolSource::load`] returns.
pub type ToolSourceFuture<'a> = Pin<Box<dyn Future<Output = Vec<Arc<dyn Tool>>> + Send + 'a>>;

/// A provider of tools started on demand.
///
/// Contract for `load`: it never fails as a whole. A part that cannot start (one MCP server of three)
/// is reported by the source itself (a warning on stderr) and left out; the run goes on with the rest.
/// It stops promptly when `cancel` fires. The tools it returns own whatever keeps them alive (child
/// processes, connections); dropping the last tool releases them.
pub trait ToolSource: Send + Sync + std::fmt::Debug {
    fn load<'a>(&'a self, cancel: &'a CancellationToken) -> ToolSourceFuture<'a>;
}
