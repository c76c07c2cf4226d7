//! The tools layer: the [`Tool`] trait every callable tool implements (builtins now, MCP tools later),
//! the [`ToolRegistry`] the agent loop calls, the builtin tools, permissions, the one function that
//! starts child processes ([`process`]), and the large-result spill.
//!
//! The loop owns scheduling, transcripts and events; this module owns what a single call does:
//! validate the arguments against the tool's schema, ask the [`permission::PermissionPolicy`], run the
//! tool under the turn's cancellation token, and spill an oversized result to disk. A tool failure is a
//! [`ToolOutput`] with `is_error: true` for the model, never a crash.

pub mod builtin;
mod context;
mod error;
mod output;
pub mod permission;
pub mod process;
mod registry;
mod schema;
pub mod spill;
mod tool;

pub use context::{FileStamp, ReadState, ToolContext, Workspace};
pub use error::Error;
pub use output::ToolOutput;
pub use registry::{ExecutionStatus, ToolCall, ToolDefinition, ToolExecution, ToolRegistry};
pub use schema::{InvalidArguments, validate_arguments};
pub use tool::{PermissionSubject, Tool, ToolFuture};
