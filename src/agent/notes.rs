//! What the model is told at the start of a turn besides its input, attached to the input in the
//! turn's requests (not to the history): that the session is in plan mode, and the to-do list the
//! session has (restored on resume, or pre-filled from a plan by `run --plan`).

use super::Agent;
use crate::tools::permission::PermissionMode;

const PLAN_MODE_NOTE: &str = "<plan-mode>\nThe session is in plan mode: you may read, search and \
run read-only commands, but not change files or run commands that change anything. Investigate, \
then call `exit_plan_mode` with your plan (markdown, numbered steps). Once the user approves it, \
carry it out.\n</plan-mode>";

impl Agent {
    /// The notes for a turn starting now; `None` when there is nothing to say.
    pub(super) fn turn_notes(&self) -> Option<String> {
        let mut notes = Vec::new();
        if self.tool_ctx.policy.mode() == PermissionMode::Plan {
            notes.push(PLAN_MODE_NOTE.to_owned());
        }
        let todos = self.tool_ctx.todos.get();
        if todos
            .iter()
            .any(|t| t.status != crate::session::TodoStatus::Completed)
        {
            notes.push(format!(
                "<todo-list>\nYour to-do list so far (keep it current with `todo_write`):\n{}\n</todo-list>",
                crate::session::checklist(&todos)
            ));
        }
        (!notes.is_empty()).then(|| notes.join("\n\n"))
    }
}

/// The recalled memory and the turn's notes, as one block attached to the input.
pub(super) fn join(recalled: Option<String>, notes: Option<String>) -> Option<String> {
    match (recalled, notes) {
        (Some(r), Some(n)) => Some(format!("{n}\n\n{r}")),
        (r, n) => r.or(n),
    }
}
