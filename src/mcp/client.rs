//! [`Connection`]: one running MCP server — its rmcp client session, its child process (stdio) and its
//! cached, cleaned tool list.
//!
//! stdio servers are started with `tools::process::spawn`, so each is in its own process group and the
//! group is killed when the connection is dropped (end of the run, Ctrl-C, error) — no orphans. Their
//! stderr is read into a short ring buffer, logged at debug level and quoted when startup fails.
//!
//! Streamable HTTP is rmcp's client over pilotdeck's reqwest (rustls + ring). rmcp handles the SSE
//! priming event with empty data, sends the `Mcp-Session-Id` header it was given, and re-initialises
//! once when the server answers 404 for an expired session (`reinit_on_expired_session`).
//!
//! A `notifications/tools/list_changed` marks the cached list stale; it is listed again after the
//! next call to that server returns (rmcp handles notifications on their own task, so a flag checked
//! on the call path is the deterministic point) and by [`Connection::tools`]. The agent's registry
//! reads the cache through [`Connection::cached_tools`] before every model call.
//!
//! A stdio server in the session's sandbox (`sandbox: true`) writes in the project as a `bash`
//! command does, so its start-up, each call to it, each tool listing and each resource request
//! (`resources.rs`) are made like one ([`Connection::guarded`], `guard.rs`): in the project's turn,
//! with what it changed among the protected paths put back after it. Between those requests it is
//! stopped, so it cannot write outside its turn: after a call that timed out, or while the agent's
//! other commands run. On Linux, where pilotdeck can make a cgroup (root, or a delegated cgroup),
//! the server starts in one of its own, and every process in it is frozen (`cgroup.freeze`) and
//! thawed for each request; elsewhere its process group and every process below it are sent
//! `SIGSTOP` (and `SIGCONT` for each request), which a process that forks or has a timer send it
//! `SIGCONT` can outrun (`README.md`, the sandbox's limits).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::service::{NotificationContext, RunningService};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde::Serialize;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio_util::sync::CancellationToken;
use tokio_util::task::AbortOnDropHandle;

use super::config::{ServerEntry, Transport};
use super::guard::{changed_paths, in_turn};
use super::{Error, sanitize};
use crate::tools::EnvFilter;
use crate::tools::process::{self, CommandSpec, Pipes, StderrMode};
use crate::tools::sandbox::denial::Denial;

/// Lines of a server's stderr kept for error messages.
const STDERR_LINES: usize = 20;
/// How long a failed start waits for the rest of the server's stderr.
const STDERR_GRACE: Duration = Duration::from_millis(500);

/// One tool a server offers, cleaned.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RemoteTool {
    /// The server's name for the tool, cleaned (what people type in `mcp call`).
    pub name: String,
    /// The name exactly as the server sent it, used in `tools/call`.
    #[serde(skip)]
    pub wire_name: String,
    /// `mcp__<server>__<tool>`, what the model sees.
    pub qualified_name: String,
    pub description: String,
    pub input_schema: Value,
    /// The server's `readOnlyHint`.
    pub read_only: bool,
}

/// What one `tools/call` returned, flattened to text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallOutput {
    pub text: String,
    pub is_error: bool,
    /// The server's `structuredContent`, cleaned, when it sent one.
    pub structured: Option<Value>,
}

/// Receives server notifications.
#[derive(Debug, Clone, Default)]
pub(super) struct Notifications {
    tools_stale: Arc<AtomicBool>,
}

impl ClientHandler for Notifications {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.tools_stale.store(true, Ordering::SeqCst);
    }
}

/// A running server. Dropping it closes the session and kills a stdio server's process group.
pub struct Connection {
    pub name: String,
    entry: ServerEntry,
    service: RunningService<RoleClient, Notifications>,
    tools_stale: Arc<AtomicBool>,
    death_reported: AtomicBool,
    tools: Mutex<Vec<RemoteTool>>,
    /// Serialises re-listing.
    listing: tokio::sync::Mutex<()>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Reads the `tools/list_changed` subscription (protocol 2026-07-28 servers).
    _subscription_task: Option<AbortOnDropHandle<()>>,
    // Field order matters: the service closes before the child is killed.
    _stderr_task: Option<AbortOnDropHandle<()>>,
    child: Option<process::Child>,
}

/// A sandboxed stdio server continued for one request, and stopped again when the request ends —
/// also when it is dropped half-way (a cancelled or timed-out call).
struct Running<'a>(&'a Connection);

impl<'a> Running<'a> {
    fn new(connection: &'a Connection) -> Self {
        connection.pause(false);
        Running(connection)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.pause(true);
    }
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("name", &self.name)
            .field("pid", &self.pid())
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// Starts `entry` and lists its tools, all within its startup timeout.
    /// A stdio server inherits only what `env` lets through, plus the `env:` its entry gives it.
    /// A server in the session's sandbox is started as a `bash` command runs (the project's turn,
    /// the protected paths put back after its start-up); one that changed any is not used.
    pub async fn start(entry: &ServerEntry, env: &EnvFilter) -> Result<Connection, Error> {
        let refused = |message: String| Error::Initialize {
            server: entry.name.clone(),
            message,
            stderr: String::new(),
        };
        let patience = entry.config.startup_timeout();
        let starting = async {
            let connection = Self::start_now(entry, env).await;
            if let Ok(connection) = &connection {
                connection.pause(true);
            }
            connection
        };
        let (connection, denials) = in_turn(entry, patience, &CancellationToken::new(), starting)
            .await
            .map_err(refused)?;
        match changed_paths(&denials) {
            None => connection,
            Some(named) => Err(refused(format!(
                "it changed protected paths while starting (put back): {named}"
            ))),
        }
    }

    async fn start_now(entry: &ServerEntry, env: &EnvFilter) -> Result<Connection, Error> {
        if !entry.config.is_enabled() {
            return Err(Error::Disabled {
                server: entry.name.clone(),
            });
        }
        let transport = entry.config.transport(&entry.name)?;
        let timeout = entry.config.startup_timeout();
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let handler = Notifications::default();
        let tools_stale = Arc::clone(&handler.tools_stale);
        let server = entry.name.clone();
        let (service, child, stderr_task) = match transport {
            Transport::Stdio {
                command,
                args,
                env: vars,
                cwd,
            } => {
                // PilotHome's start directory for the home's servers is made on first use.
                if let Some(dir) = &entry.dir
                    && entry.scope == super::Scope::Global
                    && !dir.exists()
                {
                    let _ = crate::store::create_dir_private(dir);
                }
                // A relative `cwd` is read from where the server starts, as is none at all.
                let cwd = match (&entry.dir, cwd) {
                    (Some(dir), Some(cwd)) => Some(dir.join(cwd)),
                    (dir, cwd) => cwd.or_else(|| dir.clone()),
                };
                let mut spec = CommandSpec {
                    program: command.into(),
                    args: args.into_iter().map(Into::into).collect(),
                    cwd,
                    clear_env: false,
                    env: vars
                        .into_iter()
                        .map(|(k, v)| (k.into(), v.into()))
                        .collect(),
                    env_remove: Vec::new(),
                    // Stopped between requests (`pause`): frozen in a cgroup where one can be made.
                    freezable: entry.sandbox.is_some(),
                    sandbox: entry.sandbox.clone(),
                };
                env.apply(&mut spec);
                let pipes = Pipes {
                    stdin: true,
                    stdout: true,
                    stderr: StderrMode::Piped,
                };
                let mut child = process::spawn(&spec, pipes).map_err(|source| Error::Spawn {
                    server: server.clone(),
                    source,
                })?;
                let stderr_task = child
                    .take_stderr()
                    .map(|pipe| read_stderr(&server, pipe, Arc::clone(&stderr)));
                let (Some(stdout), Some(stdin)) = (child.take_stdout(), child.take_stdin()) else {
                    return Err(Error::Initialize {
                        server,
                        message: "its standard streams could not be opened".to_owned(),
                        stderr: String::new(),
                    });
                };
                let started = tokio::time::timeout(timeout, handler.serve((stdout, stdin))).await;
                let service = match started {
                    Ok(Ok(service)) => service,
                    Ok(Err(e)) => {
                        // The server most likely exited: let the reader reach the end of its stderr
                        // so the message can quote it.
                        if let Some(task) = stderr_task {
                            let _ = tokio::time::timeout(STDERR_GRACE, task).await;
                        }
                        let message = match tokio::time::timeout(STDERR_GRACE, child.wait()).await {
                            Ok(Ok(status)) => {
                                format!("it exited ({status}) before answering `initialize`")
                            }
                            _ => format!(
                                "it closed the connection before answering `initialize` ({})",
                                root_cause(&e)
                            ),
                        };
                        return Err(Error::Initialize {
                            server: server.clone(),
                            message,
                            stderr: tail(&stderr),
                        });
                    }
                    Err(_) => {
                        return Err(Error::StartupTimeout {
                            server: server.clone(),
                            ms: millis(timeout),
                            stderr: tail(&stderr),
                        });
                    }
                };
                (service, Some(child), stderr_task)
            }
            Transport::Http { url, headers } => {
                let service =
                    tokio::time::timeout(timeout, connect_http(entry, &url, &headers, handler))
                        .await
                        .map_err(|_| Error::StartupTimeout {
                            server: server.clone(),
                            ms: millis(timeout),
                            stderr: String::new(),
                        })??;
                (service, None, None)
            }
        };
        let subscription_task = subscribe(&service, Arc::clone(&tools_stale), timeout).await;
        let connection = Connection {
            name: server,
            _subscription_task: subscription_task,
            entry: entry.clone(),
            service,
            tools_stale,
            death_reported: AtomicBool::new(false),
            tools: Mutex::new(Vec::new()),
            listing: tokio::sync::Mutex::new(()),
            stderr,
            _stderr_task: stderr_task,
            child,
        };
        let listed = tokio::time::timeout(timeout, connection.list())
            .await
            .map_err(|_| Error::StartupTimeout {
                server: connection.name.clone(),
                ms: millis(timeout),
                stderr: tail(&connection.stderr),
            })??;
        *connection
            .tools
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = listed;
        Ok(connection)
    }

    /// The stdio server's pid (its process group id).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(process::Child::id)
    }

    /// False once the session ended (a stdio server exited, an HTTP session could not be recovered).
    /// The first time this finds the server gone it says so on stderr (a warning).
    pub fn is_alive(&self) -> bool {
        let alive = !self.service.is_closed() && !self.service.peer().is_transport_closed();
        if !alive && !self.death_reported.swap(true, Ordering::SeqCst) {
            tracing::warn!(
                "MCP server `{}` is not running any more; continuing without its tools{}",
                self.name,
                crate::terminal::inert(&tail(&self.stderr))
            );
        }
        alive
    }

    pub fn entry(&self) -> &ServerEntry {
        &self.entry
    }

    /// The offered tools (after `enabledTools`/`disabledTools`), listing again (a guarded request)
    /// after a `tools/list_changed` notification.
    pub async fn tools(&self) -> Result<Vec<RemoteTool>, Error> {
        if self.tools_stale.load(Ordering::SeqCst) {
            let refreshed = self
                .guarded(&CancellationToken::new(), self.refresh_if_stale())
                .await;
            refreshed
                .map_err(|message| Error::Service {
                    server: self.name.clone(),
                    action: "tools/list",
                    message,
                })?
                .0?;
        }
        Ok(self.cached_tools())
    }

    /// The process of a stdio server in the session's sandbox: the one stopped between requests
    /// (others run freely).
    fn confined_child(&self) -> Option<&process::Child> {
        self.entry.sandbox.as_ref().and(self.child.as_ref())
    }

    /// Stops (`true`) or continues a stdio server in the session's sandbox.
    fn pause(&self, paused: bool) {
        if let Some(child) = self.confined_child() {
            child.pause(paused);
        }
    }

    /// `request` (named `action` in errors), given at most `callTimeoutMs`: a request made in the
    /// project's turn must not hold it for good.
    pub(super) async fn bounded<T>(
        &self,
        action: &'static str,
        request: impl std::future::Future<Output = Result<T, Error>>,
    ) -> Result<T, Error> {
        let timeout = self.entry.config.call_timeout();
        tokio::time::timeout(timeout, request)
            .await
            .map_err(|_| Error::Service {
                server: self.name.clone(),
                action,
                message: format!("no answer within {} ms (callTimeoutMs)", millis(timeout)),
            })?
    }

    /// The tool list as last fetched; never does I/O.
    pub fn cached_tools(&self) -> Vec<RemoteTool> {
        self.tools
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    async fn refresh_if_stale(&self) -> Result<(), Error> {
        let _one_at_a_time = self.listing.lock().await;
        if self.tools_stale.swap(false, Ordering::SeqCst) {
            let listed = self.bounded("tools/list", self.list()).await?;
            tracing::debug!(server = %self.name, tools = listed.len(), "tool list refreshed");
            *self.tools.lock().unwrap_or_else(PoisonError::into_inner) = listed;
        }
        Ok(())
    }

    async fn list(&self) -> Result<Vec<RemoteTool>, Error> {
        let listed = self
            .service
            .list_all_tools()
            .await
            .map_err(|e| self.service_error("tools/list", &e))?;
        let mut tools = Vec::new();
        for tool in listed {
            let value = serde_json::to_value(&tool).unwrap_or(Value::Null);
            let wire_name = tool.name.to_string();
            let name = sanitize::clean(&wire_name);
            if !self.entry.config.offers_tool(&name) {
                continue;
            }
            let schema = match value.get("inputSchema") {
                Some(Value::Object(o)) => sanitize::clean_value(Value::Object(o.clone())),
                _ => serde_json::json!({"type": "object"}),
            };
            tools.push(RemoteTool {
                qualified_name: sanitize::tool_name(&self.name, &name),
                description: sanitize::description(tool.description.as_deref().unwrap_or("")),
                input_schema: schema,
                read_only: value
                    .pointer("/annotations/readOnlyHint")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                name,
                wire_name,
            });
        }
        Ok(tools)
    }

    /// Calls `tool` (its server-side name) with `arguments`, bounded by `callTimeoutMs` and `cancel`.
    /// A server error, a timeout or a dead server is an error `CallOutput`, not an `Err`. A server
    /// in the session's sandbox is called like a `bash` command runs: in the project's turn, with
    /// the protected paths (`.git/`, `.pilotdeck/`, …) it changed during the call put back after it
    /// and named in the result.
    pub async fn call(
        &self,
        tool: &str,
        arguments: Value,
        cancel: &CancellationToken,
    ) -> CallOutput {
        let guarded = self
            .guarded(cancel, self.call_now(tool, arguments, cancel))
            .await;
        let (mut output, denials) = match guarded {
            Ok(done) => done,
            Err(why) => return error_output(&why),
        };
        for denial in denials {
            output.is_error |= matches!(denial, Denial::NotRestored { .. });
            output.text.push_str(&format!("\n{denial}"));
        }
        output
    }

    /// Makes `request` to this server as a `bash` command runs when the server is in the session's
    /// sandbox: in the project's turn (waiting at most `callTimeoutMs`), with what changed among
    /// the protected paths put back after it; returns what it answered and what was put back
    /// (each also logged). Without a sandbox, just the request. `Err`: it was not made.
    pub(super) async fn guarded<T>(
        &self,
        cancel: &CancellationToken,
        request: impl std::future::Future<Output = T>,
    ) -> Result<(T, Vec<Denial>), String> {
        let running = async {
            let _running = Running::new(self);
            let answer = request.await;
            if self.confined_child().is_some() {
                // What left the server's tree while it ran (its parent exited) is pilotdeck's now:
                // killed before the turn ends, as after a command.
                let _ = process::reap_adopted(None).await;
            }
            answer
        };
        in_turn(
            &self.entry,
            self.entry.config.call_timeout(),
            cancel,
            running,
        )
        .await
    }

    async fn call_now(
        &self,
        tool: &str,
        arguments: Value,
        cancel: &CancellationToken,
    ) -> CallOutput {
        let mut params = CallToolRequestParams::new(tool.to_owned());
        if let Value::Object(args) = arguments {
            params = params.with_arguments(args);
        }
        let timeout = self.entry.config.call_timeout();
        let result = tokio::select! {
            r = tokio::time::timeout(timeout, self.service.call_tool(params)) => r,
            () = cancel.cancelled() => return error_output("the call was cancelled"),
        };
        let result = match result {
            Err(_) => {
                return error_output(&format!(
                    "MCP server `{}` did not answer `{tool}` within {} ms (callTimeoutMs)",
                    self.name,
                    millis(timeout)
                ));
            }
            Ok(Err(e)) => {
                let err = self.service_error(&format!("tools/call {tool}"), &e);
                tracing::warn!("{err}");
                return error_output(&err.to_string());
            }
            Ok(Ok(result)) => result,
        };
        if let Err(e) = self.refresh_if_stale().await {
            tracing::warn!("{e}");
        }
        let value = sanitize::clean_value(serde_json::to_value(&result).unwrap_or(Value::Null));
        flatten(&value)
    }

    /// The running rmcp client, for the other request kinds ([`super::resources`]).
    pub(super) fn service(&self) -> &RunningService<RoleClient, Notifications> {
        &self.service
    }

    pub(super) fn service_error(&self, action: &str, e: &rmcp::ServiceError) -> Error {
        let mut message = e.to_string();
        // A write to a server that just exited fails before rmcp notices the closed stream.
        let transport_gone = matches!(
            e,
            rmcp::ServiceError::TransportClosed | rmcp::ServiceError::TransportSend(_)
        );
        if message.contains("Auth required") || message.contains("OAuth") {
            message = format!(
                "{message}; the sign-in is no longer valid: run `pilotdeck mcp login {}`",
                self.name
            );
        } else if transport_gone || !self.is_alive() {
            message = format!("the server is not running any more ({message})");
            let stderr = tail(&self.stderr);
            message.push_str(&stderr);
        }
        Error::Service {
            server: self.name.clone(),
            action: ["tools/list", "resources/list", "resources/read"]
                .into_iter()
                .find(|a| action.starts_with(a))
                .unwrap_or("tools/call"),
            message,
        }
    }
}

/// Servers on protocol 2026-07-28 send `tools/list_changed` only on a `subscriptions/listen` stream;
/// older ones send it unasked (handled by [`Notifications`]) and refuse the request, which is fine.
async fn subscribe(
    service: &RunningService<RoleClient, Notifications>,
    stale: Arc<AtomicBool>,
    timeout: Duration,
) -> Option<AbortOnDropHandle<()>> {
    let filter = rmcp::model::SubscriptionFilter::builder()
        .tools_list_changed()
        .build();
    let mut subscription = match tokio::time::timeout(timeout, service.listen(filter)).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            tracing::debug!(%e, "no tools/list_changed subscription");
            return None;
        }
        Err(_) => return None,
    };
    Some(AbortOnDropHandle::new(tokio::spawn(async move {
        while let Ok(Some(_)) = subscription.next().await {
            stale.store(true, Ordering::SeqCst);
        }
    })))
}

async fn connect_http(
    entry: &ServerEntry,
    url: &str,
    headers: &[(String, String)],
    handler: Notifications,
) -> Result<RunningService<RoleClient, Notifications>, Error> {
    use rmcp::transport::StreamableHttpClientTransport;
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    let server = entry.name.as_str();
    let mut map = std::collections::HashMap::new();
    for (k, v) in headers {
        let bad = || Error::BadHeader {
            server: server.to_owned(),
            header: k.clone(),
        };
        let name = reqwest::header::HeaderName::from_bytes(k.as_bytes()).map_err(|_| bad())?;
        let value = reqwest::header::HeaderValue::from_str(v).map_err(|_| bad())?;
        map.insert(name, value);
    }
    let client = reqwest::Client::builder()
        .build()
        .map_err(|e| Error::HttpClient {
            message: e.to_string(),
        })?;
    let config = StreamableHttpClientTransportConfig::with_uri(url.to_owned())
        .custom_headers(map)
        .reinit_on_expired_session(true);
    // A stored OAuth sign-in: rmcp adds the bearer token, refreshes it before it expires and
    // after a 401, and saves the new tokens (`super::oauth`).
    let served = match super::oauth::authorizer(entry, url).await? {
        Some(manager) => {
            let client = rmcp::transport::auth::AuthClient::new(client, manager);
            handler
                .serve(StreamableHttpClientTransport::with_client(client, config))
                .await
        }
        None => {
            handler
                .serve(StreamableHttpClientTransport::with_client(client, config))
                .await
        }
    };
    served.map_err(|e| {
        let message = error_chain(&e);
        if message.contains("Auth required") || message.contains("OAuth authorization required") {
            super::oauth::mark_needs_login(entry, url);
            return Error::NeedsLogin {
                server: server.to_owned(),
            };
        }
        // A refresh the authorization server refused (or could not answer): sign in again.
        if let Some((_, detail)) = message.split_once("Auth error: ") {
            let detail = detail.split(", when ").next().unwrap_or(detail);
            return Error::OAuth {
                server: server.to_owned(),
                message: format!("{detail}; run `pilotdeck mcp login {server}`"),
            };
        }
        Error::Initialize {
            server: server.to_owned(),
            message: format!("cannot reach {url}: {}", root_cause(&e)),
            stderr: String::new(),
        }
    })
}

/// The innermost source of an error, without the Rust type names the MCP SDK puts in its
/// messages (`Transport [rmcp::transport::worker::WorkerTransport<…>]`) nor its framing.
fn root_cause(e: &dyn std::error::Error) -> String {
    let mut last = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        last = s.to_string();
        source = s.source();
    }
    let mut plain = String::with_capacity(last.len());
    let mut rest = last.as_str();
    while let Some(open) = rest.find(" [") {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        let inside = &rest[open + 2..open + close];
        plain.push_str(&rest[..open]);
        if !inside.contains("::") {
            plain.push_str(&rest[open..=open + close]);
        }
        rest = &rest[open + close + 1..];
    }
    plain.push_str(rest);
    let plain = plain
        .replace("Send message error Transport error: ", "")
        .replace(", when send initialize request", "");
    plain.trim().to_owned()
}

/// An error and its sources, `: `-joined.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let next = s.to_string();
        if !text.contains(&next) {
            text.push_str(": ");
            text.push_str(&next);
        }
        source = s.source();
    }
    text
}

/// A `CallToolResult` (as JSON) flattened to text for the model: text blocks as they are, other
/// blocks described, `structuredContent` when there is nothing else.
fn flatten(result: &Value) -> CallOutput {
    let is_error = result
        .get("isError")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let structured = result.get("structuredContent").cloned();
    let mut parts = Vec::new();
    for block in result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let text = |k: &str| {
            block
                .get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        match block.get("type").and_then(Value::as_str).unwrap_or("") {
            "text" => parts.push(text("text")),
            "image" | "audio" => parts.push(format!(
                "[{} {}, {} bytes of base64 not shown]",
                block["type"].as_str().unwrap_or(""),
                text("mimeType"),
                block
                    .get("data")
                    .and_then(Value::as_str)
                    .map_or(0, str::len)
            )),
            "resource" => {
                let r = &block["resource"];
                match r.get("text").and_then(Value::as_str) {
                    Some(t) => parts.push(t.to_owned()),
                    None => parts.push(format!(
                        "[resource {}]",
                        r.get("uri").and_then(Value::as_str).unwrap_or("")
                    )),
                }
            }
            "resource_link" => parts.push(format!("[resource link {}]", text("uri"))),
            _ => parts.push(block.to_string()),
        }
    }
    if parts.is_empty()
        && let Some(s) = &structured
    {
        parts.push(s.to_string());
    }
    CallOutput {
        text: parts.join("\n"),
        is_error,
        structured,
    }
}

fn error_output(message: &str) -> CallOutput {
    CallOutput {
        text: message.to_owned(),
        is_error: true,
        structured: None,
    }
}

fn read_stderr(
    server: &str,
    pipe: tokio::process::ChildStderr,
    ring: Arc<Mutex<VecDeque<String>>>,
) -> AbortOnDropHandle<()> {
    let server = server.to_owned();
    AbortOnDropHandle::new(tokio::spawn(async move {
        let mut lines = BufReader::new(pipe).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            let line = sanitize::clean(&line);
            tracing::debug!(server = %server, "mcp stderr: {line}");
            let mut ring = ring.lock().unwrap_or_else(PoisonError::into_inner);
            if ring.len() == STDERR_LINES {
                ring.pop_front();
            }
            ring.push_back(line);
        }
    }))
}

/// The kept stderr lines as `\n  stderr: …` lines, or empty.
fn tail(ring: &Mutex<VecDeque<String>>) -> String {
    let ring = ring.lock().unwrap_or_else(PoisonError::into_inner);
    ring.iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("\n  stderr: {l}"))
        .collect()
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_flatten_to_text() {
        let out = flatten(&serde_json::json!({
            "content": [{"type": "text", "text": "a"}, {"type": "image", "mimeType": "image/png", "data": "AAAA"}],
            "isError": true
        }));
        assert!(out.is_error);
        assert_eq!(
            out.text,
            "a\n[image image/png, 4 bytes of base64 not shown]"
        );
        let out = flatten(&serde_json::json!({"content": [], "structuredContent": {"sum": 3}}));
        assert_eq!(out.text, r#"{"sum":3}"#);
    }
}
