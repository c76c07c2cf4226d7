//! `/diff`: what this session's turns changed in the project and still stands, read from its
//! checkpoints (`crate::checkpoint`), so it survives `/resume`, `--continue` and a restart, and a
//! turn `/undo` took back is no longer in it. Each file is shown from its content before the
//! session's first change to it to what it holds now, as a coloured unified diff (`edited src/a.rs
//! (+12 −3)` above it): what a rewind of every turn would take back.

use std::path::Path;

use super::Repl;
use crate::checkpoint::{Checkpoints, FileRewound, RewindOptions};
use crate::diff::{self, FileChange};
use crate::output::Output;
use crate::terminal::inert_line;

/// `/diff`: every file's summary line and diff, on stdout.
pub(super) fn show(repl: &Repl<'_>) -> anyhow::Result<()> {
    let out = repl.ctx.out;
    let launcher = &repl.launcher;
    let root = &launcher.project().root;
    let files = match repl.conversation.id() {
        Some(id) => {
            let checkpoints = Checkpoints::new(launcher.home(), &launcher.project().key);
            // A dry run of rewinding every turn: what it would put back, and from what.
            let opts = RewindOptions {
                to: 1,
                force: true,
                dry_run: true,
            };
            checkpoints.rewind(&id.0, root, opts)?.files
        }
        None => Vec::new(),
    };
    if files.is_empty() {
        out.note("no files changed in this session yet");
        return Ok(());
    }
    for file in &files {
        // From before the session to now: what a rewind of every turn would take back.
        let Some(change) = change_of(root, file) else {
            out.note(&format!("changed {} (binary)", shown(root, &file.path)));
            continue;
        };
        out.note(&crate::cli::run::change_line(out, &change));
        let painted: Vec<String> = change.unified().lines().map(|l| painted(&out, l)).collect();
        out.line(&painted.join("\n"))?;
    }
    Ok(())
}

/// A file a rewind would put back (or put back) as the change it undoes: from what it restores to
/// what the agent left, named relative to `root`; `None` when either side is not text.
pub(super) fn change_of(root: &Path, file: &FileRewound) -> Option<FileChange> {
    Some(FileChange {
        path: shown(root, &file.path),
        before: diff::text_of(file.restored.clone())?,
        after: diff::text_of(file.current.clone())?,
    })
}

/// One line of a unified diff for the terminal: coloured by its kind, made inert.
pub(super) fn painted(out: &Output, line: &str) -> String {
    match diff::line_colour(line) {
        Some(code) => out.paint(code, line),
        None => inert_line(line).into_owned(),
    }
}

/// `path` relative to the project root, made inert for the terminal.
pub(super) fn shown(root: &Path, path: &Path) -> String {
    inert_line(
        &path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string(),
    )
    .into_owned()
}
