//! `list_dir`: the entries of one directory, sorted, directories marked with a trailing `/`.

use std::path::Path;

use serde_json::{Value, json};

use super::input::{blocking, display, finish, path_or_root, path_subject};
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

/// Entries listed at most.
const MAX_ENTRIES: usize = 1_000;

pub struct ListDirTool;

impl Tool for ListDirTool {
    fn name(&self) -> &str {
        "list_dir"
    }

    fn description(&self) -> &str {
        "List the entries of a directory (default: the project root), sorted; directories end with \
         `/` and symbolic links with `@`. Use glob to find files by pattern across directories."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Directory to list (default: project root)"}
            },
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    fn permission_subject(&self, input: &Value) -> PermissionSubject {
        path_subject(input)
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(list(ctx, &input).await) })
    }
}

async fn list(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let dir = ctx.resolve(&path_or_root(input, "path"));
    let owned = dir.clone();
    let mut entries = blocking(move || read_entries(&owned)).await?;
    let total = entries.len();
    entries.sort();
    entries.truncate(MAX_ENTRIES);
    let mut content = entries.join("\n");
    if total > MAX_ENTRIES {
        content.push_str(&format!(
            "\n[truncated: showing {MAX_ENTRIES} of {total} entries; use glob to narrow down]"
        ));
    }
    if total == 0 {
        content = "(the directory is empty)".to_owned();
    }
    let shown = display(ctx, &dir);
    Ok(ToolOutput::ok(
        content,
        format!("listed {shown} ({total} entries)"),
    ))
}

fn read_entries(dir: &Path) -> Result<Vec<String>, Error> {
    let read = std::fs::read_dir(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::NotFound {
            path: dir.to_owned(),
        },
        std::io::ErrorKind::NotADirectory => Error::NotDirectory {
            path: dir.to_owned(),
        },
        _ => Error::io("list", dir, e),
    })?;
    let mut entries = Vec::new();
    for entry in read {
        let entry = entry.map_err(|e| Error::io("list", dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry
            .file_type()
            .map_err(|e| Error::io("inspect", entry.path(), e))?;
        let suffix = if kind.is_symlink() {
            "@"
        } else if kind.is_dir() {
            "/"
        } else {
            ""
        };
        entries.push(format!("{name}{suffix}"));
    }
    Ok(entries)
}
