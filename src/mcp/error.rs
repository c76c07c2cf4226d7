//! The `mcp` module's error type. Messages say which server or file, what went wrong, and what to do.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "`{path}:{line}:{column}`: {message}; fix the JSON (the file must look like {{\"mcpServers\": {{\"name\": {{\"command\": \"…\"}}}}}})"
    )]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("`{path}`: {key}: {message}")]
    Shape {
        path: PathBuf,
        key: String,
        message: String,
    },
    /// A server entry that cannot be used, at the line its name is on.
    #[error("`{}:{line}`: {key}: {message}", path.display())]
    Entry {
        path: PathBuf,
        line: usize,
        key: String,
        message: String,
    },
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: crate::store::Error,
    },
    #[error("no MCP server named `{name}`; `pilotdeck mcp list` shows the configured ones")]
    UnknownServer { name: String },
    #[error(
        "MCP server `{name}` is declared by the plugin `{plugin}` (`{}`), not in an mcp.json to \
         change: remove or edit the plugin, or add an mcp.json entry named `{name}` (it wins over \
         the plugin's, and can be disabled)",
        manifest.display()
    )]
    PluginServer {
        name: String,
        plugin: String,
        manifest: PathBuf,
    },
    #[error(
        "MCP server `{name}` comes from this project, which is not trusted, so it is not started; \
         run `pilotdeck trust` to use it"
    )]
    Untrusted { name: String },
    #[error(
        "MCP server `{name}` already exists in `{path}`; remove it first with `pilotdeck mcp rm {name}`"
    )]
    AlreadyExists { name: String, path: PathBuf },
    #[error(
        "invalid server name `{name}`: use letters, digits, `-` and `_` (not `__`, which separates \
         the server from the tool in `mcp__server__tool`)"
    )]
    BadName { name: String },
    #[error(
        "MCP server `{server}` has neither `command` nor `url`; add one to its entry in mcp.json"
    )]
    NoTransport { server: String },
    #[error(
        "MCP server `{server}`: environment variable `{variable}` is not set (used in `{field}`)"
    )]
    MissingEnv {
        server: String,
        field: String,
        variable: String,
    },
    #[error("MCP server `{server}`: invalid header `{header}`; write it as `Name: value`")]
    BadHeader { server: String, header: String },
    #[error("MCP server `{server}` is disabled; enable it with `pilotdeck mcp enable {server}`")]
    Disabled { server: String },
    #[error("cannot start MCP server `{server}`: {source}")]
    Spawn {
        server: String,
        #[source]
        source: crate::tools::process::Error,
    },
    #[error("MCP server `{server}` failed to start: {message}{stderr}")]
    Initialize {
        server: String,
        message: String,
        /// The tail of the server's stderr, prefixed with a newline, or empty.
        stderr: String,
    },
    #[error(
        "MCP server `{server}` did not start within {ms} ms; raise `startupTimeoutMs` in mcp.json if it is slow{stderr}"
    )]
    StartupTimeout {
        server: String,
        ms: u64,
        stderr: String,
    },
    #[error("MCP server `{server}`: {action} failed: {message}")]
    Service {
        server: String,
        action: &'static str,
        message: String,
    },
    #[error(
        "MCP server `{server}` has no tool named `{tool}`; `pilotdeck mcp tools {server}` lists them"
    )]
    UnknownTool { server: String, tool: String },
    #[error("--args must be a JSON object, e.g. '{{\"message\": \"hi\"}}': {message}")]
    BadArguments { message: String },
    #[error("cannot build the HTTP client: {message}")]
    HttpClient { message: String },
    #[error("MCP server `{server}` offers no resources")]
    NoResources { server: String },
    #[error("MCP server `{server}` needs a sign-in: run `pilotdeck mcp login {server}`")]
    NeedsLogin { server: String },
    #[error("MCP server `{server}`: sign-in failed: {message}")]
    OAuth { server: String, message: String },
}

impl Error {
    /// True for mistakes in what the user typed or wrote in mcp.json (exit 2); false for servers
    /// that failed at run time (exit 1).
    pub fn is_usage(&self) -> bool {
        match self {
            Error::Syntax { .. }
            | Error::Shape { .. }
            | Error::Entry { .. }
            | Error::UnknownServer { .. }
            | Error::PluginServer { .. }
            | Error::Untrusted { .. }
            | Error::AlreadyExists { .. }
            | Error::BadName { .. }
            | Error::NoTransport { .. }
            | Error::MissingEnv { .. }
            | Error::BadHeader { .. }
            | Error::Disabled { .. }
            | Error::UnknownTool { .. }
            | Error::NoResources { .. }
            | Error::BadArguments { .. } => true,
            Error::NeedsLogin { .. } | Error::OAuth { .. } => false,
            Error::Read { .. }
            | Error::Write { .. }
            | Error::Spawn { .. }
            | Error::Initialize { .. }
            | Error::StartupTimeout { .. }
            | Error::Service { .. }
            | Error::HttpClient { .. } => false,
        }
    }

    /// A problem loading `mcp.json` as a `config validate` diagnostic: a warning, since a run goes
    /// on without the file's or the entry's servers, naming the file, line and key where known.
    pub fn diagnostic(&self) -> crate::config::Diagnostic {
        use crate::config::{Diagnostic, Severity};
        let warning = |message: String| Diagnostic::new(Severity::Warning, message);
        match self {
            Error::Syntax {
                path,
                line,
                column,
                message,
            } => warning(format!("{message}; none of this file's servers are used"))
                .file(path)
                .line(*line, Some(*column)),
            Error::Shape { path, key, message } => warning(format!("{message}; it is not used"))
                .file(path)
                .key(key),
            Error::Entry {
                path,
                line,
                key,
                message,
            } => warning(format!("{message}; the server is skipped"))
                .file(path)
                .line(*line, None)
                .key(key),
            Error::Read { path, .. } => warning(self.to_string()).file(path),
            other => warning(other.to_string()),
        }
    }
}
