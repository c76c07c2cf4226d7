//! The library operations behind `pilotdeck mcp list|get|add|rm|enable|disable|tools|call|resources|read`. Each takes
//! its inputs as an `XxxOptions` or plain values and returns data for `output`; none prints. Servers
//! started here inherit what the default `tools::EnvFilter` lets through, plus their own `env:`.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::client::{CallOutput, Connection, RemoteTool};
use super::config::{McpServers, Scope, ServerConfig, ServerEntry, scope_file};
use super::source::start_all;
use super::{Error, RemoteResource, ResourceContent, edit};
use crate::home::PilotHome;
use crate::tools::EnvFilter;

/// One row of `pilotdeck mcp list`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerSummary {
    pub name: String,
    pub scope: Scope,
    /// `stdio`, `http`, or `none`.
    pub transport: &'static str,
    pub enabled: bool,
    /// An untrusted project's server: listed, never started (`pilotdeck trust` to use it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub untrusted: bool,
    /// The command line or URL, as written (unexpanded, so no secret is printed).
    pub target: String,
    pub path: PathBuf,
    /// The plugin that declared the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plugin: Option<String>,
    /// Its OAuth sign-in, for a server that asked for one (never the tokens).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth: Option<super::oauth::AuthStatus>,
}

impl ServerSummary {
    pub fn of(entry: &ServerEntry) -> ServerSummary {
        let c = &entry.config;
        let target = match (&c.command, c.url.as_ref().or(c.http_url.as_ref())) {
            (Some(cmd), _) => std::iter::once(cmd.as_str())
                .chain(c.args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
            (None, Some(url)) => url.clone(),
            (None, None) => String::new(),
        };
        ServerSummary {
            name: entry.name.clone(),
            scope: entry.scope,
            transport: c.transport_kind(),
            enabled: c.is_enabled(),
            untrusted: false,
            target,
            path: entry.path.clone(),
            plugin: entry.plugin.clone(),
            auth: super::oauth::status(entry),
        }
    }

    /// The row of an untrusted project's server ([`McpServers::untrusted`]).
    pub fn of_untrusted(entry: &ServerEntry) -> ServerSummary {
        ServerSummary {
            untrusted: true,
            ..ServerSummary::of(entry)
        }
    }
}

/// What `pilotdeck mcp get` shows: the summary plus the entry as written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerDetails {
    #[serde(flatten)]
    pub summary: ServerSummary,
    pub config: ServerConfig,
}

/// `pilotdeck mcp add`: where and what.
#[derive(Debug, Clone)]
pub struct AddOptions {
    pub name: String,
    pub scope: Scope,
    pub config: ServerConfig,
}

/// Adds a server; returns the file written.
pub fn add(home: &PilotHome, project_root: &Path, opts: &AddOptions) -> Result<PathBuf, Error> {
    let path = scope_file(home, project_root, opts.scope);
    edit::add_server(&path, &opts.name, &opts.config)?;
    Ok(path)
}

/// Removes a server from the file it is defined in (the project file first); returns that file.
pub fn remove(home: &PilotHome, project_root: &Path, name: &str) -> Result<PathBuf, Error> {
    for scope in [Scope::Project, Scope::Global] {
        let path = scope_file(home, project_root, scope);
        if edit::remove_server(&path, name)? {
            return Ok(path);
        }
    }
    Err(not_in_mcp_json(home, project_root, name))
}

/// Enables or disables a server where it is defined (the project file first); returns that file.
pub fn set_enabled(
    home: &PilotHome,
    project_root: &Path,
    name: &str,
    enabled: bool,
) -> Result<PathBuf, Error> {
    for scope in [Scope::Project, Scope::Global] {
        let path = scope_file(home, project_root, scope);
        if edit::set_enabled(&path, name, enabled)? {
            return Ok(path);
        }
    }
    Err(not_in_mcp_json(home, project_root, name))
}

/// Why `name` is in no mcp.json: a plugin declares it, or no server has that name.
fn not_in_mcp_json(home: &PilotHome, project_root: &Path, name: &str) -> Error {
    let servers = McpServers::load(home, Some(project_root), true);
    match servers.get(name) {
        Ok(ServerEntry {
            plugin: Some(plugin),
            path,
            ..
        }) => Error::PluginServer {
            name: name.to_owned(),
            plugin: plugin.clone(),
            manifest: path.clone(),
        },
        _ => Error::UnknownServer {
            name: name.to_owned(),
        },
    }
}

/// The tools of one server, or why it could not be listed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerTools {
    pub server: String,
    pub tools: Vec<RemoteTool>,
    /// Set when the server failed to start or list.
    pub error: Option<String>,
}

/// Connects to `name` (or every enabled server) and lists the tools, in parallel.
pub async fn tools(
    servers: &McpServers,
    name: Option<&str>,
    cancel: &CancellationToken,
) -> Result<Vec<ServerTools>, Error> {
    let entries: Vec<ServerEntry> = match name {
        Some(n) => vec![servers.get(n)?.clone()],
        None => servers
            .servers
            .values()
            .filter(|s| s.config.is_enabled())
            .cloned()
            .collect(),
    };
    let mut out = Vec::new();
    for (server, result) in start_all(&entries, cancel, &EnvFilter::default()).await {
        let listed = match result {
            Ok(connection) => connection.tools().await,
            Err(e) => Err(e),
        };
        out.push(match listed {
            Ok(tools) => ServerTools {
                server,
                tools,
                error: None,
            },
            Err(e) => ServerTools {
                server,
                tools: Vec::new(),
                error: Some(e.to_string()),
            },
        });
    }
    Ok(out)
}

/// Calls one tool of one server. `arguments` is the `--args` JSON text (an object), if any.
pub async fn call(
    servers: &McpServers,
    server: &str,
    tool: &str,
    arguments: Option<&str>,
    cancel: &CancellationToken,
) -> Result<CallOutput, Error> {
    let args: Value = match arguments {
        Some(text) => serde_json::from_str(text).map_err(|e| Error::BadArguments {
            message: e.to_string(),
        })?,
        None => Value::Object(serde_json::Map::new()),
    };
    if !args.is_object() {
        return Err(Error::BadArguments {
            message: "not an object".to_owned(),
        });
    }
    let connection = Connection::start(servers.get(server)?, &EnvFilter::default()).await?;
    let offered = connection.tools().await?;
    let Some(remote) = offered.iter().find(|t| t.name == tool) else {
        return Err(Error::UnknownTool {
            server: server.to_owned(),
            tool: tool.to_owned(),
        });
    };
    Ok(connection.call(&remote.wire_name, args, cancel).await)
}

/// Connects to `server` and lists its resources.
pub async fn resources(servers: &McpServers, server: &str) -> Result<Vec<RemoteResource>, Error> {
    let connection = Connection::start(servers.get(server)?, &EnvFilter::default()).await?;
    connection.resources().await
}

/// Connects to `server` and reads the resource at `uri`.
pub async fn read(
    servers: &McpServers,
    server: &str,
    uri: &str,
    cancel: &CancellationToken,
) -> Result<Vec<ResourceContent>, Error> {
    let connection = Connection::start(servers.get(server)?, &EnvFilter::default()).await?;
    connection.read_resource(uri, cancel).await
}

/// `pilotdeck mcp login`: signs in to `server`; returns the granted scopes.
pub async fn login(
    servers: &McpServers,
    server: &str,
    opts: &super::oauth::login::LoginOptions,
    say: &(dyn Fn(&str) + Sync),
) -> Result<Vec<String>, Error> {
    super::oauth::login::login(servers.get(server)?, opts, say).await
}

/// `pilotdeck mcp logout`: forgets the sign-in; true when there was one.
pub fn logout(servers: &McpServers, server: &str) -> Result<bool, Error> {
    super::oauth::logout(servers.get(server)?)
}
