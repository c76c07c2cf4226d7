//! The files a chat session changed through its file tools, in order, for `/diff`: each change's
//! unified diff, coloured. Cleared when the chat switches sessions.

use crate::diff::{self, FileChange};
use crate::output::Output;
use crate::terminal::inert_line;

/// This session's file changes so far.
#[derive(Debug, Default)]
pub(super) struct Changes(Vec<FileChange>);

impl Changes {
    pub(super) fn extend(&mut self, changes: Vec<FileChange>) {
        self.0.extend(changes);
    }

    /// `/diff`: every change's summary line and diff, on stdout.
    pub(super) fn show(&self, out: Output) -> std::io::Result<()> {
        if self.0.is_empty() {
            out.note("no files changed in this session yet");
            return Ok(());
        }
        for change in &self.0 {
            out.note(&line(out, change));
            let painted: Vec<String> = change
                .unified()
                .lines()
                .map(|l| match diff::line_colour(l) {
                    Some(code) => out.paint(code, l),
                    None => inert_line(l).into_owned(),
                })
                .collect();
            out.line(&painted.join("\n"))?;
        }
        Ok(())
    }
}

/// `edited src/a.rs (+12 −3)`.
pub(super) fn line(out: Output, change: &FileChange) -> String {
    crate::cli::run::change_line(out, change)
}
