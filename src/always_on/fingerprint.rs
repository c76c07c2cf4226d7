//! The dormancy fingerprint: a hash over the path, size and modification time of every file of the
//! project that is not ignored (by `.gitignore` and by `alwaysOn.dormancy.ignoreGlobs`). A dormant
//! project is compared against its baseline on each tick, which costs one `stat` per file and no
//! reads, and wakes only when something changed.
//!
//! [`IgnoreSet`] is shared with the snapshot copy and `watch`, so the three agree on what counts.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use globset::{Glob, GlobSet, GlobSetBuilder};
use sha2::{Digest, Sha256};

use super::Error;

/// `alwaysOn.dormancy.ignoreGlobs`, compiled. Patterns match paths relative to the project root.
#[derive(Debug, Clone)]
pub struct IgnoreSet {
    set: GlobSet,
    globs: Vec<String>,
}

impl IgnoreSet {
    pub fn new(globs: &[String]) -> Result<IgnoreSet, Error> {
        let mut builder = GlobSetBuilder::new();
        for glob in globs {
            let compiled = Glob::new(glob).map_err(|source| Error::Glob {
                glob: glob.clone(),
                source,
            })?;
            builder.add(compiled);
        }
        let set = builder.build().map_err(|source| Error::Glob {
            glob: globs.join(", "),
            source,
        })?;
        Ok(IgnoreSet {
            set,
            globs: globs.to_vec(),
        })
    }

    /// The globs as configured.
    pub fn globs(&self) -> &[String] {
        &self.globs
    }

    /// True when the file at `rel` is ignored.
    pub fn is_ignored_file(&self, rel: &Path) -> bool {
        self.set.is_match(rel)
    }

    /// True when everything under the directory `rel` is ignored (`**/node_modules/**` for
    /// `node_modules`), so a walk can skip it.
    pub fn is_ignored_dir(&self, rel: &Path) -> bool {
        self.set.is_match(rel) || self.set.is_match(rel.join("\u{0}"))
    }

    /// True when `rel` or any of its parent directories is ignored (for watch events).
    pub fn is_ignored_path(&self, rel: &Path) -> bool {
        self.is_ignored_file(rel)
            || rel
                .ancestors()
                .skip(1)
                .any(|a| !a.as_os_str().is_empty() && self.is_ignored_dir(a))
    }
}

/// One file the walk found.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileEntry {
    pub rel: PathBuf,
    pub size: u64,
    pub mtime_ns: i128,
    pub is_symlink: bool,
}

/// Every file under `root` not ignored (by `.gitignore` and git's exclude file in a git repository
/// with `use_gitignore`, [`crate::walk`]), in path order. Symlinks are listed, not followed.
pub fn walk(root: &Path, ignore: &IgnoreSet, use_gitignore: bool) -> Vec<FileEntry> {
    let found = Arc::new(Mutex::new(Vec::new()));
    let root_owned = root.to_owned();
    let filter_ignore = ignore.clone();
    let ignores = use_gitignore.then_some(crate::walk::Ignores::GIT);
    let walker = crate::walk::walker(root, ignores, move |entry| {
        let Ok(rel) = entry.path().strip_prefix(&root_owned) else {
            return true;
        };
        if rel.as_os_str().is_empty() {
            return true;
        }
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            !filter_ignore.is_ignored_dir(rel)
        } else {
            !filter_ignore.is_ignored_file(rel)
        }
    })
    .threads(2)
    .build_parallel();
    walker.run(|| {
        let mut batch = Batch {
            local: Vec::new(),
            found: Arc::clone(&found),
        };
        let root = root.to_owned();
        Box::new(move |entry| {
            let Ok(entry) = entry else {
                return ignore::WalkState::Continue;
            };
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            if !is_dir
                && let Ok(meta) = entry.path().symlink_metadata()
                && let Ok(rel) = entry.path().strip_prefix(&root)
            {
                batch.local.push(FileEntry {
                    rel: rel.to_owned(),
                    size: meta.len(),
                    mtime_ns: i128::from(meta.mtime()) * 1_000_000_000
                        + i128::from(meta.mtime_nsec()),
                    is_symlink: meta.file_type().is_symlink(),
                });
            }
            ignore::WalkState::Continue
        })
    });
    // Each thread's batch was flushed when its visitor was dropped, before `run` returned.
    let mut all = std::mem::take(&mut *found.lock().unwrap_or_else(PoisonError::into_inner));
    all.sort_unstable();
    all
}

/// The fingerprint of `root`: hex sha256 over the sorted (path, size, mtime) of its files.
pub fn fingerprint(root: &Path, ignore: &IgnoreSet) -> String {
    let mut hash = Sha256::new();
    for entry in walk(root, ignore, true) {
        hash.update(entry.rel.as_os_str().as_encoded_bytes());
        hash.update([0]);
        hash.update(entry.size.to_le_bytes());
        hash.update(entry.mtime_ns.to_le_bytes());
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// One walker thread's findings, handed over when the thread's visitor is dropped.
struct Batch {
    local: Vec<FileEntry>,
    found: Arc<Mutex<Vec<FileEntry>>>,
}

impl Drop for Batch {
    fn drop(&mut self) {
        self.found
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .append(&mut self.local);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> IgnoreSet {
        IgnoreSet::new(&crate::config::AlwaysOnDormancy::default().ignore_globs).unwrap()
    }

    #[test]
    fn ignored_directories_are_recognised_at_any_depth() {
        let ignore = defaults();
        assert!(ignore.is_ignored_dir(Path::new(".git")));
        assert!(ignore.is_ignored_dir(Path::new("web/node_modules")));
        assert!(ignore.is_ignored_path(Path::new("web/node_modules/a/b.js")));
        assert!(ignore.is_ignored_file(Path::new("src/.DS_Store")));
        assert!(!ignore.is_ignored_dir(Path::new("src")));
        assert!(!ignore.is_ignored_path(Path::new("src/distance.rs")));
    }

    #[test]
    fn the_fingerprint_changes_with_files_but_not_with_ignored_ones() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("src")).unwrap();
        crate::store::write_atomic(&root.join("src/a.rs"), b"a").unwrap();
        let ignore = defaults();
        let first = fingerprint(root, &ignore);
        crate::store::write_atomic(&root.join("node_modules/x.js"), b"x").unwrap();
        assert_eq!(fingerprint(root, &ignore), first);
        crate::store::write_atomic(&root.join("src/b.rs"), b"b").unwrap();
        assert_ne!(fingerprint(root, &ignore), first);
        assert_eq!(walk(root, &ignore, true).len(), 2);
    }
}
