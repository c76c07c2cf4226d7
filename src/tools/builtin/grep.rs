//! `grep`: regular-expression search over file contents, gitignore-aware, walking in parallel with
//! the `ignore` crate ([`crate::walk`]) and matching with the `regex` crate (a whole-file check first, so files without
//! a match cost one pass). Binary files are skipped, and so are regular files with several hard
//! links: one may be a file outside the project reached through a link (the output says how many;
//! `read_file` on one explains). Results are sorted by path and capped.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use ignore::WalkState;
use ignore::overrides::OverrideBuilder;
use regex::bytes::{Regex, RegexBuilder};
use serde_json::{Value, json};

use super::input::{blocking, display, finish, flag, path_or_root, path_subject, string, uint};
use super::walk::{skipped_note, walker};
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

const DEFAULT_MAX_RESULTS: u64 = 200;
const MAX_MAX_RESULTS: u64 = 2_000;
/// Characters of a matching line shown.
const MAX_LINE_CHARS: usize = 300;
/// Output bytes at most, below the spill threshold.
const MAX_OUTPUT_BYTES: usize = 36_000;
/// Files larger than this are skipped.
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

pub struct GrepTool;

impl Tool for GrepTool {
    fn name(&self) -> &str {
        "grep"
    }

    fn description(&self) -> &str {
        "Search file contents with a regular expression (Rust regex syntax), skipping files ignored \
         by .gitignore and binary files. `output_mode`: `content` (default: `path:line:text`), \
         `files_with_matches` or `count`. Narrow with `path` (a file or directory) and `glob` \
         (e.g. `*.rs`). At most `max_results` lines or files are returned (default 200)."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "Regular expression"},
                "path": {"type": "string", "description": "File or directory to search (default: project root)"},
                "glob": {"type": "string", "description": "Only search files matching this glob, e.g. `*.rs`"},
                "case_insensitive": {"type": "boolean"},
                "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"]},
                "max_results": {"type": "integer", "minimum": 1, "maximum": MAX_MAX_RESULTS}
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
        Box::pin(async move { finish(grep(ctx, &input).await) })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Content,
    Files,
    Count,
}

struct FileHits {
    path: PathBuf,
    count: u64,
    lines: Vec<(u64, String)>,
}

async fn grep(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let pattern = string(input, "pattern").unwrap_or_default().to_owned();
    let root = ctx.resolve(&path_or_root(input, "path"));
    if !root.exists() {
        return Err(Error::NotFound { path: root });
    }
    let mode = match string(input, "output_mode") {
        Some("files_with_matches") => Mode::Files,
        Some("count") => Mode::Count,
        _ => Mode::Content,
    };
    let max = uint(input, "max_results")
        .unwrap_or(DEFAULT_MAX_RESULTS)
        .min(MAX_MAX_RESULTS) as usize;
    let regex = RegexBuilder::new(&pattern)
        .case_insensitive(flag(input, "case_insensitive"))
        .multi_line(true)
        .build()
        .map_err(|e| Error::BadPattern {
            what: "regular expression",
            pattern: pattern.clone(),
            message: e.to_string(),
        })?;
    let glob = string(input, "glob").map(str::to_owned);
    let owned = root.clone();
    let hidden = Arc::clone(ctx.policy.hidden());
    let (mut hits, linked, skipped) =
        blocking(move || search(&owned, &hidden, glob.as_deref(), &regex, max)).await?;
    hits.sort_by(|a, b| a.path.cmp(&b.path));
    let mut output = render(ctx, &pattern, mode, max, &hits);
    if linked > 0 {
        output.content.push_str(&format!(
            "\n[{linked} files with several hard links were not searched: each may be a file \
             outside the project; read_file on one says how to allow it]"
        ));
    }
    if let Some(note) = skipped_note(&skipped) {
        output.content.push('\n');
        output.content.push_str(&note);
    }
    Ok(output)
}

/// The hits, the count of files with several hard links left unsearched, and the walk's count of
/// skipped secret locations.
type Found = (Vec<FileHits>, usize, Arc<AtomicUsize>);

fn search(
    root: &Path,
    hidden: &Arc<crate::tools::sandbox::Secrets>,
    glob: Option<&str>,
    regex: &Regex,
    max: usize,
) -> Result<Found, Error> {
    let (mut builder, skipped) = walker(root, hidden);
    if let Some(glob) = glob {
        let bad = |e: ignore::Error| Error::BadPattern {
            what: "glob",
            pattern: glob.to_owned(),
            message: e.to_string(),
        };
        let overrides = OverrideBuilder::new(root)
            .add(glob)
            .and_then(|b| b.build())
            .map_err(bad)?;
        builder.overrides(overrides);
    }
    let hits = Mutex::new(Vec::new());
    let linked = AtomicUsize::new(0);
    builder.build_parallel().run(|| {
        let (hits, linked) = (&hits, &linked);
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return WalkState::Continue;
            };
            if !entry.file_type().is_some_and(|t| t.is_file()) {
                return WalkState::Continue;
            }
            if entry.metadata().is_ok_and(|m| m.nlink() > 1) {
                linked.fetch_add(1, Ordering::Relaxed);
            } else if let Some(found) = search_file(entry.path(), hidden, regex, max) {
                hits.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(found);
            }
            WalkState::Continue
        })
    });
    let hits = hits.into_inner().unwrap_or_else(PoisonError::into_inner);
    Ok((hits, linked.into_inner(), skipped))
}

/// The matches in the regular file at `path`, opened without following a final link nor blocking
/// on a FIFO, and skipped when what was opened is in a secret location (a directory on the way may
/// have been swapped for a link since the walk listed it).
fn search_file(
    path: &Path,
    hidden: &crate::tools::sandbox::Secrets,
    regex: &Regex,
    max: usize,
) -> Option<FileHits> {
    let file = crate::store::open_nonblocking(path, libc::O_NOFOLLOW).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_FILE_BYTES {
        return None;
    }
    if hidden.covering_file(&file).is_some() {
        return None;
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_FILE_BYTES), &mut bytes).ok()?;
    if bytes.iter().take(8 * 1024).any(|b| *b == 0) || !regex.is_match(&bytes) {
        return None;
    }
    let mut count = 0u64;
    let mut lines = Vec::new();
    for (index, line) in bytes.split(|b| *b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if regex.is_match(line) {
            count += 1;
            if lines.len() < max {
                let text = String::from_utf8_lossy(line);
                let mut shown: String = text.chars().take(MAX_LINE_CHARS).collect();
                if shown.len() < text.len() {
                    shown.push('…');
                }
                lines.push((index as u64 + 1, shown));
            }
        }
    }
    (count > 0).then(|| FileHits {
        path: path.to_owned(),
        count,
        lines,
    })
}

fn render(
    ctx: &ToolContext,
    pattern: &str,
    mode: Mode,
    max: usize,
    hits: &[FileHits],
) -> ToolOutput {
    let files = hits.len();
    let total: u64 = hits.iter().map(|h| h.count).sum();
    if files == 0 {
        return ToolOutput::ok(
            format!("no matches for `{pattern}`"),
            format!("grep {pattern}: no matches"),
        );
    }
    let mut out = String::new();
    let mut shown = 0usize;
    let mut truncated = false;
    'files: for hit in hits {
        let path = display(ctx, &hit.path);
        let rows: Vec<String> = match mode {
            Mode::Files => vec![path],
            Mode::Count => vec![format!("{path}:{}", hit.count)],
            Mode::Content => hit
                .lines
                .iter()
                .map(|(n, text)| format!("{path}:{n}:{text}"))
                .collect(),
        };
        for row in rows {
            if shown >= max || out.len() + row.len() > MAX_OUTPUT_BYTES {
                truncated = true;
                break 'files;
            }
            out.push_str(&row);
            out.push('\n');
            shown += 1;
        }
    }
    if mode == Mode::Content && hits.iter().any(|h| h.count as usize > h.lines.len()) {
        truncated = true;
    }
    if truncated {
        out.push_str(&format!(
            "[truncated: {total} matching lines in {files} files; showing the first {shown} \
             results — narrow with path, glob or a more specific pattern]"
        ));
    } else if out.ends_with('\n') {
        out.pop();
    }
    ToolOutput::ok(
        out,
        format!("grep {pattern}: {total} matches in {files} files"),
    )
}
