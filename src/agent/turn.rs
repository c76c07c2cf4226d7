//! One turn: the model call / tool calls iteration until the model answers without calling tools, a
//! limit is hit, the model fails, or the turn is cancelled.
//!
//! The turn is a small state machine ([`Step`]): call the model → (no tool calls) check the answer,
//! or (tool calls) run the tools → check the limits → call the model again, until a step finishes
//! it. The counters it keeps (iterations, tool calls, retries) are one [`TurnState`]; the turn
//! deadline (`--timeout`) is one [`Deadline`]. One reply's tool calls are
//! run by `batch.rs`; recovery from cut, empty, broken and failed calls lives in `recover.rs` and
//! the budget check before each call in `budget.rs`. Every call's tokens, failed ones included, go
//! into the turn's usage, and so do what its sub-agents and compaction summaries used.
//! Cancellation (Ctrl-C, SIGTERM, the turn timeout) drops the model stream and the running tools,
//! whose child process groups are killed.

use std::time::Instant;

use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::Agent;
use super::deadline::Deadline;
use super::event::AgentEvent;
use super::limits::CircuitBreaker;
use super::outcome::{TurnError, TurnOutcome};
use super::recover::{self, CallStatus, Recovery};
use crate::model::{
    Assembler, CallOptions, ContentBlock, ErrorCode, Message, ModelEvent, ModelRequest,
    ModelResponse, RetryBudget, ToolResultContent, Usage,
};
use crate::session::TurnStatus;
use crate::tools::{ExecutionStatus, ToolCall, ToolEffect};

/// Attempts the model gets to fix a final answer that does not match `--output-schema`.
const OUTPUT_SCHEMA_RETRIES: u32 = 2;

/// Why the model call of an iteration stopped early.
pub(super) enum CallEnd {
    Done(ModelResponse),
    Failed(TurnError),
    /// Cancelled, with the tokens the stream reported before it stopped.
    Cancelled(Usage),
}

/// What a turn does next.
pub(super) enum Step {
    /// Check the iteration limit, call the model, record its reply.
    CallModel,
    /// The reply called no tools: check the answer (`--output-schema`, the Stop hook).
    CheckAnswer(String),
    /// The reply called tools: check the tool-call limit, run them, record their results.
    RunTools(Vec<ToolCall>),
    /// After the tools: cancellation and the circuit breaker (these calls' invalid arguments).
    CheckLimits(Vec<(String, serde_json::Value)>),
    /// The turn is over.
    Finish(Result<(), TurnError>),
}

/// The counters and accumulators of one turn.
#[derive(Default)]
pub(super) struct TurnState {
    pub(super) usage: Usage,
    /// Model calls made (a call retried after compaction counts once).
    pub(super) iterations: u32,
    pub(super) tool_calls: u32,
    pub(super) breaker: CircuitBreaker,
    pub(super) schema_retries: u32,
    /// The provider said the prompt was too long once and the history was compacted.
    pub(super) compacted_on_error: bool,
    /// A Stop hook already made the model continue once.
    pub(super) stop_continued: bool,
    /// A cut tool call was retried with a larger output limit (once per turn).
    pub(super) output_raised: bool,
    /// The output limit of the following calls, once raised.
    pub(super) max_output_tokens: Option<u64>,
    /// An empty reply was retried (once per turn).
    pub(super) empty_retried: bool,
    /// Times the current answer was continued after the output token limit cut it.
    pub(super) continued: u32,
    /// Times a broken stream was continued from the text it had passed on.
    pub(super) resumed: u32,
    /// The answer so far while it is being continued.
    pub(super) partial: Option<Message>,
    /// What the turn spent besides its own replies: its tool calls' model calls (sub-agents) and
    /// compaction summaries; `None` before any.
    pub(super) side_spend: Option<crate::tools::Spent>,
}

/// What every step works on: the turn's history, its cancellation and its event sink.
pub(super) struct TurnIo<'a> {
    pub(super) turn: u32,
    pub(super) history: &'a mut Vec<Message>,
    pub(super) token: CancellationToken,
    pub(super) emit: &'a mut (dyn FnMut(AgentEvent) + Send),
    /// The memory recalled for the input, attached to it in every request.
    pub(super) recalled: Option<String>,
    /// Where the input is in `history`.
    pub(super) input_at: usize,
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
            return blocked(turn, reason, started);
        }
        let recalled = super::notes::join(self.recall(&input, &token).await, self.turn_notes());
        let input_at = history.len();
        history.push(input.clone());
        emit(AgentEvent::UserMessage {
            turn,
            message: input,
        });
        let mut io = TurnIo {
            turn,
            history,
            token,
            emit,
            recalled,
            input_at,
        };
        let mut state = TurnState::default();
        let mut step = Step::CallModel;
        let end = loop {
            step = match step {
                Step::CallModel => self.call_model_step(&mut io, &mut state).await,
                Step::CheckAnswer(answer) => self.check_answer(&mut io, &mut state, &answer).await,
                Step::RunTools(calls) => self.run_tools_step(&mut io, &mut state, calls).await,
                Step::CheckLimits(invalid) => check_limits(&io, &mut state, &invalid),
                Step::Finish(end) => break end,
            };
        };
        let end = explain(&deadline, end);
        self.outcome(turn, io.history, state, end, started)
    }

    /// Recall may wait for the memory model (up to `retrievalTimeoutMs`); Ctrl-C or the turn
    /// timeout ends the wait.
    async fn recall(&self, input: &Message, token: &CancellationToken) -> Option<String> {
        let memory = self.memory.as_ref()?;
        let query = input.text();
        tokio::select! {
            recalled = memory.0.recall(&query) => recalled,
            () = token.cancelled() => None,
        }
    }

    /// [`Step::CallModel`].
    async fn call_model_step(&self, io: &mut TurnIo<'_>, state: &mut TurnState) -> Step {
        if state.iterations >= self.limits.max_iterations {
            return Step::Finish(Err(TurnError::Limit(format!(
                "stopped after {} model calls (--max-turns); continue with `pilotdeck run --continue`",
                self.limits.max_iterations
            ))));
        }
        state.iterations += 1;
        // The window of the model that will serve the call: the router decides first.
        let budget = match &self.router {
            Some(_) => {
                let probe = self.request(io, state);
                self.serving_budget(io.turn, &probe, &io.token, io.emit)
                    .await
            }
            None => self.budget(),
        };
        let summary = self
            .fit_context(budget, io.history, &io.token, io.emit)
            .await;
        self.count_summary(state, summary);
        let mut request = self.request(io, state);
        if let Err(reason) = self.check_budget(io, state, &mut request).await {
            state.iterations -= 1;
            self.keep_partial(io, state);
            return Step::Finish(Err(TurnError::Budget(reason)));
        }
        // The text passed on so far: a stream that breaks after it is continued from it. A model
        // that writes its tool calls as text has them held back from the stream.
        let mut streamed = String::new();
        let mut tags = self
            .marks_text_tools(self.decided_model(io.turn))
            .then(crate::model::TagFilter::default);
        let end = {
            let emit = &mut *io.emit;
            let mut capture = |event: AgentEvent| match (event, &mut tags) {
                (AgentEvent::TextDelta { text }, Some(tags)) => {
                    let text = tags.push(&text);
                    if !text.is_empty() {
                        streamed.push_str(&text);
                        emit(AgentEvent::TextDelta { text });
                    }
                }
                (AgentEvent::TextDelta { text }, None) => {
                    streamed.push_str(&text);
                    emit(AgentEvent::TextDelta { text });
                }
                (event, _) => emit(event),
            };
            self.call_model(io.turn, &request, &io.token, &mut capture)
                .await
        };
        if let Some(text) = tags.as_mut().map(crate::model::TagFilter::finish)
            && !text.is_empty()
        {
            streamed.push_str(&text);
            (io.emit)(AgentEvent::TextDelta { text });
        }
        let response = match end {
            CallEnd::Done(r) => self.read_text_tool_calls(r),
            CallEnd::Failed(TurnError::Model(e))
                if recover::is_break(e.code)
                    && !streamed.is_empty()
                    && state.resumed < recover::RESUME_LIMIT =>
            {
                state.resumed += 1;
                let partial = Message::assistant(streamed);
                state.partial = Some(match state.partial.take() {
                    Some(first) => recover::join(first, partial),
                    None => partial,
                });
                let recovery = Recovery::ContinueBroken {
                    attempt: state.resumed,
                };
                self.abandon(
                    io,
                    state,
                    e.usage,
                    CallStatus::Failed,
                    e.user_message(),
                    Some(recovery),
                );
                return Step::CallModel;
            }
            // The provider counts better than our estimate: compact once and retry.
            CallEnd::Failed(TurnError::Model(e))
                if e.code == ErrorCode::PromptTooLong && !state.compacted_on_error =>
            {
                state.compacted_on_error = true;
                state.usage.add(&e.usage);
                let (shrank, summary) = self
                    .compact_and_report(io.history, &io.token, io.emit)
                    .await;
                self.count_summary(state, summary);
                if shrank {
                    state.iterations -= 1;
                    return Step::CallModel;
                }
                return self.call_failed(io, state, TurnError::Model(e));
            }
            CallEnd::Failed(e) => return self.call_failed(io, state, e),
            CallEnd::Cancelled(usage) => return self.call_cancelled(io, state, usage),
        };
        if let Some(step) = self.recover_reply(io, state, &response) {
            return step;
        }
        self.observe_usage(&request.messages, &response.usage);
        state.usage.add(&response.usage);
        let message = match state.partial.take() {
            Some(first) => recover::join(first, response.message),
            None => response.message,
        };
        io.history.push(message.clone());
        (io.emit)(AgentEvent::AssistantMessage {
            message: message.clone(),
            usage: response.usage,
            model: self.current_model(),
        });
        let calls: Vec<ToolCall> = message
            .tool_calls()
            .map(|c| ToolCall {
                id: c.id.to_owned(),
                name: c.name.to_owned(),
                input: c.arguments.clone(),
            })
            .collect();
        if calls.is_empty() {
            Step::CheckAnswer(message.text())
        } else {
            Step::RunTools(calls)
        }
    }

    /// The request of one model call: the history, with the recalled memory on the input.
    /// An answer being continued goes last, with the request to continue it; a cut tool call's
    /// retry carries the raised output limit.
    fn request(&self, io: &TurnIo<'_>, state: &TurnState) -> ModelRequest {
        let mut request = ModelRequest::new(self.model.clone(), io.history.clone());
        if let Some(partial) = &state.partial {
            request.messages.push(partial.clone());
            request
                .messages
                .push(Message::user(recover::CONTINUE_PROMPT));
        }
        request.system = Some(self.system.clone());
        // Per call, not per turn: an MCP server's tool list may change between calls
        // (`tools/list_changed`); unchanged lists give identical definitions.
        request.tools = self.tool_specs();
        request.max_output_tokens = state.max_output_tokens.or(self.max_output_tokens);
        request.thinking = self.thinking.clone();
        request.output_schema = self.output_schema.clone();
        if let Some(block) = &io.recalled {
            crate::context::attach_recall(&mut request.messages, io.input_at, block);
        }
        request
    }

    /// [`Step::CheckAnswer`]: a schema mismatch is sent back (up to [`OUTPUT_SCHEMA_RETRIES`]
    /// times), and a Stop hook may make the model continue once.
    async fn check_answer(&self, io: &mut TurnIo<'_>, state: &mut TurnState, answer: &str) -> Step {
        match self.check_output(answer) {
            Ok(()) => match self
                .stop_hook(answer, state.stop_continued, &io.token)
                .await
            {
                Some(reason) => {
                    state.stop_continued = true;
                    io.history.push(Message::user(format!(
                        "A Stop hook asks you to continue before finishing: {reason}"
                    )));
                    Step::CallModel
                }
                None => Step::Finish(Ok(())),
            },
            Err(problem) if state.schema_retries < OUTPUT_SCHEMA_RETRIES => {
                state.schema_retries += 1;
                io.history.push(Message::user(format!(
                    "Your final answer must be only JSON valid against the required schema. Problem: {problem}. Reply again with the corrected JSON and nothing else."
                )));
                Step::CallModel
            }
            Err(problem) => Step::Finish(Err(TurnError::InvalidOutput(problem))),
        }
    }

    /// [`Step::RunTools`]: over the turn's tool-call limit, every call gets a "not run" result and
    /// the turn ends; else the calls run and their results join the history.
    async fn run_tools_step(
        &self,
        io: &mut TurnIo<'_>,
        state: &mut TurnState,
        calls: Vec<ToolCall>,
    ) -> Step {
        state.tool_calls += calls.len() as u32;
        if state.tool_calls > self.limits.max_tool_calls {
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
            push_results(io, results);
            return Step::Finish(Err(TurnError::Limit(format!(
                "stopped after {} tool calls (the turn's tool-call limit)",
                self.limits.max_tool_calls
            ))));
        }
        let left = self.spend_left(io.turn, state);
        let executions = self
            .run_tools(io.turn, &calls, left, &io.token, io.emit)
            .await;
        for spent in executions.iter().filter_map(|e| e.output.spent.as_deref()) {
            state.side_spend.get_or_insert_default().add(spent);
        }
        let invalid = calls
            .iter()
            .zip(&executions)
            .filter(|(_, e)| matches!(e.status, ExecutionStatus::InvalidArguments(_)))
            .map(|(c, _)| (c.name.clone(), c.input.clone()))
            .collect();
        let results = calls
            .iter()
            .zip(&executions)
            .map(|(c, e)| {
                let mut result =
                    ContentBlock::tool_result(&c.id, &e.output.content, e.output.is_error);
                if let ContentBlock::ToolResult { content, .. } = &mut result {
                    content.extend(
                        e.output
                            .media
                            .iter()
                            .cloned()
                            .map(ToolResultContent::MediaReference),
                    );
                }
                result
            })
            .collect();
        push_results(io, results);
        // A plan nobody reviews is the turn's answer (`exit_plan_mode` in an unattended run).
        if let Some(plan) = executions
            .iter()
            .find_map(|e| match e.output.effect.as_deref() {
                Some(ToolEffect::Plan {
                    text,
                    ends_turn: true,
                    ..
                }) => Some(text.clone()),
                _ => None,
            })
        {
            let message = Message::assistant(plan);
            io.history.push(message.clone());
            (io.emit)(AgentEvent::AssistantMessage {
                message,
                usage: Usage::default(),
                model: self.current_model(),
            });
            return Step::Finish(Ok(()));
        }
        Step::CheckLimits(invalid)
    }

    /// The turn's outcome from how it ended.
    fn outcome(
        &self,
        turn: u32,
        history: &[Message],
        state: TurnState,
        end: Result<(), TurnError>,
        started: Instant,
    ) -> TurnOutcome {
        let status = match &end {
            Ok(()) => TurnStatus::Completed,
            Err(TurnError::Cancelled) => TurnStatus::Aborted,
            Err(TurnError::Limit(_) | TurnError::Budget(_)) => TurnStatus::LimitReached,
            Err(TurnError::Model(_) | TurnError::InvalidOutput(_) | TurnError::Blocked(_)) => {
                TurnStatus::Failed
            }
        };
        let (usage, cost_usd) = self.turn_spend(turn, &state);
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
            cost_usd,
            error: end.err(),
            duration: started.elapsed(),
            iterations: state.iterations,
            tool_calls: state.tool_calls,
        }
    }

    /// A reply of a model marked `toolCallFormat: text`: its `<tool_call>` tags become real calls.
    fn read_text_tool_calls(
        &self,
        mut response: crate::model::ModelResponse,
    ) -> crate::model::ModelResponse {
        // The model that answered: the routed one when it is not the agent's.
        let served = crate::config::ModelRef::parse(&self.current_model());
        if self.marks_text_tools(served) && crate::model::text_tool_calls(&mut response.message) > 0
        {
            response.finish_reason = crate::model::FinishReason::ToolCalls;
        }
        response
    }

    /// Whether `model` (the agent's when `None`) writes its tool calls as text
    /// (`toolCallFormat: text`).
    fn marks_text_tools(&self, model: Option<crate::config::ModelRef>) -> bool {
        match (&self.router, model.filter(|m| *m != self.model)) {
            (Some(router), Some(model)) => router
                .provider(&model)
                .is_ok_and(|p| p.text_tool_calls(&model.model)),
            _ => self.provider.text_tool_calls(&self.model.model),
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
        let info = self.provider.model_info(&self.model.model);
        if !info.supports_images && crate::media::needs_images(&request.messages) {
            return CallEnd::Failed(super::route::unsupported_modality(
                &self.model,
                &[self.model.to_string()],
            ));
        }
        let request = &self.materialized(request, &self.provider, &self.model.model);
        let options = CallOptions {
            budget: RetryBudget::new(self.retry_budget),
            cancel: token.clone(),
        };
        let mut stream = self.client.stream(&self.provider, request, options);
        let mut assembler = Assembler::new();
        loop {
            let event = tokio::select! {
                event = stream.next() => event,
                () = token.cancelled() => return CallEnd::Cancelled(assembler.usage()),
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
            return CallEnd::Cancelled(assembler.usage());
        }
        match assembler.finish() {
            Ok(r) => CallEnd::Done(r),
            Err(e) if e.code == crate::model::ErrorCode::Cancelled => CallEnd::Cancelled(e.usage),
            Err(e) => CallEnd::Failed(TurnError::Model(e)),
        }
    }
}

/// [`Step::CheckLimits`]: a cancelled turn ends, and so does one whose tools keep getting invalid
/// arguments (the circuit breaker).
fn check_limits(
    io: &TurnIo<'_>,
    state: &mut TurnState,
    invalid: &[(String, serde_json::Value)],
) -> Step {
    if io.token.is_cancelled() {
        return Step::Finish(Err(TurnError::Cancelled));
    }
    match state.breaker.record(invalid) {
        Some(reason) => Step::Finish(Err(TurnError::Limit(reason))),
        None => Step::CallModel,
    }
}

/// Adds one tool-results message to the history and reports it.
fn push_results(io: &mut TurnIo<'_>, results: Vec<ContentBlock>) {
    let message = Message::tool_results(results);
    io.history.push(message.clone());
    (io.emit)(AgentEvent::ToolResults { message });
}

/// The outcome of a turn a UserPromptSubmit hook blocked: nothing ran.
fn blocked(turn: u32, reason: String, started: Instant) -> TurnOutcome {
    TurnOutcome {
        turn,
        status: TurnStatus::Failed,
        final_text: String::new(),
        usage: Usage::default(),
        cost_usd: None,
        error: Some(TurnError::Blocked(reason)),
        duration: started.elapsed(),
        iterations: 0,
        tool_calls: 0,
    }
}

/// A cancellation the turn's deadline caused ends the turn as a limit rather than an abort.
fn explain(deadline: &Deadline, end: Result<(), TurnError>) -> Result<(), TurnError> {
    match end {
        Err(TurnError::Cancelled) if deadline.expired() => Err(TurnError::Limit(format!(
            "stopped: the turn ran longer than --timeout ({}s)",
            deadline.limit().map_or(0, |t| t.as_secs())
        ))),
        other => other,
    }
}
