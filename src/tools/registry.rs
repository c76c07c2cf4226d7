//! [`ToolRegistry`]: the tools a session offers, and [`ToolRegistry::execute`], the one entry point the
//! agent loop calls per tool call: look up → validate arguments → permission decision (asking the
//! approver, or denying when nobody can be asked) → checkpoint what the call may change → run under
//! the turn's cancellation token → record what it changed → spill an oversized result.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::permission::{Approval, ApprovalRequest, Decision, PermissionRequest};
use super::{
    InvalidArguments, LiveTools, PermissionSubject, Tool, ToolContext, ToolOutput, builtin, spill,
    validate_arguments,
};

/// One tool call from the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub input: Value,
}

/// A tool as advertised to the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    pub input_schema: Value,
}

/// How a call ended, for events, transcripts and the loop's circuit breaker.
#[derive(Debug, Clone, PartialEq)]
pub enum ExecutionStatus {
    /// The tool ran and succeeded.
    Completed,
    /// The tool ran and reported an error.
    Failed,
    /// The arguments did not match the schema; the model may correct them.
    InvalidArguments(InvalidArguments),
    /// No tool has this name.
    UnknownTool,
    /// The permission policy (or the person asked) refused.
    Denied { reason: String },
    /// The turn was cancelled before or while the tool ran.
    Cancelled,
}

/// The result of [`ToolRegistry::execute`]: what the model gets and how the call ended.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolExecution {
    pub output: ToolOutput,
    pub status: ExecutionStatus,
}

/// The tools of a session, by name: fixed tools plus live sets (MCP servers) whose tools may change
/// between model calls. A fixed tool wins over a live one of the same name.
#[derive(Clone, Default)]
pub struct ToolRegistry {
    tools: BTreeMap<String, Arc<dyn Tool>>,
    live: Vec<Arc<dyn LiveTools>>,
}

impl ToolRegistry {
    /// An empty registry.
    pub fn new() -> ToolRegistry {
        ToolRegistry::default()
    }

    /// A registry holding every builtin tool.
    pub fn with_builtins() -> ToolRegistry {
        let mut registry = ToolRegistry::new();
        for tool in builtin::all() {
            registry.register(tool);
        }
        registry
    }

    /// Adds a tool, replacing one of the same name.
    pub fn register(&mut self, tool: Arc<dyn Tool>) {
        self.tools.insert(tool.name().to_owned(), tool);
    }

    /// Adds a set of tools that may change over the session.
    pub fn register_live(&mut self, live: Arc<dyn LiveTools>) {
        self.live.push(live);
    }

    /// Removes a fixed tool (e.g. one disabled by config).
    pub fn remove(&mut self, name: &str) -> Option<Arc<dyn Tool>> {
        self.tools.remove(name)
    }

    pub fn get(&self, name: &str) -> Option<Arc<dyn Tool>> {
        if let Some(tool) = self.tools.get(name) {
            return Some(Arc::clone(tool));
        }
        self.live
            .iter()
            .flat_map(|l| l.current())
            .find(|t| t.name() == name)
    }

    /// Every tool now, fixed and live, by name.
    fn all(&self) -> BTreeMap<String, Arc<dyn Tool>> {
        let mut all = BTreeMap::new();
        for tool in self.live.iter().flat_map(|l| l.current()) {
            all.entry(tool.name().to_owned()).or_insert(tool);
        }
        for (name, tool) in &self.tools {
            all.insert(name.clone(), Arc::clone(tool));
        }
        all
    }

    pub fn names(&self) -> Vec<String> {
        self.all().into_keys().collect()
    }

    /// The definitions to send to the model, sorted by name.
    pub fn definitions(&self) -> Vec<ToolDefinition> {
        self.all()
            .values()
            .map(|t| ToolDefinition {
                name: t.name().to_owned(),
                description: t.description().to_owned(),
                input_schema: t.input_schema(),
            })
            .collect()
    }

    /// Whether this call may run in parallel with its concurrency-safe neighbours. Unknown tools are
    /// reported safe: they fail immediately without side effects.
    pub fn is_concurrency_safe(&self, call: &ToolCall) -> bool {
        self.get(&call.name).is_none_or(|t| t.is_concurrency_safe())
    }

    /// The permission decision for a call, without running it (the `Ask` is not finalised).
    pub fn decide(&self, ctx: &ToolContext, call: &ToolCall) -> Option<Decision> {
        let tool = self.get(&call.name)?;
        Some(ctx.policy.decide(&request(tool.as_ref(), &call.input)))
    }

    /// Runs one call end to end. Never fails: every problem is an error result for the model, with
    /// the status saying which kind it was. Cancel-safe: when `ctx.cancel` fires the tool's future is
    /// dropped, which kills any child process group it started.
    pub async fn execute(&self, ctx: &ToolContext, call: &ToolCall) -> ToolExecution {
        self.execute_with(ctx, call, false, &|| {}).await
    }

    /// [`ToolRegistry::execute`], where `hook_allowed` (a `PreToolUse` hook answered `allow`)
    /// answers a routine ask in the person's place when there is one to ask
    /// ([`Decision::answer_hook_allow`]); an ask that guards the user and every `Deny` stay as
    /// they are. `writing` is called right before a call that may write starts (its tool is not
    /// read-only for this input and its permission was given), however it then ends.
    pub async fn execute_with(
        &self,
        ctx: &ToolContext,
        call: &ToolCall,
        hook_allowed: bool,
        writing: &(dyn Fn() + Sync),
    ) -> ToolExecution {
        let Some(tool) = self.get(&call.name) else {
            let names = self.names();
            return ToolExecution {
                output: ToolOutput::error(format!(
                    "there is no tool named `{}`; the available tools are: {}",
                    call.name,
                    names.join(", ")
                )),
                status: ExecutionStatus::UnknownTool,
            };
        };
        let input = if call.input.is_null() {
            Value::Object(serde_json::Map::new())
        } else {
            call.input.clone()
        };
        if let Err(invalid) = validate_arguments(tool.name(), &tool.input_schema(), &input) {
            return ToolExecution {
                output: ToolOutput::error(invalid.to_model_message()),
                status: ExecutionStatus::InvalidArguments(invalid),
            };
        }
        let request = request(tool.as_ref(), &input);
        let mut decision = ctx.policy.decide(&request);
        if hook_allowed {
            decision = decision.answer_hook_allow(ctx.approver.is_some());
        }
        let decision = match decision {
            Decision::Ask { reason, kind } => match &ctx.approver {
                Some(approver) => {
                    let ask = ApprovalRequest {
                        request: &request,
                        reason: &reason,
                        input: &input,
                        cwd: ctx.workspace.root(),
                        preview: tool
                            .preview(ctx, &input)
                            .map(|p| p.map_err(|e| e.to_string())),
                    };
                    match approver.review(&ask).await {
                        Approval::Allow => Decision::Allow,
                        Approval::Deny => Decision::Deny {
                            reason: format!("{reason}; the user declined"),
                        },
                        Approval::DenyWithMessage(message) => {
                            return ToolExecution {
                                output: ToolOutput::error(format!(
                                    "the user declined this call and said: {message}"
                                )),
                                status: ExecutionStatus::Denied {
                                    reason: format!("{reason}; the user declined: {message}"),
                                },
                            };
                        }
                    }
                }
                None => Decision::Ask { reason, kind }
                    .finalize_unattended(&ctx.policy.suggested_rules(&request)),
            },
            other => other,
        };
        if let Decision::Deny { reason } | Decision::Ask { reason, .. } = decision {
            return ToolExecution {
                output: ToolOutput::error(format!("permission denied: {reason}")),
                status: ExecutionStatus::Denied { reason },
            };
        }
        let cancelled = || ToolExecution {
            output: ToolOutput::error("the call was cancelled before it finished"),
            status: ExecutionStatus::Cancelled,
        };
        if ctx.cancel.is_cancelled() {
            return cancelled();
        }
        if !request.is_read_only {
            writing();
        }
        let checkpoint = checkpoint_before(ctx, &request).await;
        let output = tokio::select! {
            output = tool.call(ctx, input) => Some(output),
            () = ctx.cancel.cancelled() => None,
        };
        let changes = match checkpoint {
            // A cancelled command may have changed files too.
            Some(pending) => tokio::task::spawn_blocking(move || pending.finish())
                .await
                .unwrap_or_default(),
            None => Vec::new(),
        };
        let Some(mut output) = output else {
            return cancelled();
        };
        output.changes.extend(changes);
        let status = if let Some(reason) = &output.denial {
            ExecutionStatus::Denied {
                reason: reason.clone(),
            }
        } else if output.is_error {
            ExecutionStatus::Failed
        } else {
            ExecutionStatus::Completed
        };
        let output = match spill::apply(output, ctx.workspace.root(), &ctx.spill_dir, &call.id) {
            Ok(output) => output,
            Err(err) => ToolOutput::error(err.to_string()),
        };
        ToolExecution { output, status }
    }
}

/// Before a call that changes files: saves what a write replaces, or scans the project before a
/// command that is not read-only (see `checkpoint`). Nothing for every other call.
async fn checkpoint_before(
    ctx: &ToolContext,
    request: &PermissionRequest,
) -> Option<crate::checkpoint::Pending> {
    let recorder = ctx.checkpoints.clone()?;
    let tool = request.tool.clone();
    let work: Box<dyn FnOnce() -> Option<crate::checkpoint::Pending> + Send> =
        match &request.subject {
            PermissionSubject::Path {
                path,
                is_write: true,
            } => {
                let resolved = ctx.resolve(path);
                if !ctx.workspace.contains(&resolved) {
                    return None;
                }
                Box::new(move || recorder.before_write(&resolved, &tool))
            }
            PermissionSubject::Command(_) if !request.is_read_only => {
                Box::new(move || recorder.before_command(&tool))
            }
            _ => return None,
        };
    tokio::task::spawn_blocking(work).await.ok().flatten()
}

fn request(tool: &dyn Tool, input: &Value) -> PermissionRequest {
    PermissionRequest {
        tool: tool.name().to_owned(),
        is_read_only: tool.is_read_only_call(input),
        subject: tool.permission_subject(input),
    }
}

impl std::fmt::Debug for ToolRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}
