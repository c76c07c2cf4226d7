//! Compaction policy: when the conversation must shrink and how, as pure functions over messages.
//! The model call that writes the summary is the agent's (`agent::compact`); this module decides what
//! to trim, where to cut, what to ask for, and what replaces the old part.
//!
//! Budget = context window − reserved output. At [`TRIM_AT`] of the budget, old large tool results are
//! cut to short previews (the newest [`KEEP_WHOLE_RESULTS`] stay whole). At [`COMPACT_AT`], the older
//! part of the conversation is replaced by one structured summary (merging any earlier summary); the
//! newest ~[`KEEP_FRACTION`] is kept verbatim. The cut is only ever made before a user message or
//! before an assistant message — never between a tool call and its result — and the user's latest
//! request always survives, verbatim, in the tail or in the summary message.

use crate::model::{ContentBlock, Message, Role, ToolResultContent};

use super::estimate::{estimate_message, estimate_messages};

/// Fraction of the budget at which old tool results are trimmed.
pub(crate) const TRIM_AT: f64 = 0.80;
/// Fraction of the budget at which the conversation is summarised.
pub(crate) const COMPACT_AT: f64 = 0.90;
/// Fraction of the conversation (by tokens) kept verbatim.
pub(crate) const KEEP_FRACTION: f64 = 0.35;
/// Tool results kept whole when trimming.
pub(crate) const KEEP_WHOLE_RESULTS: usize = 3;
/// Tool results longer than this are trimmed.
const TRIM_OVER_CHARS: usize = 2_000;
/// What a trimmed result keeps.
const PREVIEW_CHARS: usize = 400;
/// Characters of one tool result shown to the summariser.
const SUMMARY_RESULT_CHARS: usize = 1_500;

/// The first line of a summary message; marks it for the next compaction and for people.
pub const SUMMARY_MARKER: &str =
    "[Summary of the earlier conversation, written by context compaction]";

/// The token budget of one model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Tokens the prompt may use: context window − reserved output.
    pub prompt_tokens: u64,
}

impl Budget {
    /// The budget for a window, reserving room for the answer (at most a quarter of the window).
    pub fn new(context_window: u64, max_output_tokens: u64) -> Budget {
        let reserved = max_output_tokens.min(context_window / 4);
        Budget {
            prompt_tokens: context_window.saturating_sub(reserved),
        }
    }

    /// What to do at `tokens` estimated prompt tokens.
    pub fn action(&self, tokens: u64) -> Action {
        let used = tokens as f64 / self.prompt_tokens.max(1) as f64;
        if used >= COMPACT_AT {
            Action::Summarize
        } else if used >= TRIM_AT {
            Action::Trim
        } else {
            Action::None
        }
    }
}

/// What the context needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    None,
    Trim,
    Summarize,
}

/// Cuts old large tool results to previews, keeping the newest few whole. Returns true if anything
/// changed.
pub fn trim_tool_results(messages: &mut [Message]) -> bool {
    let mut seen = 0;
    let mut changed = false;
    for message in messages.iter_mut().rev() {
        for block in message.content.iter_mut().rev() {
            let ContentBlock::ToolResult { content, .. } = block else {
                continue;
            };
            seen += 1;
            if seen <= KEEP_WHOLE_RESULTS {
                continue;
            }
            let text = ToolResultContent::joined_text(content);
            let total = text.chars().count();
            if total <= TRIM_OVER_CHARS {
                continue;
            }
            let preview: String = text.chars().take(PREVIEW_CHARS).collect();
            *content = vec![ToolResultContent::Text {
                text: format!(
                    "{preview}\n[… {} more characters trimmed by context compaction; run the tool again if you need them]",
                    total - PREVIEW_CHARS
                ),
            }];
            changed = true;
        }
    }
    changed
}

/// Where to cut: messages before the index are summarised, the rest kept. `None` when there is
/// nothing worth summarising (the whole conversation is one group).
pub fn split_point(messages: &[Message]) -> Option<usize> {
    let total = estimate_messages(messages);
    let keep = (total as f64 * KEEP_FRACTION) as u64;
    let mut kept = 0;
    let mut cut = messages.len();
    for (i, message) in messages.iter().enumerate().rev() {
        if kept >= keep {
            break;
        }
        kept += estimate_message(message);
        cut = i;
    }
    // A tool message belongs with the assistant message before it.
    while cut > 0 && cut < messages.len() && messages[cut].role == Role::Tool {
        cut -= 1;
    }
    // Keep at least the last group, summarise at least one message.
    if cut == messages.len() {
        cut = last_group_start(messages);
    }
    (cut > 0).then_some(cut)
}

fn last_group_start(messages: &[Message]) -> usize {
    let mut i = messages.len().saturating_sub(1);
    while i > 0 && messages[i].role == Role::Tool {
        i -= 1;
    }
    i
}

/// The latest user input (not tool results, not a summary).
fn last_user_request(messages: &[Message]) -> Option<&Message> {
    messages.iter().rev().find(|m| {
        m.role == Role::User && !m.text().starts_with(SUMMARY_MARKER) && !m.text().is_empty()
    })
}

/// The request text for the summarising model call: the old part rendered as a plain transcript.
pub fn summary_request(old: &[Message]) -> String {
    let mut text = String::from(
        "Summarise the conversation below so an agent can continue the work without it. \
If it starts with an earlier summary, merge that summary in; drop nothing that still matters. \
Write in the user's language, concisely, under these headings:\n\
## Objective\n## Current state\n## Done\n## Remaining\n## Decisions\n## Files\n## Findings\n## Errors\n## Open questions\n\n\
Reply with the summary only.\n\n<conversation>\n",
    );
    for message in old {
        let role = match message.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
        };
        for block in &message.content {
            match block {
                ContentBlock::Text { text: t } => {
                    text.push_str(&format!("[{role}] {t}\n"));
                }
                ContentBlock::ToolCall {
                    name, arguments, ..
                } => text.push_str(&format!("[{role} called {name}] {arguments}\n")),
                ContentBlock::ToolResult {
                    content, is_error, ..
                } => {
                    let body = ToolResultContent::joined_text(content);
                    let mut short: String = body.chars().take(SUMMARY_RESULT_CHARS).collect();
                    if short.len() < body.len() {
                        short.push('…');
                    }
                    let label = if *is_error {
                        "tool error"
                    } else {
                        "tool result"
                    };
                    text.push_str(&format!("[{label}] {short}\n"));
                }
                ContentBlock::MediaReference(media) => {
                    text.push_str(&format!("{}\n", media.placeholder()));
                }
                ContentBlock::Image { .. }
                | ContentBlock::Document(_)
                | ContentBlock::Thinking { .. } => {}
            }
        }
    }
    text.push_str("</conversation>");
    text
}

/// The new conversation: the summary message (with the latest user request if the tail lacks it),
/// then the kept tail. Roles keep alternating: a tail that starts with a user message gets a short
/// assistant acknowledgement in between.
pub fn replacement(summary: &str, old: &[Message], tail: &[Message]) -> Vec<Message> {
    let mut text = format!("{SUMMARY_MARKER}\n\n{}", summary.trim());
    if last_user_request(tail).is_none()
        && let Some(request) = last_user_request(old)
    {
        text.push_str(&format!(
            "\n\n## The user's latest request (verbatim)\n{}",
            request.text()
        ));
    }
    let mut out = vec![Message::user(text)];
    if tail.first().is_none_or(|m| m.role == Role::User) {
        out.push(Message::assistant(
            "Understood. I will continue from this summary.",
        ));
    }
    out.extend_from_slice(tail);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(id: &str) -> Message {
        Message {
            role: Role::Assistant,
            content: vec![ContentBlock::ToolCall {
                id: id.into(),
                name: "read_file".into(),
                arguments: json!({"path": "x"}),
            }],
        }
    }

    fn result(id: &str, text: &str) -> Message {
        Message::tool_results(vec![ContentBlock::tool_result(id, text, false)])
    }

    #[test]
    fn the_cut_never_separates_a_call_from_its_result() {
        let big = "x".repeat(4_000);
        let messages = vec![
            Message::user("please read"),
            call("a"),
            result("a", &big),
            call("b"),
            result("b", &big),
            Message::assistant("done"),
        ];
        let cut = split_point(&messages).unwrap();
        assert_ne!(messages[cut].role, Role::Tool);
        let tail = &messages[cut..];
        let new = replacement("S", &messages[..cut], tail);
        assert!(
            new[0].text().contains("please read"),
            "the request survives"
        );
        for (i, m) in new.iter().enumerate() {
            if m.role == Role::Tool {
                assert!(new[i - 1].tool_calls().count() > 0);
            }
        }
    }

    #[test]
    fn trimming_keeps_the_newest_results_whole() {
        let big = "y".repeat(5_000);
        let mut messages: Vec<Message> = (0..5)
            .flat_map(|i| [call(&i.to_string()), result(&i.to_string(), &big)])
            .collect();
        assert!(trim_tool_results(&mut messages));
        let sizes: Vec<usize> = messages
            .iter()
            .filter(|m| m.role == Role::Tool)
            .map(|m| format!("{:?}", m.content).len())
            .collect();
        assert!(sizes[0] < 1_000 && sizes[1] < 1_000);
        assert!(sizes[2] > 5_000 && sizes[4] > 5_000);
    }

    #[test]
    fn budget_thresholds() {
        let b = Budget::new(1_000, 10_000);
        assert_eq!(b.prompt_tokens, 750);
        assert_eq!(b.action(100), Action::None);
        assert_eq!(b.action(610), Action::Trim);
        assert_eq!(b.action(700), Action::Summarize);
    }
}
