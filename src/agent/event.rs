//! [`AgentEvent`]: what the loop reports while a turn runs. Front ends turn these into JSONL events
//! (`run --json`), terse stderr lines, or chat output; [`super::Recorder`] turns them into transcript
//! records. The loop itself prints nothing.

use std::time::Duration;

use super::recover::{CallStatus, Recovery};
use crate::diff::FileChange;
use crate::model::{Message, Usage};
use crate::tools::ExecutionStatus;

/// One thing that happened in a turn, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentEvent {
    /// The user's input was added to the conversation.
    UserMessage { turn: u32, message: Message },
    /// A fragment of the assistant's answer, as it streams.
    TextDelta { text: String },
    /// A fragment of the model's reasoning, as it streams.
    ThinkingDelta { text: String },
    /// A model reply is complete.
    AssistantMessage {
        message: Message,
        usage: Usage,
        model: String,
    },
    /// A model call ended without a reply the turn keeps: it failed, was cancelled, or the output
    /// token limit cut it and `recovery` says how the loop goes on. Its tokens (`usage`, as the
    /// provider reported them) are part of the turn's usage all the same.
    CallEnded {
        usage: Usage,
        model: String,
        status: CallStatus,
        reason: String,
        recovery: Option<Recovery>,
    },
    /// A tool call is about to run.
    ToolStarted {
        call_id: String,
        name: String,
        arguments: serde_json::Value,
    },
    /// A tool call finished (successfully or not).
    ToolFinished {
        call_id: String,
        name: String,
        arguments: serde_json::Value,
        status: ExecutionStatus,
        summary: String,
        is_error: bool,
        duration: Duration,
        /// The file changes the call made: a file tool's, or the text files a command changed.
        changes: Vec<FileChange>,
    },
    /// The session's to-do list is now `items` (`todo_write`, or a list a run starts from).
    TodoUpdated {
        items: Vec<crate::session::TodoItem>,
    },
    /// The agent proposed a plan (`exit_plan_mode`), saved at `path`. `is_answer`: nobody reviewed
    /// it and it ends the turn as its answer (not streamed as text).
    PlanProposed {
        text: String,
        path: Option<std::path::PathBuf>,
        is_answer: bool,
    },
    /// All results of one reply's calls, in call order, as added to the conversation.
    ToolResults { message: Message },
    /// The conversation was compacted: `messages` replaced it (a summary plus the newest messages).
    Compacted {
        messages: Vec<Message>,
        tokens_before: u64,
        tokens_after: u64,
    },
    /// A model call moved along the router's fallback chain: `from` failed (`error`, its error
    /// code) and `to` was asked instead.
    FellBack {
        from: String,
        to: String,
        error: String,
    },
    /// The router chose the turn's model (once per turn, before its first model call).
    Routed {
        turn: u32,
        tier: Option<String>,
        /// `provider/model`.
        model: String,
        /// `explicit`, `scenario`, `sticky`, `judge`, `heuristic` or `default`.
        resolved_from: String,
        reason: String,
        judge_called: bool,
    },
}

impl AgentEvent {
    /// Said by a model reply as it arrives (its text, reasoning, whole message, or the end of a
    /// call that failed or was cut): the turn's first model request has been answered.
    pub fn is_model_reply(&self) -> bool {
        matches!(
            self,
            AgentEvent::TextDelta { .. }
                | AgentEvent::ThinkingDelta { .. }
                | AgentEvent::AssistantMessage { .. }
                | AgentEvent::CallEnded { .. }
        )
    }
}
