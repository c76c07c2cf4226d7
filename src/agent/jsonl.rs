//! The `run --json` event stream: one JSON object per line on stdout.
//!
//! Format (stable; consumers must skip event and item types they do not know, and fields may be
//! added):
//!
//! - `{"type":"session.started","session_id","model","cwd","resumed"}` — once, first.
//! - `{"type":"turn.started","turn"}`
//! - `{"type":"item.started"|"item.updated"|"item.completed","item":{"id","type",…}}` where the item
//!   `type` is `agent_message` (`text`; `item.updated` carries the new fragment in `delta`),
//!   `reasoning` (same fields), `tool_call` (`name`, `arguments`, `status`: `in_progress`,
//!   `completed`, `failed`, `denied`, `invalid_arguments`, `unknown_tool`, `cancelled`; `output`: a
//!   one-line summary; `duration_ms`), `permission_denial` (`tool`, `reason`), `todo_list`
//!   (`items`: `[{content, status}]`, `status` `pending`, `in_progress` or `completed`; only
//!   `item.updated`, one per change of the whole list, with the same id for the whole run), or `plan`
//!   (`text`, `path` where it was saved; `item.completed` when the agent ends plan mode).
//! - `{"type":"router.decided","turn","tier","model","resolved_from","reason","judge_called"}` — the
//!   router's choice for the turn, before its first model call (absent when the router is not used).
//! - `{"type":"model.fallback","from","to","error"}` — a model call moved along the router's
//!   fallback chain: `from` failed with the error code `error` before sending anything, and `to`
//!   was asked instead (one event per move, before the reply of the model that answered).
//! - `{"type":"model.call_ended","status","reason","recovery","model","usage"}` — a model call gave
//!   no reply the turn keeps: `status` `cut` (the output token limit), `failed` or `cancelled`;
//!   `recovery` is how the turn goes on (`continue_text`, `continue_after_break`: the answer is
//!   continued in the same `agent_message` item; `retry_larger_output`, `retry_empty`: the call is made again) or null
//!   when the turn ends. The open `agent_message`/`reasoning` items are completed first with that
//!   `status` (except for `continue_text`), so every item that starts ends.
//! - `{"type":"turn.completed","turn","usage":{input_tokens,output_tokens,cache_read_tokens,cache_write_tokens},"cost_usd"}`
//!   — `usage` and `cost_usd` count every model call of the turn, failed and recovered ones too.
//! - `{"type":"turn.failed","turn","error":{"code","message"},"usage","cost_usd"}`
//! - `{"type":"context.compacted","tokens_before","tokens_after"}` — the conversation was summarised to
//!   fit the model's window (estimated tokens).
//! - `{"type":"error","message"}` — a failure outside a turn.
//! - `{"type":"question","question","options"}` — `run --ask-via-stdin` only (also without
//!   `--json`): the agent asks; the run waits for the answer on stdin (`options`, absent when
//!   free text is expected, lists the choices).
//!
//! Unset optional fields are `null`.

use serde::{Deserialize, Serialize};

use super::event::AgentEvent;
use super::outcome::TurnOutcome;
use super::recover::Recovery;
use crate::model::Usage;
use crate::session::TurnStatus;
use crate::tools::ExecutionStatus;

/// One line of `run --json` output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RunEvent {
    /// The session this run uses.
    #[serde(rename = "session.started")]
    SessionStarted {
        session_id: String,
        model: String,
        cwd: String,
        resumed: bool,
    },
    /// A turn began.
    #[serde(rename = "turn.started")]
    TurnStarted { turn: u32 },
    /// An item began.
    #[serde(rename = "item.started")]
    ItemStarted { item: Item },
    /// An item progressed (a streamed text fragment).
    #[serde(rename = "item.updated")]
    ItemUpdated { item: Item },
    /// An item finished.
    #[serde(rename = "item.completed")]
    ItemCompleted { item: Item },
    /// The router chose the turn's model.
    #[serde(rename = "router.decided")]
    RouterDecided {
        turn: u32,
        tier: Option<String>,
        model: String,
        resolved_from: String,
        reason: String,
        judge_called: bool,
    },
    /// The turn finished normally.
    #[serde(rename = "turn.completed")]
    TurnCompleted {
        turn: u32,
        usage: Usage,
        cost_usd: Option<f64>,
    },
    /// The turn failed, hit a limit, or was interrupted.
    #[serde(rename = "turn.failed")]
    TurnFailed {
        turn: u32,
        error: ErrorBody,
        usage: Usage,
        cost_usd: Option<f64>,
    },
    /// A model call moved along the router's fallback chain.
    #[serde(rename = "model.fallback")]
    ModelFallback {
        from: String,
        to: String,
        error: String,
    },
    /// A model call gave no reply the turn keeps; its tokens count, and `recovery` (when not null)
    /// says how the turn goes on.
    #[serde(rename = "model.call_ended")]
    ModelCallEnded {
        status: String,
        reason: String,
        recovery: Option<String>,
        model: String,
        usage: Usage,
    },
    /// The conversation was compacted.
    #[serde(rename = "context.compacted")]
    ContextCompacted {
        tokens_before: u64,
        tokens_after: u64,
    },
    /// A failure outside a turn.
    #[serde(rename = "error")]
    Error { message: String },
    /// `run --ask-via-stdin`: the agent asks; the answer is the next line of stdin.
    #[serde(rename = "question")]
    Question {
        question: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        options: Vec<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub code: String,
    pub message: String,
}

/// A unit of a turn's output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Item {
    pub id: String,
    #[serde(flatten)]
    pub details: ItemDetails,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ItemDetails {
    AgentMessage {
        text: Option<String>,
        delta: Option<String>,
        /// On `item.completed` of a message whose model call did not give a kept reply: `cut`,
        /// `failed` or `cancelled` (absent for a normal reply).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        status: Option<String>,
    },
    Reasoning {
        text: Option<String>,
        delta: Option<String>,
        /// As for `agent_message`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        status: Option<String>,
    },
    ToolCall {
        call_id: String,
        name: String,
        arguments: serde_json::Value,
        status: String,
        output: Option<String>,
        duration_ms: Option<u64>,
    },
    PermissionDenial {
        call_id: String,
        tool: String,
        reason: String,
    },
    TodoList {
        items: Vec<crate::session::TodoItem>,
    },
    Plan {
        text: String,
        path: Option<String>,
    },
    /// The files one tool call changed (a file tool's file, the text files a command changed).
    FileChange {
        call_id: String,
        changes: Vec<ChangedFile>,
    },
}

/// One file of a `file_change` item: `kind` is `created`, `edited` or `deleted`; `added` and
/// `removed` count lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChangedFile {
    pub path: String,
    pub kind: String,
    pub added: usize,
    pub removed: usize,
}

impl From<&crate::diff::FileChange> for ChangedFile {
    fn from(change: &crate::diff::FileChange) -> ChangedFile {
        let counts = change.counts();
        ChangedFile {
            path: change.path.clone(),
            kind: change.kind().verb().to_owned(),
            added: counts.added,
            removed: counts.removed,
        }
    }
}

/// Turns [`AgentEvent`]s into [`RunEvent`]s, numbering items.
#[derive(Debug, Default)]
pub struct JsonlEmitter {
    next_item: u64,
    /// The id of the run's `todo_list` item, once it has one.
    todo_list: Option<String>,
    message: Option<(String, String)>,
    reasoning: Option<(String, String)>,
}

fn status_name(status: &ExecutionStatus) -> &'static str {
    match status {
        ExecutionStatus::Completed => "completed",
        ExecutionStatus::Failed => "failed",
        ExecutionStatus::InvalidArguments(_) => "invalid_arguments",
        ExecutionStatus::UnknownTool => "unknown_tool",
        ExecutionStatus::Denied { .. } => "denied",
        ExecutionStatus::Cancelled => "cancelled",
    }
}

impl JsonlEmitter {
    fn id(&mut self) -> String {
        let id = format!("item_{}", self.next_item);
        self.next_item += 1;
        id
    }

    /// The lines for one agent event.
    pub fn on_event(&mut self, event: &AgentEvent) -> Vec<RunEvent> {
        match event {
            AgentEvent::UserMessage { turn, .. } => vec![RunEvent::TurnStarted { turn: *turn }],
            AgentEvent::TextDelta { text } => self.delta(text, false),
            AgentEvent::ThinkingDelta { text } => self.delta(text, true),
            AgentEvent::AssistantMessage { message, .. } => {
                // A reply with calls may have had them as text (`toolCallFormat: text`): the
                // item ends with the text that is left.
                if message.tool_calls().next().is_some()
                    && let Some((_, text)) = &mut self.message
                {
                    *text = message.text();
                }
                self.close(None)
            }
            AgentEvent::CallEnded {
                usage,
                model,
                status,
                reason,
                recovery,
            } => {
                // A continued answer goes on in the same item; anything else ends it here.
                let continued = matches!(
                    recovery,
                    Some(Recovery::ContinueText { .. } | Recovery::ContinueBroken { .. })
                );
                let mut out = if continued {
                    Vec::new()
                } else {
                    self.close(Some(status.as_str()))
                };
                out.push(RunEvent::ModelCallEnded {
                    status: status.as_str().to_owned(),
                    reason: reason.clone(),
                    recovery: recovery.map(|r| r.kind().to_owned()),
                    model: model.clone(),
                    usage: *usage,
                });
                out
            }
            AgentEvent::ToolStarted {
                call_id,
                name,
                arguments,
            } => {
                let id = format!("tool_{call_id}");
                vec![RunEvent::ItemStarted {
                    item: Item {
                        id,
                        details: ItemDetails::ToolCall {
                            call_id: call_id.clone(),
                            name: name.clone(),
                            arguments: arguments.clone(),
                            status: "in_progress".to_owned(),
                            output: None,
                            duration_ms: None,
                        },
                    },
                }]
            }
            AgentEvent::ToolFinished {
                call_id,
                name,
                arguments,
                status,
                summary,
                duration,
                changes,
                ..
            } => {
                let mut out = vec![RunEvent::ItemCompleted {
                    item: Item {
                        id: format!("tool_{call_id}"),
                        details: ItemDetails::ToolCall {
                            call_id: call_id.clone(),
                            name: name.clone(),
                            arguments: arguments.clone(),
                            status: status_name(status).to_owned(),
                            output: Some(summary.clone()),
                            duration_ms: Some(duration.as_millis() as u64),
                        },
                    },
                }];
                if !changes.is_empty() {
                    let id = self.id();
                    out.push(RunEvent::ItemCompleted {
                        item: Item {
                            id,
                            details: ItemDetails::FileChange {
                                call_id: call_id.clone(),
                                changes: changes.iter().map(ChangedFile::from).collect(),
                            },
                        },
                    });
                }
                if let ExecutionStatus::Denied { reason } = status {
                    let id = self.id();
                    out.push(RunEvent::ItemCompleted {
                        item: Item {
                            id,
                            details: ItemDetails::PermissionDenial {
                                call_id: call_id.clone(),
                                tool: name.clone(),
                                reason: reason.clone(),
                            },
                        },
                    });
                }
                out
            }
            AgentEvent::ToolResults { .. } => Vec::new(),
            AgentEvent::TodoUpdated { items } => {
                let id = match &self.todo_list {
                    Some(id) => id.clone(),
                    None => {
                        let id = self.id();
                        self.todo_list = Some(id.clone());
                        id
                    }
                };
                vec![RunEvent::ItemUpdated {
                    item: Item {
                        id,
                        details: ItemDetails::TodoList {
                            items: items.clone(),
                        },
                    },
                }]
            }
            AgentEvent::PlanProposed { text, path, .. } => vec![RunEvent::ItemCompleted {
                item: Item {
                    id: self.id(),
                    details: ItemDetails::Plan {
                        text: text.clone(),
                        path: path.as_ref().map(|p| p.display().to_string()),
                    },
                },
            }],
            AgentEvent::Compacted {
                tokens_before,
                tokens_after,
                ..
            } => vec![RunEvent::ContextCompacted {
                tokens_before: *tokens_before,
                tokens_after: *tokens_after,
            }],
            AgentEvent::FellBack { from, to, error } => vec![RunEvent::ModelFallback {
                from: from.clone(),
                to: to.clone(),
                error: error.clone(),
            }],
            AgentEvent::Routed {
                turn,
                tier,
                model,
                resolved_from,
                reason,
                judge_called,
            } => vec![RunEvent::RouterDecided {
                turn: *turn,
                tier: tier.clone(),
                model: model.clone(),
                resolved_from: resolved_from.clone(),
                reason: reason.clone(),
                judge_called: *judge_called,
            }],
        }
    }

    /// `item.completed` for the open message and reasoning items, with `status` when the call that
    /// streamed them gave no kept reply.
    fn close(&mut self, status: Option<&str>) -> Vec<RunEvent> {
        let mut out = Vec::new();
        for (slot, reasoning) in [(self.reasoning.take(), true), (self.message.take(), false)] {
            if let Some((id, text)) = slot {
                let status = status.map(str::to_owned);
                let details = if reasoning {
                    ItemDetails::Reasoning {
                        text: Some(text),
                        delta: None,
                        status,
                    }
                } else {
                    ItemDetails::AgentMessage {
                        text: Some(text),
                        delta: None,
                        status,
                    }
                };
                out.push(RunEvent::ItemCompleted {
                    item: Item { id, details },
                });
            }
        }
        out
    }

    fn delta(&mut self, text: &str, reasoning: bool) -> Vec<RunEvent> {
        let mut out = Vec::new();
        let slot_is_empty = if reasoning {
            self.reasoning.is_none()
        } else {
            self.message.is_none()
        };
        if slot_is_empty {
            let id = self.id();
            let details = if reasoning {
                ItemDetails::Reasoning {
                    text: Some(String::new()),
                    delta: None,
                    status: None,
                }
            } else {
                ItemDetails::AgentMessage {
                    text: Some(String::new()),
                    delta: None,
                    status: None,
                }
            };
            out.push(RunEvent::ItemStarted {
                item: Item {
                    id: id.clone(),
                    details,
                },
            });
            let slot = if reasoning {
                &mut self.reasoning
            } else {
                &mut self.message
            };
            *slot = Some((id, String::new()));
        }
        let slot = if reasoning {
            &mut self.reasoning
        } else {
            &mut self.message
        };
        if let Some((id, acc)) = slot {
            acc.push_str(text);
            let details = if reasoning {
                ItemDetails::Reasoning {
                    text: None,
                    delta: Some(text.to_owned()),
                    status: None,
                }
            } else {
                ItemDetails::AgentMessage {
                    text: None,
                    delta: Some(text.to_owned()),
                    status: None,
                }
            };
            out.push(RunEvent::ItemUpdated {
                item: Item {
                    id: id.clone(),
                    details,
                },
            });
        }
        out
    }

    /// The closing line of a turn.
    pub fn on_outcome(&self, outcome: &TurnOutcome) -> RunEvent {
        match (&outcome.status, &outcome.error) {
            (TurnStatus::Completed, _) | (_, None) => RunEvent::TurnCompleted {
                turn: outcome.turn,
                usage: outcome.usage,
                cost_usd: outcome.cost_usd,
            },
            (_, Some(e)) => RunEvent::TurnFailed {
                turn: outcome.turn,
                error: ErrorBody {
                    code: e.code().to_owned(),
                    message: e.to_string(),
                },
                usage: outcome.usage,
                cost_usd: outcome.cost_usd,
            },
        }
    }
}
