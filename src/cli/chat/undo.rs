//! `/undo`: puts back the files the newest turn with file changes changed (as `session rewind
//! --files-only --to TURN` does) and shows the change it reverted.

use std::path::Path;

use super::Repl;
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
        out.note("nothing to undo: no turn of this session changed files");
        return Ok(());
    };
    let opts = RewindOptions {
        to: turn,
        force: false,
        dry_run: false,
    };
    let done = checkpoints.rewind(&id.0, opts)?;
    let root = &launcher.project().root;
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
    if !done.files.is_empty() {
        out.note(&format!(
            "undid the file changes of turn {turn} ({} files)",
            done.files.len()
        ));
    }
    Ok(())
}

fn shown(root: &Path, path: &Path) -> String {
    crate::terminal::inert_line(
        &path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string(),
    )
    .into_owned()
}

/// The change `/undo` reverted, as a unified diff on stderr: from the file before the turn to what
/// the agent had left (so `+` lines are the agent's, now gone).
fn print_reverted(out: &Output, root: &Path, file: &FileRewound) {
    let name = shown(root, &file.path);
    let text = |b: &Option<Vec<u8>>| match b {
        None => Some(String::new()),
        Some(bytes) => String::from_utf8(bytes.clone()).ok(),
    };
    let (Some(before), Some(after)) = (text(&file.restored), text(&file.current)) else {
        out.note(&format!("reverted {name} (binary)"));
        return;
    };
    let (a, b) = match (&file.restored, &file.current) {
        (None, _) => ("/dev/null".to_owned(), format!("b/{name}")),
        (_, None) => (format!("a/{name}"), "/dev/null".to_owned()),
        _ => (format!("a/{name}"), format!("b/{name}")),
    };
    out.note(&format!("reverted {name}:"));
    let diff = similar::TextDiff::from_lines(&before, &after);
    let unified = diff
        .unified_diff()
        .context_radius(3)
        .header(&a, &b)
        .to_string();
    for line in unified.lines() {
        let code = match line.as_bytes().first() {
            Some(b'+') => "32",
            Some(b'-') => "31",
            Some(b'@') => "36",
            _ => "",
        };
        if code.is_empty() {
            out.note(&crate::terminal::inert(line));
        } else {
            out.note(&out.paint(code, line));
        }
    }
}
