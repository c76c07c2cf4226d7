//! `exit_plan_mode`: the end of planning. The plan is saved under `<project>/.pilotdeck/plans/`
//! (created one folder at a time, never through a symlink: `crate::checkpoint::confine`)
//! (for a later `run --plan FILE`); then the person reviews it when there is one (chat): approved or
//! edited, the session leaves plan mode and the turn goes on; rejected, it stays in plan mode.
//! Where nobody reviews plans, the plan is the turn's answer and the turn ends.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::tools::permission::PermissionMode;
use crate::tools::{PlanReview, Tool, ToolContext, ToolEffect, ToolFuture, ToolOutput};

pub struct ExitPlanModeTool;

/// The tool's name, which the loop offers only in plan mode.
pub const EXIT_PLAN_MODE: &str = "exit_plan_mode";

impl Tool for ExitPlanModeTool {
    fn name(&self) -> &str {
        EXIT_PLAN_MODE
    }

    fn description(&self) -> &str {
        "End plan mode with your plan: markdown with a short summary and the numbered steps you \
         will take (files to change, how to verify). The user reviews it; once approved you may \
         make the changes."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "plan": {"type": "string", "description": "The plan, in markdown, with numbered steps"}
            },
            "required": ["plan"],
            "additionalProperties": false
        })
    }

    /// It writes only pilotdeck's own state (the saved plan).
    fn is_read_only(&self) -> bool {
        true
    }

    fn is_concurrency_safe(&self) -> bool {
        false
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let plan = input
                .get("plan")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .trim()
                .to_owned();
            if plan.is_empty() {
                return ToolOutput::error("`plan` is empty; write the plan's steps");
            }
            if ctx.policy.mode() != PermissionMode::Plan {
                return ToolOutput::error(
                    "the session is not in plan mode; carry on with the task",
                );
            }
            let root = ctx.workspace.root();
            let root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
            let path = plan_path(&root.join(".pilotdeck").join("plans"), &plan);
            // Never through a symlinked `.pilotdeck` or `plans`: that would write outside.
            let text = format!("{plan}\n");
            if let Err(r) = crate::checkpoint::confine::write(&root, &path, text.as_bytes(), 0o600)
            {
                return ToolOutput::error(format!(
                    "cannot save the plan to {}: {}",
                    r.path.display(),
                    r.reason
                ));
            }
            let shown = path.display();
            let review = match &ctx.user {
                Some(user) => user.review_plan(&plan).await,
                None => None,
            };
            let (content, text) = match review {
                None => {
                    return ToolOutput::ok(
                        format!("The plan was saved to {shown}; it is this turn's answer."),
                        format!("plan saved to {shown}"),
                    )
                    .with_effect(ToolEffect::Plan {
                        text: plan,
                        path: Some(path),
                        ends_turn: true,
                    });
                }
                Some(PlanReview::Rejected(reason)) => {
                    let reason = reason.map(|r| format!(": {r}")).unwrap_or_default();
                    return ToolOutput::ok(
                        format!(
                            "The user rejected the plan{reason}. You are still in plan mode: \
                             make no changes. Stop here and reply briefly, or revise the plan \
                             if the user said how."
                        ),
                        "plan rejected",
                    );
                }
                Some(PlanReview::Approved) => (
                    "The user approved the plan. Carry it out now, keeping the to-do list with \
                     `todo_write`."
                        .to_owned(),
                    plan,
                ),
                Some(PlanReview::Edited(edited)) => {
                    if let Err(e) =
                        crate::store::write_atomic(&path, format!("{edited}\n").as_bytes())
                    {
                        return ToolOutput::error(format!("cannot save the edited plan: {e}"));
                    }
                    (
                        format!(
                            "The user edited the plan and approved their version. Carry out this \
                             plan now, keeping the to-do list with `todo_write`:\n\n{edited}"
                        ),
                        edited,
                    )
                }
            };
            let mode = ctx.policy.leave_plan();
            ToolOutput::ok(
                format!(
                    "{content}\n(The session is now in {mode} mode; the plan is saved at {shown}.)"
                ),
                format!("plan approved; now in {mode} mode"),
            )
            .with_effect(ToolEffect::Plan {
                text,
                path: Some(path),
                ends_turn: false,
            })
        })
    }
}

/// `<dir>/<ulid>-<slug>.md`, the slug from the plan's first line (its title): new plans sort last.
fn plan_path(dir: &Path, plan: &str) -> PathBuf {
    let title = plan
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("plan");
    let mut slug = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
        if slug.chars().count() >= 40 {
            break;
        }
    }
    let slug = slug.trim_matches('-');
    let id = ulid::Ulid::generate().to_string().to_lowercase();
    if slug.is_empty() {
        dir.join(format!("{id}.md"))
    } else {
        dir.join(format!("{id}-{slug}.md"))
    }
}

#[cfg(test)]
mod tests {
    use super::plan_path;
    use std::path::Path;

    #[test]
    fn plan_files_are_named_by_id_and_title() {
        let path = plan_path(Path::new("/p"), "\n# Add the --retry flag!\n1. x");
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(name.ends_with("-add-the-retry-flag.md"), "{name}");
        assert_eq!(name.len(), 26 + "-add-the-retry-flag.md".len());
    }
}
