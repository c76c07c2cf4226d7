//! [`McpTool`]: one tool of an MCP server as a `tools::Tool`, so it goes through the same registry,
//! argument validation, permission policy, cancellation and large-result spill as a builtin.
//!
//! A tool with `readOnlyHint` counts as read-only and concurrency-safe; every other MCP tool is a
//! write for the permission policy (so `workspace-write` asks, which unattended runs turn into a
//! denial unless a rule such as `mcp__server` allows it). An `isError` result reaches the model as an
//! error.
//!
//! [`McpLiveTools`] is the registry's view of the started servers: their current (cached) tool lists,
//! so tools a server adds or drops after `tools/list_changed` show up at the next model call.

use std::sync::Arc;

use serde_json::Value;

use super::client::{Connection, RemoteTool};
use crate::tools::{LiveTools, Tool, ToolContext, ToolFuture, ToolOutput};

/// The tools of the started servers, as they are now.
#[derive(Debug, Default)]
pub struct McpLiveTools {
    connections: Vec<Arc<Connection>>,
}

impl McpLiveTools {
    pub fn new(connections: Vec<Arc<Connection>>) -> McpLiveTools {
        McpLiveTools { connections }
    }
}

impl LiveTools for McpLiveTools {
    fn current(&self) -> Vec<Arc<dyn Tool>> {
        // A server that died is left out: the model stops seeing tools that can only fail.
        self.connections
            .iter()
            .filter(|c| c.is_alive())
            .flat_map(|c| {
                c.cached_tools().into_iter().map(move |remote| {
                    Arc::new(McpTool::new(Arc::clone(c), remote)) as Arc<dyn Tool>
                })
            })
            .collect()
    }
}

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
            let out = self
                .connection
                .call(&self.remote.wire_name, input, &ctx.cancel)
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
