//! The [`Tool`] trait. Builtins implement it here; MCP tools will implement it in `mcp/` with their
//! server's name, schema and read-only hint, and go through the same registry and permission checks.

use std::path::PathBuf;
use std::pin::Pin;

use serde_json::Value;

use super::{Error, ToolContext, ToolOutput};
use crate::diff::FileChange;

/// The future a tool call returns. Boxed so `dyn Tool` works for builtins and MCP tools alike.
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolOutput> + Send + 'a>>;

/// What a call touches, for the permission policy. A tool that knows nothing more says `Other`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PermissionSubject {
    /// A file-system path as the model gave it (relative to the project root unless absolute).
    Path { path: PathBuf, is_write: bool },
    /// A shell command line.
    Command(String),
    /// The network host a call reaches (`docs.rs`, `127.0.0.1:8080`; the web tools): rule patterns
    /// (`web_fetch:docs.rs*`) match it.
    Host(String),
    /// Nothing the policy can inspect; only the tool name and read-only flag count.
    Other,
}

/// One callable tool.
///
/// Contract for `call`: the input has already been validated against `input_schema` and allowed by
/// the permission policy; the tool must stop promptly once `ctx.cancel` fires; every failure is a
/// `ToolOutput` with `is_error: true`.
pub trait Tool: Send + Sync {
    /// The name the model calls, e.g. `read_file` or `mcp__github__create_issue`.
    fn name(&self) -> &str;
    /// One paragraph for the model.
    fn description(&self) -> &str;
    /// A JSON Schema object (`{"type":"object","properties":…,"required":[…]}`).
    fn input_schema(&self) -> Value;
    /// True when a call never changes anything outside pilotdeck's own state.
    fn is_read_only(&self) -> bool;
    /// True when calls may run in parallel with other concurrency-safe calls.
    fn is_concurrency_safe(&self) -> bool {
        self.is_read_only()
    }
    /// What a call with this (valid) input touches, for the permission policy.
    fn permission_subject(&self, _input: &Value) -> PermissionSubject {
        PermissionSubject::Other
    }
    /// Whether a call with this input is read-only; tools like `bash` decide per command.
    fn is_read_only_call(&self, _input: &Value) -> bool {
        self.is_read_only()
    }
    /// The file change a call with this (valid) input would make, computed the way the call
    /// computes it, for the person approving it; `Some(Err)` when the call would fail. `None` for
    /// tools that change no file they can describe.
    fn preview(&self, _ctx: &ToolContext, _input: &Value) -> Option<Result<FileChange, Error>> {
        None
    }
    /// Runs the call.
    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a>;
}
