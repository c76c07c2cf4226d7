//! Small helpers shared by the builtins: typed access to already-validated arguments, running
//! blocking file-system work off the async threads, and showing paths relative to the project.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::tools::{Error, PermissionSubject, ToolContext, ToolOutput};

pub(super) fn string<'a>(input: &'a Value, key: &str) -> Option<&'a str> {
    input.get(key).and_then(Value::as_str)
}

pub(super) fn uint(input: &Value, key: &str) -> Option<u64> {
    input.get(key).and_then(Value::as_u64)
}

pub(super) fn flag(input: &Value, key: &str) -> bool {
    input.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// The path argument `key`, or the project root when absent.
pub(super) fn path_or_root(input: &Value, key: &str) -> PathBuf {
    PathBuf::from(string(input, key).unwrap_or("."))
}

/// The permission subject of a tool that reads under its `path` argument (the project root when
/// absent): `glob`, `grep`, `list_dir`.
pub(super) fn path_subject(input: &Value) -> PermissionSubject {
    PermissionSubject::Path {
        path: path_or_root(input, "path"),
        is_write: false,
    }
}

/// The permission subject of a tool on the one file its `file_path` argument names.
pub(super) fn file_subject(input: &Value, is_write: bool) -> PermissionSubject {
    PermissionSubject::Path {
        path: PathBuf::from(string(input, "file_path").unwrap_or_default()),
        is_write,
    }
}

/// Runs blocking work on tokio's blocking pool.
pub(super) async fn blocking<T, F>(work: F) -> Result<T, Error>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, Error> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| Error::Join {
            message: e.to_string(),
        })?
}

/// `path` relative to the project root when inside it, else absolute.
pub(super) fn display(ctx: &ToolContext, path: &Path) -> String {
    match path.strip_prefix(ctx.workspace.root()) {
        Ok(rel) if rel.as_os_str().is_empty() => ".".to_owned(),
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.display().to_string(),
    }
}

/// Turns a tool's result into its output.
pub(super) fn finish(result: Result<ToolOutput, Error>) -> ToolOutput {
    result.unwrap_or_else(|e| ToolOutput::error(e.to_string()))
}
