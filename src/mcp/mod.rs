//! The MCP client: pilotdeck as a client of the MCP servers in `mcp.json` (their tools join the
//! agent's registry as `mcp__<server>__<tool>`). Client only: a tool source under the agent that
//! imports config, home, store, tools and extensions (plugins' servers), nothing above them.
//! pilotdeck as an MCP server (`mcp serve`) is a front end beside the CLI: `crate::serve`.
//!
//! - [`config`]: the two mcp.json files, merged per server id (project wins), with `${…}` expansion.
//! - [`edit`]: atomic changes to one file (`mcp add/rm/enable/disable`).
//! - [`client`]: one running server ([`Connection`]); stdio children live in their own process group
//!   and die with the connection.
//! - [`bridge`] / [`source`]: MCP tools as `tools::Tool`s, started lazily and in parallel for a run.
//! - [`oauth`]: OAuth sign-in to remote servers (`mcp login/logout`, tokens under PilotHome).
//! - [`resources`]: `resources/list` and `resources/read` of one connection.
//! - [`guard`]: a sandboxed server's start-up, calls and resource requests, each made in the
//!   project's turn with the protected paths put back after it, as a `bash` command runs.
//! - [`sanitize`]: what a server sends is cleaned before anyone sees it.
//! - [`ops`]: the library operations the `mcp` commands call.
//!
//! Uses the official SDK, `rmcp`; its client types stay inside this module (results leave as JSON
//! values or pilotdeck's own types). `crate::serve` uses its server side.

mod bridge;
mod client;
pub mod config;
mod edit;
mod error;
mod guard;
pub mod oauth;
pub mod ops;
mod resources;
pub mod sanitize;
mod source;

pub use bridge::{McpLiveTools, McpTool};
pub use client::{CallOutput, Connection, RemoteTool};
pub use config::{McpServers, Scope, ServerConfig, ServerEntry, Transport};
pub use error::Error;
pub use resources::{RemoteResource, ResourceContent};
pub use source::{McpToolSource, project_tool_sources};
