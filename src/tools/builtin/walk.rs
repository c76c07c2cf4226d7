//! The directory walk `glob` and `grep` share: [`crate::walk`], honouring `.gitignore` (also outside
//! a git repository), `.ignore` and git's exclude files, showing hidden files but never descending
//! into `.git` nor into the secret locations hidden from the agent.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use ignore::WalkBuilder;

use crate::tools::sandbox::Secrets;
use crate::walk::Ignores;

/// A walker over `root` (resolved, as `ToolContext::resolve` gives it) with pilotdeck's filtering,
/// and the count of secret locations it skipped (read it after the walk). Symlinks are not
/// followed, so every entry's path is its real one and a prefix check against `hidden` (symlinks
/// resolved) is enough.
pub(super) fn walker(root: &Path, hidden: &Arc<Secrets>) -> (WalkBuilder, Arc<AtomicUsize>) {
    let skipped = Arc::new(AtomicUsize::new(0));
    let (hidden, count) = (Arc::clone(hidden), Arc::clone(&skipped));
    let builder = crate::walk::walker(root, Some(Ignores::ALL), move |entry| {
        if entry.file_name() == ".git" {
            return false;
        }
        let secret = hidden.covering(entry.path()).is_some();
        if secret {
            count.fetch_add(1, Ordering::Relaxed);
        }
        !secret
    });
    (builder, skipped)
}

/// The note a walk's output ends with when it skipped secret locations.
pub(super) fn skipped_note(skipped: &AtomicUsize) -> Option<String> {
    match skipped.load(Ordering::Relaxed) {
        0 => None,
        n => Some(format!(
            "[{n} secret locations (~/.ssh, ~/.aws, …, tools.sandbox.hide) were skipped: they are \
             hidden from the agent]"
        )),
    }
}
