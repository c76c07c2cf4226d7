//! [`McpTool`]: one tool of an MCP server as a `tools::Tool`, so it goes through the same registry,
//! argument validation, permission policy, cancellation and large-result spill as a builtin.
//!
//! A tool with `readOnlyHint` counts as read-only and concurrency-safe; every other MCP tool is a
//! write for the permission policy (so `workspace-write` asks, which unattended runs turn into a
//! denial unless a rule such as `mcp__server` allows it). An `isError` result reaches the model as an
//! error.
//!
//! [`McpLiveTools`] is the registry's view of the started servers: their current (cached) tool lists,
//! so tools a server adds or drops after `tools/list_changed` show up at the next model call; plus
//! [`ReadMcpResource`] (`read_mcp_resource {server, uri?}`, read-only) when a running server offers
//! resources: without `uri` it lists the server's resources, with one it reads it.

use std::sync::Arc;

use serde_json::{Value, json};

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
        let alive = self.connections.iter().filter(|c| c.is_alive());
        let mut tools: Vec<Arc<dyn Tool>> = alive
            .clone()
            .flat_map(|c| {
                c.cached_tools().into_iter().map(move |remote| {
                    Arc::new(McpTool::new(Arc::clone(c), remote)) as Arc<dyn Tool>
                })
            })
            .collect();
        let with_resources: Vec<Arc<Connection>> =
            alive.filter(|c| c.offers_resources()).cloned().collect();
        if !with_resources.is_empty() {
            tools.push(Arc::new(ReadMcpResource::new(with_resources)));
        }
        tools
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

/// `read_mcp_resource {server, uri?}`: the resources of the running servers that offer them.
#[derive(Debug)]
pub(super) struct ReadMcpResource {
    connections: Vec<Arc<Connection>>,
    description: String,
}

impl ReadMcpResource {
    fn new(connections: Vec<Arc<Connection>>) -> ReadMcpResource {
        let names: Vec<&str> = connections.iter().map(|c| c.name.as_str()).collect();
        let description = format!(
            "Read a resource (a document, file or record) from an MCP server. Without `uri`, list \
             the server's resources (uri, name, type). Servers with resources: {}.",
            names.join(", ")
        );
        ReadMcpResource {
            connections,
            description,
        }
    }

    async fn answer(&self, ctx: &ToolContext, input: &Value) -> Result<String, String> {
        let server = input.get("server").and_then(Value::as_str).unwrap_or("");
        let Some(connection) = self.connections.iter().find(|c| c.name == server) else {
            let names: Vec<&str> = self.connections.iter().map(|c| c.name.as_str()).collect();
            return Err(format!(
                "no running MCP server `{server}` with resources; choose one of: {}",
                names.join(", ")
            ));
        };
        match input.get("uri").and_then(Value::as_str) {
            None => {
                let listed = connection.resources().await.map_err(|e| e.to_string())?;
                if listed.is_empty() {
                    return Ok(format!("MCP server `{server}` lists no resources"));
                }
                Ok(listed
                    .iter()
                    .map(|r| {
                        format!(
                            "{}\t{}\t{}",
                            r.uri,
                            r.name,
                            r.mime_type.as_deref().unwrap_or("")
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            Some(uri) => {
                let read = connection
                    .read_resource(uri, &ctx.cancel)
                    .await
                    .map_err(|e| e.to_string())?;
                Ok(read
                    .iter()
                    .map(super::ResourceContent::as_text)
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
        }
    }
}

impl Tool for ReadMcpResource {
    fn name(&self) -> &str {
        "read_mcp_resource"
    }

    fn description(&self) -> &str {
        &self.description
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "server": {"type": "string", "description": "The MCP server's name"},
                "uri": {"type": "string", "description": "The resource to read; omit to list the server's resources"}
            },
            "required": ["server"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            match self.answer(ctx, &input).await {
                Ok(text) => ToolOutput::ok(text, "MCP resource".to_owned()),
                Err(message) => ToolOutput::error(message),
            }
        })
    }
}
