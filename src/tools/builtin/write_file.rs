//! `write_file`: create a file or replace its content. Replacing an existing file requires that it was
//! read in this session and has not changed since, so the model never clobbers what it has not seen.
//! The write is atomic; an existing file keeps its permission bits, a new one gets 0644. Inside the
//! project nothing is read or written through a symbolic link ([`super::file_access`]).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::input::{blocking, display, file_subject, finish, string};
use crate::diff::FileChange;
use crate::tools::{
    Error, FileStamp, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput,
};

pub struct WriteFileTool;

impl Tool for WriteFileTool {
    fn name(&self) -> &str {
        "write_file"
    }

    fn description(&self) -> &str {
        "Create a file, or replace the whole content of an existing one (read it with read_file \
         first). Parent directories are created. Prefer edit_file for changes to part of a file."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Path of the file to write"},
                "content": {"type": "string", "description": "The complete new content"}
            },
            "required": ["file_path", "content"],
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
        let content = string(input, "content").unwrap_or_default();
        Some(plan(ctx, input).map(|planned| planned.change(ctx, content)))
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(write(ctx, &input).await) })
    }
}

/// What a call will do, computed once: by the approval preview and by the call itself.
struct Planned {
    path: PathBuf,
    /// The file's text now (lossy for a binary file); `None` when it does not exist.
    before: Option<String>,
}

impl Planned {
    fn change(&self, ctx: &ToolContext, content: &str) -> FileChange {
        FileChange {
            path: display(ctx, &self.path),
            before: self.before.clone(),
            after: Some(content.to_owned()),
        }
    }
}

/// Checks the call (blocking file-system work); the new text is the `content` argument.
fn plan(ctx: &ToolContext, input: &Value) -> Result<Planned, Error> {
    let path = super::file_access::write_target(
        ctx,
        Path::new(string(input, "file_path").unwrap_or_default()),
    )?;
    if !path.exists() {
        return Ok(Planned { path, before: None });
    }
    check_fresh(ctx, &path)?;
    let bytes = super::file_access::read_all(ctx, &path)?;
    Ok(Planned {
        before: Some(String::from_utf8_lossy(&bytes).into_owned()),
        path,
    })
}

async fn write(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let content = string(input, "content").unwrap_or_default().to_owned();
    let lines = content.lines().count();
    let (owned_ctx, owned_input, owned_content) = (ctx.clone(), input.clone(), content.clone());
    let planned = blocking(move || {
        let planned = plan(&owned_ctx, &owned_input)?;
        super::file_access::write(&owned_ctx, &planned.path, owned_content.as_bytes())?;
        Ok(planned)
    })
    .await?;
    ctx.read_state.record(&planned.path);
    let verb = if planned.before.is_some() {
        "replaced"
    } else {
        "created"
    };
    let shown = display(ctx, &planned.path);
    let change = planned.change(ctx, &content);
    Ok(ToolOutput::ok(
        format!("{verb} {shown} ({lines} lines)"),
        format!("{verb} {shown}"),
    )
    .with_change(change))
}

/// Fails unless `path` was read (or written) in this session and is unchanged since.
pub(super) fn check_fresh(ctx: &ToolContext, path: &Path) -> Result<(), Error> {
    if path.is_dir() {
        return Err(Error::IsDirectory {
            path: path.to_owned(),
        });
    }
    match ctx.read_state.recorded(path) {
        None => Err(Error::NotRead {
            path: path.to_owned(),
        }),
        Some(seen) if seen != FileStamp::of(path) => Err(Error::Stale {
            path: path.to_owned(),
        }),
        Some(_) => Ok(()),
    }
}
