//! `pilotdeck mcp serve`: pilotdeck as an MCP server over stdio, or over Streamable HTTP with
//! `--http` ([`http`]: bearer token, `Origin` and `Host` checks, graceful shutdown), so other
//! agents, machines and services can drive it. A front end beside the CLI: it drives the launcher, memory, the router and sessions; the MCP
//! *client* (servers pilotdeck uses) is `crate::mcp`.
//!
//! Tools (schemas generated from the types in [`tools`]):
//! - `pilotdeck_run {prompt, cwd?, model?, permission_mode?}` → `{session_id, result, usage}`: one task
//!   launched like `pilotdeck run` (`launch::run`), unattended — an "ask" decision is a denial.
//!   The operator's mode (`--permission-mode`, else the configured one) is a ceiling: a caller may
//!   ask only for it or a narrower mode ([`modes`]).
//!   Progress notifications are sent while it runs when the client asked for them (a
//!   `progressToken`, see [`progress`]); a client cancellation cancels the run.
//!   Every `cwd`/`project` a caller names must lie in the serve roots ([`roots`]: `--root`
//!   directories, else the project `mcp serve` runs in; never `/`, `$HOME` or PilotHome), so the
//!   ceiling cannot be stretched by pointing a run at a wider directory.
//! - `pilotdeck_reply {session_id, prompt, permission_mode?}`: one more turn in an existing session,
//!   in the mode the session was served in (or a narrower one it asks for).
//! - `session_list {project?, limit?}`: the newest sessions of a project (`session::list`).
//! - `memory_recall {query, project?, limit?}`: the project's long-term memory notes relevant to a
//!   query (the offline lexical stage of `pilotdeck memory recall`).
//! - `router_decide {prompt, project?}`: which tier and model the router would pick, offline (the
//!   built-in classifier; no model call), as `pilotdeck router decide --offline` prints it.
//!
//! stdout: this is the one command whose stdout is not written through `output.rs`. It carries the
//! JSON-RPC stream and nothing else, written by rmcp's stdio transport; logs go to stderr as always.
//! A request before `initialize` that is neither `ping` nor a stateless request with protocol `_meta`
//! (such as an older client's `server/discover` probe) gets method-not-found from
//! [`preinit`], so clients fall back to `initialize`; numeric (0 included) and string ids,
//! and `tools/list` without params are rmcp's protocol handling.

pub mod http;
mod modes;
mod preinit;
mod progress;
mod roots;
mod token;
pub mod tools;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::agent::{AgentOptions, Resume, TurnOutcome};
use crate::home::{PilotHome, Project};
use crate::launch::{self, Launch, MemoryChoice, Setup};
use crate::tools::permission::PermissionMode;
use progress::Progress;
pub use roots::RootError;
use roots::Roots;
use tools::{
    DecideInput, RecallInput, RecalledNotes, ReplyInput, RunInput, RunResult, SessionList,
    SessionListInput, tool_list,
};

/// Where `mcp serve` runs: the PilotHome, the default project directory and the config file flag.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub home: PilotHome,
    pub cwd: PathBuf,
    pub config_file: Option<PathBuf>,
    /// `--permission-mode`: the widest mode a caller may ask for; else the configured mode.
    pub permission_mode: Option<PermissionMode>,
    /// `--root`: the directories callers may work in; empty: `cwd` ([`roots`]).
    pub roots: Vec<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("the MCP connection on stdio failed: {message}")]
    Transport { message: String },
    #[error(
        "refusing to listen on {addr}: not a loopback address; pass --allow-remote to accept \
         connections from other machines (every request still needs the bearer token)"
    )]
    Remote { addr: std::net::SocketAddr },
    #[error("cannot listen on {addr}: {message}")]
    Bind {
        addr: std::net::SocketAddr,
        message: String,
    },
    #[error("cannot use the bearer token file {}: {message}", path.display())]
    Token { path: PathBuf, message: String },
    #[error(transparent)]
    Root(#[from] RootError),
}

/// Serves MCP on stdin/stdout until the client disconnects.
pub async fn serve(opts: ServeOptions) -> Result<(), ServeError> {
    let server = PilotdeckServer::new(opts, CancellationToken::new())?;
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = preinit::PreInitFilter::new(
        rmcp::transport::async_rw::AsyncRwTransport::new_server(stdin, stdout),
    );
    let running = server
        .serve(transport)
        .await
        .map_err(|e| ServeError::Transport {
            message: e.to_string(),
        })?;
    running.waiting().await.map_err(|e| ServeError::Transport {
        message: e.to_string(),
    })?;
    Ok(())
}

#[derive(Debug, Clone)]
struct PilotdeckServer {
    opts: Arc<ServeOptions>,
    /// Where callers may work.
    roots: Arc<Roots>,
    /// Fires at shutdown: every running turn is cancelled.
    stop: CancellationToken,
    /// The running turns, so shutdown can wait for them to end.
    runs: TaskTracker,
}

impl PilotdeckServer {
    fn new(opts: ServeOptions, stop: CancellationToken) -> Result<PilotdeckServer, ServeError> {
        let roots = Roots::new(&opts.cwd, &opts.roots, opts.home.root())?;
        Ok(PilotdeckServer {
            opts: Arc::new(opts),
            roots: Arc::new(roots),
            stop,
            runs: TaskTracker::new(),
        })
    }

    /// The caller's directory `dir` (default: where `mcp serve` runs), canonical, once it and the
    /// project it belongs to are inside the serve roots; else a JSON-RPC error naming the path.
    fn confine(&self, dir: Option<PathBuf>) -> Result<PathBuf, ErrorData> {
        let dir = dir.unwrap_or_else(|| self.opts.cwd.clone());
        let refused = |message: String| ErrorData::invalid_params(message, None);
        let dir = dir
            .canonicalize()
            .map_err(|e| refused(format!("cannot use `{}`: {e}", dir.display())))?;
        self.roots.check(&dir).map_err(refused)?;
        // The project's root is found by path whatever `project.identity` keys it by, so no
        // configuration is loaded here.
        let (project, _) =
            crate::home::Project::resolve_as(&self.opts.home, &dir, crate::home::Identity::Path)
                .map_err(|e| refused(e.to_string()))?;
        let root = project.root.canonicalize().unwrap_or(project.root);
        self.roots
            .check(&root)
            .map_err(|e| refused(format!("{e} (the project of `{}`)", dir.display())))?;
        Ok(dir)
    }
}

fn invalid(e: impl std::fmt::Display) -> ErrorData {
    ErrorData::invalid_params(format!("invalid arguments: {e}"), None)
}

fn parse<T: for<'de> Deserialize<'de>>(
    args: Option<serde_json::Map<String, Value>>,
) -> Result<T, ErrorData> {
    serde_json::from_value(Value::Object(args.unwrap_or_default())).map_err(invalid)
}

/// A prompt that is not only whitespace, as `run` requires (an empty one would spend a model call
/// on nothing).
fn prompt_given(prompt: &str) -> Result<(), ErrorData> {
    if prompt.trim().is_empty() {
        return Err(ErrorData::invalid_params("the prompt is empty", None));
    }
    Ok(())
}

fn asked_mode(text: Option<&str>) -> Result<Option<PermissionMode>, ErrorData> {
    text.map(|m| PermissionMode::parse(m, "permission_mode"))
        .transpose()
        .map_err(invalid)
}

fn json_result<T: Serialize>(value: &T, is_error: bool) -> CallToolResponse {
    let value = serde_json::to_value(value).unwrap_or(Value::Null);
    let mut result = if is_error {
        CallToolResult::error(vec![ContentBlock::text(value.to_string())])
    } else {
        CallToolResult::success(vec![ContentBlock::text(value.to_string())])
    };
    result.structured_content = Some(value);
    CallToolResponse::Complete(result)
}

fn error_result(message: String) -> CallToolResponse {
    CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(message)]))
}

impl ServerHandler for PilotdeckServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("pilotdeck", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "pilotdeck runs LLM agent tasks in a project directory. Use pilotdeck_run for a \
                 new task and pilotdeck_reply to continue its session.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tool_list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        match request.name.as_ref() {
            "pilotdeck_run" => {
                let input: RunInput = parse(request.arguments)?;
                prompt_given(&input.prompt)?;
                let mode = asked_mode(input.permission_mode.as_deref())?;
                let cwd = self.confine(input.cwd)?;
                Ok(self
                    .run(cwd, input.prompt, Resume::New, input.model, mode, &context)
                    .await)
            }
            "pilotdeck_reply" => {
                let input: ReplyInput = parse(request.arguments)?;
                prompt_given(&input.prompt)?;
                let mode = asked_mode(input.permission_mode.as_deref())?;
                let cwd = self.confine(input.cwd)?;
                Ok(self
                    .run(
                        cwd,
                        input.prompt,
                        Resume::Id(input.session_id),
                        None,
                        mode,
                        &context,
                    )
                    .await)
            }
            "session_list" => {
                let input: SessionListInput = parse(request.arguments)?;
                let dir = self.confine(input.project)?;
                Ok(
                    match list_sessions(&self.opts, &dir, input.limit.unwrap_or(20)) {
                        Ok(list) => json_result(&list, false),
                        Err(e) => error_result(e),
                    },
                )
            }
            "memory_recall" => {
                let input: RecallInput = parse(request.arguments)?;
                let dir = self.confine(input.project)?;
                Ok(
                    match self
                        .recall(&dir, input.query, input.limit.unwrap_or(5))
                        .await
                    {
                        Ok(v) => json_result(&v, false),
                        Err(e) => error_result(e),
                    },
                )
            }
            "router_decide" => {
                let input: DecideInput = parse(request.arguments)?;
                let dir = self.confine(input.project)?;
                Ok(match self.decide(&dir, input.prompt, &context.ct).await {
                    Ok(v) => json_result(&v, false),
                    Err(e) => error_result(e),
                })
            }
            other => Err(ErrorData::invalid_params(
                format!("unknown tool `{other}`; tools/list shows the tools"),
                None,
            )),
        }
    }
}

impl PilotdeckServer {
    /// The project at `dir` and its merged configuration: one load per request, so a running
    /// server sees edits to the configuration.
    fn project_config(&self, dir: &Path) -> Result<(Project, crate::config::Config), String> {
        let resolved = resolve(&self.opts, dir)?;
        let loaded = resolved.loaded.map_err(|e| e.to_string())?;
        Ok((resolved.project, loaded.config))
    }

    async fn recall(
        &self,
        dir: &Path,
        query: String,
        limit: usize,
    ) -> Result<RecalledNotes, String> {
        let (project, config) = self.project_config(dir)?;
        let memory = crate::memory::Memory::new(&self.opts.home, &config);
        let opts = crate::memory::RecallOptions {
            project: Some(project),
            query,
            limit,
            offline: true,
            as_of: None,
        };
        let result = crate::memory::recall(&memory, &opts)
            .await
            .map_err(|e| e.to_string())?;
        Ok(RecalledNotes {
            notes: result.notes,
        })
    }

    async fn decide(
        &self,
        dir: &Path,
        prompt: String,
        cancel: &CancellationToken,
    ) -> Result<crate::router::Decision, String> {
        let (_, config) = self.project_config(dir)?;
        let opts = crate::router::DecideOptions {
            session: None,
            turn: None,
            text: prompt,
            explicit: None,
            scenario: crate::router::Scenario::Default,
            offline: true,
            estimated_tokens: 0,
            needs_images: false,
            record: false,
        };
        crate::router::decide_once(&self.opts.home, &config, &opts, cancel)
            .await
            .map_err(|e| e.to_string())
    }

    /// The mode a turn runs in and the session it continues (its full id): for a new session the
    /// caller's `asked` mode under the operator's ceiling; for a continued one, the mode it was
    /// served in (under today's ceiling), or a narrower `asked` one.
    fn mode_for(
        &self,
        project: &Project,
        config: &crate::config::Config,
        resume: &Resume,
        asked: Option<PermissionMode>,
    ) -> Result<(PermissionMode, Option<String>), String> {
        let ceiling = modes::ceiling(self.opts.permission_mode, config)?;
        let Resume::Id(query) = resume else {
            return Ok((modes::choose(asked, ceiling, "this server's")?, None));
        };
        let (id, _) =
            crate::session::find(&self.opts.home, project, query).map_err(|e| e.to_string())?;
        let served = modes::stored(&self.opts.home, project, &id.0)
            .map_or(ceiling, |mode| modes::narrower(ceiling, mode));
        Ok((modes::choose(asked, served, "this session's")?, Some(id.0)))
    }

    /// One turn through the launcher, unattended, in a new or continued session of the project
    /// at `cwd`; a client cancellation (`notifications/cancelled`) or shutdown cancels it.
    async fn run(
        &self,
        cwd: PathBuf,
        prompt: String,
        resume: Resume,
        model: Option<String>,
        asked: Option<PermissionMode>,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let (project, config) = match self.project_config(&cwd) {
            Ok(found) => found,
            Err(e) => return error_result(e),
        };
        let (mode, continued) = match self.mode_for(&project, &config, &resume, asked) {
            Ok(found) => found,
            Err(e) => return error_result(e),
        };
        let resume = continued.map_or(resume, Resume::Id);
        let home = self.opts.home.clone();
        let served = project.clone();
        let launch = Launch {
            setup: Setup {
                project,
                config,
                agent: AgentOptions {
                    model_flag: model,
                    cwd,
                    permission_mode: Some(mode),
                    unattended: true,
                    entry: Some("mcp-serve"),
                    ..AgentOptions::default()
                },
                memory: MemoryChoice::AsConfigured,
                mcp_servers: true,
                ephemeral: false,
            },
            resume,
            prompt,
            attachments: Vec::new(),
            timeout: None,
        };
        let _running = self.runs.token();
        let cancel = self.stop.child_token();
        let request = context.ct.clone();
        let linked = cancel.clone();
        let _link = tokio_util::task::AbortOnDropHandle::new(tokio::spawn(async move {
            request.cancelled().await;
            linked.cancel();
        }));
        let mut progress = Progress::new(context);
        let finished = launch::run(&self.opts.home, launch, &cancel, &mut progress).await;
        progress.finish().await;
        if let Some(id) = &progress.session_id
            && let Err(e) = modes::store(&home, &served, id, mode)
        {
            tracing::warn!("cannot record the mode of served session {id}: {e}");
        }
        match finished {
            Ok(finished) => {
                let result = run_result(progress.session_id, &finished.outcome);
                let failed = result.status != "completed";
                json_result(&result, failed)
            }
            Err(e) => error_result(e.to_string()),
        }
    }
}

fn run_result(session_id: Option<String>, outcome: &TurnOutcome) -> RunResult {
    RunResult {
        session_id,
        result: outcome.final_text.clone(),
        status: serde_json::to_value(outcome.status)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        error: outcome.error.as_ref().map(ToString::to_string),
        usage: outcome.usage,
    }
}

/// The project at `dir` and its configuration, loaded once; the project's trust as recorded.
fn resolve(opts: &ServeOptions, dir: &Path) -> Result<crate::config::Resolved, String> {
    let decision = crate::config::trust::Decision::Recorded;
    crate::config::resolve(&opts.home, dir, opts.config_file.as_deref(), decision)
        .map_err(|e| e.to_string())
}

/// The newest session ids of the project at `dir`.
fn list_sessions(opts: &ServeOptions, dir: &Path, limit: usize) -> Result<SessionList, String> {
    let home = &opts.home;
    let project = resolve(opts, dir)?.project;
    let scope = crate::session::Scope::Project(project.key.0);
    let sessions = crate::session::list(home, &scope, limit).map_err(|e| e.to_string())?;
    Ok(SessionList {
        sessions: sessions.iter().map(|s| s.id.to_string()).collect(),
    })
}
