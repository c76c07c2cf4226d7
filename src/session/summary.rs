//! [`SessionSummary`]: what the index knows about one transcript, computed from its records alone, so
//! the index can always be rebuilt from the files.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::transcript::{Record, SessionId};
use crate::model::{ContentBlock, Role, ToolResultContent};

/// Longest title derived from the first prompt.
const TITLE_CHARS: usize = 80;
/// Characters of one tool result put in the full-text index.
const INDEXED_TOOL_RESULT_CHARS: usize = 2_000;

/// One session as `session list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionSummary {
    pub id: SessionId,
    pub title: String,
    /// The project's directory.
    pub project: PathBuf,
    #[serde(skip)]
    pub project_key: String,
    pub model: String,
    pub turns: u32,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cost_usd: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub path: PathBuf,
}

/// One searchable piece of a transcript.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Passage {
    pub turn: u32,
    pub role: &'static str,
    pub text: String,
}

/// Summarises a transcript; `None` when it has no session header.
pub(crate) fn summarize(
    path: PathBuf,
    project_key: &str,
    records: &[Record],
) -> Option<SessionSummary> {
    let Some(Record::Session {
        id,
        cwd,
        model,
        created_at,
        ..
    }) = records.first()
    else {
        return None;
    };
    let mut summary = SessionSummary {
        id: id.clone(),
        title: String::new(),
        project: cwd.clone(),
        project_key: project_key.to_owned(),
        model: model.clone(),
        turns: 0,
        input_tokens: 0,
        output_tokens: 0,
        cost_usd: None,
        created_at: *created_at,
        updated_at: *created_at,
        path,
    };
    let mut named = None;
    // Turns that recorded their end (whose usage is the whole turn's), and what the model calls
    // of the others used: a run killed mid-turn has no `turn_end`, yet its calls were made.
    let mut ended = std::collections::HashSet::new();
    let mut unended: std::collections::BTreeMap<u32, (u64, u64)> = Default::default();
    let mut call = |turn: u32, usage: &crate::model::Usage| {
        let used = unended.entry(turn).or_default();
        used.0 += usage.input_tokens;
        used.1 += usage.output_tokens;
    };
    for record in records {
        let at = match record {
            Record::User { turn, message, at } => {
                summary.turns = summary.turns.max(*turn);
                if summary.title.is_empty() {
                    summary.title = title_from_prompt(&message.text());
                }
                Some(at)
            }
            Record::TurnEnd {
                turn,
                usage,
                cost_usd,
                at,
                ..
            } => {
                ended.insert(*turn);
                summary.input_tokens += usage.input_tokens;
                summary.output_tokens += usage.output_tokens;
                if let Some(c) = cost_usd {
                    *summary.cost_usd.get_or_insert(0.0) += c;
                }
                Some(at)
            }
            Record::Title { title, at } => {
                named = Some(title.clone());
                Some(at)
            }
            Record::Assistant {
                turn, usage, at, ..
            }
            | Record::ModelCall {
                turn, usage, at, ..
            } => {
                call(*turn, usage);
                Some(at)
            }
            Record::ToolResults { at, .. }
            | Record::Denial { at, .. }
            | Record::TodoList { at, .. }
            | Record::Compaction { at, .. } => Some(at),
            Record::Session { .. } | Record::Subagent { .. } | Record::Unknown => None,
        };
        if let Some(at) = at {
            summary.updated_at = summary.updated_at.max(*at);
        }
    }
    for (turn, (input, output)) in unended {
        if !ended.contains(&turn) {
            summary.input_tokens += input;
            summary.output_tokens += output;
        }
    }
    if let Some(title) = named {
        summary.title = title;
    }
    Some(summary)
}

/// The first line of a prompt, shortened: the title until a better one exists.
pub fn title_from_prompt(prompt: &str) -> String {
    let line = prompt.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let line = line.trim();
    if line.chars().count() <= TITLE_CHARS {
        return line.to_owned();
    }
    let mut short: String = line.chars().take(TITLE_CHARS - 1).collect();
    short.push('…');
    short
}

/// The searchable text of a transcript: user input, assistant text, and the start of tool results.
pub(crate) fn passages(records: &[Record]) -> Vec<Passage> {
    let mut out = Vec::new();
    for record in records {
        let (turn, message) = match record {
            Record::User { turn, message, .. }
            | Record::Assistant { turn, message, .. }
            | Record::ToolResults { turn, message, .. } => (*turn, message),
            Record::Title { title, .. } => {
                out.push(Passage {
                    turn: 0,
                    role: "title",
                    text: title.clone(),
                });
                continue;
            }
            _ => continue,
        };
        let role = match message.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
        };
        let text: Vec<String> = message
            .content
            .iter()
            .filter_map(|b| match b {
                ContentBlock::Text { text } => Some(text.clone()),
                ContentBlock::ToolResult { content, .. } => Some(
                    ToolResultContent::joined_text(content)
                        .chars()
                        .take(INDEXED_TOOL_RESULT_CHARS)
                        .collect(),
                ),
                _ => None,
            })
            .filter(|t| !t.trim().is_empty())
            .collect();
        if !text.is_empty() {
            out.push(Passage {
                turn,
                role,
                text: text.join("\n"),
            });
        }
    }
    out
}
