//! The session's to-do list: [`TodoItem`]s the agent keeps with the `todo_write` tool (one list per
//! session, replaced whole on each call), recorded in the transcript as a `todo_list` record so a
//! resumed session starts from its last list; and [`todos_from_plan`], the steps of a saved plan
//! (`run --plan FILE`) as a pre-filled list.

use serde::{Deserialize, Serialize};

/// Where one item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TodoStatus {
    Pending,
    InProgress,
    Completed,
}

impl TodoStatus {
    /// The checkbox shown for the status: `[ ]`, `[~]`, `[x]`.
    pub fn mark(self) -> &'static str {
        match self {
            TodoStatus::Pending => "[ ]",
            TodoStatus::InProgress => "[~]",
            TodoStatus::Completed => "[x]",
        }
    }
}

/// One entry of the to-do list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TodoItem {
    pub content: String,
    pub status: TodoStatus,
}

/// The list as a compact checklist, one `[x] step` line per item.
pub fn checklist(items: &[TodoItem]) -> String {
    items
        .iter()
        .map(|i| format!("{} {}", i.status.mark(), i.content))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The last to-do list a transcript recorded, the one a resumed session starts from.
pub fn last_todos(records: &[super::Record]) -> Option<Vec<TodoItem>> {
    records.iter().rev().find_map(|r| match r {
        super::Record::TodoList { items, .. } => Some(items.clone()),
        _ => None,
    })
}

/// The steps of a plan written in markdown: its checklist items (`- [ ] step`, `- [x] done`) when
/// it has any, else its numbered steps (`1. step`, `2) step`); top-level items only (nested ones are
/// details of their step). Inline markup is kept as written.
pub fn todos_from_plan(markdown: &str) -> Vec<TodoItem> {
    let mut checks = Vec::new();
    let mut numbered = Vec::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        // Top level: at most three spaces of indentation, as markdown counts it.
        if in_fence || line.len() - line.trim_start().len() > 3 {
            continue;
        }
        let line = line.trim();
        if let Some(item) = checkbox(line) {
            checks.push(item);
        } else if let Some(step) = numbered_step(line) {
            numbered.push(TodoItem {
                content: step.to_owned(),
                status: TodoStatus::Pending,
            });
        }
    }
    if checks.is_empty() { numbered } else { checks }
}

/// `- [ ] text`, `* [x] text`, `1. [ ] text`.
fn checkbox(line: &str) -> Option<TodoItem> {
    let rest = line
        .strip_prefix(['-', '*', '+'])
        .or_else(|| numbered_step(line))?
        .trim_start();
    let (status, text) = if let Some(text) = rest.strip_prefix("[ ]") {
        (TodoStatus::Pending, text)
    } else if let Some(text) = rest
        .strip_prefix("[x]")
        .or_else(|| rest.strip_prefix("[X]"))
    {
        (TodoStatus::Completed, text)
    } else {
        return None;
    };
    let content = text.trim();
    (!content.is_empty()).then(|| TodoItem {
        content: content.to_owned(),
        status,
    })
}

/// The text of `12. text` or `3) text`.
fn numbered_step(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 9 {
        return None;
    }
    let rest = line[digits..].strip_prefix(['.', ')'])?;
    let text = rest.strip_prefix([' ', '\t'])?.trim();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(items: &[TodoItem]) -> Vec<(&str, TodoStatus)> {
        items
            .iter()
            .map(|i| (i.content.as_str(), i.status))
            .collect()
    }

    #[test]
    fn numbered_steps_become_pending_items() {
        let plan = "# Plan\n\nSome context.\n\n1. Read `src/lib.rs`\n   - a detail\n2) Add the flag\n10. Test it\n\n```\n3. not a step\n```\n";
        assert_eq!(
            contents(&todos_from_plan(plan)),
            vec![
                ("Read `src/lib.rs`", TodoStatus::Pending),
                ("Add the flag", TodoStatus::Pending),
                ("Test it", TodoStatus::Pending),
            ]
        );
    }

    #[test]
    fn a_checklist_wins_over_numbers_and_keeps_done_items() {
        let plan = "1. Context step\n\n- [x] Write the parser\n- [ ] Wire it in\n* [ ]   \n    - [ ] nested detail\n";
        assert_eq!(
            contents(&todos_from_plan(plan)),
            vec![
                ("Write the parser", TodoStatus::Completed),
                ("Wire it in", TodoStatus::Pending),
            ]
        );
    }

    #[test]
    fn prose_has_no_steps() {
        assert!(todos_from_plan("Just do it.\n2024 was a year.\n").is_empty());
        assert_eq!(
            checklist(&todos_from_plan("- [ ] a\n- [x] b")),
            "[ ] a\n[x] b"
        );
    }
}
