//! `todo_write`: the session's to-do list, replaced whole on each call. The loop reports the new
//! list (chat's checklist, `run --json`'s `todo_list` item) and records it in the transcript.

use serde_json::{Value, json};

use crate::session::{TodoItem, TodoStatus};
use crate::tools::{Tool, ToolContext, ToolEffect, ToolFuture, ToolOutput};

pub struct TodoWriteTool;

impl Tool for TodoWriteTool {
    fn name(&self) -> &str {
        "todo_write"
    }

    fn description(&self) -> &str {
        "Keep the to-do list of a task with several steps, so the user can follow your progress. \
         Each call replaces the whole list: send every item, with its status `pending`, \
         `in_progress` (one item at a time) or `completed`. Mark an item completed as soon as it \
         is done. Skip it for a task of one or two simple steps."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "items": {
                    "type": "array",
                    "description": "The whole list, in order",
                    "items": {
                        "type": "object",
                        "properties": {
                            "content": {"type": "string", "description": "The step, imperative and short"},
                            "status": {"type": "string", "enum": ["pending", "in_progress", "completed"]}
                        },
                        "required": ["content", "status"],
                        "additionalProperties": false
                    }
                }
            },
            "required": ["items"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    /// Calls replace one list: they run one at a time, in order.
    fn is_concurrency_safe(&self) -> bool {
        false
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let items: Vec<TodoItem> =
                match serde_json::from_value(input.get("items").cloned().unwrap_or_default()) {
                    Ok(items) => items,
                    Err(e) => {
                        return ToolOutput::error(format!("`items` is not a to-do list: {e}"));
                    }
                };
            if let Some(empty) = items.iter().position(|i| i.content.trim().is_empty()) {
                return ToolOutput::error(format!(
                    "item {} has no content; say what the step is",
                    empty + 1
                ));
            }
            ctx.todos.set(items.clone());
            let count = |status| items.iter().filter(|i| i.status == status).count();
            let summary = format!(
                "{} items: {} done, {} in progress, {} pending",
                items.len(),
                count(TodoStatus::Completed),
                count(TodoStatus::InProgress),
                count(TodoStatus::Pending)
            );
            ToolOutput::ok(
                format!("The to-do list is updated ({summary}). Keep it current as you work."),
                summary,
            )
            .with_effect(ToolEffect::Todos(items))
        })
    }
}
