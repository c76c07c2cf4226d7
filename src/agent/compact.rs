//! Keeping a turn inside the model's window: the check the loop runs at the start of every iteration
//! ([`Agent::fit_context`]), on-demand compaction ([`Agent::compact`], behind `session compact` and
//! chat's `/compact`), and the calibration of the token estimate from reported usage. The policy
//! (thresholds, where to cut, what replaces what) is `context`'s; this file adds the model call.

use std::sync::PoisonError;

use tokio_util::sync::CancellationToken;

use super::Agent;
use super::event::AgentEvent;
use crate::context::{self, Action, Budget};
use crate::model::{self, Message, ModelRequest, Usage};

/// Output tokens the summary may use.
const SUMMARY_MAX_TOKENS: u64 = 2_000;

/// One summary compaction: the conversation that replaced the old one, and the estimated sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct Compacted {
    pub messages: Vec<Message>,
    pub tokens_before: u64,
    pub tokens_after: u64,
    /// What the summary call used.
    pub usage: Usage,
}

impl Agent {
    /// The prompt budget of this agent's model.
    pub fn budget(&self) -> Budget {
        let info = self.provider.model_info(&self.model.model);
        Budget::new(
            info.context_window,
            self.max_output_tokens.unwrap_or(info.max_output_tokens),
        )
    }

    /// Estimated uncalibrated tokens of a request on `messages`: system prompt, tools, conversation.
    fn raw_estimate(&self, messages: &[Message]) -> u64 {
        let tools: u64 = self
            .tool_specs()
            .iter()
            .map(|t| {
                context::estimate_text(&t.name)
                    + context::estimate_text(&t.description)
                    + context::estimate_text(&t.input_schema.to_string())
            })
            .sum();
        context::estimate_text(&self.system) + tools + context::estimate_messages(messages)
    }

    /// Estimated prompt tokens of a request on `messages`, corrected by reported usage.
    pub fn prompt_tokens(&self, messages: &[Message]) -> u64 {
        let calibration = *self
            .calibration
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        calibration.apply(self.raw_estimate(messages))
    }

    /// Learns from the usage reported for a request on `messages`.
    pub(super) fn observe_usage(&self, messages: &[Message], usage: &Usage) {
        let reported = usage.input_tokens + usage.cache_read_tokens + usage.cache_write_tokens;
        self.calibration
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .observe(self.raw_estimate(messages), reported);
    }

    /// Run at the start of each iteration with the budget of the model that will serve the call:
    /// trims old tool results near the limit and summarises when that is not enough. A failed summary is logged and the turn goes on (the provider's
    /// `prompt_too_long`, if it comes, gets one more try). Returns what a summary call used.
    pub(super) async fn fit_context(
        &self,
        budget: Budget,
        history: &mut Vec<Message>,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> Usage {
        let tokens = self.prompt_tokens(history);
        tracing::debug!(tokens, budget = budget.prompt_tokens, "context size");
        let mut action = budget.action(tokens);
        if action == Action::Trim || action == Action::Summarize {
            // Trimming is a pure function of the history, so it is redone after a resume rather
            // than recorded.
            context::trim_tool_results(history);
            action = budget.action(self.prompt_tokens(history));
        }
        if action == Action::Summarize {
            return self.compact_and_report(history, token, emit).await.1;
        }
        Usage::default()
    }

    /// Summarises now and reports it; returns whether the history shrank, and what the summary
    /// call used (failed or not).
    pub(super) async fn compact_and_report(
        &self,
        history: &mut Vec<Message>,
        token: &CancellationToken,
        emit: &mut (dyn FnMut(AgentEvent) + Send),
    ) -> (bool, Usage) {
        match self.compact_as(history, token, "auto").await {
            Ok(Some(done)) => {
                emit(AgentEvent::Compacted {
                    messages: done.messages,
                    tokens_before: done.tokens_before,
                    tokens_after: done.tokens_after,
                });
                (true, done.usage)
            }
            Ok(None) => (false, Usage::default()),
            Err(e) => {
                tracing::warn!(error = %e.user_message(), "context compaction failed");
                (false, e.usage)
            }
        }
    }

    /// Replaces the older part of `history` by a model-written summary, keeping the newest part
    /// verbatim. `Ok(None)` when there is nothing to summarise.
    pub async fn compact(
        &self,
        history: &mut Vec<Message>,
        token: &CancellationToken,
    ) -> Result<Option<Compacted>, model::Error> {
        self.compact_as(history, token, "manual").await
    }

    /// [`Agent::compact`] for `trigger` (`auto` or `manual`), after the `PreCompact` hooks: a block
    /// skips the compaction, hook context is added to the summary instructions.
    async fn compact_as(
        &self,
        history: &mut Vec<Message>,
        token: &CancellationToken,
        trigger: &str,
    ) -> Result<Option<Compacted>, model::Error> {
        let before = self.prompt_tokens(history);
        let Some(cut) = context::split_point(history) else {
            return Ok(None);
        };
        let extra = match self.pre_compact_hook(trigger, token).await {
            Ok(extra) => extra,
            Err(reason) => {
                tracing::warn!("compaction skipped: a PreCompact hook blocked it: {reason}");
                return Ok(None);
            }
        };
        let (old, tail) = history.split_at(cut);
        let mut instructions = context::summary_request(old);
        for text in extra {
            instructions.push_str("\n\nAlso: ");
            instructions.push_str(&text);
        }
        let mut request = ModelRequest::new(self.model.clone(), vec![Message::user(instructions)]);
        request.max_output_tokens = Some(SUMMARY_MAX_TOKENS);
        let response = self
            .background_complete(crate::router::CallRole::Compaction, None, &request, token)
            .await?;
        let summary = response.message.text();
        if summary.trim().is_empty() {
            return Ok(None);
        }
        let messages = context::replacement(&summary, old, tail);
        *history = messages.clone();
        Ok(Some(Compacted {
            messages,
            tokens_before: before,
            tokens_after: self.prompt_tokens(history),
            usage: response.usage,
        }))
    }
}
