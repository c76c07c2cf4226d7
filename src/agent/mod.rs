//! The agent runtime: the loop, and the [`Conversation`] that holds one session's agent, history
//! and transcript. Who drives it: the launcher (`crate::launch`), which `run`, `chat`, cron,
//! always-on and `mcp serve` all go through; `session compact` opens a conversation directly.
//!
//! An [`Agent`] holds what stays fixed for a session (model, provider, tools, permissions with the
//! caller's fixed deny rules, system prompt, limits); [`Agent::run_turn`] runs one user input to
//! its end under a [`Deadline`] and reports [`AgentEvent`]s as it goes. The turn is a small state
//! machine (`turn.rs`: call the model → check the answer, or run the reply's tool calls
//! (`batch.rs`) → check the limits → call again) over one state of counters. The loop prints
//! nothing and writes nothing itself: the launcher's sinks render the events ([`ShownText`] keeps a
//! retried call's repeated text off a person's screen) and [`Recorder`] appends them to the
//! transcript.

mod batch;
mod budget;
mod compact;
mod conversation;
mod deadline;
mod event;
mod hooks;
mod jsonl;
mod limits;
mod notes;
mod outcome;
mod record;
mod recover;
mod route;
mod setup;
mod shown;
mod subagent;
mod title;
mod turn;

pub use budget::{MIN_OUTPUT_TOKENS, RunBudget};
pub use compact::Compacted;
pub use conversation::{Conversation, Resume, RunError, SessionStart, compact_session};
pub use deadline::Deadline;
pub use event::AgentEvent;
pub use jsonl::{ErrorBody, Item, ItemDetails, JsonlEmitter, RunEvent};
pub use limits::{CircuitBreaker, Limits};
pub use outcome::{TurnError, TurnOutcome};
pub use record::Recorder;
pub use recover::{CONTINUE_LIMIT, CallStatus, RESUME_LIMIT, Recovery};
pub use setup::{AgentOptions, SetupError, build, load_tool_sources, resolve_model};
pub use shown::ShownText;
pub use subagent::{AgentTool, DEFAULT_ORCHESTRATION_PROMPT, SubagentSettings};

use crate::config::ModelRef;
use crate::model::{ModelClient, OutputSchema, ResolvedProvider, ThinkingRequest, ToolSpec, Usage};
use crate::tools::{ToolContext, ToolRegistry};

/// Everything fixed for a session's turns.
pub struct Agent {
    pub client: ModelClient,
    pub provider: ResolvedProvider,
    pub model: ModelRef,
    pub tools: ToolRegistry,
    pub tool_ctx: ToolContext,
    pub system: String,
    pub limits: Limits,
    pub max_output_tokens: Option<u64>,
    pub thinking: Option<ThinkingRequest>,
    /// When set, the final answer must be JSON valid against this schema.
    pub output_schema: Option<OutputSchema>,
    /// HTTP requests one model call may make, retries included (see `model::retry`).
    pub retry_budget: u32,
    /// Corrects token estimates from reported usage (see `context::Calibration`).
    calibration: std::sync::Mutex<crate::context::Calibration>,
    /// Routes each turn's model calls (tiers, fallbacks, accounting); `None` calls `model` directly.
    pub router: Option<std::sync::Arc<crate::router::Router>>,
    /// `model` was chosen explicitly (`-m`): the router does not classify.
    pub explicit_model: bool,
    /// The session id, for the router's sticky state and logs.
    pub session: Option<String>,
    routing: std::sync::Mutex<route::TurnRouting>,
    /// Long-term memory: recalled before the turn, captured after it (`None` when memory is off).
    pub memory: Option<crate::context::MemoryHandle>,
    /// Lifecycle hooks (see `extensions::hooks`); empty when none are configured.
    pub hooks: std::sync::Arc<crate::extensions::Hooks>,
    /// The session's transcript once it exists (hook payloads, sub-agent links).
    pub transcript: Option<std::path::PathBuf>,
    /// This agent is a sub-agent: its model calls are routed and accounted as `subagent`.
    pub is_subagent: bool,
    /// How the `agent` tool runs sub-agents; `None` offers no `agent` tool (sub-agents themselves).
    pub subagents: Option<SubagentSettings>,
    /// Added to the system prompt of a turn the router marks as orchestrating (`complex` tier).
    pub orchestration_prompt: String,
    /// What started this agent's turns (`run`, `chat`, …) and its project's key, for accounting.
    pub entry: Option<&'static str>,
    pub project_key: Option<String>,
    /// Set once the `SessionStart` hooks ran.
    session_started: std::sync::atomic::AtomicBool,
}

impl Agent {
    /// An agent with default limits and no output schema.
    pub fn new(
        client: ModelClient,
        provider: ResolvedProvider,
        model: ModelRef,
        tools: ToolRegistry,
        tool_ctx: ToolContext,
        system: String,
    ) -> Agent {
        Agent {
            client,
            provider,
            model,
            tools,
            tool_ctx,
            system,
            limits: Limits::default(),
            max_output_tokens: None,
            thinking: None,
            output_schema: None,
            retry_budget: crate::model::retry::DEFAULT_BUDGET,
            calibration: std::sync::Mutex::default(),
            router: None,
            explicit_model: false,
            session: None,
            routing: std::sync::Mutex::default(),
            memory: None,
            hooks: std::sync::Arc::default(),
            transcript: None,
            is_subagent: false,
            subagents: None,
            orchestration_prompt: DEFAULT_ORCHESTRATION_PROMPT.to_owned(),
            entry: None,
            project_key: None,
            session_started: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The tools for the next model call; `exit_plan_mode` only in plan mode.
    fn tool_specs(&self) -> Vec<ToolSpec> {
        let planning =
            self.tool_ctx.policy.mode() == crate::tools::permission::PermissionMode::Plan;
        self.tools
            .definitions()
            .into_iter()
            .filter(|d| planning || d.name != crate::tools::builtin::EXIT_PLAN_MODE)
            .map(|d| ToolSpec {
                name: d.name,
                description: d.description,
                input_schema: d.input_schema,
            })
            .collect()
    }

    /// The price of `usage` on this agent's model, when the price is known.
    pub fn cost(&self, usage: &Usage) -> Option<f64> {
        let info = self.provider.model_info(&self.model.model);
        info.pricing.map(|p| crate::model::cost_usd(usage, &p))
    }

    /// Checks a final answer against the output schema, if there is one.
    fn check_output(&self, text: &str) -> Result<(), String> {
        let Some(schema) = &self.output_schema else {
            return Ok(());
        };
        let value: serde_json::Value = serde_json::from_str(crate::model::strip_fences(text))
            .map_err(|e| format!("the answer is not JSON ({e})"))?;
        crate::tools::validate_arguments("output", &schema.schema, &value)
            .map_err(|invalid| invalid.problems.join("; "))
    }
}

impl Agent {
    /// A non-streaming call outside the turn's conversation (compaction summaries, titles): through
    /// the router when there is one, so it falls back and is accounted under `role` in
    /// `router/stats.jsonl`; else straight to this agent's provider. `model` defaults to the agent's.
    pub async fn background_complete(
        &self,
        role: crate::router::CallRole,
        model: Option<&ModelRef>,
        request: &crate::model::ModelRequest,
        cancel: &tokio_util::sync::CancellationToken,
    ) -> Result<crate::model::ModelResponse, crate::model::Error> {
        let call = crate::router::CallContext {
            session: self.session.clone(),
            turn: None,
            role,
            entry: self.entry.map(str::to_owned),
            project: self.project_key.clone(),
        };
        let direct = crate::router::Direct {
            client: &self.client,
            provider: &self.provider,
            retry_budget: self.retry_budget,
        };
        let model = model.unwrap_or(&self.model);
        crate::router::background_complete(
            self.router.as_deref(),
            direct,
            model,
            request,
            &call,
            cancel,
        )
        .await
    }

    /// The model for cheap background work: the router's `simple` tier when configured, else the
    /// agent's model.
    pub fn cheap_model(&self) -> ModelRef {
        self.router
            .as_ref()
            .and_then(|r| r.settings().token_saver.as_ref()?.tier("simple"))
            .map_or_else(|| self.model.clone(), |t| t.model.clone())
    }
}
