//! Sub-agents: the `agent` tool. The model hands a task (and optionally the tools it may use) to a
//! child agent loop — same runtime, same provider and router, its own history, limits, session and
//! transcript — and gets the child's final answer back as the tool result.
//!
//! - **Transcript**: `<sessions>/<parent>/subagents/<child>.jsonl`, a normal transcript kept out of
//!   the session listing; a `subagent` record in the parent's transcript points at it.
//! - **Permissions**: the child is read-only unless the call sets `allow_writes` (and then it has the
//!   parent's mode and rules, never more).
//! - **Depth 1**: the child gets the parent's tools without `agent`.
//! - **Routing**: the child's calls go through the router as the `subagent` scenario, so
//!   `scenarios.subagent` and `tokenSaver.subagent.policy` apply; `agent.subagents.default` names its
//!   model (default: the parent's).
//! - **Parallel**: the tool is concurrency-safe, so several calls in one reply run together.
//! - **Failure**: a child that fails, hits a limit or is cancelled is an error result for the parent.
//! - **Spend**: the child runs on its share of what is left of the parent turn's budget (see
//!   `batch.rs`: parallel children split it), and what it used, failed or not, comes back with its
//!   result ([`ToolOutput::spent`]) and is counted in the parent's turn: `turn.completed` usage and
//!   cost, the transcript's `turn_end`, `session list`. Its calls are accounted under the parent's
//!   entry point and project.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use serde_json::{Value, json};

use super::{Agent, Limits, Recorder};
use crate::config::ModelRef;
use crate::extensions::Hooks;
use crate::model::{Message, ModelClient, ResolvedProvider, ThinkingRequest};
use crate::router::Router;
use crate::session::{Record, SessionId, Transcript, TurnStatus};
use crate::tools::permission::PermissionMode;
use crate::tools::{ReadState, Spent, Tool, ToolContext, ToolFuture, ToolOutput, ToolRegistry};

/// The tool's name.
pub(super) const NAME: &str = "agent";

/// Default limit of one sub-agent run (`agent.subagents.timeoutMs`).
pub(super) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// Added to the system prompt of a turn the router marks as orchestrating, unless
/// `router.autoOrchestrate.orchestrationPrompt` replaces it.
pub const DEFAULT_ORCHESTRATION_PROMPT: &str = "\
# Delegation
This task is complex. Plan it, then delegate independent parts to sub-agents with the `agent` tool \
(several calls in one reply run in parallel); give each a self-contained task. Check their reports \
and combine them into your answer.";

const SUBAGENT_RULES: &str = "\
# You are a sub-agent
Another agent gave you one task. Do it with your tools; nobody can answer questions. When done, \
reply with a report in this shape:
Scope: / Result: / Key files: / Files changed: / Issues:";

/// How the `agent` tool runs sub-agents.
#[derive(Debug, Clone)]
pub struct SubagentSettings {
    /// `agent.subagents.default` when it names a model; `None` inherits the parent's.
    pub model: Option<(ModelRef, ResolvedProvider)>,
    /// `agent.subagents.timeoutMs`.
    pub timeout: Duration,
}

impl Default for SubagentSettings {
    fn default() -> Self {
        SubagentSettings {
            model: None,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// What a child agent is built from, captured from the parent.
struct Template {
    client: ModelClient,
    provider: ResolvedProvider,
    model: ModelRef,
    router: Option<Arc<Router>>,
    tools: ToolRegistry,
    system: String,
    limits: Limits,
    max_output_tokens: Option<u64>,
    thinking: Option<ThinkingRequest>,
    retry_budget: u32,
    hooks: Arc<Hooks>,
    entry: Option<&'static str>,
    project_key: Option<String>,
}

/// The `agent` tool.
pub struct AgentTool {
    template: Arc<Template>,
}

impl Agent {
    /// Registers (or refreshes, after more tools were added) the `agent` tool, when sub-agents are
    /// on for this agent.
    pub(super) fn install_agent_tool(&mut self) {
        let Some(settings) = self.subagents.clone() else {
            return;
        };
        let mut tools = self.tools.clone();
        // A sub-agent neither nests, nor asks the user, nor ends its parent's plan mode.
        for name in [NAME, "ask_user", crate::tools::builtin::EXIT_PLAN_MODE] {
            tools.remove(name);
        }
        let (model, provider) = settings
            .model
            .unwrap_or_else(|| (self.model.clone(), self.provider.clone()));
        let template = Template {
            client: self.client.clone(),
            provider,
            model,
            router: self.router.clone(),
            tools,
            system: format!("{}\n\n{SUBAGENT_RULES}\n", self.system.trim_end()),
            limits: Limits {
                timeout: Some(settings.timeout),
                ..self.limits
            },
            max_output_tokens: self.max_output_tokens,
            thinking: self.thinking.clone(),
            retry_budget: self.retry_budget,
            hooks: Arc::new(self.hooks.for_subagent()),
            entry: self.entry,
            project_key: self.project_key.clone(),
        };
        self.tools.register(Arc::new(AgentTool {
            template: Arc::new(template),
        }));
    }
}

impl Tool for AgentTool {
    fn name(&self) -> &str {
        NAME
    }

    fn description(&self) -> &str {
        "Delegate a self-contained task to a sub-agent, which works with its own context and returns \
         a report. Several calls in one reply run in parallel. The sub-agent is read-only unless \
         `allow_writes` is true; `tools` limits it to the named tools."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "task": {"type": "string", "description": "What to do, with everything the sub-agent needs to know"},
                "tools": {"type": "array", "items": {"type": "string"}, "description": "Only these tools (default: all of yours except `agent`)"},
                "allow_writes": {"type": "boolean", "description": "Let the sub-agent change files and run changing commands (default false)"}
            },
            "required": ["task"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        // The child's own calls are checked by its (read-only unless allowed) policy.
        true
    }

    fn is_concurrency_safe(&self) -> bool {
        true
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            match self.run(ctx, &input).await {
                Ok(output) | Err(output) => output,
            }
        })
    }
}

impl AgentTool {
    /// The tools a child may use: all of the template's, or the named subset.
    fn tools(&self, input: &Value) -> Result<ToolRegistry, String> {
        let Some(names) = input.get("tools").and_then(Value::as_array) else {
            return Ok(self.template.tools.clone());
        };
        let mut registry = ToolRegistry::new();
        for name in names.iter().filter_map(Value::as_str) {
            match self.template.tools.get(name) {
                Some(tool) => registry.register(tool),
                None => {
                    return Err(format!(
                        "a sub-agent cannot have the tool `{name}`; the tools it may have are: {}",
                        self.template.tools.names().join(", ")
                    ));
                }
            }
        }
        Ok(registry)
    }

    async fn run(&self, ctx: &ToolContext, input: &Value) -> Result<ToolOutput, ToolOutput> {
        let t = &self.template;
        let task = input
            .get("task")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned();
        if task.is_empty() {
            return Err(ToolOutput::error(
                "`task` is empty; say what the sub-agent should do",
            ));
        }
        let tools = self.tools(input).map_err(ToolOutput::error)?;
        let allow_writes = input.get("allow_writes").and_then(Value::as_bool) == Some(true);
        let policy = if allow_writes {
            Arc::clone(&ctx.policy)
        } else {
            Arc::new(ctx.policy.with_mode(PermissionMode::ReadOnly))
        };
        let id = SessionId::generate();
        let transcript = match &ctx.transcript {
            Some(parent) => {
                let path = Transcript::subagent_path(parent, &id);
                let created = Transcript::create_at(
                    path.clone(),
                    &id,
                    ctx.workspace.root(),
                    &t.model.to_string(),
                )
                .and_then(|child| {
                    crate::store::append_line(
                        parent,
                        &Record::Subagent {
                            session: id.clone(),
                            path,
                            task: task.clone(),
                            at: Utc::now(),
                        },
                    )
                    .map(|()| child)
                });
                match created {
                    Ok(child) => Some(child),
                    Err(e) => {
                        return Err(ToolOutput::error(format!(
                            "cannot create the sub-agent's transcript: {e}"
                        )));
                    }
                }
            }
            None => None,
        };
        let child_ctx = ToolContext {
            policy,
            read_state: Arc::new(ReadState::default()),
            session: Some(id.to_string()),
            transcript: transcript.as_ref().map(|t| t.path().to_owned()),
            // Its own to-do list; nobody answers a sub-agent's questions.
            todos: Arc::default(),
            user: None,
            ..ctx.clone()
        };
        let mut child = Agent::new(
            t.client.clone(),
            t.provider.clone(),
            t.model.clone(),
            tools,
            child_ctx,
            t.system.clone(),
        );
        child.limits = Limits {
            budget: super::RunBudget::of_share(ctx.spend_limit),
            ..t.limits
        };
        child.entry = t.entry;
        child.project_key.clone_from(&t.project_key);
        child.max_output_tokens = t.max_output_tokens;
        child.thinking.clone_from(&t.thinking);
        child.retry_budget = t.retry_budget;
        child.router.clone_from(&t.router);
        child.is_subagent = true;
        child.session = Some(id.to_string());
        child.transcript = transcript.as_ref().map(|t| t.path().to_owned());
        child.hooks = Arc::clone(&t.hooks);
        child.skip_session_start();
        let mut recorder = Recorder::new(transcript);
        let mut history = Vec::new();
        let outcome = child
            .run_turn(
                1,
                &mut history,
                Message::user(task),
                &ctx.cancel,
                &mut |event| recorder.on_event(&event),
            )
            .await;
        recorder.on_outcome(&outcome);
        if let Some(e) = recorder.take_error() {
            tracing::warn!(error = %e, "cannot write the sub-agent's transcript");
        }
        let spent = Spent {
            usage: outcome.usage,
            cost_usd: outcome.cost_usd,
        };
        match (&outcome.status, &outcome.error) {
            (TurnStatus::Completed, _) => Ok(ToolOutput::ok(
                format!("{}\n\n[sub-agent session {id}]", outcome.final_text.trim()),
                format!(
                    "sub-agent {id}: {} model calls, {} tool calls",
                    outcome.iterations, outcome.tool_calls
                ),
            )
            .with_spent(spent)),
            (_, error) => Err(ToolOutput::error(format!(
                "the sub-agent (session {id}) failed: {}",
                error
                    .as_ref()
                    .map_or_else(|| "it did not finish".to_owned(), ToString::to_string)
            ))
            .with_spent(spent)),
        }
    }
}
