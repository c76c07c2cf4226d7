//! `edit_file`: replace an exact string in a file. Zero matches fail, several matches fail unless
//! `replace_all` is set, and an empty `old_string` creates a new file (or fills an empty one). Like
//! `write_file`, changing an existing file requires that it was read in this session.

use std::path::Path;

use serde_json::{Value, json};

use super::input::{blocking, display, file_subject, finish, flag, string};
use super::write_file::{check_fresh, write_preserving_mode};
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

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(edit(ctx, &input).await) })
    }
}

async fn edit(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let path = ctx.resolve(Path::new(string(input, "file_path").unwrap_or_default()));
    let old = string(input, "old_string").unwrap_or_default().to_owned();
    let new = string(input, "new_string").unwrap_or_default().to_owned();
    let replace_all = flag(input, "replace_all");
    let shown = display(ctx, &path);

    if old.is_empty() {
        let existing = std::fs::metadata(&path).ok();
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(Error::IsDirectory { path });
        }
        if existing.is_some_and(|m| m.len() > 0) {
            return Err(Error::AlreadyExists { path });
        }
        let owned = path.clone();
        blocking(move || write_preserving_mode(&owned, new.as_bytes())).await?;
        ctx.read_state.record(&path);
        return Ok(ToolOutput::ok(
            format!("created {shown}"),
            format!("created {shown}"),
        ));
    }
    if !path.exists() {
        return Err(Error::NotFound { path });
    }
    check_fresh(ctx, &path)?;
    if old == new {
        return Err(Error::NoChange { path });
    }
    let owned = path.clone();
    let count = blocking(move || {
        let bytes = std::fs::read(&owned).map_err(|e| Error::io("read", &owned, e))?;
        let text = String::from_utf8(bytes).map_err(|e| Error::Binary {
            path: owned.clone(),
            bytes: e.as_bytes().len() as u64,
        })?;
        let count = text.matches(old.as_str()).count();
        match count {
            0 => return Err(Error::NoMatch { path: owned }),
            1 => {}
            n if !replace_all => {
                return Err(Error::AmbiguousMatch {
                    path: owned,
                    count: n,
                });
            }
            _ => {}
        }
        let updated = if replace_all {
            text.replace(old.as_str(), &new)
        } else {
            text.replacen(old.as_str(), &new, 1)
        };
        write_preserving_mode(&owned, updated.as_bytes())?;
        Ok(count)
    })
    .await?;
    ctx.read_state.record(&path);
    let what = if count == 1 {
        "1 occurrence".to_owned()
    } else {
        format!("{count} occurrences")
    };
    Ok(ToolOutput::ok(
        format!("edited {shown}: replaced {what}"),
        format!("edited {shown} ({what})"),
    ))
}
