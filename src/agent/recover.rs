//! Recovery inside a turn from what providers do to long answers, each bounded and each reported as
//! an [`AgentEvent::CallEnded`](super::AgentEvent) (so `run --json` shows it and the transcript
//! records it, with the tokens the abandoned call used):
//!
//! - a tool call cut by the output token limit is retried once with the limit raised to the model's
//!   `maxOutputTokens` from the catalog ([`Recovery::LargerOutput`]);
//! - an answer cut by the limit is continued ("continue exactly where you stopped") up to
//!   [`CONTINUE_LIMIT`] times and the pieces are joined into one assistant message
//!   ([`Recovery::ContinueText`]);
//! - a stream that breaks after passing on text (connection reset, idle timeout, a mid-stream
//!   server error) is continued from that text, up to [`RESUME_LIMIT`] times a turn, the text
//!   already shown never repeated: the model is sent its partial answer and asked to continue it
//!   ([`Recovery::ContinueBroken`]);
//! - a reply that stopped for a reason pilotdeck does not know with nothing in it is retried once
//!   ([`Recovery::RetryEmpty`]), then the turn fails (an empty reply with zero output tokens is
//!   already retried by the client, see `model::retry`).

use super::Agent;
use super::event::AgentEvent;
use super::outcome::TurnError;
use super::turn::{Step, TurnIo, TurnState};
use crate::model::{ContentBlock, ErrorCode, FinishReason, Message, ModelResponse, Role, Usage};

/// Times one answer cut by the output token limit is continued.
pub const CONTINUE_LIMIT: u32 = 3;

/// Times a turn continues after a stream broke mid-answer.
pub const RESUME_LIMIT: u32 = 2;

/// Failures of a stream that may be continued from what it passed on.
pub(super) fn is_break(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::Network
            | ErrorCode::StreamIdle
            | ErrorCode::Timeout
            | ErrorCode::ServerError
            | ErrorCode::Overloaded
    )
}

/// The request that continues an answer cut by the output token limit.
pub(super) const CONTINUE_PROMPT: &str = "Your previous reply was cut off. Continue exactly where you stopped: do not repeat anything, do not add a preamble.";

/// How the loop recovers from a model call that gave no usable reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovery {
    /// The same request again with a larger output limit.
    LargerOutput { max_output_tokens: u64 },
    /// The cut answer is sent back and the model asked to continue it (`attempt` from 1).
    ContinueText { attempt: u32 },
    /// The same request once more after an empty reply.
    RetryEmpty,
    /// The stream broke after passing on text: the text is sent back and the model asked to
    /// continue it (`attempt` from 1).
    ContinueBroken { attempt: u32 },
}

impl Recovery {
    /// The machine-readable name (`run --json`, transcripts).
    pub fn kind(self) -> &'static str {
        match self {
            Recovery::LargerOutput { .. } => "retry_larger_output",
            Recovery::ContinueText { .. } => "continue_text",
            Recovery::RetryEmpty => "retry_empty",
            Recovery::ContinueBroken { .. } => "continue_after_break",
        }
    }
}

/// How a model call that gave no usable reply ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStatus {
    /// The output token limit cut it.
    Cut,
    /// The provider or the stream failed, or the reply was empty.
    Failed,
    /// Ctrl-C, SIGTERM or the turn timeout stopped it.
    Cancelled,
}

impl CallStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CallStatus::Cut => "cut",
            CallStatus::Failed => "failed",
            CallStatus::Cancelled => "cancelled",
        }
    }
}

impl Agent {
    /// A reply the loop does not keep as it is: an answer cut by the output token limit (continued,
    /// up to [`CONTINUE_LIMIT`] times) or a reply with nothing in it (retried once).
    pub(super) fn recover_reply(
        &self,
        io: &mut TurnIo<'_>,
        state: &mut TurnState,
        response: &ModelResponse,
    ) -> Option<Step> {
        let message = &response.message;
        let has_calls = message.tool_calls().next().is_some();
        if response.finish_reason == FinishReason::Length
            && !has_calls
            && !message.text().is_empty()
            && state.continued < CONTINUE_LIMIT
        {
            state.continued += 1;
            let partial = match state.partial.take() {
                Some(first) => join(first, message.clone()),
                None => message.clone(),
            };
            state.partial = Some(partial);
            let recovery = Recovery::ContinueText {
                attempt: state.continued,
            };
            self.abandon(
                io,
                state,
                response.usage,
                CallStatus::Cut,
                "the output token limit cut the answer".to_owned(),
                Some(recovery),
            );
            return Some(Step::CallModel);
        }
        let unknown_and_empty = response.finish_reason == FinishReason::Unknown
            && !has_calls
            && message.text().trim().is_empty();
        if !unknown_and_empty {
            return None;
        }
        let reason = "the reply stopped for an unknown reason with nothing in it".to_owned();
        if state.empty_retried {
            let mut error = crate::model::Error::new(
                ErrorCode::EmptyResponse,
                &self.provider.id,
                &self.model.model,
                reason,
            );
            error.usage = response.usage;
            return Some(self.call_failed(io, state, TurnError::Model(error)));
        }
        state.empty_retried = true;
        self.abandon(
            io,
            state,
            response.usage,
            CallStatus::Failed,
            reason,
            Some(Recovery::RetryEmpty),
        );
        Some(Step::CallModel)
    }

    /// A model call failed: recover when the failure allows it (a cut tool call; an empty reply
    /// was already retried by the client), else end the turn. Either way its tokens count.
    pub(super) fn call_failed(
        &self,
        io: &mut TurnIo<'_>,
        state: &mut TurnState,
        error: TurnError,
    ) -> Step {
        let (usage, reason, status) = match &error {
            TurnError::Model(e) => (
                e.usage,
                e.user_message(),
                if e.code == ErrorCode::OutputTruncated {
                    CallStatus::Cut
                } else {
                    CallStatus::Failed
                },
            ),
            TurnError::Cancelled => (
                Usage::default(),
                "interrupted".to_owned(),
                CallStatus::Cancelled,
            ),
            other => (Usage::default(), other.to_string(), CallStatus::Failed),
        };
        let recovery = match &error {
            TurnError::Model(e) if e.code == ErrorCode::OutputTruncated && !state.output_raised => {
                let catalog = self
                    .provider
                    .model_info(&self.model.model)
                    .max_output_tokens;
                let current = state
                    .max_output_tokens
                    .or(self.max_output_tokens)
                    .unwrap_or(catalog);
                state.output_raised = true;
                (catalog > current).then_some(Recovery::LargerOutput {
                    max_output_tokens: catalog,
                })
            }
            _ => None,
        };
        if let Some(Recovery::LargerOutput { max_output_tokens }) = recovery {
            state.max_output_tokens = Some(max_output_tokens);
        }
        if recovery.is_none() {
            self.keep_partial(io, state);
        }
        self.abandon(io, state, usage, status, reason, recovery);
        match recovery {
            Some(_) => Step::CallModel,
            None => Step::Finish(Err(error)),
        }
    }

    /// A model call was cancelled: the turn ends, the tokens the stream reported before it
    /// stopped counted.
    pub(super) fn call_cancelled(
        &self,
        io: &mut TurnIo<'_>,
        state: &mut TurnState,
        usage: Usage,
    ) -> Step {
        self.keep_partial(io, state);
        self.abandon(
            io,
            state,
            usage,
            CallStatus::Cancelled,
            "interrupted".to_owned(),
            None,
        );
        Step::Finish(Err(TurnError::Cancelled))
    }

    /// A turn ending while its answer is being continued keeps the answer so far (its tokens were
    /// counted when it was cut).
    pub(super) fn keep_partial(&self, io: &mut TurnIo<'_>, state: &mut TurnState) {
        if let Some(partial) = state.partial.take() {
            io.history.push(partial.clone());
            (io.emit)(AgentEvent::AssistantMessage {
                message: partial,
                usage: Usage::default(),
                model: self.current_model(),
            });
        }
    }

    /// Counts an abandoned call's tokens and reports it.
    pub(super) fn abandon(
        &self,
        io: &mut TurnIo<'_>,
        state: &mut TurnState,
        usage: Usage,
        status: CallStatus,
        reason: String,
        recovery: Option<Recovery>,
    ) {
        state.usage.add(&usage);
        (io.emit)(AgentEvent::CallEnded {
            usage,
            model: self.current_model(),
            status,
            reason,
            recovery,
        });
    }
}

/// `first` continued by `next`: one assistant message whose adjacent text blocks are joined.
pub(super) fn join(first: Message, next: Message) -> Message {
    let mut content = first.content;
    for block in next.content {
        match (content.last_mut(), block) {
            (Some(ContentBlock::Text { text: last }), ContentBlock::Text { text }) => {
                last.push_str(&text);
            }
            (_, block) => content.push(block),
        }
    }
    Message {
        role: Role::Assistant,
        content,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_continued_answer_is_one_text() {
        let joined = join(
            Message::assistant("The first half, cut mid-wo"),
            Message::assistant("rd, and the rest."),
        );
        assert_eq!(joined.content.len(), 1);
        assert_eq!(joined.text(), "The first half, cut mid-word, and the rest.");
    }
}
