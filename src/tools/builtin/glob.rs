//! `glob`: files whose path (relative to the search directory) matches a glob, gitignore-aware.
//! A pattern without `/` matches file names at any depth (`*.rs` means `**/*.rs`).

use globset::GlobBuilder;
use serde_json::{Value, json};

use super::input::{blocking, display, finish, path_or_root, path_subject, string};
use super::walk::{skipped_note, walker};
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

/// Paths returned at most.
const MAX_RESULTS: usize = 500;

pub struct GlobTool;

impl Tool for GlobTool {
    fn name(&self) -> &str {
        "glob"
    }

    fn description(&self) -> &str {
        "Find files by glob pattern (e.g. `**/*.rs`, `src/**/mod.rs`; `*.toml` matches at any \
         depth), skipping files ignored by .gitignore. Returns paths sorted by name, at most 500."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "Glob pattern relative to `path`"},
                "path": {"type": "string", "description": "Directory to search (default: project root)"}
            },
            "required": ["pattern"],
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
        Box::pin(async move { finish(glob(ctx, &input).await) })
    }
}

async fn glob(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let pattern = string(input, "pattern").unwrap_or_default().to_owned();
    let dir = ctx.resolve(&path_or_root(input, "path"));
    if !dir.is_dir() {
        return Err(Error::NotDirectory { path: dir });
    }
    let full = if pattern.contains('/') {
        pattern.trim_start_matches("./").to_owned()
    } else {
        format!("**/{pattern}")
    };
    let matcher = GlobBuilder::new(&full)
        .literal_separator(true)
        .build()
        .map_err(|e| Error::BadPattern {
            what: "glob",
            pattern: pattern.clone(),
            message: e.kind().to_string(),
        })?
        .compile_matcher();
    let owned = dir.clone();
    let (walk, skipped) = walker(&owned, ctx.policy.hidden());
    let mut found = blocking(move || {
        let mut found = Vec::new();
        for entry in walk.build().flatten() {
            if entry.file_type().is_some_and(|t| t.is_dir()) {
                continue;
            }
            if let Ok(rel) = entry.path().strip_prefix(&owned)
                && matcher.is_match(rel)
            {
                found.push(entry.into_path());
            }
        }
        Ok(found)
    })
    .await?;
    found.sort();
    let total = found.len();
    let mut lines: Vec<String> = found
        .iter()
        .take(MAX_RESULTS)
        .map(|p| display(ctx, p))
        .collect();
    if total > MAX_RESULTS {
        lines.push(format!(
            "[truncated: showing {MAX_RESULTS} of {total} files; use a narrower pattern or path]"
        ));
    }
    let content = if total == 0 {
        format!("no files match `{pattern}` in {}", display(ctx, &dir))
    } else {
        lines.join("\n")
    };
    let content = match skipped_note(&skipped) {
        Some(note) => format!("{content}\n{note}"),
        None => content,
    };
    Ok(ToolOutput::ok(
        content,
        format!("glob {pattern}: {total} files"),
    ))
}
