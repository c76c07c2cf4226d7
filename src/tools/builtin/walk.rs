//! The directory walk `glob` and `grep` share: ripgrep's `ignore` crate, honouring `.gitignore`
//! (also outside a git repository), `.ignore` and git's exclude files, showing hidden files but never
//! descending into `.git`.

use std::path::Path;

use ignore::WalkBuilder;

/// A walker over `root` with pilotdeck's filtering.
pub(super) fn walker(root: &Path) -> WalkBuilder {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|entry| entry.file_name() != ".git");
    builder
}
