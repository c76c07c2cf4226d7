//! `mcp.json`: the MCP servers pilotdeck connects to, in the common `{"mcpServers": {"name": {…}}}`
//! shape so files written for other MCP clients work as they are.
//!
//! Two files, `<home>/mcp.json` (global) and `<project>/.pilotdeck/mcp.json` (project); the project's
//! entry wins per server id — only when the project is trusted: an untrusted project's servers (its
//! mcp.json's and its plugins') are set aside in [`McpServers::untrusted`], never started nor
//! expanded, and never hide a global server of the same id ([`McpServers::load_with`], the one
//! loader of runs and of `pilotdeck mcp`). A file that cannot be read or parsed, or an entry of the wrong shape, is a
//! [`Error`] in [`McpServers::problems`] naming the file — never a crash; the other files and entries
//! still load. Unknown fields (`type`, `timeout`, …) are accepted and kept.
//!
//! `${env:NAME}`, `${NAME}`, `${userHome}` and a leading `~` are expanded when a server is started
//! ([`ServerConfig::transport`]), not when the file is read, so an unset variable only matters to the
//! server that uses it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Error;
use crate::home::{PilotHome, expand_tilde};

/// Default startup timeout of a server.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// Default timeout of one tool call.
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(600);

/// One server entry, as written in mcp.json.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerConfig {
    /// stdio: the program to start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Streamable HTTP: the endpoint (`httpUrl` is accepted as a synonym).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_url: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
    /// `false` keeps the entry but never starts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_timeout_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_timeout_ms: Option<u64>,
    /// Only these tools (original names) are offered; all when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled_tools: Option<Vec<String>>,
    /// These tools are never offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disabled_tools: Vec<String>,
    /// `true` starts a stdio server in the session's OS sandbox (`crate::tools::sandbox`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<bool>,
    /// OAuth settings for `mcp login` (a pre-registered client id, scopes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oauth: Option<OAuthConfig>,
    /// Fields pilotdeck does not use, kept as they are.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// `oauth` of a server entry: what `mcp login` uses instead of discovering it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OAuthConfig {
    /// A client id registered with the authorization server beforehand (else dynamic registration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// The scopes to ask for (else the server's challenge, else its `scopes_supported`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scopes: Option<Vec<String>>,
    /// An HTTPS URL of a client ID metadata document, used when the authorization server supports
    /// them and no `clientId` is set (before dynamic registration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_metadata_url: Option<String>,
}

/// Which file a server came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Global,
    Project,
}

/// How to reach a server, with every reference expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    Stdio {
        command: String,
        args: Vec<String>,
        env: Vec<(String, String)>,
        cwd: Option<PathBuf>,
    },
    Http {
        url: String,
        headers: Vec<(String, String)>,
    },
}

impl Transport {
    /// `stdio` or `http`.
    pub fn kind(&self) -> &'static str {
        match self {
            Transport::Stdio { .. } => "stdio",
            Transport::Http { .. } => "http",
        }
    }
}

impl ServerConfig {
    pub fn is_enabled(&self) -> bool {
        self.enabled.unwrap_or(true)
    }

    /// `stdio`, `http`, or `none` when the entry has neither a command nor a URL.
    pub fn transport_kind(&self) -> &'static str {
        if self.command.is_some() {
            "stdio"
        } else if self.url.is_some() || self.http_url.is_some() {
            "http"
        } else {
            "none"
        }
    }

    pub fn startup_timeout(&self) -> Duration {
        self.startup_timeout_ms
            .map_or(DEFAULT_STARTUP_TIMEOUT, Duration::from_millis)
    }

    pub fn call_timeout(&self) -> Duration {
        self.call_timeout_ms
            .map_or(DEFAULT_CALL_TIMEOUT, Duration::from_millis)
    }

    /// Whether the tool with this original name is offered.
    pub fn offers_tool(&self, tool: &str) -> bool {
        let allowed = self
            .enabled_tools
            .as_ref()
            .is_none_or(|only| only.iter().any(|t| t == tool));
        allowed && !self.disabled_tools.iter().any(|t| t == tool)
    }

    /// Replaces `${projectRoot}` in every field with the project's root: how a server of the
    /// home's `mcp.json`, which starts outside the project, is pointed at it.
    fn substitute_project_root(&mut self, root: &Path) {
        let root = root.to_string_lossy();
        let fields = self
            .command
            .iter_mut()
            .chain(&mut self.args)
            .chain(self.env.values_mut())
            .chain(&mut self.cwd)
            .chain(&mut self.url)
            .chain(&mut self.http_url)
            .chain(self.headers.values_mut());
        for text in fields {
            if text.contains(PROJECT_ROOT) {
                *text = text.replace(PROJECT_ROOT, &root);
            }
        }
    }

    /// The environment variables this entry's `${…}` references name (command, args, env, cwd, URL,
    /// headers). Children started for the agent do not inherit them.
    pub fn env_references(&self) -> impl Iterator<Item = String> + '_ {
        let fields = self
            .command
            .iter()
            .chain(&self.args)
            .chain(self.env.values())
            .chain(&self.cwd)
            .chain(&self.url)
            .chain(&self.http_url)
            .chain(self.headers.values());
        fields.flat_map(|text| crate::config::references(text).map(str::to_owned))
    }

    /// The transport with `${…}` and `~` expanded.
    pub fn transport(&self, server: &str) -> Result<Transport, Error> {
        let expand = |field: &str, text: &str| {
            crate::config::expand(text).map_err(|variable| Error::MissingEnv {
                server: server.to_owned(),
                field: field.to_owned(),
                variable,
            })
        };
        let path = |field: &str, text: &str| -> Result<String, Error> {
            Ok(expand_tilde(&expand(field, text)?)
                .to_string_lossy()
                .into_owned())
        };
        if let Some(command) = &self.command {
            return Ok(Transport::Stdio {
                command: path("command", command)?,
                args: self
                    .args
                    .iter()
                    .map(|a| path("args", a))
                    .collect::<Result<_, _>>()?,
                // A leading `~` too, as the README says of these fields (`CONFIG=~/.x.toml`).
                env: self
                    .env
                    .iter()
                    .map(|(k, v)| Ok((k.clone(), path(&format!("env.{k}"), v)?)))
                    .collect::<Result<_, Error>>()?,
                cwd: self
                    .cwd
                    .as_deref()
                    .map(|c| path("cwd", c).map(PathBuf::from))
                    .transpose()?,
            });
        }
        let Some(url) = self.url.as_ref().or(self.http_url.as_ref()) else {
            return Err(Error::NoTransport {
                server: server.to_owned(),
            });
        };
        Ok(Transport::Http {
            url: expand("url", url)?,
            headers: self
                .headers
                .iter()
                .map(|(k, v)| Ok((k.clone(), expand(&format!("headers.{k}"), v)?)))
                .collect::<Result<_, Error>>()?,
        })
    }
}

/// The reference to the project's root in a server's fields.
const PROJECT_ROOT: &str = "${projectRoot}";

/// One configured server and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerEntry {
    pub name: String,
    pub scope: Scope,
    pub path: PathBuf,
    pub config: ServerConfig,
    /// The plugin that declared it (`path` is then its `plugin.json`).
    pub plugin: Option<String>,
    /// The sandbox a stdio server runs in, set for a session when its config says `sandbox: true`.
    pub sandbox: Option<crate::tools::sandbox::Confinement>,
    /// Where its OAuth sign-in is kept (`<home>/mcp-auth/<name>.json`).
    pub auth_file: Option<PathBuf>,
    /// The directory a stdio server starts in, and its relative `cwd` is read from: a project
    /// server's is the project root (where trust read the files its `command` and `args` name);
    /// a server of the home's `mcp.json` or plugins starts in an empty directory of PilotHome
    /// (`PilotHome::mcp_start_dir`), never in the project, whose files the agent writes (`npx
    /// pkg` would run a planted `node_modules/pkg`, `python3 -m mod` a planted `mod.py`), unless
    /// it runs in the sandbox (`sandbox: true`): then where the command runs; `None`:
    /// pilotdeck's own.
    pub dir: Option<PathBuf>,
}

/// The merged servers of both files, plus what was wrong with them.
#[derive(Debug, Default)]
pub struct McpServers {
    /// The servers that may be started.
    pub servers: BTreeMap<String, ServerEntry>,
    /// An untrusted project's own servers (its mcp.json's and its plugins'): listed, never started.
    pub untrusted: Vec<ServerEntry>,
    /// Whether the project's servers may join `servers`.
    trusted: bool,
    /// The project's root: where its servers start, and what `${projectRoot}` stands for.
    project_root: Option<PathBuf>,
    /// Where the home's servers start.
    start_dir: Option<PathBuf>,
    /// Files or entries that could not be used; each names its file.
    pub problems: Vec<Error>,
}

impl McpServers {
    /// Loads the servers plugins declare, then `<home>/mcp.json` on top, then
    /// `<project_root>/.pilotdeck/mcp.json` on top: an mcp.json entry wins over a plugin's server
    /// of the same id. `trusted` is the project's trust as the config load decided it
    /// (`Config::project_trusted`): untrusted, the project's servers go to
    /// [`McpServers::untrusted`] instead. A plugin's broken manifest is the extension loader's
    /// problem to report.
    pub fn load(home: &PilotHome, project_root: Option<&Path>, trusted: bool) -> McpServers {
        let plugins = crate::extensions::discover_plugins(home, project_root, &mut Vec::new());
        McpServers::load_with(home, project_root, trusted, &plugins)
    }

    /// The same servers, for a command running in `dir` (`-C DIR`): a project's servers start in
    /// its root wherever the command runs (the files their relative paths name are those trust was
    /// given for, not others a subdirectory holds under the same names), the home's in
    /// PilotHome's empty start directory, and those in `dir` only when sandboxed (or where
    /// neither is known).
    #[must_use]
    pub fn started_in(mut self, dir: &Path) -> McpServers {
        if dir.as_os_str().is_empty() {
            return self;
        }
        for entry in self.servers.values_mut().chain(self.untrusted.iter_mut()) {
            if entry.dir.is_none() {
                entry.dir = Some(dir.to_owned());
            }
        }
        self
    }

    /// [`McpServers::load`] with the plugins the caller already discovered (the launcher's, found
    /// once per launch).
    pub fn load_with(
        home: &PilotHome,
        project_root: Option<&Path>,
        trusted: bool,
        plugins: &[crate::extensions::Plugin],
    ) -> McpServers {
        let mut out = McpServers {
            trusted,
            project_root: project_root.map(Path::to_owned),
            start_dir: Some(home.mcp_start_dir()),
            ..McpServers::default()
        };
        out.add_plugin_servers(home, plugins);
        let mut files = vec![(Scope::Global, home.mcp_file())];
        if let Some(root) = project_root {
            files.push((Scope::Project, crate::config::project_mcp_path(root)));
        }
        for (scope, path) in files {
            let doc = match read_checked(&path) {
                Ok(Some((doc, duplicates))) => {
                    out.problems.extend(duplicates);
                    doc
                }
                Ok(None) => continue,
                Err(e) => {
                    out.problems.push(e);
                    continue;
                }
            };
            let Some(servers) = doc.get("mcpServers") else {
                continue;
            };
            let Some(servers) = servers.as_object() else {
                out.problems.push(Error::Shape {
                    path: path.clone(),
                    key: "mcpServers".to_owned(),
                    message: "must be an object of server entries".to_owned(),
                });
                continue;
            };
            for (name, value) in servers {
                match entry_config(&path, name, value) {
                    Ok(config) => out.insert(ServerEntry {
                        name: name.clone(),
                        scope,
                        path: path.clone(),
                        config,
                        plugin: None,
                        sandbox: None,
                        auth_file: Some(home.mcp_auth_dir().join(format!("{name}.json"))),
                        dir: None,
                    }),
                    Err(e) => out.problems.push(e),
                }
            }
        }
        out
    }

    /// The servers of the global and project plugins; later plugins win on the same id.
    fn add_plugin_servers(&mut self, home: &PilotHome, plugins: &[crate::extensions::Plugin]) {
        for plugin in plugins {
            let scope = match plugin.scope {
                crate::extensions::Scope::Global => Scope::Global,
                crate::extensions::Scope::Project => Scope::Project,
            };
            let manifest = &plugin.manifest;
            for (name, value) in &plugin.mcp_servers {
                match ServerConfig::deserialize(value) {
                    Ok(config) => self.insert(ServerEntry {
                        auth_file: Some(home.mcp_auth_dir().join(format!("{name}.json"))),
                        name: name.clone(),
                        scope,
                        path: manifest.clone(),
                        config,
                        plugin: Some(plugin.name.clone()),
                        sandbox: None,
                        dir: None,
                    }),
                    Err(e) => self.problems.push(Error::Shape {
                        path: manifest.clone(),
                        key: format!("mcpServers.{name}"),
                        message: e.to_string(),
                    }),
                }
            }
        }
    }

    /// Adds `entry` over one of the same id, or sets it aside when it is an untrusted project's.
    fn insert(&mut self, mut entry: ServerEntry) {
        entry.dir = match entry.scope {
            Scope::Project => self.project_root.clone(),
            // Confined to the project by the sandbox, it may start there (`started_in`): what it
            // could run from there runs confined too.
            Scope::Global if entry.config.sandbox == Some(true) => None,
            Scope::Global => self.start_dir.clone(),
        };
        if let Some(root) = &self.project_root {
            entry.config.substitute_project_root(root);
        }
        if entry.scope == Scope::Project && !self.trusted {
            self.untrusted.retain(|s| s.name != entry.name);
            self.untrusted.push(entry);
        } else {
            self.servers.insert(entry.name.clone(), entry);
        }
    }

    /// The server that may be started under `name`; an untrusted project's is refused.
    pub fn get(&self, name: &str) -> Result<&ServerEntry, Error> {
        if let Some(entry) = self.servers.get(name) {
            return Ok(entry);
        }
        if self.untrusted.iter().any(|s| s.name == name) {
            return Err(Error::Untrusted {
                name: name.to_owned(),
            });
        }
        Err(Error::UnknownServer {
            name: name.to_owned(),
        })
    }
}

/// The file of `scope`.
pub fn scope_file(home: &PilotHome, project_root: &Path, scope: Scope) -> PathBuf {
    match scope {
        Scope::Global => home.mcp_file(),
        Scope::Project => crate::config::project_mcp_path(project_root),
    }
}

/// Reads a whole mcp.json as JSON; `None` when the file does not exist.
/// The configuration of the entry `name` of the file `path`: an entry that cannot be read, or that
/// names no way to reach its server (or two), is a problem at the line its name is on, naming the
/// key inside it (`mcpServers.fs.args`). One with two transports is still used (`command` wins).
fn entry_config(path: &Path, name: &str, value: &Value) -> Result<ServerConfig, Error> {
    // Read again only when there is something to report (the document was parsed already).
    let line = || {
        crate::store::read_text(path)
            .ok()
            .and_then(|text| entry_line(&text, name))
            .unwrap_or(1)
    };
    let at = |key: String, message: String| Error::Entry {
        path: path.to_owned(),
        line: line(),
        key,
        message,
    };
    let config: ServerConfig = serde_path_to_error::deserialize(value).map_err(|e| {
        let inner = e.path().to_string();
        let key = if inner == "." {
            format!("mcpServers.{name}")
        } else {
            format!("mcpServers.{name}.{inner}")
        };
        at(key, e.into_inner().to_string())
    })?;
    let has_url = config.url.is_some() || config.http_url.is_some();
    match config.transport_kind() {
        "none" => {
            return Err(at(
                format!("mcpServers.{name}"),
                "needs `command` (a stdio server) or `url` (an HTTP one)".to_owned(),
            ));
        }
        "stdio" if has_url => tracing::warn!(
            "`{}:{}`: mcpServers.{name}: has both `command` and `url`; the command is used",
            path.display(),
            line()
        ),
        _ => {}
    }
    Ok(config)
}

/// The line of `"name":` inside the file's `mcpServers` object (1-based), found in its text.
fn entry_line(text: &str, name: &str) -> Option<usize> {
    entry_lines(text, name).first().copied()
}

/// Every line a `"name":` key is on after the file's `"mcpServers"` (1-based, in order).
fn entry_lines(text: &str, name: &str) -> Vec<usize> {
    let (Some(servers), Ok(quoted)) = (text.find("\"mcpServers\""), serde_json::to_string(name))
    else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut from = servers;
    while let Some(found) = text[from..].find(&quoted) {
        let at = from + found;
        if text[at + quoted.len()..].trim_start().starts_with(':') {
            lines.push(text[..at].matches('\n').count() + 1);
        }
        from = at + quoted.len();
    }
    lines
}

pub(super) fn read_document(path: &Path) -> Result<Option<Value>, Error> {
    Ok(parse_document(path)?.map(|(_, doc)| doc))
}

/// [`read_document`], with a problem for each server name that the `mcpServers` object has more
/// than once (JSON keeps the last; the earlier entries would be lost without a word). Only loading
/// reports them; an edit (`mcp add`, `rm`) reads the document alone.
fn read_checked(path: &Path) -> Result<Option<(Value, Vec<Error>)>, Error> {
    let Some((text, doc)) = parse_document(path)? else {
        return Ok(None);
    };
    let duplicates = duplicate_names(path, &text);
    Ok(Some((doc, duplicates)))
}

/// The file's text (without a byte-order mark) and its JSON, an object; `None` when the file does
/// not exist.
fn parse_document(path: &Path) -> Result<Option<(String, Value)>, Error> {
    let text = match crate::store::read_text(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(Error::Read {
                path: path.to_owned(),
                source,
            });
        }
    };
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    };
    if text.trim().is_empty() {
        return Ok(Some((text, Value::Object(serde_json::Map::new()))));
    }
    let doc: Value = serde_json::from_str(&text).map_err(|e| Error::Syntax {
        path: path.to_owned(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    if !doc.is_object() {
        return Err(Error::Shape {
            path: path.to_owned(),
            key: "(top level)".to_owned(),
            message: "must be a JSON object with an `mcpServers` object".to_owned(),
        });
    }
    Ok(Some((text, doc)))
}

/// A problem for each server name the `mcpServers` object of `text` has more than once, at the
/// line of its last entry (the one used).
fn duplicate_names(path: &Path, text: &str) -> Vec<Error> {
    let names = serde_json::from_str::<ServerNames>(text)
        .map(|n| n.mcp_servers.0)
        .unwrap_or_default();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for name in &names {
        *counts.entry(name).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(name, n)| Error::Entry {
            path: path.to_owned(),
            line: entry_lines(text, name).last().copied().unwrap_or(1),
            key: format!("mcpServers.{name}"),
            message: format!("named {n} times; only the last entry (this one) is used"),
        })
        .collect()
}

/// The names of a document's `mcpServers` object in file order, repeats included (a `Value`
/// keeps one of each).
#[derive(Deserialize)]
struct ServerNames {
    #[serde(rename = "mcpServers", default)]
    mcp_servers: KeysInOrder,
}

#[derive(Default)]
struct KeysInOrder(Vec<String>);

impl<'de> Deserialize<'de> for KeysInOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = KeysInOrder;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeysInOrder, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    keys.push(key);
                }
                Ok(KeysInOrder(keys))
            }
        }
        d.deserialize_map(Visit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enabled_and_disabled_tools_filter() {
        let config = ServerConfig {
            enabled_tools: Some(vec!["a".into(), "b".into()]),
            disabled_tools: vec!["b".into()],
            ..ServerConfig::default()
        };
        assert!(config.offers_tool("a"));
        assert!(!config.offers_tool("b"));
        assert!(!config.offers_tool("c"));
    }

    #[test]
    fn unknown_fields_are_kept_and_http_url_is_a_url() {
        let config: ServerConfig =
            serde_json::from_str(r#"{"httpUrl": "http://x/mcp", "type": "http"}"#).unwrap();
        assert_eq!(config.transport_kind(), "http");
        assert_eq!(config.other["type"], "http");
        assert!(
            matches!(config.transport("s"), Ok(Transport::Http { url, .. }) if url == "http://x/mcp")
        );
    }
}
