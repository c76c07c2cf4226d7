//! [`McpTool`]: one tool of an MCP server as a `tools::Tool`, so it goes through the same registry,
//! argument validation, permission policy, cancellation and large-result spill as a builtin.
//!
//! A tool with `readOnlyHint` counts as read-only and concurrency-safe; every other MCP tool is a
//! write for the permission policy (so `workspace-write` asks, which unattended runs turn into a
//! denial unless a rule such as `mcp__server` allows it). An `isError` result reaches the model as an
//! error.
//!
//! The registry's tool set is fixed for a run: after a `tools/list_changed` notification the server's
//! list is fetched again before the next call, so a tool the server dropped answers with an error, and
//! tools it added appear in the next run (and in `pilotdeck mcp tools`).

use std::sync::Arc;

use serde_json::Value;

use super::client::{Connection, RemoteTool};
use crate::tools::{Tool, ToolContext, ToolFuture, ToolOutput};

/// One MCP tool in the agent's registry. Holds its server's connection alive.
#[derive(Debug, Clone)]
pub struct McpTool {
    connection: Arc<Connection>,
    remote: RemoteTool,
}

impl McpTool {
    pub fn new(connection: Arc<Connection>, remote: RemoteTool) -> McpTool {
        McpTool { connection, remote }
    }
}

impl Tool for McpTool {
    #[expect(
        clippy::misnamed_getters,
        reason = "the model sees the qualified name; `remote.name` is the server's own"
    )]
    fn name(&self) -> &str {
        &self.remote.qualified_name
    }

    fn description(&self) -> &str {
        &self.remote.description
    }

    fn input_schema(&self) -> Value {
        self.remote.input_schema.clone()
    }

    fn is_read_only(&self) -> bool {
        self.remote.read_only
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            // After a `tools/list_changed` the server may have dropped this tool.
            match self.connection.tools().await {
                Ok(tools) if !tools.iter().any(|t| t.name == self.remote.name) => {
                    return ToolOutput::error(format!(
                        "MCP server `{}` no longer offers `{}`; use another tool",
                        self.connection.name, self.remote.name
                    ));
                }
                Ok(_) | Err(_) => {}
            }
            let out = self
                .connection
                .call(&self.remote.name, input, &ctx.cancel)
                .await;
            let summary = format!("{} via MCP", self.remote.name);
            if out.is_error {
                ToolOutput::error(if out.text.is_empty() {
                    format!("MCP tool `{}` reported an error", self.remote.name)
                } else {
                    out.text
                })
            } else {
                ToolOutput::ok(out.text, summary)
            }
        })
    }
}
