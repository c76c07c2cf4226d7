//! [`McpToolSource`]: the configured MCP servers as a `tools::ToolSource`. When a run loads its tools,
//! every enabled server starts in parallel, each bounded by its own `startupTimeoutMs`; a server that
//! fails is reported on stderr (a warning naming it and why) and the run goes on without it.

use std::sync::Arc;

use futures::future::join_all;
use tokio_util::sync::CancellationToken;

use super::Error;
use super::bridge::McpLiveTools;
use super::client::Connection;
use super::config::{McpServers, ServerEntry};
use crate::tools::{EnvFilter, ToolSource, ToolSourceFuture};

/// The servers a run may use.
#[derive(Debug, Clone, Default)]
pub struct McpToolSource {
    servers: Vec<ServerEntry>,
}

impl McpToolSource {
    /// The enabled servers of `servers`.
    pub fn new(servers: &McpServers) -> McpToolSource {
        McpToolSource {
            servers: servers
                .servers
                .values()
                .filter(|s| s.config.is_enabled())
                .cloned()
                .collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.servers.is_empty()
    }
}

/// Starts `servers` in parallel; each result is the server's connection or why it failed.
pub(super) async fn start_all(
    servers: &[ServerEntry],
    cancel: &CancellationToken,
    env: &EnvFilter,
) -> Vec<(String, Result<Arc<Connection>, Error>)> {
    let starts = servers.iter().map(|entry| async move {
        let result = tokio::select! {
            r = Connection::start(entry, env) => r.map(Arc::new),
            () = cancel.cancelled() => Err(Error::Initialize {
                server: entry.name.clone(),
                message: "cancelled".to_owned(),
                stderr: String::new(),
            }),
        };
        (entry.name.clone(), result)
    });
    join_all(starts).await
}

impl ToolSource for McpToolSource {
    fn load<'a>(
        &'a self,
        sandbox: Option<&'a crate::tools::sandbox::Confinement>,
        cancel: &'a CancellationToken,
        env: &'a EnvFilter,
    ) -> ToolSourceFuture<'a> {
        Box::pin(async move {
            let mut connections = Vec::new();
            // A stdio server whose entry says `sandbox: true` runs in the session's sandbox.
            let servers: Vec<ServerEntry> = self
                .servers
                .iter()
                .map(|entry| ServerEntry {
                    sandbox: sandbox
                        .filter(|_| entry.config.sandbox == Some(true))
                        .cloned(),
                    ..entry.clone()
                })
                .collect();
            for (name, result) in start_all(&servers, cancel, env).await {
                match result {
                    Ok(connection) => {
                        tracing::debug!(server = %name, pid = ?connection.pid(), "mcp server started");
                        connections.push(connection);
                    }
                    Err(e) => tracing::warn!("{e}; continuing without it"),
                }
            }
            Arc::new(McpLiveTools::new(connections)) as Arc<dyn crate::tools::LiveTools>
        })
    }

    fn env_references(&self) -> Vec<String> {
        self.servers
            .iter()
            .flat_map(|s| s.config.env_references())
            .collect()
    }
}

/// The tool sources a run in the project at `root` gets from `mcp.json` (global + project), its
/// stdio servers started as [`McpServers::started_in`] says for a run in `dir` (`-C DIR`), and the
/// problems found reading it (each caller reports them its own way; the run goes on without them).
/// Used by the launcher (`launch`) for `run`, `chat`, cron and `mcp serve`, so all of them see the
/// same servers. An untrusted project's own servers are left out (`trusted` is the config load's
/// decision, `Config::project_trusted`). `plugins` are the launch's, discovered once
/// (`extensions::Extensions`).
pub fn project_tool_sources(
    home: &crate::home::PilotHome,
    root: &std::path::Path,
    dir: &std::path::Path,
    trusted: bool,
    plugins: &[crate::extensions::Plugin],
) -> (Vec<Arc<dyn ToolSource>>, Vec<Error>) {
    // An untrusted project's servers (its mcp.json and its plugins') do not start
    // (`crate::config::trust`; the config load warns).
    let servers = McpServers::load_with(home, Some(root), trusted, plugins).started_in(dir);
    let source = McpToolSource::new(&servers);
    let sources: Vec<Arc<dyn ToolSource>> = if source.is_empty() {
        Vec::new()
    } else {
        vec![Arc::new(source)]
    };
    (sources, servers.problems)
}
