//! Large-result spill: a tool result over [`MAX_INLINE_BYTES`] or about [`MAX_INLINE_TOKENS`] tokens is
//! written to `<project>/.pilotdeck/tool-results/<id>.txt` and the model gets a head+tail preview plus
//! the path, which it can page with `read_file` or search with `grep`.
//!
//! The builtins cap their own output below the limit, so in practice this catches MCP tools and
//! other unbounded results. The directory gets a `.gitignore` of `*` so spills never show up in
//! `git status`. Inside the project, the directory and the file are created one component at a time,
//! never through a symlink (`crate::checkpoint::confine`): a `.pilotdeck` or `tool-results` the agent
//! swapped for a link out of the project is refused, not written through.

use std::path::{Path, PathBuf};

use super::{Error, ToolOutput};
use crate::store;

/// The directory under the project's `.pilotdeck/` the results go to. The sandbox's guard keeps
/// `.pilotdeck/` but not the files in here (`tools::sandbox::guard`): a large result must not
/// stop every later command.
pub const DIR_NAME: &str = "tool-results";

pub const MAX_INLINE_BYTES: usize = 200_000;
pub const MAX_INLINE_TOKENS: usize = 10_000;
/// Bytes of the start and of the end shown in the preview.
const PREVIEW_HEAD: usize = 8_000;
const PREVIEW_TAIL: usize = 2_000;

/// A cheap token estimate: about 4 bytes per token for ASCII, one token per other character (CJK
/// text is close to one token per character, and this errs on the side of spilling).
pub fn estimate_tokens(text: &str) -> usize {
    let (ascii, other) = text.chars().fold((0usize, 0usize), |(a, o), c| {
        if c.is_ascii() { (a + 1, o) } else { (a, o + 1) }
    });
    ascii.div_ceil(4) + other
}

/// True when `text` is too large to send to the model inline.
pub fn is_oversized(text: &str) -> bool {
    text.len() > MAX_INLINE_BYTES || estimate_tokens(text) > MAX_INLINE_TOKENS
}

/// Returns `output` unchanged when it is small enough; otherwise saves the content under `dir` and
/// returns a preview that names the saved file. `call_id` names the file (sanitised); an existing
/// file is never overwritten. When `dir` is inside the project `root`, every path written is
/// confined to it.
pub fn apply(
    output: ToolOutput,
    root: &Path,
    dir: &Path,
    call_id: &str,
) -> Result<ToolOutput, Error> {
    if !is_oversized(&output.content) {
        return Ok(output);
    }
    let path = target_path(dir, call_id);
    let real_root = root.canonicalize().unwrap_or_else(|_| root.to_owned());
    let gitignore = dir.join(".gitignore");
    for (file, contents) in [
        (&gitignore, &b"*\n"[..]),
        (&path, output.content.as_bytes()),
    ] {
        match dir.strip_prefix(root) {
            // Inside the project: never through a link a command swapped in
            // (`checkpoint::confine`).
            Ok(rel) => {
                let inside = real_root
                    .join(rel)
                    .join(file.strip_prefix(dir).unwrap_or(file));
                crate::checkpoint::confine::write(&real_root, &inside, contents, 0o600).map_err(
                    |r| Error::SpillRefused {
                        path: r.path,
                        reason: r.reason,
                    },
                )?
            }
            Err(_) => store::write_atomic(file, contents).map_err(|source| Error::Spill {
                path: file.clone(),
                source,
            })?,
        }
    }
    let bytes = output.content.len();
    let content = format!(
        "{head}\n\n… [preview only: the full result is {bytes} bytes, about {tokens} tokens] …\n\n\
         {tail}\n\n[The full result was saved to {path}. To inspect it, search it with grep \
         (path set to that file) or page it with read_file using offset and limit.]",
        head = prefix(&output.content, PREVIEW_HEAD),
        tail = suffix(&output.content, PREVIEW_TAIL),
        tokens = estimate_tokens(&output.content),
        path = path.display(),
    );
    Ok(ToolOutput {
        content,
        is_error: output.is_error,
        denial: output.denial.clone(),
        effect: output.effect.clone(),
        changes: output.changes.clone(),
        summary: format!(
            "{} (full result saved to {})",
            output.summary,
            path.display()
        ),
        media: output.media,
        spent: output.spent,
    })
}

fn target_path(dir: &Path, call_id: &str) -> PathBuf {
    let clean: String = call_id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(80)
        .collect();
    let id = if clean.is_empty() {
        ulid::Ulid::generate().to_string()
    } else {
        clean
    };
    let path = dir.join(format!("{id}.txt"));
    if path.exists() {
        dir.join(format!("{id}-{}.txt", ulid::Ulid::generate()))
    } else {
        path
    }
}

fn prefix(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}

fn suffix(text: &str, max: usize) -> &str {
    let mut start = text.len().saturating_sub(max);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    text.get(start..).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_results_stay_inline() {
        let dir = tempfile::tempdir().unwrap();
        let out = apply(ToolOutput::ok("small", "s"), dir.path(), dir.path(), "c1").unwrap();
        assert_eq!(out.content, "small");
        assert!(!dir.path().join("c1.txt").exists());
    }

    #[test]
    fn token_estimate_counts_cjk_per_character() {
        assert_eq!(estimate_tokens("abcdefgh"), 2);
        assert_eq!(estimate_tokens("日本語"), 3);
        assert!(is_oversized(&"字".repeat(MAX_INLINE_TOKENS + 1)));
    }

    #[test]
    fn preview_cuts_at_char_boundaries() {
        let text = "é".repeat(10);
        assert_eq!(prefix(&text, 3), "é");
        assert_eq!(suffix(&text, 3), "é");
    }
}
