//! [`Recorder`]: appends a turn's events to the session transcript as they happen, so a process
//! killed mid-turn leaves every completed step on disk.

use chrono::Utc;

use super::event::AgentEvent;
use super::outcome::TurnOutcome;
use crate::session::{Record, Transcript};
use crate::store;
use crate::tools::ExecutionStatus;

/// Writes transcript records for the events of one session.
#[derive(Debug)]
pub struct Recorder {
    transcript: Option<Transcript>,
    turn: u32,
    /// The first write error; later writes are skipped and the caller reports it.
    failed: Option<store::Error>,
}

impl Recorder {
    /// `None` records nothing (`--ephemeral`).
    pub fn new(transcript: Option<Transcript>) -> Recorder {
        Recorder {
            transcript,
            turn: 0,
            failed: None,
        }
    }

    fn append(&mut self, record: Record) {
        if self.failed.is_some() {
            return;
        }
        if let Some(t) = &self.transcript
            && let Err(e) = t.append(&record)
        {
            tracing::error!(error = %e, "cannot write the transcript");
            self.failed = Some(e);
        }
    }

    /// Records one event.
    pub fn on_event(&mut self, event: &AgentEvent) {
        let at = Utc::now();
        match event {
            AgentEvent::TextDelta { .. } => crate::crash::point("run.stream"),
            AgentEvent::UserMessage { turn, message } => {
                self.turn = *turn;
                self.append(Record::User {
                    turn: *turn,
                    message: message.clone(),
                    at,
                });
            }
            AgentEvent::AssistantMessage {
                message,
                usage,
                model,
            } => self.append(Record::Assistant {
                turn: self.turn,
                message: message.clone(),
                model: model.clone(),
                usage: *usage,
                at,
            }),
            AgentEvent::ToolResults { message } => self.append(Record::ToolResults {
                turn: self.turn,
                message: message.clone(),
                at,
            }),
            AgentEvent::ToolFinished {
                call_id,
                name,
                status: ExecutionStatus::Denied { reason },
                ..
            } => self.append(Record::Denial {
                turn: self.turn,
                call_id: call_id.clone(),
                tool: name.clone(),
                reason: reason.clone(),
                at,
            }),
            AgentEvent::Compacted {
                messages,
                tokens_before,
                tokens_after,
            } => self.append(Record::Compaction {
                turn: self.turn,
                messages: messages.clone(),
                tokens_before: *tokens_before,
                tokens_after: *tokens_after,
                at,
            }),
            AgentEvent::CallEnded {
                usage,
                model,
                status,
                reason,
                recovery,
            } => self.append(Record::ModelCall {
                turn: self.turn,
                model: model.clone(),
                usage: *usage,
                status: status.as_str().to_owned(),
                reason: reason.clone(),
                recovery: recovery.map(|r| r.kind().to_owned()),
                at,
            }),
            AgentEvent::TodoUpdated { items } => self.append(Record::TodoList {
                turn: self.turn,
                items: items.clone(),
                at,
            }),
            AgentEvent::ThinkingDelta { .. }
            | AgentEvent::PlanProposed { .. }
            | AgentEvent::ToolStarted { .. }
            | AgentEvent::Routed { .. }
            | AgentEvent::FellBack { .. }
            | AgentEvent::ToolFinished { .. } => {}
        }
    }

    /// The turn the next records belong to (set when resuming before any turn runs).
    pub fn set_turn(&mut self, turn: u32) {
        self.turn = turn;
    }

    /// Records the end of a turn.
    pub fn on_outcome(&mut self, outcome: &TurnOutcome) {
        self.append(Record::TurnEnd {
            turn: outcome.turn,
            status: outcome.status,
            usage: outcome.usage,
            cost_usd: outcome.cost_usd,
            duration_ms: outcome.duration.as_millis() as u64,
            error: outcome.error.as_ref().map(ToString::to_string),
            at: Utc::now(),
        });
    }

    /// The first write failure, if any.
    pub fn take_error(&mut self) -> Option<store::Error> {
        self.failed.take()
    }
}
