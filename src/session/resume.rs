//! Rebuilding the model-visible conversation from a transcript.
//!
//! Complete turns are replayed as recorded. A turn without a `turn_end` (the process was killed or
//! crashed) keeps its user input and every assistant message whose tool calls all got results; an
//! assistant message with unanswered calls is dropped, so calls and results always stay paired. Such
//! a turn is closed with a short assistant note saying it was interrupted, so the model knows and the
//! roles keep alternating.
//!
//! A compaction record is a boundary: the history restarts from its replacement messages (summary plus
//! the newest messages kept verbatim), so resume never replays what compaction removed.

use std::collections::HashSet;

use super::transcript::Record;
use crate::model::{ContentBlock, Message, Role};

/// The note that closes an interrupted turn.
pub const INTERRUPTED_NOTE: &str =
    "[This turn was interrupted before it finished; its remaining work was not done.]";

/// The conversation so far, and the number of the last turn.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    pub messages: Vec<Message>,
    pub last_turn: u32,
    /// True when the last turn had no end record.
    pub interrupted: bool,
}

/// Builds the history from a transcript's records.
pub fn rebuild(records: &[Record]) -> History {
    let mut messages: Vec<Message> = Vec::new();
    let mut pending: Vec<Message> = Vec::new();
    let mut last_turn = 0;
    let mut open = false;
    for record in records {
        match record {
            Record::User { turn, message, .. } => {
                if open {
                    close_interrupted(&mut messages, &mut pending);
                }
                pending.push(message.clone());
                last_turn = *turn;
                open = true;
            }
            Record::Assistant { message, .. } | Record::ToolResults { message, .. } => {
                pending.push(message.clone());
            }
            Record::TurnEnd { .. } => {
                messages.append(&mut pairable(std::mem::take(&mut pending)));
                open = false;
            }
            // The replacement already holds everything before the boundary, including the open
            // turn's messages so far; later records of that turn append to it.
            Record::Compaction { messages: m, .. } => {
                messages = m.clone();
                pending.clear();
            }
            Record::Session { .. }
            | Record::Denial { .. }
            | Record::ModelCall { .. }
            | Record::Title { .. }
            | Record::Subagent { .. }
            | Record::TodoList { .. }
            | Record::Unknown => {}
        }
    }
    let interrupted = open;
    if open {
        close_interrupted(&mut messages, &mut pending);
    }
    History {
        messages,
        last_turn,
        interrupted,
    }
}

fn close_interrupted(messages: &mut Vec<Message>, pending: &mut Vec<Message>) {
    messages.append(&mut pairable(std::mem::take(pending)));
    match messages.last_mut() {
        Some(last) if last.role == Role::Assistant => {
            last.content.push(ContentBlock::text(INTERRUPTED_NOTE))
        }
        _ => messages.push(Message::assistant(INTERRUPTED_NOTE)),
    }
}

/// Drops assistant messages whose tool calls were not all answered by the following tool message,
/// and tool messages that answer nothing.
fn pairable(turn: Vec<Message>) -> Vec<Message> {
    let mut out: Vec<Message> = Vec::with_capacity(turn.len());
    let mut iter = turn.into_iter().peekable();
    while let Some(message) = iter.next() {
        match message.role {
            Role::Assistant => {
                let calls: HashSet<String> =
                    message.tool_calls().map(|c| c.id.to_owned()).collect();
                if calls.is_empty() {
                    out.push(message);
                    continue;
                }
                let answered: HashSet<String> = match iter.peek() {
                    Some(next) if next.role == Role::Tool => next
                        .content
                        .iter()
                        .filter_map(|b| match b {
                            ContentBlock::ToolResult { call_id, .. } => Some(call_id.clone()),
                            _ => None,
                        })
                        .collect(),
                    _ => HashSet::new(),
                };
                if calls.is_subset(&answered) {
                    out.push(message);
                    if let Some(results) = iter.next() {
                        out.push(results);
                    }
                } else if iter.peek().is_some_and(|n| n.role == Role::Tool) {
                    iter.next();
                }
            }
            Role::Tool => {}
            Role::User => out.push(message),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Usage;
    use chrono::Utc;
    use serde_json::json;

    fn user(turn: u32, text: &str) -> Record {
        Record::User {
            turn,
            message: Message::user(text),
            at: Utc::now(),
        }
    }

    fn assistant(turn: u32, content: Vec<ContentBlock>) -> Record {
        Record::Assistant {
            turn,
            message: Message {
                role: Role::Assistant,
                content,
            },
            model: "m".into(),
            usage: Usage::default(),
            at: Utc::now(),
        }
    }

    fn call(id: &str) -> ContentBlock {
        ContentBlock::ToolCall {
            id: id.into(),
            name: "read_file".into(),
            arguments: json!({"path": "a"}),
        }
    }

    fn results(turn: u32, ids: &[&str]) -> Record {
        Record::ToolResults {
            turn,
            message: Message::tool_results(
                ids.iter()
                    .map(|i| ContentBlock::tool_result(*i, "ok", false))
                    .collect(),
            ),
            at: Utc::now(),
        }
    }

    fn end(turn: u32) -> Record {
        Record::TurnEnd {
            turn,
            status: super::super::transcript::TurnStatus::Completed,
            usage: Usage::default(),
            cost_usd: None,
            duration_ms: 1,
            error: None,
            at: Utc::now(),
        }
    }

    /// The rebuilt history is marked interrupted and its messages have these roles.
    fn assert_interrupted_with(h: &History, roles: &[Role]) {
        assert!(h.interrupted);
        let got: Vec<Role> = h.messages.iter().map(|m| m.role).collect();
        assert_eq!(got, roles);
    }

    #[test]
    fn complete_turns_replay_as_recorded() {
        let h = rebuild(&[
            user(1, "hi"),
            assistant(1, vec![call("c1")]),
            results(1, &["c1"]),
            assistant(1, vec![ContentBlock::text("done")]),
            end(1),
        ]);
        assert_eq!(h.messages.len(), 4);
        assert!(!h.interrupted);
        assert_eq!(h.last_turn, 1);
    }

    #[test]
    fn interrupted_turn_keeps_input_and_complete_pairs_only() {
        let h = rebuild(&[
            user(1, "first"),
            assistant(1, vec![ContentBlock::text("ok")]),
            end(1),
            user(2, "second"),
            assistant(2, vec![call("a")]),
            results(2, &["a"]),
            assistant(2, vec![call("b"), call("c")]),
            results(2, &["b"]),
        ]);
        assert_interrupted_with(
            &h,
            &[
                Role::User,
                Role::Assistant,
                Role::User,
                Role::Assistant,
                Role::Tool,
                Role::Assistant,
            ],
        );
        assert_eq!(h.messages[5].text(), INTERRUPTED_NOTE);
        assert_eq!(
            h.messages[3].tool_calls().count(),
            1,
            "only the answered call survives"
        );
    }

    #[test]
    fn resume_starts_at_the_last_compaction() {
        let h = rebuild(&[
            user(1, "old"),
            assistant(1, vec![ContentBlock::text("old answer")]),
            end(1),
            Record::Compaction {
                turn: 1,
                messages: vec![Message::user("summary"), Message::assistant("ok")],
                tokens_before: 10,
                tokens_after: 2,
                at: Utc::now(),
            },
            user(2, "new"),
            assistant(2, vec![ContentBlock::text("new answer")]),
            end(2),
        ]);
        let texts: Vec<String> = h.messages.iter().map(Message::text).collect();
        assert_eq!(texts, ["summary", "ok", "new", "new answer"]);
        assert_eq!(h.last_turn, 2);
    }

    #[test]
    fn a_turn_killed_after_a_mid_turn_compaction_resumes_from_the_boundary() {
        let h = rebuild(&[
            user(1, "big task"),
            assistant(1, vec![call("a")]),
            results(1, &["a"]),
            Record::Compaction {
                turn: 1,
                messages: vec![
                    Message::user("summary; request: big task"),
                    Message {
                        role: Role::Assistant,
                        content: vec![call("a")],
                    },
                    Message::tool_results(vec![ContentBlock::tool_result("a", "ok", false)]),
                ],
                tokens_before: 10,
                tokens_after: 5,
                at: Utc::now(),
            },
            assistant(1, vec![call("b")]),
            results(1, &["b"]),
            assistant(1, vec![call("c")]),
        ]);
        assert_interrupted_with(
            &h,
            &[
                Role::User,
                Role::Assistant,
                Role::Tool,
                Role::Assistant,
                Role::Tool,
                Role::Assistant,
            ],
        );
        assert_eq!(h.messages[0].text(), "summary; request: big task");
        assert_eq!(
            h.messages[5].text(),
            INTERRUPTED_NOTE,
            "the unanswered call is dropped"
        );
    }

    #[test]
    fn a_turn_killed_before_any_reply_keeps_its_input() {
        let h = rebuild(&[user(1, "do it")]);
        assert_eq!(h.messages.len(), 2);
        assert_eq!(h.messages[0].text(), "do it");
        assert_eq!(h.messages[1].role, Role::Assistant);
    }
}
