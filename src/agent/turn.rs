//! One turn: the model call / tool calls iteration until the model answers without calling tools, a
//! limit is hit, the model fails, or the turn is cancelled.
//!
//! Tool calls of one reply are scheduled in call order: consecutive concurrency-safe calls run
//! together, an unsafe call runs alone (it waits for everything before it and blocks everything after
//! it), and results are returned in call order. Cancellation (Ctrl-C, SIGTERM, the turn timeout) drops
//! the model stream and the running tools, whose child process groups are killed.

use std::time::Instant;

use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::Agent;
use super::deadline::Deadline;
use super::event::AgentEvent;
use super::limits::CircuitBreaker;
use super::outcome::{TurnError, TurnOutcome};
use crate::model::{
    Assembler, CallOptions, ContentBlock, ErrorCode, Message, ModelEvent, ModelRequest,
    ModelResponse, RetryBudget, Usage,
};
use crate::session::TurnStatus;
use crate::tools::{ExecutionStatus, ToolCall, ToolExecution};

/// Attempts the model gets to fix a final answer that does not match `--output-schema`.
const OUTPUT_SCHEMA_RETRIES: u32 = 2;

/// Why the model call of an iteration stopped early.
pub(super) enum CallEnd {
    Done(ModelResponse),
    Failed(TurnError),
}

impl Agent {
    /// Runs one turn on `history` (which gains the input, the replies and the tool results).
    /// `cancel` aborts the turn; events go to `emit` as they happen.
    pub async fn run_turn(
        &self,
        turn: u32,
        history: &mut Vec<Message>,
        input: Message,
        cancel: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> TurnOutcome {
        let started = Instant::now();
        let deadline = Deadline::start(cancel, self.limits.timeout);
        let token = deadline.token().clone();
        let mut input = input;
        if let Err(reason) = self
            .submit_hooks(&mut input, !history.is_empty(), &token)
            .await
        {
            return TurnOutcome {
                turn,
                status: TurnStatus::Failed,
                final_text: String::new(),
                usage: Usage::default(),
                cost_usd: None,
                error: Some(TurnError::Blocked(reason)),
                duration: started.elapsed(),
                iterations: 0,
                tool_calls: 0,
            };
        }
        // Recall may wait for the memory model (up to `retrievalTimeoutMs`); Ctrl-C or the turn
        // timeout ends the wait.
        let query = input.text();
        let recalled = match &self.memory {
            Some(memory) => tokio::select! {
                recalled = memory.0.recall(&query) => recalled,
                () = token.cancelled() => None,
            },
            None => None,
        };
        let input_at = history.len();
        history.push(input.clone());
        emit(AgentEvent::UserMessage {
            turn,
            message: input,
        });
        let mut usage = Usage::default();
        let mut iterations = 0;
        let mut tool_calls = 0;
        let mut breaker = CircuitBreaker::default();
        let mut schema_retries = 0;
        let mut compacted_on_error = false;
        let mut stop_continued = false;
        let end = loop {
            if iterations >= self.limits.max_iterations {
                break Err(TurnError::Limit(format!(
                    "stopped after {} model calls (--max-turns); continue with `pilotdeck run --continue`",
                    self.limits.max_iterations
                )));
            }
            iterations += 1;
            self.fit_context(history, &token, emit).await;
            let mut request = ModelRequest::new(self.model.clone(), history.clone());
            request.system = Some(self.system.clone());
            // Per call, not per turn: an MCP server's tool list may change between calls
            // (`tools/list_changed`); unchanged lists give identical definitions.
            request.tools = self.tool_specs();
            request.max_output_tokens = self.max_output_tokens;
            request.thinking = self.thinking.clone();
            request.output_schema = self.output_schema.clone();
            if let Some(block) = &recalled {
                crate::context::attach_recall(&mut request.messages, input_at, block);
            }
            let response = match self.call_model(turn, &request, &token, emit).await {
                CallEnd::Done(r) => r,
                // The provider counts better than our estimate: compact once and retry.
                CallEnd::Failed(TurnError::Model(e))
                    if e.code == ErrorCode::PromptTooLong && !compacted_on_error =>
                {
                    compacted_on_error = true;
                    if self.compact_and_report(history, &token, emit).await {
                        iterations -= 1;
                        continue;
                    }
                    break Err(TurnError::Model(e));
                }
                CallEnd::Failed(e) => break Err(e),
            };
            self.observe_usage(&request.messages, &response.usage);
            usage.add(&response.usage);
            history.push(response.message.clone());
            emit(AgentEvent::AssistantMessage {
                message: response.message.clone(),
                usage: response.usage,
                model: self.current_model(),
            });
            let calls: Vec<ToolCall> = response
                .message
                .tool_calls()
                .map(|c| ToolCall {
                    id: c.id.to_owned(),
                    name: c.name.to_owned(),
                    input: c.arguments.clone(),
                })
                .collect();
            if calls.is_empty() {
                let answer = response.message.text();
                match self.check_output(&answer) {
                    Ok(()) => match self.stop_hook(&answer, stop_continued, &token).await {
                        Some(reason) => {
                            stop_continued = true;
                            history.push(Message::user(format!(
                                "A Stop hook asks you to continue before finishing: {reason}"
                            )));
                            continue;
                        }
                        None => break Ok(()),
                    },
                    Err(problem) if schema_retries < OUTPUT_SCHEMA_RETRIES => {
                        schema_retries += 1;
                        let fix = Message::user(format!(
                            "Your final answer must be only JSON valid against the required schema. Problem: {problem}. Reply again with the corrected JSON and nothing else."
                        ));
                        history.push(fix);
                        continue;
                    }
                    Err(problem) => break Err(TurnError::InvalidOutput(problem)),
                }
            }
            tool_calls += calls.len() as u32;
            if tool_calls > self.limits.max_tool_calls {
                // Every call still needs a result so the conversation stays well-formed.
                let results = calls
                    .iter()
                    .map(|c| {
                        ContentBlock::tool_result(
                            &c.id,
                            "not run: the turn's tool-call limit was reached",
                            true,
                        )
                    })
                    .collect();
                let message = Message::tool_results(results);
                history.push(message.clone());
                emit(AgentEvent::ToolResults { message });
                break Err(TurnError::Limit(format!(
                    "stopped after {} tool calls (the turn's tool-call limit)",
                    self.limits.max_tool_calls
                )));
            }
            let executions = self.run_tools(&calls, &token, emit).await;
            let invalid: Vec<(String, serde_json::Value)> = calls
                .iter()
                .zip(&executions)
                .filter(|(_, e)| matches!(e.status, ExecutionStatus::InvalidArguments(_)))
                .map(|(c, _)| (c.name.clone(), c.input.clone()))
                .collect();
            let results = calls
                .iter()
                .zip(&executions)
                .map(|(c, e)| {
                    ContentBlock::tool_result(&c.id, &e.output.content, e.output.is_error)
                })
                .collect();
            let message = Message::tool_results(results);
            history.push(message.clone());
            emit(AgentEvent::ToolResults { message });
            if token.is_cancelled() {
                break Err(TurnError::Cancelled);
            }
            if let Some(reason) = breaker.record(&invalid) {
                break Err(TurnError::Limit(reason));
            }
        };
        let end = match end {
            Err(TurnError::Cancelled) if deadline.expired() => Err(TurnError::Limit(format!(
                "stopped: the turn ran longer than --timeout ({}s)",
                self.limits.timeout.map_or(0, |t| t.as_secs())
            ))),
            other => other,
        };
        let status = match &end {
            Ok(()) => TurnStatus::Completed,
            Err(TurnError::Cancelled) => TurnStatus::Aborted,
            Err(TurnError::Limit(_)) => TurnStatus::LimitReached,
            Err(TurnError::Model(_) | TurnError::InvalidOutput(_) | TurnError::Blocked(_)) => {
                TurnStatus::Failed
            }
        };
        let final_text = history
            .iter()
            .rev()
            .find(|m| m.role == crate::model::Role::Assistant)
            .map(Message::text)
            .unwrap_or_default();
        TurnOutcome {
            turn,
            status,
            final_text,
            usage,
            cost_usd: self.turn_cost(turn, &usage),
            error: end.err(),
            duration: started.elapsed(),
            iterations,
            tool_calls,
        }
    }

    /// Streams one model call, forwarding deltas: through the router when there is one (see
    /// `route.rs`), else straight to the agent's model.
    async fn call_model(
        &self,
        turn: u32,
        request: &ModelRequest,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> CallEnd {
        if let Some(end) = self.routed_call(turn, request, token, emit).await {
            return end;
        }
        let options = CallOptions {
            budget: RetryBudget::new(self.retry_budget),
            cancel: token.clone(),
        };
        let mut stream = self.client.stream(&self.provider, request, options);
        let mut assembler = Assembler::new();
        loop {
            let event = tokio::select! {
                event = stream.next() => event,
                () = token.cancelled() => return CallEnd::Failed(TurnError::Cancelled),
            };
            let Some(event) = event else { break };
            match &event {
                ModelEvent::TextDelta { text } => {
                    emit(AgentEvent::TextDelta { text: text.clone() })
                }
                ModelEvent::ThinkingDelta { text, .. } if !text.is_empty() => {
                    emit(AgentEvent::ThinkingDelta { text: text.clone() });
                }
                _ => {}
            }
            assembler.push(&event);
        }
        if token.is_cancelled() {
            return CallEnd::Failed(TurnError::Cancelled);
        }
        match assembler.finish() {
            Ok(r) => CallEnd::Done(r),
            Err(e) if e.code == crate::model::ErrorCode::Cancelled => {
                CallEnd::Failed(TurnError::Cancelled)
            }
            Err(e) => CallEnd::Failed(TurnError::Model(e)),
        }
    }

    /// Runs one reply's calls: batches of consecutive concurrency-safe calls in parallel, unsafe calls
    /// alone; results in call order.
    async fn run_tools(
        &self,
        calls: &[ToolCall],
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Vec<ToolExecution> {
        let mut ctx = self.tool_ctx.with_cancel(token.clone());
        ctx.session.clone_from(&self.session);
        ctx.transcript.clone_from(&self.transcript);
        let mut out = Vec::with_capacity(calls.len());
        let mut i = 0;
        while i < calls.len() {
            let safe = self.tools.is_concurrency_safe(&calls[i]);
            let end = if safe {
                i + calls[i..]
                    .iter()
                    .take_while(|c| self.tools.is_concurrency_safe(c))
                    .count()
            } else {
                i + 1
            };
            let batch = &calls[i..end];
            for c in batch {
                emit(AgentEvent::ToolStarted {
                    call_id: c.id.clone(),
                    name: c.name.clone(),
                    arguments: c.input.clone(),
                });
            }
            crate::crash::point("run.tool");
            let runs = batch.iter().map(|c| {
                let ctx = &ctx;
                async move {
                    let started = Instant::now();
                    let execution = self.execute_call(ctx, c).await;
                    (execution, started.elapsed())
                }
            });
            let finished = futures::future::join_all(runs).await;
            crate::crash::point("run.tool.done");
            for (c, (execution, duration)) in batch.iter().zip(finished) {
                emit(AgentEvent::ToolFinished {
                    call_id: c.id.clone(),
                    name: c.name.clone(),
                    arguments: c.input.clone(),
                    status: execution.status.clone(),
                    summary: execution.output.summary.clone(),
                    is_error: execution.output.is_error,
                    duration,
                });
                out.push(execution);
            }
            i = end;
        }
        out
    }
}
