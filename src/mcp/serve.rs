//! `pilotdeck mcp serve`: pilotdeck as an MCP server over stdio, so other agents can drive it.
//!
//! Tools (schemas generated from the Rust types below):
//! - `pilotdeck_run {prompt, cwd?, model?, permission_mode?}` → `{session_id, result, usage}`: one task
//!   through the same runtime as `pilotdeck run` (`agent::run_once`), unattended — an "ask" decision is
//!   a denial. Progress notifications are sent while it runs when the client asked for them (a
//!   `progressToken`); a client cancellation cancels the run.
//! - `pilotdeck_reply {session_id, prompt}`: one more turn in an existing session.
//! - `session_list {project?, limit?}`: the newest sessions of a project.
//! - `memory_recall {query, project?, limit?}`: the project's long-term memory notes relevant to a
//!   query (the offline lexical stage of `pilotdeck memory recall`).
//! - `router_decide {prompt, project?}`: which tier and model the router would pick, offline (the
//!   built-in classifier; no model call), as `pilotdeck router decide --offline` prints it.
//!
//! stdout: this is the one command whose stdout is not written through `output.rs`. It carries the
//! JSON-RPC stream and nothing else, written by rmcp's stdio transport; logs go to stderr as always.
//! A request before `initialize` that is neither `ping` nor a stateless request with protocol `_meta`
//! (such as an older client's `server/discover` probe) gets method-not-found from
//! [`super::preinit`], so clients fall back to `initialize`; numeric (0 included) and string ids,
//! and `tools/list` without params are rmcp's protocol handling.

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::agent::{self, AgentOptions, Resume, RunRequest, TurnOutcome};
use crate::home::{PilotHome, Project};
use crate::tools::permission::PermissionMode;

/// Input of `pilotdeck_run`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RunInput {
    /// The task for the agent.
    pub prompt: String,
    /// The project directory (default: the directory `mcp serve` was started in).
    pub cwd: Option<PathBuf>,
    /// Model to use, provider/model (default: agent.model).
    pub model: Option<String>,
    /// read-only, workspace-write (default) or full.
    pub permission_mode: Option<String>,
}

/// Input of `pilotdeck_reply`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ReplyInput {
    /// The session to continue (an id from `pilotdeck_run`).
    pub session_id: String,
    /// The next message.
    pub prompt: String,
    /// The project directory of the session (default: the directory `mcp serve` was started in).
    pub cwd: Option<PathBuf>,
}

/// Input of `session_list`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SessionListInput {
    /// The project directory (default: the directory `mcp serve` was started in).
    pub project: Option<PathBuf>,
    /// At most this many sessions, newest first (default 20).
    pub limit: Option<usize>,
}

/// Input of `memory_recall`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RecallInput {
    /// What to look for.
    pub query: String,
    /// The project directory (default: the directory `mcp serve` was started in).
    pub project: Option<PathBuf>,
    /// At most this many notes (default 5).
    pub limit: Option<usize>,
}

/// Input of `router_decide`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct DecideInput {
    /// The prompt to route.
    pub prompt: String,
    /// The project directory whose config applies (default: the directory `mcp serve` was started in).
    pub project: Option<PathBuf>,
}

/// Output of `pilotdeck_run` and `pilotdeck_reply`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunResult {
    pub session_id: Option<String>,
    pub result: String,
    /// `completed`, `failed` or `aborted`.
    pub status: String,
    pub error: Option<String>,
    pub usage: crate::model::Usage,
}

/// Where `mcp serve` runs: the PilotHome, the default project directory and the config file flag.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub home: PilotHome,
    pub cwd: PathBuf,
    pub config_file: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("the MCP connection on stdio failed: {message}")]
    Transport { message: String },
}

/// Serves MCP on stdin/stdout until the client disconnects.
pub async fn serve(opts: ServeOptions) -> Result<(), ServeError> {
    let server = PilotdeckServer {
        opts: Arc::new(opts),
    };
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = super::preinit::PreInitFilter::new(
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
}

fn schema<T: JsonSchema>() -> Arc<serde_json::Map<String, Value>> {
    let value = serde_json::to_value(schemars::schema_for!(T)).unwrap_or(Value::Null);
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(serde_json::Map::new()),
    }
}

fn tool_list() -> Vec<Tool> {
    vec![
        Tool::new(
            "pilotdeck_run",
            "Run one agent task with pilotdeck in a project directory and return the final answer, \
             the session id (for pilotdeck_reply) and the token usage. Unattended: anything that \
             would need a permission prompt is denied.",
            schema::<RunInput>(),
        ),
        Tool::new(
            "pilotdeck_reply",
            "Send a follow-up message in an existing pilotdeck session and return the answer.",
            schema::<ReplyInput>(),
        ),
        Tool::new(
            "session_list",
            "List the newest pilotdeck sessions of a project (ids, newest first).",
            schema::<SessionListInput>(),
        ),
        Tool::new(
            "memory_recall",
            "Find the notes in a project's pilotdeck long-term memory that are relevant to a query.",
            schema::<RecallInput>(),
        ),
        Tool::new(
            "router_decide",
            "Show which model tier and model pilotdeck's router would pick for a prompt (offline, \
             no model call).",
            schema::<DecideInput>(),
        ),
    ]
}

fn invalid(e: impl std::fmt::Display) -> ErrorData {
    ErrorData::invalid_params(format!("invalid arguments: {e}"), None)
}

fn parse<T: for<'de> Deserialize<'de>>(
    args: Option<serde_json::Map<String, Value>>,
) -> Result<T, ErrorData> {
    serde_json::from_value(Value::Object(args.unwrap_or_default())).map_err(invalid)
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
                let mode = input
                    .permission_mode
                    .as_deref()
                    .map(|m| PermissionMode::parse(m, "permission_mode"))
                    .transpose()
                    .map_err(invalid)?;
                let cwd = input.cwd.unwrap_or_else(|| self.opts.cwd.clone());
                Ok(self
                    .run(cwd, input.prompt, Resume::New, input.model, mode, &context)
                    .await)
            }
            "pilotdeck_reply" => {
                let input: ReplyInput = parse(request.arguments)?;
                let cwd = input.cwd.unwrap_or_else(|| self.opts.cwd.clone());
                Ok(self
                    .run(
                        cwd,
                        input.prompt,
                        Resume::Id(input.session_id),
                        None,
                        None,
                        &context,
                    )
                    .await)
            }
            "session_list" => {
                let input: SessionListInput = parse(request.arguments)?;
                let dir = input.project.unwrap_or_else(|| self.opts.cwd.clone());
                Ok(
                    match list_sessions(&self.opts.home, &dir, input.limit.unwrap_or(20)) {
                        Ok(ids) => json_result(&serde_json::json!({ "sessions": ids }), false),
                        Err(e) => error_result(e),
                    },
                )
            }
            "memory_recall" => {
                let input: RecallInput = parse(request.arguments)?;
                let dir = input.project.unwrap_or_else(|| self.opts.cwd.clone());
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
                let dir = input.project.unwrap_or_else(|| self.opts.cwd.clone());
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
    /// The project at `dir` and its merged configuration.
    fn project_config(
        &self,
        dir: &std::path::Path,
    ) -> Result<(Project, crate::config::Config), String> {
        let home = &self.opts.home;
        let project = Project::resolve(home, dir).map_err(|e| e.to_string())?;
        let load = crate::config::LoadOptions {
            config_file: self.opts.config_file.clone(),
            project_root: Some(project.root.clone()),
            model_flag: None,
        };
        let loaded = crate::config::load(home, &load).map_err(|e| e.to_string())?;
        Ok((project, loaded.config))
    }

    async fn recall(
        &self,
        dir: &std::path::Path,
        query: String,
        limit: usize,
    ) -> Result<Value, String> {
        let (project, config) = self.project_config(dir)?;
        let memory = crate::memory::Memory::new(&self.opts.home, &config);
        let opts = crate::memory::RecallOptions {
            project: Some(project),
            query,
            limit,
            offline: true,
        };
        let result = crate::memory::recall(&memory, &opts)
            .await
            .map_err(|e| e.to_string())?;
        serde_json::to_value(&result.notes)
            .map(|notes| serde_json::json!({ "notes": notes }))
            .map_err(|e| e.to_string())
    }

    async fn decide(
        &self,
        dir: &std::path::Path,
        prompt: String,
        cancel: &CancellationToken,
    ) -> Result<Value, String> {
        let (_, config) = self.project_config(dir)?;
        let opts = crate::router::DecideOptions {
            session: None,
            turn: None,
            text: prompt,
            explicit: None,
            scenario: crate::router::Scenario::Default,
            offline: true,
            estimated_tokens: 0,
            record: false,
        };
        let decision = crate::router::decide_once(&self.opts.home, &config, &opts, cancel)
            .await
            .map_err(|e| e.to_string())?;
        serde_json::to_value(&decision).map_err(|e| e.to_string())
    }

    async fn run(
        &self,
        cwd: PathBuf,
        prompt: String,
        resume: Resume,
        model: Option<String>,
        mode: Option<PermissionMode>,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResponse {
        let home = &self.opts.home;
        let cwd = match cwd.canonicalize() {
            Ok(c) => c,
            Err(e) => return error_result(format!("cannot use cwd `{}`: {e}", cwd.display())),
        };
        let project = match Project::resolve(home, &cwd) {
            Ok(p) => p,
            Err(e) => return error_result(e.to_string()),
        };
        let load = crate::config::LoadOptions {
            config_file: self.opts.config_file.clone(),
            project_root: Some(project.root.clone()),
            model_flag: None,
        };
        let loaded = match crate::config::load(home, &load) {
            Ok(l) => l,
            Err(e) => return error_result(e.to_string()),
        };
        let (tool_sources, problems) = super::project_tool_sources(home, &project.root);
        for problem in &problems {
            tracing::warn!("{problem}");
        }
        let request = RunRequest {
            prompt,
            resume,
            ephemeral: false,
            agent: AgentOptions {
                model_flag: model,
                cwd,
                permission_mode: mode,
                unattended: true,
                allow_network: false,
                tool_sources,
                ..AgentOptions::default()
            },
            memory: crate::memory::project_hook(home, &loaded.config, &project, false),
        };
        // A client cancellation (notifications/cancelled) fires context.ct.
        let cancel: CancellationToken = context.ct.clone();
        let progress = Progress::new(context);
        let mut session_id = None;
        let mut on_start = |start: &agent::SessionStart| {
            session_id = start.id.as_ref().map(ToString::to_string);
        };
        let mut emit = |event: agent::AgentEvent| progress.on_event(&event);
        let outcome = agent::run_once(
            home,
            &project,
            &loaded.config,
            request,
            &cancel,
            &mut on_start,
            &mut emit,
        )
        .await;
        progress.finish().await;
        match outcome {
            Ok(outcome) => {
                let result = run_result(session_id, &outcome);
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

/// Sends `notifications/progress` for tool calls while a run goes on, when the client gave a token.
struct Progress {
    sender: Option<tokio::sync::mpsc::UnboundedSender<String>>,
    _task: Option<tokio_util::task::AbortOnDropHandle<()>>,
}

impl Progress {
    fn new(context: &RequestContext<RoleServer>) -> Progress {
        let Some(token) = context.meta.get_progress_token() else {
            return Progress {
                sender: None,
                _task: None,
            };
        };
        let peer = context.peer.clone();
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<String>();
        let task = tokio::spawn(async move {
            let mut step = 0.0;
            while let Some(message) = receiver.recv().await {
                step += 1.0;
                let param =
                    ProgressNotificationParam::new(token.clone(), step).with_message(message);
                if peer.notify_progress(param).await.is_err() {
                    break;
                }
            }
        });
        Progress {
            sender: Some(sender),
            _task: Some(tokio_util::task::AbortOnDropHandle::new(task)),
        }
    }

    /// Sends what is still queued (bounded), so the notifications precede the result.
    async fn finish(mut self) {
        self.sender = None;
        if let Some(task) = self._task.take() {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(2), task).await;
        }
    }

    fn on_event(&self, event: &agent::AgentEvent) {
        let Some(sender) = &self.sender else { return };
        let message = match event {
            agent::AgentEvent::ToolStarted { name, .. } => format!("calling {name}"),
            agent::AgentEvent::AssistantMessage { model, .. } => format!("{model} replied"),
            _ => return,
        };
        let _ = sender.send(message);
    }
}

/// The newest session ids of the project at `dir`.
fn list_sessions(
    home: &PilotHome,
    dir: &std::path::Path,
    limit: usize,
) -> Result<Vec<String>, String> {
    let project = Project::resolve(home, dir).map_err(|e| e.to_string())?;
    let sessions = home.sessions_dir(&project.key);
    let mut ids: Vec<String> = match std::fs::read_dir(&sessions) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                e.file_name()
                    .to_str()
                    .and_then(|n| n.strip_suffix(".jsonl"))
                    .map(str::to_owned)
            })
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read `{}`: {e}", sessions.display())),
    };
    // ULIDs sort by time.
    ids.sort_unstable_by(|a, b| b.cmp(a));
    ids.truncate(limit);
    Ok(ids)
}
