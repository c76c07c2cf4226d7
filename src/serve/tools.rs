//! The tools `mcp serve` offers: their inputs (the JSON Schemas clients see are generated from these
//! types), their typed results, and the list `tools/list` answers with.

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Input of `pilotdeck_run`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RunInput {
    /// The task for the agent.
    pub prompt: String,
    /// The project directory (default: the directory `mcp serve` was started in).
    pub cwd: Option<PathBuf>,
    /// Model to use, provider/model (default: agent.model).
    pub model: Option<String>,
    /// read-only, workspace-write or full (default: the server's mode, which is also the widest
    /// allowed).
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
    /// A narrower mode for this turn (default: the session's mode, which is also the widest
    /// allowed).
    pub permission_mode: Option<String>,
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

/// Output of `session_list`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionList {
    /// Session ids, newest first.
    pub sessions: Vec<String>,
}

/// Output of `memory_recall`.
#[derive(Debug, Clone, Serialize)]
pub struct RecalledNotes {
    pub notes: Vec<crate::memory::RecalledNote>,
}

fn schema<T: JsonSchema>() -> Arc<serde_json::Map<String, Value>> {
    let value = serde_json::to_value(schemars::schema_for!(T)).unwrap_or(Value::Null);
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(serde_json::Map::new()),
    }
}

/// What `tools/list` answers.
pub(super) fn tool_list() -> Vec<Tool> {
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
