//! `edit_file`: replace an exact string in a file. Zero matches fail, several matches fail unless
//! `replace_all` is set, and an empty `old_string` creates a new file (or fills an empty one). Like
//! `write_file`, changing an existing file requires that it was read in this session.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::input::{blocking, display, file_subject, finish, flag, string};
use super::write_file::check_fresh;
use crate::diff::FileChange;
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

pub struct EditFileTool;

impl Tool for EditFileTool {
    fn name(&self) -> &str {
        "edit_file"
    }

    fn description(&self) -> &str {
        "Replace `old_string` with `new_string` in a file. `old_string` must match the file exactly \
         (whitespace included) and exactly once, unless `replace_all` is true; include surrounding \
         lines to make it unique. An empty `old_string` creates a new file with `new_string` as its \
         content. Read the file with read_file first."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Path of the file to edit"},
                "old_string": {"type": "string", "description": "Exact text to replace; empty to create the file"},
                "new_string": {"type": "string", "description": "Replacement text"},
                "replace_all": {"type": "boolean", "description": "Replace every occurrence (default false)"}
            },
            "required": ["file_path", "old_string", "new_string"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        false
    }

    fn permission_subject(&self, input: &Value) -> PermissionSubject {
        file_subject(input, true)
    }

    fn preview(&self, ctx: &ToolContext, input: &Value) -> Option<Result<FileChange, Error>> {
        Some(plan(ctx, input).map(|planned| planned.change(ctx)))
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(edit(ctx, &input).await) })
    }
}

/// What a call will do to its file, computed once: by the approval preview and by the call itself.
struct Planned {
    path: PathBuf,
    /// The file's text now; `None` when it does not exist.
    before: Option<String>,
    after: String,
    /// Occurrences replaced; 0 when the call creates (or fills an empty) file.
    count: usize,
}

impl Planned {
    fn change(&self, ctx: &ToolContext) -> FileChange {
        FileChange {
            path: display(ctx, &self.path),
            before: self.before.clone(),
            after: Some(self.after.clone()),
        }
    }
}

/// Checks the call and computes the file's new text (blocking file-system work).
fn plan(ctx: &ToolContext, input: &Value) -> Result<Planned, Error> {
    let path = super::file_access::write_target(
        ctx,
        Path::new(string(input, "file_path").unwrap_or_default()),
    )?;
    let old = string(input, "old_string").unwrap_or_default();
    let new = string(input, "new_string").unwrap_or_default();
    let replace_all = flag(input, "replace_all");

    if old.is_empty() {
        let existing = std::fs::metadata(&path).ok();
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(Error::IsDirectory { path });
        }
        if existing.as_ref().is_some_and(|m| m.len() > 0) {
            return Err(Error::AlreadyExists { path });
        }
        return Ok(Planned {
            before: existing.map(|_| String::new()),
            path,
            after: new.to_owned(),
            count: 0,
        });
    }
    if !path.exists() {
        return Err(Error::NotFound { path });
    }
    check_fresh(ctx, &path)?;
    if old == new {
        return Err(Error::NoChange { path });
    }
    let bytes = super::file_access::read_all(ctx, &path)?;
    let text = String::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        path: path.clone(),
        bytes: e.as_bytes().len() as u64,
    })?;
    let count = text.matches(old).count();
    match count {
        0 => return Err(Error::NoMatch { path }),
        1 => {}
        n if !replace_all => return Err(Error::AmbiguousMatch { path, count: n }),
        _ => {}
    }
    let after = if replace_all {
        text.replace(old, new)
    } else {
        text.replacen(old, new, 1)
    };
    Ok(Planned {
        path,
        before: Some(text),
        after,
        count,
    })
}

async fn edit(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let (owned_ctx, owned_input) = (ctx.clone(), input.clone());
    let planned = blocking(move || {
        let planned = plan(&owned_ctx, &owned_input)?;
        super::file_access::write(&owned_ctx, &planned.path, planned.after.as_bytes())?;
        Ok(planned)
    })
    .await?;
    ctx.read_state.record(&planned.path);
    let shown = display(ctx, &planned.path);
    let change = planned.change(ctx);
    let output = match planned.count {
        0 => ToolOutput::ok(format!("created {shown}"), format!("created {shown}")),
        1 => ToolOutput::ok(
            format!("edited {shown}: replaced 1 occurrence"),
            format!("edited {shown} (1 occurrence)"),
        ),
        n => ToolOutput::ok(
            format!("edited {shown}: replaced {n} occurrences"),
            format!("edited {shown} ({n} occurrences)"),
        ),
    };
    Ok(output.with_change(change))
}
