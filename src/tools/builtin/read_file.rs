//! `read_file`: text with `cat -n`-style line numbers, paged by `offset`/`limit`, streamed so a huge
//! file costs only the lines shown (plus a line count for files up to [`COUNT_LIMIT_BYTES`]).
//! Images (PNG, JPEG, GIF, WebP) and PDFs are returned as media the model sees (`read_media.rs`);
//! other binary files are refused, and so is anything but a regular file (a FIFO never blocks: the
//! file is opened once, as [`super::file_access`] says, and that open file is read). A successful read records the file in the session's read state, which
//! `write_file` and `edit_file` require.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use serde_json::{Value, json};

use super::input::{blocking, display, file_subject, finish, string, uint};
use crate::tools::{Error, PermissionSubject, Tool, ToolContext, ToolFuture, ToolOutput};

/// Lines returned when no `limit` is given.
const DEFAULT_LIMIT: u64 = 2_000;
/// Characters kept of one long line.
const MAX_LINE_CHARS: usize = 2_000;
/// Bytes of output at most, below the spill threshold so a read is never spilled.
const MAX_OUTPUT_BYTES: usize = 36_000;
/// Bytes of one line kept in memory; a multi-gigabyte single-line file is streamed past, not loaded.
const MAX_LINE_BYTES: usize = 64 * 1024;
/// Files larger than this are not counted to the end.
const COUNT_LIMIT_BYTES: u64 = 16 * 1024 * 1024;
/// Bytes inspected for a NUL to call a file binary.
const SNIFF_BYTES: usize = 8 * 1024;

pub struct ReadFileTool;

impl Tool for ReadFileTool {
    fn name(&self) -> &str {
        "read_file"
    }

    fn description(&self) -> &str {
        "Read a text file. Lines are numbered like `cat -n` (number, tab, text). Reads up to 2000 \
         lines from `offset` (1-based line number); use `offset` and `limit` to page through large \
         files. Images (PNG, JPEG, GIF, WebP) and PDFs are shown to you as media. Relative paths \
         start at the project root. A file must be read before write_file \
         overwrites it or edit_file changes it."
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Path of the file to read"},
                "offset": {"type": "integer", "minimum": 1, "description": "First line to read (1-based)"},
                "limit": {"type": "integer", "minimum": 1, "description": "Number of lines to read"}
            },
            "required": ["file_path"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self) -> bool {
        true
    }

    fn permission_subject(&self, input: &Value) -> PermissionSubject {
        file_subject(input, false)
    }

    fn call<'a>(&'a self, ctx: &'a ToolContext, input: Value) -> ToolFuture<'a> {
        Box::pin(async move { finish(read(ctx, &input).await) })
    }
}

struct Page {
    text: String,
    first: u64,
    last: u64,
    total: Option<u64>,
    has_more: bool,
}

async fn read(ctx: &ToolContext, input: &Value) -> Result<ToolOutput, Error> {
    let path = ctx.resolve(Path::new(string(input, "file_path").unwrap_or_default()));
    let offset = uint(input, "offset").unwrap_or(1).max(1);
    let limit = uint(input, "limit").unwrap_or(DEFAULT_LIMIT).max(1);
    let (owned, owned_ctx) = (path.clone(), ctx.clone());
    let (file, meta, media) = blocking(move || {
        let (file, meta) = super::file_access::open_read(&owned_ctx, &owned)?;
        let media = super::read_media::sniff_file(&file);
        Ok((file, meta, media))
    })
    .await?;
    if let Some(kind) = media {
        return super::read_media::read(ctx, &path, kind, file, meta.len()).await;
    }
    let owned = path.clone();
    let page = blocking(move || read_page(file, meta.len(), &owned, offset, limit)).await?;
    ctx.read_state.record(&path);
    let shown = display(ctx, &path);
    if page.last < page.first {
        let content = if page.first == 1 {
            "(the file is empty)".to_owned()
        } else {
            format!(
                "(the file has {} lines; offset {} is past the end)",
                page.total
                    .map_or_else(|| "fewer".to_owned(), |t| t.to_string()),
                page.first
            )
        };
        return Ok(ToolOutput::ok(content, format!("read {shown} (no lines)")));
    }
    let range = match page.total {
        Some(total) => format!("lines {}-{} of {total}", page.first, page.last),
        None => format!("lines {}-{}", page.first, page.last),
    };
    let mut content = page.text;
    if page.has_more {
        content.push_str(&format!(
            "\n[showing {range}; call read_file with offset={} to continue]",
            page.last + 1
        ));
    }
    Ok(ToolOutput::ok(content, format!("read {shown} ({range})")))
}

/// Reads one line (through `\n`) into `line`, keeping at most `cap` bytes of it; returns the bytes
/// consumed, 0 at the end of the file.
fn read_line_capped(
    reader: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> std::io::Result<usize> {
    let mut consumed = 0;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(consumed);
        }
        let (chunk, done) = match available.iter().position(|b| *b == b'\n') {
            Some(at) => (available.get(..=at).unwrap_or(available), true),
            None => (available, false),
        };
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(chunk.get(..room.min(chunk.len())).unwrap_or_default());
        let used = chunk.len();
        reader.consume(used);
        consumed += used;
        if done {
            return Ok(consumed);
        }
    }
}

fn read_page(file: File, len: u64, path: &Path, offset: u64, limit: u64) -> Result<Page, Error> {
    let mut reader = BufReader::with_capacity(64 * 1024, file);
    let head = reader.fill_buf().map_err(|e| Error::io("read", path, e))?;
    if head.iter().take(SNIFF_BYTES).any(|b| *b == 0) {
        return Err(Error::Binary {
            path: path.to_owned(),
            bytes: len,
        });
    }
    let mut text = String::new();
    let mut line = Vec::new();
    let mut number = 0u64;
    let mut last = offset - 1;
    let mut has_more = false;
    loop {
        line.clear();
        let n = read_line_capped(&mut reader, &mut line, MAX_LINE_BYTES)
            .map_err(|e| Error::io("read", path, e))?;
        if n == 0 {
            break;
        }
        number += 1;
        if number < offset {
            continue;
        }
        if number >= offset + limit || text.len() >= MAX_OUTPUT_BYTES {
            has_more = true;
            break;
        }
        let decoded = String::from_utf8_lossy(&line);
        let decoded = decoded.trim_end_matches(['\n', '\r']);
        let mut shown: String = decoded.chars().take(MAX_LINE_CHARS).collect();
        if shown.len() < decoded.len() {
            shown.push_str(" … [line truncated]");
        }
        text.push_str(&format!("{number:>6}\t{shown}\n"));
        last = number;
    }
    let total = if !has_more {
        Some(number)
    } else if len <= COUNT_LIMIT_BYTES {
        let mut rest = 0u64;
        loop {
            line.clear();
            let n = read_line_capped(&mut reader, &mut line, 0)
                .map_err(|e| Error::io("read", path, e))?;
            if n == 0 {
                break;
            }
            rest += 1;
        }
        // The line that stopped the page was read but not shown.
        Some(number + rest)
    } else {
        None
    };
    if text.ends_with('\n') {
        text.pop();
    }
    Ok(Page {
        text,
        first: offset,
        last,
        total,
        has_more,
    })
}
