//! Protected paths kept by the sandbox. Landlock grants the whole project writable and cannot carve
//! a subtree out of a granted tree, so a command the parser let through (`python3 gen.py`) could
//! still write `.git/config` (`core.fsmonitor`, run by the user's next `git status`), plant a git
//! hook or change `.pilotdeck/`. [`Snapshot::take`] saves the protected paths of each writable
//! project root ([`guarded_paths`]) before a confined command; [`Snapshot::restore`] afterwards puts
//! back whatever changed (content, mode, symlinks, created or removed files) and names each path, so
//! the call reports a denial. Git's objects, refs and index stay writable: commits still work.
//!
//! What this cannot do: stop a change from being seen while the command still runs (by itself or a
//! child it started), nor one made by a process that left the command's process group and lives
//! on after it (it is undone only at the next command).

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Inside a project root: what runs or steers code later, outside the sandbox.
const PROTECTED: &[&str] = &[
    ".git/config",
    ".git/config.worktree",
    ".git/hooks",
    ".pilotdeck",
    "PILOTDECK.md",
    "AGENTS.md",
];

/// One saved entry.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    File { bytes: Vec<u8>, mode: u32 },
    Link(PathBuf),
    Dir,
}

/// The protected paths of a writable project `root`: [`PROTECTED`], the directory `core.hooksPath`
/// names, and a linked worktree's own `config.worktree`.
/// Without a `.git` directory yet, its entries are left out (`git init` makes them).
pub fn guarded_paths(root: &Path) -> Vec<PathBuf> {
    let has_git = root.join(".git").exists();
    let mut paths: Vec<PathBuf> = PROTECTED
        .iter()
        .filter(|p| has_git || !p.starts_with(".git/"))
        .map(|p| root.join(p))
        .collect();
    if let Ok(repo) = git2::Repository::open(root) {
        if let Ok(hooks) = repo.config().and_then(|c| c.get_path("core.hooksPath")) {
            paths.push(root.join(hooks));
        }
        if repo.is_worktree() {
            paths.push(repo.path().join("config.worktree"));
        }
    }
    paths
}

/// The protected paths as they were before a command.
#[derive(Debug, Default)]
pub struct Snapshot {
    roots: Vec<PathBuf>,
    entries: BTreeMap<PathBuf, Entry>,
}

impl Snapshot {
    /// Saves every file, symlink and directory under `paths`.
    pub fn take(paths: &[PathBuf]) -> Snapshot {
        Snapshot {
            roots: paths.to_vec(),
            entries: scan(paths),
        }
    }

    /// Puts back what changed since [`Snapshot::take`]; returns the paths it restored or removed.
    pub fn restore(&self) -> Vec<PathBuf> {
        let now = scan(&self.roots);
        let mut changed = Vec::new();
        // New entries first (children of a new directory go with it).
        for path in now.keys().filter(|p| !self.entries.contains_key(*p)) {
            if changed.iter().any(|c: &PathBuf| path.starts_with(c)) {
                continue;
            }
            remove(path);
            changed.push(path.clone());
        }
        // Then changed or removed ones, parents before children (the map is sorted).
        for (path, saved) in &self.entries {
            if now.get(path) != Some(saved) {
                put_back(path, saved);
                changed.push(path.clone());
            }
        }
        changed
    }
}

fn scan(paths: &[PathBuf]) -> BTreeMap<PathBuf, Entry> {
    let mut out = BTreeMap::new();
    for path in paths {
        add(path, &mut out);
    }
    out
}

fn add(path: &Path, out: &mut BTreeMap<PathBuf, Entry>) {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return;
    };
    if meta.file_type().is_symlink() {
        if let Ok(target) = std::fs::read_link(path) {
            out.insert(path.to_owned(), Entry::Link(target));
        }
    } else if meta.is_dir() {
        out.insert(path.to_owned(), Entry::Dir);
        for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
            add(&entry.path(), out);
        }
    } else if let Ok(bytes) = std::fs::read(path) {
        let mode = meta.permissions().mode() & 0o7777;
        out.insert(path.to_owned(), Entry::File { bytes, mode });
    }
}

fn remove(path: &Path) {
    let is_dir = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir());
    let removed = if is_dir {
        std::fs::remove_dir_all(path)
    } else {
        std::fs::remove_file(path)
    };
    if let Err(e) = removed {
        tracing::warn!("cannot undo a change to {}: {e}", path.display());
    }
}

fn put_back(path: &Path, saved: &Entry) {
    let current = std::fs::symlink_metadata(path).ok();
    let keep_dir = matches!(saved, Entry::Dir) && current.as_ref().is_some_and(|m| m.is_dir());
    if current.is_some() && !keep_dir {
        remove(path);
    }
    let result = match saved {
        Entry::Dir if keep_dir => Ok(()),
        Entry::Dir => std::fs::create_dir(path),
        Entry::Link(target) => std::os::unix::fs::symlink(target, path),
        Entry::File { bytes, mode } => crate::store::write_atomic_mode(path, bytes, *mode)
            .map_err(|e| std::io::Error::other(e.to_string())),
    };
    if let Err(e) = result {
        tracing::warn!("cannot undo a change to {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_to_protected_paths_are_undone_and_named() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join(".git/hooks")).unwrap();
        crate::store::write_atomic(&root.join(".git/config"), b"[core]\n").unwrap();
        crate::store::write_atomic(&root.join(".git/hooks/pre-commit.sample"), b"x").unwrap();
        let snapshot = Snapshot::take(&guarded_paths(root));
        crate::store::write_atomic(&root.join(".git/config"), b"[core]\nfsmonitor = x\n").unwrap();
        crate::store::write_atomic(&root.join(".git/hooks/pre-commit"), b"evil").unwrap();
        std::fs::remove_file(root.join(".git/hooks/pre-commit.sample")).unwrap();
        std::fs::create_dir_all(root.join(".pilotdeck/x")).unwrap();
        crate::store::write_atomic(&root.join("src.rs"), b"fine").unwrap();
        let mut changed = snapshot.restore();
        changed.sort();
        assert_eq!(
            changed,
            [
                root.join(".git/config"),
                root.join(".git/hooks/pre-commit"),
                root.join(".git/hooks/pre-commit.sample"),
                root.join(".pilotdeck"),
            ]
        );
        assert_eq!(
            std::fs::read(root.join(".git/config")).unwrap(),
            b"[core]\n"
        );
        assert!(!root.join(".git/hooks/pre-commit").exists());
        assert!(root.join(".git/hooks/pre-commit.sample").exists());
        assert!(!root.join(".pilotdeck").exists());
        assert!(root.join("src.rs").exists());
        assert!(snapshot.restore().is_empty());
    }
}
