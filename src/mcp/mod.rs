//! MCP, both ways: pilotdeck as a client of the MCP servers in `mcp.json` (their tools join the
//! agent's registry as `mcp__<server>__<tool>`), and pilotdeck as an MCP server (`mcp serve`) that
//! other agents drive.
//!
//! - [`config`]: the two mcp.json files, merged per server id (project wins), with `${…}` expansion.
//! - [`edit`]: atomic changes to one file (`mcp add/rm/enable/disable`).
//! - [`client`]: one running server ([`Connection`]); stdio children live in their own process group
//!   and die with the connection.
//! - [`bridge`] / [`source`]: MCP tools as `tools::Tool`s, started lazily and in parallel for a run.
//! - [`sanitize`]: what a server sends is cleaned before anyone sees it.
//! - [`ops`]: the library operations the `mcp` commands call.
//! - [`serve`]: the MCP server; [`preinit`] answers an older client's pre-initialize probe.
//!
//! Uses the official SDK, `rmcp`; its types stay inside this module (results leave as JSON values
//! or pilotdeck's own types).

mod bridge;
mod client;
pub mod config;
mod edit;
mod error;
pub mod ops;
mod preinit;
pub mod sanitize;
pub mod serve;
mod source;

pub use bridge::{McpLiveTools, McpTool};
pub use client::{CallOutput, Connection, RemoteTool};
pub use config::{
    McpServers, Scope, ServerConfig, ServerEntry, Transport, project_file as project_mcp_file,
};
pub use error::Error;
pub use source::{McpToolSource, project_tool_sources};
