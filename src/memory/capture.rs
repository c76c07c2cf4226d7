//! Capture: after each `run`/`chat` turn the turn's text (or the whole session's, per
//! `captureStrategy`) is queued in `state.db` for `memory index`. Cheap and model-free: it never
//! delays the answer by more than one small SQLite write.

use super::Error;
use super::queue;
use super::space::Memory;
use crate::config::MemoryConfig;
use crate::home::Project;
use crate::model::{Message, Role};

/// The text to capture from `history`: from the turn's input on (`last_turn`) or all of it
/// (`full_session`); user text, and assistant text when `includeAssistant`; each message cut to
/// `maxMessageChars` characters. Tool calls and results are left out.
pub fn capture_text(settings: &MemoryConfig, history: &[Message], turn_start: usize) -> String {
    let from = if settings.capture_strategy == "full_session" {
        0
    } else {
        turn_start.min(history.len())
    };
    let max = settings.max_message_chars.max(1) as usize;
    let mut parts = Vec::new();
    for message in &history[from..] {
        let role = match message.role {
            Role::User => "user",
            Role::Assistant if settings.include_assistant => "assistant",
            Role::Assistant | Role::Tool => continue,
        };
        let text = message.text();
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let cut: String = text.chars().take(max).collect();
        parts.push(format!("{role}: {cut}"));
    }
    parts.join("\n\n")
}

/// Queues the turn, with whether `project` is trusted; `Ok(None)` when there was nothing to capture
/// or it repeats the last capture.
pub fn capture(
    memory: &Memory,
    (project, trusted): (&Project, bool),
    session: Option<&str>,
    turn: u32,
    history: &[Message],
    turn_start: usize,
) -> Result<Option<i64>, Error> {
    let text = capture_text(&memory.settings, history, turn_start);
    if text.is_empty() {
        return Ok(None);
    }
    let mut conn = memory.db()?;
    queue::enqueue(&mut conn, project, session, turn, (&text, trusted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_turn_keeps_the_turn_and_truncates() {
        let settings = MemoryConfig {
            max_message_chars: 5,
            ..MemoryConfig::default()
        };
        let history = [
            Message::user("old question"),
            Message::assistant("old answer"),
            Message::user("new question"),
            Message::assistant("new answer"),
        ];
        assert_eq!(
            capture_text(&settings, &history, 2),
            "user: new q\n\nassistant: new a"
        );
        let no_assistant = MemoryConfig {
            include_assistant: false,
            capture_strategy: "full_session".to_owned(),
            ..MemoryConfig::default()
        };
        assert_eq!(
            capture_text(&no_assistant, &history, 2),
            "user: old question\n\nuser: new question"
        );
    }
}
