//! Where the loop runs lifecycle hooks (`extensions::hooks`): `SessionStart` before the session's
//! first turn, `UserPromptSubmit` on each input, `PreToolUse` / `PostToolUse` around each tool call,
//! `Stop` when the model answers without tool calls, `PreCompact` before a summary, `SessionEnd`
//! when the front end closes the session. With no hooks configured each step is a no-op.

use std::sync::atomic::Ordering;

use serde_json::json;
use tokio_util::sync::CancellationToken;

use super::Agent;
use crate::extensions::{HookDecision, HookEvent, HookOutcome, HookScope};
use crate::model::{ContentBlock, Message};
use crate::tools::{ExecutionStatus, ToolCall, ToolContext, ToolExecution, ToolOutput};

impl Agent {
    fn hook_scope(&self) -> HookScope<'_> {
        HookScope {
            session: self.session.as_deref(),
            transcript: self.transcript.as_deref(),
            permission_mode: self.tool_ctx.policy.mode().as_str(),
        }
    }

    async fn run_hooks(
        &self,
        event: HookEvent,
        queries: &[&str],
        payload: serde_json::Value,
        cancel: &CancellationToken,
    ) -> HookOutcome {
        if !self.hooks.has(event) {
            return HookOutcome::default();
        }
        self.hooks
            .run(event, queries, self.hook_scope(), payload, cancel)
            .await
    }

    /// `SessionStart` (first turn of this agent only) and `UserPromptSubmit`: hook context is added
    /// to `input`; `Err` carries a block reason (the input is then not sent).
    pub(super) async fn submit_hooks(
        &self,
        input: &mut Message,
        resumed: bool,
        cancel: &CancellationToken,
    ) -> Result<(), String> {
        if !self.session_started.swap(true, Ordering::SeqCst) {
            let source = if resumed { "resume" } else { "startup" };
            let start = self
                .run_hooks(
                    HookEvent::SessionStart,
                    &["SessionStart", source],
                    json!({"source": source}),
                    cancel,
                )
                .await;
            add_context(input, &start.context);
        }
        let submit = self
            .run_hooks(
                HookEvent::UserPromptSubmit,
                &["UserPromptSubmit"],
                json!({"prompt": input.text()}),
                cancel,
            )
            .await;
        if let Some(reason) = submit.blocked() {
            return Err(reason.to_owned());
        }
        add_context(input, &submit.context);
        Ok(())
    }

    /// `Stop`: `Some(reason)` when a hook wants the turn to go on (the reason goes to the model).
    pub(super) async fn stop_hook(
        &self,
        answer: &str,
        continued: bool,
        cancel: &CancellationToken,
    ) -> Option<String> {
        let stop = self
            .run_hooks(
                HookEvent::Stop,
                &["Stop"],
                json!({"stop_hook_active": continued, "last_assistant_message": answer}),
                cancel,
            )
            .await;
        stop.blocked().map(str::to_owned)
    }

    /// `PreCompact`: `Err` when a hook blocks the compaction, else extra summary instructions.
    pub(super) async fn pre_compact_hook(
        &self,
        trigger: &str,
        cancel: &CancellationToken,
    ) -> Result<Vec<String>, String> {
        let pre = self
            .run_hooks(
                HookEvent::PreCompact,
                &["PreCompact", trigger],
                json!({"trigger": trigger}),
                cancel,
            )
            .await;
        match pre.decision {
            HookDecision::Block(reason) => Err(reason),
            _ => Ok(pre.context),
        }
    }

    /// `SessionEnd`, once, if the session ran a turn.
    pub async fn end_session(&self, reason: &str) {
        if !self.session_started.swap(false, Ordering::SeqCst) {
            return;
        }
        self.run_hooks(
            HookEvent::SessionEnd,
            &["SessionEnd", reason],
            json!({"reason": reason}),
            &CancellationToken::new(),
        )
        .await;
    }

    /// Marks the session as started without running `SessionStart` (sub-agents).
    pub(super) fn skip_session_start(&self) {
        self.session_started.store(true, Ordering::SeqCst);
    }

    /// One tool call with its `PreToolUse` and `PostToolUse` hooks: a block refuses the call, an
    /// allow answers a routine permission prompt (never an ask that guards the user, nothing in an
    /// unattended session: `ToolRegistry::execute_with`, and nothing once a call that may write
    /// has started: `Hooks::note_project_change`), updated input replaces the model's
    /// and goes through the whole permission check again; hook context and a
    /// `PostToolUse` block reason are added to the result the model sees.
    pub(super) async fn execute_call(&self, ctx: &ToolContext, call: &ToolCall) -> ToolExecution {
        if self.hooks.is_empty() {
            return self.tools.execute(ctx, call).await;
        }
        let payload = |input: &serde_json::Value| json!({"tool_name": call.name, "tool_input": input, "tool_use_id": call.id});
        let pre = self
            .run_hooks(
                HookEvent::PreToolUse,
                &[&call.name],
                payload(&call.input),
                &ctx.cancel,
            )
            .await;
        if let Some(reason) = pre.blocked() {
            return ToolExecution {
                output: ToolOutput::error(format!("blocked by a PreToolUse hook: {reason}")),
                status: ExecutionStatus::Denied {
                    reason: format!("PreToolUse hook: {reason}"),
                },
            };
        }
        let call = ToolCall {
            input: pre.updated_input.unwrap_or_else(|| call.input.clone()),
            ..call.clone()
        };
        // A call that may write is recorded as it starts, whatever it ends as: a command that
        // wrote and then hit a sandbox denial or was cancelled changed the project all the same,
        // and a parallel sub-agent's hook must not load what this call is writing.
        let writing = || self.hooks.note_project_change();
        let mut execution = self
            .tools
            .execute_with(ctx, &call, pre.decision == HookDecision::Allow, &writing)
            .await;
        append(&mut execution.output, &pre.context);
        if matches!(
            execution.status,
            ExecutionStatus::Completed | ExecutionStatus::Failed
        ) {
            let mut post_payload = payload(&call.input);
            post_payload["tool_response"] = json!({
                "content": execution.output.content,
                "is_error": execution.output.is_error,
            });
            let post = self
                .run_hooks(
                    HookEvent::PostToolUse,
                    &[&call.name],
                    post_payload,
                    &ctx.cancel,
                )
                .await;
            append(&mut execution.output, &post.context);
            if let Some(reason) = post.blocked() {
                append(
                    &mut execution.output,
                    &[format!("PostToolUse hook: {reason}")],
                );
            }
        }
        execution
    }
}

fn add_context(input: &mut Message, context: &[String]) {
    for text in context {
        input.content.push(ContentBlock::text(text.clone()));
    }
}

fn append(output: &mut ToolOutput, context: &[String]) {
    for text in context {
        output.content.push_str("\n\n");
        output.content.push_str(text);
    }
}
