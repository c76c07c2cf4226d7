//! `/undo`: puts back the files the newest turn with file changes changed (as `session rewind
//! --files-only --to TURN` does) and shows the change it reverted.

use std::path::Path;

use super::Repl;
use super::changes::{change_of, shown};
use crate::checkpoint::{Checkpoints, FileRewound, RewindOptions};
use crate::output::Output;

pub(super) fn run(repl: &Repl<'_>) -> anyhow::Result<()> {
    let out = repl.ctx.out;
    let Some(id) = repl.conversation.id() else {
        out.note("nothing to undo: this session has no turns yet");
        return Ok(());
    };
    let launcher = &repl.launcher;
    let checkpoints = Checkpoints::new(launcher.home(), &launcher.project().key);
    let Some(turn) = checkpoints.last_changed_turn(&id.0)? else {
        out.note(
            "nothing (more) to undo: no turn of this session has file changes left to take back",
        );
        return Ok(());
    };
    let opts = RewindOptions {
        to: turn,
        force: false,
        dry_run: false,
    };
    let root = &launcher.project().root;
    let done = checkpoints.rewind(&id.0, root, opts)?;
    for file in &done.files {
        print_reverted(&out, root, file);
    }
    for path in &done.conflicts {
        out.warn(&format!(
            "{} changed after the agent's edit; left as it is (`pilotdeck session rewind {} --to {turn} --files-only --force` overwrites it)",
            shown(root, path),
            crate::session::short(id)
        ));
    }
    for r in &done.refused {
        out.warn(&format!(
            "{} not undone: {}",
            shown(root, &r.path),
            crate::terminal::inert_line(&r.reason)
        ));
    }
    if !done.files.is_empty() {
        out.note(&format!(
            "undid the file changes of turn {turn} ({} files)",
            done.files.len()
        ));
    }
    Ok(())
}

/// The change `/undo` reverted, as a unified diff on stderr: from the file before the turn to what
/// the agent had left (so `+` lines are the agent's, now gone).
fn print_reverted(out: &Output, root: &Path, file: &FileRewound) {
    let Some(change) = change_of(root, file) else {
        out.note(&format!("reverted {} (binary)", shown(root, &file.path)));
        return;
    };
    out.note(&format!("reverted {}:", change.path));
    for line in change.unified().lines() {
        match crate::diff::line_colour(line) {
            Some(code) => out.note(&out.paint(code, &crate::terminal::inert_line(line))),
            None => out.note(&crate::terminal::inert_line(line)),
        }
    }
}
